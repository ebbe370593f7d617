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
