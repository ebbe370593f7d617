# cython: language_level=3
"""C-level face of holdem._team: a kernel's work run at once on the calling thread and on the
team's helper threads, with the GIL released throughout (see holdem/_team.pyx)."""

from libc.stdint cimport int64_t

# The atomics of holdem/_parallel.h (one declaration, cimported by every kernel that shares
# rows among threads).
cdef extern from "holdem/_parallel.h":
    int64_t claim "holdem_claim"(int64_t* next, int64_t step) noexcept nogil
    int64_t finish "holdem_finish"(int64_t* value, int64_t step) noexcept nogil
    int64_t load "holdem_load"(int64_t* value) noexcept nogil
    void store "holdem_store"(int64_t* value, int64_t x) noexcept nogil
    bint swap "holdem_swap"(int64_t* value, int64_t expected, int64_t x) noexcept nogil
    void lower "holdem_lower"(int64_t* value, int64_t x) noexcept nogil
    void pause "holdem_pause"() noexcept nogil
    void give_way "holdem_give_way"() noexcept nogil
    int64_t now_ns "holdem_now_ns"() noexcept nogil

# A task: the work of one thread of a job. Every thread of the job runs task(arg, member) with
# the same arg; the calls share the work among themselves (a cursor of holdem/_parallel.h).
# member: 0 on the calling thread, i + 1 on helper i: a thread is the same member from job to
# job (a task may begin each job on the same rows for the same member: they are in its cache).
ctypedef void (*team_task)(void* arg, int member) noexcept nogil

cdef int team_run(team_task task, void* arg, int threads) noexcept nogil

# team_run in two halves, for a caller with other work to do while the helpers begin (with the
# GIL, say): n = team_start(task, arg, threads), that work, then team_finish(task, arg, n) (its
# own part, and the wait), always.
cdef int team_start(team_task task, void* arg, int threads) noexcept nogil
cdef void team_finish(team_task task, void* arg, int started) noexcept nogil

# The rows of a job in chunks: chunk(job, lo, n) runs rows lo..lo + n - 1 and returns the first
# bad one among them (from lo), or -1.
ctypedef int64_t (*team_chunk)(void* job, int64_t lo, int64_t n) noexcept nogil

# chunk(job, ...) over rows [0, rows) on ``threads`` threads of the team, each claiming the next
# cursor[2] rows from cursor[0] while any is left (holdem/_parallel.h) and lowering cursor[1]
# to the first bad row it meets.
cdef void team_rows(team_chunk chunk, void* job, int64_t rows, int64_t* cursor,
                    int threads) noexcept nogil
