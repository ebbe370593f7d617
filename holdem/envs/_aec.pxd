cimport cython

from holdem.envs._game cimport Game


cdef class AECCore:
    cdef public Game game
    cdef public list possible_agents, agents
    cdef public dict rewards, _cumulative_rewards, terminations, truncations, infos, _index
    cdef public dict _zeros, _falses
    cdef public object agent_selection, render_mode
    cdef public bint _dealt, _zero_rewards

    @cython.locals(game=Game)
    cpdef step(self, object action)

    @cython.locals(game=Game, paid=list, index=dict, cumulative=dict, rewards=dict,
                   terminations=dict, over=bint, out=list)
    cdef _after_hand(self)

    @cython.locals(terminations=dict, truncations=dict, agents=list, actor=Py_ssize_t)
    cdef _dead_step(self, object action)


cdef dict _zero_rewards(list agents)


cdef class AgentIter:
    cdef public AECCore env
    cdef public long long left
