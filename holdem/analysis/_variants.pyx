# cython: language_level=3
"""Equity kernels of the other games: Omaha (high, or high-low eight or better) and the games
whose hand is any five of the cards on a smaller deck (short deck, Manila, Royal hold'em).

Every board that completes the known cards from the rest of the deck is counted (exactly) or
boards are drawn at random (Monte Carlo, a partial Fisher-Yates shuffle of the rest driven by
splitmix64 from a seed: holdem/_random.pxd). For each board each player's share of the pot is
added up: the high hand's pot split among its best hands, or with the low, half to the best
high hands and half to the best eight-or-better lows when a low qualifies (the whole pot to
the high hands otherwise).
The kernels are ``noexcept nogil`` over C types; the evaluation is holdem._games' and
holdem._omaha's.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from holdem._games cimport game_eval_tables
from holdem._omaha cimport (
    low_bit,
    omaha_board_row,
    omaha_flush_value,
    omaha_low_value,
    omaha_pair_column,
    omaha_prepare,
)
from holdem._kernels cimport KEY_INIT, CardBits, EvalTables, eval_key
from holdem._random cimport partial_shuffle, shuffle_step, unit_double

cdef enum:
    MAX_PLAYERS = 10
    KIND_ANY_FIVE = 0   # the best five of the hole cards and the board (a game's tables)
    KIND_OMAHA = 1      # Omaha high
    KIND_OMAHA_HI_LO = 2
    KIND_LAZY_PINEAPPLE = 3     # three hole cards: the best of the three pairs with the board
    KIND_DOUBLE_HOLDEM = 4      # three hole cards: the better of the pairs 0-1 and 1-2


cdef struct Job:
    int kind
    EvalTables t            # the game's tables (KIND_ANY_FIVE) or hold'em's
    int players
    int nh                  # hole cards a player
    uint8_t holes[60]       # players * nh card bytes
    uint64_t hsum[MAX_PLAYERS]
    uint64_t hmask[MAX_PLAYERS]
    uint32_t hlow[MAX_PLAYERS]
    uint32_t hflush[MAX_PLAYERS]    # (hole's suit counters + 6) & 0x8888: two or more of a suit
    int pairs                       # pairs of hole cards a player (Omaha)
    int columns[150]                # [players * pairs]: each pair's column in the pair table
    uint8_t board[5]
    int nb                  # known board cards
    uint8_t rest[52]        # the cards that can come
    int n_rest
    double weight           # each board's weight (the deal's weight, for ranges)


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef struct Totals:
    double share[MAX_PLAYERS]       # summed pot shares
    double squares[MAX_PLAYERS]     # summed squared shares
    double won[MAX_PLAYERS]         # boards whose whole pot the player takes
    double tied[MAX_PLAYERS]        # boards where the player takes part of the pot


cdef uint16_t three_hole_value(const Job* job, int p, uint64_t bsum,
                               uint64_t bmask) noexcept nogil:
    """Player p's value of three hole cards on a complete board: the best of the pairs 0-1 and
    1-2 (and 0-2 in Lazy Pineapple) with the board."""
    cdef const uint8_t* h = job.holes + 3 * p
    cdef const CardBits* c = job.t.cards
    cdef uint64_t key = KEY_INIT + bsum
    cdef uint16_t best = eval_key(&job.t, key + c[h[0]].key + c[h[1]].key,
                                  bmask | c[h[0]].mask | c[h[1]].mask)
    cdef uint16_t v = eval_key(&job.t, key + c[h[1]].key + c[h[2]].key,
                               bmask | c[h[1]].mask | c[h[2]].mask)
    if v > best:
        best = v
    if job.kind == KIND_LAZY_PINEAPPLE:
        v = eval_key(&job.t, key + c[h[0]].key + c[h[2]].key, bmask | c[h[0]].mask | c[h[2]].mask)
        if v > best:
            best = v
    return best


cdef void settle(const Job* job, uint64_t bsum, uint64_t bmask, uint32_t blow,
                 Totals* tot) noexcept nogil:
    """Add every player's share of the pot on one complete board (its cards' key sum without
    KEY_INIT, mask and low ranks) to the totals."""
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef double part
    cdef const uint16_t* row = NULL
    cdef const int* col
    cdef uint16_t best_hi = 0
    cdef uint16_t v
    cdef uint8_t best_lo = 0
    cdef uint32_t board_flush
    cdef int p, i, n_hi = 0, n_lo = 0
    cdef double hi_pot = 1.0
    if job.kind == KIND_OMAHA or job.kind == KIND_OMAHA_HI_LO:
        row = omaha_board_row(bsum)
    # Bit 3 of a suit's counter plus 5: the board holds three or more of that suit.
    board_flush = <uint32_t>((bsum >> 32) + 0x5555) & 0x8888
    for p in range(job.players):
        if job.kind == KIND_ANY_FIVE:
            hi[p] = eval_key(&job.t, KEY_INIT + bsum + job.hsum[p], bmask | job.hmask[p])
        elif job.kind == KIND_LAZY_PINEAPPLE or job.kind == KIND_DOUBLE_HOLDEM:
            hi[p] = three_hole_value(job, p, bsum, bmask)
        else:
            col = job.columns + job.pairs * p
            v = 0
            for i in range(job.pairs):
                if row[col[i]] > v:
                    v = row[col[i]]
            if board_flush & job.hflush[p]:
                i = omaha_flush_value(job.hsum[p], bsum, job.hmask[p], bmask)
                if i > v:
                    v = <uint16_t>i
            hi[p] = v
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
        part = 0.0
        if hi[p] == best_hi:
            part += hi_pot / n_hi
        if best_lo > 0 and lo[p] == best_lo:
            part += 0.5 / n_lo
        tot.share[p] += part * job.weight
        tot.squares[p] += part * part * job.weight
        if part == 1.0:
            tot.won[p] += job.weight
        elif part > 0.0:
            tot.tied[p] += job.weight


cdef void set_hole(Job* job, int p, const uint8_t* cards) noexcept nogil:
    """Give player p the job's nh hole cards ``cards`` (their key sum, mask, low ranks, suits
    held twice and, in Omaha, the pair table's column of each pair)."""
    cdef int i, j, k = 0
    cdef uint8_t c
    job.hsum[p] = 0
    job.hmask[p] = 0
    job.hlow[p] = 0
    for i in range(job.nh):
        c = cards[i]
        job.holes[job.nh * p + i] = c
        job.hsum[p] += job.t.cards[c].key
        job.hmask[p] |= job.t.cards[c].mask
        job.hlow[p] |= low_bit(c)
    job.hflush[p] = <uint32_t>((job.hsum[p] >> 32) + 0x6666) & 0x8888
    if job.kind == KIND_OMAHA or job.kind == KIND_OMAHA_HI_LO:
        for i in range(job.nh):
            for j in range(i + 1, job.nh):
                job.columns[job.pairs * p + k] = omaha_pair_column(cards[i] >> 2, cards[j] >> 2)
                k += 1


cdef uint64_t walk(const Job* job, int start, int left, uint64_t bsum, uint64_t bmask,
                   uint32_t blow, Totals* tot) noexcept nogil:
    """Settle every board that adds ``left`` of the rest's cards from ``start`` on to a partial
    board (its key sum, mask and low ranks); returns how many."""
    cdef int i
    cdef uint8_t c
    cdef uint64_t count = 0
    if left == 0:
        settle(job, bsum, bmask, blow, tot)
        return 1
    for i in range(start, job.n_rest - left + 1):
        c = job.rest[i]
        count += walk(job, i + 1, left - 1, bsum + job.t.cards[c].key,
                      bmask | job.t.cards[c].mask, blow | low_bit(c), tot)
    return count


cdef inline void settle_board(const Job* job, const uint8_t* board, Totals* tot) noexcept nogil:
    """:func:`settle` on the five cards of a complete ``board``."""
    cdef uint64_t bsum = 0
    cdef uint64_t bmask = 0
    cdef uint32_t blow = 0
    cdef int i
    for i in range(5):
        bsum += job.t.cards[board[i]].key
        bmask |= job.t.cards[board[i]].mask
        blow |= low_bit(board[i])
    settle(job, bsum, bmask, blow, tot)


cdef uint64_t enumerate_boards(const Job* job, Totals* tot) noexcept nogil:
    """Count every board completing the known cards from the rest; returns how many."""
    cdef uint64_t bsum = 0
    cdef uint64_t bmask = 0
    cdef uint32_t blow = 0
    cdef int i
    for i in range(job.nb):
        bsum += job.t.cards[job.board[i]].key
        bmask |= job.t.cards[job.board[i]].mask
        blow |= low_bit(job.board[i])
    return walk(job, 0, 5 - job.nb, bsum, bmask, blow, tot)


cdef void sample_boards(const Job* job, uint64_t samples, uint64_t seed,
                        Totals* tot) noexcept nogil:
    """Count ``samples`` boards drawn uniformly (with replacement between samples)."""
    cdef uint8_t board[5]
    cdef uint8_t deck[52]
    cdef uint64_t state = seed
    cdef uint64_t _s
    cdef int need = 5 - job.nb
    cdef int i
    for i in range(job.nb):
        board[i] = job.board[i]
    for i in range(job.n_rest):
        deck[i] = job.rest[i]
    for _s in range(samples):
        partial_shuffle(&state, deck, job.n_rest, need)
        for i in range(need):
            board[job.nb + i] = deck[i]
        settle_board(job, board, tot)


# ---------------------------------------------------------------------------------------------
# Ranges: every deal of the players' combos (exact) or deals drawn by weight (Monte Carlo)
# ---------------------------------------------------------------------------------------------

cdef struct Seat:
    int known               # cards a combo gives (the hole's nh), or 0: a random hole
    int n                   # combos
    const uint8_t* cards    # n * known card bytes
    double* weights         # n weights in (0, 1]
    double* cumulative      # their running sums (drawing by weight)
    uint64_t* masks         # each combo's cards as a 52-bit set


cdef struct Deals:
    Job job
    Seat seats[MAX_PLAYERS]
    uint8_t live[52]        # the cards that can be dealt (the deck less the board and dead)
    int n_live
    uint64_t count          # showdowns counted
    double total            # their summed weight


cdef void deal_combos(Deals* d, int p, uint64_t used, double w, Totals* tot) noexcept nogil:
    """Every deal of combos to players p.. that shares no card with ``used`` (the cards dealt to
    players before p), each settled on every board from the cards left, weighted by the
    product ``w`` of its combos' weights."""
    cdef int i, n = 0
    cdef uint64_t boards
    cdef const Seat* seat
    if p == d.job.players:
        for i in range(d.n_live):
            if not (used >> d.live[i]) & 1:
                d.job.rest[n] = d.live[i]
                n += 1
        d.job.n_rest = n
        d.job.weight = w
        boards = enumerate_boards(&d.job, tot)
        d.count += boards
        d.total += w * <double>boards
        return
    seat = &d.seats[p]
    for i in range(seat.n):
        if seat.masks[i] & used:
            continue
        set_hole(&d.job, p, seat.cards + d.job.nh * i)
        deal_combos(d, p + 1, used | seat.masks[i], w * seat.weights[i], tot)


cdef int draw_combo(const Seat* seat, uint64_t* state) noexcept nogil:
    """A combo of the seat drawn with probability proportional to its weight."""
    cdef double u
    cdef int lo = 0
    cdef int hi = seat.n - 1
    cdef int mid
    if seat.n == 1:
        return 0
    u = unit_double(state) * seat.cumulative[hi]
    while lo < hi:
        mid = (lo + hi) // 2
        if seat.cumulative[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return lo


cdef int sample_deals(Deals* d, uint64_t samples, uint64_t seed, Totals* tot) noexcept nogil:
    """Settle ``samples`` deals: each player's combo drawn by weight (a deal whose combos share
    a card is drawn again), random holes and the board's missing cards dealt from the cards
    left. Returns -1 when a million draws in a row share a card, else 0."""
    cdef uint64_t state = seed
    cdef uint64_t used
    cdef uint64_t _s
    cdef uint8_t deck[52]
    cdef uint8_t hole[6]
    cdef uint8_t board[5]
    cdef int chosen[MAX_PLAYERS]
    cdef int p, i, k, n, fails
    cdef const Seat* seat
    cdef Job* job = &d.job
    job.weight = 1.0
    for i in range(job.nb):
        board[i] = job.board[i]
    for _s in range(samples):
        fails = 0
        while True:
            used = 0
            for p in range(job.players):
                seat = &d.seats[p]
                if seat.known == 0:
                    continue
                chosen[p] = draw_combo(seat, &state)
                if seat.masks[chosen[p]] & used:
                    break
                used |= seat.masks[chosen[p]]
            else:
                break
            fails += 1
            if fails >= 1000000:
                return -1
        n = 0
        for i in range(d.n_live):
            if not (used >> d.live[i]) & 1:
                deck[n] = d.live[i]
                n += 1
        k = 0
        for p in range(job.players):
            seat = &d.seats[p]
            if seat.known:
                set_hole(job, p, seat.cards + job.nh * chosen[p])
                continue
            for i in range(job.nh):
                hole[i] = shuffle_step(&state, deck, k, n)
                k += 1
            set_hole(job, p, hole)
        for i in range(job.nb, 5):
            board[i] = shuffle_step(&state, deck, k, n)
            k += 1
        settle_board(job, board, tot)
    d.count = samples
    d.total = <double>samples
    return 0


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def showdowns(int kind, int index, holes, board, rest, uint64_t samples, uint64_t seed):
    """Every player's summed pot share, summed squared share, whole pots won and pots shared,
    and the number of boards: over every board (``samples`` 0) or ``samples`` random boards.

    ``kind`` 0 is a game whose hand is any five of the cards (tables ``index``), 1 Omaha high,
    2 Omaha high-low, 3 Lazy Pineapple, 4 Double Texas hold'em; ``holes`` one list of card
    ints a player, ``board`` the known cards, ``rest`` the cards that can come. The caller
    checks the cards.

    :raises ValueError: for other than 2 to 10 players or too few cards left.
    """
    cdef Job job
    cdef Totals tot
    cdef uint64_t count = samples
    cdef uint8_t hole[6]
    cdef int p, i
    memset(&job, 0, sizeof(job))
    memset(&tot, 0, sizeof(tot))
    if not 2 <= len(holes) <= MAX_PLAYERS or len(rest) < 5 - len(board) or len(rest) > 52:
        raise ValueError("2 to 10 players and enough cards for the board")
    job.kind = kind
    job.players = len(holes)
    job.nh = len(holes[0])
    if job.players * job.nh > 60 or not 2 <= job.nh <= 6:
        raise ValueError("2 to 6 hole cards a player, at most 60 in all")
    if kind == KIND_ANY_FIVE:
        job.t = game_eval_tables(index)
    else:
        if kind == KIND_OMAHA or kind == KIND_OMAHA_HI_LO:
            omaha_prepare()
        job.t = game_eval_tables(-1)
    job.pairs = job.nh * (job.nh - 1) // 2
    job.weight = 1.0
    for p in range(job.players):
        for i in range(job.nh):
            hole[i] = holes[p][i]
        set_hole(&job, p, hole)
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


def range_showdowns(int kind, int index, int nh, seats, board, live, uint64_t samples,
                    uint64_t seed):
    """Every player's summed pot share, summed squared share, whole pots won and pots shared,
    the number of showdowns and their summed weight, over every deal of the players' combos
    and every board (``samples`` 0), or ``samples`` deals drawn by weight; None when no deal
    was found in a million draws.

    ``seats`` holds one ``(known, cards, weights)`` a player: ``known`` cards a combo (``nh``,
    or 0 for a random hole, Monte Carlo only), ``cards`` the combos' card bytes one after the
    other, ``weights`` one weight in (0, 1] a combo. ``board`` is the known board cards,
    ``live`` the cards that can be dealt (the game's deck less the board and the dead cards).
    The caller checks the cards.

    :raises ValueError: for other than 2 to 10 players, holes of other than 2 to 6 cards, a
        random hole when counting exactly, or a seat without combos.
    """
    cdef Deals* d
    cdef Totals tot
    cdef Seat* seat
    cdef int p, i, j, status = 0
    cdef bytes cards
    if not 2 <= len(seats) <= MAX_PLAYERS or not 2 <= nh <= 6 or len(board) > 5:
        raise ValueError("2 to 10 players, 2 to 6 hole cards, a board of at most 5 cards")
    if len(live) > 52 or len(live) < 5 - len(board) + nh * sum(k == 0 for k, _, _ in seats):
        raise ValueError("not enough cards left to deal")
    d = <Deals*>malloc(sizeof(Deals))
    if not d:
        raise MemoryError()
    memset(d, 0, sizeof(Deals))
    memset(&tot, 0, sizeof(tot))
    keep = []          # the bytes the seats point into, alive until the end
    try:
        d.job.kind = kind
        d.job.players = len(seats)
        d.job.nh = nh
        d.job.pairs = nh * (nh - 1) // 2
        if kind == KIND_ANY_FIVE:
            d.job.t = game_eval_tables(index)
        else:
            if kind == KIND_OMAHA or kind == KIND_OMAHA_HI_LO:
                omaha_prepare()
            d.job.t = game_eval_tables(-1)
        d.job.nb = len(board)
        for i in range(d.job.nb):
            d.job.board[i] = board[i]
        d.n_live = len(live)
        for i in range(d.n_live):
            d.live[i] = live[i]
        for p in range(d.job.players):
            known, cards, weights = seats[p]
            seat = &d.seats[p]
            seat.known = known
            if known == 0:
                if samples == 0:
                    raise ValueError("a random hole is dealt only when sampling")
                continue
            if known != nh or len(cards) % nh or len(cards) // nh != len(weights) or not weights:
                raise ValueError("each combo is nh cards with one weight")
            seat.n = len(weights)
            cards = bytes(cards)
            keep.append(cards)
            seat.cards = <const uint8_t*><char*>cards
            seat.weights = <double*>malloc(seat.n * sizeof(double))
            seat.cumulative = <double*>malloc(seat.n * sizeof(double))
            seat.masks = <uint64_t*>malloc(seat.n * sizeof(uint64_t))
            if not seat.weights or not seat.cumulative or not seat.masks:
                raise MemoryError()
            for i in range(seat.n):
                seat.weights[i] = weights[i]
                seat.cumulative[i] = weights[i] + (seat.cumulative[i - 1] if i else 0.0)
                seat.masks[i] = 0
                for j in range(nh):
                    seat.masks[i] |= (<uint64_t>1) << seat.cards[nh * i + j]
        with nogil:
            if samples == 0:
                deal_combos(d, 0, 0, 1.0, &tot)
            else:
                status = sample_deals(d, samples, seed, &tot)
        if status < 0:
            return None
        return ([tot.share[p] for p in range(d.job.players)],
                [tot.squares[p] for p in range(d.job.players)],
                [tot.won[p] for p in range(d.job.players)],
                [tot.tied[p] for p in range(d.job.players)], d.count, d.total)
    finally:
        for p in range(MAX_PLAYERS):
            free(d.seats[p].weights)
            free(d.seats[p].cumulative)
            free(d.seats[p].masks)
        free(d)
