"""Drop-in replacements for other evaluators' APIs: change one import, keep the same numbers.

* :mod:`holdem.compat.treys`: ``from holdem.compat.treys import Card, Evaluator, Deck``
  (treys 0.1.8: bit-packed card ints, ranks 1 = royal flush .. 7462);
* :mod:`holdem.compat.phevaluator`: ``from holdem.compat.phevaluator import evaluate_cards``
  (phevaluator 0.6.0: cards 0..51 or strings, ranks 1 .. 7462);
* :mod:`holdem.compat.eval7`: ``from holdem.compat import eval7`` (eval7 0.1.11: ``Card``
  objects, ``evaluate`` with eval7's packed values, ``handtype``).

On valid input each returns exactly what the package it replaces returns; none of them imports
that package. On bad input (an unknown or repeated card, the wrong number of cards, a bool or a
float where a card belongs) they raise holdem's errors, which are also, where practical, the
standard exception the replaced package raises for that input (each module's docstring lists the
differences): :class:`CardKeyError` where it raises KeyError, :class:`CompatTypeError` where it
raises TypeError, :class:`holdem.CardError` (a ValueError) otherwise; a number that is not a
hand value raises :class:`HandValueError`. Where the package returns a meaningless number (a
repeated card, an out-of-range int), the shim raises instead.

>>> from holdem.compat import CardKeyError
>>> issubclass(CardKeyError, KeyError) and issubclass(CardKeyError, ValueError)
True
"""

from __future__ import annotations

from holdem.errors import CardError, CardKeyError, CompatTypeError, HandValueError

__all__ = ["CardError", "CardKeyError", "CompatTypeError", "HandValueError"]
