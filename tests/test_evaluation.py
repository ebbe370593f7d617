"""Tests for holdem's hand evaluator: evaluate, evaluate_batch, category, describe, best_five,
value_histogram (showdown and showdown_batch: test_evaluation_showdown.py).

Oracles from outside the project:
- exhaustive category counts over all 5-, 6- and 7-card hands as published (5 and 7 cards: the
  standard tables, e.g. Wikipedia "Poker probability"; 6 cards: Brian Alspach, "6-Card Poker
  Hands", 2000, http://people.math.sfu.ca/~alspach/comp19). The numbers of *distinct values* per
  category for 6 and 7 cards were re-derived by enumerating every hand with phevaluator 0.6.0
  (not with holdem) and agree with the published totals (4,824 for 7 cards);
- phevaluator 0.6.0 (same 1..7462 scale, 1 = best: ours == 7463 - theirs), treys 0.1.8 (same
  scale, and its rank classes), eval7 0.1.11 (different scale, higher is better: order only).
  Each is reached through ``pytest.importorskip`` where it is used: without the peers, only the
  comparisons with them skip.
"""

from __future__ import annotations

import importlib.machinery
import itertools
import math
import re
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem import Card, CardError, Category
from holdem.errors import ArgumentError, ArgumentTypeError, MissingDependencyError

from _support.evaluation_oracles import TOKEN, ph, ph_ranks, random_hands

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


# ---------------------------------------------------------------------------------- peers (oracles)
@cache
def _treys() -> tuple[Any, list[int]]:
    treys = pytest.importorskip("treys")
    return treys.Evaluator(), [treys.Card.new(t) for t in TOKEN]


def treys_evaluator() -> Any:
    """treys' Evaluator; skips the test without treys."""
    return _treys()[0]


def treys_rank(cards: Sequence[int]) -> int:
    evaluator, card = _treys()
    cs = [card[c] for c in cards]
    return int(evaluator.evaluate(cs[:2], cs[2:]))


@cache
def treys_category() -> np.ndarray:
    """Category of every phevaluator/treys rank 1..7462, from treys' own rank-class table.

    treys 0.1.8 classes: 0 royal flush, 1 straight flush, 2 quads, ..., 8 pair, 9 high card.
    """
    evaluator = treys_evaluator()
    table = np.zeros(7463, dtype=np.int64)
    for r in range(1, 7463):
        table[r] = min(8, 9 - evaluator.get_rank_class(r))
    return table


def eval7_values(hands: np.ndarray) -> np.ndarray:
    """eval7's values of 7-card hands (higher is better); skips the test without eval7."""
    with warnings.catch_warnings():  # eval7 0.1.11 imports pyparsing's deprecated names
        warnings.simplefilter("ignore", DeprecationWarning)
        eval7 = pytest.importorskip("eval7")
    card = [eval7.Card(t) for t in TOKEN]
    return np.array([eval7.evaluate([card[c] for c in row]) for row in hands.tolist()], np.int64)


# ------------------------------------------------------------------------------------------ helpers


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
    assert holdem.evaluate("7s 5d 4c 3h 2s") == 1
    assert holdem.category(7462) is Category.STRAIGHT_FLUSH
    assert holdem.category(1) is Category.HIGH_CARD
    assert 7463 - ph(5)(*(TOKEN.index(t) for t in ["7s", "5d", "4c", "3h", "2s"])) == 1


def test_category_of_every_value_matches_treys() -> None:
    """category(v) for all 7,462 values against treys' rank classes (treys rank = 7463 - v)."""
    ours = np.array([cat_of(v) for v in range(1, 7463)])
    assert all(isinstance(holdem.category(v), Category) for v in (1, 1000, 5000, 7462))
    theirs = treys_category()[7462:0:-1]
    assert np.array_equal(ours, theirs), "category boundaries differ from treys"


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
    values = [evaluate(hand) for hand in itertools.combinations(range(52), 5)]
    by_value = Counter(values)
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
    ph5 = ph(5)
    mismatches: list[tuple[tuple[int, ...], int]] = []
    for hand, v in zip(itertools.combinations(range(52), 5), values, strict=True):
        if v != 7463 - ph5(*hand) and len(mismatches) < 10:
            mismatches.append((hand, v))
    assert not mismatches, [(" ".join(TOKEN[c] for c in h), v) for h, v in mismatches]


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
    hand is 9-8-7-5-4 high (some 5-card hands, e.g. 7-high, are impossible with 7 cards). Value
    from phevaluator."""
    hist = holdem.value_histogram(7)
    lowest = min(v for v in range(1, 7463) if hist[v])
    assert lowest == 7463 - ph(5)(*(TOKEN.index(t) for t in ["9s", "8d", "7c", "5h", "4s"]))


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
            expected = min(8, 9 - treys_evaluator().get_rank_class(treys_rank(row)))
            c = holdem.category(v)
            assert isinstance(c, Category)
            assert int(c) == expected, (" ".join(TOKEN[x] for x in row), v, c)


# ----------------------------------------------------------------------------------------- vs eval7
def test_order_vs_eval7(h7: np.ndarray, h7b: np.ndarray) -> None:
    """eval7 uses another scale (higher is better): same order on 200,000 pairs and on the whole
    sample."""
    n = 200_000
    a, b = h7[:n], h7b[:n]
    ea, eb = eval7_values(a), eval7_values(b)
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
    for row, expected in zip(hands.tolist(), batch.tolist(), strict=True):
        tokens = [TOKEN[c] for c in row]
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
    assert np.array_equal(batch, 7463 - ph_ranks(hands))


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
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert holdem.evaluate(shuffled) == v
    renamed = [(c // 4) * 4 + suit_perm[c % 4] for c in cards]
    assert holdem.evaluate(renamed) == v


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
@settings(max_examples=300)
def test_evaluate_vs_phevaluator_on_any_hand(cards: list[int]) -> None:
    assert holdem.evaluate(cards) == 7463 - ph(len(cards))(*cards)


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
        holdem.evaluate(cards)  # type: ignore[arg-type]  # bad input on purpose
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
    arr: npt.NDArray[Any] = random_hands(np.random.default_rng(row), rows, 7).astype(dtype)
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
    assert np.array_equal(holdem.evaluate_batch(arr), 7463 - ph_ranks(arr))


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
    best = []
    for row in hands.tolist():
        bf = holdem.best_five(row)
        assert isinstance(bf, tuple)
        assert len(bf) == 5
        assert all(type(c) is Card for c in bf)
        assert len(set(bf)) == 5
        assert set(bf) <= set(row)
        assert holdem.evaluate(bf) == holdem.evaluate(row)
        assert [c.rank for c in bf] == _expected_rank_order([c.rank for c in bf]), bf
        if k == 5:
            assert sorted(bf) == sorted(row)
        best.append(bf)
    ph5, phk = ph(5), ph(k)
    for row, bf in zip(hands.tolist(), best, strict=True):
        assert ph5(*bf) == phk(*row), (" ".join(TOKEN[c] for c in row), bf)


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
    """Kickers in descending order joined by '-' ('ace-king-seven kickers', 'king kicker',
    'High card, ace, king-nine-seven-four kickers'). Quads too: 7777J beats 7777T (Wikipedia,
    "List of poker hands"), so the kicker is part of the hand's name."""
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
