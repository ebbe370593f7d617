cimport cython


# The reader of one hand: an extension type, so that its methods (called for every line) are
# C calls, and its attributes fields of a struct.
cdef class _Reader:
    cdef public list lines
    cdef public bint cancelled
    cdef public object source
    cdef public object index
    cdef public object number
    cdef public object decimals
    cdef public list names
    cdef public frozenset seated
    cdef public bint plain
    cdef public tuple pots
    cdef public dict cash_outs
    cdef public dict not_awarded

    cdef object fail(self, message)

    cdef tuple raw_amount(self, text)

    cdef object amount(self, text)

    @cython.locals(colon=Py_ssize_t)
    cdef object who(self, str line)

    cpdef tuple cards(self, str text)

    cdef tuple seats(self, list lines, Py_ssize_t k)

    @cython.locals(line=str, actions=list, known=dict, collected=dict, in_summary=bint,
                   run_twice=bint, plain=bint, seated=frozenset, lines_read=dict)
    cdef tuple body(self, list lines, Py_ssize_t k)

    @cython.locals(words=list, all_in=bint)
    cdef object player_line(self, object street, str name, str rest)

    cdef object cash_out(self, object street, str name, str rest)

    cdef tuple summary_line(self, str line, dict known, object total, object rake)


# A player's line read, in both of body's places for one (inline: the line read already, the
# most frequent, costs no call).
cdef inline object _take(object action, list actions, dict known, dict collected)
