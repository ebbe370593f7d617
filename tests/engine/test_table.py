"""A cash-game table: worked scenarios of the rules above one hand.

Oracles: Wikipedia "Texas hold 'em" (the button rotates clockwise; heads-up the button posts the
small blind and acts first pre-flop), the Wizard of Odds' "Texas Hold'em" rules (rule 16: a new
player waits for the big blind or posts one), Robert's Rules of Poker "Button and blind use"
(dead button; missed blinds: the big blind live, the small blind dead; a player who went broke
owes the blinds missed) and the usual worked statement of the dead-button rule of Robert's Rules
and the TDA (a small blind, a big blind, or both leaving).
"""

from __future__ import annotations

import random

import pytest

from holdem import EventKind, Hand, RulesError, Table, TableError


def table(seats: int = 6, **kw: object) -> Table:
    kw.setdefault("first_button", 1)
    kw.setdefault("seed", 1)
    kw.setdefault("min_buy_in", 10)
    kw.setdefault("max_buy_in", 1000)
    return Table(seats, blinds=(1, 2), **kw)  # type: ignore[arg-type]


def seat_all(t: Table, seats: list[int], chips: int = 200) -> None:
    for s in seats:
        t.sit_down(s, f"P{s}", chips)


def fold_around(hand: Hand) -> None:
    """Everyone folds to the big blind (who wins the blinds)."""
    while not hand.is_over:
        if hand.legal_actions().fold:
            hand.fold()
        else:
            hand.check_or_call()


def next_hand(t: Table) -> tuple[int, int | None, int, tuple[int, ...]]:
    """Deal the next hand, fold it around; the button, small blind, big blind and seat map."""
    hand = t.new_hand()
    plan = t.plan
    assert plan is not None
    fold_around(hand)
    return plan.button, plan.small_blind, plan.big_blind, plan.dealt


def preflop_first(hand: Hand) -> int:
    """The hand seat first to act pre-flop."""
    assert hand.actor is not None
    return hand.actor


# -- the button and the blinds ---------------------------------------------------------------------


def test_first_hand_and_clockwise_rotation() -> None:
    # Wikipedia: "the dealer button rotates clockwise after each hand"; the small blind is left of
    # the dealer, the big blind left of the small blind; pre-flop the player left of the big blind
    # acts first.
    t = table()
    seat_all(t, [1, 2, 4, 6])
    hand = t.new_hand()
    assert (t.button, t.plan.small_blind, t.plan.big_blind) == (1, 2, 4)  # type: ignore[union-attr]
    assert t.seat_map == (2, 4, 6, 1)
    assert hand.forced_bets == (1, 2, 0, 0)
    assert t.seat_map[preflop_first(hand)] == 6
    fold_around(hand)
    buttons = [next_hand(t)[0] for _ in range(4)]
    assert buttons == [2, 4, 6, 1]


def test_stacks_come_back_after_the_hand() -> None:
    t = table()
    seat_all(t, [1, 3, 5], 100)
    hand = t.new_hand()
    fold_around(hand)  # the big blind (seat 5) wins the small blind
    assert t.stacks == {1: 100, 3: 99, 5: 101}
    assert sum(t.stacks.values()) == 300
    assert t.hand is None


def test_dead_button_when_the_small_blind_leaves() -> None:
    # The dead-button rule: "If the small blind busts out, the button moves to the seat vacated
    # by the eliminated small blind. The player who was the big blind now posts the small blind
    # and the player to his left posts the big blind. [...] the player who was the button will,
    # in effect, be the button once again."
    t = table()
    seat_all(t, [1, 2, 3, 4, 5])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.leave(2)
    button, small, big, dealt = next_hand(t)
    assert (button, small, big) == (2, 3, 4)
    assert dealt == (3, 4, 5, 1)  # seat 1 acts last after the flop: the button again, in effect
    assert t.plan is not None and t.plan.dead_button
    assert next_hand(t)[:3] == (3, 4, 5)


def test_dead_button_when_the_big_blind_leaves() -> None:
    # "If the big blind busts out, the button moves to the player who was the small blind and
    # the player to the left of the eliminated big blind posts the big blind. There is no small
    # blind for that hand. On the following deal, the button moves to the empty seat vacated by
    # the eliminated player and the two players to the left post the normal blinds."
    t = table()
    seat_all(t, [1, 2, 3, 4, 5])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.leave(3)
    hand = t.new_hand()
    assert (t.button, t.plan.small_blind, t.plan.big_blind) == (2, None, 4)  # type: ignore[union-attr]
    assert t.seat_map == (4, 5, 1, 2)
    assert hand.forced_bets == (2, 0, 0, 0)
    assert t.seat_map[preflop_first(hand)] == 5  # left of the big blind
    fold_around(hand)
    button, small, big, _ = next_hand(t)
    assert (button, small, big) == (3, 4, 5)
    assert t.plan is not None and t.plan.dead_button


def test_dead_button_when_both_blinds_leave() -> None:
    # "If both blinds bust out, the same player will effectively be the button three hands in a
    # row. The button moves to the now empty seat vacated by the eliminated small blind and the
    # player to the left of the eliminated big blind posts the big blind. There is no small blind
    # for that hand. On the following deal, the button moves to the next empty seat [...] and the
    # two players to the left post the normal blinds."
    t = table()
    seat_all(t, [1, 2, 3, 4, 5, 6])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.leave(2)
    t.leave(3)
    button, small, big, dealt = next_hand(t)
    assert (button, small, big) == (2, None, 4)
    assert dealt[-1] == 1
    button, small, big, dealt = next_hand(t)
    assert (button, small, big) == (3, 4, 5)
    assert dealt[-1] == 1  # seat 1 has the last action a third time


def test_moving_button_skips_empty_seats() -> None:
    # Robert's Rules, "moving button": the button always moves forward to the next player.
    t = table(button_rule="moving")
    seat_all(t, [1, 2, 3, 4, 5])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.leave(2)
    assert next_hand(t)[:3] == (3, 4, 5)
    assert t.plan is not None and not t.plan.dead_button


def test_big_blind_moves_one_player_each_hand() -> None:
    t = table()
    seat_all(t, [1, 2, 3, 4, 5, 6])
    bigs = [next_hand(t)[2] for _ in range(8)]
    assert bigs == [3, 4, 5, 6, 1, 2, 3, 4]


# -- heads-up --------------------------------------------------------------------------------------


def test_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    # Wikipedia: "the person with the dealer button posts the small blind, while his/her opponent
    # places the big blind. The dealer acts first before the flop."
    t = table()
    seat_all(t, [2, 5])
    hand = t.new_hand()
    assert t.button == 2 and t.plan is not None and t.plan.small_blind == 2
    assert t.seat_map == (5, 2)
    assert hand.forced_bets == (2, 1)
    assert t.seat_map[preflop_first(hand)] == 2
    fold_around(hand)
    assert next_hand(t)[:3] == (5, 5, 2)
    assert next_hand(t)[:3] == (2, 2, 5)


@pytest.mark.parametrize("gone", [1, 2, 3])
def test_three_to_two_no_big_blind_twice(gone: int) -> None:
    # TDA: when going heads-up, no player takes the big blind twice in a row.
    t = table()
    seat_all(t, [1, 2, 3])
    _, _, big, _ = next_hand(t)
    assert big == 3
    t.leave(gone)
    button, small, big2, dealt = next_hand(t)
    assert big2 != 3
    assert small == button and len(dealt) == 2


def test_two_to_three_players() -> None:
    t = table()
    seat_all(t, [1, 3])
    assert next_hand(t)[:3] == (1, 1, 3)
    t.sit_down(5, "New", 200)  # waits for the big blind: it is his turn at once
    button, small, big, dealt = next_hand(t)
    assert (small, big) == (3, 5)
    assert button == 1 and dealt == (3, 5, 1)


# -- new players -----------------------------------------------------------------------------------


def test_new_player_waits_for_the_big_blind() -> None:
    # Wizard of Odds, rule 16: "If a new player arrives at the table he should either wait for the
    # big blind position or put up an amount equal to the big blind".
    t = table()
    seat_all(t, [1, 2, 3, 4])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.sit_down(6, "Newcomer", 100)  # waits (the default)
    assert 6 not in next_hand(t)[3]  # the big blind is seat 4
    _button, _small, big, dealt = next_hand(t)
    assert big == 6 and 6 in dealt
    assert not t.players[6].new


def test_new_player_posts_a_live_big_blind_and_the_order_stays() -> None:
    t = table()
    seat_all(t, [1, 2, 3, 4, 5])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.sit_down(6, "Newcomer", 100, wait_for_big_blind=False)
    hand = t.new_hand()  # button 2, small blind 3, big blind 4; seat 6 posts
    assert t.seat_map == (3, 4, 5, 6, 1, 2)
    posts = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.POST]
    assert posts == [(3, 2)]
    assert [e.kind for e in hand.events if e.seat == 3 and e.amount][:1] == [EventKind.POST]
    assert hand.forced_bets == (1, 2, 0, 0, 0, 0)  # the post is no blind
    assert preflop_first(hand) == 2  # seat 5, left of the big blind, still acts first
    hand.call()  # seat 5 calls 2
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.check and legal.call is None  # the post is live: an option
    assert legal.min_raise_to == 4
    hand.check()
    fold_around(hand)
    assert sum(t.stacks.values()) == 5 * 200 + 100


def test_new_player_not_dealt_between_the_button_and_the_big_blind() -> None:
    # Robert's Rules: a new player may not be dealt in between the blinds (or the button and the
    # blinds); he is dealt in once the button has passed.
    t = table(8)
    seat_all(t, [1, 3, 5, 7])
    assert next_hand(t)[:3] == (1, 3, 5)
    t.sit_down(4, "Between", 100, wait_for_big_blind=False)  # between the next blinds (3 and 5)
    button, small, big, dealt = next_hand(t)
    assert (button, small, big) == (3, 5, 7) and 4 not in dealt
    button, small, big, dealt = next_hand(t)  # button 5: seat 4 is now behind the button
    assert (button, small, big) == (5, 7, 1)
    assert 4 in dealt
    last = t.history[-1]
    seat = last.seats.index(4)
    assert [(e.kind, e.amount) for e in last.hand.events if e.seat == seat and e.amount][:1] == [
        (EventKind.POST, 2)
    ]


# -- missed blinds ---------------------------------------------------------------------------------


def test_missed_blinds_posted_big_live_small_dead() -> None:
    # Robert's Rules: "If a player chooses to post the total amount of the blinds, an amount up
    # to the size of the minimum opening bet is live. The remainder is taken by the dealer to the
    # center of the pot and is not part of the player's bet."
    t = table()
    seat_all(t, [1, 2, 3, 4, 5])
    assert next_hand(t)[:3] == (1, 2, 3)
    t.sit_out(5)
    next_hand(t)  # big blind 4
    assert not t.players[5].owes_big
    next_hand(t)  # big blind passes seat 5 (to seat 1)
    assert t.players[5].owes_big and not t.players[5].owes_small
    next_hand(t)  # the small blind's turn passes seat 5 too
    assert t.players[5].owes_big and t.players[5].owes_small
    t.come_back(5)
    hand = t.new_hand()
    seat = t.seat_map.index(5)
    assert seat not in (0, 1)
    kinds = {(e.kind, e.amount) for e in hand.events if e.seat == seat and e.amount}
    assert kinds == {(EventKind.POST, 2), (EventKind.DEAD_BLIND, 1)}
    assert hand.bets[seat] == 2 and hand.pot_total == 1 + 2 + 2 + 1
    fold_around(hand)
    assert not t.players[5].owes_big and not t.players[5].owes_small


def test_dead_blind_goes_to_the_winner() -> None:
    # The dead small blind is in the pot: whoever wins the pot takes it.
    hand = Hand([100] * 4, forced_bets=[1, 2, 0, 0], posts=[0, 0, 2, 0], dead_blinds=[0, 0, 1, 0])
    hand.fold()  # seat 2 (the poster) folds at once
    hand.fold()
    hand.fold()  # the small blind folds: the big blind wins 1 + 1 dead + 2 posted
    assert hand.payoffs == [-1, 4, -3, 0]


def test_missed_blinds_wait_for_the_big_blind() -> None:
    t = table()
    seat_all(t, [1, 2, 3, 4, 5])
    next_hand(t)
    t.sit_out(5)
    for _ in range(3):
        next_hand(t)
    t.come_back(5, wait_for_big_blind=True)
    dealt_in = []
    for _ in range(4):
        _, _, big, dealt = next_hand(t)
        dealt_in.append((5 in dealt, big == 5))
    first = dealt_in.index((True, True))
    assert all(d == (False, False) for d in dealt_in[:first])
    assert not any(e.kind is EventKind.DEAD_BLIND for h in t.history for e in h.hand.events)


# -- busting, rebuys, the end of the session -------------------------------------------------------


def all_in(hand: Hand) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_raise:
            hand.all_in()
        else:
            hand.check_or_call()


def test_bust_and_rebuy() -> None:
    # Robert's Rules: "A player who goes all in and loses is obligated to make up the blinds if
    # they are missed before a rebuy is made. (The person is not treated as a new player.)"
    for seed in range(50):
        t = table(3, seed=seed)
        for s, chips in ((1, 100), (2, 150), (3, 200)):
            t.sit_down(s, f"P{s}", chips)
        t.play_hand(all_in)
        broke = [s for s, c in t.stacks.items() if c == 0]
        if len(broke) == 1:
            break
    else:
        pytest.fail("no seed busted exactly one player")
    (seat,) = broke
    assert t.players[seat].sitting_out and not t.players[seat].new
    t.play_hand(fold_around)  # heads-up now
    assert len(t.history[-1].seats) == 2
    t.add_chips(seat, 50)
    assert t.stacks[seat] == 50 and not t.players[seat].sitting_out
    assert t.players[seat].bought_in == 100 + 50 * seat


def test_session_ends_with_one_player() -> None:
    for seed in range(50):
        t = table(2, seed=seed, rebuys=False)
        seat_all(t, [1, 2], 100)
        t.play_hand(all_in)
        if t.is_over:
            break
    else:
        pytest.fail("no seed ended the session")
    assert len(t.busted) == 1 and len(t.stacks) == 1
    assert sum(t.stacks.values()) == 200
    with pytest.raises(TableError, match="session is over"):
        t.new_hand()


# -- errors leave the table unchanged --------------------------------------------------------------


def test_bad_moves_raise_and_change_nothing() -> None:
    t = table(min_buy_in=40, max_buy_in=200)
    seat_all(t, [1, 2, 3], 100)
    with pytest.raises(TableError, match="taken"):
        t.sit_down(1, "X", 100)
    with pytest.raises(TableError, match=r"40 \.\. 200"):
        t.sit_down(4, "X", 39)
    with pytest.raises(TableError, match="no seat"):
        t.sit_down(7, "X", 100)
    with pytest.raises(TableError, match="seated already"):
        t.sit_down(4, "P1", 100)
    with pytest.raises(TableError, match="100 at most"):
        t.add_chips(1, 101)
    with pytest.raises(TableError, match="positive int"):
        t.add_chips(1, 1.5)  # type: ignore[arg-type]
    hand = t.new_hand()
    before = t.players
    with pytest.raises(TableError, match="in the hand in play"):
        t.leave(1)
    with pytest.raises(TableError, match="in the hand in play"):
        t.add_chips(2, 10)
    with pytest.raises(TableError, match="finish it first"):
        t.new_hand()
    assert t.players == before
    fold_around(hand)
    assert t.leave(1) == 100


@pytest.mark.parametrize(
    "kw",
    [
        {"seats": 1},
        {"seats": 11},
        {"blinds": (2, 1)},
        {"blinds": (1,)},
        {"rules": "acpc"},
        {"min_buy_in": 50, "max_buy_in": 40},
        {"button_rule": "sideways"},
    ],
)
def test_bad_tables(kw: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Table(**kw)  # type: ignore[arg-type]


def test_more_seats_as_an_option() -> None:
    t = Table(12, max_seats=12, first_button=1, seed=3)
    for s in range(1, 13):
        t.sit_down(s, f"P{s}", 200)
    assert len(t.new_hand().stacks) == 12


def test_sessions_are_reproducible() -> None:
    def run(seed: int) -> list[int]:
        t = table(seed=seed)
        seat_all(t, [1, 2, 3, 4])
        rng = random.Random(seed)
        for _ in range(20):
            hand = t.new_hand()
            while not hand.is_over:
                legal = hand.legal_actions()
                if legal.call is not None and rng.random() < 0.3:
                    hand.fold()
                else:
                    hand.check_or_call()
        return list(t.stacks.values())

    assert run(5) == run(5)


# -- the hand's live posts and dead blinds ---------------------------------------------------------


@pytest.mark.parametrize("rules", ["casino", "pokerkit"])
def test_a_live_post_keeps_the_order(rules: str) -> None:
    # A straddle-like post by seat 4 of 6 would move the action; a live post does not.
    hand = Hand([100] * 6, forced_bets=[1, 2, 0, 0, 0, 0], posts=[0, 0, 0, 0, 2, 0], rules=rules)
    assert hand.actor == 2
    assert hand.pot_total == 5 and hand.bets == (1, 2, 0, 0, 2, 0)
    hand.fold()
    hand.fold()
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.check  # the poster's option
    kinds = [e.kind for e in hand.events if e.amount]
    assert kinds == [EventKind.BLIND, EventKind.BLIND, EventKind.POST]


def test_posts_are_checked() -> None:
    with pytest.raises(RulesError, match="at most the big blind"):
        Hand([100] * 4, blinds=(1, 2), posts=[0, 0, 3, 0])
    with pytest.raises(RulesError, match="cannot also make a live post"):
        Hand([100] * 4, blinds=(1, 2), posts=[0, 2, 0, 0])
    with pytest.raises(RulesError, match="entries for 4 seats"):
        Hand([100] * 4, blinds=(1, 2), dead_blinds=[0, 1])
    with pytest.raises(RulesError, match="must not be negative"):
        Hand([100] * 4, blinds=(1, 2), dead_blinds=[0, 0, -1, 0])


def test_posts_round_trip_through_phh() -> None:
    from holdem.phh import loads, replay, to_phh

    hand = Hand(
        [100] * 5,
        forced_bets=[1, 2, 0, 0, 0],
        posts=[0, 0, 0, 2, 0],
        dead_blinds=[0, 0, 0, 1, 0],
        seed=3,  # a deal whose showdown leaves no odd chip, which the two presets place apart
    )
    while not hand.is_over:
        hand.check_or_call()
    text = to_phh(hand)
    assert "_posts = [0, 0, 0, 2, 0]" in text and "_dead_blinds = [0, 0, 0, 1, 0]" in text
    for rules in ("casino", "pokerkit"):
        again = replay(loads(text)[0], rules=rules)
        assert again.matches
        assert [(e.kind, e.seat, e.amount) for e in again.hand.events[:4]] == [
            (e.kind, e.seat, e.amount) for e in hand.events[:4]
        ]
