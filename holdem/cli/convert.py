"""``holdem convert``: hand histories of any site read to PHH, each hand checked by a replay."""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from typing import Any, TextIO

from holdem.cli._help import add_subcommand
from holdem.cli._progress import Bar
from holdem.errors import HistoryError
from holdem.histories import Loaded, dumps_ohh, load, write_stars
from holdem.histories.ohh import from_record
from holdem.phh import HandHistory, dumps_all

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``convert`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "convert",
        summary="convert hand histories of any site to PHH, PokerStars text or OHH, checking "
        "every hand",
        description="Read hand history files (PokerStars and the sites that write its format: "
        "Full Tilt, Run It Once, PokerBros, PokerMaster, trackers' exports; GGPoker), folders "
        "of them or zip archives, each file's site told from its first lines; replay every "
        "hand through the engine and check that each player collects what the file says (the "
        "rake apart) and that the chips put in make the summary's total pot, then write the "
        "hands as one PHH .phhs file, amounts in the smallest unit of each hand (its _unit "
        "field: 0.01 for cents), or with --to stars as PokerStars text (for tools that read "
        "nothing else) or with --to ohh as Open Hand History JSON (hh-specs.handhistory.org; "
        "one object a hand, a blank line between them). Open Hand History files are read too. "
        "The hands are read and written one at a time (any size of "
        "folder), with a progress bar on a terminal. A hand or a file that cannot be read, "
        "converted or checked is reported on standard error with the reason, and the rest goes "
        "on; the exit status is then 1.",
        examples=(
            "holdem convert HH20240101.txt -o session.phhs",
            "holdem convert ~/HandHistory/ --no-check > all.phhs",
            "holdem convert export.zip -o export.phhs",
            "holdem convert GG20240101.txt --to stars -o stars.txt",
            "holdem convert session.phhs.zip --to ohh -o session.ohh",
        ),
    )
    p.add_argument(
        "files", nargs="+", metavar="FILE", help="a hand history file, a folder or a zip archive"
    )
    p.add_argument(
        "-o", "--output", metavar="OUT", help="the .phhs file to write (default: stdout)"
    )
    p.add_argument(
        "--no-check", action="store_true", help="convert without replaying the hands to check them"
    )
    p.add_argument(
        "--to",
        choices=("phh", "stars", "ohh"),
        default="phh",
        help="the format written: PHH (.phhs, the default), PokerStars text or Open Hand History",
    )
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.output:
        try:
            out: TextIO = open(args.output, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            print(f"holdem: error: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 1
    else:
        out = sys.stdout
    try:
        return _convert(args, out)
    finally:
        if out is not sys.stdout:
            out.close()


def _convert(args: argparse.Namespace, out: TextIO) -> int:
    reasons: Counter[str] = Counter()
    keys: set[str] = set()
    written = 0
    show = sys.stderr.isatty()
    for path in args.files:
        bar = Bar(sys.stderr, show, unit="bytes")
        try:
            hands = load(path, check=not args.no_check, progress=bar if show else None)
        except HistoryError as exc:
            print(f"holdem: error: {exc}", file=sys.stderr)
            reasons[exc.reason] += 1
            continue
        reported = 0
        try:
            for read in hands:
                reported = _report(hands.errors, reported, reasons, bar)
                history = read.history
                key = f"{read.hand.number}"
                if key in keys:  # the same hand in two files: one table name each
                    n = 2
                    while f"{key}-{n}" in keys:
                        n += 1
                    key = f"{key}-{n}"
                keys.add(key)
                try:
                    text = _written(args.to, read, history.replace(key=key))
                except HistoryError as exc:
                    bar.close()
                    print(f"holdem: refused: {exc}", file=sys.stderr)
                    reasons[_reason(exc.reason)] += 1
                    continue
                out.write(("\n" if written else "") + text)
                written += 1
        finally:
            bar.close()
        _report(hands.errors, reported, reasons, bar)
        missed = hands.error_count - len(hands.errors)
        if missed:
            print(f"holdem: {missed} more errors not shown", file=sys.stderr)
            reasons["more errors"] += missed
    refused = sum(reasons.values())
    summary = f"holdem: {written} of {written + refused} hands converted"
    if refused:
        summary += "; refused: " + ", ".join(f"{n} {why}" for why, n in reasons.most_common())
    print(summary, file=sys.stderr)
    return 1 if refused else 0


def _written(to: str, read: Loaded, history: HandHistory) -> str:
    """One hand in the format ``to`` (a .phhs table, PokerStars text, an OHH object).

    :raises HistoryError: for a hand the format cannot say.
    """
    if to == "stars":
        return write_stars(history) + "\n\n"
    if to == "ohh":
        return dumps_ohh([from_record(read.hand)])
    return dumps_all([history])


def _report(errors: list[HistoryError], reported: int, reasons: Counter[str], bar: Bar) -> int:
    """Print the errors past the first ``reported`` (the bar erased first); their count."""
    if len(errors) > reported:
        bar.close()
        bar.width = 0
        for error in errors[reported:]:
            print(f"holdem: refused: {error}", file=sys.stderr)
            reasons[_reason(error.reason)] += 1
    return len(errors)


def _reason(message: str) -> str:
    """A refusal's reason without the player or amounts that had it: 'not a hold'em or Omaha
    hand', 'a player posts a straddle in the blinds', ... ."""
    reason = re.sub(r"^'[^']*'|^\"[^\"]*\"", "a player", message)
    return reason.split(" (", 1)[0].split(":", 1)[0]
