"""What every batch function shares: NumPy on first use, its arrays checked, its rows on threads.

The batch functions of :mod:`holdem.evaluation` and :mod:`holdem.games` (and the analysis that
builds on them) take card indices as NumPy arrays and run a compiled kernel over rows of them
with the GIL released. This module is below both: NumPy is imported when a batch is asked for
(``import holdem`` does not load it), the arrays are checked before any narrowing, and the rows
are cut into chunks that run on Python threads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from holdem._parallel import run_chunks, useful_threads
from holdem._validate import check_int
from holdem.errors import ArgumentError, ArgumentTypeError, CardError, MissingDependencyError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["card_array", "numpy_module", "out_array", "run_rows", "split_rows"]


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

    :raises ArgumentError: for an array of another shape.
    :raises CardError: for values that are not integer card indices (0 to 51).
    :raises MissingDependencyError: when NumPy is not installed.
    """
    np = numpy_module()
    arr = np.asarray(cards)
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
    :raises ArgumentError: for one that is not a contiguous uint16 array of ``rows`` values.
    """
    if out is None:
        out = numpy.empty(rows, dtype=numpy.uint16)
    elif not isinstance(out, numpy.ndarray):
        raise ArgumentTypeError(f"out must be a NumPy array (uint16, shape ({rows},)), got {out!r}")
    elif out.shape != (rows,) or out.dtype != numpy.uint16 or not out.flags.c_contiguous:
        raise ArgumentError(f"out must be a contiguous uint16 array of shape ({rows},)")
    return out


def split_rows(rows: int, threads: int) -> list[tuple[int, int]]:
    """The ``(lo, hi)`` chunks of ``rows`` rows for at most ``threads`` threads.

    A thread for fewer than 4,096 rows costs more than it saves, and more threads than this
    process has CPUs only share them: the chunks are fewer then.

    :raises ArgumentTypeError: for ``threads`` that is not an int.
    :raises ArgumentError: for ``threads`` below 1.

    >>> split_rows(10, 4)
    [(0, 10)]
    """
    threads = check_int(threads, "threads", 1)
    threads = max(1, min(threads, rows // 4096, useful_threads()))
    step = max(1, -(-rows // threads))
    return [(lo, min(rows, lo + step)) for lo in range(0, rows, step)] or [(0, 0)]


def run_rows(chunks: Sequence[tuple[int, int]], work: Callable[[int, int], int]) -> int:
    """Run ``work(lo, hi)`` on each chunk (one thread each): the smallest bad row that a chunk
    reports (its own index of it, from ``lo``), or -1 when none is bad."""
    found = run_chunks(work, chunks, threads=len(chunks))
    bad_rows = [lo + bad for (lo, _), bad in zip(chunks, found, strict=True) if bad >= 0]
    return min(bad_rows) if bad_rows else -1
