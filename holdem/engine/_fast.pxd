cpdef object subtuple(object cls, object values)
