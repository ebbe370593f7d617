"""``HandState.play_agents``, the match runner's loop over an agent's decisions (both kernels:
``HOLDEM_PURE_KERNEL=1`` runs these on the reference): the pending views it is given are pointed
at its hand, the Legal it reuses is the hand's own, and the payoffs it adds are the hand's.

Oracles: ``Hand.legal_actions`` and ``Hand.view`` asked at the same decision, and ``Hand.payoffs``
of the same hand played out.
"""

from __future__ import annotations

from typing import Any

import pytest

from holdem import ArgumentError, Hand, Legal, View
from holdem.engine.agents import call_agent, random_agent
from holdem.engine.events import is_pending, pending_view, settle_view
from holdem.engine.matches import apply_decision


def _play(hand: Hand, players: list[Any], views: list[Any], *extra: Any) -> object:
    return hand.play_agents(
        players, views, pending_view, is_pending, settle_view, apply_decision, *extra
    )


def test_a_pending_view_of_an_earlier_hand_shows_the_hand_it_is_given_in() -> None:
    """A view left pending (unread, not kept) by one hand and given again with the next one
    shows the next one when its agent reads it."""
    first = Hand([200, 200], blinds=(1, 2), seed=1)
    second = Hand([200, 200], blinds=(1, 2), seed=2)
    assert first.hole_cards(0) != second.hole_cards(0)
    views: list[Any] = [None, None]
    assert _play(first, [call_agent, call_agent], views) is None
    assert all(v is not None and is_pending(v) for v in views)  # none read, none kept
    seen: list[tuple[Any, ...]] = []

    def reader(view: View, legal: Legal) -> Any:
        seen.append((view.seat, view.hole_cards, view.street, view.legal))
        return call_agent(view, legal)

    assert _play(second, [reader, reader], views) is None
    assert seen
    for seat, cards, _, _ in seen:
        assert cards == second.hole_cards(seat)


def test_the_legal_actions_given_are_the_hands_own_at_each_decision() -> None:
    """With ``legals`` kept from hand to hand (an equal Legal given again), every Legal an agent
    gets equals the hand's legal_actions() and its view's legal at that decision, over hands
    of raises, calls, checks and folds of several stack sizes."""
    legals: list[Any] = [None] * (4 * 3)
    views: list[Any] = [None] * 3
    picks = [random_agent(s) for s in range(3)]
    hands: list[Hand] = []
    asked = [0]

    def checker(seat: int) -> Any:
        def agent(view: View, legal: Legal) -> Any:
            hand = hands[-1]
            assert legal == hand.legal_actions() == hand.view(seat).legal
            assert type(legal) is Legal
            asked[0] += 1
            return picks[seat](view, legal)

        return agent

    players = [checker(s) for s in range(3)]
    for k in range(200):
        stacks = [200, 60 + k % 7, 300]
        hands.append(Hand(stacks, blinds=(1, 2), seed=k))
        assert _play(hands[-1], players, views, legals) is None
        assert hands[-1].is_over
    assert asked[0] > 600
    assert any(legal is not None for legal in legals)


def test_a_cache_of_other_values_gives_the_hands_own_legal() -> None:
    """Whatever the ``legals`` list holds (another seat's Legal, a float, a bool or a NaN where
    an int belongs, a plain tuple, anything), each agent gets the hand's own legal actions."""
    hand = Hand([200, 200], blinds=(1, 2), seed=5)
    own = hand.legal_actions()  # seat 1, pre-flop: fold, call 1, raise 4 .. 200
    odd: list[Any] = [
        Legal(0, True, False, 1, 4, 200),
        Legal(1, True, False, 1.0, 4, 200),  # type: ignore[arg-type]
        Legal(1, 1, False, True, 4, 200),  # type: ignore[arg-type]
        Legal(1, True, False, 1, 4, float("nan")),  # type: ignore[arg-type]
        tuple(own),
        "legal",
    ]
    for thing in odd:
        legals: list[Any] = [thing] * 8
        given: list[Legal] = []

        def agent(view: View, legal: Legal, given: list[Legal] = given) -> Any:
            given.append(legal)
            return call_agent(view, legal)

        copy = hand.copy()
        assert _play(copy, [agent, agent], [None, None], legals) is None
        assert given[0] == own and type(given[0]) is Legal
        assert given[0] is not thing


def test_the_winnings_are_the_payoffs_added_by_seat() -> None:
    """``winnings[seats[s]]`` gains seat s's payoff, in exact chips (a Fraction of the acpc
    rules' odd chips as Hand.payoffs gives it)."""
    for rules, stacks in (("casino", [200, 200, 200]), ("acpc", [200, 70, 30])):
        winnings: list[Any] = [5, 0, -5]
        expected = list(winnings)
        for k in range(60):
            hand = Hand(stacks, blinds=(1, 2), rules=rules, seed=k)
            twin = hand.copy()
            agents = [random_agent(k), random_agent(k + 1), random_agent(k + 2)]
            twins = [random_agent(k), random_agent(k + 1), random_agent(k + 2)]
            seats = [2, 0, 1]
            assert _play(hand, agents, [None] * 3, None, winnings, seats) is None
            assert _play(twin, twins, [None] * 3) is None
            for s, won in enumerate(twin.payoffs):
                expected[seats[s]] += won
            assert winnings == expected
        assert sum(winnings) == 0


def test_lists_too_short_for_the_seats_are_refused() -> None:
    hand = Hand([200, 200, 200], blinds=(1, 2), seed=3)
    before = (hand.actor, hand.stacks, hand.legal_actions())
    with pytest.raises(ArgumentError, match="3 agents"):
        _play(hand, [call_agent, call_agent], [None] * 3)
    with pytest.raises(ArgumentError, match="3 views"):
        _play(hand, [call_agent] * 3, [None])
    winnings = [0, 0, 0]
    for seats in ([0, 1, 3], [0, 1], [0, -1, 2]):  # a seat's place out of the winnings, or none
        with pytest.raises(ArgumentError, match="winnings"):
            _play(hand, [call_agent] * 3, [None] * 3, None, winnings, seats)
    assert winnings == [0, 0, 0]
    assert (hand.actor, hand.stacks, hand.legal_actions()) == before
