"""Multi-hand episodes (``hands_per_episode``): PettingZoo's ``api_test`` and Gymnasium's
``check_env`` on the multi-hand form, chips conserved over an episode, the return of an episode
equal to the change of each stack, busted players leaving, and the table's button moving."""

from __future__ import annotations

import random
from typing import Any

import pytest

from holdem.errors import ArgumentError

DICT_OBS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:The old environment creation API has been deprecated:DeprecationWarning",
]


@pytest.fixture
def texas_holdem_v0() -> Any:
    pytest.importorskip("pettingzoo")
    from holdem.envs import texas_holdem_v0

    return texas_holdem_v0


@pytest.mark.filterwarnings(*DICT_OBS)
@pytest.mark.parametrize(
    "options",
    [
        {"num_players": 2, "hands_per_episode": 5},
        {"num_players": 4, "hands_per_episode": None, "stacks": 20},
        {"num_players": 3, "hands_per_episode": 8, "obs_encoding": "pettingzoo_v6"},
        {"num_players": 5, "hands_per_episode": None, "stacks": [10, 20, 30, 8, 40]},
    ],
)
def test_pettingzoo_api_test_on_multi_hand_episodes(
    texas_holdem_v0: Any, options: dict[str, Any]
) -> None:
    from pettingzoo.test import api_test

    api_test(texas_holdem_v0.env(**options), num_cycles=1000)


def play_episode(env: Any, rng: random.Random) -> tuple[dict[str, float], list[str], int]:
    """Random legal actions to the end of the episode: the returns, the order in which agents
    left, the number of steps."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    left: list[str] = []
    steps = 0
    for agent in env.agent_iter(100_000):
        obs, reward, done, truncated, _ = env.last()
        total[agent] += reward
        if done or truncated:
            left.append(agent)
            env.step(None)
            continue
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        env.step(rng.choice(legal))
        steps += 1
    return total, left, steps


@pytest.mark.parametrize("players", [2, 3, 6])
def test_chips_are_conserved_and_returns_are_stack_changes(
    texas_holdem_v0: Any, players: int
) -> None:
    rng = random.Random(players)
    stacks = [rng.randint(6, 60) for _ in range(players)]
    env = texas_holdem_v0.raw_env(
        num_players=players, stacks=stacks, hands_per_episode=None, reward_unit="chips"
    )
    for seed in range(15):
        env.reset(seed=seed)
        total, left, _ = play_episode(env, rng)
        table = env.game.table
        final = [table.stacks.get(i + 1, 0) for i in range(players)]
        assert sum(final) == sum(stacks)  # no chip made or lost over the episode
        assert sorted(f for f in final if f) == [sum(stacks)]  # played until one has them all
        for i in range(players):
            assert total[f"player_{i}"] == pytest.approx(final[i] - stacks[i])
        assert sorted(left) == sorted(env.possible_agents) and env.agents == []
        busted = [i + 1 for i in range(players) if final[i] == 0]
        assert not set(busted) & set(table.stacks)  # the busted left the table


def test_a_fixed_number_of_hands_and_the_button_moving(texas_holdem_v0: Any) -> None:
    env = texas_holdem_v0.raw_env(num_players=3, stacks=1000, hands_per_episode=7)
    rng = random.Random(1)
    env.reset(seed=3)
    buttons = []
    while env.agents:
        game = env.game
        assert game.table is not None
        if env.terminations[env.agent_selection]:
            env.step(None)
            continue
        buttons.append(game.table.button)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([1] * 3 + [i for i, m in enumerate(mask) if m]))
    assert env.game.hands_played == 7
    seen = list(dict.fromkeys(buttons))  # the button's seats in order, each hand's first
    assert seen[:3] == [3, 1, 2]  # table seat 3 (player_2) first, then clockwise
    total = sum(env.game.table.stacks.values())
    assert total == 3000


def test_gymnasium_check_env_and_returns_on_multi_hand_episodes() -> None:
    pytest.importorskip("gymnasium")
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from holdem.envs.gym_env import TexasHoldemEnv

    check_env(TexasHoldemEnv(num_players=3, hands_per_episode=6), skip_render_check=True)
    check_env(
        gymnasium.make("holdem/TexasHoldem-v0", num_players=2, hands_per_episode=None).unwrapped,
        skip_render_check=True,
    )
    env = TexasHoldemEnv(
        num_players=4, seat=2, hands_per_episode=None, stacks=30, reward_unit="chips"
    )
    for seed in range(20):
        _, info = env.reset(seed=seed)
        ret = 0.0  # (a payoff carried from before the agent's first action comes at the end)
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, reward, done, _, info = env.step(int(legal[seed % len(legal)]))
            ret += reward
        table = env.game.table
        assert table is not None
        assert sum(table.stacks.values()) == 120
        assert ret == pytest.approx(table.stacks.get(3, 0) - 30)


def test_bad_hands_per_episode(texas_holdem_v0: Any) -> None:
    with pytest.raises(ArgumentError):
        texas_holdem_v0.env(hands_per_episode=0)
    with pytest.raises(ArgumentError):
        texas_holdem_v0.env(hands_per_episode=3, blinds=(1, 2, 4))


def test_a_pickled_or_copied_multi_hand_environment_plays_on_as_the_original(
    texas_holdem_v0: Any,
) -> None:
    import copy
    import pickle

    env = texas_holdem_v0.raw_env(num_players=3, stacks=[30, 50, 40], hands_per_episode=None)
    env.reset(seed=8)
    rng = random.Random(2)
    while env.game.table.hand_number < 3:  # into a later hand of the episode
        obs, _, done, truncated, _ = env.last()
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        env.step(None if done or truncated else rng.choice(legal))
    assert env.agents
    state = pickle.dumps(env)
    twins = [pickle.loads(state), copy.deepcopy(env)]
    episode = play_episode(env, random.Random(4))
    for twin in twins:
        assert twin.agents == ["player_0", "player_1", "player_2"]
        assert play_episode(twin, random.Random(4)) == episode
