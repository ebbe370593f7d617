# cython: language_level=3
"""The compiled hand-strength kernels: equity against a weighted opponent hand, over every
runout, per hand and for every hand on a board at once.

A hand's strength on a full board against an opponent's hand drawn from weights ``w`` (one per
two-card combo, 0 for none) is ``HS = (win + tie / 2) / total``: the weights of the opponent's
combos that it beats, ties and meets, among those that share no card with it or the board.
Over the runouts of an unfinished board (every completion to five cards, equally likely), the
kernels sum per runout ``S = win + tie / 2`` and ``T = total``, so that (with ``HS_r = S_r / T_r``):

* EHS = sum S_r / sum T_r (the equity: the runout and the opponent drawn together),
* EHS2 = sum T_r HS_r^2 / sum T_r (the runout drawn with the weight of its opponents),
* the histogram of HS_r over the runouts, each counted with T_r,

and, per hand, the potentials of Billings et al. from the counts of (now, at the river) states.

``board_sweep`` gives every hole's S and T on one five-card board in one pass: the 1,081 holes
are evaluated once, sorted by value, and each hole's wins are the weight of the lower hands
minus those that share one of its cards (the weights of the lower hands per card).
"""

from libc.math cimport NAN
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from holdem._core cimport eval_tables
from holdem._kernels cimport KEY_INIT, EvalTables, eval_key
from holdem.abstraction._isomorphism cimport Indexer, IndexerTables, index_hand, unindex_hand

cdef enum:
    N_COMBOS = 1326
    N_HOLES = 1081          # two-card holes beside a five-card board: C(47, 2)

cdef EvalTables TABLES = eval_tables()


ctypedef struct Sweep:
    # scratch of board_sweep, per thread
    uint32_t keys[N_HOLES]
    uint32_t tmp[N_HOLES]
    uint16_t ids[N_HOLES]          # the holes' combo ids, in the order they were listed
    uint8_t ha[N_HOLES]            # and their cards
    uint8_t hb[N_HOLES]
    double less[52]
    double equal[52]
    double all_card[52]


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline int combo_id(int a, int b) noexcept nogil:
    """The number of the two-card combo {a, b}, a < b: b (b - 1) / 2 + a (0 to 1,325)."""
    return b * (b - 1) // 2 + a


cdef inline uint16_t value7(const EvalTables* t, uint64_t key, uint64_t mask, int a,
                            int b) noexcept nogil:
    return eval_key(t, key + t.cards[a].key + t.cards[b].key,
                    mask | t.cards[a].mask | t.cards[b].mask)


cdef int board_sweep(const EvalTables* t, const uint8_t* board, const double* weights,
                     Sweep* sw, double* S, double* T) noexcept nogil:
    """S and T (see the module) of every hole beside a five-card board, by combo id (holes
    that touch the board are left as they were); the number of holes (1,081)."""
    cdef uint64_t key = KEY_INIT, mask = 0, used = 0
    cdef int i, j, a, b, n = 0, id, g, h
    cdef uint32_t counts[256]
    cdef double w, less_all = 0.0, equal_all, total_all = 0.0, win, tie
    for i in range(5):
        key += t.cards[board[i]].key
        mask |= t.cards[board[i]].mask
        used |= (<uint64_t>1) << board[i]
    for i in range(52):
        sw.less[i] = 0.0
        sw.equal[i] = 0.0
        sw.all_card[i] = 0.0
    for b in range(52):
        if used & ((<uint64_t>1) << b):
            continue
        for a in range(b):
            if used & ((<uint64_t>1) << a):
                continue
            id = combo_id(a, b)
            sw.ids[n] = <uint16_t>id
            sw.ha[n] = <uint8_t>a
            sw.hb[n] = <uint8_t>b
            sw.keys[n] = ((<uint32_t>value7(t, key, mask, a, b)) << 16) | <uint32_t>n
            w = weights[id]
            total_all += w
            sw.all_card[a] += w
            sw.all_card[b] += w
            n += 1
    # sort by value: two passes of a radix sort on the value's bytes (bits 16..31)
    for g in range(2):
        memset(counts, 0, sizeof(counts))
        for i in range(n):
            counts[(sw.keys[i] >> (16 + 8 * g)) & 255] += 1
        j = 0
        for i in range(256):
            j += counts[i]
            counts[i] = j - counts[i]
        for i in range(n):
            sw.tmp[counts[(sw.keys[i] >> (16 + 8 * g)) & 255]] = sw.keys[i]
            counts[(sw.keys[i] >> (16 + 8 * g)) & 255] += 1
        for i in range(n):
            sw.keys[i] = sw.tmp[i]
    i = 0
    while i < n:
        j = i
        equal_all = 0.0
        while j < n and (sw.keys[j] >> 16) == (sw.keys[i] >> 16):
            h = sw.keys[j] & 0xFFFF
            id = sw.ids[h]
            a = sw.ha[h]
            b = sw.hb[h]
            w = weights[id]
            equal_all += w
            sw.equal[a] += w
            sw.equal[b] += w
            j += 1
        for g in range(i, j):
            h = sw.keys[g] & 0xFFFF
            id = sw.ids[h]
            a = sw.ha[h]
            b = sw.hb[h]
            w = weights[id]
            win = less_all - sw.less[a] - sw.less[b]
            tie = equal_all - sw.equal[a] - sw.equal[b] + w
            S[id] = win + 0.5 * tie
            T[id] = total_all - sw.all_card[a] - sw.all_card[b] + w
        for g in range(i, j):
            h = sw.keys[g] & 0xFFFF
            id = sw.ids[h]
            a = sw.ha[h]
            b = sw.hb[h]
            w = weights[id]
            less_all += w
            sw.less[a] += w
            sw.less[b] += w
            sw.equal[a] = 0.0
            sw.equal[b] = 0.0
        i = j
    return n


cdef inline int bin_of(double hs, int bins) noexcept nogil:
    cdef int k = <int>(hs * bins)
    if k >= bins:
        k = bins - 1
    if k < 0:
        k = 0
    return k


cdef inline bint next_combination(int* pick, int m, int n) noexcept nogil:
    """The next m-subset of 0..n - 1 in lexicographic order, in place; false after the last."""
    cdef int i = m - 1
    while i >= 0 and pick[i] == n - m + i:
        i -= 1
    if i < 0:
        return False
    pick[i] += 1
    for i in range(i + 1, m):
        pick[i] = pick[i - 1] + 1
    return True


cdef int board_runouts(const EvalTables* t, const uint8_t* board, int k, const double* weights,
                       int bins, Sweep* sw, double* S, double* T, double* num, double* tot,
                       double* sq, double* hist) noexcept nogil:
    """Sum over the runouts of a k-card board (every completion to five cards) the sweeps of
    every hole beside the board: num += S, tot += T, sq += T HS^2, hist[bin(HS)] += T, by combo
    id (these sums start at zero for the caller). The number of runouts."""
    cdef uint8_t rest[52]
    cdef uint8_t full[5]
    cdef int pick[5]
    cdef uint64_t used = 0
    cdef int i, n = 0, m = 5 - k, runs = 0, id
    cdef double hs
    for i in range(k):
        used |= (<uint64_t>1) << board[i]
        full[i] = board[i]
    for i in range(52):
        if not used & ((<uint64_t>1) << i):
            rest[n] = <uint8_t>i
            n += 1
    for i in range(m):
        pick[i] = i
    while True:
        for i in range(m):
            full[k + i] = rest[pick[i]]
        board_sweep(t, full, weights, sw, S, T)
        for i in range(N_HOLES):
            id = sw.ids[i]
            if T[id] > 0.0:
                hs = S[id] / T[id]
                num[id] += S[id]
                tot[id] += T[id]
                sq[id] += S[id] * hs
                if bins > 0:
                    hist[id * bins + bin_of(hs, bins)] += T[id]
        runs += 1
        if m == 0 or not next_combination(pick, m, n):
            break
    return runs


cdef void clear_sums(uint64_t used, int bins, double* num, double* tot, double* sq,
                     double* hist) noexcept nogil:
    """Zero the sums of every hole beside the board of cards ``used``."""
    cdef int a, b, id, j
    for b in range(52):
        if used & ((<uint64_t>1) << b):
            continue
        for a in range(b):
            if used & ((<uint64_t>1) << a):
                continue
            id = combo_id(a, b)
            num[id] = 0.0
            tot[id] = 0.0
            sq[id] = 0.0
            for j in range(bins):
                hist[id * bins + j] = 0.0


cdef int64_t table_rows(const EvalTables* t, const Indexer* ix, const uint8_t* boards, int k,
                        const double* orbit, int64_t lo, int64_t hi, const double* weights,
                        int bins, Sweep* sw, double* S, double* T, double* num, double* tot,
                        double* sq, double* hist, float* ehs, float* ehs2, float* out_hist,
                        double* acc) noexcept nogil:
    """For each k-card board of rows lo..hi - 1 (k = 3, 4 or 5), the sums of every hole beside
    it over the board's runouts, then:

    * orbit NULL: the features of each (hole, board), written at its index in the street
      indexer ix (rounds (2, k)) into ehs, ehs2 (unless NULL) and out_hist;
    * else (pre-flop, ix of rounds (2,), the boards canonical flops each standing for orbit[row]
      flops): the sums, times the orbit, added into acc by the hole's class (3 + bins doubles:
      sum S, sum T, sum T HS^2, the histogram). Sound when the weights are the same under every
      renaming of the suits.

    The first row (from lo) with a bad board, or -1."""
    cdef int64_t row, idx
    cdef uint8_t hand[7]
    cdef uint64_t used
    cdef int i, a, b, id, j, r = 0 if orbit != NULL else 1
    cdef double w
    for row in range(lo, hi):
        used = 0
        for i in range(k):
            hand[2 + i] = boards[k * row + i]
            if hand[2 + i] >= 52 or used & ((<uint64_t>1) << hand[2 + i]):
                return row - lo
            used |= (<uint64_t>1) << hand[2 + i]
        clear_sums(used, bins, num, tot, sq, hist)
        board_runouts(t, hand + 2, k, weights, bins, sw, S, T, num, tot, sq, hist)
        for b in range(52):
            if used & ((<uint64_t>1) << b):
                continue
            for a in range(b):
                if used & ((<uint64_t>1) << a):
                    continue
                id = combo_id(a, b)
                hand[0] = <uint8_t>a
                hand[1] = <uint8_t>b
                idx = index_hand(ix, r, hand)
                if orbit != NULL:
                    w = orbit[row]
                    acc[idx * (3 + bins)] += w * num[id]
                    acc[idx * (3 + bins) + 1] += w * tot[id]
                    acc[idx * (3 + bins) + 2] += w * sq[id]
                    for j in range(bins):
                        acc[idx * (3 + bins) + 3 + j] += w * hist[id * bins + j]
                elif tot[id] > 0.0:
                    ehs[idx] = <float>(num[id] / tot[id])
                    if ehs2 != NULL:
                        ehs2[idx] = <float>(sq[id] / tot[id])
                    for j in range(bins):
                        out_hist[idx * bins + j] = <float>(hist[id * bins + j] / tot[id])
    return -1


cdef int hand_features(const EvalTables* t, const uint8_t* hole, const uint8_t* board, int k,
                       const double* weights, int bins, double* out, double* hist) noexcept nogil:
    """One hand's features against the weights, every runout and opponent combo in turn:
    out = [EHS, EHS2, PPot, NPot, total weight]; hist (bins values) the distribution of HS over
    the runouts. PPot and NPot need a board of 3 or 4 cards (else 0). -1 when no opponent combo
    of positive weight is possible, else 0."""
    cdef uint8_t rest[52]
    cdef uint8_t opp[N_COMBOS][2]
    cdef double w[N_COMBOS]
    cdef uint16_t now[N_COMBOS]
    cdef int pick[5]
    cdef uint64_t used = 0, bkey = KEY_INIT, bmask = 0, fkey, fmask, run
    cdef int i, j, n = 0, n_opp = 0, m = 5 - k, a, b, st_now, st_end, c
    cdef uint16_t mine_now = 0, mine_end, v
    cdef double hp[3][3]
    cdef double s_r, t_r, num = 0.0, tot = 0.0, sq = 0.0, hs
    for i in range(3):
        for j in range(3):
            hp[i][j] = 0.0
    for i in range(bins):
        hist[i] = 0.0
    used = ((<uint64_t>1) << hole[0]) | ((<uint64_t>1) << hole[1])
    for i in range(k):
        used |= (<uint64_t>1) << board[i]
        bkey += t.cards[board[i]].key
        bmask |= t.cards[board[i]].mask
    for i in range(52):
        if not used & ((<uint64_t>1) << i):
            rest[n] = <uint8_t>i
            n += 1
    for b in range(n):
        for a in range(b):
            c = combo_id(rest[a], rest[b])
            if weights[c] > 0.0:
                opp[n_opp][0] = rest[a]
                opp[n_opp][1] = rest[b]
                w[n_opp] = weights[c]
                n_opp += 1
    if n_opp == 0:
        return -1
    if k >= 3:
        mine_now = value7(t, bkey, bmask, hole[0], hole[1])
        for i in range(n_opp):
            now[i] = value7(t, bkey, bmask, opp[i][0], opp[i][1])
    for i in range(m):
        pick[i] = i
    while True:
        fkey = bkey
        fmask = bmask
        run = 0
        for i in range(m):
            fkey += t.cards[rest[pick[i]]].key
            fmask |= t.cards[rest[pick[i]]].mask
            run |= (<uint64_t>1) << rest[pick[i]]
        mine_end = value7(t, fkey, fmask, hole[0], hole[1])
        s_r = 0.0
        t_r = 0.0
        for i in range(n_opp):
            if run & (((<uint64_t>1) << opp[i][0]) | ((<uint64_t>1) << opp[i][1])):
                continue
            v = value7(t, fkey, fmask, opp[i][0], opp[i][1])
            st_end = 0 if mine_end > v else (1 if mine_end == v else 2)
            t_r += w[i]
            if st_end == 0:
                s_r += w[i]
            elif st_end == 1:
                s_r += 0.5 * w[i]
            if k >= 3:
                st_now = 0 if mine_now > now[i] else (1 if mine_now == now[i] else 2)
                hp[st_now][st_end] += w[i]
        if t_r > 0.0:
            hs = s_r / t_r
            num += s_r
            tot += t_r
            sq += s_r * hs
            if bins > 0:
                hist[bin_of(hs, bins)] += t_r
        if m == 0 or not next_combination(pick, m, n):
            break
    if tot <= 0.0:
        return -1
    out[0] = num / tot
    out[1] = sq / tot
    out[2] = 0.0
    out[3] = 0.0
    out[4] = tot
    # states: 0 ahead, 1 tied, 2 behind (now, at the river)
    hs = (hp[2][0] + hp[2][1] + hp[2][2]) + 0.5 * (hp[1][0] + hp[1][1] + hp[1][2])
    if hs > 0.0:
        out[2] = (hp[2][0] + 0.5 * hp[2][1] + 0.5 * hp[1][0]) / hs
    hs = (hp[0][0] + hp[0][1] + hp[0][2]) + 0.5 * (hp[1][0] + hp[1][1] + hp[1][2])
    if hs > 0.0:
        out[3] = (hp[0][2] + 0.5 * hp[1][2] + 0.5 * hp[0][1]) / hs
    for i in range(bins):
        hist[i] /= tot
    return 0


cdef int64_t features_rows(const EvalTables* t, const Indexer* ix, const int64_t* indices,
                           int64_t lo, int64_t hi, const double* weights, int bins,
                           double* out, double* hist) noexcept nogil:
    """hand_features of the canonical hand of each index of rows lo..hi - 1 (the last round of
    the street indexer ix: rounds (2,) or (2, k)), into out (5 a row) and hist (bins a row); a
    hand that no opponent combo can meet gets NaN. The first row (from lo) whose index is out of
    range, or -1."""
    cdef int64_t row
    cdef uint8_t hand[7]
    cdef int r = ix.rounds - 1, k = ix.total[ix.rounds - 1] - 2, i
    for row in range(lo, hi):
        if unindex_hand(ix, r, indices[row], hand) < 0:
            return row - lo
        if hand_features(t, hand, hand + 2, k, weights, bins, out + 5 * row,
                         hist + bins * row) < 0:
            for i in range(5):
                out[5 * row + i] = NAN
    return -1


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------


cdef double* scratch(int bins, Sweep** sw) noexcept nogil:
    """One block for a call's sums (S, T, num, tot, sq: 1,326 doubles each, then the
    histograms) and its Sweep; NULL when out of memory."""
    cdef size_t n = (5 + (bins if bins > 0 else 0)) * N_COMBOS
    cdef char* block = <char*>malloc(n * sizeof(double) + sizeof(Sweep))
    if block == NULL:
        return NULL
    sw[0] = <Sweep*>(block + n * sizeof(double))
    return <double*>block


def features(const uint8_t[::1] hole, const uint8_t[::1] board, const double[::1] weights,
             int bins, double[::1] out, double[::1] hist) -> int:
    """hand_features without the GIL (arguments checked by the caller); -1 when no opponent
    combo is possible."""
    cdef int r
    cdef const uint8_t* bp = &board[0] if board.shape[0] else NULL
    cdef double* hp = &hist[0] if hist.shape[0] else NULL
    with nogil:
        r = hand_features(&TABLES, &hole[0], bp, <int>board.shape[0], &weights[0], bins,
                          &out[0], hp)
    return r


def table(IndexerTables ix, const uint8_t[:, ::1] boards, int64_t lo, int64_t hi,
          const double[::1] weights, int bins, float[::1] ehs, float[::1] ehs2,
          float[::1] hist) -> int:
    """table_rows over boards lo..hi - 1, without the GIL; the first bad row from lo, or -1.

    :raises MemoryError: when the sums do not fit in memory.
    """
    cdef int64_t bad
    cdef int k = <int>boards.shape[1]
    cdef Sweep* sw
    cdef double* d = scratch(bins, &sw)
    cdef float* hp = &hist[0] if hist.shape[0] else NULL
    cdef float* e2 = &ehs2[0] if ehs2.shape[0] else NULL
    if d == NULL:
        raise MemoryError()
    try:
        with nogil:
            bad = table_rows(&TABLES, &ix.ix, &boards[0, 0], k, NULL, lo, hi, &weights[0],
                             bins, sw, d, d + N_COMBOS, d + 2 * N_COMBOS, d + 3 * N_COMBOS,
                             d + 4 * N_COMBOS, d + 5 * N_COMBOS, &ehs[0], e2, hp, NULL)
    finally:
        free(d)
    return bad


def preflop(IndexerTables ix, const uint8_t[:, ::1] flops, const double[::1] orbit,
            int64_t lo, int64_t hi, const double[::1] weights, int bins,
            double[::1] acc) -> int:
    """table_rows' pre-flop sums over flops lo..hi - 1 into acc, without the GIL; -1.

    :raises MemoryError: when the sums do not fit in memory.
    """
    cdef int64_t bad
    cdef Sweep* sw
    cdef double* d = scratch(bins, &sw)
    if d == NULL:
        raise MemoryError()
    try:
        with nogil:
            bad = table_rows(&TABLES, &ix.ix, &flops[0, 0], 3, &orbit[0], lo, hi, &weights[0],
                             bins, sw, d, d + N_COMBOS, d + 2 * N_COMBOS, d + 3 * N_COMBOS,
                             d + 4 * N_COMBOS, d + 5 * N_COMBOS, NULL, NULL, NULL, &acc[0])
    finally:
        free(d)
    return bad


def features_batch(IndexerTables ix, const int64_t[::1] indices, int64_t lo, int64_t hi,
                   const double[::1] weights, int bins, double[:, ::1] out,
                   double[:, ::1] hist) -> int:
    """features_rows without the GIL; the first bad row from lo, or -1."""
    cdef int64_t bad
    cdef double* hp = &hist[0, 0] if hist.shape[1] else NULL
    if hi <= lo:
        return -1
    with nogil:
        bad = features_rows(&TABLES, &ix.ix, &indices[0], lo, hi, &weights[0], bins,
                            &out[0, 0], hp)
    return bad
