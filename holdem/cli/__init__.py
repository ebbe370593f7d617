"""The ``holdem`` command line: one module per subcommand, assembled here.

``holdem eval CARDS...`` evaluates and describes a hand (:mod:`holdem.cli.evaluate`);
``holdem equity`` gives all-in equity (:mod:`holdem.cli.equity`); ``holdem odds``, ``holdem icm``
and ``holdem range`` answer odds, ICM and starting-hand questions (:mod:`holdem.cli.odds`,
:mod:`holdem.cli.icm`, :mod:`holdem.cli.ranges`); ``holdem acpc-client`` plays one seat against
an ACPC dealer (:mod:`holdem.cli.acpc_client`); ``holdem replay FILE...`` replays PHH hand
histories through the engine (:mod:`holdem.cli.replay`). Each module's ``register(sub)`` adds
its subcommand, whose ``run(args)`` returns the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from holdem.cli import acpc_client, equity, evaluate, icm, odds, ranges, replay
from holdem.errors import HoldemError

__all__ = ["main"]

# In the order of ``holdem --help``.
_SUBCOMMANDS = (evaluate, equity, odds, icm, ranges, acpc_client, replay)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``holdem`` command: run one subcommand, return its exit status.

    A :class:`~holdem.errors.HoldemError` is printed as ``holdem: error: ...`` on stderr and
    gives the exit status 2; argparse exits with status 2 on a bad command line.

    :raises SystemExit: for ``--help`` and a command line that argparse cannot read.
    """
    parser = argparse.ArgumentParser(prog="holdem", description="Texas hold'em tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    for module in _SUBCOMMANDS:
        module.register(sub)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except HoldemError as exc:
        print(f"holdem: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
