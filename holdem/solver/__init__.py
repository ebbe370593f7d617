"""A postflop solver: heads-up subgames on the flop, turn or river, solved by discounted CFR.

Describe a :class:`Spot` (board, pot, stack, the two ranges, bet sizes per player and street),
build a :class:`Solver` (it says how much memory the tree needs before taking it) and solve to a
target exploitability in percent of the pot; then read strategies, values and equities per node
and per combo. The solver needs NumPy (``pip install "holdem-engine[numpy]"``).

>>> from holdem.solver import Solver, Spot, StreetSizes
>>> spot = Spot(
...     board="Ks 7h 2d 9c 4s",
...     pot=100,
...     stack=100,
...     oop="AA,QQ",
...     ip="KK,JJ",
...     oop_sizes=StreetSizes(bet="100%"),
...     ip_sizes=StreetSizes(bet="100%"),
... )
>>> report = Solver(spot).solve(target=0.1)
>>> report.exploitability <= 0.1
True
"""

from __future__ import annotations

from holdem.solver.solving import ALGORITHMS, Progress, Solver, SolveReport
from holdem.solver.spot import STREETS, Size, Spot, StreetSizes, parse_sizes
from holdem.solver.tree import ActionTree, TreeAction, TreeNode, build_tree

__all__ = [
    "ALGORITHMS",
    "STREETS",
    "ActionTree",
    "Progress",
    "Size",
    "SolveReport",
    "Solver",
    "Spot",
    "StreetSizes",
    "TreeAction",
    "TreeNode",
    "build_tree",
    "parse_sizes",
]
