from holdem.engine._fast cimport subtuple


cdef list _best(object pot, object values)
