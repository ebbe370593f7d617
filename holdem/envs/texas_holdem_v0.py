"""Texas hold'em as a PettingZoo AEC environment, laid out as PettingZoo's classic games are.

``env()`` and ``raw_env()`` build it (it checks the order of the calls and treats an action
outside the action space as an illegal one itself, which PettingZoo's classic games leave to
wrappers); agents are ``player_0`` .. ``player_{n-1}``, the
seats of :class:`holdem.Hand` (``player_0`` is the small blind, the last one the button;
heads-up, the button posts the small blind). One episode is one hand by default; every option
of :class:`holdem.envs._game.EnvGame` is a keyword (action abstraction, bet fractions and sizing,
observation encoding, reward unit, what an illegal action does, hands per episode):

* ``actions="discrete"`` (fold, check or call, a raise per ``bet_fractions``, all-in: by
  default PettingZoo's no-limit layout) or ``"full"`` (``2 + k`` raises to ``k`` chips);
* ``obs_encoding="default"`` (see :func:`holdem.envs.observation_layout`) or
  ``"pettingzoo_v6"`` (``texas_holdem_no_limit_v6``'s 54 floats, with its bet sizing by
  default, so that an agent trained there drops in);
* ``reward_unit="big_blinds"`` (default) or ``"chips"``; zero-sum;
* ``game``: Texas hold'em only (None or ``"holdem"``); another game (Pineapple, whose discard
  no action index stands for; Omaha, short deck ...) raises :class:`holdem.ArgumentError`;
* ``illegal_action="raise"`` (:class:`holdem.ActionError`, nothing changes; the default),
  ``"check_or_fold"`` or ``"terminate"`` (the episode ends, the offender gets -1, as in
  PettingZoo's classic games);
* ``hands_per_episode=1`` (default), ``N`` or None (until one player has every chip): several
  hands at a :class:`holdem.Table`, the stacks carried over and the button moving; ``player_i``
  sits in table seat ``i + 1``, and the hand's seat of each agent changes from hand to hand.
  Rewards are paid at the end of every hand (that hand's payoff), so an episode's return is the
  change of the agent's stack; an agent who loses every chip is terminated with that hand
  (stepped with None, it leaves ``agents``) while the others play on.

Each observation is ``{"observation": float32 array, "action_mask": int8 array}``; the mask is
all zero for an agent that is not to act. ``render_mode="ansi"`` renders the table as text
(``"human"`` prints it).

:raises MissingDependencyError: on import, without PettingZoo (``pip install
    "holdem-engine[pettingzoo]"``).

>>> from holdem.envs import texas_holdem_v0
>>> env = texas_holdem_v0.env(num_players=3)
>>> env.reset(seed=1)
>>> env.agent_selection, env.last()[0]["action_mask"].tolist()
('player_2', [1, 1, 1, 1, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from holdem.engine.rules import Rules, Structure
from holdem.envs._aec import AECCore
from holdem.envs._game import (
    ActionMode,
    BetSizing,
    EnvGame,
    IllegalAction,
    ObsEncoding,
    RewardUnit,
)
from holdem.errors import MissingDependencyError

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:
    raise MissingDependencyError(
        'holdem.envs.texas_holdem_v0 needs PettingZoo: pip install "holdem-engine[pettingzoo]"'
    ) from exc

import numpy as np

__all__ = ["env", "raw_env"]


def env(
    num_players: int = 2,
    render_mode: str | None = None,
    *,
    stacks: int | Sequence[int] = 100,
    blinds: Sequence[int] = (1, 2),
    structure: Structure | str = "no-limit",
    rules: Rules | str = "casino",
    actions: ActionMode = "discrete",
    bet_fractions: Sequence[float] = (0.5, 1.0),
    bet_sizing: BetSizing | None = None,
    obs_encoding: ObsEncoding = "default",
    reward_unit: RewardUnit = "big_blinds",
    illegal_action: IllegalAction = "raise",
    hands_per_episode: int | None = 1,
    game: object = None,
) -> raw_env:
    """The environment (see :class:`raw_env` for the options).

    PettingZoo's classic games wrap theirs to refuse an action outside the action space and
    calls before ``reset``; :class:`raw_env` does both itself (``step`` or ``observe`` before
    ``reset`` raise :class:`holdem.ActionError`; an action outside the space is an illegal
    action), so it is returned as it is, without the wrappers' cost at every attribute read.

    :raises ArgumentError: for a bad option.
    :raises ArgumentTypeError: for an option of the wrong type.
    :raises RulesError: for stacks or blinds that cannot be played.
    """
    return raw_env(
        num_players,
        render_mode,
        stacks=stacks,
        blinds=blinds,
        structure=structure,
        rules=rules,
        actions=actions,
        bet_fractions=bet_fractions,
        bet_sizing=bet_sizing,
        obs_encoding=obs_encoding,
        reward_unit=reward_unit,
        illegal_action=illegal_action,
        hands_per_episode=hands_per_episode,
        game=game,
    )


class raw_env(AECCore, AECEnv):  # type: ignore[misc]
    """Texas hold'em, one hand (or several, at a table) per episode, as a PettingZoo AEC
    environment.

    :raises ArgumentError: for a bad option (see the module's documentation).
    :raises ArgumentTypeError: for an option of the wrong type.
    :raises RulesError: for stacks or blinds that cannot be played.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "texas_holdem_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        num_players: int = 2,
        render_mode: str | None = None,
        *,
        stacks: int | Sequence[int] = 100,
        blinds: Sequence[int] = (1, 2),
        structure: Structure | str = "no-limit",
        rules: Rules | str = "casino",
        actions: ActionMode = "discrete",
        bet_fractions: Sequence[float] = (0.5, 1.0),
        bet_sizing: BetSizing | None = None,
        obs_encoding: ObsEncoding = "default",
        reward_unit: RewardUnit = "big_blinds",
        illegal_action: IllegalAction = "raise",
        hands_per_episode: int | None = 1,
        game: object = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            from holdem.errors import ArgumentError

            raise ArgumentError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        env_game = EnvGame(
            num_players=num_players,
            stacks=stacks,
            blinds=blinds,
            structure=structure,
            rules=rules,
            actions=actions,
            bet_fractions=bet_fractions,
            bet_sizing=bet_sizing,
            obs_encoding=obs_encoding,
            reward_unit=reward_unit,
            illegal_action=illegal_action,
            hands_per_episode=hands_per_episode,
            game=game,
        )
        self._setup(env_game, render_mode)
        box = spaces.Box(
            low=np.zeros(env_game.obs_size, dtype=np.float32),
            high=env_game.obs_high,
            dtype=np.float32,
        )
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, (env_game.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(env_game.num_actions) for a in self.possible_agents
        }

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent`` (the same for every agent)."""
        return self.action_spaces[agent]

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), printed for ``"human"``."""
        if self.render_mode is None:
            return None
        text = self.game.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
