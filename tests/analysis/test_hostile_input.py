"""Small inputs that ask for huge work in holdem.analysis: refused, or done in memory that grows
with the work actually needed.

Oracles: tracemalloc's count of the bytes Python allocates (no timings), exact fractions for
percent(), and the chance rules of a 52-card deck for hit_probability().
"""

from __future__ import annotations

import threading
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import holdem
from holdem import _parallel
from holdem.analysis import equity as equity_module
from holdem.analysis import icm as icm_module
from holdem.analysis.odds import hit_probability, percent
from holdem.errors import ArgumentError, ICMError, OddsError


def _peak_bytes(fn: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# -- ICM --------------------------------------------------------------------------------------


def test_icm_of_a_large_field_takes_memory_in_proportion_to_the_players() -> None:
    """One paid place of 30,000 players visits one set of players: its memory is the answer's
    (a few hundred bytes a player), not a bit set for every player (67 MB here, 2.6 GB for
    200,000 players)."""
    players = 30_000
    result: list[Any] = []
    peak = _peak_bytes(lambda: result.append(holdem.icm(list(range(1, players + 1)), [1])))
    assert peak < 1_000 * players
    (r,) = result
    total = players * (players + 1) // 2
    # Malmuth-Harville: with one place paid, equity is exactly the share of the chips.
    assert r.method == "exact"
    assert r.equity[-1] == pytest.approx(players / total)
    assert r.equity[0] == pytest.approx(1 / total)


def test_icm_sparse_sets_still_match_the_dense_programme() -> None:
    stacks = (50, 30, 20, 17, 9, 4)
    sparse = icm_module._exact_sparse(stacks, 4)
    dense = icm_module._exact_dense(stacks, 4)
    assert [p for row in sparse for p in row] == pytest.approx([p for row in dense for p in row])


def test_icm_of_a_large_field_places_second_by_the_harville_formula() -> None:
    """1,100 players (past the size where the sets' members are listed instead of bit tests):
    P(i second) = sum over j != i of s_j / T * s_i / (T - s_j) (Harville)."""
    stacks = [1 + (7 * i) % 50 for i in range(1_100)]
    total = sum(stacks)
    places = holdem.finish_probabilities(stacks, 2)
    for i in (0, 1, 549, 1_099):
        second = sum(sj / total * stacks[i] / (total - sj) for j, sj in enumerate(stacks) if j != i)
        assert places[i][0] == pytest.approx(stacks[i] / total)
        assert places[i][1] == pytest.approx(second)


def test_icm_monte_carlo_refuses_a_table_too_large_to_keep() -> None:
    players = 5_000
    with pytest.raises(ICMError, match="paid places"):
        holdem.icm([100] * players, [1] * players, method="monte carlo", samples=2)


@pytest.mark.parametrize("method", ["auto", "exact", "monte carlo"])
def test_icm_refuses_a_bad_seed_or_sample_count_whatever_the_method(method: str) -> None:
    """An exact run ignored ``seed=-1`` and ``samples=0`` without a word."""
    with pytest.raises(ArgumentError, match="int >= 0"):
        holdem.icm([50, 30, 20], [70, 30], method=method, seed=-1)
    with pytest.raises(ArgumentError, match="samples"):
        holdem.icm([50, 30, 20], [70, 30], method=method, samples=0)


# -- equity -----------------------------------------------------------------------------------


class _Stop(Exception):
    pass


def test_equity_makes_monte_carlo_chunks_as_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """10**12 samples are 3.8 million chunks: the run is stopped after its first one, and
    must not have built every chunk's arguments first (664 MB). (The limit on the samples,
    2**32, is lifted here: the chunks of a job at the limit would take little memory anyway.)"""
    from holdem import _validate

    monkeypatch.setattr(_validate, "MAX_SAMPLES", 10**12)

    def progress(done: int, total: int) -> None:
        raise _Stop(total)

    def run() -> None:
        with pytest.raises(_Stop):
            holdem.equity(["AsAd", "KhKs"], "2c3d4h", samples=10**12, seed=1, progress=progress)

    assert _peak_bytes(run) < 20_000_000


def test_equity_starts_no_more_threads_than_help(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity_module, "useful_threads", lambda: 2, raising=False)
    seen: list[int] = []
    before = threading.active_count()
    holdem.equity(
        ["AsAd", "KhKs"],
        "2c3d4h",
        samples=8 << 18,
        seed=1,
        threads=100_000,
        progress=lambda done, total: seen.append(threading.active_count()),
    )
    assert max(seen) <= before + 2


def test_equity_says_when_a_thread_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(equity_module, "useful_threads", lambda: 4, raising=False)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(_parallel, "_helpers_pool", None)  # no helper thread started yet
    monkeypatch.setattr(_parallel, "_team_started", 0)  # (of the pool nor of holdem._team)
    with pytest.raises(ArgumentError, match="cannot start a thread"):
        holdem.equity(["AsAd", "KhKs"], "2c3d4h", samples=4 << 18, seed=1, threads=4)


def test_exact_equity_refuses_a_job_estimated_beyond_its_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same small job, its cost per class of deals made 10**6 times larger: the estimate
    # passes ten minutes, and exact=True says so instead of starting.
    slow = {k: v * 1e6 for k, v in equity_module._CLASS_COST.items()}
    monkeypatch.setattr(equity_module, "_CLASS_COST", slow)
    with pytest.raises(ArgumentError, match="minutes of one core"):
        holdem.equity(["AsAd", "KhKs"], exact=True)


def test_exact_equity_refuses_the_hour_long_job_at_once() -> None:
    """Three players, one a range and two random: about an hour of enumeration (2.2 million
    classes of deals), refused from the count of deals before the classes are collected."""
    with pytest.raises(ArgumentError, match="minutes of one core"):
        holdem.equity(["QQ+,AK", "random", "random"], exact=True)


# -- odds -------------------------------------------------------------------------------------


def test_hit_probability_counts_at_most_a_deck() -> None:
    assert hit_probability(1, 52, 5) == Fraction(5, 52)  # one named card in five of 52
    with pytest.raises(OddsError, match="at most 52"):
        hit_probability(1, 10**6, 5 * 10**5)
    with pytest.raises(OddsError, match="at most 52"):
        hit_probability(1, 53)


def test_percent_prints_as_many_places_as_asked() -> None:
    assert percent(0.5, places=27) == "50." + "0" * 27 + "%"
    assert percent(Fraction(1, 3), places=30) == "33." + "3" * 30 + "%"
    assert percent(Fraction(2, 3), places=40) == "66." + "6" * 39 + "7%"
    with pytest.raises(OddsError, match="at most 1000"):
        percent(0.5, places=10**9)


class _Small(int):
    """An int that says it is smaller than anything."""

    def __lt__(self, other: object) -> bool:
        return True

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return False

    def __ge__(self, other: object) -> bool:
        return False


def test_ints_whose_comparisons_lie_are_checked_as_plain_ints() -> None:
    with pytest.raises(OddsError, match="at most 52"):
        hit_probability(_Small(1), _Small(10**6), _Small(5))
    with pytest.raises(ICMError, match="must be positive"):
        holdem.icm([_Big(-5), 10], [1])


class _Big(int):
    """An int that says it is larger than anything."""

    def __lt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return False

    def __gt__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True


# -- Monte Carlo jobs that could not finish (issue 28, "Unbounded jobs" and hostile item 6) ------

_SAMPLED: list[tuple[str, Callable[..., object]]] = [
    ("hold'em", lambda **kw: holdem.equity(["AsKs", "QdQc"], **kw)),
    ("a range", lambda **kw: holdem.equity(["QQ+,AKs", "random"], **kw)),
    ("omaha", lambda **kw: holdem.equity(["AsKsQsJs", "QdQcJdJc"], game="omaha", **kw)),
    ("short deck", lambda **kw: holdem.equity(["AsKs", "QdQc"], game="short-deck", **kw)),
    ("double board", lambda **kw: holdem.double_board_equity(["AsKs", "QdQc"], **kw)),
    ("preflop", lambda **kw: holdem.preflop_equity("AKs", 2, **kw)),
    ("icm", lambda **kw: holdem.icm([100, 200, 300], [50, 30, 20], method="monte carlo", **kw)),
]


@pytest.mark.parametrize(("name", "job"), _SAMPLED, ids=[n for n, _ in _SAMPLED])
def test_samples_beyond_what_can_finish_are_refused_at_once(
    name: str, job: Callable[..., object]
) -> None:
    """``samples=10**18`` ran silently for hours (a quarter of an hour before a pipe was cut);
    every Monte Carlo job now refuses more than 2**32 samples (minutes of one core) before
    any work, naming the limit."""
    for samples in (10**18, 2**32 + 1):
        with pytest.raises(ArgumentError, match=r"samples is at most 2\*\*32 \(4,294,967,296"):
            job(samples=samples, seed=1)
    with pytest.raises(ArgumentError, match="2\\*\\*64"):
        job(samples=1000, seed=2**64)  # (would deal as seed 0 does in a 64-bit kernel)
    with pytest.raises(ArgumentError, match="int >= 0"):
        job(samples=1000, seed=-1)
