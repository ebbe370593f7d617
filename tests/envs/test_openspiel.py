"""The OpenSpiel game ``python_holdem``: the same game as OpenSpiel's ``universal_poker`` (the
ACPC ``STATE`` line, the legal actions and the returns, on the same deals and actions), and
OpenSpiel's own CFR solving a small limit game on it (exploitability from OpenSpiel's best
response falls towards zero)."""

from __future__ import annotations

import random
from typing import Any

import pytest

SETUPS: list[dict[str, Any]] = [
    {"betting": "limit"},  # the competition's heads-up limit game
    {
        "betting": "limit",
        "numPlayers": 3,
        "blind": "5 10 0",
        "firstPlayer": "3 1 1 1",
        "raiseSize": "10 10 20 20",
        "maxRaises": "3 4 4 4",
    },
    {"betting": "nolimit", "blind": "100 50", "stack": "20000 20000", "firstPlayer": "2 1 1 1"},
    {
        "betting": "nolimit",
        "numPlayers": 3,
        "blind": "1 2 0",
        "stack": "150 300 80",
        "firstPlayer": "3 1 1 1",
    },
]


@pytest.fixture
def pyspiel() -> Any:
    spiel = pytest.importorskip("pyspiel")
    import holdem.envs.openspiel  # noqa: F401 - registers python_holdem

    return spiel


def universal_poker_params(setup: dict[str, Any]) -> dict[str, Any]:
    params = {
        "numPlayers": 2,
        "numRounds": 4,
        "numSuits": 4,
        "numRanks": 13,
        "numHoleCards": 2,
        "numBoardCards": "0 3 1 1",
        "blind": "10 5",
        "firstPlayer": "2 1 1 1",
        **setup,
    }
    if setup["betting"] == "limit":
        params.setdefault("raiseSize", "10 10 20 20")
        params.setdefault("maxRaises", "3 4 4 4")
    else:
        params["bettingAbstraction"] = "fullgame"
    return params


def acpc_line(state: Any) -> str:
    return str(state).split("ACPC State: ")[1].split("\n")[0]


@pytest.mark.parametrize("setup", SETUPS)
def test_the_same_game_as_universal_poker(pyspiel: Any, setup: dict[str, Any]) -> None:
    theirs = pyspiel.load_game("universal_poker", universal_poker_params(setup))
    ours = pyspiel.load_game("python_holdem", setup)
    assert ours.num_players() == theirs.num_players()
    rng = random.Random(len(str(setup)))
    showdowns = 0
    for _ in range(150):
        a, b = theirs.new_initial_state(), ours.new_initial_state()
        while not a.is_terminal():
            assert a.is_chance_node() == b.is_chance_node()
            if a.is_chance_node():
                outcomes = [o for o, _ in a.chance_outcomes()]
                assert sorted(o for o, _ in b.chance_outcomes()) == sorted(outcomes)
                card = rng.choice(outcomes)
                a.apply_action(card)
                b.apply_action(card)
                continue
            assert b.current_player() == a.current_player()
            assert b.acpc_state() == acpc_line(a)
            legal = a.legal_actions()
            assert b.legal_actions() == legal
            kinds = [[x for x in legal if x < 2][i : i + 1] for i in range(2)]
            kinds = [k for k in kinds if k] + (
                [[x for x in legal if x >= 2]] if legal[-1] >= 2 else []
            )
            action = rng.choice(rng.choice(kinds))
            a.apply_action(action)
            b.apply_action(action)
        assert b.is_terminal()
        assert b.acpc_state() == acpc_line(a)
        assert b.returns() == pytest.approx(a.returns())
        showdowns += b.acpc_state().count("/") == 3 + 3  # three rounds of betting, three of board
    assert showdowns > 5


def test_cfr_solves_a_small_limit_game(pyspiel: Any) -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    # Heads-up limit, stacks of two bets, a fixed board and hole cards from four cards.
    game = pyspiel.load_game(
        "python_holdem",
        {
            "betting": "limit",
            "blind": "2 1",
            "raiseSize": "2 2 2 2",
            "maxRaises": "1 1 1 1",
            "stack": "4 4",
            "deck": "AsKsQsJs",
            "board": "2c7d9hTcJd",
        },
    )
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(9):
        solver.evaluate_and_update_policy()
    last = exploitability.nash_conv(game, solver.average_policy())
    assert 0 <= last < first / 3


def test_without_openspiel_the_import_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib
    import sys

    from holdem import MissingDependencyError

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel raises ImportError
    monkeypatch.delitem(sys.modules, "holdem.envs.openspiel", raising=False)
    with pytest.raises(MissingDependencyError, match=r"holdem-engine\[openspiel\]"):
        importlib.import_module("holdem.envs.openspiel")


@pytest.mark.parametrize("setup", SETUPS)
def test_illegal_actions_are_refused_and_change_nothing(
    pyspiel: Any, setup: dict[str, Any]
) -> None:
    # Issue 28: a card dealt twice, a card outside the deck, and any action id in limit games
    # were accepted (a duplicate river card left a terminal state with returns). Every action
    # outside legal_actions() / chance_outcomes() is refused, the state as it was.
    from holdem.errors import ActionError

    game = pyspiel.load_game("python_holdem", setup)
    rng = random.Random(28)
    refused = 0
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                allowed = [c for c, _ in state.chance_outcomes()]
                wild = rng.randrange(0, 60)
            else:
                allowed = state.legal_actions()
                wild = rng.choice([0, 1, 2, 3, 7, max(allowed) + 1, 10**6])
            action = rng.choice([wild, rng.choice(allowed)])
            before = (state.history(), state.current_player())
            if action in allowed:
                state.apply_action(action)
                continue
            with pytest.raises(ActionError):
                state.apply_action(action)
            refused += 1
            assert (state.history(), state.current_player()) == before
        assert len(state.returns()) == game.num_players() and abs(sum(state.returns())) < 1e-9
    assert refused > 50


def test_decks_and_boards_that_cannot_deal_are_refused(pyspiel: Any) -> None:
    from holdem.errors import CardError

    for params, match in (
        ({"deck": "AsKs"}, "leaves 2 cards"),
        ({"deck": "As As Ks Qs Js Ts 9s 8s 7s"}, "twice|duplicate"),
        ({"board": "As Ks Qs Js Ts 9s"}, "at most five"),
    ):
        with pytest.raises(CardError, match=match):
            pyspiel.load_game("python_holdem", params)
    game = pyspiel.load_game("python_holdem", {"board": "As Ks Qs"})  # a fixed flop still loads
    assert game.new_initial_state().is_chance_node()
