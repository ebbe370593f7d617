#!/usr/bin/env python3
"""Benchmark of the drop-in shims in ``holdem.compat`` against the packages they replace.

Each shim is called exactly as the package it replaces, on the same pre-built inputs, in one
process: ``phevaluator.evaluate_cards(*h)`` (h a tuple of card ints, or of strings),
``eval7.evaluate(cards)`` (a list of Card objects of each package), and treys'
``Evaluator().evaluate(hand, board)`` (lists of treys card ints). Method as in
``benchmarks/evaluator.py``: the median of ``--repeats`` interleaved rounds (the first contender
rotates every round), one untimed warm-up each, ``time.perf_counter_ns``, the garbage collector
off while timing. Before timing, every input is evaluated by both and the answers must agree.

Bar: each shim at least 2x faster than the package it replaces, in every call shape below
(``PASS``/``FAIL`` per row). The row against phevaluator's private C function
``_pheval.evaluate_7cards(*h)`` (what its public function calls after converting the cards) is
for information only.

Usage:
  python benchmarks/compat.py            # full run (~1 min), table on stdout
  python benchmarks/compat.py --quick    # smoke run (a few seconds)
  python benchmarks/compat.py --json     # JSON on stdout instead of the table

Exit status: 0 ok, 1 a shim disagreed with its package, 2 a bar was missed and
``--enforce-bars`` was given. A package that is not installed is skipped with a message.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

BAR = 2.0
NAMES = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]  # index = rank * 4 + suit
REPO_ROOT = Path(__file__).resolve().parent.parent


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def import_module(name: str) -> Any:
    try:
        with warnings.catch_warnings():  # eval7 0.1.11 imports pyparsing's deprecated names
            warnings.simplefilter("ignore", DeprecationWarning)
            return importlib.import_module(name)
    except ImportError as exc:
        log(f"skipped {name}: {type(exc).__name__}: {exc}")
        return None


def import_compat() -> tuple[Any, Any, Any]:
    """holdem.compat's shims: the installed holdem first, else this checkout's source tree."""
    try:
        importlib.import_module("holdem.compat._native")
    except ImportError:
        sys.path.insert(0, str(REPO_ROOT))
        for name in [m for m in sys.modules if m == "holdem" or m.startswith("holdem.")]:
            del sys.modules[name]
    ph = importlib.import_module("holdem.compat.phevaluator")
    e7 = importlib.import_module("holdem.compat.eval7")
    tr = importlib.import_module("holdem.compat.treys")
    return ph, e7, tr


def random_hands(n: int, seed: int) -> np.ndarray:
    """(n, 7) uint8 card indices, distinct in a row (partial Fisher-Yates per row)."""
    rng = np.random.default_rng(seed)
    deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for k in range(7):
        j = rng.integers(k, 52, n)
        top = deck[rows, k].copy()
        deck[rows, k] = deck[rows, j]
        deck[rows, j] = top
    return np.ascontiguousarray(deck[:, :7])


def loop_star(f: Callable[..., Any], items: list[Any]) -> Callable[[], None]:
    def run(f: Callable[..., Any] = f, items: list[Any] = items) -> None:
        for h in items:
            f(*h)

    return run


def loop_call(f: Callable[..., Any], items: list[Any]) -> Callable[[], None]:
    def run(f: Callable[..., Any] = f, items: list[Any] = items) -> None:
        for h in items:
            f(h)

    return run


def loop_empty(items: list[Any]) -> Callable[[], None]:
    def run(items: list[Any] = items) -> None:
        for _h in items:
            pass

    return run


def round_robin(runs: dict[str, Callable[[], None]], repeats: int) -> dict[str, float]:
    """Median ns of each zero-argument callable over interleaved rounds (after a warm-up)."""
    names = list(runs)
    samples: dict[str, list[int]] = {name: [] for name in names}
    for name in names:
        runs[name]()
    gc.collect()
    gc.disable()
    try:
        for r in range(repeats):
            k = r % len(names)
            for name in names[k:] + names[:k]:
                t0 = time.perf_counter_ns()
                runs[name]()
                samples[name].append(time.perf_counter_ns() - t0)
    finally:
        gc.enable()
    return {name: statistics.median(s) for name, s in samples.items()}


class Bench:
    def __init__(self, repeats: int) -> None:
        self.repeats = repeats
        self.rows: list[dict[str, Any]] = []
        self.mismatches: list[str] = []

    def compare(
        self,
        label: str,
        package: tuple[Callable[..., Any], list[Any]],
        shim: tuple[Callable[..., Any], list[Any]],
        star: bool,
        *,
        bar: bool = True,
    ) -> None:
        """Check that both give the same answers on their inputs, then time them interleaved."""
        (pf, pin), (sf, sin) = package, shim
        theirs = [pf(*h) for h in pin] if star else [pf(h) for h in pin]
        ours = [sf(*h) for h in sin] if star else [sf(h) for h in sin]
        if theirs != ours:
            bad = next(i for i, (a, b) in enumerate(zip(theirs, ours, strict=True)) if a != b)
            self.mismatches.append(f"{label}: input {bad}: package {theirs[bad]}, shim {ours[bad]}")
            log(f"  MISMATCH {self.mismatches[-1]}")
            return
        loop = loop_star if star else loop_call
        medians = round_robin(
            {"package": loop(pf, pin), "shim": loop(sf, sin), "loop": loop_empty(pin)},
            self.repeats,
        )
        n = len(pin)
        row = {
            "call": label,
            "hands": n,
            "package_ns": medians["package"] / n,
            "shim_ns": medians["shim"] / n,
            "loop_ns": medians["loop"] / n,
            "ratio": medians["package"] / medians["shim"],
            "bar": BAR if bar else None,
        }
        row["pass"] = None if not bar else row["ratio"] >= BAR
        self.rows.append(row)
        verdict = "info" if row["pass"] is None else ("PASS" if row["pass"] else "FAIL")
        log(f"  {label}: {row['ratio']:.2f}x {verdict}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples, fewer repeats")
    parser.add_argument("--repeats", type=int, default=None, help="rounds (default 7, quick 3)")
    parser.add_argument("--hands", type=int, default=None, help="hands for the compiled peers")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument("--enforce-bars", action="store_true", help="exit 2 if a bar is missed")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 7)
    n_fast = args.hands or (20_000 if args.quick else 200_000)
    n_treys = max(1, n_fast // 10)

    shim_ph, shim_e7, shim_tr = import_compat()
    hands = random_hands(n_fast, args.seed)
    bench = Bench(repeats)

    phevaluator = import_module("phevaluator")
    if phevaluator is not None:
        log("phevaluator")
        pheval = importlib.import_module("phevaluator._pheval")
        for n in (7, 5):
            ints = [tuple(h) for h in hands[:, :n].tolist()]
            pair = (phevaluator.evaluate_cards, ints), (shim_ph.evaluate_cards, ints)
            bench.compare(f"phevaluator.evaluate_cards(*ints), {n} cards", *pair, star=True)
        strs = [tuple(NAMES[c] for c in h) for h in hands.tolist()]
        pair = (phevaluator.evaluate_cards, strs), (shim_ph.evaluate_cards, strs)
        bench.compare("phevaluator.evaluate_cards(*strings), 7 cards", *pair, star=True)
        ints = [tuple(h) for h in hands.tolist()]
        bench.compare(
            "phevaluator._pheval.evaluate_7cards(*ints) (private C function)",
            (pheval.evaluate_7cards, ints),
            (shim_ph.evaluate_cards, ints),
            star=True,
            bar=False,
        )

    eval7 = import_module("eval7")
    if eval7 is not None:
        log("eval7")
        theirs = np.array([eval7.Card(s) for s in NAMES], dtype=object)
        ours = np.array([shim_e7.Card(s) for s in NAMES], dtype=object)
        for n in (7, 5):
            pair = (
                (eval7.evaluate, theirs[hands[:, :n]].tolist()),
                (shim_e7.evaluate, ours[hands[:, :n]].tolist()),
            )
            bench.compare(f"eval7.evaluate(list of Card), {n} cards", *pair, star=False)

    treys = import_module("treys")
    if treys is not None:
        log("treys")
        their_ev, our_ev = treys.Evaluator(), shim_tr.Evaluator()
        ints = np.array([treys.Card.new(s) for s in NAMES], dtype=np.int64)
        for n in (7, 5):
            rows = ints[hands[:n_treys, :n]].tolist()
            split = [(h[:2], h[2:]) for h in rows]
            pair = (their_ev.evaluate, split), (our_ev.evaluate, split)
            bench.compare(f"treys Evaluator().evaluate(hand, board), {n} cards", *pair, star=True)

    result = {"rows": bench.rows, "mismatches": bench.mismatches, "repeats": repeats}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"holdem.compat vs the packages it replaces: median of {repeats} interleaved runs")
        print(f"{'call (same inputs for both)':<66} {'hands':>7} {'package':>9} {'shim':>7}")
        print(f"{'':<66} {'':>7} {'ns/hand':>9} {'ns/hand':>7} {'ratio':>7}  bar {BAR:.0f}x")
        for r in bench.rows:
            verdict = "info" if r["pass"] is None else ("PASS" if r["pass"] else "FAIL")
            print(
                f"{r['call']:<66} {r['hands']:>7} {r['package_ns']:>9.0f} {r['shim_ns']:>7.0f} "
                f"{r['ratio']:>6.2f}x  {verdict}"
            )
        if bench.rows:
            loop = min(r["loop_ns"] for r in bench.rows)
            print(f"(the Python loop alone costs about {loop:.0f} ns/hand, included in both)")
    if bench.mismatches:
        return 1
    if args.enforce_bars and any(r["pass"] is False for r in bench.rows):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
