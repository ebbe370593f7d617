"""``holdem replay``: replay PHH hand histories (.phh, .phhs) through the engine."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from holdem.cli._help import add_subcommand
from holdem.errors import HoldemError
from holdem.phh import load, replay

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``replay`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "replay",
        summary="replay PHH hand histories (.phh, .phhs) through the engine",
        description="Replay hand histories in the Poker Hand History format (a .phh file holds "
        "one hand, a .phhs file many) action by action through the engine, and print for each "
        "hand how it ended and whether the engine agrees with the file's final stacks. A file "
        "or hand that cannot be read or replayed is reported on standard error and skipped; "
        "the exit status is then 1.",
        examples=(
            "holdem replay hand.phh",
            "holdem replay session.phhs --rules casino --json",
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a .phh or .phhs file")
    p.add_argument("--json", action="store_true", help="print one JSON object per hand per line")
    p.add_argument(
        "--rules",
        choices=("casino", "pokerkit", "acpc"),
        default="pokerkit",
        help="the rule preset to replay with (default: pokerkit, PHH's reference)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for cards the file leaves unknown")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    # A file or hand that cannot be read or replayed is reported and skipped; the others run.
    failed = 0
    for path in args.files:
        try:
            histories = load(path)
        except HoldemError as exc:
            print(f"holdem: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        for history in histories:
            try:
                result = replay(history, rules=args.rules, seed=args.seed)
            except HoldemError as exc:
                print(f"holdem: error: {exc}", file=sys.stderr)
                failed += 1
                continue
            print(json.dumps(result.as_dict()) if args.json else result.describe())
    return 1 if failed else 0
