#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem.equity`` against poker-equity and eval7, in one process.

Three spots, each with a bar:

1. exact heads-up preflop, AhKh vs QsQd (1,712,304 boards): holdem <= 5 ms;
2. heads-up Monte Carlo, AhKh vs QsQd, one thread: holdem >= 25 M samples/s;
3. the three-way range spot 'TT+,AKs,AKo' vs 'JJ-88,AQs,AKs' vs '22+,A2s+,KTs+,QJs', exact,
   preflop, one thread: holdem <= 30 s;
4. the same spot by Monte Carlo (2,000,000 samples) against OMPEval's EquityCalculator (through
   a harness binary built by hand outside the repository: ``--ompeval PATH`` or the
   OMPEVAL_HARNESS environment variable, see benchmarks/_ompeval.py; skipped when absent), on
   one thread and on two: holdem >= 1.5x faster on each. OMPEval's ranges are the same classes
   written out one by one (its parser reads 'JJ-88' as JJ alone), and its answer is checked
   against holdem's;
5. a small exact job (AhKh vs QsQd vs 7c8c, preflop) on one thread and on two: threads=2 is
   never slower (a job too small to split runs on the calling thread);
6. the scaling of the heads-up and three-way Monte Carlo from one thread to every CPU, between
   two probes of whether the CPUs were free (two single-thread copies of one job timed at once
   against one alone: a Python loop, and the heads-up Monte Carlo itself, which says the most
   two threads can give on this machine now): threads=2 >= 1.8x threads=1 for each, when the
   second CPU is free;
7. the exact 169 x 169 heads-up preflop table (``holdem.analysis.preflop.compute_heads_up``) on
   two threads: <= 10 s (only with ``--preflop``: it takes seconds of both cores).

Method: every measurement is repeated ``--repeats`` times, contenders interleaved round-robin
(the first one rotates every round), one untimed warm-up each, wall-clock time, garbage
collector off while timing (the loop of ``benchmarks/_timing.py``); the MEDIAN is reported, with
ratios. A peer that is not installed is
skipped with a note. Correctness is checked in the run: the published counts (787,966 wins and
6,732 ties), poker-equity's exact answer, and every Monte Carlo estimate against the exact one
within 5 standard errors.

Peers: poker-equity (``exact_from_text``, ``chunk_from_text`` with threads=1) and eval7
(``py_hand_vs_range_monte_carlo``; its ``py_hand_vs_range_exact`` enumerates river boards only
and returns 0.0 preflop, so it has no exact row). poker-equity's exact enumeration gives up on
the three-way spot (returns None after about 45 s), so that row is its Monte Carlo instead, and
only with ``--slow-peers``.

OMPEval's Monte Carlo is a random walk over the deals of hole cards (a Markov chain: one
player's hand changes per sample), with a 16-bit card draw of small bias; holdem's samples are
independent and unbiased. The times of both are wall-clock times of the whole call (OMPEval's
start() to wait() by the harness's clock, holdem.equity from Python). The exact heads-up spot
is timed for OMPEval too (its enumeration, by the same harness).

Usage:
  python benchmarks/equity.py              # full run (~1-2 min)
  python benchmarks/equity.py --quick      # smoke run: no three-way spot, fewer repeats
  python benchmarks/equity.py --json       # one JSON object on stdout
  python benchmarks/equity.py --ompeval ~/ext/ompeval/ompeval-harness --preflop
Exit status: 0 ok, 1 a correctness check failed, 2 a bar was missed with --enforce-bars.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import _ompeval
import _timing

HU = ["AhKh", "QsQd"]
THREE_WAY = ["TT+,AKs,AKo", "JJ-88,AQs,AKs", "22+,A2s+,KTs+,QJs"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        log(f"note: {name} is not installed: skipped")
        return None


def interleaved(contenders: dict[str, Callable[[], Any]], repeats: int) -> dict[str, float]:
    """Median seconds of each contender over interleaved rounds (after one warm-up each)."""
    return _timing.interleaved(contenders, repeats, gc_off=True).wall()


def omp_ranges(holdem: Any, ranges: list[str]) -> list[str]:
    """The ranges as OMPEval reads them: each class named alone ('JJ,TT,99,88,AQs,AKs')."""
    out = []
    for text in ranges:
        classes = {holdem.hand_class(c) for c in holdem.parse_range(text).combos}
        out.append(",".join(c for c in holdem.CLASSES if c in classes))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--repeats", type=int, default=None, help="rounds (default 7, quick 3)")
    ap.add_argument("--samples", type=int, default=4_000_000, help="Monte Carlo samples a run")
    ap.add_argument("--quick", action="store_true", help="smoke run without the three-way spot")
    ap.add_argument("--slow-peers", action="store_true", help="also time slow peer rows")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--enforce-bars", action="store_true", help="exit 2 if a bar is missed")
    ap.add_argument(
        "--ompeval",
        default=None,
        metavar="PATH",
        help="an OMPEval harness binary (see benchmarks/_ompeval.py; default $OMPEVAL_HARNESS)",
    )
    ap.add_argument("--preflop", action="store_true", help="time the 169 x 169 preflop table")
    args = ap.parse_args()
    repeats = args.repeats or (3 if args.quick else 7)
    samples = args.samples if not args.quick else min(args.samples, 1_000_000)

    try:
        import holdem
    except ImportError as exc:
        log(f"holdem cannot be imported ({exc}): build it first (python setup.py build_ext -i)")
        return 1
    pe = optional("poker_equity")
    e7 = optional("eval7")
    harness = _ompeval.open_harness(args.ompeval)
    try:
        return _run(args, holdem, pe, e7, harness, repeats, samples)
    finally:
        if harness is not None:
            harness.close()


def _run(
    args: argparse.Namespace,
    holdem: Any,
    pe: Any,
    e7: Any,
    harness: _ompeval.Harness | None,
    repeats: int,
    samples: int,
) -> int:
    ok = True
    rows: list[dict[str, Any]] = []
    bars: list[dict[str, Any]] = []

    def check(cond: bool, what: str) -> None:
        nonlocal ok
        log(("ok    " if cond else "FAIL  ") + what)
        ok &= cond

    # 1. Exact heads-up preflop.
    log("1. exact heads-up preflop AhKh vs QsQd")
    exact = holdem.equity(HU, exact=True)
    check(exact[0].wins == 787_966 and exact[0].ties == 6_732, "holdem: 787,966 wins, 6,732 ties")
    contenders: dict[str, Callable[[], Any]] = {"holdem": lambda: holdem.equity(HU, exact=True)}
    if pe is not None:
        ref = pe.exact_from_text("holdem", HU)
        check(
            abs(ref["players"][0]["equity"] - exact[0].equity) < 1e-12,
            "poker-equity's exact equity equals holdem's",
        )
        contenders["poker-equity"] = lambda: pe.exact_from_text("holdem", HU)
    omp_exact: list[tuple[float, list[float]]] = []
    if harness is not None:
        omp_exact.append(harness.equity(HU, 1))
        # the harness prints six decimals
        check(abs(omp_exact[0][1][0] - exact[0].equity) < 1e-6, "OMPEval's exact equity")
        contenders["OMPEval"] = lambda: omp_exact.append(harness.equity(HU, 1))
    t = interleaved(contenders, repeats if pe is None else max(3, repeats // 2))
    if omp_exact:
        t["OMPEval"] = statistics.median(r[0] for r in omp_exact[2:])  # its own clock
    for name, sec in t.items():
        rows.append({"spot": "exact HU preflop", "contender": name, "seconds": sec,
                     "holdem_faster": sec / t["holdem"]})  # fmt: skip
    bars.append({"bar": "exact HU preflop <= 5 ms", "value_ms": 1e3 * t["holdem"],
                 "pass": t["holdem"] <= 0.005})  # fmt: skip

    # 2. Heads-up Monte Carlo, one thread.
    log(f"2. heads-up Monte Carlo, {samples:,} samples, one thread")
    seeds = iter(range(1, 10_000))
    mc = {"holdem": lambda: holdem.equity(HU, samples=samples, seed=next(seeds))}
    if e7 is not None:
        hand = [e7.Card("Ah"), e7.Card("Kh")]
        villain = e7.HandRange("QsQd")
        mc["eval7"] = lambda: e7.py_hand_vs_range_monte_carlo(hand, villain, [], samples)
        est = e7.py_hand_vs_range_monte_carlo(hand, villain, [], samples)
        check(abs(est - exact[0].equity) < 5 * 0.5 / samples**0.5, "eval7 estimate near exact")
    if pe is not None:
        mc["poker-equity"] = lambda: pe.chunk_from_text(
            "holdem", HU, samples=samples, seed=next(seeds), threads=1
        )
    r = holdem.equity(HU, samples=samples, seed=12345)
    check(abs(r[0].equity - exact[0].equity) <= 5 * r[0].stderr, "holdem estimate near exact")
    t = interleaved(mc, repeats)
    for name, sec in t.items():
        rows.append({"spot": "MC HU", "contender": name, "seconds": sec,
                     "msamples_per_s": samples / sec / 1e6,
                     "holdem_faster": sec / t["holdem"]})  # fmt: skip
    rate = samples / t["holdem"] / 1e6
    bars.append({"bar": "MC HU >= 25 M samples/s", "value_msps": rate, "pass": rate >= 25})
    r2 = holdem.equity(HU, samples=samples, seed=7, threads=2)
    check(r2 == holdem.equity(HU, samples=samples, seed=7), "threads=2 gives the same answer")

    # 3. Three-way range spot, exact preflop.
    if not args.quick:
        log("3. three-way ranges, exact preflop (one thread): this takes a while")
        gc.disable()
        t0 = time.perf_counter()
        three = holdem.equity(THREE_WAY, exact=True)
        sec = time.perf_counter() - t0
        gc.enable()
        log(f"   holdem: {sec:.2f} s, equities {[round(100 * e, 4) for e in three.equity]}")
        rows.append({"spot": "exact 3-way ranges", "contender": "holdem", "seconds": sec,
                     "equity": list(three.equity)})  # fmt: skip
        bars.append({"bar": "exact 3-way ranges <= 30 s", "value_s": sec, "pass": sec <= 30})
        t0 = time.perf_counter()
        two = holdem.equity(THREE_WAY, exact=True, threads=2)
        rows.append({"spot": "exact 3-way ranges", "contender": "holdem threads=2",
                     "seconds": time.perf_counter() - t0})  # fmt: skip
        check(two == three, "threads=2 gives the same exact answer")
        est = holdem.equity(THREE_WAY, samples=2_000_000, seed=5)
        check(
            all(abs(m.equity - e) <= 5 * m.stderr for m, e in zip(est, three.equity, strict=True)),
            "holdem Monte Carlo near its exact three-way answer",
        )
        if pe is not None:
            n = 1_000_000
            t0 = time.perf_counter()
            res = pe.chunk_from_text("holdem", THREE_WAY, samples=n, seed=3, threads=1)
            psec = time.perf_counter() - t0
            errs = [p["std_error"] for p in res["players"]]
            agree = all(
                abs(p["equity"] - e) <= 5 * s
                for p, e, s in zip(res["players"], three.equity, errs, strict=True)
            )
            check(agree, "poker-equity's Monte Carlo near holdem's exact three-way answer")
            rows.append({"spot": "exact 3-way ranges", "contender": "poker-equity MC 1M samples",
                         "seconds": psec})  # fmt: skip
            if args.slow_peers:
                t0 = time.perf_counter()
                res = pe.exact_from_text("holdem", THREE_WAY)
                rows.append({"spot": "exact 3-way ranges", "contender": "poker-equity exact",
                             "seconds": time.perf_counter() - t0, "result": res})  # fmt: skip

    # 4. Three-way ranges by Monte Carlo, against OMPEval, one thread and two.
    n3 = 2_000_000
    log(f"4. three-way ranges, Monte Carlo, {n3:,} samples, against OMPEval")
    ref = holdem.equity(THREE_WAY, samples=n3, seed=11)
    for threads in (1, 2):
        seen: list[tuple[float, list[float]]] = []

        def omp(threads: int = threads, seen: list[tuple[float, list[float]]] = seen) -> None:
            assert harness is not None
            seen.append(harness.equity(omp_ranges(holdem, THREE_WAY), threads, n3))

        runs = {f"holdem threads={threads}": lambda threads=threads: holdem.equity(
            THREE_WAY, samples=n3, seed=next(seeds), threads=threads)}  # fmt: skip
        if harness is not None:
            runs[f"OMPEval threads={threads}"] = omp
        t = interleaved(runs, repeats)
        mine = t[f"holdem threads={threads}"]
        for name, sec in t.items():
            if name.startswith("OMPEval"):
                sec = statistics.median(r[0] for r in seen[1:])  # its own clock, not the warm-up
                agree = all(
                    abs(e - m.equity) <= 5 * m.stderr + 0.002
                    for e, m in zip(seen[-1][1], ref, strict=True)
                )
                check(agree, f"OMPEval's threads={threads} equities near holdem's")
                bars.append({"bar": f"MC 3-way ranges >= 1.5x OMPEval, threads={threads}",
                             "value_x": sec / mine, "pass": sec / mine >= 1.5})  # fmt: skip
            rows.append({"spot": "MC 3-way ranges", "contender": name, "seconds": sec,
                         "msamples_per_s": n3 / sec / 1e6,
                         "holdem_faster": sec / mine})  # fmt: skip

    # 5. A small exact job: threads=2 is never slower than one thread.
    log("5. small exact job AhKh vs QsQd vs 7c8c, one thread and two")
    small = ["AhKh", "QsQd", "7c8c"]
    t = interleaved({f"threads={k}": lambda k=k: holdem.equity(small, exact=True, threads=k)
                     for k in (1, 2)}, max(repeats, 15))  # fmt: skip
    for name, sec in t.items():
        rows.append({"spot": "small exact 3-way", "contender": f"holdem {name}", "seconds": sec,
                     "holdem_faster": sec / t["threads=1"]})  # fmt: skip
    bars.append({"bar": "small exact job: threads=2 time / threads=1 time <= 1.05",
                 "value_x": t["threads=2"] / t["threads=1"],
                 "pass": t["threads=2"] <= 1.05 * t["threads=1"]})  # fmt: skip

    # 6. Scaling of the Monte Carlo from one thread to every CPU.
    from holdem._parallel import useful_threads

    cpus = useful_threads()
    log(f"6. Monte Carlo on 1..{cpus} threads, between two probes of the CPUs")
    before = _timing.cpu_probe()
    kernel_before = _timing.cpu_probe(code=_timing.EQUITY_PROBE)
    for spot, players, n in (("MC HU", HU, samples), ("MC 3-way ranges", THREE_WAY, n3)):
        runs = {
            f"threads={k}": (
                lambda k=k, players=players, n=n: holdem.equity(
                    players, samples=n, seed=next(seeds), threads=k
                )
            )
            for k in range(1, cpus + 1)
        }
        t = interleaved(runs, max(repeats, 9))
        for k in range(1, cpus + 1):
            sec = t[f"threads={k}"]
            rows.append({"spot": f"{spot} scaling", "contender": f"holdem threads={k}",
                         "seconds": sec, "msamples_per_s": n / sec / 1e6,
                         "speedup": t["threads=1"] / sec})  # fmt: skip
        if cpus > 1:
            x = t["threads=1"] / t["threads=2"]
            bars.append({"bar": f"{spot}: threads=2 >= 1.8x threads=1 (second CPU free)",
                         "value_x": x, "pass": x >= 1.8})  # fmt: skip
    kernel_after = _timing.cpu_probe(code=_timing.EQUITY_PROBE)
    after = _timing.cpu_probe()
    probes = {"before": before, "after": after}
    kernel_probes = {"before": kernel_before, "after": kernel_after}
    log("   CPU probe: two single-thread copies at once took "
        f"{before['ratio']:.2f}x one alone before, {after['ratio']:.2f}x after")  # fmt: skip

    # 7. The exact 169 x 169 heads-up preflop table on two threads.
    if args.preflop:
        from holdem.analysis import preflop

        log("7. the exact 169 x 169 heads-up preflop table, two threads")
        t0, c0 = time.perf_counter(), time.process_time()
        table = preflop.compute_heads_up(threads=2)
        sec, cpu = time.perf_counter() - t0, time.process_time() - c0
        check(table == preflop.heads_up_table(), "computed table equals the shipped one")
        rows.append({"spot": "169x169 preflop", "contender": "holdem threads=2", "seconds": sec,
                     "cpu_seconds": cpu})  # fmt: skip
        bars.append({"bar": "169x169 preflop table <= 10 s on 2 threads", "value_s": sec,
                     "pass": sec <= 10})  # fmt: skip
        log(f"   {sec:.2f} s wall, {cpu:.2f} s of CPU (both threads)")

    if args.json:
        print(json.dumps({"rows": rows, "bars": bars, "probes": probes,
                          "kernel_probes": kernel_probes, "ok": ok}, indent=1,
                         default=str))  # fmt: skip
    else:
        print(f"{'spot':<20} {'contender':<28} {'median':>12} {'M samples/s':>12} {'ratio':>9}")
        for row in rows:
            sec = row["seconds"]
            shown = f"{1e3 * sec:9.2f} ms" if sec < 1 else f"{sec:10.2f} s"
            msps = f"{row['msamples_per_s']:12.2f}" if "msamples_per_s" in row else " " * 12
            ratio = f"{row['holdem_faster']:8.2f}x" if "holdem_faster" in row else ""
            if "speedup" in row:
                ratio = f"{row['speedup']:8.2f}x"
            print(f"{row['spot']:<20} {row['contender']:<28} {shown:>12} {msps} {ratio:>9}")
        print(
            "(ratio: the contender's time over holdem's, or in a scaling row threads=1's time "
            f"over its own; machine load when run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
            "CPUs)"
        )
        for when, probe in probes.items():
            print(f"CPU probe {when} the scaling rows: two single-thread copies at once took "
                  f"{probe['ratio']:.2f}x one alone "
                  f"({'CPUs free' if probe['ratio'] < 1.15 else 'CPUs BUSY'})")  # fmt: skip
        for when, probe in kernel_probes.items():
            print(f"kernel probe {when}: two processes each running the heads-up Monte Carlo on "
                  f"one thread at once took {probe['ratio']:.2f}x one alone (the most threads=2 "
                  f"can give: {2 / probe['ratio']:.2f}x)")  # fmt: skip
        for bar in bars:
            value = next(v for k, v in bar.items() if k.startswith("value"))
            print(f"{'PASS' if bar['pass'] else 'FAIL'}  {bar['bar']}  (measured {value:.2f})")
    if not ok:
        return 1
    if args.enforce_bars and not all(b["pass"] for b in bars):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
