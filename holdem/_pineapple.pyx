# cython: language_level=3
"""The compiled core of the hold'em games of three hole cards that play two of them, with
hold'em's values: Lazy Pineapple (the discard is chosen at the showdown, so the hand is the best
of the three pairs of hole cards with the board) and Double Texas hold'em (the middle card plays
with each of the others, the outer cards not together: the pairs first-second and
second-third).

Kernels are ``cdef ... noexcept nogil`` over C types; the ``def`` functions validate their
arguments and run the batch kernel with the GIL released.
"""

from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from holdem._core cimport eval_tables, value_objects
from holdem._games cimport cards_of
from holdem._kernels cimport INVALID_BIT, KEY_INIT, EvalTables, eval_key

cdef enum:
    LAZY_PINEAPPLE = 0      # the pairs 0-1, 0-2, 1-2
    DOUBLE_HOLDEM = 1       # the pairs 0-1, 1-2

cdef EvalTables TAB = eval_tables()            # hold'em's tables
cdef PyObject** INTS = value_objects()         # the Python ints 0..7462


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef uint16_t three_hole(const uint8_t* hole, int kind, const uint8_t* board,
                         int nb) noexcept nogil:
    """The best value of the game's pairs of the three hole cards with nb (3..5) board cards;
    0 when a card is invalid or repeated."""
    cdef uint64_t key = KEY_INIT
    cdef uint64_t mask = 0
    cdef uint64_t m
    cdef uint64_t k[3]
    cdef uint64_t hm[3]
    cdef uint16_t best, v
    cdef int i
    for i in range(nb):
        m = TAB.cards[board[i]].mask
        if m & (mask | INVALID_BIT):
            return 0
        mask |= m
        key += TAB.cards[board[i]].key
    for i in range(3):
        hm[i] = TAB.cards[hole[i]].mask
        k[i] = TAB.cards[hole[i]].key
        if hm[i] & (mask | INVALID_BIT):
            return 0
        mask |= hm[i]
    mask &= ~(hm[0] | hm[1] | hm[2])        # the board's cards again
    best = eval_key(&TAB, key + k[0] + k[1], mask | hm[0] | hm[1])
    v = eval_key(&TAB, key + k[1] + k[2], mask | hm[1] | hm[2])
    if v > best:
        best = v
    if kind == LAZY_PINEAPPLE:
        v = eval_key(&TAB, key + k[0] + k[2], mask | hm[0] | hm[2])
        if v > best:
            best = v
    return best


cdef Py_ssize_t three_hole_rows(const uint8_t* holes, const uint8_t* boards, int nb,
                                Py_ssize_t rows, int kind, uint16_t* out) noexcept nogil:
    """three_hole over rows of 3 hole and nb board card bytes; the first bad row, or -1."""
    cdef Py_ssize_t r
    for r in range(rows):
        out[r] = three_hole(holes + 3 * r, kind, boards + nb * r, nb)
        if out[r] == 0:
            return r
    return -1


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def _argument_error(message):
    from holdem.errors import ArgumentError
    return ArgumentError(message)


def _card_error(message):
    from holdem.errors import CardError
    return CardError(message)


def evaluate_three(hole, board, int kind):
    """The value of three hole cards and a board of 3-5 cards: ``kind`` 0 is Lazy Pineapple (the
    best of the three pairs), 1 Double Texas hold'em (the better of first-second and
    second-third).

    :raises CardError: for an unknown or repeated card, a hole that is not 3 cards or a board
        that is not 3-5 cards.
    :raises ArgumentError: for a kind other than 0 or 1.
    """
    cdef uint8_t hbuf[4]
    cdef uint8_t bbuf[6]
    cdef int nh, nb
    cdef uint16_t v
    if kind != LAZY_PINEAPPLE and kind != DOUBLE_HOLDEM:
        raise _argument_error(f"kind is 0 (Lazy Pineapple) or 1 (Double hold'em), got {kind}")
    nh = cards_of(hole, hbuf, 3)
    if nh != 3:
        raise _card_error(f"the hole is 3 cards, got {nh if nh <= 3 else 'more'}")
    nb = cards_of(board, bbuf, 5)
    if not 3 <= nb <= 5:
        raise _card_error(f"a board is 3, 4 or 5 cards, got {nb if nb <= 5 else 'more'}")
    v = three_hole(hbuf, kind, bbuf, nb)
    if v == 0:
        raise _card_error("an unknown card, or a card that appears twice")
    return <object>INTS[v]


def three_rows(const uint8_t[:, ::1] holes not None, const uint8_t[:, ::1] boards not None,
               int kind, uint16_t[::1] out not None):
    """Kernel behind the three-hole-card batch: fills ``out``; the first bad row, or -1.

    :raises ArgumentError: for holes that are not 3 cards, boards that are not 3-5 cards,
        arrays of different lengths, or a kind other than 0 or 1.
    """
    cdef Py_ssize_t rows = holes.shape[0]
    cdef int nb = <int>boards.shape[1]
    cdef Py_ssize_t bad
    if holes.shape[1] != 3 or not 3 <= nb <= 5:
        raise _argument_error("holes of 3 cards and boards of 3, 4 or 5 cards expected")
    if boards.shape[0] != rows or out.shape[0] != rows:
        raise _argument_error("holes, boards and out must have the same number of rows")
    if kind != LAZY_PINEAPPLE and kind != DOUBLE_HOLDEM:
        raise _argument_error(f"kind is 0 (Lazy Pineapple) or 1 (Double hold'em), got {kind}")
    if rows == 0:
        return -1
    with nogil:
        bad = three_hole_rows(&holes[0, 0], &boards[0, 0], nb, rows, kind, &out[0])
    return bad
