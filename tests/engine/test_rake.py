"""The house's rake: a share of each pot, rounded, capped, none without a flop.

Outside oracles: pokerkit 0.7.7's raked showdowns (tests/engine/test_hand_pokerkit.py) and real
raked PokerStars hands (tests/pokerstars); here, the rule's own statements and chip conservation
over random hands.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from holdem import Hand, Rake, Rules
from holdem.engine.pots import Pot, rake_pots
from holdem.errors import RulesError


@pytest.mark.parametrize(
    ("pot", "rake"),
    [(19, 0), (20, 1), (39, 1), (40, 2), (399, 19)],  # one chip per full 20 chips at 5%
)
def test_five_percent_rounded_down_is_one_chip_per_full_twenty(pot: int, rake: int) -> None:
    assert Rake(percent=5).take(pot) == rake


def test_rounding_to_nearest_and_whole_units() -> None:
    assert Rake(percent=5, rounding="nearest").take(30) == 2  # 1.5 rounds half up
    assert Rake(percent=5, rounding="nearest").take(29) == 1  # 1.45
    assert Rake(percent=10, unit=5).take(149) == 10  # 14.9 chips: two whole fives
    assert Rake(percent="4.5").take(1000) == 45
    assert Rake(percent=Fraction(9, 2)).percent == Fraction(9, 2)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"percent": 5.0},
        {"percent": True},
        {"percent": -1},
        {"percent": 101},
        {"percent": "five"},
        {"cap": -1},
        {"cap": 2.5},
        {"unit": 0},
        {"amount": -3},
        {"rounding": "up"},
    ],
)
def test_bad_rake_options_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rake(**kwargs)  # type: ignore[arg-type]


def test_rules_take_a_rake_or_none() -> None:
    assert Rules().rake is None
    assert Rules.preset("casino", rake=Rake(percent=5)).rake == Rake(percent=5)
    with pytest.raises(RulesError, match="rake must be a Rake"):
        Rules(rake=5)  # type: ignore[arg-type]


def test_the_main_pot_is_raked_first_until_the_cap() -> None:
    pots = [Pot(300, (0, 1, 2)), Pot(200, (0, 1))]
    raked, taken = rake_pots(pots, [200, 200, 100], Rake(percent=10, cap=40), flop=True)
    assert taken == 40
    assert raked == [Pot(270, (0, 1, 2)), Pot(190, (0, 1))]


def test_an_uncalled_bet_is_never_raked() -> None:
    # Seat 1 bet 100 more than anyone called: only the 200 called chips are raked.
    pots = [Pot(200, (0, 1)), Pot(100, (1,))]
    raked, taken = rake_pots(pots, [100, 200], Rake(percent=10), flop=True)
    assert taken == 20
    assert raked == [Pot(180, (0, 1)), Pot(100, (1,))]


def test_an_exact_amount_comes_out_of_the_main_pot_first() -> None:
    pots = [Pot(30, (0, 1, 2)), Pot(50, (0, 1))]
    raked, taken = rake_pots(pots, [40, 40, 10], Rake(amount=35), flop=True)
    assert taken == 35 and raked == [Pot(0, (0, 1, 2)), Pot(45, (0, 1))]


def test_no_flop_no_drop() -> None:
    rules = Rules.preset("casino", rake=Rake(percent=10))
    hand = Hand([100, 100, 100], blinds=(5, 10), rules=rules, seed=1)
    hand.raise_to(30)
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.rake == 0 and sum(hand.payoffs) == 0
    taken = Rules.preset("casino", rake=Rake(percent=10, no_flop_no_drop=False))
    hand = Hand([100, 100, 100], blinds=(5, 10), rules=taken, seed=1)
    hand.raise_to(30)
    hand.fold()
    hand.fold()
    # The raise to 30 is called up to the big blind's 10: 5 + 10 + 10 = 25 chips raked at 10%.
    assert hand.rake == 2


def test_a_hand_won_after_the_flop_pays_the_rake() -> None:
    rules = Rules.preset("casino", rake=Rake(percent=5, cap=3))
    hand = Hand([1000, 1000], blinds=(10, 20), rules=rules, seed=3)
    hand.check_or_call()
    hand.check()  # the flop: a pot of 40
    hand.raise_to(40)
    hand.check_or_call()  # 120 in the pot
    hand.raise_to(200)
    hand.fold()  # the 200 bet is uncalled: 5% of 120 is 6, capped at 3
    assert hand.is_over and hand.rake == 3
    assert sorted(hand.payoffs) == [-60, 57]


@pytest.mark.parametrize("preset", ["casino", "pokerkit"])
def test_chips_are_conserved_with_the_rake_over_random_hands(preset: str) -> None:
    rake = Rake(percent=5, cap=50)
    rules = Rules.preset(preset, rake=rake)
    rng = random.Random(2024)
    raked = 0
    for seed in range(400):
        n = rng.randint(2, 6)
        stacks = [rng.randint(5, 600) for _ in range(n)]
        hand = Hand(stacks, blinds=(1, 2), ante=rng.choice((0, 1)), rules=rules, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            roll = rng.random()
            if legal.fold and roll < 0.2:
                hand.fold()
            elif legal.min_raise_to is not None and legal.max_raise_to is not None and roll > 0.7:
                hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
            else:
                hand.check_or_call()
        assert sum(hand.stacks) + hand.rake == sum(stacks)
        assert sum(hand.payoffs) == -hand.rake
        assert 0 <= hand.rake <= rake.cap  # type: ignore[operator]
        if len(hand.board) < 3:
            assert hand.rake == 0
        raked += hand.rake > 0
    assert raked > 50
