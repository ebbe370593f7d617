"""``holdem odds``: outs, the chance to hit them, the rule of 2 and 4, and pot odds."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from holdem.analysis.equity import EquityResult, equity, estimate_exact
from holdem.analysis.odds import (
    next_card_categories,
    outs,
    outs_table,
    percent,
    pot_odds,
    pot_odds_table,
    rule_of_2_and_4,
)
from holdem.cards import Card, parse_cards
from holdem.cli._help import add_subcommand
from holdem.cli._players import NUMBERING, player, reporting
from holdem.cli._style import Style, add_color_options, style_for
from holdem.errors import ArgumentError, CardError, RangeError
from holdem.games import GAMES, OMAHA_GAMES, THREE_CARD_GAMES

_NEXT_CARD_BUDGET = 3.0  # estimated seconds at most for the equity after each next card

__all__ = ["register"]

_NAMES = ", ".join((*GAMES, *OMAHA_GAMES, *THREE_CARD_GAMES))  # the --game choices


def register(sub: Any) -> None:
    """Add the ``odds`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "odds",
        summary="outs, the chance to hit them, and pot odds",
        description="Outs of a hand on a flop or turn against known hands, the chance to hit "
        "them, the rule of 2 and 4, and pot odds. Exact fractions and percentages. Against "
        "ranges (--versus 'QQ+,AKs'), the hand's equity now and after each next card. "
        f"{NUMBERING} --hand is player 1, the --versus hands or ranges players 2, 3 ...",
        examples=(
            "holdem odds --hand AhKh --board 2h7hJc --versus QsQd",
            "holdem odds --hand AhKh --board 2h7hJc --versus 'QQ+,AKs' --pot 100 --call 50",
            "holdem odds --pot 100 --call 50",
            "holdem odds --table",
            "holdem odds --game short-deck --hand 9h8h --board Kh7h6c --versus AsAd",
            "holdem odds --game omaha --hand AsKsQd2c --board Kc8s7d --versus TsTdJh9c",
        ),
    )
    p.add_argument(
        "--game",
        default="holdem",
        choices=(*GAMES, *OMAHA_GAMES, *THREE_CARD_GAMES),
        metavar="GAME",
        help=f"the game: {_NAMES} (default holdem): outs on the game's deck; in omaha and "
        "omaha-hi-lo hands of 4-6 cards, and in omaha-hi-lo an out takes the whole pot",
    )
    p.add_argument("--hand", help="two hole cards, e.g. AhKh (4-6 in Omaha)")
    p.add_argument("--board", help="the flop or turn, e.g. 2h7hJc")
    p.add_argument(
        "--versus",
        nargs="+",
        metavar="HAND_OR_RANGE",
        help="opposing hands (QsQd) or ranges ('QQ+,AKs', random), one a player",
    )
    p.add_argument("--dead", default="", help="other cards known to be out of play")
    p.add_argument("--pot", type=int, help="chips in the pot before the call (bet included)")
    p.add_argument("--call", type=int, help="chips to call")
    p.add_argument("--table", action="store_true", help="print the pot-odds and outs tables")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_color_options(p)
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
    style = Style() if args.json else style_for(args)
    price = None if args.pot is None else pot_odds(args.pot, args.call)
    if args.hand is not None:
        if args.versus and not all(_is_hand(v, args.game) for v in args.versus):
            _versus_ranges(args, result, lines, style)
        else:
            _spot(args, result, lines, style)
    if price is not None:
        result["pot_odds"] = price.to_dict()
        lines.append(
            f"Pot odds: {price.pot} to {price.call} = {float(price.ratio):.2f} to 1; "
            f"break-even equity {_pct(price.break_even_equity)}"
        )
        hit = result.get("outs", {}).get("next_card")
        mine = result.get("equity", {}).get("equity")
        if mine is not None:
            verdict = "covers" if mine >= price.break_even_equity else "does not cover"
            lines.append(f"  The hand's equity ({100 * mine:.2f}%) {verdict} the price")
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


def _is_hand(text: str, game: str = "holdem") -> bool:
    """Whether a --versus argument is a hand (two cards; any cards in Omaha) rather than a
    range."""
    try:
        return len(parse_cards(text)) == 2 or game in (*OMAHA_GAMES, *THREE_CARD_GAMES)
    except CardError:
        return False


def _opponent(i: int) -> str:
    """The command's name of the opposing hand at 0-based ``i`` of --versus (player 2 on)."""
    return player(i + 1)


def _head(hand: tuple[Card, ...], board: tuple[Card, ...], lines: list[str], style: Style) -> None:
    to_come = 5 - len(board)
    lines.append(
        f"Hand {style.cards(hand)} on {style.cards(board)}: "
        f"{to_come} card{'s' if to_come > 1 else ''} to come"
    )


def _spot(args: argparse.Namespace, result: dict[str, Any], lines: list[str], style: Style) -> None:
    hand, board = parse_cards(args.hand), parse_cards(args.board)
    if not args.versus:
        _head(hand, board, lines, style)
        groups = next_card_categories(hand, board, dead=args.dead, game=args.game)
        result["next_card_categories"] = {c.label: [str(x) for x in cs] for c, cs in groups.items()}
        lines.append("The next card makes:")
        for cat, cards in groups.items():
            lines.append(f"  {cat.label:<16} {len(cards):>2}  {style.cards(cards)}")
        return
    with reporting({"opposing hand": lambda i: f"{_opponent(i)}'s hand"}):
        found = outs(hand, board, args.versus, dead=args.dead, game=args.game)
    _head(hand, board, lines, style)
    result["outs"] = found.to_dict()
    versus = ", ".join(
        f"{_opponent(i)} {style.cards(h, sep='')}" for i, h in enumerate(found.versus)
    )
    lines.append(f"Versus {versus}: {found.standing.value} now")
    lines.append(f"Outs: {found.count} of {found.unseen} unseen: {style.cards(found.wins)}")
    if found.ties:
        lines.append(f"Ties: {len(found.ties)}: {style.cards(found.ties)}")
    nxt = found.probability()
    rule2 = _rule(found.count, 1)
    lines.append(f"Next card is an out: {_pct(nxt)} (rule of 2: {rule2})")
    if len(board) == 3:
        two = found.probability(2)
        lines.append(
            f"An out in the next two cards: {_pct(two)} (rule of 4: {_rule(found.count, 2)})"
        )


def _rule(count: int, cards_to_come: int) -> str:
    """The rule of 2 and 4's estimate as a percentage, at most 100% (it passes 100% from 26
    outs with two cards to come, which Omaha's hands reach)."""
    return percent(min(rule_of_2_and_4(count, cards_to_come), Fraction(1)), 0)


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


def _versus_ranges(
    args: argparse.Namespace, result: dict[str, Any], lines: list[str], style: Style
) -> None:
    """Against ranges: the hand's equity now and, when that is quick, after each next card."""
    hand, board = parse_cards(args.hand), parse_cards(args.board)
    if len(board) not in (3, 4):
        raise CardError(
            "odds are counted on a flop or a turn: the board must be 3 or 4 cards, "
            f"got {len(board)}"
        )
    players = [args.hand, *args.versus]
    now = equity(players, board, args.dead, game=args.game, seed=0)
    _head(hand, board, lines, style)
    versus = ", ".join(f"{_opponent(i)} {v}" for i, v in enumerate(args.versus))
    lines.append(f"Versus {versus}: equity {_share(now)} now ({_how(now)})")
    result["equity"] = {**now[0].to_dict(), "exact": now.exact, "showdowns": now.showdowns}
    if args.game != "holdem":
        return  # the equity after each next card: hold'em only
    known = {*hand, *board, *parse_cards(args.dead)}
    known.update(c for v in args.versus if _is_hand(v) for c in parse_cards(v))
    unseen = [c for c in map(Card, range(52)) if c not in known]
    if not unseen:
        return
    guess = estimate_exact(players, (*board, unseen[0]), args.dead)
    if guess.seconds * len(unseen) > _NEXT_CARD_BUDGET:
        lines.append("(the equity after each next card would take long against these ranges)")
        return
    after: dict[str, float] = {}
    for card in unseen:
        try:
            after[str(card)] = equity(players, (*board, card), args.dead, exact=True)[0].equity
        except RangeError:  # a card that leaves a range without a hand: it cannot come
            continue
    result["next_card_equity"] = after
    ahead = [c for c in unseen if after.get(str(c), 0.0) > 0.5]
    lines.append(
        f"The next card puts the hand ahead (equity over 50%) with {len(ahead)} of "
        f"{len(after)} cards: {style.cards(ahead) or '-'}"
    )
    mean = sum(after.values()) / len(after)
    lines.append(f"Equity after the next card, on average over the cards: {100 * mean:.2f}%")


def _share(r: EquityResult) -> str:
    e = r[0]
    return f"{100 * e.equity:.2f}% (win {100 * e.win:.2f}%, tie {100 * e.tie:.2f}%)"


def _how(r: EquityResult) -> str:
    if r.exact:
        return f"exact, {r.showdowns:,} showdowns"
    return f"Monte Carlo, {r.showdowns:,} samples, standard error {100 * r[0].stderr:.2f}%"
