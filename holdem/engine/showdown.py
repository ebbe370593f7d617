"""The end of a hand: the showdown (who shows first, who shows or mucks) and the pots' award.

:class:`Showdown` is the base class of :class:`holdem.Hand`. It holds what a hand needs to end
(the seats' chips, cards and log, set by ``Hand.__init__``) with their read-only views
(``players``, ``street``, ``board``, ``stacks``, ``pots`` ...), and runs the showdown once the
betting is over (the chips of the pots moved by :mod:`holdem.engine._award`); ``Hand`` adds the
set-up and the betting rounds.

The showdown starts with the last player to bet or raise in the last betting round (Wikipedia,
"Texas hold 'em": "The last player to bet is the first player to show their hand"), else with
the first seat left of the button (or that round's first to act, under
``Rules.showdown_from_opener``), and goes clockwise. In the ``auto`` mode a hand is shown when
it can still win a pot, else mucked, unless every hand is to be shown (the ``all`` mode; no
more than one player with chips left; or an all-in under ``Rules.all_in_shows_all``, TDA rule
16). In the ``manual`` mode the seat to act calls :meth:`Showdown.show` or
:meth:`Showdown.muck`.

>>> from holdem import Hand, Street
>>> hand = Hand([100, 100], blinds=(1, 2), board="As Ks Qs Js Ts", seed=2, showdown="manual")
>>> while hand.street < Street.SHOWDOWN:  # call, then check down
...     hand.check_or_call()
>>> hand.actor, hand.pots
(0, (Pot(amount=4, eligible=(0, 1)),))
>>> hand.show()
>>> hand.show()  # both play the royal flush on the board: a split pot
>>> hand.payoffs
[0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import index as _index
from typing import Any, Literal, Self

from holdem._validate import is_int
from holdem.cards import Card, CardLike
from holdem.engine._award import one_pot, pay, pay_one
from holdem.engine._choices import BURNS, DEALS, MUCKS
from holdem.engine._fast import hand_values, hole_pairs, single
from holdem.engine.events import Chips, Event, EventKind, LegalDiscard, Street
from holdem.engine.misdeal import Exposure, check_misdeal, expose
from holdem.engine.pots import Pot, pots_of
from holdem.engine.rules import OddChips, Rules
from holdem.engine.runout import deal_runs
from holdem.engine.variants import VARIANTS, Variant, shows
from holdem.errors import ActionError, CardError

__all__ = ["Showdown", "ShowdownMode"]

#: How hands are shown: 'auto' (a hand that can still win shows, the others muck), 'all' (every
#: hand shows) or 'manual' (the seat to act calls show() or muck()).
ShowdownMode = Literal["auto", "all", "manual"]

_SHOWDOWN, _COMPLETE = Street.SHOWDOWN, Street.COMPLETE
_EV_SHOW, _EV_MUCK, _EV_WIN = EventKind.SHOW, EventKind.MUCK, EventKind.WIN
_EV_BURN, _EV_DEAL_BOARD = EventKind.BURN, EventKind.DEAL_BOARD
_EV_DEAL_HOLE, _PREFLOP, _FLOP = EventKind.DEAL_HOLE, Street.PREFLOP, Street.FLOP
_EV_DISCARD, _EV_MISDEAL = EventKind.DISCARD, EventKind.MISDEAL
_FRACTIONAL = OddChips.FRACTIONAL


# A hand is not thread-safe; used from two threads at once, it refuses to settle twice.
_CONCURRENT = (
    "the hand was changed by another thread meanwhile (a Hand is not thread-safe: use each "
    "from one thread at a time); its pots are paid once"
)


class Showdown:
    """A hand's seats, chips, cards and log, and how it ends: the base class of ``Hand``.

    It has no constructor: :class:`holdem.Hand` sets every field.
    """

    # Compiled, the class is a cdef class whose attributes are declared in showdown.pxd (keep
    # the two in step: an attribute missing there fails at run time in the compiled build only).
    __slots__ = (
        "__weakref__",
        "_actor",
        "_aggressor",
        "_ante",
        "_board",
        "_boards",
        "_cards",
        "_contrib",
        "_discarding",
        "_final",
        "_folded",
        "_game",
        "_hole",
        "_live",
        "_log",
        "_mucked",
        "_n",
        "_opener",
        "_payoffs",
        "_queue",
        "_rules",
        "_runs",
        "_show_queue",
        "_showdown_mode",
        "_shown",
        "_stack",
        "_start",
        "_street",
    )

    _rules: Rules  # the rule options (the rules property)
    _showdown_mode: ShowdownMode  # the showdown_mode property
    _n: int  # seats
    _live: int  # seats that have not folded
    _street: Street
    _actor: int | None  # the seat to act (to show or muck at a manual showdown)
    _queue: list[int]  # the seats still to act in this round, in reverse: the actor last
    _aggressor: int | None  # the last seat to bet or raise in this round
    _opener: int  # the first seat to act in this round
    _start: tuple[int, ...]  # the stacks before the hand
    _stack: list[int]  # the chips behind each seat
    _final: list[Chips] | None  # the stacks after the award (Fractions with the acpc rules)
    _contrib: list[int]  # the chips each seat has put in, antes and current bets included
    _ante: list[int]  # each seat's dead money: a dead blind, and its ante if Rules.dead_antes
    _folded: list[bool]
    _mucked: list[bool]
    _shown: list[bool]
    _show_queue: list[int]  # the seats still to show or muck, in order
    _hole: tuple[tuple[Card, ...], ...]
    _board: list[Card]
    _runs: int  # the times the rest of the board is dealt after an all-in before the river
    _boards: list[list[Card]] | None  # every run's board, once the board was run more than once
    _cards: tuple[Card, ...]  # every card of the hand in dealing order (never changes)
    _discarding: list[int]  # the seats still to discard before the next street (Pineapple)
    _game: Variant | None  # the game played (see holdem.engine.variants), None for hold'em
    _log: list[tuple[EventKind, int | None, Chips, tuple[Card, ...], Street, bool]]
    _payoffs: list[Chips] | None

    @property
    def rules(self) -> Rules:
        """The rule options of the hand (a :class:`Rules`, set when the hand is built)."""
        return self._rules

    @property
    def showdown_mode(self) -> ShowdownMode:
        """How the showdown goes: 'auto', 'all' or 'manual' (see :data:`ShowdownMode`)."""
        return self._showdown_mode

    @property
    def game(self) -> Variant:
        """The game played (a :class:`holdem.engine.variants.Variant`; hold'em by default)."""
        return VARIANTS["holdem"] if self._game is None else self._game

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def actor(self) -> int | None:
        """The seat to act (to show or muck at a manual showdown), or None."""
        return self._actor

    @property
    def street(self) -> Street:
        """The current street, :attr:`Street.SHOWDOWN`, or :attr:`Street.COMPLETE`."""
        return self._street

    @property
    def is_over(self) -> bool:
        """True once the pots have been pushed to the winners."""
        return self._street is _COMPLETE

    @property
    def is_misdeal(self) -> bool:
        """True once the hand was declared a misdeal (void: every chip back; see :meth:`misdeal`).

        >>> from holdem import Hand
        >>> hand = Hand([50, 50], blinds=(1, 2), seed=1)
        >>> hand.is_misdeal, hand.misdeal(), hand.is_misdeal, hand.is_over
        (False, None, True, True)
        """
        log = self._log
        return bool(log) and log[-1][0] is _EV_MISDEAL

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._board)

    @property
    def rake(self) -> Chips:
        """The chips the house took from the pots (0 before the end, and with no rake rule)."""
        final = self._final
        return 0 if final is None else sum(self._start) - sum(final)

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """A seat's hole cards (everything is visible to the hand itself; see :meth:`view`).

        :raises ActionError: for a seat that is not an int from 0 to :attr:`players` - 1.
        """
        return self._hole[self._seat(seat)]

    def _seat(self, seat: object) -> int:
        if is_int(seat):
            i = _index(seat)  # a plain int: a subclass's comparisons may lie
            if 0 <= i < self._n:
                return i
        raise ActionError(f"no seat {seat!r}: seats are 0 .. {self._n - 1}")

    @property
    def pot_total(self) -> int:
        """All chips put in so far (current bets included): the sum of the :attr:`pots`."""
        return sum(self._contrib)

    @property
    def payoffs(self) -> list[Chips]:
        """Chips won (+) or lost (-) by each seat, once the hand is over.

        The payoffs are known only at the end: check :attr:`is_over` first.

        :raises ActionError: while the hand is not over (never an empty or partial list).

        >>> from holdem import Hand
        >>> hand = Hand([100, 100], blinds=(1, 2), seed=1)
        >>> hand.payoffs
        Traceback (most recent call last):
        ...
        holdem.errors.ActionError: the hand is not over: payoffs are known at the end (see is_over)
        >>> hand.fold()
        >>> hand.is_over, hand.payoffs
        (True, [1, -1])
        """
        if self._payoffs is None:
            raise ActionError("the hand is not over: payoffs are known at the end (see is_over)")
        return list(self._payoffs)

    @property
    def events(self) -> tuple[Event, ...]:
        """The complete log of the hand, every card included."""
        return tuple(Event(*e) for e in self._log)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks before the hand."""
        return tuple(self._start)

    @property
    def stacks(self) -> tuple[Chips, ...]:
        """The chips behind each seat now (bets on the table not included)."""
        return tuple(self._final if self._final is not None else self._stack)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put into the pot so far, antes and current bets included."""
        return tuple(self._contrib)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded."""
        return tuple(self._folded)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot then the side pots, from everything put in so far.

        The current street's bets are in them already: their amounts add up to ``pot_total``
        (do not add ``bets`` to them). Mid-street, a bet not yet called makes a pot of its own
        that only the seats who put in that much can win (see :class:`holdem.View`).
        """
        return self._pots([not f for f in self._folded])

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board of the hand: the one :attr:`board`, or one per run (see ``runs``)."""
        if self._boards is None:
            return (tuple(self._board),)
        return tuple(tuple(b) for b in self._boards)

    def expose(self, card: CardLike, *, by: str = "dealer") -> Exposure:
        """A hole card seen face up, by the ``"dealer"``'s error or its ``"player"``: a misdeal,
        the card replaced and burned, or the card plays (see :mod:`holdem.engine.misdeal`).

        The rules hold in every game (any number of hole cards, any deck).

        :raises ActionError: when the hand is over, or ``by`` is neither of those.
        :raises CardError: for a card that is not a hole card of the hand (a discarded card
            included).
        """
        game, n = self._game, self._n
        per_seat = 2 if game is None else game.hole_cards
        outcome, self._cards = expose(
            card, by, self._cards, self._log, self._rules, self.is_over, per_seat, self._hole
        )
        if outcome is Exposure.MISDEAL:
            self._void(self._street_bets())
        elif outcome is Exposure.REPLACED:
            cards = self._cards
            if game is None:
                self._hole = tuple([(cards[i], cards[n + i]) for i in range(n)])
            else:
                self._hole = game.holes(cards, n)
        return outcome

    def misdeal(self) -> None:
        """Declare a misdeal (see :mod:`holdem.engine.misdeal`): the hand is void, every chip back.

        :raises ActionError: when the hand is over, or past ``Rules.misdeal_until``.
        """
        check_misdeal(self._log, self._rules, self.is_over)
        self._void(self._street_bets())

    def _street_bets(self) -> list[int]:
        """Each seat's bet on the current street (the subclass that takes bets keeps them)."""
        return [0] * self._n

    def _log_seen_by(self, seat: int) -> tuple[tuple[Any, ...], ...]:
        """The log as ``seat`` sees it: no other seat's hole cards or discards, no burns."""
        seen = []
        for entry in self._log:
            kind = entry[0]
            private = kind is _EV_DEAL_HOLE or kind is _EV_DISCARD  # a seat's own cards
            if (private and entry[1] != seat) or kind is _EV_BURN:
                entry = (kind, entry[1], entry[2], (), entry[4], entry[5])
            seen.append(entry)
        return tuple(seen)

    def _void(self, bet: list[int]) -> None:
        """A misdeal: every chip back where it was and the hand over, with nothing won or lost."""
        n = self._n
        self._stack = list(self._start)
        self._final = list(self._start)
        for chips in (bet, self._contrib, self._ante):
            chips[:] = [0] * n
        self._payoffs = [0] * n
        self._log.append((EventKind.MISDEAL, None, 0, (), self._street, False))
        self._street, self._actor, self._queue, self._show_queue = _COMPLETE, None, [], []

    def _set_up(self, stack: list[int]) -> None:
        """The base's fields at the start of a hand whose seats start with ``stack`` (the
        subclass's ``__init__`` calls it before posting and dealing; the list becomes the
        hand's own)."""
        n = len(stack)
        self._n = self._live = n
        self._start, self._stack, self._final = tuple(stack), stack, None
        self._contrib, self._ante = [0] * n, [0] * n
        self._folded, self._mucked, self._shown = [False] * n, [False] * n, [False] * n
        self._payoffs, self._log, self._board, self._hole = None, [], [], ()
        self._street, self._queue, self._show_queue = _PREFLOP, [], []
        self._actor, self._aggressor, self._opener = None, None, 0

    def _deal_hole(self, cards: tuple[Card, ...]) -> None:
        """Deal the hole cards from the cards in dealing order (see ``deal_order``)."""
        n = self._n
        self._discarding = []
        # (hold'em: the pairs every hand shares, when they are holdem's Card objects)
        hole = hole_pairs(cards, n) if self._game is None else self._game.holes(cards, n)
        self._hole = hole
        log = self._log
        for i in range(n):
            log.append((_EV_DEAL_HOLE, i, 0, hole[i], _PREFLOP, False))

    def _deal_board(self, cards: tuple[Card, ...]) -> None:
        """Deal the current street's board cards, after a burn."""
        n, street = self._n, self._street
        if self._game is not None:
            self._game.deal_street(n, cards, street, self._board, self._boards, self._log)
            return
        k = street  # (compiled: C ints index the tuples)
        burn = 2 * n + (0, 0, 4, 6)[k]
        log = self._log
        # The burn, and the turn or the river: an entry every hand shares, for holdem's Cards.
        card = cards[burn]
        c = card
        entry = BURNS[k][c]
        if entry[3][0] is not card:
            entry = (_EV_BURN, None, 0, single(card), street, False)
        log.append(entry)
        if street is _FLOP:
            dealt = tuple(cards[burn + 1 : burn + 4])
            entry = (_EV_DEAL_BOARD, None, 0, dealt, street, False)
        else:
            card = cards[burn + 1]
            c = card
            entry = DEALS[k][c]
            if entry[3][0] is not card:
                entry = (_EV_DEAL_BOARD, None, 0, single(card), street, False)
            dealt = entry[3]
        self._board.extend(dealt)
        log.append(entry)

    # -- discards (Pineapple, Crazy Pineapple) ---------------------------------------------------

    @property
    def discarding(self) -> tuple[int, ...]:
        """The seats that must still discard a hole card before the next street, in seat order
        (Pineapple after the pre-flop betting, Crazy Pineapple after the flop's); else empty.

        >>> from holdem import Hand
        >>> hand = Hand([100, 100], blinds=(1, 2), game="pineapple", seed=3)
        >>> hand.check_or_call()
        >>> hand.check_or_call()
        >>> hand.discarding, hand.actor
        ((0, 1), None)
        >>> hand.discard(hand.hole_cards(0)[2], seat=0)
        >>> hand.discard(hand.hole_cards(1)[0])  # the first seat still to discard
        >>> hand.street.name, len(hand.board), len(hand.hole_cards(1))
        ('FLOP', 3, 2)
        """
        return tuple(self._discarding)

    def _game_pause(self, runout: bool) -> bool:
        """Whether the hand waits before the next street: for the discards of the players still
        in (set up here), or for the betting round after Manila's next board card (dealt here,
        with the next three on the flop's street; all of them at once in a ``runout``)."""
        game = self._game
        if game is None:
            return False
        if game.one_at_a_time and self._street is _FLOP and len(self._board) < 3:
            self._deal_board(self._cards)
            if not runout:
                self._begin_round()
                return True
            return self._game_pause(runout)
        if game.discard_after is None or self._street is not game.discard_after:
            return False
        hole, folded = self._hole, self._folded
        self._discarding = [i for i in range(self._n) if not folded[i] and len(hole[i]) == 3]
        return bool(self._discarding)

    def _end_round(self) -> None:
        """End the betting round and go on with the hand (``Hand`` does it)."""
        raise NotImplementedError

    def _begin_round(self) -> None:
        """Begin a betting round (``Hand`` does it)."""
        raise NotImplementedError

    def _discard_check(self, card: object, seat: object) -> tuple[int, Card]:
        if not self._discarding:
            raise ActionError("no one is to discard: " + self._nobody_to_act())
        if seat is None:
            i = self._discarding[0]
        else:
            i = self._seat(seat)
            if i not in self._discarding:
                raise ActionError(
                    f"seat {i} has nothing to discard: seats {list(self._discarding)} discard"
                )
        try:
            c = Card(card)  # type: ignore[arg-type]
        except (CardError, TypeError, ValueError):
            raise ActionError(f"a discard is one card, got {card!r}") from None
        if c not in self._hole[i]:
            held = " ".join(map(str, self._hole[i]))
            raise ActionError(f"seat {i} does not hold {c}: it holds {held}")
        return i, c

    def _discard_legal(self, seat: int) -> LegalDiscard:
        """What ``seat``, one of the seats to discard, may do: discard one of its hole cards."""
        return LegalDiscard(seat, self._hole[seat])

    def can_discard(self, card: CardLike, seat: int | None = None) -> bool:
        """True when ``seat`` (by default the first seat to discard) may discard ``card``.

        It runs the checks of :meth:`discard` and never raises.
        """
        try:
            self._discard_check(card, seat)
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
        i, c = self._discard_check(card, seat)
        hole = list(self._hole)
        hole[i] = tuple(x for x in hole[i] if x != c)
        self._hole = tuple(hole)
        self._discarding.remove(i)
        self._log.append((_EV_DISCARD, i, 0, (c,), self._street, False))
        if not self._discarding:
            self._end_round()

    def _deal_runs(self, cards: Sequence[Card], first: int) -> None:
        """Deal the rest of the board again for every run after the first, from ``first`` on
        (see :func:`holdem.engine.runout.deal_runs`)."""
        self._boards = deal_runs(
            cards, first, self._board, self._n, self._game, self._runs, self._log
        )

    def copy(self) -> Self:
        """An independent copy of the hand, for search (MCTS, CFR): it shares nothing mutable.

        Acting on the copy leaves the original as it was, and the other way round; what they
        share is immutable (the rules, cards, enum members, the log's entries). ``copy.copy``
        and ``copy.deepcopy`` return the same copy. It never raises.

        >>> from holdem import Hand
        >>> hand = Hand([100, 100], blinds=(1, 2), seed=1)
        >>> other = hand.copy()
        >>> other.fold()
        >>> other.is_over, hand.is_over, hand.actor
        (True, False, 1)
        """
        new = self._copy_own()
        new._rules = self._rules
        new._showdown_mode = self._showdown_mode
        new._n = self._n
        new._live = self._live
        new._actor = self._actor
        new._aggressor = self._aggressor
        new._opener = self._opener
        new._street = self._street
        new._payoffs = None if self._payoffs is None else self._payoffs[:]
        new._final = None if self._final is None else self._final[:]
        new._stack = self._stack[:]
        new._contrib = self._contrib[:]
        new._ante = self._ante[:]
        new._folded = self._folded[:]
        new._mucked = self._mucked[:]
        new._shown = self._shown[:]
        new._log = self._log[:]  # of tuples: copying the list shares nothing mutable
        new._board = self._board[:]
        new._hole = self._hole
        new._queue = self._queue[:]
        new._show_queue = self._show_queue[:]
        new._start = self._start
        new._runs = self._runs
        new._boards = None if self._boards is None else [b[:] for b in self._boards]
        new._game = self._game
        new._discarding = self._discarding[:]
        return new  # type: ignore[return-value]

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: the hand's class and every field :meth:`copy` copies, so that the
        unpickled hand plays on exactly as this one would. It never raises.

        >>> import pickle
        >>> from holdem import Hand
        >>> hand = Hand([100, 100], blinds=(1, 2), seed=1)
        >>> hand.raise_to(6)
        >>> pickle.loads(pickle.dumps(hand)).view(0) == hand.view(0)
        True
        """
        from holdem.engine._pickle import restore, state

        return (restore, (type(self), state(self)))  # type: ignore[arg-type]

    def _copy_own(self) -> Showdown:
        """A new instance of the subclass with the subclass's own fields copied."""
        raise NotImplementedError

    def _pots(self, live: list[bool]) -> tuple[Pot, ...]:
        return pots_of(self._contrib, self._ante, live)  # dead money: in the main pot

    def _nobody_to_act(self) -> str:
        if self._street is _COMPLETE:
            return "the hand is over: no one may act"
        if self._discarding:
            return f"seats {list(self._discarding)} must discard first (discard())"
        if self._street is _SHOWDOWN:
            return f"it is the showdown: seat {self._actor} may show or muck"
        return "no one is to act"

    def _begin_showdown(self) -> None:
        self._street = _SHOWDOWN
        n, folded = self._n, self._folded
        aggressor = self._aggressor
        if aggressor is not None:
            first = aggressor
        else:  # no bet on the last round: left of the button, or its first to act
            first = self._opener if self._rules.showdown_from_opener else 0
        stack, shown = self._stack, self._shown
        order = []
        able = 0  # live seats with chips behind
        for k in range(n):
            j = (first + k) % n
            if not folded[j]:
                if not shown[j]:
                    order.append(j)
                if stack[j]:
                    able += 1
        self._show_queue = order
        self._queue = []
        if self._showdown_mode == "manual":
            self._actor = order[0]
            return
        self._actor = None
        everyone = (
            self._showdown_mode == "all"
            or able <= 1
            or (self._rules.all_in_shows_all and able < self._live)  # someone is all-in
        )
        amount = self._one_pot() if self._game is None and self._boards is None else 0
        if amount:  # the common case: one pot, every live seat eligible (as below)
            values = self._values()
            top = 0  # the best value shown so far
            for i in list(order):
                v = values[i]
                show = everyone or v >= top
                self._reveal(i, show)
                if show and v > top:
                    top = v
            self._award_one(values, amount)
            return
        pots = self._pots([not f for f in folded])
        if self._game is not None:  # every board and hand type (high, low) counts
            comps = self._game.components(self.boards, self._hole)
            for i, show in zip(list(order), shows(order, comps, pots, everyone), strict=True):
                self._reveal(i, show)
            self._settle(self._values(), pots)
            return
        values = self._values()
        if len(pots) == 1:  # the same as below, for one pot
            eligible, top = pots[0].eligible, 0  # (top: the best value shown so far)
            for i in list(order):
                v = values[i]
                show = everyone or (v >= top and i in eligible)
                self._reveal(i, show)
                if show and v > top and i in eligible:
                    top = v
            self._settle(values, pots)
            return
        best = [0] * len(pots)  # the best value shown so far for each pot
        for i in list(order):
            v = values[i]
            show = everyone
            mine = []
            for k in range(len(pots)):
                if i in pots[k].eligible:
                    mine.append(k)
                    if v >= best[k]:
                        show = True
            self._reveal(i, show)
            if show:
                for k in mine:
                    if v > best[k]:
                        best[k] = v
        self._settle(values, pots)

    def _one_pot(self) -> int:
        """The chips of the one pot when every live seat put in the most and there is no dead
        money, else 0 (see :func:`holdem.engine._award.one_pot`)."""
        return one_pot(self._contrib, self._folded, self._ante, self._n)

    def _award_one(self, values: list[int], amount: int) -> None:
        """``_settle`` for the one pot of :meth:`_one_pot`, without a rake or fractions: the
        same award, pushed without building the pot and the contenders."""
        rules = self._rules
        policy = rules.odd_chips
        if rules.rake is not None or policy is _FRACTIONAL:
            self._settle(values, self._pots([not f for f in self._folded]))
            return
        if self._final is not None:  # (as in _award)
            raise ActionError(_CONCURRENT)
        final: list[Chips] = self._stack  # type: ignore[assignment]  # (paid in place)
        self._final = final
        self._payoffs = pay_one(
            values, amount, self._n, self._shown, self._folded, final, self._log, policy,
            self._start,
        )  # fmt: skip
        self._street = _COMPLETE
        self._actor = None
        self._queue = []

    def _values(self) -> list[int]:
        """Every seat's hand value on the full board (0 for a folded seat): one compiled call.

        A hold'em hand reaches the showdown with the five cards of the board dealt (the board is
        run out when the betting ends before the river).
        """
        if self._game is not None:  # the award reads the game's values itself
            return [0] * self._n
        return hand_values(self._hole, self._board, self._folded)

    def _reveal(self, i: int, show: bool) -> None:
        queue = self._show_queue
        if queue and queue[0] == i:  # (the seats show or muck in the queue's order)
            del queue[0]
        elif i in queue:
            queue.remove(i)
        else:  # another thread showed or mucked it meanwhile
            raise ActionError(_CONCURRENT)
        if show:
            self._shown[i] = True
            self._log.append((_EV_SHOW, i, 0, self._hole[i], _SHOWDOWN, False))
        else:
            self._mucked[i] = True
            self._log.append(MUCKS[i])  # (an entry every hand shares)

    def show(self, seat: int | None = None) -> None:
        """Manual showdown: the seat whose turn it is shows its hole cards.

        :raises ActionError: outside a manual showdown, or when ``seat`` is not the seat to show
            or muck.
        """
        self._showdown_turn(seat)
        self._reveal(self._show_queue[0], True)
        self._showdown_next()

    def muck(self, seat: int | None = None) -> None:
        """Manual showdown: the seat whose turn it is mucks (gives up every pot it could win).

        :raises ActionError: outside a manual showdown, when ``seat`` is not the seat to show or
            muck, or when no one else is left to win a pot the seat could win.
        """
        i = self._showdown_turn(seat)
        rivals = [
            j for j in range(self._n) if j != i and not self._folded[j] and not self._mucked[j]
        ]
        for pot in self.pots:
            if i in pot.eligible and not any(j in pot.eligible for j in rivals):
                raise ActionError(f"seat {i} cannot muck: no one else is left to win a pot")
        self._reveal(i, False)
        self._showdown_next()

    def _showdown_turn(self, seat: int | None) -> int:
        if self._street is not _SHOWDOWN or not self._show_queue:
            raise ActionError("show and muck are for the showdown: " + self._nobody_to_act())
        i = self._show_queue[0]
        if seat is not None and seat != i:
            raise ActionError(f"seat {seat} out of turn: seat {i} shows or mucks first")
        return i

    def _showdown_next(self) -> None:
        if self._show_queue:
            self._actor = self._show_queue[0]
            return
        self._actor = None
        self._settle(self._values(), self.pots)

    def _settle(self, values: list[int], pots: Sequence[Pot]) -> None:
        shown = self._shown
        self._award({i: values[i] for i in range(self._n) if shown[i]}, pots)

    def _award(self, contenders: dict[int, int | None], pots: Sequence[Pot] = ()) -> None:
        """Push every pot to its best contenders (a lone contender has value None)."""
        # Test and set with no Python code between (compiled, no other thread runs in between):
        # two threads that both reach the end of a hand cannot both pay its pots.
        if self._final is not None:
            raise ActionError(_CONCURRENT)
        final: list[Chips] = list(self._stack)
        self._final = final
        policy = self._rules.odd_chips
        pay(
            self, contenders, pots, final, self._log, self._rules, self._contrib, self._ante,
            self._board, self._boards, self._hole, self._game, self._n,
        )  # fmt: skip
        start = self._start
        self._payoffs = [final[i] - start[i] for i in range(self._n)]
        if policy is not _FRACTIONAL:  # then every amount is an int
            self._stack = final  # type: ignore[assignment]
        self._street = _COMPLETE
        self._actor = None
        self._queue = []
