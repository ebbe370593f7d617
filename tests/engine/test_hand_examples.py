"""Published betting rules and worked examples of Texas hold'em, played through the hand engine.

The oracles are five public rules texts, quoted by short names: WIKI = Wikipedia, "Texas hold
'em" (its 2010 text: rules, the sample hand, ties and odd chips); SETUP = "Texas Hold'em: Set-Up
and Play" (a fixed-limit $10/$20 walk-through); RANKS = "Texas Hold'em Poker" (a rules text
derived from the Wikipedia article, with the hand rankings); WIZ = the Wizard of Odds' "Texas
Hold'em" rules (rules 1-20); POLICY = "Hold'em Poker Policies" (a paraphrase of the Wikipedia
article). Every amount asserted below is one the text states or plain arithmetic on its numbers.
Where the ``pokerkit`` or ``acpc`` preset differs on purpose, the test says what the peer does.

Seats: seat 0 is left of the button (the small blind), the last seat is the button.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from holdem import ActionError, Card, EventKind, Hand, RulesError, Street, parse_cards


def kinds(hand: Hand, *which: EventKind) -> list[tuple[EventKind, int | None, object]]:
    return [(e.kind, e.seat, e.amount) for e in hand.events if e.kind in which]


def street(hand: Hand) -> Street:
    """``hand.street`` (a call: mypy would keep the street it narrowed before an action)."""
    return hand.street


def bounds(hand: Hand) -> tuple[int | None, int | None]:
    legal = hand.legal_actions()
    return legal.min_raise_to, legal.max_raise_to


def shows(hand: Hand) -> list[tuple[str, int | None]]:
    return [
        (e.kind.value, e.seat) for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)
    ]


# -- WIKI sample hand ------------------------------------------------------------------------------

BOB, CAROL, TED, ALICE = 0, 1, 2, 3  # Alice is the dealer; Bob the small blind, Carol the big


def wiki_sample_hand(structure: str, showdown: str = "auto") -> Hand:
    """WIKI: "Alice deals two hole cards face down to each player, beginning with Bob"."""
    extra = {"small_bet": 2, "big_bet": 4} if structure == "fixed-limit" else {}
    hand: Hand = Hand(  # type: ignore[call-overload]  # a str showdown and **extra: no overload
        [100, 100, 100, 100],
        blinds=(1, 2),
        structure=structure,
        hole_cards=[("Qs", "9h"), ("Ks", "Jh"), None, ("Ac", "7c")],
        board=parse_cards("9c Kc 3h 5s 9d"),
        seed=7,
        showdown=showdown,
        **extra,
    )
    assert kinds(hand, EventKind.BLIND) == [(EventKind.BLIND, BOB, 1), (EventKind.BLIND, CAROL, 2)]
    # "Ted [...] cannot check, because the $2 big blind plays as a bet" and folds.
    assert hand.actor == TED and not hand.can_check() and hand.legal_actions().call == 2
    hand.fold()
    hand.call(seat=ALICE)  # "Alice calls $2"
    assert hand.legal_actions().call == 1  # Bob "adds $1 to call the $2 total"
    hand.call(seat=BOB)
    # Carol's blind is live: "she has the option to raise here, but she checks".
    legal = hand.legal_actions()
    assert legal.seat == CAROL and legal.check and legal.min_raise_to is not None
    hand.check()
    assert hand.street is Street.FLOP and hand.pot_total == 6  # "$6, $2 from each of three"
    assert hand.board == tuple(parse_cards("9c Kc 3h"))
    hand.check(seat=BOB)
    hand.bet(2, seat=CAROL)  # Carol "opens for $2"
    hand.raise_to(4, seat=ALICE)  # "$2 to match Carol and $2 to raise"
    hand.call(seat=BOB)  # Bob calls $4
    assert hand.legal_actions().call == 2  # "Carol calls $2 more"
    hand.call(seat=CAROL)
    assert street(hand) is Street.TURN and hand.pot_total == 18  # "$18, $6 [...] and $12"
    for seat in (BOB, CAROL, ALICE):  # the turn 5s is checked around: "still contains $18"
        hand.check(seat=seat)
    assert hand.pot_total == 18 and street(hand) is Street.RIVER
    hand.bet(4, seat=BOB)  # Bob bets $4 on the river 9d
    hand.call(seat=CAROL)
    hand.fold(seat=ALICE)
    return hand


@pytest.mark.parametrize("structure", ["fixed-limit", "no-limit"])
def test_wiki_sample_hand(structure: str) -> None:
    hand = wiki_sample_hand(structure)
    assert hand.is_over
    # "Bob wins the showdown and the $26 pot."
    assert kinds(hand, EventKind.WIN) == [(EventKind.WIN, BOB, 26)]
    # Bob put in $2 + $4 + $4, Carol $2 + $4 + $4, Alice $2 + $4: 10 + 10 + 6 = $26.
    assert hand.payoffs == [16, -10, 0, -6]
    # "The last player to bet is the first player to show their hand": Bob shows, Carol (who
    # cannot beat three nines) mucks in auto mode; Alice folded and shows nothing.
    assert shows(hand) == [("show", BOB), ("muck", CAROL)]


def test_wiki_sample_hand_everyone_shows() -> None:
    hand = wiki_sample_hand("fixed-limit", showdown="all")
    assert shows(hand) == [("show", BOB), ("show", CAROL)]
    carol = hand.view(ALICE).shown[CAROL]
    assert carol == tuple(parse_cards("Ks Jh"))
    assert hand.payoffs == [16, -10, 0, -6]


# -- SETUP $10/$20 fixed limit, ten players --------------------------------------------------------

SB, BB, UTG, BUTTON = 0, 1, 2, 9  # SETUP's seats 1, 2, 3 and 10


def setup_capping(rules: str) -> Hand:
    hand = Hand([1000] * 10, blinds=(5, 10), structure="fixed-limit", rules=rules, seed=10)
    assert (hand.small_bet, hand.big_bet) == (10, 20)  # "the small bet is $10 [...] big bet $20"
    assert hand.actor == UTG  # "number 3 seat, also known as sitting under the gun"
    assert bounds(hand) == (20, 20)  # "two small bets"
    hand.raise_to(20)  # "He must then put $20 into the pot"
    for seat in (3, 4, 5, 6):  # "Seats 4, 5, 6 and 7 fold"
        hand.fold(seat=seat)
    hand.raise_to(30, seat=7)  # seat 8 "must therefore contribute $30 (three small bets)"
    hand.call(seat=8)  # seat 9 calls $30
    hand.fold(seat=BUTTON)
    # The small blind "already has $5 committed [...] must contribute an additional $25".
    assert hand.legal_actions().call == 25
    hand.call(seat=SB)
    # The big blind "has to put in an additional $30 thus making his bet $40 in total".
    assert hand.legal_actions()[3:] == (20, 40, 40)
    hand.raise_to(40, seat=BB)
    assert [e.amount for e in hand.events if e.kind is EventKind.CALL][-1] == 25
    return hand


def test_setup_cap_at_four_bets_preflop() -> None:
    hand = setup_capping("casino")
    # "This is called cap the betting [...] After the cap, the remaining players can either fold
    # or call. The action resumes with the initial raiser who is sitting under the gun."
    legal = hand.legal_actions()
    assert legal.seat == UTG and legal.call == 20 and legal.min_raise_to is None
    with pytest.raises(ActionError):
        hand.raise_to(50)  # the fourth raise is refused
    for seat in (UTG, 7, 8, SB):
        assert hand.legal_actions().min_raise_to is None
        hand.call(seat=seat)
    assert hand.street is Street.FLOP and hand.pot_total == 5 * 40  # five players, $40 each


def test_setup_cap_pokerkit_counts_raises_not_the_blind() -> None:
    # pokerkit 0.7.7 allows four raises on top of the big blind: a raise to $50 is legal.
    hand = setup_capping("pokerkit")
    assert bounds(hand) == (50, 50)
    hand.raise_to(50)
    assert hand.legal_actions().min_raise_to is None  # now capped


def test_setup_flop_turn_and_river_examples() -> None:
    hand = Hand([1000] * 10, blinds=(5, 10), structure="fixed-limit", seed=11, showdown="manual")
    for seat in range(2, 9):
        hand.fold(seat=seat)
    hand.call(seat=BUTTON)
    hand.call(seat=SB)
    hand.check(seat=BB)
    # Flop: SB checks; "The big blind bets ($10; equal to one small bet) and the button opts to
    # call"; the SB may "raise (make it $20 [...] check-raise), fold [...] or call (put in $10)".
    hand.check(seat=SB)
    assert bounds(hand) == (10, 10)
    hand.bet(10, seat=BB)
    hand.call(seat=BUTTON)
    legal = hand.legal_actions()
    assert (legal.seat, legal.fold, legal.call, legal.min_raise_to) == (SB, True, 10, 20)
    hand.fold()
    # Turn: "The big blind decides to bet (puts in $20 [...]), the button chooses to raise (puts
    # in $40 [...]) and the big blind elects to call (puts in another $20 [...])".
    assert hand.street is Street.TURN and bounds(hand) == (20, 20)
    hand.bet(20, seat=BB)
    assert bounds(hand) == (40, 40)
    hand.raise_to(40, seat=BUTTON)
    assert hand.legal_actions().call == 20
    hand.call(seat=BB)
    # River: the BB checks, the button bets $20, the BB calls; "The button has been called [...]
    # he has to flip two hole cards face up"; the big blind may muck or show.
    hand.check(seat=BB)
    hand.bet(20, seat=BUTTON)
    hand.call(seat=BB)
    assert street(hand) is Street.SHOWDOWN and hand.actor == BUTTON
    with pytest.raises(ActionError):
        hand.show(seat=BB)  # the button shows first
    hand.show(seat=BUTTON)
    assert hand.actor == BB
    hand.muck(seat=BB)
    assert hand.is_over
    pot = 3 * 10 + 2 * 10 + 2 * 40 + 2 * 20  # pre-flop, flop, turn, river
    assert hand.payoffs[BUTTON] == pot - 10 - 10 - 40 - 20
    assert hand.payoffs[BB] == -(10 + 10 + 40 + 20) and hand.payoffs[SB] == -10


# -- No-limit minimum raise ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["casino", "pokerkit", "acpc"])
def test_min_reraise_2_8_14(rules: str) -> None:
    # WIKI: "if the big blind is $2 and there is a raise of $6 to a total of $8, a re-raise must
    # be at least $6 more for a total of $14."
    hand = Hand([500] * 4, blinds=(1, 2), rules=rules, seed=1)
    assert hand.legal_actions().min_raise_to == 4  # RANKS: "The minimum raise is equal to the BB"
    hand.raise_to(8)
    assert bounds(hand) == (14, 500)
    assert not hand.can_raise_to(13)
    with pytest.raises(ActionError, match="14"):
        hand.raise_to(13)
    hand.raise_to(14)
    assert hand.legal_actions().min_raise_to == 20


# -- Side pots, uncalled bets, odd chips -----------------------------------------------------------


def test_side_pots_with_three_all_in_levels() -> None:
    # WIZ rule 17: "If a bet is made after another player runs out of money, then a separate pot
    # is created. The player that ran out of money is not eligible to win the second pot. If more
    # than one player runs out of money then multiple separate pots can be created."
    hand = Hand(
        [10, 30, 60, 100],
        blinds=(1, 2),
        hole_cards=[("As", "Ah"), ("Ks", "Kh"), ("Qs", "Qh"), ("Js", "Jh")],
        board=parse_cards("2c 7d 9c 3d 4h"),
        seed=5,
    )
    hand.all_in(seat=2)  # 60
    hand.all_in(seat=3)  # 100 covers everyone: it calls 60, the rest cannot be called
    hand.all_in(seat=0)  # 10
    hand.all_in(seat=1)  # 30
    assert hand.is_over and hand.stacks[3] == 40
    # Levels 10, 30, 60: main 4 x 10, side 3 x 20, side 2 x 30.
    assert [(p.amount, p.eligible) for p in hand.pots] == [
        (40, (0, 1, 2, 3)),
        (60, (1, 2, 3)),
        (60, (2, 3)),
    ]
    wins = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN]
    assert wins == [(0, 40), (1, 60), (2, 60)]  # aces > kings > queens > jacks
    assert hand.payoffs == [30, 30, 0, -60]


def test_pots_while_the_hand_is_on() -> None:
    hand = Hand([10, 30, 100], blinds=(1, 2), seed=2)
    hand.all_in(seat=2)  # the button moves in for 100
    hand.all_in(seat=0)  # 10
    hand.call(seat=1)  # 30 all-in
    assert hand.is_over
    # The 70 no one called goes back: pots of 3 x 10 and 2 x 20.
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.RETURN] == [(2, 70)]
    assert [p.amount for p in hand.pots] == [30, 40]
    assert [p.eligible for p in hand.pots] == [(0, 1, 2), (1, 2)]


def test_uncalled_bet_goes_back() -> None:
    # POLICY: "The original bettor then takes back the part of his bet that exceeds the amount
    # of the call"; WIKI: a player left alone "is not required to show his hole cards".
    hand = Hand([200, 200], blinds=(1, 2), seed=4)
    hand.call()
    hand.check()
    hand.bet(50, seat=0)
    hand.fold(seat=1)
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.RETURN] == [(0, 50)]
    assert hand.payoffs == [2, -2]
    assert shows(hand) == []


def odd_chip_hand(rules: str) -> Hand:
    """Three seats split 14 chips: the board is a royal flush (WIKI: "playing the board")."""
    hand = Hand(
        [100] * 4,
        blinds=(2, 4),
        rules=rules,
        board=parse_cards("As Ks Qs Js Ts"),
        seed=9,
    )
    hand.call(seat=2)
    hand.call(seat=3)
    hand.fold(seat=0)  # the small blind's 2 chips stay in: 4 + 4 + 4 + 2 = 14
    hand.check(seat=1)
    while not hand.is_over:
        hand.check()
    return hand


def test_odd_chips_one_at_a_time_left_of_the_button() -> None:
    # WIKI: "the pot is split equally among them, with any extra chips going to the first
    # players after the button in clockwise order": 14 = 3 x 4 + 2, seats 1 and 2 get one each.
    hand = odd_chip_hand("casino")
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN] == [
        (1, 5),
        (2, 5),
        (3, 4),
    ]
    assert hand.payoffs == [-2, 1, 1, 0]


def test_odd_chips_pokerkit_all_to_the_first_winner() -> None:
    assert odd_chip_hand("pokerkit").payoffs == [-2, 2, 0, 0]


def test_odd_chips_acpc_exact_fractions() -> None:
    payoffs = odd_chip_hand("acpc").payoffs
    assert payoffs == [-2, Fraction(2, 3), Fraction(2, 3), Fraction(2, 3)]


# -- Heads-up, the big-blind option, no blinds, short blinds, straddles ----------------------------


def test_heads_up_button_posts_the_small_blind_and_acts_first_preflop() -> None:
    # WIKI: "the person with the dealer button posts the small blind, while his/her opponent
    # places the big blind. The dealer acts first before the flop. After the flop, the dealer
    # acts last and continues to do so for the remainder of the hand."
    hand = Hand([100, 100], blinds=(1, 2), seed=3)
    button, other = 1, 0
    assert kinds(hand, EventKind.BLIND) == [(EventKind.BLIND, 1, 1), (EventKind.BLIND, 0, 2)]
    assert hand.actor == button
    hand.call()
    assert hand.actor == other and hand.can_check()
    hand.check()
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert hand.street is street and hand.actor == other
        hand.check()
        assert hand.actor == button
        hand.check()
    assert hand.is_over


def test_big_blind_option() -> None:
    # WIZ rule 6: "If nobody raises the big blind the player making the big blind has the option
    # to raise his own bet."
    hand = Hand([100] * 3, blinds=(1, 2), seed=8)
    hand.call(seat=2)
    hand.call(seat=0)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.check and legal.call is None and legal.min_raise_to == 4
    hand.raise_to(6)
    assert hand.actor == 2 and hand.legal_actions().call == 4


def test_no_blinds_action_starts_left_of_the_button() -> None:
    # WIKI: "beginning with the player to the left of the big blind (or the player to the left
    # of the dealer, if no blinds are used)".
    hand = Hand([100] * 4, ante=1, min_bet=2, seed=6)
    assert hand.actor == 0 and hand.pot_total == 4
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to == 2


@pytest.mark.parametrize("rules", ["casino", "pokerkit", "acpc"])
def test_short_stack_posts_what_it_has(rules: str) -> None:
    hand = Hand([100, 1, 100], blinds=(1, 2), rules=rules, seed=12)
    blinds = [(e.seat, e.amount, e.all_in) for e in hand.events if e.kind is EventKind.BLIND]
    assert blinds == [(0, 1, False), (1, 1, True)]
    assert hand.stacks == (99, 0, 100)
    while not hand.is_over:
        hand.check_or_call()
    assert sum(hand.stacks) == 201


def test_straddle_acts_as_the_big_blind() -> None:
    # WIKI: "the player to the left of the big blind [may] post an optional live straddle,
    # usually double the amount of the big blind, which then acts as the big blind."
    hand = Hand([500] * 5, blinds=(1, 2), straddles=(4,), seed=13)
    assert kinds(hand, EventKind.STRADDLE) == [(EventKind.STRADDLE, 2, 4)]
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.call == 4 and legal.min_raise_to == 8  # raise by the straddle
    for seat in (3, 4, 0, 1):
        hand.call(seat=seat)
    legal = hand.legal_actions()  # the straddle has the option, as the big blind does
    assert legal.seat == 2 and legal.check and legal.min_raise_to == 8
    hand.check()
    assert hand.street is Street.FLOP and hand.legal_actions().min_raise_to == 2


def test_straddle_under_pokerkit_raises_by_the_minimum_bet() -> None:
    # pokerkit 0.7.7: the pre-flop minimum raise is the minimum bet, whatever the straddle.
    hand = Hand([500] * 5, blinds=(1, 2), straddles=(4,), rules="pokerkit", seed=13)
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (3, 4, 6)


def test_restraddle() -> None:
    # "No-limit games may also allow multiple re-straddles"
    hand = Hand([500] * 6, blinds=(1, 2), straddles=(4, 8), seed=14)
    assert [e.amount for e in hand.events if e.kind is EventKind.STRADDLE] == [4, 8]
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.call == 8 and legal.min_raise_to == 16


# -- Short all-in raises ---------------------------------------------------------------------------


def short_all_in(rules: str, structure: str = "no-limit", short: int = 17) -> Hand:
    """Flop: seat 0 bets 10, seat 1 moves in short, seat 2 calls; back to seat 0."""
    extra: dict[str, Any] = {"small_bet": 10} if structure == "fixed-limit" else {}
    hand = Hand(
        [200, short, 200], blinds=(1, 2), rules=rules, structure=structure, seed=15, **extra
    )
    hand.call(seat=2)
    hand.call(seat=0)
    hand.check(seat=1)
    assert hand.street is Street.FLOP
    hand.bet(10, seat=0)
    hand.all_in(seat=1)
    hand.call(seat=2)
    assert hand.actor == 0
    return hand


@pytest.mark.parametrize("rules", ["casino", "pokerkit"])
def test_short_all_in_does_not_reopen(rules: str) -> None:
    # WIKI: "If a raise or re-raise is all-in and does not equal the size of the previous
    # raise, the initial raiser cannot re-raise again. This only matters of course if there
    # were a call before the re-raise." Seat 1's all-in to 15 raises by 5 < 10.
    hand = short_all_in(rules)
    legal = hand.legal_actions()
    assert legal.call == 5 and legal.min_raise_to is None
    with pytest.raises(ActionError):
        hand.raise_to(40)


def test_short_all_in_reopens_under_acpc() -> None:
    legal = short_all_in("acpc").legal_actions()
    assert legal.call == 5 and legal.min_raise_to is not None


def test_fixed_limit_half_a_bet_reopens_under_casino() -> None:
    # Casino (Robert's Rules): in fixed limit an all-in of at least half a bet is a full raise.
    half = short_all_in("casino", "fixed-limit", short=17)  # all-in to 15: 5 = half of 10
    assert bounds(half) == (25, 25)
    less = short_all_in("casino", "fixed-limit", short=16)  # all-in to 14: 4 < half
    assert less.legal_actions().min_raise_to is None


# -- Dealing order and burns -----------------------------------------------------------------------


def test_dealing_order_and_burns_from_a_given_deck() -> None:
    # WIKI: "the player in the small blind receiving the first card and the player in the
    # button seat receiving the last card dealt"; "the dealer will burn a card before the flop,
    # turn, and river".
    deck = [Card(i) for i in range(51, 51 - 14, -1)]  # As Ah Ad Ac Ks ... in a known order
    hand = Hand([100] * 3, blinds=(1, 2), deck=deck)
    assert [hand.hole_cards(i) for i in range(3)] == [
        (deck[0], deck[3]),
        (deck[1], deck[4]),
        (deck[2], deck[5]),
    ]
    while not hand.is_over:
        hand.check_or_call()
    burns = [e.cards for e in hand.events if e.kind is EventKind.BURN]
    assert burns == [(deck[6],), (deck[10],), (deck[12],)]
    assert hand.board == (deck[7], deck[8], deck[9], deck[11], deck[13])
    dealt = [e.seat for e in hand.events if e.kind is EventKind.DEAL_HOLE]
    assert dealt == [0, 1, 2]


# -- Showdown order --------------------------------------------------------------------------------


def test_showdown_last_aggressor_shows_first() -> None:
    # WIKI: "The last player to bet is the first player to show their hand."
    hand = Hand([100] * 3, blinds=(1, 2), seed=16, showdown="manual")
    for _ in range(3):
        hand.check_or_call()
    while hand.street is not Street.RIVER:
        hand.check_or_call()
    hand.check(seat=0)
    hand.bet(10, seat=1)
    hand.call(seat=2)
    hand.call(seat=0)
    order = []
    while not hand.is_over:
        order.append(hand.actor)
        hand.show()
    assert order == [1, 2, 0]


def test_showdown_checked_river_starts_left_of_the_button() -> None:
    hand = Hand([100] * 3, blinds=(1, 2), seed=17, showdown="manual")
    while hand.street is not Street.SHOWDOWN:
        hand.check_or_call()
    order = []
    while not hand.is_over:
        order.append(hand.actor)
        hand.show()
    assert order == [0, 1, 2]


def test_auto_showdown_mucks_hands_that_cannot_win() -> None:
    hand = Hand(
        [100] * 3,
        blinds=(1, 2),
        hole_cards=[("2c", "7d"), ("As", "Ah"), ("3c", "8d")],
        board=parse_cards("Kd Qs 9h 5c 4s"),
        seed=18,
    )
    while hand.street is not Street.RIVER:
        hand.check_or_call()
    hand.check(seat=0)
    hand.bet(10, seat=1)  # the aces bet and show first
    hand.call(seat=2)
    hand.call(seat=0)
    assert shows(hand) == [("show", 1), ("muck", 2), ("muck", 0)]
    assert hand.payoffs == [-12, 24, -12]
    for seat in (0, 2):
        assert hand.view(seat).shown == (None, hand.hole_cards(1), None)


def test_twenty_two_players_use_the_whole_deck() -> None:
    # 2 to 22 players: 22 * 2 hole cards + 3 burns + 5 board cards = all 52 cards, none twice.
    hand = Hand([50] * 22, blinds=(1, 2), seed=22)
    while not hand.is_over:
        hand.check_or_call()
    burns = [c for e in hand.events if e.kind is EventKind.BURN for c in e.cards]
    holes = [c for seat in range(22) for c in hand.hole_cards(seat)]
    dealt = holes + burns + list(hand.board)
    assert len(dealt) == 52 and len(set(dealt)) == 52
    assert sum(hand.payoffs) == 0
    with pytest.raises(RulesError, match="2 to 22 players"):
        Hand([50] * 23, blinds=(1, 2))
    with pytest.raises(RulesError, match="2 to 22 players"):
        Hand([50], blinds=(1, 2))


def test_payoffs_before_the_end_raise_and_say_so() -> None:
    # Heads-up the button posts the small blind and acts first pre-flop (Robert's Rules of
    # Poker): its fold ends the hand and the big blind wins that one chip.
    hand = Hand([100, 100], blinds=(1, 2), seed=1)
    for _ in range(2):  # every read, not only the first
        with pytest.raises(
            ActionError, match=r"^the hand is not over: payoffs are known at the end"
        ):
            _ = hand.payoffs
    hand.fold()
    assert hand.is_over
    assert hand.payoffs == [1, -1]
