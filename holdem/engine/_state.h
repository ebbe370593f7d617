/* The plain C of the hand kernel (holdem/engine/_state.pyx): a floor(a * b / c) without
   overflow for the rake, a NamedTuple instance made from its fields without a call of its
   Python-level __new__ and compared with the fields of another, and a blank instance of an
   object's class made by the class's tp_new without a lookup of __new__ (a copy's).

   Declared for Cython in holdem/engine/_state.pxd. */
#ifndef HOLDEM_STATE_H
#define HOLDEM_STATE_H

#include <Python.h>
#include <stdint.h>

/* floor(a * b / c) for 0 <= a, b < 2**63 and 0 < c < 2**63, exact: the product is formed on
   128 bits (GCC and Clang have the type; elsewhere a schoolbook product and a bitwise long
   division, which the rake of a hand needs a few times at most). */
#if defined(__SIZEOF_INT128__)
static inline uint64_t hs_muldiv(uint64_t a, uint64_t b, uint64_t c) {
    return (uint64_t)(((unsigned __int128)a * b) / c);
}
#else
static inline uint64_t hs_muldiv(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
    uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    uint64_t mid = (p0 >> 32) + (p1 & 0xFFFFFFFFu) + (p2 & 0xFFFFFFFFu);
    uint64_t lo = (p0 & 0xFFFFFFFFu) | (mid << 32);
    uint64_t hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    uint64_t q = 0, r = 0;
    int i;
    for (i = 127; i >= 0; i--) { /* the quotient fits in 64 bits: a * b / c < 2**126 / 1 */
        uint64_t bit = i >= 64 ? (hi >> (i - 64)) & 1 : (lo >> i) & 1;
        uint64_t top = r >> 63;
        r = (r << 1) | bit;
        q <<= 1;
        if (top || r >= c) {
            r -= c;
            q |= 1;
        }
    }
    return q;
}
#endif

/* Inlined even where the compiler would rather call (a few instructions, at each decision). */
#if defined(_MSC_VER)
#define HS_INLINE static __forceinline
#elif defined(__GNUC__) || defined(__clang__)
#define HS_INLINE static inline __attribute__((always_inline))
#else
#define HS_INLINE static inline
#endif

/* True when x, a field of a Legal (None or an int), is v (-1 standing for None); false for
   anything else. An int of one machine digit (the usual chip count) is read in place, as
   CPython's own fast paths do. */
HS_INLINE int hs_field_is(PyObject *x, int64_t v) {
    int overflow;
    if (x == Py_None) return v < 0;
    if (v < 0 || !PyLong_CheckExact(x)) return 0;
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)x))
        return PyUnstable_Long_CompactValue((PyLongObject *)x) == v;
#else
    if (Py_SIZE(x) == 0) return v == 0;
    if (Py_SIZE(x) == 1) return (int64_t)((PyLongObject *)x)->ob_digit[0] == v;
#endif
    return PyLong_AsLongLongAndOverflow(x, &overflow) == v && !overflow;
}

/* True when t is an instance of cls, the Legal NamedTuple (a tuple of six fields: seat, fold,
   check, call, min_raise_to, max_raise_to), with these seat, fold, check, call, min and max
   (-1 standing for None). */
static inline int hs_legal_is(PyObject *t, PyObject *cls, int seat, int fold, int check,
                              int64_t call, int64_t lo, int64_t hi) {
    return Py_TYPE(t) == (PyTypeObject *)cls && hs_field_is(PyTuple_GET_ITEM(t, 0), seat)
           && PyTuple_GET_ITEM(t, 1) == (fold ? Py_True : Py_False)
           && PyTuple_GET_ITEM(t, 2) == (check ? Py_True : Py_False)
           && hs_field_is(PyTuple_GET_ITEM(t, 3), call) && hs_field_is(PyTuple_GET_ITEM(t, 4), lo)
           && hs_field_is(PyTuple_GET_ITEM(t, 5), hi);
}

/* A new, blank instance of the class of obj, as type(obj).__new__(type(obj)) makes it: the
   class's tp_new called with no arguments (without the attribute lookup and the checks of the
   Python-level __new__); NULL (an exception set) when out of memory. */
static PyObject *hs_new_like(PyObject *obj) {
    PyTypeObject *t = Py_TYPE(obj);
    PyObject *args = PyTuple_New(0);
    PyObject *o;
    if (args == NULL) return NULL;
    o = t->tp_new(t, args, NULL);
    Py_DECREF(args);
    return o;
}

/* An instance of a tuple subclass (a NamedTuple: holdem.Legal) from its six fields (borrowed
   references: the tuple takes new ones); NULL (an exception set) when out of memory. */
static PyObject *hs_tuple6(PyObject *cls, PyObject *a, PyObject *b, PyObject *c, PyObject *d,
                           PyObject *e, PyObject *f) {
    PyObject *o = ((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 6);
    if (o == NULL) return NULL;
    Py_INCREF(a); PyTuple_SET_ITEM(o, 0, a);
    Py_INCREF(b); PyTuple_SET_ITEM(o, 1, b);
    Py_INCREF(c); PyTuple_SET_ITEM(o, 2, c);
    Py_INCREF(d); PyTuple_SET_ITEM(o, 3, d);
    Py_INCREF(e); PyTuple_SET_ITEM(o, 4, e);
    Py_INCREF(f); PyTuple_SET_ITEM(o, 5, f);
    return o;
}

#endif
