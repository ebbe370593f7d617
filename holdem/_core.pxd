# cython: language_level=3
"""C-level face of holdem._core, for other extensions to cimport (the evaluator's constants,
types and lookups are in holdem/_kernels.pxd)."""

from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t

from holdem._kernels cimport EvalTables

cdef uint16_t eval_cards(const uint8_t* cards, int n) noexcept nogil
cdef Py_ssize_t eval_rows(const uint8_t* cards, Py_ssize_t rows, int ncols,
                          uint16_t* out) noexcept nogil

# The evaluator's tables (see EvalTables): call once at import and keep the struct.
cdef EvalTables eval_tables() noexcept nogil

# The Python ints 0..N_VALUES, made once: a borrowed reference to each, by value.
cdef PyObject** value_objects() noexcept nogil
