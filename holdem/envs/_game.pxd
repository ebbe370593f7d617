cimport cython

from holdem.engine.hand cimport Hand

# The hand's state as the environment reads it (its fields, in one place).
cdef object _actor_of(Hand hand)
cdef bint _is_over(Hand hand)


cdef class Game:
    cdef public Py_ssize_t players
    cdef public object hands_per_episode
    cdef public bint multi
    cdef public list stacks
    cdef public tuple blinds
    cdef public object structure, rules, actions, obs_encoding, bet_sizing
    cdef public tuple fractions
    cdef public object reward_unit, illegal_action
    cdef public bint _full, _v6, _pz_sizing
    cdef public int _illegal
    cdef public list _fracs
    cdef public dict _hand_kw, _deal_kw
    cdef public object rng, illegal_seat, table
    cdef public list hand_seat, agent_of, out, pending
    cdef public Py_ssize_t hands_played
    cdef public bint done, hand_done
    cdef public object _legal
    cdef public Py_ssize_t _to_act, _seat_to_act
    cdef public Hand hand
    cdef public object big_blind
    cdef public Py_ssize_t num_actions, all_in_action, obs_size
    cdef public object obs_high
    cdef public double _scale, _bb_scale
    cdef public object _obs_arr, _mask_zero, _mask_arr, _raise_bits
    cdef float[::1] _obs_buf
    cdef signed char[::1] _mask_buf
    cdef public dict _masks
    cdef Py_ssize_t _l_seat
    cdef bint _l_fold, _l_check
    cdef long long _l_call, _l_lo, _l_hi

    @cython.locals(seat=object)
    cpdef _find_actor(self)

    cpdef list rewards(self)
    cpdef list take_rewards(self)
    cpdef _hand_over(self)

    cpdef object legal(self)
    cdef _unpack(self, object legal)

    @cython.locals(f=double, i=Py_ssize_t, lo="long long", hi="long long", bets=list,
                   bet="long long", pot="long long", x="long long", owed="long long",
                   top="long long", amount="long long")
    cpdef object _target(self, Py_ssize_t index)

    @cython.locals(num=Py_ssize_t, marks="signed char[::1]", k=Py_ssize_t, i=Py_ssize_t,
                   lo="long long", hi="long long")
    cpdef mask(self, Py_ssize_t seat)

    @cython.locals(k=Py_ssize_t, marks="signed char[::1]")
    cpdef _bits_mask(self, object bits)

    @cython.locals(num=Py_ssize_t, index=Py_ssize_t, hand=Hand)
    cpdef step(self, object action)

    cpdef dict observe(self, Py_ssize_t seat)

    @cython.locals(out="float[::1]", hand=Hand, scale=double, n=Py_ssize_t, c=Py_ssize_t,
                   pot=double, me=Py_ssize_t, m=Py_ssize_t, street=int, actor=Py_ssize_t,
                   x=double, base=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, stacks=list,
                   bets=list, folded=list)
    cpdef observation(self, Py_ssize_t seat)

    @cython.locals(out="float[::1]", hand=Hand, c=Py_ssize_t, x=double, contributions=list,
                   index=tuple)
    cpdef _observation_v6(self, Py_ssize_t seat)


@cython.locals(game=Game)
cpdef Game _restore(type cls, dict fields)
