#!/usr/bin/env python3
"""How long a standard payout table takes: ``holdem.payout_table`` for growing fields.

The harmonic structure pays place k in proportion to 1/k, rounded by largest remainders: the
remainders' common denominator grows as lcm(1..places), so the work grows faster than the
table. Each field runs ``--repeats`` times (median reported). There is no peer to compare with:
the figures are absolute (seconds), for the largest table the package makes (10,000 places).

Usage:
  python benchmarks/payouts.py
"""

from __future__ import annotations

import argparse
import statistics
import time

import holdem


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'entrants':>9} {'places':>7} {'median s':>9}")
    for entrants in (1_000, 10_000, 100_000):  # (100,000: the most places, MAX_PLACES)
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            table = holdem.payout_table(entrants, 10**7)
            times.append(time.perf_counter() - start)
        print(f"{entrants:>9,} {len(table):>7,} {statistics.median(times):>9.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
