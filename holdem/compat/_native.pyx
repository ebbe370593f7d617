# cython: language_level=3
"""Compiled paths of the drop-in shims in :mod:`holdem.compat`: phevaluator, eval7 and treys.

Each shim's per-call evaluation reads its package's own card form straight from the Python
objects (phevaluator's ints 0..51 and strings, eval7's ``Card`` objects, treys' bit-packed ints),
evaluates with ``holdem._core``'s kernel and returns that package's own number:

* phevaluator and treys rank a hand from 1 (royal flush) to 7462 (7-5-4-3-2): ``7463 - value``;
* eval7 packs the category and the ranks that decide ties, ``category << 24 | r1 << 16 | r2 << 12
  | r3 << 8 | r4 << 4 | r5`` (category 0 = high card .. 8 = straight flush, ranks 0 = deuce ..
  12 = ace, unused ranks 0); the table is derived at import from ``holdem._core.value_ranks``.

Private: use :mod:`holdem.compat.phevaluator`, :mod:`holdem.compat.eval7` and
:mod:`holdem.compat.treys`. Like ``holdem.evaluate``, these per-call functions keep the GIL:
releasing and taking it back would cost more than evaluating one hand.
"""

cimport cython
from cpython.ref cimport PyObject
from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t

from holdem._capi cimport (  # borrowed-reference C API, no refcounts touched
    _is_tuple,
    _is_list,
    _is_long,
    _is_bool,
    _is_str,
    _tuple_size,
    _list_size,
    _tuple_item,
    _list_item,
    _dict_get,
    _as_long,
    _err_occurred,
    _err_clear,
    _type_of,
    int_card,
    pin_objects,
)
from holdem._core cimport eval_cards, value_objects
from holdem._kernels cimport N_VALUES

from holdem._core import value_ranks
from holdem.cards import RANKS as _RANKS
from holdem.cards import SUITS as _SUITS
from holdem.errors import CardError, CardKeyError, CompatTypeError


# treys' card: bit 16 + rank set, suit bit at 12..15 (c = 8, d = 4, h = 2, s = 1), rank at
# 8..11, the rank's prime at 0..5.
cdef int64_t TREYS_CARDS[52]          # treys int of each card index
cdef int8_t TREYS_SUIT_OF[16]         # suit bits -> suit 0..3 (c, d, h, s), or -1
cdef uint32_t EVAL7_OF[N_VALUES + 1]  # eval7's value of each holdem value
cdef PyObject** INTS = value_objects()   # the Python ints 0..7462 (phevaluator's and treys' ranks)
cdef PyObject* EVAL7_OBJS[N_VALUES + 1]  # the Python ints EVAL7_OF[v]
cdef object _EVAL7_INTS               # owns the objects behind EVAL7_OBJS
cdef dict PH_STRINGS = {}             # every string phevaluator takes as a card -> index
cdef dict EVAL7_STRINGS = {}          # every string eval7's Card takes -> index

#: The prime of each rank (deuce .. ace) in a treys card int.
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline int treys_index(int64_t x) noexcept nogil:
    """Card index of a treys card int, or -1 when x is not one of the 52."""
    cdef int r = <int>((x >> 8) & 0xF)
    cdef int s = TREYS_SUIT_OF[(x >> 12) & 0xF]
    if r > 12 or s < 0 or TREYS_CARDS[r * 4 + s] != x:
        return -1
    return r * 4 + s


cdef inline uint32_t eval7_packed(int category, const int* ranks, int n) noexcept nogil:
    """eval7's value from a category and the ranks that decide (most significant first)."""
    cdef uint32_t v = <uint32_t>category << 24
    cdef int i
    for i in range(n):
        v |= <uint32_t>ranks[i] << (16 - 4 * i)
    return v


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def _build():
    global _EVAL7_INTS
    cdef int c, r, s, v, i, n
    cdef int ranks[5]
    for s in range(16):
        TREYS_SUIT_OF[s] = -1
    for s in range(4):
        TREYS_SUIT_OF[8 >> s] = s
    for c in range(52):
        r = c >> 2
        s = c & 3
        TREYS_CARDS[c] = (1 << r << 16) | ((8 >> s) << 12) | (r << 8) | PRIMES[r]
        PH_STRINGS[_RANKS[r] + _SUITS[s]] = c
        PH_STRINGS[_RANKS[r] + _SUITS[s].upper()] = c
        EVAL7_STRINGS[_RANKS[r] + _SUITS[s]] = c
    EVAL7_OF[0] = 0
    for v in range(1, N_VALUES + 1):
        category, decisive = value_ranks(v)
        n = len(decisive)
        for i in range(n):
            ranks[i] = decisive[i]
        EVAL7_OF[v] = eval7_packed(category, ranks, n)
    _EVAL7_INTS = pin_objects([EVAL7_OF[v] for v in range(N_VALUES + 1)], EVAL7_OBJS)


_build()


def eval7_values():
    """eval7's number for each holdem value: a list indexed by value 1..7462 (entry 0 is 0).

    >>> eval7_values()[7462] == 8 << 24 | 12 << 16   # a royal flush: straight flush, ace high
    True
    """
    return [EVAL7_OF[v] for v in range(N_VALUES + 1)]


def treys_cards():
    """treys' int for each holdem card index 0..51 (rank * 4 + suit, suits c, d, h, s).

    >>> treys_cards()[51] == 268442665   # the ace of spades, treys.Card.new('As')
    True
    """
    return [TREYS_CARDS[c] for c in range(52)]


cdef object _count_error(str name, Py_ssize_t n, base):
    return base(f"{name} takes 5, 6 or 7 cards, got {n}")


cdef object _duplicate_error(cards, indices):
    """The error for a hand whose cards (at ``indices``) are valid but not distinct."""
    seen = set()
    for card, index in zip(cards, indices):
        if index in seen:
            return CardError(f"duplicate card {card!r} ({_RANKS[index >> 2]}{_SUITS[index & 3]})")
        seen.add(index)
    return CardError(f"a card appears twice in {list(cards)!r}")


# phevaluator: ints 0..51, strings such as 'As' or 'AS', and Card objects (an int subclass).

cdef inline long ph_card(PyObject* item) noexcept:
    """The index of an int 0..51 or of a string phevaluator takes, or -1 for anything else."""
    cdef PyObject* found
    if _is_long(item):
        return int_card(item)
    if _is_str(item):
        found = _dict_get(<PyObject*>PH_STRINGS, item)
        if found != NULL:
            return _as_long(found)
    return -1


cdef long ph_card_slow(item) except -1:
    """The index of any card phevaluator takes (and numpy ints); raises for anything else."""
    if isinstance(item, str):
        if item in PH_STRINGS:
            return PH_STRINGS[item]
        if len(item) != 2:
            raise CardError(
                f"unknown card {item!r}: a card string has 2 characters, like 'As' or 'AS'")
        raise CardKeyError(
            f"unknown card {item!r}: a rank 2-9, T, J, Q, K, A and a suit c, d, h, s (or C, D, "
            "H, S)")
    if isinstance(item, bool) or not hasattr(type(item), "__index__"):
        raise CompatTypeError(
            f"not a card: {item!r} (a card is an int 0..51, a string like 'As' or a Card)")
    c = item.__index__()
    if not 0 <= c < 52:
        raise CardError(f"not a card: {item!r} (card ints run from 0 to 51)")
    return c


def phevaluator_card_index(item):
    """The card index 0..51 of a card as phevaluator takes it: an int (or a numpy int), a
    string such as ``'As'`` or ``'AS'``, or a Card.

    :raises CardError: for an int outside 0..51 or a string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for anything else (a float, None, a bool).

    >>> phevaluator_card_index("AS"), phevaluator_card_index(3)
    (51, 3)
    """
    return ph_card_slow(item)


def phevaluator_indices(tuple cards):
    """The card indices 0..51 of a tuple of cards as phevaluator takes them (see
    phevaluator_card_index), as a list.

    :raises CardError: for an int outside 0..51 or a string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for anything else (a float, None, a bool).

    >>> phevaluator_indices(("AS", 3, "2c"))
    [51, 3, 0]
    """
    cdef Py_ssize_t i
    cdef long c
    cdef list out = []
    for i in range(len(cards)):
        c = ph_card(_tuple_item(<PyObject*>cards, i))
        if c < 0:
            c = ph_card_slow(cards[i])
        out.append(<object>INTS[c])
    return out


def phevaluator_evaluate(*cards):
    """phevaluator's rank of 5, 6 or 7 cards: 1 (royal flush) to 7462, smaller is stronger.

    :raises CardError: for fewer than 5 or more than 7 cards, a repeated card, an int outside
        0..51 or a string that is not two characters long.
    :raises CardKeyError: for a two-character string that is not a rank and a suit.
    :raises CompatTypeError: for a card that is not an int, a string or a Card.

    >>> phevaluator_evaluate("Ac", "Ad", "Ah", "As", "Kc"), phevaluator_evaluate(0, 4, 8, 12, 21)
    (11, 7462)
    """
    cdef Py_ssize_t n = len(cards)
    cdef Py_ssize_t i
    cdef long c
    cdef uint8_t buf[7]
    cdef uint16_t v
    if n < 5 or n > 7:
        raise _count_error("evaluate_cards", n, CardError)
    for i in range(n):
        c = ph_card(_tuple_item(<PyObject*>cards, i))
        if c < 0:
            c = ph_card_slow(cards[i])
        buf[i] = <uint8_t>c
    v = eval_cards(buf, <int>n)
    if v == 0:
        raise _duplicate_error(cards, [ph_card_slow(card) for card in cards])
    return <object>INTS[N_VALUES + 1 - v]


# eval7: Card objects.

@cython.final
cdef class Card:
    """eval7's card: ``Card('As')``, with eval7's ``rank``, ``suit``, ``mask``, str and repr.

    ``rank`` is 0 (deuce) .. 12 (ace), ``suit`` 0..3 for c, d, h, s, ``mask`` is eval7's bit
    ``1 << (13 * suit + rank)`` and the hash; ``index`` (not in eval7) is holdem's card index
    ``rank * 4 + suit``. Comparisons are eval7's: equal when the cards are; ``a > b`` when a's
    rank or a's suit is higher (not a total order).

    :raises CardError: for a string that is not a rank (2-9, T, J, Q, K, A) and a lower-case suit.
    :raises CompatTypeError: for a non-string, and when a Card is ordered against a non-card.

    >>> Card("As"), str(Card("Td")), Card("Td").rank, Card("Td").suit, Card("2c").mask
    (Card("As"), 'Td', 8, 1, 1)
    """

    cdef readonly int rank
    cdef readonly int suit
    cdef readonly unsigned long long mask
    cdef readonly int index

    def __cinit__(self, card_string):
        cdef PyObject* found = NULL
        if _is_str(<PyObject*>card_string):
            found = _dict_get(<PyObject*>EVAL7_STRINGS, <PyObject*>card_string)
        if found == NULL:
            if not isinstance(card_string, str):
                raise CompatTypeError(
                    f"not a card string: {card_string!r} (eval7's Card takes a string like "
                    "'As')")
            raise CardError(
                f"unknown card {card_string!r}: a rank 2-9, T, J, Q, K, A and a suit c, d, h, s")
        self.index = <int>_as_long(found)
        self.rank = self.index >> 2
        self.suit = self.index & 3
        self.mask = (<unsigned long long>1) << (13 * self.suit + self.rank)

    def __str__(self):
        return _RANKS[self.rank] + _SUITS[self.suit]

    def __repr__(self):
        return f'Card("{_RANKS[self.rank]}{_SUITS[self.suit]}")'

    def __richcmp__(self, other, int op):
        cdef bint eq, gt
        if isinstance(other, Card):
            eq = self.mask == (<Card>other).mask
            gt = self.rank > (<Card>other).rank or self.suit > (<Card>other).suit
            if op == 0:
                return not (gt or eq)
            if op == 1:
                return not gt
            if op == 2:
                return eq
            if op == 3:
                return not eq
            if op == 4:
                return gt
            return gt or eq
        if op == 2:
            return False
        if op == 3:
            return True
        raise CompatTypeError(f"Cannot compare {self!r} and {other!r}")

    def __hash__(self):
        return self.mask

    def __reduce__(self):
        return Card, (str(self),)


cdef object _eval7_not_card(item):
    return CompatTypeError(
        f"not an eval7 card: {item!r} (evaluate takes a sequence of holdem.compat.eval7.Card)")


def eval7_evaluate(cards):
    """eval7's value of 5, 6 or 7 Card objects: higher is stronger (see the module docstring).

    :raises CardError: for fewer than 5 or more than 7 cards, or a repeated card.
    :raises CompatTypeError: for anything but an iterable of this module's Card objects.

    >>> hex(eval7_evaluate([Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]))
    '0x80c0000'
    """
    cdef PyObject* seq
    cdef PyObject* item
    cdef Py_ssize_t n, i
    cdef bint is_tuple
    cdef uint8_t buf[7]
    cdef uint16_t v
    if not _is_list(<PyObject*>cards) and not _is_tuple(<PyObject*>cards):
        try:
            cards = tuple(cards)
        except TypeError:
            raise _eval7_not_card(cards) from None
    seq = <PyObject*>cards
    is_tuple = _is_tuple(seq)
    n = _tuple_size(seq) if is_tuple else _list_size(seq)
    if n < 5 or n > 7:
        raise _count_error("evaluate", n, CardError)
    for i in range(n):
        item = _tuple_item(seq, i) if is_tuple else _list_item(seq, i)
        if _type_of(item) != <void*>Card:
            raise _eval7_not_card(<object>item)
        buf[i] = <uint8_t>(<Card>item).index
    v = eval_cards(buf, <int>n)
    if v == 0:
        raise _duplicate_error(cards, [(<Card>card).index for card in cards])
    return <object>EVAL7_OBJS[v]


# treys: bit-packed ints.

cdef long treys_card_slow(item) except -1:
    """The index of a treys card int; raises for anything else."""
    cdef int c
    if isinstance(item, bool) or not isinstance(item, int):
        raise CompatTypeError(
            f"not a treys card: {item!r} (treys cards are ints from Card.new('As'))")
    c = treys_index(item) if -(1 << 62) < item < (1 << 62) else -1
    if c < 0:
        raise CardError(f"not a treys card: {item!r} (treys cards are ints from Card.new('As'))")
    return c


def treys_card_index(item):
    """The card index 0..51 (rank * 4 + suit, suits c, d, h, s) of a treys card int.

    :raises CardError: for an int that is not one of treys' 52 cards.
    :raises CompatTypeError: for anything but an int (a float, a str, a bool).

    >>> treys_card_index(268442665)   # the ace of spades, treys.Card.new('As')
    51
    """
    return treys_card_slow(item)


cdef inline Py_ssize_t treys_cards_of(object cards, uint8_t* buf, Py_ssize_t start) except -1:
    """Write the indices of a list or tuple of treys ints at buf[start:]; returns the count."""
    cdef PyObject* seq = <PyObject*>cards
    cdef PyObject* item
    cdef bint is_tuple = _is_tuple(seq)
    cdef Py_ssize_t n = _tuple_size(seq) if is_tuple else _list_size(seq)
    cdef Py_ssize_t i
    cdef long x
    cdef int c
    if start + n > 7:
        return start + n
    for i in range(n):
        item = _tuple_item(seq, i) if is_tuple else _list_item(seq, i)
        c = -1
        if _is_long(item) and not _is_bool(item):
            x = _as_long(item)
            if x == -1 and _err_occurred() != NULL:
                _err_clear()
            else:
                c = treys_index(x)
        if c < 0:
            c = <int>treys_card_slow(<object>item)
        buf[start + i] = <uint8_t>c
    return start + n


cdef object treys_rank(hand, board):
    """treys' rank of hand + board; raises for bad input."""
    cdef uint8_t buf[7]
    cdef Py_ssize_t n
    cdef uint16_t v
    if not _is_list(<PyObject*>hand) and not _is_tuple(<PyObject*>hand):
        hand = _treys_sequence(hand)
    if not _is_list(<PyObject*>board) and not _is_tuple(<PyObject*>board):
        board = _treys_sequence(board)
    n = treys_cards_of(hand, buf, 0)
    if n <= 7:
        n = treys_cards_of(board, buf, n)
    if n < 5 or n > 7:
        raise _count_error("evaluate", n, CardKeyError)
    v = eval_cards(buf, <int>n)
    if v == 0:
        cards = [*hand, *board]
        raise _duplicate_error(cards, [treys_card_slow(card) for card in cards])
    return <object>INTS[N_VALUES + 1 - v]


def treys_evaluate(hand, board):
    """treys' rank of hand + board (5, 6 or 7 treys card ints): 1 (royal flush) to 7462.

    :raises CardKeyError: for fewer than 5 or more than 7 cards in all.
    :raises CardError: for an int that is not a treys card, or a repeated card.
    :raises CompatTypeError: for a card that is not an int, or a hand or board that is not a
        sequence.

    >>> As, Ks, Qs, Js, Ts = (treys_cards()[c] for c in (51, 47, 43, 39, 35))
    >>> treys_evaluate([As, Ks], [Qs, Js, Ts])
    1
    """
    return treys_rank(hand, board)


def treys_method(self, hand, board):
    """treys' rank of hole cards and board, 5 to 7 cards in all: smaller is stronger.

    ``hand`` and ``board`` are lists (or any sequences) of treys card ints; the rank runs from 1
    (royal flush) to 7462 (7-5-4-3-2 offsuit), the number ``treys.Evaluator().evaluate`` gives.
    This is ``holdem.compat.treys.Evaluator.evaluate`` (``self`` is not used).

    :raises CardKeyError: for fewer than 5 or more than 7 cards in all.
    :raises CardError: for an int that is not a treys card, or a repeated card.
    :raises CompatTypeError: for a card that is not an int, or a hand or board that is not a
        sequence.

    >>> As, Ks, Qs, Js, Ts = (treys_cards()[c] for c in (51, 47, 43, 39, 35))
    >>> treys_method(None, [As, Ks], [Qs, Js, Ts])
    1
    """
    return treys_rank(hand, board)


cdef object _treys_sequence(cards):
    try:
        return tuple(cards)
    except TypeError:
        raise CompatTypeError(
            f"not a sequence of treys cards: {cards!r}") from None
