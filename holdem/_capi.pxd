# cython: language_level=3
"""Borrowed-reference forms of the CPython C API, shared by the per-call paths of the compiled
modules (holdem._core, holdem.compat._native): they read arguments without touching refcounts."""

from cpython.ref cimport PyObject

cdef extern from "Python.h":
    bint _is_tuple "PyTuple_CheckExact"(PyObject* o) noexcept
    bint _is_list "PyList_CheckExact"(PyObject* o) noexcept
    bint _is_long "PyLong_Check"(PyObject* o) noexcept
    bint _is_bool "PyBool_Check"(PyObject* o) noexcept
    bint _is_str "PyUnicode_CheckExact"(PyObject* o) noexcept
    Py_ssize_t _tuple_size "PyTuple_GET_SIZE"(PyObject* o) noexcept
    Py_ssize_t _list_size "PyList_GET_SIZE"(PyObject* o) noexcept
    PyObject* _tuple_item "PyTuple_GET_ITEM"(PyObject* o, Py_ssize_t i) noexcept
    PyObject* _list_item "PyList_GET_ITEM"(PyObject* o, Py_ssize_t i) noexcept
    PyObject* _dict_get "PyDict_GetItem"(PyObject* d, PyObject* key) noexcept
    long _as_long "PyLong_AsLong"(PyObject* o) noexcept
    PyObject* _err_occurred "PyErr_Occurred"() noexcept
    void _err_clear "PyErr_Clear"() noexcept
    void* _type_of "Py_TYPE"(PyObject* o) noexcept


cdef inline long int_card(PyObject* item) noexcept:
    """A card index from an int 0..51 (a Card too; not a bool), else -1 (no error left set)."""
    cdef long c
    if not _is_long(item) or _is_bool(item):
        return -1
    c = _as_long(item)
    if c < 0 or c >= 52:
        if c == -1 and _err_occurred() != NULL:
            _err_clear()
        return -1
    return c


cdef inline list pin_objects(object items, PyObject** table):
    """``items`` as a list, with a borrowed reference to each item at the same index of ``table``.

    The caller keeps the list alive (a module global): the table's references stay valid as long
    as it does. A per-call path then returns ``<object>table[i]`` with no allocation.
    """
    cdef list objects = list(items)
    cdef Py_ssize_t i
    for i in range(len(objects)):
        table[i] = <PyObject*>objects[i]
    return objects
