# cython: language_level=3
"""C-level face of holdem._team: a kernel's work run at once on the calling thread and on the
team's helper threads, with the GIL released throughout (see holdem/_team.pyx)."""

# A task: the work of one thread of a job. Every thread of the job runs task(arg) with the same
# arg; the calls share the work among themselves (a cursor of holdem/_parallel.h).
ctypedef void (*team_task)(void* arg) noexcept nogil

cdef int team_run(team_task task, void* arg, int threads) noexcept nogil
