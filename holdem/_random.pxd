# cython: language_level=3
"""The random primitives of holdem's compiled modules: one copy, cimported by every kernel.

A header-like .pxd (no .pyx of its own): its inline functions are compiled into the modules
that cimport them.

* splitmix64 (Steele, Lea and Flood, 2014): the generator's step ``splitmix64``, its finaliser
  ``fmix64`` and the hash ``mix64`` of two words;
* ``partial_shuffle``: a uniform choice of ``k`` of ``n`` items moved to the front of an array
  of indices, by a partial Fisher-Yates shuffle whose index is drawn by a modulo of
  splitmix64's output (a bias below 2**-58 for a 52-card deck). This sequence is fixed: a
  seeded hand deals the same cards on every platform and in every version.
"""

from libc.stdint cimport uint8_t, uint64_t


cdef inline uint64_t fmix64(uint64_t z) noexcept nogil:
    """splitmix64's finaliser: a bijection of 64-bit words that mixes every bit into every bit."""
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next number of the splitmix64 generator: a golden-ratio step, then the finaliser."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    return fmix64(state[0])


cdef inline uint64_t mix64(uint64_t a, uint64_t b) noexcept nogil:
    """A well-mixed 64-bit hash of two words: the finaliser of a * golden + b."""
    return fmix64(a * <uint64_t>0x9E3779B97F4A7C15 + b)


cdef inline void partial_shuffle(uint64_t* state, uint8_t* order, Py_ssize_t n,
                                 Py_ssize_t k) noexcept nogil:
    """Move a uniform choice of ``k`` of ``order[0 .. n - 1]`` to ``order[0 .. k - 1]``, in the
    order drawn (swap item ``i`` with item ``i + splitmix64 % (n - i)``, for ``i < k``)."""
    cdef Py_ssize_t i, j
    cdef uint8_t t
    for i in range(k):
        j = i + <Py_ssize_t>(splitmix64(state) % <uint64_t>(n - i))
        t = order[i]
        order[i] = order[j]
        order[j] = t
