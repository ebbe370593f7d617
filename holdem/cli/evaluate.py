"""``holdem eval``: evaluate and describe a hand of 5, 6 or 7 cards."""

from __future__ import annotations

import argparse
import json
from typing import Any

from holdem.cards import format_cards, parse_cards
from holdem.evaluation import best_five, category, describe, evaluate

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``eval`` subcommand to the ``holdem`` parser's subparsers."""
    p = sub.add_parser("eval", help="evaluate and describe a hand of 5, 6 or 7 cards")
    p.add_argument("cards", nargs="+", help="cards such as 'As Ks' 'Qs Js Ts' or AsKsQsJsTs")
    p.add_argument("--json", action="store_true", help="print one JSON object")
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
        print(f"{result['description']}  (value {value} of 7462; best five: {result['best_five']})")
    return 0
