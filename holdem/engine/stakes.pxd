# The cache of checked set-ups, as a C global (its .get is then a dictionary lookup in C).
cdef dict _SET_UPS
cdef tuple _LAST
