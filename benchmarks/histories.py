#!/usr/bin/env python3
"""Side-by-side benchmark: importing and replaying real hand histories, holdem against pokerkit.

Two jobs, each on the same hands for both contenders, in hands per second:

1. **PokerStars text**: the real hands of ``tests/data/pokerstars`` (thlorenz/hhp and
   pokerregion/poker). holdem: ``holdem.pokerstars.loads`` (read the text) and
   ``holdem.pokerstars.check`` (convert to PHH, replay through the engine, check every player's
   collected amount and the pot), the work ``holdem convert`` does. pokerkit 0.7.7:
   ``pokerkit.notation.PokerStarsParser`` (read the text, build the hand history and play it
   through its state to the end). Only the hands both parse are timed (pokerkit's parser reads
   neither antes nor pot and fixed limit).
2. **PHH replay**: every hand of ``tests/data/phh/pluribus-100.phhs`` (the Pluribus hands of the
   PHH data set). holdem: ``holdem.phh.replay``; pokerkit: iterating
   ``pokerkit.notation.HandHistory.state_actions`` to the end of the hand.

Method: one process; the contenders interleaved round-robin (the first one alternates each
round), one untimed warm-up each, the MEDIAN of ``--repeats`` rounds, ``time.perf_counter``, the
garbage collector disabled while timing. Each round runs the job ``--loops`` times over its hands.

Usage:
  python benchmarks/histories.py            # full run
  python benchmarks/histories.py --quick    # smoke run
  python benchmarks/histories.py --json     # JSON on stdout

Bar: holdem >= 20x pokerkit on each job. Exit status: 0 ok, 1 a check failed, 2 a bar was missed
and ``--enforce-bars`` was given.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STARS = sorted((ROOT / "tests" / "data" / "pokerstars").rglob("*.txt"))
PLURIBUS = ROOT / "tests" / "data" / "phh" / "pluribus-100.phhs"
BAR = 20.0


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def hand_texts() -> list[str]:
    """Each real PokerStars hand's text that both holdem and pokerkit read."""
    from pokerkit.notation import PokerStarsParser

    from holdem import pokerstars

    texts = []
    for path in STARS:
        text = path.read_bytes().decode("utf-8", errors="replace")
        for part in pokerstars.split_hands(text):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    parsed = list(PokerStarsParser()(part + "\n\n"))
                except ValueError:  # "Unable to repair the hand history"
                    continue
                if parsed:
                    texts.append(part)
    return texts


def stars_holdem(texts: list[str]) -> Callable[[], int]:
    from holdem import pokerstars

    def run() -> int:
        done = 0
        for text in texts:
            for hand in pokerstars.loads(text).hands:
                pokerstars.check(hand)
                done += 1
        return done

    return run


def stars_pokerkit(texts: list[str]) -> Callable[[], int]:
    from pokerkit.notation import PokerStarsParser

    parser = PokerStarsParser()
    padded = [t + "\n\n" for t in texts]

    def run() -> int:
        done = 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for text in padded:
                done += len(list(parser(text)))
        return done

    return run


def phh_holdem() -> Callable[[], int]:
    from holdem import phh

    histories = phh.load(PLURIBUS)

    def run() -> int:
        for history in histories:
            phh.replay(history, seed=0)
        return len(histories)

    return run


def phh_pokerkit() -> Callable[[], int]:
    import tomllib

    from pokerkit.notation import HandHistory

    with open(PLURIBUS, "rb") as file:
        tables = tomllib.load(file)
    histories = [HandHistory(**table) for table in tables.values()]

    def run() -> int:
        for history in histories:
            for _ in history.state_actions:
                pass
        return len(histories)

    return run


def timed(run: Callable[[], int], loops: int) -> tuple[float, int]:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        done = sum(run() for _ in range(loops))
        return time.perf_counter() - start, done
    finally:
        gc.enable()


def compare(
    name: str, contenders: dict[str, Callable[[], int]], loops: int, repeats: int
) -> dict[str, Any]:
    for run in contenders.values():  # warm-up, and the same number of hands for both
        run()
    rates: dict[str, list[float]] = {k: [] for k in contenders}
    order = list(contenders)
    for r in range(repeats):
        for key in order[r % 2 :] + order[: r % 2]:
            seconds, done = timed(contenders[key], loops)
            rates[key].append(done / seconds)
    medians = {k: statistics.median(v) for k, v in rates.items()}
    ratio = medians["holdem"] / medians["pokerkit"]
    log(
        f"{name}: holdem {medians['holdem']:,.0f} hands/s, pokerkit {medians['pokerkit']:,.0f} "
        f"hands/s: holdem is {ratio:.1f}x pokerkit (bar {BAR:.0f}x)"
    )
    return {"job": name, "hands_per_second": medians, "ratio": ratio, "bar": BAR}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--enforce-bars", action="store_true")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 7)
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        log("pokerkit is not installed: nothing to compare with")
        return 1
    texts = hand_texts()
    log(f"PokerStars: {len(texts)} real hands that both read; PHH: {PLURIBUS.name}")
    results = [
        compare(
            "PokerStars text -> checked replay",
            {"holdem": stars_holdem(texts), "pokerkit": stars_pokerkit(texts)},
            loops=1 if args.quick else 5,
            repeats=repeats,
        ),
        compare(
            "PHH replay",
            {"holdem": phh_holdem(), "pokerkit": phh_pokerkit()},
            loops=1,
            repeats=repeats,
        ),
    ]
    if args.json:
        print(json.dumps(results, indent=2))
    missed = [r["job"] for r in results if r["ratio"] < BAR]
    if missed and args.enforce_bars:
        log(f"bar missed: {', '.join(missed)}")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
