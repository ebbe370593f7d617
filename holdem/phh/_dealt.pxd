cimport cython


# The draws of a seeded generator's sample, from its words remembered (typed: a hand draws a
# dozen cards, each a few C operations).
@cython.locals(n=Py_ssize_t, kept=Py_ssize_t, at=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t,
               left=Py_ssize_t, shift=int, word="unsigned long",
               words=list, pool=list, result=list, selected=set)
cpdef tuple seeded_sample(object seed, list population, Py_ssize_t k)


@cython.locals(bits=int)
cdef int _bit_length(Py_ssize_t value) noexcept


# Random.sample's choice between a pool and a set of the indices drawn, for both samplers.
@cython.locals(setsize=Py_ssize_t)
cdef bint _pooled(Py_ssize_t n, Py_ssize_t k) except -1
