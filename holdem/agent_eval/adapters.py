"""Adapters from other libraries' agents to a :data:`~holdem.agent_eval.policies.Policy`.

:func:`pettingzoo_policy`: an agent trained on holdem's own environments (the PettingZoo AEC
environment of :mod:`holdem.envs.texas_holdem_v0` or the Gymnasium one, and so the vector
one, which shares their observations and actions), a
callable ``agent(observation, action_mask)`` that answers an action index, or a probability
for each index. At each decision the seat's view is replayed into a hand of the environment's
game (the seat's own hole cards, any cards for the others, which the observation never shows,
the board and the actions); the environment writes the seat's observation and mask from it
(:meth:`holdem.envs._game.EnvGame.observe_hand`) and reads the index back as a decision
(:meth:`holdem.envs._game.EnvGame.decision`): the same observation and the same action map the
agent was trained on.

:func:`openspiel_policy`: an OpenSpiel policy (anything with ``action_probabilities(state,
player_id)``, such as ``open_spiel.python.policy.TabularPolicy`` or a CFR solver's average
policy) on the game ``python_holdem`` of :mod:`holdem.envs.openspiel`. At each decision the
seat's view is replayed into a state of that game: the seat's own hole cards, any cards for the
other seats (a policy reads its player's information state only), the board and the actions;
the policy's probabilities over action ids (0 fold, 1 check or call, ``k`` a raise to ``k``
chips over the whole hand) become decisions. Needs OpenSpiel (``pip install
"holdem-engine[openspiel]"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from holdem._validate import is_int
from holdem.agent_eval.policies import Policy
from holdem.engine.agents import Decision
from holdem.engine.events import EventKind, Legal, View
from holdem.engine.hand import Hand
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

if TYPE_CHECKING:
    from holdem.envs._game import EnvGame

__all__ = ["openspiel_policy", "pettingzoo_policy"]

_ACTIONS = {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE}


def openspiel_policy(policy: Any, game: Any) -> Policy:
    """The :data:`~holdem.agent_eval.policies.Policy` of an OpenSpiel ``policy`` on ``game``, a
    no-limit ``python_holdem`` game (``pyspiel.load_game("python_holdem", {...})``) whose
    blinds and stacks are the hands' (see the module).

    :raises MissingDependencyError: without OpenSpiel.
    :raises ArgumentTypeError: for a policy without ``action_probabilities``.
    :raises ArgumentError: for a game that is not a no-limit ``python_holdem`` game.
    """
    import pyspiel

    from holdem.envs import openspiel as _registered  # noqa: F401 - registers python_holdem

    if not callable(getattr(policy, "action_probabilities", None)):
        raise ArgumentTypeError(f"an OpenSpiel policy has action_probabilities, got {policy!r}")
    params = game.get_parameters() if isinstance(game, pyspiel.Game) else None
    if params is None or game.get_type().short_name != "python_holdem":
        raise ArgumentError(f"the game is a python_holdem game, got {game!r}")
    if params.get("betting") != "nolimit":
        raise ArgumentError("the game is no-limit (betting='nolimit')")
    blinds = [int(b) for b in str(params["blind"]).split()]
    deck = tuple(range(52))

    def probabilities(view: View, legal: Legal) -> Mapping[Decision, float]:
        n = len(view.stacks)
        paid = [0] * n  # each seat's blind (its position in the game: the same blind)
        for e in view.events:
            if e.kind is EventKind.BLIND and e.seat is not None:
                paid[e.seat] = int(e.amount)
        try:
            position = [blinds.index(paid[s]) for s in range(n)]
        except ValueError:
            raise ActionError(f"the hand's blinds {paid} are not the game's ({blinds})") from None
        used = {int(c) for c in (*view.hole_cards, *view.board)}
        filler = iter(c for c in deck if c not in used)
        holes: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            holes[position[s]] = (
                [int(c) for c in view.hole_cards]
                if s == view.seat
                else [next(filler), next(filler)]
            )
        state = game.new_initial_state()
        for hole in holes:
            for c in hole:
                state.apply_action(c)
        before = [0] * n  # chips put in before this street
        street = list(paid)
        for e in view.events:
            kind, seat = e.kind, e.seat
            if kind is EventKind.DEAL_BOARD:
                before = [b + x for b, x in zip(before, street, strict=True)]
                street = [0] * n
                for c in e.cards:
                    state.apply_action(int(c))
            elif kind in _ACTIONS and seat is not None:
                if kind is EventKind.FOLD:
                    state.apply_action(0)
                elif kind is EventKind.CHECK or kind is EventKind.CALL:
                    street[seat] += int(e.amount)
                    state.apply_action(1)
                else:
                    street[seat] = int(e.amount)
                    state.apply_action(before[seat] + int(e.amount))
        player = position[view.seat]
        if state.current_player() != player:
            raise ActionError(f"seat {view.seat} is not to act in the replayed state")
        out: dict[Decision, float] = {}
        passive: Decision = "check" if legal.check else "call"
        for action, p in policy.action_probabilities(state, player).items():
            a = int(action)
            key: Decision = "fold" if a == 0 else passive if a == 1 else a - before[view.seat]
            out[key] = out.get(key, 0.0) + float(p)
        return out

    return probabilities


def _env_game(env: object) -> EnvGame:
    """The :class:`~holdem.envs._game.EnvGame` under one of holdem's environments."""
    from holdem.envs._game import EnvGame

    for candidate in (env, getattr(env, "unwrapped", None)):
        if isinstance(candidate, EnvGame):
            return candidate
        game = getattr(candidate, "game", None)
        if isinstance(game, EnvGame):
            return game
    raise ArgumentTypeError(
        f"env is one of holdem's environments (holdem.envs), got {type(env).__name__}"
    )


def _replay(game: EnvGame, view: View) -> Hand:
    """A hand of ``game``'s set-up that stands where ``view`` does: the seat's own cards, the
    board and every action of the view (the other seats' cards are any)."""
    n = len(view.stacks)
    if n != game.players:
        raise ActionError(f"a hand of {n} seats, the environment's has {game.players}")
    holes: list[Any] = [tuple(view.hole_cards) if s == view.seat else None for s in range(n)]
    hand = Hand(
        list(game.stacks),
        blinds=game.blinds,
        structure=game.structure,
        rules=game.rules,
        hole_cards=holes,
        board=list(view.board),
        seed=0,
    )
    for e in view.events:
        kind = e.kind
        if kind is EventKind.FOLD:
            hand.fold(e.seat)
        elif kind is EventKind.CHECK:
            hand.check(e.seat)
        elif kind is EventKind.CALL:
            hand.call(e.seat)
        elif kind is EventKind.BET or kind is EventKind.RAISE:
            hand.raise_to(int(e.amount), e.seat)
    if hand.actor != view.seat or tuple(hand.stacks) != tuple(view.stacks):
        raise ActionError(
            f"the hand is not one of the environment's game (stacks {list(game.stacks)}, "
            f"blinds {list(game.blinds)}): replayed, its stacks are {list(hand.stacks)}, the "
            f"view's {list(view.stacks)}"
        )
    return hand


def pettingzoo_policy(agent: Any, env: object) -> Policy:
    """The :data:`~holdem.agent_eval.policies.Policy` of ``agent``, trained on ``env`` (see the
    module): ``agent(observation, action_mask)`` answers an action index (probability 1) or a
    sequence of ``num_actions`` probabilities, one per index (an index the mask forbids must
    have none). ``env``: the environment (an AEC or Gymnasium environment of
    :mod:`holdem.envs`, or its :class:`~holdem.envs._game.EnvGame`) with the options the agent
    was trained with; its stakes must be the evaluated hands' (:func:`local_best_response`'s
    by default: ``stacks=20_000, blinds=(50, 100)``), hand seat ``i`` being ``player_i``.

    :raises ArgumentTypeError: for an agent that is not callable or an ``env`` that is not one
        of holdem's environments.
    :raises ArgumentError: for a multi-hand environment (its seats move from hand to hand).

    At a decision, the policy raises :class:`~holdem.errors.ActionError` for an index the mask
    forbids, probabilities of the wrong length, or a hand not of the environment's stakes.
    (An example, with the ``pettingzoo`` extra: docs/guide/evaluate.md.)
    """
    import numpy as np

    if not callable(agent):
        raise ArgumentTypeError(f"a PettingZoo-style agent is callable, got {agent!r}")
    game = _env_game(env)
    if game.hands_per_episode != 1:
        raise ArgumentError("the environment plays one hand per episode (hands_per_episode=1)")
    num = game.num_actions

    def probabilities(view: View, legal: Legal) -> Mapping[Decision, float]:
        hand = _replay(game, view)
        seen = game.observe_hand(hand, view.seat)
        mask = seen["action_mask"]
        answer = agent(seen["observation"], mask)
        if is_int(answer) or isinstance(answer, np.integer):
            weights = {int(answer): 1.0}
        else:
            try:
                given = np.asarray(answer, dtype=np.float64)
            except (TypeError, ValueError):
                raise ActionError(
                    f"the agent answered {answer!r}: an action index or {num} probabilities"
                ) from None
            if given.shape != (num,):
                raise ActionError(
                    f"the agent answered {answer!r}: an action index or {num} probabilities"
                )
            weights = {int(k): float(given[k]) for k in np.flatnonzero(given)}
        out: dict[Decision, float] = {}
        for k, p in weights.items():
            decision = game.decision(k, hand) if 0 <= k < num and mask[k] else None
            if decision is None:
                raise ActionError(
                    f"the agent chose action {k}, not legal for seat {view.seat}: legal are "
                    f"{[int(i) for i in np.flatnonzero(mask)]}"
                )
            out[decision] = out.get(decision, 0.0) + p
        return out

    return probabilities
