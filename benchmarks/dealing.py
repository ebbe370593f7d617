#!/usr/bin/env python3
"""Batch dealing and the starting-hand class index, against the NumPy idioms they replace.

What is timed: 1,000,000 random deals of two hole cards to each of 2 players and a 5-card
board, ``holdem.deal_batch`` (threads=1) against the shuffle the README and the cards guide
show a NumPy user, ``np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)`` (its first 9
columns are the deal), and against that shuffle's cheaper variant that keeps the first 9 columns
of the int64 argsort, ``np.argsort(rng.random((n, 52)), axis=1)[:, :9]``; and the class
index of the 2,000,000 hole-card pairs, ``holdem.hand_class_batch`` against the same computed
with NumPy array operations (ranks, suits, ``np.where``), checked equal.

Method: one process; the contenders of each comparison interleaved round-robin (the first one
rotates each round), the dealing comparison first, then the class index's; one untimed warm-up
run each; the MEDIAN of ``--repeats`` runs of the wall-clock time
(``time.perf_counter``) and of the process's CPU time (``time.process_time``: every job here
runs on one thread, and on a machine shared with other work the CPU time is the steadier one);
the loop is ``benchmarks/_timing.py``'s. The two comparisons are not mixed in one round-robin:
the NumPy class index's large temporaries leave the C allocator's heap trimmed, and the output
pages of whatever runs next must then be faulted in afresh (for ``deal_batch``'s 9 MB, about a
third more time), a cost of the job before it, which a loop that deals batch after batch does
not pay.

Usage: python benchmarks/dealing.py [--quick] [--rows N] [--repeats R] [--json]

Bar: deal_batch at least 50x the README's argsort shuffle (wall-clock medians).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import interleaved

import holdem


def numpy_classes(holes: Any) -> Any:
    a, b = holes[..., 0].astype(np.int64), holes[..., 1].astype(np.int64)
    hi, lo = np.maximum(a >> 2, b >> 2), np.minimum(a >> 2, b >> 2)
    suited = (a & 3) == (b & 3)
    row = np.where(suited | (hi == lo), 12 - hi, 12 - lo)
    col = np.where(suited | (hi == lo), 12 - lo, 12 - hi)
    return (row * 13 + col).astype(np.uint8)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rows", type=int, default=None)
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--enforce-bars", action="store_true")
    args = ap.parse_args(argv)
    n = args.rows or (100_000 if args.quick else 1_000_000)
    repeats = args.repeats or (3 if args.quick else 5)
    rng = np.random.default_rng(1)
    holes, _ = holdem.deal_batch(n, 2, 5, seed=1)
    if not (holdem.hand_class_batch(holes) == numpy_classes(holes)).all():
        print("hand_class_batch differs from the NumPy expression", file=sys.stderr)
        return 1
    dealing: dict[str, Callable[[], object]] = {
        "deal_batch": lambda: holdem.deal_batch(n, 2, 5, seed=2),
        "argsort shuffle": lambda: np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8),
        "argsort [:, :9]": lambda: np.argsort(rng.random((n, 52)), axis=1)[:, :9],
    }
    classes: dict[str, Callable[[], object]] = {
        "hand_class_batch": lambda: holdem.hand_class_batch(holes),
        "numpy class index": lambda: numpy_classes(holes),
    }
    secs: dict[str, float] = {}
    cpu_secs: dict[str, float] = {}
    for jobs in (dealing, classes):
        timings = interleaved(jobs, repeats)
        secs.update(timings.wall())
        cpu_secs.update(timings.cpu())
    deal_ratio = secs["argsort shuffle"] / secs["deal_batch"]
    class_ratio = secs["numpy class index"] / secs["hand_class_batch"]
    deal_cpu = cpu_secs["argsort shuffle"] / max(cpu_secs["deal_batch"], 1e-9)
    slice_ratio = secs["argsort [:, :9]"] / secs["deal_batch"]
    result = {
        "rows": n,
        "repeats": repeats,
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "seconds": secs,
        "cpu_seconds": cpu_secs,
        "deal_batch_vs_argsort_cpu": deal_cpu,
        "deal_batch_vs_argsort": deal_ratio,
        "deal_batch_vs_argsort_slice": slice_ratio,
        "hand_class_batch_vs_numpy": class_ratio,
        "bars": [{"bar": "deal_batch >= 50x argsort", "ratio": deal_ratio, "ok": deal_ratio >= 50}],
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{n:,} rows, median of {repeats} runs, load average {os.getloadavg()[0]:.1f}")
        print(f"{'job':<20} {'wall ms':>10} {'cpu ms':>10}")
        for name, s in secs.items():
            print(f"{name:<20} {s * 1000:10.1f} {cpu_secs[name] * 1000:10.1f}")
        print(
            f"deal_batch is {deal_ratio:.1f}x the README's argsort shuffle"
            f" ({deal_cpu:.1f}x in CPU time), {slice_ratio:.1f}x its [:, :9] variant"
        )
        print(f"hand_class_batch is {class_ratio:.1f}x the NumPy expression")
        print(f"{'PASS' if deal_ratio >= 50 else 'FAIL'}  deal_batch >= 50x the README's argsort")
    if args.enforce_bars and deal_ratio < 50:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
