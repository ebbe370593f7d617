cimport cython

from holdem.engine.pots cimport award, pots_of, split

cdef object _EV_WIN, _COMPLETE


# Called by the showdown of every hand: C calls from showdown.py (showdown.pxd cimports them).
@cython.locals(i=Py_ssize_t, c="long long", top="long long", total="long long")
cpdef long long one_pot(list contrib, list folded, list ante, Py_ssize_t n) except -1


@cython.locals(i=Py_ssize_t, seat=Py_ssize_t, count=Py_ssize_t, v=int, top=int,
               chips="long long", best=list, first=Py_ssize_t, ties=Py_ssize_t,
               won="long long", had="long long", payoffs=list)
cpdef list pay_one(list values, long long amount, Py_ssize_t n, list shown, list folded,
                   list final, list log, object policy, tuple start)
cpdef list bets_in(list contrib, list ante)
cpdef pay(object hand, dict contenders, object pots, list final, list log, object rules,
          list contrib, list ante, list board, object boards, tuple hole, object game,
          Py_ssize_t n)
