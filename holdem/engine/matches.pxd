cimport cython

from holdem.engine.hand cimport Hand

cdef object _refcount, _COMPLETE, _NO_LIMIT, _CASINO
cdef Py_ssize_t _ALONE


@cython.locals(seat=Py_ssize_t, refs=Py_ssize_t, actor=object, view=object, legal=object,
               decision=object)
cdef _play(Hand hand, list players, object seats, list views)


@cython.locals(s=Py_ssize_t)
cdef _retarget(list views, Hand hand)


@cython.locals(k=Py_ssize_t, d=Py_ssize_t, p=Py_ssize_t, s=Py_ssize_t, a=Py_ssize_t,
               last=Py_ssize_t, shift=Py_ssize_t, rotate=bint, plain=bint, hand=Hand,
               dealt=Hand, units=list, views=list, total=list, unit=list, players=list)
cpdef tuple _chunk(object agents, object seed, object index, Py_ssize_t decks,
                   Py_ssize_t first_deck, object orders, object stacks, object blinds,
                   object structure, object rules, object game=*)


# (x and mean stay Python floats: the squares are taken as Python takes them)
@cython.locals(n=Py_ssize_t, u=Py_ssize_t, squares=list)
cdef object _variance(list units, Py_ssize_t k, Py_ssize_t a, object per_deck, object mean)
