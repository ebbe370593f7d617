#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem.equity`` against poker-equity and eval7, in one process.

Three spots, each with a bar:

1. exact heads-up preflop, AhKh vs QsQd (1,712,304 boards): holdem <= 5 ms;
2. heads-up Monte Carlo, AhKh vs QsQd, one thread: holdem >= 25 M samples/s;
3. the three-way range spot 'TT+,AKs,AKo' vs 'JJ-88,AQs,AKs' vs '22+,A2s+,KTs+,QJs', exact,
   preflop, one thread: holdem <= 30 s.

Method: every measurement is repeated ``--repeats`` times, contenders interleaved round-robin
(the first one rotates every round), one untimed warm-up each, ``time.perf_counter``, garbage
collector off while timing; the MEDIAN is reported, with ratios. A peer that is not installed is
skipped with a note. Correctness is checked in the run: the published counts (787,966 wins and
6,732 ties), poker-equity's exact answer, and every Monte Carlo estimate against the exact one
within 5 standard errors.

Peers: poker-equity (``exact_from_text``, ``chunk_from_text`` with threads=1) and eval7
(``py_hand_vs_range_monte_carlo``; its ``py_hand_vs_range_exact`` enumerates river boards only
and returns 0.0 preflop, so it has no exact row). poker-equity's exact enumeration gives up on
the three-way spot (returns None after about 45 s), so that row is its Monte Carlo instead, and
only with ``--slow-peers``.

Usage:
  python benchmarks/equity.py              # full run (~1-2 min)
  python benchmarks/equity.py --quick      # smoke run: no three-way spot, fewer repeats
  python benchmarks/equity.py --json       # one JSON object on stdout
Exit status: 0 ok, 1 a correctness check failed, 2 a bar was missed with --enforce-bars.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

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
    for fn in contenders.values():
        fn()
    times: dict[str, list[float]] = {k: [] for k in contenders}
    names = list(contenders)
    for r in range(repeats):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            gc.disable()
            t = time.perf_counter()
            contenders[name]()
            times[name].append(time.perf_counter() - t)
            gc.enable()
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--repeats", type=int, default=None, help="rounds (default 7, quick 3)")
    ap.add_argument("--samples", type=int, default=4_000_000, help="Monte Carlo samples a run")
    ap.add_argument("--quick", action="store_true", help="smoke run without the three-way spot")
    ap.add_argument("--slow-peers", action="store_true", help="also time slow peer rows")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--enforce-bars", action="store_true", help="exit 2 if a bar is missed")
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
    t = interleaved(contenders, repeats if pe is None else max(3, repeats // 2))
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

    if args.json:
        print(json.dumps({"rows": rows, "bars": bars, "ok": ok}, indent=1, default=str))
    else:
        print(f"{'spot':<20} {'contender':<28} {'median':>12} {'M samples/s':>12} {'ratio':>9}")
        for row in rows:
            sec = row["seconds"]
            shown = f"{1e3 * sec:9.2f} ms" if sec < 1 else f"{sec:10.2f} s"
            msps = f"{row['msamples_per_s']:12.2f}" if "msamples_per_s" in row else " " * 12
            ratio = f"{row['holdem_faster']:8.1f}x" if "holdem_faster" in row else ""
            print(f"{row['spot']:<20} {row['contender']:<28} {shown:>12} {msps} {ratio:>9}")
        print("(ratio: the contender's time over holdem's)")
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
