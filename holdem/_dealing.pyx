# cython: language_level=3
"""The compiled kernels of batch dealing and of the starting-hand class of hole cards.

Each block of ``BLOCK`` rows has its own splitmix64 stream, seeded from ``(seed, block)``
(Steele, Lea and Flood, 2014), so a deal does not depend on how the rows are split among
threads. A row is a partial Fisher-Yates shuffle (Knuth, TAOCP vol. 2, algorithm P) of the deck
as the block's previous row left it: the first cards of any arrangement, each drawn uniformly
from those left, are a uniform draw without replacement, so the deck is never reset. Indices are
drawn with Lemire's unbiased bounded integers ("Fast random integer generation in an interval",
2019).

Kernels are ``cdef ... noexcept nogil`` over C types; the ``def`` functions check their
arguments and run the kernels with the GIL released. The Python face is
:func:`holdem.evaluation.deal_batch` and :func:`holdem.evaluation.hand_class_batch`.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t

from holdem._kernels cimport mix64, splitmix64

cdef enum:
    BLOCK = 4096        # rows of one random stream


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline void place(uint8_t* deck, int i, uint32_t j, uint8_t* into) noexcept nogil:
    """Swap deck[i + j] into place i and write it to into[0]."""
    cdef uint8_t c = deck[i + j]
    deck[i + j] = deck[i]
    deck[i] = c
    into[0] = c


cdef inline uint8_t* slot(uint8_t* holes, uint8_t* boards, int hole, int i) noexcept nogil:
    """Where card i of a row goes: hole cards first, then the board."""
    return holes + i if i < hole else boards + (i - hole)


cdef inline void deal_four(uint64_t* state, uint32_t x, uint8_t* deck, int i, int total,
                           uint8_t* holes, uint8_t* boards, int hole) noexcept nogil:
    """Cards i to i + 3 of a row (fewer at the row's end) from the 32-bit random ``x``.

    Lemire's method batched (Brackett-Rozinsky and Lemire, "Batched ranged random integer
    generation", 2024): the index among the n cards left is the high word of x * n, whose low
    word draws the next; unbiased, as the whole draw is made again from a new word of the
    stream when the last leftover falls below the threshold of the product of the ranges."""
    cdef uint32_t idx[4]
    cdef int count = total - i if total - i < 4 else 4
    cdef int t
    cdef uint32_t product, left, n
    cdef uint64_t m
    while True:
        left = x
        product = 1
        for t in range(count):
            n = <uint32_t>(52 - i - t)
            m = <uint64_t>left * n
            idx[t] = <uint32_t>(m >> 32)
            left = <uint32_t>m
            product *= n
        if left >= product or left >= (<uint32_t>(-product)) % product:
            break
        x = <uint32_t>splitmix64(state)
    for t in range(count):
        place(deck, i + t, idx[t], slot(holes, boards, hole, i + t))


cdef void deal_block(uint64_t seed, uint64_t block, Py_ssize_t rows, int hole, int board,
                     uint8_t* holes, uint8_t* boards) noexcept nogil:
    """Deal ``rows`` rows of one block: ``hole`` hole cards then ``board`` board cards each,
    eight cards from each 64-bit word of the stream."""
    cdef uint8_t deck[52]
    cdef uint64_t state = mix64(seed, block)
    cdef uint64_t w
    cdef Py_ssize_t _r
    cdef int i
    cdef int total = hole + board
    for i in range(52):
        deck[i] = <uint8_t>i
    for _r in range(rows):
        i = 0
        while i < total:
            w = splitmix64(&state)
            deal_four(&state, <uint32_t>w, deck, i, total, holes, boards, hole)
            if i + 4 < total:
                deal_four(&state, <uint32_t>(w >> 32), deck, i + 4, total, holes, boards, hole)
            i += 8
        holes += hole
        boards += board


cdef Py_ssize_t class_rows(const uint8_t* cards, Py_ssize_t rows, uint8_t* out) noexcept nogil:
    """The class index (0 .. 168, row-major over the grid) of each pair of cards; returns the
    first row with a card above 51 or a repeated card, or -1."""
    cdef Py_ssize_t r
    cdef int a, b, ra, rb, hi, lo
    for r in range(rows):
        a = cards[2 * r]
        b = cards[2 * r + 1]
        if a > 51 or b > 51 or a == b:
            return r
        ra = a >> 2
        rb = b >> 2
        hi = ra if ra > rb else rb
        lo = rb if ra > rb else ra
        if hi == lo:
            out[r] = <uint8_t>((12 - hi) * 14)
        elif (a & 3) == (b & 3):
            out[r] = <uint8_t>((12 - hi) * 13 + 12 - lo)
        else:
            out[r] = <uint8_t>((12 - lo) * 13 + 12 - hi)
    return -1


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def block_rows():
    """The rows of one random stream (a block)."""
    return BLOCK


def deal_blocks(seed, Py_ssize_t first_block, uint8_t[:, ::1] holes not None,
                uint8_t[:, ::1] boards not None):
    """Deal the rows of ``holes`` (hole cards) and ``boards`` (board cards), which start at
    block ``first_block`` (its rows are a multiple of the block size, or the last ones).

    :raises ValueError: for arrays with different numbers of rows, or too many cards a row.
    """
    cdef uint64_t s = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    cdef Py_ssize_t rows = holes.shape[0]
    cdef int hole = <int>holes.shape[1]
    cdef int board = <int>boards.shape[1]
    cdef Py_ssize_t lo, n
    cdef uint8_t dummy = 0
    cdef uint8_t* hp
    cdef uint8_t* bp
    if boards.shape[0] != rows or hole + board > 52:
        raise ValueError("holes and boards: the same rows, and at most 52 cards a row")
    with nogil:
        lo = 0
        while lo < rows:
            n = rows - lo if rows - lo < BLOCK else BLOCK
            hp = &holes[lo, 0] if hole else &dummy
            bp = &boards[lo, 0] if board else &dummy
            deal_block(s, <uint64_t>(first_block + lo // BLOCK), n, hole, board, hp, bp)
            lo += n
    return None


def class_index_rows(const uint8_t[:, ::1] cards not None, uint8_t[::1] out not None):
    """Kernel behind hand_class_batch: fills ``out``; returns the first bad row, or -1.

    :raises ValueError: unless ``cards`` has two columns and ``out`` one entry per row.
    """
    cdef Py_ssize_t rows = cards.shape[0]
    cdef Py_ssize_t bad
    if cards.shape[1] != 2 or out.shape[0] != rows:
        raise ValueError("cards: two columns; out: one entry per row")
    if rows == 0:
        return -1
    with nogil:
        bad = class_rows(&cards[0, 0], rows, &out[0])
    return bad
