"""Exposed hole cards and misdeals (``Hand.expose``, ``Hand.misdeal``, a table's redeal).

Oracles: Wikipedia, "Texas hold 'em" (misdeal): "If the first card dealt is exposed, then this is
considered a misdeal. The dealer then retrieves the card, reshuffles the deck, and again cuts
the cards. However, if any other hole card is exposed due to a dealer error, the deal continues
as usual. After completing the deal, the dealer replaces the exposed card with the top card on
the deck, and the exposed card is then used as the burn card. If more than one hole card is
exposed, a misdeal is declared by the dealer and the hand is dealt again from the beginning."
Robert's Rules of Poker, "Misdeals": "(a) The first or second card of the hand has been dealt
faceup or exposed through dealer error", "provided attention is called to the error before two
players have acted on their hands"; the TDA rules: no misdeal after substantial action.

Seats: seat 0 is left of the button, the last seat is the button; with three players the cards
go seat 0, 1, 2, 0, 1, 2, then the burn before the flop.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import (
    ActionError,
    Card,
    CardError,
    EventKind,
    Exposure,
    Hand,
    Rules,
    RulesError,
    Table,
    parse_cards,
)
from holdem.phh import from_table

# Seat 0: As 2h, seat 1: Kd 3s, seat 2: 7c 9d; then the burn Qc, the flop 8h 5d 6d, a burn 4s,
# the turn Jc, a burn Tc, the river 2c.
DECK = "As Kd 7c 2h 3s 9d Qc 8h 5d 6d 4s Jc Tc 2c"


def new_hand(rules: Rules | str = "casino") -> Hand:
    return Hand([100, 100, 100], blinds=(1, 2), deck=DECK, rules=rules)


def burns(hand: Hand) -> list[Card]:
    return [e.cards[0] for e in hand.events if e.kind is EventKind.BURN]


def test_first_card_exposed_is_a_misdeal() -> None:
    hand = new_hand()
    assert hand.expose("As") is Exposure.MISDEAL
    assert hand.is_over and hand.payoffs == [0, 0, 0]
    assert hand.stacks == (100, 100, 100) and hand.pot_total == 0 and hand.bets == (0, 0, 0)
    assert hand.events[-1].kind is EventKind.MISDEAL
    with pytest.raises(ActionError):
        hand.check_or_call()


def test_another_card_exposed_is_replaced_and_burned() -> None:
    # "the deal continues [...] the dealer replaces the exposed card with the top card on the
    # deck, and the exposed card is then used as the burn card"
    hand = new_hand()
    assert hand.expose("3s") is Exposure.REPLACED  # seat 1's second card
    assert hand.hole_cards(1) == (Card("Kd"), Card("Qc"))  # Qc: the top card after the deal
    hole = [e.cards for e in hand.events if e.kind is EventKind.DEAL_HOLE]
    assert hole[1] == (Card("Kd"), Card("Qc"))
    while not hand.is_over:
        hand.check_or_call()
    assert burns(hand)[0] == Card("3s")  # the exposed card is the burn before the flop
    assert hand.board == parse_cards("8h 5d 6d Jc 2c")  # the board unchanged
    assert any(e.kind is EventKind.EXPOSE and e.cards == (Card("3s"),) for e in hand.events)


def test_second_card_exposed_by_the_rule_books() -> None:
    # Wikipedia: only the first card is a misdeal; Robert's Rules: the first or second.
    assert new_hand().expose("Kd") is Exposure.REPLACED
    roberts = Rules.preset("casino", misdeal_first_cards=2)
    assert new_hand(roberts).expose("Kd") is Exposure.MISDEAL
    assert new_hand(roberts).expose("7c") is Exposure.REPLACED


def test_two_exposed_cards_are_a_misdeal() -> None:
    hand = new_hand()
    assert hand.expose("9d") is Exposure.REPLACED
    assert hand.expose("Kd") is Exposure.MISDEAL
    assert hand.is_over and hand.payoffs == [0, 0, 0] and hand.stacks == (100, 100, 100)


def test_a_player_exposing_a_card_plays_it() -> None:
    hand = new_hand()
    assert hand.expose("As", by="player") is Exposure.PLAYS
    assert hand.hole_cards(0) == (Card("As"), Card("2h")) and not hand.is_over
    assert hand.expose("7c") is Exposure.REPLACED  # the player's own card does not count


def test_after_the_action_starts_an_exposed_card_plays() -> None:
    hand = new_hand()
    hand.call()
    assert hand.expose("As") is Exposure.PLAYS and hand.hole_cards(0)[0] == Card("As")


def test_bad_exposures_change_nothing() -> None:
    hand = new_hand()
    before = hand.events
    with pytest.raises(CardError, match="not a hole card"):
        hand.expose("8h")  # a board card
    with pytest.raises(ActionError, match="dealer"):
        hand.expose("As", by="someone")
    assert hand.events == before
    hand.fold()
    hand.fold()
    with pytest.raises(ActionError, match="over"):
        hand.expose("As")


def test_misdeal_until_two_players_have_acted() -> None:
    hand = new_hand()
    hand.fold()
    hand.misdeal()  # one player acted: still a misdeal
    assert hand.is_over and hand.stacks == (100, 100, 100)
    hand = new_hand()
    hand.call()
    hand.call()
    before = (hand.events, hand.stacks, hand.actor)
    with pytest.raises(ActionError, match="two players have acted"):
        hand.misdeal()
    assert (hand.events, hand.stacks, hand.actor) == before


def test_misdeal_until_substantial_action_under_the_tda() -> None:
    tda = Rules.preset("casino", misdeal_until="substantial")
    hand = new_hand(tda)
    hand.fold()
    hand.call()  # two actions, one with chips: not yet substantial
    hand.misdeal()
    hand = Hand([100] * 4, blinds=(1, 2), seed=3, rules=tda)
    hand.call()
    hand.call()  # two actions that put chips in
    with pytest.raises(ActionError, match="substantial"):
        hand.misdeal()


def test_bad_misdeal_options_refused() -> None:
    with pytest.raises(RulesError):
        Rules.preset("casino", misdeal_first_cards=-1)
    with pytest.raises(RulesError):
        Rules.preset("casino", misdeal_until="never")


def test_a_table_deals_a_misdealt_hand_again() -> None:
    table = Table(6, blinds=(1, 2), first_button=1, seed=7)
    for seat, name in ((1, "Ann"), (3, "Bob"), (5, "Cy")):
        table.sit_down(seat, name, 200)
    first = table.new_hand()
    button = table.button
    first.expose(first.hole_cards(0)[0])  # the first card dealt: a misdeal
    again = table.new_hand()
    assert again is not first and not again.is_over
    assert again.forced_bets == first.forced_bets and again.starting_stacks == (200, 200, 200)
    assert table.button == button  # the button does not move
    while not again.is_over:
        again.fold()
    histories = from_table(table)
    assert len(histories) == 1 and histories[0].fields["hand"] == 1
    assert sum(p for p in again.payoffs) == 0


def test_play_hand_goes_on_after_a_misdeal() -> None:
    table = Table(3, blinds=(1, 2), first_button=1, seed=2)
    for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        table.sit_down(seat, name, 100)
    misdeals: list[Exposure] = []

    def act(hand: Hand) -> None:
        if not misdeals:
            misdeals.append(hand.expose(hand.hole_cards(0)[0]))
        else:
            hand.fold()

    hand = table.play_hand(act)
    assert misdeals == [Exposure.MISDEAL]
    assert hand.is_over and hand.events[-1].kind is EventKind.WIN
    assert len(from_table(table)) == 1


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 9),
    st.lists(st.integers(0, 17), min_size=1, max_size=3, unique=True),
    st.integers(1, 2),
    st.integers(0, 2**32),
)
def test_exposures_during_the_deal(n: int, picks: list[int], first: int, seed: int) -> None:
    # Oracle: the rule as the texts state it, counted directly from the dealing order.
    rules = Rules.preset("casino", misdeal_first_cards=first)
    hand = Hand([50] * n, blinds=(1, 2), seed=seed % 1000, rules=rules)
    dealt = [hand.hole_cards(k % n)[k // n] for k in range(2 * n)]
    start_cards = sorted({c for i in range(n) for c in hand.hole_cards(i)})
    picks = [p for p in picks if p < 2 * n]
    outcomes = []
    for p in picks:
        if hand.is_over:
            break
        outcomes.append(hand.expose(dealt[p]))
    for k, outcome in enumerate(outcomes):
        expected = Exposure.MISDEAL if picks[k] < first or k >= 1 else Exposure.REPLACED
        assert outcome is expected
    if Exposure.MISDEAL in outcomes:
        assert hand.is_over and hand.payoffs == [0] * n and hand.stacks == (50,) * n
    elif outcomes:
        p = picks[0]
        got = sorted({c for i in range(n) for c in hand.hole_cards(i)})
        assert dealt[p] not in got and len(got) == len(start_cards)
        while not hand.is_over:
            hand.check_or_call()
        assert burns(hand)[0] == dealt[p]
        assert sum(hand.stacks) == 50 * n


def test_unrelated_random_hands_are_untouched() -> None:
    rng = random.Random(3)
    for _ in range(50):
        hand = Hand([100] * 4, blinds=(1, 2), rng=rng)
        while not hand.is_over:
            hand.check_or_call()
        assert not any(e.kind in (EventKind.EXPOSE, EventKind.MISDEAL) for e in hand.events)
