from holdem.phh._fast_replay cimport _drive


# The verdict on a played hand, from both replay paths (a C call with its arguments named).
cdef object _outcome(object history, object hand, object units, object used, object revealed,
                     object repairs, object base, object seed, object rng, object check,
                     object lenient, object fixed, object raked)
