"""Equity: published numbers, exhaustive oracles (phevaluator, brute-force boards), Monte Carlo
within its reported error, executors and threads, starting hands, and bad input."""

from __future__ import annotations

import array
import concurrent.futures as cf
import doctest
import importlib
import multiprocessing
import random
import threading
from collections.abc import Callable, Sequence
from itertools import chain, combinations
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import holdem
from holdem import CardError, HoldemError, RangeError, equity, parse_cards, preflop_equity
from holdem.analysis import _sampling
from holdem.errors import ArgumentError, ArgumentTypeError

# Worker processes start fresh (fork from a process that runs threads can deadlock).
SPAWN = multiprocessing.get_context("spawn")


def pct(x: float) -> float:
    return round(100 * x, 4)


# -- published numbers ----------------------------------------------------------------------------


def test_ahkh_vs_qsqd_exact_counts() -> None:
    r = equity(["AhKh", "QsQd"], exact=True)
    assert r.exact and r.showdowns == 1_712_304
    assert r[0].wins == 787_966 and r[0].ties == 6_732
    assert pct(r[0].equity) == 46.2145
    assert r[0].equity + r[1].equity == pytest.approx(1.0)
    assert r[0].stderr == 0.0 and r.seed is None


@pytest.mark.parametrize(
    ("players", "published"),
    [
        (["AcAd", "KhKs"], 81.2555),
        (["AA", "KK"], 81.9461),
        (["7h2c", "AsAd"], 12.5776),
    ],
)
def test_published_preflop_equities(players: list[str], published: float) -> None:
    assert pct(equity(players, exact=True)[0].equity) == published


def test_aa_against_one_random_hand() -> None:
    r = equity(["AA", "random"], exact=True)
    assert round(100 * r[0].equity, 2) == 85.20
    p = preflop_equity("AA")
    assert p.exact and round(100 * p.equity, 2) == 85.20
    assert p.equity == pytest.approx(r[0].equity)
    assert p.win_or_tie == pytest.approx(p.win + p.tie)
    assert p.win < p.equity < p.win_or_tie


def test_default_is_exact_for_small_jobs_and_sampled_for_large() -> None:
    assert equity(["AhKh", "QsQd"]).exact
    assert equity(["AA", "KK"]).exact
    big = equity(["random", "random", "random"], seed=1)
    assert not big.exact and max(p.stderr for p in big) <= holdem.DEFAULT_STDERR


Boards = tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint64]]


# -- oracles: exhaustive enumeration with phevaluator ---------------------------------------------


Hands = list[tuple[int, ...]]
Tally = tuple[int, list[int], list[int], list[float]]


def brute_force(hands: Hands, board: Sequence[int], dead: Sequence[int]) -> Tally:
    """Exact wins, ties and equity (shares) by dealing every board, evaluated by phevaluator
    (skips the test without phevaluator)."""
    phevaluator = pytest.importorskip("phevaluator")
    n = len(hands)
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    wins = [0] * n
    ties = [0] * n
    eq = [0.0] * n
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = list(board) + list(extra)
        ranks = [phevaluator.evaluate_cards(*full, *h) for h in hands]  # lower is better
        best = min(ranks)
        winners = [i for i, v in enumerate(ranks) if v == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            eq[i] += 1 / len(winners)
        boards += 1
    return boards, wins, ties, eq


def random_deal(
    rng: random.Random, n: int, board_len: int, dead_len: int
) -> tuple[Hands, list[int], list[int]]:
    cards = rng.sample(range(52), 2 * n + board_len + dead_len)
    hands = [tuple(cards[2 * i : 2 * i + 2]) for i in range(n)]
    board = cards[2 * n : 2 * n + board_len]
    dead = cards[2 * n + board_len :]
    return hands, board, dead


@pytest.mark.parametrize("seed", range(12))
def test_fixed_hands_on_flop_and_turn_match_phevaluator(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 4
    board_len = (3, 4, 5)[seed % 3]
    hands, board, dead = random_deal(rng, n, board_len, seed % 3)
    boards, wins, ties, eq = brute_force(hands, board, dead)
    r = equity([list(h) for h in hands], board, dead, exact=True)
    assert r.showdowns == boards
    for i in range(n):
        assert r[i].wins == wins[i] and r[i].ties == ties[i]
        assert r[i].equity == pytest.approx(eq[i] / boards, abs=1e-12)


def test_suited_flush_spots_on_the_flop_match_phevaluator() -> None:
    # Two suited hands in the board's suit, a board flush draw and a straight-flush draw.
    spots = [
        (["AhKh", "QhJh", "9h9d"], "Th2h3c", ""),
        (["AsKs", "7s6s", "2d2c"], "5s4s9h", ""),
        (["Ac2c", "KcQc", "JdJh"], "3c4c5c", "6c"),
        (["AhKd", "QhJh", "9h8h", "2s2c"], "ThTs3h", "7h"),
    ]
    for hands, board, dead in spots:
        hs = [tuple(int(c) for c in parse_cards(h)) for h in hands]
        b = [int(c) for c in parse_cards(board)]
        d = [int(c) for c in parse_cards(dead)]
        boards, wins, ties, _ = brute_force(hs, b, d)
        r = equity(hands, board, dead, exact=True)
        assert r.showdowns == boards
        assert [p.wins for p in r] == wins and [p.ties for p in r] == ties


def test_river_and_board_flush() -> None:
    r = equity(["AhKh", "2c2d"], "QhJh3h4s5s", exact=True)
    assert r.showdowns == 1 and r[0].wins == 1 and r[1].wins == 0
    r = equity(["2c3d", "4c5d"], "AhKhQhJhTh", exact=True)
    assert r[0].ties == r[1].ties == 1 and r[0].equity == 0.5


# -- oracle: brute-force boards preflop (every board, the evaluator checked against phevaluator) --


@pytest.fixture(scope="module")
def all_boards() -> Boards:
    flat = chain.from_iterable(combinations(range(52), 5))
    boards = np.fromiter(flat, dtype=np.uint8, count=5 * 2_598_960).reshape(-1, 5)
    bits = np.zeros(len(boards), dtype=np.uint64)
    for col in range(5):
        bits |= np.left_shift(np.uint64(1), boards[:, col].astype(np.uint64))
    return boards, bits


def preflop_brute_force(all_boards: Boards, hands: Hands) -> Tally:
    boards, bits = all_boards
    used = 0
    for h in hands:
        for c in h:
            used |= 1 << c
    keep = (bits & np.uint64(used)) == 0
    rows = np.ascontiguousarray(boards[keep])
    holes = np.array(hands, dtype=np.uint8)
    _, winners = holdem.showdown_batch(rows, holes)
    count = winners.sum(axis=1)
    wins = [int(((winners[:, i] == 1) & (count == 1)).sum()) for i in range(len(hands))]
    ties = [int(((winners[:, i] == 1) & (count > 1)).sum()) for i in range(len(hands))]
    eq = [float((winners[:, i] / count).sum()) for i in range(len(hands))]
    return len(rows), wins, ties, eq


@pytest.mark.parametrize(
    "hands",
    [
        ["AhKh", "7h6h", "QsQd"],
        ["AsKs", "QsJs", "Ts9s"],
        ["2c2d", "3h3s", "AcKd", "7h8h"],
        ["AhAd", "KhKs", "Jh9h"],
        ["AhKh", "QhJh", "Th9h", "8h7h", "6h5h", "4h3h", "2h2s", "AsKs", "QsJs", "TsTc"],
    ],
)
def test_preflop_multiway_matches_every_board(all_boards: Boards, hands: list[str]) -> None:
    hs = [tuple(int(c) for c in parse_cards(h)) for h in hands]
    boards, wins, ties, eq = preflop_brute_force(all_boards, hs)
    r = equity(hands, exact=True)
    assert r.showdowns == boards
    assert [p.wins for p in r] == wins and [p.ties for p in r] == ties
    assert [p.equity for p in r] == pytest.approx([e / boards for e in eq], abs=1e-12)


# -- ranges: card removal and weights against a brute force over combos ---------------------------


def range_brute_force(ranges: list[str], board: str, dead: str) -> tuple[int, list[float]]:
    """Weighted exact equity over every deal of one combo per player without shared cards."""
    b = [int(c) for c in parse_cards(board)]
    d = [int(c) for c in parse_cards(dead)]
    known = set(b) | set(d)
    lists = [[((int(x), int(y)), w) for (x, y), w in holdem.parse_range(r).items()] for r in ranges]
    total = 0.0
    eq = [0.0] * len(ranges)
    deals = 0

    def rec(p: int, used: set[int], hands: Hands, w: float) -> None:
        nonlocal total, deals
        if p == len(lists):
            boards, _, _, e = brute_force(hands, b, d)
            deals += 1
            total += w * boards
            for i in range(len(hands)):
                eq[i] += w * e[i]
            return
        for combo, cw in lists[p]:
            if used.intersection(combo):
                continue
            rec(p + 1, used | set(combo), [*hands, combo], w * cw)

    rec(0, known, [], 1.0)
    return deals, [e / total for e in eq]


@pytest.mark.parametrize(
    ("ranges", "board", "dead"),
    [
        (["AK,QQ", "AA,KQs"], "Ah7h2c", ""),
        (["AK:0.5,QQ", "[25]AA[/25],KQs"], "Kh7h2c", "Qd"),
        (["AA,KK", "AK", "QQ+"], "Ac7d2h3s", ""),
    ],
)
def test_ranges_with_card_removal_and_weights(ranges: list[str], board: str, dead: str) -> None:
    deals, expected = range_brute_force(ranges, board, dead)
    r = equity(ranges, board, dead, exact=True)
    boards = r.showdowns // deals
    assert r.showdowns == deals * boards
    assert [p.equity for p in r] == pytest.approx(expected, abs=1e-12)


def test_many_players_with_ranges_on_the_river() -> None:
    ranges = ["AA:0.5", "KhKs,KdKh:0.3", "QQ", "JsJh", "T9s", "87s", "65s:0.7"]
    deals, expected = range_brute_force(ranges, "2c3d4hKc9d", "")
    r = equity(ranges, "2c3d4hKc9d", exact=True)
    assert r.showdowns == deals
    assert [p.equity for p in r] == pytest.approx(expected, abs=1e-12)


def test_impossible_ranges() -> None:
    with pytest.raises(RangeError):
        equity(["AA", "AA", "AA"], exact=True)
    with pytest.raises(RangeError):
        equity(["AA", "AA", "AA"], samples=1000, seed=1)
    with pytest.raises(RangeError, match="player 2"):
        equity(["KK", "AA"], "AcAdAh", "As")


# -- Monte Carlo ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "QsQd"], "", ""),
        (["AA:0.25,KK", "QQ,AKs"], "", ""),
        (["7h6h", "random"], "", ""),
        (["AA,AK", "AA,AK", "KK,AK"], "2c7d9h", ""),
        (["AhKh", "random", "JJ-88:0.5,AQs"], "Th5h2c", "3h"),
        (["9h8h", "AsKd", "2c2d", "random"], "7hTc2s5d", ""),
        (["QQ+,AKs", "random", "88"], "Ah7c2d3s", ""),
    ],
)
def test_monte_carlo_agrees_with_exact(players: list[str], board: str, dead: str) -> None:
    exact = equity(players, board, dead, exact=True)
    mc = equity(players, board, dead, samples=600_000, seed=12345)
    assert not mc.exact and mc.showdowns == 600_000 and mc.seed == 12345
    for e, m in zip(exact, mc, strict=True):
        assert m.stderr < 0.002 and (m.stderr > 0 or e.equity in (0.0, 1.0))
        assert abs(m.equity - e.equity) <= 4.5 * m.stderr + 1e-12
        assert abs(m.win - e.win) <= 0.01 and abs(m.tie - e.tie) <= 0.01
    assert sum(mc.equity) == pytest.approx(1.0)


def test_seeded_runs_repeat_and_seeds_differ() -> None:
    a = equity(["AhKh", "QsQd"], samples=300_000, seed=7)
    b = equity(["AhKh", "QsQd"], samples=300_000, seed=7)
    c = equity(["AhKh", "QsQd"], samples=300_000, seed=8)
    assert a == b and a.equity != c.equity
    d = equity(["AhKh", "QsQd"], samples=300_000)
    assert d.seed is not None and equity(["AhKh", "QsQd"], samples=300_000, seed=d.seed) == d


def test_stderr_target() -> None:
    r = equity(["AKs", "22"], stderr=0.001, seed=3)
    assert max(p.stderr for p in r) <= 0.001
    assert r.showdowns % (1 << 18) == 0
    capped = equity(["AKs", "22"], stderr=1e-6, samples=300_000, seed=3)
    assert capped.showdowns == 300_000


def test_a_run_longer_than_a_shared_chunk_is_the_same_on_threads() -> None:
    # threads share a fixed number of samples in chunks of TEAM_CHUNK, one thread in chunks of
    # CHUNK: the samples are the same (block j from the stream (seed, j) whatever the chunks)
    n = _sampling.TEAM_CHUNK + _sampling.CHUNK + 5
    ref = equity(["AhKh", "QsQd"], samples=n, seed=8)
    assert ref.showdowns == n
    assert equity(["AhKh", "QsQd"], samples=n, seed=8, threads=2) == ref


@pytest.mark.parametrize(
    "players", [["AhKh", "QsQd"], ["QQ+,AKs", "random", "88"], ["AA", "random", "random"]]
)
def test_threads_and_executors_give_the_same_answer(players: list[str]) -> None:
    ref = equity(players, samples=700_000, seed=99)
    assert equity(players, samples=700_000, seed=99, threads=2) == ref
    with cf.ThreadPoolExecutor(3) as ex:
        assert equity(players, samples=700_000, seed=99, executor=ex) == ref
    with cf.ProcessPoolExecutor(2, mp_context=SPAWN) as ex:
        assert equity(players, samples=700_000, seed=99, executor=ex) == ref
    stop = equity(players, stderr=0.0008, seed=5)
    assert equity(players, stderr=0.0008, seed=5, threads=2) == stop


@pytest.mark.parametrize("players", [["AhKh", "QsQd", "random"], ["QQ+,AKs", "JJ-99,AQs", "88"]])
def test_a_run_cut_at_blocks_deals_the_same_samples(
    players: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel deals block j of a run from stream j, so a run cut into calls at multiples of
    the block (on threads, or in chunks of any size) counts the same showdowns."""
    from holdem.analysis import _montecarlo

    module = importlib.import_module("holdem.analysis._sampling")
    calls: list[tuple[Any, ...]] = []
    real = module.sample_chunk

    def spy(*a: Any) -> Any:
        calls.append(a)
        return real(*a)

    monkeypatch.setattr(module, "sample_chunk", spy)
    equity(players, samples=1000, seed=3)
    head = calls[0][:8]

    def counts(samples: int, stream: int, block: int = 1000) -> list[int]:
        kinds, combos, starts, thresh, alias, board, dead = head[1:]
        splits, _ = _montecarlo.sample(
            head[0], kinds, combos, starts, array.array("Q", thresh), array.array("I", alias),
            board, dead, samples, 3, stream, block,
        )  # fmt: skip
        return list(chain.from_iterable(splits))

    whole = counts(3005, 0)
    parts = [counts(1000, 0), counts(2000, 1), counts(5, 3)]
    assert whole == [sum(c) for c in zip(*parts, strict=True)]
    assert sum(whole) >= 3005  # every showdown is counted (a split once per winner)
    assert counts(1000, 0) != counts(1000, 1)  # each block has a stream of its own
    assert counts(3005, 0, block=3005) != whole  # one stream throughout: other samples


class PlainExecutor(cf.Executor):
    """An executor that says nothing about its workers (as a Dask client's executor)."""

    def __init__(self) -> None:
        self.pool = cf.ThreadPoolExecutor(2)

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_an_executor_that_hides_its_workers_gives_the_same_answer() -> None:
    """Sampling to a standard error stops at the same chunk on any executor; ``threads`` only
    says how many chunks to keep in flight."""
    players = ["QQ+,AKs", "random", "88"]
    ref = equity(players, stderr=0.0008, seed=5)
    with PlainExecutor() as ex:
        assert not hasattr(ex, "_max_workers")
        assert equity(players, stderr=0.0008, seed=5, executor=ex) == ref
        assert equity(players, stderr=0.0008, seed=5, executor=ex, threads=16) == ref
        assert equity(players, samples=700_000, seed=99, executor=ex) == equity(
            players, samples=700_000, seed=99
        )


def test_exact_with_threads_and_process_pool() -> None:
    players = ["QQ+,AKs", "JJ-99,AQs", "AhKh"]
    ref = equity(players, "", "", exact=True)
    assert equity(players, exact=True, threads=2) == ref
    with cf.ProcessPoolExecutor(2, mp_context=SPAWN) as ex:
        assert equity(players, exact=True, executor=ex) == ref


def test_dask_executor() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=":0"
    ) as client:
        ex = client.get_executor()
        ref = equity(["AA,KK", "random"], samples=600_000, seed=4)
        assert equity(["AA,KK", "random"], samples=600_000, seed=4, executor=ex) == ref


def test_progress_is_called_as_chunks_complete() -> None:
    seen: list[tuple[int, int]] = []
    equity(["AhKh", "QsQd"], samples=1_000_000, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 4) for i in range(1, 5)]
    seen.clear()
    equity(["QQ+,AKs", "random"], exact=True, progress=lambda d, t: seen.append((d, t)))
    done = [d for d, _ in seen]
    assert seen and seen[-1][0] == seen[-1][1] and done == sorted(done)


def count_while(call: Callable[[], object]) -> int:
    """How often the main thread loops while ``call`` runs in another thread (one kernel call)."""
    started, done = threading.Event(), threading.Event()
    ticks = 0

    def work() -> None:
        started.set()
        call()
        done.set()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    while not done.is_set():
        ticks += 1
    t.join()
    return ticks


def test_kernels_release_the_gil() -> None:
    from holdem.analysis import _exact, _montecarlo

    hands = bytes(parse_cards("AhKh QsQd"))
    one = array.array("Q", [1 << 32])
    zero = array.array("I", [0])
    # One kernel call each (~0.1-0.5 s): a kernel that kept the GIL would leave the main thread
    # no turn at all until it returned.
    sampling = count_while(
        lambda: _montecarlo.sample(
            2, [0, 0], hands, [0, 1, 2], one * 2, zero * 2, b"", b"", 6_000_000, 1, 0, 1 << 15
        )
    )
    module = importlib.import_module("holdem.analysis.equity")
    found = module._classes(module._make_job(["AA,KK,QQ", "random"], "", ""))
    exact = count_while(
        lambda: _exact.enumerate_classes(2, found[0], array.array("d", found[1]), b"", b"")
    )
    assert sampling > 10_000 and exact > 10_000


# -- starting hands -------------------------------------------------------------------------------


def independent_monte_carlo(
    hero: str, opponents: int, deals: int, seed: int
) -> tuple[float, float]:
    """Equity by numpy shuffles and holdem.showdown_batch (the evaluator checked against peers)."""
    rng = np.random.default_rng(seed)
    h = [int(c) for c in parse_cards(hero)]
    deck = np.array([c for c in range(52) if c not in h], dtype=np.uint8)
    need = 5 + 2 * opponents
    order = np.argsort(rng.random((deals, len(deck))), axis=1)[:, :need]
    cards = deck[order]
    boards = np.ascontiguousarray(cards[:, :5])
    holes = np.empty((deals, opponents + 1, 2), dtype=np.uint8)
    holes[:, 0] = h
    holes[:, 1:] = cards[:, 5:].reshape(deals, opponents, 2)
    _, winners = holdem.showdown_batch(boards, holes)
    share = winners[:, 0] / winners.sum(axis=1)
    return float(share.mean()), float(share.std() / np.sqrt(deals))


@pytest.mark.parametrize(("hand", "opponents"), [("AA", 2), ("72o", 3), ("JTs", 5)])
def test_preflop_equity_against_several(hand: str, opponents: int) -> None:
    p = preflop_equity(hand, opponents, samples=400_000, seed=11)
    assert not p.exact and p.opponents == opponents
    combo = holdem.parse_range(hand).combos[0]
    est, err = independent_monte_carlo(f"{combo[0]}{combo[1]}", opponents, 150_000, 21)
    assert abs(p.equity - est) <= 4.5 * (p.stderr**2 + err**2) ** 0.5
    assert p.win_or_tie == pytest.approx(p.win + p.tie)


def test_preflop_equity_bad_input() -> None:
    for bad in ("AK", "QQ+", "AsKs", "XYs", ""):
        with pytest.raises(RangeError):
            preflop_equity(bad)
    for opponents, error in ((0, ArgumentError), (10, ArgumentError), (True, ArgumentTypeError)):
        with pytest.raises(error, match="opponents must be an int from 1 to 9"):
            preflop_equity("AA", opponents)
    with pytest.raises(ArgumentTypeError):
        preflop_equity("AA", 1.0)  # type: ignore[arg-type]


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": ["AhKh"]}, ArgumentError),
        ({"players": ["AhKh"] + ["random"] * 10}, ArgumentError),
        ({"players": "AhKh QsQd"}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "board": "2c3c"}, CardError),
        ({"players": ["AhKh", "QsQd"], "board": "2c3c4c5c6c7c"}, CardError),
        ({"players": ["AhKh", "QsQd"], "board": "2c3cXx"}, CardError),
        ({"players": ["AhKh", "AhQd"]}, CardError),
        ({"players": ["AhKh", "QsQd"], "board": "Ah2c3c"}, CardError),
        ({"players": ["AhKh", "QsQd"], "board": "2h2c3c", "dead": "2c"}, CardError),
        ({"players": ["AhKh", "QsQd"], "dead": "Qs"}, CardError),
        ({"players": ["AhKh", "AKx"]}, RangeError),
        ({"players": ["AhKh", ["As"]]}, CardError),
        ({"players": ["AhKh", 5]}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "samples": 0}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "samples": 1.5}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "samples": True}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "stderr": 0}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "stderr": -0.1}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "stderr": True}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "stderr": float("nan")}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "seed": -1}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "seed": 1.5}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "seed": True}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "threads": 0}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "threads": True}, ArgumentTypeError),
        ({"players": ["AhKh", "QsQd"], "exact": True, "samples": 10}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "exact": 1}, ArgumentTypeError),
        ({"players": ["random"] * 3, "exact": True}, ArgumentError),
        ({"players": ["AhKh", "QsQd"], "executor": "pool"}, ArgumentTypeError),
        ({"players": ["random"] * 10, "dead": list(range(30))}, CardError),
    ],
)
def test_bad_input_raises(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        equity(**kwargs)
    assert str(info.value)
    assert isinstance(info.value, HoldemError)
    assert isinstance(info.value, TypeError if error is ArgumentTypeError else ValueError)


def test_players_as_cards_and_ranges() -> None:
    a = equity([parse_cards("AhKh"), (holdem.Card("Qs"), 41)], exact=True)
    b = equity([holdem.parse_range("AhKh"), "Qs Qd"], exact=True)
    assert a == b == equity(["AhKh", "QsQd"], exact=True)
    assert holdem.equity is equity


# -- docs ----------------------------------------------------------------------------------------


def test_docstrings_have_examples() -> None:
    """The module documents itself with examples (tests/test_doctests.py runs them)."""
    found = doctest.DocTestFinder().find(importlib.import_module("holdem.analysis.equity"))
    assert sum(len(t.examples) for t in found) >= 5
