"""The batch functions' threads: their kernels release the GIL, and threads change no answer.

The GIL release is checked by counting, not by timing. With a very long switch interval the
interpreter never takes the GIL from a thread by force, so a spinning thread can only run while the
main thread is inside a call if that call released the GIL. The count of the spinner's steps during
the call is then exactly zero for a call that holds the GIL throughout and positive for one that
releases it (as soon as the spinner is scheduled, which can take a moment on a loaded machine: hence
a few attempts; for a call that holds the GIL every attempt counts zero, so the attempts cannot make
a holding call pass).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator

import numpy as np
import pytest

import holdem

ROWS = 1_000_000


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    rng = np.random.default_rng(12345)
    return np.argsort(rng.random((ROWS, 52)), axis=1)[:, :9].astype(np.uint8)


class Spinner:
    """A thread that counts while it holds the GIL and hands it back every 256 steps."""

    def __init__(self) -> None:
        self.count = 0
        self.stop = False
        self.started = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self.started.set()
        while not self.stop:
            self.count += 1
            if self.count % 256 == 0:
                time.sleep(0)  # releases the GIL: the main thread can always get it back

    def steps_during(self, call: Callable[[], object], attempts: int = 10) -> int:
        for _ in range(attempts):
            before = self.count
            call()
            steps = self.count - before
            if steps:
                return steps
        return 0


@pytest.fixture
def spinner() -> Iterator[Spinner]:
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    s = Spinner()
    s.thread.start()
    s.started.wait()
    try:
        yield s
    finally:
        s.stop = True
        s.thread.join()
        sys.setswitchinterval(interval)


def test_a_call_that_holds_the_gil_counts_zero(spinner: Spinner) -> None:
    """The control: pure-Python work of about the same length lets the spinner do nothing."""
    assert spinner.steps_during(lambda: sum(range(3_000_000)), attempts=3) == 0


def test_evaluate_batch_releases_the_gil(spinner: Spinner, hands: np.ndarray) -> None:
    seven = np.ascontiguousarray(hands[:, :7])
    out = np.empty(ROWS, dtype=np.uint16)
    assert spinner.steps_during(lambda: holdem.evaluate_batch(seven, out=out)) > 0


def test_showdown_batch_releases_the_gil(spinner: Spinner, hands: np.ndarray) -> None:
    boards = np.ascontiguousarray(hands[:, :5])
    holes = np.ascontiguousarray(hands[:, 5:9]).reshape(ROWS, 2, 2)
    assert spinner.steps_during(lambda: holdem.showdown_batch(boards, holes)) > 0


def test_value_histogram_releases_the_gil(spinner: Spinner) -> None:
    assert spinner.steps_during(lambda: holdem.value_histogram(6), attempts=3) > 0


@pytest.mark.parametrize("threads", [2, 3, 8])
def test_threads_give_the_same_answer(hands: np.ndarray, threads: int) -> None:
    seven = np.ascontiguousarray(hands[:, :7])
    one = holdem.evaluate_batch(seven)
    assert np.array_equal(holdem.evaluate_batch(seven, threads=threads), one)
    boards = np.ascontiguousarray(hands[:, :5])
    holes = np.ascontiguousarray(hands[:, 5:9]).reshape(ROWS, 2, 2)
    v1, w1 = holdem.showdown_batch(boards, holes)
    v2, w2 = holdem.showdown_batch(boards, holes, threads=threads)
    assert np.array_equal(v1, v2) and np.array_equal(w1, w2)


def test_threads_report_the_first_bad_row(hands: np.ndarray) -> None:
    seven = np.array(hands[:, :7])
    seven[ROWS - 10, 3] = seven[ROWS - 10, 4]  # a repeated card late in the last chunk
    seven[ROWS // 2 + 7, 0] = 52  # an unknown card in a middle chunk
    with pytest.raises(holdem.CardError, match=f"row {ROWS // 2 + 7}"):
        holdem.evaluate_batch(seven, threads=4)


def test_kernels_share_their_rows_through_a_cursor(hands: np.ndarray) -> None:
    """Eight threads on one cursor (more than this machine's CPUs, chunks of 1,000 rows): every
    row is evaluated once, as by one call, and the first bad row is the one kept."""
    from holdem import _core
    from holdem._parallel import run_shared

    seven = np.array(hands[:, :7])
    one = np.empty(ROWS, dtype=np.uint16)
    assert _core.evaluate_rows(seven, one) == -1
    shared = np.zeros(ROWS, dtype=np.uint16)
    cursor = np.array([0, ROWS, 1000], dtype=np.int64)
    run_shared(lambda: _core.evaluate_rows(seven, shared, None, cursor), 8)
    assert np.array_equal(shared, one) and cursor[1] == ROWS
    seven[ROWS - 3, 1] = seven[ROWS - 3, 2]
    seven[777_777, 6] = 200
    cursor = np.array([0, ROWS, 1000], dtype=np.int64)
    run_shared(lambda: _core.evaluate_rows(seven, shared, None, cursor), 8)
    assert cursor[1] == 777_777
    boards = np.ascontiguousarray(hands[:, :5])
    holes = np.ascontiguousarray(hands[:, 5:9]).reshape(ROWS, 2, 2)
    v1, w1 = holdem.showdown_batch(boards, holes)
    values = np.zeros((ROWS, 2), dtype=np.uint16)
    winners = np.zeros((ROWS, 2), dtype=np.uint8)
    cursor = np.array([0, ROWS, 999], dtype=np.int64)
    run_shared(lambda: _core.showdown_rows(boards, holes, values, winners, cursor), 8)
    assert np.array_equal(values, v1) and np.array_equal(winners.view(bool), w1)
    assert cursor[1] == ROWS


@pytest.mark.parametrize("bad", [np.array([0, 5, 1]), np.array([0, 0, 0]), np.array([0, 0])])
def test_a_bad_cursor_is_refused(bad: np.ndarray) -> None:
    from holdem import _core

    with pytest.raises(holdem.ArgumentError, match="cursor"):
        _core.evaluate_rows(
            np.zeros((4, 7), dtype=np.uint8), np.empty(4, np.uint16), None, bad.astype(np.int64)
        )
