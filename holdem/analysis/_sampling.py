"""Monte Carlo equity over the players' hands and ranges: the alias tables, the chunks of samples
and their random streams, and the counts summed into equities with their standard errors.

The samples are dealt in blocks of :data:`BLOCK`, block j from the random stream (seed, j) of
:mod:`holdem.analysis._montecarlo`, so the samples do not depend on how the run is cut into
chunks or on what runs them (:func:`holdem._parallel.run_chunks`: inline, threads or any
executor). :func:`holdem.analysis.equity.equity` calls :func:`monte_carlo`.
"""

from __future__ import annotations

import array
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

from holdem._parallel import check_progress, run_chunks, team
from holdem._validate import MAX_SAMPLES
from holdem.analysis import _exact, _montecarlo
from holdem.errors import RangeError

if TYPE_CHECKING:
    import concurrent.futures as cf

__all__ = ["BLOCK", "CAP", "CHUNK", "Chunks", "monte_carlo", "sample_chunk"]

SHARE: int = _exact.SHARE  # equity units per showdown (2520: every split is an integer)
BLOCK = 1 << 15  # samples per random stream: (seed, the block's number)
CHUNK = 1 << 18  # samples per chunk (a multiple of BLOCK)
TEAM_CHUNK = 1 << 23  # samples per chunk of a fixed number shared by threads (of CHUNK too)
CAP = MAX_SAMPLES  # samples at most when only a standard error is asked for

#: One player's result: equity, win, tie, wins, ties and the standard error of the equity.
Row = tuple[float, float, float, float, float, float]


def sample_chunk(
    n: int,
    kinds: list[int],
    combos: bytes,
    starts: list[int],
    thresh: bytes,
    alias: bytes,
    board: bytes,
    dead: bytes,
    samples: int,
    seed: int,
    stream: int,
    *,
    threads: int = 1,
) -> tuple[list[list[int]], int]:
    """Monte Carlo counts of one chunk, from the random streams of its blocks of ``BLOCK``
    samples (the first ``stream``), picklable; ``threads`` above 1: its blocks shared by the
    calling thread and holdem._team's helpers (the same counts).

    :raises RangeError: when the ranges can hardly be dealt together (the kernel's RuntimeError:
        too many deals in a row gave two players the same card).
    """
    try:
        result: tuple[list[list[int]], int] = _montecarlo.sample(
            n,
            kinds,
            combos,
            starts,
            array.array("Q", thresh),
            array.array("I", alias),
            board,
            dead,
            samples,
            seed,
            stream,
            BLOCK,
            threads=threads,
        )
    except RuntimeError as exc:
        raise RangeError(f"the players' ranges can hardly be dealt together: {exc}") from None
    return result


def alias_tables(weights: Sequence[float]) -> tuple[list[int], list[int]]:
    """Vose's alias tables: keep index i when a 32-bit random u < thresh[i], else take alias[i]."""
    n = len(weights)
    total = math.fsum(weights)
    scaled = [w * n / total for w in weights]
    thresh = [1 << 32] * n
    alias = list(range(n))
    small = [i for i, p in enumerate(scaled) if p < 1.0]
    large = [i for i, p in enumerate(scaled) if p >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        thresh[s] = min(1 << 32, round(scaled[s] * (1 << 32)))
        alias[s] = g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return thresh, alias


def sums(splits: list[list[int]], n: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per player: wins, ties, equity units and squared units from split counts."""
    wins = [splits[p][0] for p in range(n)]
    ties = [sum(splits[p][1:]) for p in range(n)]
    units = [sum(c * (SHARE // (k + 1)) for k, c in enumerate(splits[p])) for p in range(n)]
    squares = [sum(c * (SHARE // (k + 1)) ** 2 for k, c in enumerate(splits[p])) for p in range(n)]
    return wins, ties, units, squares


def stderr_of(units: int, squares: int, samples: int) -> float:
    """The standard error of a player's equity from its units and squared units (see
    :func:`sums`) over ``samples`` samples; infinite below two."""
    if samples < 2:
        return math.inf
    mean = units / samples / SHARE
    var = max(0.0, squares / samples / SHARE**2 - mean * mean)
    return math.sqrt(var / (samples - 1))


class Chunks(Sequence[tuple[Any, ...]]):
    """The arguments of each chunk of ``size`` samples (a multiple of :data:`BLOCK`), made when
    asked for: a run of 10**15 samples has billions of chunks, and stops early or is interrupted
    long before it would make them. A chunk's stream is the number of its first block, so the
    samples do not depend on the size of the chunks.

    >>> chunks = Chunks(("head",), 2 * BLOCK + 5, 7, 2 * BLOCK)
    >>> len(chunks), chunks.size(1), chunks[1]
    (2, 5, ('head', 5, 7, 2))
    """

    def __init__(self, head: tuple[Any, ...], target: int, seed: int, size: int) -> None:
        self._head = head
        self._target = target
        self._seed = seed
        self._size = size

    def __len__(self) -> int:
        return -(-self._target // self._size)

    def size(self, k: int) -> int:
        """Samples of chunk ``k``."""
        return min(self._size, self._target - k * self._size)

    @overload
    def __getitem__(self, k: int) -> tuple[Any, ...]: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[tuple[Any, ...]]: ...

    def __getitem__(self, k: int | slice) -> tuple[Any, ...] | Sequence[tuple[Any, ...]]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if not 0 <= k < len(self):
            raise IndexError(k)
        return (*self._head, self.size(k), self._seed, k * (self._size // BLOCK))


def monte_carlo(
    combos_of: Sequence[Sequence[tuple[int, int]]],
    weights_of: Sequence[Sequence[float]],
    random: Sequence[bool],
    board: bytes,
    dead: bytes,
    samples: int | None,
    stderr: float | None,
    seed: int,
    threads: int,
    executor: cf.Executor | None,
    progress: Callable[[int, int], object] | None,
) -> tuple[list[Row], int]:
    """Sample the equity of players with these combos and weights (``random[p]``: player ``p``
    is a uniformly random hand, dealt from the deck), on ``board`` with ``dead`` cards out:
    ``samples`` samples, or as many as it takes for every player's standard error to be at most
    ``stderr`` (asked after each chunk of :data:`CHUNK`, at most :data:`CAP`); a row a player
    (see :data:`Row`) and the samples."""
    n = len(combos_of)
    kinds = [1 if r else 0 for r in random]
    combos = bytearray()
    starts = [0]
    thresh: list[int] = []
    alias: list[int] = []
    for p in range(n):
        if kinds[p]:
            starts.append(starts[-1])
            continue
        for c in combos_of[p]:
            combos += bytes(c)
        t, a = alias_tables(weights_of[p])
        thresh += t
        alias += a
        starts.append(starts[-1] + len(combos_of[p]))
    target = samples if samples is not None else CAP
    fixed = (n, kinds, bytes(combos), starts)
    tables = (array.array("Q", thresh).tobytes(), array.array("I", alias).tobytes())
    # Whether to stop is asked after each chunk of CHUNK samples, however many threads run. A
    # fixed number of samples shared by holdem._team's threads goes in chunks of TEAM_CHUNK: a
    # job's last block is the only wait for another thread, and a helper woken once, not once
    # every CHUNK (a woken helper may first queue behind the caller on its CPU).
    shared = executor is None and threads > 1
    size = TEAM_CHUNK if shared and stderr is None else CHUNK
    args = Chunks((*fixed, *tables, board, dead), target, seed, size)
    totals = [[0] * n for _ in range(n)]
    count = [0]
    len_done = [0]

    def add(result: tuple[list[list[int]], int]) -> bool:
        splits = result[0]
        for p in range(n):
            for k in range(n):
                totals[p][k] += splits[p][k]
        count[0] += args.size(len_done[0])
        len_done[0] += 1
        if stderr is None:
            return False
        _, _, units, squares = sums(totals, n)
        return max(stderr_of(units[p], squares[p], count[0]) for p in range(n)) <= stderr

    if shared:
        # The chunks in turn, each shared by the threads of holdem._team (its blocks claimed
        # as threads are free: none waits for another, and none waits for the GIL).
        check_progress(progress)
        used = team(threads)
        for k in range(len(args)):
            stop = add(sample_chunk(*args[k], threads=used))
            if progress is not None:
                progress(k + 1, len(args))
            if stop:
                break
    elif stderr is None:  # a fixed number of samples: every chunk starts when a thread is free
        for result in run_chunks(
            sample_chunk, args, threads=threads, executor=executor, progress=progress
        ):
            add(result)
    else:
        run_chunks(
            sample_chunk, args, threads=threads, executor=executor, progress=progress, stop=add
        )
    total = count[0]
    wins, ties, units, squares = sums(totals, n)
    rows: list[Row] = [
        (
            units[p] / SHARE / total,
            wins[p] / total,
            ties[p] / total,
            float(wins[p]),
            float(ties[p]),
            stderr_of(units[p], squares[p], total),
        )
        for p in range(n)
    ]
    return rows, total
