"""The batch evaluator's paths (holdem/_batch.h): every path this processor runs gives the same
values, checked on every 7-card hand against the published category counts and the exhaustive
histogram, and hand by hand against phevaluator and treys; and every path finds a bad row
wherever it is (in a SIMD block or in the rows after the last one).

The paths are run through ``holdem._core.evaluate_rows(cards, out, path)``; which of them a
machine runs is ``holdem._core.batch_paths()`` (the scalar and interleaved paths everywhere,
AVX2 and AVX-512 where the processor has them), so a machine tests what it can run.
"""

from __future__ import annotations

import math
import runpy
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import holdem
from holdem import _core
from holdem.errors import ArgumentError

_ORACLES = runpy.run_path(str(Path(__file__).with_name("_evaluation_oracles.py")))
TOKEN: list[str] = _ORACLES["TOKEN"]
ph_ranks: Callable[[np.ndarray], np.ndarray] = _ORACLES["ph_ranks"]
random_hands: Callable[[np.random.Generator, int, int], np.ndarray] = _ORACLES["random_hands"]

PATHS = _core.batch_paths()

# Published frequencies of the 7-card categories, high card .. straight flush.
COUNTS_7 = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584]  # fmt: skip


def run(path: str, cards: np.ndarray) -> tuple[np.ndarray, int]:
    out = np.zeros(len(cards), dtype=np.uint16)
    bad = _core.evaluate_rows(np.ascontiguousarray(cards, dtype=np.uint8), out, path)
    return out, bad


def test_the_portable_paths_are_always_there() -> None:
    assert {"scalar", "interleaved"} <= set(PATHS) <= {"scalar", "interleaved", "avx2", "avx512"}
    assert len(set(PATHS)) == len(PATHS)
    assert PATHS[-1] != "scalar"  # the fastest comes last


def test_an_unknown_path_is_refused() -> None:
    out = np.zeros(1, dtype=np.uint16)
    with pytest.raises(ArgumentError, match="no batch path 'sse9'"):
        _core.evaluate_rows(np.zeros((1, 7), dtype=np.uint8), out, "sse9")


def _colex_subsets(m: int, k: int) -> np.ndarray:
    """All k-subsets of range(m) as uint8 rows in colex order: those of range(j) come first."""
    rows = np.arange(m, dtype=np.uint8)[:, None]
    for size in range(2, k + 1):
        parts = []
        for top in range(size - 1, m):
            lower = rows[: math.comb(top, size - 1)]
            parts.append(np.column_stack([lower, np.full(len(lower), top, np.uint8)]))
        rows = np.concatenate(parts)
    return rows


def test_every_path_on_every_seven_card_hand() -> None:
    """All 133,784,560 hands through every path: the same value from each as from the scalar
    path, hand by hand; per value the count of the compiled enumeration; per category the
    published count (so the enumeration's shortcuts, one lookup for the cards of a rank or a pair
    of ranks where no flush can be, count every value right). Rows are fed in orders that put
    every hand at every place of a block."""
    six = _colex_subsets(51, 6)
    counts = np.zeros(7463, dtype=np.int64)
    for low in range(46):  # the lowest card, then six of the cards above it
        n = math.comb(51 - low, 6)
        hands = np.empty((n, 7), dtype=np.uint8)
        hands[:, 0] = low
        hands[:, 1:] = six[:n] + (low + 1)
        hands = np.roll(hands, low, axis=1)  # the lowest card in every column in turn
        reference, bad = run("scalar", hands)
        assert bad == -1
        for path in PATHS:
            values, bad = run(path, hands[low % 16 :])  # blocks start at every offset
            assert bad == -1, path
            assert np.array_equal(values, reference[low % 16 :]), (path, low)
        counts += np.bincount(reference, minlength=7463)
    assert counts.tolist() == holdem.value_histogram(7)
    floors = [_core.category_floor(c) for c in range(9)] + [7463]
    by_category = [int(counts[floors[c] : floors[c + 1]].sum()) for c in range(9)]
    assert by_category == COUNTS_7


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return random_hands(np.random.default_rng(32_032), 1_000_000, 7)


@pytest.fixture(scope="module")
def phevaluator_values(hands: np.ndarray) -> np.ndarray:
    return 7463 - ph_ranks(hands)


@pytest.mark.parametrize("path", PATHS)
def test_path_against_phevaluator(
    path: str, hands: np.ndarray, phevaluator_values: np.ndarray
) -> None:
    """A million random hands: value == 7463 - phevaluator's rank, so the order of every pair."""
    values, bad = run(path, hands)
    assert bad == -1
    wrong = np.flatnonzero(values != phevaluator_values)
    assert wrong.size == 0, [(hands[i].tolist(), values[i]) for i in wrong[:10]]


@pytest.mark.parametrize("path", PATHS)
def test_path_against_treys(path: str) -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    card = [treys.Card.new(t) for t in TOKEN]
    hands = random_hands(np.random.default_rng(17), 20_000, 7)
    expected = [7463 - evaluator.evaluate([card[c] for c in r[:2]], [card[c] for c in r[2:]])
                for r in hands.tolist()]  # fmt: skip
    values, bad = run(path, hands)
    assert bad == -1
    assert values.tolist() == expected


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("rows", [1, 7, 15, 16, 17, 31, 33, 64, 100])
def test_path_finds_the_first_bad_row(path: str, rows: int) -> None:
    """A repeated card, a card byte 52 or 255, at every row of batches of every length around
    the paths' blocks of 8 and 16 rows: the first bad row is the one reported."""
    rng = np.random.default_rng(rows)
    base = random_hands(rng, rows, 7)
    good, bad = run(path, base)
    assert bad == -1
    reference, _ = run("scalar", base)
    assert np.array_equal(good, reference)
    for row in range(rows):
        for fault in ("repeat", 52, 255, 64):
            cards = base.copy()
            column = (row * 3) % 7
            if fault == "repeat":
                cards[row, column] = cards[row, (column + 1) % 7]
            else:
                cards[row, column] = fault
            if row + 2 < rows:  # a later bad row too: the first one is reported
                cards[row + 2, 0] = cards[row + 2, 6]
            assert run(path, cards)[1] == row, (path, rows, row, fault)


@pytest.mark.parametrize("path", PATHS)
def test_path_on_five_and_six_card_rows(path: str) -> None:
    """Rows of 5 and 6 cards take the scalar loop on every path."""
    for k in (5, 6):
        cards = random_hands(np.random.default_rng(k), 1000, k)
        values, bad = run(path, cards)
        assert bad == -1
        assert values.tolist() == [holdem.evaluate(r) for r in cards.tolist()]
