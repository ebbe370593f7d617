"""ACPC betting strings (``r300c/cr900f``): parsed, played onto an engine hand, read back."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from holdem.acpc.gamedef import GameDef
from holdem.engine.events import Event
from holdem.engine.hand import EventKind, Street
from holdem.errors import AcpcError, ActionError

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
else:
    from holdem.engine.hand import Hand

__all__ = ["AcpcAction", "apply_betting", "betting_of", "betting_steps"]


class AcpcAction(NamedTuple):
    """One action of a betting string: ``'f'``, ``'c'`` or ``'r'`` (``size``: the no-limit
    raise-to total over the whole hand, else None)."""

    kind: str
    size: int | None = None

    def __str__(self) -> str:
        return self.kind if self.size is None else f"{self.kind}{self.size}"


_ACTION = re.compile(r"([fcrkb])([0-9]*)")
_MAX_SIZE_DIGITS = 18  # a raise size fits the engine's chips (the dealer's are 32-bit)


def _parse_betting(text: str) -> tuple[tuple[AcpcAction, ...], ...]:
    rounds: list[tuple[AcpcAction, ...]] = []
    for part in text.split("/"):
        actions: list[AcpcAction] = []
        pos = 0
        while pos < len(part):
            m = _ACTION.match(part, pos)
            if m is None:
                raise AcpcError(f"bad betting {text!r} at {part[pos:]!r}")
            kind = {"k": "c", "b": "r"}.get(m.group(1), m.group(1))
            digits = m.group(2)
            if digits and kind != "r":
                raise AcpcError(f"bad betting {text!r}: a size after {m.group(1)!r}")
            if len(digits) > _MAX_SIZE_DIGITS:
                raise AcpcError(f"bad betting: a raise size of {len(digits)} digits")
            actions.append(AcpcAction(kind, int(digits) if digits else None))
            pos = m.end()
        rounds.append(tuple(actions))
    return tuple(rounds)


def apply_betting(
    hand: Hand,
    game: GameDef,
    betting: str | Sequence[Sequence[AcpcAction]],
    *,
    hand_id: int | None = None,
) -> None:
    """Play a betting string (whole-hand raise-to totals) on an engine hand of ``game``.

    Each round must start where the engine starts it; an action the engine refuses raises
    :class:`AcpcError` naming the hand, the round and the action.

    :raises AcpcError: for a malformed betting string, an action the engine refuses, a raise
        with a size in a limit game (``r300``: a limit raise is ``r``), or a round that starts
        or ends where the engine's does not.

    >>> from holdem.acpc import HOLDEM_NOLIMIT_2P
    >>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    >>> hand = game.new_hand()
    >>> apply_betting(hand, game, "r250c/r500")
    >>> hand.bets, hand.contributions
    ((250, 0), (500, 250))
    """
    rounds = _parse_betting(betting) if isinstance(betting, str) else betting
    where = f"hand {hand_id}: " if hand_id is not None else ""
    for r, actions in enumerate(rounds):
        if actions and (hand.actor is None or hand.street != r):
            raise AcpcError(f"{where}round {r} has actions but the engine is at {hand.street.name}")
        for k, action in enumerate(actions):
            if hand.actor is None or hand.street != r:
                raise AcpcError(f"{where}action {k + 1} of round {r} ({action}) after the round")
            seat = hand.actor
            try:
                if action.kind == "f":
                    hand.fold()
                elif action.kind == "c":
                    hand.check_or_call()
                elif action.kind == "r" and not game.limit:
                    if action.size is None:
                        raise AcpcError(f"{where}a no-limit raise needs a size, round {r}")
                    before = hand.contributions[seat] - hand.bets[seat]
                    hand.raise_to(action.size - before)
                elif action.kind == "r":
                    if action.size is not None:
                        raise AcpcError(
                            f"{where}a limit game's raise has no size, got {action} in round {r}"
                        )
                    legal = hand.legal_actions()
                    if legal.min_raise_to is None:
                        raise ActionError(f"seat {seat} may not raise")
                    hand.raise_to(legal.min_raise_to)
                else:
                    raise AcpcError(f"{where}unknown action {action!r}")
            except ActionError as exc:
                raise AcpcError(
                    f"{where}round {r}, action {k + 1} ({action}) of position "
                    f"{game.position(seat)}: {exc}"
                ) from None
        if r + 1 < len(rounds) and hand.street == r and hand.actor is not None:
            raise AcpcError(f"{where}round {r} ends before the engine's round does")


def betting_of(hand: Hand, game: GameDef) -> tuple[tuple[AcpcAction, ...], ...]:
    """The betting of an engine hand as ACPC actions per round (raises to whole-hand totals)."""
    *_, rounds = betting_steps(hand.events, hand.players, game)
    return tuple(tuple(r) for r in rounds)


def betting_steps(
    events: Sequence[Event], players: int, game: GameDef
) -> Iterator[list[list[AcpcAction]]]:
    """The betting of a hand's ``events`` (a hand's, or a seat's view's) as it stood before each
    action and after the last event: the ACPC actions per round so far, a list that the walk
    goes on to change (read it before the next step)."""
    n = players
    spent = [0] * n
    street_bet = [0] * n
    rounds: list[list[AcpcAction]] = [[]]
    current = Street.PREFLOP
    for ev in events:
        kind, seat = ev.kind, ev.seat
        if kind is EventKind.DEAL_BOARD:
            current = ev.street
            street_bet = [0] * n
            while len(rounds) <= current:
                rounds.append([])
            continue
        if seat is None:
            continue
        if kind in _ACTS:
            yield rounds
        if kind in (EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE, EventKind.CALL):
            amount = int(ev.amount)
            spent[seat] += amount
            if kind is not EventKind.ANTE:
                street_bet[seat] += amount
            if kind is EventKind.CALL:
                rounds[current].append(AcpcAction("c"))
        elif kind is EventKind.CHECK:
            rounds[current].append(AcpcAction("c"))
        elif kind is EventKind.FOLD:
            rounds[current].append(AcpcAction("f"))
        elif kind in (EventKind.BET, EventKind.RAISE):
            to = int(ev.amount)
            spent[seat] += to - street_bet[seat]
            street_bet[seat] = to
            rounds[current].append(AcpcAction("r", None if game.limit else spent[seat]))
    yield rounds


_ACTS = frozenset((EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE))
