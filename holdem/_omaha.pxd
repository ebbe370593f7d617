# cython: language_level=3
"""C-level face of holdem._omaha, for the equity kernels (holdem.analysis._variants)."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

# Build Omaha's tables if they are not yet built (call with the GIL, before the kernels).
cdef int omaha_prepare() except -1

# A five-card board's row of Omaha's pair table, from the board's key sum (without KEY_INIT).
cdef const uint16_t* omaha_board_row(uint64_t bsum) noexcept nogil

# Omaha's high value of a hole of nh cards on a five-card board: ``row`` from omaha_board_row,
# the hole's and the board's key sums (without KEY_INIT) and masks.
cdef uint16_t omaha_hole_value(const uint8_t* hole, int nh, const uint16_t* row, uint64_t hsum,
                               uint64_t bsum, uint64_t hmask, uint64_t bmask) noexcept nogil

# The column of Omaha's pair table for two hole ranks (0 = deuce .. 12 = ace), and the best
# flush of two hole and three board cards (0 for none) from their key sums and masks.
cdef int omaha_pair_column(int r1, int r2) noexcept nogil
cdef uint16_t omaha_flush_value(uint64_t hsum, uint64_t bsum, uint64_t hmask,
                                uint64_t bmask) noexcept nogil

# The low ranks of a card byte (ace = bit 0 .. eight = bit 7), and the best eight-or-better low
# (1..56, 0 for none) of a hole's and a board's low ranks.
cdef uint8_t low_bit(uint8_t card) noexcept nogil
cdef uint8_t omaha_low_value(uint32_t hole_low, uint32_t board_low) noexcept nogil
