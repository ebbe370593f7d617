# cython: language_level=3
"""The helper threads that run one kernel's work beside the calling thread, without the GIL.

A kernel whose calls share their rows among themselves (a cursor of holdem/_parallel.h: each
call claims the next chunk while any is left) runs on several threads by ``team_run(task, arg,
threads)``: the calling thread wakes ``threads - 1`` helpers, runs ``task(arg, 0)`` itself, and
returns once every helper has run it too. A helper is a Python thread (started by
:func:`holdem._parallel.team`) that spends its life in :func:`serve` with the GIL released:
after a job it waits for the next one awake for a while (:data:`WAIT_NS`, spinning on its own
flag: a job that follows at once, as a vector environment's next step does, starts there with
one atomic write and no system call), then parks on its own lock (starting a job is then one
lock release a helper, a futex on Linux, and a wake-up that the scheduler may delay by tens of
microseconds); an idle team parks and uses no CPU. Neither the helpers nor the calling thread
take the GIL until the job is done. With a pool of Python threads instead (a job submitted, a
future waited for) each helper took the GIL twice a job and began tens of microseconds late, a
large part of a vector environment's step of a few hundred.

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

from holdem._team cimport (
    claim,
    finish,
    give_way,
    load,
    lower,
    now_ns,
    pause,
    store,
    swap,
    team_chunk,
    team_task,
)

cdef enum:
    MOST_HELPERS = 255
    # Pauses the calling thread spins for its helpers' last chunks before it sleeps (a few tens
    # of microseconds: a helper is at most one chunk behind when the rows run out).
    SPINS = 512

# A helper's flag (Helper.state): what wakes it for the next job.
cdef enum:
    PARKED = 0      # on its lock (or about to be): a job releases the lock
    WAITING = 1     # awake, spinning on the flag: a job sets it to GO
    GO = 2

#: How long a helper waits awake for the next job after one, in nanoseconds, before it parks.
WAIT_NS = 200_000
cdef int64_t WAIT = WAIT_NS


ctypedef struct Helper:
    int64_t state                     # PARKED, WAITING or GO
    char pad[56]                      # (one cache line each: a helper spins on its own)


ctypedef struct Team:
    PyThread_type_lock job            # held by the job on the team
    PyThread_type_lock done           # released by the last helper to finish a job
    PyThread_type_lock go[MOST_HELPERS]   # go[i] released: helper i runs the job
    int serving                       # helpers in serve()
    Helper helper[MOST_HELPERS]
    team_task task
    void* arg
    int64_t left                      # helpers of the job still at work


cdef Team TEAM


cdef int _new_team() except -1:
    cdef int k
    TEAM.job = PyThread_allocate_lock()
    TEAM.done = PyThread_allocate_lock()
    if TEAM.job == NULL or TEAM.done == NULL:
        raise MemoryError()
    PyThread_acquire_lock(TEAM.done, WAIT_LOCK)  # held: released once a job is done
    TEAM.serving = 0
    for k in range(MOST_HELPERS):
        TEAM.helper[k].state = PARKED
    return 0


_new_team()


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef int team_run(team_task task, void* arg, int threads) noexcept nogil:
    """``task(arg, 0)`` on the calling thread and ``task(arg, i + 1)`` on helpers ``i`` of
    ``0 .. threads - 2`` at once (as many as serve: see :func:`holdem._parallel.team`), back once
    all have run it; the threads that ran it. The task runs on the calling thread alone when
    ``threads`` is 1, no helper serves, or another job has the team."""
    cdef int n = team_start(task, arg, threads)
    team_finish(task, arg, n)
    return n + 1


cdef int team_start(team_task task, void* arg, int threads) noexcept nogil:
    """The first half of :func:`team_run`: ``task(arg, i + 1)`` begun on the helpers; how many
    (0 when none: no helper serves, ``threads`` is 1 or another job has the team). The calling
    thread may do other work before its own part, :func:`team_finish`, which must follow."""
    cdef int k, n
    if threads <= 1 or not PyThread_acquire_lock(TEAM.job, NOWAIT_LOCK):
        return 0
    n = threads - 1 if threads - 1 < TEAM.serving else TEAM.serving
    if n == 0:
        PyThread_release_lock(TEAM.job)
        return 0
    TEAM.task = task
    TEAM.arg = arg
    TEAM.left = n
    for k in range(n):  # a helper awake takes the job from its flag; a parked one, its lock
        if not swap(&TEAM.helper[k].state, WAITING, GO):
            PyThread_release_lock(TEAM.go[k])
    return n


cdef void team_finish(team_task task, void* arg, int started) noexcept nogil:
    """The second half of :func:`team_run`: ``task(arg, 0)`` on the calling thread, back once
    the ``started`` helpers (:func:`team_start`'s count) have run it too."""
    cdef int spins = 0
    task(arg, 0)
    if started == 0:
        return
    while load(&TEAM.left) > 0 and spins < SPINS:
        pause()
        spins += 1
    PyThread_acquire_lock(TEAM.done, WAIT_LOCK)
    PyThread_release_lock(TEAM.job)


ctypedef struct Rows:
    team_chunk chunk
    void* job
    int64_t rows
    int64_t* cursor


cdef void rows_task(void* arg, int member) noexcept nogil:
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


cdef void meet_task(void* arg, int member) noexcept nogil:
    """Arrive, then wait (a bounded spin) for the others: met when all are in at once."""
    cdef Meeting* m = <Meeting*>arg
    cdef int64_t spins = 0
    claim(&m.arrived, 1)
    while load(&m.arrived) < m.expected and spins < (<int64_t>1 << 27):
        pause()
        spins += 1
    if load(&m.arrived) >= m.expected:
        claim(&m.met, 1)


cdef bint wait_awake(Helper* me) noexcept nogil:
    """A helper's wait for its next job, awake for WAIT nanoseconds at most: True when the job
    came; False when the helper is to park (its flag PARKED: the next job releases its lock)."""
    cdef int64_t start = now_ns(), spins = 0
    while load(&me.state) != GO:
        pause()
        spins += 1
        if (spins & 63) == 0:
            if now_ns() - start > WAIT:
                # park, unless a job set GO just now (then the job is this helper's to run)
                return not swap(&me.state, WAITING, PARKED)
            give_way()  # (a thread with work to do, the caller's maybe, waits for this CPU)
    return True


cdef void serve_jobs(int i, PyThread_type_lock go) noexcept nogil:
    """A helper's life: the team's task, then the wait for the next job (awake for a while,
    then parked on ``go``), for ever."""
    cdef Helper* me = &TEAM.helper[i]
    PyThread_acquire_lock(go, WAIT_LOCK)
    while True:
        TEAM.task(TEAM.arg, i + 1)
        store(&me.state, WAITING)  # (before the job is done: the next finds the helper awake)
        if finish(&TEAM.left, -1) == 1:
            PyThread_release_lock(TEAM.done)
        if not wait_awake(me):
            PyThread_acquire_lock(go, WAIT_LOCK)


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
    cdef int me = TEAM.serving
    TEAM.go[me] = go
    TEAM.helper[me].state = PARKED
    TEAM.serving += 1
    PyThread_release_lock(TEAM.job)
    with nogil:
        serve_jobs(me, go)


def awake(ns=None):
    """How long a helper waits awake for its next job before it parks, in nanoseconds (see
    :data:`WAIT_NS`); ``ns`` given: set to that first (0: a helper parks at once after a job).

    :raises ArgumentError: for ``ns`` outside 0 .. 1 second.

    >>> awake() == WAIT_NS
    True
    """
    global WAIT
    if ns is not None:
        from holdem._validate import check_int

        WAIT = check_int(ns, "ns", 0, 1_000_000_000)
    return WAIT


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
