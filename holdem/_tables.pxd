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

# Fill a game's tables, in storage owned by the caller: cards[256], flush[8192],
# hash[HASH_CAP + 1024] and scores[N_VALUES + 1]; *n_values receives the number of distinct values
# (they run from 1 to *n_values, higher is better). With hash_size (hold'em's own tables, made
# once by holdem._core) the rank keys (rank_keys[13]) and the perfect hash's placement
# (offsets[HASH_ROWS]) are chosen too and *hash_size receives the number of hash entries in use;
# with hash_size NULL (another game, holdem._games) rank_keys and offsets are hold'em's, read.
# Returns 0, or a code naming what failed.
cdef int build_tables(const GameRules* rules, uint32_t* rank_keys, uint32_t* offsets,
                      CardBits* cards, uint16_t* flush, uint16_t* hash, uint32_t* scores,
                      uint32_t* n_values, uint32_t* hash_size) noexcept nogil
