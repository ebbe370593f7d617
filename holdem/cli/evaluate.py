"""``holdem eval``: evaluate and describe a hand of 5, 6 or 7 cards."""

from __future__ import annotations

import argparse
import json
from typing import Any

from holdem.cards import format_cards, parse_cards
from holdem.cli._help import add_subcommand
from holdem.cli._style import add_color_options, style_for
from holdem.evaluation import best_five, category, describe, evaluate

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
        ),
    )
    p.add_argument("cards", nargs="+", help="cards such as 'As Ks' 'Qs Js Ts' or AsKsQsJsTs")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_color_options(p)
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    value = evaluate(cards)
    result = {
        "cards": format_cards(cards),
        "value": value,
        "category": category(value).label,
        "description": describe(value),
        "best_five": format_cards(best_five(cards)),
    }
    if args.json:
        print(json.dumps(result))
    else:
        five = style_for(args).cards(best_five(cards))
        print(f"{result['description']}  (value {value} of 7462; best five: {five})")
    return 0
