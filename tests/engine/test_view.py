"""A seat's :class:`holdem.View`: the pot total, the amount to call, and what ``pots`` holds.

Oracles: the conservation of chips (what the seats have put in is their starting stacks less
what is behind them now, the current street's bets included), and the amount a seat has to put
in to call, the largest bet of the street less its own, at most its stack (Robert's Rules of
Poker: a player who cannot cover a bet goes all-in for what it has).
"""

from __future__ import annotations

import random

import pytest

from holdem import Hand, Street


def test_mid_street_pots_hold_the_bets_and_the_total_is_their_sum() -> None:
    hand = Hand([200, 200, 200], blinds=(1, 2), seed=1)
    hand.raise_to(6)  # seat 2 (the button) raises to 6: the blinds face it
    views = [hand.view(seat) for seat in range(3)]
    for view in views:
        assert view.bets == (1, 2, 6)
        # As if no one put in more: the blinds' level, the big blind's, and the raise so far.
        assert [(p.amount, p.eligible) for p in view.pots] == [
            (3, (0, 1, 2)),
            (2, (1, 2)),
            (4, (2,)),
        ]
        assert view.pot_total == 9 == hand.pot_total
        # The bets are already in the pots: adding them counts them twice.
        assert sum(p.amount for p in view.pots) + sum(view.bets) == 2 * view.pot_total
    assert [view.to_call for view in views] == [5, 4, 0]
    assert views[0].legal is not None and views[0].legal.call == views[0].to_call


def test_to_call_is_capped_by_the_stack_and_zero_once_folded_or_between_streets() -> None:
    hand = Hand([4, 200, 200], blinds=(1, 2), seed=2)
    hand.raise_to(20)
    assert hand.view(0).to_call == 3  # 19 more to match, 3 behind: all-in for 3
    assert hand.view(1).to_call == 18
    hand.fold()  # seat 0
    assert hand.view(0).to_call == 0
    hand.call()  # seat 1: the flop comes, no bet yet
    assert hand.street is Street.FLOP
    assert [hand.view(s).to_call for s in range(3)] == [0, 0, 0]
    assert hand.view(1).pot_total == 41 == sum(p.amount for p in hand.view(1).pots)


@pytest.mark.parametrize("rules", ["casino", "pokerkit", "acpc"])
def test_at_every_decision_the_view_agrees_with_the_chips_put_in(rules: str) -> None:
    rng = random.Random(7)
    for number in range(60):
        n = rng.randint(2, 6)
        stacks = [rng.choice((3, 15, 200)) for _ in range(n)]
        hand = Hand(stacks, blinds=(1, 2), ante=rng.choice((0, 1)), rules=rules, seed=number)
        while not hand.is_over:  # the auto showdown ends the hand as the betting does
            for seat in range(n):
                view = hand.view(seat)
                put_in = sum(hand.starting_stacks) - sum(hand.stacks)
                assert view.pot_total == put_in == sum(p.amount for p in view.pots)
                top = max(view.bets)
                owed = 0 if view.folded[seat] else min(top - view.bets[seat], view.stacks[seat])
                assert view.to_call == owed
            actor = hand.actor
            assert actor is not None
            legal = hand.legal_actions()
            assert (legal.call or 0) == hand.view(actor).to_call
            choice = rng.random()
            if legal.min_raise_to is not None and legal.max_raise_to is not None and choice < 0.3:
                hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
            elif legal.fold and choice < 0.45:
                hand.fold()
            else:
                hand.check_or_call()


def test_a_view_kept_by_an_agent_shows_its_own_decision() -> None:
    """The match runner's views are filled on first read: a view that an agent keeps unread
    and reads after the match still shows the moment of its decision (it is the seat to act,
    and its amount to call is the one the legal actions give)."""
    from holdem import Legal, View, match
    from holdem.engine.agents import call_agent

    kept: list[tuple[View, Legal]] = []

    def keeper(view: View, legal: Legal) -> object:
        kept.append((view, legal))
        return call_agent(view, legal)

    match([keeper, call_agent], hands=40, seed=2)
    assert len(kept) > 40
    streets = set()
    for view, legal in kept:
        assert view.actor == view.seat == legal.seat
        assert view.legal == legal
        assert view.to_call == (legal.call or 0)
        assert sum(p.amount for p in view.pots) == view.pot_total
        streets.add(view.street)
    assert streets == {Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER}


def test_a_view_is_a_frozen_value() -> None:
    import pickle

    hand = Hand([100, 100, 100], blinds=(1, 2), seed=4)
    hand.raise_to(8)
    view = hand.view(0)
    same = hand.view(0)
    assert view == same and hash(view) == hash(same) and view != hand.view(1)
    assert pickle.loads(pickle.dumps(view)) == view
    assert repr(view).startswith("View(seat=0, hole_cards=(")
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]
    # No other seat's hole cards: the deal of seats 1 and 2 shows no cards to seat 0.
    dealt = [e for e in view.events if e.kind.value == "deal-hole"]
    assert all(e.cards == () for e in dealt if e.seat != 0)
    assert any(e.cards == hand.hole_cards(0) for e in dealt if e.seat == 0)
    hand.fold()
    assert view.bets == (1, 2, 8) and view.actor == 0  # made before the fold: unchanged
