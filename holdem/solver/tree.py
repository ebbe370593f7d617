"""The action tree of a spot: who may do what, for how many chips, street by street.

:func:`build_tree` turns a :class:`~holdem.solver.Spot` into an :class:`ActionTree`, a list of
nodes in depth-first order. A *chance* node stands for the deal of the next card (one child: the
next street's first node, whatever the card); the solver repeats the next street's subtree for
each card it deals. Amounts follow the rules written in :mod:`holdem.solver.spot`.

>>> from holdem.solver import Spot, StreetSizes
>>> spot = Spot(
...     board="Qs Jh 2h 8d 3s",
...     pot=100,
...     stack=300,
...     oop="QQ",
...     ip="AA",
...     oop_sizes=StreetSizes(bet="50%"),
...     ip_sizes=StreetSizes(bet="50%"),
... )
>>> tree = build_tree(spot)
>>> [str(a) for a in tree.actions(0)]
['check', 'bet 50']
>>> tree.count()
{'action': 4, 'chance': 0, 'fold': 2, 'showdown': 3}
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from holdem._validate import check_type
from holdem.errors import SolverError
from holdem.solver.spot import STREETS, Size, Spot

__all__ = [
    "CHANCE",
    "FOLD",
    "IP",
    "OOP",
    "SHOWDOWN",
    "ActionTree",
    "TreeAction",
    "TreeNode",
    "build_tree",
]

OOP, IP, CHANCE, FOLD, SHOWDOWN = 0, 1, 2, 3, 4
_KIND_NAMES = ("oop", "ip", "chance", "fold", "showdown")
# A tree past this many nodes (of one street's pattern, before cards multiply it) is refused.
_MAX_NODES = 200_000


class TreeAction(NamedTuple):
    """One action: ``kind`` is ``'fold'``, ``'check'``, ``'call'``, ``'bet'`` or ``'raise'``;
    ``amount`` is, for a bet or raise, the player's total on the street after it ("raise to";
    0 otherwise); ``allin`` tells whether it puts the player's stack in.

    >>> str(TreeAction("raise", 133)), str(TreeAction("bet", 300, allin=True))
    ('raise 133', 'bet 300 allin')
    """

    kind: str
    amount: int = 0
    allin: bool = False

    def __str__(self) -> str:
        if self.kind in ("bet", "raise"):
            return f"{self.kind} {self.amount}" + (" allin" if self.allin else "")
        return self.kind


@dataclass
class TreeNode:
    """A node of the action tree.

    ``kind`` is :data:`OOP` or :data:`IP` (that player acts), :data:`CHANCE` (a card is dealt),
    :data:`FOLD` (``player`` folded) or :data:`SHOWDOWN`. ``street`` is the node's street (for a
    chance node, the street its card starts). ``invested`` is what each player has put in since
    the spot began; ``children`` are node indices, one per action (one for a chance node).
    """

    kind: int
    player: int
    street: int
    invested: tuple[int, int]
    parent: int
    actions: list[TreeAction] = field(default_factory=list)
    children: list[int] = field(default_factory=list)

    @property
    def kind_name(self) -> str:
        """``'oop'``, ``'ip'``, ``'chance'``, ``'fold'`` or ``'showdown'``."""
        return _KIND_NAMES[self.kind]


@dataclass
class ActionTree:
    """The nodes of a spot's action tree, in depth-first order (node 0 is the root)."""

    spot: Spot
    nodes: list[TreeNode]

    def actions(self, node: int) -> list[TreeAction]:
        """The actions of a node (empty for a terminal; none for a chance node)."""
        return self.nodes[node].actions

    def count(self) -> dict[str, int]:
        """How many nodes of each kind the pattern has (before the cards multiply it)."""
        counts = {"action": 0, "chance": 0, "fold": 0, "showdown": 0}
        for n in self.nodes:
            counts["action" if n.kind <= IP else _KIND_NAMES[n.kind]] += 1
        return counts

    def pot(self, node: int) -> int:
        """The pot at a node: the starting pot and both players' chips put in since."""
        a, b = self.nodes[node].invested
        return self.spot.pot + a + b


@dataclass
class _State:
    street: int
    invested: list[int]
    street_bet: list[int]
    raises: int = 0
    last_increment: int = 0
    donk: bool = False


def _round(x: float) -> int:
    """Half up, as C's round() on the positive amounts here."""
    return math.floor(x + 0.5)


def build_tree(spot: Spot) -> ActionTree:
    """The action tree of a spot.

    :raises SolverError: for a tree of more than 200,000 nodes before the cards multiply it (a
        raise cap and fewer sizes make it smaller).
    :raises ArgumentTypeError: for a spot that is not a Spot.
    """
    check_type(spot, Spot, "a spot")
    nodes: list[TreeNode] = []
    first = STREETS.index(spot.street)
    state = _State(street=first, invested=[0, 0], street_bet=[0, 0])
    _street_root(spot, nodes, state, -1)
    return ActionTree(spot, nodes)


def _add(nodes: list[TreeNode], node: TreeNode) -> int:
    if len(nodes) >= _MAX_NODES:
        raise SolverError(
            f"the bet tree has more than {_MAX_NODES:,} nodes on its own (before the cards "
            "multiply it): use fewer sizes or a lower raise_cap"
        )
    nodes.append(node)
    if node.parent >= 0:
        nodes[node.parent].children.append(len(nodes) - 1)
    return len(nodes) - 1


def _street_root(spot: Spot, nodes: list[TreeNode], s: _State, parent: int) -> None:
    """OOP opens a street: check, or a bet."""
    index = _add(nodes, TreeNode(OOP, OOP, s.street, (s.invested[0], s.invested[1]), parent))
    sizes = spot.sizes_of(OOP, STREETS[s.street])
    opening = sizes.donk if s.donk else sizes.bet
    nodes[index].actions.append(TreeAction("check"))
    _after_check(spot, nodes, s, index)
    for amount in _amounts(spot, s, OOP, opening, sizes.allin, raising=False):
        _after_bet(spot, nodes, s, index, OOP, amount, "bet")


def _after_check(spot: Spot, nodes: list[TreeNode], s: _State, parent: int) -> None:
    """IP after OOP's check: check (the street ends), or a bet."""
    index = _add(nodes, TreeNode(IP, IP, s.street, (s.invested[0], s.invested[1]), parent))
    sizes = spot.sizes_of(IP, STREETS[s.street])
    nodes[index].actions.append(TreeAction("check"))
    _end_street(spot, nodes, s, index, donk=False)
    for amount in _amounts(spot, s, IP, sizes.bet, sizes.allin, raising=False):
        _after_bet(spot, nodes, s, index, IP, amount, "bet")


def _after_bet(
    spot: Spot, nodes: list[TreeNode], s: _State, parent: int, bettor: int, amount: int, kind: str
) -> None:
    """The other player facing a bet or raise of ``amount`` more chips by ``bettor``."""
    me = 1 - bettor
    call = s.invested[me] - s.invested[bettor]  # what the bettor had to call first
    t = _State(
        street=s.street,
        invested=list(s.invested),
        street_bet=list(s.street_bet),
        raises=s.raises + (kind == "raise"),
        last_increment=amount - call,
    )
    t.invested[bettor] += amount
    t.street_bet[bettor] += amount
    allin = t.invested[bettor] == spot.stack
    nodes[parent].actions.append(TreeAction(kind, t.street_bet[bettor], allin))
    index = _add(nodes, TreeNode(me, me, s.street, (t.invested[0], t.invested[1]), parent))
    here = nodes[index]
    # fold
    here.actions.append(TreeAction("fold"))
    _add(nodes, TreeNode(FOLD, me, s.street, (t.invested[0], t.invested[1]), index))
    # call: the street ends (OOP's call makes the next street a donk spot)
    here.actions.append(TreeAction("call"))
    u = _State(street=t.street, invested=list(t.invested), street_bet=list(t.street_bet))
    u.invested[me] = u.invested[bettor]
    u.street_bet[me] = u.street_bet[bettor]
    _end_street(spot, nodes, u, index, donk=me == OOP)
    # raise
    if t.raises < spot.raise_cap:
        sizes = spot.sizes_of(me, STREETS[s.street])
        for more in _amounts(spot, t, me, sizes.raises, sizes.allin, raising=True):
            _after_bet(spot, nodes, t, index, me, more, "raise")


def _end_street(spot: Spot, nodes: list[TreeNode], s: _State, parent: int, donk: bool) -> None:
    """After a check behind or a call: the next card, or the showdown on the river."""
    invested = (s.invested[0], s.invested[1])
    street = s.street
    while True:
        if street == 2:
            _add(nodes, TreeNode(SHOWDOWN, -1, 2, invested, parent))
            return
        street += 1
        parent = _add(nodes, TreeNode(CHANCE, -1, street, invested, parent))
        if invested[0] < spot.stack:
            break
        # all-in and called: the cards are dealt to the river without betting
    t = _State(street=street, invested=list(invested), street_bet=[0, 0], donk=donk)
    _street_root(spot, nodes, t, parent)


def _amounts(
    spot: Spot, s: _State, me: int, sizes: tuple[Size, ...], allin: bool, raising: bool
) -> list[int]:
    """The distinct chip amounts ``me`` may put in now (a bet, or a call and a raise)."""
    opp = 1 - me
    behind = spot.stack - s.invested[me]
    call = s.invested[opp] - s.invested[me]
    if behind <= call:
        return []  # calling puts the stack in: nothing to raise with
    pot_after_call = spot.pot + 2 * max(s.invested)
    amounts: list[int] = []
    for size in sizes:
        if size.kind == "pot":
            a = call + _round(size.value * pot_after_call)
        elif size.kind == "x":
            a = _round(size.value * s.street_bet[opp]) - s.street_bet[me]
        elif size.kind == "geometric":
            streets = int(size.value) or 3 - s.street
            ratio = ((1 + 2 * behind / pot_after_call) ** (1 / streets) - 1) / 2
            a = _round(ratio * pot_after_call)
        else:
            a = behind
        if raising and a - call < s.last_increment:
            a = call + s.last_increment  # the minimum legal raise
        threshold = spot.allin_threshold
        if threshold is not None and spot.pot / 2 + s.invested[me] + a > threshold * spot.stack:
            a = behind
        a = min(a, behind)
        if a > call and a > 0:
            amounts.append(a)
    if allin:
        amounts.append(behind)
    return sorted(set(amounts))
