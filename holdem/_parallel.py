"""Running chunks of work inline, on Python threads, or on a :class:`concurrent.futures.Executor`.

The compiled kernels release the GIL, so the chunks of one job run in parallel on plain Python
threads; an executor (a process pool, a Dask client's ``get_executor()``) scales further. The
results come back in the order of the chunks whatever runs them, so a job whose chunks and seeds
are fixed in advance gives the same answer inline, on threads or on any executor.

The threads are helpers kept for the life of the process (started when first needed: a job on
``n`` threads never has more than ``n`` at work) and each takes the next chunk as soon as it is
free, so that a thread slowed down (its core shared with another process) takes fewer chunks
and none waits for another. :func:`run_shared` runs one function on several threads at once,
for kernels that share their rows among threads themselves (holdem/_parallel.h); such a kernel
in C runs on :func:`team`'s helpers instead, which wait for its jobs without the GIL
(holdem/_team.pyx): a job starts there in a few microseconds, not tens.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported where a pool is made: `import holdem` does not pay for it
    import concurrent.futures as cf
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["check_progress", "run_chunks", "run_shared", "team", "useful_threads"]

T = TypeVar("T")

# The helper threads, made on first use (a pool starts a thread only when no idle one is there,
# so the cap is never reached in practice); a forked child makes its own.
_MOST_HELPERS = 256
_helpers_lock = threading.Lock()
_helpers_pool: ThreadPoolExecutor | None = None


def _helpers() -> ThreadPoolExecutor:
    global _helpers_pool
    with _helpers_lock:
        if _helpers_pool is None:
            from concurrent.futures import ThreadPoolExecutor

            _helpers_pool = ThreadPoolExecutor(_MOST_HELPERS, thread_name_prefix="holdem")
        return _helpers_pool


# The helpers of holdem._team started (each serves it for the life of the process).
_team_lock = threading.Lock()
_team_started = 0


def team(threads: int) -> int:
    """The threads a job of holdem._team may use when ``threads`` are asked for: at least
    ``threads - 1`` helpers serve it on return (started when first needed, kept for the life of
    the process), so ``threads`` (and never more than 256).

    :raises ArgumentError: if a thread cannot be started (the operating system's limit on
        threads or memory), saying so.

    >>> team(2)
    2
    """
    global _team_started
    from holdem import _team

    threads = max(1, min(threads, _MOST_HELPERS))
    with _team_lock:
        while _team_started < threads - 1:
            helper = threading.Thread(target=_team.serve, name="holdem-team", daemon=True)
            try:
                helper.start()
            except RuntimeError as exc:
                raise _no_thread(threads, exc) from None
            _team_started += 1
        # a helper counts once it serves (it takes the GIL once to join): wait for it
        while _team.serving() < threads - 1:
            time.sleep(0.0001)
    return threads


def _forget_helpers() -> None:  # in a forked child: the parent's threads are not there
    global _helpers_lock, _helpers_pool, _team_lock, _team_started
    _helpers_lock = threading.Lock()
    _helpers_pool = None
    _team_lock = threading.Lock()
    _team_started = 0
    from holdem import _team

    _team.forget()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_helpers)


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
    helper threads, each taking the next chunk when it is free, while the calling thread takes
    the results in order; or on ``executor`` (``threads`` is then the number of its workers to
    keep busy, at least this machine's CPU count).
    ``progress(done, total)`` is called after each result is taken. ``stop(result)``, called on
    the results in order, ends the run early when it returns True: the results up to and
    including that one are returned, and the chunks not started are not run. To keep that
    cheap, a run that may stop early runs at most four chunks a thread ahead of the first result
    not yet taken; any other run starts every chunk as soon as a thread is free. ``args`` may
    be a lazy sequence (one that makes each chunk's arguments when indexed): only the chunks
    started are made.

    :raises ArgumentError: if a thread cannot be started (the operating system's limit on
        threads or memory), saying so.
    :raises ArgumentTypeError: if ``progress`` is neither None nor callable (before any work).
    :raises Exception: whatever ``fn`` raises (the first chunk in order that fails).

    >>> run_chunks(pow, [(2, 3), (3, 2)], threads=2)
    [8, 9]
    >>> run_chunks(abs, [(-1,), (-2,), (-3,)], stop=lambda r: r >= 2)
    [1, 2]
    """
    check_progress(progress)
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
    if executor is None:
        _Crew(fn, args, min(threads, total), 4 * threads if stop is not None else total).run(take)
        return results
    workers = max(threads, os.cpu_count() or 1)
    width = total if stop is None else 2 * workers
    pending: list[cf.Future[T]] = []
    nxt = 0
    while nxt < total or pending:
        while nxt < total and len(pending) < width:
            pending.append(executor.submit(fn, *args[nxt]))
            nxt += 1
        if take(pending.pop(0).result()):
            for f in pending:
                f.cancel()
            break
    return results


def check_progress(progress: object) -> None:
    """Refuse a ``progress`` that is neither None nor callable (before any work starts).

    :raises ArgumentTypeError: saying what it got.
    """
    if progress is not None and not callable(progress):
        from holdem.errors import ArgumentTypeError

        raise ArgumentTypeError(f"progress is a callable (done, total) or None, got {progress!r}")


class _Crew:
    """The helper threads of one run of :func:`run_chunks`: each takes the next chunk not yet
    started (at most ``window`` ahead of the first result not yet taken), and the calling
    thread takes the results in order."""

    def __init__(
        self, fn: Callable[..., Any], args: Sequence[tuple[Any, ...]], helpers: int, window: int
    ) -> None:
        self.fn = fn
        self.args = args
        self.helpers = helpers
        self.window = window
        self.changed = threading.Condition()
        self.next = 0  # the first chunk not started
        self.taken = 0  # the results taken
        self.halt = False
        self.done: dict[int, tuple[bool, Any]] = {}  # chunk -> (it returned, what)

    def work(self) -> None:
        total = len(self.args)
        while True:
            with self.changed:
                while not self.halt and self.taken + self.window <= self.next < total:
                    self.changed.wait()
                if self.halt or self.next >= total:
                    return
                k = self.next
                self.next += 1
            try:
                result = (True, self.fn(*self.args[k]))
            except BaseException as exc:  # handed to the calling thread, which raises it
                result = (False, exc)
            with self.changed:
                self.done[k] = result
                self.changed.notify_all()

    def run(self, take: Callable[[Any], bool]) -> None:
        started: list[cf.Future[None]] = []
        try:
            pool = _helpers()
            for _ in range(self.helpers):
                try:
                    started.append(pool.submit(self.work))
                except RuntimeError as exc:  # a pool that cannot start its next thread
                    raise _no_thread(self.helpers, exc) from None
            for k in range(len(self.args)):
                with self.changed:
                    while k not in self.done:
                        self.changed.wait()
                    returned, value = self.done.pop(k)
                    self.taken = k + 1
                    self.changed.notify_all()
                if not returned:
                    raise value
                if take(value):
                    return
        finally:
            with self.changed:
                self.halt = True
                self.changed.notify_all()
            for f in started:  # a chunk under way finishes; none starts
                f.result()


def run_shared(fn: Callable[[], T], threads: int) -> list[T]:
    """``fn()`` on ``threads`` threads at once, the calling thread one of them; the results, the
    calling thread's first. For kernels that share their work among the calls themselves (each
    takes the next part while any is left): a helper that starts late finds less to do.

    :raises ArgumentError: if a thread cannot be started, saying so.
    :raises Exception: whatever ``fn`` raises (on the calling thread first).

    >>> run_shared(lambda: 7, 3)
    [7, 7, 7]
    """
    if threads <= 1:
        return [fn()]
    started: list[cf.Future[T]] = []
    try:
        pool = _helpers()
        for _ in range(threads - 1):
            try:
                started.append(pool.submit(fn))
            except RuntimeError as exc:
                raise _no_thread(threads, exc) from None
        mine = fn()
    finally:
        for f in started:
            f.exception()  # waits: the helpers' calls share the caller's work
    return [mine, *(f.result() for f in started)]


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
