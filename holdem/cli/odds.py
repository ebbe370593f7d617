"""The ``holdem odds``, ``holdem icm`` and ``holdem range`` subcommands (see :mod:`holdem.cli`)."""

from __future__ import annotations

import argparse
import json
import math
from fractions import Fraction
from typing import Any

from holdem.analysis.icm import icm
from holdem.analysis.odds import (
    next_card_categories,
    outs,
    outs_table,
    percent,
    pot_odds,
    pot_odds_table,
    rule_of_2_and_4,
)
from holdem.analysis.starting import CLASSES, class_shares, combo_count, grid
from holdem.cards import format_cards, parse_cards
from holdem.errors import HoldemError

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the subcommands to the ``holdem`` parser's subparsers."""
    od = sub.add_parser(
        "odds",
        help="outs, the chance to hit them, and pot odds",
        description="Outs of a hand on a flop or turn against known hands, the chance to hit "
        "them, the rule of 2 and 4, and pot odds. Exact fractions and percentages.",
    )
    od.add_argument("--hand", help="two hole cards, e.g. AhKh")
    od.add_argument("--board", help="the flop or turn, e.g. 2h7hJc")
    od.add_argument("--versus", nargs="+", metavar="HAND", help="opposing hands, e.g. QsQd")
    od.add_argument("--dead", default="", help="other cards known to be out of play")
    od.add_argument("--pot", type=int, help="chips in the pot before the call (bet included)")
    od.add_argument("--call", type=int, help="chips to call")
    od.add_argument("--table", action="store_true", help="print the pot-odds and outs tables")
    od.add_argument("--json", action="store_true", help="print one JSON object")
    od.set_defaults(run=_odds)

    ic = sub.add_parser(
        "icm",
        help="tournament prize equity by the Independent Chip Model",
        description="Each player's chance of finishing in each paid place and prize equity "
        "(Malmuth-Harville).",
    )
    ic.add_argument("--stacks", nargs="+", type=int, required=True, help="chip stacks")
    ic.add_argument("--payouts", nargs="+", type=_number, required=True, help="prizes 1st, 2nd..")
    ic.add_argument("--method", choices=("auto", "exact", "monte-carlo"), default="auto")
    ic.add_argument("--samples", type=int, help="Monte Carlo finishing orders")
    ic.add_argument("--seed", type=int, help="Monte Carlo seed")
    ic.add_argument("--json", action="store_true", help="print one JSON object")
    ic.set_defaults(run=_icm)

    rg = sub.add_parser(
        "range",
        help="starting-hand classes and the 13x13 grid",
        description="List the starting-hand classes of a range, or show them on the 13x13 grid "
        "(pairs on the diagonal, suited above, offsuit below). RANGE is a range in the "
        "PokerStove/Equilab grammar (QQ+, ATs+, A2s-A5s, AsKs, weights AKs:0.5 or [75]..[/75]); "
        "a class only partly in it shows its share. Without RANGE, every class.",
    )
    rg.add_argument("range", nargs="?", help="a range, e.g. 'QQ+,AKs,AKo:0.5' or '[75]KQo[/75]'")
    rg.add_argument("--grid", action="store_true", help="print the 13x13 grid")
    rg.add_argument("--combos", action="store_true", help="show combo counts in the grid")
    rg.add_argument("--json", action="store_true", help="print one JSON object")
    rg.set_defaults(run=_range)


def _number(text: str) -> int | float:
    """An int if the text is one, else a float (payouts may be either)."""
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _pct(p: Fraction) -> str:
    return f"{p} = {percent(p)}"


def _odds(args: argparse.Namespace) -> int:
    if (args.hand is None) != (args.board is None):
        raise HoldemError("give both --hand and --board (or neither)")
    if (args.pot is None) != (args.call is None):
        raise HoldemError("give both --pot and --call (or neither)")
    if args.hand is None and args.pot is None and not args.table:
        raise HoldemError("nothing to do: give --hand and --board, --pot and --call, or --table")
    if args.versus and args.hand is None:
        raise HoldemError("--versus needs --hand and --board")
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
    result["pot_odds_table"] = [
        {
            "draw": d.name,
            "street": d.street,
            "outs": d.outs,
            "probability": str(d.probability),
            "probability_float": float(d.probability),
            "break_even_ratio": str(d.break_even_ratio),
            "break_even_ratio_float": float(d.break_even_ratio),
        }
        for d in draws
    ]
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


def _icm(args: argparse.Namespace) -> int:
    method = "monte carlo" if args.method == "monte-carlo" else args.method
    result = icm(args.stacks, args.payouts, method=method, samples=args.samples, seed=args.seed)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    m = len(result.payouts)
    places = "".join(f"  {'place ' + str(k + 1):>9}" for k in range(m))
    lines = [f"{'player':<6}  {'stack':>10}{places}  {'equity':>12}"]
    rows = zip(result.stacks, result.places, result.equity, strict=True)
    for i, (stack, row, eq) in enumerate(rows):
        cells = "".join(f"  {p:>9.4%}" for p in row)
        err = "" if result.stderr is None else f" +- {result.stderr[i]:.6f}"
        lines.append(f"{i + 1:<6}  {stack:>10}{cells}  {eq:12.6f}{err}")
    total = sum(result.equity)
    lines.append(f"{'total':<6}  {sum(result.stacks):>10}{' ' * 11 * m}  {total:12.6f}")
    note = result.method if result.samples is None else f"{result.method}, {result.samples} samples"
    lines.append(f"({note})")
    print("\n".join(lines))
    return 0


def _range(args: argparse.Namespace) -> int:
    from holdem.analysis.ranges import parse_range  # the full range grammar (weights, +, -, combos)

    if args.range is None:
        shares = {name: 1.0 for name in CLASSES}
    else:
        shares = class_shares(dict(parse_range(args.range).items()))
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
        print(",".join(ordered))
    share = percent(Fraction(combos).limit_denominator(10**6) / 1326, 1)
    print(f"{len(ordered)} classes, {combos:g} of 1326 combos ({share})")
    return 0
