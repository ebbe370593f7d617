"""Reading a solution: a node's strategy per combo, the players' ranges there, values, equities.

:meth:`Solver.node <holdem.solver.Solver.node>` follows a path of actions (and, where a card
is dealt, cards) from the root and returns a :class:`NodeView`. Arrays are NumPy arrays over the
combos that are live at the node (those of the player's range that no board card blocks), in the
order of :meth:`NodeView.combos`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from holdem.cards import Card
from holdem.errors import CardError, SolverError
from holdem.solver.layout import SWAPS, Layout, _swap_card, load_numpy
from holdem.solver.spot import Spot
from holdem.solver.tree import CHANCE, FOLD, IP, OOP, SHOWDOWN, ActionTree, TreeAction

__all__ = ["NodeView", "PathItem", "Solved", "follow"]


class Solved(Protocol):
    """What reading and saving a solution take from a :class:`~holdem.solver.Solver` (this
    module and ``saving`` sit below the solver, which builds views and files of itself)."""

    spot: Spot
    tree: ActionTree
    layout: Layout
    iterations: int
    algorithm: str
    _isomorphism: bool
    _locks: tuple[dict[int, tuple[Any, Any]], dict[int, tuple[Any, Any]]]

    def _values_at(
        self, t: int, si: int, player: int, perms: tuple[Any, Any], reach: Any
    ) -> Any: ...

    def _equity_at(self, board: tuple[int, ...], player: int, reach: Any) -> Any: ...

    def _actions_at(self, player: int, addr: int) -> int | None: ...

    def _push_locks(self, player: int) -> None: ...


#: An item of a path: an action (its text, an :class:`TreeAction`, or its index), or a card dealt.
PathItem = str | TreeAction | int | Card


class NodeView:
    """One node of a solved tree, as reached by a path of actions and cards.

    ``kind`` is ``'oop'`` or ``'ip'`` (that player acts), ``'chance'`` (a card comes next),
    ``'fold'`` or ``'showdown'``; ``player`` is the acting player (0 out of position, 1 in
    position; -1 elsewhere).
    """

    def __init__(
        self,
        solver: Solved,
        path: tuple[str, ...],
        t: int,
        si: int,
        board: tuple[int, ...],
        perms: tuple[Any, Any],
        actions_taken: tuple[tuple[int, int, int, Any], ...],
    ) -> None:
        self._solver = solver
        self.path = path
        self._t = t
        self._si = si
        self._board = board
        self._perms = perms  # per player: actual hand index -> stored hand index
        # (template node, street instance, action index, perm of the actor) along the path
        self._taken = actions_taken
        node = solver.tree.nodes[t]
        self._node = node
        self.kind = node.kind_name
        self.player = node.kind if node.kind in (OOP, IP) else -1

    def __repr__(self) -> str:
        return f"NodeView({' / '.join(self.path) or 'root'}: {self.kind})"

    # -- the public state ---------------------------------------------------------------------

    @property
    def board(self) -> tuple[Card, ...]:
        """The board at this node."""
        return tuple(Card(c) for c in self._board)

    @property
    def pot(self) -> int:
        """The pot here: the starting pot and both players' chips put in since."""
        a, b = self._node.invested
        return self._solver.spot.pot + a + b

    @property
    def invested(self) -> tuple[int, int]:
        """What each player has put in since the spot began."""
        return self._node.invested

    @property
    def actions(self) -> list[TreeAction]:
        """The actions of the acting player (empty elsewhere)."""
        return list(self._node.actions) if self.player >= 0 else []

    @property
    def action_labels(self) -> list[str]:
        """The actions as text (``'check'``, ``'bet 75'``, ``'raise 300 allin'`` ...)."""
        return [str(a) for a in self.actions]

    def _live(self, player: int) -> Any:
        np = load_numpy()
        cards = self._solver.layout.arrays["cards"][player].reshape(-1, 2)
        dead = np.zeros(52, bool)
        dead[list(self._board)] = True
        return ~(dead[cards[:, 0]] | dead[cards[:, 1]])

    def combos(self, player: int) -> list[tuple[Card, Card]]:
        """The live combos of a player's range here (the order of every array of this view)."""
        live = self._live(_player(player))
        return [
            (Card(a), Card(b))
            for (a, b), ok in zip(self._solver.layout.combos[player], live, strict=True)
            if ok
        ]

    def strategy(self) -> Any:
        """The acting player's average strategy: an array (actions x live combos), each
        column summing to 1.

        :raises SolverError: at a node where nobody acts.
        """
        if self.player < 0:
            raise SolverError(f"nobody acts at a {self.kind} node")
        full = _strategy(self._solver, self._t, self._si, self.player)
        return full[:, self._perms[self.player]][:, self._live(self.player)]

    def range(self, player: int) -> Any:
        """A player's range here: each live combo's weight times the probability that the
        average strategies bring it here (the weights of the spot's range at the root)."""
        return self._reach(_player(player))[self._live(player)]

    def frequencies(self) -> Any:
        """How often the acting player takes each action here, over its range at this node.

        :raises SolverError: at a node where nobody acts, or one the range never reaches.
        """
        weights = self.range(self.player) if self.player >= 0 else None
        strategy = self.strategy()
        total = float(weights.sum()) if weights is not None else 0.0
        if total <= 0.0:
            raise SolverError("the acting player's range never reaches this node")
        return (strategy * weights).sum(axis=1) / total

    def by_class(self) -> dict[str, tuple[float, list[float]]]:
        """The acting player's strategy per starting-hand class (``'AKs'``): the class's
        weight in the range here and its frequency of each action, over its live combos.

        :raises SolverError: at a node where nobody acts.
        """
        from holdem.analysis.starting import hand_class

        strategy = self.strategy()
        weights = self.range(self.player)
        out: dict[str, list[Any]] = {}
        for i, combo in enumerate(self.combos(self.player)):
            entry = out.setdefault(hand_class(combo), [0.0, [0.0] * len(strategy)])
            entry[0] += float(weights[i])
            for a in range(len(strategy)):
                entry[1][a] += float(weights[i] * strategy[a, i])
        return {
            name: (w, [f / w if w > 0 else 0.0 for f in freqs]) for name, (w, freqs) in out.items()
        }

    def _reach(self, player: int) -> Any:
        """Range weight times the player's own action probabilities along the path, per hand
        of the whole range (board blocks not applied)."""
        np = load_numpy()
        solver = self._solver
        reach = solver.layout.weights[player].astype(np.float64)
        for t, si, a, perm in self._taken:
            if solver.tree.nodes[t].kind == player:
                reach = reach * _strategy(solver, t, si, player)[a][perm]
        return reach

    def child(self, item: PathItem) -> NodeView:
        """The node after an action (or, at a chance node, a card).

        :raises SolverError: for an action this node does not have, or a card at an action node.
        :raises CardError: for a card that is already on the board.
        """
        return follow(self._solver, [item], self)

    # -- values ---------------------------------------------------------------------------------

    def expected_values(self, player: int) -> Any:
        """Each live combo's expected share of the pot here (chips it gets back from the pot at
        the end, less what it puts in from here on), when both players play their average
        strategies from this node on. NaN for a combo that no hand of the other range meets.
        """
        np = load_numpy()
        p = _player(player)
        solver = self._solver
        o = 1 - p
        reach_o = self._reach(o) * self._live(o)
        values = solver._values_at(self._t, self._si, p, self._perms, reach_o)
        compatible = _compatible(solver, p, reach_o)
        with np.errstate(invalid="ignore", divide="ignore"):
            ev = values * solver.layout.normalizer / compatible
        ev = ev + solver.spot.pot / 2 + self._node.invested[p]
        return np.where(compatible > 0, ev, np.nan)[self._live(p)]

    def equities(self, player: int) -> Any:
        """Each live combo's share of the pot at a showdown against the other player's range
        here, every card to come dealt (ties count half). NaN for a combo that no hand of the
        other range meets."""
        np = load_numpy()
        p = _player(player)
        o = 1 - p
        solver = self._solver
        reach_o = self._reach(o) * self._live(o)
        wins = solver._equity_at(self._board, p, reach_o)
        compatible = _compatible(solver, p, reach_o)
        with np.errstate(invalid="ignore", divide="ignore"):
            eq = wins / compatible
        return np.where(compatible > 0, eq, np.nan)[self._live(p)]


def _player(player: object) -> int:
    if player not in (0, 1) or isinstance(player, bool):
        raise SolverError(f"a player is 0 (out of position) or 1 (in position), got {player!r}")
    return 1 if player == 1 else 0


def _compatible(solver: Solved, p: int, reach_o: Any) -> Any:
    """For each hand of p, the other player's reach over the hands that share no card."""
    np = load_numpy()
    cards_o = solver.layout.arrays["cards"][1 - p].reshape(-1, 2)
    cards_p = solver.layout.arrays["cards"][p].reshape(-1, 2)
    minus = np.zeros(52)
    np.add.at(minus, cards_o[:, 0], reach_o)
    np.add.at(minus, cards_o[:, 1], reach_o)
    same = solver.layout.arrays["same"][p]
    same_r = np.where(same >= 0, reach_o[np.maximum(same, 0)], 0.0)
    return reach_o.sum() - minus[cards_p[:, 0]] - minus[cards_p[:, 1]] + same_r


def _strategy(solver: Solved, t: int, si: int, player: int) -> Any:
    """The stored average strategy of a node (actions x the player's hands), locks applied."""
    np = load_numpy()
    layout = solver.layout
    k = len(solver.tree.nodes[t].children)
    n = len(layout.weights[player])
    addr = int(layout.arrays["si_base"][2 * si + player]) + int(layout.arrays["rel"][t])
    stored = layout.arrays["strat"][player]
    if layout.arrays["compressed"]:  # a float32 scale, then k x n 16-bit sums
        scale = float(stored[addr : addr + 2].view(np.float32)[0])
        sums = stored[addr + 2 : addr + 2 + k * n].reshape(k, n).astype(np.float64) * scale
    else:
        sums = stored[addr : addr + k * n].reshape(k, n).astype(np.float64)
    total = sums.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        strategy = np.where(total > 0, sums / total, 1.0 / k)
    lock = solver._locks[player].get(addr)
    if lock is not None:
        locked_strategy, mask = lock
        strategy[:, mask.astype(bool)] = locked_strategy.reshape(k, n)[:, mask.astype(bool)]
    return strategy


def follow(solver: Solved, path: Sequence[PathItem], start: NodeView | None = None) -> NodeView:
    """The node that a path of actions and cards leads to (from the root, or from ``start``).

    :raises SolverError: for an action a node does not have, a card where an action is due, or
        a path that goes on past a terminal node.
    :raises CardError: for a card that is already on the board.
    """
    np = load_numpy()
    layout = solver.layout
    nodes = solver.tree.nodes
    arrays = layout.arrays
    if start is None:
        n0, n1 = (len(w) for w in layout.weights)
        t, si, board = 0, 0, tuple(int(c) for c in solver.spot.board)
        perms: tuple[Any, Any] = (np.arange(n0), np.arange(n1))
        names: tuple[str, ...] = ()
        taken: tuple[tuple[int, int, int, Any], ...] = ()
        swap_cards = list(range(52))  # actual card -> the card of the stored subtree
    else:
        t, si, board = start._t, start._si, start._board
        perms, names, taken = start._perms, start.path, start._taken
        swap_cards = _card_map(solver, start)
    for item in path:
        node = nodes[t]
        if node.kind in (FOLD, SHOWDOWN):
            raise SolverError(f"the path goes on past a {node.kind_name} node: {item!r}")
        if node.kind == CHANCE:
            if isinstance(item, TreeAction) or (isinstance(item, str) and _is_action(item)):
                raise SolverError(f"a card is dealt here, not an action: {item!r}")
            try:
                card = int(Card(item))
            except CardError:
                raise CardError(f"not a card: {item!r} (a card is dealt here)") from None
            if card in board:
                raise CardError(f"{Card(card)} is already on the board")
            stored = swap_cards[card]
            ci = int(arrays["si_chance"][si]) + int(arrays["ordinal"][t])
            entry = int(arrays["ci_entry"][52 * ci + stored])
            if entry <= -2:
                rep = -2 - entry
                a, b = SWAPS[int(arrays["ci_swap"][52 * ci + stored])]
                swap = SWAPS.index((a, b))
                perms = (
                    arrays["perm"][0].reshape(6, -1)[swap][perms[0]],
                    arrays["perm"][1].reshape(6, -1)[swap][perms[1]],
                )
                swap_cards = [_swap_card(c, a, b) for c in swap_cards]
                entry = int(arrays["ci_entry"][52 * ci + rep])
            si = entry
            t = node.children[0]
            board = (*board, card)
            names = (*names, str(Card(card)))
            continue
        index = _action_index(node.actions, item)
        taken = (*taken, (t, si, index, perms[node.kind]))
        names = (*names, str(node.actions[index]))
        t = node.children[index]
    view = NodeView(solver, names, t, si, board, perms, taken)
    view._cards = swap_cards  # type: ignore[attr-defined]
    return view


def _card_map(solver: Solved, view: NodeView) -> list[int]:
    return list(getattr(view, "_cards", range(52)))


def _is_action(text: str) -> bool:
    word = text.strip().split(" ")[0].lower()
    return word in ("fold", "check", "call", "bet", "raise", "allin")


def _action_index(actions: list[TreeAction], item: PathItem) -> int:
    labels = [str(a) for a in actions]
    if isinstance(item, bool):
        raise SolverError(f"not an action: {item!r}")
    if isinstance(item, TreeAction):
        if item in actions:
            return actions.index(item)
    elif isinstance(item, int) and not isinstance(item, Card):
        if 0 <= item < len(actions):
            return item
    elif isinstance(item, str):
        text = " ".join(item.lower().split())
        if text in labels:
            return labels.index(text)
        for i, a in enumerate(actions):  # 'bet 300' finds 'bet 300 allin'; 'allin' the all-in
            if str(a).startswith(text + " ") or (text == "allin" and a.allin):
                return i
    raise SolverError(f"no action {item!r} here; the actions are {', '.join(labels)}")
