"""PHH's action lines (``d dh p1 AsKs``, ``p3 cbr 6``, ``p2 sm``) parsed for a hold'em replay."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, NamedTuple

from holdem.cards import RANKS, SUITS, Card
from holdem.errors import PHHError
from holdem.phh.model import HandHistory
from holdem.phh.reading import _chips

__all__: list[str] = []

_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_CARD_TOKEN = re.compile(rf"\?\?|[{RANKS}][{SUITS}]")  # a card, or ?? for an unknown one
# The tokens of the 52 cards (and ?? for an unknown one), and PHH's players p1 .. p99, looked
# up directly; anything else goes through the regular expressions (and their messages).
_TOKENS: dict[str, Card | None] = {str(Card(i)): Card(i) for i in range(52)}
_TOKENS["??"] = None
_DECK = tuple(Card(i) for i in range(52))  # rank * 4 + suit (2c, 2d, 2h, 2s, 3c ... As)
_SEATS = {f"p{i + 1}": i for i in range(99)}


class _Action(NamedTuple):
    """One parsed action: its position in ``actions``, its text, what and who."""

    number: int  # 1-based
    text: str
    verb: str  # '' (no-op), 'dh', 'db', 'f', 'cc', 'cbr', 'sm'
    seat: int | None = None
    cards: tuple[Card | None, ...] | None = None  # None: a muck, or no cards given
    amount: int | Decimal = 0


def _parse_actions(history: HandHistory) -> list[_Action]:
    """Every action of the history, parsed (a line seen before, in a hand of as many players
    of the same variant, is looked up: ``p3 f`` or ``d dh p1 ????`` repeat across a file).

    :raises PHHError: for a line that does not parse, naming the hand and the action.
    """
    n = history.players
    holes = _hole_count(history.variant)
    who = _NAMES.get(history.variant, "a hold'em")
    cache = _lines(n, holes, who)
    new = _NEW
    out = []
    for number, text in enumerate(history.actions, 1):
        parsed = cache.get(text)
        if parsed is None:
            try:
                parsed = cache[text] = _line(text, n, holes, who)
            except _Refused as exc:
                raise PHHError(f"{history.label}: action {number} {text!r}: {exc}") from None
        out.append(new(_Action, (number, *parsed)))
    return out


def _lines(n: int, holes: int, who: str) -> dict[str, tuple[Any, ...]]:
    """The lines parsed so far in hands of ``n`` players dealt ``holes`` cards each (``who``:
    the variant's name, see :func:`_parse`): each line's text, verb, seat, cards and amount
    (the fields of an _Action after its number), by its text."""
    cache = _SEEN.get((n, holes, who))
    if cache is None or len(cache) >= _MAX_SEEN:  # bounded: a hostile file cannot grow it
        if len(_SEEN) >= _MAX_SEEN:
            _SEEN.clear()
        cache = _SEEN[n, holes, who] = {}
    return cache


_SEEN: dict[tuple[int, int, str], dict[str, tuple[Any, ...]]] = {}
_MAX_SEEN = 1 << 16

# A parsed action built from its fields in one C call (what a NamedTuple's own __new__ does,
# without its Python frame): a history of twenty lines builds twenty.
_NEW: Any = tuple.__new__


class _Refused(Exception):
    """An action line that does not parse (the caller names the hand and the action)."""


_Parsed = tuple[str, int | None, tuple[Card | None, ...] | None, int | Decimal]


def _line(text: str, n: int, holes: int, who: str) -> tuple[Any, ...]:
    """One action line as :func:`_lines` keeps it: its text, verb, seat, cards and amount
    (:func:`_parse`). A line in the usual shape (``p3 f``, ``p1 cbr 210``, ``d dh p2 AhKd``,
    ``d db 7d5h9d``, ``p4 sm QcQd``: single spaces, plain digits, no comment) is read in one
    pass over its characters; any other, or one that does not parse, goes to :func:`_parse`
    (which words the error)."""
    quick = _quick(text, n, holes)
    if quick is not None:
        return quick
    return (text, *_parse(text, n, holes, who))


def _quick(text: str, n: int, holes: int) -> tuple[Any, ...] | None:
    """:func:`_line` for a line in the usual shape, or None for :func:`_parse` to read it."""
    size = len(text)
    if size < 4:
        return None
    c = text[0]
    if c == "d":  # "d dh pN CARDS" or "d db CARDS"
        if size < 6 or text[1] != " " or text[2] != "d" or text[4] != " ":
            return None
        c = text[3]
        if c == "b":
            cards = _quick_cards(text, 5, size)
            if cards is None:
                return None
            return (text, "db", None, cards, 0)
        if c != "h" or size < 8 or text[5] != "p":
            return None
        start = 6
    elif c == "p":
        start = 1
    else:
        return None
    # The player: pN, N from 1 (no leading zero) to n, then one space.
    i = start
    seat = 0
    while i < size:
        c = text[i]
        if c < "0" or c > "9":
            break
        seat = seat * 10 + (ord(c) - 48)
        if seat > n:
            return None
        i += 1
    if i == start or text[start] == "0" or i >= size or text[i] != " ":
        return None
    seat -= 1
    i += 1
    if start == 6:  # the dealer deals pN its hole cards
        cards = _quick_cards(text, i, size)
        if cards is None or len(cards) != holes:
            return None
        return (text, "dh", seat, cards, 0)
    verb = text[i:]
    if verb == "f" or verb == "cc":
        return (text, verb, seat, None, 0)
    if verb == "sm":
        return (text, "sm", seat, None, 0)  # a muck
    if size - i > 4 and text[i] == "c" and text[i + 1] == "b" and text[i + 2] == "r":
        if text[i + 3] != " ":
            return None
        start = i + 4
        if size - start > 18:
            return None
        amount = 0
        for i in range(start, size):  # plain digits, at most 18: below 2**60, a valid amount
            c = text[i]
            if c < "0" or c > "9":
                return None
            amount = amount * 10 + (ord(c) - 48)
        return (text, "cbr", seat, None, amount)
    if size - i < 4 or text[i + 2] != " ":
        return None
    if text[i] == "s" and text[i + 1] == "m":  # "sm CARDS" or "sm -"
        if size - i == 4 and text[i + 3] == "-":
            return (text, "sm", seat, (), 0)
        cards = _quick_cards(text, i + 3, size)
        if cards is None or len(cards) != holes:
            return None
        return (text, "sm", seat, cards, 0)
    return None


def _parse(text: str, n: int, holes: int, who: str) -> _Parsed:
    """One action line of a hand of ``n`` players dealt ``holes`` hole cards each (``who``: "a
    hold'em", "an Omaha" ..., for messages): verb, seat, cards, amount."""
    fail = _Refused
    words = text.split("#", 1)[0].split()
    if not words:
        return "", None, None, 0
    actor, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
    if actor == "d":
        if verb == "db" and len(args) == 1:
            return "db", None, _cards(args[0], fail), 0
        if verb == "dh" and len(args) == 2:
            seat = _seat(args[0], n, fail)
            cards = _cards(args[1], fail)
            if len(cards) != holes:
                raise fail(f"{who} player is dealt {holes} hole cards, not {len(cards)}")
            return "dh", seat, cards, 0
        raise fail("the dealer's actions are 'd dh pN CARDS' and 'd db CARDS'")
    seat = _seat(actor, n, fail)
    if verb in ("f", "cc") and not args:
        return verb, seat, None, 0
    if verb == "cbr" and len(args) == 1:
        amount = args[0].replace(",", "")
        try:
            value: object = int(amount)
        except ValueError:
            try:
                value = Decimal(amount)
            except ArithmeticError:
                raise fail(f"{args[0]!r} is not an amount") from None
        return "cbr", seat, None, _chips(value, "the amount", fail)
    if verb == "sm" and len(args) <= 1:
        if not args:
            return "sm", seat, None, 0  # a muck
        if args[0] == "-":
            return "sm", seat, (), 0  # show the cards dealt
        cards = _cards(args[0], fail)
        if len(cards) != holes:
            raise fail(f"{who} player shows {holes} hole cards, not {len(cards)}")
        return "sm", seat, cards, 0
    if verb in ("sd", "pb"):
        raise fail(f"{verb!r} (draw or bring-in) is not an action of hold'em")
    raise fail("a player's actions are 'f', 'cc', 'cbr AMOUNT' and 'sm [CARDS]'")


_NAMES = {"NS": "a short-deck", "PO": "an Omaha", "FO/8": "an Omaha"}


def _hole_count(code: str) -> int:
    """The hole cards of a variant's player (2, or 4 in Omaha)."""
    return 4 if code in ("PO", "FO/8") else 2


def _seat(word: str, n: int, fail: Any) -> int:
    seat = _SEATS.get(word)
    if seat is not None and seat < n:
        return seat
    found = _PLAYER.match(word)
    if found is None:
        raise fail(f"{word!r} is not a player (p1 .. p{n}) or the dealer (d)")
    seat = int(found.group(1)) - 1
    if seat >= n:
        raise fail(f"there is no player {word}: the hand has p1 .. p{n}")
    return seat


def _quick_cards(text: str, start: int, size: int) -> tuple[Card | None, ...] | None:
    """The cards ``text[start:size]`` names (``??`` for an unknown one), or None if it is not a
    run of card tokens."""
    if size <= start or (size - start) % 2:
        return None
    out: list[Card | None] = []
    for i in range(start, size, 2):
        c = text[i]
        if "2" <= c <= "9":
            rank = ord(c) - 50
        elif c == "T":
            rank = 8
        elif c == "J":
            rank = 9
        elif c == "Q":
            rank = 10
        elif c == "K":
            rank = 11
        elif c == "A":
            rank = 12
        elif c == "?" and text[i + 1] == "?":
            out.append(None)
            continue
        else:
            return None
        c = text[i + 1]
        if c == "c":
            out.append(_DECK[4 * rank])
        elif c == "d":
            out.append(_DECK[4 * rank + 1])
        elif c == "h":
            out.append(_DECK[4 * rank + 2])
        elif c == "s":
            out.append(_DECK[4 * rank + 3])
        else:
            return None
    return tuple(out)


def _cards(word: str, fail: Any) -> tuple[Card | None, ...]:
    if len(word) % 2 == 0 and word:
        try:
            return tuple([_TOKENS[word[i : i + 2]] for i in range(0, len(word), 2)])
        except KeyError:
            pass
    tokens = _CARD_TOKEN.findall(word)
    if not tokens or "".join(tokens) != word:
        raise fail(f"{word!r} is not a run of cards such as 'AsKd' (or '??' for unknown ones)")
    return tuple(None if t == "??" else Card(t) for t in tokens)
