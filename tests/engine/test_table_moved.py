"""A player moved in to the seat where the small blind is due: Robert's Rules against the TDA.

Oracles:
- the TDA tournament rules, 2013 rule 9 "Breaking Tables": players from a broken table "can get
  any seat including the big or small blind or button. The only place they cannot be dealt a
  hand is between the small blind and the button"; 2015 and later rule 7 (alternates, late
  registrations and re-entries) deals them in "except between small blind and button";
- the worked case of Card Player's "Contracts and Poker: Moving To A New Table" (S. J.
  Burnham, 2019), read against TDA rule 9: "The button is in seat 3. The player in seat 5 is
  knocked out in the play of that hand. The button moves to seat 4. A player from a broken
  table is moved to seat 5, which is now the small blind. Does the player in seat 5 get a
  hand?" By the TDA rule he does (he posts the small blind); by the cash-game dead button of
  Robert's Rules of Poker ("the small blind and button are positioned accordingly, even if this
  means the small blind or the button is placed in front of an empty seat"; "a new player
  cannot be dealt in between the big blind and the button") he waits a hand.
"""

from __future__ import annotations

import random

import pytest

from holdem import EventKind, Table
from holdem.engine.balancing import worst_seat
from holdem.engine.button import ACTIVE, MovedPlayers, SeatState, plan_hand
from holdem.errors import RulesError

SB, BB = 50, 100


def burnham_table(moved: str) -> Table:
    """Seats 1 .. 7 of a 9-seat table, the button in seat 3: seat 4 the small blind, 5 the big."""
    table = Table(
        9,
        blinds=(SB, BB),
        min_buy_in=1,
        max_buy_in=100_000,
        first_button=3,
        moved_players=moved,
        rebuys=False,
        seed=1,
    )
    for seat in range(1, 8):
        table.sit_down(seat, f"S{seat}", 5_000)
    hand = table.new_hand()
    plan = table.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (3, 4, 5)
    while not hand.is_over:  # everyone folds to the big blind
        hand.fold()
    table.leave(5)  # the player in seat 5 is knocked out (he leaves the table) ...
    table.sit_down(5, "Moved", 7_000, established=True)  # ... and one from a broken table sits
    return table


def test_tda_the_moved_player_posts_the_small_blind() -> None:
    table = burnham_table("tda")
    hand = table.new_hand()
    plan = table.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (4, 5, 6)
    assert plan.dealt == (5, 6, 7, 1, 2, 3, 4)
    assert list(hand.forced_bets) == [SB, BB, 0, 0, 0, 0, 0]
    assert not any(e.kind is EventKind.POST for e in hand.events)  # a blind, not a post
    assert hand.actor == 2  # the action starts left of the big blind (seat 7)
    assert table.players[5].stack == 7_000


def test_robert_the_moved_player_waits_a_hand() -> None:
    table = burnham_table("robert")
    hand = table.new_hand()
    plan = table.plan
    assert plan is not None
    # the big blind moves one seat (to 6); the small blind is dead; the button goes to seat 4
    assert (plan.button, plan.small_blind, plan.big_blind) == (4, None, 6)
    assert 5 not in plan.dealt and plan.dealt == (6, 7, 1, 2, 3, 4)
    assert list(hand.forced_bets) == [BB, 0, 0, 0, 0, 0]
    while not hand.is_over:
        hand.fold()
    hand = table.new_hand()  # next hand: the moved player has the button
    plan = table.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (5, 6, 7)
    assert 5 in plan.dealt and plan.dealt[-1] == 5


def test_a_new_cash_game_player_never_takes_the_small_blind() -> None:
    """The option is about players moved in (established); a new player at a cash table still
    waits or posts the big blind, under either option (Robert's Rules, "Button and blind use")."""
    for moved in ("tda", "robert"):
        table = Table(
            9,
            blinds=(SB, BB),
            min_buy_in=1,
            max_buy_in=100_000,
            first_button=3,
            moved_players=moved,
        )
        for seat in range(1, 8):
            table.sit_down(seat, f"S{seat}", 5_000)
        hand = table.new_hand()
        while not hand.is_over:
            hand.fold()
        table.leave(5)
        table.sit_down(5, "New", 5_000, wait_for_big_blind=False)
        table.new_hand()
        plan = table.plan
        assert plan is not None
        assert plan.small_blind is None and 5 not in plan.dealt


def test_plan_hand_option_and_the_moving_button() -> None:
    order = range(1, 10)
    states = {s: SeatState(s, ACTIVE) for s in range(1, 8)}
    first = plan_hand(order, states, None, first_button=3)
    assert first is not None
    states[5] = SeatState("moved", ACTIVE)
    tda = plan_hand(order, states, first, moved=MovedPlayers.TDA)
    robert = plan_hand(order, states, first)
    assert tda is not None and robert is not None
    assert (tda.small_blind, robert.small_blind) == (5, None)
    assert tda.big_blind == robert.big_blind == 6


def test_balancing_never_picks_the_small_blind_under_the_tda_option() -> None:
    """TDA rule 10-A: "Worst position is never the small blind", with the TDA option too."""
    rng = random.Random(0)
    for trial in range(40):
        table = Table(
            9,
            blinds=(SB, BB),
            min_buy_in=1,
            max_buy_in=100_000,
            first_button=1 + trial % 9,
            moved_players="tda",
            seed=trial,
        )
        for seat in sorted(rng.sample(range(1, 10), rng.randint(3, 8))):
            table.sit_down(seat, f"S{seat}", 5_000)
        for _ in range(rng.randint(1, 4)):
            hand = table.new_hand()
            while not hand.is_over:
                hand.fold()
        seat = worst_seat(table, rng)
        table.sit_down(seat, "Moved", 5_000, established=True)
        table.new_hand()
        plan = table.plan
        assert plan is not None
        assert plan.small_blind != seat or plan.heads_up


def test_bad_option() -> None:
    with pytest.raises(RulesError, match="moved_players"):
        Table(6, moved_players="house")
    assert Table(6).moved_players is MovedPlayers.ROBERT
