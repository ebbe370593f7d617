"""``holdem odds``: outs, the chance to hit them, the rule of 2 and 4, and pot odds."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from holdem.analysis.odds import (
    next_card_categories,
    outs,
    outs_table,
    percent,
    pot_odds,
    pot_odds_table,
    rule_of_2_and_4,
)
from holdem.cards import format_cards, parse_cards
from holdem.cli._help import add_subcommand
from holdem.errors import ArgumentError

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``odds`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "odds",
        summary="outs, the chance to hit them, and pot odds",
        description="Outs of a hand on a flop or turn against known hands, the chance to hit "
        "them, the rule of 2 and 4, and pot odds. Exact fractions and percentages.",
        examples=(
            "holdem odds --hand AhKh --board 2h7hJc --versus QsQd",
            "holdem odds --pot 100 --call 50",
            "holdem odds --table",
        ),
    )
    p.add_argument("--hand", help="two hole cards, e.g. AhKh")
    p.add_argument("--board", help="the flop or turn, e.g. 2h7hJc")
    p.add_argument("--versus", nargs="+", metavar="HAND", help="opposing hands, e.g. QsQd")
    p.add_argument("--dead", default="", help="other cards known to be out of play")
    p.add_argument("--pot", type=int, help="chips in the pot before the call (bet included)")
    p.add_argument("--call", type=int, help="chips to call")
    p.add_argument("--table", action="store_true", help="print the pot-odds and outs tables")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run)


def _pct(p: Fraction) -> str:
    return f"{p} = {percent(p)}"


def _run(args: argparse.Namespace) -> int:
    if (args.hand is None) != (args.board is None):
        raise ArgumentError("give both --hand and --board (or neither)")
    if (args.pot is None) != (args.call is None):
        raise ArgumentError("give both --pot and --call (or neither)")
    if args.hand is None and args.pot is None and not args.table:
        raise ArgumentError("nothing to do: give --hand and --board, --pot and --call, or --table")
    if args.versus and args.hand is None:
        raise ArgumentError("--versus needs --hand and --board")
    result: dict[str, Any] = {}
    lines: list[str] = []
    price = None if args.pot is None else pot_odds(args.pot, args.call)
    if args.hand is not None:
        _spot(args, result, lines)
    if price is not None:
        result["pot_odds"] = price.to_dict()
        lines.append(
            f"Pot odds: {price.pot} to {price.call} = {float(price.ratio):.2f} to 1; "
            f"break-even equity {_pct(price.break_even_equity)}"
        )
        hit = result.get("outs", {}).get("next_card")
        if hit is not None:
            p = Fraction(hit)
            verdict = "covers" if p >= price.break_even_equity else "does not cover"
            lines.append(
                f"  The next card's chance to hit an out ({percent(p)}) {verdict} the price "
                "(if an out always wins and nothing else does)"
            )
    if args.table:
        _tables(result, lines)
    if args.json:
        print(json.dumps(result))
    else:
        print("\n".join(lines))
    return 0


def _spot(args: argparse.Namespace, result: dict[str, Any], lines: list[str]) -> None:
    hand, board = parse_cards(args.hand), parse_cards(args.board)
    to_come = 5 - len(board)
    lines.append(
        f"Hand {format_cards(hand)} on {format_cards(board)}: "
        f"{to_come} card{'s' if to_come > 1 else ''} to come"
    )
    if not args.versus:
        groups = next_card_categories(hand, board, dead=args.dead)
        result["next_card_categories"] = {c.label: [str(x) for x in cs] for c, cs in groups.items()}
        lines.append("The next card makes:")
        for cat, cards in groups.items():
            lines.append(f"  {cat.label:<16} {len(cards):>2}  {format_cards(cards)}")
        return
    found = outs(hand, board, args.versus, dead=args.dead)
    result["outs"] = found.to_dict()
    lines.append(
        f"Versus {', '.join(format_cards(h, sep='') for h in found.versus)}: "
        f"{found.standing.value} now"
    )
    lines.append(f"Outs: {found.count} of {found.unseen} unseen: {format_cards(found.wins)}")
    if found.ties:
        lines.append(f"Ties: {len(found.ties)}: {format_cards(found.ties)}")
    nxt = found.probability()
    rule2 = percent(rule_of_2_and_4(found.count), 0)
    lines.append(f"Next card is an out: {_pct(nxt)} (rule of 2: {rule2})")
    if to_come == 2:
        two = found.probability(2)
        lines.append(
            f"An out in the next two cards: {_pct(two)} "
            f"(rule of 4: {percent(rule_of_2_and_4(found.count, 2), 0)})"
        )


def _tables(result: dict[str, Any], lines: list[str]) -> None:
    draws = pot_odds_table()
    result["pot_odds_table"] = [d.to_dict() for d in draws]
    result["outs_table"] = [row.to_dict() for row in outs_table(17)]
    for street, title in (
        ("flop", "after the flop (two cards to come)"),
        ("turn", "after the turn"),
    ):
        lines.append(f"Pot odds {title}:")
        for d in draws:
            if d.street == street:
                lines.append(
                    f"  {d.name:<28} {percent(d.probability):>7} {float(d.break_even_ratio):6.2f}"
                    f"  ({d.probability})"
                )
    lines.append("Outs  flop (1 of 47)  turn (1 of 46)  flop to river (2 of 47)")
    for row in outs_table(17):
        lines.append(
            f"{row.outs:>4}  {percent(row.flop):>14}  {percent(row.turn):>14}  "
            f"{percent(row.flop_to_river):>23}"
        )
