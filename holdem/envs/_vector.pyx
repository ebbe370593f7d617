# cython: language_level=3
"""The compiled kernel of :mod:`holdem.envs.vector`: a batch of hold'em hands stepped in C.

Each row of the batch is one hand, an ``HState`` of the hand kernel (holdem/engine/_state.pxd)
driven by its ``noexcept nogil`` operations: the legal bounds (``raise_min``, ``raise_max``),
the actions (``act_fold``, ``act_check``, ``act_call``, ``act_raise``) and the deal of a new
hand (``begin_hand``). A step takes one action index per row, as the single environment reads
it (:class:`holdem.envs._game.EnvGame`: 0 fold, 1 check or call, the discrete raises or the
raise-to amounts, all-in), and writes each row's observation (the view of the seat to act),
action mask, reward, done flag and payoffs; a hand that ends is dealt again at once from the
row's own generator (xoshiro256** of holdem/_random.pxd, seeded from a seed and the row's
number), by a partial Fisher-Yates shuffle of the row's deck. The action map and the
observations are the hand kernel's (``action_target``, ``action_mask``, ``observe``,
``observe_v6``), which the single environment calls through ``HandState``.

A step (:meth:`HandBatch.step`) is one job of holdem._team's threads in two passes: the first
reads every row's action and finds the first illegal one, changing nothing; once every row is
read (the threads meet), the second plays them unless one was illegal. Each pass cuts the rows
in one part a thread: a thread claims the rows of its own part first (the same rows at every
step: their hands stay in its core's cache), then what is left of the others' (a thread that runs
slower, its core shared with another process, leaves more to the others); each claim takes half
of what its part has left (holdem/_parallel.h's atomics). Kernels are ``cdef ... noexcept
nogil`` over C types; the ``def`` methods check their arguments and release the GIL.
"""

cimport cython
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from cpython.buffer cimport (
    PyBUF_FORMAT,
    PyBUF_ND,
    PyBUF_WRITABLE,
    PyBuffer_Release,
    PyObject_GetBuffer,
)
from libc.string cimport memcpy, memset, strchr

from holdem._kernels cimport prefetch
from holdem._team cimport finish, give_way, load, lower, pause, swap, team_finish, team_start
from holdem._random cimport Rng, rng_below, rng_next64, rng_seed, rng_shuffle_step
from holdem.engine._state cimport (
    MAX_FRACTIONS,
    MAX_SEATS,
    ActionMap,
    ActionSpec,
    Entry,
    HandState,
    HState,
    act_call,
    act_check,
    act_fold,
    act_raise,
    action_mask,
    action_target,
    begin_hand,
    observe,
    observe_v6,
    raise_max,
    raise_min,
)

from holdem.errors import ArgumentError

cdef enum:
    COMPLETE = 5        # Street.COMPLETE

# What a row's action does (the first pass's verdict).
cdef enum:
    OP_ILLEGAL = -1
    OP_FOLD = 0
    OP_CHECK = 1
    OP_CALL = 2
    OP_RAISE = 3
    OP_TERMINATE = 4    # illegal_action="terminate": the hand ends, the seat pays 1
    OP_RANDOM = 5       # action RANDOM: a legal action drawn from the row's action stream

# The options (EnvGame's), as C numbers.
cdef enum:
    ILLEGAL_RAISE = 0
    ILLEGAL_CHECK_OR_FOLD = 1
    ILLEGAL_TERMINATE = 2

#: The most hands one batch holds (the memory of a hand's state times this is a few GB).
MAX_ROWS = 1 << 18
cdef enum:
    RANDOM_INDEX = -1   # the action index that plays a legal action drawn at random

#: The action index that plays a legal action drawn uniformly at random in the kernel.
RANDOM = RANDOM_INDEX
# The action streams of the rows: row i's is stream ACTION_STREAMS + i of its seed (the deals
# are stream i).
cdef uint64_t ACTION_STREAMS = (<uint64_t>1) << 63


ctypedef struct Options:
    int n                       # seats
    ActionSpec a                # the action indices (the hand kernel's action map)
    int nact                    # = a.nact
    bint v6                     # obs_encoding="pettingzoo_v6"
    int illegal                 # ILLEGAL_*
    int obs_size
    double bb_scale             # 1 / big blind: the observation's unit
    double reward_scale         # the reward unit per chip
    int need                    # cards a hand deals
    int low                     # the deck's lowest card
    int win_kind                # EventKind.WIN's place: the log's wins


ctypedef struct Outputs:
    float* obs                  # rows x obs_size
    int8_t* mask                # rows x nact
    double* rewards             # rows
    uint8_t* done               # rows
    double* payoffs             # rows x n
    int32_t* actor              # rows
    int32_t* acted              # rows
    int64_t* played             # rows: the action index played (a RANDOM one drawn)


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline bint may_fold(const HState* h, int i) noexcept nogil:
    return h.bet[i] != h.max_bet or h.fold_free


cdef inline void bounds(const HState* h, int64_t* lo, int64_t* hi) noexcept nogil:
    """The raise bounds of the seat to act (``lo`` -1: it may not raise)."""
    lo[0] = raise_min(<HState*>h, h.actor)
    hi[0] = raise_max(<HState*>h, h.actor, lo[0]) if lo[0] >= 0 else -1


cdef int resolve(const Options* o, const HState* h, int64_t index,
                 int64_t* amount) noexcept nogil:
    """What action index ``index`` does for the seat to act of ``h`` (an ``OP_*``; the amount
    of a raise in ``amount``), as ``EnvGame.step`` plays it."""
    cdef int i = h.actor
    cdef int64_t lo, hi, t = -1
    if index == RANDOM_INDEX:
        return OP_RANDOM
    if 0 <= index < o.nact:
        if index == 0 and may_fold(h, i):
            return OP_FOLD
        if index == 1:
            return OP_CHECK if h.bet[i] >= h.max_bet else OP_CALL
        if index >= 2:
            bounds(h, &lo, &hi)
            t = action_target(h, &o.a, index, lo, hi)
            if t >= 0:
                amount[0] = t
                return OP_RAISE
    if o.illegal == ILLEGAL_CHECK_OR_FOLD:
        return OP_CHECK if h.bet[i] >= h.max_bet else OP_FOLD
    if o.illegal == ILLEGAL_TERMINATE:
        return OP_TERMINATE
    return OP_ILLEGAL


cdef int64_t random_action(const Options* o, const HState* h, Rng* g) noexcept nogil:
    """A legal action index of the seat to act, uniform among those its mask allows, drawn
    from ``g``."""
    cdef int i = h.actor
    cdef int64_t lo, hi, k
    cdef uint32_t count, pick
    cdef bint fold = may_fold(h, i)
    cdef int8_t marks[3 + MAX_FRACTIONS]
    bounds(h, &lo, &hi)
    if o.a.full:  # fold, check or call, every raise-to from lo to hi
        count = <uint32_t>(fold + 1 + (hi - lo + 1 if lo >= 0 else 0))
        pick = rng_below(g, count)
        if fold:
            if pick == 0:
                return 0
            pick -= 1
        return 1 if pick == 0 else 2 + lo + pick - 1
    action_mask(h, &o.a, lo, hi, marks)
    count = 0
    for k in range(o.nact):
        count += marks[k]
    pick = rng_below(g, count)
    for k in range(o.nact):
        if marks[k]:
            if pick == 0:
                return k
            pick -= 1
    return 1  # (not reached: check or call is always legal)


cdef inline void write_obs(const Options* o, const HState* h, float* out) noexcept nogil:
    """What the seat to act observes: ``EnvGame.observation`` of that seat (its own cards and
    what everyone sees; never another seat's cards or the deck), by the hand kernel's
    ``observe`` or ``observe_v6``."""
    if o.v6:
        observe_v6(h, out, h.actor)
    else:
        observe(h, out, h.actor, h.n, o.bb_scale, True)  # the single environment's layout


cdef void write_payoffs(const Options* o, const HState* h, double* out) noexcept nogil:
    """Each seat's payoff of the hand just ended, in the reward unit: its stack after the award
    less its stack before the hand (wins in exact fractions summed from the log)."""
    cdef int j, k
    cdef const Entry* log = h.log if h.log != NULL else h.inline_log
    for j in range(h.n):
        out[j] = <double>(h.final[j] - h.start[j])
    if h.fraction:
        for k in range(h.nlog):
            if log[k].kind == o.win_kind:
                out[log[k].seat] += <double>log[k].amount / <double>log[k].den
    for j in range(h.n):
        out[j] *= o.reward_scale


cdef void deal(const Options* o, HState* h, Rng* g, uint32_t* deck) noexcept nogil:
    """Deal the row's next hand: its cards drawn by a partial Fisher-Yates shuffle of the row's
    deck as the hand before left it (the first cards of any arrangement, each drawn uniformly
    from those left, are a uniform draw: the deck is never put back in order), with Lemire's
    bounded integers from the row's generator (``rng_shuffle_step``: no division)."""
    cdef uint8_t order[52]
    cdef int64_t zeros[MAX_SEATS]
    cdef uint64_t r = 0
    cdef int k, nd = 52 - o.low
    for k in range(o.need):
        if (k & 1) == 0:
            r = rng_next64(g)
        order[k] = <uint8_t>rng_shuffle_step(g, deck, k, nd, r)
    memset(zeros, 0, sizeof(zeros))
    begin_hand(h, order, zeros, zeros)


cdef inline void warm(const HState* h) noexcept nogil:
    """Ask for the lines of a row's state that a step reads (a row's state is some kilobytes, a
    batch's more than a core's cache: a row fetched ahead arrives while the one before plays)."""
    prefetch(&h.live)
    prefetch(&h.max_bet)
    prefetch(&h.stack[0])
    prefetch(&h.bet[0])
    prefetch(&h.contrib[0])
    prefetch(&h.reopen_at[0])
    prefetch(&h.folded[0])
    prefetch(&h.queue[0])
    prefetch(&h.hole[0][0])
    prefetch(&h.nlog)


cdef void emit(const Options* o, const HState* h, const Outputs* out, int64_t i) noexcept nogil:
    """Row ``i``'s observation, mask and seat to act."""
    cdef int64_t lo, hi
    bounds(h, &lo, &hi)
    write_obs(o, h, &out.obs[i * o.obs_size])
    action_mask(h, &o.a, lo, hi, &out.mask[i * o.nact])
    out.actor[i] = h.actor


cdef bint step_row(const Options* o, HState* h, Rng* g, Rng* moves, uint32_t* deck, int op,
                   int64_t amount, int64_t given, const Outputs* out, int64_t i) noexcept nogil:
    """Play row ``i``'s resolved action (``OP_RANDOM``: one drawn from ``moves``); when the
    hand ends, its payoffs out and the next hand dealt from ``g``; the row's outputs written.
    False when the hand's log could not grow."""
    cdef int seat = h.actor, j
    cdef double* pay = &out.payoffs[i * o.n]
    cdef bint ended
    out.acted[i] = seat
    out.played[i] = given
    if op == OP_RANDOM:
        out.played[i] = random_action(o, h, moves)
        op = resolve(o, h, out.played[i], &amount)
    if op == OP_FOLD:
        act_fold(h, seat)
    elif op == OP_CHECK:
        act_check(h, seat)
    elif op == OP_CALL:
        act_call(h, seat)
    elif op == OP_RAISE:
        act_raise(h, seat, amount)
    if h.oom:
        return False
    ended = op == OP_TERMINATE or h.street == COMPLETE
    out.done[i] = ended
    if not ended:
        memset(pay, 0, o.n * sizeof(double))
        out.rewards[i] = 0.0
    else:
        if op == OP_TERMINATE:  # as PettingZoo's classic games: -1 to the seat, 0 to the rest
            for j in range(o.n):
                pay[j] = -1.0 if j == seat else 0.0
        else:
            write_payoffs(o, h, pay)
        out.rewards[i] = pay[seat]
        deal(o, h, g, deck)
        if h.oom:
            return False
    emit(o, h, out, i)
    return True


cdef enum:
    MAX_PARTS = 256   # the most threads of a job (holdem._team: the caller and 255 helpers)
    LEAST_CLAIM = 8   # the fewest rows a claim takes (the last ones of a part)


ctypedef struct Part:
    # A thread's share of a pass's rows, next .. end - 1: its own thread claims them first, then
    # any thread done with its own (one cache line each: a thread claims from its own)
    int64_t next
    int64_t end
    char pad[48]


ctypedef struct StepJob:
    # HandBatch.step's rows, shared by the threads of a job (holdem._team's team_run)
    const Options* o
    HState* hs
    Rng* rngs
    Rng* moves
    uint32_t* decks
    int8_t* ops
    int64_t* amounts
    const int64_t* actions
    Outputs out                 # where the step writes (the arrays bound when it began)
    int64_t rows
    int nparts
    Part* reads                 # the first pass's parts (nparts of them)
    Part* plays                 # the second pass's
    int64_t read                # the rows read
    int64_t illegal             # the first row whose action is illegal (rows while none is)
    int64_t failed              # the first row whose log could not grow (rows while none)


cdef void read_rows(StepJob* job, int64_t lo, int64_t hi) noexcept nogil:
    """The first pass on rows lo..hi - 1: each action resolved (``ops``, ``amounts``), the first
    illegal row lowered into ``job.illegal``; no hand changes."""
    cdef int64_t i
    cdef int op
    for i in range(lo, hi):
        op = resolve(job.o, &job.hs[i], job.actions[i], &job.amounts[i])
        job.ops[i] = <int8_t>op
        if op == OP_ILLEGAL:
            lower(&job.illegal, i)
            break


cdef void play_rows(StepJob* job, int64_t lo, int64_t hi) noexcept nogil:
    """The second pass on rows lo..hi - 1: each resolved action played, the row's outputs
    written; the first row whose log could not grow lowered into ``job.failed``."""
    cdef int64_t i
    for i in range(lo, hi):
        if i + 2 < job.rows:
            warm(&job.hs[i + 2])
        if not step_row(job.o, &job.hs[i], &job.rngs[i], &job.moves[i], &job.decks[i * 52],
                        job.ops[i], job.amounts[i], job.actions[i], &job.out, i):
            lower(&job.failed, i)


cdef void split(Part* parts, int nparts, int64_t rows) noexcept nogil:
    """The rows in ``nparts`` parts of about equal size, each beginning at a multiple of 64 rows
    (the threads' outputs in cache lines of their own)."""
    cdef int p
    cdef int64_t at
    for p in range(nparts + 1):
        at = (rows * p // nparts + 63) & ~(<int64_t>63)
        at = at if at < rows else rows
        if p < nparts:
            parts[p].next = at
        if p > 0:
            parts[p - 1].end = at


cdef int64_t claim_part(Part* part, int64_t* lo) noexcept nogil:
    """The next rows of a part claimed: half of those left, at least LEAST_CLAIM (the last
    claims are small: no thread waits long for another's last rows); how many (0: none left),
    the first in ``lo``."""
    cdef int64_t at = load(&part.next), n
    while at < part.end:
        n = (part.end - at) >> 1
        if n < LEAST_CLAIM:
            n = LEAST_CLAIM if LEAST_CLAIM < part.end - at else part.end - at
        if swap(&part.next, at, at + n):
            lo[0] = at
            return n
        at = load(&part.next)
    return 0


cdef void run_pass(StepJob* job, Part* parts, int first, bint reading) noexcept nogil:
    """A thread's rows of one pass: those of its own part (``first``), then those left in the
    others'; each claim read (and counted in ``job.read``) or played."""
    cdef int64_t lo, n
    cdef int k
    for k in range(job.nparts):
        while True:
            n = claim_part(&parts[(first + k) % job.nparts], &lo)
            if n == 0:
                break
            if reading:
                read_rows(job, lo, lo + n)
                finish(&job.read, n)
            else:
                play_rows(job, lo, lo + n)


cdef void step_task(void* arg, int member) noexcept nogil:
    """One thread's part of a step: its rows of the first pass; once every row is read, unless
    a row is illegal, its rows of the second. A thread begins with the same rows at every step
    (their hands in its cache)."""
    cdef StepJob* job = <StepJob*>arg
    cdef int64_t spins = 0
    cdef int first = member % job.nparts
    run_pass(job, job.reads, first, True)
    while load(&job.read) < job.rows:  # rows another thread is reading
        pause()
        spins += 1
        if (spins & 1023) == 0:
            give_way()  # (its thread may be waiting for this CPU)
    if load(&job.illegal) < job.rows:
        return
    run_pass(job, job.plays, first, False)


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

# The output arrays of HandBatch.bind, in its order: their names, item kinds and sizes (the
# struct module's codes: the formats a buffer may give for each).
_NAMES = ("obs", "mask", "rewards", "done", "payoffs", "actor", "acted", "played")
cdef const char* KINDS[8]
KINDS[:] = [b"f", b"b", b"d", b"?", b"d", b"il", b"il", b"lq"]
cdef Py_ssize_t SIZES[8]
SIZES[:] = [4, 1, 8, 1, 8, 4, 4, 8]


cdef bint fits(const Py_buffer* view, Py_ssize_t rows, Py_ssize_t cols, const char* kinds,
               Py_ssize_t size) noexcept:
    """Whether a buffer is ``rows`` items (``cols`` 0) or rows x cols, of ``size`` bytes each
    and one of the format codes ``kinds`` (native order)."""
    cdef const char* f = view.format
    if f == NULL or view.itemsize != size or view.ndim != (2 if cols else 1):
        return False
    if view.shape[0] != rows or (cols and view.shape[1] != cols):
        return False
    if f[0] == b"@" or f[0] == b"=":
        f += 1
    return f[0] != 0 and f[1] == 0 and strchr(kinds, f[0]) != NULL


cdef void release(Py_buffer* views, int n) noexcept:
    """The first ``n`` buffers released."""
    cdef int k
    for k in range(n):
        PyBuffer_Release(&views[k])


@cython.auto_pickle(False)  # (C pointers: a batch is not pickled)
cdef class HandBatch:
    """``rows`` hands of one set-up, stepped together (the kernel of
    :class:`holdem.envs.vector.HoldemVectorEnv`, which checks the options and the arrays).

    ``template``: a compiled hand of the set-up (its rules, stakes and stacks; every row starts
    each hand from it); ``actions``: the action indices; ``options``: ``(v6, illegal,
    obs_size, bb_scale, reward_scale, win_kind)``.

    :raises ArgumentError: for rows outside 1 .. ``MAX_ROWS``, or no memory for the rows.
    """

    cdef HState* hs
    cdef Rng* rngs
    cdef Rng* moves
    cdef uint32_t* decks             # rows x 52: each row's deck, as its last deal left it
    cdef int8_t* ops
    cdef int64_t* amounts
    cdef Part* parts                 # 2 x MAX_PARTS: a step's parts of its two passes
    cdef Options o
    cdef Outputs out
    cdef readonly Py_ssize_t rows
    # The buffers of the arrays `out` points into, held (each holding its array alive) while
    # bound.
    cdef Py_buffer views[8]
    cdef bint bound

    def __cinit__(self):
        self.hs = NULL
        self.rngs = NULL
        self.moves = NULL
        self.decks = NULL
        self.ops = NULL
        self.amounts = NULL
        self.parts = NULL
        self.bound = False

    def __init__(self, Py_ssize_t rows, HandState template not None, ActionMap actions not None,
                 tuple options):
        cdef Py_ssize_t i
        cdef HState* h
        v6, illegal, obs_size, bb_scale, reward_scale, win_kind = options
        if not 1 <= rows <= MAX_ROWS:
            raise ArgumentError(f"a batch holds 1 to {MAX_ROWS} hands, got {rows}")
        h = &template.h
        self.o.n = h.n
        self.o.a = actions.spec
        self.o.nact = actions.spec.nact
        self.o.v6 = v6
        self.o.illegal = illegal
        self.o.obs_size = obs_size
        self.o.bb_scale = bb_scale
        self.o.reward_scale = reward_scale
        self.o.need = h.ncards
        self.o.low = h.low
        self.o.win_kind = win_kind
        self.hs = <HState*>calloc(rows, sizeof(HState))
        self.rngs = <Rng*>calloc(rows, sizeof(Rng))
        self.moves = <Rng*>calloc(rows, sizeof(Rng))
        self.decks = <uint32_t*>calloc(rows * 52, sizeof(uint32_t))
        self.ops = <int8_t*>calloc(rows, sizeof(int8_t))
        self.amounts = <int64_t*>calloc(rows, sizeof(int64_t))
        self.parts = <Part*>calloc(2 * MAX_PARTS, sizeof(Part))
        if (self.parts == NULL or self.hs == NULL or self.rngs == NULL or self.moves == NULL
                or self.decks == NULL or self.ops == NULL or self.amounts == NULL):
            raise ArgumentError(
                f"no memory for {rows} hands ({rows * sizeof(HState) // (1 << 20)} MB): ask for "
                "fewer"
            )
        self.rows = rows
        for i in range(rows):  # the set-up of every row: the template's (its log not shared)
            memcpy(&self.hs[i], h, sizeof(HState))
            self.hs[i].log = NULL
            self.hs[i].caplog = 0
            self.hs[i].nlog = 0

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.hs != NULL:
            for i in range(self.rows):
                free(self.hs[i].log)
        free(self.hs)
        free(self.rngs)
        free(self.moves)
        free(self.decks)
        free(self.ops)
        free(self.amounts)
        free(self.parts)
        self._release()

    def bind(self, obs, mask, rewards, done, payoffs, actor, acted, played):
        """Where the next :meth:`reset` or :meth:`step` writes its outputs: C-contiguous
        writable arrays of ``rows`` rows: ``obs`` float32 (x ``obs_size``), ``mask`` int8 (x the
        actions), ``rewards`` float64, ``done`` bool, ``payoffs`` float64 (x the seats),
        ``actor`` and ``acted`` int32, ``played`` int64. Their buffers are held until the next
        bind (the arrays can be neither freed nor resized while the batch writes them).

        :raises ArgumentError: for an array of another shape or item type, or not writable or
            not C-contiguous.
        """
        cdef Py_ssize_t r = self.rows
        cdef Py_buffer views[8]
        cdef int k
        arrays = (obs, mask, rewards, done, payoffs, actor, acted, played)
        for k in range(8):
            try:
                PyObject_GetBuffer(arrays[k], &views[k], PyBUF_ND | PyBUF_WRITABLE | PyBUF_FORMAT)
            except (BufferError, TypeError, ValueError) as exc:
                release(views, k)
                raise ArgumentError(
                    f"the output array {_NAMES[k]} is not a writable C-contiguous array: {exc}"
                ) from None
            if not fits(&views[k], r, (self.o.obs_size, self.o.nact, 0, 0, self.o.n, 0, 0, 0)[k],
                        KINDS[k], SIZES[k]):
                release(views, k + 1)
                raise ArgumentError(
                    f"the output array {_NAMES[k]} does not have the batch's shape and item type"
                )
        self._release()
        memcpy(self.views, views, sizeof(views))
        self.bound = True
        self.out.obs = <float*>views[0].buf
        self.out.mask = <int8_t*>views[1].buf
        self.out.rewards = <double*>views[2].buf
        self.out.done = <uint8_t*>views[3].buf
        self.out.payoffs = <double*>views[4].buf
        self.out.actor = <int32_t*>views[5].buf
        self.out.acted = <int32_t*>views[6].buf
        self.out.played = <int64_t*>views[7].buf

    cdef void _release(self) noexcept:
        if self.bound:
            release(self.views, 8)
            self.bound = False

    def reset(self, const uint64_t[::1] seeds not None):
        """Seed every row's generators (row ``i``'s deals from ``(seeds[i], i)``, its random
        actions from ``(seeds[i], 2**63 + i)``) and deal each a new hand; the observations,
        masks and seats to act written to the bound arrays (rewards, done and payoffs zero,
        ``acted`` and ``played`` -1).

        :raises ArgumentError: for other than ``rows`` seeds, or outputs not bound.
        """
        cdef Py_ssize_t i
        cdef int k
        cdef bint oom = False
        if seeds.shape[0] != self.rows:
            raise ArgumentError(f"{seeds.shape[0]} seeds for {self.rows} hands")
        if not self.bound:
            raise ArgumentError("bind() the output arrays first")
        with nogil:
            for i in range(self.rows):
                rng_seed(&self.rngs[i], seeds[i], <uint64_t>i)
                rng_seed(&self.moves[i], seeds[i], ACTION_STREAMS + <uint64_t>i)
                for k in range(52 - self.o.low):
                    self.decks[i * 52 + k] = <uint32_t>(self.o.low + k)
                deal(&self.o, &self.hs[i], &self.rngs[i], &self.decks[i * 52])
                oom = oom or self.hs[i].oom
                emit(&self.o, &self.hs[i], &self.out, i)
                self.out.rewards[i] = 0.0
                self.out.done[i] = 0
                self.out.acted[i] = -1
                self.out.played[i] = -1
                memset(&self.out.payoffs[i * self.o.n], 0, self.o.n * sizeof(double))
        if oom:
            raise MemoryError("a hand's log could not grow")

    def step(self, const int64_t[::1] actions not None, int threads=1, then=None):
        """One action a row: every row's action read and, unless one is illegal, played (a
        hand that ends dealt again), the outputs written to the bound arrays; -1, or the first
        row whose action is illegal (then no hand changed). On ``threads`` threads (the calling
        thread and holdem._team's helpers, see :func:`holdem._parallel.team`), the rows in one
        part a thread.

        ``then``: called with no arguments on the calling thread once the helpers have begun,
        before it takes its part of the rows (the helpers meanwhile take it): the time to
        :meth:`bind` the arrays of the next call (this one writes to those bound when it
        began). What it raises is raised once the step is over.

        :raises ArgumentError: for other than ``rows`` actions, or outputs not bound.
        :raises MemoryError: when a hand's log could not grow (that row named; reset() the
            batch).
        """
        cdef StepJob job
        cdef Py_buffer held[8]
        cdef int started
        cdef bint had
        if actions.shape[0] != self.rows:
            raise ArgumentError(f"{actions.shape[0]} actions for {self.rows} hands")
        if not self.bound:
            raise ArgumentError("bind() the output arrays first")
        job.o = &self.o
        job.hs = self.hs
        job.rngs = self.rngs
        job.moves = self.moves
        job.decks = self.decks
        job.ops = self.ops
        job.amounts = self.amounts
        job.actions = &actions[0]
        job.out = self.out
        job.rows = self.rows
        job.read = 0
        job.illegal = self.rows
        job.failed = self.rows
        job.nparts = threads if 1 <= threads <= MAX_PARTS else (1 if threads < 1 else MAX_PARTS)
        job.reads = self.parts
        job.plays = self.parts + MAX_PARTS
        # The buffers written (holding their arrays alive): released once the step is over, if
        # `then` bound others.
        memcpy(held, self.views, sizeof(held))
        had = self.bound
        self.bound = False
        with nogil:
            split(job.reads, job.nparts, self.rows)
            split(job.plays, job.nparts, self.rows)
            started = team_start(step_task, &job, job.nparts)
        try:
            if then is not None:
                then()
        finally:
            with nogil:
                team_finish(step_task, &job, started)
            if self.bound:  # `then` bound others: these are done with
                if had:
                    release(held, 8)
            else:
                memcpy(self.views, held, sizeof(held))
                self.bound = had
        if job.failed < self.rows:
            raise MemoryError(f"hand {job.failed}: its log could not grow (reset() the batch)")
        return job.illegal if job.illegal < self.rows else -1

    def mask_of(self, Py_ssize_t row):
        """Row ``row``'s action mask now, as a list of the legal indices."""
        cdef Py_ssize_t k
        cdef int8_t* marks
        cdef int64_t lo, hi
        self._row(row)
        marks = <int8_t*>calloc(self.o.nact, 1)
        if marks == NULL:
            raise MemoryError()
        bounds(&self.hs[row], &lo, &hi)
        action_mask(&self.hs[row], &self.o.a, lo, hi, marks)
        legal = [k for k in range(self.o.nact) if marks[k]]
        free(marks)
        return legal

    def actor_of(self, Py_ssize_t row):
        """The seat to act in row ``row``'s hand."""
        self._row(row)
        return self.hs[row].actor

    def dealt(self, Py_ssize_t row):
        """The cards row ``row``'s hand deals, in dealing order (card indices)."""
        self._row(row)
        return [self.hs[row].cards[k] for k in range(self.hs[row].ncards)]

    def stacks(self):
        """Every row's stacks behind now, as a list of lists of chips."""
        return [[self.hs[r].stack[j] for j in range(self.o.n)] for r in range(self.rows)]

    cdef void _row(self, Py_ssize_t row) except *:
        if not 0 <= row < self.rows:
            raise ArgumentError(f"no hand {row}: the hands are 0 .. {self.rows - 1}")
