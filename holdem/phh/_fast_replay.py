"""The fast path of :func:`holdem.phh.replay`: the usual hold'em file read in one pass, and its
actions played through the engine's typed calls and fields (compiled, with the .pxd beside)."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from holdem.cards import Card
from holdem.engine.hand import Street
from holdem.errors import HoldemError
from holdem.phh._actions import _line, _lines, _Refused
from holdem.phh._dealt import _DECK, RNG, Later, _fixed_deck, sample, seeded, seeded_sample
from holdem.phh._units import _Units, _units
from holdem.phh.model import HandHistory

__all__: list[str] = []


def fast_cards(
    history: HandHistory, seed: int | None, rng: random.Random | None
) -> tuple[list[tuple[Any, ...]], _Units, set[Card], list[Card], int, Any, int] | None:
    """The usual hold'em file read in one pass: each seat dealt once (its cards given, or
    unknown: drawn at random from the rest of the deck), the board given and dealt a flop, a
    turn and a river before the betting on each. None for anything else: the full replay
    plays it (and words the error, if any).

    Returns the betting and showdown lines parsed (for :func:`_drive`), the file's amounts in
    engine chips, the cards the file gives, the engine's deck in dealing order, the number of
    hole cards left unknown, the generator for later draws (a :class:`Later` one when the
    draws were made without it) and the number of board cards the file gives.
    """
    n = history.players
    lines = _lines(n, 2, "a hold'em")
    hole: list[Any] = [None] * n
    board: list[Card] = []
    cbr: dict[int, int | Decimal] = {}
    parsed = []
    for number, text in enumerate(history.actions, 1):
        line = lines.get(text)
        if line is None:
            try:
                line = lines[text] = _line(text, n, 2, "a hold'em")
            except _Refused:
                return None
        verb, seat, cards = line[1], line[2], line[3]
        if verb == "f" or verb == "cc":
            parsed.append(line)
        elif verb == "cbr":
            cbr[number] = line[4]
            parsed.append((text, verb, seat, number))  # the amount's key, where cards are
        elif verb == "dh":
            if parsed or hole[seat] is not None:  # dealt after the betting started, or twice
                return None
            hole[seat] = cards
        elif verb == "db":
            if None in cards or len(board) >= 5 or len(cards) != (1 if board else 3):
                return None
            board += cards
            parsed.append(line)
        elif verb == "sm":
            if cards and cards != hole[seat]:
                pair = hole[seat]  # shown: the cards the file left unknown when dealt
                if pair is None or None in cards or pair.count(None) != 2:
                    return None
                hole[seat] = cards
            parsed.append(line)
    if None in hole:
        return None
    dealt_cards = [pair[k] for k in (0, 1) for pair in hole]  # in the engine's order
    unknown = dealt_cards.count(None)
    used = set(dealt_cards)
    used.update(board)
    used.discard(None)
    if len(used) != 2 * n - unknown + len(board):  # a card dealt twice
        return None
    units = _units(history, cbr)
    if unknown:  # drawn from the rest of the deck, with the burns and the board not dealt
        pool = [c for c in _DECK if c not in used]
        count = unknown + 8 - len(board)
        drawn = seeded_sample(seed, pool, count) if rng is None and seed is not None else None
        if drawn is not None:  # the draws of seeded(seed), and the generator made if needed
            assert seed is not None
            spare = iter(drawn[0])
            later: random.Random | Later | None = Later(drawn[1], seed)
        else:
            if rng is None:
                rng = RNG if seed is None else seeded(seed)
            spare = iter(sample(rng, pool, count))
            later = rng
    else:  # nothing the file leaves out is ever seen: the first cards of the deck left
        spare = (c for c in _DECK if c not in used)
        later = rng
    deck = _fixed_deck(dealt_cards, board, spare)
    return parsed, units, used, deck, unknown, later, len(board)


def _drive(hand: Any, parsed: list[tuple[Any, ...]], amounts: dict[int, int]) -> set[int] | None:
    """Play :func:`fast_cards`'s parsed lines on ``hand`` (compiled, through the engine's typed
    calls and fields): the seats that showed at the showdown, or None when the file is not in
    the engine's order (the full replay then plays it, and words the error)."""
    showdown, over = _SHOWDOWN, _COMPLETE
    announced = dealt = 0  # board cards the file has dealt, and the engine
    street = hand._street
    shown: set[int] = set()
    decided: set[int] = set()
    try:
        for line in parsed:
            verb, seat = line[1], line[2]
            if verb == "f" or verb == "cc" or verb == "cbr":
                if hand._street is not street:
                    street = hand._street
                    dealt = len(hand._board)
                if announced < dealt:
                    return None
                if verb == "f":
                    hand.fold(seat)
                elif verb == "cc":
                    hand.check_or_call(seat)
                else:
                    hand.raise_to(amounts[line[3]], seat)
            elif verb == "db":
                announced += len(line[3])
                if len(hand._board) < announced:
                    return None
            else:  # "sm"
                cards = line[3]
                if seat in shown and cards is not None:
                    continue  # shown again on a later street of an all-in run-out
                now = hand._street
                if now is showdown and hand._actor == seat:
                    if cards is None:
                        hand.muck()
                    else:
                        hand.show()
                        shown.add(seat)
                    decided.add(seat)
                elif not (now is over and not decided and not hand._folded[seat]):
                    return None  # out of the engine's order, or not allowed: see _play
        while hand._street is showdown:  # no decision in the file: the player shows
            seat = hand._actor
            hand.show()
            shown.add(seat)
    except HoldemError:
        return None
    return shown


_SHOWDOWN, _COMPLETE = Street.SHOWDOWN, Street.COMPLETE
