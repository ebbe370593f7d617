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

from libc.stdint cimport uint64_t

from holdem._kernels cimport splitmix64

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
        o = ((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 6);
        if (o == NULL) {
            Py_DECREF(first);
            return NULL;
        }
        PyTuple_SET_ITEM(o, 0, first);
        PyTuple_SET_ITEM(o, 1, Py_NewRef(fold ? Py_True : Py_False));
        PyTuple_SET_ITEM(o, 2, Py_NewRef(check ? Py_True : Py_False));
        PyTuple_SET_ITEM(o, 3, Py_NewRef(call));
        PyTuple_SET_ITEM(o, 4, Py_NewRef(lo));
        PyTuple_SET_ITEM(o, 5, Py_NewRef(hi));
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
