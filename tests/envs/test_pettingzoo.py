"""The PettingZoo AEC environment: PettingZoo's own API, seed and render tests, and the
``pettingzoo_v6`` encoding against the real ``texas_holdem_no_limit_v6`` (rlcard underneath) on
the same cards and the same actions.

rlcard's no-limit game departs from the rules of poker in known ways, and the comparison stops
(or skips an action) only there, each checked to be one of them: heads-up it posts the blinds
the other way round (Wikipedia, "Texas hold 'em": heads-up the button posts the small blind);
it asks a seat that is all-in to act; it allows a raise below the minimum raise (Robert's Rules
of Poker, section 3: a raise is at least the size of the previous bet or raise in the round);
it leaves an uncalled bet in the pot, and deals the rest of the board when all but one seat
have folded. Everywhere else the observations and masks are equal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from holdem import ActionError, Card, RulesError
from holdem.errors import ArgumentError

# PettingZoo's api_test warns that an observation should be an array and its space a Box,
# except for its own card games (listed by name), whose observations are the same
# {"observation", "action_mask"} dictionaries as here.
# And api_test imports connect_four_v3 by the module path that PettingZoo deprecates.
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
        {"num_players": 2},
        {"num_players": 3, "actions": "full"},
        {"num_players": 6, "obs_encoding": "pettingzoo_v6"},
        {"num_players": 4, "bet_fractions": (0.33, 0.75, 1.5, 3.0), "reward_unit": "chips"},
        {"num_players": 3, "structure": "fixed-limit", "stacks": [40, 200, 7]},
    ],
)
def test_pettingzoo_api_test(texas_holdem_v0: Any, options: dict[str, Any]) -> None:
    from pettingzoo.test import api_test

    api_test(texas_holdem_v0.env(**options), num_cycles=400)


@pytest.mark.filterwarnings(DICT_OBS[2])
def test_pettingzoo_seed_and_render_tests(texas_holdem_v0: Any) -> None:
    from pettingzoo.test import render_test, seed_test

    seed_test(texas_holdem_v0.env, num_cycles=200)
    render_test(texas_holdem_v0.env, custom_tests={"ansi": lambda text: "player_1" in text})


def play(env: Any, rng: random.Random) -> dict[str, float]:
    """Random legal actions to the end; the rewards."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        total[agent] += reward
        if done or truncated:
            env.step(None)
            continue
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        env.step(rng.choice(legal))
    return total


@pytest.mark.parametrize("unit", ["big_blinds", "chips"])
def test_rewards_are_zero_sum_payoffs(texas_holdem_v0: Any, unit: str) -> None:
    rng = random.Random(5)
    env = texas_holdem_v0.env(
        num_players=4, stacks=[50, 100, 400, 9], blinds=(2, 4), reward_unit=unit
    )
    for seed in range(40):
        env.reset(seed=seed)
        game = env.unwrapped.game
        total = play(env, rng)
        payoffs = game.hand.payoffs
        scale = 1 if unit == "chips" else 4
        assert [total[f"player_{i}"] * scale for i in range(4)] == pytest.approx(payoffs)
        assert sum(payoffs) == 0


def test_the_full_game_mask_is_every_legal_raise(texas_holdem_v0: Any) -> None:
    env = texas_holdem_v0.raw_env(num_players=3, actions="full", stacks=60)
    rng = random.Random(2)
    for seed in range(20):
        env.reset(seed=seed)
        while not env.game.over:
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"]
            hand = env.game.hand
            for k in range(61):  # a copy of the hand says which raise-to amounts are legal
                assert mask[2 + k] == hand.can_raise_to(k), k
            legal = [i for i, m in enumerate(mask) if m]
            env.step(rng.choice(legal))


def test_illegal_actions(texas_holdem_v0: Any) -> None:
    env = texas_holdem_v0.raw_env(num_players=2)
    env.reset(seed=1)
    events = env.game.hand.events
    with pytest.raises(ActionError):
        env.step(7)
    assert env.game.hand.events == events  # nothing changed
    env = texas_holdem_v0.raw_env(num_players=2, illegal_action="terminate")
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(7)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1
    env = texas_holdem_v0.raw_env(num_players=2, illegal_action="check_or_fold")
    env.reset(seed=1)
    env.step(99)  # the small blind faces the big blind: it folds
    assert env.game.hand.is_over and env.game.hand.folded == (False, True)


def test_bad_options(texas_holdem_v0: Any) -> None:
    with pytest.raises(ArgumentError):
        texas_holdem_v0.env(actions="continuous")
    with pytest.raises(ArgumentError):
        texas_holdem_v0.env(obs_encoding="pettingzoo_v5")
    with pytest.raises(ArgumentError):
        texas_holdem_v0.env(bet_fractions=(0.5, -1))
    with pytest.raises(RulesError):
        texas_holdem_v0.env(blinds=(2, 1.5))


def test_the_full_actions_are_bounded(texas_holdem_v0: Any) -> None:
    """An action per chip: a mask of 10**8 bytes at every observation was accepted (6.8 s to
    make); stacks past MAX_FULL_ACTIONS are refused, the largest allowed is made."""
    from holdem.envs._game import MAX_FULL_ACTIONS

    with pytest.raises(ArgumentError, match="full"):
        texas_holdem_v0.env(actions="full", stacks=10**8)
    env = texas_holdem_v0.raw_env(actions="full", stacks=MAX_FULL_ACTIONS - 3)
    env.reset(seed=1)
    assert env.observe("player_0")["action_mask"].shape == (MAX_FULL_ACTIONS,)
    with pytest.raises(ArgumentError, match="full"):  # from hand to hand: every chip in play
        texas_holdem_v0.env(actions="full", stacks=MAX_FULL_ACTIONS // 2, hands_per_episode=2)


def test_the_full_actions_reach_every_chip_won_from_hand_to_hand(texas_holdem_v0: Any) -> None:
    """With several hands an episode a player may come to hold every chip at the table: a raise
    to each total he can make has its index (one per chip of all the stacks), and the mask
    marks exactly his legal raises (the action indices once stopped at the largest starting
    stack: the mask was written past its end)."""
    env = texas_holdem_v0.raw_env(
        num_players=3, actions="full", stacks=[10, 10, 10], blinds=(1, 2), hands_per_episode=None
    )
    assert env.action_space("player_0").n == 3 + 30
    rng = random.Random(5)
    for episode in range(30):
        env.reset(seed=episode)
        for agent in env.agent_iter(2000):
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            hand = env.game.hand
            legal = hand.legal_actions()
            raises = {2 + k for k in range(legal.min_raise_to or 0, (legal.max_raise_to or -1) + 1)}
            assert {k for k in range(2, len(mask)) if mask[k]} == raises
            choice = rng.choice([k for k in range(len(mask)) if mask[k]])
            env.step(max(k for k in range(len(mask)) if mask[k]) if rng.random() < 0.3 else choice)


def test_the_default_observation(texas_holdem_v0: Any) -> None:
    from holdem.envs import observation_layout

    env = texas_holdem_v0.raw_env(num_players=3, stacks=[100, 200, 300], blinds=(1, 2))
    env.reset(options={"hole_cards": [("As", "Ah"), ("Kd", "Qd"), ("7c", "2s")]})
    at = observation_layout(3)
    obs = env.observe("player_2")["observation"]  # the button, first to act pre-flop
    assert [i for i in range(52) if obs[at["hole"]][i]] == sorted(
        [int(Card("7c")), int(Card("2s"))]
    )
    assert not obs[at["board"]].any() and obs[at["street"]].tolist() == [1, 0, 0, 0]
    assert obs[at["pot"]].tolist() == [1.5] and obs[at["to_call"]].tolist() == [1.0]
    assert obs[at["min_raise_to"]].tolist() == [2.0] and obs[at["max_raise_to"]].tolist() == [150]
    assert obs[at["stacks"]].tolist() == [150, 49.5, 99]  # from its own seat: 2, 0, 1
    assert obs[at["bets"]].tolist() == [0, 0.5, 1]
    assert obs[at["actor"]].tolist() == [1, 0, 0] and obs[at["position"]].tolist() == [0, 0, 1]
    other = env.observe("player_0")
    assert not other["action_mask"].any() and other["observation"][at["to_call"]][0] == 0


def rlcard_card(card: Any) -> Card:
    return Card(card.rank + card.suit.lower())


# texas_holdem_no_limit_v6 builds its observation space from float64 bounds: Gymnasium warns.
@pytest.mark.filterwarnings("ignore:.*Box (low|high)'s precision lowered:UserWarning")
@pytest.mark.parametrize("players", [3, 4, 6])
def test_pettingzoo_v6_observations_and_masks_equal_the_real_package(
    texas_holdem_v0: Any, players: int
) -> None:
    pytest.importorskip("rlcard")
    pytest.importorskip("pygame")  # PettingZoo's card games import it
    import numpy as np
    from pettingzoo import make

    ref = make("aec", "classic/texas_holdem_no_limit-v6", num_players=players)
    mine = texas_holdem_v0.raw_env(num_players=players, obs_encoding="pettingzoo_v6")
    rng = random.Random(players)
    compared = skipped = stopped = 0
    for seed in range(300):
        ref.reset(seed=seed)
        game = ref.unwrapped.env.game
        dealer = game.dealer_id
        seat = {p: (p - dealer - 1) % players for p in range(players)}  # rlcard id -> seat
        holes: list[Any] = [None] * players
        for p in range(players):
            holes[seat[p]] = [rlcard_card(c) for c in game.players[p].hand]
        board = [rlcard_card(c) for c in reversed(game.dealer.deck[-5:])]  # dealt by pop()
        mine.reset(options={"hole_cards": holes, "board": board})
        while True:
            agent = ref.agent_selection
            p = int(agent.split("_")[1])
            if ref.terminations[agent]:
                break
            if game.players[p].remained_chips == 0:  # rlcard asks an all-in seat to act
                stopped += 1
                break
            assert mine.agent_selection == f"player_{seat[p]}"
            for q in range(players):
                a = ref.observe(f"player_{q}")["observation"]
                b = mine.observe(f"player_{seat[q]}")["observation"]
                assert np.array_equal(a, b), (seed, q, a, b)
            want = ref.observe(agent)["action_mask"]
            got = mine.observe(f"player_{seat[p]}")["action_mask"]
            legal = mine.game.hand.legal_actions()
            for k in np.flatnonzero(want != got):
                # rlcard allows this raise, the rules do not: below the minimum raise and not
                # all-in, or all-in when no one left could call a raise.
                assert want[k] == 1 and got[k] == 0 and k >= 2, (seed, want, got)
                amount = mine.game.hand.bets[seat[p]] + (
                    int(mine.game.hand.pot_total * (0.5 if k == 2 else 1.0))
                    if k < 4
                    else mine.game.hand.stacks[seat[p]]
                )
                assert legal.min_raise_to is None or amount < legal.min_raise_to, (seed, k)
                skipped += 1
            compared += 1
            both = [k for k in range(5) if want[k] and got[k]]
            action = rng.choice(both)
            ref.step(action)
            mine.step(action)
        if ref.terminations[ref.agent_selection]:
            # The same cards, except that rlcard deals the rest of the board after a fold.
            for q in range(players):
                a = ref.observe(f"player_{q}")["observation"][:52]
                b = mine.observe(f"player_{seat[q]}")["observation"][:52]
                assert (b <= a).all() and (
                    mine.game.hand.folded.count(False) == 1 or (a == b).all()
                )
    print(
        f"{players} players: {compared} decisions compared, {skipped} raises rlcard allows "
        f"below the minimum, {stopped} hands stopped at an all-in seat asked to act"
    )
    assert compared > 1000 and stopped < 100


def test_without_pettingzoo_the_import_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib
    import sys

    from holdem import MissingDependencyError

    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # import pettingzoo raises ImportError
    monkeypatch.delitem(sys.modules, "holdem.envs.texas_holdem_v0", raising=False)
    with pytest.raises(MissingDependencyError, match=r"holdem-engine\[pettingzoo\]"):
        importlib.import_module("holdem.envs.texas_holdem_v0")


@pytest.mark.parametrize("game", ["pineapple", "crazy-pineapple", "lazy-pineapple"])
def test_games_with_a_discard_are_refused_when_the_environment_is_made(
    texas_holdem_v0: Any, game: str
) -> None:
    from holdem import Hand

    # The engine plays the game, with a discard decision that no action index stands for.
    hand = Hand([100, 100], blinds=(1, 2), game=game, seed=3)
    assert len(hand.hole_cards(0)) == 3
    with pytest.raises(ArgumentError, match="discard"):
        texas_holdem_v0.env(game=game)
    with pytest.raises(ArgumentError, match="discard"):
        texas_holdem_v0.env(game=game, hands_per_episode=5)


def test_only_holdem_is_played(texas_holdem_v0: Any) -> None:
    plain, named = texas_holdem_v0.env(), texas_holdem_v0.env(game="holdem")
    plain.reset(seed=5)
    named.reset(seed=5)
    assert (plain.last()[0]["observation"] == named.last()[0]["observation"]).all()
    with pytest.raises(ArgumentError, match="hold'em only"):
        texas_holdem_v0.env(game="omaha")
    with pytest.raises(RulesError):
        texas_holdem_v0.env(game="no such game")


def _play(env: Any, turns: Any, seed: int) -> list[tuple[str, float, bool]]:
    """Every turn of ``turns`` stepped with a random legal action: (agent, reward, done)."""
    rng = random.Random(seed)
    seen = []
    for agent in turns:
        obs, reward, done, truncated, _info = env.last()
        seen.append((agent, reward, done))
        if done or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(rng.choice([i for i in range(len(mask)) if mask[i]]))
    return seen


@pytest.mark.parametrize("hands", [1, 5])
def test_agent_iter_yields_the_turns_of_pettingzoos_own_iterator(
    texas_holdem_v0: Any, hands: int
) -> None:
    from pettingzoo.utils.env import AECEnv

    for max_iter in (2**63, 3, 0):
        ours = texas_holdem_v0.env(num_players=3, hands_per_episode=hands)
        theirs = texas_holdem_v0.env(num_players=3, hands_per_episode=hands)
        for episode in range(20):
            ours.reset(seed=episode)
            theirs.reset(seed=episode)
            got = _play(ours, ours.agent_iter(max_iter), episode)
            want = _play(theirs, AECEnv.agent_iter(theirs, max_iter), episode)
            assert got == want
            assert len(got) == min(max_iter, len(want))


def test_a_pickled_or_copied_environment_plays_on_as_the_original(texas_holdem_v0: Any) -> None:
    import copy
    import pickle

    env = texas_holdem_v0.env(num_players=3, render_mode="ansi")
    env.reset(seed=11)
    env.step(1)
    state = pickle.dumps(env)
    for twin in (pickle.loads(state), copy.deepcopy(env)):
        assert type(twin) is type(env) and twin.render_mode == "ansi"
        assert twin.agent_selection == env.agent_selection and twin.agents == env.agents
        original = pickle.loads(state)
        assert _play(twin, twin.agent_iter(), 5) == _play(original, original.agent_iter(), 5)
    assert pickle.dumps(env) == state  # the copies share nothing that their play moved


def _masks_played(env: Any, seed: int) -> list[tuple[str, list[int], list[float], float]]:
    """The rest of the episode with random legal actions: each turn's agent, mask,
    observation and reward."""
    rng = random.Random(seed)
    seen = []
    for agent in env.agent_iter():
        obs, reward, done, truncated, _info = env.last()
        mask = obs["action_mask"].tolist()
        seen.append((agent, mask, obs["observation"].tolist(), reward))
        if done or truncated:
            env.step(None)
            continue
        env.step(rng.choice([i for i in range(len(mask)) if mask[i]]))
    return seen


@pytest.mark.parametrize(
    "options",
    [{}, {"actions": "full"}, {"obs_encoding": "pettingzoo_v6"}],
)
def test_a_copy_taken_while_an_agent_decides_sees_and_plays_as_the_original(
    texas_holdem_v0: Any, options: dict[str, Any]
) -> None:
    import copy
    import pickle

    for seed in range(12):
        env = texas_holdem_v0.env(num_players=3, stacks=40, **options)
        env.reset(seed=seed)
        env.step(1)
        env.last()  # the legal actions of the agent to act are looked up, then copied
        twins = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env), copy.copy(env.game)]
        mask = env.last()[0]["action_mask"].tolist()
        assert twins[2].mask(env.game.actor).tolist() == mask
        for twin in twins[:2]:
            assert twin.last()[0]["action_mask"].tolist() == mask
        want = _masks_played(env, seed)
        assert any(sum(m) > 2 for _a, m, _o, _r in want)  # some raise was legal
        for twin in twins[:2]:
            assert _masks_played(twin, seed) == want


def test_calls_before_reset_raise_and_change_nothing(texas_holdem_v0: Any) -> None:
    env = texas_holdem_v0.env(num_players=2)
    calls: list[Callable[[], object]] = [
        lambda: env.last(),
        lambda: env.observe("player_0"),
        lambda: env.step(1),
    ]
    for call in calls:
        with pytest.raises(ActionError, match="before reset"):
            call()
    env.reset(seed=4)
    assert env.agents == ["player_0", "player_1"] and env.agent_selection in env.agents
    assert env.last()[0]["action_mask"].tolist() == [1, 1, 1, 1, 1]


def test_a_shallow_copy_is_a_whole_environment(texas_holdem_v0: Any) -> None:
    # Issue 28: copy.copy shared the game, so stepping the copy left the original stale.
    import copy
    import pickle

    env = texas_holdem_v0.env(num_players=3)
    env.reset(seed=5)
    env.step(1)
    state = pickle.dumps(env)
    twin = copy.copy(env)
    assert twin.game is not env.game and twin.rewards is not env.rewards
    _play(twin, twin.agent_iter(), 6)
    assert pickle.dumps(env) == state  # the original did not move
    original = pickle.loads(state)
    assert _play(env, env.agent_iter(), 6) == _play(original, original.agent_iter(), 6)


def test_no_step_once_every_episode_is_over(texas_holdem_v0: Any) -> None:
    # Issue 28: step() after the end raised KeyError.
    env = texas_holdem_v0.env(num_players=2)
    env.reset(seed=3)
    for _agent in env.agent_iter():
        _obs, _reward, done, truncated, _info = env.last()
        env.step(None if done or truncated else 1)
    assert not env.agents
    for action in (None, 0, 1):
        with pytest.raises(ActionError, match="episode is over"):
            env.step(action)


def test_the_constructors_name_every_option(texas_holdem_v0: Any) -> None:
    # Issue 28: the options were **kwargs, invisible to help() and IDEs. Each constructor names
    # every option of the game it builds, with the game's default (Gymnasium's own default for
    # illegal actions aside), so that none drifts from the others.
    import inspect

    from holdem.envs._game import EnvGame

    game = inspect.signature(EnvGame.__init__).parameters
    wanted = {k: p.default for k, p in game.items() if k != "self"}
    makers: list[tuple[Any, set[str]]] = [
        (texas_holdem_v0.env, set()),
        (texas_holdem_v0.raw_env.__init__, set()),
    ]
    try:
        from holdem.envs import gym_env
    except ImportError:
        pass
    else:  # an agent's illegal action is a check or fold by default there
        makers.append((gym_env.TexasHoldemEnv.__init__, {"illegal_action"}))
    for make, own_default in makers:
        given = inspect.signature(make).parameters
        assert not any(p.kind is p.VAR_KEYWORD for p in given.values()), make
        for name, default in wanted.items():
            assert name in given, (make, name)
            assert name in own_default or given[name].default == default, (make, name)
    env = texas_holdem_v0.env(num_players=3, stacks=40, hands_per_episode=2)
    assert env.game.stacks == [40, 40, 40] and env.game.hands_per_episode == 2


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit"])
def test_the_mask_marks_all_in_exactly_when_all_in_is_a_legal_raise(
    texas_holdem_v0: Any, structure: str
) -> None:
    import copy

    env = texas_holdem_v0.raw_env(num_players=3, stacks=[30, 200, 90], structure=structure)
    all_in = env.game.all_in_action
    rng = random.Random(5)
    seen = {True: 0, False: 0}
    for seed in range(60):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            marked = bool(obs["action_mask"][all_in])
            trial = copy.deepcopy(env)
            hand, seat = trial.game.hand, trial.game.hand.actor
            try:
                trial.step(all_in)
                went_all_in = hand.stacks[seat] == 0 and not hand.folded[seat]
            except ActionError:
                went_all_in = False
            assert marked == went_all_in, (seed, agent)
            seen[marked] += 1
            env.step(rng.choice([i for i, m in enumerate(obs["action_mask"]) if m]))
    assert seen[True] > 20 and seen[False] > 20
