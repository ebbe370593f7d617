"""The prepared start: a hand's state after its forced bets and before the first action, kept
for the next hands with the same stacks, stakes and rules.

A table or a simulation deals hand after hand from the same start. When a set-up (the same
stacks, and the very stakes ``stakes.set_up`` checked once and reuses) comes twice running,
:class:`holdem.Hand` keeps the second hand's start (:func:`repeated`, :func:`keep`); the next
hands with those stacks, stakes and rules copy it (:func:`current`, :func:`same_stacks`) rather
than post the blinds and set up the first betting round again, which depend on nothing else
(not the cards). ``Hand._prepare`` makes a :class:`Prepared` and ``Hand._from_prepared`` copies
one.

>>> from holdem import Hand
>>> hands = [Hand([100, 100, 100], blinds=(1, 2), seed=s) for s in range(3)]
>>> current() is not None, same_stacks([100, 100, 100], (100, 100, 100))
(True, True)
"""

from __future__ import annotations

from holdem.engine._choices import Entry
from holdem.engine.rules import Rules

__all__ = ["Prepared", "current", "keep", "repeated", "same_stacks"]


class Prepared:
    """A hand's start after its forced bets and before the first action: the fields that the
    forced bets and the first betting round set, and what they were set from (the rules, the
    stakes, the betting structure and the stacks). It is immutable once made (the hands copy
    its lists).
    """

    # Compiled, the class is a cdef class whose attributes are declared in _prepared.pxd.
    __slots__ = (
        "actor",
        "ante",
        "bet",
        "contrib",
        "inc",
        "kind",
        "log",
        "max_bet",
        "opener",
        "queue",
        "raises",
        "round_capped",
        "rules",
        "stack",
        "stakes",
        "start",
    )

    rules: Rules
    stakes: tuple[object, ...]
    kind: int
    start: tuple[int, ...]
    stack: list[int]
    contrib: list[int]
    ante: list[int]
    bet: list[int]
    queue: list[int]
    log: list[Entry]
    actor: int | None
    opener: int
    raises: int
    inc: int
    max_bet: int
    round_capped: bool


# The prepared start of the last repeated set-up, and the stacks and stakes of the last hand
# built without one (a set-up that comes twice running is prepared).
_PREPARED: Prepared | None = None
_LAST_START: tuple[tuple[int, ...], object] | None = None


def current() -> Prepared | None:
    """The prepared start of the last repeated set-up, or None (read it once: another thread
    may replace it)."""
    return _PREPARED


def repeated(start: tuple[int, ...], stakes: object) -> bool:
    """True when the last hand built without a prepared start had these stacks and these
    stakes (then prepare this start: :func:`keep`); else these become the last, and False."""
    global _LAST_START
    last = _LAST_START
    if last is not None and last[1] is stakes and last[0] == start:
        return True
    _LAST_START = (start, stakes)
    return False


def keep(prepared: Prepared) -> None:
    """Make ``prepared`` the prepared start that the next hands may copy."""
    global _PREPARED
    _PREPARED = prepared


def same_stacks(stacks: object, start: tuple[int, ...]) -> bool:
    """True when ``stacks`` are a list or tuple of plain ints equal to ``start`` (a prepared
    start's stacks, checked when it was made).

    >>> same_stacks([5, 5], (5, 5)), same_stacks([5, True], (5, 1)), same_stacks((5,), (5, 5))
    (True, False, False)
    """
    if type(stacks) is not list and type(stacks) is not tuple:
        return False
    n = len(start)
    if len(stacks) != n:
        return False
    for i in range(n):
        s = stacks[i]
        t = start[i]
        if s is not t and (type(s) is not int or s != t):
            return False
    return True
