"""The per-step bookkeeping of the PettingZoo AEC environment: ``observe``, ``last``, ``step``,
the dead steps, ``agent_iter`` and the dictionaries PettingZoo's API reads (``rewards``,
``_cumulative_rewards``, ``terminations``, ``truncations``, ``infos``), kept as fields of
:class:`AECCore` so that every step reads and writes them without an instance dictionary.

:class:`holdem.envs.texas_holdem_v0.raw_env` derives from :class:`AECCore` and PettingZoo's
``AECEnv`` (in that order, so that these methods come first); the semantics are those of
PettingZoo's ``AECEnv.last``, ``agent_iter`` and ``_was_dead_step``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from holdem.envs._game import EnvGame
from holdem.errors import ActionError

__all__ = ["AECCore", "AgentIter"]


class AECCore:
    """The agents, their dictionaries and the hot methods of the AEC environment (a base class:
    :class:`holdem.envs.texas_holdem_v0.raw_env` sets the fields in its ``__init__``)."""

    game: EnvGame
    possible_agents: list[str]
    agents: list[str]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: Any
    _index: dict[str, int]
    _dealt: bool
    _zero_rewards: bool
    _zeros: dict[str, float]
    _falses: dict[str, bool]
    render_mode: str | None

    def _setup(self, game: EnvGame, render_mode: str | None) -> None:
        """Set the fields before the first ``reset`` (called by the subclass's ``__init__``)."""
        self.game = game
        self.possible_agents = [f"player_{i}" for i in range(game.players)]
        self.agents = self.possible_agents[:]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = None
        self._dealt = False
        self._zero_rewards = True
        # Every agent's zero reward and False flag: reset copies them (a copy of a small
        # dictionary is made without hashing its keys again).
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._falses = dict.fromkeys(self.possible_agents, False)
        self.render_mode = render_mode

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy support: the class, these fields and the instance dictionary (it
        never raises)."""
        extra = dict(getattr(self, "__dict__", {}))
        return _restore, (type(self), {k: getattr(self, k) for k in _FIELDS}, extra)

    def __copy__(self) -> AECCore:
        """A whole new environment in the same state (as ``copy.deepcopy``): a copy that shared
        the game and the agents' dictionaries would go stale as either is stepped."""
        return copy.deepcopy(self)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: its observation and its action mask.

        :raises ActionError: before ``reset``.
        :raises KeyError: for an unknown agent.
        """
        if not self._dealt:
            raise ActionError("observe() before reset(): reset() deals the first hand")
        return self.game.observe(self._index[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of
        ``agent_selection`` (as PettingZoo's ``AECEnv.last``).

        :raises ActionError: before ``reset``.
        """
        agent = self.agent_selection
        obs = None
        if observe:  # as observe(agent), without a look-up of the method at every turn
            if not self._dealt:
                raise ActionError("last() before reset(): reset() deals the first hand")
            obs = self.game.observe(self._index[agent])
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> AgentIter:
        """The agent to act, at each turn, while some agent is left (at most ``max_iter``
        turns; as PettingZoo's ``AECEnv.agent_iter``, to be stepped at each turn).
        """
        return AgentIter(self, max_iter)

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new episode; ``seed`` restarts the random stream, ``options`` may fix the cards
        of its first hand (``{"deck": ...}`` in dealing order, or ``{"hole_cards": ...,
        "board": ...}``; other keys are ignored).

        :raises ArgumentError: for a negative seed.
        :raises ArgumentTypeError: for a seed that is not None or an int.
        :raises CardError: for fixed cards that cannot be dealt.
        """
        self.game.reset(seed, options)
        self._dealt = True
        self.agents = agents = self.possible_agents[:]
        self.rewards = self._zeros.copy()
        self._cumulative_rewards = self._zeros.copy()
        self.terminations = self._falses.copy()
        self.truncations = self._falses.copy()
        self.infos = {a: {} for a in agents}
        self._zero_rewards = True
        game = self.game
        if game.hand_done:  # a hand ended before anyone could act
            self._after_hand()
        else:
            self.agent_selection = self.possible_agents[game._to_act]

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection`` (None for an agent whose episode is over).

        :raises ActionError: for an illegal action under ``illegal_action="raise"`` (nothing
            changes), before ``reset``, or once every agent's episode is over.
        :raises ValueError: for an action other than None from an agent whose episode is over
            (as PettingZoo's environments do).
        """
        if not self._dealt:
            raise ActionError("step() before reset(): reset() deals the first hand")
        if not self.agents:
            raise ActionError("every agent's episode is over: reset() deals a new one")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        game = self.game
        game.step(action)
        self._cumulative_rewards[agent] = 0.0
        if game.hand_done:
            self._after_hand()
        else:
            if not self._zero_rewards:
                self.rewards = _zero_rewards(self.agents)
                self._zero_rewards = True
            self.agent_selection = self.possible_agents[game._to_act]
        if self.render_mode is not None and self.render_mode == "human":
            self.render()  # type: ignore[attr-defined]

    def _after_hand(self) -> None:
        """Pay the hand's rewards; end the episode of every agent, or of those who left."""
        game = self.game
        paid = game.take_rewards()
        index = self._index
        cumulative = self._cumulative_rewards
        self.rewards = rewards = {}
        for a in self.agents:
            r = paid[index[a]]
            rewards[a] = r
            cumulative[a] += r
        self._zero_rewards = False
        terminations = self.terminations
        first = None
        over = game.done
        out = game.out
        for a in self.agents:
            if over or out[index[a]]:
                terminations[a] = True
                if first is None:
                    first = a
        if first is not None:
            self.agent_selection = first
        else:
            self.agent_selection = self.possible_agents[game._to_act]

    def _dead_step(self, action: Any) -> None:
        """Step an agent whose episode is over: it leaves ``agents``; the next agent is another
        one whose episode is over, else the seat to act."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations = self.terminations
        truncations = self.truncations
        del terminations[agent]
        del truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        first = None
        for a in agents:
            if terminations[a] or truncations[a]:
                first = a
                break
        if first is not None:
            self.agent_selection = first
        elif agents:
            actor = self.game._to_act
            if actor >= 0:
                self.agent_selection = self.possible_agents[actor]
        self.rewards = _zero_rewards(agents)
        self._zero_rewards = True


def _zero_rewards(agents: list[str]) -> dict[str, float]:
    """A zero reward for each of ``agents`` (``dict.fromkeys``, without a method call)."""
    return {a: 0.0 for a in agents}


# Every field of an AECCore (its pickled state).
_FIELDS = (
    "game", "possible_agents", "agents", "rewards", "_cumulative_rewards", "terminations",
    "truncations", "infos", "agent_selection", "_index", "_dealt", "_zero_rewards", "_zeros",
    "_falses", "render_mode",
)  # fmt: skip


def _restore(cls: type[AECCore], fields: dict[str, Any], extra: dict[str, Any]) -> AECCore:
    env = cls.__new__(cls)
    for k, v in fields.items():
        setattr(env, k, v)
    env.__dict__.update(extra)
    return env


class AgentIter:
    """The turns of an AEC environment: ``agent_selection`` while some agent is left, at most
    ``max_iter`` times (PettingZoo's ``AECIterable`` and ``AECIterator`` in one)."""

    env: AECCore
    left: int

    def __init__(self, env: AECCore, max_iter: int) -> None:
        self.env = env
        self.left = max(0, min(max_iter, 2**62))

    def __iter__(self) -> AgentIter:
        return self

    def __next__(self) -> Any:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return env.agent_selection
