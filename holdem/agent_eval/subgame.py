"""Exact best response on a subgame: the exploitability of a given strategy on a solver spot.

An adapter over :mod:`holdem.solver`: the strategy is locked at every decision node of the
spot's tree (every card of every street to come), and the solver's own best responses measure
it (:meth:`holdem.solver.Solver.exploitability` with ``locks=False``): the mean of what each
player's best response gains over the strategy's value, in percent of the starting pot.

>>> from holdem.solver import Spot, StreetSizes
>>> spot = Spot(
...     board="Ks 7h 2d 9c 4s",
...     pot=100,
...     stack=100,
...     oop="KK,33",
...     ip="QQ",
...     oop_sizes=StreetSizes(bet="100%"),
...     ip_sizes=StreetSizes(bet="100%"),
... )
>>> round(spot_exploitability(spot, passive), 4)  # check and call everything: see the tests
33.3333
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holdem.errors import ArgumentTypeError
from holdem.solver import Solver, Spot
from holdem.solver.results import NodeView

__all__ = ["passive", "spot_exploitability"]

#: A strategy on a solver spot: at a node where a player acts, its frequencies (an array of
#: actions x the node's live combos, in the order of :meth:`NodeView.combos`, or one row per
#: action for every combo alike).
SpotStrategy = Callable[[NodeView], Any]


def passive(node: NodeView) -> list[float]:
    """A strategy that checks or calls at every node (the first action that is one of them)."""
    labels = node.action_labels
    pick = next(i for i, a in enumerate(labels) if a.split()[0] in ("check", "call"))
    return [1.0 if i == pick else 0.0 for i in range(len(labels))]


def _lock_all(solver: Solver, node: NodeView, strategy: SpotStrategy) -> int:
    """Lock ``strategy`` at every decision node under ``node``; the number locked."""
    count = 0
    if node.player >= 0:
        solver.lock(node.path, strategy(node))
        count += 1
        for i in range(len(node.actions)):
            count += _lock_all(solver, node.child(i), strategy)
    elif node.kind == "chance":
        board = {int(c) for c in node.board}
        for card in range(52):
            if card not in board:
                count += _lock_all(solver, node.child(card), strategy)
    return count


def spot_exploitability(spot: Spot, strategy: SpotStrategy, *, threads: int = 1) -> float:
    """The exploitability of ``strategy`` (both players') on ``spot``, in percent of the pot:
    exact, by the solver's best responses over the whole subgame (see the module).

    :raises ArgumentTypeError: for a spot that is not a :class:`holdem.solver.Spot`, or a
        strategy that is not callable.
    :raises SolverError: for a strategy of the wrong shape or not summing to 1 at a node, or a
        spot too large for memory.
    """
    if not isinstance(spot, Spot):
        raise ArgumentTypeError(f"spot is a holdem.solver.Spot, got {type(spot).__name__}")
    if not callable(strategy):
        raise ArgumentTypeError(f"strategy is callable (a node's frequencies), got {strategy!r}")
    solver = Solver(spot, threads=threads, isomorphism=False)
    try:
        _lock_all(solver, solver.node(), strategy)
        return solver.exploitability(locks=False)
    finally:
        solver.close()
