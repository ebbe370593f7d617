#!/usr/bin/env python3
"""What hand abstraction costs here: the indexer, the strength tables and a per-hand query.

Times, medians of ``--repeats`` runs where a run is short (a single run for the whole tables):

* the hand-isomorphism indexer: index and unindex every one of the 1,286,792 flop classes;
* ``strength_table``: EHS and EHS² of every canonical flop hand (1,286,792 x the 1,081
  turn-river runouts x the opponent's 990 hands), on 1 and 2 threads; with ``--river`` the
  EHS of all 123,156,254 canonical river hands (the issue's bar: under 10 minutes on 2 threads,
  under 1 GB), and with ``--preflop`` the 169 classes' table;
* ``hand_strength``: one flop hand's EHS, EHS², potentials and histogram (every runout and
  opponent hand in turn).

The peers' figures are what their trackers report (issue 30), not run here: robopoker's flop
clustering takes about 700 CPU-hours, DeepStack-Leduc#25 over a minute per EHS query. The
ratios printed against them compare a measured figure with a quoted one, and say so.

Usage:
  python benchmarks/abstraction.py [--quick] [--river] [--preflop] [--threads 2]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

import numpy as np

from holdem.abstraction.isomorphism import HandIndexer
from holdem.abstraction.strength import hand_strength, strength_table

ROBOPOKER_FLOP_CPU_HOURS = 700.0  # quoted in issue 30 (robopoker's flop clustering)
DEEPSTACK_EHS_QUERY_S = 60.0  # DeepStack-Leduc#25: "over a minute" per EHS query


def timed(fn: object, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the indexer and a query")
    parser.add_argument("--river", action="store_true", help="also the full river table")
    parser.add_argument("--preflop", action="store_true", help="also the pre-flop table")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"load: {load}")

    ix = HandIndexer.street(3)
    n = ix.size(1)
    every = np.arange(n)
    hands = ix.unindex_batch(1, every)
    t_un = timed(lambda: ix.unindex_batch(1, every), args.repeats)
    t_ix = timed(lambda: ix.index_batch(hands), args.repeats)
    print(
        f"indexer, 1 thread: index {n / t_ix / 1e6:.1f} M hands/s, unindex {n / t_un / 1e6:.1f} M/s"
    )

    t_q = timed(lambda: hand_strength("Tc9c", "Jc8d2h", bins=50), args.repeats)
    print(
        f"hand_strength (flop, every runout x opponent): {t_q * 1e3:.1f} ms a query; "
        f"DeepStack-Leduc#25's quoted minute / this: {DEEPSTACK_EHS_QUERY_S / t_q:,.0f}x "
        "(quoted, not run)"
    )
    if args.quick:
        return 0

    for threads in sorted({1, args.threads}):
        c0, t0 = cpu_seconds(), time.perf_counter()
        table = strength_table(3, threads=threads)
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - c0
        assert not np.isnan(table.ehs).any()
        print(
            f"flop EHS + EHS2 of all {n:,} classes, {threads} thread(s): {wall:.1f} s wall, "
            f"{cpu:.1f} s CPU; robopoker's quoted 700 CPU-hours (clustering, not EHS alone) / "
            f"this CPU time: {ROBOPOKER_FLOP_CPU_HOURS * 3600 / cpu:,.0f}x (quoted, not run)"
        )
    if args.preflop:
        c0, t0 = cpu_seconds(), time.perf_counter()
        pre = strength_table(0, threads=args.threads)
        print(
            f"pre-flop table (169 classes), {args.threads} threads: "
            f"{time.perf_counter() - t0:.1f} s wall, {cpu_seconds() - c0:.1f} s CPU; "
            f"AA {pre.ehs[HandIndexer.street(0).index('AsAh')]:.4f}"
        )
    if args.river:
        c0, t0 = cpu_seconds(), time.perf_counter()
        river = strength_table(5, threads=args.threads)
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - c0
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"river EHS of all {river.ehs.size:,} classes, {args.threads} threads: {wall:.1f} s "
            f"wall, {cpu:.1f} s CPU, peak RSS of the process {rss:.0f} MB"
        )
    print(
        f"load after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
