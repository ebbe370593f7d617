# cython: language_level=3
"""Compiled helpers of the hand engine's hot paths (the engine's Python modules cimport them).

:func:`subtuple` builds an instance of a tuple subclass, such as a ``NamedTuple``
(:class:`holdem.Legal`, :class:`holdem.Pot`), from a tuple of its fields without running the
class's Python-level ``__new__``: the engine builds one for every decision, and the
``NamedTuple`` constructor checks its arguments in Python.
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
    """
    object holdem_subtuple(object cls, object values)

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
