"""One hand of Texas hold'em as a state machine: forced bets, dealing, betting, pots, showdown.

Seats are numbered clockwise from the seat left of the button: seat 0 is the small blind (with
three or more players), the last seat is the button. Heads-up, the button (seat 1) posts the
small blind, acts first before the flop and last after it (Wikipedia, "Texas hold 'em").

The set-up is in :mod:`holdem.engine.stakes` and :mod:`holdem.engine.dealing`, the work of the
betting on the hand's lists in :mod:`holdem.engine._betting`, the showdown and the award of the
pots in :mod:`holdem.engine.showdown` (the base class of :class:`Hand`), the values a hand gives
out in :mod:`holdem.engine.events`.

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
import random
import types
from collections.abc import Sequence
from operator import index as _index

from holdem._validate import is_int
from holdem.cards import CardLike, Deck
from holdem.engine import _choices
from holdem.engine import stakes as _stakes
from holdem.engine._betting import (
    first_to_act,
    options,
    pokerkit_raise,
    post_forced,
    raise_queue,
    return_uncalled,
    round_queue,
)
from holdem.engine._choices import CHECKS, FOLDS
from holdem.engine._fast import legal_of
from holdem.engine._prepared import Prepared, current, keep, repeated, same_stacks
from holdem.engine.dealing import hand_cards
from holdem.engine.events import Event, EventKind, Legal, Street, View, late_view
from holdem.engine.rules import Rules, Structure
from holdem.engine.showdown import Showdown, ShowdownMode
from holdem.engine.stakes import set_up, starting_stacks
from holdem.engine.variants import GameArg, play_variant
from holdem.errors import ActionError

# The value types of a hand's API are re-exported: ``from holdem.engine.hand import Street``.
__all__ = ["Event", "EventKind", "Hand", "Legal", "Street", "View"]

_STREETS = tuple(Street)

# The rule choices as small ints (the compiled Hand keeps them as C ints: see hand.pxd).
FULL_RAISE, POKERKIT, ALWAYS = _choices.REOPENS
FIXED, POT, NOLIMIT = _choices.STRUCTURES
COVER, NO_FLOOR, SHORT_RAISE, STRADDLE_MIN, CAP_BLIND, BY_POSTED = _choices.FLAGS

# Module constants for the enum members the hot paths use (a global is found faster than an
# Enum class attribute).
_PREFLOP, _FLOP, _TURN, _RIVER, _SHOWDOWN, _COMPLETE = Street
_EV_FOLD, _EV_CHECK, _EV_CALL = EventKind.FOLD, EventKind.CHECK, EventKind.CALL
_EV_BET, _EV_RAISE = EventKind.BET, EventKind.RAISE


class Hand(Showdown):
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

    # Compiled, the class is a cdef class whose attributes are declared in hand.pxd (keep the
    # two in step: an attribute missing there fails at run time in the compiled build only).
    # The fields that the showdown also needs are the base class's.
    __slots__ = (
        "_acted",
        "_antes_due",
        "_bet",
        "_big_bet",
        "_cap",
        "_flags",
        "_fold_free",
        "_forced_bets",
        "_inc",
        "_kind",
        "_max_bet",
        "_min_bet",
        "_posts",
        "_raises",
        "_reopen",
        "_reopen_at",
        "_round_capped",
        "_shorts",
        "_sizes",
        "_small_bet",
        "_structure",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        *,
        # (the keywords most calls give first: compiled, a call's keywords are found by looking
        # the names up in this order until every one given is found, a dictionary lookup each)
        blinds: Sequence[int] = (),
        rng: random.Random | None = None,
        seed: int | None = None,
        deck: Deck | Sequence[CardLike] | None = None,
        straddles: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: int = 0,
        forced_bets: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        posts: Sequence[int] | None = None,
        dead_blinds: Sequence[int] | None = None,
        structure: Structure | str = Structure.NO_LIMIT,
        small_bet: int | None = None,
        big_bet: int | None = None,
        min_bet: int | None = None,
        rules: Rules | str = "casino",
        hole_cards: Sequence[Sequence[CardLike | None] | None] | None = None,
        board: Sequence[CardLike] = (),
        showdown: ShowdownMode = "auto",
        runs: int = 1,
        river_bet: int | None = None,
        game: GameArg = None,
    ) -> None:
        prepared = current()  # (read once: another thread may replace it)
        start: list[int] | None = None
        if prepared is not None and same_stacks(stacks, prepared.start):
            n = len(prepared.start)  # the stacks of the prepared start: checked already
        else:
            start = starting_stacks(stacks)
            n = len(start)
        # The rules, structure and showdown mode checked, and the rule choices as ints.
        self._rules, self._structure, self._kind, bits = options(rules, structure, showdown)
        self._showdown_mode = showdown
        self._n = n
        self._reopen, self._fold_free, self._flags, self._cap = bits

        stakes = set_up(
            n, self._kind, blinds, straddles, ante, big_blind_ante, forced_bets, antes, posts,
            dead_blinds, small_bet, big_bet, min_bet, river_bet, runs, self._rules,
        )  # fmt: skip
        forced, ante_list, self._posts, small, big, least, self._sizes, dead, self._runs = stakes
        self._forced_bets: tuple[int, ...] = forced
        self._antes_due: tuple[int, ...] = ante_list
        self._small_bet, self._big_bet, self._min_bet = small, big, least
        self._game = variant = None if game is None else play_variant(game)  # None: hold'em
        self._boards = None if variant is None else variant.start(n, self._runs)
        # The deck, the starting stacks and the hole cards never change: tuples, shared by copies.
        if variant is None:  # hold'em
            self._cards = hand_cards(n, deck, seed, rng, hole_cards, board, self._runs)
        else:
            self._cards = tuple(variant.deal(n, deck, seed, rng, hole_cards, board, self._runs))
        self._acted: set[int] = set()
        self._shorts: list[int] = []
        self._reopen_at = [0] * n
        if start is None:  # the stacks of the prepared start
            assert prepared is not None
            if (
                variant is None
                and stakes is prepared.stakes  # (a set-up checked once is reused as such)
                and self._rules is prepared.rules
                and self._kind == prepared.kind
            ):
                self._from_prepared(prepared)
                self._deal_hole(self._cards)
                return
            start = list(prepared.start)
        self._set_up(start)  # (a new list: starting_stacks makes one)
        self._bet = [0] * n
        self._raises = 0
        self._inc = 0
        self._max_bet = 0
        self._round_capped = False
        self._post_forced(ante_list, forced, dead)
        self._deal_hole(self._cards)
        self._begin_round()
        if (
            variant is None
            and self._posts is None
            and self._actor is not None
            and self._street is _PREFLOP
        ):
            self._prepare(stakes)

    # -- the prepared start: a repeated set-up posts its forced bets once ----------------------

    def _prepare(self, stakes: tuple[object, ...]) -> None:
        """Keep this hand's start (after the forced bets, before the first action) as the
        prepared start of the next hands with the same stacks and stakes, once a set-up comes
        twice running (see :mod:`holdem.engine._prepared`)."""
        if repeated(self._start, stakes):
            p = Prepared()  # (the hand has just been dealt: its log ends with the hole cards)
            p.rules, p.stakes, p.kind, p.start = self._rules, stakes, self._kind, self._start
            p.stack, p.contrib, p.ante = self._stack[:], self._contrib[:], self._ante[:]
            p.bet, p.queue, p.log = self._bet[:], self._queue[:], self._log[: -self._n]
            p.actor, p.opener, p.raises = self._actor, self._opener, self._raises
            p.inc, p.max_bet, p.round_capped = self._inc, self._max_bet, self._round_capped
            keep(p)

    def _from_prepared(self, prepared: Prepared) -> None:
        """Set every field that the forced bets and the first betting round set, from the
        prepared start (its lists copied: it is shared by every hand built from it)."""
        n = self._n
        self._live = n
        self._start, self._stack, self._final = prepared.start, prepared.stack[:], None
        self._contrib, self._ante = prepared.contrib[:], prepared.ante[:]
        self._folded, self._mucked, self._shown = [False] * n, [False] * n, [False] * n
        self._payoffs, self._log, self._board, self._hole = None, prepared.log[:], [], ()
        self._street, self._queue, self._show_queue = _PREFLOP, prepared.queue[:], []
        self._actor, self._aggressor, self._opener = prepared.actor, None, prepared.opener
        self._bet = prepared.bet[:]
        self._raises, self._inc, self._max_bet = prepared.raises, prepared.inc, prepared.max_bet
        self._round_capped = prepared.round_capped

    def _copy_own(self) -> Hand:
        """A new hand of this class with its own fields copied (``Showdown.copy`` does the rest)."""
        if type(self) is Hand:
            new = Hand.__new__(Hand)
        else:  # a subclass: its instance dictionary, if any, is deep-copied
            new = type(self).__new__(type(self))
            if getattr(self, "__dict__", None):
                new.__dict__.update(copy.deepcopy(self.__dict__))
        new._structure, new._forced_bets = self._structure, self._forced_bets
        new._small_bet, new._big_bet, new._min_bet = self._small_bet, self._big_bet, self._min_bet
        new._raises, new._max_bet, new._inc = self._raises, self._max_bet, self._inc
        new._round_capped, new._fold_free = self._round_capped, self._fold_free
        new._reopen, new._kind, new._cap = self._reopen, self._kind, self._cap
        new._flags = self._flags
        new._bet, new._reopen_at = self._bet[:], self._reopen_at[:]
        new._shorts, new._cards, new._acted = self._shorts[:], self._cards, set(self._acted)
        new._antes_due, new._sizes = self._antes_due, self._sizes  # tuples
        posts = self._posts
        new._posts = None if posts is None else (posts[0][:], posts[1][:])
        return new

    # -- set-up --------------------------------------------------------------------------------

    def _post_forced(
        self, antes: tuple[int, ...], forced: tuple[int, ...], dead: tuple[int, ...]
    ) -> None:
        n = self._n
        largest = post_forced(
            n, antes, forced, dead, self._posts, self._stack, self._contrib, self._ante,
            self._bet, self._log, self._rules,
        )  # fmt: skip
        bet = self._bet
        for i in range(n):
            f = bet[i]
            self._max_bet = f if f > self._max_bet else self._max_bet
        # The pre-flop round: the largest blind or straddle counts as its opening bet.
        self._inc = self._opening_size(_PREFLOP)
        if self._flags & STRADDLE_MIN and self._inc:
            self._inc = max(self._inc, largest)
        self._raises = 0
        if largest and self._flags & CAP_BLIND and not self._completes(largest):
            self._raises = 1  # (a blind short of the small bet is a bring-in, not a bet)
            for i in range(2, n):
                self._raises += forced[i] != 0

    def _opening_size(self, street: Street) -> int:
        """The size a raise must reach to be full before anyone bets on this street."""
        if self._reopen == POKERKIT:
            return 0  # pokerkit: the largest raise so far, none yet (the minimum bet still holds)
        return self._street_bet() if self._kind == FIXED else self._min_bet

    # -- betting rounds ------------------------------------------------------------------------

    def _begin_round(self) -> None:
        """Set up the betting of the current street (the blinds are already in pre-flop)."""
        n, street = self._n, self._street
        bet, stack, folded = self._bet, self._stack, self._folded
        if street is _PREFLOP:
            # Left of the largest blind or straddle: pokerkit looks at what was posted.
            first = first_to_act(n, bet, self._forced_bets, self._posts, self._flags & BY_POSTED)
        else:
            first = 0
            self._inc = self._opening_size(street)
            self._raises = 0
            self._max_bet = 0
        self._aggressor = None
        self._opener = first
        if self._acted:
            self._acted.clear()
        if self._shorts:
            self._shorts.clear()
        reopen = self._reopen_at
        for i in range(n):
            reopen[i] = 0
        queue = round_queue(n, first, bet, stack, folded)  # (in reverse order: the actor last)
        live = self._live
        rules = self._rules
        self._round_capped = self._kind == FIXED and self._cap >= 0
        if self._round_capped and rules.uncapped_heads_up and live == 2:
            self._round_capped = False
        if len(queue) == 1 and bet[queue[0]] >= self._max_bet:
            queue.clear()
        self._queue = queue
        if queue:
            self._actor = queue[-1]
        else:
            self._end_round()

    def _street_bet(self) -> int:
        return self._sizes[self._street]

    def _completes(self, max_bet: int) -> bool:  # a short blind is completed (see Rules)
        fixed, short = self._kind == FIXED, max_bet < self._small_bet
        return fixed and short and self._street is _PREFLOP and self._rules.complete_short_blind

    def legal_actions(self) -> Legal:
        """What the seat to act, or the first seat to discard, may do now, and for how much.

        Between the betting rounds of a Pineapple hand it is a discard (``LegalDiscard``).

        :raises ActionError: when no one is to act or discard (the showdown, or the hand is over).
        """
        actor, street = self._actor, self._street
        if actor is None or street is _SHOWDOWN or street is _COMPLETE:
            if self._discarding:  # Pineapple: the first seat still to discard
                return self._discard_legal(self._discarding[0])
            raise ActionError(self._nobody_to_act())
        i = actor
        bet_i = self._bet[i]
        stack_i = self._stack[i]
        max_bet = self._max_bet
        owed = max_bet - bet_i
        call = (owed if owed < stack_i else stack_i) if owed > 0 else None
        fold = owed != 0 or self._fold_free
        lo = self._raise_min(i, owed, stack_i, bet_i)
        # legal_of skips the NamedTuple's Python-level __new__ (this is the hottest call).
        if lo < 0:
            return legal_of(Legal, i, fold, owed <= 0, call, None, None)
        hi = self._raise_max(lo, owed, stack_i, bet_i)
        return legal_of(Legal, i, fold, owed <= 0, call, lo, hi)

    def _raise_min(self, i: int, owed: int, stack_i: int, bet_i: int) -> int:
        """The smallest total the seat to act (``i``) may bet or raise to, all its chips when it
        has no more (see :meth:`_raise_max` for the largest), or -1 when it may not bet or raise
        now. (Two C calls that give C ints, compiled: no tuple of two new ints a decision.)"""
        kind, flags = self._kind, self._flags
        if stack_i <= owed and not (kind == FIXED and flags & SHORT_RAISE):
            return -1  # (the ACPC dealer lets him raise all-in: see Rules)
        max_bet = self._max_bet
        if self._round_capped and self._raises >= self._cap:
            return -1
        bet, stack, folded = self._bet, self._stack, self._folded
        cover = flags & COVER
        for j in range(self._n):
            if j != i and not folded[j]:
                b, s = bet[j], stack[j]
                if b + s > (max_bet if cover else b):
                    break
        else:
            return -1  # no one left who could call a raise
        reopen = self._reopen
        inc = self._inc
        if reopen == FULL_RAISE:
            if max_bet < self._reopen_at[i]:
                return -1
        elif reopen == POKERKIT:
            if owed < inc:  # pokerkit: "Short all-in cannot be raised."
                return -1
            shorts = self._shorts
            if shorts and sum(shorts) < inc and i in self._acted:
                return -1
        all_in = bet_i + stack_i
        if kind == FIXED:
            lo = self._small_bet if self._completes(max_bet) else max_bet + self._street_bet()
        else:
            floor = 0 if flags & NO_FLOOR else self._min_bet  # ACPC: no floor (see Rules)
            lo = max_bet + (inc if inc > floor else floor)
        return all_in if all_in <= lo else lo

    def _raise_max(self, lo: int, owed: int, stack_i: int, bet_i: int) -> int:
        """The largest total the seat to act may bet or raise to, when :meth:`_raise_min` gave
        ``lo`` (not -1): all its chips in no limit, the smallest in fixed limit, in pot limit a
        raise by the pot after the call (the smallest if that is less); never more than all
        its chips."""
        all_in = bet_i + stack_i
        kind = self._kind
        if kind == NOLIMIT or all_in <= lo:
            return all_in
        if kind == FIXED:
            return lo
        # Pot limit: call, then raise by the pot (the sum is only needed there); the minimum
        # raise is always allowed, even above the pot (a small pot pre-flop).
        hi = self._max_bet + owed + sum(self._contrib)
        if hi < lo:
            hi = lo
        return hi if hi < all_in else all_in

    def _check_turn(self, seat: int | None) -> int:
        actor, street = self._actor, self._street
        if actor is None or street is _SHOWDOWN or street is _COMPLETE:
            raise ActionError(self._nobody_to_act())
        if seat is not None and seat != actor:
            raise ActionError(f"seat {seat} acted out of turn: seat {actor} is to act")
        return actor

    def can_fold(self) -> bool:
        """True when the seat to act may fold (never raises: False when no one is to act)."""
        return (
            self._actor is not None
            and self._street < _SHOWDOWN
            and (self._bet[self._actor] != self._max_bet or self._fold_free)
        )

    def can_check(self) -> bool:
        """True when the seat to act may check."""
        i = self._actor
        return i is not None and self._street < _SHOWDOWN and self._bet[i] >= self._max_bet

    def can_call(self) -> bool:
        """True when the seat to act faces a bet it may call."""
        i = self._actor
        return i is not None and self._street < _SHOWDOWN and self._bet[i] < self._max_bet

    def can_raise_to(self, amount: int) -> bool:
        """True when the seat to act may bet or raise to this total.

        It runs the checks of :meth:`raise_to` and never raises: False for any amount that
        :meth:`raise_to` would refuse.
        """
        try:
            self._raise_check(amount, None)
        except ActionError:
            return False
        return True

    def can_bet(self, amount: int) -> bool:
        """Alias of :meth:`can_raise_to`."""
        return self.can_raise_to(amount)

    def fold(self, seat: int | None = None) -> None:
        """The seat to act folds (``seat``, if given, must be the seat to act).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it could
            check and the rules forbid folding then (``Rules.fold_when_free``).
        """
        i = self._check_turn(seat)
        b = self._bet[i]  # (compiled: a C int)
        if b == self._max_bet and not self._fold_free:
            raise ActionError(f"seat {i} may not fold when it can check (rules {self._rules.name})")
        self._folded[i] = True
        self._live -= 1
        k = self._street  # (compiled: a C int, the shared entries found in C)
        self._log.append(FOLDS[k][i])  # (an entry every hand shares)
        self._next(i)

    def check(self, seat: int | None = None) -> None:
        """The seat to act checks.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it faces
            a bet (the message says how much it would call).
        """
        self._check_at(self._check_turn(seat))

    def _check_at(self, i: int) -> None:
        """:meth:`check` for seat ``i``, the seat to act."""
        b = self._bet[i]  # (compiled: a C int)
        owed = self._max_bet - b
        if owed > 0:
            raise ActionError(
                f"seat {i} cannot check facing a bet: call {min(owed, self._stack[i])}, "
                "raise or fold"
            )
        k = self._street  # (compiled: a C int)
        self._log.append(CHECKS[k][i])
        if owed < 0:  # over the bet a short raise lowered (Rules.limit_short_raise)
            _stakes.take_back(
                self._bet, self._stack, self._contrib, i, self._max_bet, self._log, self._street
            )
        self._next(i)

    def call(self, seat: int | None = None) -> None:
        """The seat to act calls (all-in if its stack is short).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or there is
            no bet to call.
        """
        self._call_at(self._check_turn(seat))

    def _call_at(self, i: int) -> None:
        """:meth:`call` for seat ``i``, the seat to act."""
        b = self._bet[i]  # (compiled: a C int)
        owed = self._max_bet - b
        if owed <= 0:
            raise ActionError(f"seat {i} has no bet to call: check, bet or fold")
        stack, s = self._stack, self._stack[i]
        add = owed if owed < s else s
        stack[i] = s - add
        self._bet[i] = self._max_bet - owed + add  # (its bet, plus what it adds)
        chips = add  # (compiled: one int object for the two uses below)
        self._contrib[i] += chips
        self._log.append((_EV_CALL, i, chips, (), self._street, s == add))
        self._next(i)

    def check_or_call(self, seat: int | None = None) -> None:
        """Check when nothing is owed, else call.

        :raises ActionError: when no one is to act or ``seat`` is not the seat to act.
        """
        i = self._check_turn(seat)
        b = self._bet[i]  # (compiled: a C int)
        if b >= self._max_bet:
            self._check_at(i)
        else:
            self._call_at(i)

    def _raise_check(self, amount: object, seat: int | None) -> int:
        i = self._check_turn(seat)
        if type(amount) is not int:
            if not is_int(amount):
                raise ActionError(f"a bet or raise is an int number of chips, got {amount!r}")
            amount = _index(amount)  # a plain int: a subclass's comparisons may lie
        stack_i, bet_i = self._stack[i], self._bet[i]
        owed = self._max_bet - bet_i
        lo = self._raise_min(i, owed, stack_i, bet_i)
        if lo < 0:
            legal = self.legal_actions()
            options = ["fold"] if legal.fold else []
            options.append("check" if legal.check else f"call {legal.call}")
            raise ActionError(f"seat {i} may not bet or raise now: {' or '.join(options)}")
        hi = self._raise_max(lo, owed, stack_i, bet_i)
        if not lo <= amount <= hi:
            what = "raise" if self._max_bet else "bet"
            span = f"to {lo}" if lo == hi else f"to {lo} .. {hi}"
            raise ActionError(f"seat {i} cannot {what} to {amount}: it may {what} {span}")
        return i

    def raise_to(self, amount: int, seat: int | None = None) -> None:
        """The seat to act bets or raises so that its bet on this street totals ``amount``.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, the seat may
            not bet or raise now, or ``amount`` is not an int (a bool, a float, a Fraction ...)
            or is outside :meth:`legal_actions`' ``min_raise_to .. max_raise_to`` (a negative
            amount too); the message says what would be legal.
        """
        i = self._raise_check(amount, seat)
        if type(amount) is not int:
            amount = _index(amount)  # checked as a plain int by _raise_check
        bet, stack = self._bet, self._stack
        max_bet = self._max_bet
        total, b, s = amount, bet[i], stack[i]  # (compiled: C ints; the amount is legal)
        add = total - b
        s -= add
        stack[i] = s
        bet[i] = amount
        self._contrib[i] += add
        kind = _EV_RAISE if max_bet else _EV_BET
        self._log.append((kind, i, amount, (), self._street, not s))
        size = total - max_bet
        rules = self._rules
        reopen = self._reopen
        inc = self._inc
        if reopen == FULL_RAISE:
            full = size >= inc or (
                self._kind == FIXED and rules.half_bet_reopens and 2 * size >= self._street_bet()
            )
            if full or self._completes(max_bet):
                if self._kind != FIXED and size > inc:
                    self._inc = size
                reopen_at = self._reopen_at
                for j in range(self._n):
                    reopen_at[j] = 0
            self._reopen_at[i] = total + self._inc
        elif reopen == POKERKIT:
            self._inc = pokerkit_raise(size, inc, not stack[i], self._acted, self._shorts)
        elif rules.min_raise_last:  # ACPC: reach the last minimum and this raise plus its size
            self._inc = max(max_bet + inc - total, size)
        elif size > inc:  # ALWAYS: the next raise is at least the largest one
            self._inc = size
        self._raises += 1
        self._max_bet = total
        self._aggressor = i
        # Everyone else who can still act must act again, in order after the raiser.
        self._queue = raise_queue(i, self._n, self._folded, stack)
        self._next(i)

    bet = raise_to

    def _street_bets(self) -> list[int]:
        return self._bet

    #: ``Hand[int]`` or ``Hand[int | Fraction]`` in an annotation: the type of its chip counts.
    __class_getitem__: classmethod[Hand, [object], types.GenericAlias] = classmethod(
        types.GenericAlias
    )

    def all_in(self, seat: int | None = None) -> None:
        """The seat to act puts in all its chips (a bet, raise or call).

        When every other seat still in is all-in for no more than the bet to call, a call is all
        that can matter: the seat calls.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or the seat
            may not raise all-in now (a fixed-limit bet, a capped round, a raise not reopened).
        """
        i = self._check_turn(seat)
        bet, stack, folded = self._bet, self._stack, self._folded
        total = bet[i] + stack[i]
        covered = all(
            folded[j] or bet[j] + stack[j] <= self._max_bet for j in range(self._n) if j != i
        )
        if total <= self._max_bet or (covered and self._max_bet > bet[i]):
            self.call(i)
            return
        self.raise_to(total, i)

    def _next(self, i: int) -> None:
        queue = self._queue
        if queue:
            last = queue[-1]  # (compiled, C ints compared: no int object made)
            if last == i:
                queue.pop()
        reopen = self._reopen
        if reopen == POKERKIT:
            self._acted.add(i)
        elif reopen == FULL_RAISE:
            at = self._reopen_at[i]
            if at < self._max_bet:
                self._reopen_at[i] = self._max_bet + self._inc
        if queue and self._live > 1:
            self._actor = queue[-1]
            return
        self._actor = None
        self._end_round()

    def _end_round(self) -> None:
        n, bet, stack, folded = self._n, self._bet, self._stack, self._folded
        street = self._street
        return_uncalled(n, bet, stack, self._contrib, self._log, street)  # (bets cleared)
        self._max_bet = 0
        i = able = 0  # the last live seat, and the live seats with chips behind
        for j in range(n):
            if not folded[j]:
                i = j
                if stack[j]:
                    able += 1
        if self._live == 1:
            self._award({i: None})
            return
        k = street  # (compiled: a C int; the streets before the showdown go up to the river)
        if street is _RIVER or able <= 1:
            while self._street is not _RIVER:
                if self._game is not None and self._game_pause(True):
                    return  # Pineapple: the discards come first (see Showdown.discard)
                at = self._street
                self._street = _STREETS[at + 1]
                self._deal_board(self._cards)
            if self._runs > 1 and street is not _RIVER:  # all-in before the river: run it N times
                self._deal_runs(self._cards, k + 1)
            self._begin_showdown()
            return
        if self._game is not None and self._game_pause(False):
            return  # discards, or Manila's next board card and betting round
        self._street = _STREETS[k + 1]
        self._deal_board(self._cards)
        self._begin_round()

    # -- what anyone can see -----------------------------------------------------------------------

    @property
    def structure(self) -> Structure:
        """The betting structure: :attr:`Structure.NO_LIMIT`, ``POT_LIMIT`` or ``FIXED_LIMIT``."""
        return self._structure

    @property
    def forced_bets(self) -> tuple[int, ...]:
        """The blind or straddle each seat was due to post (0 for none; antes not included)."""
        return self._forced_bets

    @property
    def antes(self) -> tuple[int, ...]:
        """The ante each seat was due to post (a big-blind ante included), before any trimming
        (``Rules.ante_trimming``) or a short stack cut it; the events say what was posted."""
        return self._antes_due

    @property
    def small_bet(self) -> int:
        """Fixed limit: the size of a bet or raise pre-flop and on the flop."""
        return self._small_bet

    @property
    def big_bet(self) -> int:
        """Fixed limit: the size of a bet or raise on the turn (the river: :attr:`river_bet`)."""
        return self._big_bet

    @property
    def river_bet(self) -> int:
        """Fixed limit: the size of a bet or raise on the river (the big bet unless given)."""
        return self._sizes[3]

    @property
    def min_bet(self) -> int:
        """The smallest opening bet (no limit, pot limit) or the small bet (fixed limit)."""
        return self._min_bet

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on the current street."""
        return tuple(self._bet)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hole cards and public information only.

        The :class:`View` also carries the pot total and the chips the seat would add to call
        (its ``pots`` include this street's bets: see :class:`View`).

        :raises ActionError: for a seat that is not an int from 0 to :attr:`players` - 1.
        """
        seat = self._seat(seat)
        actor, hole, final, stack = self._actor, self._hole, self._final, self._stack[seat]
        legal = self.legal_actions() if actor == seat and self._street < _SHOWDOWN else None
        if seat in self._discarding:
            legal = self._discard_legal(seat)
        owed = self._max_bet - self._bet[seat] if not self._folded[seat] else 0
        shown = tuple([hole[i] if self._shown[i] else None for i in range(self._n)])
        fields = [seat, hole[seat], tuple(self._board), self._street, actor, legal,
                  tuple(self._stack if final is None else final), tuple(self._bet), None,
                  tuple(self._folded), shown, None, sum(self._contrib),
                  (owed if owed < stack else stack) if owed > 0 else 0,
                  tuple(self._discarding)]  # fmt: skip
        seen = (tuple(self._contrib), tuple(self._ante), self._log_seen_by(seat))
        return late_view(fields, seen)  # the pots and events: built on first use

    def __repr__(self) -> str:
        state = (
            "over" if self.is_over else f"{self._street.name.lower()}, seat {self._actor} to act"
        )
        return f"<Hand: {self._n} players, {self._structure.value}, {state}>"
