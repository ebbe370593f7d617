#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem``'s hand evaluator against its peers.

Everything runs in ONE process, on exactly the same pre-generated hands, so the
ratios are what matter (absolute numbers depend on the machine).  Methodology:

* every measurement is repeated ``--repeats`` times and the MEDIAN is reported;
* contenders are interleaved round-robin (A, B, C, A, B, C, ...; the starting
  contender rotates every round) so slow drifts of a noisy VM hit all alike;
* each contender runs once untimed first (warm-up: caches, lazy tables);
* ``time.perf_counter_ns`` around each run, garbage collector disabled while timing;
* correctness is checked inside the benchmark (holdem value == 7463 - phevaluator
  rank, peers' orderings agree with phevaluator, batch == per-call, histogram
  totals == known category counts), so a broken contender is noticed.

Sections:
  1. per-call evaluation of random 7-card hands from Python;
  2. batch evaluation (``holdem.evaluate_batch``, threads=1 and 2, and each of its paths), beside
     OMPEval's ``HandEvaluator`` on the same hands (``--ompeval PATH``: a harness binary built
     by hand outside the repository, see benchmarks/_ompeval.py; its own clock around the
     work), and the scaling of ``evaluate_batch`` from one thread to every CPU, with a probe of
     whether the CPUs were free: two single-thread copies of one job timed at once against one
     alone, a Python loop and ``evaluate_batch(threads=1)`` itself (two processes each with a
     free core run it at once in about the time of one alone: when they do and two threads do
     not, the threads are at fault; when they do not either, the machine);
  3. full enumeration of all C(52,7) hands (``holdem.value_histogram(7)``).

Usage:
  python benchmarks/evaluator.py              # full run, table on stdout
  python benchmarks/evaluator.py --quick      # smoke run (CI), < 20 s
  python benchmarks/evaluator.py --json       # JSON object on stdout instead of the table
  python benchmarks/evaluator.py --only batch --ompeval ~/ext/ompeval/ompeval-harness

Progress messages go to stderr.  Exit status: 0 ok, 1 a correctness check failed,
2 a performance bar was missed and ``--enforce-bars`` was given.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import inspect
import itertools
import json
import math
import os
import platform
import statistics
import sys
import tempfile
import time
from functools import cmp_to_key
from pathlib import Path
from typing import Any

import _ompeval
import _timing
import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
# card index = rank * 4 + suit (phevaluator's encoding, also holdem's)
CARD_STR = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]

N_SEVEN = math.comb(52, 7)  # 133,784,560

# Category boundaries as phevaluator ranks (1 = royal flush ... 7462 = 7-5-4-3-2 offsuit),
# upper bound of each category, best first: SF, 4K, FH, FL, ST, 3K, 2P, 1P, HC.
PH_CATEGORY_UPPER = [10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462]
CATEGORY_NAMES = [
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
]
# Known number of hands per category (same order), for all C(52, n) hands.
KNOWN_CATEGORY_COUNTS = {
    5: [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540],
    6: [1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900],
    7: [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460],
}

# Performance bars (from the project's goals).
BAR_PERCALL_VS_PHEVAL = 1.5  # holdem.evaluate >= 1.5x phevaluator._pheval.evaluate_7cards
BAR_BATCH_MHPS = 150.0  # evaluate_batch, threads=1, >= 150 M hands/s
BAR_BATCH_VS_OMPEVAL = 0.6  # evaluate_batch, threads=1: at most 0.6x OMPEval's time
BAR_TWO_THREADS = 1.8  # evaluate_batch, threads=2: at least 1.8x threads=1 (second core free)
BAR_ENUM_SECONDS = 0.25  # value_histogram(7), one thread, <= 0.25 s

REPO_ROOT = Path(__file__).resolve().parent.parent


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- environment


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_info() -> dict:
    try:
        usable: int | None = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        usable = os.cpu_count()
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_model": cpu_model(),
        "cpu_count": os.cpu_count(),
        "cpus_usable": usable,
        "python": sys.version.split()[0],
        "python_implementation": platform.python_implementation(),
        "loadavg_start": loadavg(),
    }


def loadavg():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def dist_version(*names: str) -> str | None:
    for name in names:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def import_holdem():
    """Import holdem: the installed one first, else the source tree of this checkout."""

    def usable(mod):
        # a bare source directory without __init__.py imports as a namespace package
        if getattr(mod, "__file__", None) is None:
            return f"{list(getattr(mod, '__path__', []))} is not a built package (no __init__.py)"
        if not hasattr(mod, "evaluate"):
            return f"{mod.__file__} has no evaluate()"
        return None

    try:
        mod = importlib.import_module("holdem")
        why = usable(mod)
        if why is None:
            return mod, None
    except ImportError as first:
        why = f"{type(first).__name__}: {first}"
    if (REPO_ROOT / "holdem").is_dir() and str(REPO_ROOT) not in sys.path:
        for name in [m for m in sys.modules if m == "holdem" or m.startswith("holdem.")]:
            del sys.modules[name]
        sys.path.insert(0, str(REPO_ROOT))
        try:
            mod = importlib.import_module("holdem")
            why2 = usable(mod)
            if why2 is None:
                return mod, None
            why = why2
        except Exception as second:  # a half-written package may raise anything
            why = f"{type(second).__name__}: {second}"
    return None, why


def import_peer(name: str):
    try:
        return importlib.import_module(name), None
    except ImportError as exc:
        return None, f"{type(exc).__name__}: {exc}"


# --------------------------------------------------------------------------- hands


def random_hands(n: int, seed: int, k: int = 7) -> np.ndarray:
    """(n, k) uint8 array, k distinct cards per row, uniform (partial Fisher-Yates per row)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    chunk = 250_000
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        deck = np.tile(np.arange(52, dtype=np.uint8), (m, 1))
        rows = np.arange(m)
        for i in range(k):
            j = rng.integers(i, 52, size=m)
            a = deck[rows, i].copy()
            deck[rows, i] = deck[rows, j]
            deck[rows, j] = a
        out[start : start + m] = deck[:, :k]
    return out


# --------------------------------------------------------------------------- timing


def round_robin(
    runs: dict, repeats: int, warmup: bool = True, min_seconds: float = 0.0, max_rounds: int = 60
) -> dict[str, list[int]]:
    """Time each zero-argument callable, interleaved; returns ns samples per callable.

    At least `repeats` rounds; when the rounds are short, more of them (up to `max_rounds`)
    until `min_seconds` have elapsed, so that a short burst of load from another process
    cannot cover every sample of a fast measurement.
    """
    names = list(runs)
    clock = time.perf_counter_ns
    samples: dict[str, list[int]] = {name: [] for name in names}
    if warmup:
        for name in names:
            runs[name]()
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    deadline = clock() + int(min_seconds * 1e9)
    try:
        r = 0
        while r < repeats or (r < max(repeats, max_rounds) and clock() < deadline):
            k = r % len(names)
            r += 1
            for name in names[k:] + names[:k]:  # rotate the starting contender each round
                fn = runs[name]
                t0 = clock()
                fn()
                t1 = clock()
                samples[name].append(t1 - t0)
    finally:
        if was_enabled:
            gc.enable()
    return samples


def summarize(samples: list[int], n_items: int) -> dict:
    med = statistics.median(samples)
    return {
        "items": n_items,
        "n_samples": len(samples),
        "samples_ns": samples,
        "median_ns": med,
        "min_ns": min(samples),
        "spread_pct": 100.0 * (max(samples) - min(samples)) / med if med else 0.0,
        "ns_per_item": med / n_items,
        "m_per_s": n_items / med * 1e3 if med else float("inf"),
    }


# Loop shapes.  Default arguments make the loop variables fast locals; every
# contender gets the same shape so the interpreter overhead is identical.


def loop_call(f, items):
    def run(f=f, items=items):
        for h in items:
            f(h)

    return run


def loop_star(f, items):
    def run(f=f, items=items):
        for h in items:
            f(*h)

    return run


def loop_empty(items):
    def run(items=items):
        for _h in items:
            pass

    return run


# --------------------------------------------------------------------------- checks


class Checks:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, name: str, ok: bool, detail: str = "") -> bool:
        self.items.append({"name": name, "ok": bool(ok), "detail": detail})
        log(f"  check {'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")
        return bool(ok)

    def run(self, name: str, fn) -> bool:
        """fn() -> (ok, detail); any exception counts as a failure."""
        try:
            ok, detail = fn()
        except BaseException as exc:  # Rust panics are BaseException
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            ok, detail = False, f"raised {type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
        return self.add(name, ok, detail)

    @property
    def failed(self) -> list[dict]:
        return [c for c in self.items if not c["ok"]]


def order_consistent(values, ph_ranks, higher_is_better: bool = True):
    """Peer values must induce the same (pre)order as phevaluator ranks (lower rank = better)."""
    v2r: dict = {}
    r2v: dict = {}
    for v, r in zip(values, ph_ranks, strict=True):
        if v2r.setdefault(v, r) != r:
            return False, f"peer value {v} for phevaluator ranks {v2r[v]} and {r}"
        if r2v.setdefault(r, v) != v:
            return False, f"phevaluator rank {r} for peer values {r2v[r]} and {v}"
    ranks = [v2r[v] for v in sorted(v2r)]
    if higher_is_better:
        ok = all(a > b for a, b in itertools.pairwise(ranks))
    else:
        ok = all(a < b for a, b in itertools.pairwise(ranks))
    return (
        ok,
        f"{len(values)} hands, {len(v2r)} distinct values, order {'agrees' if ok else 'DISAGREES'}",
    )


def order_consistent_objects(objs, ph_ranks):
    """Same for comparable objects (pokerkit hands: a < b means b is stronger)."""

    def cmp(i, j):
        return -1 if objs[i] < objs[j] else (1 if objs[j] < objs[i] else 0)

    order = sorted(range(len(objs)), key=cmp_to_key(cmp))
    for a, b in itertools.pairwise(order):
        if objs[a] < objs[b]:
            if not ph_ranks[a] > ph_ranks[b]:
                return False, f"hands {a} < {b} but phevaluator ranks {ph_ranks[a]}, {ph_ranks[b]}"
        elif ph_ranks[a] != ph_ranks[b]:
            return False, f"hands {a} == {b} but phevaluator ranks {ph_ranks[a]}, {ph_ranks[b]}"
    return True, f"{len(objs)} hands, order agrees"


def category_counts_from_values(hist) -> list[int]:
    """holdem histogram (index = value = 7463 - phevaluator rank) -> counts per category."""
    counts = []
    lo_rank = 1
    for hi_rank in PH_CATEGORY_UPPER:
        # ranks lo..hi  <->  values 7463-hi .. 7463-lo
        counts.append(int(sum(hist[7463 - hi_rank : 7463 - lo_rank + 1])))
        lo_rank = hi_rank + 1
    return counts


# --------------------------------------------------------------------------- sections


def section_percall(cfg, mods, hands_arr, checks: Checks, repeats: int) -> dict:
    n = cfg["percall_hands"]
    n_slow = cfg["treys_hands"]
    n_pk = cfg["pokerkit_hands"]
    k_chk = min(1000, n)
    hands = [tuple(r) for r in hands_arr[:n].tolist()]  # tuples of 7 Python ints
    log(f"[per-call] {n:,} hands (treys {n_slow:,}, pokerkit {n_pk:,}); converting for peers ...")

    ph = mods.get("phevaluator_c")
    ph_ref = [ph.evaluate_7cards(*h) for h in hands[:k_chk]] if ph else None

    contenders = []  # (key, label, runner, n_items, note)
    skipped = []

    holdem = mods.get("holdem")
    if holdem is not None:
        hev = holdem.evaluate
        contenders.append(
            ("holdem", "holdem.evaluate(h)", loop_call(hev, hands), n, "h = tuple of 7 ints")
        )
        if ph_ref is not None:

            def chk_holdem():
                got = [hev(h) for h in hands[:k_chk]]
                exp = [7463 - r for r in ph_ref]
                bad = [i for i, (g, e) in enumerate(zip(got, exp, strict=True)) if g != e]
                return (
                    not bad,
                    f"value == 7463 - phevaluator rank on {k_chk} hands; "
                    f"sum {sum(got)} vs {sum(exp)}"
                    + (
                        f"; first mismatch at hand {bad[0]} "
                        f"{hands[bad[0]]}: {got[bad[0]]} != {exp[bad[0]]}"
                        if bad
                        else ""
                    ),
                )

            checks.run("per-call holdem.evaluate == 7463 - phevaluator", chk_holdem)
        # accepts the other documented input shapes (not timed)
        checks.run(
            "per-call holdem.evaluate accepts list and Card tuple",
            lambda: (
                hev(list(hands[0]))
                == hev(hands[0])
                == hev(tuple(holdem.Card(c) for c in hands[0])),
                "list / Card inputs agree",
            ),
        )
    else:
        skipped.append(("holdem", mods["_skip"]["holdem"]))

    if ph is not None:
        contenders.append(
            (
                "phevaluator_c",
                "phevaluator._pheval.evaluate_7cards(*h)",
                loop_star(ph.evaluate_7cards, hands),
                n,
                "private C function, 7 int args",
            )
        )
    else:
        skipped.append(("phevaluator_c", mods["_skip"]["phevaluator_c"]))

    phpub = mods.get("phevaluator")
    if phpub is not None and ph_ref is not None:
        f = phpub.evaluate_cards
        contenders.append(
            (
                "phevaluator",
                "phevaluator.evaluate_cards(*h)",
                loop_star(f, hands),
                n,
                "public API, 7 int args",
            )
        )
        checks.run(
            "per-call phevaluator.evaluate_cards == _pheval.evaluate_7cards",
            lambda: ([f(*h) for h in hands[:k_chk]] == ph_ref, f"{k_chk} hands"),
        )
    elif phpub is None:
        skipped.append(("phevaluator", mods["_skip"]["phevaluator"]))

    eval7 = mods.get("eval7")
    if eval7 is not None:
        e7_cards = [eval7.Card(s) for s in CARD_STR]
        e7_hands = [[e7_cards[c] for c in h] for h in hands]
        f = eval7.evaluate
        contenders.append(
            (
                "eval7",
                "eval7.evaluate(cards)",
                loop_call(f, e7_hands),
                n,
                "list of 7 eval7.Card, pre-converted",
            )
        )
        checks.run(
            "per-call eval7 hands are the same hands",
            lambda: (
                [[CARD_STR.index(str(c)) for c in h] for h in e7_hands[:k_chk]]
                == [list(h) for h in hands[:k_chk]],
                f"{k_chk} hands round-trip",
            ),
        )
        if ph_ref is not None:
            checks.run(
                "per-call eval7 order == phevaluator order",
                lambda: order_consistent([f(h) for h in e7_hands[:k_chk]], ph_ref),
            )
    else:
        skipped.append(("eval7", mods["_skip"]["eval7"]))

    hhe = mods.get("holdem_hand_evaluator")
    if hhe is not None:
        hhe_hands = ["".join(CARD_STR[c] for c in h) for h in hands]
        f = hhe.evaluate_hand
        contenders.append(
            (
                "holdem_hand_evaluator",
                "holdem_hand_evaluator.evaluate_hand(s)",
                loop_call(f, hhe_hands),
                n,
                "s = 'AsKd...' 14-char str (its only input form)",
            )
        )
        checks.run(
            "per-call holdem_hand_evaluator hands are the same hands",
            lambda: (
                [[CARD_STR.index(s[i : i + 2]) for i in range(0, 14, 2)] for s in hhe_hands[:k_chk]]
                == [list(h) for h in hands[:k_chk]],
                f"{k_chk} hands round-trip",
            ),
        )
        if ph_ref is not None:
            checks.run(
                "per-call holdem_hand_evaluator order == phevaluator order",
                lambda: order_consistent([f(s) for s in hhe_hands[:k_chk]], ph_ref),
            )
    else:
        skipped.append(("holdem_hand_evaluator", mods["_skip"]["holdem_hand_evaluator"]))

    treys = mods.get("treys")
    if treys is not None:
        t_cards = [treys.Card.new(s) for s in CARD_STR]
        t_pairs = [
            ([t_cards[c] for c in h[:2]], [t_cards[c] for c in h[2:]]) for h in hands[:n_slow]
        ]
        ev = treys.Evaluator()
        f = ev.evaluate

        def treys_runner(f=f, items=t_pairs):
            for hole, board in items:
                f(hole, board)

        contenders.append(
            (
                "treys",
                "treys Evaluator().evaluate(hole, board)",
                treys_runner,
                n_slow,
                "treys card ints, pre-converted; fewer hands",
            )
        )
        checks.run(
            "per-call treys hands are the same hands",
            lambda: (
                [
                    [CARD_STR.index(treys.Card.int_to_str(c)) for c in a + b]
                    for a, b in t_pairs[:k_chk]
                ]
                == [list(h) for h in hands[: min(k_chk, n_slow)]],
                "round-trip",
            ),
        )
        if ph_ref is not None:
            kk = min(k_chk, n_slow)
            checks.run(
                "per-call treys rank == phevaluator rank",
                lambda: ([f(a, b) for a, b in t_pairs[:kk]] == ph_ref[:kk], f"{kk} hands"),
            )
    else:
        skipped.append(("treys", mods["_skip"]["treys"]))

    pokerkit = mods.get("pokerkit")
    if pokerkit is not None and n_pk > 0:
        pk_cards = [next(iter(pokerkit.Card.parse(s))) for s in CARD_STR]
        pk_pairs = [
            (tuple(pk_cards[c] for c in h[:2]), tuple(pk_cards[c] for c in h[2:]))
            for h in hands[:n_pk]
        ]
        f = pokerkit.StandardHighHand.from_game

        def pokerkit_runner(f=f, items=pk_pairs):
            for hole, board in items:
                f(hole, board)

        contenders.append(
            (
                "pokerkit",
                "pokerkit StandardHighHand.from_game(hole, board)",
                pokerkit_runner,
                n_pk,
                "pure Python; pokerkit Card objects, pre-converted; few hands",
            )
        )
        if ph_ref is not None:
            kk = min(200, n_pk, k_chk)
            checks.run(
                "per-call pokerkit order == phevaluator order",
                lambda: order_consistent_objects([f(a, b) for a, b in pk_pairs[:kk]], ph_ref[:kk]),
            )
    elif pokerkit is None:
        skipped.append(("pokerkit", mods["_skip"]["pokerkit"]))

    runs = {key: runner for key, _, runner, _, _ in contenders}
    runs["_loop"] = loop_empty(hands)
    log(f"[per-call] timing {len(contenders)} contenders x {repeats} repeats, round-robin ...")
    samples = round_robin(runs, repeats, min_seconds=cfg["min_seconds"])

    rows = []
    for key, label, _, n_items, note in contenders:
        row = {"key": key, "label": label, "note": note, **summarize(samples[key], n_items)}
        rows.append(row)
    by_key = {r["key"]: r for r in rows}
    if "holdem" in by_key:
        h_ns = by_key["holdem"]["ns_per_item"]
        for r in rows:
            r["holdem_speedup"] = r["ns_per_item"] / h_ns
    loop = summarize(samples["_loop"], n)
    peers = [r for r in rows if r["key"] != "holdem"]
    fastest_peer = min(peers, key=lambda r: r["ns_per_item"]) if peers else None
    return {
        "hands": n,
        "rows": rows,
        "loop_overhead": {"label": "empty loop `for h in hands: pass`", **loop},
        "fastest_peer": fastest_peer["key"] if fastest_peer else None,
        "skipped": [{"key": k, "reason": v} for k, v in skipped],
    }


def section_batch(
    cfg, mods, hands_arr, checks: Checks, repeats: int, percall: dict | None, harness=None
) -> dict:
    holdem = mods.get("holdem")
    n = len(hands_arr)
    res: dict[str, Any] = {"hands": n, "rows": [], "peer_batch_apis": [], "skipped": []}
    # Peers' batch APIs: none of the installed peers has one (recorded here so the report says so).
    notes = {
        "phevaluator": "no batch API (per-call only)",
        "eval7": (
            "no batch evaluate (only equity/range helpers: "
            "py_hand_vs_range_*, py_all_hands_vs_range)"
        ),
        "holdem_hand_evaluator": "no batch API (evaluate_hand(str) and calculate_equity only)",
        "treys": "no batch API (per-call only)",
        "pokerkit": "no batch API (per-call, pure Python)",
    }
    for key in ("phevaluator", "eval7", "holdem_hand_evaluator", "treys", "pokerkit"):
        mod = mods.get(key)
        if mod is not None:
            batchy = [a for a in dir(mod) if "batch" in a.lower() or "many" in a.lower()]
            res["peer_batch_apis"].append(
                {
                    "key": key,
                    "note": notes[key] if not batchy else f"has {batchy} - not benchmarked",
                }
            )
    if holdem is None:
        res["skipped"].append({"key": "holdem", "reason": mods["_skip"]["holdem"]})
        return res
    if not hasattr(holdem, "evaluate_batch"):
        res["skipped"].append({"key": "holdem", "reason": "holdem has no evaluate_batch()"})
        log("WARNING: holdem has no evaluate_batch(); batch section skipped")
        return res

    eb = holdem.evaluate_batch
    arr = np.ascontiguousarray(hands_arr, dtype=np.uint8)
    log(f"[batch] {n:,} hands; checking ...")
    v1 = eb(arr, threads=1)
    v2 = eb(arr, threads=2)
    ph = mods.get("phevaluator_c")
    checks.run(
        "batch dtype/shape",
        lambda: (v1.dtype == np.uint16 and v1.shape == (n,), f"dtype {v1.dtype}, shape {v1.shape}"),
    )
    checks.run("batch threads=2 == threads=1", lambda: (bool(np.array_equal(v1, v2)), f"{n} hands"))
    if ph is not None:

        def chk_all():
            f = ph.evaluate_7cards
            exp = 7463 - np.fromiter((f(*h) for h in arr.tolist()), dtype=np.int64, count=n)
            bad = np.flatnonzero(v1.astype(np.int64) != exp)
            return (
                bad.size == 0,
                f"all {n} hands == 7463 - phevaluator; sum {int(v1.sum(dtype=np.int64))} "
                f"vs {int(exp.sum())}"
                + (f"; {bad.size} mismatches, first row {int(bad[0])}" if bad.size else ""),
            )

        checks.run("batch == 7463 - phevaluator (every row)", chk_all)
    k = min(1000, n)
    checks.run(
        "batch == per-call holdem.evaluate",
        lambda: (
            [int(x) for x in v1[:k]] == [holdem.evaluate(tuple(r)) for r in arr[:k].tolist()],
            f"{k} hands",
        ),
    )

    runs = {"holdem_t1": lambda: eb(arr, threads=1), "holdem_t2": lambda: eb(arr, threads=2)}
    labels = {
        "holdem_t1": "holdem.evaluate_batch(arr, threads=1)",
        "holdem_t2": "holdem.evaluate_batch(arr, threads=2)",
    }
    try:
        has_out = "out" in inspect.signature(eb).parameters
    except (TypeError, ValueError):
        has_out = False
    if has_out:
        out = np.empty(n, dtype=np.uint16)
        try:
            eb(arr, threads=1, out=out)
            ok = bool(np.array_equal(out, v1))
        except Exception as exc:
            ok = False
            checks.add("batch out= works", False, f"raised {type(exc).__name__}: {exc}")
        else:
            checks.add("batch out= == returned array", ok, f"{n} hands")
        if ok:
            runs["holdem_t1_out"] = lambda: eb(arr, threads=1, out=out)
            labels["holdem_t1_out"] = "holdem.evaluate_batch(arr, threads=1, out=buf)"
    core = getattr(holdem, "_core", None)
    paths = core.batch_paths() if hasattr(core, "batch_paths") else ()
    for path in paths:
        buf = np.empty(n, dtype=np.uint16)
        core.evaluate_rows(arr, buf, path)
        checks.run(
            f"batch path {path} == evaluate_batch",
            lambda buf=buf: (bool(np.array_equal(buf, v1)), f"{n} hands"),
        )
        runs[f"path_{path}"] = lambda path=path, buf=buf: core.evaluate_rows(arr, buf, path)
        labels[f"path_{path}"] = f"holdem._core.evaluate_rows(arr, out, {path!r}) (one path)"
    omp_seconds: dict[str, list[float]] = {}
    if harness is not None:
        with tempfile.TemporaryDirectory() as tmp:
            rows_file, values_file = Path(tmp) / "hands.u8", Path(tmp) / "values.u16"
            arr.tofile(rows_file)
            checks.add("OMPEval harness read the hands", harness.load_hands(rows_file) == n)
            harness.evaluate(1)
            harness.values(values_file)
            omp_values = np.fromfile(values_file, dtype=np.uint16)
        checks.run(
            "OMPEval's values order the hands as holdem's",
            lambda: order_consistent(omp_values.tolist(), (7463 - v1.astype(np.int64)).tolist()),
        )
        for th in (1, 2):
            key = f"ompeval_t{th}"
            omp_seconds[key] = []
            runs[key] = lambda th=th, key=key: omp_seconds[key].append(harness.evaluate(th))
            labels[key] = f"OMPEval HandEvaluator, threads={th} (its own clock)"
    log(f"[batch] timing {len(runs)} variants x {repeats} repeats, round-robin ...")
    samples = round_robin(runs, repeats, min_seconds=cfg["min_seconds"])
    for key, secs in omp_seconds.items():  # the harness's clock, not the pipe's round trip
        samples[key] = [int(x * 1e9) for x in secs[-len(samples[key]) :]]
    if "ompeval_t1" in samples:
        res["vs_ompeval_t1"] = statistics.median(samples["holdem_t1"]) / statistics.median(
            samples["ompeval_t1"]
        )
    res["scaling"] = section_scaling(cfg, eb, arr, repeats)
    peer_row = None
    if percall and percall.get("fastest_peer"):
        peer_row = next(r for r in percall["rows"] if r["key"] == percall["fastest_peer"])
    for key in runs:
        row = {"key": key, "label": labels[key], **summarize(samples[key], n)}
        if peer_row is not None:
            row["vs_fastest_percall_peer"] = row["m_per_s"] / peer_row["m_per_s"]
        res["rows"].append(row)
    if peer_row is not None:
        res["fastest_percall_peer"] = {
            "key": peer_row["key"],
            "label": peer_row["label"],
            "m_per_s": peer_row["m_per_s"],
        }
    return res


def section_scaling(cfg, eb, arr, repeats: int) -> dict:
    """evaluate_batch on 1, 2, ... threads up to the CPUs this process may use, interleaved,
    between two probes of whether the CPUs were free (:func:`cpu_probe`)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    out = np.empty(len(arr), dtype=np.uint16)
    runs = {f"threads={k}": (lambda k=k: eb(arr, threads=k, out=out)) for k in range(1, cpus + 1)}
    log(f"[batch] scaling over 1..{cpus} threads, with a probe of the CPUs before and after ...")
    before = _timing.cpu_probe()
    kernel_before = _timing.cpu_probe(code=_timing.EVALUATOR_PROBE)
    samples = round_robin(runs, max(repeats, 9), min_seconds=cfg["min_seconds"])
    kernel_after = _timing.cpu_probe(code=_timing.EVALUATOR_PROBE)
    after = _timing.cpu_probe()
    one = statistics.median(samples["threads=1"])
    rows = []
    for k in range(1, cpus + 1):
        med = statistics.median(samples[f"threads={k}"])
        rows.append({"threads": k, **summarize(samples[f"threads={k}"], len(arr)),
                     "speedup": one / med})  # fmt: skip
    return {
        "rows": rows,
        "probe_before": before,
        "probe_after": after,
        "kernel_probe_before": kernel_before,
        "kernel_probe_after": kernel_after,
    }


def section_enum(cfg, mods, checks: Checks, repeats: int) -> dict:
    holdem = mods.get("holdem")
    ph = mods.get("phevaluator_c")
    n_ref = cfg["enum_ref_hands"]
    res: dict[str, Any] = {"hands": N_SEVEN, "rows": [], "reference": None, "skipped": []}
    runs, labels = {}, {}

    if holdem is not None and not hasattr(holdem, "value_histogram"):
        res["skipped"].append({"key": "holdem", "reason": "holdem has no value_histogram()"})
        log("WARNING: holdem has no value_histogram(); skipped")
    elif holdem is not None:
        vh = holdem.value_histogram
        log("[enum] checking value_histogram(5/6/7) ...")
        for nc in (5, 6, 7):

            def chk(nc=nc):
                hist = list(vh(nc))
                cats = category_counts_from_values(hist)
                exp = KNOWN_CATEGORY_COUNTS[nc]
                ok = (
                    len(hist) == 7463
                    and hist[0] == 0
                    and sum(hist) == math.comb(52, nc)
                    and cats == exp
                )
                detail = f"len {len(hist)}, total {sum(hist):,}"
                if cats != exp:
                    detail += "; categories " + ", ".join(
                        f"{name} {c} (want {e})"
                        for name, c, e in zip(CATEGORY_NAMES, cats, exp, strict=True)
                        if c != e
                    )
                return ok, detail

            checks.run(f"value_histogram({nc}) totals and category counts", chk)
        try:
            params = set(inspect.signature(vh).parameters)
        except (TypeError, ValueError):
            params = set()
        if "threads" in params:
            runs["holdem_t1"] = lambda: vh(7, threads=1)
            labels["holdem_t1"] = "holdem.value_histogram(7, threads=1)"
            runs["holdem_t2"] = lambda: vh(7, threads=2)
            labels["holdem_t2"] = "holdem.value_histogram(7, threads=2)"
        else:
            runs["holdem_t1"] = lambda: vh(7)
            labels["holdem_t1"] = "holdem.value_histogram(7)"
    else:
        res["skipped"].append({"key": "holdem", "reason": mods["_skip"]["holdem"]})

    if ph is not None and n_ref > 0:
        f = ph.evaluate_7cards

        def ref(f=f, n_ref=n_ref):
            counts = [0] * 7463
            for h in itertools.islice(itertools.combinations(range(52), 7), n_ref):
                counts[f(*h)] += 1
            return counts

        runs["ref_phevaluator"] = ref
        labels["ref_phevaluator"] = (
            f"phevaluator._pheval.evaluate_7cards loop, EXTRAPOLATED from {n_ref:,} hands"
        )
    if not runs:
        return res
    log(f"[enum] timing {len(runs)} variants x {repeats} repeats, round-robin ...")
    samples = round_robin(runs, repeats, min_seconds=cfg["min_seconds"])
    for key in runs:
        if key == "ref_phevaluator":
            s = summarize(samples[key], n_ref)
            s["extrapolated"] = True
            s["measured_hands"] = n_ref
            s["seconds"] = s["ns_per_item"] * N_SEVEN / 1e9
            res["reference"] = {"key": key, "label": labels[key], **s}
        else:
            s = summarize(samples[key], N_SEVEN)
            s["seconds"] = s["median_ns"] / 1e9
            res["rows"].append({"key": key, "label": labels[key], **s})
    if res["reference"] is not None:
        for row in res["rows"]:
            row["vs_reference"] = res["reference"]["seconds"] / row["seconds"]
    return res


# --------------------------------------------------------------------------- report


def bars(result: dict) -> list[dict]:
    out = []
    pc = result.get("percall")
    if pc:
        rows = {r["key"]: r for r in pc["rows"]}
        if "holdem" in rows and "phevaluator_c" in rows:
            sp = rows["phevaluator_c"]["holdem_speedup"]
            out.append(
                {
                    "name": "per-call holdem.evaluate vs phevaluator._pheval.evaluate_7cards",
                    "value": sp,
                    "bar": f">= {BAR_PERCALL_VS_PHEVAL}x",
                    "ok": sp >= BAR_PERCALL_VS_PHEVAL,
                    "text": f"{sp:.2f}x",
                }
            )
    bt = result.get("batch")
    if bt:
        rows = {r["key"]: r for r in bt["rows"]}
        if "holdem_t1" in rows:
            v = rows["holdem_t1"]["m_per_s"]
            out.append(
                {
                    "name": "evaluate_batch threads=1",
                    "value": v,
                    "bar": f">= {BAR_BATCH_MHPS:g} M hands/s",
                    "ok": v >= BAR_BATCH_MHPS,
                    "text": f"{v:.1f} M hands/s",
                }
            )
    if bt and "vs_ompeval_t1" in bt:
        v = bt["vs_ompeval_t1"]
        out.append(
            {
                "name": "evaluate_batch threads=1 time / OMPEval's",
                "value": v,
                "bar": f"<= {BAR_BATCH_VS_OMPEVAL}",
                "ok": v <= BAR_BATCH_VS_OMPEVAL,
                "text": f"{v:.2f}x",
            }
        )
    if bt and bt.get("scaling") and len(bt["scaling"]["rows"]) > 1:
        v = bt["scaling"]["rows"][1]["speedup"]
        out.append(
            {
                "name": "evaluate_batch threads=2 speedup over threads=1 (second CPU "
                f"{'free' if bt['scaling']['probe_before']['ratio'] < 1.15 else 'BUSY'})",
                "value": v,
                "bar": f">= {BAR_TWO_THREADS}",
                "ok": v >= BAR_TWO_THREADS,
                "text": f"{v:.2f}x",
            }
        )
    en = result.get("enumeration")
    if en:
        rows = {r["key"]: r for r in en["rows"]}
        if "holdem_t1" in rows:
            v = rows["holdem_t1"]["seconds"]
            out.append(
                {
                    "name": "value_histogram(7) one thread",
                    "value": v,
                    "bar": f"<= {BAR_ENUM_SECONDS} s",
                    "ok": v <= BAR_ENUM_SECONDS,
                    "text": f"{v:.3f} s",
                }
            )
    return out


def fmt_table(headers: list[str], rows: list[list[str]], align: str) -> str:
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)
    ]

    def line(cells):
        return "  ".join(
            c.ljust(w) if a == "l" else c.rjust(w)
            for c, w, a in zip(cells, widths, align, strict=True)
        ).rstrip()

    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), sep] + [line(r) for r in rows])


def render(result: dict) -> str:
    m, cfg = result["machine"], result["config"]
    L = []
    L.append("holdem evaluator benchmark")
    L.append("=" * 26)
    L.append(f"machine : {m['platform']}")
    L.append(f"cpu     : {m['cpu_model']} ({m['cpus_usable']} usable of {m['cpu_count']} CPUs)")
    L.append(f"python  : {m['python']} ({m['python_implementation']})")
    if m.get("loadavg_start"):
        L.append(
            f"loadavg : {' '.join(map(str, m['loadavg_start']))} at start, "
            f"{' '.join(map(str, m.get('loadavg_end') or []))} at end "
            "(1/5/15 min; >~1 means contention)"
        )
    L.append("versions: " + ", ".join(f"{k} {v or '-'}" for k, v in result["versions"].items()))
    if result.get("holdem_path"):
        L.append(f"holdem  : {result['holdem_path']}")
    L.append(
        f"config  : {'QUICK, ' if cfg['quick'] else ''}median of >= {cfg['repeats']} repeats "
        "(more, up to 60, "
        f"while a section is shorter than {cfg['min_seconds']:g} s), round-robin, gc disabled, "
        f"seed {cfg['seed']}"
    )
    for s in result["skipped"]:
        L.append(f"SKIPPED : {s['key']}: {s['reason']}")

    pc = result.get("percall")
    if pc:
        L.append("")
        L.append(
            f"1. Per-call evaluation of random 7-card hands from Python ({pc['hands']:,} hands, "
            f"same hands for all; fewer for the slow ones)"
        )
        has_h = any(r["key"] == "holdem" for r in pc["rows"])
        rows = []
        for r in pc["rows"]:
            rows.append(
                [
                    r["label"],
                    f"{r['items']:,}",
                    f"{r['ns_per_item']:,.1f}",
                    f"{r['m_per_s']:.2f}",
                    f"{r['min_ns'] / r['items']:,.1f}",
                    f"{r['spread_pct']:.0f}% /{r['n_samples']}",
                    (f"{r['holdem_speedup']:.2f}x" if has_h and r["key"] != "holdem" else "-"),
                ]
            )
        lo = pc["loop_overhead"]
        rows.append(
            [
                f"(reference) {lo['label']}",
                f"{lo['items']:,}",
                f"{lo['ns_per_item']:,.1f}",
                f"{lo['m_per_s']:.2f}",
                f"{lo['min_ns'] / lo['items']:,.1f}",
                f"{lo['spread_pct']:.0f}% /{lo['n_samples']}",
                "",
            ]
        )
        L.append(
            fmt_table(
                [
                    "contender",
                    "hands",
                    "ns/hand",
                    "M hands/s",
                    "min ns/hand",
                    "spread /runs",
                    "holdem faster by",
                ],
                rows,
                "lrrrrrr",
            )
        )
        L.append(
            "   (median; ns/hand includes the Python loop and call overhead;"
            " spread = (max-min)/median over runs;"
        )
        L.append("    'holdem faster by' = peer median ns/hand / holdem median ns/hand)")
        for r in pc["rows"]:
            L.append(f"   {r['key']}: {r['note']}")
        if pc["fastest_peer"]:
            L.append(f"   fastest per-call peer: {pc['fastest_peer']}")

    bt = result.get("batch")
    if bt:
        L.append("")
        L.append(f"2. Batch evaluation ({bt['hands']:,} random 7-card hands, uint8 (N,7))")
        if bt["rows"]:
            fp = bt.get("fastest_percall_peer")
            rows = [
                [
                    r["label"],
                    f"{r['median_ns'] / 1e6:,.2f}",
                    f"{r['m_per_s']:,.1f}",
                    f"{r['items'] / r['min_ns'] * 1e3:,.1f}",
                    f"{r['spread_pct']:.0f}% /{r['n_samples']}",
                    (
                        f"{r['vs_fastest_percall_peer']:.1f}x"
                        if "vs_fastest_percall_peer" in r
                        else "-"
                    ),
                ]
                for r in bt["rows"]
            ]
            if fp:
                rows.append(
                    [f"(per-call) {fp['label']}", "", f"{fp['m_per_s']:,.2f}", "", "", "1.0x"]
                )
            L.append(
                fmt_table(
                    [
                        "contender",
                        "ms",
                        "M hands/s",
                        "best M hands/s",
                        "spread /runs",
                        "vs fastest per-call peer",
                    ],
                    rows,
                    "lrrrrr",
                )
            )
        if "vs_ompeval_t1" in bt:
            L.append(
                f"   evaluate_batch threads=1 takes {bt['vs_ompeval_t1']:.2f}x OMPEval's time on "
                "the same hands (OMPEval timed by its harness's own clock)"
            )
        sc = bt.get("scaling")
        if sc:
            L.append("   scaling of evaluate_batch(arr, threads=k, out=buf):")
            for r in sc["rows"]:
                L.append(
                    f"     threads={r['threads']}: {r['median_ns'] / 1e6:,.3f} ms, "
                    f"{r['speedup']:.2f}x threads=1 "
                    f"(spread {r['spread_pct']:.0f}% /{r['n_samples']})"
                )
            for when in ("before", "after"):
                pr = sc[f"probe_{when}"]
                L.append(
                    f"     CPU probe {when}: {pr['copies']} single-thread copies at once took "
                    f"{pr['ratio']:.2f}x one alone "
                    f"({'CPUs free' if pr['ratio'] < 1.15 else 'CPUs BUSY'})"
                )
            for when in ("before", "after"):
                pr = sc[f"kernel_probe_{when}"]
                L.append(
                    f"     kernel probe {when}: {pr['copies']} processes each running "
                    f"evaluate_batch(threads=1) at once took {pr['ratio']:.2f}x one alone "
                    "(the most threads=2 can give: "
                    f"{pr['copies'] / pr['ratio']:.2f}x)"
                )
        for p in bt["peer_batch_apis"]:
            L.append(f"   {p['key']}: {p['note']}")
        for s in bt["skipped"]:
            L.append(f"   SKIPPED {s['key']}: {s['reason']}")

    en = result.get("enumeration")
    if en:
        L.append("")
        L.append(f"3. Enumeration of all {N_SEVEN:,} seven-card hands (value histogram)")
        rows = [
            [
                r["label"],
                f"{r['seconds']:.3f}",
                f"{r['m_per_s']:,.0f}",
                f"{r['min_ns'] / 1e9:.3f}",
                f"{r['spread_pct']:.0f}% /{r['n_samples']}",
                (f"{r['vs_reference']:,.0f}x" if "vs_reference" in r else "-"),
            ]
            for r in en["rows"]
        ]
        ref = en.get("reference")
        if ref:
            rows.append(
                [
                    ref["label"],
                    f"{ref['seconds']:.1f} (extrap.)",
                    f"{ref['m_per_s']:,.2f}",
                    f"{ref['min_ns'] / ref['items'] * N_SEVEN / 1e9:.1f}",
                    f"{ref['spread_pct']:.0f}% /{ref['n_samples']}",
                    "1x",
                ]
            )
        L.append(
            fmt_table(
                [
                    "contender",
                    "seconds",
                    "M hands/s",
                    "min seconds",
                    "spread /runs",
                    "vs reference",
                ],
                rows,
                "lrrrrr",
            )
        )
        L.append(
            "   No peer offers a compiled enumeration; the reference is a Python loop"
            " over the first hands"
        )
        L.append("   of itertools.combinations, measured and EXTRAPOLATED linearly to all hands.")
        for s in en["skipped"]:
            L.append(f"   SKIPPED {s['key']}: {s['reason']}")

    L.append("")
    L.append("Bars")
    if result["bars"]:
        for b in result["bars"]:
            L.append(
                f"   [{'PASS' if b['ok'] else 'FAIL'}] {b['name']}: {b['text']} (bar {b['bar']})"
            )
    else:
        L.append("   (none evaluated: holdem not available)")
    failed = [c for c in result["checks"] if not c["ok"]]
    L.append("")
    L.append(
        f"Correctness checks: {len(result['checks']) - len(failed)}/{len(result['checks'])} passed"
    )
    for c in failed:
        L.append(f"   FAILED {c['name']}: {c['detail']}")
    L.append(f"Total wall time: {result['wall_seconds']:.1f} s")
    return "\n".join(L)


def strip_samples(obj):
    """JSON: keep the raw samples (useful), but round floats a bit."""
    if isinstance(obj, dict):
        return {k: strip_samples(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [strip_samples(v) for v in obj]
    if isinstance(obj, float):
        return round(obj, 4) if math.isfinite(obj) else None
    return obj


# --------------------------------------------------------------------------- main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--repeats", type=int, default=None, help="timed repeats per contender (default 7, quick 3)"
    )
    ap.add_argument("--quick", action="store_true", help="small sizes for a CI smoke run (< 20 s)")
    ap.add_argument(
        "--json", action="store_true", help="print a JSON object on stdout instead of the table"
    )
    ap.add_argument("--seed", type=int, default=20240601, help="seed of the random hands")
    ap.add_argument(
        "--only",
        default="percall,batch,enum",
        help="comma-separated sections to run: percall, batch, enum (default all)",
    )
    ap.add_argument(
        "--hands", type=int, default=None, help="per-call hands (default 200,000; quick 20,000)"
    )
    ap.add_argument(
        "--batch-hands",
        type=int,
        default=None,
        help="batch hands (default 1,000,000; quick 200,000)",
    )
    ap.add_argument(
        "--min-seconds",
        type=float,
        default=None,
        help="keep adding rounds (up to 60) to a section until it ran this long "
        "(default 2.0; quick 0.5); 0 = exactly --repeats rounds",
    )
    ap.add_argument(
        "--enforce-bars", action="store_true", help="exit 2 if a performance bar is missed"
    )
    ap.add_argument(
        "--ompeval",
        default=None,
        metavar="PATH",
        help="an OMPEval harness binary (see benchmarks/_ompeval.py; default $OMPEVAL_HARNESS)",
    )
    args = ap.parse_args(argv)

    t_start = time.perf_counter()
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = sections - {"percall", "batch", "enum"}
    if unknown:
        ap.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    repeats = args.repeats if args.repeats is not None else (3 if args.quick else 7)
    if repeats < 1:
        ap.error("--repeats must be >= 1")
    cfg = {
        "quick": args.quick,
        "repeats": repeats,
        "seed": args.seed,
        "sections": sorted(sections),
        "percall_hands": args.hands or (20_000 if args.quick else 200_000),
        "treys_hands": 2_000 if args.quick else 20_000,
        "pokerkit_hands": 200 if args.quick else 2_000,
        "batch_hands": args.batch_hands or (200_000 if args.quick else 1_000_000),
        "enum_ref_hands": 100_000 if args.quick else 1_000_000,
        # short sections get extra rounds until this much time has passed (see round_robin)
        "min_seconds": args.min_seconds
        if args.min_seconds is not None
        else (0.5 if args.quick else 2.0),
    }
    cfg["batch_hands"] = max(cfg["batch_hands"], cfg["percall_hands"])
    cfg["treys_hands"] = min(cfg["treys_hands"], cfg["percall_hands"])
    cfg["pokerkit_hands"] = min(cfg["pokerkit_hands"], cfg["percall_hands"])

    # ---- imports
    mods: dict = {"_skip": {}}
    holdem, why = import_holdem()
    mods["holdem"] = holdem
    if holdem is None:
        mods["_skip"]["holdem"] = (
            f"cannot import holdem ({why}); build it first, e.g. `pip install -e .`"
        )
        log(f"WARNING: holdem skipped: {mods['_skip']['holdem']}")
    for key, modname in (
        ("phevaluator_c", "phevaluator._pheval"),
        ("phevaluator", "phevaluator"),
        ("eval7", "eval7"),
        ("treys", "treys"),
        ("holdem_hand_evaluator", "holdem_hand_evaluator"),
        ("pokerkit", "pokerkit"),
    ):
        mod, why = import_peer(modname)
        mods[key] = mod
        if mod is None:
            mods["_skip"][key] = f"cannot import {modname} ({why})"
            log(f"WARNING: {key} skipped: {mods['_skip'][key]}")

    versions = {
        "holdem": (dist_version("holdem-engine") or getattr(holdem, "__version__", None))
        if holdem
        else None,
        "numpy": np.__version__,
        "phevaluator": dist_version("phevaluator"),
        "eval7": dist_version("eval7"),
        "treys": dist_version("treys"),
        "holdem_hand_evaluator": dist_version("holdem_hand_evaluator", "holdem-hand-evaluator"),
        "pokerkit": dist_version("pokerkit"),
    }
    result: dict = {
        "machine": machine_info(),
        "versions": versions,
        "holdem_path": getattr(holdem, "__file__", None) if holdem else None,
        "config": cfg,
        "skipped": [{"key": k, "reason": v} for k, v in mods["_skip"].items()],
    }
    checks = Checks()

    # ---- hands: one array, everything else derived from it (per-call = its first rows)
    hands_arr = None
    if sections & {"percall", "batch"}:
        log(f"generating {cfg['batch_hands']:,} random 7-card hands (seed {args.seed}) ...")
        hands_arr = random_hands(cfg["batch_hands"], args.seed)
        checks.run(
            "random hands: 7 distinct cards 0..51 per row",
            lambda: (
                bool(
                    (np.sort(hands_arr, axis=1)[:, 1:] != np.sort(hands_arr, axis=1)[:, :-1]).all()
                    and hands_arr.max() < 52
                ),
                f"{len(hands_arr):,} rows",
            ),
        )

    if "percall" in sections:
        result["percall"] = section_percall(cfg, mods, hands_arr, checks, repeats)
    if "batch" in sections:
        harness = _ompeval.open_harness(args.ompeval)
        try:
            result["batch"] = section_batch(
                cfg, mods, hands_arr, checks, repeats, result.get("percall"), harness
            )
        finally:
            if harness is not None:
                harness.close()
    if "enum" in sections:
        result["enumeration"] = section_enum(cfg, mods, checks, repeats)

    result["bars"] = bars(result)
    result["checks"] = checks.items
    result["ok"] = not checks.failed
    result["wall_seconds"] = time.perf_counter() - t_start
    result["machine"]["loadavg_end"] = loadavg()

    if args.json:
        print(json.dumps(strip_samples(result), indent=2))
    else:
        print(render(result))
    if checks.failed:
        return 1
    if args.enforce_bars and not all(b["ok"] for b in result["bars"]):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
