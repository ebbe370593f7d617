"""Reading a solution and locking nodes: paths, views, locks, and what they refuse."""

from __future__ import annotations

import numpy as np
import pytest

from holdem import Card, CardError
from holdem.errors import SolverError
from holdem.solver import Solver, Spot, StreetSizes, TreeAction

SIZES = StreetSizes(bet="50%", raises="100%", allin=True)


def _turn(isomorphism: bool = True) -> Solver:
    spot = Spot(
        board="Qs Jh 2h 8h",
        pot=100,
        stack=300,
        oop="AA,KK,QQ,AK,T9s,76s",
        ip="AA,JJ,AQ,KQ,98s",
        oop_sizes=SIZES,
        ip_sizes=SIZES,
    )
    solver = Solver(spot, isomorphism=isomorphism)
    solver.solve(iterations=40)
    return solver


def test_paths_by_text_action_index_and_card() -> None:
    solver = _turn()
    by_text = solver.node("bet 50", "call", "5c")
    by_action = solver.node(TreeAction("bet", 50), 1, Card("5c"))
    assert by_text.path == by_action.path == ("bet 50", "call", "5c")
    np.testing.assert_array_equal(by_text.strategy(), by_action.strategy())
    assert solver.node("allin").path == ("bet 300 allin",)
    assert solver.node("bet 300").path == ("bet 300 allin",)
    assert by_text.board[-1] == Card("5c") and by_text.pot == 200
    assert by_text.invested == (50, 50) and by_text.kind == "oop"


def test_bad_paths_are_refused() -> None:
    solver = _turn()
    with pytest.raises(SolverError, match="no action 'raise 999'"):
        solver.node("raise 999")
    with pytest.raises(SolverError, match="a card is dealt here"):
        solver.node("check", "check", "check")
    with pytest.raises(CardError, match="already on the board"):
        solver.node("check", "check", "Qs")
    with pytest.raises(SolverError, match="past a fold node"):
        solver.node("bet 50", "fold", "check")
    with pytest.raises(SolverError, match="nobody acts"):
        solver.node("check", "check").strategy()
    with pytest.raises(SolverError, match="a player is 0"):
        solver.node().range(2)


def test_views_agree_with_each_other() -> None:
    solver = _turn()
    root = solver.node()
    strategy = root.strategy()
    assert strategy.shape == (len(root.actions), len(root.combos(0)))
    np.testing.assert_allclose(strategy.sum(axis=0), 1.0, rtol=1e-6)
    weights = root.range(0)
    np.testing.assert_allclose(root.frequencies(), (strategy * weights).sum(axis=1) / weights.sum())
    # the range after an action is the range before times the action's frequency
    after = solver.node("check").range(0)
    np.testing.assert_allclose(after, weights * strategy[0], rtol=1e-6)
    # per class, weights add up to the class's share
    classes = root.by_class()
    assert sum(w for w, _ in classes.values()) == pytest.approx(weights.sum())
    # a river card removes the combos that hold it
    river = solver.node("check", "check", "As")
    assert all(Card("As") not in combo for combo in river.combos(0))
    assert len(river.combos(0)) < len(root.combos(0))


def test_mirrored_cards_read_as_their_twins() -> None:
    with_iso, without = _turn(), _turn(isomorphism=False)
    for card in ("5c", "5d", "Kc", "Kd"):
        a = with_iso.node("check", "check", card)
        b = without.node("check", "check", card)
        assert a.combos(1) == b.combos(1)
        np.testing.assert_allclose(a.strategy(), b.strategy(), atol=2e-3)
        np.testing.assert_allclose(a.expected_values(0), b.expected_values(0), rtol=2e-3, atol=0.05)


def test_lock_some_combos_and_unlock() -> None:
    solver = _turn()
    node = solver.node("check")
    k, n = node.strategy().shape
    mask = np.zeros(n, bool)
    mask[:3] = True
    locked = np.zeros((k, n))
    locked[-1] = 1.0  # all-in
    solver.lock(["check"], locked, combos=mask)
    after = solver.node("check").strategy()
    np.testing.assert_allclose(after[:, :3], locked[:, :3])
    solver.solve(iterations=80)
    again = solver.node("check").strategy()
    np.testing.assert_allclose(again[:, :3], locked[:, :3])
    assert not np.allclose(again[:, 3:], locked[:, 3:])  # the others kept learning
    solver.unlock(["check"])
    with pytest.raises(SolverError, match="no lock"):
        solver.unlock(["check"])
    solver.lock([], [1.0, 0.0, 0.0])
    solver.unlock()
    assert solver._locks == ({}, {})


def test_bad_locks_are_refused() -> None:
    solver = _turn()
    k, n = solver.node().strategy().shape
    for bad, match in (
        (np.ones((k, n)), "sum to 1"),
        (np.full((k, n), -1.0 / k) * -1 - np.eye(k, n) * 2, "not negative"),
        (np.ones((k + 1, n)) / (k + 1), "actions x"),
    ):
        with pytest.raises(SolverError, match=match):
            solver.lock([], bad)
    with pytest.raises(SolverError, match="nobody acts"):
        solver.lock(["check", "check"], [1.0])
    with pytest.raises(SolverError, match="isomorphism"):
        solver.lock(["check", "check", "5d"], [1.0, 0.0, 0.0])
    solver.lock(["check", "check", "5c"], [1.0, 0.0, 0.0])  # the stored twin can be locked
