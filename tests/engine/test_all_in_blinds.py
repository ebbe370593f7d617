"""Two rule options of a hand whose blinds go all in: ``Rules.call_full_blind`` and
``Rules.lone_matched_acts``, each played both ways.

Oracles: the worked example of Wikipedia's "Betting in poker" (all-in before the deal: a big
blind all in for less, the others call the full blind; its main pot and side pot), pokerkit
0.7.7 (the ``pokerkit`` preset: its bet to call is the largest amount posted, and it asks a big
blind left alone with chips to check), and real hand histories (tests/histories: 888, Ongame,
PokerStars, PartyPoker, read with the casino choices).
"""

from __future__ import annotations

from typing import Any

import pytest

from holdem import Hand, Rules, Street

from _support import pokerkit_driver as DRIVER

CASINO = Rules.preset("casino")
POKERKIT = Rules.preset("pokerkit")


def test_the_presets_choices() -> None:
    assert CASINO.call_full_blind and not CASINO.lone_matched_acts
    assert not POKERKIT.call_full_blind and POKERKIT.lone_matched_acts
    acpc = Rules.preset("acpc")  # the dealer's bet to call is the game's blind; it asks
    assert acpc.call_full_blind and acpc.lone_matched_acts


def _wikipedia(rules: Rules, alice_wins: bool) -> Hand:
    """Wikipedia, "Betting in poker": ten players, ante 100, blinds 400/800; Alice, due the big
    blind, has 800: the ante and 700 of the blind, all in. Bob calls, Carol raises to 1,600,
    everyone else folds, the small blind folds, Bob folds. Seats: 0 the small blind, 1 Alice,
    2 Bob, 3 Carol, then six more, the button last."""
    aces, kings = ("As", "Ad"), ("Ks", "Kd")
    holes = [
        ("7c", "2d"),
        aces if alice_wins else kings,
        ("7d", "2c"),
        kings if alice_wins else aces,
    ]
    holes += [("3c", "4d"), ("5c", "6d"), ("8c", "9d"), ("3h", "4h"), ("5h", "6h"), ("8h", "9h")]
    hand = Hand(
        [5_000, 800, 5_000, 5_000, *[5_000] * 6],
        blinds=(400, 800),
        ante=100,
        rules=rules,
        hole_cards=holes,
        board=("Qc", "Jd", "2s", "3s", "Tc"),
    )
    legal = hand.legal_actions()
    assert legal.seat == 2
    assert legal.call == (800 if rules.call_full_blind else 700)  # "Bob ... calls $800"
    assert legal.min_raise_to == (1_600 if rules.call_full_blind else 1_500)
    hand.check_or_call()
    assert hand.legal_actions().min_raise_to == (1_600 if rules.call_full_blind else 1_500)
    hand.raise_to(1_600)  # Carol: "raises to $1600 total"
    for _ in range(6):
        hand.fold()
    hand.fold()  # the small blind
    hand.fold()  # Bob
    assert hand.is_over
    return hand


@pytest.mark.parametrize("alice_wins", [True, False])
def test_the_others_call_the_full_big_blind_wikipedias_example(alice_wins: bool) -> None:
    # "The main pot is therefore $1000+$400+$2100=$3500. The side pot of $1000 ($100 in excess
    # of Alice's all-in from Bob, and $900 in excess of Alice's all-in from Carol) is payed
    # immediately to Carol when Bob folds." Here the 800 of Carol's raise no one called comes
    # back to her; the side pot holds the other 200: she gets 1,000 either way.
    hand = _wikipedia(CASINO, alice_wins)
    assert hand.pots[0].amount == 3_500 and hand.pots[0].eligible == (1, 3)
    assert sum(p.amount for p in hand.pots[1:]) == 200
    main = 3_500
    assert hand.stacks[1] == (main if alice_wins else 0)
    assert hand.stacks[3] == 5_000 - 100 - 1_600 + 1_000 + (0 if alice_wins else main)
    assert hand.stacks[2] == 5_000 - 100 - 800 and hand.stacks[0] == 5_000 - 100 - 400
    assert sum(hand.stacks) == 5_000 * 9 + 800


def test_with_the_largest_posted_to_call_bob_calls_the_all_in() -> None:
    # pokerkit's choice: Bob calls 700, Carol's raise is from 700 (a full raise of the 800
    # minimum bet, to 1,500 at least); the chips still add up.
    hand = _wikipedia(POKERKIT.replace(fold_when_free=True), alice_wins=True)
    assert sum(hand.stacks) == 5_000 * 9 + 800


def test_the_small_blind_completes_to_the_full_blind_and_takes_the_excess_back() -> None:
    # 888's hand 190625798: blinds 100/200, the big blind all in for 125; the small blind
    # "calls [$100]" and collects 75 uncalled.
    hand = Hand(
        [3_400, 125, 1_000],
        blinds=(100, 200),
        rules=CASINO,
        hole_cards=[("4d", "7h"), ("Td", "Jc"), ("2c", "3c")],
        board=("8c", "2d", "8d", "5c", "Js"),
    )
    hand.fold()  # the button
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 100
    hand.check_or_call()
    assert hand.is_over and hand.street is Street.COMPLETE
    returned = [e.amount for e in hand.events if e.kind.name == "RETURN"]
    assert returned == [75]
    assert hand.stacks == (3_400 - 125, 250, 1_000)


def test_fixed_limit_counts_the_full_blind_as_the_first_bet() -> None:
    # 10/20 fixed limit, the big blind all in for 7: the others call 10 (the full blind) and
    # raise to 20; the cap counts the blind as the first bet.
    hand = Hand(
        [1_000, 7, 1_000, 1_000],
        blinds=(5, 10),
        structure="fixed-limit",
        small_bet=10,
        rules=CASINO.replace(cap=3),
        hole_cards=[("4d", "7h"), ("Td", "Jc"), ("2c", "3c"), ("2h", "3h")],
        board=("8c", "2d", "8d", "5c", "Js"),
    )
    legal = hand.legal_actions()
    assert legal.call == 10 and legal.min_raise_to == legal.max_raise_to == 20
    hand.raise_to(20)
    hand.raise_to(30)
    assert hand.legal_actions().min_raise_to is None  # capped: the blind, two raises
    short = Hand(
        [1_000, 7, 1_000, 1_000],
        blinds=(5, 10),
        structure="fixed-limit",
        small_bet=10,
        rules=CASINO.replace(cap=3, call_full_blind=False),
    )
    assert short.legal_actions().call == 7  # (the largest posted)


def _state(pk: Any, stacks: list[int], blinds: tuple[int, int]) -> Any:
    """pokerkit's no-limit hold'em of these stacks and blinds, dealing by itself."""
    automations = (
        *DRIVER.automations(pk),
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
    )
    return pk.NoLimitTexasHoldem.create_state(
        automations, True, 0, blinds, blinds[1], stacks, len(stacks), mode=pk.Mode.TOURNAMENT
    )


@pytest.mark.parametrize("short", [1, 60, 125, 199])
def test_pokerkit_calls_the_largest_posted_as_its_preset_does(short: int) -> None:
    pk = pytest.importorskip("pokerkit")
    stacks = [3_400, short, 1_000, 2_000]
    state = _state(pk, stacks, (100, 200))
    ours = Hand(stacks, blinds=(100, 200), rules=POKERKIT)
    casino = Hand(stacks, blinds=(100, 200), rules=CASINO)
    legal = ours.legal_actions()
    assert state.actor_index == legal.seat == casino.legal_actions().seat == 2
    assert state.checking_or_calling_amount == legal.call == max(short, 100)
    assert state.min_completion_betting_or_raising_to_amount == legal.min_raise_to
    assert casino.legal_actions().call == 200  # the full blind
    assert casino.legal_actions().min_raise_to == 400
    state.check_or_call()
    ours.check_or_call()
    casino.check_or_call()
    state.fold()
    ours.fold()
    casino.fold()
    legal = ours.legal_actions()
    assert state.actor_index == legal.seat == 0  # the small blind
    assert state.checking_or_calling_amount == (legal.call or 0) == max(short, 100) - 100
    assert casino.legal_actions().call == 100


def _lone(rules: Rules) -> Hand:
    """Blinds 1/2: the button (seat 2) goes all in for 2, the small blind folds: the big blind
    is the only player left with chips, and has matched the bet."""
    hand = Hand(
        [100, 100, 2],
        blinds=(1, 2),
        rules=rules,
        hole_cards=[("4d", "7h"), ("Td", "Jc"), ("2c", "3c")],
        board=("8c", "2d", "8d", "5c", "Js"),
    )
    hand.check_or_call()  # the button, all in
    hand.fold()  # the small blind
    return hand


def test_a_lone_player_who_matched_every_all_in_is_not_asked() -> None:
    hand = _lone(CASINO)
    assert hand.is_over and hand.actor is None
    assert len(hand.board) == 5 and hand.stacks == (99, 98 + 5, 0)
    asked = _lone(CASINO.replace(lone_matched_acts=True))
    legal = asked.legal_actions()
    assert legal.seat == 1 and legal.check and legal.call is None and not legal.can_raise
    asked.check_or_call()
    assert asked.is_over and asked.stacks == hand.stacks


def test_pokerkit_asks_the_lone_big_blind_as_its_preset_does() -> None:
    pk = pytest.importorskip("pokerkit")
    state = _state(pk, [100, 100, 2], (1, 2))
    state.check_or_call()
    state.fold()
    hand = _lone(POKERKIT)
    assert state.actor_index == hand.actor == 1
    assert state.checking_or_calling_amount == 0 and hand.legal_actions().check
    assert not state.can_complete_bet_or_raise_to() and not hand.legal_actions().can_raise


def test_not_asked_mid_round_only_when_every_other_player_still_in_is_all_in() -> None:
    # The big blind with a limper who has chips behind still has his option to raise.
    hand = Hand([100, 100, 100, 2], blinds=(1, 2), rules=CASINO)
    hand.check_or_call()  # seat 2 limps, chips behind
    hand.check_or_call()  # seat 3 all in for 2
    hand.fold()  # the small blind
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.check and legal.can_raise
    # A big blind facing an all-in raise over his blind must still call or fold.
    short = Hand([100, 100, 5], blinds=(1, 2), rules=CASINO)
    short.raise_to(5)  # the button all in for 5
    short.fold()
    legal = short.legal_actions()
    assert legal.seat == 1 and legal.call == 3
