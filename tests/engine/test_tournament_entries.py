"""Tournaments: fixed-limit and pot-limit levels, late registration and re-entries.

Oracles:
- fixed-limit tournament structures: the limits move with the blinds, the big blind being the
  small bet and the big bet twice it (a $1,500 limit hold'em event: blinds 25-50 with limits
  50-100, then 50-100 with 100-200 ...; Wikipedia "Texas hold 'em", betting structures: the
  small bet pre-flop and on the flop, the big bet on the turn and river); Wikipedia "Fixed
  limit": "Occasionally, the fourth wager is larger still" (a river bet);
- the TDA rules (2015 and later, rule 7, "Seating of Alternates, Late Registrations, and
  Re-Entries"): late entries and re-entries "will be sold full stacks", draw a table and seat
  from the seat pool of new players, and "are dealt in except between small blind and button";
- places by elimination order: a later exit finishes higher; the prizes of a field add up to
  its prize pool, which is one buy-in per entry;
- ICM equity of the players left adds up to the prizes still to be won (Malmuth-Harville).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from holdem import Hand, Level, Structure, TableError, Tournament
from holdem.analysis.icm import icm
from holdem.analysis.payouts import payout_table
from holdem.errors import RulesError


def policy(rng: random.Random) -> Callable[[Hand], None]:
    def act(hand: Hand) -> None:
        legal = hand.legal_actions()
        pick = rng.random()
        if legal.call is not None and pick < 0.3:
            hand.fold()
        elif legal.can_raise and pick > 0.6:
            assert legal.max_raise_to is not None
            hand.raise_to(legal.max_raise_to)
        else:
            hand.check_or_call()

    return act


def test_fixed_limit_levels_move_the_limits_with_the_blinds() -> None:
    levels = [
        Level(25, 50, hands=2),
        Level(50, 100, hands=2),
        Level(100, 200, hands=2, river_bet=800),
        Level(200, 400, small_bet=400, big_bet=800),
    ]
    t = Tournament(12, starting_stack=1_500, levels=levels, structure="fixed-limit", seed=2)
    rng = random.Random(2)
    act = policy(rng)
    seen: set[tuple[int, int, int]] = set()
    while not t.is_over and t.round < 3_000:
        level = t.level
        for hand in t.deal_round().values():
            assert hand.structure is Structure.FIXED_LIMIT
            assert (hand.small_bet, hand.big_bet) == (level.big_blind, 2 * level.big_blind)
            river = level.river_bet or 2 * level.big_blind
            assert hand.river_bet == river
            assert max(hand.forced_bets) <= level.big_blind
            seen.add((hand.small_bet, hand.big_bet, hand.river_bet))
            while not hand.is_over:
                act(hand)
        t.end_round()
        assert sum(t.stacks.values()) == t.chips_in_play
    assert {(50, 100, 100), (100, 200, 200), (200, 400, 800)} <= seen
    assert t.is_over and sum(f.prize for f in t.standings) == t.prize_pool


def test_a_mixed_schedule() -> None:
    """Fixed-limit, pot-limit and no-limit levels in one schedule (a mixed hold'em event)."""
    levels = [
        Level(10, 20, hands=2, structure="fixed-limit"),
        Level(10, 20, hands=2, structure="pot-limit"),
        Level(20, 40, hands=2),
        Level(20, 40, structure="fixed-limit", small_bet=40, big_bet=80, river_bet=120),
    ]
    t = Tournament(6, starting_stack=2_000, levels=levels, table_size=6, seed=4)
    kinds = []
    for _ in range(8):
        hands = t.deal_round()
        for hand in hands.values():
            kinds.append(hand.structure)
            while not hand.is_over:
                hand.check_or_call()
        t.end_round()
    assert (
        kinds
        == [Structure.FIXED_LIMIT] * 2
        + [Structure.POT_LIMIT] * 2
        + [Structure.NO_LIMIT] * 2
        + [Structure.FIXED_LIMIT] * 2
    )
    assert (hand.small_bet, hand.big_bet, hand.river_bet) == (40, 80, 120)


def test_bad_limits() -> None:
    for bad in (
        Level(1, 2, small_bet=4),  # a no-limit level with a fixed-limit bet
        Level(1, 2, structure="fixed-limit", small_bet=4, big_bet=2),
        Level(1, 2, structure="fixed-limit", river_bet=0),
        Level(1, 2, structure="limitless"),
    ):
        with pytest.raises(RulesError):
            Tournament(4, starting_stack=100, levels=[bad])
    with pytest.raises(RulesError):  # a fixed-limit tournament's levels hold its sizes
        Tournament(
            4,
            starting_stack=100,
            levels=[Level(1, 2, small_bet=4, big_bet=2)],
            structure="fixed-limit",
        )


def test_late_registration_grows_the_field_and_the_pool() -> None:
    levels = [Level(10, 20, hands=3), Level(20, 40, hands=3), Level(50, 100)]
    t = Tournament(
        ["A", "B", "C", "D", "E", "F"],
        starting_stack=1_000,
        buy_in=100,
        levels=levels,
        table_size=6,
        late_registration=2,
        seed=5,
    )
    assert t.registration_open and (t.entrants, t.prize_pool) == (6, 600)
    table, seat = t.register("G")  # every seat taken: a new table, and the tables balanced
    assert (
        t.seats["G"] == (table, seat)
        and table in (1, 2)
        and t.tables[table].players[seat].name == "G"
    )
    assert (t.entrants, t.prize_pool, t.players_left) == (7, 700, 7)
    assert t.payouts == payout_table(7, 700)
    assert len(t.tables) == 2 and sorted(len(x.players) for x in t.tables.values()) == [3, 4]
    assert sum(t.stacks.values()) == t.chips_in_play == 7_000
    with pytest.raises(TableError, match="entered"):
        t.register("G")
    with pytest.raises(TableError, match="still in"):
        t.reenter("A")  # no re-entries here, and A is in anyway
    rng = random.Random(5)
    act = policy(rng)
    while t.level_number <= 2 and not t.is_over:
        t.play_round(act)
    if not t.is_over:
        t.play_round(act)  # the first hand past the late-registration levels closes it
        assert not t.registration_open
        with pytest.raises(TableError, match="closed"):
            t.register("H")


def test_a_late_entry_finishes_above_every_entry_already_out() -> None:
    t = Tournament(
        6,
        starting_stack=200,
        buy_in=10,
        levels=[Level(50, 100, hands=50), Level(100, 200)],
        table_size=6,
        late_registration=1,
        reentries=2,
        seed=8,
    )
    rng = random.Random(8)
    act = policy(rng)
    out: list[str] = []
    while not out:
        out = t.play_round(act)
    first = out[0]
    placed = {f.name: f.place for f in t.standings}
    t.register("Late")
    assert {f.name: f.place for f in t.standings} == {n: p + 1 for n, p in placed.items()}
    t.reenter(first)
    assert {f.name: f.place for f in t.standings} == {n: p + 2 for n, p in placed.items()}
    assert t.entrants == 8 and t.prize_pool == 80 and first in t.stacks


@pytest.mark.parametrize("seed", range(8))
def test_reentry_tournaments_run_to_one_winner(seed: int) -> None:
    """Random fields with late registrations and re-entries: chips conserved at every step,
    places by elimination order with every place taken once, prizes that add up to the pool,
    ICM over the prizes still to be won."""
    rng = random.Random(seed)
    limit = rng.randint(0, 2)
    t = Tournament(
        rng.randint(2, 14),
        starting_stack=300,
        buy_in=rng.choice((0, 1, 25)),
        levels=[
            Level(5, 10, hands=4),
            Level(10, 20, hands=4),
            Level(25, 50, hands=4),
            Level(50, 100),
        ],
        table_size=rng.choice((2, 6, 9)),
        late_registration=rng.randint(1, 3),
        reentries=limit,
        seed=seed,
    )
    act = policy(rng)
    late = 0
    exits: list[tuple[int, str, int]] = []  # (round, name, entry)
    entries: dict[str, int] = {}
    while not t.is_over:
        if t.registration_open and rng.random() < 0.3:
            late += 1
            t.register(f"L{late}")
        gone = t.play_round(act)
        round_ = t.round
        latest = {f.name: f for f in t.standings}
        for name in gone:
            exits.append((round_, name, latest[name].entry))
        assert sum(t.stacks.values()) == t.chips_in_play
        assert t.prize_pool == t.entrants * t._buy_in  # (no rebuys here)
        for name in gone:
            entries[name] = entries.get(name, 1)
            if t.registration_open and entries[name] <= limit and rng.random() < 0.7:
                t.reenter(name)
                entries[name] += 1
                assert t.stacks[name] == 300
            elif t.registration_open and entries[name] > limit:
                with pytest.raises(TableError, match="re-entries allowed"):
                    t.reenter(name)
        if not t.is_over and 1 < t.players_left <= 8:
            # the prizes of the grown field, for the players left in the order they entered
            prizes = list(t.payouts[: t.players_left])
            assert list(t.prizes_left()) == prizes
            equity = t.icm()
            left = sorted(t.stacks.items(), key=lambda x: order(t, x[0]))
            assert sum(equity.equity) == pytest.approx(sum(prizes))
            mine = icm([s for _, s in left], prizes)
            assert list(equity.equity) == pytest.approx(list(mine.equity))
        assert t.round < 5_000
    standings = t.standings
    assert len(standings) == t.entrants
    assert sum(f.prize for f in standings) == t.prize_pool
    places = sorted(f.place for f in standings if f.tied == 1)
    assert len(set(places)) == len(places)
    # a later exit never finishes lower
    by_exit = {(f.name, f.entry): (f.round or 10**9, f.place) for f in standings}
    for a in by_exit.values():
        for b in by_exit.values():
            if a[0] < b[0]:
                assert a[1] > b[1]
    # each re-entry is its own entry, numbered in order
    for name, count in entries.items():
        numbers = sorted(f.entry for f in standings if f.name == name)
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= count - 1


def order(t: Tournament, name: str) -> int:
    """The order a player first entered in (the order of ``Tournament.icm``)."""
    return next(i for i, e in enumerate(t._all) if e.name == name)


def test_bad_entry_options() -> None:
    for bad in (
        {"late_registration": -1},
        {"reentries": 2},
        {"reentries": -1, "late_registration": 1},
    ):
        with pytest.raises(RulesError):
            Tournament(4, starting_stack=100, levels=[Level(1, 2)], **bad)  # type: ignore[arg-type]
    t = Tournament(4, starting_stack=100, levels=[Level(1, 2)], table_size=4, seed=0)
    with pytest.raises(TableError, match="closed"):
        t.register("Late")
    t = Tournament(4, starting_stack=100, levels=[Level(1, 2)], late_registration=1, seed=0)
    t.deal_round()
    with pytest.raises(TableError, match="round is in play"):
        t.register("Late")
    with pytest.raises(TableError, match="has not entered"):
        Tournament(
            4, starting_stack=100, levels=[Level(1, 2)], late_registration=1, reentries=1
        ).reenter("nobody")
