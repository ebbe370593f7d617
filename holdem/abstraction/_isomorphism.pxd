# cython: language_level=3
"""C-level face of holdem.abstraction._isomorphism, for the strength kernels to cimport: the
indexer's tables and the indexing of one hand."""

from libc.stdint cimport int64_t, uint8_t, uint64_t

cdef enum:
    MAX_ROUNDS = 4
    MAX_CARDS = 13          # cards of a hand (every round together)
    CODE_BITS = 16          # a suit's configuration: 4 bits per round, round 0 highest

ctypedef struct Indexer:
    int rounds
    int cards[MAX_ROUNDS]          # cards dealt in each round
    int total[MAX_ROUNDS]          # cards dealt up to each round, that round included
    int n_configs[MAX_ROUNDS]
    uint64_t* keys[MAX_ROUNDS]     # the configurations of the hands up to each round, sorted
    int64_t* offsets[MAX_ROUNDS]   # where each configuration's block starts (n_configs + 1)

cdef int64_t index_hand(const Indexer* ix, int r, const uint8_t* cards) noexcept nogil
cdef int unindex_hand(const Indexer* ix, int r, int64_t index, uint8_t* out) noexcept nogil

cdef class IndexerTables:
    cdef Indexer ix
