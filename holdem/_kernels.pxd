# cython: language_level=3
"""One copy of each primitive that holdem's compiled modules share.

A header-like .pxd (no .pyx of its own): everything here is inlined into the modules that
cimport it (holdem._core, holdem._tables, holdem.analysis._exact, holdem.analysis._montecarlo,
holdem.compat._native). The plain C it declares is in holdem/_core.h.

* the evaluator's representation: the key and mask constants, a card's record, the table sizes,
  and the lookup of a hand's value from its key and mask (``lookup_hand``, ``lookup_rank``,
  ``rank_slot``);
* bit counting (``popcount64``).

The random primitives are in holdem/_random.pxd.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "holdem/_core.h":
    const uint64_t KEY_INIT "HOLDEM_KEY_INIT"
    const uint64_t SUIT_ONES "HOLDEM_SUIT_ONES"
    const uint64_t FLUSH_BITS "HOLDEM_FLUSH_BITS"
    const uint64_t INVALID_BIT "HOLDEM_INVALID_BIT"

    ctypedef struct CardBits "holdem_card_bits":
        uint64_t key
        uint64_t mask

    ctypedef struct RowCheck "holdem_check":
        pass

    RowCheck row_check_new "holdem_check_new"() noexcept nogil
    void sum7 "holdem_sum7"(const CardBits* cards, const uint8_t* c, uint64_t* key,
                            uint64_t* mask_or, RowCheck* check) noexcept nogil
    bint row_check_bad "holdem_check_bad"(RowCheck check) noexcept nogil
    void prefetch "holdem_prefetch"(const void* p) noexcept nogil

cdef enum:
    N_VALUES = 7462         # distinct hand values
    N_CLASSES = 73775       # rank multisets of 5, 6 or 7 cards, at most four of a rank
    RANK_KEY_MASK = 0xFFFFFF  # rank keys are 24-bit
    HASH_MIX = 12180741     # odd multiplier that spreads the rank keys (see holdem/_tables.pyx)
    HASH_SHIFT = 10         # a row of the perfect hash is 1,024 rank keys
    HASH_COL_MASK = 1023
    HASH_ROWS = 16384       # 2**24 >> HASH_SHIFT
    HASH_SPREAD = 78000     # where the rows' searches for a free displacement start
    HASH_CAP = 79872        # room for the hash table (the builder checks it fits)

# The evaluator's tables, for kernels of other extensions that evaluate without a call per hand:
# holdem._core.eval_tables() gives them (call it once at import and keep the struct).
# cards[c] is card byte c's key and mask (52..255 are invalid cards); a 5-7 card hand's value is
# flush[(mask >> (16 * suit)) & 0x1FFF] when a suit counter of the key sum (started at KEY_INIT)
# reaches 8, else hash[rk + offsets[rk >> HASH_SHIFT]] with rk = key & RANK_KEY_MASK.
# rank_keys[r] is the rank part of the key of a card of rank r.
ctypedef struct EvalTables:
    const CardBits* cards
    const uint16_t* flush
    const uint32_t* offsets
    const uint16_t* hash
    const uint32_t* rank_keys


cdef inline uint32_t rank_slot(const uint32_t* offsets, uint32_t key) noexcept nogil:
    """Where the perfect hash keeps a key's rank part: its row's displacement plus the key."""
    cdef uint32_t rk = key & RANK_KEY_MASK
    return <uint32_t>(rk + offsets[rk >> HASH_SHIFT])


cdef inline uint16_t lookup_rank(const uint32_t* offsets, const uint16_t* hash,
                                 uint32_t key) noexcept nogil:
    """Value of a 5-7 card hand without a flush, from its key's rank part (the perfect hash)."""
    return hash[rank_slot(offsets, key)]


cdef inline uint16_t lookup_hand(const uint16_t* flush, const uint32_t* offsets,
                                 const uint16_t* hash, uint64_t key, uint64_t mask) noexcept nogil:
    """Value of a 5-7 card hand from its key (started at KEY_INIT) and mask."""
    cdef uint64_t f = key & FLUSH_BITS
    cdef int suit
    if f:
        # Exactly one suit can hold five of seven cards: its flag is bit 35, 39, 43 or 47.
        suit = <int>(((f >> 39) & 1) + ((f >> 43) & 1) * 2 + ((f >> 47) & 1) * 3)
        return flush[(mask >> (16 * suit)) & 0x1FFF]
    return lookup_rank(offsets, hash, <uint32_t>key)


cdef inline uint16_t rank_value(const EvalTables* t, uint32_t key) noexcept nogil:
    """lookup_rank through the tables of eval_tables()."""
    return lookup_rank(t.offsets, t.hash, key)


cdef inline uint16_t eval_key(const EvalTables* t, uint64_t key, uint64_t mask) noexcept nogil:
    """lookup_hand through the tables of eval_tables()."""
    return lookup_hand(t.flush, t.offsets, t.hash, key, mask)


cdef inline int popcount64(uint64_t x) noexcept nogil:
    """The number of bits set in x."""
    cdef int k = 0
    while x:
        x &= x - 1
        k += 1
    return k
