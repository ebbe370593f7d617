# cython: language_level=3
"""Compiled exact equity: enumeration of every board for hands and weighted ranges.

Exact enumeration does not deal every board. The cards to come are enumerated as *rank
multisets* (at most 6,175 for five cards), each weighted by how many boards have those ranks
and evaluated from the rank key alone, as if no flush could be made; then, suit by suit, only
the boards on which somebody can make a flush in that suit are enumerated (the suit's new ranks
as a set, the other new cards again as ranks) and the difference that the flush makes is added.
At most one suit can flush on a five-card board, so this counts every board once. Heads-up
preflop that is about 40,000 evaluations per player instead of 1,712,304.

A range-against-range job first collects the distinct deals up to suit isomorphism (the
permutations of suits that leave the board and the dead cards in place), adding up their
weights, so that each class is enumerated once.

Kernels are ``cdef ... noexcept nogil``; the ``def`` functions check their arguments and run
the kernels with the GIL released. Monte Carlo lives in holdem.analysis._montecarlo; the Python
face is ``holdem.equity``.
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from holdem._core cimport eval_tables
from holdem._kernels cimport EvalTables, popcount64, rank_value
from holdem._random cimport mix64
from holdem.analysis._deals cimport MAX_PLAYERS, SHARE_UNIT, card_bits, check_deal

cdef enum:
    MAX_REST = 91           # rank multisets of at most two cards
    SUIT_CACHE = 64         # suits remembered by a SuitCache

cdef EvalTables TAB
cdef uint32_t RANKSUM[8192]     # rank-key sum of the ranks in a 13-bit set
cdef int64_t BINOM[53][6]       # C(n, k) for n <= 52, k <= 5
cdef int64_t SHARE_OF[MAX_PLAYERS + 1]


ctypedef struct Tally:
    int64_t win[MAX_PLAYERS]
    int64_t tie[MAX_PLAYERS]
    int64_t eq[MAX_PLAYERS]     # in SHARE_UNIT units


ctypedef struct Exact:
    int n
    int n_tc                          # cards to come
    uint32_t board_key                # rank-key sum of the known board
    uint32_t hand_key[MAX_PLAYERS]    # rank-key sum of each hand
    int avail[13]                     # cards of each rank still in the deck
    uint32_t suit_avail[4]            # ranks still in the deck, per suit
    uint32_t board_suit[4]            # ranks of the known board, per suit
    int board_count[4]
    uint32_t hand_suit[4 * MAX_PLAYERS]
    int hand_count[4 * MAX_PLAYERS]
    Tally* t
    SuitCache* suits                  # or NULL (see SuitCache)


ctypedef struct SuitCache:
    # Heads-up with no board and no dead card, for hands of the same ranks: what the flushes
    # of one suit change depends only on the ranks each hand holds in that suit.
    int used
    uint32_t key[SUIT_CACHE]          # the two hands' ranks in the suit, 13 bits each
    int64_t d[3 * SUIT_CACHE]         # wins of each hand, ties


ctypedef struct ClassTable:
    uint64_t* k0
    uint64_t* k1
    double* weight
    int64_t* count
    int64_t cap
    int64_t used
    int64_t tuples


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline void tally(const uint16_t* v, int n, int64_t w, Tally* t) noexcept nogil:
    """Add ``w`` showdowns with values ``v`` (w may be negative: a correction)."""
    cdef uint16_t best = 0
    cdef int p, k = 0
    cdef int64_t share
    for p in range(n):
        if v[p] > best:
            best = v[p]
    for p in range(n):
        k += v[p] == best
    if k == 1:
        for p in range(n):
            if v[p] == best:
                t.win[p] += w
                t.eq[p] += w * SHARE_UNIT
    else:
        share = w * SHARE_OF[k]
        for p in range(n):
            if v[p] == best:
                t.tie[p] += w
                t.eq[p] += share


cdef void rank_boards(Exact* e, int r0, int left, uint32_t key, int64_t w) noexcept nogil:
    """Every multiset of ``left`` more ranks from r0 up, evaluated as if no flush were made."""
    cdef uint16_t v[MAX_PLAYERS]
    cdef int r, m, p, top
    if left == 0:
        for p in range(e.n):
            v[p] = rank_value(&TAB, key + e.hand_key[p])
        tally(v, e.n, w, e.t)
        return
    for r in range(r0, 13):
        top = e.avail[r] if e.avail[r] < left else left
        for m in range(1, top + 1):
            rank_boards(e, r + 1, left - m, key + <uint32_t>m * TAB.rank_keys[r],
                        w * BINOM[e.avail[r]][m])


cdef void flush_boards(Exact* e) noexcept nogil:
    """Add what flushes change: per suit, the boards on which somebody makes that flush."""
    cdef int s, p, k, kmin, maxh, i, r, r2, nrest, size, nb_s
    cdef int other[13]
    cdef uint32_t rest_key[MAX_REST]
    cdef int64_t rest_w[MAX_REST]
    cdef int64_t w
    cdef uint32_t m, low, nxt, key, board_bits
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t f[MAX_PLAYERS]
    cdef bint flushes[MAX_PLAYERS]
    cdef uint16_t fa, fb, va, vb, xa, xb
    cdef int64_t win_a = 0, win_b = 0, ties = 0
    cdef int64_t start_a, start_b, start_t
    cdef uint32_t suit_key
    cdef int hit
    cdef SuitCache* cache = e.suits
    for s in range(4):
        if cache != NULL:
            suit_key = e.hand_suit[s] | (e.hand_suit[4 + s] << 13)
            hit = -1
            for i in range(cache.used):
                if cache.key[i] == suit_key:
                    hit = i
                    break
            if hit >= 0:
                win_a += cache.d[3 * hit]
                win_b += cache.d[3 * hit + 1]
                ties += cache.d[3 * hit + 2]
                continue
            start_a, start_b, start_t = win_a, win_b, ties
        maxh = 0
        for p in range(e.n):
            if e.hand_count[4 * p + s] > maxh:
                maxh = e.hand_count[4 * p + s]
        nb_s = e.board_count[s]
        kmin = 5 - nb_s - maxh
        if kmin < 0:
            kmin = 0
        for r in range(13):
            other[r] = e.avail[r] - <int>((e.suit_avail[s] >> r) & 1)
        for k in range(kmin, e.n_tc + 1):
            if popcount64(e.suit_avail[s]) < k:
                break
            # The other new cards, of other suits: a multiset of at most two ranks (a player
            # flushes only with three board cards of the suit, so k >= n_tc - 2).
            size = e.n_tc - k
            nrest = 0
            if size == 0:
                rest_key[0] = 0
                rest_w[0] = 1
                nrest = 1
            elif size == 1:
                for r in range(13):
                    if other[r] > 0:
                        rest_key[nrest] = TAB.rank_keys[r]
                        rest_w[nrest] = other[r]
                        nrest += 1
            elif size == 2:
                for r in range(13):
                    for r2 in range(r, 13):
                        if r == r2:
                            w = BINOM[other[r]][2]
                        else:
                            w = <int64_t>other[r] * other[r2]
                        if w > 0:
                            rest_key[nrest] = TAB.rank_keys[r] + TAB.rank_keys[r2]
                            rest_w[nrest] = w
                            nrest += 1
            else:
                continue        # cannot happen (see above)
            for p in range(e.n):
                flushes[p] = nb_s + k + e.hand_count[4 * p + s] >= 5
            # Every k-subset of the suit's ranks left in the deck (Gosper's hack).
            m = (1u << k) - 1
            while m < 8192:
                if (m & ~e.suit_avail[s]) == 0:
                    key = e.board_key + RANKSUM[m]
                    board_bits = e.board_suit[s] | m
                    if e.n == 2:
                        # Heads-up, without branches on who wins: (flush) - (no flush) outcomes.
                        fa = TAB.flush[board_bits | e.hand_suit[s]]
                        fb = TAB.flush[board_bits | e.hand_suit[4 + s]]
                        for i in range(nrest):
                            va = rank_value(&TAB, key + rest_key[i] + e.hand_key[0])
                            vb = rank_value(&TAB, key + rest_key[i] + e.hand_key[1])
                            xa = fa if flushes[0] else va
                            xb = fb if flushes[1] else vb
                            w = rest_w[i]
                            win_a += w * ((xa > xb) - (va > vb))
                            win_b += w * ((xb > xa) - (vb > va))
                            ties += w * ((xa == xb) - (va == vb))
                    else:
                        for i in range(nrest):
                            for p in range(e.n):
                                v[p] = rank_value(&TAB, key + rest_key[i] + e.hand_key[p])
                                if flushes[p]:
                                    f[p] = TAB.flush[board_bits | e.hand_suit[4 * p + s]]
                                else:
                                    f[p] = v[p]
                            tally(f, e.n, rest_w[i], e.t)
                            tally(v, e.n, -rest_w[i], e.t)
                if m == 0:
                    break
                low = m & (0u - m)
                nxt = m + low
                m = (((nxt ^ m) >> 2) // low) | nxt
        if cache != NULL and cache.used < SUIT_CACHE:
            cache.key[cache.used] = suit_key
            cache.d[3 * cache.used] = win_a - start_a
            cache.d[3 * cache.used + 1] = win_b - start_b
            cache.d[3 * cache.used + 2] = ties - start_t
            cache.used += 1
    e.t.win[0] += win_a
    e.t.win[1] += win_b
    e.t.tie[0] += ties
    e.t.tie[1] += ties
    e.t.eq[0] += win_a * SHARE_UNIT + ties * (SHARE_UNIT // 2)
    e.t.eq[1] += win_b * SHARE_UNIT + ties * (SHARE_UNIT // 2)


cdef int64_t exact_one(const uint8_t* hands, int n, const uint8_t* board, int nb,
                       uint64_t dead, Tally* t, int64_t* ranks,
                       SuitCache* suits) noexcept nogil:
    """Exact showdown counts of one set of hands over every completion of the board.

    ``hands`` holds two card indices per player, all distinct and not on the board or dead
    (the caller checks). Adds to ``t``; returns the number of boards. ``ranks`` (or NULL), for
    two players with no board and no dead card, whose ``t`` starts at zero: the counts as if
    no flush were made of the last hands counted (their rank_index, then their wins, ties
    and equity units), which depend on the ranks of the hands alone: hands alike up to suits,
    counted one after the other, count them once; and ``suits`` (with ``ranks``) what the
    flushes of each suit changed for them.
    """
    cdef Exact e
    cdef uint64_t used = dead
    cdef int i, p, c, deck = 0
    memset(&e, 0, sizeof(Exact))
    e.n = n
    e.n_tc = 5 - nb
    e.t = t
    for i in range(nb):
        c = board[i]
        used |= (<uint64_t>1) << c
        e.board_key += TAB.rank_keys[c >> 2]
        e.board_suit[c & 3] |= 1u << (c >> 2)
        e.board_count[c & 3] += 1
    for p in range(n):
        for i in range(2):
            c = hands[2 * p + i]
            used |= (<uint64_t>1) << c
            e.hand_key[p] += TAB.rank_keys[c >> 2]
            e.hand_suit[4 * p + (c & 3)] |= 1u << (c >> 2)
            e.hand_count[4 * p + (c & 3)] += 1
    for c in range(52):
        if not (used >> c) & 1:
            e.avail[c >> 2] += 1
            e.suit_avail[c & 3] |= 1u << (c >> 2)
            deck += 1
    if ranks == NULL:
        rank_boards(&e, 0, e.n_tc, e.board_key, 1)
    elif ranks[0] != rank_index(hands):  # not the ranks of the last hands: count them
        rank_boards(&e, 0, e.n_tc, e.board_key, 1)
        suits.used = 0
        ranks[0] = rank_index(hands)
        ranks[1] = t.win[0]
        ranks[2] = t.win[1]
        ranks[3] = t.tie[0]
        ranks[4] = t.eq[0]
        ranks[5] = t.eq[1]
    else:
        t.win[0] = ranks[1]
        t.win[1] = ranks[2]
        t.tie[0] = t.tie[1] = ranks[3]
        t.eq[0] = ranks[4]
        t.eq[1] = ranks[5]
    if ranks != NULL:
        e.suits = suits
    flush_boards(&e)
    return BINOM[deck][e.n_tc]


cdef inline int64_t rank_index(const uint8_t* hands) noexcept nogil:
    """The ranks of two hands as one index below 13**4 (each hand's higher rank first)."""
    cdef int a = hands[0] >> 2, b = hands[1] >> 2, c = hands[2] >> 2, d = hands[3] >> 2
    if a < b:
        a, b = b, a
    if c < d:
        c, d = d, c
    return ((a * 13 + b) * 13 + c) * 13 + d


cdef void canonical(const uint8_t* hands, int n, const uint8_t* perms, int nperm,
                    uint64_t* k0, uint64_t* k1) noexcept nogil:
    """The least encoding of the hands over the suit permutations (12 bits a hand)."""
    cdef uint64_t a0, a1, b0 = <uint64_t>(-1), b1 = <uint64_t>(-1)
    cdef int q, p, x, y, z
    for q in range(nperm):
        a0 = 0
        a1 = 0
        for p in range(n):
            x = (hands[2 * p] & ~3) | perms[4 * q + (hands[2 * p] & 3)]
            y = (hands[2 * p + 1] & ~3) | perms[4 * q + (hands[2 * p + 1] & 3)]
            if x < y:
                z = x
                x = y
                y = z
            if p < 5:
                a0 = (a0 << 12) | <uint64_t>(x * 52 + y)
            else:
                a1 = (a1 << 12) | <uint64_t>(x * 52 + y)
        if a0 < b0 or (a0 == b0 and a1 < b1):
            b0 = a0
            b1 = a1
    k0[0] = b0
    k1[0] = b1


cdef int table_grow(ClassTable* ct) noexcept nogil:
    """Double the class table; returns -1 when out of memory."""
    cdef int64_t old = ct.cap, cap = 2 * ct.cap if ct.cap else 1024
    cdef int64_t i, j
    cdef uint64_t* k0 = <uint64_t*>malloc(cap * sizeof(uint64_t))
    cdef uint64_t* k1 = <uint64_t*>malloc(cap * sizeof(uint64_t))
    cdef double* weight = <double*>malloc(cap * sizeof(double))
    cdef int64_t* count = <int64_t*>calloc(cap, sizeof(int64_t))
    if not k0 or not k1 or not weight or not count:
        free(k0)
        free(k1)
        free(weight)
        free(count)
        return -1
    for i in range(old):
        if ct.count[i]:
            j = <int64_t>(mix64(ct.k0[i], ct.k1[i]) & <uint64_t>(cap - 1))
            while count[j]:
                j = (j + 1) & (cap - 1)
            k0[j] = ct.k0[i]
            k1[j] = ct.k1[i]
            weight[j] = ct.weight[i]
            count[j] = ct.count[i]
    free(ct.k0)
    free(ct.k1)
    free(ct.weight)
    free(ct.count)
    ct.k0 = k0
    ct.k1 = k1
    ct.weight = weight
    ct.count = count
    ct.cap = cap
    return 0


cdef int table_add(ClassTable* ct, uint64_t k0, uint64_t k1, double w) noexcept nogil:
    cdef int64_t j
    if 2 * (ct.used + 1) > ct.cap:
        if table_grow(ct) < 0:
            return -1
    j = <int64_t>(mix64(k0, k1) & <uint64_t>(ct.cap - 1))
    while ct.count[j]:
        if ct.k0[j] == k0 and ct.k1[j] == k1:
            ct.weight[j] += w
            ct.count[j] += 1
            return 0
        j = (j + 1) & (ct.cap - 1)
    ct.k0[j] = k0
    ct.k1[j] = k1
    ct.weight[j] = w
    ct.count[j] = 1
    ct.used += 1
    return 0


cdef int collect(int n, int p, const uint8_t* combos, const double* weights,
                 const int64_t* start, uint64_t used, double w, uint8_t* hands,
                 const uint8_t* perms, int nperm, ClassTable* ct) noexcept nogil:
    """Every deal of one combo per player without shared cards, added to its class."""
    cdef int64_t i
    cdef uint64_t m, k0, k1
    if p == n:
        canonical(hands, n, perms, nperm, &k0, &k1)
        ct.tuples += 1
        return table_add(ct, k0, k1, w)
    for i in range(start[p], start[p + 1]):
        m = ((<uint64_t>1) << combos[2 * i]) | ((<uint64_t>1) << combos[2 * i + 1])
        if used & m:
            continue
        hands[2 * p] = combos[2 * i]
        hands[2 * p + 1] = combos[2 * i + 1]
        if collect(n, p + 1, combos, weights, start, used | m, w * weights[i], hands,
                   perms, nperm, ct) < 0:
            return -1
    return 0


cdef void decode(uint64_t k0, uint64_t k1, int n, uint8_t* hands) noexcept nogil:
    """The hands of a class key (see canonical)."""
    cdef int p, n0 = n if n < 5 else 5
    cdef uint64_t code
    for p in range(n):
        if p < 5:
            code = (k0 >> (12 * (n0 - 1 - p))) & 0xFFF
        else:
            code = (k1 >> (12 * (n - 6 - (p - 5)))) & 0xFFF
        hands[2 * p] = <uint8_t>(code // 52)
        hands[2 * p + 1] = <uint8_t>(code % 52)


cdef int64_t exact_classes(const uint8_t* hands, const double* weights, int64_t count, int n,
                           const uint8_t* board, int nb, uint64_t dead,
                           double* out) noexcept nogil:
    """Weighted exact counts of ``count`` classes: out[0..3n) = wins, ties, equity units.

    Returns the number of boards each class was dealt.
    """
    cdef Tally t
    cdef int64_t c, boards = 0
    cdef int p
    cdef int64_t last[6]
    cdef int64_t* ranks = NULL
    cdef SuitCache suits
    suits.used = 0
    if n == 2 and nb == 0 and dead == 0:
        last[0] = -1
        ranks = last
    for c in range(count):
        memset(&t, 0, sizeof(Tally))
        boards = exact_one(hands + 2 * n * c, n, board, nb, dead, &t, ranks, &suits)
        for p in range(n):
            out[p] += weights[c] * <double>t.win[p]
            out[n + p] += weights[c] * <double>t.tie[p]
            out[2 * n + p] += weights[c] * <double>t.eq[p]
    return boards


cdef void build_constants() noexcept nogil:
    cdef int n, k, m, r
    cdef uint32_t s
    global TAB
    TAB = eval_tables()
    for n in range(53):
        BINOM[n][0] = 1
        for k in range(1, 6):
            BINOM[n][k] = 0 if n == 0 else BINOM[n - 1][k - 1] + BINOM[n - 1][k]
    for m in range(8192):
        s = 0
        for r in range(13):
            if (m >> r) & 1:
                s += TAB.rank_keys[r]
        RANKSUM[m] = s
    SHARE_OF[0] = 0
    for k in range(1, MAX_PLAYERS + 1):
        SHARE_OF[k] = SHARE_UNIT // k


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

build_constants()

#: Equity units: a player's equity count is in 1/SHARE_UNIT of a showdown.
SHARE = SHARE_UNIT
MAX_SEATS = MAX_PLAYERS


def collect_classes(int n, const uint8_t[::1] combos not None, const double[::1] weights not None,
                    starts, uint64_t known, const uint8_t[::1] perms not None):
    """Distinct deals of one combo per player up to the given suit permutations.

    ``combos`` holds two card indices per combo, player after player (``starts``: n + 1
    offsets); ``known`` has a bit per card on the board or dead; ``perms`` 4 bytes per
    permutation of the suits. Returns (hands bytes, 2n a class; weights; tuples per class;
    number of deals).
    """
    cdef int64_t st[MAX_PLAYERS + 1]
    cdef uint8_t hands[2 * MAX_PLAYERS]
    cdef ClassTable ct
    cdef int status, nperm = <int>(perms.shape[0] // 4)
    cdef int64_t i, j
    cdef bytearray out
    cdef uint8_t* o
    if not 1 <= n <= MAX_PLAYERS or len(starts) != n + 1:
        raise ValueError("one start offset per player and the end")
    for i in range(n + 1):
        st[i] = starts[i]
    if st[0] != 0 or st[n] * 2 != combos.shape[0] or st[n] != weights.shape[0]:
        raise ValueError("offsets do not match the combos")
    for i in range(n):
        if st[i + 1] < st[i]:
            raise ValueError("offsets must not decrease")
    for i in range(combos.shape[0]):
        if combos[i] >= 52:
            raise ValueError(f"not a card index: {combos[i]}")
    if nperm < 1 or perms.shape[0] % 4:
        raise ValueError("at least one permutation of the 4 suits")
    for i in range(perms.shape[0]):
        if perms[i] > 3:
            raise ValueError("a suit permutation maps suits 0..3")
    memset(&ct, 0, sizeof(ClassTable))
    if st[n] == 0:
        return bytes(), [], [], 0
    with nogil:
        status = collect(n, 0, &combos[0], &weights[0], st, known, 1.0, hands, &perms[0],
                         nperm, &ct)
    try:
        if status < 0:
            raise MemoryError()
        out = bytearray(2 * n * ct.used)
        o = out
        ws = []
        counts = []
        j = 0
        for i in range(ct.cap):
            if ct.count[i]:
                decode(ct.k0[i], ct.k1[i], n, o + 2 * n * j)
                ws.append(ct.weight[i])
                counts.append(ct.count[i])
                j += 1
        return bytes(out), ws, counts, ct.tuples
    finally:
        free(ct.k0)
        free(ct.k1)
        free(ct.weight)
        free(ct.count)


def enumerate_classes(int n, const uint8_t[::1] hands not None,
                      const double[::1] weights not None, const uint8_t[::1] board not None,
                      const uint8_t[::1] dead not None):
    """Exact weighted counts of classes of deals (as made by collect_classes).

    Returns (boards per deal, wins, ties, equity units): lists of n weighted sums.
    """
    cdef int64_t count = weights.shape[0]
    cdef int nb = <int>board.shape[0]
    cdef uint64_t db, known
    cdef int64_t boards = 0
    cdef double out[3 * MAX_PLAYERS]
    cdef Py_ssize_t i
    cdef int p
    cdef uint64_t m
    check_deal(n, board.shape[0], dead.shape[0])
    if hands.shape[0] != 2 * n * count:
        raise ValueError("two cards per player per class")
    db = card_bits(dead)
    known = db | card_bits(board)
    if popcount64(known) != board.shape[0] + dead.shape[0]:
        raise ValueError("a card appears twice")
    for i in range(count):
        m = known
        for p in range(2 * n):
            if hands[2 * n * i + p] >= 52 or (m >> hands[2 * n * i + p]) & 1:
                raise ValueError("a card appears twice")
            m |= (<uint64_t>1) << hands[2 * n * i + p]
    memset(out, 0, sizeof(out))
    if count:
        with nogil:
            boards = exact_classes(&hands[0], &weights[0], count, n,
                                   &board[0] if nb else NULL, nb, db, out)
    return (boards, [out[p] for p in range(n)], [out[n + p] for p in range(n)],
            [out[2 * n + p] for p in range(n)])
