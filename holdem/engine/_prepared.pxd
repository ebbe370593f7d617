cimport cython


cdef class Prepared:
    cdef object rules, actor, opener
    cdef tuple stakes, start
    cdef int kind
    cdef list stack, contrib, ante, bet, queue, log
    cdef Py_ssize_t raises
    cdef long long inc, max_bet
    cdef bint round_capped

cdef Prepared _PREPARED
cdef tuple _LAST_START

# Called by every Hand.__init__: C calls from hand.py (hand.pxd cimports them).
cpdef Prepared current()
cpdef bint repeated(tuple start, object stakes) except -1
cpdef keep(Prepared prepared)


@cython.locals(n=Py_ssize_t, i=Py_ssize_t)
cpdef bint same_stacks(object stacks, tuple start) except -1
