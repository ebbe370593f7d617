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

_PLAYER = re.compile(r"p([1-9][0-9]{0,8})\Z")  # a bounded number: read in bounded time
_CARD_TOKEN = re.compile(rf"\?\?|[{RANKS}][{SUITS}]")  # a card, or ?? for an unknown one
# The tokens of the 52 cards (and ?? for an unknown one), and PHH's players p1 .. p99, looked
# up directly; anything else goes through the regular expressions (and their messages).
_TOKENS: dict[str, Card | None] = {str(Card(i)): Card(i) for i in range(52)}
_TOKENS["??"] = None
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
    """Every action of the history, parsed.

    :raises PHHError: for a line that does not parse, naming the hand and the action.
    """
    n = history.players
    holes = _hole_count(history.variant)
    who = _NAMES.get(history.variant, "a hold'em")
    out = []
    for number, text in enumerate(history.actions, 1):
        try:
            parsed = _parse(text, n, holes, who)
        except _Refused as exc:
            shown = repr(text) if len(text) <= 80 else repr(text[:77] + "...")
            raise PHHError(f"{history.label}: action {number} {shown}: {exc}") from None
        out.append(_new(_Action, (number, text, *parsed)))
    return out


# A parsed action built from its fields in one C call (a NamedTuple's own __new__ is a Python
# function): a hand of twenty lines builds twenty.
_new: Any = tuple.__new__


class _Refused(Exception):
    """An action line that does not parse (the caller names the hand and the action)."""


_Parsed = tuple[str, int | None, tuple[Card | None, ...] | None, int | Decimal]


def _parse(text: str, n: int, holes: int, who: str) -> _Parsed:
    """One action line of a hand of ``n`` players dealt ``holes`` hole cards each (``who``: "a
    hold'em", "an Omaha" ..., for messages): verb, seat, cards, amount."""
    fail = _Refused
    words = (text.split("#", 1)[0] if "#" in text else text).split()
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
        shown = repr(word) if len(word) <= 40 else repr(word[:37] + "...")
        raise fail(f"{shown} is not a player (p1 .. p{n}) or the dealer (d)")
    seat = int(found.group(1)) - 1
    if seat >= n:
        raise fail(f"there is no player {word}: the hand has p1 .. p{n}")
    return seat


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
