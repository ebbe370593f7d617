"""Texas hold'em as a single-agent Gymnasium environment: one seat learns, policies play the rest.

The options are those of the PettingZoo environment (:mod:`holdem.envs.texas_holdem_v0`:
actions, bet fractions and sizing, observation encoding, reward unit), plus ``seat`` (the
agent's seat, or None for a seat drawn at every reset) and ``opponents``: one policy for every
other seat, or a sequence of them in seat order (the agent's seat skipped). A policy is a
callable ``(observation, action_mask) -> action index``; by default every opponent picks a
legal action uniformly at random (from the environment's seeded generator, so that a seeded
``reset`` replays the same episode).

The observation is the float32 array of the chosen encoding, and ``info["action_mask"]`` the
agent's mask (Gymnasium's convention, as in its ``Taxi`` environment). An illegal action checks
when checking is free, else folds (``illegal_action="check_or_fold"``, the default here, as
rlcard does), or raises :class:`holdem.ActionError` (``"raise"``), or ends the episode with a
reward of -1 (``"terminate"``).

When a hand ends before the agent acts (everyone folds to its big blind), ``reset`` deals the
next one at once, and the payoff of the hand that went by is added to the reward of the next
episode's last step (``info["carried_reward"]`` says how much), so that returns stay unbiased.

With ``hands_per_episode`` (``N`` hands, or None: until one player has every chip) an episode
is a session at a table, the stacks carried from hand to hand: each step's reward is the
agent's payoff in the hands that ended since its last action (in the reward unit), so the
episode's return is the change of its stack; the episode ends after the last hand, or when the
agent loses every chip (it leaves the table), or when it is alone with chips.

:raises MissingDependencyError: on import, without Gymnasium (``pip install
    "holdem-engine[gymnasium]"``).

>>> from holdem.envs.gym_env import TexasHoldemEnv
>>> env = TexasHoldemEnv(num_players=3, seat=0)
>>> obs, info = env.reset(seed=1)
>>> info["action_mask"].tolist()
[1, 1, 1, 1, 1]

``gymnasium.make("holdem/TexasHoldem-v0", num_players=6)`` builds it too, once this module is
imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from holdem._validate import check_int
from holdem.engine.rules import Rules, Structure
from holdem.envs._game import (
    ActionMode,
    BetSizing,
    EnvGame,
    IllegalAction,
    ObsEncoding,
    RewardUnit,
)
from holdem.errors import ActionError, ArgumentError, MissingDependencyError

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as exc:
    raise MissingDependencyError(
        'holdem.envs.gym_env needs Gymnasium: pip install "holdem-engine[gymnasium]"'
    ) from exc

import numpy as np

__all__ = ["ENV_ID", "Policy", "TexasHoldemEnv"]

#: The id under which ``gymnasium.make`` finds the environment once this module is imported.
ENV_ID = "holdem/TexasHoldem-v0"

_MAX_SKIPPED = 1000  # hands in a row that may end before the agent acts

#: A seat's policy: ``(observation, action_mask) -> action index``.
Policy = Callable[[Any, Any], int]


def _uniform(rng: np.random.Generator, mask: Any) -> int:
    """A legal action of ``mask`` drawn uniformly: the draw of ``rng.choice(legal)``, which for
    a uniform choice with replacement is ``legal[rng.integers(0, len(legal), dtype=int64)]``
    (NumPy's ``Generator.choice``), without the cost of its general case."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(0, len(legal), dtype=np.int64)])


class TexasHoldemEnv(gymnasium.Env[Any, Any]):
    """One seat of a hold'em hand as a Gymnasium environment (see the module's documentation).

    :raises ArgumentError: for a bad option, a seat out of range, or a number of opponent
        policies that is not the number of other seats.
    :raises ArgumentTypeError: for an option of the wrong type.
    :raises RulesError: for stacks or blinds that cannot be played.
    """

    # Gymnasium declares it an instance attribute, read from the class.
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        num_players: int = 2,
        *,
        seat: int | None = 0,
        opponents: Policy | Sequence[Policy] | None = None,
        render_mode: str | None = None,
        illegal_action: IllegalAction = "check_or_fold",
        stacks: int | Sequence[int] = 100,
        blinds: Sequence[int] = (1, 2),
        structure: Structure | str = "no-limit",
        rules: Rules | str = "casino",
        actions: ActionMode = "discrete",
        bet_fractions: Sequence[float] = (0.5, 1.0),
        bet_sizing: BetSizing | None = None,
        obs_encoding: ObsEncoding = "default",
        reward_unit: RewardUnit = "big_blinds",
        hands_per_episode: int | None = 1,
        game: object = None,
    ) -> None:
        if render_mode not in (None, "human", "ansi"):
            raise ArgumentError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.game = env_game = EnvGame(
            num_players=num_players,
            illegal_action=illegal_action,
            stacks=stacks,
            blinds=blinds,
            structure=structure,
            rules=rules,
            actions=actions,
            bet_fractions=bet_fractions,
            bet_sizing=bet_sizing,
            obs_encoding=obs_encoding,
            reward_unit=reward_unit,
            hands_per_episode=hands_per_episode,
            game=game,
        )
        n = env_game.players
        self.fixed_seat = None if seat is None else check_int(seat, "seat", 0, n - 1)
        self.seat = self.fixed_seat or 0
        if opponents is None:
            self.opponents: list[Policy | None] = [None] * (n - 1)
        elif callable(opponents):
            self.opponents = [opponents] * (n - 1)
        else:
            self.opponents = list(opponents)
            if len(self.opponents) != n - 1:
                raise ArgumentError(
                    f"opponents: one policy per other seat ({n - 1}), got {opponents!r}"
                )
        self.observation_space = spaces.Box(
            low=np.zeros(env_game.obs_size, dtype=np.float32),
            high=env_game.obs_high,
            dtype=np.float32,
        )
        self.action_space = spaces.Discrete(env_game.num_actions)
        self._carry = 0.0

    def _policy(self, seat: int) -> Policy | None:
        k = seat if seat < self.seat else seat - 1
        return self.opponents[k]

    def _done(self) -> bool:
        """The agent's episode is over: the game's, or the agent left the table (no chips)."""
        return self.game.over or self.game.out[self.seat]

    def _play_others(self) -> None:
        game = self.game
        while not self._done() and game.actor != self.seat:
            seat = game.actor
            assert seat is not None
            mask = game.mask(seat)
            policy = self._policy(seat)
            if policy is None:
                action = _uniform(self.np_random, mask)
            else:
                action = policy(game.observation(seat), mask)
            game.step(action)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.game.mask(self.seat), "seat": self.seat}

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a hand and play the other seats up to the agent's first action.

        ``options`` may fix the cards (``deck``, ``hole_cards``, ``board``, as in
        :class:`holdem.Hand`); other keys are ignored.

        :raises ArgumentError: for a negative seed, or when the other seats end 1000 hands in a
            row before the agent acts.
        :raises CardError: for fixed cards that cannot be dealt.
        """
        super().reset(seed=seed)
        game = self.game
        carried = 0.0
        for _ in range(_MAX_SKIPPED):
            if self.fixed_seat is None:
                self.seat = int(self.np_random.integers(game.players))
            game.reset(int(self.np_random.integers(2**62)), options)
            self._play_others()
            carried += game.take_rewards()[self.seat]  # hands that went by without the agent
            if not self._done():
                break
            if options:  # the same fixed cards would end the same way again
                break
        else:
            raise ArgumentError(
                f"the other seats' policies ended {_MAX_SKIPPED} hands in a row before the agent "
                "could act"
            )
        self._carry = carried  # an episode left before its end forfeits its carry
        info = self._info()
        info["carried_reward"] = carried
        if self.render_mode == "human":
            self.render()
        return game.observation(self.seat), info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent acts, then the other seats up to its next action or the end of the hand.

        :raises ActionError: for an illegal action under ``illegal_action="raise"`` (nothing
            changes), or once the episode is over.
        """
        if self._done():  # (its seat may have no chips left while the others play on)
            raise ActionError("the episode is over: reset() deals a new one")
        game = self.game
        game.step(action)
        self._play_others()
        reward = game.take_rewards()[self.seat]
        done = self._done()
        if done:
            reward += self._carry
            self._carry = 0.0
        if self.render_mode == "human":
            self.render()
        return game.observation(self.seat), reward, done, False, self._info()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), printed for ``"human"``."""
        if self.render_mode is None:
            return None
        text = self.game.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="holdem.envs.gym_env:TexasHoldemEnv")
