"""Side pots and split pots (holdem.engine.pots) against oracles from outside the module.

* The Wizard of Odds' "Texas Hold'em" rules, rule 17: "If a bet is made after another player
  runs out of money, then a separate pot is created. The player that ran out of money is not
  eligible to win the second pot. If more than one player runs out of money then multiple
  separate pots can be created."
* The TDA rules: "Each side pot will be split as a separate pot", the odd chip going to the
  first hand left of the button; Wikipedia, "Texas hold 'em": "any extra chips going to the first
  players after the button in clockwise order".
* Brute force, written here independently of the module: pots built chip by chip (the k-th chip
  of every seat that put in at least k chips, won by the live seats among them), payouts by the
  rule that a hand wins from each opponent at most what it put in itself, odd chips handed out
  one at a time round the winners.
* pokerkit 0.7.7 (where it is installed): the pots of the same all-in hands.

Seats: seat 0 is left of the button, the last seat is the button.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Hand, OddChips, Pot, Rules, Street
from holdem.engine.pots import award, build_pots, pot_winners, split

# -- oracles ----------------------------------------------------------------------------------


def chip_by_chip_pots(contributions: list[int], live: list[bool], dead: int = 0) -> list[Pot]:
    """Pots from single chips: the k-th chip of each seat goes to the live seats that put in k.

    Chips that no live seat can win at their height join the pot below them (the nearest above
    when there is none below); dead money is a pot for every live seat, below all the others.
    Neighbouring pots for the same seats are one pot.
    """
    everyone = tuple(i for i, ok in enumerate(live) if ok)
    layers: list[tuple[int, tuple[int, ...]]] = [(dead, everyone)] if dead else []
    for k in range(1, max(contributions, default=0) + 1):
        payers = [i for i, c in enumerate(contributions) if c >= k]
        layers.append((len(payers), tuple(i for i in payers if live[i])))
    pots: list[list[Any]] = []
    carry = 0
    for chips, eligible in layers:
        if not eligible:
            if pots:
                pots[-1][0] += chips
            else:
                carry += chips
            continue
        if pots and pots[-1][1] == eligible:
            pots[-1][0] += chips + carry
        else:
            pots.append([chips + carry, eligible])
        carry = 0
    if carry:
        pots.append([carry, everyone])
    return [Pot(amount, eligible) for amount, eligible in pots]


def greedy_payouts(contributions: list[int], values: dict[int, int]) -> list[int]:
    """What each seat gets back when every live hand has a different value.

    The best hand takes from every seat (itself included) as much as it put in itself, at most
    what that seat put in; the next best takes what is left up to its own stake, and so on.
    """
    left = list(contributions)
    got = [0] * len(contributions)
    for seat in sorted(values, key=values.__getitem__, reverse=True):
        stake = contributions[seat]
        for j, c in enumerate(contributions):
            take = max(0, min(stake, c) - (c - left[j]))
            left[j] -= take
            got[seat] += take
    return got


def one_at_a_time(amount: int, winners: list[int]) -> dict[int, int]:
    """A pot dealt out one chip at a time round the winners, from the first after the button."""
    seats = sorted(winners)
    got = dict.fromkeys(seats, 0)
    for chip in range(amount):
        got[seats[chip % len(seats)]] += 1
    return got


# -- worked examples --------------------------------------------------------------------------


def test_wizard_of_odds_rule_17_separate_pots() -> None:
    # Seat 3 is all-in for 10 and seat 0 for 30; seats 1 and 2 bet on to 60: three pots, and a
    # player who ran out of money is not eligible for the pots made after.
    pots = build_pots([30, 60, 60, 10], [True, True, True, True])
    assert pots == [Pot(40, (0, 1, 2, 3)), Pot(60, (0, 1, 2)), Pot(60, (1, 2))]
    assert pots == chip_by_chip_pots([30, 60, 60, 10], [True] * 4)


def test_a_folded_players_chips_stay_in_the_pots_it_cannot_win() -> None:
    # Seat 1 put in 40 and folded: its chips are in the main pot and the side pot, which it
    # cannot win; seat 3 (all-in for 30) can win the main pot only.
    pots = build_pots([100, 40, 100, 30], [True, False, True, True])
    assert pots == [Pot(120, (0, 2, 3)), Pot(150, (0, 2))]


def test_each_side_pot_is_split_separately() -> None:
    # TDA: "Each side pot will be split as a separate pot". Seats 0 and 1 tie with the best hand
    # and share both pots; each pot has an odd chip, and each odd chip goes to seat 0, the first
    # winner left of the button: 7 + 9 = 16 for seat 0 and 6 + 8 = 14 for seat 1 (had the pots
    # been merged first, 30 chips would have split 15-15).
    contributions, live = [10, 10, 3, 6, 1], [True, True, True, False, False]
    pots = build_pots(contributions, live)
    assert pots == [Pot(13, (0, 1, 2)), Pot(17, (0, 1))]
    shares = award(pots, {0: 9, 1: 9, 2: 4}, OddChips.ONE_AT_A_TIME)
    assert shares == [(0, 7), (1, 6), (0, 9), (1, 8)]
    assert pot_winners(pots, {0: 9, 1: 9, 2: 4}) == {0, 1}


def test_odd_chips_by_rule() -> None:
    # Wikipedia: the extra chips go "to the first players after the button in clockwise order".
    assert split(14, [3, 1, 2], OddChips.ONE_AT_A_TIME) == [(1, 5), (2, 5), (3, 4)]
    # pokerkit 0.7.7 gives every odd chip to the first winner; the ACPC dealer splits exactly.
    assert split(14, [3, 1, 2], OddChips.FIRST_WINNER) == [(1, 6), (2, 4), (3, 4)]
    third = Fraction(14, 3)
    assert split(14, [3, 1, 2], OddChips.FRACTIONAL) == [(1, third), (2, third), (3, third)]
    assert split(12, [2, 0], OddChips.FRACTIONAL) == [(0, 6), (2, 6)]
    assert type(split(12, [2, 0], OddChips.FRACTIONAL)[0][1]) is int


def test_dead_antes_make_a_main_pot_for_every_live_seat() -> None:
    # pokerkit 0.7.7's antes (without trimming) are dead money: seat 0, all-in for its ante,
    # can win them, and only them.
    pots = build_pots([0, 50, 50], [True, True, True], dead=3)
    assert pots == [Pot(3, (0, 1, 2)), Pot(100, (1, 2))]
    assert pots == chip_by_chip_pots([0, 50, 50], [True, True, True], dead=3)


def test_a_lone_seat_wins_everything() -> None:
    assert award([Pot(30, (0, 2)), Pot(10, (2,))], {2: None}, OddChips.ONE_AT_A_TIME) == [
        (2, 30),
        (2, 10),
    ]


# -- brute force ------------------------------------------------------------------------------


@st.composite
def table(draw: st.DrawFn) -> tuple[list[int], list[bool]]:
    """What each seat put in and who is still in, as a hand can leave them.

    At least one seat is live, and no folded seat put in more than the most any live seat did
    (a bet that no one calls goes back to the bettor before the pots are built).
    """
    n = draw(st.integers(2, 9))
    contributions = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    live[draw(st.integers(0, n - 1))] = True
    top = max(c for c, ok in zip(contributions, live, strict=True) if ok)
    contributions = [c if ok else min(c, top) for c, ok in zip(contributions, live, strict=True)]
    return contributions, live


@settings(max_examples=400, deadline=None)
@given(table(), st.integers(0, 12))
def test_build_pots_matches_chip_by_chip(spot: tuple[list[int], list[bool]], dead: int) -> None:
    contributions, live = spot
    assert build_pots(contributions, live) == chip_by_chip_pots(contributions, live)
    pots = build_pots(contributions, live, dead)
    assert pots == chip_by_chip_pots(contributions, live, dead)
    assert sum(p.amount for p in pots) == sum(contributions) + dead


@settings(max_examples=400, deadline=None)
@given(table(), st.data())
def test_award_matches_greedy_payouts(spot: tuple[list[int], list[bool]], data: Any) -> None:
    contributions, live = spot
    seats = [i for i, ok in enumerate(live) if ok]
    ranking = data.draw(st.permutations(range(len(seats))), label="ranking")
    values = {seat: 1 + rank for seat, rank in zip(seats, ranking, strict=True)}
    got: list[int | Fraction] = [0] * len(contributions)
    for seat, chips in award(build_pots(contributions, live), values, OddChips.ONE_AT_A_TIME):
        got[seat] += chips
    assert got == greedy_payouts(contributions, values)


@settings(max_examples=400, deadline=None)
@given(table(), st.data())
def test_ties_split_pot_by_pot_one_chip_at_a_time(
    spot: tuple[list[int], list[bool]], data: Any
) -> None:
    contributions, live = spot
    seats = [i for i, ok in enumerate(live) if ok]
    values = {seat: data.draw(st.integers(1, 3), label=f"value {seat}") for seat in seats}
    pots = build_pots(contributions, live)
    expected: list[tuple[int, int]] = []
    for pot in chip_by_chip_pots(contributions, live):
        contenders = [i for i in pot.eligible if i in values]
        best = max(values[i] for i in contenders)
        expected += one_at_a_time(pot.amount, [i for i in contenders if values[i] == best]).items()
    assert award(pots, values, OddChips.ONE_AT_A_TIME) == expected
    for policy in OddChips:  # every policy hands out each pot exactly
        shares = award(pots, values, policy)
        assert sum(chips for _, chips in shares) == sum(contributions)


# -- pokerkit ---------------------------------------------------------------------------------


def _play_to_showdown(seed: int) -> tuple[Hand, int, list[tuple[str, int]]] | None:
    """A random hand of all-ins, calls and folds stopped at a manual showdown, with its ante
    and its actions; None when it ends without a showdown."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(12, 200))) for _ in range(n)]
    ante = rng.choice((0, 0, 1, 2))
    rules = Rules.preset("pokerkit", dead_antes=True)
    hand = Hand(stacks, blinds=(1, 2), ante=ante, rules=rules, seed=seed, showdown="manual")
    actions: list[tuple[str, int]] = []
    while hand.street < Street.SHOWDOWN:
        legal = hand.legal_actions()
        roll = rng.random()
        if legal.fold and roll < 0.2:
            actions.append(("fold", 0))
            hand.fold()
        elif legal.max_raise_to is not None and roll > 0.55:
            actions.append(("raise", legal.max_raise_to))
            hand.raise_to(legal.max_raise_to)
        else:
            actions.append(("call", 0))
            hand.check_or_call()
    if hand.is_over:
        return None
    return hand, ante, actions


@pytest.mark.parametrize("chunk", range(4))
def test_pots_match_pokerkit(chunk: int) -> None:
    """The pots at the showdown of the same hands (pokerkit's antes are dead money)."""
    pk = pytest.importorskip("pokerkit")
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
    )
    compared = 0
    for seed in range(chunk * 150, (chunk + 1) * 150):
        played = _play_to_showdown(seed)
        if played is None:
            continue
        hand, ante, actions = played
        state = pk.NoLimitTexasHoldem.create_state(
            automations,
            False,  # no ante trimming: the antes are dead money
            ante,
            (1, 2),
            2,
            hand.starting_stacks,
            hand.players,
            mode=pk.Mode.TOURNAMENT,
        )
        for action, amount in actions:
            if action == "fold":
                state.fold()
            elif action == "raise":
                state.complete_bet_or_raise_to(amount)
            else:
                state.check_or_call()
        theirs = [(p.amount, p.player_indices) for p in state.pots]
        assert [(p.amount, p.eligible) for p in hand.pots] == theirs, (seed, actions)
        compared += 1
    assert compared > 30
