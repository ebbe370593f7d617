# cython: language_level=3
"""Compiled helpers of the hand engine's hot paths (the engine's Python modules cimport them).

:func:`subtuple` builds an instance of a tuple subclass, such as a ``NamedTuple``
(:class:`holdem.Legal`, :class:`holdem.Pot`), from a tuple of its fields without running the
class's Python-level ``__new__``: the engine builds one for every decision, and the
``NamedTuple`` constructor checks its arguments in Python. :func:`legal_of` builds a
:class:`holdem.Legal` from its six fields directly (no tuple of them built first).
"""

# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

# None: every helper here builds Python objects, so all of them are the Python face.

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

    static PyObject *holdem_legal(PyObject *cls, Py_ssize_t seat, int fold, int check,
                                  PyObject *call, PyObject *lo, PyObject *hi) {
        PyObject *first = PyLong_FromSsize_t(seat), *o;
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
        return o;
    }
    """
    object holdem_subtuple(object cls, object values)
    object holdem_legal(object cls, Py_ssize_t seat, bint fold, bint check, object call,
                        object lo, object hi)

from holdem.errors import ArgumentTypeError


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


cpdef object legal_of(type cls, Py_ssize_t seat, bint fold, bint check, object call, object lo,
                      object hi):
    """An instance of ``cls``, a subclass of tuple of six fields such as :class:`holdem.Legal`,
    holding ``(seat, fold, check, call, lo, hi)`` (its ``__new__`` is not run).

    :raises ArgumentTypeError: for a class that is not a strict subclass of tuple.

    >>> from holdem import Legal
    >>> legal_of(Legal, 1, True, False, 1, 4, 200)
    Legal(seat=1, fold=True, check=False, call=1, min_raise_to=4, max_raise_to=200)
    """
    if cls is tuple or not issubclass(cls, tuple):
        raise ArgumentTypeError(f"legal_of() needs a subclass of tuple, got {cls!r}")
    return holdem_legal(cls, seat, fold, check, call, lo, hi)
