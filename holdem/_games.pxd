# cython: language_level=3
"""C-level face of holdem._games, for holdem._omaha and the equity kernels
(holdem.analysis._variants)."""

from libc.stdint cimport uint8_t

from holdem._kernels cimport EvalTables

# A game's tables (index from game_index; hold'em's for -1) as the shared lookups take them.
cdef EvalTables game_eval_tables(int index) noexcept nogil

# The lowest rank of the deck of the tables at index (0..8), or -1 when no tables are built
# there: what a wrapper checks before it hands an index to game_eval_tables.
cdef int game_lowest_rank(int index) noexcept nogil

# The card bytes of a sequence of cards or a string into buf (room for most + 1); returns the
# count (most + 1 when there are more).
cdef int cards_of(object cards, uint8_t* buf, int most) except -1
