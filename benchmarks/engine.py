#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem``'s hand engine against pokerkit, rlcard and texasholdem.

What is timed: complete random 6-max no-limit hands (blinds 1/2, every stack 400 = 200 big
blinds at the start of every hand), random legal actions, played through the showdown, in
hands per second. Every engine gets the same policy, in its own API: at each decision pick one
of the available kinds of action uniformly (fold when facing a bet, check or call, bet or raise
when allowed), and for a bet or raise a uniform amount between the minimum and the maximum
(rlcard only offers half-pot, pot and all-in raises: one of those, uniformly). Each engine deals
its own cards and uses its own random number generator (seeded).

Method: one process; contenders interleaved round-robin (the first one rotates each round);
one untimed warm-up run each; the MEDIAN of ``--repeats`` runs; ``time.perf_counter``; the
garbage collected before each run and the collector off while it runs (the loop of
``benchmarks/_timing.py``). The hands/s of each engine and holdem's ratio to it
are printed. Chips are checked: every engine's payoffs must sum to zero in every hand.

Usage:
  python benchmarks/engine.py              # full run
  python benchmarks/engine.py --quick      # smoke run
  python benchmarks/engine.py --json       # JSON on stdout

``holdem-table`` plays the same random policy on hands dealt by a ``holdem.Table`` (six seats,
400 chips each to start, the button and blinds moving, the stacks carried from hand to hand, a
player who goes broke buying 400 again at once, the table's history of hands not kept).
``holdem-session`` plays the same session with bare ``Hand``s (the stacks carried and the button
moved by the caller): ``holdem-table`` / ``holdem-session`` is what the table costs (its hands
differ from ``holdem``'s, whose stacks are all 400 at every hand).

``--baseline PYTHON`` adds ``holdem-baseline``: the same ``holdem`` loop run by another
interpreter, whose environment has another build of holdem installed (an earlier commit's, to
measure a change side by side: ``python -m venv /tmp/base && /tmp/base/bin/pip install
<wheel>``). It runs in a child process that serves the timed runs one by one, interleaved
with the others; each run is timed in this process, the round trip included (well under a
millisecond).

Bars: holdem >= 10x rlcard (the fastest peer) and >= 100x pokerkit; holdem-table >= 0.9x
holdem-session; with ``--baseline``, holdem >= 1.5x holdem-baseline.
Exit status: 0 ok, 1 a check failed, 2 a bar was missed and ``--enforce-bars`` was given.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

if __name__ == "__main__" and "--serve" in sys.argv:  # a child of --baseline: its own holdem
    sys.path[:] = [p for p in sys.path if Path(p).resolve() != Path(__file__).resolve().parents[1]]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # (for _timing, also under python -P)

import _timing

PLAYERS = 6
STACK = 400
SB, BB = 1, 2


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


# ---------------------------------------------------------------------------------------------
# One runner per engine: play n hands, return the number of decisions taken (a checksum).
# ---------------------------------------------------------------------------------------------


def holdem_runner() -> Callable[[int, int], int]:
    from holdem import Hand

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        rand, randint = rng.random, rng.randint
        stacks = [STACK] * PLAYERS
        actions = 0
        for _ in range(n):
            hand = Hand(stacks, blinds=(SB, BB), rng=rng)
            while not hand.is_over:
                legal = hand.legal_actions()
                kinds = 1 + (legal.call is not None) + (legal.min_raise_to is not None)
                pick = int(rand() * kinds)
                if legal.call is None:
                    pick += 1  # no fold when checking is free
                    kinds += 1
                if pick == 0:
                    hand.fold()
                elif pick == 1:
                    hand.check_or_call()
                else:
                    hand.raise_to(randint(legal.min_raise_to, legal.max_raise_to))  # type: ignore[arg-type]
                actions += 1
            if sum(hand.payoffs) != 0:
                raise AssertionError("holdem: chips not conserved")
        return actions

    return run


def _policy(hand: Any, rand: Callable[[], float], randint: Callable[[int, int], int]) -> int:
    """The random policy on one hand, to its end; the number of decisions."""
    actions = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        kinds = 1 + (legal.call is not None) + (legal.min_raise_to is not None)
        pick = int(rand() * kinds)
        if legal.call is None:
            pick += 1  # no fold when checking is free
            kinds += 1
        if pick == 0:
            hand.fold()
        elif pick == 1:
            hand.check_or_call()
        else:
            hand.raise_to(randint(legal.min_raise_to, legal.max_raise_to))
        actions += 1
    return actions


def holdem_session_runner() -> Callable[[int, int], int]:
    """The table's session with bare ``Hand``s: the stacks carried from hand to hand, the button
    moved one seat each hand by the caller, a broke player buying 400 again (the baseline of
    ``holdem-table``: the same hands, without the table)."""
    from holdem import Hand

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        rand, randint = rng.random, rng.randint
        stacks = [STACK] * PLAYERS  # by table seat - 1
        button = 0
        actions = 0
        for _ in range(n):
            order = [(button + 1 + k) % PLAYERS for k in range(PLAYERS)]
            hand = Hand([stacks[i] for i in order], blinds=(SB, BB), rng=rng)
            actions += _policy(hand, rand, randint)
            if sum(hand.payoffs) != 0:
                raise AssertionError("holdem session: chips not conserved")
            for i, stack in zip(order, hand.stacks, strict=True):
                stacks[i] = stack or STACK  # type: ignore[assignment]
            button = (button + 1) % PLAYERS
        return actions

    return run


def holdem_table_runner() -> Callable[[int, int], int]:
    """The same policy on hands dealt by a ``holdem.Table``: six players, a broke one buys 400
    chips again at once (``auto_rebuy``)."""
    from holdem import Table

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        rand, randint = rng.random, rng.randint
        table = Table(
            PLAYERS,
            blinds=(SB, BB),
            min_buy_in=STACK,
            max_buy_in=STACK,
            first_button=1,
            auto_rebuy=STACK,
            rng=rng,
            history=False,
        )
        for seat in range(1, PLAYERS + 1):
            table.sit_down(seat, f"p{seat}", STACK)
        actions = 0
        for _ in range(n):
            hand = table.new_hand()
            actions += _policy(hand, rand, randint)
            if sum(hand.payoffs) != 0:
                raise AssertionError("holdem table: chips not conserved")
        return actions

    return run


def pokerkit_runner() -> Callable[[int, int], int]:
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        random.seed(seed)  # pokerkit shuffles with the random module
        actions = 0
        for _ in range(n):
            state = NoLimitTexasHoldem.create_state(
                automations,
                True,
                0,
                (SB, BB),
                BB,
                (STACK,) * PLAYERS,
                PLAYERS,
                mode=Mode.TOURNAMENT,
            )
            while state.status:
                can_fold = state.can_fold()
                can_raise = state.can_complete_bet_or_raise_to()
                kinds = 1 + can_fold + can_raise
                pick = int(rng.random() * kinds) + (not can_fold)
                if pick == 0:
                    state.fold()
                elif pick == 1:
                    state.check_or_call()
                else:
                    lo = state.min_completion_betting_or_raising_to_amount
                    hi = state.max_completion_betting_or_raising_to_amount
                    state.complete_bet_or_raise_to(rng.randint(lo, hi))  # type: ignore[arg-type]
                actions += 1
            if sum(state.payoffs) != 0:
                raise AssertionError("pokerkit: chips not conserved")
        return actions

    return run


def rlcard_runner() -> Callable[[int, int], int]:
    from rlcard.games.nolimitholdem import Game
    from rlcard.games.nolimitholdem.round import Action

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        game = Game(num_players=PLAYERS)
        game.configure({"game_num_players": PLAYERS, "chips_for_each": STACK, "dealer_id": None})
        game.init_chips = [STACK] * PLAYERS
        game.small_blind, game.big_blind = SB, BB
        import numpy as np

        game.np_random = np.random.RandomState(seed)
        actions = 0
        for _ in range(n):
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                fold = Action.FOLD in legal
                call = [a for a in legal if a is Action.CHECK_CALL]
                raises = [a for a in legal if a not in (Action.FOLD, Action.CHECK_CALL)]
                kinds = [k for k in ((Action.FOLD,) if fold else (), call, raises) if k]
                group = kinds[int(rng.random() * len(kinds))]
                game.step(group[int(rng.random() * len(group))])
                actions += 1
            if abs(sum(game.get_payoffs())) > 1e-9:
                raise AssertionError("rlcard: chips not conserved")
        return actions

    return run


def texasholdem_runner() -> Callable[[int, int], int]:
    from texasholdem import ActionType, TexasHoldEm

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        random.seed(seed)  # texasholdem deals with the random module
        game = TexasHoldEm(buyin=STACK, big_blind=BB, small_blind=SB, max_players=PLAYERS)
        actions = 0
        for _ in range(n):
            for p in game.players:
                p.chips = STACK
            game.start_hand()
            while game.is_hand_running():
                moves = game.get_available_moves()
                types = [t for t in moves.action_types if t is not ActionType.ALL_IN]
                rr = moves.raise_range
                kinds = [t for t in types if t is not ActionType.RAISE] + (
                    [ActionType.RAISE] if len(rr) else []
                )
                if ActionType.FOLD in kinds and ActionType.CHECK in kinds:
                    kinds.remove(ActionType.FOLD)
                t = kinds[int(rng.random() * len(kinds))]
                if t is ActionType.RAISE:
                    game.take_action(t, total=rng.choice(rr))
                else:
                    game.take_action(t)
                actions += 1
            total = sum(p.chips for p in game.players)
            if total != STACK * PLAYERS:
                raise AssertionError(f"texasholdem: chips not conserved ({total})")
        return actions

    return run


CONTENDERS: dict[str, tuple[str | None, Callable[[], Callable[[int, int], int]], int]] = {
    # name: (distribution, runner factory, hands per run relative to holdem's)
    "holdem": ("holdem-engine", holdem_runner, 1),
    "holdem-session": ("holdem-engine", holdem_session_runner, 1),
    "holdem-table": ("holdem-engine", holdem_table_runner, 1),
    "rlcard": ("rlcard", rlcard_runner, 10),
    "texasholdem": ("texasholdem", texasholdem_runner, 10),
    "pokerkit": ("pokerkit", pokerkit_runner, 100),
}


def serve() -> int:
    """The child of ``--baseline``: run the holdem loop for each line ``hands seed`` read from
    stdin (the collector off), answering with the decisions taken."""
    import gc

    run = holdem_runner()
    for line in sys.stdin:
        n, seed = map(int, line.split())
        gc.collect()
        gc.disable()
        try:
            actions = run(n, seed)
        finally:
            gc.enable()
        print(actions, flush=True)
    return 0


def baseline_runner(python: str) -> Callable[[int, int], int]:
    """The holdem loop in a child process of ``python`` (see ``--baseline``)."""
    child = subprocess.Popen(
        [python, "-P", str(Path(__file__).resolve()), "--serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd="/",
    )
    assert child.stdin is not None and child.stdout is not None
    stdin, stdout = child.stdin, child.stdout

    def run(n: int, seed: int) -> int:
        stdin.write(f"{n} {seed}\n")
        stdin.flush()
        return int(stdout.readline())

    return run


def main(argv: list[str] | None = None) -> int:
    if argv is None and "--serve" in sys.argv:
        return serve()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    ap.add_argument("--hands", type=int, default=None, help="holdem hands per run")
    ap.add_argument("--repeats", type=int, default=None, help="timed runs per engine")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--enforce-bars", action="store_true", help="exit 2 when a bar is missed")
    ap.add_argument("--baseline", metavar="PYTHON", help="also run holdem under this Python")
    args = ap.parse_args(argv)
    hands = args.hands or (2000 if args.quick else 20000)
    repeats = args.repeats or (3 if args.quick else 7)

    runners: dict[str, tuple[Callable[[int, int], int], int]] = {}
    for name, (_dist, factory, divisor) in CONTENDERS.items():
        try:
            runners[name] = (factory(), max(1, hands // divisor))
        except ImportError as exc:
            log(f"skipping {name}: {exc}")
    if args.baseline:
        runners["holdem-baseline"] = (baseline_runner(args.baseline), hands)

    def job(name: str) -> Callable[[int], int]:
        run, n = runners[name]
        return lambda r: run(n, args.seed + r)

    def progress(r: int, t: _timing.Timings) -> None:
        rate = {name: runners[name][1] * 1e9 / ns[-1] for name, ns in t.wall_ns.items()}
        log(f"round {r + 1}/{repeats}: " + ", ".join(f"{k} {v:,.0f}/s" for k, v in rate.items()))

    timings = _timing.rounds(
        {name: job(name) for name in runners},
        repeats,
        warm_up=lambda name: runners[name][0](max(1, runners[name][1] // 10), args.seed),
        gc_off=True,
        on_round=progress,
    )
    samples = timings.rates({name: n for name, (_, n) in runners.items()})
    decisions = {
        name: cast(int, runs[-1]) / runners[name][1] for name, runs in timings.results.items()
    }
    rates = {name: statistics.median(v) for name, v in samples.items()}
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "hands_per_run": {name: n for name, (_, n) in runners.items()},
        "repeats": repeats,
        "versions": {name: version(d) for name, (d, _, _) in CONTENDERS.items() if d},
        "hands_per_second": rates,
        "spread": {name: (max(v) - min(v)) / statistics.median(v) for name, v in samples.items()},
        "decisions_per_hand": decisions,
    }
    bars = []
    if "holdem" in rates:
        result["holdem_ratio"] = {
            name: rates["holdem"] / rate for name, rate in rates.items() if name != "holdem"
        }
        for peer, need in (("rlcard", 10.0), ("pokerkit", 100.0)):
            if peer in rates:
                got = rates["holdem"] / rates[peer]
                bars.append({"bar": f"holdem >= {need:g}x {peer}", "ratio": got, "ok": got >= need})
        if "holdem-baseline" in rates:  # a change measured against another build
            got = rates["holdem"] / rates["holdem-baseline"]
            bars.append({"bar": "holdem >= 1.5x holdem-baseline", "ratio": got, "ok": got >= 1.5})
        if "holdem-table" in rates:  # a Table costs at most 10% over the same bare Hands
            got = rates["holdem-table"] / rates["holdem-session"]
            bars.append(
                {"bar": "holdem-table >= 0.9x holdem-session", "ratio": got, "ok": got >= 0.9}
            )
    result["bars"] = bars
    if args.json:
        print(json.dumps(result))
    else:
        print(f"Random 6-max no-limit hands, 200 big blinds, median of {repeats} runs")
        print(f"{'engine':<15} {'version':<10} {'hands/s':>12} {'spread':>7} {'holdem is':>10}")
        for name, rate in sorted(rates.items(), key=lambda kv: -kv[1]):
            ratio = result.get("holdem_ratio", {}).get(name)
            times = f"{ratio:9.1f}x" if ratio else "-"
            print(
                f"{name:<15} {result['versions'].get(name) or '-':<10} {rate:12,.0f} "
                f"{result['spread'][name]:7.0%} {times:>10}"
            )
        for bar in bars:
            print(f"{'PASS' if bar['ok'] else 'FAIL'}  {bar['bar']}: {bar['ratio']:.1f}x")
    if args.enforce_bars and not all(b["ok"] for b in bars):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
