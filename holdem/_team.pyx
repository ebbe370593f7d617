# cython: language_level=3
"""The helper threads that run one kernel's work beside the calling thread, without the GIL.

A kernel whose calls share their rows among themselves (a cursor of holdem/_parallel.h: each
call claims the next chunk while any is left) runs on several threads by ``team_run(task, arg,
threads)``: the calling thread wakes ``threads - 1`` helpers, runs ``task(arg)`` itself, and
returns once every helper has run it too. A helper is a Python thread (started by
:func:`holdem._parallel.team`) that spends its life in :func:`serve`, parked on its own lock with
the GIL released: starting a job is one lock release a helper (a futex on Linux), and neither
the helpers nor the calling thread take the GIL until the job is done. With a pool of Python
threads instead (a job submitted, a future waited for) each helper took the GIL twice a job and
began tens of microseconds late, a large part of a vector environment's step of a few hundred.

One job at a time: a thread that finds the team at work on another job runs its task alone
(the task shares its work with whoever runs it: alone, it does all of it).
"""

from cpython.pythread cimport (
    NOWAIT_LOCK,
    WAIT_LOCK,
    PyThread_acquire_lock,
    PyThread_allocate_lock,
    PyThread_release_lock,
    PyThread_type_lock,
)
from libc.stdint cimport int64_t

from holdem._team cimport team_chunk, team_task

cdef extern from "holdem/_parallel.h":
    int64_t claim "holdem_claim"(int64_t* next, int64_t step) noexcept nogil
    int64_t load "holdem_load"(int64_t* value) noexcept nogil
    void lower "holdem_lower"(int64_t* value, int64_t x) noexcept nogil
    void pause "holdem_pause"() noexcept nogil

cdef enum:
    MOST_HELPERS = 255
    # Pauses the calling thread spins for its helpers' last chunks before it sleeps (a few tens
    # of microseconds: a helper is at most one chunk behind when the rows run out).
    SPINS = 512


ctypedef struct Team:
    PyThread_type_lock job            # held by the job on the team
    PyThread_type_lock done           # released by the last helper to finish a job
    PyThread_type_lock go[MOST_HELPERS]   # go[i] released: helper i runs the job
    int serving                       # helpers in serve()
    team_task task
    void* arg
    int64_t left                      # helpers of the job still at work


cdef Team TEAM


cdef int _new_team() except -1:
    TEAM.job = PyThread_allocate_lock()
    TEAM.done = PyThread_allocate_lock()
    if TEAM.job == NULL or TEAM.done == NULL:
        raise MemoryError()
    PyThread_acquire_lock(TEAM.done, WAIT_LOCK)  # held: released once a job is done
    TEAM.serving = 0
    return 0


_new_team()


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef int team_run(team_task task, void* arg, int threads) noexcept nogil:
    """``task(arg)`` on the calling thread and on ``threads - 1`` helpers at once (as many as
    serve: see :func:`holdem._parallel.team`), back once all have run it; the threads that ran
    it. The task runs on the calling thread alone when ``threads`` is 1, no helper serves, or
    another job has the team."""
    cdef int k, n, spins = 0
    if threads <= 1 or not PyThread_acquire_lock(TEAM.job, NOWAIT_LOCK):
        task(arg)
        return 1
    n = threads - 1 if threads - 1 < TEAM.serving else TEAM.serving
    if n == 0:
        PyThread_release_lock(TEAM.job)
        task(arg)
        return 1
    TEAM.task = task
    TEAM.arg = arg
    TEAM.left = n
    for k in range(n):
        PyThread_release_lock(TEAM.go[k])
    task(arg)
    while load(&TEAM.left) > 0 and spins < SPINS:
        pause()
        spins += 1
    PyThread_acquire_lock(TEAM.done, WAIT_LOCK)
    PyThread_release_lock(TEAM.job)
    return n + 1


ctypedef struct Rows:
    team_chunk chunk
    void* job
    int64_t rows
    int64_t* cursor


cdef void rows_task(void* arg) noexcept nogil:
    """One thread's part of team_rows: the chunks it claims, the first bad row lowered."""
    cdef Rows* r = <Rows*>arg
    cdef int64_t lo, bad, step = r.cursor[2]
    while True:
        lo = claim(&r.cursor[0], step)
        if lo >= r.rows:
            break
        bad = r.chunk(r.job, lo, step if step < r.rows - lo else r.rows - lo)
        if bad >= 0:
            lower(&r.cursor[1], lo + bad)


cdef void team_rows(team_chunk chunk, void* job, int64_t rows, int64_t* cursor,
                    int threads) noexcept nogil:
    """``chunk(job, lo, n)`` over the rows, shared through ``cursor`` by ``threads`` threads
    (see holdem/_team.pxd)."""
    cdef Rows r
    r.chunk = chunk
    r.job = job
    r.rows = rows
    r.cursor = cursor
    team_run(rows_task, &r, threads)


ctypedef struct Meeting:
    int64_t arrived
    int64_t expected
    int64_t met                       # the threads that saw every other arrive


cdef void meet_task(void* arg) noexcept nogil:
    """Arrive, then wait (a bounded spin) for the others: met when all are in at once."""
    cdef Meeting* m = <Meeting*>arg
    cdef int64_t spins = 0
    claim(&m.arrived, 1)
    while load(&m.arrived) < m.expected and spins < (<int64_t>1 << 27):
        pause()
        spins += 1
    if load(&m.arrived) >= m.expected:
        claim(&m.met, 1)


cdef void serve_jobs(PyThread_type_lock go) noexcept nogil:
    """A helper's life: parked on ``go`` until released, then the team's task, for ever."""
    while True:
        PyThread_acquire_lock(go, WAIT_LOCK)
        TEAM.task(TEAM.arg)
        if claim(&TEAM.left, -1) == 1:
            PyThread_release_lock(TEAM.done)


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def serving():
    """The helpers serving the team now."""
    return TEAM.serving


def serve():
    """Serve the team until the process ends: the whole life of a helper thread (started by
    :func:`holdem._parallel.team`, which counts them); never returns.

    :raises RuntimeError: when the team has its most helpers (255) already.
    """
    cdef PyThread_type_lock go = PyThread_allocate_lock()
    if go == NULL:
        raise MemoryError()
    PyThread_acquire_lock(go, WAIT_LOCK)  # held: the helper parks on it
    with nogil:  # no job starts while a helper joins
        PyThread_acquire_lock(TEAM.job, WAIT_LOCK)
    if TEAM.serving >= MOST_HELPERS:
        PyThread_release_lock(TEAM.job)
        raise RuntimeError(f"the team has its {MOST_HELPERS} helpers")
    TEAM.go[TEAM.serving] = go
    TEAM.serving += 1
    PyThread_release_lock(TEAM.job)
    with nogil:
        serve_jobs(go)


def meet(int threads):
    """A job whose threads wait for each other (for tests): how many ran it, how many of them
    saw all the others in it at the same time.

    >>> from holdem._parallel import team
    >>> meet(team(2))
    (2, 2)
    """
    cdef Meeting m
    cdef int ran
    m.arrived = 0
    m.met = 0
    with nogil:
        m.expected = threads if threads - 1 <= TEAM.serving else TEAM.serving + 1
        ran = team_run(meet_task, &m, threads)
    return ran, m.met


def forget():
    """In a forked child: the parent's helpers are not there (their locks are left as they
    were; a new team starts with none)."""
    _new_team()
