"""holdem._team: a job's threads run at once, without the GIL, and the team survives a fork."""

from __future__ import annotations

import multiprocessing
import multiprocessing.queues
import os
import sys
import threading

import numpy as np
import pytest

import holdem
from holdem import _core, _team
from holdem._parallel import team


def test_a_job_runs_on_every_thread_asked_for_at_once() -> None:
    """Each of the job's threads waits until all have arrived: it ends met only when the helpers
    ran the task at the same time as the calling thread (3 threads: more than this machine
    may have CPUs, so the helpers do not rely on a CPU each)."""
    assert team(3) == 3 and _team.serving() >= 2
    assert _team.meet(3) == (3, 3)
    assert _team.meet(2) == (2, 2)
    assert _team.meet(1) == (1, 1)


@pytest.mark.parametrize("ns", [0, 1_000, 50_000_000])
def test_jobs_back_to_back_whether_the_helpers_park_or_wait_awake(ns: int) -> None:
    """A helper that parks at once after a job (0), soon, or waits awake longer than the gap
    between jobs (50 ms) takes every next job: each runs on all its threads at once."""
    assert team(3) == 3
    was = _team.awake()
    try:
        assert _team.awake(ns) == ns
        for _ in range(200):
            assert _team.meet(3) == (3, 3)
            assert _team.meet(2) == (2, 2)
    finally:
        _team.awake(was)
    assert _team.awake() == _team.WAIT_NS


@pytest.mark.parametrize("ns", [-1, 10**9 + 1, 0.5, True])
def test_the_helpers_wait_is_checked(ns: object) -> None:
    with pytest.raises((holdem.ArgumentError, holdem.ArgumentTypeError)):
        _team.awake(ns)  # type: ignore[arg-type]
    assert _team.awake() == _team.WAIT_NS


def test_a_busy_team_runs_a_second_job_on_its_caller() -> None:
    """While one job has the team, another thread's job runs on that thread alone (and still
    does all its rows)."""
    team(3)
    rng = np.random.default_rng(3)
    seven = np.argsort(rng.random((200_000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = holdem.evaluate_batch(seven)
    outs: list[np.ndarray] = []

    def other() -> None:
        outs.append(holdem.evaluate_batch(seven, threads=2))

    started = threading.Thread(target=other)
    started.start()
    for _ in range(5):
        assert np.array_equal(holdem.evaluate_batch(seven, threads=3), one)
    started.join()
    assert np.array_equal(outs[0], one)


def test_the_kernels_share_their_rows_on_the_team() -> None:
    """evaluate_rows and showdown_rows on a cursor with helpers: every row once, the first bad
    row kept (chunks of 1,000 rows, 8 threads)."""
    rows = 300_000
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((rows, 52)), axis=1)[:, :9].astype(np.uint8)
    seven = np.array(hands[:, :7])
    one = np.empty(rows, dtype=np.uint16)
    assert _core.evaluate_rows(seven, one) == -1
    n = team(8)
    shared = np.zeros(rows, dtype=np.uint16)
    cursor = np.array([0, rows, 1000], dtype=np.int64)
    assert _core.evaluate_rows(seven, shared, None, cursor, n) == -1
    assert np.array_equal(shared, one) and cursor[1] == rows
    seven[rows - 3, 1] = seven[rows - 3, 2]
    seven[177_777, 6] = 200
    cursor = np.array([0, rows, 1000], dtype=np.int64)
    _core.evaluate_rows(seven, shared, None, cursor, n)
    assert cursor[1] == 177_777
    boards = np.ascontiguousarray(hands[:, :5])
    holes = np.ascontiguousarray(hands[:, 5:9]).reshape(rows, 2, 2)
    v1, w1 = holdem.showdown_batch(boards, holes)
    values = np.zeros((rows, 2), dtype=np.uint16)
    winners = np.zeros((rows, 2), dtype=np.uint8)
    cursor = np.array([0, rows, 999], dtype=np.int64)
    _core.showdown_rows(boards, holes, values, winners, cursor, None, n)
    assert np.array_equal(values, v1) and np.array_equal(winners.view(bool), w1)
    assert cursor[1] == rows


def _in_child(queue: multiprocessing.queues.Queue[object]) -> None:
    seven = np.array([[0, 5, 10, 15, 20, 25, 30]] * 100_000, dtype=np.uint8)
    before = _team.serving()
    queue.put((before, _team.meet(team(2)), int(holdem.evaluate_batch(seven, threads=2)[0])))


@pytest.mark.skipif(
    sys.platform == "win32" or "fork" not in multiprocessing.get_all_start_methods(),
    reason="needs fork",
)
def test_a_forked_child_starts_its_own_helpers() -> None:
    """The parent's helpers are not in a forked child: the child's first job starts its own
    instead of waiting for helpers that do not exist."""
    team(2)
    expected = holdem.evaluate([0, 5, 10, 15, 20, 25, 30])
    ctx = multiprocessing.get_context("fork")
    queue: multiprocessing.queues.Queue[object] = ctx.Queue()
    child = ctx.Process(target=_in_child, args=(queue,))
    child.start()
    child.join(60)
    alive = child.is_alive()
    if alive:
        os.kill(child.pid or 0, 9)
    assert not alive and child.exitcode == 0
    assert queue.get(timeout=5) == (0, (2, 2), expected)


@pytest.mark.parametrize(
    "players", [["AhKh", "QsQd"], ["QQ+,AKs", "random", "88"], ["TT+,AKs", "JJ-88,AQs", "22+,KTs+"]]
)
def test_the_monte_carlo_kernel_counts_the_same_on_any_team(
    players: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The blocks of one call shared by 2, 3 or 8 threads (more than this machine's CPUs): the
    same counts, rejected deals too, as on one thread, on a run whose last block is short."""
    import array
    import importlib
    from typing import Any

    from holdem.analysis import _montecarlo

    module = importlib.import_module("holdem.analysis._sampling")
    calls: list[tuple[Any, ...]] = []
    real = module.sample_chunk

    def spy(*a: Any, **k: Any) -> Any:
        calls.append(a)
        return real(*a, **k)

    monkeypatch.setattr(module, "sample_chunk", spy)
    holdem.equity(players, samples=1000, seed=3)
    n, kinds, combos, starts, thresh, alias, board, dead = calls[0][:8]

    def run(threads: int) -> tuple[list[list[int]], int]:
        return _montecarlo.sample(
            n, kinds, combos, starts, array.array("Q", thresh), array.array("I", alias),
            board, dead, 300_007, 11, 5, 256, threads=threads,
        )  # fmt: skip

    one = run(1)
    assert sum(map(sum, one[0])) >= 300_007
    for threads in (2, 3, 8):
        assert run(team(threads)) == one
