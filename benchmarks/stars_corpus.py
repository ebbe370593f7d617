#!/usr/bin/env python3
"""PokerStars hand histories in bulk: how many hands of a directory import, and why the others
do not.

Not a timing: every file under the given directories that holds a PokerStars hand (by its
header line) is read with ``holdem.pokerstars.load`` and each hold'em hand is checked with
``holdem.pokerstars.check`` (converted to PHH, replayed through the engine, each player's
collected amount, the rake and the summary's pots compared with the text). It prints the hands
tried, imported and refused, the refusals grouped by reason (numbers in a reason replaced by
``N``), and with ``--examples K`` the first K hands of each reason.

Usage:
  python benchmarks/stars_corpus.py tests/data/pokerstars
  python benchmarks/stars_corpus.py /path/to/fpdb/regression-test-files --examples 3
  python benchmarks/stars_corpus.py DIR --json
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

from holdem import pokerstars
from holdem.errors import PokerStarsError

_HEADER = re.compile(rb"PokerStars (?:Zoom |Home Game |Rush |Cash )?(?:Hand|Game) #")


def _reason(message: str) -> str:
    """A refusal's reason without its file, hand number and amounts."""
    reason = re.sub(r"^.*?hand #\S+: ", "", message)
    reason = re.sub(r"^.*?\(hand \d+ of the file\): ", "", reason)
    if reason.startswith("not a hold'em hand"):
        return "not a hold'em hand"
    return re.sub(r"\d+", "N", reason)[:100]


def survey(roots: list[Path]) -> dict[str, object]:
    """Tried, imported and refused hands under ``roots``, with the refusals by reason."""
    tried = imported = 0
    reasons: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for root in roots:
        paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in paths:
            data = path.read_bytes()
            if not _HEADER.search(data) and b"P\x00o\x00k\x00e\x00r\x00S" not in data:
                continue
            try:
                read = pokerstars.load(path)
            except PokerStarsError:
                continue
            for refused in read.refused:
                tried += 1
                key = "read: " + _reason(refused.reason)
                reasons[key] += 1
                examples[key].append(f"{path}#{refused.number}")
            for hand in read.hands:
                tried += 1
                try:
                    pokerstars.check(hand)
                except PokerStarsError as exc:
                    key = "check: " + _reason(str(exc))
                    reasons[key] += 1
                    examples[key].append(f"{path}#{hand.number}")
                else:
                    imported += 1
    return {
        "tried": tried,
        "imported": imported,
        "refused": tried - imported,
        "reasons": dict(reasons.most_common()),
        "examples": examples,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path, help="directories (or files) to survey")
    parser.add_argument("--examples", type=int, default=0, help="hands shown for each reason")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    args = parser.parse_args()
    result = survey(args.roots)
    examples: dict[str, list[str]] = result.pop("examples")  # type: ignore[assignment]
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
        return 0
    print(f"tried {result['tried']}, imported {result['imported']}, refused {result['refused']}")
    reasons: dict[str, int] = result["reasons"]  # type: ignore[assignment]
    for reason, count in reasons.items():
        print(f"{count:6}  {reason}")
        for example in examples[reason][: args.examples]:
            print(f"        {example}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
