# cython: language_level=3
"""Inline kernels shared by the equity extensions (holdem._equity and holdem._sampling).

A header-like .pxd (no .pyx of its own): everything here is inlined into the modules that
cimport it. The evaluator's tables come from holdem._core (``eval_tables()``, once at import).
"""

from libc.stdint cimport uint16_t, uint32_t, uint64_t

from holdem._core cimport FLUSH_BITS, HASH_SHIFT, RANK_KEY_MASK, EvalTables

cdef enum:
    MAX_PLAYERS = 10
    SHARE_UNIT = 2520       # lcm(1..10): a k-way split pays SHARE_UNIT / k to each


cdef inline uint16_t rank_value(const EvalTables* t, uint32_t key) noexcept nogil:
    """Value of a 5-7 card hand without a flush, from the sum of its cards' rank keys."""
    cdef uint32_t rk = key & RANK_KEY_MASK
    return t.hash[rk + t.offsets[rk >> HASH_SHIFT]]


cdef inline uint16_t eval_key(const EvalTables* t, uint64_t key, uint64_t mask) noexcept nogil:
    """Value of a 5-7 card hand from its key sum (started at KEY_INIT) and mask."""
    cdef uint64_t f = key & FLUSH_BITS
    cdef int suit
    if f:
        suit = <int>(((f >> 39) & 1) + ((f >> 43) & 1) * 2 + ((f >> 47) & 1) * 3)
        return t.flush[(mask >> (16 * suit)) & 0x1FFF]
    return rank_value(t, <uint32_t>key)


cdef inline uint64_t mix64(uint64_t a, uint64_t b) noexcept nogil:
    """splitmix64's finaliser of a * golden + b: a well-mixed 64-bit hash."""
    cdef uint64_t z = a * 0x9E3779B97F4A7C15ULL + b
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)
