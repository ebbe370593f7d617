cimport cython

from holdem.engine.hand cimport Hand as _Hand

cdef object _SHOWDOWN, _COMPLETE


# The usual file's actions played through the engine's typed calls and fields.
@cython.locals(announced=Py_ssize_t, dealt=Py_ssize_t, line=tuple, shown=set, decided=set)
cdef object _drive(_Hand hand, list parsed, dict amounts)


# The verdict on a played hand, from both replay paths (a C call with its arguments named).
cdef object _outcome(object history, object hand, object units, object used, object revealed,
                     object repairs, object base, object seed, object rng, object check,
                     object lenient, object fixed, object raked)
