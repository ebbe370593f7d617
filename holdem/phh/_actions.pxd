cimport cython

# The cards by index (rank * 4 + suit), for the quick reading of a card token.
cdef tuple _DECK


@cython.locals(size=Py_ssize_t, i=Py_ssize_t, start=Py_ssize_t, seat=Py_ssize_t, c=Py_UCS4,
               amount="long long")
cdef tuple _quick(str text, Py_ssize_t n, Py_ssize_t holes)


@cython.locals(i=Py_ssize_t, rank=Py_ssize_t, c=Py_UCS4)
cdef tuple _quick_cards(str text, Py_ssize_t start, Py_ssize_t size)
