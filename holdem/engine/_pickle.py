"""Pickling a hand: its fields as a state, and the hand rebuilt from that state.

``Showdown.__reduce__`` (the base of :class:`holdem.Hand`) returns ``(restore, (cls, state))``
with the state of :func:`state`: every field that ``Hand.copy()`` copies (the base's in
``Showdown.copy``, the hand's own in ``Hand._copy_own``), by name, and the instance dictionary
of a subclass that has one. The compiled build reads and writes the fields through the types
of hand.pxd; the uncompiled build (``HOLDEM_PURE_ENGINE=1``) runs the same code on the slots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from holdem.engine.hand import Hand

__all__ = ["FIELDS", "restore", "state"]

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
    """The fields of ``hand`` in the order of :data:`FIELDS`, then its instance dictionary (or
    None). Mutable fields are the hand's own objects: pickle copies them."""
    h = hand
    return (
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
    """A hand of class ``cls`` with the fields of :func:`state` (unpickling calls it)."""
    h = cls.__new__(cls)
    a, b, c, d, e, f, g, extra = fields
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
