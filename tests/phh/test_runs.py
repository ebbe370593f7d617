"""Hand histories whose board was run more than once: written, read back and replayed.

The PHH specification has no field for a board run more than once; it lets annotators add
user-defined fields (a single underscore prefix). The engine writes ``_runs`` and each later
run's ``d db`` actions after the first board's. The oracle is pokerkit 0.7.7's runout-count
selection: a cash-game state, driven by the file's own actions (its ``d dh``, ``d db``, ``f``,
``cc`` and ``cbr``), with every player selecting the file's number of runs, must end with the
file's finishing stacks (pokerkit's ``HandHistory`` has no way to read the runs itself).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from holdem import Hand, PHHError
from holdem.phh import HandHistory, loads, replay, to_phh


def play_out(hand: Hand, rng: random.Random, street_goal: int) -> None:
    """Everyone calls to a street, then goes all-in."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.street < street_goal:
            hand.check_or_call()
        elif legal.can_raise:
            hand.all_in()
        else:
            hand.check_or_call()


def random_hand(seed: int) -> tuple[Hand, int]:
    rng = random.Random(seed)
    n = rng.choice((2, 2, 3, 4))
    stacks = [rng.choice((100, 100, rng.randint(10, 300))) for _ in range(n)]
    runs = rng.choice((2, 2, 3))
    hand = Hand(stacks, blinds=(1, 2), seed=seed, runs=runs, rules="pokerkit")
    play_out(hand, rng, rng.choice((0, 0, 1, 2)))
    return hand, runs


def test_run_twice_from_preflop_replays() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=5, runs=2)
    hand.all_in()
    hand.call()
    history = loads(to_phh(hand))[0]
    assert history.fields["_runs"] == 2
    again = replay(history, rules="casino")
    assert again.matches and again.hand.boards == hand.boards
    assert again.hand.payoffs == hand.payoffs


def test_runs_written_and_replayed() -> None:
    boards = 0
    for seed in range(80):
        hand, _ = random_hand(seed)
        text = to_phh(hand)
        again = replay(loads(text)[0])
        assert again.finishing_stacks == hand.stacks
        assert again.hand.boards == hand.boards
        boards += len(hand.boards) > 1
    assert boards > 40  # most of these hands ran the board more than once


@pytest.mark.parametrize(
    ("runs", "message"), [(0, "an int from 1 to 6"), ("2", "an int from 1 to 6"), (3, "_runs = 3")]
)
def test_bad_runs_refused(runs: object, message: str) -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=5, runs=2)
    hand.all_in()
    hand.call()
    history = loads(to_phh(hand))[0]
    bad = HandHistory(
        history.variant,
        history.starting_stacks,
        history.actions,
        history.antes,
        history.blinds_or_straddles,
        fields={**history.fields, "_runs": runs},
        min_bet=history.min_bet,
    )
    with pytest.raises(PHHError, match=message):
        replay(bad)


def test_a_later_run_card_dealt_twice_refused() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=5, runs=2)
    hand.all_in()
    hand.call()
    text = to_phh(hand)
    first_flop = next(a for a in loads(text)[0].actions if a.startswith("d db"))
    lines = text.splitlines()
    last_db = max(i for i, line in enumerate(lines) if '"d db' in line)
    river = lines[last_db].split("d db ")[1].split('"')[0]
    lines[last_db] = lines[last_db].replace(river, first_flop.split()[-1][:2])
    with pytest.raises(PHHError, match="dealt already"):
        replay(loads("\n".join(lines))[0])


# -- pokerkit 0.7.7 as the oracle ------------------------------------------------------------


def pokerkit_stacks(pk: Any, history: HandHistory, runs: int) -> list[int]:
    """The file's hand played in pokerkit, from the file's own actions."""
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    n = len(history.starting_stacks)
    state = pk.NoLimitTexasHoldem.create_state(
        automations, False, 0, list(history.blinds_or_straddles), history.min_bet,
        list(history.starting_stacks), n, mode=pk.Mode.CASH_GAME,
    )  # fmt: skip
    words = [a.split() for a in history.actions]
    holes = [w[3] for w in words if w[:2] == ["d", "dh"]]
    boards = [w[2] for w in words if w[:2] == ["d", "db"]]
    bets = [w for w in words if w[0] != "d" and w[1] != "sm"]
    for k in range(2):
        for cards in holes:
            state.deal_hole(cards[2 * k : 2 * k + 2])
    while state.status:
        if state.can_select_runout_count():
            state.select_runout_count(runs)
        elif state.actor_index is not None:
            player, verb, *amount = bets.pop(0)
            assert int(player[1:]) - 1 == state.actor_index
            if verb == "f":
                state.fold()
            elif verb == "cc":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(int(amount[0]))
        elif state.can_burn_card():
            state.burn_card("??")  # the file has no burn cards
        elif state.can_deal_board():
            state.deal_board(boards.pop(0))
        else:
            raise AssertionError("pokerkit waits for something the file does not give")
    assert not bets and not boards
    return list(state.stacks)


@pytest.mark.parametrize("seed", range(40))
def test_replayed_runs_against_pokerkit(seed: int) -> None:
    pk = pytest.importorskip("pokerkit")
    hand, runs = random_hand(seed)
    if len(hand.boards) == 1:
        pytest.skip("the betting did not end all-in before the river")
    history = loads(to_phh(hand))[0]
    again = replay(history)
    assert again.matches
    # pokerkit merges no pots when it runs the board more than once: compare where the hand's
    # pots are contested by the same players on every board (as tests/engine/test_runout.py)
    assert pokerkit_stacks(pk, history, runs) == list(history.finishing_stacks or ())
