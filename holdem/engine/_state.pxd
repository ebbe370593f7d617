# cython: language_level=3
"""The hand kernel's contract: a hand's state as one C struct, and the operations on it.

Everything here is C: ``cdef ... noexcept nogil`` functions over an ``HState`` (no Python
object), so a batch of hands can be stepped without the GIL. ``HandState`` (holdem/engine/
_state.pyx) is the Python face that :class:`holdem.Hand` owns: it checks an action, words the
error, and calls these. Codes: a street is its ``Street`` value, an event kind its place in
``EventKind``; a seat -1 is none.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t

from holdem._kernels cimport EvalTables

cdef enum:
    MAX_SEATS = 22      # 2 * 22 hole cards + 3 burns + 5 board cards = 52
    MAX_HOLE = 6        # Omaha-6
    MAX_RUNS = 6        # (52 - 2 * 2) // 8: heads-up, six runs of the board
    MAX_POTS = 24       # a pot per seat's level, and the dead money's
    MAX_EACH = 24       # Rake.pots entries the kernel keeps (a pot beyond them gives none)
    INLINE_LOG = 48     # log entries kept in the state itself (a longer log goes to the heap)
    MAX_FRACTIONS = 64  # discrete raises of an environment's action map at most

# A log entry: the amount is amount / den chips (den 1 but for exact fractions).
ctypedef struct Entry:
    int64_t amount
    int64_t den
    int8_t kind
    int8_t seat
    int8_t street
    int8_t all_in
    int8_t ncards
    uint8_t cards[MAX_HOLE + 1]

# A win: seat, chips num / den.
ctypedef struct Win:
    int64_t num
    int64_t den
    int seat

# The house's rake (Rules._bits' rake), as C numbers.
ctypedef struct RakeSpec:
    int64_t num          # the percent: num / den
    int64_t den
    int64_t cap          # -1: none
    int64_t unit
    int64_t amount       # -1: none
    int64_t each[MAX_EACH]
    int neach            # -1: no per-pot amounts
    bint nearest
    bint nfnd
    bint whole

ctypedef struct HState:
    # the rules
    int reopen
    int flags
    int cap
    int policy
    bint has_rake
    RakeSpec rake
    # the game (Variant._layout) and its ranking's tables
    int low
    int hole_size
    int layout_boards
    bint one_at_a_time
    bint omaha
    bint hilo
    bint double
    int discard_after
    bint split_boards
    int ranking
    int per_run
    EvalTables tables
    # the set-up
    int n
    int kind
    int mode
    int runs
    int64_t small
    int64_t big
    int64_t least
    int64_t sizes[4]
    int64_t forced[MAX_SEATS]
    int64_t antes_due[MAX_SEATS]
    bint has_posts
    int64_t post_live[MAX_SEATS]
    int64_t post_dead[MAX_SEATS]
    int64_t start[MAX_SEATS]
    # the hand
    int live
    int street
    int actor
    int aggressor
    int opener
    int raises
    int64_t max_bet
    int64_t inc
    int64_t level                  # fixed limit: the total the last full bet or raise reached
    bint round_capped
    bint fold_free
    bint fraction
    bint has_final
    int64_t stack[MAX_SEATS]
    int64_t bet[MAX_SEATS]
    int64_t contrib[MAX_SEATS]
    int64_t ante[MAX_SEATS]
    int64_t reopen_at[MAX_SEATS]
    int64_t final[MAX_SEATS]
    uint8_t folded[MAX_SEATS]
    uint8_t mucked[MAX_SEATS]
    uint8_t shown[MAX_SEATS]
    uint8_t queue[MAX_SEATS]       # the seats to act, in reverse order: the actor last
    int nqueue
    uint8_t show_queue[MAX_SEATS]  # the seats to show or muck, in order
    int nshow
    uint32_t acted                 # pokerkit: the seats that acted since the last full raise
    int64_t shorts[MAX_SEATS]      # pokerkit: the short all-in raises since
    int nshorts
    uint8_t discarding[MAX_SEATS]
    int ndisc
    uint8_t cards[52]
    int ncards
    uint8_t hole[MAX_SEATS][MAX_HOLE]
    uint8_t nhole[MAX_SEATS]
    uint8_t board[5]
    int nboard
    uint8_t boards[MAX_RUNS][5]
    int nboards                    # 0: one board (no runs, one board)
    # the log: in the state itself, or on the heap once it is longer (log not NULL)
    Entry* log
    int nlog
    int caplog
    bint oom
    Entry inline_log[INLINE_LOG]

# A tape: betting actions played in one call (HandState.play_tape), 16 bytes each: the kind
# (TAPE_STOP: not a betting action), the seat, and a bet or raise's total.
cdef enum:
    TAPE_STOP = 0
    TAPE_FOLD = 1
    TAPE_CALL = 2       # check or call
    TAPE_RAISE = 3      # bet or raise to amount

ctypedef struct TapeOp:
    int64_t amount
    uint8_t kind
    uint8_t seat
    uint8_t pad[6]

# The environments' action map (holdem.envs: EnvGame's action indices), as C numbers: 0 fold,
# 1 check or call, then a raise per fraction and all-in (discrete), or 2 + k a raise to k chips
# (full).
ctypedef struct ActionSpec:
    int nact                    # action indices
    bint full                   # actions="full"
    bint pz_sizing              # bet_sizing="pettingzoo_v6" (else "pot")
    int nfrac
    double fracs[MAX_FRACTIONS]
    int all_in                  # the all-in index (discrete; -1 with full)


cdef class ActionMap:
    cdef ActionSpec spec


cdef class HandState:
    cdef HState h
    cdef object name               # the rules' name, for messages
    cdef object _rules             # the Rules, Structure, showdown mode and Variant it was
    cdef object _structure         # built with
    cdef object _showdown_mode
    cdef object _game
    cdef object __weakref__

    cdef void _begin(self, tuple rules, tuple layout, int n, const int64_t* stacks,
                     const int64_t* forced, const int64_t* antes, const int64_t* dead,
                     const int64_t* live_posts, const int64_t* dead_posts, const int64_t* sizes,
                     int64_t small, int64_t big, int64_t least, int runs, object cards,
                     int kind, int mode) except *
    cdef void _after(self) except *
    cdef int _turn(self, object seat) except -1
    cdef object _legal(self)
    cpdef int _seat(self, object seat) except -1
    cdef list _final(self)
    cdef void _showdown_next(self) except *


# The operations a batch of hands may call without the GIL (see holdem/engine/_state.pyx).
cdef void begin_hand(HState* h, const uint8_t* cards, const int64_t* antes,
                     const int64_t* dead) noexcept nogil
cdef int64_t raise_min(HState* h, int i) noexcept nogil
cdef int64_t raise_max(HState* h, int i, int64_t lo) noexcept nogil
cdef void act_fold(HState* h, int i) noexcept nogil
cdef void act_check(HState* h, int i) noexcept nogil
cdef void act_call(HState* h, int i) noexcept nogil
cdef void act_raise(HState* h, int i, int64_t total) noexcept nogil
cdef Py_ssize_t play_ops(HState* h, const TapeOp* ops, Py_ssize_t k,
                         Py_ssize_t end) noexcept nogil
cdef void observe(const HState* h, float* out, int me, int n, double scale,
                  bint live) noexcept nogil
cdef void observe_v6(const HState* h, float* out, int me) noexcept nogil
cdef int64_t action_target(const HState* h, const ActionSpec* a, int64_t index, int64_t lo,
                           int64_t hi) noexcept nogil
cdef void action_mask(const HState* h, const ActionSpec* a, int64_t lo, int64_t hi,
                      int8_t* out) noexcept nogil
