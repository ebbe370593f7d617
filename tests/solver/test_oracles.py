"""The solver against answers from outside it: closed-form games of The Mathematics of Poker
(Chen and Ankenman) played as river subgames of hold'em, a plain enumeration of best responses,
showdown equities from holdem.equity, and card removal done by hand."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import holdem
from holdem.solver import Solver, Spot, StreetSizes

from _support.solver_brute import exploitability as brute_exploitability

# -- the clairvoyance game ---------------------------------------------------------------------
# OOP holds the nuts (KK, a set on this board) or air (T9, no pair); IP holds a bluff-catcher
# (JJ) that beats air and loses to the nuts; no card of one range is in the other, so every deal
# of a combo against a combo is possible. OOP may bet s times the pot; IP may only call or fold.
# Equilibrium: OOP bets every nut hand and bluffs so that bluffs are s / (1 + 2s) of its bets;
# IP calls 1 / (1 + s) of the time; OOP's share of the pot is P (1 + 2s) / (1 + s) times the
# nuts' share of its range (the nuts win the pot and, called, the bet; bluffs are worth 0).


@pytest.mark.parametrize("s", [0.25, 0.5, 1.0, 2.0])
def test_clairvoyance_game(s: float) -> None:
    spot = Spot(
        board="Ks Qd 7h 4c 2s",
        pot=100,
        stack=1000,
        oop="KK,T9",
        ip="JJ",
        oop_sizes=StreetSizes(bet=f"{s * 100:g}%"),
    )
    solver = Solver(spot)
    target = 0.005
    report = solver.solve(target=target, iterations=20_000)
    assert report.exploitability <= target
    root = solver.node()
    nuts = np.array([a.rank == 11 for a, _ in root.combos(0)])
    weights = root.range(0)
    bets = root.strategy()[1] * weights
    assert root.action_labels == ["check", f"bet {round(100 * s)}"]
    assert bets[~nuts].sum() / bets.sum() == pytest.approx(s / (1 + 2 * s), abs=2e-3)
    assert root.strategy()[1][nuts].min() > 0.999
    facing = solver.node("bet")
    assert facing.action_labels == ["fold", "call"]
    calls = facing.strategy()[1] * facing.range(1)
    assert calls.sum() / facing.range(1).sum() == pytest.approx(1 / (1 + s), abs=2e-3)
    share = weights[nuts].sum() / weights.sum()
    ev = (root.expected_values(0) * weights).sum() / weights.sum()
    assert ev == pytest.approx(100 * share * (1 + 2 * s) / (1 + s), abs=100 * target / 100 * 2)


# -- the AKQ game ------------------------------------------------------------------------------
# Each player holds one of three hands (AA > KK > QQ here, no two sharing a card, so the two
# players never hold the same one): the six deals of the AKQ game. OOP checks (no bet allowed);
# IP may bet 1 into a pot of P. Equilibrium (half-street AKQ game): IP bets A, bluffs Q with
# probability 1 / (P + 1) and checks K; OOP calls with A, with K (P - 1) / (P + 1), folds Q.


@pytest.mark.parametrize("pot_units", [2, 3, 4, 8])
def test_akq_game(pot_units: int) -> None:
    hands = "AhAd,KhKd,QhQd"
    spot = Spot(
        board="2c 3d 7h 8s Ts",
        pot=100 * pot_units,
        stack=10_000,
        oop=hands,
        ip=hands,
        ip_sizes=StreetSizes(bet=f"{100 / pot_units:g}%"),
    )
    solver = Solver(spot)
    assert solver.solve(target=0.005, iterations=20_000).exploitability <= 0.005
    ip = solver.node("check")
    assert ip.action_labels == ["check", "bet 100"]
    bet = dict(zip((str(a) + str(b) for a, b in ip.combos(1)), ip.strategy()[1], strict=True))
    assert bet["AhAd"] > 0.999 and bet["KhKd"] < 1e-3
    assert bet["QhQd"] == pytest.approx(1 / (pot_units + 1), abs=2e-3)
    oop = solver.node("check", "bet 100")
    call = dict(zip((str(a) + str(b) for a, b in oop.combos(0)), oop.strategy()[1], strict=True))
    assert call["AhAd"] > 0.999 and call["QhQd"] < 1e-3
    assert call["KhKd"] == pytest.approx((pot_units - 1) / (pot_units + 1), abs=3e-3)


# -- best responses by enumeration -------------------------------------------------------------

_SIZES = StreetSizes(bet="50%,100%", raises="75%", allin=True)


def _small(board: str, **kw: Any) -> Spot:
    return Spot(
        board=board,
        pot=60,
        stack=120,
        oop="AA,KK,QQ,JJ,AKs,T9s,98s,A5s",
        ip="AA,KK,QQ,TT,AQs,KQs,JTs,76s",
        oop_sizes=_SIZES,
        ip_sizes=_SIZES,
        **kw,
    )


@pytest.mark.parametrize("rake", [0.0, 0.05])
def test_best_response_matches_enumeration_on_the_river(rake: float) -> None:
    solver = Solver(_small("Qs Jh 2h 8d 3s", rake=rake, rake_cap=3.0 if rake else None))
    solver.solve(iterations=15)
    expected = brute_exploitability(solver)
    assert expected > 0.5  # far from solved: the best responses gain something
    assert solver.exploitability() == pytest.approx(expected, rel=1e-4, abs=1e-5)


@pytest.mark.slow
def test_best_response_matches_enumeration_on_the_turn() -> None:
    # suits c and d are absent from the turn board: with isomorphism a club river mirrors the
    # diamond one; the enumeration deals both
    spot = Spot(
        board="Qs Jh 2h 8h",
        pot=60,
        stack=120,
        oop="AA,KK,JTs,A5s",
        ip="QQ,AKs,T9s,KQo",
        oop_sizes=StreetSizes(bet="75%"),
        ip_sizes=StreetSizes(bet="75%", raises="100%"),
    )
    for isomorphism in (True, False):
        solver = Solver(spot, isomorphism=isomorphism)
        solver.solve(iterations=8)
        assert solver.exploitability() == pytest.approx(brute_exploitability(solver), rel=1e-4)


def test_isomorphism_changes_nothing_but_the_work() -> None:
    spot = _small("Qs Jh 2h 8h")
    with_iso = Solver(spot)
    without = Solver(spot, isomorphism=False)
    assert with_iso.layout.swaps and not without.layout.swaps
    assert with_iso.layout.street_instances < without.layout.street_instances
    for solver in (with_iso, without):
        solver.solve(iterations=20)
    assert with_iso.exploitability() == pytest.approx(without.exploitability(), rel=1e-3)
    # the same strategy behind a club river (mirrored) and behind the diamond one (stored)
    a = with_iso.node("check", "check", "5c")
    b = without.node("check", "check", "5c")
    np.testing.assert_allclose(a.strategy(), b.strategy(), atol=2e-3)


# -- values and equities -----------------------------------------------------------------------


def test_check_down_values_are_showdown_equities() -> None:
    # no bets: every combo's share of the pot is its equity against the other range, which
    # holdem.equity enumerates
    spot = Spot(board="Qs Jh 2h 8d", pot=100, stack=100, oop="AA,KQs,T9s", ip="QQ,JTs")
    solver = Solver(spot)
    root = solver.node()
    ev = root.expected_values(0)
    eq = root.equities(0)
    np.testing.assert_allclose(ev, 100 * eq, rtol=1e-5)
    for combo, value in zip(root.combos(0), eq, strict=True):
        expected = holdem.equity([list(combo), "QQ,JTs"], board=spot.board, exact=True)
        assert value == pytest.approx(expected.players[0].equity, abs=1e-9)


# -- card removal ------------------------------------------------------------------------------


def test_card_removal_is_the_same_as_removing_the_combos() -> None:
    # combos that hold a board card are dropped: the same spot with them struck out by hand
    # (written out here combo by combo) is the same game
    board = "Qs Jh 2h 8d 3s"
    full = Spot(
        board=board,
        pot=60,
        stack=120,
        oop="QQ,JJ,88,AQs,KJs",
        ip="AA,QJs,T9s,Q8s",
        oop_sizes=_SIZES,
        ip_sizes=_SIZES,
    )
    by_hand = Spot(
        board=board,
        pot=60,
        stack=120,
        oop="QhQd,QhQc,QdQc,JsJd,JsJc,JdJc,8s8h,8s8c,8h8c,AhQh,AdQd,AcQc,KsJs,KdJd,KcJc",
        ip="AA,QdJd,QcJc,T9s,Qh8h,Qc8c",
        oop_sizes=_SIZES,
        ip_sizes=_SIZES,
    )
    assert full.ranges == by_hand.ranges
    a, b = Solver(full), Solver(by_hand)
    for s in (a, b):
        s.solve(iterations=50)
    assert a.exploitability() == b.exploitability()
    np.testing.assert_array_equal(a.node("check").strategy(), b.node("check").strategy())


def test_combos_the_other_range_blocks_change_nothing() -> None:
    # IP holds only AhAd: OOP's combos with the Ah or the Ad are never dealt against it, so
    # striking them out changes neither the others' strategies nor the exploitability
    board = "Qs Jh 2h 8d 3s"
    kept = "KK,QhQd,QhQc,QdQc,AsAc,AsKs,AcKc,T9s"
    blocked = "AhAs,AhAc,AdAs,AdAc,AhKh,AdKd"
    sizes = StreetSizes(bet="50%,100%", raises="100%")
    a = Solver(
        Spot(
            board=board,
            pot=60,
            stack=120,
            oop=f"{kept},{blocked}",
            ip="AhAd",
            oop_sizes=sizes,
            ip_sizes=sizes,
        )
    )
    b = Solver(
        Spot(board=board, pot=60, stack=120, oop=kept, ip="AhAd", oop_sizes=sizes, ip_sizes=sizes)
    )
    for s in (a, b):  # few iterations: later, float rounding sends the two apart a little
        s.solve(iterations=10)
    assert a.exploitability() == pytest.approx(b.exploitability(), rel=1e-6)
    root_a, root_b = a.node(), b.node()
    names_b = [str(x) + str(y) for x, y in root_b.combos(0)]
    index = [
        names_b.index(str(x) + str(y)) if str(x) + str(y) in names_b else -1
        for x, y in root_a.combos(0)
    ]
    keep = np.array([i >= 0 for i in index])
    np.testing.assert_allclose(
        root_a.strategy()[:, keep], root_b.strategy()[:, [i for i in index if i >= 0]], atol=1e-6
    )


# -- exploitability ----------------------------------------------------------------------------


def test_a_perturbed_strategy_is_more_exploitable() -> None:
    solver = Solver(_small("Qs Jh 2h 8d 3s"))
    solver.solve(target=0.05, iterations=5000)
    solved = solver.exploitability()
    assert solved <= 0.05
    root = solver.node()
    k, n = root.strategy().shape
    for action in range(k):
        pushed = np.zeros((k, n))
        pushed[action] = 1.0
        solver.lock([], pushed)
        assert solver.exploitability() > solved + 0.1
    solver.unlock([])
    assert solver.exploitability() == pytest.approx(solved)


@pytest.mark.parametrize("algorithm", ["dcfr", "cfr+"])
@pytest.mark.parametrize("board", ["Qs Jh 2h 8d 3s", "Qs Jh 2h 8d", "Ks 7h 7d 2s"])
def test_exploitability_falls_to_the_target(algorithm: str, board: str) -> None:
    solver = Solver(_small(board, allin_threshold=0.67))
    seen: list[float] = []
    report = solver.solve(
        target=0.3,
        iterations=3000,
        algorithm=algorithm,
        progress=lambda p: seen.append(-1.0 if p.exploitability is None else p.exploitability),
    )
    assert report.stopped == "target" and report.exploitability <= 0.3
    assert min(seen) >= 0.0  # measured every time: a target is set
    assert seen[0] > 1.0 and seen[-1] == report.exploitability
    assert solver.exploitability() == pytest.approx(report.exploitability)


# -- threads and 16-bit storage ----------------------------------------------------------------


@pytest.mark.parametrize("board", ["Qs Jh 2h 8h", "Ks 7h 2d"])
def test_threads_change_nothing_but_the_time(board: str) -> None:
    sizes = StreetSizes(bet="60%", raises="100%", allin=True)
    spot = Spot(
        board=board,
        pot=60,
        stack=150,
        oop="AA,KK,QQ,JJ,AK,T9s,98s",
        ip="AA,KK,TT,77,AQ,KQs,JTs",
        oop_sizes=sizes,
        ip_sizes=sizes,
    )
    one = Solver(spot, threads=1)
    two = Solver(spot, threads=2)
    assert two.layout.tasks > 0
    one.solve(iterations=6)
    two.solve(iterations=6, threads=2)
    for p in (0, 1):
        np.testing.assert_array_equal(
            one.layout.arrays["regret"][p], two.layout.arrays["regret"][p]
        )
        np.testing.assert_array_equal(one.layout.arrays["strat"][p], two.layout.arrays["strat"][p])
    assert one.exploitability() == two.exploitability(threads=2)


def test_sixteen_bit_storage_halves_the_memory_and_still_solves() -> None:
    spot = _small("Qs Jh 2h 8d")
    full, half = Solver(spot), Solver(spot, compress=True)
    assert half.layout.arrays["strat"][0].itemsize == 2

    def storage(solver: Solver) -> int:
        return sum(a.nbytes for k in ("regret", "strat") for a in solver.layout.arrays[k])

    assert storage(half) < 0.55 * storage(full) and half.memory < full.memory
    report = half.solve(target=0.3, iterations=3000)
    assert report.stopped == "target"
    assert brute_exploitability(half) == pytest.approx(report.exploitability, rel=1e-3, abs=1e-3)
