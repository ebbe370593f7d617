"""Drop-in for phevaluator (0.6.0): ``evaluate_cards(*cards)`` with phevaluator's ranks.

Replace ``from phevaluator import evaluate_cards, Card`` with
``from holdem.compat.phevaluator import evaluate_cards, Card``. Cards are phevaluator's: ints
0..51 (``rank * 4 + suit``, deuce = 0 .. ace = 12, suits c, d, h, s = 0..3, the same encoding
as holdem's), strings like ``'As'`` or ``'AS'`` (rank 2-9, T, J, Q, K, A; suit in either case)
and :class:`Card` objects. Ranks run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), smaller
is stronger, equal ranks tie: the numbers phevaluator returns, from holdem's evaluator
(``7463 - holdem.evaluate(cards)``).

Not included: the Omaha functions (``evaluate_omaha_cards``, ``evaluate_plo4_cards`` ...).

Where phevaluator does not check its input, this module does: a repeated card or an int outside
0..51 raises :class:`holdem.CardError` (phevaluator returns a meaningless rank or reads out of
bounds), and so does a bool (phevaluator takes True as card 1). Otherwise the errors are
phevaluator's, as holdem errors: a wrong number of cards or a string that is not two characters
long raises :class:`holdem.CardError` (a ValueError), an unknown rank or suit
:class:`~holdem.compat.CardKeyError` (also a KeyError), a float or None
:class:`~holdem.compat.CompatTypeError` (also a TypeError). numpy integers are accepted as ints.

>>> evaluate_cards("As", "Ks", "Qs", "Js", "Ts"), evaluate_cards(51, 47, 43, 39, 35, 0, 1)
(1, 1)
>>> evaluate_cards("Ac", "Ad", "Ah", "As", "Kc") == evaluate_cards(Card("Ac"), 49, 50, 51, "KD")
True
"""

from __future__ import annotations

import random
from typing import ClassVar, SupportsIndex

from holdem.cards import RANKS, SUITS
from holdem.cards import Card as _HoldemCard
from holdem.compat import CardKeyError, CompatTypeError
from holdem.compat._native import phevaluator_evaluate
from holdem.compat._native import phevaluator_evaluate as evaluate_cards
from holdem.errors import CardError

__all__ = [
    "Card",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "sample_cards",
]

CardInput = SupportsIndex | str

_STRINGS = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
_STRINGS |= {r + s.upper(): i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}


def evaluate_5cards(a: CardInput, b: CardInput, c: CardInput, d: CardInput, e: CardInput) -> int:
    """phevaluator's rank of exactly five cards.

    >>> evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")
    11
    """
    return phevaluator_evaluate(a, b, c, d, e)


def evaluate_6cards(
    a: CardInput, b: CardInput, c: CardInput, d: CardInput, e: CardInput, f: CardInput
) -> int:
    """phevaluator's rank of the best five of six cards.

    >>> evaluate_6cards("Ac", "Ad", "Ah", "As", "Kc", "2d")
    11
    """
    return phevaluator_evaluate(a, b, c, d, e, f)


def evaluate_7cards(
    a: CardInput,
    b: CardInput,
    c: CardInput,
    d: CardInput,
    e: CardInput,
    f: CardInput,
    g: CardInput,
) -> int:
    """phevaluator's rank of the best five of seven cards.

    >>> evaluate_7cards("Ac", "Ad", "Ah", "As", "Kc", "2d", "3h")
    11
    """
    return phevaluator_evaluate(a, b, c, d, e, f, g)


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ints (phevaluator.utils.sample_cards).

    >>> len(set(sample_cards(7)))
    7
    """
    return random.sample(range(52), k=size)


class Card(_HoldemCard):
    """phevaluator's immutable card: ``Card(0)``, ``Card('2c')``, ``Card('2C')``, ``Card(card)``.

    Its id is the int 0..51 (``id_``, ``int(card)``); ``str`` gives ``'2c'``, ``repr``
    ``Card("2c")``; it equals its id, its string in either case, and the same card. It is also
    a :class:`holdem.Card` (so an ``int``) and works wherever holdem takes a card.

    >>> Card("AH"), str(Card(0)), Card("Ah").id_, Card("Ah") == "ah" == Card(50) == 50
    (Card("Ah"), '2c', 50, True)
    """

    __slots__ = ()
    _all: ClassVar[tuple[Card, ...]]

    def __new__(cls, other: CardInput) -> Card:
        return cls._all[Card.to_id(other)]

    @property
    def id_(self) -> int:
        """The card's int 0..51.

        >>> Card("2d").id_
        1
        """
        return int(self)

    @staticmethod
    def to_id(other: CardInput) -> int:
        """The int 0..51 of a card given as an int, a string or a Card.

        >>> Card.to_id("2C"), Card.to_id(Card(5)), Card.to_id(51)
        (0, 5, 51)
        """
        if isinstance(other, str):
            index = _STRINGS.get(other)
            if index is not None:
                return index
            if len(other) != 2:
                raise CardError(f"unknown card {other!r}: a card string has 2 characters")
            raise CardKeyError(
                f"unknown card {other!r}: a rank 2-9, T, J, Q, K, A and a suit c, d, h, s (or C, "
                "D, H, S)"
            )
        if isinstance(other, bool) or not isinstance(other, SupportsIndex):
            raise CompatTypeError(
                f"not a card: {other!r} (a card is an int 0..51, a string like 'As' or a Card)"
            )
        index = other.__index__()
        if not 0 <= index < 52:
            raise CardError(f"not a card: {other!r} (card ints run from 0 to 51)")
        return index

    def describe_rank(self) -> str:
        """The rank as one character: ``'2'`` .. ``'9'``, ``'T'`` .. ``'A'``.

        >>> Card("Th").describe_rank()
        'T'
        """
        return RANKS[int(self) >> 2]

    def describe_suit(self) -> str:
        """The suit as a lower-case letter: ``'c'``, ``'d'``, ``'h'`` or ``'s'``.

        >>> Card("2H").describe_suit()
        'h'
        """
        return SUITS[int(self) & 3]

    def describe_card(self) -> str:
        """The card as two characters, such as ``'Ah'``.

        >>> Card("AH").describe_card()
        'Ah'
        """
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self).lower() == other.lower()
        return bool(int(self) == other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = _HoldemCard.__hash__

    def __repr__(self) -> str:
        return f'Card("{self}")'

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("Card object does not support assignment to attribute")

    def __delattr__(self, name: str) -> None:
        raise TypeError("Card object does not support deletion of attribute")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return Card, (int(self),)


Card._all = tuple(int.__new__(Card, i) for i in range(52))
