# cython: language_level=3
"""C-level face of holdem._tables: the builder of the evaluator's lookup tables."""

from libc.stdint cimport uint16_t, uint32_t

from holdem._kernels cimport CardBits

# Fill the tables, in storage owned by the caller (holdem._core): cards[256], rank_keys[13],
# flush[8192], offsets[HASH_ROWS], hash[HASH_CAP + 1024] and scores[N_VALUES + 1]; *hash_size
# receives the number of hash entries in use. Returns 0, or a code naming what failed.
cdef int build_tables(CardBits* cards, uint32_t* rank_keys, uint16_t* flush, uint32_t* offsets,
                      uint16_t* hash, uint32_t* scores, uint32_t* hash_size) noexcept nogil
