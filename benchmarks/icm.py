#!/usr/bin/env python3
"""How far exact ICM goes: time ``holdem.icm`` for growing fields, exact and Monte Carlo.

Each case runs ``--repeats`` times (interleaved, median reported). The exact method is timed in
both of its forms: over all 2^n player sets as NumPy arrays ("dense") and over only the sets
needed, in pure Python ("sparse"); ``method="auto"`` picks one, or Monte Carlo where exact would
be slow. Every exact result is checked: equities sum to the prize pool, and the two forms agree.

Usage:
  python benchmarks/icm.py            # table on stdout
  python benchmarks/icm.py --quick    # fewer and smaller cases
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from holdem.analysis import icm as icm_module  # the module (holdem.icm is its function)


def timed(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(1)
    all_places = [9, 12, 14, 16] if args.quick else [9, 12, 14, 16, 18, 20]
    few_places = [(100, 3), (200, 3)] if args.quick else [(100, 3), (200, 3), (50, 5), (30, 8)]
    print(f"{'players':>7} {'places':>6} {'sets':>10} {'dense s':>9} {'sparse s':>9} auto")
    for n, m in [(n, n) for n in all_places] + few_places:
        stacks = tuple(rng.randint(100, 10_000) for _ in range(n))
        sets = icm_module.icm_exact_sets(n, m)
        row = f"{n:>7} {m:>6} {sets:>10,}"
        results = {}
        if n <= icm_module.DENSE_PLAYERS:
            results["dense"] = icm_module._exact_dense(stacks, m)
            row += (
                f" {timed(lambda s=stacks, m=m: icm_module._exact_dense(s, m), args.repeats):9.4f}"
            )
        else:
            row += f" {'-':>9}"
        if sets * n <= 5 * icm_module.SPARSE_STEPS:
            results["sparse"] = icm_module._exact_sparse(stacks, m)
            reps = 1 if sets * n > icm_module.SPARSE_STEPS else args.repeats
            row += f" {timed(lambda s=stacks, m=m: icm_module._exact_sparse(s, m), reps):9.4f}"
        else:
            row += f" {'-':>9}"
        if len(results) == 2:
            gap = max(
                abs(a - b)
                for ra, rb in zip(results["dense"], results["sparse"], strict=True)
                for a, b in zip(ra, rb, strict=True)
            )
            if gap > 1e-9:
                print(f"MISMATCH dense vs sparse: {gap}", file=sys.stderr)
                return 1
        payouts = [1.0] * m
        auto = icm_module.icm(list(stacks), payouts, samples=20_000, seed=1)
        if abs(sum(auto.equity) - m) > 1e-6:
            print("MISMATCH: equities do not sum to the pool", file=sys.stderr)
            return 1
        print(f"{row} {auto.method}")
    for n in [50, 200] if args.quick else [50, 200, 1000]:
        stacks = [rng.randint(100, 10_000) for _ in range(n)]
        payouts = [float(n - k) for k in range(n // 5)]
        t = timed(lambda s=stacks, p=payouts: icm_module.icm(s, p, method="monte carlo"), 1)
        r = icm_module.icm(stacks, payouts, method="monte carlo", seed=2)
        print(
            f"Monte Carlo, {n} players, {len(payouts)} places, {r.samples:,} samples: "
            f"{t:.2f} s, largest standard error {max(r.stderr):.4f} (prizes up to {n})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
