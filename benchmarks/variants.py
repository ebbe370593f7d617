#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem``'s other games: Omaha, short deck and three hole cards.

One process, the same pre-generated hands for every contender, contenders interleaved
round-robin (the starting one rotating), a warm-up run each, the garbage collector off while
timing (the loop of ``benchmarks/_timing.py``), MEDIANS of ``--repeats`` runs, reported as
ratios:

  1. Omaha per call from Python, random 4-card holes and 5-card boards:
     ``holdem.evaluate_omaha(hole, board)`` and the drop-in
     ``holdem.compat.phevaluator.evaluate_omaha_cards(*cards)`` against
     ``phevaluator.evaluate_omaha_cards(*cards)`` (goal: holdem at least 2x faster); pokerkit's
     ``OmahaHoldemHand.from_game`` on a few hands for reference;
  2. Omaha batch: ``holdem.evaluate_omaha_batch`` on one thread, high and eight-or-better low
     (goal: at least 20 M hands/s for the high hand);
  3. short-deck batch against hold'em batch, 7-card hands, one thread
     (``holdem.evaluate_batch(cards, game="short-deck")``; goal: within 1.5x of hold'em);
  4. exact heads-up Omaha preflop equity (all 1,086,008 boards of two 4-card hands) with
     ``holdem.equity(..., game="omaha", exact=True)`` (goal: at most 100 ms), beside
     pokerkit's Monte Carlo ``calculate_equities`` (``--pokerkit-samples`` boards), and the
     exact short-deck heads-up preflop (201,376 boards);
  5. the analysis of the other games: showdown batches (``holdem.showdown_batch(game=...)``,
     two players a board: short deck, Omaha high and high-low), the three-hole-card batch
     (``holdem.evaluate_three_card_batch``: Lazy Pineapple, Double Texas hold'em), and equity
     over ranges and random holes (short deck ``AKs`` against ``TT+`` exact preflop, Omaha
     against a random hole by Monte Carlo, Lazy Pineapple exact preflop), beside pokerkit's
     short-deck range Monte Carlo (``--pokerkit-samples`` deals).

Correctness is checked in the run (holdem's Omaha value == 7463 - phevaluator's rank on every
per-call hand; the batch equals the per-call values).

Usage:
  python benchmarks/variants.py            # full run
  python benchmarks/variants.py --quick    # smoke run
  python benchmarks/variants.py --json     # JSON on stdout instead of the table
Exit status: 0 ok, 1 a correctness check failed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import interleaved


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def peer(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        log(f"skipping {name}: {exc}")
        return None


def deal(n: int, k: int, seed: int, deck: np.ndarray) -> np.ndarray:
    """(n, k) uint8: k distinct cards of ``deck`` per row, uniform."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for lo in range(0, n, 200_000):
        m = min(200_000, n - lo)
        order = np.argsort(rng.random((m, len(deck))), axis=1)[:, :k]
        out[lo : lo + m] = deck[order]
    return out


def rate(samples: list[int], items: int) -> dict[str, float]:
    median = statistics.median(samples)
    return {
        "items": items,
        "median_ns": median,
        "ns_per_item": median / items,
        "m_per_s": items / median * 1e3,
        "spread_pct": 100.0 * (max(samples) - min(samples)) / median,
    }


def section_percall(cfg: argparse.Namespace, failures: list[str]) -> dict[str, Any]:
    import holdem
    from holdem.compat import phevaluator as shim

    ph = peer("phevaluator")
    pk = peer("pokerkit")
    cards = deal(cfg.hands, 9, cfg.seed, np.arange(52, dtype=np.uint8)).tolist()
    holes = [c[:4] for c in cards]
    boards = [c[4:] for c in cards]
    ph_order = [b + h for h, b in zip(holes, boards, strict=True)]  # community first

    ours = [holdem.evaluate_omaha(h, b) for h, b in zip(holes, boards, strict=True)]
    if ph is not None:
        theirs = [7463 - ph.evaluate_omaha_cards(*c) for c in ph_order]
        if ours != theirs:
            failures.append("holdem.evaluate_omaha != 7463 - phevaluator.evaluate_omaha_cards")
    if [7463 - shim.evaluate_omaha_cards(*c) for c in ph_order[:1000]] != ours[:1000]:
        failures.append("holdem.compat.phevaluator.evaluate_omaha_cards disagrees")

    def pairs(f: Callable[[list[int], list[int]], int]) -> Callable[[], None]:
        def run() -> None:
            for h, b in zip(holes, boards):  # noqa: B905 - the same loop for every contender
                f(h, b)

        return run

    def star(f: Callable[..., int]) -> Callable[[], None]:
        def run() -> None:
            for c in ph_order:
                f(*c)

        return run

    def empty() -> None:
        for _h, _b in zip(holes, boards):  # noqa: B905
            pass

    runs: dict[str, Callable[[], None]] = {
        "holdem.evaluate_omaha(hole, board)": pairs(holdem.evaluate_omaha),
        "holdem.compat.phevaluator.evaluate_omaha_cards(*cards)": star(shim.evaluate_omaha_cards),
        "(empty loop)": empty,
    }
    if ph is not None:
        runs["phevaluator.evaluate_omaha_cards(*cards)"] = star(ph.evaluate_omaha_cards)
    samples = interleaved(runs, cfg.repeats, gc_off=True).wall_ns
    rows = {name: rate(s, len(cards)) for name, s in samples.items()}
    out: dict[str, Any] = {"hands": len(cards), "rows": rows}
    if ph is not None:
        base = rows["phevaluator.evaluate_omaha_cards(*cards)"]["median_ns"]
        out["holdem_vs_phevaluator"] = (
            base / rows["holdem.evaluate_omaha(hole, board)"]["median_ns"]
        )
        out["shim_vs_phevaluator"] = (
            base / rows["holdem.compat.phevaluator.evaluate_omaha_cards(*cards)"]["median_ns"]
        )
    if pk is not None:
        n = cfg.pokerkit_hands
        few = [
            (holdem.format_cards(h, sep=""), holdem.format_cards(b, sep=""))
            for h, b in zip(holes[:n], boards[:n], strict=True)
        ]
        t0 = time.perf_counter_ns()
        for h, b in few:
            pk.OmahaHoldemHand.from_game(h, b)
        per = (time.perf_counter_ns() - t0) / len(few)
        out["pokerkit_ns_per_hand"] = per
        out["holdem_vs_pokerkit"] = per / rows["holdem.evaluate_omaha(hole, board)"]["ns_per_item"]
    return out


def section_batch(cfg: argparse.Namespace, failures: list[str]) -> dict[str, Any]:
    import holdem

    full = np.arange(52, dtype=np.uint8)
    short = np.array([int(c) for c in holdem.GAMES["short-deck"].deck], dtype=np.uint8)
    omaha = deal(cfg.batch_hands, 9, cfg.seed + 1, full)
    holes, boards = np.ascontiguousarray(omaha[:, :4]), np.ascontiguousarray(omaha[:, 4:])
    seven = deal(cfg.batch_hands, 7, cfg.seed + 2, full)
    seven_short = deal(cfg.batch_hands, 7, cfg.seed + 3, short)
    out16 = np.empty(cfg.batch_hands, dtype=np.uint16)

    hi = holdem.evaluate_omaha_batch(holes, boards)
    few = zip(holes[:2000].tolist(), boards[:2000].tolist(), strict=True)
    check = [holdem.evaluate_omaha(h, b) for h, b in few]
    if hi[:2000].tolist() != check:
        failures.append("evaluate_omaha_batch != evaluate_omaha")
    sd = holdem.evaluate_batch(seven_short[:2000], game="short-deck").tolist()
    if sd != [holdem.evaluate(r, game="short-deck") for r in seven_short[:2000].tolist()]:
        failures.append("evaluate_batch(game='short-deck') != evaluate(game='short-deck')")

    runs: dict[str, Callable[[], object]] = {
        "omaha high": lambda: holdem.evaluate_omaha_batch(holes, boards, out=out16),
        "omaha low": lambda: holdem.evaluate_omaha_batch(holes, boards, low=True, out=out16),
        "holdem 7 cards": lambda: holdem.evaluate_batch(seven, out=out16),
        "short deck 7 cards": lambda: holdem.evaluate_batch(
            seven_short, out=out16, game="short-deck"
        ),
    }
    # Showdown batches (two players a board) and the three-hole-card batch.
    sd_cards = deal(cfg.batch_hands, 9, cfg.seed + 4, short)
    sd_boards = np.ascontiguousarray(sd_cards[:, :5])
    sd_hands = np.ascontiguousarray(sd_cards[:, 5:].reshape(-1, 2, 2))
    om_cards = deal(cfg.batch_hands, 13, cfg.seed + 5, full)
    om_boards = np.ascontiguousarray(om_cards[:, :5])
    om_hands = np.ascontiguousarray(om_cards[:, 5:].reshape(-1, 2, 4))
    three = deal(cfg.batch_hands, 8, cfg.seed + 6, full)
    three_holes, three_boards = (
        np.ascontiguousarray(three[:, :3]),
        np.ascontiguousarray(three[:, 3:]),
    )
    values, _ = holdem.showdown_batch(sd_boards[:500], sd_hands[:500], game="short-deck")
    if values[:, 0].tolist() != [
        holdem.evaluate([*h[0], *b], game="short-deck")
        for h, b in zip(sd_hands[:500].tolist(), sd_boards[:500].tolist(), strict=True)
    ]:
        failures.append("showdown_batch(game='short-deck') != evaluate(game='short-deck')")
    values, _ = holdem.showdown_batch(om_boards[:500], om_hands[:500], game="omaha")
    if values[:, 1].tolist() != [
        holdem.evaluate_omaha(h[1], b)
        for h, b in zip(om_hands[:500].tolist(), om_boards[:500].tolist(), strict=True)
    ]:
        failures.append("showdown_batch(game='omaha') != evaluate_omaha")
    lazy = holdem.evaluate_three_card_batch(three_holes[:500], three_boards[:500]).tolist()
    if lazy != [
        holdem.evaluate_lazy_pineapple(h, b)
        for h, b in zip(three_holes[:500].tolist(), three_boards[:500].tolist(), strict=True)
    ]:
        failures.append("evaluate_three_card_batch != evaluate_lazy_pineapple")
    runs.update(
        {
            "short deck showdown, 2 players": lambda: holdem.showdown_batch(
                sd_boards, sd_hands, game="short-deck"
            ),
            "omaha showdown, 2 players": lambda: holdem.showdown_batch(
                om_boards, om_hands, game="omaha"
            ),
            "omaha hi-lo showdown, 2 players": lambda: holdem.showdown_batch(
                om_boards, om_hands, game="omaha-hi-lo"
            ),
            "lazy pineapple 3+5 cards": lambda: holdem.evaluate_three_card_batch(
                three_holes, three_boards, out=out16
            ),
            "double hold'em 3+5 cards": lambda: holdem.evaluate_three_card_batch(
                three_holes, three_boards, game="double-holdem", out=out16
            ),
        }
    )
    samples = interleaved(runs, cfg.repeats, gc_off=True).wall_ns
    rows = {name: rate(s, cfg.batch_hands) for name, s in samples.items()}
    return {
        "hands": cfg.batch_hands,
        "rows": rows,
        "short_deck_vs_holdem": rows["holdem 7 cards"]["median_ns"]
        / rows["short deck 7 cards"]["median_ns"],
    }


def section_equity(cfg: argparse.Namespace, failures: list[str]) -> dict[str, Any]:
    import holdem

    hands = ["AsAhKsKh", "QdJdTc9c"]
    runs: dict[str, Callable[[], object]] = {
        "omaha exact preflop": lambda: holdem.equity(hands, game="omaha", exact=True),
        "omaha hi-lo exact preflop": lambda: holdem.equity(
            ["As2sKdQd", "AhKh3c4c"], game="omaha-hi-lo", exact=True
        ),
        "short deck exact preflop": lambda: holdem.equity(
            ["AsKs", "TdTc"], game="short-deck", exact=True
        ),
        "short deck AKs vs TT+ exact preflop (ranges)": lambda: holdem.equity(
            ["AKs", "TT+"], game="short-deck", exact=True
        ),
        "short deck AKs vs TT+ Monte Carlo, 100,000 deals": lambda: holdem.equity(
            ["AKs", "TT+"], game="short-deck", samples=100_000, seed=1
        ),
        "omaha AAKK vs random Monte Carlo, 100,000 deals": lambda: holdem.equity(
            [hands[0], "random"], game="omaha", samples=100_000, seed=1
        ),
        "lazy pineapple exact preflop": lambda: holdem.equity(
            ["AsKd2s", "QhQc7d"], game="lazy-pineapple", exact=True
        ),
    }
    samples = interleaved(runs, max(3, cfg.repeats // 2), gc_off=True).wall_ns
    out: dict[str, Any] = {
        "ms": {name: statistics.median(s) / 1e6 for name, s in samples.items()},
        "omaha_equity": holdem.equity(hands, game="omaha", exact=True).equity,
    }
    pk = peer("pokerkit")
    if pk is not None:
        from pokerkit import Card as PkCard
        from pokerkit import Deck, OmahaHoldemHand
        from pokerkit.analysis import calculate_equities

        ranges = [[tuple(PkCard.parse(h))] for h in hands]
        t0 = time.perf_counter_ns()
        theirs = calculate_equities(
            ranges, (), 4, 5, Deck.STANDARD, (OmahaHoldemHand,), sample_count=cfg.pokerkit_samples
        )
        out["pokerkit_ms"] = (time.perf_counter_ns() - t0) / 1e6
        out["pokerkit_samples"] = cfg.pokerkit_samples
        out["pokerkit_equity"] = theirs
        # pokerkit samples: its answer lies within a few standard errors of the exact one.
        error = (
            out["omaha_equity"][0] * (1 - out["omaha_equity"][0]) / cfg.pokerkit_samples
        ) ** 0.5
        if abs(theirs[0] - out["omaha_equity"][0]) > 5 * error + 0.01:
            failures.append("pokerkit's Omaha Monte Carlo disagrees with the exact equity")
        from pokerkit import ShortDeckHoldemHand, parse_range

        exact = holdem.equity(["AKs", "TT+"], game="short-deck", exact=True).equity
        short_ranges = [
            {c for c in parse_range(r) if all(x.rank not in "2345" for x in c)}
            for r in ("AKs", "TT+")
        ]
        t0 = time.perf_counter_ns()
        theirs = calculate_equities(
            short_ranges, (), 2, 5, Deck.SHORT_DECK_HOLDEM, (ShortDeckHoldemHand,),
            sample_count=cfg.pokerkit_samples,
        )  # fmt: skip
        out["pokerkit_short_deck_ranges_ms"] = (time.perf_counter_ns() - t0) / 1e6
        error = (exact[0] * (1 - exact[0]) / cfg.pokerkit_samples) ** 0.5
        if abs(theirs[0] - exact[0]) > 5 * error + 0.01:
            failures.append("pokerkit's short-deck range Monte Carlo disagrees with ours")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--seed", type=int, default=20_261_124)
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--batch-hands", type=int, default=None)
    parser.add_argument("--pokerkit-hands", type=int, default=200)
    parser.add_argument("--pokerkit-samples", type=int, default=2_000)
    cfg = parser.parse_args()
    cfg.repeats = cfg.repeats or (3 if cfg.quick else 7)
    cfg.hands = cfg.hands or (20_000 if cfg.quick else 100_000)
    cfg.batch_hands = cfg.batch_hands or (200_000 if cfg.quick else 1_000_000)
    failures: list[str] = []
    log("per call ...")
    percall = section_percall(cfg, failures)
    log("batch ...")
    batch = section_batch(cfg, failures)
    log("equity ...")
    eq = section_equity(cfg, failures)
    result = {"percall": percall, "batch": batch, "equity": eq, "failures": failures}
    if cfg.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"Omaha per call ({percall['hands']:,} random hands, medians of {cfg.repeats})")
        for name, row in percall["rows"].items():
            print(f"  {name:58s} {row['ns_per_item']:9.1f} ns/hand  {row['m_per_s']:7.3f} M/s")
        for key in ("holdem_vs_phevaluator", "shim_vs_phevaluator", "holdem_vs_pokerkit"):
            if key in percall:
                print(f"  {key}: {percall[key]:.2f}x")
        print(f"Batch, one thread ({batch['hands']:,} hands)")
        for name, row in batch["rows"].items():
            print(f"  {name:58s} {row['ns_per_item']:9.2f} ns/hand  {row['m_per_s']:7.2f} M/s")
        print(f"  short deck rate / hold'em rate: {batch['short_deck_vs_holdem']:.2f}")
        print("Exact heads-up preflop equity (medians)")
        for name, ms in eq["ms"].items():
            print(f"  {name:58s} {ms:9.1f} ms")
        if "pokerkit_ms" in eq:
            print(
                f"  pokerkit calculate_equities, Omaha, {eq['pokerkit_samples']:,} samples"
                f"{'':18s} {eq['pokerkit_ms']:9.1f} ms"
            )
        if "pokerkit_short_deck_ranges_ms" in eq:
            print(
                f"  pokerkit calculate_equities, short deck AKs vs TT+, "
                f"{eq['pokerkit_samples']:,} samples{'':4s} "
                f"{eq['pokerkit_short_deck_ranges_ms']:9.1f} ms"
            )
        for f in failures:
            print(f"CHECK FAILED: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
