#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem``'s raw hand engine against OpenSpiel's ``universal_poker``.

What is timed: complete random 6-max no-limit hands (blinds 1/2, every stack 400 = 200 big
blinds at the start of every hand), played through the showdown, in hands per second, by
``holdem.Hand`` and by a Python loop over OpenSpiel's ``universal_poker`` game in its two
betting abstractions: ``fcpa`` (fold, call, pot-sized raise, all-in) and ``fullgame`` (every
raise-to amount). Every contender plays the same random policy in its own API: at each
decision pick one of the available kinds of action uniformly (fold when facing a bet, check or
call, bet or raise when allowed), then for a bet or raise one of the allowed amounts uniformly
(holdem and ``fullgame``: any total from the minimum to the maximum; ``fcpa``: the pot-sized
raise or the all-in, whichever are legal). OpenSpiel deals by chance nodes, sampled uniformly
here; holdem deals its own cards. Each draws from its own seeded ``random.Random``.

Method: one process; contenders interleaved round-robin (the first one rotates each round);
one untimed warm-up run each; the MEDIAN of ``--repeats`` runs; ``time.perf_counter``; the
garbage collected before each run and the collector off while it runs (the loop of
``benchmarks/_timing.py``). Chips are checked: every contender's payoffs must sum
to zero in every hand.

Usage:
  python benchmarks/simulation.py            # full run
  python benchmarks/simulation.py --quick    # smoke run
  python benchmarks/simulation.py --json     # JSON on stdout

Bars: holdem >= 50,000 hands/s, and holdem >= 2.5x OpenSpiel ``fcpa`` in the same run.
Exit status: 0 ok, 1 a check failed, 2 a bar was missed and ``--enforce-bars`` was given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any, cast

import _timing

# The holdem contender, its table and policy are benchmarks/engine.py's (this script's folder
# is on the path when it runs).
from engine import PLAYERS, STACK, holdem_runner, log, version

HANDS_BAR = 50_000.0
FCPA_BAR = 2.5


def openspiel_runner(abstraction: str) -> Callable[[int, int], int]:
    """A Python loop over ``universal_poker`` with the betting abstraction ``abstraction``."""
    import pyspiel

    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "bettingAbstraction": abstraction,
            "numPlayers": PLAYERS,
            "numRounds": 4,
            # Seat 1 the small blind, seat 2 the big blind; pre-flop seat 3 acts first, after
            # the flop seat 1 (as holdem's seats 0, 1, 2).
            "blind": " ".join(["1", "2"] + ["0"] * (PLAYERS - 2)),
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * PLAYERS),
        },
    )

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        rand = rng.random
        decisions = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                    continue
                # Sorted: fold (0) when facing a bet, check or call (1), then the raises.
                legal = state.legal_actions()
                first = 1 if legal[0] == 0 else 0  # where check or call is
                raises = len(legal) - first - 1
                kinds = 1 + first + (raises > 0)
                pick = int(rand() * kinds) + (1 - first)  # 0 fold, 1 call, 2 raise
                if pick < 2:
                    state.apply_action(pick)
                else:
                    state.apply_action(legal[first + 1 + int(rand() * raises)])
                decisions += 1
            if abs(sum(state.returns())) > 1e-9:
                raise AssertionError(f"openspiel {abstraction}: not zero-sum")
        return decisions

    return run


CONTENDERS: dict[str, tuple[str, Callable[[], Callable[[int, int], int]]]] = {
    # name: (distribution, runner factory)
    "holdem": ("holdem-engine", holdem_runner),
    "openspiel fcpa": ("open_spiel", lambda: openspiel_runner("fcpa")),
    "openspiel fullgame": ("open_spiel", lambda: openspiel_runner("fullgame")),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    ap.add_argument("--hands", type=int, default=None, help="hands per run")
    ap.add_argument("--repeats", type=int, default=None, help="timed runs per contender")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--enforce-bars", action="store_true", help="exit 2 when a bar is missed")
    args = ap.parse_args(argv)
    hands = args.hands or (2000 if args.quick else 20000)
    repeats = args.repeats or (3 if args.quick else 7)

    runners: dict[str, Callable[[int, int], int]] = {}
    for name, (_dist, factory) in CONTENDERS.items():
        try:
            runners[name] = factory()
        except ImportError as exc:
            log(f"skipping {name}: {exc}")

    def progress(r: int, t: _timing.Timings) -> None:
        rate = {name: hands * 1e9 / ns[-1] for name, ns in t.wall_ns.items()}
        log(f"round {r + 1}/{repeats}: " + ", ".join(f"{k} {v:,.0f}/s" for k, v in rate.items()))

    try:
        timings = _timing.rounds(
            {name: (lambda r, run=run: run(hands, args.seed + r)) for name, run in runners.items()},
            repeats,
            warm_up=lambda name: runners[name](max(1, hands // 10), args.seed),
            gc_off=True,
            on_round=progress,
        )
    except AssertionError as exc:
        log(f"check failed: {exc}")
        return 1
    samples = timings.rates(dict.fromkeys(runners, hands))
    decisions = {name: cast(int, runs[-1]) / hands for name, runs in timings.results.items()}
    rates = {name: statistics.median(v) for name, v in samples.items()}
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "hands_per_run": hands,
        "repeats": repeats,
        "versions": {name: version(d) for name, (d, _) in CONTENDERS.items()},
        "hands_per_second": rates,
        "spread": {name: (max(v) - min(v)) / statistics.median(v) for name, v in samples.items()},
        "decisions_per_hand": decisions,
    }
    bars = []
    if "holdem" in rates:
        result["holdem_ratio"] = {
            name: rates["holdem"] / rate for name, rate in rates.items() if name != "holdem"
        }
        got = rates["holdem"]
        bars.append(
            {"bar": f"holdem >= {HANDS_BAR:,.0f} hands/s", "value": got, "ok": got >= HANDS_BAR}
        )
        if "openspiel fcpa" in rates:
            got = rates["holdem"] / rates["openspiel fcpa"]
            bars.append(
                {
                    "bar": f"holdem >= {FCPA_BAR:g}x openspiel fcpa",
                    "value": got,
                    "ok": got >= FCPA_BAR,
                }
            )
    result["bars"] = bars
    if args.json:
        print(json.dumps(result))
    else:
        print(f"Random 6-max no-limit hands, 200 big blinds, median of {repeats} runs")
        print(
            f"{'engine':<19} {'version':<9} {'hands/s':>10} {'spread':>7} "
            f"{'decisions':>9} {'holdem is':>10}"
        )
        for name, rate in sorted(rates.items(), key=lambda kv: -kv[1]):
            ratio = result.get("holdem_ratio", {}).get(name)
            times = f"{ratio:9.2f}x" if ratio else "-"
            print(
                f"{name:<19} {result['versions'].get(name) or '-':<9} {rate:10,.0f} "
                f"{result['spread'][name]:7.0%} {decisions[name]:9.2f} {times:>10}"
            )
        for bar in bars:
            value = bar["value"]
            shown = f"{value:,.0f}" if "hands/s" in bar["bar"] else f"{value:.2f}x"
            print(f"{'PASS' if bar['ok'] else 'FAIL'}  {bar['bar']}: {shown}")
    if args.enforce_bars and not all(b["ok"] for b in bars):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
