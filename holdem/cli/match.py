"""``holdem match``: agents against each other over many hands, with confidence intervals."""

from __future__ import annotations

import argparse
import json
from typing import Any

from holdem.cli._agents import AGENT_HELP, load
from holdem.cli._help import SEED, add_stakes, add_subcommand, check_blinds, positive_int, whole

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``match`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "match",
        summary="play agents against each other and report mbb/hand",
        description="Play two or more agents ('random', 'call', 'equity' or module:callable, "
        "as every subcommand takes them) against each other over many hands, seats rotating, "
        "in duplicate by default (every deck once per seat permutation), and print each "
        "agent's winnings in milli-big-blinds per hand and big blinds per 100 hands with a "
        "95% confidence interval. The same seed gives the same answer whatever the number of "
        "threads.",
        examples=(
            "holdem match --agent call --agent random --hands 10000 --seed 1",
            "holdem match --agent mybot:act --agent call --hands 100000 --threads 2 --json",
        ),
    )
    p.add_argument(
        "--agent", action="append", required=True, help=f"{AGENT_HELP} (give two or more)"
    )
    # (holdem.engine.matches.MAX_HANDS, not imported at start-up: a test keeps them equal)
    p.add_argument(
        "--hands",
        type=whole(1, 10**7),
        default=10_000,
        help="hands to play, at most 10,000,000 (10000)",
    )
    p.add_argument("--seed", type=SEED, default=0, help="the seed of the deals (0)")
    add_stakes(p, "every stack, in chips")
    p.add_argument("--no-duplicate", action="store_true", help="one hand per deck")
    p.add_argument(
        "--threads", type=positive_int, default=1, help="threads to run the chunks on (1)"
    )
    p.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from holdem.engine.matches import match

    agents = [load(spec, args.seed + i) for i, spec in enumerate(args.agent)]
    result = match(
        agents,
        hands=args.hands,
        seed=args.seed,
        duplicate=not args.no_duplicate,
        stacks=args.stack,
        blinds=check_blinds(args.blinds),
        threads=args.threads,
        progress=args.progress,
    )
    if args.json:
        rows = [
            {
                "agent": spec,
                "mbb_per_hand": r.mbb_per_hand,
                "mbb_ci95": r.mbb_ci95,
                "bb_per_100": r.bb_per_100,
                "bb_per_100_ci95": r.bb_per_100_ci95,
                "hands": r.hands,
            }
            for spec, r in zip(args.agent, result.agents, strict=True)
        ]
        print(json.dumps({"hands": result.hands, "duplicate": result.duplicate, "agents": rows}))
        return 0
    print(f"{result.hands} hands ({'duplicate' if result.duplicate else 'seats rotating'})")
    width = max(24, *(len(spec) for spec in args.agent))
    for spec, r in zip(args.agent, result.agents, strict=True):
        print(
            f"{spec:<{width}} {r.mbb_per_hand:+10.1f} +/- {r.mbb_ci95:.1f} mbb/hand   "
            f"{r.bb_per_100:+8.2f} +/- {r.bb_per_100_ci95:.2f} bb/100"
        )
    return 0
