"""A hand dealt at a table with given cards (Table.new_hand's deck, hole_cards and board).

Oracle: the dealing order that Wikipedia's "Texas hold 'em" and :class:`holdem.Hand` state (one
card at a time from the seat left of the button round to the button, twice; a burn before the
flop, the turn and the river) read off the deck given, and the seats of the table's plan.
"""

from __future__ import annotations

import pickle

import pytest

from holdem import Card, Table
from holdem.errors import CardError, RulesError, TableError


def table(seed: int = 5) -> Table:
    t = Table(6, blinds=(1, 2), first_button=1, seed=seed)
    for seat in (1, 3, 5):
        t.sit_down(seat, f"P{seat}", 100)
    return t


def cards(text: str) -> list[Card]:
    return [Card(text[i : i + 2]) for i in range(0, len(text), 2)]


def test_hole_cards_by_table_seat_and_a_board() -> None:
    t = table()
    hand = t.new_hand(hole_cards={5: ("As", "Ah"), 1: ("Kd", "Kc")}, board=cards("2c7d9h"))
    assert t.seat_map == (3, 5, 1)
    assert hand.hole_cards(1) == (Card("As"), Card("Ah"))  # seat 5
    assert hand.hole_cards(2) == (Card("Kd"), Card("Kc"))  # seat 1, the button
    seen = {*hand.hole_cards(0), *hand.hole_cards(1), *hand.hole_cards(2)}
    assert len(seen) == 6  # seat 3's cards are dealt from the rest
    while not hand.is_over:
        hand.check_or_call()
    assert list(hand.board[:3]) == cards("2c7d9h")
    assert t.hand_number == 1 and t.hand is None


def test_hole_cards_by_hand_seat_as_a_hand_takes_them() -> None:
    t = table()
    hand = t.new_hand(hole_cards=[None, ("Qs", "Qh"), None])
    assert hand.hole_cards(1) == (Card("Qs"), Card("Qh")) and t.seat_map[1] == 5


def test_a_whole_deck_in_dealing_order() -> None:
    deck = cards("AsKsQsJsTs9s8s7s6s5s4s3s2sAhKh")
    t = table()
    t.play_hand(lambda hand: hand.fold())  # one hand first: the button moves to seat 3
    hand = t.new_hand(deck=deck + [c for c in cards("QhJhTh9h8h") if c not in deck])
    assert t.seat_map == (5, 1, 3)
    for k in range(3):  # one card a seat from seat 0, twice
        assert hand.hole_cards(k) == (deck[k], deck[3 + k])
    while not hand.is_over:
        hand.check_or_call()
    assert list(hand.board) == [deck[7], deck[8], deck[9], deck[11], deck[13]]  # burns 6, 10, 12


def test_after_a_misdeal_the_same_hand_is_dealt_with_the_cards_given() -> None:
    t = table()
    t.new_hand().misdeal()
    hand = t.new_hand(hole_cards={3: ("2h", "2d")})
    assert t.hand_number == 1 and hand.hole_cards(0) == (Card("2h"), Card("2d"))


@pytest.mark.parametrize(
    ("kw", "error", "match"),
    [
        ({"hole_cards": {2: ("As", "Ah")}}, TableError, "seat.*2.*not dealt in"),
        ({"hole_cards": {1: ("As", "Ah"), 3: ("As", "Kd")}}, CardError, "As is dealt twice"),
        ({"hole_cards": {1: ("As",)}}, CardError, "two hole cards"),
        ({"board": cards("2c2c")}, CardError, "duplicate card"),
        ({"deck": cards("AsKs")}, CardError, "the deck has 2 cards"),
        ({"deck": cards("AsKsQsJsTs9s8s7s6s5s4s3s2s"), "board": [Card("Ah")]}, RulesError, "deck"),
    ],
)
def test_cards_that_cannot_be_dealt_change_nothing(
    kw: dict[str, object], error: type[Exception], match: str
) -> None:
    """A refused deal leaves the table as it was, its shuffles included: the next hand is the
    one a twin table that never saw the call deals."""
    t, twin = table(), table()
    t.play_hand(lambda hand: hand.fold())
    twin.play_hand(lambda hand: hand.fold())
    before = pickle.dumps(t)
    with pytest.raises(error, match=match):
        t.new_hand(**kw)  # type: ignore[arg-type]
    assert pickle.dumps(t) == before
    a, b = t.new_hand(), twin.new_hand()
    assert [a.hole_cards(k) for k in range(3)] == [b.hole_cards(k) for k in range(3)]
    assert t.seat_map == twin.seat_map


def test_the_first_hand_of_a_multi_hand_episode_takes_the_cards_given() -> None:
    """The environments deal their first hand at a table with the cards of reset's options,
    through the table's public method (hole cards and a board: before, only a whole deck was
    honoured, and the hole cards were silently ignored)."""
    pytest.importorskip("numpy")
    from holdem.envs._game import EnvGame

    game = EnvGame(num_players=3, stacks=100, hands_per_episode=5)
    game.reset(seed=1, options={"hole_cards": [("As", "Ah"), None, ("7c", "2s")]})
    hand = game.hand
    assert hand.hole_cards(0) == (Card("As"), Card("Ah"))
    assert hand.hole_cards(2) == (Card("7c"), Card("2s"))
    assert game.table is not None and game.table.hand is hand
