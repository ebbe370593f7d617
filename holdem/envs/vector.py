"""A batch of hold'em hands as a Gymnasium vector environment, stepped in compiled code.

:class:`HoldemVectorEnv` holds ``num_envs`` hands of one set-up (players, stacks, blinds,
structure, rules) and steps them all in one call: one action index per hand in, as a NumPy
array; out, one row per hand: the observation of the seat to act, its action mask, the reward,
and whether the hand ended. The hands live in the hand kernel's C state and are stepped by its
C operations without the GIL (holdem/envs/_vector.pyx), with no Python call per hand, on one
thread or several (``threads``).

The options, the action indices, the masks and the observations are those of the single
environments (:mod:`holdem.envs.texas_holdem_v0`, :mod:`holdem.envs.gym_env`): 0 fold, 1 check
or call, one raise per bet fraction, all-in (or ``actions="full"``: ``2 + k`` raises to ``k``
chips); the default observation in big blinds from the observer's seat
(:func:`holdem.envs.observation_layout`), or ``obs_encoding="pettingzoo_v6"``. Row ``i`` of
the observations is exactly what the single environment shows the seat to act in hand ``i``:
its own hole cards and what everyone sees, never another seat's cards or the deck.

An episode is one hand; seat 0 posts the small blind and the last seat has the button
(heads-up, seat 1 has the button and posts the small blind), as in the single environment.
Every seat is an agent, so a step acts for the seat to act in each hand (``info["actor"]``
before the step: the seat each row of ``actions`` is for) and:

* ``rewards[i]``: the payoff of the seat that just acted in hand ``i`` when its action ended
  the hand (in big blinds, or chips with ``reward_unit="chips"``), else 0;
* ``info["payoffs"][i]``: every seat's payoff of hand ``i`` when it ended at this step (zero
  rows otherwise): the rewards a multi-agent learner credits to each seat;
* ``terminated[i]``: hand ``i`` ended at this step (``truncated`` is always False).

A hand that ends is dealt again in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``): the
observation returned for that row is the new hand's first seat to act. Each row has its own
random stream: ``reset(seed=s)`` seeds row ``i`` from ``(s, i)`` (a list of ``num_envs`` seeds:
row ``i`` from ``(seeds[i], i)``), and each hand of the row is dealt from that stream (a
partial shuffle of the row's deck); no seed draws one from the operating system's entropy.
:meth:`HoldemVectorEnv.deck` gives the cards of a row's hand, so that ``holdem.Hand(...,
deck=env.deck(i))`` deals it again.

An action index may also be :data:`RANDOM_ACTION` (-1): the kernel plays a legal action drawn
uniformly at random among those of the mask, from the hand's own stream of random actions (a
random opponent or exploration with no draw in Python; seeded by ``reset`` as the deals are).

An illegal action (one the mask forbids) raises :class:`holdem.ActionError` naming the hand,
the seat and the action, before any hand changes (``illegal_action="raise"``, the default); or
checks when free, else folds (``"check_or_fold"``); or ends that hand with -1 to its seat
(``"terminate"``).

:raises MissingDependencyError: on import, without Gymnasium (``pip install
    "holdem-engine[gymnasium]"``).

>>> from holdem.envs.vector import HoldemVectorEnv
>>> env = HoldemVectorEnv(4, num_players=6)
>>> obs, info = env.reset(seed=7)
>>> obs.shape, info["action_mask"].shape
((4, 142), (4, 5))
>>> actions = np.ones(4, dtype=np.int64)  # everyone checks or calls
>>> obs, rewards, terminated, truncated, info = env.step(actions)
>>> info["actor"].tolist()
[3, 3, 3, 3]
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from holdem._batch import workers
from holdem._parallel import team
from holdem._validate import check_int, check_seed, is_int
from holdem.cards import Card
from holdem.engine import _state
from holdem.engine.events import EventKind
from holdem.engine.rules import Rules, Structure
from holdem.envs._game import (
    ActionMode,
    BetSizing,
    EnvGame,
    IllegalAction,
    ObsEncoding,
    RewardUnit,
)
from holdem.envs._vector import MAX_ROWS, RANDOM, HandBatch
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, MissingDependencyError

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ImportError as exc:
    raise MissingDependencyError(
        'holdem.envs.vector needs Gymnasium: pip install "holdem-engine[gymnasium]"'
    ) from exc

import numpy as np

__all__ = ["MAX_ENVS", "RANDOM_ACTION", "HoldemVectorEnv"]

#: The most hands one vector environment holds.
MAX_ENVS: int = MAX_ROWS
#: The action index that plays a legal action drawn uniformly at random by the kernel itself,
#: from the hand's own stream of random actions (a random opponent, or exploration, with no
#: draw in Python).
RANDOM_ACTION: int = RANDOM
# The most entries the mask array of a step may have (actions="full" has one action per chip).
_MOST_MASK_ENTRIES = 1 << 28

# Hands a thread is worth (a hand's step costs a few hundred nanoseconds; waking a thread, tens
# of microseconds).
_HANDS_A_THREAD = 128
_WIN = list(EventKind).index(EventKind.WIN)


class HoldemVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` hold'em hands stepped together (see the module's documentation).

    The options are those of the PettingZoo environment (:mod:`holdem.envs.texas_holdem_v0`),
    but for ``hands_per_episode`` (an episode is one hand); ``threads``: the threads that step
    the hands (at most this machine's CPUs; a thread for fewer than about a hundred hands costs
    more than it saves); ``copy``: return new arrays at every step (False: the same arrays,
    overwritten by the next step). Like a :class:`holdem.Hand`, an environment is stepped from
    one thread at a time (its own threads share each step's hands).

    :raises ArgumentError: for ``num_envs`` outside 1 .. :data:`MAX_ENVS`, a bad option, stakes
        where no one can act (every seat all-in on the blinds), or a game other than Texas
        hold'em.
    :raises ArgumentTypeError: for an option of the wrong type.
    :raises RulesError: for stacks or blinds the engine cannot play.
    """

    # Gymnasium declares it an instance attribute, read from the class.
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        *,
        num_players: int = 2,
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
        threads: int = 1,
        copy: bool = True,
        game: object = None,
    ) -> None:
        self.num_envs = check_int(num_envs, "num_envs", 1, MAX_ENVS)
        self.threads = check_int(threads, "threads", 1)
        if not isinstance(copy, bool):
            raise ArgumentTypeError(f"copy must be True or False, got {copy!r}")
        self.copy = copy
        # The options checked, and the spaces worked out, as the single environments do.
        single = EnvGame(
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
            game=game,
        )
        self.num_players = single.players
        self.stacks = tuple(single.stacks)
        self.blinds = single.blinds
        self.structure = single.structure
        self.rules = single.rules
        self.actions = single.actions
        self.bet_sizing = single.bet_sizing
        self.obs_encoding = single.obs_encoding
        self.reward_unit = single.reward_unit
        self.illegal_action = single.illegal_action
        self.big_blind = single.big_blind
        self.num_actions = single.num_actions
        if self.num_envs * self.num_actions > _MOST_MASK_ENTRIES:
            raise ArgumentError(
                f"{self.num_envs} hands of {self.num_actions} actions each make masks too large "
                f"(at most {_MOST_MASK_ENTRIES} entries a step): fewer hands, or smaller stacks "
                'with actions="full"'
            )
        # Every hand starts from this one's set-up (the compiled kernel's, whichever kernel
        # holdem.Hand is based on).
        template = _state.HandState(
            list(self.stacks),
            blinds=self.blinds,
            structure=self.structure,
            rules=self.rules,
            seed=0,
        )
        if template.actor is None:
            raise ArgumentError(
                f"no one can act with stacks {list(self.stacks)} and blinds "
                f"{list(self.blinds)}: every hand would end as it is dealt"
            )
        given = single.action_map  # (the kernel of holdem.Hand's: the compiled one's here)
        action_map = _state.ActionMap(
            given.num_actions, given.fractions, full=given.full, pz_sizing=given.pz_sizing
        )
        options = (
            single.obs_encoding == "pettingzoo_v6",
            ("raise", "check_or_fold", "terminate").index(single.illegal_action),
            single.obs_size,
            1.0 / single.big_blind,
            1.0 if single.reward_unit == "chips" else 1.0 / single.big_blind,
            _WIN,
        )
        self._batch = HandBatch(self.num_envs, template, action_map, options)
        self.single_observation_space = spaces.Box(
            low=np.zeros(single.obs_size, dtype=np.float32),
            high=single.obs_high,
            dtype=np.float32,
        )
        self.single_action_space = spaces.Discrete(single.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._obs_size = single.obs_size
        self._ready = False
        self._truncated = np.zeros(self.num_envs, dtype=np.bool_)
        # The threads of a step (the calling thread and holdem._team's helpers).
        self._workers = workers(self.num_envs, self.threads, _HANDS_A_THREAD)
        # The arrays the next call writes, bound to the batch, and the truncations it returns.
        # With ``copy`` they are never arrays a call has returned: each call binds new ones for
        # the next before it returns (a step on threads while its helpers begin it).
        self._outputs: tuple[Any, ...] = ()
        self._bind_new()

    def _bind_new(self) -> None:
        """New arrays bound for the next call to write (the truncations the same array unless
        ``copy``)."""
        rows, n = self.num_envs, self.num_players
        outputs = (  # (every entry written by each call: no need to clear them)
            np.empty((rows, self._obs_size), dtype=np.float32),
            np.empty((rows, self.num_actions), dtype=np.int8),
            np.empty(rows, dtype=np.float64),
            np.empty(rows, dtype=np.bool_),
            np.empty((rows, n), dtype=np.float64),
            np.empty(rows, dtype=np.int32),
            np.empty(rows, dtype=np.int32),
            np.empty(rows, dtype=np.int64),
            np.zeros(rows, dtype=np.bool_) if self.copy else self._truncated,
        )
        self._batch.bind(*outputs[:8])
        self._outputs = outputs

    def _seeds(self, seed: object) -> Any:
        """Each row's seed (see :meth:`reset`)."""
        rows = self.num_envs
        if seed is None:
            first = int.from_bytes(os.urandom(8), "little")
            return np.full(rows, first, dtype=np.uint64)
        if is_int(seed) or isinstance(seed, np.integer):
            value = check_seed(int(seed))
            return np.full(rows, value, dtype=np.uint64)
        if isinstance(seed, str | bytes) or not isinstance(seed, Sequence | np.ndarray):
            raise ArgumentTypeError(
                f"seed must be None, an int or a sequence of {rows} ints, got {seed!r}"
            )
        if len(seed) != rows:
            raise ArgumentError(f"seed: one per hand ({rows}), got {len(seed)}")
        values = []
        for s in seed:
            if isinstance(s, np.integer):
                s = int(s)
            value = check_seed(s)
            if value is None:
                raise ArgumentTypeError(f"seed: every seed is an int, got {s!r}")
            values.append(value)
        return np.array(values, dtype=np.uint64)

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new hand in every row; the observations and ``info`` (``action_mask`` and
        ``actor``, the seat to act in each hand).

        ``seed``: an int seeds row ``i``'s stream from ``(seed, i)``; a sequence of
        ``num_envs`` ints, from ``(seed[i], i)``; None, from the operating system's entropy.
        ``options`` are ignored (the environment has none).

        :raises ArgumentError: for a negative seed, or a sequence of other than ``num_envs``
            seeds.
        :raises ArgumentTypeError: for a seed that is not None, an int or a sequence of ints.
        """
        seeds = self._seeds(seed)
        if seed is not None:
            first = int(seeds[0])
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(first)
        obs, mask, _rewards, _done, _payoffs, actor, _acted, _played, _ = self._outputs
        self._batch.reset(seeds)
        if self.copy:
            self._bind_new()
        self._ready = True
        return obs, {"action_mask": mask, "actor": actor}

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play one action in every hand: ``actions[i]`` (an action index, or
        :data:`RANDOM_ACTION`) for the seat to act in hand ``i``; the observations, rewards,
        terminations, truncations and ``info`` (``action_mask``; ``actor``: the seat to act
        now; ``acted``: the seat that acted; ``action``: the action index it played, a
        :data:`RANDOM_ACTION` drawn; ``payoffs``: every seat's payoff of a hand that ended, see
        the module's documentation).

        :raises ActionError: for an action the mask forbids (``illegal_action="raise"``): the
            first such hand named, with its seat, its action and the legal ones; no hand
            changes.
        :raises ArgumentError: for actions of another shape than ``(num_envs,)``, or before
            :meth:`reset`.
        :raises ArgumentTypeError: for actions that are not integers (floats, bools, objects).
        """
        if not self._ready:
            raise ArgumentError("reset() the environment before its first step")
        arr = self._actions(actions)
        obs, mask, rewards, done, payoffs, actor, acted, played, truncated = self._outputs
        n = self._workers
        then = self._bind_new if self.copy else None  # (while the helpers begin the step)
        try:  # (the actions read and played in one job of the threads)
            bad = self._batch.step(arr, team(n) if n > 1 else 1, then)
        except MemoryError:  # pragma: no cover - only when memory runs out
            self._ready = False
            raise
        if bad >= 0:  # (no hand changed)
            action = int(arr[bad])
            if not 0 <= action < self.num_actions and action != RANDOM:
                self._not_an_index(bad, action)
            raise ActionError(
                f"hand {bad}: action {action} is not legal for seat "
                f"{self._batch.actor_of(bad)} now: legal are {self._batch.mask_of(bad)}"
            )
        info = {
            "action_mask": mask,
            "actor": actor,
            "acted": acted,
            "action": played,
            "payoffs": payoffs,
        }
        return obs, rewards, done, truncated, info

    def _actions(self, actions: Any) -> Any:
        """``actions`` as a contiguous int64 array of ``num_envs`` indices, checked before any
        narrowing (an index out of range named as an illegal action)."""
        rows = self.num_envs
        if type(actions) is np.ndarray and actions.dtype == np.int64 and actions.shape == (rows,):
            return np.ascontiguousarray(actions)  # (out of range: an illegal action to check)
        try:
            arr = np.asarray(actions)
        except (ValueError, TypeError) as exc:
            raise ArgumentError(
                f"actions must be an array of {rows} action indices: {exc}"
            ) from None
        if arr.dtype == np.bool_ or arr.dtype.kind not in "iu":
            raise ArgumentTypeError(
                f"actions must hold integer action indices, got dtype {arr.dtype}"
            )
        if arr.shape != (rows,):
            raise ArgumentError(f"actions must have shape ({rows},), got {arr.shape}")
        if arr.dtype == np.uint64 and rows and arr.max() > np.iinfo(np.int64).max:
            bad = int(np.flatnonzero(arr > np.iinfo(np.int64).max)[0])
            self._not_an_index(bad, int(arr[bad]))
        return np.ascontiguousarray(arr, dtype=np.int64)

    def _not_an_index(self, row: int, action: int) -> NoReturn:
        raise ActionError(
            f"hand {row}: action {action} is not an action index (0 .. {self.num_actions - 1}, "
            f"or RANDOM_ACTION {RANDOM}); seat {self._batch.actor_of(row)} may play "
            f"{self._batch.mask_of(row)}"
        )

    # -- what a caller may ask of one hand -----------------------------------------------------

    def deck(self, index: int) -> list[Card]:
        """The cards hand ``index`` deals, in dealing order (hole cards one at a time round the
        table, then a burn and the flop, a burn and the turn, a burn and the river): not shown
        to any seat; ``holdem.Hand(stacks, blinds=..., deck=env.deck(i))`` deals the same hand.

        :raises ArgumentError: for an index outside 0 .. ``num_envs`` - 1, or before
            :meth:`reset`.
        """
        index = check_int(index, "index", 0, self.num_envs - 1)
        if not self._ready:
            raise ArgumentError("reset() the environment first: no hand is dealt")
        return [Card(c) for c in self._batch.dealt(index)]

    def current_stacks(self) -> Any:
        """Each hand's chips behind each seat now, as an int64 array ``(num_envs,
        num_players)`` (bets on the table not included)."""
        return np.array(self._batch.stacks(), dtype=np.int64).reshape(
            self.num_envs, self.num_players
        )
