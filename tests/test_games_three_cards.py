"""Lazy Pineapple, Double Texas hold'em (three hole cards, two of them played) and double-board
hold'em: evaluation, batches, equity and outs.

Oracles: phevaluator 0.6.0's ``evaluate_cards`` (hold'em's ranks, 1 = best) on each pair of
hole cards the game allows (Wikipedia "Texas hold 'em", "Similar games": in Lazy Pineapple the
discard is chosen at the showdown, so any two of the three hole cards play; in Double Texas
hold'em the middle card plays with each of the others, the outer cards not together), and
brute-force equity over every board with those values.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import holdem
from holdem import Card, CardError, parse_cards
from holdem.errors import ArgumentError

PAIRS = {"lazy-pineapple": ((0, 1), (0, 2), (1, 2)), "double-holdem": ((0, 1), (1, 2))}


def their_value(phevaluator: object, hole: list[int], board: list[int], game: str) -> int:
    """7463 - phevaluator's best rank over the game's pairs: hold'em's values."""
    best: int = min(
        phevaluator.evaluate_cards(hole[i], hole[j], *board)  # type: ignore[attr-defined]
        for i, j in PAIRS[game]
    )
    return 7463 - best


@pytest.mark.parametrize("game", ["lazy-pineapple", "double-holdem"])
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_three_card_values_against_phevaluator(game: str, n_board: int) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    rng = np.random.default_rng(n_board)
    cards = np.argsort(rng.random((3000, 52)), axis=1)[:, : 3 + n_board].astype(np.uint8)
    holes, boards = np.ascontiguousarray(cards[:, :3]), np.ascontiguousarray(cards[:, 3:])
    ours = holdem.evaluate_three_card_batch(holes, boards, game=game, threads=2).tolist()
    theirs = [
        their_value(phevaluator, h, b, game)
        for h, b in zip(holes.tolist(), boards.tolist(), strict=True)
    ]
    assert ours == theirs
    single = (
        holdem.evaluate_lazy_pineapple
        if game == "lazy-pineapple"
        else holdem.evaluate_double_holdem
    )
    assert [single(h, b) for h, b in zip(holes[:300].tolist(), boards[:300].tolist(),
                                           strict=True)] == ours[:300]  # fmt: skip


def test_double_holdem_outer_cards_do_not_play_together() -> None:
    # As and 2s are the outer cards: together with three spades they would make a flush, but
    # in Double Texas hold'em they never play together; in Lazy Pineapple they do.
    assert holdem.category(holdem.evaluate_double_holdem("AsKd2s", "Qs9s3s7h8c")) == 0
    assert holdem.category(holdem.evaluate_lazy_pineapple("AsKd2s", "Qs9s3s7h8c")) == 5
    assert holdem.category(holdem.evaluate_double_holdem("AsKd2s", "Qs9s3sKh8c")) == 1
    # The middle card plays with each: Kd with As, and Kd with 2s.
    assert holdem.evaluate_double_holdem("AsKd2s", "Qs9s3sKh8c") == holdem.evaluate(
        "AsKdQs9s3sKh8c"
    )


def test_three_card_bad_input() -> None:
    with pytest.raises(CardError):
        holdem.evaluate_lazy_pineapple("AsKd", "Qs9s3s")
    with pytest.raises(CardError):
        holdem.evaluate_double_holdem("AsKdQs", "Qs9s3s")
    with pytest.raises(CardError):
        holdem.evaluate_double_holdem("AsKd2s", "Qs9s")
    with pytest.raises(CardError, match="row 1"):
        holdem.evaluate_three_card_batch([[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 5]])
    with pytest.raises(ArgumentError):
        holdem.evaluate_three_card_batch([[0, 1, 2]], [[6, 7, 8]], game="pineapple")
    with pytest.raises(CardError):
        holdem.evaluate_three_card_batch([[0, 1]], [[6, 7, 8]])


def test_double_board() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    v = holdem.evaluate_double_board("AsAd", ["AhKc7d", "2c3c9h4h5s"])
    assert v == (
        7463 - phevaluator.evaluate_cards("As", "Ad", "Ah", "Kc", "7d"),
        7463 - phevaluator.evaluate_cards("As", "Ad", "2c", "3c", "9h", "4h", "5s"),
    )
    with pytest.raises(CardError):
        holdem.evaluate_double_board("AsAd", ["AhKc7d", "AhKc8d"])
    with pytest.raises(ArgumentError):
        holdem.evaluate_double_board("AsAd", ["AhKc7d"])


@pytest.mark.parametrize("game", ["lazy-pineapple", "double-holdem"])
def test_three_card_equity_against_brute_force(game: str) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    hands, board = ["AsKd2s", "QhQc7d", "9s8s7s"], "Qs6h2c"
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    known = [int(c) for c in parse_cards(board)]
    used = {*known, *(c for h in holes for c in h)}
    totals = [0.0] * 3
    count = 0
    for extra in itertools.combinations([c for c in range(52) if c not in used], 2):
        values = [their_value(phevaluator, h, [*known, *extra], game) for h in holes]
        best = max(values)
        for i, v in enumerate(values):
            if v == best:
                totals[i] += 1 / values.count(best)
        count += 1
    r = holdem.equity(hands, board, game=game, exact=True)
    assert r.showdowns == count
    assert list(r.equity) == pytest.approx([t / count for t in totals], abs=1e-12)
    mc = holdem.equity(hands, board, game=game, samples=50_000, seed=4)
    for e, s in zip(r, mc, strict=True):
        assert abs(e.equity - s.equity) < 5 * s.stderr + 1e-9
    with pytest.raises(CardError):
        holdem.equity(["AsKd", "QhQc"], game=game)
    rnd = holdem.equity(["AsKd2s", "random"], board + "Jd9c", game=game, exact=True)
    assert rnd.showdowns == len(list(itertools.combinations(range(52 - 8), 3)))


def test_three_card_outs() -> None:
    o = holdem.outs("AsKd2s", "Qs9s3s7h", ["QhQc7d"], game="lazy-pineapple")
    assert o.standing is holdem.Standing.AHEAD  # As2s: a flush, against three queens
    # The board pairing (a queen-full or better for the queens) or the fourth queen loses.
    losing = {Card(c) for c in ("9c", "9d", "9h", "3c", "3d", "3h", "7c", "7s", "Qd")}
    assert set(o.wins) == {Card(c) for c in range(52)} - losing - set(
        parse_cards("AsKd2sQs9s3s7hQhQc7d")
    )
    d = holdem.outs("AsKd2s", "Qs9s3s7h", ["QhQc7d"], game="double-holdem")
    assert d.standing is holdem.Standing.BEHIND


@pytest.mark.parametrize("split", [True, False])
def test_double_board_equity_against_brute_force(split: bool) -> None:
    """Two turns: every pair of rivers, each hand ranked by phevaluator on each board; each
    half of the pot to each board's best hands, or (split=False) all of it to the best hand on
    either board."""
    phevaluator = pytest.importorskip("phevaluator")
    hands, boards = ["AsAh", "KsKh", "9d8c"], ["2c7d9hJc", "3c8dTh4s"]
    holes = [parse_cards(h) for h in hands]
    known = [parse_cards(b) for b in boards]
    used = {*(c for h in holes for c in h), *known[0], *known[1]}
    rest = [Card(c) for c in range(52) if Card(c) not in used]
    totals = [0.0] * 3
    count = 0
    for r1 in rest:
        for r2 in rest:
            if r2 == r1:
                continue
            values = [
                [7463 - phevaluator.evaluate_cards(*map(str, (*h, *b, r)))
                 for b, r in ((known[0], r1), (known[1], r2))]
                for h in holes
            ]  # fmt: skip
            if split:
                for k in (0, 1):
                    best = max(v[k] for v in values)
                    winners = [i for i, v in enumerate(values) if v[k] == best]
                    for i in winners:
                        totals[i] += 0.5 / len(winners)
            else:
                top = [max(v) for v in values]
                winners = [i for i, t in enumerate(top) if t == max(top)]
                for i in winners:
                    totals[i] += 1 / len(winners)
            count += 1
    r = holdem.double_board_equity(hands, boards, split=split, exact=True)
    assert r.exact and r.showdowns == count == 38 * 37
    assert list(r.equity) == pytest.approx([t / count for t in totals], abs=1e-12)
    mc = holdem.double_board_equity(hands, boards, split=split, samples=40_000, seed=6)
    again = holdem.double_board_equity(hands, boards, split=split, samples=40_000, seed=6)
    assert mc.equity == again.equity and not mc.exact
    for e, s in zip(r, mc, strict=True):
        assert abs(e.equity - s.equity) < 5 * s.stderr + 1e-9


def test_double_board_equity_bad_input() -> None:
    with pytest.raises(ArgumentError):
        holdem.double_board_equity(["AsAh", "KsKh"], ["2c7d9h"])
    with pytest.raises(CardError):
        holdem.double_board_equity(["AsAh", "KsKh"], ["2c7d9h", "2c8dTh"])
    with pytest.raises(CardError):
        holdem.double_board_equity(["AsAhKd", "KsKh"])
    with pytest.raises(ArgumentError):
        holdem.double_board_equity(["AsAh", "KsKh"], exact=True)
