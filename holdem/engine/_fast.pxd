cpdef object subtuple(object cls, object values)
cpdef object legal_of(type cls, Py_ssize_t seat, bint fold, bint check, object call, object lo,
                      object hi)
