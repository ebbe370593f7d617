"""One hand of Texas hold'em (or another game of its family) as a state machine: forced bets,
dealing, betting, pots, showdown.

Seats are numbered clockwise from the seat left of the button: seat 0 is the small blind (with
three or more players), the last seat is the button. Heads-up, the button (seat 1) posts the
small blind, acts first before the flop and last after it (Wikipedia, "Texas hold 'em").

:class:`Hand` is plain Python: it checks the set-up (:mod:`holdem.engine.stakes`,
:mod:`holdem.engine.dealing`), and gives the values a user sees (:mod:`holdem.engine.events`).
Its state and every operation on it (the betting rounds and their legal bounds, the deal of the
board, the discards, the showdown and the award of the pots) are the hand kernel's: a
compiled ``HandState`` (:mod:`holdem.engine._state`), or its plain-Python reference
(:mod:`holdem.engine._pystate`) when the environment sets ``HOLDEM_PURE_KERNEL=1``.

>>> hand = Hand([200, 200, 200], blinds=(1, 2), seed=1)
>>> hand.actor, hand.street.name, hand.legal_actions().call
(2, 'PREFLOP', 2)
>>> hand.raise_to(6)
>>> hand.fold()
>>> hand.call()
>>> hand.street.name, hand.pot_total
('FLOP', 13)
>>> hand.check()
>>> hand.bet(10)
>>> hand.fold()
>>> hand.is_over, hand.payoffs
(True, [-1, -6, 7])
"""

from __future__ import annotations

import copy
import inspect
import types
from typing import TYPE_CHECKING, Any, Self

from holdem.cards import Card, CardLike
from holdem.engine import _kernel, _pystate
from holdem.engine.events import (
    KINDS,
    Event,
    EventKind,
    Legal,
    LegalDiscard,
    Street,
    View,
    event_of,
    late_view,
)
from holdem.engine.misdeal import Exposure, check_misdeal, exposure
from holdem.engine.showdown import ShowdownMode
from holdem.errors import ActionError, ArgumentError, CardError

# The value types of a hand's API are re-exported: ``from holdem.engine.hand import Street``.
__all__ = ["Event", "EventKind", "Hand", "Legal", "ShowdownMode", "Street", "View"]

_CARDS = Card._all
_MISDEAL = KINDS.index(EventKind.MISDEAL)
_EXPOSE = KINDS.index(EventKind.EXPOSE)
#: The layout of a pickled hand: a hand of another layout is refused rather than read wrong.
FORMAT = 3


if TYPE_CHECKING:  # (the compiled kernel's typed face, holdem/engine/_state.pyi)
    from holdem.engine._state import HandState as _Kernel
else:  # the kernel that HOLDEM_PURE_KERNEL chose (see holdem.engine._kernel)
    _Kernel = _kernel.HandState


class Hand(_Kernel):
    """One hand: build it with the stacks and stakes, then act until :attr:`is_over`.

    Stakes: ``blinds=(small, big)`` (or one blind, or none), ``straddles`` (live, by the seats
    after the big blind), ``ante`` (every seat) and ``big_blind_ante`` (posted by the big blind,
    not a straddle; the default ``min_bet`` is the big blind too); or per-seat lists
    ``forced_bets`` and ``antes`` instead; per-seat ``posts`` (live: a new player's big blind) and
    ``dead_blinds`` (a missed small blind made up) keep the blinds and the order of action.
    ``structure``: 'no-limit', 'pot-limit' or 'fixed-limit' (then ``small_bet`` and ``big_bet``,
    by default the big blind and twice it, and ``river_bet``, by default the big bet).
    ``min_bet``: the smallest opening bet in no limit and pot limit (by default the big blind).
    ``rules``: a :class:`Rules` or a preset name.

    Cards: from ``deck`` (a :class:`Deck` or cards in dealing order), else shuffled by ``rng``
    (a ``random.Random``) or from ``seed`` (an int >= 0 naming one shuffle, the same on every
    platform; without either, fresh entropy, reseeded in each forked child); ``hole_cards`` and
    ``board`` fix some cards (None for any card). Dealing is one card at a time from seat 0 to
    the button, twice, then a burn before the flop, the turn and the river.

    ``showdown``: 'auto' (a hand shows when it can still win, else it is mucked), 'all' (every
    hand shows), or 'manual' (call :meth:`show` or :meth:`muck` for the seat to act). ``runs``:
    when the betting ends all-in before the river, the rest of the board is dealt ``runs``
    times and each pot split by board (see :attr:`boards`). ``game``: another game of the family
    (short deck, Omaha, hi-lo, Pineapple ...: see :mod:`holdem.engine.variants`).

    The showdown starts with the last player to bet or raise in the last betting round, else
    with the first seat left of the button (or that round's first to act, under
    ``Rules.showdown_from_opener``), and goes clockwise. In the ``auto`` mode a hand is shown
    when it can still win a pot, else mucked, unless every hand is to be shown (the ``all``
    mode; no more than one player with chips left; or an all-in under
    ``Rules.all_in_shows_all``, TDA rule 16).

    Chips are ints, except the stacks and payoffs after a pot split into exact fractions (the
    ``acpc`` preset): to a type checker ``holdem.Hand(...)`` is a ``Hand[int]`` under the
    ``casino`` and ``pokerkit`` presets, else a ``Hand[int | Fraction]``.

    A hand is not thread-safe: use each from one thread at a time (or behind a lock). Used from
    two threads at once, it never pays a pot twice: the late thread gets an :class:`ActionError`.

    :raises RulesError: for a set-up that cannot be played: fewer than 2 or more than 22
        players, a stack, blind, straddle, ante or bet size that is not an int number of chips
        (or a negative one, or a zero stack), bad forced bets or posts
        (see :mod:`holdem.engine.stakes`), ``runs`` below 1 or more than the deck allows, an
        unknown game or more players than its deck deals, an
        unknown structure, rule preset or showdown mode, no minimum bet, stacks that total more
        than 2**62 chips, a deck given together with cards, a seed or an rng, or an rng that is
        not a ``random.Random``.
    :raises CardError: for a deck too short for the players, or hole cards or a board that are
        not cards, not two per seat or five at most, or that deal a card twice.
    :raises ArgumentTypeError: for a seed that is not None or an int, or a game that is not a
        name, a Game or a Variant.
    :raises ArgumentError: for a negative seed.

    >>> hand = Hand([100, 100], blinds=(1, 2), hole_cards=[("As", "Ah"), None], seed=3)
    >>> hand.hole_cards(0), hand.actor  # heads-up, the button (seat 1) acts first
    ((Card('As'), Card('Ah')), 1)
    >>> Hand([100, 100], blinds=(1, 2), seed=-1)
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentError: a seed is None or an int >= 0, got -1
    """

    __slots__ = ()
    # The constructor's signature for help(), IDEs and inspect.signature(): the kernel's own
    # (a compiled constructor has none that inspect reads), as its reference spells it.
    __signature__ = inspect.signature(_pystate.HandState)

    #: ``Hand[int]`` or ``Hand[int | Fraction]`` in an annotation: the type of its chip counts.
    __class_getitem__: classmethod[Hand, [object], types.GenericAlias] = classmethod(
        types.GenericAlias
    )

    @property
    def events(self) -> tuple[Event, ...]:
        """The complete log of the hand, every card included."""
        return tuple([event_of(e) for e in self._entries()])

    # -- discards (Pineapple, Crazy Pineapple) ---------------------------------------------------

    def verify_discard(self, card: CardLike, seat: int | None = None) -> tuple[int, Card]:
        """The seat that discards and the card, when ``seat`` (by default the first seat to
        discard) may discard ``card`` now; else :class:`ActionError` (see :meth:`discard`)."""
        waiting = self.discarding
        if not waiting:
            raise ActionError("no one is to discard: " + self._nobody_to_act())
        i = waiting[0] if seat is None else self._seat(seat)
        if i not in waiting:
            raise ActionError(f"seat {i} has nothing to discard: seats {list(waiting)} discard")
        try:
            c = Card(card)
        except (CardError, TypeError, ValueError):
            raise ActionError(f"a discard is one card, got {card!r}") from None
        held = self._hole(i)
        if int(c) not in held:
            shown = " ".join([str(_CARDS[x]) for x in held])
            raise ActionError(f"seat {i} does not hold {c}: it holds {shown}")
        return i, c

    def can_discard(self, card: CardLike, seat: int | None = None) -> bool:
        """True when ``seat`` (by default the first seat to discard) may discard ``card``.

        It runs the checks of :meth:`discard` and never raises.
        """
        try:
            self.verify_discard(card, seat)
        except ActionError:
            return False
        return True

    def discard(self, card: CardLike, seat: int | None = None) -> None:
        """A seat of a Pineapple game gives up one of its three hole cards (face down).

        ``seat``: any seat of :attr:`discarding` (the discards are made in any order), by
        default the first. Once every seat still in has discarded, the next street is dealt.

        :raises ActionError: when no one is to discard, the seat is not one that must, or it
            does not hold the card (or ``card`` is not a card).
        """
        i, c = self.verify_discard(card, seat)
        self._discard(int(c), i)

    # -- dealing errors ------------------------------------------------------------------------

    def expose(self, card: CardLike, *, by: str = "dealer") -> Exposure:
        """A hole card seen face up, by the ``"dealer"``'s error or its ``"player"``: a misdeal,
        the card replaced and burned, or the card plays (see :mod:`holdem.engine.misdeal`).

        The rules hold in every game (any number of hole cards, any deck).

        :raises ActionError: when the hand is over, or ``by`` is neither of those.
        :raises CardError: for a card that is not a hole card of the hand (a discarded card
            included).
        """
        per_seat = self.game.hole_cards
        holes = [self._hole(i) for i in range(self.players)]
        outcome, seat, k, seen = exposure(
            card, by, self.is_over, self._deal_order(), holes, self._entries(), self.rules,
            per_seat,
        )  # fmt: skip
        self._add_event(_EXPOSE, seat, int(by == "dealer"), (seen,))
        if outcome is Exposure.MISDEAL:
            self._void()
        elif outcome is Exposure.REPLACED:
            self._swap_hole(k, per_seat * self.players, seat)
        return outcome

    def misdeal(self) -> None:
        """Declare a misdeal (see :mod:`holdem.engine.misdeal`): the hand is void, every chip back.

        :raises ActionError: when the hand is over, or past ``Rules.misdeal_until``.
        """
        check_misdeal(self._entries(), self.rules, self.is_over)
        self._void()

    # -- views, copies, pickles ----------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hole cards and public information only.

        The :class:`View` also carries the pot total and the chips the seat would add to call
        (its ``pots`` include this street's bets: see :class:`View`).

        :raises ActionError: for a seat that is not an int from 0 to :attr:`players` - 1.
        """
        seat = self._seat(seat)
        actor, street = self.actor, self.street
        waiting = self.discarding
        if seat in waiting:
            legal: Legal | None = LegalDiscard(seat, self.hole_cards(seat))
        elif actor == seat and street < Street.SHOWDOWN:
            legal = self.legal_actions()
        else:
            legal = None
        folded = self.folded
        bets = self.bets
        stacks = self.stacks
        stack = stacks[seat]
        owed = self._bet_to_match() - bets[seat] if not folded[seat] else 0
        shown = self._shown_seats()
        fields = [
            seat, self.hole_cards(seat), self.board, street, actor, legal, stacks, bets, None,
            folded, tuple([self.hole_cards(i) if shown[i] else None for i in range(len(bets))]),
            None, self.pot_total, (owed if owed < stack else stack) if owed > 0 else 0, waiting,
        ]  # fmt: skip
        seen = (_kernel.kernel.build_pots, self.contributions, self._dead_money(),
                self._entries(), seat)  # fmt: skip
        return late_view(fields, seen)  # the pots and events: built on first use

    def copy(self) -> Self:
        """An independent copy of the hand, for search (MCTS, CFR): it shares nothing mutable.

        Acting on the copy leaves the original as it was, and the other way round; what they
        share is immutable (the rules, the game, the set-up). ``copy.copy`` and
        ``copy.deepcopy`` return the same copy. It never raises.

        >>> hand = Hand([100, 100], blinds=(1, 2), seed=1)
        >>> other = hand.copy()
        >>> other.fold()
        >>> other.is_over, hand.is_over, hand.actor
        (True, False, 1)
        """
        new: Self = self._copy_state()
        if getattr(self, "__dict__", None):  # a subclass's own fields
            new.__dict__.update(copy.deepcopy(self.__dict__))
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: the hand's class, set-up and kernel state, so that the unpickled
        hand plays on exactly as this one would. It never raises.

        >>> import pickle
        >>> hand = Hand([100, 100], blinds=(1, 2), seed=1)
        >>> hand.raise_to(6)
        >>> pickle.loads(pickle.dumps(hand)).view(0) == hand.view(0)
        True
        """
        return (_restore, (type(self), (FORMAT, self._state(), getattr(self, "__dict__", None))))

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.street.name.lower()}, seat {self.actor} to act"
        return f"<Hand: {self.players} players, {self.structure.value}, {state}>"


def _restore(cls: type[Hand], state: tuple[Any, ...]) -> Hand:
    """A hand of class ``cls`` from the state of ``Hand.__reduce__`` (unpickling calls it).

    :raises ArgumentError: when the state is not of this version's layout (a hand pickled by
        another version of holdem).
    """
    if type(state) is not tuple or len(state) != 3 or state[0] != FORMAT:
        raise ArgumentError(
            f"this hand was pickled by another version of holdem (this version reads the state "
            f"format {FORMAT}): play it with that version, or rebuild it from its history"
        )
    h = cls.__new__(cls)
    h._restore(state[1])
    if state[2]:
        h.__dict__.update(state[2])
    return h
