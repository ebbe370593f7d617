"""Drop-in for eval7 (0.1.11): ``Card``, ``evaluate`` and ``handtype`` with eval7's numbers.

Replace ``import eval7`` with ``from holdem.compat import eval7``. ``evaluate(cards)`` takes a
list or tuple (or any iterable) of 5, 6 or 7 :class:`Card` objects and returns eval7's value:
higher is stronger, equal values tie, and the value packs the category and the ranks that decide
ties, ``category << 24 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`` (category 0 = high card
.. 8 = straight flush; ranks 0 = deuce .. 12 = ace, most significant first: the five cards of a
high card or flush, pair + three kickers, two pairs + kicker, trips + two kickers, the top card
of a straight (3 for the wheel), trips + pair, quads + kicker; unused ranks are 0).
:func:`handtype` names the category the way eval7 does ('High Card', 'Pair', 'Two Pair',
'Trips', 'Straight', 'Flush', 'Full House', 'Quads', 'Straight Flush').

The values come from holdem's evaluator through a table made at import from
``holdem._core.value_ranks``. :class:`Deck` is eval7's (the same order of the 52 cards, and
``shuffle``/``sample`` use the ``random`` module as eval7 does, so a seeded ``random`` gives the
same deals).

Not included: eval7's equity functions and ``HandRange``.

Differences on bad input (eval7 does not check it): a repeated card, or fewer than 5 or more
than 7 cards, raise :class:`holdem.CardError` where eval7 returns a meaningless value; anything
but this module's Card in ``evaluate`` raises :class:`~holdem.compat.CompatTypeError` (eval7:
AttributeError); ``Card`` takes exactly two characters (eval7 ignores any after the second) and
raises :class:`holdem.CardError` for an unknown card, :class:`~holdem.compat.CompatTypeError` for
a non-string; ``handtype`` takes only values ``evaluate`` can return (else
:class:`~holdem.compat.HandValueError`, or :class:`~holdem.compat.CompatTypeError` for a
non-int).

>>> hand = [Card(s) for s in ("As", "Ad", "Kc", "Kh", "2s")]
>>> hex(evaluate(hand)), handtype(evaluate(hand))
('0x20cb000', 'Two Pair')
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from holdem._validate import is_int
from holdem.cards import RANKS, SUITS
from holdem.compat import CompatTypeError, HandValueError
from holdem.compat._native import Card, eval7_values
from holdem.compat._native import eval7_evaluate as evaluate
from holdem.errors import CardError

__all__ = ["Card", "Deck", "evaluate", "handtype", "ranks", "suits"]

ranks = tuple(RANKS)
suits = tuple(SUITS)

_HANDTYPES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Trips",
    "Straight",
    "Flush",
    "Full House",
    "Quads",
    "Straight Flush",
)
_VALUES = frozenset(eval7_values()[1:])


def handtype(value: int) -> str:
    """eval7's name of the category of a value from :func:`evaluate`, such as ``'Full House'``.

    :raises CompatTypeError: if ``value`` is not an int.
    :raises HandValueError: if ``value`` is not a value :func:`evaluate` returns.

    >>> handtype(evaluate([Card(s) for s in ("As", "Ks", "Qs", "Js", "Ts", "2c")]))
    'Straight Flush'
    """
    if not is_int(value):
        raise CompatTypeError(f"an eval7 hand value is an int, got {value!r}")
    if value not in _VALUES:
        raise HandValueError(f"not an eval7 hand value: {value!r} (values come from evaluate)")
    return _HANDTYPES[value >> 24]


class Deck:
    """The 52 cards, made once (eval7's Deck): ``shuffle``, ``deal``, ``peek``, ``sample``.

    >>> deck = Deck()
    >>> len(deck), deck[0], deck.deal(2), len(deck)
    (52, Card("2c"), [Card("2c"), Card("2d")], 50)
    """

    def __init__(self) -> None:
        self.cards: list[Card] = [Card(rank + suit) for rank in ranks for suit in suits]

    def __repr__(self) -> str:
        return f"Deck({self.cards})"

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, i: int) -> Card:
        return self.cards[i]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def shuffle(self) -> None:
        """Put the cards in a random order (``random.shuffle``, as eval7 does).

        >>> deck = Deck()
        >>> deck.shuffle()
        >>> len(deck), sorted(map(str, deck)) == sorted(map(str, Deck()))
        (52, True)
        """
        random.shuffle(self.cards)

    def _check(self, n: int) -> None:
        if not is_int(n) or n < 0:
            raise CardError(f"number of cards must be a non-negative int, got {n!r}")
        if n > len(self.cards):
            raise CardError(f"Insufficient cards in deck: {n} asked, {len(self.cards)} remain")

    def deal(self, n: int) -> list[Card]:
        """Remove the top ``n`` cards from the deck and return them.

        :raises CardError: if ``n`` is not an int >= 0, or more cards than remain.

        >>> deck = Deck()
        >>> deck.deal(2), len(deck)
        ([Card("2c"), Card("2d")], 50)
        """
        self._check(n)
        dealt = self.cards[:n]
        del self.cards[:n]
        return dealt

    def peek(self, n: int) -> list[Card]:
        """The top ``n`` cards, left in the deck.

        :raises CardError: if ``n`` is not an int >= 0, or more cards than remain.

        >>> deck = Deck()
        >>> deck.peek(1), len(deck)
        ([Card("2c")], 52)
        """
        self._check(n)
        return self.cards[:n]

    def sample(self, n: int) -> list[Card]:
        """``n`` random cards of the deck (``random.sample``), left in the deck.

        :raises CardError: if ``n`` is not an int >= 0, or more cards than remain.

        >>> deck = Deck()
        >>> len(set(deck.sample(5))), len(deck)
        (5, 52)
        """
        self._check(n)
        return random.sample(self.cards, n)
