"""Omaha: the high hand of exactly two hole cards and three board cards, and the
eight-or-better low.

Oracles: phevaluator 0.6.0's ``evaluate_omaha_cards`` (4 hole cards, 5 board cards) and
pokerkit 0.7.7's ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand`` (4, 5 and 6 hole cards)
on random hands, and a plain-Python low written from Robert's Rules of Poker ("Omaha high-low
eight or better"). ``HOLDEM_GAMES_HANDS`` sets how many random hands (default 2,000 against
phevaluator and 150 per size against pokerkit, whose Omaha takes milliseconds a hand).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence

import numpy as np
import pytest

import holdem
from holdem import Card, CardError, Category

N_RANDOM = int(os.environ.get("HOLDEM_GAMES_HANDS", "2000"))
N_POKERKIT = int(os.environ.get("HOLDEM_GAMES_HANDS", "150"))


def deal(rng: np.random.Generator, n: int, hole: int, board: int) -> tuple[np.ndarray, np.ndarray]:
    """n random hands: (n, hole) and (n, board) distinct card indices per row."""
    chunks = [
        np.argsort(rng.random((min(100_000, n - lo), 52)), axis=1)[:, : hole + board]
        for lo in range(0, n, 100_000)
    ]
    cards = np.concatenate(chunks).astype(np.uint8)
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def text(cards: Sequence[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def low_key(five: Sequence[int]) -> tuple[int, ...] | None:
    """An eight-or-better low from the rules: five different ranks from ace (1) to eight, ace
    low; the lower the highest card (then the next ...) the better. None if it does not
    qualify. Smaller keys are better lows."""
    ranks = sorted((1 if c >> 2 == 12 else (c >> 2) + 2 for c in five), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def best_low(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    keys = [
        k
        for pair in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
        if (k := low_key((*pair, *three))) is not None
    ]
    return min(keys) if keys else None


def test_high_against_phevaluator() -> None:
    """4 hole cards and 5 board cards: 7463 - phevaluator's rank, hand for hand."""
    phevaluator = pytest.importorskip("phevaluator")
    holes, boards = deal(np.random.default_rng(1), N_RANDOM, 4, 5)
    ours = holdem.evaluate_omaha_batch(holes, boards).tolist()
    theirs = [
        7463 - phevaluator.evaluate_omaha_cards(*b, *h)
        for h, b in zip(holes.tolist(), boards.tolist(), strict=True)
    ]
    assert ours == theirs
    per_call = [
        holdem.evaluate_omaha(h, b)
        for h, b in zip(holes[:500].tolist(), boards[:500].tolist(), strict=True)
    ]
    assert per_call == ours[:500]


def _same_order(ours: Sequence[int], theirs: Sequence[object]) -> None:
    """Sorted by our values, pokerkit's hands compare the same way, step by step."""
    pairs = sorted(zip(ours, range(len(ours)), strict=True))
    for (v0, i0), (v1, i1) in itertools.pairwise(pairs):
        h0, h1 = theirs[i0], theirs[i1]
        assert (h0 == h1) if v0 == v1 else (h0 < h1)  # type: ignore[operator]


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_high_and_low_against_pokerkit(n_hole: int) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    holes, boards = deal(np.random.default_rng(n_hole), N_POKERKIT, n_hole, 5)
    high = holdem.evaluate_omaha_batch(holes, boards).tolist()
    low = holdem.evaluate_omaha_batch(holes, boards, low=True).tolist()
    their_high, their_low, ours_low = [], [], []
    for h, b, hi, lo in zip(holes.tolist(), boards.tolist(), high, low, strict=True):
        hand = pokerkit.OmahaHoldemHand.from_game(text(h), text(b))
        assert hand.entry.label.value == Category(holdem.category(hi)).label
        their_high.append(hand)
        try:
            low_hand = pokerkit.OmahaEightOrBetterLowHand.from_game(text(h), text(b))
        except ValueError:  # pokerkit: no low can be formed
            assert lo == 0
        else:
            assert lo > 0
            their_low.append(low_hand)
            ours_low.append(lo)
    _same_order(high, their_high)
    _same_order(ours_low, their_low)


@pytest.mark.parametrize(("n_hole", "n_board"), [(4, 3), (4, 4), (5, 5), (6, 4), (6, 5)])
def test_low_against_the_rules_and_high_against_the_five_card_evaluator(
    n_hole: int, n_board: int
) -> None:
    holes, boards = deal(np.random.default_rng(10 * n_hole + n_board), N_RANDOM, n_hole, n_board)
    low = holdem.evaluate_omaha_batch(holes, boards, low=True).tolist()
    high = holdem.evaluate_omaha_batch(holes, boards).tolist()
    keys = []
    for h, b, lo, hi in zip(holes.tolist(), boards.tolist(), low, high, strict=True):
        key = best_low(h, b)
        assert (key is None) == (lo == 0)
        if key is not None:
            keys.append((key, lo))
            assert holdem.describe_low(lo) == "-".join("A2345678"[r - 1] for r in key)
        best = max(
            holdem.evaluate((*p, *t))
            for p in itertools.combinations(h, 2)
            for t in itertools.combinations(b, 3)
        )
        assert hi == best
    keys.sort()
    for (k0, v0), (k1, v1) in itertools.pairwise(keys):
        assert (k0 == k1) == (v0 == v1) and v0 >= v1  # a smaller key is a better low


def test_examples() -> None:
    # Two hole cards exactly: four aces in the hole are a pair of aces, four to a flush on the
    # board is no flush with one suited hole card.
    assert holdem.describe(holdem.evaluate_omaha("AsAhAdAc", "Kc8s5h3d2c")) == (
        "One pair, aces, king-eight-five kickers"
    )
    assert holdem.category(holdem.evaluate_omaha("AhKd7c6c", "2h5h9hJhQs")) == Category.HIGH_CARD
    assert holdem.category(holdem.evaluate_omaha("AhKh7c6c", "2h5h9hJhQs")) == Category.FLUSH
    assert holdem.evaluate_omaha_low("As2s3s4s", "KcQdJh9s8d") == 0
    assert holdem.describe_low(holdem.evaluate_omaha_low("As2s3s4s", "5c6d7h9sKd")) == "7-6-5-2-A"
    assert holdem.omaha_best_five("As2s3s4s", "5c6d7h9sKd", low=True) == tuple(
        Card(c) for c in ("7h", "6d", "5c", "2s", "As")
    )
    assert holdem.omaha_best_five("As9s3dKd", "QcQdJh9h8d", low=True) is None
    assert holdem.evaluate_omaha([51, 47, 43, 39, 35], "2c3c4c") == holdem.evaluate_omaha(
        "AsKsQsJsTs", "2c3c4c"
    )


def test_bad_input() -> None:
    with pytest.raises(CardError, match="twice"):
        holdem.evaluate_omaha("AsKsQsJs", "As2c3c")
    with pytest.raises(CardError, match="hole"):
        holdem.evaluate_omaha("AsKsQs", "2c3c4c")
    with pytest.raises(CardError, match="hole"):
        holdem.evaluate_omaha("AsKsQsJsTs9s8s", "2c3c4c")
    with pytest.raises(CardError, match="board"):
        holdem.evaluate_omaha_low("AsKsQsJs", "2c3c")
    with pytest.raises(CardError):
        holdem.evaluate_omaha([51, 47, 43, 99], [0, 1, 2])
    with pytest.raises(CardError, match="row 1"):
        holdem.evaluate_omaha_batch([[51, 47, 43, 39], [0, 1, 2, 3]], [[4, 5, 6], [3, 8, 9]])
    with pytest.raises(CardError):
        holdem.evaluate_omaha_batch([[51, 47, 43]], [[4, 5, 6]])
    with pytest.raises(holdem.ArgumentError):
        holdem.evaluate_omaha_batch([[51, 47, 43, 39]], [[4, 5, 6], [7, 8, 9]])
    with pytest.raises(holdem.ArgumentError):
        holdem.describe_low(57)


def test_threads_give_the_same_values() -> None:
    holes, boards = deal(np.random.default_rng(5), 20_000, 4, 5)
    one = holdem.evaluate_omaha_batch(holes, boards)
    two = holdem.evaluate_omaha_batch(holes, boards, threads=2)
    assert one.tolist() == two.tolist()
