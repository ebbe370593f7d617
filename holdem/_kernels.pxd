# cython: language_level=3
"""Inline kernels shared by the equity extensions (holdem.analysis._exact, ._montecarlo).

A header-like .pxd (no .pyx of its own): everything here is inlined into the modules that
cimport it. The evaluator's tables come from holdem._core (``eval_tables()``, once at import).
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

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


# Argument checks of the two modules' Python faces (they raise: not kernels).

cdef inline uint64_t card_bits(const uint8_t[::1] cards) except? 0:
    """The cards as a 52-bit set (ValueError for an index that is not a card)."""
    cdef uint64_t bits = 0
    cdef Py_ssize_t i
    for i in range(cards.shape[0]):
        if cards[i] >= 52:
            raise ValueError(f"not a card index: {cards[i]}")
        bits |= (<uint64_t>1) << cards[i]
    return bits


cdef inline int popcount64(uint64_t x) noexcept nogil:
    cdef int k = 0
    while x:
        x &= x - 1
        k += 1
    return k


cdef inline int check_deal(int n, Py_ssize_t board_len, Py_ssize_t dead_len) except -1:
    """ValueError unless 2..MAX_PLAYERS players, a board of 0/3/4/5 cards and enough cards."""
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"2 to {MAX_PLAYERS} players, got {n}")
    if board_len not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {board_len}")
    if dead_len + 2 * n + 5 > 52:
        raise ValueError("not enough cards left in the deck")
    return 0
