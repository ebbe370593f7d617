"""Agents trained on holdem's environments, evaluated by holdem.agent_eval: the action index to
decision map (``EnvGame.decision``), the observation of a hand played elsewhere
(``EnvGame.observe_hand``) and :func:`holdem.agent_eval.pettingzoo_policy`.

Oracles: LBR's exact answer against an agent that always folds (the blinds, 750 mbb/hand at
50/100); LBR and a match against the index agent equal to LBR and the match against the holdem
agent that takes the same decisions (the calling station); the observation and mask an agent
sees inside the AEC environment itself, decision by decision, equal to those the adapter
rebuilds from the seat's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from holdem import match
from holdem.agent_eval import (
    all_in_equity_value,
    local_best_response,
    pettingzoo_policy,
    policy_agent,
)
from holdem.engine.agents import call_agent
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
from holdem.envs._game import EnvGame  # noqa: E402
from holdem.envs.texas_holdem_v0 import env as aec_env  # noqa: E402

LBR_STAKES: dict[str, Any] = {"stacks": 20_000, "blinds": (50, 100)}


def fold_index(observation: Any, action_mask: Any) -> int:
    return 0 if action_mask[0] else 1


def call_index(observation: Any, action_mask: Any) -> int:
    return 1


def test_the_decision_of_each_index() -> None:
    game = EnvGame(stacks=100, blinds=(1, 2))
    game.reset(seed=0)  # heads-up: seat 1 (the small blind) owes 1, the pot is 3
    assert [game.decision(k) for k in range(5)] == ["fold", "call", 4, 6, 100]
    assert game.decision(5) is None and game.decision(-1) is None
    game.step(1)  # the big blind may check
    assert game.decision(1) == "check"
    assert game.decision(np.int64(3)) == 2 + 4  # a pot raise: the bet (2) plus the pot (4)
    for bad in ("1", 1.0, True, None):
        with pytest.raises(ArgumentTypeError):
            game.decision(bad)
    full = EnvGame(stacks=30, blinds=(1, 2), actions="full")
    full.reset(seed=0)
    assert [full.decision(k) for k in (5, 6, 32, 33)] == [None, 4, 30, None]
    full.step(0)
    with pytest.raises(ActionError):
        full.decision(1)


@pytest.mark.parametrize("options", [{}, {"obs_encoding": "pettingzoo_v6"}, {"actions": "full"}])
def test_the_adapter_shows_what_the_environment_shows(options: dict[str, Any]) -> None:
    """Hands played in the AEC environment at random: at each decision, the observation and mask
    the environment gives equal those the adapter rebuilds from the seat's view."""
    env = aec_env(stacks=60, blinds=(1, 2), **options)
    game = env.unwrapped.game
    seen: list[tuple[Any, Any]] = []

    def record(observation: Any, action_mask: Any) -> int:
        seen.append((observation.copy(), action_mask.copy()))
        return 1

    policy = pettingzoo_policy(record, env)
    rng = random.Random(4)
    checked = 0
    for hand_no in range(30):
        env.reset(seed=hand_no)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = int(agent.split("_")[1])
            hand = game.hand
            seen.clear()
            policy(hand.view(seat), hand.legal_actions())
            assert seen[0][0].tolist() == obs["observation"].tolist()
            assert seen[0][1].tolist() == obs["action_mask"].tolist()
            checked += 1
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert checked > 60


def test_lbr_takes_exactly_the_blinds_from_an_index_agent_that_always_folds() -> None:
    result = local_best_response(pettingzoo_policy(fold_index, aec_env(**LBR_STAKES)), hands=6)
    assert (result.chips, result.mbb_per_hand, result.mbb_ci95) == (6 * 75, 750.0, 0.0)


def test_lbr_and_a_match_against_the_index_calling_station_equal_the_holdem_agents() -> None:
    policy = pettingzoo_policy(call_index, aec_env(**LBR_STAKES))
    assert local_best_response(policy, hands=2, seed=2) == local_best_response(
        call_agent, hands=2, seed=2
    )
    kw: dict[str, Any] = {"hands": 40, "seed": 3, "value": all_in_equity_value, **LBR_STAKES}
    a = match([policy_agent(policy, seed=1), call_agent], **kw)
    b = match([call_agent, call_agent], **kw)
    assert a.agents[0] == b.agents[0]


def test_a_probability_answer_is_mapped_to_decisions() -> None:
    env = aec_env(stacks=100, blinds=(1, 2))
    game = env.unwrapped.game
    game.reset(seed=0)
    hand = game.hand
    policy = pettingzoo_policy(lambda o, m: [0.1, 0.2, 0.3, 0.0, 0.4], env)
    dist = policy(hand.view(1), hand.legal_actions())
    assert dist == {"fold": 0.1, "call": 0.2, 4: 0.3, 100: 0.4}


def test_bad_agents_and_environments() -> None:
    env = aec_env(stacks=100, blinds=(1, 2))
    game = env.unwrapped.game
    game.reset(seed=0)
    view, legal = game.hand.view(1), game.hand.legal_actions()
    with pytest.raises(ArgumentTypeError):
        pettingzoo_policy(3, env)
    with pytest.raises(ArgumentTypeError):
        pettingzoo_policy(call_index, object())
    with pytest.raises(ArgumentError):
        pettingzoo_policy(call_index, EnvGame(hands_per_episode=3))
    for answer in (5, -1, [1.0, 0.0], "call", [0.0, 0.0, 0.0, 0.0, 1.0, 2.0]):
        with pytest.raises(ActionError):
            pettingzoo_policy(lambda o, m, a=answer: a, env)(view, legal)
    other = aec_env(stacks=50, blinds=(1, 2))  # not the hand's stakes
    with pytest.raises(ActionError, match="not one of the environment's"):
        pettingzoo_policy(call_index, other)(view, legal)
