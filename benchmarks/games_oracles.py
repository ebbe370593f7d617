"""Short deck and Omaha against pokerkit 0.7.7 and phevaluator on millions of random hands.

A correctness run, not a timing. Each check deals random hands from a seeded NumPy generator,
cut into chunks that a process pool spreads over the cores, and compares ``holdem``'s values
with an evaluator from outside:

* ``short-deck``: seven cards of the 36-card deck, ``holdem.evaluate_batch(game="short-deck")``
  against pokerkit's ``ShortDeckHoldemHand.from_game``;
* ``omaha-4``, ``omaha-5``, ``omaha-6``: four, five or six hole cards and a five-card board,
  ``holdem.evaluate_omaha_batch`` (high, and ``low=True``) against pokerkit's
  ``OmahaHoldemHand.from_game`` and ``OmahaEightOrBetterLowHand.from_game``;
* ``phevaluator``: four hole cards and a five-card board, ``holdem.evaluate_omaha_batch`` and
  the drop-in ``holdem.compat.phevaluator.evaluate_omaha_cards`` against phevaluator's
  ``evaluate_omaha_cards``, value for value (ours is 7463 less its rank).

pokerkit's hand classes take milliseconds an Omaha hand, so every hand is evaluated the way
they evaluate it, with their own lookup tables, in NumPy: a pokerkit lookup
(``StandardLookup``, ``ShortDeckHoldemLookup``, ``EightOrBetterLookup``) maps each five cards,
by their ranks and whether they are suited (its ``_get_key``), to an ``Entry`` whose index
orders the hands; the table of every such key is read once from pokerkit's own ``get_entry``.
The combination rule is that of ``from_game``: the best of any five of the seven cards
(short deck), the best of two hole cards and three board cards (Omaha), for the low the best
of the combinations the lookup has (no low when none). Every ``--spot``-th hand is also
evaluated by pokerkit's hand class itself, and must give the same entry: that checks the
shortcut against pokerkit end to end.

What must hold, over every hand of the run:

* the categories agree (pokerkit's labels), and a low exists exactly when pokerkit forms one;
* equal values are equal pokerkit entries and the other way round, and ordered by our values,
  pokerkit's entries are in its order (higher is better for both, except pokerkit's low
  entries, where a smaller index is the better low).

Run (progress lines on stderr; the summary on stdout; exit status 1 on any mismatch)::

    python benchmarks/games_oracles.py --hands 1000000 --check short-deck --check omaha-5 \
        --check omaha-6 --check phevaluator --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

import holdem

CHECKS = ("short-deck", "omaha-4", "omaha-5", "omaha-6", "phevaluator")
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_PRIMES = np.array([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41], dtype=np.int64)


def _text(cards: Iterable[int]) -> str:
    return "".join(_RANKS[c >> 2] + _SUITS[c & 3] for c in cards)


def _keys(five: np.ndarray) -> np.ndarray:
    """The lookup key of five cards (last axis): the product of one prime per rank (a rank
    multiset), times two, plus one when the five are suited."""
    ranks = five >> 2
    product = np.prod(_PRIMES[ranks], axis=-1)
    suits = five & 3
    suited = np.all(suits == suits[..., :1], axis=-1)
    return product * 2 + suited


class Table:
    """One pokerkit lookup as sorted keys and, for each, the entry's index and label."""

    def __init__(self, lookup: Any, ranks: Sequence[int]) -> None:
        keys, index, labels = [], [], []
        self.names: list[str] = []
        for five in itertools.combinations_with_replacement(ranks, 5):
            if max(five.count(r) for r in five) > 4:
                continue
            suited_too = len(set(five)) == 5
            for suited in (False, True) if suited_too else (False,):
                if suited:
                    cards = [4 * r for r in five]
                else:  # suits 0, 1, 2, 3, 0 in rank order: never all one suit, and the
                    # cards of one rank (next to each other, four at most) all differ
                    cards = [4 * r + k % 4 for k, r in enumerate(five)]
                entry = lookup.get_entry_or_none(_text(cards))
                if entry is None:
                    continue
                keys.append(int(_keys(np.array(cards, dtype=np.int64))))
                index.append(entry.index)
                labels.append(entry.label.value)
        order = np.argsort(keys)
        self.keys = np.array(keys, dtype=np.int64)[order]
        self.index = np.array(index, dtype=np.int64)[order]
        self.labels = [labels[k] for k in order]
        self.label_of = dict(zip(self.index.tolist(), self.labels, strict=True))

    def entries(self, five: np.ndarray) -> np.ndarray:
        """The entry index of each five cards (last axis), -1 where the lookup has none."""
        keys = _keys(five.astype(np.int64))
        at = np.searchsorted(self.keys, keys)
        at[at >= len(self.keys)] = 0
        found = self.keys[at] == keys
        return np.where(found, self.index[at], -1)


_TABLES: dict[str, dict[str, Table]] = {}


def _tables(check: str) -> dict[str, Table]:
    """The tables of a check (read once a process: pokerkit builds its lookups slowly)."""
    from pokerkit import lookups

    name = "short-deck" if check == "short-deck" else "omaha"
    if name not in _TABLES:
        if name == "short-deck":
            _TABLES[name] = {"high": Table(lookups.ShortDeckHoldemLookup(), range(4, 13))}
        else:
            _TABLES[name] = {
                "high": Table(lookups.StandardLookup(), range(13)),
                "low": Table(lookups.EightOrBetterLookup(), range(13)),
            }
    return _TABLES[name]


def _deal(seed: int, chunk: int, rows: int, deck: int, size: int) -> np.ndarray:
    rng = np.random.default_rng([seed, chunk])
    low = 52 - deck
    return (np.argsort(rng.random((rows, deck)), axis=1)[:, :size] + low).astype(np.uint8)


def _combos(hole: int) -> tuple[list[list[int]], int]:
    """Omaha's five-card combinations (two of ``hole``, three of the five board cards)."""
    out = [
        [*pair, *(hole + b for b in three)]
        for pair in itertools.combinations(range(hole), 2)
        for three in itertools.combinations(range(5), 3)
    ]
    return out, hole + 5


def run_chunk(args: tuple[str, int, int, int, int]) -> dict[str, Any]:
    """Check one chunk: ``(check, seed, chunk index, rows, spot)``."""
    check, seed, chunk, rows, spot = args
    if check == "phevaluator":
        return _phevaluator_chunk(seed, chunk, rows)
    tables = _tables(check)
    import pokerkit

    bad: list[str] = []
    pairs: dict[str, set[tuple[int, int]]] = {"high": set(), "low": set()}
    if check == "short-deck":
        cards = _deal(seed, chunk, rows, 36, 7)
        combos = [list(c) for c in itertools.combinations(range(7), 5)]
        ours = {"high": holdem.evaluate_batch(cards, game="short-deck").astype(np.int64)}
        kinds = ("high",)
    else:
        hole = int(check[-1])
        cards = _deal(seed, chunk, rows, 52, hole + 5)
        combos, _ = _combos(hole)
        holes, boards = np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])
        ours = {
            "high": holdem.evaluate_omaha_batch(holes, boards).astype(np.int64),
            "low": holdem.evaluate_omaha_batch(holes, boards, low=True).astype(np.int64),
        }
        kinds = ("high", "low")
    five = cards[:, np.array(combos)]  # (rows, combinations, 5)
    theirs: dict[str, np.ndarray] = {}
    for kind in kinds:
        e = tables[kind].entries(five)
        if kind == "high":
            if (e < 0).any():
                bad.append(f"{check}: a five-card hand pokerkit's lookup does not have")
            theirs[kind] = e.max(axis=1)
        else:  # the best low is the smallest entry among the combinations that make one
            e = np.where(e < 0, np.iinfo(np.int64).max, e)
            best = e.min(axis=1)
            theirs[kind] = np.where(best == np.iinfo(np.int64).max, -1, best)
            none = theirs[kind] < 0
            disagree = np.flatnonzero(none != (ours[kind] == 0))
            for r in disagree[:5]:
                bad.append(f"{check} low: {_text(cards[r])}: ours {ours[kind][r]}, pokerkit "
                           f"{'none' if none[r] else theirs[kind][r]}")  # fmt: skip
            bad.extend([""] * max(0, len(disagree) - 5))
        have = theirs[kind] >= 0
        pairs[kind] = set(zip(ours[kind][have].tolist(), theirs[kind][have].tolist(), strict=True))
    spots = 0
    for r in range(0, rows, spot) if spot else ():
        spots += 1
        text = _text(cards[r])
        if check == "short-deck":
            got = {"high": pokerkit.ShortDeckHoldemHand.from_game(text[:4], text[4:]).entry.index}
        else:
            h, b = text[: 2 * hole], text[2 * hole :]
            got = {"high": pokerkit.OmahaHoldemHand.from_game(h, b).entry.index}
            try:
                got["low"] = pokerkit.OmahaEightOrBetterLowHand.from_game(h, b).entry.index
            except ValueError:  # pokerkit: no low can be formed
                got["low"] = -1
        for kind, index in got.items():
            if theirs[kind][r] != index:
                bad.append(f"{check} {kind} spot check: {text}: lookup {theirs[kind][r]}, "
                           f"pokerkit's hand {index}")  # fmt: skip
    return {"check": check, "rows": rows, "bad": bad, "pairs": pairs, "spots": spots}


def _phevaluator_chunk(seed: int, chunk: int, rows: int) -> dict[str, Any]:
    import phevaluator

    from holdem.compat import phevaluator as shim

    cards = _deal(seed, chunk, rows, 52, 9)
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    ours = holdem.evaluate_omaha_batch(holes, boards).tolist()
    bad = []
    for row, v in zip(cards.tolist(), ours, strict=True):
        h, b = row[:4], row[4:]
        rank = phevaluator.evaluate_omaha_cards(*b, *h)
        shim_rank = shim.evaluate_omaha_cards(*b, *h)
        if v != 7463 - rank or shim_rank != rank:
            bad.append(f"phevaluator: {_text(row)}: ours {v}, shim {shim_rank}, real {rank}")
    return {"check": "phevaluator", "rows": rows, "bad": bad, "pairs": {}, "spots": 0}


def order_errors(check: str, kind: str, pairs: set[tuple[int, int]]) -> list[str]:
    """What is wrong with the (our value, pokerkit entry) pairs seen: a value with two entries
    or an entry with two values, entries out of order, or categories that differ."""
    errors = []
    by_ours: dict[int, set[int]] = {}
    by_theirs: dict[int, set[int]] = {}
    for v, e in pairs:
        by_ours.setdefault(v, set()).add(e)
        by_theirs.setdefault(e, set()).add(v)
    errors += [f"{check} {kind}: our value {v} is pokerkit's {sorted(es)}"
               for v, es in by_ours.items() if len(es) > 1]  # fmt: skip
    errors += [f"{check} {kind}: pokerkit's {e} is our values {sorted(vs)}"
               for e, vs in by_theirs.items() if len(vs) > 1]  # fmt: skip
    ordered = sorted(pairs)
    for (v0, e0), (v1, e1) in itertools.pairwise(ordered):
        if not (e0 < e1 if kind == "high" else e0 > e1):
            errors.append(f"{check} {kind}: ours {v0} < {v1} but pokerkit's {e0}, {e1}")
    if kind == "high":
        table = _tables(check)
        game = "short-deck" if check == "short-deck" else "holdem"
        labels = {c.value: c.label for c in holdem.Category}
        for v, e in ordered:
            ours = labels[int(holdem.category(v, game=game))]
            if ours != table["high"].label_of[e]:
                errors.append(f"{check}: our {v} is a {ours}, pokerkit's {e} a "
                              f"{table['high'].label_of[e]}")  # fmt: skip
    return errors


def run(
    checks: Sequence[str],
    hands: int,
    *,
    seed: int = 16,
    chunk: int = 20_000,
    spot: int = 1000,
    workers: int = 1,
    progress: bool = True,
) -> dict[str, dict[str, Any]]:
    """Run the checks on ``hands`` hands each; per check: hands, spot checks, distinct values
    seen and the mismatches (a list of messages, empty when all agree)."""
    jobs = []
    for k, check in enumerate(checks):
        for c, lo in enumerate(range(0, hands, chunk)):
            jobs.append((check, seed + 101 * k, c, min(chunk, hands - lo), spot))
    done: dict[str, dict[str, Any]] = {
        c: {"hands": 0, "spots": 0, "bad": [], "pairs": {"high": set(), "low": set()}}
        for c in checks
    }
    start = time.perf_counter()
    with multiprocessing.Pool(workers) if workers > 1 else _Inline() as pool:
        for part in pool.imap_unordered(run_chunk, jobs):
            d = done[part["check"]]
            d["hands"] += part["rows"]
            d["spots"] += part["spots"]
            d["bad"] += part["bad"]
            for kind, got in part["pairs"].items():
                d["pairs"][kind] |= got
            if progress:
                rate = sum(x["hands"] for x in done.values()) / (time.perf_counter() - start)
                print(f"{part['check']}: {d['hands']:,} hands, {len(d['bad'])} mismatches "
                      f"({rate:,.0f} hands/s in all)", file=sys.stderr, flush=True)  # fmt: skip
    for check, d in done.items():
        for kind, pairs in d["pairs"].items():
            if pairs:
                d["bad"] += order_errors(check, kind, pairs)
        d["values"] = {kind: len(p) for kind, p in d["pairs"].items() if p}
        del d["pairs"]
    return done


class _Inline:
    """A stand-in for a pool of one: the chunks run here, in order."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, f: Any, jobs: Iterable[Any]) -> Iterable[Any]:
        return map(f, jobs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per check")
    parser.add_argument("--check", action="append", choices=CHECKS, help="repeatable")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--chunk", type=int, default=20_000, help="hands per chunk")
    parser.add_argument("--spot", type=int, default=1000,
                        help="every Nth hand also by pokerkit's hand class (0: none)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    checks = args.check or list(CHECKS)
    start = time.perf_counter()
    result = run(checks, args.hands, seed=args.seed, chunk=args.chunk, spot=args.spot,
                 workers=args.workers)  # fmt: skip
    bad = 0
    for check, d in result.items():
        shown = [m for m in d["bad"] if m][:20]
        for message in shown:
            print(message)
        values = ", ".join(f"{n} {kind} values" for kind, n in d["values"].items())
        print(f"{check}: {d['hands']:,} hands ({d['spots']:,} also by pokerkit's hand class), "
              f"{values or 'value for value'}, {len(d['bad'])} mismatches")  # fmt: skip
        bad += len(d["bad"])
    print(f"{time.perf_counter() - start:.0f} s, {args.workers} workers")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
