"""``holdem acpc-client``: play one seat against an ACPC dealer."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from holdem.cli._help import add_subcommand

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``acpc-client`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "acpc-client",
        summary="play one seat against an ACPC dealer",
        description="Connect to a dealer of the Annual Computer Poker Competition's protocol "
        "on one seat's port, play every hand it deals with an agent, and print the number of "
        "hands and the chips won or lost. The agent is 'call' (check or call), 'random', or "
        "module:callable, a function of (view, legal) that returns the decision.",
        examples=(
            "holdem acpc-client --gamedef holdem.limit.2p.reverse_blinds.game --port 18791",
            "holdem acpc-client --gamedef nolimit.game --port 18792 --agent random --timeout 30",
        ),
    )
    p.add_argument("--gamedef", required=True, help="the ACPC game definition file")
    p.add_argument("--host", default="127.0.0.1", help="the dealer's host (127.0.0.1)")
    p.add_argument("--port", type=int, required=True, help="the dealer's port for this seat")
    p.add_argument("--agent", default="call", help="'call' (default), 'random' or module:callable")
    p.add_argument("--timeout", type=float, default=None, help="socket timeout in seconds")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
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
