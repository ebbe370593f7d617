"""``holdem convert``: PokerStars hand histories to PHH, each hand checked by a replay."""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from typing import Any

from holdem.cli._help import add_subcommand
from holdem.errors import HoldemError
from holdem.phh import HandHistory, dumps_all
from holdem.pokerstars import check, load, to_history

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``convert`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "convert",
        summary="convert PokerStars hand histories to PHH (.phhs), checking every hand",
        description="Read PokerStars hand history files (the text files PokerStars and the "
        "sites that copy its format write), replay every hold'em hand through the engine and "
        "check that each player collects what the file says (the rake apart) and that the "
        "chips put in make the summary's total pot, then write the hands as one PHH .phhs "
        "file, amounts in the smallest unit of each hand (its _unit field: 0.01 for cents). "
        "A hand that cannot be read, converted or checked is reported on standard error with "
        "its number and the reason, and the rest of the file goes on; the exit status is then 1.",
        examples=(
            "holdem convert HH20240101.txt -o session.phhs",
            "holdem convert *.txt --no-check > all.phhs",
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a PokerStars hand history file")
    p.add_argument(
        "-o", "--output", metavar="OUT", help="the .phhs file to write (default: stdout)"
    )
    p.add_argument(
        "--no-check", action="store_true", help="convert without replaying the hands to check them"
    )
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    histories: list[HandHistory] = []
    reasons: Counter[str] = Counter()
    keys: Counter[str] = Counter()
    tried = 0
    for path in args.files:
        try:
            read = load(path)
        except HoldemError as exc:
            print(f"holdem: error: {exc}", file=sys.stderr)
            reasons["file"] += 1
            continue
        tried += len(read.hands) + len(read.refused)
        for bad in read.refused:
            print(f"holdem: refused: {bad.reason}", file=sys.stderr)
            reasons[_reason(bad.reason)] += 1
        for hand in read.hands:
            try:
                history = to_history(hand) if args.no_check else check(hand).history
            except HoldemError as exc:
                print(f"holdem: refused: {exc}", file=sys.stderr)
                reasons[_reason(str(exc))] += 1
                continue
            keys[hand.number] += 1
            if keys[hand.number] > 1:  # the same hand in two files: one table name each
                history = history.replace(key=f"{hand.number}-{keys[hand.number]}")
            histories.append(history)
    text = dumps_all(histories)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as exc:
            print(f"holdem: error: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    refused = sum(reasons.values())
    summary = f"holdem: {len(histories)} of {tried} hands converted"
    if refused:
        summary += "; refused: " + ", ".join(f"{n} {why}" for why, n in reasons.most_common())
    print(summary, file=sys.stderr)
    return 1 if refused else 0


def _reason(message: str) -> str:
    """A refusal's reason without the hand or the player that had it: 'not a hold'em hand',
    'a player posts a straddle in the blinds', ... ."""
    reason = message.split(": hand #", 1)[-1].split(": ", 1)[-1]
    reason = re.sub(r"^'[^']*'|^\"[^\"]*\"", "a player", reason)
    return reason.split(" (", 1)[0].split(":", 1)[0]
