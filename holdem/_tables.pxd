# cython: language_level=3
"""C-level face of holdem._tables: the builder of the evaluator's lookup tables."""

from libc.stdint cimport uint16_t, uint32_t

from holdem._kernels cimport CardBits

# The ranking of a game whose hands are any five of the cards: which ranks the deck holds, which
# low straight exists, and the order of the nine categories.
ctypedef struct GameRules:
    int low            # the deck's lowest rank: 0 (deuce, 52 cards), 4 (six), 5 (seven), 8 (ten)
    # wheel = 1: the ace also plays below the deck's lowest four ranks (A-2-3-4-5, A-6-7-8-9,
    # A-7-8-9-T); 0: it plays high only
    int wheel
    # position[category] (0 = high card .. 8 = straight flush): its place in the game's order,
    # 0 = weakest
    int position[9]

# Hold'em's rules: 52 cards, the wheel A-2-3-4-5, the categories in their usual order.
cdef GameRules holdem_rules() noexcept nogil

# Fill the tables, in storage owned by the caller (holdem._core): cards[256], rank_keys[13],
# flush[8192], offsets[HASH_ROWS], hash[HASH_CAP + 1024] and scores[N_VALUES + 1]; *hash_size
# receives the number of hash entries in use. Returns 0, or a code naming what failed.
cdef int build_tables(CardBits* cards, uint32_t* rank_keys, uint16_t* flush, uint32_t* offsets,
                      uint16_t* hash, uint32_t* scores, uint32_t* hash_size) noexcept nogil

# Fill another game's tables on the same keys and placement: rank_keys and offsets are
# hold'em's (from build_tables); cards[256], flush[8192], hash[HASH_CAP + 1024] and
# scores[N_VALUES + 1] are the caller's; *n_values receives the number of distinct values (its
# values run from 1 to *n_values, higher is better). Returns 0, or a code naming what failed.
cdef int build_game(const GameRules* rules, const uint32_t* rank_keys, const uint32_t* offsets,
                    CardBits* cards, uint16_t* flush, uint16_t* hash, uint32_t* scores,
                    uint32_t* n_values) noexcept nogil
