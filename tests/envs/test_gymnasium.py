"""The single-agent Gymnasium environment: Gymnasium's own env checker, opponents' policies,
seeded replays, and the payoff of a hand that ends before the agent acts."""

from __future__ import annotations

from typing import Any

import pytest

from holdem.errors import ArgumentError

CONFIGS: list[dict[str, Any]] = [
    {},
    {"num_players": 6, "seat": None},
    {"num_players": 3, "actions": "full", "stacks": 40},
    {"num_players": 4, "seat": 3, "obs_encoding": "pettingzoo_v6"},
    {"num_players": 3, "structure": "fixed-limit", "reward_unit": "chips"},
]


@pytest.fixture
def gym_env() -> Any:
    pytest.importorskip("gymnasium")
    from holdem.envs import gym_env

    return gym_env


@pytest.mark.parametrize("config", CONFIGS)
def test_gymnasium_check_env(gym_env: Any, config: dict[str, Any]) -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    check_env(gym_env.TexasHoldemEnv(**config), skip_render_check=True)
    check_env(gymnasium.make(gym_env.ENV_ID, **config).unwrapped)  # with the render modes


def run(env: Any, seed: int, choose: Any) -> list[tuple[Any, ...]]:
    obs, info = env.reset(seed=seed)
    trace: list[tuple[Any, ...]] = [(obs.tolist(), info["carried_reward"])]
    done = False
    while not done:
        action = choose(info["action_mask"])
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        trace.append((obs.tolist(), reward, action))
    return trace


def test_a_seeded_reset_replays_the_episode(gym_env: Any) -> None:
    env = gym_env.TexasHoldemEnv(num_players=6, seat=None)

    def last(mask: Any) -> int:
        return int(mask.nonzero()[0][-1])

    for seed in range(20):
        assert run(env, seed, last) == run(env, seed, last)


def test_opponents_policies_and_a_carried_payoff(gym_env: Any) -> None:
    calls = {"n": 0}

    def fold_twice_then_call(obs: Any, mask: Any) -> int:
        calls["n"] += 1
        return 0 if calls["n"] <= 2 else 1

    # Three seats, the agent in the big blind (seat 1): the button and the small blind fold the
    # first hand (the agent wins the small blind, half a big blind, without acting), then call.
    env = gym_env.TexasHoldemEnv(num_players=3, seat=1, opponents=fold_twice_then_call)
    _, info = env.reset(seed=4)
    assert info["carried_reward"] == 0.5 and calls["n"] == 4
    assert info["action_mask"][0] == 1
    _, reward, done, _, _ = env.step(0)  # the agent folds its big blind (checking was free)
    assert done and reward == -1 + 0.5


def test_policies_that_never_let_the_agent_act(gym_env: Any) -> None:
    env = gym_env.TexasHoldemEnv(num_players=2, seat=0, opponents=[lambda obs, mask: 0])
    with pytest.raises(ArgumentError, match="in a row"):
        env.reset(seed=1)
    with pytest.raises(ArgumentError):
        gym_env.TexasHoldemEnv(num_players=3, opponents=[lambda obs, mask: 0])
    with pytest.raises(ArgumentError):
        gym_env.TexasHoldemEnv(num_players=3, seat=3)


def test_rewards_over_many_episodes_are_zero_sum_with_the_opponents(gym_env: Any) -> None:
    """Every chip the agent wins, the other seats lose: replaying the hand says how much."""
    env = gym_env.TexasHoldemEnv(num_players=4, seat=None, reward_unit="chips")
    for seed in range(30):
        trace = run(env, seed, lambda mask: int(mask.nonzero()[0][0]))
        payoffs = env.game.hand.payoffs
        assert sum(payoffs) == 0
        assert trace[-1][1] == payoffs[env.seat] + trace[0][1]


def test_without_gymnasium_the_import_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib
    import sys

    from holdem import MissingDependencyError

    monkeypatch.setitem(sys.modules, "gymnasium", None)  # import gymnasium raises ImportError
    monkeypatch.delitem(sys.modules, "holdem.envs.gym_env", raising=False)
    with pytest.raises(MissingDependencyError, match=r"holdem-engine\[gymnasium\]"):
        importlib.import_module("holdem.envs.gym_env")


def test_a_game_with_a_discard_is_refused(gym_env: Any) -> None:
    with pytest.raises(ArgumentError, match="discard"):
        gym_env.TexasHoldemEnv(num_players=3, game="crazy-pineapple")


def test_random_opponents_draw_as_numpys_choice(gym_env: Any) -> None:
    np = pytest.importorskip("numpy")
    for seed in range(200):
        ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
        for k in range(40):
            mask = np.array([(k * 7 + j) % 3 != 0 or j == 1 for j in range(2 + k % 6)], np.int8)
            got = gym_env._uniform(ours, mask)
            assert mask[got] == 1
            assert got == int(numpys.choice(np.flatnonzero(mask)))


def test_no_step_once_the_agent_has_busted(gym_env: Any) -> None:
    # Issue 28: after the agent's chips were gone, step() folded for player_1 and played a hand
    # among the others. It is refused, and nothing at the table moves.
    from holdem.errors import ActionError

    env = gym_env.TexasHoldemEnv(
        num_players=3,
        seat=0,
        opponents=lambda o, m: 1,
        hands_per_episode=None,
        stacks=[10, 100, 100],
    )
    _, info = env.reset(seed=1)
    done = False
    while not done:
        mask = info["action_mask"]
        _, _, done, truncated, info = env.step(4 if mask[4] else 1)
        done = done or truncated
    game = env.game
    before = (game.render(), game.over, list(game.out))
    for action in (0, 1, 4):
        with pytest.raises(ActionError, match="episode is over"):
            env.step(action)
    assert (game.render(), game.over, list(game.out)) == before
