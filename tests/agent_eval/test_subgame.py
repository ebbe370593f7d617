"""Exact best response on solver spots (holdem.agent_eval.subgame): strategies whose
exploitability is worked out by hand on a river toy game, and a solved strategy read back."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numpy")

from holdem.agent_eval.subgame import passive, spot_exploitability
from holdem.errors import ArgumentTypeError, SolverError
from holdem.solver import Solver, Spot, StreetSizes
from holdem.solver.results import NodeView

# The river toy: pot 100, stacks 100, one bet size (all in). Out of position: 3 combos of kings
# (a set: the best hand) and 6 of threes (no pair: the worst); in position: 6 combos of queens,
# which beat the threes and lose to the kings. No card is shared between the ranges.
TOY = Spot(
    board="Ks 7h 2d 9c 4s",
    pot=100,
    stack=100,
    oop="KK,33",
    ip="QQ",
    oop_sizes=StreetSizes(bet="100%"),
    ip_sizes=StreetSizes(bet="100%"),
)


def test_check_and_call_everything() -> None:
    """Both check down: out of position wins 100 with kings, so 3/9 of the pot (33.3 chips), in
    position 66.7. Its best response bets the kings (called: 200) and checks the threes: 66.7,
    a gain of 33.3. In position's best response bets the queens (called by both: (3 * -100 +
    6 * 200) / 9 = 100), a gain of 33.3. The mean gain: 33.3% of the pot."""
    assert spot_exploitability(TOY, passive) == pytest.approx(100 / 3, abs=1e-3)


def test_folding_to_every_bet() -> None:
    """Out of position checks and calls; in position checks back and folds to any bet. Out of
    position's best response bets every hand (the pot, 100, every time): a gain of 100 - 33.3;
    in position's is the same as above (a gain of 33.3): the mean, 50% of the pot."""

    def strategy(node: NodeView) -> list[float]:
        labels = node.action_labels
        if node.player == 1 and "fold" in labels:
            return [1.0 if a == "fold" else 0.0 for a in labels]
        return passive(node)

    assert spot_exploitability(TOY, strategy) == pytest.approx(50.0, abs=1e-3)


def test_a_solved_strategy_is_as_exploitable_as_the_solver_says() -> None:
    """A turn spot (every river card walked): the solver's own average strategy, locked
    everywhere, is exactly as exploitable as the solver measured it."""
    spot = Spot(
        board="Ks 7h 2d 9c",
        pot=100,
        stack=200,
        oop="KK,AK,33",
        ip="QQ,AQ",
        oop_sizes=StreetSizes(bet="100%"),
        ip_sizes=StreetSizes(bet="100%"),
    )
    solver = Solver(spot, isomorphism=False)
    solver.solve(target=1.0)
    measured = solver.exploitability(locks=False)

    def solved(node: NodeView) -> Any:
        return solver.node(*node.path).strategy()

    assert spot_exploitability(spot, solved) == pytest.approx(measured, rel=1e-3, abs=1e-3)
    assert spot_exploitability(spot, passive) > measured


def test_bad_strategies_are_refused() -> None:
    with pytest.raises(ArgumentTypeError):
        spot_exploitability("river", passive)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        spot_exploitability(TOY, 3)  # type: ignore[arg-type]
    with pytest.raises(SolverError, match="sum to 1"):
        spot_exploitability(TOY, lambda node: [0.7] * len(node.actions))
