# cython: language_level=3
"""C-level face of holdem._core, for other extensions to cimport."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from *:
    """
    #define HOLDEM_KEY_INIT    (0x3333ULL << 32)   /* four suit counters at 3 */
    #define HOLDEM_SUIT_ONES   (0x1111ULL << 32)   /* one more card of every suit */
    #define HOLDEM_FLUSH_BITS  (0x8888ULL << 32)   /* a counter at 8: five cards of a suit */
    #define HOLDEM_INVALID_BIT (1ULL << 63)        /* the mask bit of an invalid card byte */
    """
    const uint64_t KEY_INIT "HOLDEM_KEY_INIT"
    const uint64_t SUIT_ONES "HOLDEM_SUIT_ONES"
    const uint64_t FLUSH_BITS "HOLDEM_FLUSH_BITS"
    const uint64_t INVALID_BIT "HOLDEM_INVALID_BIT"

cdef enum:
    N_VALUES = 7462         # distinct hand values
    N_CLASSES = 73775       # rank multisets of 5, 6 or 7 cards, at most four of a rank
    RANK_KEY_MASK = 0xFFFFFF  # rank keys are 24-bit
    HASH_MIX = 12180741     # odd multiplier that spreads the rank keys (see _core.pyx)
    HASH_SHIFT = 10         # a row of the perfect hash is 1,024 rank keys
    HASH_COL_MASK = 1023
    HASH_ROWS = 16384       # 2**24 >> HASH_SHIFT
    HASH_SPREAD = 78000     # where the rows' searches for a free displacement start
    HASH_CAP = 79872        # room for the hash table (the builder checks it fits)

cdef uint16_t eval_cards(const uint8_t* cards, int n) noexcept nogil
cdef Py_ssize_t eval_rows(const uint8_t* cards, Py_ssize_t rows, int ncols,
                          uint16_t* out) noexcept nogil

# The evaluator's tables, for kernels of other extensions that evaluate without a call per hand
# (holdem.analysis._exact, holdem.analysis._montecarlo): call eval_tables() once at import and
# keep the pointers.
# A card index c (0..51; 52..255 are invalid) has its key at cards[2 * c] and its mask at
# cards[2 * c + 1]; a 5-7 card hand's value is flush[(mask >> (16 * suit)) & 0x1FFF] when a
# suit counter of the key sum (started at KEY_INIT) reaches 8, else
# hash[rk + offsets[rk >> HASH_SHIFT]] with rk = key & RANK_KEY_MASK. rank_keys[r] is the rank
# part of a card of rank r.
ctypedef struct EvalTables:
    const uint64_t* cards
    const uint16_t* flush
    const uint32_t* offsets
    const uint16_t* hash
    const uint32_t* rank_keys

cdef EvalTables eval_tables() noexcept nogil
