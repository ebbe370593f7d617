"""What every batch function shares: NumPy on first use, its arrays checked, its rows on threads.

The batch functions of :mod:`holdem.evaluation` and :mod:`holdem.games` (and the analysis that
builds on them) take card indices as NumPy arrays and run a compiled kernel over rows of them
with the GIL released. This module is below both: NumPy is imported when a batch is asked for
(``import holdem`` does not load it), the arrays are checked before any narrowing, and the rows
are cut into chunks that run on Python threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from holdem._parallel import run_chunks, team, useful_threads
from holdem._validate import check_int
from holdem.errors import ArgumentError, ArgumentTypeError, CardError, MissingDependencyError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "card_array",
    "chunk_rows",
    "numpy_module",
    "out_array",
    "run_rows",
    "share_rows",
    "workers",
]


def numpy_module(needed_by: str = "the batch functions") -> Any:
    """The ``numpy`` module; ``needed_by`` names what needs it in the error.

    :raises MissingDependencyError: when NumPy is not installed (with the extra to install).
    """
    try:
        import numpy
    except ImportError:  # pragma: no cover - exercised only without numpy
        raise MissingDependencyError(
            f'{needed_by} need NumPy: pip install "holdem-engine[numpy]"'
        ) from None
    return numpy


def card_array(cards: Any, what: str, dims: tuple[int | None, ...]) -> npt.NDArray[np.uint8]:
    """A C-contiguous uint8 array of card indices, checked for range before any narrowing.

    ``dims`` is the shape wanted (None: any length on that axis); ``what`` names the argument
    in the errors.

    :raises ArgumentError: for an array of another shape, or rows of unequal lengths.
    :raises CardError: for values that are not integer card indices (0 to 51).
    :raises MissingDependencyError: when NumPy is not installed.
    """
    np = numpy_module()
    try:
        arr = np.asarray(cards)
    except (ValueError, TypeError) as exc:  # ragged rows: NumPy makes no array of them
        raise ArgumentError(
            f"{what} must be an array of shape {dims} (None = any), rows of one length: {exc}"
        ) from None
    shape_ok = arr.ndim == len(dims) and all(
        d is None or s == d for s, d in zip(arr.shape, dims, strict=True)
    )
    if not shape_ok:
        raise ArgumentError(f"{what} must have shape {dims} (None = any), got {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.dtype.kind not in "iu" or arr.dtype == np.bool_:
            raise CardError(f"{what} must hold integer card indices, got dtype {arr.dtype}")
        if arr.size and (arr.min() < 0 or arr.max() > 51):
            bad = np.argwhere((arr < 0) | (arr > 51))[0]
            raise CardError(f"{what}: no card {arr[tuple(bad)]} at {tuple(int(i) for i in bad)}")
    return np.ascontiguousarray(arr, dtype=np.uint8)  # type: ignore[no-any-return]


def out_array(numpy: Any, out: Any, rows: int) -> Any:
    """The ``out=`` array of a batch of ``rows`` values: a new one, or the caller's, checked.

    :raises ArgumentTypeError: for an ``out`` that is not a NumPy array.
    :raises ArgumentError: for one that is not a contiguous, writable uint16 array of ``rows``
        values.
    """
    if out is None:
        out = numpy.empty(rows, dtype=numpy.uint16)
    elif not isinstance(out, numpy.ndarray):
        raise ArgumentTypeError(f"out must be a NumPy array (uint16, shape ({rows},)), got {out!r}")
    elif out.shape != (rows,) or out.dtype != numpy.uint16 or not out.flags.c_contiguous:
        raise ArgumentError(f"out must be a contiguous uint16 array of shape ({rows},)")
    elif not out.flags.writeable:
        raise ArgumentError(f"out must be a writable array: the {rows} values are written there")
    return out


# The rows of a shared chunk are a multiple of this (see share_rows).
_ALIGN = 64

# A thread for fewer rows than this costs more than it saves (waking a helper takes tens of
# microseconds; a row, a few nanoseconds).
_ROWS_A_THREAD = 1 << 15


def workers(rows: int, threads: int, rows_a_thread: int = _ROWS_A_THREAD) -> int:
    """The threads worth using for ``rows`` rows when ``threads`` are asked for (at most the
    CPUs this process may run on: more only share them), a thread for every ``rows_a_thread``
    rows at most (by default rows of a few nanoseconds: a kernel whose rows cost more gives
    fewer).

    :raises ArgumentTypeError: for ``threads`` that is not an int.
    :raises ArgumentError: for ``threads`` below 1.

    >>> workers(10, 4)
    1
    """
    threads = check_int(threads, "threads", 1)
    return max(1, min(threads, rows // rows_a_thread, useful_threads()))


def share_rows(
    rows: int,
    threads: int,
    kernel: Callable[[Any, int], int],
    *,
    rows_a_thread: int = _ROWS_A_THREAD,
) -> int:
    """``kernel(cursor, n)`` once, which runs on ``n`` threads (the calling thread and
    holdem._team's helpers), the rows shared among them through the cursor (holdem/_parallel.h:
    each takes the next chunk while any is left, so that no thread waits for another, and
    lowers ``cursor[1]`` to the first bad row it meets); the first bad row, or -1.
    ``rows_a_thread``: see :func:`workers` (a chunk is at least a 32nd of it).

    A chunk is a multiple of 64 rows: the per-row outputs of two threads' chunks (a byte a row
    at the least) then never share a cache line, which the threads would otherwise take from
    each other at every write (8-row chunks of the vector environment's steps did)."""
    np = numpy_module()
    n = workers(rows, threads, rows_a_thread)
    cursor = np.array([0, rows, chunk_rows(rows, n, rows_a_thread)], dtype=np.int64)
    kernel(cursor, team(n) if n > 1 else 1)
    return int(cursor[1]) if cursor[1] < rows else -1


def chunk_rows(rows: int, n: int, rows_a_thread: int = _ROWS_A_THREAD) -> int:
    """The rows of a chunk when ``n`` threads share ``rows`` rows (see :func:`share_rows`):
    all of them for one thread; else about 64 chunks a thread, each a multiple of 64 rows and
    at least a 32nd of ``rows_a_thread``.

    >>> chunk_rows(1024, 1), chunk_rows(1024, 2, 128), chunk_rows(1 << 20, 2)
    (1024, 64, 8192)
    """
    least = max(_ALIGN, rows_a_thread // 32)
    chunk = rows if n == 1 else max(least, -(-rows // (64 * n)))  # ~64 chunks a thread
    return max(_ALIGN, -(-chunk // _ALIGN) * _ALIGN)  # (no rows: a chunk still)


def run_rows(rows: int, threads: int, work: Callable[[int, int], int]) -> int:
    """``work(lo, hi)`` over chunks of the rows (a kernel on rows lo..hi - 1: the first bad row
    among them, from ``lo``, or -1), each thread taking the next chunk when it is free; the
    first bad row, or -1."""
    n = workers(rows, threads)
    step = max(1, -(-rows // (16 * n)))  # ~16 chunks a thread, for balance
    chunks = [(lo, min(rows, lo + step)) for lo in range(0, rows, step)] or [(0, 0)]
    found = run_chunks(work, chunks, threads=n)
    bad_rows = [lo + bad for (lo, _), bad in zip(chunks, found, strict=True) if bad >= 0]
    return min(bad_rows) if bad_rows else -1
