"""Drop-in for phevaluator (0.6.0): ``evaluate_cards(*cards)`` with phevaluator's ranks.

Replace ``from phevaluator import evaluate_cards, Card`` with
``from holdem.compat.phevaluator import evaluate_cards, Card``. Cards are phevaluator's: ints
0..51 (``rank * 4 + suit``, deuce = 0 .. ace = 12, suits c, d, h, s = 0..3, the same encoding
as holdem's), strings like ``'As'`` or ``'AS'`` (rank 2-9, T, J, Q, K, A; suit in either case)
and :class:`Card` objects. Ranks run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), smaller
is stronger, equal ranks tie: the numbers phevaluator returns, from holdem's evaluator
(``7463 - holdem.evaluate(cards)``).

The Omaha functions take the five community cards first, then the hole cards:
``evaluate_omaha_cards`` and ``evaluate_plo4_cards`` four hole cards, ``evaluate_plo5_cards``
five and ``evaluate_plo6_cards`` six (phevaluator builds the last two only on request; here they
always work), and give the rank of the best hand of exactly two hole cards and three community
cards, from holdem's Omaha evaluator (``7463 - holdem.evaluate_omaha(hole, board)``).

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

from holdem._omaha import evaluate_omaha as _evaluate_omaha
from holdem._validate import check_int
from holdem.cards import RANKS, SUITS
from holdem.cards import Card as _HoldemCard
from holdem.compat._native import phevaluator_card_index, phevaluator_evaluate, phevaluator_indices
from holdem.compat._native import phevaluator_evaluate as evaluate_cards
from holdem.errors import CardError

__all__ = [
    "Card",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
    "sample_cards",
]

CardInput = SupportsIndex | str


def evaluate_5cards(a: CardInput, b: CardInput, c: CardInput, d: CardInput, e: CardInput) -> int:
    """phevaluator's rank of exactly five cards.

    :raises CardError: for a repeated card, an int outside 0..51 or a string that is not two
        characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")
    11
    """
    return phevaluator_evaluate(a, b, c, d, e)


def evaluate_6cards(
    a: CardInput, b: CardInput, c: CardInput, d: CardInput, e: CardInput, f: CardInput
) -> int:
    """phevaluator's rank of the best five of six cards.

    :raises CardError: for a repeated card, an int outside 0..51 or a string that is not two
        characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

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

    :raises CardError: for a repeated card, an int outside 0..51 or a string that is not two
        characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> evaluate_7cards("Ac", "Ad", "Ah", "As", "Kc", "2d", "3h")
    11
    """
    return phevaluator_evaluate(a, b, c, d, e, f, g)


def _omaha(cards: tuple[CardInput, ...], hole: int, name: str) -> int:
    if len(cards) != 5 + hole:
        raise CardError(
            f"{name} takes {5 + hole} cards (5 community, {hole} hole), got {len(cards)}"
        )
    ids = phevaluator_indices(cards)
    value: int = _evaluate_omaha(ids[5:], ids[:5])
    return 7463 - value


def evaluate_omaha_cards(*cards: CardInput) -> int:
    """phevaluator's Omaha rank: five community cards, then four hole cards; the best hand of
    exactly two hole cards and three community cards, 1 (royal flush) to 7462.

    :raises CardError: for other than nine cards, a repeated card, an int outside 0..51 or a
        string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")
    4431
    """
    return _omaha(cards, 4, "evaluate_omaha_cards")


def evaluate_plo4_cards(*cards: CardInput) -> int:
    """phevaluator's rank of Pot Limit Omaha: as :func:`evaluate_omaha_cards`.

    :raises CardError: for other than nine cards, a repeated card, an int outside 0..51 or a
        string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> evaluate_plo4_cards("As", "Ks", "Qs", "2d", "3d", "Js", "Ts", "4h", "5h")
    1
    """
    return _omaha(cards, 4, "evaluate_plo4_cards")


def evaluate_plo5_cards(*cards: CardInput) -> int:
    """phevaluator's rank of five-card Pot Limit Omaha: five community cards, then five hole
    cards.

    :raises CardError: for other than ten cards, a repeated card, an int outside 0..51 or a
        string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> evaluate_plo5_cards("As", "Ks", "Qs", "2d", "3d", "Js", "Ts", "4h", "5h", "6h")
    1
    """
    return _omaha(cards, 5, "evaluate_plo5_cards")


def evaluate_plo6_cards(*cards: CardInput) -> int:
    """phevaluator's rank of six-card Pot Limit Omaha: five community cards, then six hole
    cards.

    :raises CardError: for other than eleven cards, a repeated card, an int outside 0..51 or a
        string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> evaluate_plo6_cards("As", "Ks", "Qs", "2d", "3d", "Js", "Ts", "4h", "5h", "6h", "7h")
    1
    """
    return _omaha(cards, 6, "evaluate_plo6_cards")


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ints (phevaluator.utils.sample_cards).

    :raises ArgumentTypeError: if ``size`` is not an int.
    :raises ArgumentError: if ``size`` is not 0 to 52.

    >>> len(set(sample_cards(7)))
    7
    """
    return random.sample(range(52), k=check_int(size, "size", 0, 52))


class Card(_HoldemCard):
    """phevaluator's immutable card: ``Card(0)``, ``Card('2c')``, ``Card('2C')``, ``Card(card)``.

    Its id is the int 0..51 (``id_``, ``int(card)``); ``str`` gives ``'2c'``, ``repr``
    ``Card("2c")``; it equals its id, its string in either case, and the same card. It is also
    a :class:`holdem.Card` (so an ``int``) and works wherever holdem takes a card.

    :raises CardError: for an int outside 0..51 or a string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for anything else (a float, None, a bool).

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

        :raises CardError: for an int outside 0..51 or a string that is not two characters long.
        :raises CardKeyError: for a two-character string that is not a rank and a suit.
        :raises CompatTypeError: for anything else (a float, None, a bool).

        >>> Card.to_id("2C"), Card.to_id(Card(5)), Card.to_id(51)
        (0, 5, 51)
        """
        return phevaluator_card_index(other)

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
