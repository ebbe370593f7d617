# cython: language_level=3
"""Compiled helpers of the hand engine's hot paths (the engine's Python modules cimport them).

:func:`subtuple` builds an instance of a tuple subclass, such as a ``NamedTuple``
(:class:`holdem.Legal`, :class:`holdem.Pot`), from a tuple of its fields without running the
class's Python-level ``__new__``: the engine builds one for every decision, and the
``NamedTuple`` constructor checks its arguments in Python. :func:`legal_of` builds a
:class:`holdem.Legal` from its six fields directly (no tuple of them built first), or gives
again an equal one it made lately.
:func:`draw` deals a hand's cards as :func:`holdem._core.draw` does, straight into a tuple.
"""

from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from holdem._core cimport eval_cards, value_objects
from holdem._random cimport splitmix64

# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef enum:
    MAX_POOL = 64  # the most items draw() chooses from (a deck has at most 52 cards)


cdef void draw_order(uint64_t state, unsigned char* order, Py_ssize_t n,
                     Py_ssize_t k) noexcept nogil:
    """Put a uniform choice of ``k`` of the indices ``0 .. n - 1`` in ``order[:k]``: the partial
    Fisher-Yates shuffle of ``holdem._core.draw``, driven by splitmix64 from ``state``."""
    cdef Py_ssize_t i, j
    cdef unsigned char t
    for i in range(n):
        order[i] = <unsigned char>i
    for i in range(k):
        j = i + <Py_ssize_t>(splitmix64(&state) % <uint64_t>(n - i))
        t = order[i]
        order[i] = order[j]
        order[j] = t

# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

cdef extern from *:
    """
    static PyObject *holdem_subtuple(PyObject *cls, PyObject *values) {
        Py_ssize_t n = PyTuple_GET_SIZE(values), i;
        PyObject *o = ((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, n);
        if (o == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *v = PyTuple_GET_ITEM(values, i);
            Py_INCREF(v);
            PyTuple_SET_ITEM(o, i, v);
        }
        return o;
    }

    /* The Legal instances made last, in a direct-mapped memo of HOLDEM_MEMO slots hashed from
       the fields: a hand asks for the same few again and again (the same seat checks on every
       street, the same blinds are called in every hand), and a tuple is immutable, so an equal
       one is given again instead of being made (and later freed). Only instances of classes
       without a __dict__, holding None or exact ints (never a subclass whose == may run code).
       Not under free-threaded CPython, where two threads could swap a slot at once. */
    #define HOLDEM_MEMO 64
    #ifndef Py_GIL_DISABLED
    static PyObject *holdem_memo[HOLDEM_MEMO];
    static Py_ssize_t holdem_memo_seat[HOLDEM_MEMO];
    #endif

    static int holdem_plain(PyObject *v) {  /* None or an exact int: hashed and == in C */
        return v == Py_None || PyLong_CheckExact(v);
    }

    static int holdem_same(PyObject *a, PyObject *b) {  /* both holdem_plain */
        if (a == b) return 1;
        if (a == Py_None || b == Py_None) return 0;
        return PyObject_RichCompareBool(a, b, Py_EQ) == 1;
    }

    static inline void holdem_legal_fill(PyObject *o, PyObject *first, int fold, int check,
                                         PyObject *call, PyObject *lo, PyObject *hi) {
        /* A Legal's six fields, set in a tuple whose items are not held (new, or let go):
           ``first`` is stolen, the others get a new reference. */
        PyTuple_SET_ITEM(o, 0, first);
        PyTuple_SET_ITEM(o, 1, Py_NewRef(fold ? Py_True : Py_False));
        PyTuple_SET_ITEM(o, 2, Py_NewRef(check ? Py_True : Py_False));
        PyTuple_SET_ITEM(o, 3, Py_NewRef(call));
        PyTuple_SET_ITEM(o, 4, Py_NewRef(lo));
        PyTuple_SET_ITEM(o, 5, Py_NewRef(hi));
    }

    static PyObject *holdem_legal(PyObject *cls, Py_ssize_t seat, int fold, int check,
                                  PyObject *call, PyObject *lo, PyObject *hi) {
        PyObject *first, *o;
        size_t slot = HOLDEM_MEMO;
    #ifndef Py_GIL_DISABLED
        if (((PyTypeObject *)cls)->tp_dictoffset == 0 && holdem_plain(call) && holdem_plain(lo)
                && holdem_plain(hi)) {
            /* The slot from the seat, fold, check and the minimum raise only (the others are
               compared); the hash of an exact int is never -1, an error. */
            Py_uhash_t h = (Py_uhash_t)seat * 4 + (fold ? 2 : 0) + (check ? 1 : 0);
            h = h * 1000003u + (lo == Py_None ? 0 : (Py_uhash_t)PyObject_Hash(lo));
            slot = (size_t)(((unsigned long long)h * 0x9E3779B97F4A7C15ull) >> 58);  /* 0 .. 63 */
            o = holdem_memo[slot];
            if (o != NULL && Py_TYPE(o) == (PyTypeObject *)cls && holdem_memo_seat[slot] == seat
                    && PyTuple_GET_ITEM(o, 1) == (fold ? Py_True : Py_False)
                    && PyTuple_GET_ITEM(o, 2) == (check ? Py_True : Py_False)
                    && holdem_same(PyTuple_GET_ITEM(o, 3), call)
                    && holdem_same(PyTuple_GET_ITEM(o, 4), lo)
                    && holdem_same(PyTuple_GET_ITEM(o, 5), hi)) {
                return Py_NewRef(o);
            }
        }
    #endif
        first = PyLong_FromSsize_t(seat);
        if (first == NULL) return NULL;
    #if !defined(Py_GIL_DISABLED) && PY_VERSION_HEX < 0x030E0000
        /* The slot's instance when no one else holds it (the memo's is its only reference):
           its fields are replaced in place rather than a new one made and the old one freed
           (a tuple that no one else sees cannot be seen to change; no weak reference either).
           Not from 3.14 on, where a tuple keeps its hash once computed. */
        o = slot < HOLDEM_MEMO ? holdem_memo[slot] : NULL;
        if (o != NULL && Py_REFCNT(o) == 1 && Py_TYPE(o) == (PyTypeObject *)cls
                && ((PyTypeObject *)cls)->tp_weaklistoffset == 0) {
            PyObject *old[6];
            Py_ssize_t k;
            for (k = 0; k < 6; k++) old[k] = PyTuple_GET_ITEM(o, k);
            holdem_legal_fill(o, first, fold, check, call, lo, hi);
            holdem_memo_seat[slot] = seat;
            for (k = 0; k < 6; k++) Py_DECREF(old[k]);
            return Py_NewRef(o);
        }
    #endif
        o = ((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 6);
        if (o == NULL) {
            Py_DECREF(first);
            return NULL;
        }
        holdem_legal_fill(o, first, fold, check, call, lo, hi);
    #ifndef Py_GIL_DISABLED
        if (slot < HOLDEM_MEMO) {  /* the new one in the slot first, then the old one freed */
            PyObject *old = holdem_memo[slot];
            holdem_memo[slot] = Py_NewRef(o);
            holdem_memo_seat[slot] = seat;
            Py_XDECREF(old);
        }
    #endif
        return o;
    }
    """
    object holdem_subtuple(object cls, object values)
    object holdem_legal(object cls, Py_ssize_t seat, bint fold, bint check, object call,
                        object lo, object hi)

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_New, PyTuple_SET_ITEM

from holdem.errors import ArgumentError, ArgumentTypeError


cpdef object subtuple(object cls, object values):
    """An instance of ``cls``, a subclass of tuple, holding ``values`` (its ``__new__`` is not
    run: ``subtuple(Pot, (10, (0, 1)))`` is ``Pot(10, (0, 1))``).

    :raises ArgumentTypeError: for a class that is not a strict subclass of tuple, or values
        that are not a tuple.

    >>> from holdem.engine.pots import Pot
    >>> subtuple(Pot, (10, (0, 1)))
    Pot(amount=10, eligible=(0, 1))
    """
    if type(values) is not tuple:
        raise ArgumentTypeError(f"subtuple() takes the values as a tuple, got {values!r}")
    if not isinstance(cls, type) or cls is tuple or not issubclass(cls, tuple):
        raise ArgumentTypeError(f"subtuple() needs a subclass of tuple, got {cls!r}")
    return holdem_subtuple(cls, values)


cpdef tuple draw(tuple pool, Py_ssize_t k, uint64_t seed):
    """A uniform random choice of ``k`` items of ``pool``, in the order drawn, as a tuple: the
    items that ``holdem._core.draw(list(pool), k, seed)`` returns (the same partial
    Fisher-Yates shuffle driven by splitmix64 from the 64-bit ``seed``), without copying the
    pool (a hand deals its cards with it).

    :raises ArgumentError: unless 0 <= k <= len(pool) <= 64.
    :raises OverflowError: for a seed that is not from 0 to 2**64 - 1.

    >>> from holdem import _core
    >>> draw(tuple(range(10)), 3, 7) == tuple(_core.draw(list(range(10)), 3, 7))
    True
    """
    cdef unsigned char order[MAX_POOL]
    cdef Py_ssize_t n = len(pool)
    cdef Py_ssize_t i
    if not 0 <= k <= n <= MAX_POOL:
        raise ArgumentError(f"cannot draw {k} of {n} items (at most {MAX_POOL})")
    draw_order(seed, order, n, k)
    out = PyTuple_New(k)
    for i in range(k):
        item = <object>PyTuple_GET_ITEM(pool, order[i])
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, i, item)
    return out


cdef PyObject** _VALUES = value_objects()  # the Python ints 0..7462, by value


cdef inline uint8_t _card_byte(object card) except? 255:
    cdef long c = card  # (a Card is an int)
    if not 0 <= c < 52:
        from holdem.errors import CardError
        raise CardError(f"not a card: {card!r}")
    return <uint8_t>c


cpdef list hand_values(tuple hole, list board, list folded):
    """Each seat's hold'em value on a board of five cards (its two ``hole`` cards and the
    board; 0 for a seat whose ``folded`` entry is true): the values that
    ``holdem._core.showdown_values`` gives, as the same int objects, in one pass.

    :raises ArgumentError: for a board of other than five cards, or ``folded`` shorter than
        ``hole``.
    :raises CardError: for an unknown card, or a card twice in a seat's seven.

    >>> from holdem import parse_cards
    >>> hole = (tuple(parse_cards("As Ah")), tuple(parse_cards("2c 7d")))
    >>> hand_values(hole, list(parse_cards("Ac Kd 9h 5s 3c")), [False, True])
    [5850, 0]
    """
    cdef uint8_t cards[7]
    cdef Py_ssize_t i, k, n = len(hole)
    cdef uint16_t v
    if len(board) != 5 or len(folded) < n:
        raise ArgumentError(f"a board of five cards and a folded entry per seat, got {board!r}")
    for k in range(5):
        cards[k] = _card_byte(board[k])
    out = [0] * n
    for i in range(n):
        if folded[i]:
            continue
        pair = hole[i]
        if len(pair) != 2:
            raise ArgumentError(f"two hole cards a seat, got {pair!r}")
        cards[5] = _card_byte(pair[0])
        cards[6] = _card_byte(pair[1])
        v = eval_cards(cards, 7)
        if v == 0:
            from holdem.errors import CardError
            raise CardError("an unknown card, or a card that appears twice")
        out[i] = <object>_VALUES[v]
    return out


# The pairs and the single cards as tuples, shared by every hand (built on first use): a hand's
# hole cards and its burns, turn and river are these tuples when they hold the Card objects
# holdem.Card makes (each card one object: Card("As") is Card("As")).
cdef tuple _CARDS = None  # the 52 Card objects
cdef type _CARD = None  # their class
cdef tuple _PAIRS = None  # (a, b) at 52 * a + b
cdef tuple _SINGLES = None  # (a,) at a


cdef int _build_tuples() except -1:
    global _CARDS, _CARD, _PAIRS, _SINGLES
    from holdem.cards import Card
    _CARD = Card
    cards = tuple([Card(i) for i in range(52)])
    _PAIRS = tuple([(a, b) for a in cards for b in cards])
    _SINGLES = tuple([(a,) for a in cards])
    _CARDS = cards
    return 0


cdef inline Py_ssize_t _shared_index(object card) except -2:
    """The index of ``card`` when it is one of the 52 shared Card objects, else -1."""
    cdef long c
    if type(card) is not _CARD:
        return -1
    c = card
    if 0 <= c < 52 and <object>PyTuple_GET_ITEM(_CARDS, c) is card:
        return c
    return -1


cpdef tuple hole_pairs(tuple cards, Py_ssize_t n):
    """The hole cards of ``n`` seats dealt from ``cards`` in dealing order, one pair a seat:
    ``tuple([(cards[i], cards[n + i]) for i in range(n)])``, with the pairs shared by every
    hand (pairs of other objects than holdem's Card objects are new tuples).

    :raises ArgumentError: unless 0 <= n and 2 * n <= len(cards).

    >>> from holdem import parse_cards
    >>> hole_pairs(tuple(parse_cards("As Kd Ah Kh")), 2)
    ((Card('As'), Card('Ah')), (Card('Kd'), Card('Kh')))
    """
    cdef Py_ssize_t i, x, y
    if not 0 <= n or 2 * n > len(cards):
        raise ArgumentError(f"{len(cards)} cards do not deal {n} pairs")
    if _CARDS is None:
        _build_tuples()
    out = PyTuple_New(n)
    for i in range(n):
        a = <object>PyTuple_GET_ITEM(cards, i)
        b = <object>PyTuple_GET_ITEM(cards, n + i)
        x = _shared_index(a)
        y = _shared_index(b) if x >= 0 else -1
        pair = <object>PyTuple_GET_ITEM(_PAIRS, 52 * x + y) if y >= 0 else (a, b)
        Py_INCREF(pair)
        PyTuple_SET_ITEM(out, i, pair)
    return out


cpdef tuple single(object card):
    """``(card,)``, shared by every hand when ``card`` is one of holdem's Card objects.

    >>> from holdem import Card
    >>> single(Card("As")) is single(Card("As")), single(7)
    (True, (7,))
    """
    cdef Py_ssize_t x
    if _CARDS is None:
        _build_tuples()
    x = _shared_index(card)
    if x >= 0:
        return <tuple>PyTuple_GET_ITEM(_SINGLES, x)
    return (card,)


cdef type _legal_class = None  # the last class legal_of() checked


cpdef object legal_of(type cls, Py_ssize_t seat, bint fold, bint check, object call, object lo,
                      object hi):
    """An instance of ``cls``, a subclass of tuple of six fields such as :class:`holdem.Legal`,
    holding ``(seat, fold, check, call, lo, hi)`` (its ``__new__`` is not run). An equal one
    made lately may be given again (a tuple does not change): the same fields come back at
    nearly every decision of a hand.

    :raises ArgumentTypeError: for a class that is not a strict subclass of tuple.

    >>> from holdem import Legal
    >>> legal_of(Legal, 1, True, False, 1, 4, 200)
    Legal(seat=1, fold=True, check=False, call=1, min_raise_to=4, max_raise_to=200)
    """
    global _legal_class
    if cls is not _legal_class:  # (the class checked last time needs no check)
        if cls is tuple or not issubclass(cls, tuple):
            raise ArgumentTypeError(f"legal_of() needs a subclass of tuple, got {cls!r}")
        _legal_class = cls
    return holdem_legal(cls, seat, fold, check, call, lo, hi)
