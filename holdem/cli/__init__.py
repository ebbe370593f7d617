"""The ``holdem`` command line.

``holdem eval CARDS...`` evaluates and describes a hand; ``holdem odds``, ``holdem icm`` and
``holdem range`` answer odds, ICM and starting-hand questions; ``holdem replay FILE...`` replays
PHH hand histories through the engine; ``holdem acpc-client`` plays one seat against an ACPC
dealer.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from holdem.cards import format_cards, parse_cards
from holdem.cli import odds as _cli_odds
from holdem.cli.equity import register as register_equity
from holdem.errors import HoldemError
from holdem.evaluation import best_five, category, describe, evaluate
from holdem.phh import load, replay


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


def _acpc_client(args: argparse.Namespace) -> int:
    from holdem.acpc import GameDef
    from holdem.acpc.client import Client, load_agent

    client = Client(GameDef.load(args.gamedef), load_agent(args.agent))
    try:
        results = client.run(args.host, args.port, timeout=args.timeout)
    except OSError as exc:
        print(f"holdem: error: cannot play with {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    total = sum(r.payoff for r in results)
    print(f"{len(results)} hands, total {float(total):+g} chips")
    return 0


def _replay(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.files:
        try:
            histories = load(path)
        except HoldemError as exc:
            print(f"holdem: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        for history in histories:
            try:
                result = replay(history, rules=args.rules, seed=args.seed)
            except HoldemError as exc:
                print(f"holdem: error: {exc}", file=sys.stderr)
                failed += 1
                continue
            print(json.dumps(result.as_dict()) if args.json else result.describe())
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``holdem`` command."""
    parser = argparse.ArgumentParser(prog="holdem", description="Texas hold'em tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="evaluate and describe a hand of 5, 6 or 7 cards")
    ev.add_argument("cards", nargs="+", help="cards such as 'As Ks' 'Qs Js Ts' or AsKsQsJsTs")
    ev.add_argument("--json", action="store_true", help="print one JSON object")
    ev.set_defaults(run=_eval)
    register_equity(sub)
    _cli_odds.register(sub)  # odds, icm, range
    ac = sub.add_parser("acpc-client", help="play one seat against an ACPC dealer")
    ac.add_argument("--gamedef", required=True, help="the ACPC game definition file")
    ac.add_argument("--host", default="127.0.0.1", help="the dealer's host (127.0.0.1)")
    ac.add_argument("--port", type=int, required=True, help="the dealer's port for this seat")
    ac.add_argument("--agent", default="call", help="'call' (default), 'random' or module:callable")
    ac.add_argument("--timeout", type=float, default=None, help="socket timeout in seconds")
    ac.set_defaults(run=_acpc_client)
    rp = sub.add_parser("replay", help="replay PHH hand histories (.phh, .phhs) through the engine")
    rp.add_argument("files", nargs="+", metavar="FILE", help="a .phh or .phhs file")
    rp.add_argument("--json", action="store_true", help="print one JSON object per hand per line")
    rp.add_argument(
        "--rules",
        choices=("casino", "pokerkit", "acpc"),
        default="pokerkit",
        help="the rule preset to replay with (default: pokerkit, PHH's reference)",
    )
    rp.add_argument("--seed", type=int, default=None, help="seed for cards the file leaves unknown")
    rp.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except HoldemError as exc:
        print(f"holdem: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
