"""The values a hand gives out: its streets, the entries of its log, the legal actions, a view.

These are plain values, built by :class:`holdem.Hand` and read by anyone: nothing here changes
a hand.

>>> from holdem import Card
>>> str(Event(EventKind.RAISE, seat=2, amount=6))
'seat 2 raise 6'
>>> str(Event(EventKind.DEAL_BOARD, cards=(Card("9c"), Card("Kc"), Card("3h")), street=Street.FLOP))
'deal-board [9c Kc 3h]'
>>> Legal(seat=0, fold=True, check=False, call=2, min_raise_to=4, max_raise_to=200).can_raise
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple, TypeAlias

from holdem.cards import Card, format_cards
from holdem.engine.pots import Pot
from holdem.engine.rules import _format_by_name, _str_by_name

__all__ = ["Chips", "Event", "EventKind", "Legal", "LegalDiscard", "Street", "View"]

#: A number of chips: an int, or a Fraction for the pot shares of the ``acpc`` rules
#: (:attr:`holdem.OddChips.FRACTIONAL`).
Chips: TypeAlias = int | Fraction


class Street(enum.IntEnum):
    """Where a hand is: a betting round, the showdown, or over."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5


class EventKind(enum.Enum):
    """What happened, in an :class:`Event` of a hand's log."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    ANTE = "ante"
    BLIND = "blind"
    STRADDLE = "straddle"
    #: A live post by a seat that is not a blind (a new player's, or a returning player's big
    #: blind): part of the seat's bet, with the option to raise; the action order is unchanged.
    POST = "post"
    #: A dead blind (a missed small blind made up): in the pot, not part of the seat's bet.
    DEAD_BLIND = "dead-blind"
    DEAL_HOLE = "deal-hole"
    BURN = "burn"
    DEAL_BOARD = "deal-board"
    #: A hole card given up (Pineapple, Crazy Pineapple: see :meth:`holdem.Hand.discard`).
    DISCARD = "discard"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"
    SHOW = "show"
    MUCK = "muck"
    WIN = "win"
    #: A hole card seen face up (``Hand.expose``): the seat, the card, and an amount of 1 for a
    #: dealer's error, 0 for the player's own.
    EXPOSE = "expose"
    #: A misdeal (``Hand.expose``, ``Hand.misdeal``): the hand is void, every chip went back.
    MISDEAL = "misdeal"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a hand's log.

    ``amount``: chips posted or added (ante, blind, call), the total a bet or raise is *to* on
    this street (bet, raise), chips given back (return) or won (win). ``cards``: the cards dealt,
    burned or shown (empty when hidden from the viewer).
    """

    kind: EventKind
    seat: int | None = None
    amount: Chips = 0
    cards: tuple[Card, ...] = ()
    street: Street = Street.PREFLOP
    all_in: bool = False

    def __str__(self) -> str:
        who = "" if self.seat is None else f"seat {self.seat} "
        what = self.kind.value
        amount = f" {self.amount}" if self.amount else ""
        cards = f" [{format_cards(self.cards)}]" if self.cards else ""
        return f"{who}{what}{amount}{cards}{' (all-in)' if self.all_in else ''}"


class Legal(NamedTuple):
    """What the seat to act may do now, and for how much.

    ``call``: chips to add to call (None when there is nothing to call: check instead).
    ``min_raise_to`` / ``max_raise_to``: the range for a bet or raise, as the total of the seat's
    bet on this street (None when it may not bet or raise). An all-in short of the minimum is
    allowed: then both bounds are the all-in total. A seat that is to discard gets a
    :class:`LegalDiscard` instead: :attr:`discard` says which cards it may give up.
    """

    seat: int
    fold: bool
    check: bool
    call: int | None
    min_raise_to: int | None
    max_raise_to: int | None

    @property
    def can_raise(self) -> bool:
        """True when the seat may bet or raise."""
        return self.min_raise_to is not None

    @property
    def discard(self) -> tuple[Card, ...] | None:
        """The cards the seat may discard when it is to discard (see :class:`LegalDiscard`),
        else None."""
        return None


class LegalDiscard(Legal):
    """What a seat that is to give up one of its hole cards may do: discard one of
    :attr:`discard`, its hole cards (Pineapple before the flop, Crazy Pineapple after it: see
    :meth:`holdem.Hand.discard`), and nothing else: as a :class:`Legal`, no fold, check, call
    or raise. Two are equal when their seats and cards are.

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), game="pineapple", seed=3)
    >>> hand.check_or_call(), hand.check_or_call()  # the pre-flop betting is over
    (None, None)
    >>> legal = hand.legal_actions()  # seat 0 is the first of the seats to discard
    >>> legal.seat, legal.discard == hand.hole_cards(0), legal.fold, legal.call, legal.can_raise
    (0, True, False, None, False)
    """

    # A tuple's subclass keeps no slots of its own: the cards live in the instance's dict.
    _cards: tuple[Card, ...]

    def __new__(cls, seat: int, cards: tuple[Card, ...]) -> LegalDiscard:
        self = tuple.__new__(cls, (seat, False, False, None, None, None))
        self._cards = tuple(cards)
        return self

    @property
    def discard(self) -> tuple[Card, ...]:
        """The cards the seat may discard (its hole cards)."""
        return self._cards

    def __eq__(self, other: object) -> bool:
        return tuple.__eq__(self, other) is True and self._cards == getattr(other, "discard", None)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((tuple(self), self._cards))

    def __reduce__(self) -> tuple[type[LegalDiscard], tuple[int, tuple[Card, ...]]]:
        return LegalDiscard, (self.seat, self._cards)

    def __repr__(self) -> str:
        return f"LegalDiscard(seat={self.seat}, discard={self._cards!r})"


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see: its own hole cards and public information, never the deck.

    ``stacks``: the chips behind each seat (bets on the table not included). ``bets``: each
    seat's bet on the current street. ``pots``: the main pot then the side pots, built from
    every chip put in so far, *this street's bets included*: the pots' amounts add up to
    ``pot_total``, and adding ``bets`` to them would count those chips twice. Mid-street they
    are the pots those chips would make if no one put in more: a bet not yet called makes a
    pot of its own that only the seats who put in that much can win, until it is called (or,
    uncalled at the end of the round, given back). ``pot_total``:
    all chips put in so far (antes, blinds and bets, this street's included). ``to_call``: the
    chips this seat would add to call now (the largest bet on this street less its own, at most
    its stack; 0 when there is nothing to call, it has folded, or the betting is over).
    ``legal``: what it may do, when it is the seat to act or a seat still to discard (a
    :class:`LegalDiscard`). ``discarding``: the seats still to discard before the
    next street (Pineapple, Crazy Pineapple; who, never what).

    >>> from holdem import Hand
    >>> hand = Hand([200, 200, 200], blinds=(1, 2), seed=1)
    >>> hand.raise_to(6)  # seat 2 raises: the blinds face it
    >>> view = hand.view(0)
    >>> view.bets, view.pot_total, view.to_call
    ((1, 2, 6), 9, 5)
    >>> [(pot.amount, pot.eligible) for pot in view.pots]  # 4 of the raise not called yet
    [(3, (0, 1, 2)), (2, (1, 2)), (4, (2,))]
    >>> sum(pot.amount for pot in view.pots) == view.pot_total
    True
    """

    seat: int
    hole_cards: tuple[Card, ...]
    board: tuple[Card, ...]
    street: Street
    actor: int | None
    legal: Legal | None
    stacks: tuple[Chips, ...]
    bets: tuple[int, ...]
    pots: tuple[Pot, ...]
    folded: tuple[bool, ...]
    shown: tuple[tuple[Card, ...] | None, ...]
    events: tuple[Event, ...]
    pot_total: int
    to_call: int
    discarding: tuple[int, ...] = ()
