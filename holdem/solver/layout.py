"""The solver's game laid out in flat arrays: hands, suit symmetry, the tree's instances, storage.

:func:`lay_out` reads a :class:`~holdem.solver.Spot` and its :class:`~holdem.solver.tree.ActionTree`
into a :class:`Layout`: the arrays that the compiled kernels (holdem/solver/_cfr.pyx) walk, and the
memory that solving will take, counted before anything large is allocated.

*Suit isomorphism*: two suits that the board holds the same ranks of, and that both ranges treat
alike (a combo and its twin with the two suits swapped have the same weight), can be swapped
without changing the game. A card of the second suit then leads to the same subtree as its twin of
the first, with every hand's suits swapped: only one of the two is stored and walked.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from holdem._batch import numpy_module
from holdem.errors import SolverError
from holdem.solver.spot import Spot
from holdem.solver.tree import CHANCE, FOLD, IP, OOP, SHOWDOWN, ActionTree

__all__ = ["SWAPS", "Layout", "lay_out"]

#: The six swaps of two suits, by id (the kernels' swap numbers).
SWAPS = tuple(itertools.combinations(range(4), 2))
_SWAP_ID = {pair: i for i, pair in enumerate(SWAPS)}
_ALIGN = 16  # floats: the kernels' buffers start on 64-byte boundaries


def load_numpy() -> Any:
    """NumPy, or a MissingDependencyError that names the extra to install."""
    return numpy_module("the solver's arrays")


def _swap_card(card: int, a: int, b: int) -> int:
    suit = card & 3
    if suit == a:
        return card - a + b
    if suit == b:
        return card - b + a
    return card


@dataclass
class Segment:
    """The nodes of one street between deals: their storage and their chance nodes."""

    root: int
    street: int
    nodes: list[int] = field(default_factory=list)
    chances: list[int] = field(default_factory=list)
    size: list[int] = field(default_factory=lambda: [0, 0])  # floats per player


@dataclass
class Layout:
    """Everything the kernels need, and what it costs.

    ``arrays`` maps the names that holdem.solver._cfr.Engine reads to NumPy arrays (the storage
    arrays are allocated by :meth:`allocate`, after the memory check). ``storage`` is the number
    of floats of each player's regret array (the strategy sums take as many again).
    """

    spot: Spot
    tree: ActionTree
    combos: tuple[list[tuple[int, int]], list[tuple[int, int]]]
    weights: tuple[Any, Any]
    normalizer: float
    segments: list[Segment]
    segment_of: list[int]
    swaps: list[int]
    arrays: dict[str, Any]
    storage: tuple[int, int]
    boards: int
    street_instances: int
    chance_instances: int
    arena_floats: int
    tasks: int

    def bytes_needed(self, threads: int) -> int:
        """The memory solving takes: storage, showdown tables, tables of the tree, work areas."""
        width = 2 if self.arrays["compressed"] else 4
        storage = 2 * width * (self.storage[0] + self.storage[1])
        tables = 0
        for name, value in self.arrays.items():
            if name not in ("regret", "strat"):
                for a in value if isinstance(value, list) else [value]:
                    tables += getattr(a, "nbytes", 0)
        return storage + tables + 4 * self.arena_floats * threads

    def allocate(self) -> None:
        """Allocate the storage arrays (zeros: uniform strategies, empty sums)."""
        np = load_numpy()
        if self.arrays["compressed"]:
            self.arrays["regret"] = [np.zeros(max(s, 1), np.int16) for s in self.storage]
            self.arrays["strat"] = [np.zeros(max(s, 1), np.uint16) for s in self.storage]
        else:
            self.arrays["regret"] = [np.zeros(max(s, 1), np.float32) for s in self.storage]
            self.arrays["strat"] = [np.zeros(max(s, 1), np.float32) for s in self.storage]


def lay_out(
    spot: Spot,
    tree: ActionTree,
    isomorphism: bool = True,
    compressed: bool = False,
    check: Callable[[int, int, int], None] | None = None,
) -> Layout:
    """The layout of a spot's game (storage not yet allocated).

    Storage is float32, or with ``compressed`` 16-bit integers (regrets signed, strategy sums
    unsigned) after a float32 scale per node: each node's block is then 2 + k x n entries of
    16 bits, rounded up to an even number so that every scale is aligned.

    ``check(bytes, street_instances, entries)`` is called with what the tables and storage will
    take, counted before any of them is built (it raises to refuse the tree).

    :raises SolverError: when no combo of one range can meet any combo of the other.
    """
    np = load_numpy()
    board = [int(c) for c in spot.board]
    combos = tuple([(int(a), int(b)) for a, b in r.combos] for r in spot.ranges)
    weights = tuple(np.array(r.weights, np.float32) for r in spot.ranges)
    n = (len(combos[0]), len(combos[1]))
    index = [{c: i for i, c in enumerate(cs)} for cs in combos]
    cards = [np.array(cs, np.uint8).reshape(-1, 2) for cs in combos]
    same = [np.array([index[1 - p].get(c, -1) for c in combos[p]], np.int32) for p in (0, 1)]
    with_off, with_card = [], []
    for p in (0, 1):
        holding: list[list[int]] = [[] for _ in range(52)]
        for i, (a, b) in enumerate(combos[p]):
            holding[a].append(i)
            holding[b].append(i)
        with_off.append(np.array([0, *itertools.accumulate(map(len, holding))], np.int32))
        with_card.append(np.array([i for h in holding for i in h], np.int32))
    normalizer = _normalizer(np, weights, cards, same)
    if normalizer <= 0.0:
        raise SolverError("no combo of one range can be dealt with any combo of the other")

    # Suit swaps that leave the board and both ranges as they are.
    swaps: list[int] = []
    perm = [np.zeros((6, n[p]), np.int32) for p in (0, 1)]
    for s, (a, b) in enumerate(SWAPS):
        ok = isomorphism and _same_ranks(board, a, b)
        for p in (0, 1):
            for i, (x, y) in enumerate(combos[p]):
                x2, y2 = _swap_card(x, a, b), _swap_card(y, a, b)
                j = index[p].get((x2, y2) if x2 > y2 else (y2, x2), -1)
                perm[p][s, i] = j if j >= 0 else i
                if j < 0 or weights[p][j] != weights[p][i]:
                    ok = False
        if ok:
            swaps.append(s)

    # Segments: the nodes of each street between deals.
    nodes = tree.nodes
    segment_of = [-1] * len(nodes)
    segments: list[Segment] = []
    rel = np.zeros(len(nodes), np.int64)
    ordinal = np.zeros(len(nodes), np.int32)
    stack = [(0, -1)]
    while stack:
        t, seg = stack.pop()
        if seg < 0:
            segments.append(Segment(root=t, street=nodes[t].street))
            seg = len(segments) - 1
        segment = segments[seg]
        segment_of[t] = seg
        segment.nodes.append(t)
        node = nodes[t]
        if node.kind in (OOP, IP):
            rel[t] = segment.size[node.kind]
            block = len(node.children) * n[node.kind]
            if compressed:
                block = 2 + block + (block & 1)
            segment.size[node.kind] += block
            stack.extend((c, seg) for c in reversed(node.children))
        elif node.kind == CHANCE:
            ordinal[t] = len(segment.chances)
            segment.chances.append(t)
            stack.append((node.children[0], -1))

    # Street and chance instances: walk the cards from the spot's board.
    si_base: list[int] = []
    si_segment: list[int] = []
    si_chance: list[int] = []
    si_pair: list[int] = []
    ci_entry: list[list[int]] = []
    ci_swap: list[list[int]] = []
    ci_inv: list[float] = []
    pair_of: dict[tuple[int, ...], int] = {}
    totals = [0, 0]
    classes_cache: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}

    def classes(cards_on_board: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """For each card: its representative (itself, -1 if on the board) and the swap to it."""
        cached = classes_cache.get(cards_on_board)
        if cached is not None:
            return cached
        usable = [s for s in swaps if _same_ranks(cards_on_board, *SWAPS[s])]
        parent = list(range(4))
        for s in usable:
            a, b = SWAPS[s]
            ra, rb = parent[a], parent[b]
            low = min(ra, rb)
            parent = [low if x in (ra, rb) else x for x in parent]
        rep = [-1] * 52
        how = [-1] * 52
        for c in range(52):
            if c in cards_on_board:
                continue
            suit = c & 3
            root = parent[suit]
            if root == suit:
                rep[c] = c
            else:
                rep[c] = c - suit + root
                how[c] = _SWAP_ID[(root, suit)]
        classes_cache[cards_on_board] = (rep, how)
        return rep, how

    def instance(seg: int, on_board: tuple[int, ...]) -> int:
        si = len(si_chance)
        segment = segments[seg]
        si_base.extend(totals)
        si_segment.append(seg)
        totals[0] += segment.size[0]
        totals[1] += segment.size[1]
        si_chance.append(len(ci_inv))
        if len(on_board) == 5 and any(nodes[t].kind == SHOWDOWN for t in segment.nodes):
            key = tuple(sorted(on_board))
            si_pair.append(pair_of.setdefault(key, len(pair_of)))
        else:
            si_pair.append(-1)
        first = len(ci_inv)
        for _ in segment.chances:
            ci_entry.append([-1] * 52)
            ci_swap.append([0] * 52)
            ci_inv.append(1.0 / (52 - len(on_board) - 4))
        rep, how = classes(on_board)
        for j, t in enumerate(segment.chances):
            child_seg = segment_of[nodes[t].children[0]]
            entry = ci_entry[first + j]
            swap = ci_swap[first + j]
            for c in range(52):
                if rep[c] == c:
                    entry[c] = instance(child_seg, (*on_board, c))
                elif rep[c] >= 0:
                    entry[c] = -2 - rep[c]
                    swap[c] = how[c]
        return si

    if check is not None:
        count_si, count_ci, count_boards, count_storage = _count(
            segments, segment_of, nodes, classes, tuple(board)
        )
        width = 2 if compressed else 4
        estimate = (
            2 * width * (count_storage[0] + count_storage[1])
            + 28 * count_si
            + 264 * count_ci
            + 8 * count_boards * (n[0] + n[1] + 4)
        )
        check(estimate, count_si, count_storage[0] + count_storage[1])
    instance(0, tuple(board))
    boards = sorted(pair_of, key=pair_of.__getitem__)

    # Showdown tables: each range sorted by strength on each river board.
    from holdem.solver._cfr import showdown_table

    board_rows = np.array(boards, np.uint8).reshape(-1, 5)
    sd, sd_off = [], []
    for p in (0, 1):
        out = np.zeros(max(len(boards) * (n[p] + 2), 1), np.uint64)
        offsets = np.zeros(len(boards) + 1, np.int64)
        used = showdown_table(board_rows, cards[p], out, offsets)
        sd.append(out[: max(used, 1)].copy())
        sd_off.append(offsets)

    # Terminal amounts, in chips per deal (the values sum over both ranges' weights).
    half = np.zeros(len(nodes), np.float64)
    rake = np.zeros(len(nodes), np.float64)
    for t, node in enumerate(nodes):
        if node.kind in (FOLD, SHOWDOWN):
            matched = min(node.invested)
            won = spot.pot + 2 * matched
            taken = spot.rake * won
            if spot.rake_cap is not None:
                taken = min(taken, spot.rake_cap)
            half[t] = (spot.pot / 2 + matched) / normalizer
            rake[t] = taken / normalizer

    # Tasks: the cards of the first street's chance nodes, for the threads.
    stride = -(-max(n) // _ALIGN) * _ALIGN
    root_chances = len(segments[0].chances)
    task_of = np.full(max(root_chances * 52, 1), -1, np.int32)
    task_t: list[int] = []
    task_si: list[int] = []
    for j, t in enumerate(segments[0].chances):
        child = nodes[t].children[0]
        for c in range(52):
            e = ci_entry[j][c]
            if e >= 0:
                task_of[j * 52 + c] = len(task_t)
                task_t.append(child)
                task_si.append(e)

    arrays: dict[str, Any] = {
        "kind": np.array([nd.kind for nd in nodes], np.int32),
        "player": np.array([nd.player for nd in nodes], np.int32),
        "nchild": np.array([len(nd.children) for nd in nodes], np.int32),
        "child_off": np.array(
            [0, *itertools.accumulate(len(nd.children) for nd in nodes)][:-1], np.int32
        ),
        "children": np.array([c for nd in nodes for c in nd.children], np.int32),
        "rel": rel,
        "ordinal": ordinal,
        "half": half,
        "rake": rake,
        "si_base": np.array(si_base, np.int64),
        "si_chance": np.array(si_chance, np.int32),
        "si_segment": np.array(si_segment, np.int32),
        "si_pair": np.array(si_pair, np.int32),
        "ci_entry": np.array(ci_entry, np.int32).reshape(-1),
        "ci_swap": np.array(ci_swap, np.int8).reshape(-1),
        "ci_inv": np.array(ci_inv, np.float32),
        "cards": [c.reshape(-1) for c in cards],
        "same": same,
        "with_off": with_off,
        "with_card": with_card,
        "perm": [x.reshape(-1) for x in perm],
        "sd": sd,
        "sd_off": sd_off,
        "weights": [w.copy() for w in weights],
        "root_ci": 0,
        "task_of": task_of,
        "task_t": np.array(task_t, np.int32),
        "task_si": np.array(task_si, np.int32),
        "task_reach": np.zeros(max(len(task_t) * stride, 1), np.float32),
        "task_value": np.zeros(max(len(task_t) * stride, 1), np.float32),
        "task_stride": stride,
        "compressed": bool(compressed),
        "task_live": np.zeros(max(len(task_t), 1), np.uint8),
    }
    return Layout(
        spot=spot,
        tree=tree,
        combos=(combos[0], combos[1]),
        weights=(weights[0], weights[1]),
        normalizer=normalizer,
        segments=segments,
        segment_of=segment_of,
        swaps=swaps,
        arrays=arrays,
        storage=(totals[0], totals[1]),
        boards=len(boards),
        street_instances=len(si_chance),
        chance_instances=len(ci_inv),
        arena_floats=_arena(tree, n),
        tasks=len(task_t),
    )


def _count(
    segments: list[Segment],
    segment_of: list[int],
    nodes: list[Any],
    classes: Callable[[tuple[int, ...]], tuple[list[int], list[int]]],
    board: tuple[int, ...],
) -> tuple[int, int, int, list[int]]:
    """What the instances of the tree will number, before any is built: street instances,
    chance instances, river boards with a showdown (an upper bound: boards repeat) and storage
    per player."""
    storage = [0, 0]
    counts = [0, 0, 0]

    def walk(seg: int, on_board: tuple[int, ...], copies: int) -> None:
        segment = segments[seg]
        counts[0] += copies
        counts[1] += copies * len(segment.chances)
        storage[0] += copies * segment.size[0]
        storage[1] += copies * segment.size[1]
        if len(on_board) == 5 and any(nodes[t].kind == SHOWDOWN for t in segment.nodes):
            counts[2] += copies
        if not segment.chances:
            return
        rep = classes(on_board)[0]
        cards = [c for c in range(52) if rep[c] == c]
        for t in segment.chances:
            child = segment_of[nodes[t].children[0]]
            if not segments[child].chances:  # a last street: every card alike
                walk(child, (*on_board, cards[0]), copies * len(cards))
                continue
            for c in cards:
                walk(child, (*on_board, c), copies)

    walk(0, board, 1)
    return counts[0], counts[1], counts[2], storage


def _same_ranks(board: list[int] | tuple[int, ...], a: int, b: int) -> bool:
    """Whether the board holds the same ranks in suits a and b."""
    return {c >> 2 for c in board if c & 3 == a} == {c >> 2 for c in board if c & 3 == b}


def _normalizer(np: Any, weights: tuple[Any, ...], cards: list[Any], same: list[Any]) -> float:
    """The total weight of the deals: both ranges' weights multiplied, over compatible pairs."""
    w0, w1 = (w.astype(np.float64) for w in weights)
    minus = np.zeros(52)
    np.add.at(minus, cards[1][:, 0], w1)
    np.add.at(minus, cards[1][:, 1], w1)
    same_w = np.where(same[0] >= 0, w1[np.maximum(same[0], 0)], 0.0)
    compatible = w1.sum() - minus[cards[0][:, 0]] - minus[cards[0][:, 1]] + same_w
    return float((w0 * compatible).sum())


def _arena(tree: ActionTree, n: tuple[int, int]) -> int:
    """Floats a work area needs for the deepest walk (every buffer rounded up to its alignment)."""
    nodes = tree.nodes

    def up(x: int) -> int:
        return -(-x // _ALIGN) * _ALIGN

    def walk(t: int, p: int) -> int:
        node = nodes[t]
        k = len(node.children)
        if node.kind in (FOLD, SHOWDOWN):
            return 0
        if node.kind == CHANCE:
            own = up(n[1 - p]) + 52 * up(n[p])
        elif node.kind == p:
            own = 3 * up(k * n[p]) + up(2 * n[p])
        else:
            own = 3 * up(k * n[1 - p]) + up(2 * n[1 - p]) + up(n[p])
        return own + max((walk(c, p) for c in node.children), default=0)

    return max(walk(0, 0), walk(0, 1)) + 4 * _ALIGN
