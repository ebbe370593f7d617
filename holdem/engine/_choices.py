"""The rule choices a hand's betting tests, as small ints, and the log entries every hand shares.

:class:`holdem.Hand` keeps the choices of its :class:`~holdem.engine.rules.Rules` as C ints
(compiled) and works them out once per ``Rules`` object (:func:`rule_bits`). A fold or a check
is logged as an entry that depends only on the street and the seat: one immutable tuple for
each, shared by every hand (:data:`FOLDS`, :data:`CHECKS`).

>>> from holdem.engine.rules import Rules
>>> rule_bits(Rules())[0] == FULL_RAISE
True
>>> FOLDS[0][3][:2]
(<EventKind.FOLD: 'fold'>, 3)
"""

from __future__ import annotations

from holdem.cards import Card
from holdem.engine._fast import single
from holdem.engine.events import Chips, EventKind, Street
from holdem.engine.rules import Reopen, Rules
from holdem.engine.stakes import MAX_PLAYERS

__all__ = [
    "BURNS",
    "CHECKS",
    "DEALS",
    "FLAGS",
    "FOLDS",
    "MUCKS",
    "REOPENS",
    "STRUCTURES",
    "rule_bits",
]

# How a raise reopens the betting (Rules.reopen) and the betting structure.
FULL_RAISE, POKERKIT, ALWAYS = 0, 1, 2
FIXED, POT, NOLIMIT = 0, 1, 2
REOPENS, STRUCTURES = (FULL_RAISE, POKERKIT, ALWAYS), (FIXED, POT, NOLIMIT)
# The rule options the betting reads, as bits of a hand's flags.
COVER, NO_FLOOR, SHORT_RAISE, STRADDLE_MIN, CAP_BLIND, BY_POSTED = 1, 2, 4, 8, 16, 32
FLAGS = (COVER, NO_FLOOR, SHORT_RAISE, STRADDLE_MIN, CAP_BLIND, BY_POSTED)


def rule_bits(r: Rules) -> tuple[int, bool, int, int]:
    """The rule choices the betting reads, as a hand keeps them: how a raise reopens
    (:data:`FULL_RAISE`, :data:`POKERKIT` or :data:`ALWAYS`), ``fold_when_free``, the bits of
    the options (:data:`COVER` ...) and the cap (-1 for none)."""
    reopen = r.reopen  # (identity tests: an Enum's __hash__ runs in Python)
    code = (
        FULL_RAISE
        if reopen is Reopen.FULL_RAISE
        else POKERKIT
        if reopen is Reopen.POKERKIT
        else ALWAYS
    )
    flags = (COVER if r.raise_needs_cover else 0) | (NO_FLOOR if r.min_raise_last else 0)
    flags |= SHORT_RAISE if r.limit_short_raise else 0
    flags |= STRADDLE_MIN if r.straddle_sets_min_raise else 0
    flags |= (CAP_BLIND if r.cap_counts_blind else 0) | (BY_POSTED if r.opener_by_posted else 0)
    return code, r.fold_when_free, flags, -1 if r.cap is None else r.cap


#: A log entry: the fields of an Event.
Entry = tuple[EventKind, int | None, Chips, tuple[Card, ...], Street, bool]


def _entries(kind: EventKind) -> tuple[tuple[Entry, ...], ...]:
    return tuple(
        tuple((kind, i, 0, (), street, False) for i in range(MAX_PLAYERS)) for street in Street
    )


#: The log entry of a fold, by street and seat (a hand's ``_log`` holds tuples of Event's fields).
FOLDS = _entries(EventKind.FOLD)
#: The log entry of a check, by street and seat.
CHECKS = _entries(EventKind.CHECK)
#: The log entry of a muck at the showdown, by seat.
MUCKS = _entries(EventKind.MUCK)[Street.SHOWDOWN]


def _card_entries(kind: EventKind) -> tuple[tuple[Entry, ...], ...]:
    return tuple(
        tuple((kind, None, 0, single(card), street, False) for card in Card._all)
        for street in Street
    )


#: The log entry of a burn, by street and card (holdem's Card objects, see ``_fast.single``).
BURNS = _card_entries(EventKind.BURN)
#: The log entry of a board card dealt alone (the turn, the river), by street and card.
DEALS = _card_entries(EventKind.DEAL_BOARD)
