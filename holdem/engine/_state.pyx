# cython: language_level=3
"""The hand kernel: a hand's state as one C struct and every operation on it, compiled.

:class:`holdem.Hand` owns one :class:`HandState`; this module and its reference in plain
Python, :mod:`holdem.engine._pystate`, have the same classes, functions and behaviour (the test
suite runs the engine's tests on both; ``HOLDEM_PURE_KERNEL=1`` selects the reference). The
rules arrive as ``Rules._bits``, the game as ``Variant._layout``.

The operations (the forced bets, a betting round and its legal bounds, an action, the deal of
the board and of extra runs, the discards, the showdown and the award of the pots) are
``cdef ... noexcept nogil`` functions over an ``HState`` (holdem/engine/_state.pxd); the
``def`` methods check an action, word the error and call them. A street is its ``Street``
value, an event kind its place in ``EventKind``, a seat -1 is none; the log's entries are
``(kind, seat, amount, den, cards, street, all_in)`` (see :func:`holdem.engine.events.event_of`).
"""

cimport cython
from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS,
    PyBUF_FORMAT,
    PyBUF_WRITABLE,
    PyBuffer_Release,
    PyObject_GetBuffer,
)
from cpython.list cimport PyList_GET_ITEM
from cpython.ref cimport Py_REFCNT, _Py_REFCNT
from cpython.object cimport PyObject
from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from holdem._games cimport game_eval_tables
from holdem._kernels cimport KEY_INIT, EvalTables, eval_key
from holdem._omaha cimport (
    low_bit,
    omaha_board_row,
    omaha_hole_value,
    omaha_low_value,
    omaha_prepare,
)
from holdem._random cimport partial_shuffle

from operator import index as _index

import random as _random

from holdem._validate import is_int
from holdem.cards import Card
from holdem.engine import _pystate
from holdem.engine import dealing as _dealing
from holdem.engine.dealing import hand_cards
from fractions import Fraction

from holdem.engine.events import Legal, LegalDiscard, Pot, Street
from holdem.engine.rules import PRESETS, Rules, Structure
from holdem.engine.variants import VARIANTS, variant_of
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, RulesError

cdef extern from "holdem/engine/_state.h":
    uint64_t hs_muldiv(uint64_t a, uint64_t b, uint64_t c) noexcept nogil
    object hs_tuple6 "hs_tuple6"(object cls, object a, object b, object c, object d, object e,
                                 object f)
    object hs_new_like(object obj)
    bint hs_legal_is(PyObject* t, PyObject* cls, int seat, bint fold, bint check, int64_t call,
                     int64_t lo, int64_t hi)

__all__ = [
    "ActionMap",
    "HandState",
    "award_pots",
    "build_pots",
    "pot_winners",
    "rake_pots",
    "share",
    "split",
]

cdef enum:
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5

cdef enum:
    ANTE = 0
    BLIND = 1
    STRADDLE = 2
    POST = 3
    DEAD_BLIND = 4
    DEAL_HOLE = 5
    BURN = 6
    DEAL_BOARD = 7
    DISCARD = 8
    FOLD = 9
    CHECK = 10
    CALL = 11
    BET = 12
    RAISE = 13
    RETURN = 14
    SHOW = 15
    MUCK = 16
    WIN = 17
    EXPOSE = 18
    MISDEAL = 19

cdef enum:
    FULL_RAISE = 0
    POKERKIT = 1
    ALWAYS = 2
    ONE_AT_A_TIME = 0
    FIRST_WINNER = 1
    FRACTIONAL = 2
    FIXED = 0
    POT = 1
    NOLIMIT = 2
    AUTO = 0
    ALL = 1
    MANUAL = 2

cdef enum:
    COVER = 1 << 0
    NO_FLOOR = 1 << 1
    SHORT_RAISE = 1 << 2
    STRADDLE_MIN = 1 << 3
    CAP_BLIND = 1 << 4
    BY_POSTED = 1 << 5
    FOLD_FREE = 1 << 6
    UNCAPPED_HU = 1 << 7
    COMPLETE_SHORT = 1 << 8
    HALF_BET = 1 << 9
    ALL_IN_SHOWS = 1 << 10
    FROM_OPENER = 1 << 11
    MERGE = 1 << 12
    DEAD_ANTES = 1 << 13
    TRIMMING = 1 << 14
    STRADDLE_RAISE = 1 << 15
    DEAD_BB_ANTE = 1 << 16
    FULL_BLIND = 1 << 17
    LONE_ACTS = 1 << 18
    LIMIT_COMPLETE = 1 << 19    # Rules.limit_all_in: COMPLETE or LEVEL
    LIMIT_LEVEL = 1 << 20       # LEVEL

cdef enum:
    MAX_SHARES = MAX_RUNS       # board shares of a pot: one per board or run

# The largest amount a pickled or given chip count may hold (see holdem.engine.stakes).
cdef int64_t MAX_CHIPS = (<int64_t>1) << 62
cdef tuple _CARDS = tuple(Card._all)
cdef object _new_tuple = tuple.__new__
cdef str _CONCURRENT = (
    "the hand was changed by another thread meanwhile (a Hand is not thread-safe: use each "
    "from one thread at a time); its pots are paid once"
)
#: The layout of a pickled state (a state of another layout is refused, not read wrong).
STATE_FORMAT = 3


# ---------------------------------------------------------------------------------------------
# Kernels: the log, the set-up, the betting
# ---------------------------------------------------------------------------------------------

cdef inline Entry* entries(HState* h) noexcept nogil:
    """The log's entries: in the state itself, or on the heap once the log outgrew it."""
    return h.log if h.log != NULL else h.inline_log


cdef inline void log_push(HState* h, int kind, int seat, int64_t amount, int64_t den,
                          const uint8_t* cards, int ncards, int street,
                          bint all_in) noexcept nogil:
    """Add an entry to the log (grown by doubling onto the heap; ``oom`` set if it cannot
    grow)."""
    cdef Entry* e
    cdef Entry* grown
    cdef int cap = h.caplog if h.log != NULL else INLINE_LOG
    if h.nlog == cap:
        cap *= 2
        if h.log == NULL:
            grown = <Entry*>malloc(cap * sizeof(Entry))
            if grown != NULL:
                memcpy(grown, h.inline_log, h.nlog * sizeof(Entry))
        else:
            grown = <Entry*>realloc(h.log, cap * sizeof(Entry))
        if grown == NULL:
            h.oom = True
            return
        h.log = grown
        h.caplog = cap
    e = &entries(h)[h.nlog]
    h.nlog += 1
    e.kind = <int8_t>kind
    e.seat = <int8_t>seat
    e.amount = amount
    e.den = den
    e.street = <int8_t>street
    e.all_in = all_in
    e.ncards = <int8_t>ncards
    if ncards:
        memcpy(e.cards, cards, ncards)


cdef inline void log_plain(HState* h, int kind, int seat, int64_t amount,
                           bint all_in) noexcept nogil:
    log_push(h, kind, seat, amount, 1, NULL, 0, h.street, all_in)


cdef inline int64_t min64(int64_t a, int64_t b) noexcept nogil:
    return a if a < b else b


cdef inline int64_t max64(int64_t a, int64_t b) noexcept nogil:
    return a if a > b else b


cdef int64_t post_forced(HState* h, const int64_t* antes, const int64_t* dead) noexcept nogil:
    """Post the antes, the dead blinds, the blinds and straddles and the live posts; the
    largest blind or straddle due."""
    cdef int n = h.n
    cdef int i, k
    cdef int64_t room[MAX_SEATS]
    cdef int64_t posted[MAX_SEATS]
    cdef int64_t a, f, s, largest = 0, first = 0, second = 0
    cdef bint any_ante = False
    for i in range(n):
        posted[i] = min64(antes[i], h.stack[i])
        room[i] = h.stack[i]
        any_ante = any_ante or posted[i] != 0
    if h.flags & TRIMMING and n > 1 and any_ante:
        # pokerkit: the trimmed part goes back, but a blind is still capped by the stack less
        # the untrimmed ante.
        for i in range(n):
            room[i] = h.stack[i] - posted[i]
            a = posted[i]
            if a > first:
                second = first
                first = a
            elif a > second:
                second = a
        for i in range(n):
            posted[i] = min64(posted[i], second)
    for i in range(n):
        a = posted[i]
        if a:
            h.stack[i] -= a
            h.contrib[i] += a
            # Dead money only: every ante, or the big-blind ante (posted first).
            h.ante[i] = a if h.flags & DEAD_ANTES else min64(a, dead[i])
            log_push(h, ANTE, i, a, 1, NULL, 0, PREFLOP, h.stack[i] == 0)
            if not h.flags & TRIMMING:
                room[i] = h.stack[i]
    if h.has_posts:
        post_extra(h, h.post_dead, DEAD_BLIND, h.ante)  # dead: not in the bets
    for k in range(n):
        i = k if n > 2 else 1 - k  # heads-up, the button's small blind first
        f = h.forced[i]
        largest = max64(largest, f)
        s = h.stack[i]
        f = min64(min64(f, room[i]), s)
        if f:
            h.stack[i] = s - f
            h.bet[i] = f
            h.contrib[i] += f
            log_push(h, STRADDLE if n > 2 and i >= 2 else BLIND, i, f, 1, NULL, 0, PREFLOP,
                     s == f)
    if h.has_posts:
        post_extra(h, h.post_live, POST, h.bet)  # live, but no blinds
    return largest


cdef void post_extra(HState* h, const int64_t* amounts, int kind, int64_t* into) noexcept nogil:
    cdef int i
    cdef int64_t f
    for i in range(h.n):
        f = min64(amounts[i], h.stack[i])
        if f:
            h.stack[i] -= f
            h.contrib[i] += f
            into[i] += f
            log_push(h, kind, i, f, 1, NULL, 0, PREFLOP, h.stack[i] == 0)


cdef inline int64_t opening_size(HState* h) noexcept nogil:
    """The size a raise must reach to be full before anyone bets on this street."""
    if h.reopen == POKERKIT:
        return 0  # pokerkit: the largest raise so far, none yet (the minimum bet holds)
    return h.sizes[h.street] if h.kind == FIXED else h.least


cdef inline bint completes(HState* h, int64_t max_bet) noexcept nogil:
    """A short blind is completed (see Rules.complete_short_blind)."""
    return (h.kind == FIXED and max_bet < h.small and h.street == PREFLOP
            and (h.flags & COMPLETE_SHORT) != 0)


cdef void forced_round(HState* h, int64_t largest) noexcept nogil:
    """The pre-flop round's size of a full raise and count of bets, from the forced bets."""
    cdef int i
    h.max_bet = largest if h.flags & FULL_BLIND else 0  # (a blind all in for less: see Rules)
    for i in range(h.n):
        h.max_bet = max64(h.max_bet, h.bet[i])
    h.inc = opening_size(h)
    if h.flags & STRADDLE_MIN and h.inc:
        h.inc = max64(h.inc, largest)
    h.level = h.max_bet
    h.raises = 0
    if largest and h.flags & CAP_BLIND and not completes(h, largest):
        h.raises = 1  # (a blind short of the small bet is a bring-in, not a bet)
        for i in range(2, h.n):
            h.raises += h.forced[i] != 0


cdef void deal_hole(HState* h) noexcept nogil:
    """Deal the hole cards, one at a time round the table, from the cards in dealing order."""
    cdef int n = h.n
    cdef int i, k
    for i in range(n):
        for k in range(h.hole_size):
            h.hole[i][k] = h.cards[k * n + i]
        h.nhole[i] = <uint8_t>h.hole_size
    for i in range(n):
        log_push(h, DEAL_HOLE, i, 0, 1, h.hole[i], h.hole_size, PREFLOP, False)


cdef int first_to_act(HState* h) noexcept nogil:
    """Pre-flop: left of the largest blind or straddle (the later seat on a tie), or of the
    largest bet posted (pokerkit); heads-up, the button; with none, left of the button."""
    cdef int n = h.n
    cdef int i, top = 0
    cdef int64_t top_of[MAX_SEATS]
    for i in range(n):
        if h.flags & BY_POSTED:
            top_of[i] = h.bet[i] if (h.forced[i] or not h.has_posts) else 0
        else:
            top_of[i] = h.forced[i]
    for i in range(1, n):
        if top_of[i] >= top_of[top]:
            top = i
    return (top + 1) % n if top_of[top] else 0


cdef void begin_round(HState* h) noexcept nogil:
    """Set up the betting of the current street (the blinds are already in pre-flop)."""
    cdef int n = h.n
    cdef int i, k, first
    cdef int64_t total, high = 0, second = 0
    if h.street == PREFLOP:
        first = first_to_act(h)
    else:
        first = 0
        h.inc = opening_size(h)
        h.raises = 0
        h.max_bet = 0
        h.level = 0
    h.aggressor = -1
    h.opener = first
    h.acted = 0
    h.nshorts = 0
    for i in range(n):
        h.reopen_at[i] = 0
    for i in range(n):  # the two largest totals of a live seat (bet and stack)
        if not h.folded[i]:
            total = h.bet[i] + h.stack[i]
            if total > high:
                second = high
                high = total
            elif total > second:
                second = total
    h.nqueue = 0  # in reverse order of action: the actor last
    for k in range(n - 1, -1, -1):
        i = (first + k) % n
        if not h.folded[i] and h.stack[i] and second > h.bet[i]:
            h.queue[h.nqueue] = <uint8_t>i
            h.nqueue += 1
    h.round_capped = h.kind == FIXED and h.cap >= 0
    if h.round_capped and h.flags & UNCAPPED_HU and h.live == 2:
        h.round_capped = False
    if h.nqueue == 1 and h.bet[h.queue[0]] >= h.max_bet:
        h.nqueue = 0
    if h.nqueue:
        h.actor = h.queue[h.nqueue - 1]
    else:
        end_round(h)


cdef void begin_hand(HState* h, const uint8_t* cards, const int64_t* antes,
                     const int64_t* dead) noexcept nogil:
    """Deal a hand afresh on a state whose set-up is made (the rules, the game, the stakes and
    ``start``, the starting stacks): the hand's part of the state cleared (the log emptied, its
    memory kept), ``cards`` (the hand's cards in dealing order, ``cards_needed`` of them) taken,
    the forced bets posted (``antes`` and the ``dead`` part of each), the hole cards dealt and
    the first round begun. A batch of hands deals each new hand with it."""
    cdef int need = h.hole_size * h.n + h.per_run * h.runs
    cdef int64_t largest
    memset(&h.live, 0, <size_t>(<char*>&h.log - <char*>&h.live))
    h.nlog = 0
    h.oom = False
    h.fold_free = (h.flags & FOLD_FREE) != 0
    h.live = h.n
    memcpy(h.stack, h.start, h.n * sizeof(int64_t))
    memcpy(h.cards, cards, need)
    h.ncards = need
    if h.layout_boards > 1:
        h.nboards = h.layout_boards
    h.actor = -1
    h.aggressor = -1
    largest = post_forced(h, antes, dead)
    deal_hole(h)
    forced_round(h, largest)
    begin_round(h)


cdef int64_t raise_min(HState* h, int i) noexcept nogil:
    """The smallest total seat ``i``, the seat to act, may bet or raise to (all its chips when
    it has no more), or -1 when it may not bet or raise now."""
    cdef int64_t bet_i = h.bet[i]
    cdef int64_t stack_i = h.stack[i]
    cdef int64_t max_bet = h.max_bet
    cdef int64_t owed = max_bet - bet_i
    cdef int64_t inc = h.inc
    cdef int64_t all_in, lo, floor, total = 0
    cdef int j, k
    cdef bint cover = (h.flags & COVER) != 0
    cdef bint someone = False
    if stack_i <= owed and not (h.kind == FIXED and h.flags & SHORT_RAISE):
        return -1  # (the ACPC dealer lets him raise all-in: see Rules)
    if h.round_capped and h.raises >= h.cap:
        return -1
    for j in range(h.n):
        if j != i and not h.folded[j]:
            if h.bet[j] + h.stack[j] > (max_bet if cover else h.bet[j]):
                someone = True
                break
    if not someone:
        return -1  # no one left who could call a raise
    if h.reopen == FULL_RAISE:
        if max_bet < h.reopen_at[i]:
            return -1
    elif h.reopen == POKERKIT:
        if owed < inc:  # pokerkit: "Short all-in cannot be raised."
            return -1
        if h.nshorts and h.acted & (1u << i):
            for k in range(h.nshorts):
                total += h.shorts[k]
            if total < inc:
                return -1
    all_in = bet_i + stack_i
    if h.kind == FIXED:
        lo = h.small if completes(h, max_bet) else h.level + h.sizes[h.street]
    else:
        floor = 0 if h.flags & NO_FLOOR else h.least  # ACPC: no floor (see Rules)
        lo = max_bet + (inc if inc > floor else floor)
    return all_in if all_in <= lo else lo


cdef int64_t raise_max(HState* h, int i, int64_t lo) noexcept nogil:
    """The largest total the seat to act may bet or raise to, when raise_min gave ``lo``: all
    its chips in no limit, the smallest in fixed limit, in pot limit a raise by the pot after
    the call (the smallest if that is less)."""
    cdef int64_t all_in = h.bet[i] + h.stack[i]
    cdef int64_t hi
    cdef int j
    if h.kind == NOLIMIT or all_in <= lo:
        return all_in
    if h.kind == FIXED:
        return lo
    hi = h.max_bet + (h.max_bet - h.bet[i])
    for j in range(h.n):
        hi += h.contrib[j]
    return min64(max64(hi, lo), all_in)


cdef void act_fold(HState* h, int i) noexcept nogil:
    h.folded[i] = True
    h.live -= 1
    log_plain(h, FOLD, i, 0, False)
    next_actor(h, i)


cdef void act_check(HState* h, int i) noexcept nogil:
    cdef int64_t back = h.bet[i] - h.max_bet
    log_plain(h, CHECK, i, 0, False)
    if back > 0:  # over the bet a short raise lowered (Rules.limit_short_raise)
        h.bet[i] = h.max_bet
        h.stack[i] += back
        h.contrib[i] -= back
        log_plain(h, RETURN, i, back, False)
    next_actor(h, i)


cdef void act_call(HState* h, int i) noexcept nogil:
    cdef int64_t s = h.stack[i]
    cdef int64_t owed = h.max_bet - h.bet[i]
    cdef int64_t add = owed if owed < s else s
    h.stack[i] = s - add
    h.bet[i] += add
    h.contrib[i] += add
    log_plain(h, CALL, i, add, s == add)
    next_actor(h, i)


cdef bint limit_level(HState* h, int64_t max_bet, int64_t total, int64_t over) noexcept nogil:
    """Fixed limit: the level a bet or raise to ``total``, ``over`` above the last one, leaves
    (see Rules.limit_all_in); whether it counts toward the cap (an all-in short of half a bet
    that is to be completed does not)."""
    cdef int64_t bet = h.sizes[h.street]
    if completes(h, max_bet) or over >= bet or not (h.flags & LIMIT_COMPLETE):
        h.level = total
    elif 2 * over >= bet:  # half a bet or more: a full bet
        h.level = h.level + bet if h.flags & LIMIT_LEVEL else total
    else:
        return False  # (the next raise completes it)
    return True


cdef void act_raise(HState* h, int i, int64_t total) noexcept nogil:
    cdef int64_t max_bet = h.max_bet
    cdef int64_t inc = h.inc
    cdef int64_t add = total - h.bet[i]
    cdef int64_t size = total - max_bet
    cdef int64_t over = total - h.level if h.kind == FIXED else size  # (above the last full bet)
    cdef int64_t sum_shorts = 0
    cdef int j, k
    cdef bint full, counted = True
    h.stack[i] -= add
    h.bet[i] = total
    h.contrib[i] += add
    log_plain(h, RAISE if max_bet else BET, i, total, h.stack[i] == 0)
    if h.kind == FIXED:
        counted = limit_level(h, max_bet, total, over)
    if h.reopen == FULL_RAISE:
        full = over >= inc or (h.kind == FIXED and h.flags & HALF_BET
                               and 2 * over >= h.sizes[h.street])
        if full or completes(h, max_bet):
            if h.kind != FIXED and size > inc:
                h.inc = size
            for j in range(h.n):
                h.reopen_at[j] = 0
        h.reopen_at[i] = total + h.inc
    elif h.reopen == POKERKIT:
        if size >= inc:
            h.acted = 0
        if size > inc:
            h.inc = size
        if not h.stack[i]:
            h.shorts[h.nshorts] = size
            h.nshorts += 1
        else:
            h.nshorts = 0
        for k in range(h.nshorts):
            sum_shorts += h.shorts[k]
        if sum_shorts >= h.inc:
            h.nshorts = 0
    elif h.flags & NO_FLOOR:  # ACPC: reach the last minimum and this raise plus its size
        h.inc = max64(max_bet + inc - total, size)
    elif size > inc:  # ALWAYS: the next raise is at least the largest one
        h.inc = size
    if counted:
        h.raises += 1
    h.max_bet = total
    h.aggressor = i
    # Everyone else who can still act must act again, in order after the raiser.
    h.nqueue = 0
    for k in range(h.n - 1, 0, -1):
        j = (i + k) % h.n
        if not h.folded[j] and h.stack[j]:
            h.queue[h.nqueue] = <uint8_t>j
            h.nqueue += 1
    h.queue[h.nqueue] = <uint8_t>i
    h.nqueue += 1
    next_actor(h, i)


cdef inline bint lone_matched(HState* h, int i) noexcept nogil:
    """Seat ``i``, the last to act, has nothing to decide: it has matched the bet and every
    other seat still in is all in (unless Rules.lone_matched_acts)."""
    cdef int j
    if h.flags & LONE_ACTS or h.bet[i] < h.max_bet:
        return False
    for j in range(h.n):
        if j != i and not h.folded[j] and h.stack[j]:
            return False
    return True


cdef void next_actor(HState* h, int i) noexcept nogil:
    if h.nqueue and h.queue[h.nqueue - 1] == i:
        h.nqueue -= 1
    if h.reopen == POKERKIT:
        h.acted |= 1u << i
    elif h.reopen == FULL_RAISE and h.reopen_at[i] < h.max_bet:
        h.reopen_at[i] = h.max_bet + h.inc
    if h.nqueue and h.live > 1 and not (h.nqueue == 1 and lone_matched(h, h.queue[0])):
        h.actor = h.queue[h.nqueue - 1]
        return
    h.actor = -1
    end_round(h)


cdef void return_uncalled(HState* h) noexcept nogil:
    """The part of a bet no one called goes back to its seat; every bet is cleared."""
    cdef int64_t top = 0, second = 0, b, back
    cdef int i = 0, j
    for j in range(h.n):
        b = h.bet[j]
        if b > top:
            second = top
            top = b
            i = j
        elif b > second:
            second = b
    # (A seat that folds while its bet is over the bet a short raise lowered leaves the excess
    # in the pot, as the ACPC dealer does: Rules.limit_short_raise.)
    if top > second and not (h.folded[i] and h.flags & SHORT_RAISE):
        back = top - second
        h.stack[i] += back
        h.contrib[i] -= back
        log_plain(h, RETURN, i, back, False)
    for j in range(h.n):
        h.bet[j] = 0
    h.max_bet = 0


cdef void end_round(HState* h) noexcept nogil:
    cdef int last = 0, able = 0, j, street
    cdef uint32_t alone
    return_uncalled(h)
    for j in range(h.n):  # the last live seat, and the live seats with chips behind
        if not h.folded[j]:
            last = j
            if h.stack[j]:
                able += 1
    if h.live == 1:
        alone = 1u << last
        award(h, alone, NULL, 0, 0)
        return
    street = h.street
    if street == RIVER or able <= 1:
        while h.street != RIVER:
            if pause(h, True):
                return  # Pineapple: the discards come first
            h.street += 1
            deal_street(h)
        if h.runs > 1 and street != RIVER:  # all-in before the river: run it N times
            deal_runs(h, street + 1)
        begin_showdown(h)
        return
    if pause(h, False):
        return  # discards, or Manila's next board card and betting round
    h.street += 1
    deal_street(h)
    begin_round(h)


cdef Py_ssize_t play_ops(HState* h, const TapeOp* ops, Py_ssize_t k,
                         Py_ssize_t end) noexcept nogil:
    """Play the tape's records from ``k`` while each is a legal betting action of the seat to
    act on the street of the first: the index of the first record not played."""
    cdef int street = h.street, i
    cdef int64_t lo, total
    cdef const TapeOp* op
    while k < end and not h.oom:
        op = &ops[k]
        i = h.actor
        if i < 0 or h.street != street or h.street >= SHOWDOWN or op.seat != i:
            break
        if op.kind == TAPE_FOLD:
            if h.bet[i] == h.max_bet and not h.fold_free:
                break
            act_fold(h, i)
        elif op.kind == TAPE_CALL:
            if h.bet[i] >= h.max_bet:
                act_check(h, i)
            else:
                act_call(h, i)
        elif op.kind == TAPE_RAISE:
            total = op.amount
            lo = raise_min(h, i)
            if lo < 0 or total < lo or total > raise_max(h, i, lo):
                break
            act_raise(h, i, total)
        else:
            break
        k += 1
    return k


# ---------------------------------------------------------------------------------------------
# Kernels: the board, the discards
# ---------------------------------------------------------------------------------------------

cdef int board_slot(HState* h, int board, int k) noexcept nogil:
    """The place in dealing order of card ``k`` (0-4) of board ``board`` (first run)."""
    cdef int base = h.hole_size * h.n
    cdef int nb = h.layout_boards
    if h.one_at_a_time:
        return base + 2 * k + 1
    if k < 3:
        return base + 1 + 3 * board + k
    if k == 3:
        return base + 2 + 3 * nb + board
    return base + 3 + 4 * nb + board


cdef void deal_street(HState* h) noexcept nogil:
    """Deal the current street's board cards, each board's after one burn (Manila: one card
    after a burn)."""
    cdef int base = h.hole_size * h.n
    cdef int street = h.street
    cdef int k, b, at, burn, first, count, j
    if h.one_at_a_time:
        k = h.nboard
        log_push(h, BURN, -1, 0, 1, &h.cards[base + 2 * k], 1, street, False)
        h.board[k] = h.cards[base + 2 * k + 1]
        h.nboard += 1
        log_push(h, DEAL_BOARD, -1, 0, 1, &h.cards[base + 2 * k + 1], 1, street, False)
        return
    if street == FLOP:
        first, count, burn = 0, 3, base
    elif street == TURN:
        first, count, burn = 3, 1, base + 1 + 3 * h.layout_boards
    else:
        first, count, burn = 4, 1, base + 2 + 4 * h.layout_boards
    log_push(h, BURN, -1, 0, 1, &h.cards[burn], 1, street, False)
    for b in range(h.layout_boards):
        at = board_slot(h, b, first)
        for j in range(count):
            if b == 0:
                h.board[first + j] = h.cards[at + j]
            if h.nboards:
                h.boards[b][first + j] = h.cards[at + j]
        log_push(h, DEAL_BOARD, -1, 0, 1, &h.cards[at], count, street, False)
    h.nboard = first + count


cdef void deal_runs(HState* h, int first) noexcept nogil:
    """Deal the rest of the board again for every run after the first, from street ``first``
    on, each burn and deal logged."""
    cdef int at = h.hole_size * h.n + h.per_run
    cdef int r, street, count, j, filled
    memcpy(h.boards[0], h.board, 5)
    for r in range(1, h.runs):
        memcpy(h.boards[r], h.board, 5)  # the board cards dealt before the all-in
        for street in range(first, 4):
            count = 3 if street == FLOP else 1
            filled = 0 if street == FLOP else (3 if street == TURN else 4)
            log_push(h, BURN, -1, 0, 1, &h.cards[at], 1, street, False)
            log_push(h, DEAL_BOARD, -1, 0, 1, &h.cards[at + 1], count, street, False)
            for j in range(count):
                h.boards[r][filled + j] = h.cards[at + 1 + j]
            at += 1 + count
    h.nboards = h.runs


cdef bint pause(HState* h, bint runout) noexcept nogil:
    """Whether the hand waits before the next street: for the discards of the players still in
    (set up here), or for the betting round after Manila's next board card (dealt here; all of
    them at once in a ``runout``)."""
    cdef int i
    while h.one_at_a_time and h.street == FLOP and h.nboard < 3:
        deal_street(h)
        if not runout:
            begin_round(h)
            return True
    if h.discard_after < 0 or h.street != h.discard_after:
        return False
    h.ndisc = 0
    for i in range(h.n):
        if not h.folded[i] and h.nhole[i] == 3:
            h.discarding[h.ndisc] = <uint8_t>i
            h.ndisc += 1
    return h.ndisc > 0


cdef void act_discard(HState* h, int i, uint8_t card) noexcept nogil:
    """Seat ``i`` (one of the seats to discard) gives up ``card`` (one of its hole cards)."""
    cdef int k, j = 0
    for k in range(h.nhole[i]):
        if h.hole[i][k] != card:
            h.hole[i][j] = h.hole[i][k]
            j += 1
    h.nhole[i] = <uint8_t>j
    j = 0
    for k in range(h.ndisc):
        if h.discarding[k] != i:
            h.discarding[j] = h.discarding[k]
            j += 1
    h.ndisc = j
    log_push(h, DISCARD, i, 0, 1, &card, 1, h.street, False)
    if not h.ndisc:
        end_round(h)


# ---------------------------------------------------------------------------------------------
# Kernels: pots, shares, the rake, the award
# ---------------------------------------------------------------------------------------------

cdef int build_pots_c(const int64_t* contrib, const uint8_t* live, int n, int64_t dead,
                      int64_t* amounts, uint32_t* eligible) noexcept nogil:
    """The main pot then the side pots of ``contrib`` (each seat's chips put in less its dead
    money) and ``dead`` chips in the main pot: each pot's amount and its eligible seats (bits);
    the number of pots."""
    cdef int64_t levels[MAX_SEATS + 1]
    cdef int nlevels = 0, npots = 0, i, k, j
    cdef int64_t amount = dead, previous = 0, level, c, t
    cdef uint32_t seats, everyone = 0
    for i in range(n):  # the distinct levels, sorted
        c = contrib[i]
        if c <= 0:
            continue
        for k in range(nlevels):
            if levels[k] == c:
                break
        else:
            levels[nlevels] = c
            nlevels += 1
    for i in range(1, nlevels):
        t = levels[i]
        j = i - 1
        while j >= 0 and levels[j] > t:
            levels[j + 1] = levels[j]
            j -= 1
        levels[j + 1] = t
    if dead:
        for k in range(nlevels, 0, -1):
            levels[k] = levels[k - 1]
        levels[0] = 0
        nlevels += 1
    for k in range(nlevels):
        level = levels[k]
        seats = 0
        for i in range(n):
            c = contrib[i]
            if c > previous:  # what this seat put in between the previous level and this one
                amount += (c if c < level else level) - previous
            if c >= level and live[i]:
                seats |= 1u << i
        previous = level
        if not seats:  # only folded seats put in this much: their chips join the pot below
            if npots:
                amounts[npots - 1] += amount
                amount = 0
            continue
        if npots and eligible[npots - 1] == seats:
            npots -= 1
            amount += amounts[npots]
        amounts[npots] = amount
        eligible[npots] = seats
        npots += 1
        amount = 0
    if amount:  # nothing but dead money (or chips no live seat reached, with no pot below)
        for i in range(n):
            if live[i]:
                everyone |= 1u << i
        amounts[npots] = amount
        eligible[npots] = everyone
        npots += 1
    return npots


cdef inline int64_t gcd64(int64_t a, int64_t b) noexcept nogil:
    cdef int64_t t
    while b:
        t = a % b
        a = b
        b = t
    return a


cdef inline void share_c(int64_t num, int64_t den, int parts, int k, int policy, int64_t* out_num,
                         int64_t* out_den) noexcept nogil:
    """Part ``k`` of ``parts`` of ``num / den`` chips: the odd chips one at a time from the
    first part, all to the first part, or exact fractions."""
    cdef int64_t whole, odd, g
    if policy == FRACTIONAL or den != 1:
        den = den * parts
        g = gcd64(num, den)
        if g > 1:
            num //= g
            den //= g
        out_num[0] = num
        out_den[0] = den
        return
    whole = num // parts
    odd = num % parts
    if policy == FIRST_WINNER:
        out_num[0] = whole + (odd if k == 0 else 0)
    else:
        out_num[0] = whole + (1 if k < odd else 0)
    out_den[0] = 1


cdef int best_of(const int* values, uint32_t eligible, uint32_t contenders, int n) noexcept nogil:
    """The bits of the best of the contenders eligible for a pot that have a value (> 0)."""
    cdef int top = 0, i
    cdef uint32_t best = 0, q = eligible & contenders
    for i in range(n):
        if q & (1u << i) and values[i] > 0:
            if values[i] > top:
                top = values[i]
                best = 1u << i
            elif values[i] == top:
                best |= 1u << i
    return <int>best


cdef int award_pots_c(const int64_t* amounts, const uint32_t* eligible, int npots,
                      const int* comps, int shares, int types, uint32_t contenders, int n,
                      int policy, Win* wins) noexcept nogil:
    """Each pot to its best contenders, board share by board share and pot by pot (see
    holdem.engine._pystate.award_pots); ``comps[(share * 2 + type) * MAX_SEATS + seat]``.
    The number of wins written."""
    cdef int nwins = 0, b, p, t, nparts, part, i, count, j
    cdef uint32_t parts[2]
    cdef uint32_t best
    cdef int64_t num, den, pn, pd, qn, qd
    for b in range(shares):
        for p in range(npots):
            share_c(amounts[p], 1, shares, b, policy, &num, &den)
            nparts = 0
            for t in range(types):
                best = <uint32_t>best_of(&comps[(b * 2 + t) * MAX_SEATS], eligible[p],
                                         contenders, n)
                if best:
                    parts[nparts] = best
                    nparts += 1
            if not nparts:  # no contender eligible: the pot goes back to its seats
                parts[0] = eligible[p]
                nparts = 1
            for part in range(nparts):
                share_c(num, den, nparts, part, policy, &pn, &pd)
                count = 0
                for i in range(n):
                    if parts[part] & (1u << i):
                        count += 1
                j = 0
                for i in range(n):
                    if parts[part] & (1u << i):
                        if count == 1:
                            qn, qd = pn, pd
                        else:
                            share_c(pn, pd, count, j, policy, &qn, &qd)
                        wins[nwins].seat = i
                        wins[nwins].num = qn
                        wins[nwins].den = qd
                        nwins += 1
                        j += 1
    return nwins


cdef uint32_t pot_winners_c(const int64_t* amounts, const uint32_t* eligible, int npots,
                            const int* comps, int shares, int types, uint32_t contenders,
                            int n) noexcept nogil:
    """The seats that win all or part of at least one pot (bits)."""
    cdef uint32_t won = 0
    cdef int p, b, t
    for p in range(npots):
        for b in range(shares):
            for t in range(types):
                won |= <uint32_t>best_of(&comps[(b * 2 + t) * MAX_SEATS], eligible[p],
                                         contenders, n)
    return won


cdef inline int64_t rake_take(const RakeSpec* r, int64_t pot) noexcept nogil:
    """Whole units of the share of one pot, before the cap."""
    cdef uint64_t scale = <uint64_t>r.den * 100  # (den < 2**40: checked when built)
    cdef uint64_t units
    if pot <= 0:
        return 0
    if r.nearest:  # floor(share + 1/2) = floor((2 * num * pot + scale * unit) / (2 * scale * unit))
        units = hs_muldiv(<uint64_t>r.num * 2, <uint64_t>pot, scale)  # 2 * share * unit, floored
        units = (hs_muldiv(units, 1, <uint64_t>r.unit) + 1) // 2
    else:
        units = hs_muldiv(<uint64_t>r.num, <uint64_t>pot, scale) // <uint64_t>r.unit
    return <int64_t>units * r.unit


cdef int64_t rake_pots_c(const RakeSpec* r, int64_t* amounts, int npots, const int64_t* bets_in,
                         int n, bint flop) noexcept nogil:
    """Take the rake from the pots (main pot first; see holdem.engine.pots.rake_pots); the
    chips taken."""
    cdef int64_t first = 0, second = 0, uncalled, limit, taken = 0, s, base, total, left, top
    cdef int64_t each[MAX_POTS]
    cdef int64_t bases[MAX_POTS]
    cdef int i, k, last = npots - 1, neach = r.neach
    cdef bint have_each = r.neach >= 0
    if r.nfnd and not flop:
        return 0
    for i in range(n):
        if bets_in[i] > first:
            second = first
            first = bets_in[i]
        elif bets_in[i] > second:
            second = bets_in[i]
    uncalled = first - second if n > 1 else first
    limit = r.amount if r.amount >= 0 and not have_each else -1
    if r.cap >= 0:
        limit = r.cap if limit < 0 else min64(limit, r.cap)
    if have_each:
        for k in range(npots):
            each[k] = r.each[k] if k < neach else 0
    elif r.whole and r.amount < 0:
        total = 0
        for k in range(npots):
            bases[k] = amounts[k] - (uncalled if k == last else 0)
            total += bases[k]
        total = rake_take(r, total)
        if r.cap >= 0 and total > r.cap:
            total = r.cap
        left = total
        for k in range(npots):  # main pot first, each its own share, until the total
            s = min64(rake_take(r, bases[k]), left)
            each[k] = s
            left -= s
        if left > 0 and npots:
            top = 0
            for k in range(1, npots):
                if bases[k] > bases[top]:
                    top = k
            each[top] += min64(left, bases[top] - each[top])
        have_each = True
    for k in range(npots):
        base = amounts[k] - (uncalled if k == last else 0)
        if have_each:
            s = each[k]
        else:
            s = base if r.amount >= 0 else rake_take(r, base)
        if limit >= 0:
            s = min64(s, limit - taken)
        s = max64(0, min64(s, base))
        taken += s
        amounts[k] -= s
    return taken


cdef inline uint16_t cards_value(const EvalTables* t, const uint8_t* cards, int n) noexcept nogil:
    """The value of the best five of 5-7 cards on the tables ``t``."""
    cdef uint64_t key = KEY_INIT, mask = 0
    cdef int i
    for i in range(n):
        key += t.cards[cards[i]].key
        mask |= t.cards[cards[i]].mask
    return eval_key(t, key, mask)


cdef int seat_value(HState* h, const uint8_t* board, int i, int low) noexcept nogil:
    """Seat ``i``'s value on a five-card board (``low``: the eight-or-better low, 0 for
    none)."""
    cdef uint8_t buf[7]
    cdef const uint8_t* hole = h.hole[i]
    cdef int nh = h.nhole[i], best = 0, v, a, b
    cdef uint64_t hsum = 0, bsum = 0, hmask = 0, bmask = 0
    cdef uint32_t hl = 0, bl = 0
    if h.omaha:
        if low:
            for a in range(nh):
                hl |= low_bit(hole[a])
            for a in range(5):
                bl |= low_bit(board[a])
            return omaha_low_value(hl, bl)
        for a in range(nh):
            hsum += h.tables.cards[hole[a]].key
            hmask |= h.tables.cards[hole[a]].mask
        for a in range(5):
            bsum += h.tables.cards[board[a]].key
            bmask |= h.tables.cards[board[a]].mask
        return omaha_hole_value(hole, nh, omaha_board_row(bsum), hsum, bsum, hmask, bmask)
    memcpy(&buf[2], board, 5)
    if nh == 2:
        buf[0] = hole[0]
        buf[1] = hole[1]
        return cards_value(&h.tables, buf, 7)
    for a in range(3):  # three hole cards: two of them (Double hold'em: the middle with each)
        for b in range(a + 1, 3):
            if h.double and a == 0 and b == 2:
                continue
            buf[0] = hole[a]
            buf[1] = hole[b]
            v = cards_value(&h.tables, buf, 7)
            if v > best:
                best = v
    return best


cdef int state_components(HState* h, int* comps) noexcept nogil:
    """Each live seat's values ``comps[(share * 2 + type) * MAX_SEATS + seat]`` (0 for a
    folded seat or no qualifying low); the number of shares."""
    cdef int shares, types = 2 if h.hilo else 1, b, t, i, v
    cdef const uint8_t* board
    if h.nboards:
        shares = h.nboards
    else:
        shares = 1
    memset(comps, 0, MAX_SHARES * 2 * MAX_SEATS * sizeof(int))
    for b in range(shares):
        board = &h.boards[b][0] if h.nboards else &h.board[0]
        for t in range(types):
            for i in range(h.n):
                if not h.folded[i]:
                    comps[(b * 2 + t) * MAX_SEATS + i] = seat_value(h, board, i, t)
    if h.layout_boards > 1 and not h.split_boards:  # the better of the two boards: one share
        for t in range(types):
            for i in range(h.n):
                v = comps[(1 * 2 + t) * MAX_SEATS + i]
                if v > comps[t * MAX_SEATS + i]:
                    comps[t * MAX_SEATS + i] = v
        shares = 1
    return shares


cdef void state_pots(HState* h, const uint8_t* live, int64_t* amounts, uint32_t* eligible,
                     int* npots) noexcept nogil:
    cdef int64_t contrib[MAX_SEATS]
    cdef int64_t dead = 0
    cdef int i
    for i in range(h.n):
        dead += h.ante[i]
    for i in range(h.n):
        contrib[i] = h.contrib[i] - h.ante[i]
    npots[0] = build_pots_c(contrib, live, h.n, dead, amounts, eligible)


cdef void award(HState* h, uint32_t contenders, const int* comps, int shares,
                int types) noexcept nogil:
    """Push every pot to its best contenders (the seats shown, or the last seat left), less
    the rake, and end the hand."""
    cdef int64_t amounts[MAX_POTS]
    cdef uint32_t eligible[MAX_POTS]
    cdef uint8_t live[MAX_SEATS]
    cdef int64_t bets_in[MAX_SEATS]
    cdef int npots, i, nwins, count = 0, seat = 0
    cdef int64_t won = 0
    cdef Win* wins
    cdef Win local[64]
    cdef Win one
    cdef uint32_t won_any
    cdef bint flop = h.nboard >= 3, merge
    h.has_final = True
    for i in range(h.n):
        h.final[i] = h.stack[i]
        live[i] = not h.folded[i]
        bets_in[i] = h.contrib[i] - h.ante[i]
        if contenders & (1u << i):
            count += 1
            seat = i
    if count == 1:  # everyone else folded or mucked: one seat takes every chip
        for i in range(h.n):
            won += h.contrib[i]
        if h.has_rake:
            state_pots(h, live, amounts, eligible, &npots)
            won -= rake_pots_c(&h.rake, amounts, npots, bets_in, h.n, flop)
        one.seat = seat
        one.num = won
        one.den = 1
        settle(h, &one, 1)
        return
    state_pots(h, live, amounts, eligible, &npots)
    merge = (h.flags & MERGE) != 0 and not (h.runs > 1 and h.nboards and h.layout_boards == 1
                                            and h.ranking < 0 and not h.omaha
                                            and h.hole_size == 2)
    if merge:  # rebuilt with only the seats that win something
        won_any = pot_winners_c(amounts, eligible, npots, comps, shares, types, contenders, h.n)
        for i in range(h.n):
            live[i] = (won_any >> i) & 1
        state_pots(h, live, amounts, eligible, &npots)
    if h.has_rake:
        rake_pots_c(&h.rake, amounts, npots, bets_in, h.n, flop)
    wins = local  # (most hands: a few wins; at most one per seat, pot, share and type)
    if shares * npots * types * h.n > 64:
        wins = <Win*>malloc(shares * npots * types * h.n * sizeof(Win))
        if wins == NULL:
            h.oom = True
            return
    nwins = award_pots_c(amounts, eligible, npots, comps, shares, types, contenders, h.n,
                         h.policy, wins)
    settle(h, wins, nwins)
    if wins != local:
        free(wins)


cdef void settle(HState* h, const Win* wins, int nwins) noexcept nogil:
    """Log the wins, pay the stacks (unless some win is a fraction: the owner works the stacks
    out from the log) and end the hand."""
    cdef int k, i
    for k in range(nwins):
        log_push(h, WIN, wins[k].seat, wins[k].num, wins[k].den, NULL, 0, COMPLETE, False)
        if wins[k].den == 1:
            h.final[wins[k].seat] += wins[k].num
        else:
            h.fraction = True
    if h.fraction:
        for i in range(h.n):
            h.final[i] = h.stack[i]
    else:
        for i in range(h.n):
            h.stack[i] = h.final[i]
    h.street = COMPLETE
    h.actor = -1
    h.nqueue = 0


# ---------------------------------------------------------------------------------------------
# Kernels: the showdown
# ---------------------------------------------------------------------------------------------

cdef void reveal(HState* h, int i, bint show) noexcept nogil:
    """Seat ``i`` (in the showdown's queue) shows its hole cards or mucks."""
    cdef int k, j = 0
    for k in range(h.nshow):
        if h.show_queue[k] != i:
            h.show_queue[j] = h.show_queue[k]
            j += 1
    h.nshow = j
    if show:
        h.shown[i] = True
        log_push(h, SHOW, i, 0, 1, h.hole[i], h.nhole[i], SHOWDOWN, False)
    else:
        h.mucked[i] = True
        log_push(h, MUCK, i, 0, 1, NULL, 0, SHOWDOWN, False)


cdef void award_shown(HState* h) noexcept nogil:
    """Award the pots to the seats shown."""
    cdef int comps[MAX_SHARES * 2 * MAX_SEATS]
    cdef uint32_t contenders = 0
    cdef int i, shares
    for i in range(h.n):
        if h.shown[i]:
            contenders |= 1u << i
    shares = state_components(h, comps)
    award(h, contenders, comps, shares, 2 if h.hilo else 1)


cdef void begin_showdown(HState* h) noexcept nogil:
    """Order the showdown: from the last seat to bet or raise in the last round, else left of
    the button (or that round's first to act), clockwise; then, unless it is manual, each hand
    is shown or mucked and the pots are paid."""
    cdef int n = h.n, first, k, j, i, able = 0, shares, types, b, t, p, npots, v, nqueue
    cdef uint8_t order[MAX_SEATS]
    cdef uint8_t live[MAX_SEATS]
    cdef int comps[MAX_SHARES * 2 * MAX_SEATS]
    cdef int best[MAX_SHARES * 2 * MAX_POTS]
    cdef int64_t amounts[MAX_POTS]
    cdef uint32_t eligible[MAX_POTS]
    cdef bint everyone, show
    h.street = SHOWDOWN
    if h.aggressor >= 0:
        first = h.aggressor
    else:  # no bet on the last round: left of the button, or its first to act
        first = h.opener if h.flags & FROM_OPENER else 0
    h.nshow = 0
    for k in range(n):
        j = (first + k) % n
        live[j] = not h.folded[j]
        if not h.folded[j]:
            if not h.shown[j]:
                h.show_queue[h.nshow] = <uint8_t>j
                h.nshow += 1
            if h.stack[j]:
                able += 1
    h.nqueue = 0
    if h.mode == MANUAL:
        h.actor = h.show_queue[0]
        return
    h.actor = -1
    everyone = h.mode == ALL or able <= 1 or (h.flags & ALL_IN_SHOWS and able < h.live)
    shares = state_components(h, comps)
    types = 2 if h.hilo else 1
    state_pots(h, live, amounts, eligible, &npots)
    memset(best, 0, sizeof(best))  # the best value shown, by share, type and pot
    nqueue = h.nshow
    memcpy(order, h.show_queue, nqueue)
    for k in range(nqueue):
        i = order[k]
        show = everyone
        for b in range(shares):
            for t in range(types):
                v = comps[(b * 2 + t) * MAX_SEATS + i]
                if v <= 0:
                    continue
                for p in range(npots):
                    if eligible[p] & (1u << i) and v >= best[(b * 2 + t) * MAX_POTS + p]:
                        show = True
        if show:
            for b in range(shares):
                for t in range(types):
                    v = comps[(b * 2 + t) * MAX_SEATS + i]
                    if v <= 0:
                        continue
                    for p in range(npots):
                        if eligible[p] & (1u << i) and v > best[(b * 2 + t) * MAX_POTS + p]:
                            best[(b * 2 + t) * MAX_POTS + p] = v
        reveal(h, i, show)
    award_shown(h)


cdef void void_hand(HState* h) noexcept nogil:
    """A misdeal: every chip back where it was and the hand over, nothing won or lost."""
    cdef int i
    for i in range(h.n):
        h.stack[i] = h.start[i]
        h.final[i] = h.start[i]
        h.bet[i] = 0
        h.contrib[i] = 0
        h.ante[i] = 0
    h.has_final = True
    h.fraction = False
    h.max_bet = 0
    log_plain(h, MISDEAL, -1, 0, False)
    h.street = COMPLETE
    h.actor = -1
    h.nqueue = 0
    h.nshow = 0
    h.ndisc = 0


cdef void observe(const HState* h, float* out, int me, int n, double scale, bint live) \
        noexcept nogil:
    """Write seat ``me``'s observation in the environments' default layout (see
    :func:`holdem.envs.observation_layout`; ``112 + 5 * n`` floats, chips times ``scale``) for a
    layout of ``n`` >= ``h.n`` seats: its own hole cards and the public facts only. ``live``
    False (an episode ended early) shows no street and no seat to act."""
    cdef int m = h.n
    cdef int base = 112 + 2 * n
    cdef int actor = h.actor if live else -1
    cdef int j, k
    cdef int64_t total = 0, owed, lo
    cdef const int64_t* stacks = &h.final[0] if h.has_final else &h.stack[0]
    memset(out, 0, (112 + 5 * n) * sizeof(float))
    for k in range(h.nhole[me]):
        out[h.hole[me][k]] = 1
    for k in range(h.nboard):
        out[52 + h.board[k]] = 1
    for k in range(m):
        total += h.contrib[k]
    out[108] = <float>(<double>total * scale)
    if live and h.street < SHOWDOWN:
        out[104 + h.street] = 1
    if actor == me and h.street < SHOWDOWN:
        owed = h.max_bet - h.bet[me]
        if owed > 0:
            out[109] = <float>(<double>min64(owed, h.stack[me]) * scale)
        lo = raise_min(<HState*>h, me)
        if lo >= 0:
            out[110] = <float>(<double>lo * scale)
            out[111] = <float>(<double>raise_max(<HState*>h, me, lo) * scale)
    for k in range(m):
        j = (me + k) % m
        out[112 + k] = <float>(<double>stacks[j] * scale)
        out[112 + n + k] = <float>(<double>h.bet[j] * scale)
        if h.folded[j]:
            out[base + k] = 1
    if actor >= 0:
        out[base + n + (actor - me + m) % m] = 1
    out[base + 2 * n + me] = 1


cdef void observe_v6(const HState* h, float* out, int me) noexcept nogil:
    """Write seat ``me``'s observation in PettingZoo's ``texas_holdem_no_limit_v6`` encoding
    (54 floats: its hole cards and the board one-hot in rlcard's order of spades, hearts,
    diamonds, clubs, each from the ace to the king; its chips put in; the most chips put in by
    a seat). ``me`` -1 (no seat: one out of the table) shows the public part only."""
    cdef int k, c
    cdef int64_t top = 0
    memset(out, 0, 54 * sizeof(float))
    if me >= 0:
        for k in range(h.nhole[me]):
            c = h.hole[me][k]
            out[(3 - c % 4) * 13 + (c // 4 + 1) % 13] = 1
    for k in range(h.nboard):
        c = h.board[k]
        out[(3 - c % 4) * 13 + (c // 4 + 1) % 13] = 1
    for k in range(h.n):
        if h.contrib[k] > top:
            top = h.contrib[k]
    out[52] = <float><double>(h.contrib[me] if me >= 0 else 0)
    out[53] = <float><double>top


cdef int64_t action_target(const HState* h, const ActionSpec* a, int64_t index, int64_t lo,
                           int64_t hi) noexcept nogil:
    """The raise-to amount of action index ``index`` (>= 2) of the map ``a`` for the seat to
    act, whose raise bounds are ``lo .. hi`` (``lo`` -1: it may not raise), or -1 when it is
    not legal now. Discrete raises (``a.full`` false): ``"pot"`` sizing raises to the largest
    bet plus the fraction of the pot after the call (rounded to the nearest chip), moved into
    the legal range; ``pz_sizing`` adds the fraction of the pot (rounded down) to the seat's
    bet, legal only when inside the range; the all-in index is the whole stack, when that is
    the largest raise."""
    cdef int i = h.actor, j
    cdef int64_t amount, bet, top = 0, pot = 0, owed
    cdef double f
    if lo < 0 or index < 2 or index >= a.nact:
        return -1
    if a.full:
        amount = index - 2
        return amount if lo <= amount <= hi else -1
    bet = h.bet[i]
    if index == a.all_in:
        return hi if bet + h.stack[i] == hi else -1
    f = a.fracs[index - 2]
    for j in range(h.n):
        pot += h.contrib[j]
    if a.pz_sizing:
        amount = bet + <int64_t>(f * <double>pot)
        return amount if lo <= amount <= hi else -1
    for j in range(h.n):
        if h.bet[j] > top:
            top = h.bet[j]
    owed = h.max_bet - bet
    if owed < 0:
        owed = 0
    elif owed > h.stack[i]:
        owed = h.stack[i]
    amount = top + <int64_t>(f * <double>(pot + owed) + 0.5)
    if amount < lo:
        amount = lo
    return amount if amount < hi else hi


cdef void action_mask(const HState* h, const ActionSpec* a, int64_t lo, int64_t hi,
                      int8_t* out) noexcept nogil:
    """Write the action mask of the seat to act (``a.nact`` entries, 1 for a legal index),
    whose raise bounds are ``lo .. hi`` (``lo`` -1: it may not raise)."""
    cdef int i = h.actor
    cdef int64_t k
    memset(out, 0, a.nact)
    out[0] = h.bet[i] != h.max_bet or h.fold_free
    out[1] = 1
    if lo < 0:
        return
    if a.full:  # (never past the mask: a total beyond the map's chips has no index)
        for k in range(2 + lo, min(3 + hi, a.nact)):
            out[k] = 1
        return
    if a.pz_sizing:
        for k in range(2, a.nact):
            out[k] = action_target(h, a, k, lo, hi) >= 0
        return
    for k in range(2, a.all_in):  # every fraction: moved into the range
        out[k] = 1
    out[a.all_in] = h.bet[i] + h.stack[i] == hi


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

cdef void _load_rake(RakeSpec* r, tuple bits) except *:
    num, den, cap, unit, nearest, nfnd, amount, each, whole = bits
    if not 0 <= num <= 100 * den or not 0 < den < (1 << 40):
        raise RulesError(f"the rake percent {num}/{den} is too fine for the engine")
    r.num = num
    r.den = den
    r.cap = cap if cap < MAX_CHIPS else MAX_CHIPS
    r.unit = unit if unit < MAX_CHIPS else MAX_CHIPS
    r.amount = amount if amount < MAX_CHIPS else MAX_CHIPS
    r.nearest = nearest
    r.nfnd = nfnd
    r.whole = whole
    if each is None:
        r.neach = -1
    else:
        r.neach = min(len(each), MAX_EACH)
        for k in range(r.neach):
            r.each[k] = each[k] if each[k] < MAX_CHIPS else MAX_CHIPS


# ---------------------------------------------------------------------------------------------
# The set-up: Hand's arguments checked and the hand begun
# ---------------------------------------------------------------------------------------------

cdef int64_t MAX_SETUP = (<int64_t>1) << 60  # the most chips in one amount (see stakes)
cdef dict _PRESETS = PRESETS
cdef object _FIXED_LIMIT = Structure.FIXED_LIMIT
cdef object _POT_LIMIT = Structure.POT_LIMIT
cdef object _NO_LIMIT = Structure.NO_LIMIT
cdef object _HOLDEM = VARIANTS["holdem"]
cdef tuple _HOLDEM_BITS = VARIANTS["holdem"]._layout
cdef object _DEAL_RNG = _dealing._RNG
cdef object _RANDOM = _random.Random


cdef int64_t _layout_seats(object players, int seats) except -1:
    """``players`` checked as the seats of an observation's layout: an int from ``seats``
    (the hand's) up to the engine's most seats."""
    if not (type(players) is int or is_int(players)) or not seats <= players <= MAX_SEATS:
        raise ArgumentError(f"players must be an int from {seats} to {MAX_SEATS}, got "
                            f"{players!r}")
    return _index(players)


cdef inline int64_t _amount(object x) except -2:
    """``x`` as a number of chips from 0 to 2**60, or -1 when it is not one (then the
    reference checks word the error)."""
    cdef int64_t v
    if type(x) is not int:
        if not is_int(x):
            return -1
        x = _index(x)  # a plain int: a subclass's comparisons may lie
    try:
        v = x
    except OverflowError:
        return -1
    return v if 0 <= v <= MAX_SETUP else -1


cdef int _amounts(object values, int n, int64_t* out) except -2:
    """A sequence of ``n`` amounts into ``out``: 1, or 0 when it is not one (wrong length, a
    value that is not an amount, or not a sequence)."""
    cdef int i
    try:
        if len(values) != n:
            return 0
        for i in range(n):
            out[i] = _amount(values[i])
            if out[i] < 0:
                return 0
    except (TypeError, KeyError, IndexError, OverflowError):  # (a range of 10**20: no length)
        return 0
    return 1


cdef void _get_buffer(object out, Py_buffer* view, const char* code, int64_t need,
                      str what) except *:
    """Get ``out``'s buffer into ``view``: writable, C-contiguous, of the one-letter struct
    ``code`` (``b"f"`` float32, ``b"b"`` int8) and at least ``need`` items (the buffer
    protocol itself: a typed memoryview costs more than the rest of a call)."""
    cdef const char* fmt
    cdef Py_ssize_t size = 4 if code[0] == b"f" else 1
    cdef str kind = "float32" if code[0] == b"f" else "int8"
    try:
        PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    except (BufferError, TypeError, ValueError):
        raise ArgumentError(f"out must be a writable C-contiguous {kind} buffer, got "
                            f"{type(out).__name__}") from None
    fmt = view.format
    if fmt[0] == b"@" or fmt[0] == b"=":
        fmt += 1
    if view.itemsize != size or fmt[0] != code[0] or fmt[1] != 0:
        PyBuffer_Release(view)
        raise ArgumentError(f"out must be a writable C-contiguous {kind} buffer, got "
                            f"{type(out).__name__}")
    if view.len < need * size:
        PyBuffer_Release(view)
        raise ArgumentError(f"out holds {view.len // size} items; {what} needs {need}")


cdef tuple _action_fractions(int64_t num_actions, object fractions, bint full):
    """The checked fractions of an :class:`ActionMap`."""
    cdef tuple fracs = tuple(fractions)
    for f in fracs:
        if isinstance(f, bool) or not isinstance(f, (int, float)) or not 0 < f < 1000:
            raise ArgumentError(f"a bet fraction is a number > 0 (of the pot), got {f!r}")
    if len(fracs) > MAX_FRACTIONS:
        raise ArgumentError(f"at most {MAX_FRACTIONS} bet fractions, got {len(fracs)}")
    if full:
        if fracs:
            raise ArgumentError("the full actions have no bet fractions")
        if not 3 <= num_actions <= (1 << 30):
            raise ArgumentError(f"the full actions are 3 to 2**30 indices, got {num_actions}")
    elif num_actions != 3 + len(fracs):
        raise ArgumentError(f"{len(fracs)} bet fractions make {3 + len(fracs)} actions, "
                            f"not {num_actions}")
    return tuple([float(f) for f in fracs])


cdef class ActionMap:
    """The environments' action indices (:class:`holdem.envs._game.EnvGame`): 0 fold, 1 check
    or call, then (discrete) one raise per bet fraction and all-in, or (``full``) ``2 + k`` a
    raise to ``k`` chips in all, for ``num_actions`` indices. ``pz_sizing``: the fractions
    size raises as PettingZoo's ``texas_holdem_no_limit_v6`` (else as pot fractions). Read by
    :meth:`HandState.action_target` and :meth:`HandState.write_action_mask`. The same as
    :class:`holdem.engine._pystate.ActionMap`.

    :raises ArgumentError: for more than 64 fractions, a fraction that is not a number above
        0, ``num_actions`` other than ``3 + len(fractions)`` (discrete) or below 3 (full).
    """

    def __init__(self, int64_t num_actions, fractions=(), *, bint full=False,
                 bint pz_sizing=False):
        cdef tuple fracs = _action_fractions(num_actions, fractions, full)
        cdef int k
        self.spec.nact = <int>num_actions
        self.spec.full = full
        self.spec.pz_sizing = pz_sizing
        self.spec.nfrac = len(fracs)
        for k in range(self.spec.nfrac):
            self.spec.fracs[k] = fracs[k]
        self.spec.all_in = -1 if full else 2 + self.spec.nfrac

    @property
    def num_actions(self):
        """How many action indices there are."""
        return self.spec.nact

    @property
    def fractions(self):
        """The bet fractions of the discrete raises (none with ``full``)."""
        return tuple([self.spec.fracs[k] for k in range(self.spec.nfrac)])

    @property
    def full(self):
        """True when index ``2 + k`` raises to ``k`` chips."""
        return bool(self.spec.full)

    @property
    def pz_sizing(self):
        """True when the fractions size raises as PettingZoo's v6 environment."""
        return bool(self.spec.pz_sizing)

    @property
    def all_in(self):
        """The all-in index (-1 with ``full``)."""
        return self.spec.all_in

    def __reduce__(self):
        """Pickle support: the class and its arguments."""
        return _new_action_map, (self.num_actions, self.fractions, self.full, self.pz_sizing)


def _new_action_map(num_actions, fractions, full, pz_sizing):
    return ActionMap(num_actions, fractions, full=full, pz_sizing=pz_sizing)


cdef ActionSpec* _spec_of(object actions) except NULL:
    """The C spec of an :class:`ActionMap`."""
    if not isinstance(actions, ActionMap):
        raise ArgumentTypeError(f"actions must be an ActionMap, got {actions!r}")
    return &(<ActionMap>actions).spec


@cython.freelist(8)
@cython.auto_pickle(False)  # (a hand pickles through Hand.__reduce__: see _state)
@cython.no_gc  # (its Python fields are immutable: the rules, the game, names; no cycle)
cdef class HandState:
    """The hand kernel's state of one hand, and every operation on it: the base of
    :class:`holdem.Hand`, which documents its use (its constructor, its actions, what it
    shows). The same as :class:`holdem.engine._pystate.HandState`.
    """

    def __init__(self, stacks, *, blinds=(), rng=None, seed=None, deck=None, straddles=(),
                 ante=0, big_blind_ante=0, forced_bets=None, antes=None, posts=None,
                 dead_blinds=None, structure=Structure.NO_LIMIT, small_bet=None, big_bet=None,
                 min_bet=None, rules="casino", hole_cards=None, board=(), showdown="auto",
                 runs=1, river_bet=None, game=None):
        cdef int n, i, kind, mode, nb, ns, bb_seat, k, seat, most, c_runs
        cdef int64_t c_stacks[MAX_SEATS]
        cdef int64_t c_forced[MAX_SEATS]
        cdef int64_t c_antes[MAX_SEATS]
        cdef int64_t c_dead[MAX_SEATS]
        cdef int64_t c_live[MAX_SEATS]
        cdef int64_t c_posted[MAX_SEATS]
        cdef int64_t c_sizes[4]
        cdef int64_t c_blinds[2]
        cdef int64_t c_straddles[MAX_SEATS]
        cdef int64_t total = 0, before, big_blind, a, bb_ante, small, big, least, river, top
        cdef int64_t second, level, inc, pot, low, high, amount
        cdef int flags
        cdef bint fixed, has_posts = posts is not None or dead_blinds is not None
        while True:  # (a loop to leave at the first thing to refuse: the reference words it)
            # the stacks
            try:
                n = len(stacks)
            except (TypeError, OverflowError):
                break
            if not 2 <= n <= MAX_SEATS or not _amounts(stacks, n, c_stacks):
                break
            for i in range(n):
                total += c_stacks[i]  # (each at most 2**60: no overflow before the check)
                if not c_stacks[i] or total > MAX_CHIPS:
                    n = -1
                    break
            if n < 0:
                break
            # the rules, structure and showdown
            checked = _PRESETS.get(rules) if type(rules) is str else rules
            if not isinstance(checked, Rules):
                break
            s = structure
            if s is _NO_LIMIT:
                kind = NOLIMIT
            elif s is _POT_LIMIT:
                kind = POT
            elif s is _FIXED_LIMIT:
                kind = FIXED
            else:
                s = Structure.parse(structure)  # (raises: after the rules, as the reference)
                kind = NOLIMIT if s is _NO_LIMIT else POT if s is _POT_LIMIT else FIXED
            if showdown == "auto" and type(showdown) is str:
                mode = AUTO
            elif showdown == "all" and type(showdown) is str:
                mode = ALL
            elif showdown == "manual" and type(showdown) is str:
                mode = MANUAL
            else:
                break
            fixed = kind == FIXED
            flags = <int>checked._bits[2]
            # the forced bets (holdem.engine.stakes.forced_bets)
            for i in range(n):
                c_forced[i] = 0
            if forced_bets is not None:
                if blinds or straddles:
                    break
                if not _amounts(forced_bets, n, c_forced):
                    break
                bb_seat = 0
                for i in range(1, n):
                    if c_forced[i] > c_forced[bb_seat]:
                        bb_seat = i
            else:
                if type(blinds) is dict or type(straddles) is dict:
                    break  # (stakes.forced_bets refuses a mapping)
                try:
                    nb = len(blinds)
                    ns = len(straddles)
                except (TypeError, OverflowError):  # (a range of 10**20: refused in bounds there)
                    break
                if nb > 2 or ns > MAX_SEATS:
                    break
                for i in range(nb):
                    c_blinds[i] = _amount(blinds[i])
                    if c_blinds[i] < 0:
                        nb = -1
                        break
                if nb < 0:
                    break
                for i in range(ns):
                    c_straddles[i] = _amount(straddles[i])
                    if c_straddles[i] < 0:
                        ns = -1
                        break
                if ns < 0:
                    break
                if n == 2:
                    if ns:
                        break
                    if nb == 2:  # the button posts the small blind
                        c_forced[1] = c_blinds[0]
                        c_forced[0] = c_blinds[1]
                    elif nb:
                        c_forced[0] = c_blinds[0]
                else:
                    if nb + ns > n or (ns and nb < 2):
                        break
                    before = c_blinds[nb - 1] if nb else 0
                    for i in range(ns):  # each at least the forced bet before it
                        if c_straddles[i] < before:
                            ns = -1
                            break
                        before = c_straddles[i]
                    if ns < 0:
                        break
                    for i in range(nb):
                        c_forced[i] = c_blinds[i]
                    for i in range(ns):
                        c_forced[nb + i] = c_straddles[i]
                # The big blind's seat: not a straddle's, which is larger.
                if nb == 2:
                    bb_seat = 0 if n == 2 else 1
                else:
                    bb_seat = 0
                    for i in range(1, n):
                        if c_forced[i] > c_forced[bb_seat]:
                            bb_seat = i
            big_blind = c_forced[bb_seat]
            # the antes
            if antes is None:
                a = _amount(ante)
                bb_ante = _amount(big_blind_ante)
                if a < 0 or bb_ante < 0:
                    break
                for i in range(n):
                    c_antes[i] = a
                c_antes[bb_seat] += bb_ante
            elif not _amounts(antes, n, c_antes):
                break
            # the bet sizes
            if fixed:
                small = big_blind if small_bet is None else _amount(small_bet)
                if small <= 0:
                    break
                big = 2 * small if big_bet is None else _amount(big_bet)
                least = small
            else:
                least = big_blind if min_bet is None else _amount(min_bet)
                if least <= 0:
                    break
                small = least if small_bet is None else _amount(small_bet)
                if small < 0:
                    break
                big = 2 * small if big_bet is None else _amount(big_bet)
            if big < 0:
                break
            # the straddles: each a legal raise (holdem.engine.stakes.check_straddles)
            if forced_bets is None and ns and flags & STRADDLE_RAISE and n > 2:
                level = c_forced[1]
                inc = max64(level, least)
                pot = c_forced[0] + c_forced[1]
                for i in range(n):
                    pot += c_antes[i]
                for seat in range(2, n):
                    amount = c_forced[seat]
                    if not amount:
                        break
                    low = level + (least if kind == FIXED else inc)
                    high = (low if kind == FIXED
                            else level + pot + level if kind == POT else amount)
                    if not low <= amount <= max64(high, low):
                        ns = -1
                        break
                    inc = max64(max64(inc, amount - level),
                                amount if flags & STRADDLE_MIN else 0)
                    level = amount
                    pot += amount
                if ns < 0:
                    break
            # the live posts and dead blinds (holdem.engine.stakes.check_posts)
            if has_posts:
                if posts is None:
                    for i in range(n):
                        c_live[i] = 0
                elif not _amounts(posts, n, c_live):
                    break
                if dead_blinds is None:
                    for i in range(n):
                        c_posted[i] = 0
                elif not _amounts(dead_blinds, n, c_posted):
                    break
                top = 0
                for i in range(n):
                    top = max64(top, c_forced[i])
                for i in range(n):
                    if (c_live[i] and c_forced[i]) or c_live[i] > top:
                        has_posts = False
                        break
                if not has_posts:
                    break
            # the bet of each street (holdem.engine.stakes.street_bets)
            c_sizes[0] = c_sizes[1] = small
            c_sizes[2] = c_sizes[3] = big
            if river_bet is not None:
                river = _amount(river_bet)
                if not fixed or river <= 0:
                    break
                c_sizes[3] = river
            # the runs (holdem.engine.stakes.check_runs)
            most = (52 - 2 * n) // 8
            if type(runs) is int:
                if not 1 <= runs <= most:
                    break
                c_runs = runs
            elif is_int(runs) and 1 <= _index(runs) <= most:
                c_runs = _index(runs)
            else:
                break
            # the dead part of each ante (holdem.engine.stakes.big_blind_antes)
            for i in range(n):
                c_dead[i] = 0
            if flags & DEAD_BB_ANTE:
                top = second = 0
                k = 0
                for i in range(n):
                    if c_antes[i] > top:
                        second = top
                        top = c_antes[i]
                        k = i
                    elif c_antes[i] > second:
                        second = c_antes[i]
                if top > second:
                    c_dead[k] = top - second
            # the game, and the cards
            if game is None:
                variant = _HOLDEM
                layout = _HOLDEM_BITS
            else:
                variant = variant_of(game)
                variant.check(n, c_runs)
                layout = variant._layout
            if (deck is None and seed is None and hole_cards is None and not board
                    and (rng is None or type(rng) is _RANDOM)):
                cards = (_DEAL_RNG if rng is None else rng).getrandbits(64)
            else:
                cards = hand_cards(layout, variant.name, n, deck, seed, rng, hole_cards, board,
                                   c_runs)
            self._begin(checked._bits, layout, n, c_stacks, c_forced, c_antes, c_dead,
                        c_live if has_posts else NULL, c_posted if has_posts else NULL, c_sizes,
                        small, big, least, c_runs, cards, kind, mode)
            self._rules = checked
            self._structure = s
            self._showdown_mode = showdown
            self._game = variant
            return
        _pystate.HandState(
            stacks, blinds=blinds, rng=rng, seed=seed, deck=deck, straddles=straddles, ante=ante,
            big_blind_ante=big_blind_ante, forced_bets=forced_bets, antes=antes, posts=posts,
            dead_blinds=dead_blinds, structure=structure, small_bet=small_bet, big_bet=big_bet,
            min_bet=min_bet, rules=rules, hole_cards=hole_cards, board=board, showdown=showdown,
            runs=runs, river_bet=river_bet, game=game,
        )  # (the reference words the error)
        raise AssertionError("the hand kernel refused a set-up that its reference takes")

    cdef void _begin(self, tuple rules, tuple layout, int n, const int64_t* stacks,
                     const int64_t* forced, const int64_t* antes, const int64_t* dead,
                     const int64_t* live_posts, const int64_t* dead_posts, const int64_t* sizes,
                     int64_t small, int64_t big, int64_t least, int runs, object cards,
                     int kind, int mode) except *:
        """Set the hand up from a checked set-up, post the forced bets, deal and begin."""
        cdef HState* h = &self.h
        cdef int i, need
        cdef uint8_t order[52]
        cdef uint64_t bits
        self.name = rules[0]
        h.reopen = rules[1]
        h.flags = rules[2]
        h.cap = rules[3]
        h.policy = rules[4]
        h.has_rake = rules[5] is not None
        if h.has_rake:
            _load_rake(&h.rake, rules[5])
        (h.low, h.hole_size, h.layout_boards, h.one_at_a_time, h.omaha, h.hilo, h.double,
         h.discard_after, h.split_boards, h.ranking, h.per_run) = layout
        if h.omaha:
            omaha_prepare()
        h.tables = game_eval_tables(h.ranking)
        h.n = n
        h.kind = kind
        h.mode = mode
        h.runs = runs
        need = h.hole_size * n + h.per_run * runs
        if runs < 1 or runs > MAX_RUNS or need > 52 - h.low:
            raise RulesError(f"{n} players and {runs} runs need {need} cards")
        memcpy(h.start, stacks, n * sizeof(int64_t))
        memcpy(h.forced, forced, n * sizeof(int64_t))
        memcpy(h.antes_due, antes, n * sizeof(int64_t))
        h.has_posts = live_posts != NULL
        if h.has_posts:
            memcpy(h.post_live, live_posts, n * sizeof(int64_t))
            memcpy(h.post_dead, dead_posts, n * sizeof(int64_t))
        memcpy(h.sizes, sizes, 4 * sizeof(int64_t))
        h.small = small
        h.big = big
        h.least = least
        if type(cards) is int:  # random bits: the game's deck dealt by a partial shuffle
            bits = cards
            for i in range(52 - h.low):
                order[i] = <uint8_t>(h.low + i)
            partial_shuffle(&bits, order, 52 - h.low, need)
        else:
            if len(cards) < need:
                raise RulesError(f"{len(cards)} cards for a hand that needs {need}")
            for i in range(need):
                order[i] = cards[i]
        begin_hand(h, order, antes, dead)
        self._after()

    def __dealloc__(self):
        free(self.h.log)

    cdef void _after(self) except *:
        if self.h.oom:
            raise MemoryError("the hand's log could not grow")

    # -- what anyone can see -----------------------------------------------------------------

    @property
    def players(self):
        """Number of seats."""
        return self.h.n

    @property
    def actor(self):
        """The seat to act (to show or muck at a manual showdown), or None."""
        return None if self.h.actor < 0 else self.h.actor

    @property
    def street(self):
        """The current street, :attr:`Street.SHOWDOWN`, or :attr:`Street.COMPLETE`."""
        return _STREETS[self.h.street]

    @property
    def is_over(self):
        """True once the pots have been pushed to the winners."""
        return self.h.street == COMPLETE

    @property
    def is_misdeal(self):
        """True once the hand was declared a misdeal (void: every chip back; see ``misdeal``)."""
        return self.h.nlog > 0 and entries(&self.h)[self.h.nlog - 1].kind == MISDEAL

    @property
    def structure(self):
        """The betting structure: ``Structure.NO_LIMIT``, ``POT_LIMIT`` or ``FIXED_LIMIT``."""
        return self._structure

    @property
    def rules(self):
        """The rule options of the hand (a :class:`holdem.Rules`, set when it is built)."""
        return self._rules

    @property
    def showdown_mode(self):
        """How the showdown goes: 'auto', 'all' or 'manual'."""
        return self._showdown_mode

    @property
    def game(self):
        """The game played (a :class:`holdem.engine.variants.Variant`; hold'em by default)."""
        return self._game

    @property
    def forced_bets(self):
        """The blind or straddle each seat was due to post (0 for none; antes not included)."""
        return tuple([self.h.forced[i] for i in range(self.h.n)])

    @property
    def antes(self):
        """The ante each seat was due to post (a big-blind ante included), before any trimming
        (``Rules.ante_trimming``) or a short stack cut it; the events say what was posted."""
        return tuple([self.h.antes_due[i] for i in range(self.h.n)])

    @property
    def small_bet(self):
        """Fixed limit: the size of a bet or raise pre-flop and on the flop."""
        return self.h.small

    @property
    def big_bet(self):
        """Fixed limit: the size of a bet or raise on the turn (the river: ``river_bet``)."""
        return self.h.big

    @property
    def min_bet(self):
        """The smallest opening bet (no limit, pot limit) or the small bet (fixed limit)."""
        return self.h.least

    @property
    def river_bet(self):
        """Fixed limit: the size of a bet or raise on the river (the big bet unless given)."""
        return self.h.sizes[3]

    @property
    def board(self):
        """The community cards dealt so far."""
        return tuple([_CARDS[self.h.board[k]] for k in range(self.h.nboard)])

    @property
    def boards(self):
        """Every board of the hand: the one ``board``, or one per run (see ``runs``)."""
        if not self.h.nboards:
            return (self.board,)
        size = 5 if self.h.runs > 1 else self.h.nboard
        return tuple([tuple([_CARDS[self.h.boards[b][k]] for k in range(size)])
                      for b in range(self.h.nboards)])

    def hole_cards(self, seat):
        """A seat's hole cards (everything is visible to the hand itself; see ``view``).

        :raises ActionError: for a seat that is not an int from 0 to ``players`` - 1.
        """
        cdef int i = self._seat(seat)
        return tuple([_CARDS[self.h.hole[i][k]] for k in range(self.h.nhole[i])])

    cpdef int _seat(self, object seat) except -1:
        cdef int64_t i
        if type(seat) is int or is_int(seat):  # the common case without a call
            i = _index(seat) if -1 <= seat <= MAX_SEATS else -1
            if 0 <= i < self.h.n:
                return <int>i
        raise ActionError(f"no seat {seat!r}: seats are 0 .. {self.h.n - 1}")

    @property
    def pot_total(self):
        """All chips put in so far (current bets included): the sum of the ``pots``."""
        cdef int64_t total = 0
        for i in range(self.h.n):
            total += self.h.contrib[i]
        return total

    @property
    def bets(self):
        """Each seat's bet on the current street."""
        return tuple([self.h.bet[i] for i in range(self.h.n)])

    @property
    def starting_stacks(self):
        """The stacks before the hand."""
        return tuple([self.h.start[i] for i in range(self.h.n)])

    @property
    def stacks(self):
        """The chips behind each seat now (bets on the table not included)."""
        if self.h.fraction:
            return tuple(self._final())
        cdef const int64_t* a = &self.h.final[0] if self.h.has_final else &self.h.stack[0]
        return tuple([a[i] for i in range(self.h.n)])

    cdef list _final(self):
        """The stacks after an award in exact fractions: the stacks before it plus the wins."""
        cdef Entry* log = entries(&self.h)
        final = [self.h.final[i] for i in range(self.h.n)]
        for k in range(self.h.nlog):
            if log[k].kind == WIN:
                final[log[k].seat] += (log[k].amount if log[k].den == 1
                                       else Fraction(log[k].amount, log[k].den))
        return final

    @property
    def contributions(self):
        """Chips each seat has put into the pot so far, antes and current bets included."""
        return tuple([self.h.contrib[i] for i in range(self.h.n)])

    @property
    def folded(self):
        """Which seats have folded."""
        return tuple([self.h.folded[i] != 0 for i in range(self.h.n)])

    @property
    def pots(self):
        """The main pot then the side pots, from everything put in so far.

        The current street's bets are in them already: their amounts add up to ``pot_total``
        (do not add ``bets`` to them). Mid-street, a bet not yet called makes a pot of its own
        that only the seats who put in that much can win (see :class:`holdem.View`).
        """
        return tuple([_new_tuple(Pot, pair) for pair in self._pots(None)])

    def _pots(self, live):
        """The pots as ``(amount, eligible seats)``; eligible: the ``live`` seats (by default
        those that have not folded)."""
        cdef uint8_t alive[MAX_SEATS]
        cdef int64_t amounts[MAX_POTS]
        cdef uint32_t eligible[MAX_POTS]
        cdef int npots, i
        for i in range(self.h.n):
            alive[i] = (not self.h.folded[i]) if live is None else bool(live[i])
        state_pots(&self.h, alive, amounts, eligible, &npots)
        return [(amounts[p], _seats(eligible[p], self.h.n)) for p in range(npots)]

    @property
    def discarding(self):
        """The seats that must still discard a hole card before the next street, in seat order
        (Pineapple after the pre-flop betting, Crazy Pineapple after the flop's); else
        empty."""
        return tuple([self.h.discarding[k] for k in range(self.h.ndisc)])

    @property
    def payoffs(self):
        """Chips won (+) or lost (-) by each seat, once the hand is over.

        :raises ActionError: while the hand is not over (never an empty or partial list).
        """
        return _payoffs_of(self)

    @property
    def rake(self):
        """The chips the house took from the pots (0 before the end, and with no rake rule)."""
        if self.h.street != COMPLETE:
            return 0
        return sum(self.starting_stacks) - sum(self.stacks)

    # -- the log, the deal and the void, for the owner -----------------------------------------

    def _entries(self, int start=0):
        """The log's entries from ``start`` on, as tuples ``(kind, seat, amount, den, cards,
        street, all_in)`` (see :func:`holdem.engine.events.event_of`)."""
        cdef int k
        cdef Entry* log = entries(&self.h)
        cdef Entry* e
        out = []
        if start < 0:
            start = 0
        for k in range(start, self.h.nlog):
            e = &log[k]
            out.append((e.kind, e.seat, e.amount, e.den,
                        tuple([e.cards[j] for j in range(e.ncards)]), e.street, e.all_in != 0))
        return out

    def _bet_to_match(self):
        """The largest bet to match on this street (not always the largest bet: see
        ``Rules.limit_short_raise``)."""
        return self.h.max_bet

    def _shown_seats(self):
        """Which seats have shown their hole cards."""
        return [self.h.shown[i] != 0 for i in range(self.h.n)]

    def _dead_money(self):
        """Each seat's dead money: a dead blind, and its ante when antes are dead."""
        return [self.h.ante[i] for i in range(self.h.n)]

    def _deal_order(self):
        """The hand's cards in dealing order, as indices."""
        return tuple([self.h.cards[k] for k in range(self.h.ncards)])

    def _hole(self, int seat):
        """A seat's hole cards as indices."""
        return tuple([self.h.hole[seat][k] for k in range(self.h.nhole[seat])])

    def _nobody_to_act(self):
        """Why no one may act now (the message of an action refused for it)."""
        if self.h.street == COMPLETE:
            return "the hand is over: no one may act"
        if self.h.ndisc:
            return f"seats {list(self.discarding)} must discard first (discard())"
        if self.h.street == SHOWDOWN:
            return f"it is the showdown: seat {self.h.actor} may show or muck"
        return "no one is to act"

    def _void(self):
        """A misdeal: every chip back where it was and the hand over, nothing won or lost."""
        void_hand(&self.h)
        self._after()

    def _add_event(self, int kind, int seat, int64_t amount, cards):
        """Log an event of the deal (an exposed card: on the pre-flop street)."""
        cdef uint8_t buf[MAX_HOLE + 1]
        cdef int k, count = len(cards)
        if count > MAX_HOLE + 1:
            raise ValueError("too many cards for one event")
        for k in range(count):
            buf[k] = cards[k]
        log_push(&self.h, kind, seat, amount, 1, buf, count, PREFLOP, False)
        self._after()

    def _swap_hole(self, int k, int top, int seat):
        """Swap the cards at places ``k`` (a hole card of ``seat``) and ``top`` of the dealing
        order, and deal the seat's hole cards again from them (its DEAL_HOLE entry rewritten)."""
        cdef HState* h = &self.h
        cdef uint8_t t
        cdef int r, e
        cdef Entry* log = entries(h)
        if not (0 <= k < h.ncards and 0 <= top < h.ncards and 0 <= seat < h.n):
            raise IndexError((k, top, seat))
        t = h.cards[k]
        h.cards[k] = h.cards[top]
        h.cards[top] = t
        for r in range(h.hole_size):
            h.hole[seat][r] = h.cards[r * h.n + seat]
        for e in range(h.nlog):
            if log[e].kind == DEAL_HOLE and log[e].seat == seat:
                memcpy(log[e].cards, h.hole[seat], h.hole_size)

    # -- acting ----------------------------------------------------------------------------

    cdef int _turn(self, object seat) except -1:
        cdef int actor = self.h.actor
        if actor < 0 or self.h.street >= SHOWDOWN:
            raise ActionError(self._nobody_to_act())
        if seat is not None and seat != actor:
            raise ActionError(f"seat {seat} acted out of turn: seat {actor} is to act")
        return actor

    def legal_actions(self):
        """What the seat to act, or the first seat to discard, may do now, and for how much.

        Between the betting rounds of a Pineapple hand it is a discard (``LegalDiscard``).

        :raises ActionError: when no one is to act or discard (the showdown, or the hand is
            over).
        """
        return self._legal()

    cdef object _legal(self):
        return _legal_of(self, None)

    def write_observation(self, out, seat, players=None, double scale=1.0, bint live=True):
        """Write what ``seat`` observes into ``out`` (a writable C-contiguous float32 buffer, at
        least ``112 + 5 * players`` long; zeroed first): the environments' default layout (see
        :func:`holdem.envs.observation_layout`) for ``players`` seats (by default the hand's),
        chips times ``scale``. ``live`` False shows no street and no seat to act.

        :raises ActionError: for a seat that is not in the hand.
        :raises ArgumentError: for fewer ``players`` than the hand's seats, or an ``out`` that is
            not such a buffer or is too short.
        """
        cdef int i = self._seat(seat)
        cdef int64_t n = self.h.n if players is None else _layout_seats(players, self.h.n)
        cdef Py_buffer view
        _get_buffer(out, &view, b"f", 112 + 5 * n, "the observation")
        try:
            observe(&self.h, <float*>view.buf, i, <int>n, scale, live)
        finally:
            PyBuffer_Release(&view)
        if self.h.fraction:  # exact shares of an odd chip: the stacks as floats of fractions
            stacks = self.stacks
            for k in range(self.h.n):
                out[112 + k] = float(stacks[(i + k) % self.h.n]) * scale

    def write_observation_v6(self, out, seat):
        """Write what ``seat`` observes in PettingZoo's ``texas_holdem_no_limit_v6`` encoding
        into ``out`` (a writable C-contiguous float32 buffer of at least 54 floats; zeroed
        first): its hole cards and the board one-hot in rlcard's card order (spades, hearts,
        diamonds, clubs, each from the ace to the king), its chips put in, the most chips put
        in by a seat. ``seat`` None: no seat's cards (the public part).

        :raises ActionError: for a seat that is not in the hand.
        :raises ArgumentError: for an ``out`` that is not such a buffer or is too short.
        """
        cdef int i = -1 if seat is None else self._seat(seat)
        cdef Py_buffer view
        _get_buffer(out, &view, b"f", 54, "the observation")
        try:
            observe_v6(&self.h, <float*>view.buf, i)
        finally:
            PyBuffer_Release(&view)

    def action_target(self, actions, int64_t index):
        """The raise-to amount that action index ``index`` of ``actions`` stands for, for the
        seat to act now, or -1 when it is no legal raise (an index below 2 or past the map, a
        raise the seat may not make, or no seat to act).

        :raises ArgumentTypeError: for ``actions`` that is not an :class:`ActionMap`.
        """
        cdef int64_t lo, hi
        cdef ActionSpec* spec = _spec_of(actions)
        if self.h.actor < 0 or self.h.street >= SHOWDOWN:
            return -1
        lo = raise_min(&self.h, self.h.actor)
        hi = raise_max(&self.h, self.h.actor, lo) if lo >= 0 else -1
        return action_target(&self.h, spec, index, lo, hi)

    def write_action_mask(self, actions, out):
        """Write the action mask of the seat to act into ``out`` (a writable C-contiguous int8
        buffer of at least ``actions.num_actions`` entries): 1 for each legal index of
        ``actions``, 0 for the others.

        :raises ActionError: when no one is to act.
        :raises ArgumentError: for an ``out`` that is not such a buffer or is too short.
        :raises ArgumentTypeError: for ``actions`` that is not an :class:`ActionMap`.
        """
        cdef int64_t lo, hi
        cdef Py_buffer view
        cdef ActionSpec* spec = _spec_of(actions)
        if self.h.actor < 0 or self.h.street >= SHOWDOWN:
            raise ActionError(self._nobody_to_act())
        _get_buffer(out, &view, b"b", spec.nact, "the mask")
        try:
            lo = raise_min(&self.h, self.h.actor)
            hi = raise_max(&self.h, self.h.actor, lo) if lo >= 0 else -1
            action_mask(&self.h, spec, lo, hi, <int8_t*>view.buf)
        finally:
            PyBuffer_Release(&view)

    def verify_fold(self, seat=None):
        """Raise :class:`ActionError` unless the seat to act (``seat``, if given, must be it)
        may fold now (see ``fold``)."""
        cdef int i = self._turn(seat)
        if self.h.bet[i] == self.h.max_bet and not self.h.fold_free:
            raise ActionError(f"seat {i} may not fold when it can check (rules {self.name})")
        return None

    def can_fold(self):
        """True when the seat to act may fold (never raises: False when no one is to act)."""
        cdef int i = self.h.actor
        return (i >= 0 and self.h.street < SHOWDOWN
                and (self.h.bet[i] != self.h.max_bet or self.h.fold_free))

    def fold(self, seat=None):
        """The seat to act folds (``seat``, if given, must be the seat to act).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it
            could check and the rules forbid folding then (``Rules.fold_when_free``).
        """
        self.verify_fold(seat)
        act_fold(&self.h, self.h.actor)
        self._after()

    def verify_check(self, seat=None):
        """Raise :class:`ActionError` unless the seat to act may check now (see ``check``)."""
        cdef int i = self._turn(seat)
        cdef int64_t owed = self.h.max_bet - self.h.bet[i]
        if owed > 0:
            raise ActionError(
                f"seat {i} cannot check facing a bet: call {min64(owed, self.h.stack[i])}, "
                "raise or fold"
            )

    def can_check(self):
        """True when the seat to act may check."""
        cdef int i = self.h.actor
        return i >= 0 and self.h.street < SHOWDOWN and self.h.bet[i] >= self.h.max_bet

    def check(self, seat=None):
        """The seat to act checks.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it
            faces a bet (the message says how much it would call).
        """
        self.verify_check(seat)
        act_check(&self.h, self.h.actor)
        self._after()

    def verify_call(self, seat=None):
        """Raise :class:`ActionError` unless the seat to act faces a bet it may call."""
        cdef int i = self._turn(seat)
        if self.h.max_bet - self.h.bet[i] <= 0:
            raise ActionError(f"seat {i} has no bet to call: check, bet or fold")

    def can_call(self):
        """True when the seat to act faces a bet it may call."""
        cdef int i = self.h.actor
        return i >= 0 and self.h.street < SHOWDOWN and self.h.bet[i] < self.h.max_bet

    def call(self, seat=None):
        """The seat to act calls (all-in if its stack is short).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or there
            is no bet to call.
        """
        self.verify_call(seat)
        act_call(&self.h, self.h.actor)
        self._after()

    def check_or_call(self, seat=None):
        """Check when nothing is owed, else call.

        :raises ActionError: when no one is to act or ``seat`` is not the seat to act.
        """
        cdef int i = self._turn(seat)
        if self.h.bet[i] >= self.h.max_bet:
            act_check(&self.h, i)
        else:
            act_call(&self.h, i)
        self._after()

    def verify_raise_to(self, amount, seat=None):
        """Raise :class:`ActionError` unless the seat to act may bet or raise to ``amount``
        (see ``raise_to``); the message says what would be legal."""
        cdef int i = self._turn(seat)
        cdef int64_t lo, hi
        if type(amount) is not int and not is_int(amount):
            raise ActionError(f"a bet or raise is an int number of chips, got {amount!r}")
        lo = raise_min(&self.h, i)
        if lo < 0:
            legal = self.legal_actions()
            options = ["fold"] if legal[1] else []
            options.append("check" if legal[2] else f"call {legal[3]}")
            raise ActionError(f"seat {i} may not bet or raise now: {' or '.join(options)}")
        hi = raise_max(&self.h, i, lo)
        total = _index(amount)  # a plain int: a subclass's comparisons may lie
        if not lo <= total <= hi:
            what = "raise" if self.h.max_bet else "bet"
            span = f"to {lo}" if lo == hi else f"to {lo} .. {hi}"
            raise ActionError(f"seat {i} cannot {what} to {total}: it may {what} {span}")

    def can_raise_to(self, amount):
        """True when the seat to act may bet or raise to this total.

        It runs the checks of ``raise_to`` and never raises: False for any amount that
        ``raise_to`` would refuse.
        """
        cdef int i = self.h.actor
        cdef int64_t lo
        if i < 0 or self.h.street >= SHOWDOWN:
            return False
        if type(amount) is not int:
            if not is_int(amount):
                return False
            amount = _index(amount)  # a plain int: a subclass's comparisons may lie
        lo = raise_min(&self.h, i)
        return lo >= 0 and lo <= amount <= raise_max(&self.h, i, lo)

    def can_bet(self, amount):
        """Alias of ``can_raise_to``."""
        return self.can_raise_to(amount)

    def raise_to(self, amount, seat=None):
        """The seat to act bets or raises so that its bet on this street totals ``amount``.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, the seat
            may not bet or raise now, or ``amount`` is not an int (a bool, a float, a Fraction
            ...) or is outside ``legal_actions``' ``min_raise_to .. max_raise_to`` (a negative
            amount too); the message says what would be legal.
        """
        cdef int i = self.h.actor
        cdef int64_t lo
        if (type(amount) is int and seat is None and i >= 0
                and self.h.street < SHOWDOWN):  # the checks of verify_raise_to, as it passes
            lo = raise_min(&self.h, i)
            if lo >= 0 and lo <= amount <= raise_max(&self.h, i, lo):
                act_raise(&self.h, i, amount)
                self._after()
                return
        self.verify_raise_to(amount, seat)  # (raises, naming what would be legal)
        act_raise(&self.h, self.h.actor, _index(amount))
        self._after()

    def bet(self, amount, seat=None):
        """Alias of ``raise_to``."""
        self.raise_to(amount, seat)

    def all_in(self, seat=None):
        """The seat to act puts in all its chips (a bet, raise or call).

        When every other seat still in is all-in for no more than the bet to call, a call is
        all that can matter: the seat calls.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or the
            seat may not raise all-in now (a fixed-limit bet, a capped round, a raise not
            reopened).
        """
        cdef HState* h = &self.h
        cdef int i = self._turn(seat), j
        cdef int64_t total = h.bet[i] + h.stack[i]
        cdef bint covered = True
        for j in range(h.n):
            if j != i and not h.folded[j] and h.bet[j] + h.stack[j] > h.max_bet:
                covered = False
        if total <= h.max_bet or (covered and h.max_bet > h.bet[i]):
            self.call(i)
        else:
            self.raise_to(total, i)

    def _discard(self, int card, int seat):
        """Seat ``seat`` (one of the seats to discard) gives up ``card`` (one of its hole
        cards: the owner checked both); once every seat still in has, the hand goes on."""
        cdef HState* h = &self.h
        cdef int k
        cdef bint waiting = False, held = False
        for k in range(h.ndisc):
            waiting = waiting or h.discarding[k] == seat
        if waiting:
            for k in range(h.nhole[seat]):
                held = held or h.hole[seat][k] == card
        if not held:
            raise ActionError(f"seat {seat} may not discard card {card} now")
        act_discard(h, seat, <uint8_t>card)
        self._after()

    def play_tape(self, tape, Py_ssize_t start=0):
        """Play the betting actions of ``tape`` from its record ``start`` while each is legal,
        stopping at the first that is not, is not the turn of its seat, or comes after the
        street of the first changed: the number of records played.

        A tape is records of 16 bytes in the machine's order (``struct`` format ``"=qBB6x"``):
        a bet or raise's total, the kind (0 stop, 1 fold, 2 check or call, 3 bet or raise to
        the total) and the seat. A record not played leaves the hand as it was: the caller
        plays it with the method of its action, which words the error (tests/engine/test_tape.py
        plays tapes).

        :raises ArgumentTypeError: for a tape that is not bytes.
        :raises ArgumentError: if ``start`` is outside the tape or its length is not a
            multiple of 16.
        """
        cdef Py_ssize_t count, k
        if type(tape) is not bytes:
            raise ArgumentTypeError(f"a tape is bytes, got {type(tape).__name__}")
        count = len(tape) // sizeof(TapeOp)
        if len(tape) % sizeof(TapeOp) or not 0 <= start <= count:
            raise ArgumentError(
                f"a tape is records of {sizeof(TapeOp)} bytes and start one of them, got "
                f"{len(tape)} bytes and start {start}"
            )
        k = play_ops(&self.h, <const TapeOp*><const char*><bytes>tape, start, count)
        self._after()
        return k - start

    def play_agents(self, list players, list views, pending_view, is_pending, settle_view,
                    apply_decision, list legals=None, list winnings=None, seats=None):
        """Play the hand to its end, asking ``players[s]`` (an agent: see
        :mod:`holdem.engine.agents`) the decision of seat ``s`` with its view and its legal
        actions: the loop of :func:`holdem.engine.matches.match`, where a Python loop cost more
        than the hand.

        ``views[s]`` is seat ``s``'s pending view (``pending_view(hand, s)``, of this hand or of
        an earlier one: it is pointed at this hand), or None for a new one; a view the agent
        read (``not is_pending(view)``) or kept is filled (``settle_view``) and the seat gets a
        new one next time. A decision is taken when legal: ``"check"``, ``"call"`` or
        ``"fold"`` as they are, anything else by ``apply_decision(hand, decision, legal)``
        (True when it took it). ``legals``: ``[None] * (4 * players)``, kept from hand to hand,
        lets a seat be given again the Legal it was given last on the same street when the new
        one is equal (a Legal is immutable), rather than a new one. ``winnings``: once the
        hand is over, each seat ``s``'s payoff is added to ``winnings[seats[s]]`` (to
        ``winnings[s]`` without ``seats``).

        :returns: None once the hand is over, or the seat, the decision and the legal actions
            of a decision that was not legal (the hand waits at that decision).
        :raises Exception: whatever an agent or a callback raises, the hand left at the
            decision it was asked.
        """
        cdef HState* h = &self.h
        cdef int seat, s
        cdef int64_t owed
        cdef Py_ssize_t alone = _ALONE
        cdef Py_ssize_t to[MAX_SEATS]  # whose winnings each seat's payoff goes to
        cdef list payoffs
        # seen[s]: the (hand, seat) that seat s's pending view will be filled from; it has two
        # references (this list's and the view's) until the view is filled, which drops its own.
        cdef list seen = [None] * h.n
        if len(players) < h.n or len(views) < h.n:
            raise ArgumentError(f"a list of {h.n} agents and of {h.n} views is needed, got "
                                f"{len(players)} and {len(views)}")
        if winnings is not None:
            if seats is not None and len(seats) < h.n:
                raise ArgumentError(f"{h.n} seats' places in the winnings are needed, got "
                                    f"{len(seats)}")
            for s in range(h.n):
                to[s] = s if seats is None else seats[s]
                if not 0 <= to[s] < len(winnings):
                    raise ArgumentError(f"seat {s}'s winnings go to {to[s]}, not one of the "
                                        f"{len(winnings)} winnings")
        for s in range(h.n):
            view = views[s]
            if view is not None:
                if view._f is None:  # (pending: is_pending, without the call)
                    t = (self, s)
                    view._seen = t  # (events.retarget, without the call)
                    seen[s] = t
                else:  # filled: the agent's own (a caller's mistake: not given again)
                    views[s] = None
        view = t = None
        while h.street != COMPLETE:
            legal = _legal_of(self, legals)  # the seat to act, or a seat to discard
            seat = h.actor if h.actor >= 0 and h.street < SHOWDOWN else h.discarding[0]
            view = views[seat]
            if view is None:
                view = pending_view(self, seat)  # filled when the agent reads it
                views[seat] = view
                seen[seat] = view._seen
            decision = players[seat](view, legal)
            # Kept or read by the agent (reading fills it and drops its (hand, seat)).
            if Py_REFCNT(view) > alone or _Py_REFCNT(PyList_GET_ITEM(seen, seat)) != 2:
                settle_view(view)  # filled before the hand moves on
                views[seat] = None  # the agent's own now
                seen[seat] = None
            if h.actor == seat and h.street < SHOWDOWN and type(decision) is str:
                owed = h.max_bet - h.bet[seat]
                # (the agents' words are the interned strings: compared by identity first)
                if decision is _CHECK or decision is not _CALL and decision == _CHECK:
                    if owed <= 0:
                        act_check(h, seat)
                        self._after()
                        continue
                elif decision is _CALL or decision is not _FOLD and decision == _CALL:
                    if owed > 0:
                        act_call(h, seat)
                        self._after()
                        continue
                elif decision == _FOLD:
                    if owed != 0 or h.fold_free:
                        act_fold(h, seat)
                        self._after()
                        continue
            if not apply_decision(self, decision, legal):
                return seat, decision, legal
        if winnings is not None:
            payoffs = _payoffs_of(self) if h.fraction else None  # (else from the C arrays)
            for s in range(h.n):
                won = _payoff(h, s) if payoffs is None else payoffs[s]
                winnings[to[s]] = winnings[to[s]] + won
        return None

    # -- the showdown ----------------------------------------------------------------------

    def verify_show(self, seat=None):
        """Raise :class:`ActionError` unless it is a manual showdown and ``seat`` (if given) is
        the seat to show or muck."""
        cdef int i
        if self.h.street != SHOWDOWN or not self.h.nshow:
            raise ActionError("show and muck are for the showdown: " + self._nobody_to_act())
        i = self.h.show_queue[0]
        if seat is not None and seat != i:
            raise ActionError(f"seat {seat} out of turn: seat {i} shows or mucks first")

    def show(self, seat=None):
        """Manual showdown: the seat whose turn it is shows its hole cards.

        :raises ActionError: outside a manual showdown, or when ``seat`` is not the seat to
            show or muck.
        """
        self.verify_show(seat)
        reveal(&self.h, self.h.show_queue[0], True)
        self._showdown_next()

    def verify_muck(self, seat=None):
        """Raise :class:`ActionError` unless the seat to show or muck may muck now (see
        ``muck``)."""
        cdef int i, j
        cdef uint32_t rivals = 0
        self.verify_show(seat)
        i = self.h.show_queue[0]
        for j in range(self.h.n):
            if j != i and not self.h.folded[j] and not self.h.mucked[j]:
                rivals |= 1u << j
        for _, eligible in self._pots(None):
            if i in eligible and not any((rivals >> j) & 1 for j in eligible):
                raise ActionError(f"seat {i} cannot muck: no one else is left to win a pot")

    def muck(self, seat=None):
        """Manual showdown: the seat whose turn it is mucks (gives up every pot it could win).

        :raises ActionError: outside a manual showdown, when ``seat`` is not the seat to show
            or muck, or when no one else is left to win a pot the seat could win.
        """
        self.verify_muck(seat)
        reveal(&self.h, self.h.show_queue[0], False)
        self._showdown_next()

    cdef void _showdown_next(self) except *:
        if self.h.nshow:
            self.h.actor = self.h.show_queue[0]
            return
        self.h.actor = -1
        if self.h.has_final:
            raise ActionError(_CONCURRENT)
        award_shown(&self.h)
        self._after()

    # -- copies ----------------------------------------------------------------------------

    def _copy_state(self):
        """An independent copy of this state, of the same class (a subclass's own fields are
        its caller's to copy)."""
        cdef HandState new = hs_new_like(self)  # (type(self).__new__(type(self)))
        memcpy(&new.h, &self.h, sizeof(HState))
        new.h.log = NULL
        if self.h.log != NULL:  # the log on the heap: its own copy
            new.h.log = <Entry*>malloc(self.h.caplog * sizeof(Entry))
            if new.h.log == NULL:
                new.h.nlog = 0
                raise MemoryError("no memory for a copy of the hand's log")
            memcpy(new.h.log, self.h.log, self.h.nlog * sizeof(Entry))
        new.name = self.name
        new._rules = self._rules
        new._structure = self._structure
        new._showdown_mode = self._showdown_mode
        new._game = self._game
        return new

    def _state(self):
        """The state as pickle takes it: the layout's number, the set-up's objects, the state's
        bytes and the log's (see :func:`_restore`)."""
        cdef HState copy = self.h
        copy.log = NULL
        copy.caplog = 0
        copy.nlog = 0
        memset(&copy.tables, 0, sizeof(EvalTables))
        memset(copy.inline_log, 0, sizeof(copy.inline_log))
        return (STATE_FORMAT, self.name, self._rules, self._structure, self._showdown_mode,
                self._game, (<char*>&copy)[:sizeof(HState)],
                (<char*>entries(&self.h))[:self.h.nlog * sizeof(Entry)])

    def _restore(self, state):
        """Set this (new) state from one of :meth:`_state`.

        :raises ArgumentError: for a state of another layout or size.
        """
        cdef const Entry* e
        cdef const char* raw
        cdef Py_ssize_t k
        if (type(state) is not tuple or len(state) != 8 or state[0] != STATE_FORMAT
                or type(state[6]) is not bytes or len(state[6]) != sizeof(HState)
                or type(state[7]) is not bytes or len(state[7]) % sizeof(Entry)):
            raise ArgumentError(
                f"this hand was pickled by another version of holdem (this version reads the "
                f"state format {STATE_FORMAT}): play it with that version, or rebuild it from "
                "its history"
            )
        _, self.name, self._rules, self._structure, self._showdown_mode, self._game = state[:6]
        raw = state[6]
        memcpy(&self.h, raw, sizeof(HState))
        self.h.log = NULL  # (the log is the bytes of state[7]; pointers are never read back)
        self.h.nlog = self.h.caplog = 0
        self.h.oom = False
        if not (_sane(&self.h) and _agrees(&self.h, self._rules, self._game)):
            memset(&self.h, 0, sizeof(HState))  # (bytes that are no state of this layout,
            raise ArgumentError(  # or not of its rules and game: never read past them)
                "this hand's pickled state is damaged: it cannot be read"
            )
        raw = state[7]
        for k in range(len(state[7]) // <Py_ssize_t>sizeof(Entry)):  # (grown as it was made)
            e = <const Entry*>(raw + k * sizeof(Entry))
            log_push(&self.h, e.kind, e.seat, e.amount, e.den, e.cards, e.ncards, e.street,
                     e.all_in)
        self._after()
        if self.h.omaha:
            omaha_prepare()
        self.h.tables = game_eval_tables(self.h.ranking)


cdef bint _sane(const HState* h) noexcept nogil:
    """Whether a state's counts and indices lie within its arrays (a state read from bytes)."""
    cdef int i
    if not (2 <= h.n <= MAX_SEATS and 0 <= h.street <= COMPLETE and -1 <= h.actor < h.n
            and 0 <= h.hole_size <= MAX_HOLE and 1 <= h.layout_boards <= 2
            and 1 <= h.runs <= MAX_RUNS and 0 <= h.nboards <= MAX_RUNS and 0 <= h.nboard <= 5
            and 0 <= h.ncards <= 52 and 0 <= h.nqueue <= MAX_SEATS
            and 0 <= h.nshow <= MAX_SEATS and 0 <= h.ndisc <= MAX_SEATS
            and 0 <= h.nshorts <= MAX_SEATS and 0 <= h.low <= 48 and 0 <= h.per_run <= 13
            and h.hole_size * h.n + h.per_run * h.runs <= 52 and -1 <= h.aggressor < h.n
            and 0 <= h.opener < h.n and h.ranking < 64):
        return False
    for i in range(h.n):
        if h.nhole[i] > MAX_HOLE:
            return False
    for i in range(h.nqueue):
        if h.queue[i] >= h.n:
            return False
    for i in range(h.nshow):
        if h.show_queue[i] >= h.n:
            return False
    for i in range(h.ndisc):
        if h.discarding[i] >= h.n:
            return False
    for i in range(h.ncards):
        if h.cards[i] > 51:
            return False
    return True


cdef bint _agrees(const HState* h, object rules, object game) except -1:
    """Whether a state's rule choices and game are those of ``rules`` and ``game`` (a Rules
    and a Variant)."""
    if not isinstance(rules, Rules) or type(getattr(game, "_layout", None)) is not tuple:
        return False
    bits = rules._bits
    layout = game._layout
    return (
        (h.reopen, h.flags, h.cap, h.policy, h.has_rake) == (bits[1], bits[2], bits[3], bits[4],
                                                             bits[5] is not None)
        and (not h.has_rake or -1 <= h.rake.neach <= MAX_EACH)
        and (h.low, h.hole_size, h.layout_boards, h.one_at_a_time, h.omaha, h.hilo, h.double,
             h.discard_after, h.split_boards, h.ranking, h.per_run) == layout
    )


cdef object _legal_of(HandState state, list cache):
    """The Legal of the seat to act (or a LegalDiscard of the first seat to discard); with a
    ``cache`` (see ``HandState.play_agents``), an equal Legal given before is given again
    rather than one built anew: cache[seat * 4 + street] holds the last one built for that
    seat and street (a Legal is immutable: an equal one is as good)."""
    cdef HState* h = &state.h
    cdef int i = h.actor
    cdef int64_t owed, lo, hi = -1, call
    cdef Py_ssize_t slot = -1
    cdef bint fold, check
    cdef PyObject* known
    if i < 0 or h.street >= SHOWDOWN:
        if h.ndisc:  # Pineapple: the first seat still to discard
            i = h.discarding[0]
            return LegalDiscard(i, tuple([_CARDS[h.hole[i][k]] for k in range(h.nhole[i])]))
        raise ActionError(state._nobody_to_act())
    owed = h.max_bet - h.bet[i]
    lo = raise_min(h, i)
    if lo >= 0:
        hi = raise_max(h, i, lo)
    else:
        lo = -1
    fold = owed != 0 or h.fold_free
    check = owed <= 0
    call = (owed if owed < h.stack[i] else h.stack[i]) if owed > 0 else -1
    if cache is not None and i * 4 + h.street < len(cache):
        slot = i * 4 + h.street
        known = PyList_GET_ITEM(cache, slot)
        if hs_legal_is(known, <PyObject*>_LEGAL, i, fold, check, call, lo, hi):
            return <object>known
    legal = hs_tuple6(_LEGAL, i, fold, check, call if call >= 0 else None,
                      lo if lo >= 0 else None, hi if lo >= 0 else None)
    if slot >= 0:
        cache[slot] = legal
    return legal


cdef list _payoffs_of(HandState state):
    """The payoffs of a hand that is over (``HandState.payoffs``)."""
    cdef HState* h = &state.h
    if not h.has_final or h.street != COMPLETE:
        raise ActionError("the hand is not over: payoffs are known at the end (see is_over)")
    if h.fraction:
        return [f - h.start[i] for i, f in enumerate(state._final())]
    return [_payoff(h, i) for i in range(h.n)]


cdef inline int64_t _payoff(HState* h, int i) noexcept nogil:
    """A seat's payoff in whole chips, of a hand that is over (not ``h.fraction``)."""
    return h.final[i] - h.start[i]


cdef tuple _STREETS = tuple(Street)
cdef object _LEGAL = Legal
cdef str _CHECK = "check", _CALL = "call", _FOLD = "fold"


def _refs_of_a_view():
    views = [object()]
    view = views[0]
    return Py_REFCNT(view)  # the references the loop sees to a view that only it holds


cdef Py_ssize_t _ALONE = _refs_of_a_view()


cdef tuple _seats(uint32_t bits, int n):
    return tuple([i for i in range(n) if (bits >> i) & 1])


# ---------------------------------------------------------------------------------------------
# The pot functions, for holdem.engine.pots (the same as holdem.engine._pystate's)
# ---------------------------------------------------------------------------------------------

def build_pots(contributions, live, dead=0):
    """The main pot then the side pots as ``(amount, eligible seats)`` (see
    :func:`holdem.engine.pots.build_pots`)."""
    cdef int n = len(contributions), i, npots
    cdef int64_t c_contrib[MAX_SEATS]
    cdef uint8_t c_live[MAX_SEATS]
    cdef int64_t amounts[MAX_POTS]
    cdef uint32_t eligible[MAX_POTS]
    if (n > MAX_SEATS or any(not 0 <= c <= MAX_CHIPS for c in contributions)
            or not 0 <= dead <= MAX_CHIPS):
        return _pystate.build_pots(contributions, live, dead)
    for i in range(n):
        c_contrib[i] = contributions[i]
        c_live[i] = bool(live[i])
    npots = build_pots_c(c_contrib, c_live, n, dead, amounts, eligible)
    return [(amounts[p], _seats(eligible[p], n)) for p in range(npots)]


def share(num, den, int parts, int k, int policy):
    """Part ``k`` of ``parts`` of ``num / den`` chips (see :func:`holdem.engine._pystate.share`)."""
    cdef int64_t on, od
    if not (0 <= num <= MAX_CHIPS and 0 < den <= MAX_CHIPS and 0 < parts <= 1 << 20):
        return _pystate.share(num, den, parts, k, policy)
    share_c(num, den, parts, k, policy, &on, &od)
    return on, od


def split(num, den, winners, int policy):
    """Shares of ``num / den`` chips among ``winners`` as ``(seat, num, den)``."""
    return [(s, *share(num, den, len(winners), j, policy)) for j, s in enumerate(winners)]


rake_pots = _pystate.rake_pots
award_pots = _pystate.award_pots
pot_winners = _pystate.pot_winners
