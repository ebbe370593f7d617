"""Pickling a hand: its fields as a state, and the hand rebuilt from that state.

``Showdown.__reduce__`` (the base of :class:`holdem.Hand`) returns ``(restore, (cls, state))``
with the state of :func:`state`: the number of its layout (:data:`FORMAT`), then every field
that ``Hand.copy()`` copies (the base's in ``Showdown.copy``, the hand's own in
``Hand._copy_own``), by name, and the instance dictionary of a subclass that has one. The
compiled build reads and writes the fields through the types of hand.pxd; the uncompiled build
(``HOLDEM_PURE_ENGINE=1``) runs the same code on the slots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.errors import ArgumentError

if TYPE_CHECKING:
    from holdem.engine.hand import Hand

__all__ = ["FIELDS", "FORMAT", "restore", "state"]

#: The layout of the state: a hand keeps some fields in a form of its own (the betting queue
#: with the actor last, the rule choices as bits), so a state of another layout is refused
#: rather than read wrong.
FORMAT = 2

#: The fields of a hand's state, the base class's then the hand's own.
FIELDS = (
    *("_rules", "_showdown_mode", "_n", "_live", "_actor", "_aggressor", "_opener"),
    *("_payoffs", "_final", "_street", "_stack", "_contrib", "_ante", "_folded", "_mucked"),
    *("_shown", "_log", "_board", "_queue", "_show_queue", "_hole", "_start", "_runs"),
    *("_boards", "_structure", "_forced_bets", "_antes_due", "_posts", "_small_bet"),
    *("_big_bet", "_raises", "_max_bet", "_inc", "_min_bet", "_round_capped", "_fold_free"),
    *("_reopen", "_kind", "_cap", "_bet", "_reopen_at", "_shorts", "_cards", "_acted"),
    *("_sizes", "_game", "_discarding", "_flags"),
)


def state(hand: Hand) -> tuple[Any, ...]:
    """:data:`FORMAT`, the fields of ``hand`` in the order of :data:`FIELDS`, then its instance
    dictionary (or None). Mutable fields are the hand's own objects: pickle copies them."""
    h = hand
    return (
        FORMAT,
        (h._rules, h._showdown_mode, h._n, h._live, h._actor, h._aggressor, h._opener),
        (h._payoffs, h._final, h._street, h._stack, h._contrib, h._ante, h._folded, h._mucked),
        (h._shown, h._log, h._board, h._queue, h._show_queue, h._hole, h._start, h._runs),
        (h._boards, h._structure, h._forced_bets, h._antes_due, h._posts, h._small_bet),
        (h._big_bet, h._raises, h._max_bet, h._inc, h._min_bet, h._round_capped, h._fold_free),
        (h._reopen, h._kind, h._cap, h._bet, h._reopen_at, h._shorts, h._cards, h._acted),
        (h._sizes, h._game, h._discarding, h._flags),
        getattr(hand, "__dict__", None) or None,
    )


def restore(cls: type[Hand], fields: tuple[Any, ...]) -> Hand:
    """A hand of class ``cls`` with the fields of :func:`state` (unpickling calls it).

    :raises ArgumentError: when the state is not of this version's :data:`FORMAT` (a hand
        pickled by another version of holdem).
    """
    if len(fields) != 9 or fields[0] != FORMAT:
        raise ArgumentError(
            f"this hand was pickled by another version of holdem (this version reads the state "
            f"format {FORMAT}): play it with that version, or rebuild it from its history"
        )
    h = cls.__new__(cls)
    _, a, b, c, d, e, f, g, extra = fields
    h._rules, h._showdown_mode, h._n, h._live, h._actor, h._aggressor, h._opener = a
    h._payoffs, h._final, h._street, h._stack, h._contrib, h._ante, h._folded, h._mucked = b
    h._shown, h._log, h._board, h._queue, h._show_queue, h._hole, h._start, h._runs = c
    h._boards, h._structure, h._forced_bets, h._antes_due, h._posts, h._small_bet = d
    h._big_bet, h._raises, h._max_bet, h._inc, h._min_bet, h._round_capped, h._fold_free = e
    h._reopen, h._kind, h._cap, h._bet, h._reopen_at, h._shorts, h._cards, h._acted = f
    h._sizes, h._game, h._discarding, h._flags = g
    if extra:
        h.__dict__.update(extra)
    return h
