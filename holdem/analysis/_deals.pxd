# cython: language_level=3
"""Limits and argument checks shared by the equity extensions (holdem.analysis._exact and
holdem.analysis._montecarlo): a header-like .pxd, inlined into both."""

from libc.stdint cimport uint8_t, uint64_t

cdef enum:
    MAX_PLAYERS = 10
    SHARE_UNIT = 2520       # lcm(1..10): a k-way split pays SHARE_UNIT / k to each


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


cdef inline int check_deal(int n, Py_ssize_t board_len, Py_ssize_t dead_len) except -1:
    """ValueError unless 2..MAX_PLAYERS players, a board of 0/3/4/5 cards and enough cards."""
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"2 to {MAX_PLAYERS} players, got {n}")
    if board_len not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {board_len}")
    if dead_len + 2 * n + 5 > 52:
        raise ValueError("not enough cards left in the deck")
    return 0
