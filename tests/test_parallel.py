"""holdem._parallel.run_chunks: results in the order of the chunks however they run.

Oracle: the plain sequential loop over the same chunks.
"""

from __future__ import annotations

import concurrent.futures as cf
import threading

import pytest

from holdem._parallel import run_chunks, run_shared

ARGS = [(i, i + 3) for i in range(0, 40, 3)]


def work(lo: int, hi: int) -> tuple[int, int, int]:
    return lo, hi, sum(range(lo, hi))


EXPECTED = [work(*a) for a in ARGS]


@pytest.mark.parametrize("threads", [1, 2, 3, len(ARGS), 2 * len(ARGS)])
def test_threads_give_the_sequential_results(threads: int) -> None:
    assert run_chunks(work, ARGS, threads=threads) == EXPECTED


def test_executors_give_the_sequential_results() -> None:
    with cf.ThreadPoolExecutor(3) as ex:
        assert run_chunks(work, ARGS, executor=ex) == EXPECTED
        assert run_chunks(work, ARGS, executor=ex, threads=50) == EXPECTED


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_stop_ends_after_the_first_result_that_asks_in_order(threads: int) -> None:
    def stop(result: tuple[int, int, int]) -> bool:
        return result[2] > 100

    expected = []
    for r in EXPECTED:
        expected.append(r)
        if stop(r):
            break
    assert len(expected) < len(EXPECTED)
    assert run_chunks(work, ARGS, threads=threads, stop=stop) == expected
    with cf.ThreadPoolExecutor(2) as ex:
        assert run_chunks(work, ARGS, executor=ex, stop=stop) == expected


@pytest.mark.parametrize("threads", [1, 2, 8])
def test_progress_counts_every_result_in_order(threads: int) -> None:
    seen: list[tuple[int, int]] = []
    run_chunks(work, ARGS, threads=threads, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, len(ARGS)) for i in range(1, len(ARGS) + 1)]


@pytest.mark.parametrize("threads", [1, 2, 3, 8])
def test_the_first_failing_chunk_in_order_raises(threads: int) -> None:
    def fail(k: int) -> int:
        if k in (1, 2):
            raise ValueError(f"chunk {k}")
        return k

    with pytest.raises(ValueError, match="chunk 1"):
        run_chunks(fail, [(0,), (1,), (2,)], threads=threads)


def test_one_thread_a_chunk_runs_them_at_once() -> None:
    """With no more chunks than threads, every chunk runs at the same time (a barrier that all
    of them must reach would time out otherwise)."""
    barrier = threading.Barrier(4, timeout=10)

    def meet(k: int) -> int:
        barrier.wait()
        return k

    assert run_chunks(meet, [(k,) for k in range(4)], threads=4) == [0, 1, 2, 3]


def test_a_slow_chunk_holds_no_other_thread_back() -> None:
    """Chunk 0 waits until every other chunk is done: the other thread must take them all
    (a run that handed the threads chunks in turn, or kept only a few ahead of the first
    result, would wait forever)."""
    others_done = threading.Event()
    count = 20

    def work(k: int) -> int:
        if k == 0:
            assert others_done.wait(timeout=30), "the other chunks did not run"
        elif k == count - 1:
            others_done.set()
        return k

    assert run_chunks(work, [(k,) for k in range(count)], threads=2) == list(range(count))


def test_run_shared_runs_every_call_at_once() -> None:
    barrier = threading.Barrier(3, timeout=10)

    def meet() -> int:
        return barrier.wait()

    assert sorted(run_shared(meet, 3)) == [0, 1, 2]
    assert run_shared(lambda: 5, 1) == [5]


def test_run_shared_raises_what_a_call_raises() -> None:
    calls = []

    def fail() -> None:
        calls.append(threading.get_ident())
        if len(calls) == 1:
            raise ValueError("the first call")

    with pytest.raises(ValueError, match="the first call"):
        run_shared(fail, 2)
