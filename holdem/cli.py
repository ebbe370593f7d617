"""The ``holdem`` command line: ``holdem eval CARDS...`` evaluates and describes a hand."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from holdem._equity_cli import register as register_equity
from holdem.cards import format_cards, parse_cards
from holdem.errors import HoldemError
from holdem.evaluation import best_five, category, describe, evaluate


def _eval(args: argparse.Namespace) -> int:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``holdem`` command."""
    parser = argparse.ArgumentParser(prog="holdem", description="Texas hold'em tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="evaluate and describe a hand of 5, 6 or 7 cards")
    ev.add_argument("cards", nargs="+", help="cards such as 'As Ks' 'Qs Js Ts' or AsKsQsJsTs")
    ev.add_argument("--json", action="store_true", help="print one JSON object")
    ev.set_defaults(run=_eval)
    register_equity(sub)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except HoldemError as exc:
        print(f"holdem: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
