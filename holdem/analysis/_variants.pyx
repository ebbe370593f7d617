# cython: language_level=3
"""Equity kernels of the other games: Omaha (high, or high-low eight or better) and the games
whose hand is any five of the cards on a smaller deck (short deck, Manila, Royal hold'em).

Every board that completes the known cards from the rest of the deck is counted (exactly) or
boards are drawn at random (Monte Carlo, a partial Fisher-Yates shuffle of the rest driven by
splitmix64 from a seed). For each board each player's share of the pot is added up: the high
hand's pot split among its best hands, or with the low, half to the best high hands and half to
the best eight-or-better lows when a low qualifies (the whole pot to the high hands otherwise).
The kernels are ``noexcept nogil`` over C types; the evaluation is holdem._games'.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from holdem._games cimport (
    game_eval_tables,
    low_bit,
    omaha_board_row,
    omaha_hole_value,
    omaha_low_value,
    omaha_prepare,
)
from holdem._kernels cimport KEY_INIT, EvalTables, eval_key, splitmix64

cdef enum:
    MAX_PLAYERS = 10
    KIND_ANY_FIVE = 0   # the best five of the hole cards and the board (a game's tables)
    KIND_OMAHA = 1      # Omaha high
    KIND_OMAHA_HI_LO = 2


cdef struct Job:
    int kind
    EvalTables t            # the game's tables (KIND_ANY_FIVE) or hold'em's
    int players
    int nh                  # hole cards a player
    uint8_t holes[60]       # players * nh card bytes
    uint64_t hsum[MAX_PLAYERS]
    uint64_t hmask[MAX_PLAYERS]
    uint32_t hlow[MAX_PLAYERS]
    uint8_t board[5]
    int nb                  # known board cards
    uint8_t rest[52]        # the cards that can come
    int n_rest


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef struct Totals:
    double share[MAX_PLAYERS]       # summed pot shares
    double squares[MAX_PLAYERS]     # summed squared shares
    double won[MAX_PLAYERS]         # boards whose whole pot the player takes
    double tied[MAX_PLAYERS]        # boards where the player takes part of the pot


cdef void settle(const Job* job, const uint8_t* board, Totals* tot) noexcept nogil:
    """Add every player's share of the pot on one complete board to the totals."""
    cdef uint64_t bsum = 0
    cdef uint64_t bmask = 0
    cdef uint32_t blow = 0
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef double part[MAX_PLAYERS]
    cdef const uint16_t* row = NULL
    cdef uint16_t best_hi = 0
    cdef uint8_t best_lo = 0
    cdef int p, i, n_hi = 0, n_lo = 0
    cdef double hi_pot = 1.0
    for i in range(5):
        bsum += job.t.cards[board[i]].key
        bmask |= job.t.cards[board[i]].mask
        blow |= low_bit(board[i])
    if job.kind != KIND_ANY_FIVE:
        row = omaha_board_row(bsum)
    for p in range(job.players):
        if job.kind == KIND_ANY_FIVE:
            hi[p] = eval_key(&job.t, KEY_INIT + bsum + job.hsum[p], bmask | job.hmask[p])
        else:
            hi[p] = omaha_hole_value(job.holes + job.nh * p, job.nh, row, job.hsum[p], bsum,
                                     job.hmask[p], bmask)
        if hi[p] > best_hi:
            best_hi = hi[p]
        lo[p] = 0
        if job.kind == KIND_OMAHA_HI_LO:
            lo[p] = omaha_low_value(job.hlow[p], blow)
            if lo[p] > best_lo:
                best_lo = lo[p]
    for p in range(job.players):
        n_hi += hi[p] == best_hi
        n_lo += best_lo > 0 and lo[p] == best_lo
    if best_lo > 0:
        hi_pot = 0.5
    for p in range(job.players):
        part[p] = 0.0
        if hi[p] == best_hi:
            part[p] += hi_pot / n_hi
        if best_lo > 0 and lo[p] == best_lo:
            part[p] += 0.5 / n_lo
        tot.share[p] += part[p]
        tot.squares[p] += part[p] * part[p]
        if part[p] == 1.0:
            tot.won[p] += 1.0
        elif part[p] > 0.0:
            tot.tied[p] += 1.0


cdef uint64_t enumerate_boards(const Job* job, Totals* tot) noexcept nogil:
    """Count every board completing the known cards from the rest; returns how many."""
    cdef uint8_t board[5]
    cdef int need = 5 - job.nb
    cdef int idx[5]
    cdef int i, k
    cdef uint64_t count = 0
    for i in range(job.nb):
        board[i] = job.board[i]
    if need == 0:
        settle(job, board, tot)
        return 1
    for i in range(need):
        idx[i] = i
    while True:
        for i in range(need):
            board[job.nb + i] = job.rest[idx[i]]
        settle(job, board, tot)
        count += 1
        # The next combination of ``need`` of the n_rest cards, in lexicographic order.
        k = need - 1
        while k >= 0 and idx[k] == job.n_rest - need + k:
            k -= 1
        if k < 0:
            return count
        idx[k] += 1
        for i in range(k + 1, need):
            idx[i] = idx[i - 1] + 1


cdef void sample_boards(const Job* job, uint64_t samples, uint64_t seed,
                        Totals* tot) noexcept nogil:
    """Count ``samples`` boards drawn uniformly (with replacement between samples)."""
    cdef uint8_t board[5]
    cdef uint8_t deck[52]
    cdef uint64_t state = seed
    cdef uint64_t _s
    cdef int need = 5 - job.nb
    cdef int i, j
    cdef uint8_t c
    for i in range(job.nb):
        board[i] = job.board[i]
    for i in range(job.n_rest):
        deck[i] = job.rest[i]
    for _s in range(samples):
        for i in range(need):
            j = i + <int>(splitmix64(&state) % <uint64_t>(job.n_rest - i))
            c = deck[i]
            deck[i] = deck[j]
            deck[j] = c
            board[job.nb + i] = deck[i]
        settle(job, board, tot)


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def showdowns(int kind, int index, holes, board, rest, uint64_t samples, uint64_t seed):
    """Every player's summed pot share, summed squared share, whole pots won and pots shared,
    and the number of boards: over every board (``samples`` 0) or ``samples`` random boards.

    ``kind`` 0 is a game whose hand is any five of the cards (tables ``index``), 1 Omaha high,
    2 Omaha high-low; ``holes`` one list of card ints a player, ``board`` the known cards,
    ``rest`` the cards that can come. The caller checks the cards.

    :raises ValueError: for other than 2 to 10 players or too few cards left.
    """
    cdef Job job
    cdef Totals tot
    cdef uint64_t count = samples
    cdef int p, i
    cdef uint8_t c
    memset(&job, 0, sizeof(job))
    memset(&tot, 0, sizeof(tot))
    if not 2 <= len(holes) <= MAX_PLAYERS or len(rest) < 5 - len(board) or len(rest) > 52:
        raise ValueError("2 to 10 players and enough cards for the board")
    job.kind = kind
    job.players = len(holes)
    job.nh = len(holes[0])
    if job.players * job.nh > 60:
        raise ValueError("at most 60 hole cards")
    if kind == KIND_ANY_FIVE:
        job.t = game_eval_tables(index)
    else:
        omaha_prepare()
        job.t = game_eval_tables(-1)
    for p in range(job.players):
        for i in range(job.nh):
            c = holes[p][i]
            job.holes[job.nh * p + i] = c
            job.hsum[p] += job.t.cards[c].key
            job.hmask[p] |= job.t.cards[c].mask
            job.hlow[p] |= low_bit(c)
    job.nb = len(board)
    for i in range(job.nb):
        job.board[i] = board[i]
    job.n_rest = len(rest)
    for i in range(job.n_rest):
        job.rest[i] = rest[i]
    with nogil:
        if samples == 0:
            count = enumerate_boards(&job, &tot)
        else:
            sample_boards(&job, samples, seed, &tot)
    return ([tot.share[p] for p in range(job.players)],
            [tot.squares[p] for p in range(job.players)],
            [tot.won[p] for p in range(job.players)],
            [tot.tied[p] for p in range(job.players)], count)
