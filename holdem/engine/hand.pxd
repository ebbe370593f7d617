cimport cython

from holdem.engine._betting cimport (
    first_to_act, options, pokerkit_raise, post_forced, raise_queue, return_uncalled, round_queue
)
from holdem.engine._fast cimport legal_of
from holdem.engine._prepared cimport Prepared, current, keep, repeated, same_stacks
from holdem.engine.dealing cimport hand_cards
from holdem.engine.showdown cimport Showdown
from holdem.engine.stakes cimport set_up, starting_stacks

# The rule choices and bits of hand.py, as C constants, and its enum members as C globals.
cdef int FULL_RAISE, POKERKIT, ALWAYS, FIXED, POT, NOLIMIT, COVER, NO_FLOOR, SHORT_RAISE
cdef int STRADDLE_MIN, CAP_BLIND, BY_POSTED
cdef tuple FOLDS, CHECKS
cdef tuple _STREETS
cdef object _PREFLOP, _FLOP, _TURN, _RIVER, _SHOWDOWN, _COMPLETE
cdef object _EV_FOLD, _EV_CHECK, _EV_CALL, _EV_BET, _EV_RAISE


cdef class Hand(Showdown):
    cdef object _structure, _forced_bets, _antes_due, _posts
    cdef tuple _sizes
    cdef long long _small_bet, _big_bet
    cdef Py_ssize_t _raises
    cdef long long _max_bet, _inc, _min_bet
    cdef bint _round_capped, _fold_free
    cdef int _reopen, _kind, _flags
    cdef long long _cap
    cdef list _bet, _reopen_at, _shorts
    cdef set _acted

    @cython.locals(i=Py_ssize_t, bet_i="long long", stack_i="long long", max_bet="long long",
                   owed="long long", lo="long long", hi="long long", fold=bint)
    cpdef legal_actions(self)

    @cython.locals(j=Py_ssize_t, max_bet="long long", inc="long long", all_in="long long",
                   lo="long long", b="long long", s="long long", floor="long long", kind=int,
                   flags=int, cover=int)
    cdef long long _raise_min(self, Py_ssize_t i, long long owed, long long stack_i,
                              long long bet_i) except -2

    @cython.locals(all_in="long long", hi="long long", kind=int)
    cdef long long _raise_max(self, long long lo, long long owed, long long stack_i,
                              long long bet_i) except -2

    cdef Py_ssize_t _check_turn(self, object seat) except -1

    @cython.locals(i=Py_ssize_t, owed="long long", stack_i="long long", bet_i="long long",
                   lo="long long", hi="long long")
    cdef Py_ssize_t _raise_check(self, object amount, object seat) except -1

    cdef object _opening_size(self, object street)
    cdef object _street_bet(self)
    cdef bint _completes(self, object max_bet) except -1

    @cython.locals(p=Prepared)
    cdef _prepare(self, tuple stakes)

    @cython.locals(n=Py_ssize_t)
    cdef _from_prepared(self, Prepared prepared)

    @cython.locals(new=Hand)
    cdef Showdown _copy_own(self)
    cdef list _street_bets(self)

    @cython.locals(queue=list, last=Py_ssize_t, reopen=int, at="long long")
    cdef _next(self, Py_ssize_t i)

    cpdef call(self, seat=*)

    @cython.locals(owed="long long", add="long long", s="long long", chips=object, b="long long")
    cdef _call_at(self, Py_ssize_t i)

    cpdef check(self, seat=*)

    @cython.locals(owed="long long", k=int, b="long long")
    cdef _check_at(self, Py_ssize_t i)

    @cython.locals(i=Py_ssize_t, k=int, b="long long")
    cpdef fold(self, seat=*)

    @cython.locals(i=Py_ssize_t, b="long long")
    cpdef check_or_call(self, seat=*)

    @cython.locals(i=Py_ssize_t, j=Py_ssize_t, max_bet="long long", add="long long",
                   size="long long", inc="long long", total="long long", b="long long",
                   s="long long")
    cpdef raise_to(self, amount, seat=*)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, first=Py_ssize_t, queue=list)
    cdef _begin_round(self)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, f="long long", largest="long long")
    cdef _post_forced(self, tuple antes, tuple forced, tuple dead)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, able=Py_ssize_t, k=int, at=int)
    cdef _end_round(self)
