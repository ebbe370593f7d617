"""Hand histories whose board was run more than once: written, read back and replayed.

The PHH specification has no field for a board run more than once; it lets annotators add
user-defined fields (a single underscore prefix). The engine writes ``_runs`` and each later
run's ``d db`` actions after the first board's. The oracle is pokerkit 0.7.7's runout-count
selection: a cash-game state, driven by the file's own actions (its ``d dh``, ``d db``, ``f``,
``cc`` and ``cbr``), with every player selecting the file's number of runs, must end with the
file's finishing stacks (pokerkit's ``HandHistory`` has no way to read the runs itself).
"""

from __future__ import annotations

from typing import Any

import pytest

from holdem import Hand, PHHError
from holdem.phh import HandHistory, loads, replay, to_phh

from _support import pokerkit_driver as DRIVER


def random_hand(seed: int) -> tuple[Hand, int]:
    """A random hand whose board may run 2 or 3 times, and its runs."""
    hand, _, runs = DRIVER.random_runs_hand(seed)
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


@pytest.mark.parametrize(
    ("game", "structure"), [("omaha", "pot-limit"), ("short-deck", "no-limit")]
)
def test_omaha_and_short_deck_boards_run_twice_replay(game: str, structure: str) -> None:
    """A later run is dealt from the game's own deck after every hole card: Omaha's four a
    player, the short deck's 36 cards (hold'em's two and 52 refused these hands)."""
    for seed in range(12):
        hand = Hand([20, 20, 20], blinds=(1, 2), seed=seed, runs=2, game=game, structure=structure)
        while not hand.is_over:  # each raises as much as he may: all in before the river
            legal = hand.legal_actions()
            if legal.max_raise_to is not None:
                hand.raise_to(legal.max_raise_to)
            else:
                hand.check_or_call()
        assert len(hand.boards) == 2
        again = replay(loads(to_phh(hand))[0], rules="casino")
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
    state = DRIVER.cash_game(
        pk, history.blinds_or_straddles, history.min_bet, history.starting_stacks
    )
    words = [a.split() for a in history.actions]
    holes = [w[3] for w in words if w[:2] == ["d", "dh"]]
    boards = [w[2] for w in words if w[:2] == ["d", "db"]]
    actions = [
        (int(player[1:]) - 1, verb, int(amount[0]) if amount else None)
        for player, verb, *amount in words
        if player != "d" and verb != "sm"
    ]
    return list(DRIVER.drive(state, [[c[:2], c[2:4]] for c in holes], actions, boards, None, runs))


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
