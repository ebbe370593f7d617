"""The cards of a PHH hand: the hole cards and board its actions deal (checked for a card dealt
twice), and the engine's deck in dealing order for them."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from holdem.cards import Card
from holdem.errors import PHHError
from holdem.phh._actions import _Action, _hole_count
from holdem.phh.model import HandHistory

__all__: list[str] = []

_DECK = tuple(Card(i) for i in range(52))
#: The generator of unknown cards and burns when a replay is given no seed (seeded once, by the OS).
RNG = random.Random()


def _deal(
    history: HandHistory, actions: list[_Action]
) -> tuple[list[list[Card | None]], list[Card | None], set[Card]]:
    """The hole cards and board the file gives (None: unknown), and the set of the cards it
    gives: the first card dealt twice, seat dealt twice, board of the wrong size or shown card
    that differs from the dealt one raises its PHHError."""
    n = history.players
    hole: list[list[Card | None]] = [[None] * _hole_count(history.variant) for _ in range(n)]
    dealt = [False] * n
    board: list[Card | None] = []
    seen: dict[Card | None, str] = {}  # each card given, by the action that gave it

    def fail(action: _Action, message: str) -> PHHError:
        return PHHError(f"{history.label}: action {action.number} {action.text!r}: {message}")

    def note(action: _Action, cards: Iterable[Card | None]) -> None:
        for c in cards:
            by = seen.setdefault(c, action.text)
            if by != action.text and c is not None:
                raise fail(action, f"the card {c} was dealt already (by {by!r})")

    for action in actions:
        verb, seat, cards = action.verb, action.seat, action.cards
        if verb == "dh":
            assert seat is not None and cards is not None
            if dealt[seat]:
                raise fail(action, f"p{seat + 1} was dealt hole cards already")
            dealt[seat] = True
            note(action, cards)
            hole[seat] = list(cards)
        elif verb == "db":
            assert cards is not None
            want = 3 if not board else 1
            if len(board) >= 5:
                raise fail(action, "the board has five cards already")
            if len(cards) != want:
                street = "flop" if want == 3 else ("turn" if len(board) == 3 else "river")
                raise fail(action, f"the {street} is {want} card(s), not {len(cards)}")
            note(action, cards)
            board += cards
        elif verb == "sm" and cards:
            assert seat is not None
            mine = hole[seat]
            for k, c in enumerate(cards):
                if c is None:
                    continue
                if mine[k] is None:
                    note(action, (c,))
                    mine[k] = c
                elif mine[k] != c:
                    raise fail(action, f"p{seat + 1} was dealt {_show(mine)}, not {c}")
    return hole, board, {c for c in seen if c is not None}


def _show(cards: Iterable[Card | None]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)


def _fixed_deck(
    hole: Sequence[Card | None], board: Sequence[Card | None], spare: Iterator[Card]
) -> list[Card]:
    """The hand's cards in the engine's dealing order: the hole cards (``hole``, already in that
    order: one round at a time), then a burn before the flop, the turn and the river; every
    card the file gives in its place and the others (unknown hole cards, burns, board cards not
    dealt) the next ``spare`` cards."""
    deck: list[Any] = [*hole]
    if None in deck:
        deck = [c if c is not None else next(spare) for c in deck]
    rest = [*board, *(next(spare) for _ in range(5 - len(board)))]
    deck += [next(spare), *rest[:3], next(spare), rest[3], next(spare), rest[4]]
    return deck
