"""One hand of Texas hold'em as a state machine: forced bets, dealing, betting, pots, showdown.

Seats are numbered clockwise from the seat left of the button: seat 0 is the small blind (with
three or more players), the last seat is the button. Heads-up, the button (seat 1) posts the
small blind, acts first before the flop and last after it.

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

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple, TypeAlias

from holdem import _core
from holdem._validate import is_int
from holdem.cards import Card, CardLike, Deck, format_cards, parse_cards
from holdem.engine.pots import Pot, build_pots, split
from holdem.engine.rules import PRESETS, OddChips, Reopen, Rules, Structure
from holdem.errors import ActionError, CardError, RulesError

__all__ = ["Event", "EventKind", "Hand", "Legal", "Street", "View"]

Chips: TypeAlias = int | Fraction
ShowdownMode = Literal["auto", "all", "manual"]

_ALL_CARDS = tuple(Card(i) for i in range(52))
_showdown_values = _core.showdown_values
_MAX_CHIPS = 2**60  # the compiled engine counts chips in 64-bit integers
_MAX_PLAYERS = 22  # 2 * 22 hole cards + 3 burns + 5 board cards = 52


class Street(enum.IntEnum):
    """Where a hand is: a betting round, the showdown, or over."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5


_STREETS = tuple(Street)
_new_tuple = tuple.__new__

# Small ints for the rule choices the hot paths test (the compiled Hand keeps them as C ints).
_FULL_RAISE, _POKERKIT, _ALWAYS = 0, 1, 2
_FIXED, _POT, _NOLIMIT = 0, 1, 2
_R_FULL, _R_POKERKIT = Reopen.FULL_RAISE, Reopen.POKERKIT
_S_NOLIMIT, _S_POT = Structure.NO_LIMIT, Structure.POT_LIMIT
_FRACTIONAL = OddChips.FRACTIONAL


class EventKind(enum.Enum):
    """What happened, in an :class:`Event` of a hand's log."""

    ANTE = "ante"
    BLIND = "blind"
    STRADDLE = "straddle"
    DEAL_HOLE = "deal-hole"
    BURN = "burn"
    DEAL_BOARD = "deal-board"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"
    SHOW = "show"
    MUCK = "muck"
    WIN = "win"


# Module constants for the enum members the hot paths use (a global is found faster than an
# Enum class attribute).
_PREFLOP, _FLOP, _TURN, _RIVER, _SHOWDOWN, _COMPLETE = Street
(
    _EV_ANTE,
    _EV_BLIND,
    _EV_STRADDLE,
    _EV_DEAL_HOLE,
    _EV_BURN,
    _EV_DEAL_BOARD,
    _EV_FOLD,
    _EV_CHECK,
    _EV_CALL,
    _EV_BET,
    _EV_RAISE,
    _EV_RETURN,
    _EV_SHOW,
    _EV_MUCK,
    _EV_WIN,
) = EventKind


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
    allowed: then both bounds are the all-in total.
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


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see: its own hole cards and public information, never the deck."""

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


def _chips(value: object, what: str) -> int:
    if type(value) is not int and not is_int(value):  # the first test is the fast path
        raise RulesError(f"{what} must be an int number of chips, got {value!r}")
    if value < 0:
        raise RulesError(f"{what} must not be negative, got {value!r}")
    if value > _MAX_CHIPS:
        raise RulesError(f"{what} is too large: at most 2**60 chips, got {value!r}")
    return value


class Hand:
    """One hand: build it with the stacks and stakes, then act until :attr:`is_over`.

    Stakes: ``blinds=(small, big)`` (or one blind, or none), ``straddles`` (live, by the seats
    after the big blind), ``ante`` (every seat) and ``big_blind_ante`` (posted by the big blind,
    not a straddle; the default ``min_bet`` is the big blind too); or per-seat lists
    ``forced_bets`` and ``antes`` instead. ``structure``: 'no-limit', 'pot-limit' or
    'fixed-limit' (then ``small_bet`` and ``big_bet``, by default the big blind and twice it).
    ``min_bet``: the smallest opening bet in no limit and pot limit (by default the big blind).
    ``rules``: a :class:`Rules` or a preset name.

    Cards: from ``deck`` (a :class:`Deck` or cards in dealing order), else shuffled by ``rng``
    (a ``random.Random``) or from ``seed``; ``hole_cards`` and ``board`` fix some cards (None for
    any card). Dealing is one card at a time from seat 0 to the button, twice, then a burn
    before the flop, the turn and the river.

    ``showdown``: 'auto' (a hand shows when it can still win, else it is mucked), 'all' (every
    hand shows), or 'manual' (call :meth:`show` or :meth:`muck` for the seat to act).
    """

    # Compiled, the class is a cdef class whose attributes are declared in state.pxd (keep the
    # two in step: an attribute missing there fails at run time in the compiled build only).
    __slots__ = (
        "_acted",
        "_actor",
        "_aggressor",
        "_ante",
        "_bet",
        "_board",
        "_cap",
        "_cards",
        "_contrib",
        "_final",
        "_fold_free",
        "_folded",
        "_hole",
        "_inc",
        "_kind",
        "_live",
        "_log",
        "_max_bet",
        "_min_bet",
        "_mucked",
        "_n",
        "_opener",
        "_payoffs",
        "_queue",
        "_raises",
        "_reopen",
        "_reopen_at",
        "_round_capped",
        "_shorts",
        "_show_queue",
        "_shown",
        "_stack",
        "_start",
        "_street",
        "big_bet",
        "forced_bets",
        "rules",
        "showdown_mode",
        "small_bet",
        "structure",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        *,
        blinds: Sequence[int] = (),
        straddles: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: int = 0,
        forced_bets: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        structure: Structure | str = Structure.NO_LIMIT,
        small_bet: int | None = None,
        big_bet: int | None = None,
        min_bet: int | None = None,
        rules: Rules | str = "casino",
        deck: Deck | Sequence[CardLike] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        hole_cards: Sequence[Sequence[CardLike] | None] | None = None,
        board: Sequence[CardLike] = (),
        showdown: ShowdownMode = "auto",
    ) -> None:
        n = len(stacks)
        if not 2 <= n <= _MAX_PLAYERS:
            raise RulesError(f"a hand has 2 to {_MAX_PLAYERS} players, got {n}")
        start = [_chips(s, f"stack of seat {i}") for i, s in enumerate(stacks)]
        if not all(start):
            raise RulesError(f"every seat needs chips to play a hand, got stacks {start}")
        if isinstance(rules, str):
            self.rules = _PRESETS[rules] if rules in _PRESETS else Rules.preset(rules)
        else:
            self.rules = rules
        if not isinstance(self.rules, Rules):
            raise RulesError(f"rules must be a Rules or a preset name, got {rules!r}")
        self.structure = (
            structure if isinstance(structure, Structure) else Structure.parse(structure)
        )
        if showdown not in ("auto", "all", "manual"):
            raise RulesError(f"showdown must be 'auto', 'all' or 'manual', got {showdown!r}")
        self.showdown_mode: ShowdownMode = showdown
        self._n = n
        # (identity tests: an Enum's __hash__ runs in Python, a dict lookup would call it)
        reopen = self.rules.reopen
        self._reopen = (
            _FULL_RAISE if reopen is _R_FULL else _POKERKIT if reopen is _R_POKERKIT else _ALWAYS
        )
        structure = self.structure
        self._kind = (
            _NOLIMIT if structure is _S_NOLIMIT else _POT if structure is _S_POT else _FIXED
        )
        self._fold_free = self.rules.fold_when_free
        self._cap = -1 if self.rules.cap is None else self.rules.cap

        forced = self._forced_bets(n, blinds, straddles, forced_bets)
        self.forced_bets: tuple[int, ...] = tuple(forced)
        # The big blind's seat: not a straddle's, which is larger (per-seat lists: the largest).
        if forced_bets is None and len(blinds) == 2:
            bb_seat = 0 if n == 2 else 1
        else:
            bb_seat = forced.index(max(forced))
        big_blind = forced[bb_seat]
        if antes is None:
            ante_list = [_chips(ante, "ante")] * n
            bb_ante = _chips(big_blind_ante, "big-blind ante")
            if bb_ante:
                ante_list[bb_seat] += bb_ante
        else:
            if len(antes) != n:
                raise RulesError(f"antes has {len(antes)} entries for {n} seats")
            ante_list = [_chips(a, f"ante of seat {i}") for i, a in enumerate(antes)]

        if self._kind == _FIXED:
            sb = big_blind if small_bet is None else _chips(small_bet, "small bet")
            if not sb:
                raise RulesError("fixed limit needs a small bet (or a big blind)")
            self.small_bet: int = sb
            self.big_bet: int = 2 * sb if big_bet is None else _chips(big_bet, "big bet")
            self._min_bet = sb
        else:
            mb = big_blind if min_bet is None else _chips(min_bet, "minimum bet")
            if not mb:
                raise RulesError("no limit and pot limit need a minimum bet (or a big blind)")
            self._min_bet = mb
            self.small_bet = mb if small_bet is None else _chips(small_bet, "small bet")
            self.big_bet = 2 * self.small_bet if big_bet is None else _chips(big_bet, "big bet")

        self._cards = self._deal_order(n, deck, seed, rng, hole_cards, board)
        self._start = start
        self._stack: list[int] = list(start)
        self._final: list[Chips] | None = None
        self._bet = [0] * n
        self._contrib = [0] * n
        self._ante = [0] * n
        self._folded = [False] * n
        self._live = n
        self._mucked = [False] * n
        self._shown: list[bool] = [False] * n
        self._payoffs: list[Chips] | None = None
        self._log: list[tuple[EventKind, int | None, Chips, tuple[Card, ...], Street, bool]] = []
        self._board: list[Card] = []
        self._hole: list[tuple[Card, ...]] = []
        self._street = _PREFLOP
        self._queue: list[int] = []
        self._show_queue: list[int] = []
        self._actor: int | None = None
        self._aggressor: int | None = None
        self._opener = 0
        self._acted: set[int] = set()
        self._shorts: list[int] = []
        self._reopen_at = [0] * n
        self._raises = 0
        self._inc = 0
        self._max_bet = 0
        self._round_capped = False
        self._post_forced(ante_list, forced)
        self._deal_hole()
        self._begin_round()

    # -- set-up --------------------------------------------------------------------------------

    @staticmethod
    def _forced_bets(
        n: int, blinds: Sequence[int], straddles: Sequence[int], forced: Sequence[int] | None
    ) -> list[int]:
        if forced is not None:
            if blinds or straddles:
                raise RulesError("give either forced_bets or blinds/straddles, not both")
            if len(forced) != n:
                raise RulesError(f"forced_bets has {len(forced)} entries for {n} seats")
            return [_chips(f, f"forced bet of seat {i}") for i, f in enumerate(forced)]
        blind_list = [_chips(b, "blind") for b in blinds]
        straddle_list = [_chips(s, "straddle") for s in straddles]
        if len(blind_list) > 2:
            raise RulesError(f"at most two blinds (small, big), got {list(blinds)}")
        out = [0] * n
        if n == 2:
            if straddle_list:
                raise RulesError("heads-up, there is no seat to straddle")
            if len(blind_list) == 2:  # the button posts the small blind
                out[1], out[0] = blind_list
            elif blind_list:
                out[0] = blind_list[0]
            return out
        if len(blind_list) + len(straddle_list) > n:
            raise RulesError(f"{len(blind_list) + len(straddle_list)} forced bets for {n} seats")
        if straddle_list and len(blind_list) < 2:
            raise RulesError("a straddle needs a small and a big blind before it")
        for i, amount in enumerate(blind_list + straddle_list):
            out[i] = amount
        return out

    def _deal_order(
        self,
        n: int,
        deck: Deck | Sequence[CardLike] | None,
        seed: int | None,
        rng: random.Random | None,
        hole_cards: Sequence[Sequence[CardLike] | None] | None,
        board: Sequence[CardLike],
    ) -> list[Card]:
        """The 2n + 8 cards of the hand in dealing order (hole cards, burn, flop, burn, ...)."""
        need = 2 * n + 8
        if deck is not None:
            if hole_cards is not None or board or seed is not None or rng is not None:
                raise RulesError("a deck fixes every card: do not also give cards, seed or rng")
            cards = list(deck.remaining if isinstance(deck, Deck) else parse_cards(deck))
            if len(cards) < need:
                raise CardError(f"the deck has {len(cards)} cards; {n} players need {need}")
            return cards[:need]
        if seed is not None and rng is not None:
            raise RulesError("give a seed or an rng, not both")
        if seed is not None and not is_int(seed):
            raise RulesError(f"a hand's seed is an int, got {seed!r}")
        if rng is None:
            rng = random.Random(seed) if seed is not None else _RNG
        if hole_cards is None and not board:  # the common case: every card at random
            return _core.draw(list(_ALL_CARDS), need, rng.getrandbits(64))
        slots: list[Card | None] = [None] * need
        if hole_cards is not None:
            if len(hole_cards) != n:
                raise CardError(f"hole_cards has {len(hole_cards)} entries for {n} seats")
            for seat, pair in enumerate(hole_cards):
                if pair is None:
                    continue
                if len(pair) != 2:
                    raise CardError(f"seat {seat} needs two hole cards, got {pair!r}")
                for k, c in enumerate(pair):
                    if c is not None:
                        slots[k * n + seat] = Card(c)
        fixed_board = list(parse_cards(board)) if board else []
        if len(fixed_board) > 5:
            raise CardError(f"a board has at most five cards, got {len(fixed_board)}")
        for k, c in enumerate(fixed_board):
            slots[2 * n + 1 + k + (k >= 3) + (k >= 4)] = c
        known = [c for c in slots if c is not None]
        if len(set(known)) != len(known):
            dup = next(c for c in known if known.count(c) > 1)
            raise CardError(f"card {dup} is dealt twice")
        taken = set(known)
        pool = [c for c in _ALL_CARDS if c not in taken] if taken else list(_ALL_CARDS)
        fill = iter(_core.draw(pool, need - len(known), rng.getrandbits(64)))
        return [c if c is not None else next(fill) for c in slots]

    def _post_forced(self, antes: list[int], forced: list[int]) -> None:
        n = self._n
        stack, log = self._stack, self._log
        posted = [min(a, stack[i]) for i, a in enumerate(antes)]
        room = list(stack)  # what a blind may take
        if self.rules.ante_trimming and n > 1:
            # pokerkit: the trimmed part goes back, but a blind is still capped by the stack
            # less the untrimmed ante.
            room = [stack[i] - a for i, a in enumerate(posted)]
            cutoff = sorted(posted)[-2]
            posted = [min(a, cutoff) for a in posted]
        for i, a in enumerate(posted):
            if a:
                stack[i] -= a
                self._contrib[i] += a
                self._ante[i] = a
                log.append((_EV_ANTE, i, a, (), _PREFLOP, not stack[i]))
        order = range(n) if n > 2 else (1, 0)
        largest = max(forced)
        for i in order:
            f = min(forced[i], stack[i], room[i])
            if not f:
                continue
            stack[i] -= f
            self._bet[i] = f
            self._contrib[i] += f
            straddle = n > 2 and i >= 2
            kind = _EV_STRADDLE if straddle else _EV_BLIND
            log.append((kind, i, f, (), _PREFLOP, not stack[i]))
        self._max_bet = max(self._bet)
        # The pre-flop round: the largest blind or straddle counts as its opening bet.
        rules = self.rules
        self._inc = self._opening_size(_PREFLOP)
        if rules.straddle_sets_min_raise and self._inc:
            self._inc = max(self._inc, largest)
        self._raises = 1 + sum(1 for i in range(2, n) if forced[i]) if largest else 0
        if not rules.cap_counts_blind:
            self._raises = 0

    def _opening_size(self, street: Street) -> int:
        """The size a raise must reach to be full before anyone bets on this street."""
        if self._reopen == _POKERKIT:
            return 0  # pokerkit: the largest raise so far, none yet (the minimum bet still holds)
        if self._kind == _FIXED:
            return self.big_bet if street >= _TURN else self.small_bet
        return self._min_bet

    def _deal_hole(self) -> None:
        n, cards = self._n, self._cards
        self._hole = [(cards[i], cards[n + i]) for i in range(n)]
        for i in range(n):
            self._log.append((_EV_DEAL_HOLE, i, 0, self._hole[i], _PREFLOP, False))

    # -- betting rounds ------------------------------------------------------------------------

    def _begin_round(self) -> None:
        """Set up the betting of the current street (the blinds are already in pre-flop)."""
        n, street = self._n, self._street
        bet, stack, folded = self._bet, self._stack, self._folded
        if street is _PREFLOP:
            # Left of the largest blind or straddle (the later seat on a tie): heads-up, the
            # button; with none, left of the button. pokerkit looks at what was posted.
            forced = bet if self.rules.opener_by_posted else self.forced_bets
            top = 0
            for i in range(1, n):
                if forced[i] >= forced[top]:
                    top = i
            first = (top + 1) % n if forced[top] else 0
        else:
            first = 0
            self._inc = self._opening_size(street)
            self._raises = 0
            self._max_bet = 0
        self._aggressor = None
        self._opener = first
        self._acted.clear()
        self._shorts.clear()
        reopen = self._reopen_at
        for i in range(n):
            reopen[i] = 0
        totals = [bet[i] + stack[i] for i in range(n) if not folded[i]]
        totals.sort()
        second = totals[-2] if len(totals) > 1 else 0
        queue = []
        for k in range(n):
            i = (first + k) % n
            if not folded[i] and stack[i] and second > bet[i]:
                queue.append(i)
        live = self._live
        rules = self.rules
        self._round_capped = self._kind == _FIXED and self._cap >= 0
        if self._round_capped and rules.uncapped_heads_up and live == 2:
            self._round_capped = False
        if len(queue) == 1 and bet[queue[0]] >= self._max_bet:
            queue.clear()
        self._queue = queue
        if queue:
            self._actor = queue[0]
        else:
            self._end_round()

    def _street_bet(self) -> int:
        return self.big_bet if self._street >= _TURN else self.small_bet

    def legal_actions(self) -> Legal:
        """What the seat to act may do (an :class:`ActionError` when no one is to act)."""
        actor = self._actor
        if actor is None or self._street >= _SHOWDOWN:
            raise ActionError(self._nobody_to_act())
        i = actor
        bet_i = self._bet[i]
        stack_i = self._stack[i]
        max_bet = self._max_bet
        owed = max_bet - bet_i
        call = (owed if owed < stack_i else stack_i) if owed > 0 else None
        lo, hi = self._raise_range(i, owed, stack_i, bet_i)
        # tuple.__new__ skips the NamedTuple's Python-level __new__ (this is the hottest call).
        return _new_tuple(Legal, (i, owed > 0 or self._fold_free, owed <= 0, call, lo, hi))

    def _raise_range(
        self, i: int, owed: int, stack_i: int, bet_i: int
    ) -> tuple[int | None, int | None]:
        if stack_i <= owed:
            return None, None
        max_bet = self._max_bet
        if self._round_capped and self._raises >= self._cap:
            return None, None
        bet, stack, folded = self._bet, self._stack, self._folded
        rules = self.rules
        cover = rules.raise_needs_cover
        for j in range(self._n):
            if j != i and not folded[j] and bet[j] + stack[j] > (max_bet if cover else bet[j]):
                break
        else:
            return None, None  # no one left who could call a raise
        reopen = self._reopen
        inc = self._inc
        if reopen == _FULL_RAISE:
            if max_bet < self._reopen_at[i]:
                return None, None
        elif reopen == _POKERKIT:
            if owed < inc:  # pokerkit: "Short all-in cannot be raised."
                return None, None
            shorts = self._shorts
            if shorts and sum(shorts) < inc and i in self._acted:
                return None, None
        all_in = bet_i + stack_i
        kind = self._kind
        if kind == _FIXED:
            lo = max_bet + self._street_bet()
            hi = lo
        else:
            floor = 0 if rules.min_raise_last else self._min_bet  # ACPC: no floor (see Rules)
            lo = max_bet + (inc if inc > floor else floor)
            # Pot limit: call, then raise by the pot (the sum is only needed there); the minimum
            # raise is always allowed, even above the pot (a small pot pre-flop).
            if kind == _NOLIMIT:
                hi = all_in
            else:
                hi = max_bet + owed + sum(self._contrib)
                if hi < lo:
                    hi = lo
        if all_in <= lo:
            return all_in, all_in
        return lo, (hi if hi < all_in else all_in)

    def _nobody_to_act(self) -> str:
        if self._street is _COMPLETE:
            return "the hand is over: no one may act"
        if self._street is _SHOWDOWN:
            return f"it is the showdown: seat {self._actor} may show or muck"
        return "no one is to act"

    def _check_turn(self, seat: int | None) -> int:
        actor = self._actor
        if actor is None or self._street >= _SHOWDOWN:
            raise ActionError(self._nobody_to_act())
        if seat is not None and seat != actor:
            raise ActionError(f"seat {seat} acted out of turn: seat {actor} is to act")
        return actor

    def can_fold(self) -> bool:
        """True when the seat to act may fold."""
        return (
            self._actor is not None
            and self._street < _SHOWDOWN
            and (self._bet[self._actor] < self._max_bet or self._fold_free)
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
        """True when the seat to act may bet or raise to this total."""
        try:
            self._raise_check(amount, None)
        except ActionError:
            return False
        return True

    def can_bet(self, amount: int) -> bool:
        """Alias of :meth:`can_raise_to`."""
        return self.can_raise_to(amount)

    def fold(self, seat: int | None = None) -> None:
        """The seat to act folds (``seat``, if given, must be the seat to act)."""
        i = self._check_turn(seat)
        if self._bet[i] >= self._max_bet and not self._fold_free:
            raise ActionError(f"seat {i} may not fold when it can check (rules {self.rules.name})")
        self._folded[i] = True
        self._live -= 1
        self._log.append((_EV_FOLD, i, 0, (), self._street, False))
        self._next(i)

    def check(self, seat: int | None = None) -> None:
        """The seat to act checks."""
        i = self._check_turn(seat)
        owed = self._max_bet - self._bet[i]
        if owed > 0:
            raise ActionError(
                f"seat {i} cannot check facing a bet: call {min(owed, self._stack[i])}, "
                "raise or fold"
            )
        self._log.append((_EV_CHECK, i, 0, (), self._street, False))
        self._next(i)

    def call(self, seat: int | None = None) -> None:
        """The seat to act calls (all-in if its stack is short)."""
        i = self._check_turn(seat)
        owed = self._max_bet - self._bet[i]
        if owed <= 0:
            raise ActionError(f"seat {i} has no bet to call: check, bet or fold")
        stack = self._stack
        add = owed if owed < stack[i] else stack[i]
        stack[i] -= add
        self._bet[i] += add
        self._contrib[i] += add
        self._log.append((_EV_CALL, i, add, (), self._street, not stack[i]))
        self._next(i)

    def check_or_call(self, seat: int | None = None) -> None:
        """Check when nothing is owed, else call."""
        i = self._check_turn(seat)
        if self._bet[i] >= self._max_bet:
            self.check(i)
        else:
            self.call(i)

    def _raise_check(self, amount: object, seat: int | None) -> int:
        i = self._check_turn(seat)
        if type(amount) is not int and not is_int(amount):
            raise ActionError(f"a bet or raise is an int number of chips, got {amount!r}")
        owed = self._max_bet - self._bet[i]
        lo, hi = self._raise_range(i, owed, self._stack[i], self._bet[i])
        if lo is None or hi is None:
            legal = self.legal_actions()
            options = ["fold"] if legal.fold else []
            options.append("check" if legal.check else f"call {legal.call}")
            raise ActionError(f"seat {i} may not bet or raise now: {' or '.join(options)}")
        if not lo <= amount <= hi:
            what = "raise" if self._max_bet else "bet"
            span = f"to {lo}" if lo == hi else f"to {lo} .. {hi}"
            raise ActionError(f"seat {i} cannot {what} to {amount}: it may {what} {span}")
        return i

    def raise_to(self, amount: int, seat: int | None = None) -> None:
        """The seat to act bets or raises so that its bet on this street totals ``amount``."""
        i = self._raise_check(amount, seat)
        bet, stack = self._bet, self._stack
        max_bet = self._max_bet
        add = amount - bet[i]
        stack[i] -= add
        bet[i] = amount
        self._contrib[i] += add
        kind = _EV_RAISE if max_bet else _EV_BET
        self._log.append((kind, i, amount, (), self._street, not stack[i]))
        size = amount - max_bet
        rules = self.rules
        reopen = self._reopen
        inc = self._inc
        if reopen == _FULL_RAISE:
            full = size >= inc or (
                self._kind == _FIXED and rules.half_bet_reopens and 2 * size >= self._street_bet()
            )
            if full:
                if self._kind != _FIXED and size > inc:
                    self._inc = size
                reopen_at = self._reopen_at
                for j in range(self._n):
                    reopen_at[j] = 0
            self._reopen_at[i] = amount + self._inc
        elif reopen == _POKERKIT:
            if size >= inc:
                self._acted.clear()
            if size > inc:
                self._inc = size
            if stack[i]:
                self._shorts.clear()
            else:
                self._shorts.append(size)
            if sum(self._shorts) >= self._inc:
                self._shorts.clear()
        elif rules.min_raise_last:  # ACPC: reach the last minimum and this raise plus its size
            self._inc = max(max_bet + inc - amount, size)
        elif size > inc:  # ALWAYS: the next raise is at least the largest one
            self._inc = size
        self._raises += 1
        self._max_bet = amount
        self._aggressor = i
        # Everyone else who can still act must act again, in order after the raiser.
        n, folded = self._n, self._folded
        queue = [i]  # the raiser, popped by _next
        for k in range(1, n):
            j = (i + k) % n
            if not folded[j] and stack[j]:
                queue.append(j)
        self._queue = queue
        self._next(i)

    bet = raise_to

    def all_in(self, seat: int | None = None) -> None:
        """The seat to act puts in all its chips (a bet, raise or call).

        When every other seat still in is all-in for no more than the bet to call, a call is all
        that can matter: the seat calls.
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
        if queue and queue[0] == i:
            queue.pop(0)
        if self._reopen == _POKERKIT:
            self._acted.add(i)
        if self._reopen == _FULL_RAISE and self._reopen_at[i] < self._max_bet:
            self._reopen_at[i] = self._max_bet + self._inc
        if queue and self._live > 1:
            self._actor = queue[0]
            return
        self._actor = None
        self._end_round()

    def _end_round(self) -> None:
        n, bet, stack, folded = self._n, self._bet, self._stack, self._folded
        street = self._street
        top = second = 0  # the two largest bets
        i = 0
        for j in range(n):
            b = bet[j]
            if b > top:
                second, top, i = top, b, j
            elif b > second:
                second = b
        if top:
            if top > second:  # the part of a bet no one called goes back
                back = top - second
                stack[i] += back
                bet[i] = second
                self._contrib[i] -= back
                self._log.append((_EV_RETURN, i, back, (), street, False))
            for j in range(n):
                bet[j] = 0
        self._max_bet = 0
        able = 0  # live seats with chips behind
        for j in range(n):
            if not folded[j]:
                i = j
                if stack[j]:
                    able += 1
        if self._live == 1:
            self._award({i: None})
            return
        if street is _RIVER or able <= 1:
            while self._street < _RIVER:
                self._street = _STREETS[self._street + 1]
                self._deal_board()
            self._begin_showdown()
            return
        self._street = _STREETS[street + 1]
        self._deal_board()
        self._begin_round()

    def _deal_board(self) -> None:
        n, cards, street = self._n, self._cards, self._street
        burn = 2 * n + (0, 0, 4, 6)[street]
        count = 3 if street is _FLOP else 1
        dealt = tuple(cards[burn + 1 : burn + 1 + count])
        self._board.extend(dealt)
        self._log.append((_EV_BURN, None, 0, (cards[burn],), street, False))
        self._log.append((_EV_DEAL_BOARD, None, 0, dealt, street, False))

    # -- showdown and pots -----------------------------------------------------------------------

    def _begin_showdown(self) -> None:
        self._street = _SHOWDOWN
        n, folded = self._n, self._folded
        aggressor = self._aggressor
        if aggressor is not None:
            first = aggressor
        else:  # no bet on the last round: left of the button, or its first to act
            first = self._opener if self.rules.showdown_from_opener else 0
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
        if self.showdown_mode == "manual":
            self._actor = order[0]
            return
        self._actor = None
        everyone = (
            self.showdown_mode == "all"
            or able <= 1
            or (self.rules.all_in_shows_all and able < self._live)  # someone is all-in
        )
        values = self._values()
        pots = self.pots
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

    def _values(self) -> list[int]:
        """Every seat's hand value on the full board (0 for a folded seat): one compiled call."""
        holes: list[Card] = []
        for h in self._hole:
            holes += h
        values: list[int] = _showdown_values(self._board, holes)
        folded = self._folded
        for i in range(self._n):
            if folded[i]:
                values[i] = 0
        return values

    def _reveal(self, i: int, show: bool) -> None:
        self._show_queue.remove(i)
        if show:
            self._shown[i] = True
            self._log.append((_EV_SHOW, i, 0, self._hole[i], _SHOWDOWN, False))
        else:
            self._mucked[i] = True
            self._log.append((_EV_MUCK, i, 0, (), _SHOWDOWN, False))

    def show(self, seat: int | None = None) -> None:
        """Manual showdown: the seat whose turn it is shows its hole cards."""
        self._showdown_turn(seat)
        self._reveal(self._show_queue[0], True)
        self._showdown_next()

    def muck(self, seat: int | None = None) -> None:
        """Manual showdown: the seat whose turn it is mucks (gives up every pot it could win)."""
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
        policy = self.rules.odd_chips
        final: list[Chips] = list(self._stack)
        if len(contenders) == 1:  # everyone else folded: no pots to split
            (seat,) = contenders
            pots = (Pot(sum(self._contrib), (seat,)),)
        elif self.rules.merge_pots:  # rebuilt with only the seats that win something
            won: set[int] = set()
            for pot in pots:
                held = {i: contenders.get(i) or 0 for i in pot.eligible if i in contenders}
                if held:
                    best_value = max(held.values())
                    won.update(i for i, v in held.items() if v == best_value)
            pots = self._pots([i in won for i in range(self._n)])
        log = self._log
        for pot in pots:
            best: list[int] = []
            top = -1
            for i in pot.eligible:
                if i in contenders:
                    v = contenders[i] or 0
                    if v > top:
                        top = v
                        best = [i]
                    elif v == top:
                        best.append(i)
            if not best:
                best = list(pot.eligible)  # cannot happen with the checks in muck()
            if len(best) == 1:
                final[best[0]] += pot.amount
                log.append((_EV_WIN, best[0], pot.amount, (), _COMPLETE, False))
                continue
            for seat, chips in split(pot.amount, best, policy):
                final[seat] += chips
                log.append((_EV_WIN, seat, chips, (), _COMPLETE, False))
        start = self._start
        self._final = final
        self._payoffs = [final[i] - start[i] for i in range(self._n)]
        if policy is not _FRACTIONAL:  # then every amount is an int
            self._stack = final  # type: ignore[assignment]
        self._street = _COMPLETE
        self._actor = None
        self._queue = []

    # -- what anyone can see -----------------------------------------------------------------------

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
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._board)

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """A seat's hole cards (everything is visible to the hand itself; see :meth:`view`)."""
        return self._hole[self._seat(seat)]

    def _seat(self, seat: object) -> int:
        if not is_int(seat) or not 0 <= seat < self._n:
            raise ActionError(f"no seat {seat!r}: seats are 0 .. {self._n - 1}")
        return seat

    @property
    def min_bet(self) -> int:
        """The smallest opening bet (no limit, pot limit) or the small bet (fixed limit)."""
        return self._min_bet

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks before the hand."""
        return tuple(self._start)

    @property
    def stacks(self) -> tuple[Chips, ...]:
        """The chips behind each seat now (bets on the table not included)."""
        return tuple(self._final if self._final is not None else self._stack)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on the current street."""
        return tuple(self._bet)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put into the pot so far, antes and current bets included."""
        return tuple(self._contrib)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded."""
        return tuple(self._folded)

    @property
    def pot_total(self) -> int:
        """All chips put in so far (current bets included)."""
        return sum(self._contrib)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot then the side pots, from everything put in so far."""
        return self._pots([not f for f in self._folded])

    def _pots(self, live: list[bool]) -> tuple[Pot, ...]:
        if self.rules.dead_antes:
            ante = self._ante
            contrib = [c - a for c, a in zip(self._contrib, ante, strict=True)]
            return tuple(build_pots(contrib, live, sum(ante)))
        return tuple(build_pots(self._contrib, live))

    @property
    def payoffs(self) -> list[Chips]:
        """Chips won (+) or lost (-) by each seat; an error until the hand is over."""
        if self._payoffs is None:
            raise ActionError("the hand is not over yet: no payoffs")
        return list(self._payoffs)

    @property
    def events(self) -> tuple[Event, ...]:
        """The complete log of the hand, every card included."""
        return tuple(Event(*e) for e in self._log)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hole cards and public information only."""
        seat = self._seat(seat)
        events = []
        for kind, who, amount, cards, street, all_in in self._log:
            if (kind is _EV_DEAL_HOLE and who != seat) or kind is _EV_BURN:
                cards = ()
            events.append(Event(kind, who, amount, cards, street, all_in))
        shown = tuple(self._hole[i] if self._shown[i] else None for i in range(self._n))
        actor = self._actor
        legal = self.legal_actions() if actor == seat and self._street < _SHOWDOWN else None
        return View(
            seat,
            self._hole[seat],
            tuple(self._board),
            self._street,
            actor,
            legal,
            self.stacks,
            tuple(self._bet),
            self.pots,
            tuple(self._folded),
            shown,
            tuple(events),
        )

    def __repr__(self) -> str:
        state = (
            "over" if self.is_over else f"{self._street.name.lower()}, seat {self._actor} to act"
        )
        return f"<Hand: {self._n} players, {self.structure.value}, {state}>"


_PRESETS = PRESETS
_RNG = random.Random()  # seeded from OS entropy once; pass rng=random.SystemRandom() for more
