"""The ``holdem`` command line: one module per subcommand, assembled here.

``holdem eval CARDS...`` evaluates and describes a hand (:mod:`holdem.cli.evaluate`);
``holdem equity`` gives all-in equity (:mod:`holdem.cli.equity`); ``holdem odds``, ``holdem icm``
and ``holdem range`` answer odds, ICM and starting-hand questions (:mod:`holdem.cli.odds`,
:mod:`holdem.cli.icm`, :mod:`holdem.cli.ranges`); ``holdem acpc-client`` plays one seat against
an ACPC dealer (:mod:`holdem.cli.acpc_client`); ``holdem replay FILE...`` replays PHH hand
histories through the engine (:mod:`holdem.cli.replay`); ``holdem convert FILE...`` converts
PokerStars hand histories to PHH, checking each hand by a replay (:mod:`holdem.cli.convert`);
``holdem match`` plays agents against each other (:mod:`holdem.cli.match`); ``holdem play``
seats the person at the terminal at a table against bots (:mod:`holdem.cli.play`); ``holdem
tournament`` plays a multi-table tournament between agents (:mod:`holdem.cli.tournament`);
``holdem solve SPOTFILE`` solves a heads-up postflop spot (:mod:`holdem.cli.solve`); ``holdem
stats FILE...`` prints tracker statistics per player (:mod:`holdem.cli.stats`); ``holdem
abstraction`` counts hands up to suit symmetry, builds strength tables and buckets them
(:mod:`holdem.cli.abstraction`). Each
module's ``register(sub)`` adds its subcommand, whose ``run(args)`` returns the exit status.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from holdem import __version__
from holdem.cli import (
    abstraction,
    acpc_client,
    convert,
    equity,
    evaluate,
    icm,
    match,
    odds,
    play,
    ranges,
    replay,
    solve,
    stats,
    tournament,
)
from holdem.cli._help import Parser
from holdem.cli._progress import EXIT_INTERRUPTED
from holdem.errors import HoldemError

__all__ = ["main"]

# In the order of ``holdem --help``.
_SUBCOMMANDS = (
    evaluate,
    equity,
    odds,
    icm,
    ranges,
    acpc_client,
    replay,
    convert,
    stats,
    match,
    play,
    tournament,
    solve,
    abstraction,
)


# Exit statuses of a command ended by a signal, as a POSIX shell reports them: 128 + the signal
# (EXIT_INTERRUPTED, 130, for SIGINT, lives beside the runner of long jobs).
EXIT_BROKEN_PIPE = 141  # SIGPIPE (the reader of standard output went away)


def _parser() -> Parser:
    """The ``holdem`` command's parser, with every subcommand."""
    parser = Parser(prog="holdem", description="Texas hold'em tools.")
    parser.add_argument("--version", action="version", version=f"holdem {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for module in _SUBCOMMANDS:
        module.register(sub)
    return parser


def _silence_stdout() -> None:
    """Point standard output at the null device, so that no later flush fails on a closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor behind sys.stdout: nothing to flush
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``holdem`` command: run one subcommand, return its exit status.

    A :class:`~holdem.errors.HoldemError` is printed as ``holdem: error: ...`` on stderr and
    gives the exit status 2; a command line that cannot be read gives one line too
    (``holdem SUB: error: ...``) and the exit status 2. Ctrl-C ends
    any command with the exit status 130 and one short line on stderr; a reader of standard
    output that goes away (``holdem range | head -1``) ends it silently with the exit status
    141, the shell's status for a command ended by SIGPIPE.

    :raises SystemExit: for ``--help``, ``--version`` and a command line that argparse cannot
        read.
    """
    try:
        args = _parser().parse_args(argv)
        status = int(args.run(args))
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return status
    except HoldemError as exc:
        print(f"holdem: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("holdem: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
