"""``holdem range``: the starting-hand classes of a range, as a list or on the 13x13 grid."""

from __future__ import annotations

import argparse
import json
import math
from fractions import Fraction
from typing import Any

from holdem.analysis.odds import percent
from holdem.analysis.starting import CLASSES, class_shares, combo_count, grid
from holdem.cli._help import add_subcommand

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``range`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "range",
        summary="starting-hand classes and the 13x13 grid",
        examples=(
            "holdem range 'QQ+,AKs,AKo:0.5'",
            "holdem range 'QQ+,AKs,A2s-A5s' --grid",
            "holdem range --grid --combos",
        ),
        description="List the starting-hand classes of a range, or show them on the 13x13 grid "
        "(pairs on the diagonal, suited above, offsuit below). RANGE is a range in the "
        "PokerStove/Equilab grammar (QQ+, ATs+, A2s-A5s, AsKs, weights AKs:0.5 or [75]..[/75]); "
        "a class only partly in it shows its share. The list is the range's canonical text: "
        "weights kept (KK,AKs:0.5), combos written as combos (AsKs,AhKh). Without RANGE, every "
        "class. --combos shows the grid with each class's combo count (it implies --grid).",
    )
    p.add_argument("range", nargs="?", help="a range, e.g. 'QQ+,AKs,AKo:0.5' or '[75]KQo[/75]'")
    p.add_argument("--grid", action="store_true", help="print the 13x13 grid")
    p.add_argument(
        "--combos", action="store_true", help="show combo counts in the grid (implies --grid)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from holdem.analysis.ranges import parse_range  # the full range grammar (weights, +, -, combos)

    if args.combos:
        args.grid = True
    if args.range is None:
        shares = {name: 1.0 for name in CLASSES}
        listing = ",".join(CLASSES)
    else:
        parsed = parse_range(args.range)
        shares = class_shares(dict(parsed.items()))
        listing = str(parsed)  # canonical: keeps weights, writes part of a class combo by combo
    ordered = [name for name in CLASSES if shares.get(name)]
    combos = math.fsum(shares[name] * combo_count(name) for name in ordered)
    if args.combos:
        counts = {name: shares[name] * combo_count(name) for name in ordered}
        text = grid(counts, fmt=lambda v: f"{v:g}")
    elif args.range is not None and any(shares[name] != 1.0 for name in ordered):
        # A class only partly in the range (some combos, or weights) shows its share.
        text = grid({name: shares[name] for name in ordered}, fmt=".2f")
    else:
        text = grid(None if args.range is None else ordered)
    if args.json:
        print(
            json.dumps(
                {
                    "range": listing,
                    "classes": ordered,
                    "shares": {name: shares[name] for name in ordered},
                    "combos": combos,
                    "grid": text.splitlines() if args.grid else None,
                }
            )
        )
        return 0
    if args.grid:
        print(text)
    else:
        print(listing)
    share = percent(Fraction(combos).limit_denominator(10**6) / 1326, 1)
    print(f"{len(ordered)} classes, {combos:g} of 1326 combos ({share})")
    return 0
