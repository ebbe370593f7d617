"""Tests for holdem's showdowns: showdown and showdown_batch (the rest of the evaluator:
test_evaluation.py).

Oracle from outside the project: phevaluator 0.6.0 (same 1..7462 scale, 1 = best: ours == 7463 -
theirs), reached through ``pytest.importorskip`` where it is used: without it, only the
comparisons with it skip.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import numpy as np
import pytest

import holdem
from holdem import Card, CardError
from holdem.errors import ArgumentError

from _support.evaluation_oracles import TOKEN, ph, ph_ranks, random_hands


def _expected_showdown(
    board: Sequence[int], hands: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    evaluate = ph(len(board) + 2)
    ranks = [evaluate(*board, *h) for h in hands]
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
    ints = [TOKEN.index(t) for t in board.split()]
    hand_ints = [[TOKEN.index(t) for t in h.split()] for h in hands]
    assert holdem.showdown(ints, hand_ints) == sd
    assert holdem.showdown(tuple(Card(c) for c in ints), [tuple(h) for h in hand_ints]) == sd
    assert sd.winners == (2,)
    assert sd.order == ((2,), (0, 1), (3,))
    _check_showdown(ints, hand_ints, sd)


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
    used = {TOKEN.index(t) for t in board.split()}
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
    assert np.array_equal(winners, by_batch == by_batch.max(axis=1, keepdims=True))
    assert (winners.sum(axis=1) > 1).any()
    v2, w2 = holdem.showdown_batch(boards, hands, threads=4)
    assert np.array_equal(v2, values) and np.array_equal(w2, winners)
    theirs = (7463 - ph_ranks(sevens)).reshape(n, p)
    assert np.array_equal(values, theirs)
    assert np.array_equal(winners, theirs == theirs.max(axis=1, keepdims=True))


def test_showdown_batch_broadcast_hands() -> None:
    hands = np.array(
        [[TOKEN.index(t) for t in h.split()] for h in ("As Ah", "Kd Kc", "7h 2d", "Ts 9s")],
        dtype=np.uint8,
    )
    used = set(hands.ravel().tolist())
    rest = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    rng = np.random.default_rng(99)
    boards = np.stack([rng.permutation(rest)[:5] for _ in range(20_000)])
    values, winners = holdem.showdown_batch(boards, hands)
    assert values.shape == (20_000, 4)
    # the same as passing the hands for every board
    full = np.ascontiguousarray(np.broadcast_to(hands, (len(boards), 4, 2)))
    v2, w2 = holdem.showdown_batch(boards, full)
    assert np.array_equal(v2, values) and np.array_equal(w2, winners)
    ph7 = ph(7)
    theirs = np.array([[7463 - ph7(*b, *h) for h in hands.tolist()] for b in boards.tolist()])
    assert np.array_equal(values, theirs)
    assert np.array_equal(winners, theirs == theirs.max(axis=1, keepdims=True))


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


@pytest.mark.parametrize("shared", [False, True])
@pytest.mark.parametrize("rows", [1, 8, 9, 17])
def test_showdown_batch_finds_the_first_bad_row_of_every_kind(shared: bool, rows: int) -> None:
    """A card twice on a board, in one hand, in two players' hands, between a hand and the
    board, or an unknown card: at every row of batches around the kernel's blocks of 8 rows."""
    deals = random_hands(np.random.default_rng(rows), rows, 5 + 6)
    boards = np.ascontiguousarray(deals[:, :5])
    hands = np.ascontiguousarray(deals[:, 5:].reshape(rows, 3, 2))
    if shared:  # every board gets the first row's hands; the boards avoid them
        hands = hands[0].copy()
        free = np.array([c for c in range(52) if c not in set(hands.ravel().tolist())], np.uint8)
        boards = np.stack([np.random.default_rng(r).permutation(free)[:5] for r in range(rows)])
    holdem.showdown_batch(boards, hands)  # all good
    for row in range(rows):
        faults = ["board twice", "unknown"] + ([] if shared else ["hand", "players", "board"])
        for fault in faults:
            b, h = boards.copy(), hands.copy()
            if fault == "board twice":
                b[row, 4] = b[row, 1]
            elif fault == "unknown":
                b[row, 2] = 52 + row
            elif fault == "hand":
                h[row, 1, 1] = h[row, 1, 0]
            elif fault == "players":
                h[row, 2, 0] = h[row, 0, 1]
            else:
                h[row, 0, 0] = b[row, 3]
            if row + 1 < rows:
                b[row + 1, 0] = b[row + 1, 4]  # a later bad row too: the first one is named
            with pytest.raises(CardError, match=rf"board {row}:"):
                holdem.showdown_batch(b, h)
