"""An independent check of the solver's best responses: plain recursion over the action tree, one
hand of the best-responding player at a time, every pair of hands and every card to come dealt
explicitly, hands compared with holdem.evaluate. Slow; for small spots only."""

from __future__ import annotations

from typing import Any

import holdem
from holdem.solver import Solver
from holdem.solver.tree import CHANCE, FOLD, SHOWDOWN

Pair = tuple[int, int]


def _payoff(solver: Solver, t: int, p: int, winner: int) -> float:
    """p's gain at terminal t against the baseline (half the starting pot and what p put in)
    when `winner` (0, 1, or -1 for a tie) takes the pot."""
    spot = solver.spot
    node = solver.tree.nodes[t]
    matched = min(node.invested)
    won = spot.pot + 2 * matched
    rake = spot.rake * won
    if spot.rake_cap is not None:
        rake = min(rake, spot.rake_cap)
    half = spot.pot / 2 + matched
    if winner == -1:
        return -rake / 2
    return half - rake if winner == p else -half


def _value(
    solver: Solver,
    t: int,
    path: tuple[Any, ...],
    board: tuple[int, ...],
    p: int,
    h: Pair,
    opp: dict[Pair, float],
    best: bool,
) -> float:
    node = solver.tree.nodes[t]
    if node.kind == FOLD:
        gain = _payoff(solver, t, p, 1 - node.player)
        return gain * sum(opp.values())
    if node.kind == SHOWDOWN:
        mine = holdem.evaluate([*h, *board])
        total = 0.0
        for o, r in opp.items():
            theirs = holdem.evaluate([*o, *board])
            winner = p if mine > theirs else (1 - p if theirs > mine else -1)
            total += r * _payoff(solver, t, p, winner)
        return total
    if node.kind == CHANCE:
        total = 0.0
        for c in range(52):
            if c in board or c in h:
                continue
            rest = {o: r for o, r in opp.items() if c not in o}
            total += _value(
                solver, node.children[0], (*path, holdem.Card(c)), (*board, c), p, h, rest, best
            )
        return total / (52 - len(board) - 4)
    view = solver.node(*path)
    actor = node.kind
    combos = [(int(a), int(b)) for a, b in view.combos(actor)]
    strategy = view.strategy()
    if actor == p:
        values = [
            _value(solver, c, (*path, i), board, p, h, opp, best)
            for i, c in enumerate(node.children)
        ]
        if best:
            return max(values)
        column = strategy[:, combos.index(h)]
        return sum(float(s) * v for s, v in zip(column, values, strict=True))
    total = 0.0
    for i, c in enumerate(node.children):
        reach = {o: r * float(strategy[i, combos.index(o)]) for o, r in opp.items()}
        if any(reach.values()):
            total += _value(solver, c, (*path, i), board, p, h, reach, best)
    return total


def value(solver: Solver, p: int, best: bool) -> float:
    """p's value per deal (a best response when `best`, else the average strategy), in chips
    against the baseline of half the starting pot."""
    board = tuple(int(c) for c in solver.spot.board)
    ranges = [{(int(a), int(b)): w for (a, b), w in r.items()} for r in solver.spot.ranges]
    total = norm = 0.0
    for h, w in ranges[p].items():
        opp = {o: r for o, r in ranges[1 - p].items() if not set(o) & set(h)}
        norm += w * sum(opp.values())
        total += w * _value(solver, 0, (), board, p, h, opp, best)
    return total / norm


def exploitability(solver: Solver) -> float:
    """Percent of the pot, as Solver.exploitability defines it."""
    gain = sum(
        value(solver, p, True) - (value(solver, p, False) if solver.spot.rake else 0.0)
        for p in (0, 1)
    )
    return 100.0 * gain / 2 / solver.spot.pot
