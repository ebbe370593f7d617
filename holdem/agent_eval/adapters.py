"""Adapters from other libraries' agents to a :data:`~holdem.agent_eval.policies.Policy`.

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
from typing import Any

from holdem.agent_eval.policies import Policy
from holdem.engine.agents import Decision
from holdem.engine.events import EventKind, Legal, View
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

__all__ = ["openspiel_policy"]

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
