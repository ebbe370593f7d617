"""Pickling for classes with ``__slots__``, by every protocol.

A class that defines ``__slots__`` and no ``__getstate__`` pickles by protocols 2 and later only:
0 and 1 raise ``TypeError``. A slotted class of the package takes these two functions as its
``__getstate__`` and ``__setstate__`` (one copy of them for every such class).

>>> import pickle
>>> from holdem import Deck
>>> deck = Deck(seed=1)
>>> copy = pickle.loads(pickle.dumps(deck, protocol=0))
>>> copy.deal(5) == deck.deal(5)
True
"""

from __future__ import annotations

__all__ = ["set_slots_state", "slots_state"]


def _slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and of its bases (a slot left unset is skipped)."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return [n for n in names if n not in ("__dict__", "__weakref__")]


def slots_state(self: object) -> dict[str, object]:
    """The values of an object's slots, by name (its ``__getstate__``)."""
    return {n: getattr(self, n) for n in _slots(type(self)) if hasattr(self, n)}


def set_slots_state(self: object, state: dict[str, object]) -> None:
    """Set an object's slots from :func:`slots_state` (its ``__setstate__``; frozen classes
    too)."""
    for name, value in state.items():
        object.__setattr__(self, name, value)
