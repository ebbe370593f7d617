"""Omaha's evaluator against pokerkit 0.7.7 on many random hands: a long correctness run, kept
out of the test suite (pokerkit is pure Python and takes milliseconds an Omaha hand).

For each hand (``--hole`` 4, 5 or 6 cards and a five-card board, dealt from a seeded NumPy
generator) the high value of ``holdem.evaluate_omaha_batch`` is compared with pokerkit's
``OmahaHoldemHand`` and the eight-or-better low with ``OmahaEightOrBetterLowHand``:

* the categories agree hand for hand, and a low exists exactly when pokerkit forms one;
* equal values are equal pokerkit hands (each value keeps the first pokerkit hand seen with it
  and every later hand of that value must equal it), and at the end the kept hands, sorted by
  our values, are in pokerkit's strictly increasing order.

Together these say that our values order every hand seen as pokerkit does. Progress (hands
checked, mismatches, rate) is printed every ``--every`` hands, so a run stopped early still
says how far it got::

    python benchmarks/omaha_pokerkit.py --hands 1000000 --hole 5 --hole 6
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

import numpy as np

import holdem
from holdem import Card

_LABELS = {c.label: c for c in holdem.Category}


def _text(cards: list[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def run(n: int, hole: int, seed: int, every: int) -> int:
    """Check n random hands of ``hole`` cards; returns the number of mismatches."""
    import pokerkit

    rng = np.random.default_rng(seed)
    kept_high: dict[int, object] = {}
    kept_low: dict[int, object] = {}
    bad = 0
    start = time.perf_counter()
    done = 0
    while done < n:
        rows = min(10_000, n - done)
        cards = np.argsort(rng.random((rows, 52)), axis=1)[:, : hole + 5].astype(np.uint8)
        holes = np.ascontiguousarray(cards[:, :hole])
        boards = np.ascontiguousarray(cards[:, hole:])
        high = holdem.evaluate_omaha_batch(holes, boards).tolist()
        low = holdem.evaluate_omaha_batch(holes, boards, low=True).tolist()
        for h, b, hi, lo in zip(holes.tolist(), boards.tolist(), high, low, strict=True):
            ht, bt = _text(h), _text(b)
            theirs = pokerkit.OmahaHoldemHand.from_game(ht, bt)
            if _LABELS[theirs.entry.label.value] != holdem.category(hi):
                bad += 1
                print(f"category: {ht} {bt}: {hi} vs {theirs}", flush=True)
            if kept_high.setdefault(hi, theirs) != theirs:
                bad += 1
                print(f"high: {ht} {bt}: {hi} vs {theirs}", flush=True)
            try:
                their_low = pokerkit.OmahaEightOrBetterLowHand.from_game(ht, bt)
            except ValueError:  # pokerkit: no low can be formed
                if lo != 0:
                    bad += 1
                    print(f"low: {ht} {bt}: {lo}, pokerkit none", flush=True)
            else:
                if lo == 0 or kept_low.setdefault(lo, their_low) != their_low:
                    bad += 1
                    print(f"low: {ht} {bt}: {lo} vs {their_low}", flush=True)
            done += 1
            if done % every == 0:
                rate = done / (time.perf_counter() - start)
                print(
                    f"hole {hole}: {done:,} hands checked, {bad} mismatches ({rate:,.0f} hands/s)",
                    flush=True,
                )
    for kept in (kept_high, kept_low):
        ordered = [kept[v] for v in sorted(kept)]
        for a, b in itertools.pairwise(ordered):
            if not a < b:  # type: ignore[operator]
                bad += 1
                print(f"order: {a} is not below {b}", flush=True)
    print(
        f"hole {hole}: {done:,} hands, {len(kept_high)} high values and {len(kept_low)} low "
        f"values seen, {bad} mismatches",
        flush=True,
    )
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per hole size")
    parser.add_argument("--hole", type=int, action="append", help="4, 5 or 6 (repeatable)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--every", type=int, default=10_000, help="progress every N hands")
    args = parser.parse_args()
    bad = sum(run(args.hands, h, args.seed + h, args.every) for h in args.hole or [5, 6])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
