"""Solving a spot: discounted CFR or CFR+ on N threads, to a target exploitability.

A :class:`Solver` builds a spot's tree and storage (refusing, before anything large is
allocated, a tree that would not fit in the memory allowed), runs iterations, and measures the
exploitability of its average strategy exactly: each player's best response is computed over the
whole tree, every card dealt.

Discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via Discounted Regret
Minimization", AAAI 2019) with the paper's parameters alpha = 1.5, beta = 0, gamma = 2: before
iteration t adds its regrets, positive regrets are multiplied by (t-1)^1.5 / ((t-1)^1.5 + 1),
negative ones by 1/2, and the strategy sums by ((t-1)/t)^2. CFR+ (Tammelin 2014) floors the
regrets at zero and averages the strategies linearly. The players update in turn.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from holdem.errors import ArgumentError, ArgumentTypeError, SolverError
from holdem.solver._cfr import Engine, equity_sums
from holdem.solver.layout import Layout, lay_out, load_numpy
from holdem.solver.results import NodeView, PathItem, follow
from holdem.solver.saving import load_solution, save_solution
from holdem.solver.spot import Spot
from holdem.solver.tree import build_tree

__all__ = ["ALGORITHMS", "Progress", "SolveReport", "Solver"]

#: The algorithms :meth:`Solver.solve` runs.
ALGORITHMS = ("dcfr", "cfr+")

_CFR, _BEST, _AVERAGE, _BEST_FREE = 0, 1, 2, 3
_FULL, _DOWN, _UP = 0, 1, 2
_MAX_THREADS = 256


@dataclass(frozen=True)
class Progress:
    """Where a solve stands: iterations run, seconds spent, and the exploitability last
    measured (percent of the pot; None before the first measure)."""

    iterations: int
    seconds: float
    exploitability: float | None


@dataclass(frozen=True)
class SolveReport:
    """How a solve ended: iterations run in all, seconds of this solve, the exploitability of
    the result (percent of the pot), and why it stopped (``'target'``, ``'iterations'`` or
    ``'time'``)."""

    iterations: int
    seconds: float
    exploitability: float
    stopped: str


def _physical_memory() -> int:
    """Bytes of physical memory, or 4 GiB when the system does not say."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return 4 << 30


def _threads(threads: object) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise ArgumentTypeError(f"threads is an int, got {threads!r}")
    if not 1 <= threads <= _MAX_THREADS:
        raise ArgumentError(f"threads is from 1 to {_MAX_THREADS}, got {threads}")
    return threads


class Solver:
    """A spot's game, its solving state and its result.

    ``threads`` is the most threads that :meth:`solve` may use (each needs a work area);
    ``memory_limit`` the bytes that the solver may take (by default 90% of physical memory);
    ``isomorphism`` lets suits that the board and both ranges treat alike share their subtrees;
    ``compress`` stores regrets and strategy sums in 16 bits (a scale per node) instead of 32,
    which halves the memory at some cost in precision.

    Attributes: ``spot``; ``tree`` (its :class:`~holdem.solver.ActionTree`); ``memory`` (the
    bytes it takes); ``iterations`` run so far and the ``algorithm`` they ran. A Solver is
    not for use from two threads at once (it runs its own threads inside :meth:`solve`).

    :raises SolverError: for a tree that would need more than ``memory_limit`` (the message gives
        both numbers), before the storage is allocated.
    :raises ArgumentError: for a thread count or memory limit out of range.

    >>> from holdem.solver import Spot, StreetSizes
    >>> spot = Spot(
    ...     board="Ks 7h 2d 9c 4s",
    ...     pot=100,
    ...     stack=100,
    ...     oop="AA,QQ",
    ...     ip="KK,JJ",
    ...     oop_sizes=StreetSizes(bet="100%"),
    ...     ip_sizes=StreetSizes(bet="100%"),
    ... )
    >>> solver = Solver(spot)
    >>> report = solver.solve(target=0.1)
    >>> report.exploitability <= 0.1
    True
    """

    def __init__(
        self,
        spot: Spot,
        *,
        threads: int = 1,
        memory_limit: int | None = None,
        isomorphism: bool = True,
        compress: bool = False,
    ) -> None:
        if not isinstance(spot, Spot):
            raise ArgumentTypeError(f"a Solver solves a Spot, got {type(spot).__name__}")
        self._max_threads = _threads(threads)
        if memory_limit is None:
            memory_limit = int(0.9 * _physical_memory())
        elif isinstance(memory_limit, bool) or not isinstance(memory_limit, int):
            raise ArgumentTypeError(f"memory_limit is a number of bytes, got {memory_limit!r}")
        elif memory_limit <= 0:
            raise ArgumentError(f"memory_limit is a positive number of bytes, got {memory_limit}")
        self.spot = spot
        self._isomorphism = bool(isomorphism)
        self.tree = build_tree(spot)
        threads_n = self._max_threads
        limit: int = memory_limit

        def refuse(need: int, instances: int, entries: int) -> None:
            if need > limit:
                raise SolverError(
                    f"the tree needs {_mib(need)} and the limit is {_mib(limit)} "
                    f"({instances:,} street instances, {entries:,} strategy entries): use "
                    "fewer bet sizes, a lower raise_cap or narrower ranges"
                )

        self.layout: Layout = lay_out(
            spot, self.tree, isomorphism=bool(isomorphism), compressed=bool(compress), check=refuse
        )
        need = self.layout.bytes_needed(threads_n)
        refuse(need, self.layout.street_instances, sum(self.layout.storage))
        self.memory = need
        self.layout.allocate()
        self._engine = Engine(self.layout.arrays, self._max_threads, self.layout.arena_floats)
        self.iterations = 0
        self.algorithm = "dcfr"
        self._pool: ThreadPoolExecutor | None = None
        self._task_order: Any = None
        np = load_numpy()
        self._values = [np.zeros(len(w), np.float32) for w in self.layout.weights]
        # per player: storage address -> (locked strategy k x n float32, mask n uint8)
        self._locks: tuple[dict[int, tuple[Any, Any]], dict[int, tuple[Any, Any]]] = ({}, {})

    # -- walking ------------------------------------------------------------------------------

    def _order(self) -> Any:
        """The first street's cards, the largest subtrees first: the order in which the threads
        take them (each thread the next one free)."""
        if self._task_order is None:
            np = load_numpy()
            task_si = self.layout.arrays["task_si"]
            ends = [*task_si[1:].tolist(), self.layout.street_instances]
            cost = [e - s for s, e in zip(task_si.tolist(), ends, strict=True)]
            order = sorted(range(len(cost)), key=lambda i: -cost[i])
            self._task_order = np.array(order, np.int32)
        return self._task_order

    def _walk(self, player: int, mode: int, threads: int) -> Any:
        """One walk of the tree for player; its values at the root, one per hand."""
        out = self._values[player]
        engine = self._engine
        if threads <= 1 or self.layout.tasks == 0:
            ok = engine.walk_root(player, mode, _FULL, out)
        else:
            order = self._order()
            ok = engine.walk_root(player, mode, _DOWN, out)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self._max_threads - 1)
            engine.start_tasks()
            futures = [
                self._pool.submit(engine.walk_tasks, i, player, order) for i in range(1, threads)
            ]
            ok = engine.walk_tasks(0, player, order) and ok
            ok = all([f.result() for f in futures]) and ok
            ok = engine.walk_root(player, mode, _UP, out) and ok
        if not ok:  # pragma: no cover - the work areas are sized from the tree
            raise SolverError("a work area of the solver ran out of room (a bug: please report)")
        return out

    def _total(self, player: int, mode: int, threads: int) -> float:
        values = self._walk(player, mode, threads)
        return float((self.layout.weights[player].astype("float64") * values).sum())

    def exploitability(self, threads: int | None = None, locks: bool = True) -> float:
        """The exploitability of the average strategy, in percent of the starting pot: the mean
        of what each player's best response gains over the strategy's value.

        A best response keeps its own player's locked nodes as they are locked (the measure of
        how far the rest of the tree is from solved); with ``locks=False`` it may leave them
        (the measure of the locked strategy itself).

        >>> from holdem.solver import Spot
        >>> solver = Solver(Spot(board="Ks 7h 2d 9c 4s", pot=10, stack=10, oop="AA", ip="KK"))
        >>> solver.exploitability()  # no bets: nothing to exploit
        0.0
        """
        n = self._max_threads if threads is None else min(_threads(threads), self._max_threads)
        gain = 0.0
        for p in (0, 1):
            gain += self._total(p, _BEST if locks else _BEST_FREE, n)
            if self.spot.rake:
                gain -= self._total(p, _AVERAGE, n)
        return max(0.0, 100.0 * gain / 2 / self.spot.pot)

    # -- reading ------------------------------------------------------------------------------

    def node(self, *path: PathItem) -> NodeView:
        """The node that a path of actions (and, where a card comes, cards) leads to.

        Actions are given as their text (``'check'``, ``'bet 75'``, ``'allin'``), an
        :class:`~holdem.solver.TreeAction` or an index; cards as text (``'8d'``) or a Card.

        :raises SolverError: for an action a node does not have or a path past a terminal.
        :raises CardError: for a card already on the board.
        """
        return follow(self, path)

    def _values_at(self, t: int, si: int, player: int, perms: tuple[Any, Any], reach: Any) -> Any:
        """player's values at a node (average strategies), given the other's reach there in
        actual hands; in actual hands."""
        np = load_numpy()
        o = 1 - player
        stored = np.zeros(len(self.layout.weights[o]), np.float32)
        stored[perms[o]] = reach
        out = np.zeros(len(self.layout.weights[player]), np.float32)
        if not self._engine.walk_node(t, si, player, _AVERAGE, stored, out):
            raise SolverError("a work area of the solver ran out of room (a bug: please report)")
        return out[perms[player]].astype(np.float64)

    def _equity_at(self, board: tuple[int, ...], player: int, reach: Any) -> Any:
        """Sum over the completions of the board of each hand's pot share against the reach."""
        np = load_numpy()
        arrays = self.layout.arrays
        mine = arrays["cards"][player].reshape(-1, 2)
        theirs = arrays["cards"][1 - player].reshape(-1, 2)
        out = np.zeros(len(mine), np.float64)
        equity_sums(
            np.array(board, np.uint8),
            mine,
            arrays["same"][player],
            theirs,
            np.ascontiguousarray(reach, np.float32),
            out,
        )
        # each pair of hands meets on the boards that miss all four of its cards
        return out / math.comb(52 - len(board) - 4, 5 - len(board))

    # -- locking ------------------------------------------------------------------------------

    def lock(self, path: Sequence[PathItem], strategy: Any, combos: Any = None) -> None:
        """Fix the acting player's strategy at a node: later solving plays it there and the
        best responses measure the rest of the tree against it.

        ``strategy`` is an array (actions x live combos of the node, in the order of
        :meth:`NodeView.combos`), or one row per action for every combo alike; ``combos`` (a
        boolean mask over the live combos) locks only those, the others keep learning.

        :raises SolverError: for a node where nobody acts, a strategy of the wrong shape or
            not summing to 1, or a node under a card that suit isomorphism maps onto another
            (build the Solver with ``isomorphism=False`` to lock there).
        """
        np = load_numpy()
        view = self.node(*path)
        if view.player < 0:
            raise SolverError(f"nobody acts at a {view.kind} node: nothing to lock")
        player = view.player
        n = len(self.layout.weights[player])
        if not np.array_equal(view._perms[player], np.arange(n)):
            raise SolverError(
                "this node lies under a card that suit isomorphism maps onto another: build the "
                "Solver with isomorphism=False to lock it"
            )
        live = view._live(player)
        k = len(view.actions)
        given = np.asarray(strategy, np.float64)
        if given.ndim == 1:
            given = np.repeat(given.reshape(k if given.size == k else -1, 1), live.sum(), axis=1)
        if given.shape != (k, int(live.sum())):
            raise SolverError(
                f"a strategy here is {k} actions x {int(live.sum())} combos, got {given.shape}"
            )
        if not np.all(np.isfinite(given)) or np.any(given < 0):
            raise SolverError("a locked strategy's frequencies are finite and not negative")
        if not np.allclose(given.sum(axis=0), 1.0, atol=1e-6):
            raise SolverError("a locked strategy's frequencies sum to 1 for every combo")
        mask = np.ones(int(live.sum()), bool)
        if combos is not None:
            mask = np.asarray(combos, bool)
            if mask.shape != (int(live.sum()),):
                raise SolverError(f"combos is a mask of the {int(live.sum())} live combos")
        full = np.zeros((k, n), np.float32)
        full_mask = np.zeros(n, np.uint8)
        full[:, live] = given
        full_mask[np.flatnonzero(live)[mask]] = 1
        addr = int(self.layout.arrays["si_base"][2 * view._si + player])
        addr += int(self.layout.arrays["rel"][view._t])
        self._locks[player][addr] = (full.reshape(-1), full_mask)
        self._push_locks(player)

    def unlock(self, path: Sequence[PathItem] | None = None) -> None:
        """Remove the lock of a node (every lock when ``path`` is None).

        :raises SolverError: for a path that does not lead to a locked node.
        """
        if path is None:
            for p in (0, 1):
                self._locks[p].clear()
                self._push_locks(p)
            return
        view = self.node(*path)
        if view.player >= 0:
            addr = int(self.layout.arrays["si_base"][2 * view._si + view.player])
            addr += int(self.layout.arrays["rel"][view._t])
            if self._locks[view.player].pop(addr, None) is not None:
                self._push_locks(view.player)
                return
        raise SolverError(f"no lock at {view}")

    def _actions_at(self, player: int, addr: int) -> int | None:
        """The number of actions of player's node stored at addr (None if no node is)."""
        np = load_numpy()
        arrays = self.layout.arrays
        bases = arrays["si_base"][player::2]
        si = int(np.searchsorted(bases, addr, side="right")) - 1
        while si >= 0:
            segment = self.layout.segments[int(arrays["si_segment"][si])]
            if segment.size[player]:
                break
            si -= 1
        if si < 0:
            return None
        rel = addr - int(bases[si])
        for t in segment.nodes:
            node = self.tree.nodes[t]
            if node.kind == player and int(arrays["rel"][t]) == rel:
                return len(node.children)
        return None

    def _push_locks(self, player: int) -> None:
        locks = self._locks[player]
        self._engine.set_locks(player, [(a, *locks[a]) for a in sorted(locks)])

    # -- saving -------------------------------------------------------------------------------

    def save(self, path: str | Path, *, regrets: bool = True) -> None:
        """Save the solution to a file (compressed; see :mod:`holdem.solver.saving`); without
        ``regrets``, only what reading it needs (a smaller file).

        :raises OSError: when the file cannot be written.
        """
        save_solution(self, path, regrets=regrets)

    @classmethod
    def load(cls, path: str | Path, *, threads: int = 1, memory_limit: int | None = None) -> Solver:
        """A solver saved by :meth:`save`, ready to read or to solve on.

        :raises SolverError: for a file that is not a solution file or does not fit its spot.
        """
        return load_solution(cls, path, threads=threads, memory_limit=memory_limit)

    # -- solving ------------------------------------------------------------------------------

    def solve(
        self,
        *,
        target: float | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        algorithm: str = "dcfr",
        threads: int | None = None,
        check_every: int = 10,
        progress: Callable[[Progress], object] | None = None,
    ) -> SolveReport:
        """Run iterations until the exploitability is at most ``target`` (percent of the pot),
        ``iterations`` have run in all, or ``seconds`` have passed, whichever comes first.

        The exploitability is measured every ``check_every`` iterations and at the end;
        ``progress`` is called with a :class:`Progress` after each measure. Solving again goes
        on from where the last solve stopped (with the same algorithm).

        :raises SolverError: for no stopping rule, a target or time that is not positive, an
            unknown algorithm, or another algorithm than the one already begun.
        :raises ArgumentError: for more threads than the Solver was built for.
        """
        if target is None and iterations is None and seconds is None:
            raise SolverError("say when to stop: a target, a number of iterations or seconds")
        if target is not None:
            _number(target, "target is a positive percent of the pot")
        if iterations is not None:
            _number(iterations, "iterations is a whole number >= 0", whole=True, zero=True)
        if seconds is not None:
            _number(seconds, "seconds is a positive number")
        if algorithm not in ALGORITHMS:
            raise SolverError(f"algorithm is one of {', '.join(ALGORITHMS)}, got {algorithm!r}")
        if self.iterations and algorithm != self.algorithm:
            raise SolverError(
                f"this solve began with {self.algorithm}: go on with it (or start a new Solver)"
            )
        _number(check_every, "check_every is a whole number >= 1", whole=True)
        n = self._max_threads if threads is None else _threads(threads)
        if n > self._max_threads:
            raise ArgumentError(
                f"this Solver was built for at most {self._max_threads} threads, got {n}"
            )
        self.algorithm = algorithm
        start = time.perf_counter()
        measured: float | None = None
        stopped = ""
        while True:
            if iterations is not None and self.iterations >= iterations:
                stopped = "iterations"
                break
            if seconds is not None and time.perf_counter() - start >= seconds:
                stopped = "time"
                break
            self._iterate(n)
            measured = None
            if self.iterations % check_every == 0 and (target is not None or progress):
                measured = self.exploitability(n)
                if progress is not None:
                    progress(Progress(self.iterations, time.perf_counter() - start, measured))
                if target is not None and measured <= target:
                    stopped = "target"
                    break
        if measured is None:
            measured = self.exploitability(n)
            if progress is not None:
                progress(Progress(self.iterations, time.perf_counter() - start, measured))
        return SolveReport(self.iterations, time.perf_counter() - start, measured, stopped)

    def _iterate(self, threads: int) -> None:
        """One iteration: each player's regrets updated in turn."""
        t = self.iterations + 1
        if self.algorithm == "cfr+":
            self._engine.set_discounts(True, 1.0, 1.0, (t - 1) / t)
        else:
            x = (t - 1) ** 1.5
            self._engine.set_discounts(False, x / (x + 1), 0.5, ((t - 1) / t) ** 2)
        for p in (0, 1):
            self._walk(p, _CFR, threads)
        self.iterations = t

    def close(self) -> None:
        """Stop the solver's threads (they stop with the solver too)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __del__(self) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.shutdown(wait=False)


def _number(value: object, what: str, whole: bool = False, zero: bool = False) -> None:
    """Refuse (SolverError: ``what``, got ...) anything but a finite number above 0 (or 0 when
    ``zero``), whole when ``whole``; bools are not numbers here."""
    kinds = (int,) if whole else (int, float)
    ok = not isinstance(value, bool) and isinstance(value, kinds)
    if ok:
        x = float(value)  # type: ignore[arg-type]
        ok = math.isfinite(x) and (x > 0 or (zero and x == 0))
    if not ok:
        raise SolverError(f"{what}, got {value!r}")


def _mib(n: int) -> str:
    return f"{n / (1 << 20):,.1f} MiB"
