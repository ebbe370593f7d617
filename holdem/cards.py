"""Cards, parsing and formatting, and the deck.

A card is an index 0..51 = rank * 4 + suit, with rank 0 = deuce ... 12 = ace and suits c, d, h, s
= 0..3 (the encoding of the ACPC dealer and of phevaluator). :class:`Card` is an ``int`` subclass,
so a card *is* its index: it works wherever an index does, at the speed of an int.
"""

from __future__ import annotations

import operator
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, SupportsIndex

from holdem._slots import set_slots_state, slots_state
from holdem._validate import check_int, check_seed
from holdem.errors import ArgumentTypeError, CardError

__all__ = ["RANKS", "SUITS", "Card", "CardLike", "Deck", "format_cards", "parse_cards"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)} | {ch.lower(): i for i, ch in enumerate(RANKS)}
_RANK_OF["10"] = 8
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)} | {ch.upper(): i for i, ch in enumerate(SUITS)}
for _i, _symbols in enumerate(("♣♧", "♦♢", "♥♡", "♠♤")):
    for _symbol in _symbols:
        _SUIT_OF[_symbol] = _i

# One token: a rank (10 or one character) and a suit (a letter or a symbol).
_TOKEN = re.compile(r"(10|[2-9tjqkaTJQKA])([cdhsCDHS♣♧♦♢♥♡♠♤])")
_SEPARATORS = re.compile(r"[\s,;]+")


class Card(int):
    """One playing card; an ``int`` from 0 to 51 (``rank * 4 + suit``).

    ``Card(x)`` takes an index, a token such as ``'As'``, ``'10d'``, ``'tD'`` or ``'A♠'``, or a
    card. The 52 cards are interned: ``Card('As') is Card(51)``.

    :raises CardError: for an unknown token, an index outside 0..51, or anything else (a bool,
        a float, None).

    >>> Card("As"), int(Card("As")), Card(0)
    (Card('As'), 51, Card('2c'))
    >>> Card("Td").rank, Card("Td").suit
    (8, 1)
    """

    __slots__ = ()
    _all: ClassVar[tuple[Card, ...]]

    def __new__(cls, card: CardLike) -> Card:
        if type(card) is Card:
            return card
        if type(card) is int and 0 <= card < 52:  # the common case, without the Protocol check
            return cls._all[card]
        if isinstance(card, str):
            return _parse_token(card)
        if isinstance(card, bool) or not isinstance(card, SupportsIndex):
            raise CardError(f"not a card: {card!r} (a card is an index 0..51 or a token like 'As')")
        try:
            index = operator.index(card)
        except (TypeError, ValueError, OverflowError):  # e.g. a NumPy array of several items
            raise CardError(
                f"not a card: {card!r} (a card is an index 0..51 or a token like 'As')"
            ) from None
        if not 0 <= index < 52:
            raise CardError(f"not a card: {card!r} (card indices run from 0 to 51)")
        return cls._all[index]

    @property
    def rank(self) -> int:
        """0 (deuce) to 12 (ace)."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return Card, (int(self),)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


Card._all = tuple(int.__new__(Card, i) for i in range(52))

CardLike = Card | int | str


def _parse_token(token: str) -> Card:
    match = _TOKEN.fullmatch(token.strip())
    if match is None:
        raise CardError(
            f"unknown card {token!r} (a rank 2-9, T/10, J, Q, K, A and a suit c, d, h, s or ♣♦♥♠)"
        )
    rank, suit = match.groups()
    return Card._all[_RANK_OF[rank] * 4 + _SUIT_OF[suit]]


def _split(text: str) -> list[str]:
    """Split 'AsKd', 'As Kd', 'As,Kd' or '10dJc' into tokens; an unreadable stretch is one token."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            if match is None:
                tokens.append(chunk[pos:])  # reported as unknown by _parse_token
                break
            tokens.append(match.group())
            pos = match.end()
    return tokens


def parse_cards(cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
    """Cards from a string ('AsKd', 'As Kd', 'As,Kd') or an iterable of cards, tokens or indices.

    A card given twice is an error, as is anything that is not a card; the message names it.

    :raises CardError: for an unknown or repeated card, or a value that is neither text nor an
        iterable of cards (bytes and a mapping are refused: they only look like one).

    >>> parse_cards("AsKd 10c")
    (Card('As'), Card('Kd'), Card('Tc'))
    >>> parse_cards([51, "Kd"])
    (Card('As'), Card('Kd'))
    """
    items: Iterable[CardLike] = _split(cards) if isinstance(cards, str) else cards
    if isinstance(items, bytes | bytearray | memoryview | Mapping):
        # bytes iterate as small ints and a mapping as its keys: neither is a list of cards,
        # though each would pass for one
        raise CardError(
            f"not a card or a sequence of cards: a {type(cards).__name__} (give a str, or a "
            "list or tuple of cards)"
        )
    try:
        iterator = iter(items)
    except TypeError:
        raise CardError(f"not a card or a sequence of cards: {cards!r}") from None
    parsed: list[Card] = []
    seen: set[Card] = set()
    for item in iterator:
        card = Card(item)
        if card in seen:
            raise CardError(f"duplicate card {item!r} ({card})")
        seen.add(card)
        parsed.append(card)
    return tuple(parsed)


def format_cards(cards: str | Iterable[CardLike], sep: str = " ") -> str:
    """Cards as text: ``'As Kd'``.

    :raises CardError: as :func:`parse_cards` does.
    :raises ArgumentTypeError: if ``sep`` is not a str.

    >>> format_cards([51, 46], sep="")
    'AsKh'
    """
    if not isinstance(sep, str):
        raise ArgumentTypeError(f"sep must be a str, got {sep!r}")
    return sep.join(str(c) for c in parse_cards(cards))


class Deck:
    """A deck of 52 cards in dealing order: shuffled from OS entropy, or from a seed.

    :raises ArgumentTypeError: for a seed that is not None or an int.
    :raises ArgumentError: for a negative seed.

    >>> deck = Deck(seed=7)
    >>> hole = deck.deal(2)
    >>> burned = deck.burn()
    >>> len(deck), len(deck.dealt), deck.burned == (burned,)
    (49, 2, True)
    >>> Deck(seed=7).deal(2) == hole
    True
    """

    __slots__ = ("_burned", "_cards", "_dealt", "_next")
    __getstate__ = slots_state  # (pickle protocols 0 and 1 need them with __slots__)
    __setstate__ = set_slots_state

    def __init__(self, seed: int | None = None) -> None:
        cards = list(Card._all)
        if check_seed(seed) is None:
            random.SystemRandom().shuffle(cards)
        else:
            random.Random(seed).shuffle(cards)
        self._cards: tuple[Card, ...] = tuple(cards)
        self._next = 0
        self._dealt: list[Card] = []
        self._burned: list[Card] = []

    @classmethod
    def from_order(cls, cards: str | Sequence[CardLike]) -> Deck:
        """A deck that deals the given cards in this order (any number of distinct cards).

        :raises CardError: as :func:`parse_cards` does.

        >>> Deck.from_order("As Kd 2c").deal(2)
        (Card('As'), Card('Kd'))
        """
        deck = cls.__new__(cls)
        deck._cards = parse_cards(cards)
        deck._next = 0
        deck._dealt = []
        deck._burned = []
        return deck

    def _take(self, n: int) -> tuple[Card, ...]:
        check_int(n, "the number of cards", 0)
        if n > len(self):
            raise CardError(f"cannot deal {n} cards: {len(self)} remain")
        taken = self._cards[self._next : self._next + n]
        self._next += n
        return taken

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Deal ``n`` cards off the top.

        :raises ArgumentTypeError: if ``n`` is not an int.
        :raises ArgumentError: if ``n`` is negative.
        :raises CardError: if fewer than ``n`` cards remain.
        """
        cards = self._take(n)
        self._dealt.extend(cards)
        return cards

    def burn(self) -> Card:
        """Burn the top card (face down, out of play) and return it.

        :raises CardError: if no card remains.
        """
        (card,) = self._take(1)
        self._burned.append(card)
        return card

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The undealt cards, top first."""
        return self._cards[self._next :]

    @property
    def dealt(self) -> tuple[Card, ...]:
        """Cards dealt so far (burns excluded), in order."""
        return tuple(self._dealt)

    @property
    def burned(self) -> tuple[Card, ...]:
        """Cards burned so far, in order."""
        return tuple(self._burned)

    def __len__(self) -> int:
        return len(self._cards) - self._next

    def __repr__(self) -> str:
        return f"<Deck: {len(self)} cards remain>"
