cimport cython

from holdem.engine.hand cimport Hand as _Hand

cdef object _SHOWDOWN, _COMPLETE


# The usual file's actions played through the engine's typed calls and fields (a C call from
# replaying.py, which cimports it). fast_cards stays a def: its generator is a closure.
@cython.locals(announced=Py_ssize_t, dealt=Py_ssize_t, line=tuple, shown=set, decided=set)
cpdef object _drive(_Hand hand, list parsed, dict amounts)
