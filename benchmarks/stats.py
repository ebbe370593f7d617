#!/usr/bin/env python3
"""Benchmark: holdem.stats' statistics over many hands, in hands per second.

The hands: the 12 Pluribus hands of ``tests/data/phh/pluribus-100.phhs`` (six players, PHH as
the data set writes it, with finishing stacks), streamed round and round by a generator to
``--hands`` hands (the tracker sees each as a new hand; its memory is its players' counters).
Two contenders on the same hands, interleaved round-robin in one process (``_timing``'s loop,
medians of ``--repeats`` rounds): ``stats`` (``holdem.stats.Tracker.add`` on every hand) and,
for scale, ``replay`` (``holdem.phh.replay`` of the same hands through the engine, what reading
a history costs at least when its flags come from a replay). No peer library computes these
statistics to compare with (fpdb-3 is an application over a database, AGPL).

Usage:
  python benchmarks/stats.py                 # 20,000 hands a round, 5 rounds
  python benchmarks/stats.py --quick         # smoke run
  python benchmarks/stats.py --hands 1000000 --repeats 1 --no-replay   # the issue's million

Bar (issue 29): statistics of 1,000,000 hands under 60 s on one core: printed as the seconds
per million hands the median gives.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import _timing

from holdem import phh
from holdem.phh import HandHistory
from holdem.stats import Tracker

ROOT = Path(__file__).resolve().parents[1]
PLURIBUS = ROOT / "tests" / "data" / "phh" / "pluribus-100.phhs"
BAR_SECONDS_PER_MILLION = 60.0


def stream(hands: list[HandHistory], count: int) -> Iterator[HandHistory]:
    """``count`` hands, going round ``hands``."""
    return itertools.islice(itertools.cycle(hands), count)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-replay", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.repeats = 2_000, 3
    hands = phh.load(PLURIBUS)
    count = args.hands

    def stats() -> int:
        tracker = Tracker()
        tracker.add_all(stream(hands, count))
        return tracker.hands

    def replay() -> int:
        done = 0
        for history in stream(hands, min(count, 2_000)):
            phh.replay(history)
            done += 1
        return done

    jobs = {"stats": stats} if args.no_replay else {"stats": stats, "replay": replay}
    timings = _timing.interleaved(jobs, args.repeats, gc_off=False)
    work = {"stats": count, "replay": min(count, 2_000)}
    rates = {name: _timing.medians(timings.rates(work, "cpu"))[name] for name in jobs}
    tracemalloc.start()
    Tracker().add_all(stream(hands, min(count, 20_000)))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    result = {
        "hands": count,
        "repeats": args.repeats,
        "hands_per_second_cpu": rates,
        "seconds_per_million": 1e6 / rates["stats"],
        "bar_seconds_per_million": BAR_SECONDS_PER_MILLION,
        "tracemalloc_peak_bytes_20000_hands": peak,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for name, rate in rates.items():
            print(f"{name:>7}: {rate:,.0f} hands/s (median CPU time of {args.repeats} rounds)")
        if "replay" in rates:
            print(f"  stats is {rates['stats'] / rates['replay']:.1f}x a replay of the same hands")
        print(
            f"  {result['seconds_per_million']:.0f} s per million hands "
            f"(bar {BAR_SECONDS_PER_MILLION:.0f} s); tracemalloc peak over 20,000 hands "
            f"{peak / 1024:.0f} KiB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
