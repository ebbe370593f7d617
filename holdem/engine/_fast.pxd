from libc.stdint cimport uint64_t

cpdef object subtuple(object cls, object values)
cpdef object legal_of(type cls, Py_ssize_t seat, bint fold, bint check, object call, object lo,
                      object hi)
cpdef tuple draw(tuple pool, Py_ssize_t k, uint64_t seed)
cpdef list hand_values(tuple hole, list board, list folded)
cpdef tuple hole_pairs(tuple cards, Py_ssize_t n)
cpdef tuple single(object card)
