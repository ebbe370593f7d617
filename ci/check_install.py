"""Check the installed holdem: compiled where it must be, imported from the install, no peers.

Every ``.pyx`` under ``holdem/`` must be installed as a compiled extension module, and so must
Cython's shared utility module that they import (``holdem._cyutility``). Nothing may
be imported from the source tree. With ``--no-peers``, none of the peers that the tests compare
with may be importable.

Run it with the interpreter of the environment to check, and ``-P`` so that neither the current
directory nor this script's directory is put on ``sys.path`` (the repository root would shadow
the installed package):

    .venv/bin/python -P ci/check_install.py
    .venv-peerless/bin/python -P ci/check_install.py --no-peers
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "holdem"
# The packages that some tests compare holdem with (each such test importorskips it).
PEERS = [
    "phevaluator",
    "treys",
    "eval7",
    "pokerkit",
    "dask",
    "distributed",
    "holdem_hand_evaluator",
]


# Cython's shared utility module (setup.py's SHARED_UTILITY): compiled, no .pyx of its own.
SHARED_UTILITY = "holdem._cyutility"


def pyx_modules() -> list[str]:
    """The module names of every ``.pyx`` under ``holdem/``."""
    return [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in SOURCE.rglob("*.pyx")]


def installed_path(name: str) -> Path:
    path = Path(importlib.import_module(name).__file__ or "").resolve()
    if path.is_relative_to(SOURCE):
        raise SystemExit(
            f"FAIL: {name} was imported from the source tree ({path}), not the install"
        )
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--no-peers", action="store_true", help="no peer may be importable")
    args = parser.parse_args()

    extension = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    problems = []
    for name in [*sorted(pyx_modules()), SHARED_UTILITY]:
        path = installed_path(name)
        print(f"compiled  {name}: {path}")
        if not path.name.endswith(extension):
            problems.append(f"{name} is not a compiled extension module: {path}")
    if args.no_peers:
        present = [peer for peer in PEERS if importlib.util.find_spec(peer) is not None]
        problems += [f"peer {peer} is installed" for peer in present]
        if not present:
            print(f"absent    {', '.join(PEERS)}")
    if problems:
        print("FAIL:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
