"""A hand history whose board was run more than once: its later runs' cards, and the deck.

The PHH specification has no field for a board run more than once; the engine writes the user-
defined field ``_runs`` (the number of boards, as the specification allows for user fields) and
each later run's ``d db`` actions after the first board's, street by street (a flop of three, a
turn and a river of one), as a dealer runs the boards one after the other. A replay takes those
actions out of the betting, deals them to the engine's hand as its later runs (see
:class:`holdem.Hand`'s ``runs``), and checks that the hand ran exactly that many boards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from holdem.cards import Card
from holdem.errors import PHHError
from holdem.phh.model import HandHistory

__all__ = ["runs_deck", "split_runs"]

# The cards one later run deals, by the street the betting ended on: its first street.
_FIRST_STREET = {5: 1, 2: 2, 1: 3}


def split_runs(
    history: HandHistory, runs: object, actions: Sequence[Any]
) -> tuple[list[Any], list[Any]]:
    """The actions of ``history`` without the later runs' ``d db`` actions, and those actions.

    ``actions`` are parsed actions with a ``verb`` and ``cards``; the board's first five cards
    belong to the first run, every ``d db`` after them to the later runs.

    :raises PHHError: for a ``_runs`` that is not an int from 1 to 6, or later runs whose cards
        do not split into ``runs - 1`` equal boards of 5, 2 or 1 cards.
    """
    if type(runs) is not int or not 1 <= runs <= 6:
        raise PHHError(
            f"{history.label}: _runs is the number of boards, an int from 1 to 6, got {runs!r}"
        )
    if runs == 1:  # one board: every action is its
        return list(actions), []
    kept: list[Any] = []
    later: list[Any] = []
    dealt = 0
    for action in actions:
        if action.verb == "db" and dealt >= 5:
            later.append(action)
            continue
        if action.verb == "db":
            dealt += len(action.cards)
        kept.append(action)
    count = sum(len(a.cards) for a in later)
    per, odd = divmod(count, runs - 1)
    if odd or per not in _FIRST_STREET:
        raise PHHError(
            f"{history.label}: _runs = {runs}, but the later runs deal {count} board cards: not "
            f"{runs - 1} boards of 5, 2 or 1 cards"
        )
    return kept, later


def runs_deck(
    n: int,
    hole: Sequence[Sequence[Card]],
    board: Sequence[Card],
    later: Sequence[Any],
    runs: int,
    used: set[Card],
    rng: random.Random,
    low: int = 0,
) -> list[Card]:
    """Every card of the hand in the engine's dealing order: the hole cards (one round at a
    time, as many rounds as each player has cards), the first run with its burns, then each
    later run's burns and cards (unknown cards and burns drawn at random from the game's deck,
    the cards from ``Card(low)`` up: the short deck starts at the sixes).

    :raises PHHError: for a later run's card dealt already.
    """
    cards = [c for a in later for c in a.cards]
    per = len(cards) // (runs - 1)
    first = _FIRST_STREET[per]
    taken = set(used) | {c for pair in hole for c in pair} | set(board)
    for c in cards:
        if c is not None and c in taken:
            raise PHHError(f"the card {c} of a later run was dealt already")
        taken.add(c)
    pool = [Card(i) for i in range(low, 52) if Card(i) not in taken]
    rng.shuffle(pool)
    spare = iter(pool)
    holes = len(hole[0])
    deck = [hole[i][k] for k in range(holes) for i in range(n)]
    b = list(board)
    deck += [next(spare), *b[:3], next(spare), b[3], next(spare), b[4]]
    at = 0
    for _ in range(runs - 1):
        for street in range(first, 4):
            count = 3 if street == 1 else 1
            deck.append(next(spare))  # the burn
            deck += [c if c is not None else next(spare) for c in cards[at : at + count]]
            at += count
    need = holes * n + 8 * runs
    return deck + [next(spare) for _ in range(need - len(deck))]
