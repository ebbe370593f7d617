"""A hand's stakes (holdem.engine.stakes): stacks, forced bets by seat, antes and bet sizes.

The oracle is Wikipedia, "Texas hold 'em" (quoted): who posts which blind, heads-up too, the
straddle, and the sizes of the bets in limit and no-limit games. Bad set-ups raise RulesError
(a HoldemError and a ValueError) and say what was wrong.

Seats: seat 0 is left of the button, the last seat is the button.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from holdem import Hand, HoldemError, RulesError
from holdem.engine.stakes import MAX_CHIPS, MAX_PLAYERS, chips, forced_bets, stakes, starting_stacks


def nl_stakes(n: int, **kwargs: Any) -> tuple[list[int], list[int], int, int, int]:
    """stakes() of a no-limit game of ``n`` seats, with Hand's defaults for the other options."""
    args: dict[str, Any] = {  # in the order of stakes()' parameters
        "blinds": (),
        "straddles": (),
        "ante": 0,
        "big_blind_ante": 0,
        "forced": None,
        "antes": None,
        "small_bet": None,
        "big_bet": None,
        "min_bet": None,
    }
    fixed = kwargs.pop("fixed_limit", False)
    args.update(kwargs)
    return stakes(n, fixed, *args.values())


def test_blinds_left_of_the_button() -> None:
    # "The small blind is posted by the player to the left of the dealer [...]. The big blind,
    # posted by the player to the left of the small blind, is equal to the minimum bet."
    forced, antes, _, _, min_bet = nl_stakes(6, blinds=(1, 2))
    assert forced == [1, 2, 0, 0, 0, 0] and antes == [0] * 6
    assert min_bet == 2


def test_heads_up_the_button_posts_the_small_blind() -> None:
    # "the person with the dealer button posts the small blind, while his/her opponent places
    # the big blind": seat 1 is the button.
    assert forced_bets(2, (1, 2), (), None) == [2, 1]
    assert nl_stakes(2, blinds=(1, 2), big_blind_ante=2)[:2] == ([2, 1], [2, 0])


def test_straddles_and_re_straddles() -> None:
    # "the player to the left of the big blind [may] post an optional live straddle, usually
    # double the amount of the big blind [...] No-limit games may also allow multiple
    # re-straddles": the seats after the big blind, in order.
    assert forced_bets(6, (1, 2), (4, 8), None) == [1, 2, 4, 8, 0, 0]
    # The big blind, not the straddle, sets the minimum bet and posts a big-blind ante.
    forced, antes, _, _, min_bet = nl_stakes(5, blinds=(1, 2), straddles=(4,), big_blind_ante=2)
    assert forced == [1, 2, 4, 0, 0] and antes == [0, 2, 0, 0, 0] and min_bet == 2


def test_limit_bet_sizes_follow_the_big_blind() -> None:
    # "In limit hold 'em, bets and raises during the first two rounds of betting (pre-flop and
    # flop) must be equal to the big blind; this amount is called the small bet. In the next two
    # rounds [...] equal to twice the big blind; this amount is called the big bet."
    _, _, small, big, _ = nl_stakes(10, blinds=(5, 10), fixed_limit=True)
    assert (small, big) == (10, 20)
    _, _, small, big, _ = nl_stakes(10, blinds=(5, 10), fixed_limit=True, big_bet=30)
    assert (small, big) == (10, 30)


def test_antes_for_every_seat_or_per_seat() -> None:
    # "Antes (forced contributions by all players) may be used in addition to blinds".
    assert nl_stakes(4, blinds=(1, 2), ante=1)[1] == [1, 1, 1, 1]
    per_seat = nl_stakes(3, forced=[0, 5, 10], antes=[1, 0, 2], min_bet=10)
    assert per_seat[:2] == ([0, 5, 10], [1, 0, 2])
    # With per-seat forced bets the largest is the big blind (it posts the big-blind ante).
    assert nl_stakes(3, forced=[5, 0, 10], big_blind_ante=3)[1] == [0, 0, 3]


def test_no_blinds_need_a_minimum_bet() -> None:
    assert nl_stakes(3, ante=1, min_bet=2)[4] == 2
    with pytest.raises(RulesError, match="need a minimum bet"):
        nl_stakes(3, ante=1)
    with pytest.raises(RulesError, match="fixed limit needs a small bet"):
        nl_stakes(3, ante=1, fixed_limit=True)


def test_stacks_and_chips() -> None:
    assert starting_stacks([MAX_CHIPS, 1]) == [MAX_CHIPS, 1]
    assert len(starting_stacks([1] * MAX_PLAYERS)) == MAX_PLAYERS == (52 - 8) // 2
    assert chips(0, "ante") == 0
    for bad in (-1, MAX_CHIPS + 1, 1.0, True, None, "5"):
        with pytest.raises(RulesError, match="ante"):
            chips(bad, "ante")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [100, -5]}, "must not be negative"),
        ({"stacks": [100, 0]}, "every seat needs chips"),
        ({"stacks": [100, 50.0]}, "an int number of chips"),
        ({"stacks": [100, True]}, "an int number of chips"),
        ({"stacks": [100, Fraction(1, 2)]}, "an int number of chips"),
        ({"stacks": [100, 2**61]}, "too large"),
        ({"stacks": [100] * 23}, "2 to 22 players"),
        ({"blinds": (1, -2)}, "must not be negative"),
        ({"blinds": (1, 2, 3)}, "at most two blinds"),
        ({"blinds": (1, 2), "straddles": (4,), "stacks": [100, 100]}, "no seat to straddle"),
        ({"blinds": (2,), "straddles": (4,)}, "a straddle needs a small and a big blind"),
        ({"blinds": (1, 2), "straddles": (4, 8)}, "4 forced bets for 3 seats"),
        ({"ante": True}, "an int number of chips"),
        ({"antes": [1, 1]}, "antes has 2 entries for 3 seats"),
        ({"blinds": (), "structure": "no-limit"}, "need a minimum bet"),
        ({"forced_bets": [1, 2], "blinds": (1, 2)}, "either forced_bets or blinds"),
        ({"forced_bets": [1, 2], "blinds": ()}, "forced_bets has 2 entries for 3 seats"),
        ({"min_bet": -2}, "minimum bet must not be negative"),
    ],
)
def test_bad_stakes(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"stacks": [100, 100, 100], "blinds": (1, 2)}
    args.update(kwargs)
    stacks = args.pop("stacks")
    with pytest.raises(RulesError, match=message) as info:
        Hand(stacks, **args)
    assert {HoldemError, ValueError} <= set(type(info.value).__mro__)


def test_the_stacks_are_kept_as_given() -> None:
    hand = Hand((100, 200, 300), blinds=(1, 2), seed=1)
    assert hand.starting_stacks == (100, 200, 300)
    assert hand.forced_bets == (1, 2, 0) and hand.min_bet == 2
    assert (hand.small_bet, hand.big_bet) == (2, 4)


@pytest.mark.parametrize(
    ("straddles", "message"),
    [((1,), r"at least the big blind \(2\), got 1"), ((4, 3), r"straddle before it \(4\), got 3")],
)
def test_a_straddle_below_the_big_blind_is_refused(
    straddles: tuple[int, ...], message: str
) -> None:
    # Wikipedia, "Texas hold 'em": a live straddle is "usually double the amount of the big
    # blind, which then acts as the big blind"; one smaller than the big blind would put the
    # action in the wrong order.
    with pytest.raises(RulesError, match=message):
        Hand([100] * 5, blinds=(1, 2), straddles=straddles)
