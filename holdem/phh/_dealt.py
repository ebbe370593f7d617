"""The engine's deck for a PHH hand's cards (the hole cards and board its actions deal, read by
holdem.phh._actions._deal), in dealing order."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from holdem.cards import Card

__all__: list[str] = []

_DECK = tuple(Card(i) for i in range(52))
#: The generator of unknown cards and burns when a replay is given no seed (seeded once, by the OS).
RNG = random.Random()


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
    rest = [*board]
    while len(rest) < 5:
        rest.append(next(spare))
    deck += [next(spare), *rest[:3], next(spare), rest[3], next(spare), rest[4]]
    return deck
