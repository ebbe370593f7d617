"""Tournaments: runs to one winner, levels, rebuys, eliminations, balancing, breaking and deals.

Oracles and rules (the TDA tournament rules, 2013-2019 editions):
- rule 9 "Breaking Tables" and rule 10 "Balancing Tables and Halting Play": the player who will
  be big blind next moves to the worst position, "including taking a single big blind when
  available", never the small blind; play halts on a table 3 or more players short, so tables
  stay within 2 of each other (within 1 when balanced tightly);
- two or more players out in the same hand: the one who started it with more chips finishes
  higher; equal stacks tie and share the prizes of their places;
- chips are conserved at every step, and the prizes add up to the prize pool (Wikipedia,
  "Texas hold 'em": close to 10% of the field paid).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import holdem
from holdem import Break, Hand, Level, Rebuys, Table, TableError, Tournament
from holdem.analysis.payouts import payout_table
from holdem.engine.balancing import next_big_blind, plan_moves, tables_needed, worst_seat
from holdem.errors import RulesError

LEVELS = [Level(1, 2, hands=6), Level(2, 4, ante=1, hands=6), Level(5, 10, big_blind_ante=10)]


def random_policy(rng: random.Random, shove: float = 0.15) -> Callable[[Hand], None]:
    def act(hand: Hand) -> None:
        legal = hand.legal_actions()
        pick = rng.random()
        if legal.call is not None and pick < 0.3:
            hand.fold()
        elif legal.can_raise and pick > 1 - shove:
            assert legal.max_raise_to is not None
            hand.raise_to(legal.max_raise_to)
        elif legal.can_raise and pick > 0.7:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()

    return act


def check_round(t: Tournament, within: int) -> None:
    assert sum(t.stacks.values()) == t.chips_in_play  # chips conserved
    assert len(t.stacks) == t.players_left or t.is_over
    sizes = [len(table.players) for table in t.tables.values()]
    if not t.is_over and len(sizes) > 1:
        assert max(sizes) - min(sizes) <= within


def play_out(t: Tournament, rng: random.Random, within: int = 2) -> list[list[str]]:
    out = []
    act = random_policy(rng)
    while not t.is_over:
        before = t.stacks
        hands = t.deal_round()
        for hand in hands.values():
            while not hand.is_over:
                act(hand)
        gone = t.end_round()
        for name in gone:
            assert name in before
        out.append(gone)
        check_round(t, within)
        assert t.round < 20_000
    return out


@pytest.mark.parametrize("seed", range(6))
def test_run_to_one_winner(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 45)
    t = Tournament(
        n, starting_stack=300, buy_in=11, table_size=rng.randint(2, 10), levels=LEVELS, seed=seed
    )
    assert t.prize_pool == 11 * n
    play_out(t, rng)
    standings = t.standings
    assert len(standings) == n
    assert sum(f.prize for f in standings) == t.prize_pool
    assert next(f.place for f in standings) == 1
    assert sum(1 for f in standings if f.place == 1) == 1
    winner = standings[0].name
    assert t.stacks == {winner: t.chips_in_play}
    # every place is taken once (a tie of k players takes k places)
    places = sorted(f.place for f in standings)
    taken: list[int] = []
    for f in standings:
        taken.extend(range(f.place, f.place + f.tied))
    assert sorted(set(taken)) == list(range(1, n + 1))
    assert len(places) == n


def test_busting_in_one_hand_ranks_by_starting_chips() -> None:
    """More chips at the start of the hand finish higher; equal stacks tie and share."""
    seen_multi = seen_tie = 0
    for seed in range(40):
        rng = random.Random(seed)
        t = Tournament(
            6,
            starting_stack=100,
            buy_in=10,
            table_size=6,
            levels=[Level(5, 10)],
            payouts=[40, 30, 20, 10],
            seed=seed,
        )
        act = random_policy(rng, shove=0.6)
        while not t.is_over:
            before = t.stacks
            gone = t.play_round(act)
            starts = [before[g] for g in gone]
            assert starts == sorted(starts)  # worst place first: fewest chips first
            if len(gone) > 1:
                seen_multi += 1
                finish = {f.name: f for f in t.standings}
                for a, b in itertools.pairwise(gone):
                    if before[a] == before[b]:
                        seen_tie += 1
                        assert finish[a].place == finish[b].place and finish[a].tied > 1
                    else:
                        assert finish[a].place > finish[b].place
        assert sum(f.prize for f in t.standings) == t.prize_pool == 60
    assert seen_multi > 0 and seen_tie > 0


def test_tied_players_share_prizes() -> None:
    """Two players out in one hand with the same starting stack share places 2 and 3."""
    gone: list[str] = []
    for seed in range(50):
        t = Tournament(
            ["A", "B", "C"],
            starting_stack=100,
            buy_in=100,
            table_size=3,
            levels=[Level(50, 100)],
            payouts=[5, 3, 2],
            seed=seed,
        )
        (hand,) = t.deal_round().values()
        while not hand.is_over:  # everyone all in on the first hand
            hand.check_or_call()
        gone = t.end_round()
        if len(gone) == 2:
            break
    assert len(gone) == 2 and t.is_over
    finish = {f.name: f for f in t.standings}
    assert finish[gone[0]].place == finish[gone[1]].place == 2
    assert finish[gone[0]].tied == 2
    assert finish[gone[0]].prize + finish[gone[1]].prize == 90 + 60
    assert abs(finish[gone[0]].prize - finish[gone[1]].prize) <= 1
    assert sum(f.prize for f in t.standings) == 300


def test_hand_for_hand_joins_the_tables_of_a_round() -> None:
    """Hand-for-hand, players out at different tables in one round share one ranking."""
    for seed in range(30):
        rng = random.Random(seed)
        t = Tournament(
            18,
            starting_stack=60,
            table_size=9,
            levels=[Level(5, 10)],
            hand_for_hand=18,
            balance_within=1,
            seed=seed,
        )
        act = random_policy(rng, shove=0.6)
        while not t.is_over:
            before, h4h = t.stacks, t.hand_for_hand
            gone = t.play_round(act)
            if h4h:
                starts = [before[g] for g in gone]
                assert starts == sorted(starts)
    t = Tournament(18, starting_stack=60, table_size=9, levels=[Level(5, 10)], hand_for_hand=0)
    assert not t.hand_for_hand
    t = Tournament(30, starting_stack=60, table_size=9, levels=[Level(5, 10)], buy_in=1)
    assert len(t.payouts) == 3 and not t.hand_for_hand  # the bubble: 4 players left


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=2, max_value=70),
    st.integers(min_value=2, max_value=10),
    st.sampled_from([1, 2]),
    st.integers(min_value=0, max_value=2**32),
)
def test_balancing_property(players: int, size: int, within: int, seed: int) -> None:
    """After every round tables differ by at most ``within`` and use the fewest tables."""
    rng = random.Random(seed)
    t = Tournament(
        players,
        starting_stack=40,
        table_size=size,
        levels=[Level(2, 4)],
        balance_within=within,
        seed=seed,
    )
    sizes = [len(table.players) for table in t.tables.values()]
    assert max(sizes) - min(sizes) <= 1
    act = random_policy(rng, shove=0.5)
    while not t.is_over:
        t.play_round(act)
        assert sum(t.stacks.values()) == t.chips_in_play
        if not t.is_over:
            sizes = [len(table.players) for table in t.tables.values()]
            assert len(sizes) == tables_needed(t.players_left, size)
            assert all(s <= size for s in sizes)
            if len(sizes) > 1:
                assert max(sizes) - min(sizes) <= within
                # a lone player only when every other table is full (an odd field at 2-max)
                assert min(sizes) >= 2 or sorted(sizes)[1:] == [size] * (len(sizes) - 1)
    for move in t.moves:
        assert move.why in ("balance", "break")


def test_worst_position_is_the_single_big_blind() -> None:
    """TDA 10-A: the moved player takes the next big blind's empty seat, never the small."""
    table = Table(9, blinds=(1, 2), min_buy_in=1, max_buy_in=1000, first_button=1, seed=1)
    for seat in (1, 2, 3, 5, 6, 7, 8, 9):
        table.sit_down(seat, f"S{seat}", 100)
    table.play_hand(lambda hand: hand.fold())  # button 1, small blind 2, big blind 3
    assert table.plan is not None and table.plan.big_blind == 3
    assert next_big_blind(table) == 5  # seat 4 empty: the big blind moves on to 5
    assert worst_seat(table) == 4  # the single big blind
    table.sit_down(4, "Moved", 100, established=True)
    table.new_hand()
    assert table.plan is not None
    assert table.plan.big_blind == 4 and table.plan.small_blind == 3
    assert 4 not in table.plan.posts  # a moved player posts nothing more


def test_next_big_blind_is_who_moves() -> None:
    table = Table(6, blinds=(1, 2), min_buy_in=1, max_buy_in=1000, first_button=2, seed=3)
    for seat in (1, 2, 4, 5, 6):
        table.sit_down(seat, f"S{seat}", 100)
    assert next_big_blind(table) is None  # before the first hand the button is not drawn
    for _ in range(7):
        table.play_hand(lambda hand: hand.fold())
        predicted = next_big_blind(table)
        table.new_hand()
        assert table.plan is not None and table.plan.big_blind == predicted
        while table.hand is not None:
            table.hand.fold()


def test_breaking_a_table() -> None:
    """10 players at two tables of five; the ninth left breaks the table that breaks first."""
    t = Tournament(10, starting_stack=100, table_size=9, levels=[Level(10, 20)], seed=5)
    assert sorted(len(x.players) for x in t.tables.values()) == [5, 5]
    rng = random.Random(5)
    act = random_policy(rng, shove=0.7)
    while t.players_left > 9:
        t.play_round(act)
    assert list(t.tables) == [1]  # table 2 broke (highest number first)
    assert t.moves and all(m.why == "break" and m.from_table == 2 for m in t.moves)
    assert {m.name for m in t.moves} <= set(t.seats)
    assert all(t.seats[m.name] == (1, m.to_seat) for m in t.moves)
    assert len(set(t.seats.values())) == t.players_left  # one player a seat


def test_levels_by_hands_and_breaks() -> None:
    t = Tournament(
        4,
        starting_stack=1000,
        table_size=4,
        seed=2,
        levels=[
            Level(1, 2, hands=2),
            Break(),
            Level(5, 10, ante=1, hands=1),
            Level(10, 20, big_blind_ante=20),
        ],
    )
    blinds = []
    for _ in range(5):
        if t.on_break:
            assert t.level_number == 1
        hands = t.deal_round()
        for hand in hands.values():
            blinds.append((max(hand.forced_bets), sum(hand.antes)))
            while not hand.is_over:
                hand.fold()
        t.end_round()
    assert blinds == [(2, 0), (2, 0), (10, 4), (20, 20), (20, 20)]


def test_levels_and_breaks_by_the_clock() -> None:
    now = [0.0]
    t = Tournament(
        4,
        starting_stack=1000,
        table_size=4,
        seed=2,
        clock=lambda: now[0],
        levels=[Level(1, 2, minutes=10), Break(5), Level(5, 10, minutes=10)],
    )
    t.play_round(lambda hand: hand.fold())
    assert t.level.big_blind == 2
    now[0] = 601.0
    with pytest.raises(TableError, match="break"):
        t.deal_round()
    assert t.on_break
    # The break started when the level's 10 minutes ran out (600 s, not when a deal saw it at
    # 601 s), and ends 5 minutes later by the schedule (TDA: a level starts at zero).
    now[0] = 899.0
    with pytest.raises(TableError, match="break"):
        t.deal_round()
    now[0] = 900.0
    hands = t.deal_round()
    assert all(max(h.forced_bets) == 10 for h in hands.values())
    assert t.level_number == 2


def test_a_level_that_ends_during_a_hand_starts_with_the_next() -> None:
    now = [0.0]
    t = Tournament(
        6,
        starting_stack=1000,
        table_size=6,
        seed=3,
        clock=lambda: now[0],
        levels=[Level(1, 2, minutes=1), Level(5, 10)],
    )
    (hand,) = t.deal_round().values()
    now[0] = 61.0  # the level's time runs out while the hand is played
    while not hand.is_over:
        hand.check_or_call()
    assert max(hand.forced_bets) == 2
    t.end_round()
    assert t.level.big_blind == 10
    (hand,) = t.deal_round().values()
    assert max(hand.forced_bets) == 10


def test_rebuys_and_add_ons() -> None:
    rebuys = Rebuys(cost=10, chips=100, levels=1, limit=2, add_on_cost=5, add_on_chips=200)
    t = Tournament(
        ["A", "B", "C", "D"],
        starting_stack=100,
        buy_in=10,
        table_size=4,
        levels=[Level(1, 2, hands=3), Break(), Level(50, 100)],
        rebuys=rebuys,
        on_bust=lambda name: True,
        seed=4,
    )
    assert t.rebuys_open
    t.rebuy("A")
    assert t.stacks["A"] == 200 and t.prize_pool == 50 and t.chips_in_play == 500
    with pytest.raises(TableError, match="at most"):
        t.rebuy("A")  # 200 chips: more than a rebuy allows
    with pytest.raises(TableError, match="rebuys allowed"):
        Tournament(
            2, starting_stack=10, levels=[Level(1, 2)], rebuys=Rebuys(1, 10, 1, limit=0)
        ).rebuy("P1")
    for _ in range(3):
        t.play_round(lambda hand: hand.check_or_call() if hand.can_check() else hand.fold())
    assert t.on_break and t.rebuys_open
    t.add_on("B")
    with pytest.raises(TableError, match="add-on"):
        t.add_on("B")
    assert t.chips_in_play == 700 and t.prize_pool == 55
    rng = random.Random(1)
    act = random_policy(rng, shove=0.5)
    t.play_round(act)
    assert not t.rebuys_open
    with pytest.raises(TableError):
        t.add_on("C")
    with pytest.raises(TableError, match="closed"):
        t.rebuy("C")
    while not t.is_over:
        t.play_round(act)
        assert sum(t.stacks.values()) == t.chips_in_play
    assert sum(f.prize for f in t.standings) == t.prize_pool


def test_rebuy_on_bust_keeps_the_player_in() -> None:
    calls: list[str] = []

    def on_bust(name: str) -> bool:
        calls.append(name)
        return True

    t = Tournament(
        3,
        starting_stack=20,
        buy_in=10,
        table_size=3,
        seed=9,
        on_bust=on_bust,
        levels=[Level(5, 10, hands=4), Level(10, 20)],
        rebuys=Rebuys(cost=10, chips=20, levels=1),
    )
    rng = random.Random(9)
    act = random_policy(rng, shove=0.9)
    for _ in range(4):
        gone = t.play_round(act)
        assert gone == []  # everyone who busts rebuys in the period
    assert calls
    assert t.prize_pool == 30 + 10 * len(calls)
    while not t.is_over:
        t.play_round(act)
    assert sum(f.prize for f in t.standings) == t.prize_pool


@pytest.mark.parametrize("method", ["icm", "chips", "even"])
def test_deal_ends_the_tournament(method: str) -> None:
    t = Tournament(
        20, starting_stack=500, buy_in=25, table_size=10, levels=[Level(10, 20)], seed=11
    )
    rng = random.Random(11)
    act = random_policy(rng, shove=0.3)
    while t.players_left > 4:
        t.play_round(act)
    left = t.players_left
    equity = t.icm()
    assert abs(sum(equity.equity) - sum(t.prizes_left())) < 1e-6
    shares = t.deal(method)
    assert t.is_over and sum(shares.values()) == sum(payout_table(20, 500)[:left])
    assert sum(f.prize for f in t.standings) == t.prize_pool == 500
    with pytest.raises(TableError):
        t.deal(method)


def test_deal_with_a_sum_left_to_play_for() -> None:
    dealt = 0
    for seed in range(12, 40):
        t = Tournament(
            12,
            starting_stack=500,
            buy_in=100,
            table_size=6,
            levels=[Level(10, 20)],
            payouts=[50, 30, 20],
            seed=seed,
        )
        rng = random.Random(seed)
        act = random_policy(rng, shove=0.3)
        while t.players_left > 3:
            t.play_round(act)
        if t.players_left != 3:
            continue
        shares = t.deal("icm", left_to_play=100)
        assert sum(shares.values()) == 1100 and not t.is_over
        with pytest.raises(TableError, match="deal has been made"):
            t.deal("chips")
        while not t.is_over:
            t.play_round(act)
        standings = t.standings
        assert sum(f.prize for f in standings) == t.prize_pool == 1200
        assert standings[0].prize == shares[standings[0].name] + 100
        dealt += 1
        if dealt == 3:
            break
    assert dealt == 3


def test_public_names_and_bad_input() -> None:
    assert holdem.Tournament is Tournament and holdem.Level is Level
    assert repr(Tournament(20, starting_stack=100, levels=[Level(1, 2)], buy_in=5)) == (
        "<Tournament: 20/20 left at 3 tables, level 1 (1/2), round 0, prize pool 100>"
    )
    with pytest.raises(RulesError):
        Tournament(1, starting_stack=100, levels=[Level(1, 2)])
    with pytest.raises(RulesError):
        Tournament(["A", "A"], starting_stack=100, levels=[Level(1, 2)])
    with pytest.raises(RulesError):
        Tournament(4, starting_stack=0, levels=[Level(1, 2)])
    with pytest.raises(RulesError):
        Tournament(4, starting_stack=100, levels=[Break()])
    with pytest.raises(RulesError):
        Tournament(4, starting_stack=100, levels=[Level(2, 1)])
    with pytest.raises(RulesError):
        Tournament(4, starting_stack=100, levels=[Level(1, 2)], table_size=11)
    with pytest.raises(RulesError):
        # fixed-limit levels are played; bet sizes that are not 0 < small <= big are refused
        Tournament(
            4,
            starting_stack=100,
            levels=[Level(1, 2, small_bet=4, big_bet=2)],
            structure="fixed limit",
        )
    with pytest.raises(RulesError):
        Tournament(4, starting_stack=100, levels=[Level(1, 2)], payouts=[10, 20])
    for bad in (
        {"levels": [Level(1, 2, minutes="10")]},  # type: ignore[arg-type]
        {"levels": [Level(1, 2), Break(-1)]},
        {"levels": [Level(1, 2)], "rebuys": Rebuys(10, 100, 1, limit=-1)},
        {"levels": [Level(1, 2)], "hand_for_hand": -1},
        {"levels": [Level(1, 2)], "break_order": [1, 1]},
        {"levels": [Level(1, 2)], "balance_within": 0},
    ):
        with pytest.raises(RulesError):
            Tournament(20, starting_stack=100, **bad)
    t = Tournament(4, starting_stack=100, levels=[Level(1, 2)], table_size=4, seed=0)
    before = (t.stacks, t.prize_pool, t.chips_in_play)
    with pytest.raises(TableError, match="closed"):
        t.rebuy("P1")
    with pytest.raises(TableError, match="not a player"):
        t.add_on("nobody")
    assert (t.stacks, t.prize_pool, t.chips_in_play) == before
    t.deal_round()
    with pytest.raises(TableError, match="in play"):
        t.deal_round()
    with pytest.raises(TableError, match="not over"):
        t.end_round()


def test_balancing_worked_example() -> None:
    """Ante Up's reading of the TDA balancing rule: tables of 10, 9, 9, 9 and 8 are fine; when
    the 8-handed table goes to 7, a player moves from the 10-handed table to it; once there are
    10 empty seats a table breaks and the others are full again."""
    order = [5, 4, 3, 2, 1]
    assert plan_moves({1: 10, 2: 9, 3: 9, 4: 9, 5: 8}, within=2, order=order) == []
    assert plan_moves({1: 10, 2: 9, 3: 9, 4: 9, 5: 7}, within=2, order=order) == [(1, 5)]
    assert tables_needed(41, 10) == 5 and tables_needed(40, 10) == 4


def test_plan_moves_examples() -> None:
    assert plan_moves({1: 10, 2: 7}, within=2, order=[2, 1]) == [(1, 2)]
    assert plan_moves({1: 9, 2: 7}, within=2, order=[2, 1]) == []
    assert plan_moves({1: 9, 2: 8}, within=1, order=[2, 1]) == []


def test_set_stakes_hook() -> None:
    table = Table(4, blinds=(1, 2), min_buy_in=1, max_buy_in=10_000, first_button=1, seed=0)
    for seat in (1, 2, 3):
        table.sit_down(seat, f"S{seat}", 1000)
    table.set_stakes((5, 10), ante=2)
    hand = table.new_hand()
    assert max(hand.forced_bets) == 10 and sum(hand.antes) == 6
    with pytest.raises(TableError):
        table.set_stakes((10, 20))
    while not hand.is_over:
        hand.fold()
    with pytest.raises(RulesError):
        table.set_stakes((20, 10))
    table.set_stakes((10, 20), big_blind_ante=20)
    hand = table.new_hand()
    assert max(hand.forced_bets) == 20 and sum(hand.antes) == 20


def test_default_levels_are_the_cli_s() -> None:
    """``holdem.Tournament(18, starting_stack=1500)`` needs no ``levels`` (issue 28): its
    schedule is the one ``holdem tournament`` plays without ``--levels``, so the same field,
    seed and agents ('call': check or call) end the same way."""
    import contextlib
    import io
    import json

    from holdem.cli import main
    from holdem.engine.schedule import DEFAULT_HANDS_PER_LEVEL, default_levels

    t = Tournament(18, starting_stack=1500, buy_in=10, seed=3)
    assert t.level == Level(15, 30, hands=DEFAULT_HANDS_PER_LEVEL)
    t.play(lambda hand: hand.check_or_call())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["tournament", "--players", "18", "--agent", "call", "--seed", "3", "--json"])
    assert code == 0
    cli = json.loads(out.getvalue())
    assert cli["rounds"] == t.round
    assert [(r["player"], r["place"], r["prize"]) for r in cli["standings"]] == [
        (f.name, f.place, f.prize) for f in t.standings
    ]
    levels = default_levels(1500)
    assert [(lv.small_blind, lv.big_blind) for lv in levels[:5]] == [
        (15, 30),
        (22, 45),
        (33, 67),
        (50, 100),
        (75, 150),
    ]
    assert all(lv.hands == DEFAULT_HANDS_PER_LEVEL for lv in levels) and len(levels) == 40
    with pytest.raises(RulesError, match="starting_stack"):
        Tournament(18, starting_stack=0)


def test_the_cli_s_hands_per_level_default_is_the_schedule_s() -> None:
    from holdem.cli import _parser
    from holdem.engine.schedule import DEFAULT_HANDS_PER_LEVEL

    args = _parser().parse_args(["tournament"])
    assert args.hands_per_level == DEFAULT_HANDS_PER_LEVEL
