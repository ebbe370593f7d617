#!/usr/bin/env python3
"""Side-by-side benchmark of copying a hand for search: ``Hand.copy()`` against OpenSpiel's
``state.clone()`` (``universal_poker``) and pokerkit's ``copy.deepcopy``.

What is timed: copying one 6-max no-limit hand (blinds 1/2, stacks 400) in the middle of the
flop: everyone called the big blind pre-flop (the big blind checked), the flop is out and the
first seat to act checked. Each engine deals its own cards; the betting is the same. Each time
includes freeing the copy, as a search that drops its copies pays it too.

Method: one process; contenders interleaved round-robin (the first one rotates each round); the
MEDIAN over ``--repeats`` rounds of the best of 3 ``timeit`` loops (the rounds of
``benchmarks/_timing.py``); microseconds per copy and holdem's ratio to each peer.

Usage:
  python benchmarks/clone.py              # full run
  python benchmarks/clone.py --quick      # smoke run
  python benchmarks/clone.py --json       # JSON on stdout

Bar: ``Hand.copy()`` at most 1 us, judged against OpenSpiel's clone in the same run (the issue
measured OpenSpiel's clone at 0.55 us on an idle machine: the bar is ``copy <= 1.8x clone``).
"""

from __future__ import annotations

import argparse
import copy
import importlib.metadata
import json
import sys
import timeit
from collections.abc import Callable
from typing import Any

from _timing import machine, medians, round_robin

PLAYERS = 6
STACK = 400


def version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def holdem_hand() -> Any:
    from holdem import Hand, Street

    hand = Hand([STACK] * PLAYERS, blinds=(1, 2), seed=7)
    while hand.street is Street.PREFLOP:
        hand.check_or_call()
    hand.check()
    return hand


def openspiel_state() -> Any:
    import pyspiel

    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "bettingAbstraction": "fullgame",
            "numPlayers": PLAYERS,
            "numRounds": 4,
            "blind": " ".join(["1", "2"] + ["0"] * (PLAYERS - 2)),
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * PLAYERS),
        },
    )
    state = game.new_initial_state()
    checked = False
    while not checked:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            flop = "Round: 1" in str(state)
            state.apply_action(1)  # check or call
            checked = flop
    return state


def pokerkit_state() -> Any:
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
    state = NoLimitTexasHoldem.create_state(
        automations, True, 0, (1, 2), 2, (STACK,) * PLAYERS, PLAYERS, mode=Mode.TOURNAMENT
    )
    while state.street_index == 0:
        state.check_or_call()
    state.check_or_call()
    return state


def contenders() -> dict[str, tuple[str, Callable[[], object]]]:
    """name -> (distribution, a zero-argument copy)."""
    out: dict[str, tuple[str, Callable[[], object]]] = {}
    hand = holdem_hand()
    out["holdem copy()"] = ("holdem-engine", hand.copy)
    out["holdem deepcopy"] = ("holdem-engine", lambda: copy.deepcopy(hand))
    try:
        state = openspiel_state()
        out["openspiel clone()"] = ("open_spiel", state.clone)
    except ImportError as exc:
        print(f"skipping openspiel: {exc}", file=sys.stderr)
    try:
        pk = pokerkit_state()
        out["pokerkit deepcopy"] = ("pokerkit", lambda: copy.deepcopy(pk))
    except ImportError as exc:
        print(f"skipping pokerkit: {exc}", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    ap.add_argument("--repeats", type=int, default=None, help="rounds")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--enforce-bars", action="store_true", help="exit 2 when a bar is missed")
    args = ap.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 9)
    target = 0.02 if args.quick else 0.1  # seconds per timeit loop

    runs = contenders()
    loops = {}
    for name, (_, fn) in runs.items():  # warm-up, and a loop count for about `target` seconds
        n, t = 1, 0.0
        while t < target / 10:
            n *= 4
            t = timeit.timeit(fn, number=n)
        loops[name] = max(1, int(n * target / t))
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for name in round_robin(list(runs), repeats):
        n = loops[name]
        best = min(timeit.repeat(runs[name][1], number=n, repeat=3))
        samples[name].append(best / n * 1e6)
    us = medians(samples)
    base = us["holdem copy()"]
    result: dict[str, Any] = {
        **machine(),
        "repeats": repeats,
        "versions": {name: version(dist) for name, (dist, _) in runs.items()},
        "microseconds_per_copy": us,
        "holdem_copy_ratio": {name: v / base for name, v in us.items() if v is not base},
    }
    bars = []
    if "openspiel clone()" in us:
        ratio = base / us["openspiel clone()"]
        bars.append({"bar": "holdem copy() <= 1.8x openspiel clone()", "ratio": ratio})
        bars[-1]["ok"] = ratio <= 1.8
    result["bars"] = bars
    if args.json:
        print(json.dumps(result))
    else:
        print(f"Copying a 6-max no-limit hand mid-flop, median of {repeats} rounds")
        print(f"{'contender':<20} {'version':<10} {'us/copy':>9} {'vs holdem copy()':>17}")
        for name, v in sorted(us.items(), key=lambda kv: kv[1]):
            print(f"{name:<20} {result['versions'][name] or '-':<10} {v:9.3f} {v / base:16.2f}x")
        for bar in bars:
            print(f"{'PASS' if bar['ok'] else 'FAIL'}  {bar['bar']}: {bar['ratio']:.2f}x")
    if args.enforce_bars and not all(b["ok"] for b in bars):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
