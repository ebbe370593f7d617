cimport cython

from holdem.engine._award cimport one_pot, pay, pay_one
from holdem.engine._fast cimport hand_values, hole_pairs, single
from holdem.engine.pots cimport pots_of

# The enum members of showdown.py, as C globals.
cdef tuple MUCKS, BURNS, DEALS
cdef object _SHOWDOWN, _COMPLETE, _EV_SHOW, _EV_MUCK, _EV_WIN, _EV_BURN
cdef object _EV_DEAL_BOARD, _EV_DEAL_HOLE, _PREFLOP, _FLOP, _EV_DISCARD, _EV_MISDEAL, _FRACTIONAL

cdef class Showdown:
    cdef object _rules, _showdown_mode
    cdef Py_ssize_t _n, _live
    cdef object _actor, _aggressor, _opener, _payoffs, _final, _street
    cdef list _stack, _contrib, _ante, _folded, _mucked, _shown, _log, _board
    cdef list _queue, _show_queue
    cdef tuple _hole, _start, _cards
    cdef Py_ssize_t _runs
    cdef object _boards, _game
    cdef list _discarding
    cdef __weakref__

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t, first=Py_ssize_t,
                   able=Py_ssize_t, v=int, top=int, show=bint, everyone=bint,
                   amount="long long")
    cdef _begin_showdown(self)

    cdef _deal_runs(self, tuple cards, Py_ssize_t first)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t)
    cdef _set_up(self, list stack)
    cdef list _street_bets(self)
    cdef tuple _log_seen_by(self, Py_ssize_t seat)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, hole=tuple, log=list)
    cdef _deal_hole(self, tuple cards)

    @cython.locals(n=Py_ssize_t, burn=Py_ssize_t, count=Py_ssize_t, log=list, entry=tuple,
                   dealt=tuple, k=int, c=int)
    cdef _deal_board(self, tuple cards)

    cdef bint _game_pause(self, bint runout) except -1
    cdef _end_round(self)
    cdef _begin_round(self)

    @cython.locals(new=Showdown)
    cpdef copy(self)

    cdef Showdown _copy_own(self)
    cdef tuple _pots(self, list live)
    cdef str _nobody_to_act(self)

    cdef long long _one_pot(self) except -1

    @cython.locals(final=list)
    cdef _award_one(self, list values, long long amount)
    cdef list _values(self)

    @cython.locals(queue=list)
    cdef _reveal(self, Py_ssize_t i, bint show)
    cdef Py_ssize_t _showdown_turn(self, object seat) except -1
    cdef _showdown_next(self)
    cdef _settle(self, list values, pots)
    cdef _award(self, dict contenders, pots=*)
