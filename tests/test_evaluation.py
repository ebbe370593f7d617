"""Tests for holdem's hand evaluator: evaluate, evaluate_batch, category, describe, best_five,
showdown(_batch),
value_histogram.

Oracles from outside the project:
- exhaustive category counts over all 5-, 6- and 7-card hands as published (5 and 7 cards: the
standard tables,
  e.g. Wikipedia "Poker probability"; 6 cards: Brian Alspach, "6-Card Poker Hands", 2000,
  http://people.math.sfu.ca/~alspach/comp19). The numbers of *distinct values* per category for 6
  and 7 cards were
  re-derived by enumerating every hand with phevaluator 0.6.0 (not with holdem) and agree with the
  published
  totals (4,824 for 7 cards);
- phevaluator 0.6.0 (same 1..7462 scale, 1 = best: ours == 7463 - theirs), treys 0.1.8 (same scale,
and its
  rank classes), eval7 0.1.11 (different scale, higher is better: order only).
"""

from __future__ import annotations

import dataclasses
import importlib.machinery
import itertools
import math
import re
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np
import phevaluator
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator._pheval import evaluate_5cards as ph5
from phevaluator._pheval import evaluate_6cards as ph6
from phevaluator._pheval import evaluate_7cards as ph7
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

with warnings.catch_warnings():  # eval7 0.1.11 imports pyparsing's deprecated names
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

import holdem
from holdem import Card, CardError, Category
from holdem.errors import ArgumentError, ArgumentTypeError, MissingDependencyError

PH: dict[int, Callable[..., int]] = {5: ph5, 6: ph6, 7: ph7}
TOKEN = [str(phevaluator.Card(i)) for i in range(52)]  # outside names of the 52 indices
TREYS_EV = TreysEvaluator()
TREYS_CARD = [TreysCard.new(t) for t in TOKEN]
EVAL7_CARD = [eval7.Card(t) for t in TOKEN]

# Category of every phevaluator/treys rank 1..7462, from treys' own rank-class table.
# treys 0.1.8 classes: 0 royal flush, 1 straight flush, 2 quads, ..., 8 pair, 9 high card.
TREYS_CATEGORY = np.zeros(7463, dtype=np.int64)
for _r in range(1, 7463):
    TREYS_CATEGORY[_r] = min(8, 9 - TREYS_EV.get_rank_class(_r))

CATS = [
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
]

# Published frequencies, indexed by Category value 0 (high card) .. 8 (straight flush).
COUNTS_5 = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
DISTINCT_5 = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
# Alspach 2000 (6-card): SF 1,844; quads 14,664; FH 165,984; flush 205,792; straight 361,620; trips
# 732,160; two pair 2,532,816; one pair 9,730,740; high card 6,612,900; total C(52,6) = 20,358,520.
COUNTS_6 = [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844]
DISTINCT_6 = [770, 2135, 846, 715, 10, 1277, 156, 156, 10]  # total 6,075 (phevaluator enumeration)
COUNTS_7 = [
    23_294_460,
    58_627_800,
    31_433_400,
    6_461_620,
    6_180_020,
    4_047_644,
    3_473_184,
    224_848,
    41_584,
]
DISTINCT_7 = [407, 1470, 763, 575, 10, 1277, 156, 156, 10]  # total 4,824


# ------------------------------------------------------------------------------------------ helpers
def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n rows of k distinct uniformly chosen card indices (uint8); rows with a repeated card are
    redrawn."""
    if k > 9:
        return rng.random((n, 52)).argpartition(k, axis=1)[:, :k].astype(np.uint8)
    out = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    while True:
        s = np.sort(out, axis=1)
        bad = np.flatnonzero((np.diff(s, axis=1) == 0).any(axis=1))
        if bad.size == 0:
            return out
        out[bad] = rng.integers(0, 52, size=(bad.size, k), dtype=np.uint8)


def ph_ranks(hands: np.ndarray) -> np.ndarray:
    f = PH[hands.shape[1]]
    return np.fromiter((f(*row) for row in hands.tolist()), dtype=np.int64, count=len(hands))


def treys_rank(cards: Sequence[int]) -> int:
    cs = [TREYS_CARD[c] for c in cards]
    return TREYS_EV.evaluate(cs[:2], cs[2:])


def describe_mismatch(hands: np.ndarray, ours: np.ndarray, theirs: np.ndarray) -> str:
    bad = np.flatnonzero(ours != theirs)
    rows = [
        f"{' '.join(TOKEN[c] for c in hands[i])}: ours={ours[i]} expected={theirs[i]}"
        for i in bad[:10]
    ]
    return f"{bad.size} mismatches, e.g.\n" + "\n".join(rows)


@cache
def all_five_card_hands() -> np.ndarray:
    n = math.comb(52, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)), np.uint8, count=5 * n
    )
    return flat.reshape(n, 5)


def cat_of(value: int) -> int:
    return int(holdem.category(value))


# ------------------------------------------------------------------------------------------- basics
def test_compiled_core_is_imported() -> None:
    assert holdem._core.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_constants_and_category_enum() -> None:
    assert holdem.N_VALUES == 7462
    assert [c.name for c in Category] == [
        "HIGH_CARD",
        "ONE_PAIR",
        "TWO_PAIR",
        "THREE_OF_A_KIND",
        "STRAIGHT",
        "FLUSH",
        "FULL_HOUSE",
        "FOUR_OF_A_KIND",
        "STRAIGHT_FLUSH",
    ]
    assert [int(c) for c in Category] == list(range(9))


def test_extremes() -> None:
    assert holdem.evaluate([TOKEN.index(t) for t in ("As", "Ks", "Qs", "Js", "Ts")]) == 7462
    assert (
        holdem.evaluate("7s 5d 4c 3h 2s")
        == 1
        == 7463 - ph5(*(TOKEN.index(t) for t in ["7s", "5d", "4c", "3h", "2s"]))
    )
    assert holdem.category(7462) is Category.STRAIGHT_FLUSH
    assert holdem.category(1) is Category.HIGH_CARD


def test_category_of_every_value_matches_treys() -> None:
    """category(v) for all 7,462 values against treys' rank classes (treys rank = 7463 - v)."""
    ours = np.array([cat_of(v) for v in range(1, 7463)])
    assert np.array_equal(ours, TREYS_CATEGORY[7462:0:-1]), "category boundaries differ from treys"
    assert all(isinstance(holdem.category(v), Category) for v in (1, 1000, 5000, 7462))


@pytest.mark.parametrize("bad", [0, 7463, -1, 100_000])
def test_category_out_of_range(bad: int) -> None:
    with pytest.raises(ArgumentError, match="a hand value must be an int from 1 to 7462"):
        holdem.category(bad)
    with pytest.raises(ArgumentError, match="a hand value must be an int from 1 to 7462"):
        holdem.describe(bad)


@pytest.mark.parametrize("bad", [1.0, True, "7462", None])
def test_category_not_an_int(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="a hand value must be an int"):
        holdem.category(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------- exhaustive
def test_all_five_card_hands_through_evaluate() -> None:
    """All 2,598,960 five-card hands one call at a time; published counts; exact agreement with
    phevaluator."""
    evaluate = holdem.evaluate
    by_value: Counter[int] = Counter()
    mismatches = []
    for hand in itertools.combinations(range(52), 5):
        v = evaluate(hand)
        by_value[v] += 1
        if v != 7463 - ph5(*hand) and len(mismatches) < 10:
            mismatches.append((hand, v))
    assert not mismatches, [(" ".join(TOKEN[c] for c in h), v) for h, v in mismatches]
    assert sum(by_value.values()) == math.comb(52, 5)
    assert len(by_value) == 7462
    assert set(by_value) == set(range(1, 7463))
    per_cat = [0] * 9
    distinct = [0] * 9
    for v, n in by_value.items():
        per_cat[cat_of(v)] += n
        distinct[cat_of(v)] += 1
    assert per_cat == COUNTS_5
    assert distinct == DISTINCT_5
    # the compiled histogram must say the same
    assert holdem.value_histogram(5) == [0] + [by_value[v] for v in range(1, 7463)]


def test_all_five_card_hands_through_evaluate_batch() -> None:
    hands = all_five_card_hands()
    ours = holdem.evaluate_batch(hands)
    theirs = 7463 - ph_ranks(hands)
    assert np.array_equal(ours, theirs), describe_mismatch(hands, ours, theirs)


@pytest.mark.parametrize(
    ("n_cards", "counts", "distinct"),
    [(5, COUNTS_5, DISTINCT_5), (6, COUNTS_6, DISTINCT_6), (7, COUNTS_7, DISTINCT_7)],
)
def test_value_histogram(n_cards: int, counts: list[int], distinct: list[int]) -> None:
    hist = holdem.value_histogram(n_cards)
    assert len(hist) == 7463
    assert hist[0] == 0
    assert all(isinstance(x, int) for x in hist[:10])
    assert sum(hist) == math.comb(52, n_cards)
    per_cat = [0] * 9
    per_cat_distinct = [0] * 9
    for v in range(1, 7463):
        if hist[v]:
            per_cat[cat_of(v)] += hist[v]
            per_cat_distinct[cat_of(v)] += 1
    assert per_cat == counts
    assert sum(counts) == math.comb(52, n_cards)  # the published table itself adds up
    assert per_cat_distinct == distinct
    assert sum(1 for x in hist if x) == {5: 7462, 6: 6075, 7: 4824}[n_cards]


def test_value_histogram_7_weakest_hand() -> None:
    """Seven distinct ranks without a straight are at least {2,3,4,5,7,8,9}: the weakest 7-card
    hand is 9-8-7-5-4
    high (some 5-card hands, e.g. 7-high, are impossible with 7 cards). Value from phevaluator."""
    hist = holdem.value_histogram(7)
    lowest = min(v for v in range(1, 7463) if hist[v])
    assert lowest == 7463 - ph5(*(TOKEN.index(t) for t in ["9s", "8d", "7c", "5h", "4s"]))


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


def test_value_histogram_7_value_by_value() -> None:
    """Every one of the 133,784,560 seven-card hands through evaluate_batch (which agrees with
    phevaluator hand by hand), counted per value: the enumeration's shortcuts (one lookup for
    the cards of a rank, or for a pair of ranks, when no flush is possible) must give the same
    count for every value."""
    six = _colex_subsets(51, 6)
    counts = np.zeros(7463, dtype=np.int64)
    for low in range(46):  # the lowest card, then six of the cards above it
        n = math.comb(51 - low, 6)
        hands = np.empty((n, 7), dtype=np.uint8)
        hands[:, 0] = low
        hands[:, 1:] = six[:n] + (low + 1)
        counts += np.bincount(holdem.evaluate_batch(hands, threads=2), minlength=7463)
    assert counts.sum() == math.comb(52, 7)
    assert counts.tolist() == holdem.value_histogram(7)


@pytest.mark.parametrize("n", [4, 8, 0, 52])
def test_value_histogram_bad_n(n: int) -> None:
    with pytest.raises(ArgumentError, match="n_cards must be an int from 5 to 7"):
        holdem.value_histogram(n)
    with pytest.raises(ArgumentTypeError):
        holdem.value_histogram(float(n))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------- vs phevaluator
@pytest.fixture(scope="module")
def h7() -> np.ndarray:
    return random_hands(np.random.default_rng(20_240_607), 1_000_000, 7)


@pytest.fixture(scope="module")
def h7_ph(h7: np.ndarray) -> np.ndarray:
    return ph_ranks(h7)


@pytest.fixture(scope="module")
def h7b() -> np.ndarray:
    return random_hands(np.random.default_rng(777), 1_000_000, 7)


@pytest.fixture(scope="module")
def h7b_ph(h7b: np.ndarray) -> np.ndarray:
    return ph_ranks(h7b)


def test_batch_7_vs_phevaluator(h7: np.ndarray, h7_ph: np.ndarray) -> None:
    ours = holdem.evaluate_batch(h7)
    assert isinstance(ours, np.ndarray)
    assert ours.dtype == np.uint16
    assert ours.shape == (len(h7),)
    theirs = 7463 - h7_ph
    assert np.array_equal(ours, theirs), describe_mismatch(h7, ours, theirs)


def test_same_order_as_phevaluator_random_pairs(
    h7: np.ndarray, h7_ph: np.ndarray, h7b: np.ndarray, h7b_ph: np.ndarray
) -> None:
    """1,000,000 random pairs of 7-card hands: ours_a vs ours_b ordered as phevaluator orders
    them."""
    a = holdem.evaluate_batch(h7).astype(np.int64)
    b = holdem.evaluate_batch(h7b).astype(np.int64)
    assert np.array_equal(np.sign(a - b), np.sign(h7b_ph - h7_ph))


def test_same_order_as_phevaluator_shared_board_pairs() -> None:
    """1,000,000 hold'em duels (one board, two hole pairs): many near-ties and ties."""
    deals = random_hands(np.random.default_rng(4242), 1_000_000, 9)
    a = np.ascontiguousarray(deals[:, :7])
    b = np.ascontiguousarray(np.concatenate([deals[:, :5], deals[:, 7:]], axis=1))
    ours = np.sign(
        holdem.evaluate_batch(a).astype(np.int64) - holdem.evaluate_batch(b).astype(np.int64)
    )
    theirs = np.sign(ph_ranks(b) - ph_ranks(a))
    assert (theirs == 0).sum() > 10_000  # the sample really contains ties
    assert np.array_equal(ours, theirs)


def test_batch_global_order_matches_phevaluator(h7: np.ndarray, h7_ph: np.ndarray) -> None:
    """Sorting 1M hands by our value sorts them by phevaluator rank (ties exactly where phevaluator
    ties)."""
    ours = holdem.evaluate_batch(h7).astype(np.int64)
    idx = np.argsort(ours, kind="stable")
    d_ours = np.diff(ours[idx])
    d_theirs = -np.diff(h7_ph[idx])
    assert np.all(d_theirs[d_ours > 0] > 0)
    assert np.all(d_theirs[d_ours == 0] == 0)


@pytest.mark.parametrize("k", [5, 6])
def test_batch_5_6_vs_phevaluator(k: int) -> None:
    hands = random_hands(np.random.default_rng(100 + k), 500_000, k)
    ours = holdem.evaluate_batch(hands)
    assert ours.dtype == np.uint16
    theirs = 7463 - ph_ranks(hands)
    assert np.array_equal(ours, theirs), describe_mismatch(hands, ours, theirs)


# ----------------------------------------------------------------------------------------- vs treys
@pytest.mark.parametrize(("k", "n"), [(7, 100_000), (6, 30_000), (5, 50_000)])
def test_batch_vs_treys(k: int, n: int) -> None:
    hands = random_hands(np.random.default_rng(9000 + k), n, k)
    theirs = 7463 - np.array([treys_rank(row) for row in hands.tolist()])
    ours = holdem.evaluate_batch(hands)
    assert np.array_equal(ours, theirs), describe_mismatch(hands, ours, theirs)


def test_category_vs_treys_on_random_hands() -> None:
    rng = np.random.default_rng(31337)
    for k in (5, 6, 7):
        hands = random_hands(rng, 5_000, k)
        values = holdem.evaluate_batch(hands)
        for row, v in zip(hands.tolist(), values.tolist(), strict=True):
            expected = min(8, 9 - TREYS_EV.get_rank_class(treys_rank(row)))
            c = holdem.category(v)
            assert isinstance(c, Category)
            assert int(c) == expected, (" ".join(TOKEN[x] for x in row), v, c)


# ----------------------------------------------------------------------------------------- vs eval7
def test_order_vs_eval7(h7: np.ndarray, h7b: np.ndarray) -> None:
    """eval7 uses another scale (higher is better): same order on 200,000 pairs and on the whole
    sample."""
    n = 200_000
    a, b = h7[:n], h7b[:n]
    ea = np.array(
        [eval7.evaluate([EVAL7_CARD[c] for c in row]) for row in a.tolist()], dtype=np.int64
    )
    eb = np.array(
        [eval7.evaluate([EVAL7_CARD[c] for c in row]) for row in b.tolist()], dtype=np.int64
    )
    oa = holdem.evaluate_batch(a).astype(np.int64)
    ob = holdem.evaluate_batch(b).astype(np.int64)
    assert np.array_equal(np.sign(oa - ob), np.sign(ea - eb))
    ours = np.concatenate([oa, ob])
    theirs = np.concatenate([ea, eb])
    idx = np.argsort(ours, kind="stable")
    d_ours, d_theirs = np.diff(ours[idx]), np.diff(theirs[idx])
    assert np.all(d_theirs[d_ours > 0] > 0)
    assert np.all(d_theirs[d_ours == 0] == 0)


# ----------------------------------------------------------------------------------- evaluate forms
@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_input_forms_agree_with_batch(k: int) -> None:
    hands = random_hands(np.random.default_rng(55 + k), 2_000, k)
    batch = holdem.evaluate_batch(hands)
    for row, v in zip(hands.tolist(), batch.tolist(), strict=True):
        tokens = [TOKEN[c] for c in row]
        expected = 7463 - PH[k](*row)
        assert v == expected
        forms = [
            row,
            tuple(row),
            "".join(tokens),
            " ".join(tokens),
            ",".join(tokens),
            ", ".join(tokens),
            [Card(c) for c in row],
            tuple(Card(t) for t in tokens),
        ]
        for form in forms:
            got = holdem.evaluate(form)
            assert type(got) is int, (form, type(got))
            assert got == expected, (form, got, expected)


@given(
    st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
    st.randoms(use_true_random=False),
    st.permutations([0, 1, 2, 3]),
)
@settings(max_examples=300)
def test_evaluate_invariances(cards: list[int], rnd: object, suit_perm: list[int]) -> None:
    """Order of the input cards and renaming of suits never change the value (suits have no
    rank)."""
    v = holdem.evaluate(cards)
    assert v == 7463 - PH[len(cards)](*cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert holdem.evaluate(shuffled) == v
    renamed = [(c // 4) * 4 + suit_perm[c % 4] for c in cards]
    assert holdem.evaluate(renamed) == v


def test_batch_dtypes_layouts_threads_out(h7: np.ndarray) -> None:
    sample = h7[:200_000]
    ref = holdem.evaluate_batch(sample)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, np.intp):
        assert np.array_equal(holdem.evaluate_batch(sample.astype(dtype)), ref), dtype
    fortran = np.asfortranarray(sample)
    assert np.array_equal(holdem.evaluate_batch(fortran), ref)
    strided = np.zeros((len(sample), 14), dtype=np.uint8)[:, ::2]
    strided[:] = sample
    assert np.array_equal(holdem.evaluate_batch(strided), ref)
    assert np.array_equal(holdem.evaluate_batch(sample[::-1]), ref[::-1])
    for threads in (2, 3, 8):
        assert np.array_equal(holdem.evaluate_batch(sample, threads=threads), ref), threads
    out = np.zeros(len(sample), dtype=np.uint16)
    res = holdem.evaluate_batch(sample, out=out)
    assert np.shares_memory(res, out)
    assert np.array_equal(out, ref)
    out2 = np.zeros(len(sample), dtype=np.uint16)
    holdem.evaluate_batch(sample, threads=4, out=out2)
    assert np.array_equal(out2, ref)


def test_batch_empty() -> None:
    res = holdem.evaluate_batch(np.zeros((0, 7), dtype=np.uint8))
    assert res.shape == (0,)


# ---------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("cards", "named"),
    [
        ([0, 1, 2, 3], None),  # 4 cards
        ([0, 4, 8, 12, 16, 20, 24, 28], None),  # 8 cards
        ([], None),
        ([0, 1, 2], None),
        ([0, 0, 5, 9, 13], ("2c", "0")),  # duplicate
        ("As Kd Qh Jc As", ("As",)),
        ([52, 1, 5, 9, 13], ("52",)),
        ([-1, 1, 5, 9, 13], ("-1",)),
        ([True, 5, 9, 13, 17], ("True",)),
        ([0.0, 5, 9, 13, 17], ("0.0",)),
        ([3.0, 5, 9, 13, 17], ("3.0",)),
        ("AsKdQhJcXx", ("Xx",)),
        ("As Kd Qh Jc 1s", ("1s",)),
        ("As Kd Qh Jc", None),
        ("", None),
    ],
    ids=repr,
)
def test_evaluate_bad_input(cards: object, named: tuple[str, ...] | None) -> None:
    with pytest.raises(CardError) as info:
        holdem.evaluate(cards)  # type: ignore[arg-type]
    if named:
        assert any(n in str(info.value) for n in named), str(info.value)


@pytest.mark.parametrize("fn", ["best_five", "describe"])
def test_best_five_describe_bad_input(fn: str) -> None:
    f = getattr(holdem, fn)
    with pytest.raises(CardError):
        f([0, 1, 2, 3])
    with pytest.raises(CardError):
        f([0, 0, 5, 9, 13])
    with pytest.raises(CardError):
        f("As Kd Qh Jc Xx")


def _bad_row(rows: int, row: int, dtype: type, mutate: Callable[[np.ndarray], None]) -> None:
    arr = random_hands(np.random.default_rng(row), rows, 7).astype(dtype)
    mutate(arr[row])
    with pytest.raises(CardError) as info:
        holdem.evaluate_batch(arr)
    assert re.search(rf"\b{row}\b", str(info.value)), str(info.value)


def test_batch_bad_row_duplicate() -> None:
    def dup(r: np.ndarray) -> None:
        r[6] = r[1]

    _bad_row(1000, 537, np.uint8, dup)


def test_batch_bad_row_52() -> None:
    def big(r: np.ndarray) -> None:
        r[0] = 52

    _bad_row(1000, 612, np.uint8, big)
    _bad_row(1000, 999, np.uint8, big)


def test_batch_bad_row_255_and_negative() -> None:
    def b255(r: np.ndarray) -> None:
        r[3] = 255

    def neg(r: np.ndarray) -> None:
        r[2] = -1

    def huge(r: np.ndarray) -> None:
        r[4] = 256 + 3  # must not wrap around to a valid card

    _bad_row(1000, 17, np.uint8, b255)
    _bad_row(1000, 845, np.int16, neg)
    _bad_row(1000, 3, np.int64, huge)


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5, 998, 999])
def test_batch_any_row_count_and_bad_row_position(rows: int) -> None:
    """The 7-card kernel takes rows two at a time: odd counts, the last row and either row of
    a pair must all be evaluated and checked (phevaluator is the oracle for the values)."""
    arr = random_hands(np.random.default_rng(rows), rows, 7)
    assert np.array_equal(holdem.evaluate_batch(arr), 7463 - ph_ranks(arr))
    for row in sorted({0, 1, rows // 2, rows - 2, rows - 1} & set(range(rows))):
        for col in range(7):
            dup = arr.copy()
            dup[row, col] = dup[row, (col + 3) % 7]
            bad = arr.copy()
            bad[row, col] = 52 + 29 * col
            for case in (dup, bad):
                with pytest.raises(CardError) as info:
                    holdem.evaluate_batch(case)
                assert re.search(rf"\brow {row}\b", str(info.value)), str(info.value)


def test_batch_bad_row_in_large_threaded_batch() -> None:
    arr = random_hands(np.random.default_rng(5), 300_000, 7)
    arr[271_828, 5] = arr[271_828, 2]
    with pytest.raises(CardError) as info:
        holdem.evaluate_batch(arr, threads=4)
    assert re.search(r"\b271828\b|\b271,828\b", str(info.value)), str(info.value)


@pytest.mark.parametrize(
    ("shape", "error"),
    [
        ((10, 4), CardError),  # a row is 5, 6 or 7 cards
        ((10, 8), CardError),
        ((7,), ArgumentError),  # not a 2-D array
        ((2, 3, 7), ArgumentError),
        ((10, 0), CardError),
        ((10, 1), CardError),
    ],
)
def test_batch_wrong_shape(shape: tuple[int, ...], error: type[Exception]) -> None:
    arr = np.arange(int(np.prod(shape)), dtype=np.uint8).reshape(shape) % 52
    with pytest.raises(error):
        holdem.evaluate_batch(arr)


@pytest.mark.parametrize(("threads", "error"), [(0, ArgumentError), (1.5, ArgumentTypeError)])
def test_batch_bad_threads_and_out(threads: object, error: type[Exception]) -> None:
    arr = np.arange(70, dtype=np.uint8).reshape(10, 7) % 52
    with pytest.raises(error, match="threads must be an int >= 1"):
        holdem.evaluate_batch(arr, threads=threads)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="out must be a contiguous uint16 array"):
        holdem.evaluate_batch(arr, out=np.empty(9, dtype=np.uint16))


# ---------------------------------------------------------------------------------------- best_five
def _expected_rank_order(ranks: list[int]) -> list[int]:
    """Most significant first: by multiplicity then rank; the wheel (A2345) as 5 4 3 2 A."""
    if sorted(ranks) == [0, 1, 2, 3, 12]:
        return [3, 2, 1, 0, 12]
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (-counts[r], -r))


@pytest.mark.parametrize(("k", "n"), [(7, 20_000), (6, 10_000), (5, 3_000)])
def test_best_five_vs_phevaluator(k: int, n: int) -> None:
    hands = random_hands(np.random.default_rng(600 + k), n, k)
    for row in hands.tolist():
        bf = holdem.best_five(row)
        assert isinstance(bf, tuple)
        assert len(bf) == 5
        assert all(type(c) is Card for c in bf)
        assert len(set(bf)) == 5
        assert set(bf) <= set(row)
        assert ph5(*bf) == PH[k](*row), (" ".join(TOKEN[c] for c in row), bf)
        assert holdem.evaluate(bf) == holdem.evaluate(row)
        assert [c.rank for c in bf] == _expected_rank_order([c.rank for c in bf]), bf
        if k == 5:
            assert sorted(bf) == sorted(row)


def test_best_five_examples() -> None:
    full = holdem.best_five("Ks Kh Kd 4c 4h 2s 7d")
    assert [c.rank for c in full] == [11, 11, 11, 2, 2]
    assert {str(c) for c in full} == {"Ks", "Kh", "Kd", "4c", "4h"}
    wheel = holdem.best_five("As 2d 3c 4h 5s Kd Kc")  # a wheel beats the pair of kings
    assert [c.rank for c in wheel] == [3, 2, 1, 0, 12]
    # the steel wheel (a straight flush) beats the 7-high straight 3-4-5-6-7 in the same seven cards
    assert [str(c) for c in holdem.best_five("Ah 2h 3h 4h 5h 6c 7d")] == [
        "5h",
        "4h",
        "3h",
        "2h",
        "Ah",
    ]
    assert holdem.category(holdem.evaluate("Ah 2h 3h 4h 5h 6c 7d")) is Category.STRAIGHT_FLUSH


# ----------------------------------------------------------------------------------------- describe
SINGULAR = [
    "deuce",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
PLURAL = [
    "deuces",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
]
ALT_SINGULAR = {
    0: ["two", "2"],
    1: ["trey", "3"],
    2: ["4"],
    3: ["5"],
    4: ["6"],
    5: ["7"],
    6: ["8"],
    7: ["9"],
}
ALT_PLURAL = {
    0: ["twos", "2s"],
    1: ["treys", "3s"],
    2: ["4s"],
    3: ["5s"],
    4: ["6s"],
    5: ["7s"],
    6: ["8s"],
    7: ["9s"],
}
CATEGORY_WORDS = {
    0: ("high card", "no pair"),
    1: ("pair",),
    2: ("two pair",),
    3: ("three of a kind", "trips", "set"),
    4: ("straight",),
    5: ("flush",),
    6: ("full house",),
    7: ("four of a kind", "quads"),
    8: ("straight flush", "royal flush"),
}


def singular(rank: int) -> list[str]:
    return [SINGULAR[rank], *ALT_SINGULAR.get(rank, [])]


def plural(rank: int) -> list[str]:
    return [PLURAL[rank], *ALT_PLURAL.get(rank, [])]


def has_word(text: str, words: list[str]) -> bool:
    return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z])", text) for w in words)


@cache
def representatives() -> dict[int, tuple[int, ...]]:
    """One five-card hand for each of the 7,462 values (from the exhaustive enumeration)."""
    hands = all_five_card_hands()
    values = holdem.evaluate_batch(hands)
    uniq, first = np.unique(values, return_index=True)
    return {int(v): tuple(int(c) for c in hands[i]) for v, i in zip(uniq, first, strict=True)}


def test_describe_names_the_category_for_every_value() -> None:
    for v in range(1, 7463):
        text = holdem.describe(v)
        assert isinstance(text, str)
        low = text.lower()
        cat = cat_of(v)
        assert any(w in low for w in CATEGORY_WORDS[cat]), (v, text)
        if cat == 4:
            assert "flush" not in low, (v, text)
        if cat == 5:
            assert "straight" not in low, (v, text)
        if cat == 1:
            assert "two pair" not in low, (v, text)


def test_describe_names_the_ranks_for_every_value() -> None:
    """The deciding ranks appear in describe (rank words from the cards themselves, not from
    holdem)."""
    for v, hand in representatives().items():
        text = holdem.describe(v).lower()
        assert holdem.describe(list(hand)) == holdem.describe(v)
        ranks = sorted((c // 4 for c in hand), reverse=True)
        counts = Counter(ranks)
        by_count = sorted(counts, key=lambda r: (-counts[r], -r))
        cat = cat_of(v)
        if cat in (4, 8):
            top = 3 if ranks == [12, 3, 2, 1, 0] else ranks[0]
            ok = any(f"{w}-high" in text for w in singular(top)) or (
                top == 12 and cat == 8 and "royal" in text
            )
            assert ok, (v, text)
        elif cat in (0, 5):
            assert has_word(text, singular(ranks[0])), (v, text)
        elif cat == 7:
            assert has_word(text, plural(by_count[0])), (v, text)
        elif cat == 6:
            trip, pair = by_count
            assert any(f"{a} full of {b}" in text for a in plural(trip) for b in plural(pair)), (
                v,
                text,
            )
        elif cat == 3:
            assert has_word(text, plural(by_count[0])), (v, text)
        elif cat == 2:
            hi, lo = by_count[0], by_count[1]
            assert any(f"{a} and {b}" in text for a in plural(hi) for b in plural(lo)), (v, text)
        elif cat == 1:
            assert has_word(text, plural(by_count[0])), (v, text)


def test_describe_kickers_as_in_api_examples() -> None:
    """Kickers in descending order joined by '-', as in api.md ('ace-king-seven kickers', 'king
    kicker',
    'High card, ace, king-nine-seven-four kickers'). Quads too: 7777J beats 7777T (RANKS seed), so
    the kicker
    is part of the hand's name."""
    for v, hand in representatives().items():
        cat = cat_of(v)
        if cat not in (0, 1, 2, 3, 7):
            continue
        text = holdem.describe(v).lower()
        ranks = [c // 4 for c in hand]
        counts = Counter(ranks)
        kickers = sorted((r for r in counts if counts[r] == 1), reverse=True)
        if cat == 0:
            kickers = kickers[1:]  # 'High card, ace, king-nine-seven-four kickers'

        assert "kicker" in text, (v, text)
        spelled = "-".join(SINGULAR[r] for r in kickers)
        alt = "-".join(ALT_SINGULAR.get(r, [SINGULAR[r]])[0] for r in kickers)
        assert spelled in text or alt in text, (v, text, spelled)


def test_describe_api_examples() -> None:
    assert holdem.describe("Ks Kh Kd 4c 4h").lower() == "full house, kings full of fours"
    assert "ace-high" in holdem.describe("As Ks 9s 8s 7s 4c 4h").lower()
    assert "ten-high" in holdem.describe("Ts 9h 8d 7c 6s").lower()


# ----------------------------------------------------------------------------------------- showdown
def _expected_showdown(
    board: Sequence[int], hands: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    k = len(board) + 2
    ranks = [PH[k](*board, *h) for h in hands]
    values = tuple(7463 - r for r in ranks)
    groups = tuple(tuple(i for i, r in enumerate(ranks) if r == rr) for rr in sorted(set(ranks)))
    return values, groups[0], groups


def _check_showdown(
    board: Sequence[int], hands: Sequence[Sequence[int]], sd: holdem.Showdown
) -> None:
    values, winners, order = _expected_showdown(board, hands)
    assert tuple(sd.values) == values
    assert tuple(sorted(sd.winners)) == winners
    assert tuple(tuple(sorted(g)) for g in sd.order) == order
    assert set(sd.order[0]) == set(sd.winners)
    assert sorted(i for g in sd.order for i in g) == list(range(len(hands)))


@pytest.mark.parametrize("players", range(2, 10))
def test_showdown_vs_phevaluator(players: int) -> None:
    deals = random_hands(np.random.default_rng(players), 500, 5 + 2 * players).tolist()
    ties = 0
    for deal in deals:
        board = deal[:5]
        hands = [deal[5 + 2 * i : 7 + 2 * i] for i in range(players)]
        sd = holdem.showdown(board, hands)
        _check_showdown(board, hands, sd)
        ties += len(sd.winners) > 1
    assert ties > 0  # the sample exercises split pots


def test_showdown_input_forms() -> None:
    board, hands = "Ah Kd 9c 4s 2h", ["Ac Qd", "As Qs", "Kh Kc", "7d 7s"]
    sd = holdem.showdown(board, hands)
    ints = [phevaluator.Card(t).id_ for t in board.split()]
    hand_ints = [[phevaluator.Card(t).id_ for t in h.split()] for h in hands]
    _check_showdown(ints, hand_ints, sd)
    assert holdem.showdown(ints, hand_ints) == sd
    assert holdem.showdown(tuple(Card(c) for c in ints), [tuple(h) for h in hand_ints]) == sd
    assert sd.winners == (2,)
    assert sd.order == ((2,), (0, 1), (3,))


def test_showdown_is_frozen() -> None:
    sd = holdem.showdown("As Ks Qs Js Ts", ["2c 3c", "4d 5d"])
    assert dataclasses.is_dataclass(sd)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sd.winners = (0,)  # type: ignore[misc]
    assert (
        isinstance(sd.values, tuple)
        and isinstance(sd.winners, tuple)
        and isinstance(sd.order, tuple)
    )


@pytest.mark.parametrize("board", ["As Ks Qs Js Ts", "Ah Ad Ac As Kh", "Ah Kd Qc Jd Ts"])
def test_showdown_board_plays_everyone_ties(board: str) -> None:
    rng = np.random.default_rng(len(board))
    used = {phevaluator.Card(t).id_ for t in board.split()}
    rest = np.array([c for c in range(52) if c not in used])
    for players in range(2, 10):
        for _ in range(50):
            pick = rng.permutation(rest)[: 2 * players].tolist()
            hands = [pick[2 * i : 2 * i + 2] for i in range(players)]
            sd = holdem.showdown(board, hands)
            assert sd.winners == tuple(range(players))
            assert sd.order == (tuple(range(players)),)
            assert len(set(sd.values)) == 1


@pytest.mark.parametrize("board_len", [3, 4])
def test_showdown_short_board(board_len: int) -> None:
    deals = random_hands(np.random.default_rng(board_len), 300, board_len + 8).tolist()
    for deal in deals:
        board = deal[:board_len]
        hands = [deal[board_len + 2 * i : board_len + 2 * i + 2] for i in range(4)]
        _check_showdown(board, hands, holdem.showdown(board, hands))


@pytest.mark.parametrize(
    ("board", "hands"),
    [
        ("As Ks Qs Js Ts", ["As 2c", "3d 4d"]),  # hole card also on the board
        ("As Ks Qs Js Ts", ["2c 3c", "2c 4d"]),  # same card in two hands
        ("As Ks Qs Js Ts", ["2c 3c 4c", "5d 6d"]),  # three hole cards
        ("As Ks Qs Js Ts", ["2c", "5d 6d"]),  # one hole card
        ("As Ks Qs Js Ts 9s", ["2c 3c", "5d 6d"]),  # six board cards
        ("As Ks", ["2c 3c", "5d 6d"]),  # fewer than 5 cards in total
        ("As Ks Qs Js Xx", ["2c 3c", "5d 6d"]),  # unknown token
    ],
)
def test_showdown_bad_input(board: str, hands: list[str]) -> None:
    with pytest.raises(CardError):
        holdem.showdown(board, hands)


def test_showdown_needs_a_hand() -> None:
    with pytest.raises(ArgumentError, match="at least one hand"):
        holdem.showdown("As Ks Qs Js Ts", [])


def test_batch_functions_without_numpy_name_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without NumPy the batch functions raise an ImportError that says what to install."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` now raises ImportError
    for call in (
        lambda: holdem.evaluate_batch([[0, 1, 2, 3, 5]]),
        lambda: holdem.showdown_batch([[0, 1, 2]], [[4, 5]]),
    ):
        with pytest.raises(MissingDependencyError, match=r'pip install "holdem-engine\[numpy\]"'):
            call()
        with pytest.raises(ImportError):
            call()


# ----------------------------------------------------------------------------------- showdown_batch
def test_showdown_batch_vs_evaluate_batch_and_phevaluator() -> None:
    n, p = 50_000, 6
    deals = random_hands(np.random.default_rng(8080), n, 5 + 2 * p)
    boards = np.ascontiguousarray(deals[:, :5])
    hands = np.ascontiguousarray(deals[:, 5:].reshape(n, p, 2))
    values, winners = holdem.showdown_batch(boards, hands)
    assert values.shape == (n, p) and winners.shape == (n, p)
    assert values.dtype == np.uint16 and winners.dtype == np.bool_
    sevens = np.concatenate([np.repeat(boards[:, None, :], p, axis=1), hands], axis=2).reshape(
        n * p, 7
    )
    by_batch = holdem.evaluate_batch(np.ascontiguousarray(sevens)).reshape(n, p)
    assert np.array_equal(values, by_batch)
    theirs = (7463 - ph_ranks(sevens)).reshape(n, p)
    assert np.array_equal(values, theirs)
    assert np.array_equal(winners, theirs == theirs.max(axis=1, keepdims=True))
    assert (winners.sum(axis=1) > 1).any()
    v2, w2 = holdem.showdown_batch(boards, hands, threads=4)
    assert np.array_equal(v2, values) and np.array_equal(w2, winners)


def test_showdown_batch_broadcast_hands() -> None:
    hands = np.array(
        [
            [phevaluator.Card(t).id_ for t in h.split()]
            for h in ("As Ah", "Kd Kc", "7h 2d", "Ts 9s")
        ],
        dtype=np.uint8,
    )
    used = set(hands.ravel().tolist())
    rest = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    rng = np.random.default_rng(99)
    boards = np.stack([rng.permutation(rest)[:5] for _ in range(20_000)])
    values, winners = holdem.showdown_batch(boards, hands)
    assert values.shape == (20_000, 4)
    theirs = np.array([[7463 - ph7(*b, *h) for h in hands.tolist()] for b in boards.tolist()])
    assert np.array_equal(values, theirs)
    assert np.array_equal(winners, theirs == theirs.max(axis=1, keepdims=True))
    # the same as passing the hands for every board
    full = np.ascontiguousarray(np.broadcast_to(hands, (len(boards), 4, 2)))
    v2, w2 = holdem.showdown_batch(boards, full)
    assert np.array_equal(v2, values) and np.array_equal(w2, winners)


def test_showdown_batch_agrees_with_showdown() -> None:
    deals = random_hands(np.random.default_rng(1234), 2_000, 5 + 2 * 9)
    boards = np.ascontiguousarray(deals[:, :5])
    hands = np.ascontiguousarray(deals[:, 5:].reshape(-1, 9, 2))
    values, winners = holdem.showdown_batch(boards, hands)
    for i in range(len(deals)):
        sd = holdem.showdown(boards[i].tolist(), hands[i].tolist())
        assert tuple(values[i].tolist()) == sd.values
        assert tuple(np.flatnonzero(winners[i]).tolist()) == tuple(sorted(sd.winners))


def test_showdown_batch_bad_row() -> None:
    deals = random_hands(np.random.default_rng(3), 1_000, 5 + 6)
    boards = np.ascontiguousarray(deals[:, :5])
    hands = np.ascontiguousarray(deals[:, 5:].reshape(-1, 3, 2))
    hands[123, 2, 1] = boards[123, 0]
    with pytest.raises(CardError) as info:
        holdem.showdown_batch(boards, hands)
    assert re.search(r"\b123\b", str(info.value)), str(info.value)
    hands2 = np.ascontiguousarray(deals[:, 5:].reshape(-1, 3, 2))
    boards2 = boards.copy()
    boards2[456, 4] = 52
    with pytest.raises(CardError) as info:
        holdem.showdown_batch(boards2, hands2)
    assert re.search(r"\b456\b", str(info.value)), str(info.value)


def test_showdown_batch_broadcast_hands_collide_with_board() -> None:
    hands = np.array([[0, 1], [2, 3]], dtype=np.uint8)
    boards = random_hands(np.random.default_rng(8), 100, 5)
    boards[:, :] = np.array([10, 20, 30, 40, 50], dtype=np.uint8)
    boards[77] = [0, 20, 30, 40, 50]
    with pytest.raises(CardError) as info:
        holdem.showdown_batch(boards, hands)
    assert re.search(r"\b77\b", str(info.value)), str(info.value)


@pytest.mark.parametrize(
    ("board_shape", "hands_shape", "error"),
    [
        ((10, 4), (10, 2, 2), CardError),  # the hands hold the board's cards
        ((10, 6), (10, 2, 2), CardError),  # a board is 3, 4 or 5 cards
        ((10, 5), (10, 2, 3), ArgumentError),
        ((10, 5), (9, 2, 2), ArgumentError),
        ((10, 5), (2, 3), ArgumentError),
        ((5,), (2, 2), ArgumentError),
    ],
)
def test_showdown_batch_wrong_shapes(
    board_shape: tuple[int, ...], hands_shape: tuple[int, ...], error: type[Exception]
) -> None:
    boards = (np.arange(int(np.prod(board_shape))) % 52).astype(np.uint8).reshape(board_shape)
    hands = (np.arange(int(np.prod(hands_shape))) % 52).astype(np.uint8).reshape(hands_shape)
    with pytest.raises(error):
        holdem.showdown_batch(boards, hands)
