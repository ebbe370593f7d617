cimport cython

# The rule choices and the enum members of _betting.py, as C globals.
cdef dict _PRESETS
cdef tuple _RULES
cdef object _S_NOLIMIT, _S_POT, _PREFLOP
cdef object _EV_ANTE, _EV_BLIND, _EV_STRADDLE, _EV_POST, _EV_DEAD_BLIND, _EV_RETURN


# Called by every Hand: C calls from hand.py (hand.pxd cimports them).
@cython.locals(kind=int)
cpdef tuple options(object rules, object structure, object showdown)


@cython.locals(i=Py_ssize_t, f="long long")
cpdef post_extra(object posts, int which, object kind, list into, list stack, list contrib,
                 list log, Py_ssize_t n)


@cython.locals(i=Py_ssize_t, k=Py_ssize_t, a="long long", f="long long", cutoff="long long",
               largest="long long", s="long long", r="long long")
cpdef long long post_forced(Py_ssize_t n, tuple antes, tuple forced, tuple dead, object posts,
                            list stack, list contrib, list ante, list bet, list log,
                            object rules) except -1


@cython.locals(i=Py_ssize_t, top=Py_ssize_t)
cpdef Py_ssize_t first_to_act(Py_ssize_t n, list bet, object forced_bets, object posts,
                              bint by_posted) except -1


@cython.locals(i=Py_ssize_t, k=Py_ssize_t, second="long long", total="long long",
               high="long long", b="long long", s="long long", queue=list)
cpdef list round_queue(Py_ssize_t n, Py_ssize_t first, list bet, list stack, list folded)


@cython.locals(j=Py_ssize_t, k=Py_ssize_t, queue=list)
cpdef list raise_queue(Py_ssize_t i, Py_ssize_t n, list folded, list stack)
cpdef long long pokerkit_raise(long long size, long long inc, bint all_in, set acted,
                               list shorts) except? -1


@cython.locals(i=Py_ssize_t, j=Py_ssize_t, top="long long", second="long long",
               back="long long", b="long long")
cpdef return_uncalled(Py_ssize_t n, list bet, list stack, list contrib, list log, object street)
