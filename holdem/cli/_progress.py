"""Long ``holdem`` commands: the progress bar, durations and counts in words, and Ctrl-C."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

__all__ = ["EXIT_INTERRUPTED", "Bar", "count", "duration", "interruptible"]

T = TypeVar("T")

EXIT_INTERRUPTED = 130
"""Exit status of a command ended by Ctrl-C, as a POSIX shell reports it: 128 + SIGINT (2)."""

BAR_AFTER = 0.5
"""Seconds a command runs before its bar appears (a quick run draws none)."""

_REDRAW = 0.1  # seconds between two drawings of the bar (the last step is always drawn)

LINES_AFTER = 10.0
"""Seconds a command runs before its progress, written as lines (to a pipe or a file), starts."""

LINES_EVERY = 60.0
"""Seconds between two lines of progress written to a pipe or a file."""


def duration(seconds: float) -> str:
    """A duration as a person says it, to about two figures.

    >>> duration(0.42), duration(9.87), duration(75), duration(13028), duration(3 * 86400)
    ('0.4 s', '9.9 s', '1 min 15 s', '3 h 37 min', '72 h 0 min')
    """
    if seconds < 10:
        return f"{seconds:.1f} s"
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


def count(value: float) -> str:
    """A large count in short form: 950, 12.3k, 4.56M, 7.89G, 133T.

    >>> count(950), count(12_345), count(4_560_000), count(7.89e9), count(1.334e14), count(2.5e18)
    ('950', '12.3k', '4.56M', '7.89G', '133T', '2.5e+18')
    """
    if value >= 1e15:
        return f"{value:.3g}"
    for size, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= size:
            return f"{value / size:.3g}{suffix}"
    return f"{value:.0f}"


class Bar:
    """A one-line progress bar on a terminal: done, elapsed time, rate and time left (ETA).

    Called as ``bar(done, total)`` with the steps done so far. ``work``, the whole job in
    ``unit`` (samples, showdowns), or else ``per_step``, the work of one step, gives the rate.
    An ``open_ended`` run (Monte Carlo until a standard error is reached) has no known end: its
    bar shows the work done and the rate, and ``goal`` in place of a time left. The bar appears
    once the run has taken ``after`` seconds. With ``lines`` (an error stream that is a pipe or
    a file, not a terminal), the progress is a line of its own from :data:`LINES_AFTER` seconds
    on, one every :data:`LINES_EVERY` seconds: a long job says how far it is, a log stays short.
    """

    def __init__(
        self,
        stream: TextIO,
        enabled: bool,
        *,
        unit: str = "steps",
        work: float | None = None,
        per_step: float = 1.0,
        open_ended: bool = False,
        goal: str = "",
        after: float = BAR_AFTER,
        lines: bool = False,
    ) -> None:
        self.stream = stream
        self.enabled = enabled
        self.unit = unit
        self.work = work
        self.per_step = per_step
        self.open_ended = open_ended
        self.goal = goal
        self.after = after
        self.lines = lines
        self.start = time.monotonic()
        self.width = 0
        self.drawn = -max(_REDRAW, LINES_EVERY)

    def line(self, done: int, total: int, elapsed: float) -> str:
        """The bar's text after ``done`` of ``total`` steps in ``elapsed`` seconds.

        >>> import sys
        >>> Bar(sys.stderr, False, unit="samples", work=100_000).line(25, 100, 5.0)
        '[#######.......................]  25%  5.0 s, 5k samples/s, ETA 15 s'
        """
        worked = done * self.per_step if self.work is None else self.work * done / max(total, 1)
        rate = worked / elapsed if elapsed > 0 else 0.0
        speed = f"{count(rate)} {self.unit}/s"
        if self.open_ended:
            head = f"{duration(elapsed)}, {count(worked)} {self.unit}, {speed}"
            return head + (f" ({self.goal})" if self.goal else "")
        width = 30
        fill = width * done // max(total, 1)
        percent = 100 * done // max(total, 1)
        eta = elapsed * (total - done) / done if done else float("nan")
        left = duration(eta) if done else "?"
        return (
            f"[{'#' * fill}{'.' * (width - fill)}] {percent:3d}%  {duration(elapsed)}, "
            f"{speed}, ETA {left}"
        )

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        if not self.enabled or elapsed < self.after:
            return
        if self.lines:
            if elapsed < LINES_AFTER or done >= total or elapsed - self.drawn < LINES_EVERY:
                return  # (none at the end: the answer follows)
            self.drawn = elapsed
            self.stream.write(f"holdem: {self.line(done, total, elapsed)}\n")
            self.stream.flush()
            return
        if done < total and elapsed - self.drawn < _REDRAW:
            return
        self.drawn = elapsed
        text = self.line(done, total, elapsed)
        pad = " " * max(0, self.width - len(text))
        self.stream.write(f"\r{text}{pad}")
        self.stream.flush()
        self.width = max(self.width, len(text))

    def close(self) -> None:
        """Erase the bar (if it was drawn)."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def interruptible(job: Callable[[], T], before: Callable[[], None] | None = None) -> T:
    """``job()`` on a worker thread, so that Ctrl-C ends the command at once even while the
    job is inside a compiled loop that does not look at signals.

    On Ctrl-C the process ends right there (``holdem: interrupted``, exit status 130, the
    shell's status for SIGINT), without waiting for the job. ``before`` (an announcement of the
    job) runs on the calling thread first, inside the same guard: a Ctrl-C that answers it can
    never fall between the announcement and the job's start.

    :raises Exception: whatever ``job`` raises.
    """
    box: list[Any] = []

    def work() -> None:
        try:
            box.append((True, job()))
        except BaseException as exc:  # handed to the waiting thread, raised there
            box.append((False, exc))

    worker = threading.Thread(target=work, name="holdem-job", daemon=True)
    try:
        if before is not None:
            before()
        worker.start()
        while worker.is_alive():
            worker.join(0.1)
    except KeyboardInterrupt:
        sys.stderr.write("holdem: interrupted\n")
        sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED)
    done, value = box[0]
    if not done:
        raise value
    result: T = value
    return result
