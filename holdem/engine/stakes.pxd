# The cache of checked set-ups, as a C global (its .get is then a dictionary lookup in C).
cdef dict _SET_UPS
cdef tuple _LAST

# Called by every Hand.__init__: C calls from hand.py (hand.pxd cimports them).
cpdef list starting_stacks(object stacks)
cpdef tuple set_up(object n, object structure, object blinds, object straddles, object ante,
                   object big_blind_ante, object forced, object antes, object posts,
                   object dead_blinds, object small_bet, object big_bet, object min_bet,
                   object river_bet, object runs, object rules)
