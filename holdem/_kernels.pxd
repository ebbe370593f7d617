# cython: language_level=3
"""One copy of each primitive that holdem's compiled modules share.

A header-like .pxd (no .pyx of its own): everything here is inlined into the modules that
cimport it (holdem._core, holdem._tables, holdem.analysis._exact, holdem.analysis._montecarlo,
holdem.compat._native). The plain C it declares is in holdem/_core.h.

* the evaluator's representation (declared from holdem/_core.h): the key and mask constants,
  a card's record, the table sizes, the tables' pointers (``EvalTables``) and the lookup of a
  hand's value from its key and mask (``lookup_hand``, ``lookup_rank``, ``rank_slot``);
* bit counting (``popcount64``).

The random primitives are in holdem/_random.pxd.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "holdem/_core.h":
    const uint64_t KEY_INIT "HOLDEM_KEY_INIT"
    const uint64_t SUIT_ONES "HOLDEM_SUIT_ONES"
    const uint64_t FLUSH_BITS "HOLDEM_FLUSH_BITS"
    const uint64_t INVALID_BIT "HOLDEM_INVALID_BIT"

    enum:
        N_VALUES "HOLDEM_N_VALUES"              # distinct hand values
        N_CLASSES "HOLDEM_N_CLASSES"            # rank multisets of 5, 6 or 7 cards
        RANK_KEY_MASK "HOLDEM_RANK_KEY_MASK"    # rank keys are 24-bit
        HASH_MIX "HOLDEM_HASH_MIX"              # spreads the rank keys (see holdem/_tables.pyx)
        HASH_SHIFT "HOLDEM_HASH_SHIFT"          # a row of the perfect hash is 1,024 rank keys
        HASH_COL_MASK "HOLDEM_HASH_COL_MASK"
        HASH_ROWS "HOLDEM_HASH_ROWS"
        HASH_SPREAD "HOLDEM_HASH_SPREAD"        # where the placement's searches start
        HASH_CAP "HOLDEM_HASH_CAP"              # room for the hash table
        FLUSH_SIZE "HOLDEM_FLUSH_SIZE"          # entries of the flush table

    ctypedef struct CardBits "holdem_card_bits":
        uint64_t key
        uint64_t mask

    ctypedef struct RowCheck "holdem_check":
        pass

    # The evaluator's tables, for kernels of other extensions that evaluate without a call per
    # hand: holdem._core.eval_tables() gives hold'em's (call it once at import and keep the
    # struct). See holdem/_core.h.
    ctypedef struct EvalTables "holdem_tables":
        const CardBits* cards
        const uint16_t* flush
        const uint32_t* offsets
        const uint16_t* hash
        const uint32_t* rank_keys

    RowCheck row_check_new "holdem_check_new"() noexcept nogil
    void sum7 "holdem_sum7"(const CardBits* cards, const uint8_t* c, uint64_t* key,
                            uint64_t* mask_or, RowCheck* check) noexcept nogil
    bint row_check_bad "holdem_check_bad"(RowCheck check) noexcept nogil
    void prefetch "holdem_prefetch"(const void* p) noexcept nogil

    # Where the perfect hash keeps a key's rank part: its row's displacement plus the key.
    uint32_t rank_slot "holdem_rank_slot"(const uint32_t* offsets, uint32_t key) noexcept nogil
    # Value of a 5-7 card hand without a flush, from its key's rank part (the perfect hash).
    uint16_t lookup_rank "holdem_lookup_rank"(const uint32_t* offsets, const uint16_t* hash,
                                              uint32_t key) noexcept nogil
    # Value of a 5-7 card hand from its key (started at KEY_INIT) and mask.
    uint16_t lookup_hand "holdem_lookup_hand"(const uint16_t* flush, const uint32_t* offsets,
                                              const uint16_t* hash, uint64_t key,
                                              uint64_t mask) noexcept nogil


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
