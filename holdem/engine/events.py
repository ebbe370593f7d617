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
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from holdem._validate import Lookup
from holdem.cards import Card, format_cards, parse_cards
from holdem.engine.rules import _format_by_name, _str_by_name

__all__ = ["Chips", "Event", "EventKind", "Legal", "LegalDiscard", "Pot", "Street", "View"]

#: The fields of a :class:`View`, in the order its constructor takes them.
VIEW_FIELDS = (
    "seat",
    "hole_cards",
    "board",
    "street",
    "actor",
    "legal",
    "stacks",
    "bets",
    "pots",
    "folded",
    "shown",
    "events",
    "pot_total",
    "to_call",
    "discarding",
)


def _field(index: int, doc: str) -> Any:
    """A read-only property for field ``index`` of a :class:`View`."""
    return property(lambda view: (view._f or view._fill())[index], doc=doc)


#: A number of chips: an int, or a Fraction for the pot shares of the ``acpc`` rules
#: (:attr:`holdem.OddChips.FRACTIONAL`).
Chips: TypeAlias = int | Fraction


class Street(Lookup, enum.IntEnum):
    """Where a hand is: a betting round, the showdown, or over."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5


class EventKind(Lookup, enum.Enum):
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


class Pot(NamedTuple):
    """A pot: its chips and the seats that can win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


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

    if TYPE_CHECKING:

        @property
        def discard(self) -> tuple[Card, ...] | None:
            """The cards the seat may discard when it is to discard (see
            :class:`LegalDiscard`), else None."""
            return None

    else:
        #: The cards the seat may discard when it is to discard (see :class:`LegalDiscard`),
        #: else None. (A class attribute: agents read it at every decision, and an attribute
        #: is found faster than a property is called.)
        discard = None


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
        # (the engine's tuple of cards as it is; anything else read as cards, or CardError)
        self._cards = cards if type(cards) is tuple else parse_cards(cards)
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

    A view is immutable, compares and hashes by its fields, and pickles. The ``pots`` and the
    ``events`` of a view that :meth:`holdem.Hand.view` made are built on first use, from what
    the seat could see when the view was made (an agent that never reads them never pays for
    them).
    """

    __slots__ = ("_f", "_seen")
    __match_args__ = VIEW_FIELDS

    if TYPE_CHECKING:

        @property
        def seat(self) -> int: ...
        @property
        def hole_cards(self) -> tuple[Card, ...]: ...
        @property
        def board(self) -> tuple[Card, ...]: ...
        @property
        def street(self) -> Street: ...
        @property
        def actor(self) -> int | None: ...
        @property
        def legal(self) -> Legal | None: ...
        @property
        def stacks(self) -> tuple[Chips, ...]: ...
        @property
        def bets(self) -> tuple[int, ...]: ...
        @property
        def folded(self) -> tuple[bool, ...]: ...
        @property
        def shown(self) -> tuple[tuple[Card, ...] | None, ...]: ...
        @property
        def pot_total(self) -> int: ...
        @property
        def to_call(self) -> int: ...
        @property
        def discarding(self) -> tuple[int, ...]: ...
    else:
        seat = _field(0, "The seat this view is for.")
        hole_cards = _field(1, "The seat's own hole cards.")
        board = _field(2, "The board dealt so far.")
        street = _field(3, "The street (or the showdown, or over).")
        actor = _field(4, "The seat to act (None when no one is).")
        legal = _field(5, "What the seat may do, when it is to act.")
        stacks = _field(6, "The chips behind each seat.")
        bets = _field(7, "Each seat's bet on the current street.")
        folded = _field(9, "Which seats have folded.")
        shown = _field(10, "Each seat's shown hole cards (None: not shown).")
        pot_total = _field(12, "All chips put in so far.")
        to_call = _field(13, "The chips this seat would add to call now.")
        discarding = _field(14, "The seats still to discard (Pineapple), never which cards.")

    # The fields in the order of VIEW_FIELDS, pots and events _LATER until built from _seen
    # (the contributions, dead antes and log seen); or, pending (see pending_view), None and
    # _seen the hand and the seat.
    _f: list[Any] | None
    _seen: tuple[Any, ...] | None

    def __init__(
        self,
        seat: int,
        hole_cards: tuple[Card, ...],
        board: tuple[Card, ...],
        street: Street,
        actor: int | None,
        legal: Legal | None,
        stacks: tuple[Chips, ...],
        bets: tuple[int, ...],
        pots: tuple[Pot, ...],
        folded: tuple[bool, ...],
        shown: tuple[tuple[Card, ...] | None, ...],
        events: tuple[Event, ...],
        pot_total: int,
        to_call: int,
        discarding: tuple[int, ...] = (),
    ) -> None:
        self._f = [seat, hole_cards, board, street, actor, legal, stacks, bets, pots, folded]
        self._f += [shown, events, pot_total, to_call, discarding]
        self._seen = None

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot then the side pots, this street's bets included (see the class)."""
        f = self._f or self._fill()
        pots: tuple[Pot, ...] = f[8]
        if pots is _LATER:
            assert self._seen is not None
            build, contributions, dead, _, _ = self._seen
            live = [not out for out in f[9]]
            if any(dead):
                contributions = [c - a for c, a in zip(contributions, dead, strict=True)]
            pairs = build(list(contributions), live, sum(dead))
            pots = f[8] = tuple([_new_pot(Pot, pair) for pair in pairs])
        return pots

    @property
    def events(self) -> tuple[Event, ...]:
        """The hand's log as this seat sees it: no other seat's hole cards, no burned cards."""
        f = self._f or self._fill()
        events: tuple[Event, ...] = f[11]
        if events is _LATER:
            assert self._seen is not None
            _, _, _, entries, seat = self._seen
            events = f[11] = tuple([seen_event(e, seat) for e in entries])
        return events

    def _fill(self) -> list[Any]:
        """The fields of a view from :func:`pending_view`, taken from its hand now."""
        assert self._seen is not None
        hand, seat = self._seen
        made: View = hand.view(seat)
        self._seen, self._f = made._seen, made._f
        assert made._f is not None
        return made._f

    def _values(self) -> tuple[Any, ...]:
        if self._seen is not None:
            _ = (self.pots, self.events)  # built, if they were not yet
            self._seen = None
        assert self._f is not None
        return tuple(self._f)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not View:
            return NotImplemented
        assert isinstance(other, View)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        values = self._values()
        return f"View({', '.join(f'{k}={v!r}' for k, v in zip(VIEW_FIELDS, values, strict=True))})"

    def __reduce__(self) -> tuple[type[View], tuple[Any, ...]]:
        return (View, self._values())


_LATER: Any = object()  # a field of a View built on first use
_new_pot = tuple.__new__
_new_object = object.__new__


def late_view(fields: list[Any], seen: tuple[Any, ...]) -> View:
    """A :class:`View` of ``fields`` (in the order of :data:`VIEW_FIELDS`) whose ``pots`` and
    ``events`` are left as ``_LATER``, to be built on first use from ``seen``: the hand
    kernel's ``build_pots``, the seats' contributions, their dead antes (None for none), the
    hand kernel's log entries (see
    :func:`event_of`) and the seat (whose view of them is :func:`seen_event`), after the
    kernel's function that builds the pots from contributions (``build_pots``)."""
    view: View = _new_object(View)
    fields[8] = fields[11] = _LATER
    view._f = fields
    view._seen = seen
    return view


def pending_view(hand: Any, seat: int) -> View:
    """A :class:`View` of ``seat`` taken from ``hand`` (a :class:`holdem.Hand`) when it is first
    read: as cheap to make as an object can be, for a caller that does not let the hand change
    while the view is pending, and that fills it (``view._fill()``) before the hand changes if
    anyone else still holds it (see ``HandState.play_agents``). Meanwhile the view holds the
    hand (and through it the deck): give it only to the seat's own agent. Its ``(hand, seat)``
    tuple is the view's until it is filled, which drops it: a caller holding that tuple tells
    a view still unread by the tuple's references, without asking the view."""
    view: View = _new_object(View)
    view._f = None
    view._seen = (hand, seat)
    return view


def is_pending(view: View) -> bool:
    """True while a view of :func:`pending_view` has not been read."""
    return view._f is None


def settle_view(view: View) -> None:
    """Fill a pending view from its hand now (see :func:`pending_view`); nothing for another."""
    if view._f is None:
        view._fill()


def retarget(view: View, hand: Any, seat: int) -> None:
    """Point a pending view (see :func:`pending_view`) at ``seat`` of another ``hand``."""
    view._seen = (hand, seat)


#: The event kinds by their code in the hand kernel's log (their order in EventKind).
KINDS = tuple(EventKind)
#: The streets by their code (their value).
STREETS = tuple(Street)
_CARDS = Card._all
_EV_DEAL_HOLE, _EV_DISCARD, _EV_BURN = (
    KINDS.index(EventKind.DEAL_HOLE),
    KINDS.index(EventKind.DISCARD),
    KINDS.index(EventKind.BURN),
)


def event_of(entry: tuple[Any, ...]) -> Event:
    """The :class:`Event` of an entry of the hand kernel's log: ``(kind, seat, amount, den,
    cards, street, all_in)`` with the kind's place in :class:`EventKind`, -1 for no seat, the
    amount ``amount / den`` chips, the cards as indices and the street's value.

    >>> str(event_of((13, 2, 6, 1, (), 0, 0)))
    'seat 2 raise 6'
    """
    kind, seat, amount, den, cards, street, all_in = entry
    return Event(
        KINDS[kind],
        None if seat < 0 else seat,
        amount if den == 1 else Fraction(amount, den),
        tuple([_CARDS[c] for c in cards]),
        STREETS[street],
        bool(all_in),
    )


def seen_event(entry: tuple[Any, ...], seat: int) -> Event:
    """The :class:`Event` of a kernel log entry as ``seat`` sees it: without another seat's
    hole cards or discard, and without the card of a burn."""
    kind = entry[0]
    private = kind == _EV_DEAL_HOLE or kind == _EV_DISCARD  # a seat's own cards
    if (private and entry[1] != seat) or kind == _EV_BURN:
        entry = (*entry[:4], (), *entry[5:])
    return event_of(entry)
