"""Fixed limit: the raise after a bet or raise all in for less than a full bet
(``Rules.limit_all_in``).

The oracles: Robert's Rules of Poker, Betting and raising, rule 6: "In limit play, an all-in
wager of less than half a bet does not reopen the betting for any player who has already acted
and is in the pot for all previous bets. A player who has not yet acted (or had the betting
reopened to him by another player's action), facing an all-in wager of less than half a bet,
may fold, call, or complete the wager. An all-in wager of a half a bet or more is treated as a
full bet, and a player may fold, call, or make a full raise. (An example of a full raise on a
$20 betting round is raising a $15 all-in bet to $35.) Multiple all-in wagers, each of an amount
too small to individually qualify as a raise, still act as a raise and reopen the betting if the
resulting wager size to a player qualifies as a raise." (the casino preset); pokerkit 0.7.7,
whose raise adds a full bet to the all-in, for the pokerkit preset (tests/engine/
test_hand_pokerkit.py plays it decision by decision); iPoker's hand 2855501026 of fpdb-3's
regression files (a $0.13 all-in bet on a $0.20 round raised to $0.40) for ``LimitAllIn.LEVEL``.

A $10/$20 game: the flop's bets are $20. Seat 0 is the small blind, seat 3 the button; every
hand is called round to the flop, where seat 0 acts first.
"""

from __future__ import annotations

import pytest

from holdem import ActionError, Hand, LimitAllIn, Rules
from holdem.phh._rules_field import rule_fields, rules_in_file


def flop(stacks: list[int], rules: Rules | str = "casino") -> Hand:
    hand = Hand(stacks, blinds=(10, 20), structure="fixed-limit", rules=rules, seed=3)
    while hand.street.name == "PREFLOP":
        hand.check_or_call()
    return hand


@pytest.mark.parametrize(
    ("short", "preset", "raise_to"),
    [
        (15, "casino", 35),  # half a bet or more: a full bet, and a full raise over it
        (10, "casino", 30),
        (5, "casino", 20),  # less than half a bet: completed to the full bet
        (9, "casino", 20),
        (15, "pokerkit", 35),
        (5, "pokerkit", 25),  # pokerkit: a full bet over the all-in
    ],
)
def test_the_raise_after_an_all_in_bet(short: int, preset: str, raise_to: int) -> None:
    hand = flop([1000, 20 + short, 1000, 1000], preset)
    hand.check()
    hand.bet(short)  # all in
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (short, raise_to, raise_to)
    hand.raise_to(raise_to)
    assert hand.bets[2] == raise_to


def test_the_levels_rule_raises_to_the_next_level() -> None:
    rules = Rules.preset("casino", limit_all_in=LimitAllIn.LEVEL)
    for short, raise_to in ((13, 40), (10, 40), (9, 20)):
        hand = flop([1000, 20 + short, 1000, 1000], rules)
        hand.check()
        hand.bet(short)
        assert hand.legal_actions().min_raise_to == raise_to


def test_an_all_in_below_half_a_bet_does_not_reopen() -> None:
    # Seat 0 bets 20, seat 1 raises all in to 25: seat 2 may complete to 40, or call; if it
    # calls, seat 0, who acted and is not facing a full raise, may only call the 5.
    hand = flop([1000, 45, 1000, 1000])
    hand.bet(20)
    hand.raise_to(25)
    assert hand.legal_actions().min_raise_to == 40
    hand.call()
    hand.call()
    assert hand.actor == 0
    legal = hand.legal_actions()
    assert legal.call == 5 and legal.min_raise_to is None
    with pytest.raises(ActionError):
        hand.raise_to(45)


def test_short_all_ins_that_add_up_to_half_a_bet_reopen() -> None:
    # 20, then all in to 25 (5: not a raise), then all in to 32 (12 above the bet of 20: half a
    # bet or more, a full raise): seat 0 may raise again, a full raise over 32.
    hand = flop([1000, 45, 52, 1000])
    hand.bet(20)
    hand.raise_to(25)
    hand.raise_to(32)
    hand.call()  # the button
    assert hand.actor == 0
    assert hand.legal_actions().min_raise_to == 52


def test_a_completed_all_in_counts_once_toward_the_cap() -> None:
    # All in for 5 (no bet), completed to 20 (the first bet), then 40, 60, 80: capped at four.
    hand = flop([1000, 25, 1000, 1000])
    hand.check()
    hand.bet(5)
    for total in (20, 40, 60, 80):
        hand.raise_to(total)
    assert hand.legal_actions().min_raise_to is None
    # Under pokerkit's rule the all-in is the first bet: 5, 25, 45, 65 and capped.
    hand = flop([1000, 25, 1000, 1000], "pokerkit")
    hand.check()
    hand.bet(5)
    for total in (25, 45, 65):
        hand.raise_to(total)
    assert hand.legal_actions().min_raise_to is None


def test_the_choice_is_written_to_phh_and_read_back() -> None:
    rules = Rules.preset("casino", limit_all_in=LimitAllIn.LEVEL)
    fields = rule_fields(rules)
    assert fields["_rule_options"] == {"limit_all_in": "LEVEL"}
    assert rules_in_file(fields, "test") == rules
    assert "limit_all_in" not in rule_fields(Rules.preset("pokerkit")).get("_rule_options", {})
