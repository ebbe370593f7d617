"""Running the board more than once when everyone is all-in (``Hand(..., runs=N)``).

Oracles: exact enumeration of the split by hand (each pot split into N shares, one per board,
each share won on its own board), and pokerkit 0.7.7's runout-count selection (a cash-game
state whose players select the same number of runouts), fed the same cards in the same order:
the final stacks must agree.
"""

from __future__ import annotations

from typing import Any

import pytest

from holdem import Card, EventKind, Hand, RulesError, Table
from holdem.engine.pots import Pot
from holdem.engine.rules import OddChips
from holdem.engine.runout import award_runs, share

from _support import pokerkit_driver as DRIVER


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


def test_twice_from_preflop_split_boards() -> None:
    # Heads-up all-in pre-flop, run twice: the first board goes to seat 0 (kings), the second
    # to seat 1 (aces up... a pair of aces): each wins half of the 200 pot.
    hole = ["Kd", "Ac", "Kh", "As"]  # seat 0 Kd Kh, seat 1 Ac As (one at a time from seat 0)
    run1 = "2c 7d 9h 3c 2s Kc 4c Jd"  # burn, flop, burn, turn, burn, river: board 7d 9h 3c Kc Jd
    run2 = "5c 8s 9d Qh 6s 2d 4h 3d"  # board 8s 9d Qh 2d 3d: aces win
    deck = cards(" ".join(hole) + " " + run1 + " " + run2)
    hand = Hand([100, 100], blinds=(1, 2), deck=deck, runs=2)
    hand.all_in()
    hand.call()
    assert hand.is_over
    assert [list(map(str, b)) for b in hand.boards] == [
        ["7d", "9h", "3c", "Kc", "Jd"],
        ["8s", "9d", "Qh", "2d", "3d"],
    ]
    assert hand.board == hand.boards[0]
    assert hand.payoffs == [0, 0]
    wins = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN]
    assert wins == [(0, 100), (1, 100)]
    burns = [e for e in hand.events if e.kind is EventKind.BURN]
    assert len(burns) == 6


def test_twice_from_the_flop_keeps_the_flop() -> None:
    hand = Hand([50, 80, 30], blinds=(1, 2), seed=9, runs=2)
    hand.call()
    hand.call()
    hand.check()
    hand.all_in()
    hand.all_in()
    hand.all_in()
    assert hand.is_over
    first, second = hand.boards
    assert first[:3] == second[:3] and first[3:] != second[3:]
    assert sum(hand.payoffs) == 0


def test_no_second_run_without_an_all_in() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=1, runs=3)
    while not hand.is_over:
        hand.check_or_call()
    assert len(hand.boards) == 1
    hand = Hand([100, 100], blinds=(1, 2), seed=1, runs=3)
    hand.fold()
    assert len(hand.boards) == 1


@pytest.mark.parametrize("runs", [0, -1, 5, 1.5, True])
def test_runs_are_checked(runs: object) -> None:
    with pytest.raises(RulesError, match="runs is an int"):
        Hand([100] * 9, blinds=(1, 2), runs=runs)  # type: ignore[call-overload]


def test_shares_and_odd_chips() -> None:
    # a pot of 7 run three times: 3, 2, 2 (one odd chip at a time from the first board)
    assert [share(7, 3, k, OddChips.ONE_AT_A_TIME) for k in range(3)] == [3, 2, 2]
    assert [share(8, 3, k, OddChips.ONE_AT_A_TIME) for k in range(3)] == [3, 3, 2]
    assert [share(8, 3, k, OddChips.FIRST_WINNER) for k in range(3)] == [4, 2, 2]
    boards = [cards("2c 7d 9h Jc Ks"), cards("2c 7d 9h Ah 3s")]
    holes = [tuple(cards("Kd Qd")), tuple(cards("As 4s")), tuple(cards("9c 9s"))]
    # a main pot for all three, a side pot for seats 0 and 1
    pots = [Pot(30, (0, 1, 2)), Pot(11, (0, 1))]
    wins = award_runs(pots, boards, holes, [0, 1, 2], OddChips.ONE_AT_A_TIME)
    # board 1: trip nines win the main share (15); kings beat the ace-high side share (6)
    # board 2: trip nines again (15); the ace pairs seat 1 for the side share (5)
    assert wins == [(2, 15), (0, 6), (2, 15), (1, 5)]


def test_written_to_phh_with_its_runs() -> None:
    from holdem import PHHError
    from holdem.phh import loads, replay, to_phh

    hand = Hand([100, 100], blinds=(1, 2), seed=5, runs=2)
    hand.all_in()
    hand.call()
    text = to_phh(hand)
    assert "_runs = 2" in text and text.count("d db") == 6
    again = replay(loads(text)[0])  # a replay runs the same boards (tests/phh/test_runs.py)
    assert again.finishing_stacks == hand.stacks and again.hand.boards == hand.boards
    with pytest.raises(PHHError, match="_runs = 3"):
        replay(loads(text.replace("_runs = 2", "_runs = 3"))[0])


def test_table_option() -> None:
    t = Table(2, blinds=(1, 2), runs=2, first_button=1, seed=4)
    t.sit_down(1, "A", 100)
    t.sit_down(2, "B", 100)
    hand = t.new_hand()
    hand.all_in()
    hand.call()
    assert len(hand.boards) == 2
    assert sum(t.stacks.values()) == 200


# -- pokerkit 0.7.7's runout-count selection -------------------------------------------------------


def play_pokerkit(pk: Any, hand: Hand, stacks: list[int], runs: int) -> list[int]:
    """The same hand in pokerkit: same cards, same actions, every player selecting ``runs``."""
    blinds = list(hand.forced_bets) if len(stacks) > 2 else list(reversed(hand.forced_bets))
    state = DRIVER.cash_game(pk, blinds, 2, stacks)
    events = list(hand.events)
    holes = [[str(c) for c in e.cards] for e in events if e.kind is EventKind.DEAL_HOLE]
    burns = [str(e.cards[0]) for e in events if e.kind is EventKind.BURN]
    boards = ["".join(map(str, e.cards)) for e in events if e.kind is EventKind.DEAL_BOARD]
    verbs = {EventKind.FOLD: "f", EventKind.CHECK: "cc", EventKind.CALL: "cc"}
    verbs |= {EventKind.BET: "cbr", EventKind.RAISE: "cbr"}
    actions: list[tuple[int, str, int | None]] = [
        (e.seat, verbs[e.kind], None if e.amount is None else int(e.amount))
        for e in events
        if e.kind in verbs and e.seat is not None  # (every action has its seat)
    ]
    return list(DRIVER.drive(state, holes, actions, boards, burns, runs))


@pytest.mark.parametrize("seed", range(60))
def test_against_pokerkit_runout_count(seed: int) -> None:
    pk = pytest.importorskip("pokerkit")
    # everyone calls to a street, then goes all-in
    hand, stacks, runs = DRIVER.random_runs_hand(seed)
    assert sum(hand.payoffs) == 0
    theirs = play_pokerkit(pk, hand, stacks, runs)
    # pokerkit merges no pots when it runs the board more than once only if no hand is
    # killed: compare where every pot is contested by the same players on every board
    assert theirs == list(hand.stacks), (hand.boards, hand.pots)
