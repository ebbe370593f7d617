"""The end of a hand (holdem.engine.showdown): who shows first, who shows or mucks, the award.

Oracles: Wikipedia, "Texas hold 'em": "The last player to bet is the first player to show their
hand"; the TDA rules' "Face Up for All-Ins" (every hand is turned up once a player is all-in and
the betting is over), which the ``pokerkit`` preset follows (pokerkit 0.7.7 shows every hand
then); a player may muck a hand that cannot win (the auto mode mucks exactly those), but the
last hand left in a pot cannot be mucked.

Seats: seat 0 is left of the button, the last seat is the button.
"""

from __future__ import annotations

import pytest

from holdem import ActionError, EventKind, Hand, Street, parse_cards

BOARD = parse_cards("2c 7d 9h Js 4s")  # no straight, no flush: pairs decide


def shows(hand: Hand) -> list[tuple[str, int | None]]:
    return [
        (e.kind.value, e.seat) for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)
    ]


def all_in_hand(rules: str) -> Hand:
    """Seat 2 (the button, queens) moves in for 20; seats 0 (aces) and 1 (kings) play on."""
    hand = Hand(
        [100, 100, 20],
        blinds=(1, 2),
        rules=rules,
        hole_cards=[("As", "Ah"), ("Ks", "Kh"), ("Qs", "Qh")],
        board=BOARD,
        seed=4,
    )
    hand.all_in(seat=2)
    hand.call(seat=0)
    hand.call(seat=1)
    hand.bet(30, seat=0)  # the flop: a side pot for seats 0 and 1
    hand.call(seat=1)
    while not hand.is_over:  # checked down: the showdown starts left of the button
        hand.check()
    return hand


def test_hands_that_cannot_win_are_mucked() -> None:
    hand = all_in_hand("casino")
    # Seat 0 shows aces; the kings and the queens cannot beat them in any pot they can win.
    assert shows(hand) == [("show", 0), ("muck", 1), ("muck", 2)]
    assert [(p.amount, p.eligible) for p in hand.pots] == [(60, (0, 1, 2)), (60, (0, 1))]
    assert hand.payoffs == [70, -50, -20]
    assert hand.view(1).shown == (hand.hole_cards(0), None, None)


def test_face_up_for_all_ins() -> None:
    hand = all_in_hand("pokerkit")
    assert shows(hand) == [("show", 0), ("show", 1), ("show", 2)]
    assert hand.payoffs == [70, -50, -20]


def test_a_side_pot_is_won_by_a_hand_that_loses_the_main_pot() -> None:
    hand = Hand(
        [100, 100, 20],
        blinds=(1, 2),
        hole_cards=[("Qs", "Qh"), ("Ks", "Kh"), ("As", "Ah")],
        board=BOARD,
        seed=4,
    )
    hand.all_in(seat=2)
    hand.call(seat=0)
    hand.call(seat=1)
    hand.bet(30, seat=0)
    hand.call(seat=1)
    while not hand.is_over:
        hand.check()
    # Seat 0 (queens) shows first and is beaten by the kings; the all-in aces win the main pot.
    assert shows(hand) == [("show", 0), ("show", 1), ("show", 2)]
    wins = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN]
    assert wins == [(2, 60), (1, 60)]
    assert hand.payoffs == [-50, 10, 40]


def test_the_last_bettor_shows_first_then_clockwise() -> None:
    hand = Hand([100] * 4, blinds=(1, 2), board=BOARD, seed=5, showdown="manual")
    while hand.street is not Street.RIVER:
        hand.check_or_call()
    hand.check(seat=0)
    hand.bet(10, seat=1)
    for seat in (2, 3, 0):
        hand.call(seat=seat)
    order = []
    while not hand.is_over:
        order.append(hand.actor)
        hand.show()
    assert order == [1, 2, 3, 0]


def test_manual_showdown_turns_and_the_last_hand_in_a_pot() -> None:
    hand = Hand([100, 100], blinds=(1, 2), board=BOARD, seed=6, showdown="manual")
    with pytest.raises(ActionError, match="show and muck are for the showdown"):
        hand.show()
    while hand.street is not Street.SHOWDOWN:
        hand.check_or_call()
    assert hand.actor == 0
    with pytest.raises(ActionError, match="it is the showdown"):
        hand.check()
    with pytest.raises(ActionError, match="seat 1 out of turn: seat 0 shows or mucks first"):
        hand.show(seat=1)
    hand.muck()
    with pytest.raises(ActionError, match="seat 1 cannot muck: no one else is left"):
        hand.muck()
    assert hand.actor == 1
    hand.show(seat=1)
    assert hand.is_over and hand.payoffs == [-2, 2]
    assert shows(hand) == [("muck", 0), ("show", 1)]
    with pytest.raises(ActionError, match="the hand is over"):
        hand.show()


def test_a_hand_won_without_a_showdown_shows_nothing() -> None:
    # Wikipedia: "If a player bets and all other players fold, then the remaining player is
    # awarded the pot and is not required to show his hole cards."
    hand = Hand([100] * 3, blinds=(1, 2), seed=7)
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    assert hand.is_over and shows(hand) == []
    # The raise no one called goes back (8 of 10), then the pot: 1 + 2 + 2.
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.RETURN] == [(2, 8)]
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN] == [(2, 5)]
    assert hand.payoffs == [-1, -2, 3]
