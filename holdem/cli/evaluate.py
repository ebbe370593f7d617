"""``holdem eval``: evaluate and describe a hand of 5, 6 or 7 cards."""

from __future__ import annotations

import argparse
import json
from typing import Any

from holdem.cards import Card, format_cards, parse_cards
from holdem.cli._help import add_subcommand
from holdem.cli._style import add_color_options, style_for
from holdem.evaluation import best_five, category, describe, evaluate, name_hand
from holdem.games import (
    GAMES,
    Game,
    describe_low,
    evaluate_omaha,
    evaluate_omaha_low,
    omaha_best_five,
)

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``eval`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "eval",
        summary="evaluate and describe a hand of 5, 6 or 7 cards",
        description="Evaluate the best five-card poker hand among 5, 6 or 7 cards: its name "
        "(such as 'Three of a kind, nines, king-queen kickers'), its value (from 1, the "
        "worst, to 7462, the best, of the distinct five-card values) and the five cards "
        "that make it. Cards are a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s), "
        "together or apart.",
        examples=(
            "holdem eval Qs 9h 9c Kc 3h 5s 9d",
            "holdem eval AsKsQsJsTs --json",
            "holdem eval --style player 9s 9h 9c Kc 3h 5s 2d",
            "holdem eval --game short-deck As 6d 7h 8s 9c Kd Kh",
            "holdem eval --game omaha-hi-lo As2sKdQd 3c4h9dJsKc",
        ),
    )
    p.add_argument("cards", nargs="+", help="cards such as 'As Ks' 'Qs Js Ts' or AsKsQsJsTs")
    p.add_argument(
        "--game",
        default="holdem",
        choices=(*GAMES, "omaha", "omaha-hi-lo"),
        help="the game's deck and ranking (default holdem); for omaha and omaha-hi-lo the "
        "first argument is the 4-6 hole cards, the rest the 3-5 board cards",
    )
    p.add_argument(
        "--style",
        default="plain",
        choices=("plain", "player"),
        help="'player': the names players use (a wheel, a steel wheel, 'king-ten-high flush', "
        "and with 6 or 7 hold'em cards, whose first two are the hole cards, a set as against "
        "trips); default plain",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_color_options(p)
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.game.startswith("omaha"):
        return _run_omaha(args)
    game = GAMES[args.game]
    cards = parse_cards(" ".join(args.cards))
    value = evaluate(cards, game=game)
    result = {
        "cards": format_cards(cards),
        "value": value,
        "category": category(value, game=game).label,
        "description": _words(cards, value, game, args.style),
        "best_five": format_cards(best_five(cards, game=game)),
    }
    if args.json:
        print(json.dumps(result))
    else:
        five = style_for(args).cards(best_five(cards, game=game))
        print(f"{result['description']}  (value {value} of {game.n_values}; best five: {five})")
    return 0


def _words(cards: tuple[Card, ...], value: int, game: Game, style: str) -> str:
    """The hand's description; in the player style with 6 or 7 cards, the first two are the
    hole cards (so a set is told from trips)."""
    if style == "player" and len(cards) > 5:
        return name_hand(cards[:2], cards[2:], game=game)
    return describe(value, game=game, style=style)


def _run_omaha(args: argparse.Namespace) -> int:
    hole, board = parse_cards(args.cards[0]), parse_cards(" ".join(args.cards[1:]))
    value = evaluate_omaha(hole, board)
    five = omaha_best_five(hole, board)
    result: dict[str, Any] = {
        "hole": format_cards(hole),
        "board": format_cards(board),
        "value": value,
        "category": category(value).label,
        "description": describe(value),
        "best_five": format_cards(five or ()),
    }
    text = f"{result['description']}  (value {value} of 7462; best five: {result['best_five']})"
    if args.game == "omaha-hi-lo":
        low = evaluate_omaha_low(hole, board)
        result["low"] = low
        result["low_description"] = describe_low(low) if low else None
        result["low_five"] = format_cards(omaha_best_five(hole, board, low=True) or ())
        text += f"\nlow: {describe_low(low) + ' (value ' + str(low) + ' of 56)' if low else 'none'}"
    print(json.dumps(result) if args.json else text)
    return 0
