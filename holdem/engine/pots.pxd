from holdem.engine._fast cimport subtuple


cdef list _best(object pot, object values)

# Called by the showdown of every hand: C calls from showdown.py (it cimports them).
cpdef list build_pots(object contributions, object live, object dead=*)
cpdef tuple pots_of(object contributions, object dead, object live)
cpdef list award(object pots, object values, object policy)
cpdef list split(object amount, object winners, object policy)
