"""The Omaha drop-ins: phevaluator's ``evaluate_omaha_cards`` / ``evaluate_plo*_cards`` and
treys' ``PLOEvaluator``, against the real packages on random hands (``HOLDEM_GAMES_HANDS`` sets
how many, default 2,000; treys' pure-Python Omaha takes a while, a tenth of that)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from holdem import CardError
from holdem.compat import CompatTypeError
from holdem.compat import phevaluator as ph_shim
from holdem.compat import treys as treys_shim

N_RANDOM = int(os.environ.get("HOLDEM_GAMES_HANDS", "2000"))


def deal(n: int, cards: int, seed: int) -> list[list[int]]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :cards].tolist()  # type: ignore[no-any-return]


def test_phevaluator_omaha_same_numbers() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    for cards in deal(N_RANDOM, 9, 1):
        expected = phevaluator.evaluate_omaha_cards(*cards)
        assert ph_shim.evaluate_omaha_cards(*cards) == expected
        assert ph_shim.evaluate_plo4_cards(*cards) == expected
    strings = ["3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc"]
    assert ph_shim.evaluate_omaha_cards(*strings) == phevaluator.evaluate_omaha_cards(*strings)
    upper = [s.upper() for s in strings]
    assert ph_shim.evaluate_omaha_cards(*upper) == phevaluator.evaluate_omaha_cards(*upper)


@pytest.mark.parametrize(("name", "hole"), [("evaluate_plo5_cards", 5), ("evaluate_plo6_cards", 6)])
def test_phevaluator_plo5_plo6_same_numbers_where_built(name: str, hole: int) -> None:
    """phevaluator builds these only on request; where it has them, the same numbers, and
    everywhere the same as pokerkit's order (tests/test_games_omaha.py) through holdem."""
    phevaluator = pytest.importorskip("phevaluator")
    deals = deal(200, 5 + hole, hole)
    try:
        getattr(phevaluator, name)(*deals[0])
    except NotImplementedError:
        pytest.skip(f"phevaluator was built without {name}")
    for cards in deals:
        assert getattr(ph_shim, name)(*cards) == getattr(phevaluator, name)(*cards)


def test_treys_plo_same_numbers() -> None:
    treys = pytest.importorskip("treys")
    theirs, ours = treys.PLOEvaluator(), treys_shim.PLOEvaluator()
    to_treys = [treys.Card.new(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    for n_hole, n_board in ((4, 5), (5, 5), (6, 5), (4, 3), (4, 4)):
        for cards in deal(max(50, N_RANDOM // 10), n_hole + n_board, n_hole * 10 + n_board):
            hand = [to_treys[c] for c in cards[:n_hole]]
            board = [to_treys[c] for c in cards[n_hole:]]
            rank = ours.evaluate(hand, board)
            assert rank == theirs.evaluate(hand, board)
            assert ours.class_to_string(ours.get_rank_class(rank)) == theirs.class_to_string(
                theirs.get_rank_class(rank)
            )


def test_bad_input() -> None:
    with pytest.raises(CardError):
        ph_shim.evaluate_omaha_cards("As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s")
    with pytest.raises(CardError):
        ph_shim.evaluate_omaha_cards(*range(8), 7)  # a repeated card
    with pytest.raises(CardError):
        ph_shim.evaluate_plo6_cards(*range(10))
    ev = treys_shim.PLOEvaluator()
    hand = treys_shim.Card.hand_to_binary(["As", "Ks", "2d", "2c"])
    with pytest.raises(CardError):
        ev.evaluate(hand, hand[:3])
    with pytest.raises(CardError):
        ev.evaluate(hand[:2], treys_shim.Card.hand_to_binary(["Qs", "Js", "Ts"]))
    with pytest.raises(CompatTypeError):
        ev.evaluate(hand, 3)  # type: ignore[arg-type]
