"""The values a hand gives out (holdem.engine.events): streets, log entries, legal actions.

Their logic is small: the order of the streets (a hand compares them), an event's text, and
``Legal.can_raise``. The texts are checked against a hand played by hand: Wikipedia's sample
hand in "Texas hold 'em" (Bob small blind $1, Carol big blind $2, Ted folds, Alice calls ...).
"""

from __future__ import annotations

import dataclasses
import enum

import pytest

from holdem import (
    Card,
    Event,
    EventKind,
    Hand,
    Legal,
    OddChips,
    Reopen,
    Street,
    Structure,
    parse_cards,
)


def test_streets_are_ordered_as_a_hand_goes() -> None:
    assert list(Street) == sorted(Street)
    assert [s.name for s in Street] == ["PREFLOP", "FLOP", "TURN", "RIVER", "SHOWDOWN", "COMPLETE"]
    assert Street.RIVER < Street.SHOWDOWN < Street.COMPLETE


def test_event_text() -> None:
    assert str(Event(EventKind.BLIND, 0, 1)) == "seat 0 blind 1"
    assert str(Event(EventKind.CALL, 3, 40, all_in=True)) == "seat 3 call 40 (all-in)"
    flop = Event(EventKind.DEAL_BOARD, None, 0, tuple(parse_cards("9c Kc 3h")), Street.FLOP)
    assert str(flop) == "deal-board [9c Kc 3h]"
    assert str(Event(EventKind.BURN, street=Street.TURN)) == "burn"  # a hidden burn card
    with pytest.raises(dataclasses.FrozenInstanceError):
        flop.amount = 5  # type: ignore[misc]


def test_the_log_of_wikipedias_sample_hand() -> None:
    bob, carol, ted, alice = 0, 1, 2, 3
    hand = Hand(
        [100] * 4,
        blinds=(1, 2),
        hole_cards=[("Qs", "9h"), ("Ks", "Jh"), None, ("Ac", "7c")],
        board=parse_cards("9c Kc 3h 5s 9d"),
        seed=7,
    )
    hand.fold(seat=ted)
    hand.call(seat=alice)
    hand.call(seat=bob)
    hand.check(seat=carol)
    betting = [str(e) for e in hand.events if e.kind not in (EventKind.DEAL_HOLE, EventKind.BURN)]
    assert betting == [
        "seat 0 blind 1",
        "seat 1 blind 2",
        "seat 2 fold",
        "seat 3 call 2",
        "seat 0 call 1",
        "seat 1 check",
        "deal-board [9c Kc 3h]",
    ]
    # A seat's view hides the other seats' hole cards and every burned card.
    view = hand.view(alice)
    assert view.hole_cards == (Card("Ac"), Card("7c"))
    dealt = [e.cards for e in view.events if e.kind is EventKind.DEAL_HOLE]
    assert dealt == [(), (), (), (Card("Ac"), Card("7c"))]
    assert all(not e.cards for e in view.events if e.kind is EventKind.BURN)


def test_legal_can_raise() -> None:
    legal = Legal(seat=0, fold=True, check=False, call=2, min_raise_to=4, max_raise_to=200)
    assert legal.can_raise and legal[3:] == (2, 4, 200)
    assert not legal._replace(min_raise_to=None, max_raise_to=None).can_raise


@pytest.mark.parametrize(
    "member",
    [
        Street.FLOP,
        Street.PREFLOP,
        EventKind.DEAL_BOARD,
        Structure.NO_LIMIT,
        OddChips.FRACTIONAL,
        Reopen.FULL_RAISE,
    ],
)
def test_engine_enums_print_their_names(member: enum.Enum) -> None:
    assert str(member) == member.name
    assert f"{member}" == member.name
    assert f"[{member:>12}]" == f"[{member.name:>12}]"
    assert "%s" % member == member.name  # noqa: UP031 - the old formatting too
    assert repr(member).startswith(f"<{type(member).__name__}.{member.name}: ")


def test_street_keeps_its_int_value() -> None:
    assert Street.FLOP == 1 and int(Street.RIVER) == 3
    assert str(Street.FLOP) == "FLOP"
    assert sorted([Street.TURN, Street.PREFLOP]) == [Street.PREFLOP, Street.TURN]
