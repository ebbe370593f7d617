cimport cython

from holdem.engine.hand cimport Hand


@cython.locals(h=Hand)
cpdef tuple state(Hand hand)


@cython.locals(h=Hand)
cpdef Hand restore(type cls, tuple fields)
