"""Straddles and re-straddles: each one a legal raise over the forced bet before it.

The oracle is Wikipedia, "Texas hold 'em": "Most casinos that offer hold 'em also allow the
player to the left of the big blind to post an optional live straddle, usually double the amount
of the big blind [...]. No-limit games may also allow multiple re-straddles, in any amount that
would be a legal raise"; and Robert's Rules of Poker, which treats a live straddle as a raise.
pokerkit 0.7.7 and the ACPC dealer accept any straddle at least as large as the one before it.

Seats: seat 0 is the small blind, seat 1 the big blind, seats 2 and up the straddles.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Hand, Rules, RulesError


def test_double_straddles_stand() -> None:
    # blinds 1-2, straddle 4 (twice the big blind), re-straddle 8 (a raise of 4 over 4).
    hand = Hand([500] * 6, blinds=(1, 2), straddles=(4, 8), seed=14)
    assert hand.forced_bets == (1, 2, 4, 8, 0, 0)
    assert hand.legal_actions().min_raise_to == 16


def test_a_re_straddle_in_any_legal_raise_amount() -> None:
    # No limit: the straddle acts as the big blind, so the next raise is at least the straddle
    # (4 over 2: at least 8 next); any larger amount stands too.
    for amounts in [(4, 8), (4, 9), (5, 10), (4, 8, 16), (10, 20, 45)]:
        Hand([500] * 6, blinds=(1, 2), straddles=amounts, seed=1)


@pytest.mark.parametrize(
    ("straddles", "message"),
    [
        (
            (3,),
            r"a straddle is a legal raise over the big blind \(2\): at least 4, got 3 by seat 2",
        ),
        ((4, 7), r"straddle before it \(4\): at least 8, got 7 by seat 3"),
        ((10, 12), r"straddle before it \(10\): at least 20, got 12 by seat 3"),
        ((4, 8, 15), r"straddle before it \(8\): at least 16, got 15 by seat 4"),
    ],
)
def test_a_straddle_short_of_a_legal_raise_is_refused(
    straddles: tuple[int, ...], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        Hand([500] * 6, blinds=(1, 2), straddles=straddles, seed=1)


def test_pot_limit_straddle_at_most_a_pot_raise() -> None:
    # Blinds 1-2: call 2 and raise the pot (5): a straddle to 7 at most; then 7 + 10 + 7 = 24.
    # The straddle acts as the big blind: a re-straddle raises by at least 7.
    Hand([500] * 5, blinds=(1, 2), straddles=(7, 24), structure="pot-limit", seed=1)
    with pytest.raises(RulesError, match="14 to 24, got 13"):
        Hand([500] * 5, blinds=(1, 2), straddles=(7, 13), structure="pot-limit", seed=1)
    with pytest.raises(RulesError, match="4 to 7, got 8"):
        Hand([500] * 5, blinds=(1, 2), straddles=(8,), structure="pot-limit", seed=1)
    with pytest.raises(RulesError, match="14 to 24, got 25"):
        Hand([500] * 5, blinds=(1, 2), straddles=(7, 25), structure="pot-limit", seed=1)


def test_fixed_limit_straddle_is_one_bet_more() -> None:
    Hand([500] * 5, blinds=(1, 2), straddles=(4, 6), structure="fixed-limit", seed=1)
    with pytest.raises(RulesError, match="exactly 6, got 8"):
        Hand([500] * 5, blinds=(1, 2), straddles=(4, 8), structure="fixed-limit", seed=1)


def test_other_rule_books_accept_any_larger_straddle() -> None:
    for rules in ("pokerkit", "acpc", Rules.preset("casino", straddle_is_raise=False)):
        hand = Hand([500] * 6, blinds=(1, 2), straddles=(2, 3), rules=rules, seed=1)
        assert hand.forced_bets[:4] == (1, 2, 2, 3)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 12),
    st.lists(st.integers(0, 40), min_size=1, max_size=3),
    st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
    st.integers(0, 3),
)
def test_a_straddle_stands_exactly_when_it_is_a_legal_raise(
    big: int, steps: list[int], structure: str, ante: int
) -> None:
    # Oracle: the hand without the straddle in question. A straddle stands exactly when the
    # player in its seat, facing the forced bets before it, could raise to its amount.
    straddles, level = [], big
    for step in steps:
        level += step
        straddles.append(level)
    n = 2 + len(straddles) + 1
    stacks = [10**6] * n
    try:
        Hand(stacks, blinds=(1, big), straddles=straddles, structure=structure, ante=ante,
             seed=1)  # fmt: skip
        accepted = True
    except RulesError:
        accepted = False
    legal = True
    for k, amount in enumerate(straddles):
        before = Hand(stacks, blinds=(1, big), straddles=straddles[:k], structure=structure,
                      ante=ante, seed=1)  # fmt: skip
        if before.actor != 2 + k:
            legal = False
            break
        options = before.legal_actions()
        lo, hi = options.min_raise_to, options.max_raise_to
        if lo is None or hi is None or not lo <= amount <= hi:
            legal = False
            break
    assert accepted == legal


def test_refused_set_up_changes_nothing() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    with pytest.raises(RulesError):
        Hand([500] * 6, blinds=(1, 2), straddles=(4, 7), rng=rng)
    assert rng.getstate() == state  # no card drawn: refused before the deal
