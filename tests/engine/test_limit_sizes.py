"""Fixed limit: a river bet of its own, and a big blind smaller than the small bet.

The oracles: Wikipedia, "Texas hold 'em" (betting structures): "Occasionally, the fourth wager is
larger still (a big river bet), and the big blind is sometimes less than the small bet, in which
case it is treated the same way a sub-minimum bring-in is treated in stud poker"; Robert's Rules
of Poker, seven-card stud: a bring-in for less than a full bet may be completed to a full bet,
and the completion counts as the first bet of the round; pokerkit 0.7.7 (built with a river street
of its own size, and its fixed-limit hold'em with a short big blind) for the ``pokerkit`` preset;
the ACPC game definition's ``raiseSize``, one per round.

Seats: seat 0 is left of the button, the last seat is the button.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from holdem import ActionError, Hand, Rules, RulesError
from holdem.acpc import GameDef


def _check_down_to_river(hand: Hand) -> None:
    while hand.street.name != "RIVER":
        hand.check_or_call()


def test_river_bet_of_its_own() -> None:
    # A $10/$20 game with a $40 river bet: bets of 10 before the turn, 20 on the turn, 40 on the
    # river, and every raise the same size as the street's bet.
    hand = Hand([500] * 3, blinds=(5, 10), structure="fixed-limit", small_bet=10, big_bet=20,
                river_bet=40, seed=4)  # fmt: skip
    assert (hand.small_bet, hand.big_bet, hand.river_bet) == (10, 20, 40)
    assert hand.legal_actions().min_raise_to == 20  # pre-flop: 10 + 10
    hand.call()
    hand.call()
    hand.check()
    hand.bet(10)  # flop
    with pytest.raises(ActionError, match="to 20"):
        hand.raise_to(30)
    hand.call()
    hand.call()
    hand.bet(20)  # turn
    assert hand.legal_actions().min_raise_to == 40
    hand.call()
    hand.call()
    legal = hand.legal_actions()  # river
    assert hand.street.name == "RIVER"
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    hand.bet(40)
    assert hand.legal_actions().min_raise_to == 80


def test_river_bet_defaults_to_the_big_bet() -> None:
    hand = Hand([500] * 2, blinds=(1, 2), structure="fixed-limit", small_bet=2, seed=1)
    assert hand.river_bet == hand.big_bet == 4
    hand.call()
    _check_down_to_river(hand)
    assert hand.legal_actions().min_raise_to == 4


@pytest.mark.parametrize("bad", [0, -1, 2.5, "40"])
def test_bad_river_bet_refused(bad: Any) -> None:
    with pytest.raises(RulesError):
        Hand([100, 100], blinds=(1, 2), structure="fixed-limit", river_bet=bad)


def test_river_bet_is_for_fixed_limit() -> None:
    with pytest.raises(RulesError, match="fixed limit"):
        Hand([100, 100], blinds=(1, 2), river_bet=8)


def test_short_big_blind_is_completed_like_a_bring_in() -> None:
    # A $3/$6 game with $1 and $2 blinds: the first player may call the $2 or complete to $3,
    # a full small bet; the completion is the first bet, so three raises of $3 follow it up to
    # the cap of four bets; a player who only called the blind may raise after the completion.
    hand = Hand([100] * 4, blinds=(1, 2), structure="fixed-limit", small_bet=3, seed=2)
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (2, 2, 3, 3)
    hand.call()  # seat 2 calls the blind
    hand.raise_to(3)  # seat 3 completes
    assert hand.legal_actions().min_raise_to == 6
    hand.raise_to(6)  # seat 0
    hand.call()  # seat 1, the big blind
    assert hand.legal_actions().min_raise_to == 9  # seat 2 called the blind: it may raise
    hand.raise_to(9)
    hand.raise_to(12)  # seat 3: the fourth bet
    legal = hand.legal_actions()
    assert legal.min_raise_to is None and legal.call == 6  # capped


def test_short_big_blind_completion_can_be_called() -> None:
    hand = Hand([100] * 3, blinds=(1, 2), structure="fixed-limit", small_bet=3, seed=2)
    hand.raise_to(3)  # the button completes
    assert hand.legal_actions().call == 2  # the small blind: 1 in, 3 to match
    hand.call()
    assert hand.legal_actions().call == 1  # the big blind: 2 in
    with pytest.raises(ActionError):
        hand.raise_to(5)  # a raise over a completed bet is a full small bet
    hand.call()
    assert hand.street.name == "FLOP" and hand.pot_total == 9


def test_short_big_blind_under_the_other_rule_books() -> None:
    # pokerkit and the ACPC dealer: a raise adds a full small bet to the blind.
    for preset in ("pokerkit", "acpc"):
        hand = Hand([100] * 3, blinds=(1, 2), structure="fixed-limit", small_bet=3,
                    seed=2, rules=preset)  # fmt: skip
        assert hand.legal_actions().min_raise_to == 5
    off = Rules.preset("casino", complete_short_blind=False)
    hand = Hand([100] * 3, blinds=(1, 2), structure="fixed-limit", small_bet=3, rules=off)
    assert hand.legal_actions().min_raise_to == 5


def test_full_big_blind_unchanged() -> None:
    # The usual structure (big blind = small bet): no completion, the blind is the first bet.
    hand = Hand([100] * 3, blinds=(1, 2), structure="fixed-limit", small_bet=2, seed=2)
    assert hand.legal_actions().min_raise_to == 4
    hand.raise_to(4)
    hand.raise_to(6)
    hand.raise_to(8)  # the blind and three raises: capped
    assert hand.legal_actions().min_raise_to is None


def test_acpc_river_raise_size() -> None:
    text = """GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 40
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
    hand = GameDef.parse(text).new_hand()
    assert (hand.small_bet, hand.big_bet, hand.river_bet) == (10, 20, 40)


# -- pokerkit 0.7.7 as the oracle ------------------------------------------------------------


def _pokerkit_state(pk: Any, stacks: list[int], small: int, big: int, river: int) -> Any:
    """Fixed-limit hold'em in pokerkit with a river street of its own size."""

    def street(burn: bool, board: int, size: int) -> Any:
        hole = () if burn else (False, False)
        return pk.Street(burn, hole, board, False, pk.Opening.POSITION, size, 4)

    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    streets = (
        street(False, 0, small),
        street(True, 3, small),
        street(True, 1, big),
        street(True, 1, river),
    )
    raw_blinds = (1, 2)  # heads-up, pokerkit reverses them as the engine does
    return pk.State(automations, pk.Deck.STANDARD, (pk.StandardHighHand,), streets,
                    pk.BettingStructure.FIXED_LIMIT, False, 0, raw_blinds, 0, stacks,
                    len(stacks), mode=pk.Mode.TOURNAMENT)  # fmt: skip


def test_river_bet_against_pokerkit() -> None:
    pk = pytest.importorskip("pokerkit")
    rng = random.Random(14)
    decisions = 0
    for _ in range(150):
        n = rng.randint(2, 4)
        stacks = [rng.choice([3, 9, 30, 60, 200]) for _ in range(n)]
        small = rng.choice([2, 4])
        big, river = 2 * small, rng.choice([2 * small, 3 * small, 4 * small])
        hand = Hand(stacks, blinds=(1, 2), structure="fixed-limit", small_bet=small,
                    big_bet=big, river_bet=river, rules="pokerkit",
                    seed=rng.randrange(2**32))  # fmt: skip
        state = _pokerkit_state(pk, stacks, small, big, river)
        while not hand.is_over and hand.actor is not None:
            assert state.actor_index == hand.actor
            legal = hand.legal_actions()
            assert state.checking_or_calling_amount == (legal.call or 0)
            assert state.min_completion_betting_or_raising_to_amount == legal.min_raise_to
            assert state.max_completion_betting_or_raising_to_amount == legal.max_raise_to
            decisions += 1
            roll = rng.random()
            if legal.min_raise_to is not None and roll < 0.4:
                hand.raise_to(legal.min_raise_to)
                state.complete_bet_or_raise_to(legal.min_raise_to)
            elif legal.call and roll < 0.5:
                hand.fold()
                state.fold()
            else:
                hand.check_or_call()
                state.check_or_call()
    assert decisions > 500


def test_river_bet_written_to_phh_and_replayed() -> None:
    # PHH has one big bet for the turn and the river: the river bet is a user-defined field.
    from holdem.phh import loads, replay, to_phh

    hand = Hand([500] * 2, blinds=(5, 10), structure="fixed-limit", small_bet=10, big_bet=20,
                river_bet=40, seed=4)  # fmt: skip
    hand.call()
    _check_down_to_river(hand)
    hand.bet(40)
    hand.raise_to(80)
    hand.call()
    text = to_phh(hand)
    assert "_river_bet = 40" in text
    again = replay(loads(text)[0], rules="casino")
    assert again.matches and again.hand.river_bet == 40
