"""holdem.compat.phevaluator gives phevaluator's numbers, cards and errors.

Oracle: phevaluator 0.6.0 itself (a test dependency; the comparisons are skipped without it),
called on the same random hands (a million of 5, 6 and 7 cards each) and on one hand of each of
the 7,462 values, compared one by one with the shim; its Card and errors are compared too.
"""

from __future__ import annotations

import importlib
import pickle
import random
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import holdem
from holdem import CardError, HoldemError
from holdem.compat import CardKeyError, CompatTypeError
from holdem.compat import phevaluator as shim_ph
from holdem.errors import ArgumentError, ArgumentTypeError

SIZES = (5, 6, 7)
NAMES = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]  # holdem's card indices


@pytest.fixture(scope="module")
def phevaluator() -> ModuleType:
    module: ModuleType = pytest.importorskip("phevaluator")
    return module


@pytest.mark.parametrize("n", SIZES)
def test_phevaluator_million_hands(phevaluator: ModuleType, hands: np.ndarray, n: int) -> None:
    # phevaluator.evaluate_cards(*ints) is Card.to_id (the identity on ints) then this function.
    peer = getattr(importlib.import_module("phevaluator._pheval"), f"evaluate_{n}cards")
    rows = hands[:, :n].tolist()
    expected = [peer(*h) for h in rows]
    evaluate_cards = shim_ph.evaluate_cards
    got = [evaluate_cards(*h) for h in rows]
    assert got == expected


def test_phevaluator_input_forms(phevaluator: ModuleType, hands: np.ndarray) -> None:
    """Strings (both suit cases), Card objects and the public evaluate_Ncards, vs the package."""
    rng = random.Random(5)
    rows = hands[:10_000].tolist()
    for i, row in enumerate(rows):
        n = 5 + i % 3
        forms = [rng.randrange(4) for _ in range(n)]
        theirs = [
            (c, NAMES[c], NAMES[c].upper(), phevaluator.Card(c))[f]
            for c, f in zip(row[:n], forms, strict=True)
        ]
        ours = [
            (c, NAMES[c], NAMES[c].upper(), shim_ph.Card(c))[f]
            for c, f in zip(row[:n], forms, strict=True)
        ]
        expected = phevaluator.evaluate_cards(*theirs)
        assert shim_ph.evaluate_cards(*ours) == expected
        if i < 3000:
            fixed = getattr(shim_ph, f"evaluate_{n}cards")
            assert fixed(*ours) == getattr(phevaluator, f"evaluate_{n}cards")(*theirs)


def test_phevaluator_every_value(phevaluator: ModuleType, one_hand_per_value: np.ndarray) -> None:
    rows = one_hand_per_value.tolist()
    expected = [phevaluator.evaluate_cards(*h) for h in rows]
    assert sorted(expected) == list(range(1, 7463))
    assert [shim_ph.evaluate_cards(*(NAMES[c] for c in h)) for h in rows] == expected


def test_phevaluator_card_surface(phevaluator: ModuleType) -> None:
    Theirs, Ours = phevaluator.Card, shim_ph.Card
    for c in range(52):
        for form in (c, NAMES[c], NAMES[c].upper()):
            t, o = Theirs(form), Ours(form)
            assert (str(o), repr(o), o.id_, int(o), hash(o)) == (
                str(t),
                repr(t),
                t.id_,
                int(t),
                hash(t),
            )
            assert (o.describe_rank(), o.describe_suit(), o.describe_card()) == (
                t.describe_rank(),
                t.describe_suit(),
                t.describe_card(),
            )
            assert Ours.to_id(form) == Theirs.to_id(form) == c
        o = Ours(c)
        assert Ours(o) is o and Ours(NAMES[c]) is o
        assert isinstance(o, holdem.Card)
        assert holdem.Card(o) == c
        for other in (c, c + 1, NAMES[c], NAMES[c].upper(), NAMES[(c + 1) % 52], Ours(c), None):
            their_other = Theirs(other) if isinstance(other, Ours) else other
            assert (o == other) == (Theirs(c) == their_other), (c, other)
            assert (o != other) == (Theirs(c) != their_other), (c, other)
    card = Ours("Ah")
    with pytest.raises(TypeError):
        card.x = 1
    with pytest.raises(TypeError):
        del card.x  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(card)) is card
    assert len(set(shim_ph.sample_cards(7))) == 7
    assert all(0 <= c < 52 for c in shim_ph.sample_cards(52))


PH_BAD: list[tuple[tuple[Any, ...], type[Exception], type[Exception]]] = [
    # cards, the package's exception, ours (a subclass of the package's and of HoldemError)
    (("As", "Kd", "Qh", "Jc"), ValueError, CardError),
    (("As", "Kd", "Qh", "Jc", "Ts", "9s", "8s", "7s"), ValueError, CardError),
    (("As ", "Kd", "Qh", "Jc", "Ts"), ValueError, CardError),
    (("Xs", "Kd", "Qh", "Jc", "Ts"), KeyError, CardKeyError),
    (("as", "Kd", "Qh", "Jc", "Ts"), KeyError, CardKeyError),
    (("Ax", "Kd", "Qh", "Jc", "Ts"), KeyError, CardKeyError),
    ((1.0, 2, 3, 4, 5), TypeError, CompatTypeError),
    ((None, 2, 3, 4, 5), TypeError, CompatTypeError),
]


@pytest.mark.parametrize(("cards", "theirs", "ours"), PH_BAD)
def test_phevaluator_errors_match(
    phevaluator: ModuleType, cards: tuple[Any, ...], theirs: type[Exception], ours: type[Exception]
) -> None:
    with pytest.raises(theirs):
        phevaluator.evaluate_cards(*cards)
    with pytest.raises(ours) as info:
        shim_ph.evaluate_cards(*cards)
    assert isinstance(info.value, theirs) and isinstance(info.value, HoldemError)
    if len(cards) in (5, 6, 7):
        with pytest.raises(ours):
            shim_ph.Card(cards[0])


@pytest.mark.parametrize(
    ("cards", "named"),
    [
        (("As", "As", "Qh", "Jc", "Ts"), "duplicate card 'As'"),
        ((51, "AS", 3, 4, 5), "duplicate card 'AS'"),
        ((52, 2, 3, 4, 5), "52"),
        ((-1, 2, 3, 4, 5), "-1"),
        ((True, 2, 3, 4, 5), "True"),
        ((2**70, 2, 3, 4, 5), str(2**70)),
    ],
)
def test_phevaluator_input_it_does_not_check(cards: tuple[Any, ...], named: str) -> None:
    """A repeated card, an int outside 0..51 or a bool: phevaluator answers nonsense, we raise."""
    with pytest.raises(HoldemError, match=named):
        shim_ph.evaluate_cards(*cards)


def test_phevaluator_numpy_ints_and_holdem_cards() -> None:
    row = [np.int64(c) for c in (51, 47, 43, 39, 35)]
    assert shim_ph.evaluate_cards(*row) == 1
    assert shim_ph.evaluate_cards(*holdem.parse_cards("As Ks Qs Js Ts 2c 2d")) == 1


@pytest.mark.parametrize(
    ("size", "error", "builtin"),
    [(53, ArgumentError, ValueError), (-1, ArgumentError, ValueError),
     (1.5, ArgumentTypeError, TypeError)],
)  # fmt: skip
def test_phevaluator_sample_cards_bad_size(
    phevaluator: ModuleType, size: Any, error: type[Exception], builtin: type[Exception]
) -> None:
    """A size outside 0..52: the built-in class phevaluator raises, as holdem's argument error."""
    utils = importlib.import_module("phevaluator.utils")
    with pytest.raises(builtin):
        utils.sample_cards(size)
    with pytest.raises(error):
        shim_ph.sample_cards(size)
    assert issubclass(error, builtin)
