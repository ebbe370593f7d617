"""holdem.compat.eval7 gives eval7's values, cards, decks and hand types.

Oracle: eval7 0.1.11 itself (a test dependency; the comparisons are skipped without it), called
on the same random hands (a million of 5, 6 and 7 cards each) and on one hand of each of the
7,462 values, compared one by one with the shim; its Card, Deck and handtype are compared too.
"""

from __future__ import annotations

import itertools
import pickle
import random
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from holdem import CardError, HoldemError
from holdem.compat import CompatTypeError, HandValueError
from holdem.compat import eval7 as shim_eval7

SIZES = (5, 6, 7)
NAMES = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]  # holdem's card indices


@pytest.fixture(scope="module")
def eval7() -> ModuleType:
    with warnings.catch_warnings():  # eval7 0.1.11 imports pyparsing's deprecated names
        warnings.simplefilter("ignore", DeprecationWarning)
        module: ModuleType = pytest.importorskip("eval7")
    return module


@pytest.mark.parametrize("n", SIZES)
def test_eval7_million_hands(eval7: ModuleType, hands: np.ndarray, n: int) -> None:
    theirs = np.array([eval7.Card(s) for s in NAMES], dtype=object)[hands[:, :n]].tolist()
    expected = [eval7.evaluate(h) for h in theirs]
    del theirs
    ours = np.array([shim_eval7.Card(s) for s in NAMES], dtype=object)[hands[:, :n]].tolist()
    evaluate = shim_eval7.evaluate
    got = [evaluate(h) for h in ours]
    assert got == expected


def test_eval7_every_value_and_handtype(eval7: ModuleType, one_hand_per_value: np.ndarray) -> None:
    rows = one_hand_per_value.tolist()
    expected = [eval7.evaluate([eval7.Card(NAMES[c]) for c in h]) for h in rows]
    got = [shim_eval7.evaluate(tuple(shim_eval7.Card(NAMES[c]) for c in h)) for h in rows]
    assert got == expected
    assert len(set(expected)) == 7462
    assert [shim_eval7.handtype(v) for v in got] == [eval7.handtype(v) for v in expected]
    assert set(map(shim_eval7.handtype, got)) == {
        "High Card",
        "Pair",
        "Two Pair",
        "Trips",
        "Straight",
        "Flush",
        "Full House",
        "Quads",
        "Straight Flush",
    }
    # Any iterable of cards, as a generator
    assert shim_eval7.evaluate(shim_eval7.Card(NAMES[c]) for c in rows[0]) == expected[0]


def test_eval7_card_surface(eval7: ModuleType) -> None:
    theirs = [eval7.Card(s) for s in NAMES]
    ours = [shim_eval7.Card(s) for s in NAMES]
    for c, (t, o) in enumerate(zip(theirs, ours, strict=True)):
        assert (str(o), repr(o), o.rank, o.suit, o.mask, hash(o)) == (
            str(t),
            repr(t),
            t.rank,
            t.suit,
            t.mask,
            hash(t),
        )
        assert o.index == c
        assert pickle.loads(pickle.dumps(o)) == o
    ops: list[Callable[[Any, Any], bool]] = [
        lambda a, b: a == b,
        lambda a, b: a != b,
        lambda a, b: a < b,
        lambda a, b: a <= b,
        lambda a, b: a > b,
        lambda a, b: a >= b,
    ]
    for i, j in itertools.product(range(52), repeat=2):
        for op in ops:
            assert op(ours[i], ours[j]) == op(theirs[i], theirs[j]), (i, j)
    assert [str(c) for c in sorted(ours)] == [str(c) for c in sorted(theirs)]
    for other in (51, "As", None):
        assert (ours[51] == other, ours[51] != other) == (theirs[51] == other, theirs[51] != other)
        with pytest.raises(TypeError):
            theirs[51] < other  # noqa: B015
        with pytest.raises(CompatTypeError):
            ours[51] < other  # type: ignore[operator]  # noqa: B015
    assert shim_eval7.ranks == eval7.ranks and shim_eval7.suits == eval7.suits
    with pytest.raises(AttributeError):
        ours[0].rank = 3  # type: ignore[misc]


def test_eval7_deck(eval7: ModuleType) -> None:
    theirs, ours = eval7.Deck(), shim_eval7.Deck()
    assert repr(ours) == repr(theirs) and len(ours) == len(theirs) == 52
    assert [str(ours[i]) for i in range(52)] == [str(theirs[i]) for i in range(52)]
    for seed in range(5):
        random.seed(seed)
        theirs.shuffle()
        t = (theirs.peek(3), theirs.deal(5), theirs.sample(4), len(theirs))
        random.seed(seed)
        ours.shuffle()
        o = (ours.peek(3), ours.deal(5), ours.sample(4), len(ours))
        assert repr(o) == repr(t)
    before = list(ours.cards)
    with pytest.raises(ValueError):
        theirs.deal(100)
    with pytest.raises(CardError):
        ours.deal(100)
    with pytest.raises(CardError):
        ours.deal(-1)
    assert ours.cards == before


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: shim_eval7.Card("Xs"), CardError),
        (lambda: shim_eval7.Card("as"), CardError),
        (lambda: shim_eval7.Card("AS"), CardError),
        (lambda: shim_eval7.Card("As "), CardError),
        (lambda: shim_eval7.Card(51), CompatTypeError),  # type: ignore[arg-type]
        (lambda: shim_eval7.Card(None), CompatTypeError),  # type: ignore[arg-type]
        (
            lambda: shim_eval7.evaluate([shim_eval7.Card(s) for s in ("As", "Kd", "Qh", "Jc")]),
            CardError,
        ),
        (lambda: shim_eval7.evaluate([shim_eval7.Card(s) for s in NAMES[:8]]), CardError),
        (
            lambda: shim_eval7.evaluate(
                [shim_eval7.Card(s) for s in ("As", "As", "Qh", "Jc", "Tc")]
            ),
            CardError,
        ),
        (lambda: shim_eval7.evaluate([51, 47, 43, 39, 35]), CompatTypeError),  # type: ignore[list-item]
        (lambda: shim_eval7.evaluate(["As", "Ks", "Qs", "Js", "Ts"]), CompatTypeError),  # type: ignore[list-item]
        (lambda: shim_eval7.evaluate(5), CompatTypeError),  # type: ignore[arg-type]
        (lambda: shim_eval7.handtype(0), HandValueError),
        (lambda: shim_eval7.handtype(8 << 24), HandValueError),
        (lambda: shim_eval7.handtype(1.5), CompatTypeError),  # type: ignore[arg-type]
        (lambda: shim_eval7.handtype(True), CompatTypeError),
    ],
)
def test_eval7_bad_input(make: Callable[[], object], error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        make()
    assert isinstance(info.value, HoldemError)


def test_eval7_duplicate_named() -> None:
    cards = [shim_eval7.Card(s) for s in ("As", "Kd", "Qh", "Kd", "Tc")]
    with pytest.raises(CardError, match=r"duplicate card Card\(\"Kd\"\)"):
        shim_eval7.evaluate(cards)
