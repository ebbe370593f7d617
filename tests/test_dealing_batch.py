"""Batch dealing and the vectorised starting-hand class: shapes, distinct cards, seeding, the
independence from threads, the uniformity of the deals (expected counts from combinatorics)
and the class of every one of the 1,326 two-card combos against :func:`holdem.hand_class`."""

from __future__ import annotations

import itertools
import math

import numpy as np
import numpy.typing as npt
import pytest

import holdem
from holdem import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    _dealing,
    deal_batch,
    hand_class_batch,
)


@pytest.mark.parametrize(("players", "board"), [(2, 5), (6, 5), (9, 3), (1, 0), (23, 5)])
def test_deals_are_distinct_cards_of_the_deck(players: int, board: int) -> None:
    holes, boards = deal_batch(5000, players, board, seed=11)
    assert holes.shape == (5000, players, 2) and boards.shape == (5000, board)
    assert holes.dtype == np.uint8 and boards.dtype == np.uint8
    cards = np.concatenate([holes.reshape(5000, -1), boards], axis=1)
    assert cards.max() <= 51
    ordered = np.sort(cards, axis=1)
    assert (np.diff(ordered, axis=1) > 0).all()  # no card twice in a deal


def test_a_seed_gives_the_same_deals_on_any_number_of_threads() -> None:
    one = deal_batch(20_000, 3, seed=5, threads=1)
    two = deal_batch(20_000, 3, seed=5, threads=2)
    again = deal_batch(20_000, 3, seed=5)
    other = deal_batch(20_000, 3, seed=6)
    for a, b, c in zip(one, two, again, strict=True):
        assert (a == b).all() and (a == c).all()
    assert not (one[0] == other[0]).all()
    head = deal_batch(100, 3, seed=5)  # a prefix of a longer run is the shorter run
    assert (head[0] == one[0][:100]).all() and (head[1] == one[1][:100]).all()
    assert deal_batch(0, 2, seed=1)[0].shape == (0, 2, 2)


def chi_square(counts: npt.NDArray[np.int64], expected: float) -> float:
    """Pearson's statistic of observed counts against one expected count per cell."""
    return float(((counts - expected) ** 2 / expected).sum())


def tail_bound(df: int) -> float:
    """A bound on a chi-squared statistic with ``df`` degrees of freedom about 6 standard
    deviations above its mean (``df``, variance ``2 df``): a uniform deal exceeds it with a
    probability far below one in a million, a biased one by more as the sample grows."""
    return df + 6 * math.sqrt(2 * df)


def place_statistics(cards: npt.NDArray[np.uint8]) -> list[float]:
    """The chi-squared statistic of the 52 cards in each place of the rows (51 degrees of
    freedom each)."""
    expected = cards.shape[0] / 52
    return [
        chi_square(np.bincount(cards[:, place], minlength=52), expected)
        for place in range(cards.shape[1])
    ]


def pair_statistics(cards: npt.NDArray[np.uint8], places: list[tuple[int, int]]) -> list[float]:
    """The chi-squared statistic of the 52 x 51 ordered pairs of distinct cards in each pair of
    places (2,651 degrees of freedom each; a uniform deal makes every ordered pair equally
    likely, 1 / 2,652)."""
    expected = cards.shape[0] / (52 * 51)
    distinct = np.arange(52 * 52) % 53 != 0  # the cells (a, b) with a != b
    stats = []
    for p, q in places:
        cells = cards[:, p].astype(np.int64) * 52 + cards[:, q]
        counts = np.bincount(cells, minlength=52 * 52)
        assert not counts[~distinct].any()
        stats.append(chi_square(counts[distinct], expected))
    return stats


def dealt_cards(n: int, players: int, board: int, seed: int) -> npt.NDArray[np.uint8]:
    holes, boards = deal_batch(n, players, board, seed=seed)
    return np.concatenate([holes.reshape(n, -1), boards], axis=1)


@pytest.mark.parametrize(("players", "board", "seed"), [(2, 5, 2026), (6, 5, 7), (4, 3, 8)])
def test_every_card_is_equally_likely_in_every_position(
    players: int, board: int, seed: int
) -> None:
    """Pearson's chi-squared test of the 52 cards in each place (Wikipedia, "Pearson's
    chi-squared test"), for layouts of one and of several groups of cards a row."""
    for place, chi2 in enumerate(place_statistics(dealt_cards(104_000, players, board, seed))):
        assert chi2 < tail_bound(51), (place, chi2)


def test_every_ordered_pair_of_cards_is_equally_likely_in_two_places() -> None:
    """Pearson's chi-squared test of the ordered pairs of cards in neighbouring places and in
    the first and last places: a deal whose cards depend on each other fails it even when each
    place alone is uniform."""
    cards = dealt_cards(300_000, 2, 5, 2027)
    places = [(p, p + 1) for p in range(8)] + [(0, 8)]
    for pair, chi2 in zip(places, pair_statistics(cards, places), strict=True):
        assert chi2 < tail_bound(52 * 51 - 1), (pair, chi2)


def test_classes_of_dealt_hands_follow_the_combo_counts() -> None:
    """A uniform two-card hand is in a class with probability combos / 1,326 (6 for a pair, 4
    suited, 12 offsuit); the pairs of both seats, counted, stay within 5 standard errors."""
    n = 200_000
    holes, _ = deal_batch(n, 2, 0, seed=9)
    classes = hand_class_batch(holes)
    counts = np.bincount(classes.ravel(), minlength=169)
    for i, name in enumerate(holdem.CLASSES):
        p = holdem.combo_count(name) / 1326
        mean, sd = 2 * n * p, math.sqrt(2 * n * p * (1 - p))
        assert abs(counts[i] - mean) < 5 * sd, name


def test_class_index_of_every_combo_is_hand_class() -> None:
    pairs = np.array(list(itertools.permutations(range(52), 2)), dtype=np.int64)
    got = hand_class_batch(pairs)
    want = [holdem.CLASSES.index(holdem.hand_class([int(a), int(b)])) for a, b in pairs]
    assert got.tolist() == want
    grid = hand_class_batch(pairs.reshape(-1, 3, 2, 2)[:5])  # any leading axes
    assert grid.shape == (5, 3, 2)
    assert grid.ravel().tolist() == want[:30]


def test_bad_input_raises() -> None:
    with pytest.raises(CardError):
        hand_class_batch([[3, 3]])
    with pytest.raises(CardError):
        hand_class_batch(np.array([[52, 3]], dtype=np.uint8))
    with pytest.raises(CardError):
        hand_class_batch([[-1, 3]])
    with pytest.raises(ArgumentError):
        hand_class_batch([[1, 2, 3]])
    with pytest.raises(ArgumentError):
        deal_batch(-1)
    with pytest.raises(ArgumentError):
        deal_batch(10, 24, 5)
    with pytest.raises(ArgumentError):
        deal_batch(10, 2, 6)
    with pytest.raises(ArgumentError):
        deal_batch(10, 2, seed=-1)
    with pytest.raises(ArgumentTypeError):
        deal_batch(10, 2.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        deal_batch(10, threads=0)


GOLDEN = 0x9E3779B97F4A7C15
WORD = 1 << 64


def fmix64(z: int) -> int:
    """splitmix64's finaliser (Steele, Lea and Flood, 2014), in Python integers."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % WORD
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % WORD
    return z ^ (z >> 31)


def reference_block(seed: int, block: int, rows: int, hole: int, board: int) -> list[list[int]]:
    """The rows of one block as the module docstring of ``holdem._dealing`` describes them:
    a splitmix64 stream seeded with the finaliser of ``seed * golden + block``; groups of up to
    nine cards, each drawn from one word by Lemire's batched method (the high words of the
    128-bit products, the whole group drawn again while the last low word is below
    ``2**64 mod`` the product of the ranges); a partial Fisher-Yates shuffle of the deck as the
    previous row left it."""
    state = fmix64((seed * GOLDEN + block) % WORD)
    deck = list(range(52))
    total = hole + board
    out = []
    for _ in range(rows):
        index: list[int] = []
        for first in range(0, total, 9):
            ranges = [52 - i for i in range(first, min(total, first + 9))]
            threshold = WORD % math.prod(ranges)
            while True:
                state = (state + GOLDEN) % WORD
                left, drawn = fmix64(state), []
                for n in ranges:
                    drawn.append(left * n >> 64)
                    left = left * n % WORD
                if left >= threshold:
                    break
            index += drawn
        for i, k in enumerate(index):
            deck[i], deck[i + k] = deck[i + k], deck[i]
        out.append(deck[:total])
    return out


@pytest.mark.parametrize(("players", "board"), [(2, 5), (6, 5), (4, 3), (1, 0), (23, 5)])
def test_deals_follow_the_documented_algorithm(players: int, board: int) -> None:
    """The first rows of the first two blocks against a Python rendering of the algorithm, for
    the layouts with sizes fixed at compile time and those known at run time."""
    block = _dealing.block_rows()
    holes, boards = deal_batch(block + 40, players, board, seed=77)
    cards = np.concatenate([holes.reshape(len(holes), -1), boards], axis=1)
    assert cards[:40].tolist() == reference_block(77, 0, 40, 2 * players, board)
    assert cards[block:].tolist() == reference_block(77, 1, 40, 2 * players, board)
