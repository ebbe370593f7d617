"""The adapters of holdem.agent_eval.adapters: an OpenSpiel policy on ``python_holdem`` read
at holdem's views (the replayed state's legal actions and raise ids line up with the view's,
street after street), and LBR against it equal to LBR against the same holdem agent."""

from __future__ import annotations

import random
from typing import Any

import pytest

from holdem import Hand
from holdem.agent_eval import local_best_response
from holdem.agent_eval.adapters import openspiel_policy
from holdem.engine.agents import call_agent
from holdem.errors import ArgumentError, ArgumentTypeError

pyspiel = pytest.importorskip("pyspiel")
import holdem.envs.openspiel  # noqa: E402,F401 - registers python_holdem

GAME_PARAMS = {
    "betting": "nolimit",
    "blind": "100 50",
    "stack": "20000 20000",
    "firstPlayer": "2 1 1 1",
}


class Always:
    """An OpenSpiel policy: a fixed pick among the state's legal actions."""

    def __init__(self, pick: str) -> None:
        self.pick = pick
        self.seen: list[str] = []

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        self.seen.append(state.information_state_string(player_id))
        actions = state.legal_actions()
        if self.pick == "call":
            return {1: 1.0}
        if self.pick == "min-raise" and len(actions) > 2:
            return {actions[2] if actions[0] == 0 else actions[1]: 1.0}
        return {1: 0.5, 0: 0.5} if actions[0] == 0 else {1: 1.0}


@pytest.mark.slow
def test_lbr_against_an_openspiel_policy_equals_lbr_against_the_holdem_agent() -> None:
    """One deck (about 30 s: each of the ~1,200 views of each decision is replayed into an
    OpenSpiel state)."""
    game = pyspiel.load_game("python_holdem", GAME_PARAMS)
    via_openspiel = local_best_response(openspiel_policy(Always("call"), game), hands=2, seed=2)
    direct = local_best_response(call_agent, hands=2, seed=2)
    assert via_openspiel == direct


def test_replayed_states_line_up_with_the_views() -> None:
    """Hands played at random: at each decision the policy's smallest raise id is the view's
    smallest legal raise, its information state holds the seat's own cards and the board."""
    game = pyspiel.load_game("python_holdem", GAME_PARAMS)
    rng = random.Random(5)
    raiser = Always("min-raise")
    policy = openspiel_policy(raiser, game)
    checked = 0
    for _ in range(30):
        hand = Hand([20000, 20000], blinds=(50, 100), rng=rng)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions()
            view = hand.view(seat)
            dist = policy(view, legal)
            if legal.min_raise_to is not None:
                assert dist == {legal.min_raise_to: 1.0}
            mine = "".join(str(c) for c in view.hole_cards)
            assert mine in raiser.seen[-1]
            checked += 1
            choice = rng.random()
            if choice < 0.1 and legal.fold and not legal.check:
                hand.fold()
            elif choice < 0.3 and legal.min_raise_to is not None and legal.max_raise_to:
                top = max(legal.min_raise_to, min(legal.max_raise_to, 3000))
                hand.raise_to(rng.randint(legal.min_raise_to, top))
            else:
                hand.check_or_call()
    assert checked > 60


def test_openspiel_policy_refuses_what_it_cannot_read() -> None:
    game = pyspiel.load_game("python_holdem", GAME_PARAMS)
    with pytest.raises(ArgumentTypeError):
        openspiel_policy(object(), game)
    with pytest.raises(ArgumentError, match="no-limit"):
        openspiel_policy(Always("call"), pyspiel.load_game("python_holdem", {"betting": "limit"}))
    with pytest.raises(ArgumentError, match="python_holdem"):
        openspiel_policy(Always("call"), pyspiel.load_game("kuhn_poker"))
