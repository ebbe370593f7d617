"""``holdem tournament``: play a whole tournament between agents and print the standings."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from holdem.cli import _progress
from holdem.cli._agents import AGENT_HELP, load
from holdem.cli._help import SEED, add_subcommand, positive_int, whole
from holdem.errors import ActionError

if TYPE_CHECKING:
    from holdem.engine._typed_hand import Hand
    from holdem.engine.agents import Agent
    from holdem.engine.tournament import Level, Tournament

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``tournament`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "tournament",
        summary="play a multi-table tournament between agents and print the standings",
        description="Seat a field at tables of --table-size (seats drawn at random), play it "
        "out round by round with blinds rising by --levels, balancing and breaking tables by "
        "the TDA rules, and print each player's finishing place and prize (about 10% of the "
        "field paid, or --payouts in percent; the prizes add up to the prize pool). Agents "
        "('random', 'call', 'equity' or module:callable, as every subcommand takes them) are "
        "dealt to the players in turn. --deal-at N makes a deal (--deal icm, chips or even) "
        "when N players are left. "
        "--structure plays every level fixed-limit (limits: the big blind and twice it) or pot-"
        "limit; --late-registration N keeps registration open for N levels, and with "
        "--reentries K a busted player buys a new entry at once, up to K times, while it is. "
        "On a terminal a progress bar counts the players out on the error stream (none with "
        "--quiet or when that stream is a pipe or a file).",
        examples=(
            "holdem tournament --players 30 --stack 1500 --buy-in 10 --seed 1",
            "holdem tournament --players 9 --agent call --agent random --levels 10/20 25/50/5 "
            "--hands-per-level 20 --seed 2",
            "holdem tournament --players 50 --payouts 50 30 20 --deal-at 3 --deal icm --json",
            "holdem tournament --players 20 --structure fixed-limit --late-registration 3 "
            "--reentries 1",
        ),
    )
    # (holdem.engine.tournament.MAX_ENTRANTS, not imported at start-up: a test keeps them equal)
    p.add_argument(
        "--players", type=whole(2, 100_000), default=18, help="the entrants, 2 to 100,000 (18)"
    )
    p.add_argument(
        "--stack", type=positive_int, default=1500, help="starting stack in chips (1500)"
    )
    p.add_argument("--buy-in", type=whole(0), default=10, help="each entry's prize money (10)")
    p.add_argument("--table-size", type=whole(2, 10), default=9, help="seats a table, 2 to 10 (9)")
    p.add_argument(
        "--levels",
        nargs="+",
        type=_level,
        help="the blinds, level by level: SMALL/BIG or SMALL/BIG/ANTE (by default they start "
        "at a fiftieth of the stack and rise by half each level)",
    )
    # (holdem.engine.schedule.DEFAULT_HANDS_PER_LEVEL, not imported at start-up: a test keeps
    # them equal)
    p.add_argument(
        "--hands-per-level", type=positive_int, default=10, help="rounds a level lasts (10)"
    )
    p.add_argument("--payouts", nargs="+", type=float, help="percent for 1st, 2nd ... place")
    p.add_argument("--agent", action="append", help=f"{AGENT_HELP} (repeat it; default random)")
    p.add_argument(
        "--deal-at", type=whole(2), help="make a deal when this many players are left (2 up)"
    )
    p.add_argument("--deal", choices=("icm", "chips", "even"), default="icm", help="the deal (icm)")
    p.add_argument(
        "--structure",
        choices=("no-limit", "pot-limit", "fixed-limit"),
        default="no-limit",
        help="the betting structure of every level (no-limit)",
    )
    p.add_argument(
        "--late-registration", type=whole(0), default=0, help="levels registration stays open (0)"
    )
    p.add_argument(
        "--reentries", type=whole(0), default=0, help="new entries a busted player buys (0)"
    )
    p.add_argument("--seed", type=SEED, default=0, help="the seed of the seats and cards (0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    p.set_defaults(run=_run)


def _level(text: str) -> tuple[int, ...]:
    parts = text.split("/")
    try:
        numbers = tuple(int(x) for x in parts)
    except ValueError:
        numbers = ()
    if len(numbers) not in (2, 3):
        raise argparse.ArgumentTypeError(f"a level is SMALL/BIG or SMALL/BIG/ANTE, got {text!r}")
    if not 0 < numbers[0] <= numbers[1] or (len(numbers) == 3 and numbers[2] < 0):
        raise argparse.ArgumentTypeError(
            f"a level is SMALL/BIG or SMALL/BIG/ANTE with 0 < SMALL <= BIG and ANTE >= 0, "
            f"got {text!r}"
        )
    return numbers


def _schedule(args: argparse.Namespace) -> list[Level]:
    from holdem.engine.schedule import default_levels
    from holdem.engine.tournament import Level

    hands = args.hands_per_level
    if args.levels:
        return [
            Level(lv[0], lv[1], ante=lv[2] if len(lv) == 3 else 0, hands=hands)
            for lv in args.levels
        ]
    return default_levels(args.stack, hands)


def _agents(specs: list[str] | None, seed: int) -> list[Agent]:
    return [load(spec, seed + i) for i, spec in enumerate(specs or ["random"])]


def _apply(hand: Hand, agent: Agent, who: str) -> None:
    """One action of ``hand``'s player to act, as ``agent`` decides."""
    from holdem.engine.matches import apply_decision

    seat = hand.actor
    assert seat is not None
    legal = hand.legal_actions()
    decision = agent(hand.view(seat), legal)
    if not apply_decision(hand, decision, legal):
        raise ActionError(f"{who}'s agent chose {decision!r}, not legal: {legal}")


def _play_round(
    t: Tournament, agent_of: Callable[[str], Agent], reentries: int, busted: dict[str, int]
) -> None:
    """Deal a round, play every hand by the agents (telling each agent that has a
    ``hand_ended`` of each hand's end, as :func:`holdem.match` does), end the round;
    ``busted`` counts each player's eliminations (a player out re-enters while registration is
    open and his re-entries allow)."""
    from holdem.engine.agents import hand_ended_hook

    hands = t.deal_round()
    tables = t.tables
    for number, hand in hands.items():
        table = tables[number]
        players = table.players
        names = [players[s].name for s in table.seat_map]
        while not hand.is_over:
            assert hand.actor is not None
            name = names[hand.actor]
            _apply(hand, agent_of(name), name)
        for seat, name in enumerate(names):  # each player's agent told of the hand's end
            end = hand_ended_hook(agent_of(name))
            if end is not None:
                end(hand.view(seat))
    for name in t.end_round():
        busted[name] = busted.get(name, 0) + 1
        if t.registration_open and busted[name] <= reentries:
            t.reenter(name)


def _run(args: argparse.Namespace) -> int:
    from holdem.engine.tournament import Tournament

    t = Tournament(
        args.players,
        starting_stack=args.stack,
        buy_in=args.buy_in,
        table_size=args.table_size,
        levels=_schedule(args),
        payouts=args.payouts,
        structure=args.structure,
        late_registration=args.late_registration,
        reentries=args.reentries,
        seed=args.seed,
    )
    agents = _agents(args.agent, args.seed)
    names = list(t.stacks)
    index = {name: i for i, name in enumerate(sorted(names, key=lambda n: int(n[1:])))}
    specs = args.agent or ["random"]

    def agent_of(name: str) -> Agent:
        return agents[index[name] % len(agents)]

    deal: dict[str, int] = {}
    busted: dict[str, int] = {}
    # Progress: the entries out of the tournament (a winner is left; re-entries add entries).
    show = not args.quiet and sys.stderr.isatty()
    bar = _progress.Bar(sys.stderr, show, unit="players out", after=_progress.BAR_AFTER)
    try:
        while not t.is_over:
            if args.deal_at is not None and t.players_left <= args.deal_at and not deal:
                deal = t.deal(args.deal)  # ends the tournament: the loop stops
                continue
            _play_round(t, agent_of, args.reentries, busted)
            bar(t.entrants - t.players_left, t.entrants - 1)
    finally:
        bar.close()
    rows = [
        {
            "place": f.place,
            "player": f.name,
            "agent": specs[index[f.name] % len(specs)],
            "prize": f.prize,
            "round": f.round,
            "tied": f.tied,
            "entry": f.entry,
        }
        for f in t.standings
    ]
    summary = {
        "entrants": t.entrants,
        "prize_pool": t.prize_pool,
        "payouts": list(t.payouts),
        "rounds": t.round,
        "moves": len(t.moves),
        "deal": deal or None,
        "standings": rows,
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"{t.entrants} players, prize pool {t.prize_pool}, {len(t.payouts)} paid, "
        f"{t.round} rounds, {len(t.moves)} moves between tables"
        + (f", a {args.deal} deal among {len(deal)}" if deal else "")
    )
    print(f"{'place':>5}  {'player':<8}  {'agent':<16}  {'prize':>10}  out in round")
    for row in rows:
        tie = f" (tied x{row['tied']})" if row["tied"] > 1 else ""
        tie += f" (entry {row['entry']})" if row["entry"] > 1 else ""
        out = "-" if row["round"] is None else str(row["round"])
        print(
            f"{row['place']:>5}  {row['player']:<8}  {row['agent']:<16}  {row['prize']:>10}  "
            f"{out}{tie}"
        )
    return 0
