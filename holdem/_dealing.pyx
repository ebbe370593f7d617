# cython: language_level=3
"""The compiled kernels of batch dealing and of the starting-hand class of hole cards.

Each block of ``BLOCK`` rows has its own splitmix64 stream, seeded from ``(seed, block)``
(Steele, Lea and Flood, 2014), so a deal does not depend on how the rows are split among
threads. A row is a partial Fisher-Yates shuffle (Knuth, TAOCP vol. 2, algorithm P) of the deck
as the block's previous row left it: the first cards of any arrangement, each drawn uniformly
from those left, are a uniform draw without replacement, so the deck is never reset. Indices are
drawn with Lemire's unbiased bounded integers, batched: up to ``GROUP`` of them from one 64-bit
word (holdem/_random.pxd: ``bounded_group``).

Kernels are ``cdef ... noexcept nogil`` over C types; the ``def`` functions check their
arguments and run the kernels with the GIL released. The Python face is
:func:`holdem.evaluation.deal_batch` and :func:`holdem.evaluation.hand_class_batch`.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from holdem._random cimport bounded_group, group_threshold, mix64

cdef enum:
    BLOCK = 4096        # rows of one random stream
    GROUP = 9           # cards drawn from one 64-bit word: 52 * 51 * ... * 44 < 2**52
    GROUPS = 6          # groups of a row at most: 52 cards / GROUP, rounded up


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline uint64_t bytes_at(const uint64_t* words, const int offset) noexcept nogil:
    """The eight bytes of a row from byte ``offset`` on, the row packed eight cards a word,
    little-endian (card ``i`` is byte ``i % 8`` of word ``i // 8``)."""
    cdef int w = offset >> 3
    cdef int shift = (offset & 7) * 8
    if shift == 0:
        return words[w]
    return (words[w] >> shift) | (words[w + 1] << (64 - shift))


cdef inline void store_bytes(uint8_t* out, uint64_t value, const int count) noexcept nogil:
    """The first ``count`` (at most 8) bytes of ``value``, little-endian, to ``out``."""
    cdef uint32_t low
    cdef int i
    if count == 8:
        memcpy(out, &value, 8)
        return
    i = 0
    if count >= 4:
        low = <uint32_t>value
        memcpy(out, &low, 4)
        value >>= 32
        i = 4
    while i < count:
        out[i] = <uint8_t>value
        value >>= 8
        i += 1


cdef inline uint64_t deal_rows(uint64_t state, uint8_t* deck, Py_ssize_t rows, const int hole,
                               const int board, uint8_t* holes, uint8_t* boards,
                               const uint64_t* thresholds) noexcept nogil:
    """Deal ``rows`` rows of ``hole`` hole cards then ``board`` board cards from ``deck``;
    returns the stream's state after them.

    Card i swaps with card ``i + index``; a place below i is never read again in the row, so the
    cards dealt are written back to the deck's first places once, at the row's end. The row is
    gathered in words of eight cards (kept in registers), which go out whole or in halves to
    the deck's first places, the hole cards and the board, not a card at a time."""
    cdef uint64_t index[52]
    cdef uint64_t words[8]
    cdef uint64_t j
    cdef int total = hole + board
    cdef int groups = total // GROUP
    cdef int tail = total % GROUP
    cdef int g, i, w
    cdef Py_ssize_t r
    for r in range(rows):
        for g in range(groups):
            bounded_group(&state, 52 - GROUP * g, GROUP, thresholds[g], index + GROUP * g)
        if tail:
            bounded_group(&state, 52 - GROUP * groups, tail, thresholds[groups],
                          index + GROUP * groups)
        for w in range((total >> 3) + 1):  # one word past the row: bytes_at may read it
            words[w] = 0
        for i in range(total):
            j = i + index[i]
            words[i >> 3] |= <uint64_t>deck[j] << ((i & 7) * 8)
            deck[j] = deck[i]
        for w in range(total >> 3):
            memcpy(deck + 8 * w, &words[w], 8)
        store_bytes(deck + (total & ~7), words[total >> 3], total & 7)
        for w in range(0, hole, 8):
            store_bytes(holes + r * hole + w, bytes_at(words, w), min(8, hole - w))
        for w in range(0, board, 8):
            store_bytes(boards + r * board + w, bytes_at(words, hole + w), min(8, board - w))
    return state


cdef void deal_any_rows(uint64_t* state, uint8_t* deck, Py_ssize_t rows, int hole, int board,
                        uint8_t* holes, uint8_t* boards, const uint64_t* thresholds) noexcept nogil:
    """:func:`deal_rows` for sizes known only at run time: each card is written to the deck and
    to its row as it is dealt."""
    cdef uint64_t index[52]
    cdef uint64_t j
    cdef uint8_t card
    cdef int total = hole + board
    cdef int groups = total // GROUP
    cdef int tail = total % GROUP
    cdef int g, i
    cdef Py_ssize_t _r
    for _r in range(rows):
        for g in range(groups):
            bounded_group(state, 52 - GROUP * g, GROUP, thresholds[g], index + GROUP * g)
        if tail:
            bounded_group(state, 52 - GROUP * groups, tail, thresholds[groups],
                          index + GROUP * groups)
        for i in range(hole):
            j = i + index[i]
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
            holes[i] = card
        for i in range(hole, total):
            j = i + index[i]
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
            boards[i - hole] = card
        holes += hole
        boards += board


cdef void deal_block(uint64_t seed, uint64_t block, Py_ssize_t rows, int hole, int board,
                     uint8_t* holes, uint8_t* boards) noexcept nogil:
    """Deal ``rows`` rows of one block: ``hole`` hole cards then ``board`` board cards each,
    in groups of ``GROUP`` cards, each group from one 64-bit word of the stream (heads-up and
    6-max with a full board have their sizes fixed at compile time)."""
    cdef uint8_t deck[52]
    cdef uint64_t thresholds[GROUPS]
    cdef uint64_t state = mix64(seed, block)
    cdef uint64_t product = 1
    cdef int total = hole + board
    cdef int i
    for i in range(52):
        deck[i] = <uint8_t>i
    for i in range(total):
        product *= <uint64_t>(52 - i)
        if i % GROUP == GROUP - 1 or i == total - 1:
            thresholds[i // GROUP] = group_threshold(product)
            product = 1
    if hole == 4 and board == 5:
        deal_rows(state, deck, rows, 4, 5, holes, boards, thresholds)
    elif hole == 12 and board == 5:
        deal_rows(state, deck, rows, 12, 5, holes, boards, thresholds)
    else:
        deal_any_rows(&state, deck, rows, hole, board, holes, boards, thresholds)


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
