"""Running chunks of work inline, on Python threads, or on a :class:`concurrent.futures.Executor`.

The compiled kernels release the GIL, so the chunks of one job run in parallel on plain Python
threads; an executor (a process pool, a Dask client's ``get_executor()``) scales further. The
results come back in the order of the chunks whatever runs them, so a job whose chunks and seeds
are fixed in advance gives the same answer inline, on threads or on any executor.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported where a pool is made: `import holdem` does not pay for it
    import concurrent.futures as cf

__all__ = ["run_chunks", "useful_threads"]

T = TypeVar("T")


def run_chunks(
    fn: Callable[..., T],
    args: Sequence[tuple[Any, ...]],
    *,
    threads: int = 1,
    executor: cf.Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    stop: Callable[[T], bool] | None = None,
) -> list[T]:
    """``fn(*a)`` for each ``a`` of ``args``, the results in the order of ``args``.

    The chunks run inline when ``threads`` is 1 and there is no ``executor``; on ``threads``
    Python threads (one thread a chunk, the first on the calling thread, when there are no more
    chunks than threads and neither ``progress`` nor ``stop``; else a pool that the calling
    thread waits on); or on ``executor`` (``threads`` is then the number of its workers to keep
    busy, at least this machine's CPU count).
    ``progress(done, total)`` is called after each result is taken. ``stop(result)``, called on
    the results in order, ends the run early when it returns True: the results up to and
    including that one are returned, and the chunks not started are cancelled. To keep that
    cheap, a run that may stop early keeps only twice as many chunks in flight as there are
    workers; any other run submits every chunk at once. ``args`` may be a lazy sequence (one
    that makes each chunk's arguments when indexed): a run that may stop early makes only the
    chunks it submits.

    :raises ArgumentError: if a thread cannot be started (the operating system's limit on
        threads or memory), saying so.
    :raises Exception: whatever ``fn`` raises (the first chunk in order that fails).

    >>> run_chunks(pow, [(2, 3), (3, 2)], threads=2)
    [8, 9]
    >>> run_chunks(abs, [(-1,), (-2,), (-3,)], stop=lambda r: r >= 2)
    [1, 2]
    """
    results: list[T] = []
    total = len(args)

    def take(result: T) -> bool:
        results.append(result)
        if progress is not None:
            progress(len(results), total)
        return stop is not None and stop(result)

    if executor is None and (threads <= 1 or total <= 1):
        for a in args:
            if take(fn(*a)):
                break
        return results
    if executor is None and total <= threads and progress is None and stop is None:
        return _one_thread_each(fn, args)
    own = None
    if executor is None:
        from concurrent.futures import ThreadPoolExecutor

        own = executor = ThreadPoolExecutor(max_workers=threads)
        workers = threads
    else:
        workers = max(threads, os.cpu_count() or 1)
    try:
        width = total if stop is None else 2 * workers
        pending: list[cf.Future[T]] = []
        nxt = 0
        while nxt < total or pending:
            while nxt < total and len(pending) < width:
                try:
                    pending.append(executor.submit(fn, *args[nxt]))
                except RuntimeError as exc:  # a pool that cannot start its next thread
                    if own is None:
                        raise
                    raise _no_thread(threads, exc) from None
                nxt += 1
            if take(pending.pop(0).result()):
                for f in pending:
                    f.cancel()
                break
        return results
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


def _one_thread_each(fn: Callable[..., T], args: Sequence[tuple[Any, ...]]) -> list[T]:
    """Each chunk on its own thread, the first on the calling thread (one round of work costs
    less this way than through a pool); the first exception in the order of ``args`` is raised."""
    results: list[Any] = [None] * len(args)
    errors: list[BaseException | None] = [None] * len(args)

    def run(k: int) -> None:
        try:
            results[k] = fn(*args[k])
        except BaseException as exc:  # re-raised in the calling thread below
            errors[k] = exc

    others = [threading.Thread(target=run, args=(k,)) for k in range(1, len(args))]
    started = []
    try:
        for t in others:
            t.start()
            started.append(t)
        run(0)
    except RuntimeError as failed:
        if len(started) == len(others):
            raise  # from run(0): not a thread that failed to start
        raise _no_thread(len(args), failed) from None
    finally:
        for t in started:
            t.join()
    for exc in errors:
        if exc is not None:
            raise exc
    return results


def useful_threads() -> int:
    """The most threads that help a CPU-bound job: the CPUs this process may run on.

    >>> useful_threads() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without sched_getaffinity
        return max(1, os.cpu_count() or 1)


def _no_thread(threads: int, exc: BaseException) -> Exception:
    from holdem.errors import ArgumentError

    return ArgumentError(
        f"cannot start a thread ({threads} asked for): {exc}; ask for fewer threads"
    )
