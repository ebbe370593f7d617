# cython: language_level=3
"""Compiled Monte Carlo equity kernels, for hands and weighted ranges.

xoshiro256** seeded through splitmix64 from (seed, stream), and Lemire's unbiased bounded
integers (holdem/_random.pxd). Players whose hand is fixed, or who hold a uniformly random
hand, are dealt with a partial Fisher-Yates shuffle of the remaining deck. Weighted ranges are
drawn from alias tables, in groups: the ranges of a group are joined beforehand into the list of
their joint combos that share no card (after OMPEval's CombinedRange), and a deal in which two
groups' cards collide is rejected whole, which samples the joint distribution of the players'
hands exactly (the product of the weights over the deals without conflicts); the board and the
random hands of such a deal are drawn by rejection from the cards left. Deals are made a block
at a time and then evaluated, so that the table lookups of a block overlap in the processor.

Kernels are ``cdef ... noexcept nogil``; ``sample`` checks its arguments and runs them with the
GIL released. The Python face is ``holdem.equity``.
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.math cimport llround
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from holdem._core cimport eval_tables
from holdem._kernels cimport KEY_INIT, CardBits, EvalTables, eval_key, popcount64
from holdem._random cimport (
    Rng,
    rng_below,
    rng_draw_cards,
    rng_next32,
    rng_next64,
    rng_seed,
    rng_shuffle_step,
)
from holdem.analysis._deals cimport MAX_PLAYERS, card_bits, check_deal
from holdem._team cimport claim, load, team_run

cdef extern from "holdem/analysis/_sums.h":
    void sums_add "holdem_sums_add"(CardBits* acc, const CardBits* x) noexcept nogil
    void sums_add2 "holdem_sums_add2"(CardBits* out, const CardBits* a,
                                      const CardBits* b) noexcept nogil

# Tags that pick a compiled copy of sample_groups by the number of players (their size).
ctypedef struct Width2:
    CardBits x[2]
ctypedef struct Width3:
    CardBits x[3]
ctypedef struct Width4:
    CardBits x[4]
ctypedef struct WidthAny:
    CardBits x[MAX_PLAYERS]
ctypedef fused Width:
    Width2
    Width3
    Width4
    WidthAny

cdef enum:
    SAMPLE_BLOCK = 256      # deals made before they are evaluated

cdef EvalTables TAB
cdef uint64_t BITS[64]      # BITS[c]: the bit of card index c (0 from 52 on: not a card)


ctypedef struct Splits:
    # split[p * 11 + k]: the showdowns player p won in a k-way split (k = 1: alone)
    int64_t split[MAX_PLAYERS * (MAX_PLAYERS + 1)]


ctypedef struct Sampler:
    int n
    int n_tc
    uint64_t known_key                # KEY_INIT + the known board's keys
    uint64_t known_mask               # the known board's evaluator mask
    uint64_t known_bits               # board and dead cards, one bit per card index
    int kind[MAX_PLAYERS]             # 0: drawn from its combos, 1: dealt from the deck
    int64_t max_rejects               # consecutive rejected deals before giving up


ctypedef struct Group:
    # Players whose hands are drawn together: every joint combo of their ranges in which no card
    # appears twice (and none is on the board or dead), weighted by the product of the combos'
    # weights. Drawing a joint combo from this list is drawing the players' hands jointly,
    # conditioned on not colliding; only collisions between groups are left to rejection.
    int64_t size                      # joint combos
    bint uniform                      # every joint combo has the same weight (no alias step)
    uint64_t* bits                    # [size] the cards of each joint combo, one bit a card
    CardBits* rows                    # [size * n] each player's hole key and mask (0: not in it)
    double* weights                   # [size]
    uint64_t* thresh                  # [size] alias tables: keep combo i when u < thresh[i] ...
    uint32_t* alias                   # ... else take alias[i]


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline void tally_one(const uint16_t* v, int n, Splits* t) noexcept nogil:
    """Add one sampled showdown (no branch on who wins: the outcomes are unpredictable)."""
    cdef uint16_t best = 0
    cdef int p, k = 0, won
    for p in range(n):
        best = v[p] if v[p] > best else best
    for p in range(n):
        k += v[p] == best
    for p in range(n):
        won = v[p] == best
        t.split[p * (MAX_PLAYERS + 1) + k * won] += won


cdef int64_t sample_dealt(Sampler* sp, const uint8_t* fixed, Rng* rng, int64_t samples,
                          Splits* t) noexcept nogil:
    """Monte Carlo when every player holds a fixed hand (fixed[2p], fixed[2p+1]) or a random one.

    The random hands and the board come from one partial Fisher-Yates shuffle of the deck. Deals
    are made a block at a time and then evaluated, so that the evaluations of a block (table
    lookups, independent of each other) overlap in the processor.
    """
    cdef uint32_t deck[52]          # not bytes: a byte store could alias the generator's state
    cdef uint64_t hkey[MAX_PLAYERS]
    cdef uint64_t hmask[MAX_PLAYERS]
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint64_t bkey[SAMPLE_BLOCK]
    cdef uint64_t bmask[SAMPLE_BLOCK]
    cdef uint32_t dealt[SAMPLE_BLOCK * 2 * MAX_PLAYERS]
    cdef uint64_t used = sp.known_bits, key, mask, r = 0
    cdef int64_t w0 = 0, w1 = 0, ties = 0, done = 0
    cdef int nd = 0, c, p, i, b, need, nrand = 0, n = sp.n, block
    cdef uint16_t va, vb
    cdef Rng local = rng[0]          # a local copy the compiler can keep in registers
    cdef Rng* g = &local
    cdef uint32_t x
    cdef const uint32_t* d
    for p in range(n):
        if sp.kind[p] == 0:
            used |= ((<uint64_t>1) << fixed[2 * p]) | ((<uint64_t>1) << fixed[2 * p + 1])
            hkey[p] = TAB.cards[fixed[2 * p]].key + TAB.cards[fixed[2 * p + 1]].key
            hmask[p] = TAB.cards[fixed[2 * p]].mask | TAB.cards[fixed[2 * p + 1]].mask
        else:
            nrand += 1
    for c in range(52):
        if not (used >> c) & 1:
            deck[nd] = <uint32_t>c
            nd += 1
    need = 2 * nrand + sp.n_tc
    while done < samples:
        block = SAMPLE_BLOCK if samples - done > SAMPLE_BLOCK else <int>(samples - done)
        if nrand == 0:
            # Only the board is dealt: sum its cards as they are drawn.
            for b in range(block):
                key = sp.known_key
                mask = sp.known_mask
                for i in range(need):
                    if (i & 1) == 0:
                        r = rng_next64(g)
                    x = rng_shuffle_step(g, deck, i, nd, r)
                    key += TAB.cards[x].key
                    mask |= TAB.cards[x].mask
                bkey[b] = key
                bmask[b] = mask
        for b in range(block if nrand else 0):
            for i in range(need):
                if (i & 1) == 0:
                    r = rng_next64(g)
                rng_shuffle_step(g, deck, i, nd, r)
            key = sp.known_key
            mask = sp.known_mask
            for i in range(2 * nrand, need):
                key += TAB.cards[deck[i]].key
                mask |= TAB.cards[deck[i]].mask
            bkey[b] = key
            bmask[b] = mask
            for i in range(2 * nrand):
                dealt[2 * MAX_PLAYERS * b + i] = deck[i]
        if nrand == 0 and n == 2:
            for b in range(block):
                va = eval_key(&TAB, bkey[b] + hkey[0], bmask[b] | hmask[0])
                vb = eval_key(&TAB, bkey[b] + hkey[1], bmask[b] | hmask[1])
                w0 += va > vb
                w1 += vb > va
                ties += va == vb
        else:
            for b in range(block):
                d = dealt + 2 * MAX_PLAYERS * b
                i = 0
                for p in range(n):
                    if sp.kind[p] == 0:
                        v[p] = eval_key(&TAB, bkey[b] + hkey[p], bmask[b] | hmask[p])
                    else:
                        key = bkey[b] + TAB.cards[d[i]].key + TAB.cards[d[i + 1]].key
                        mask = bmask[b] | TAB.cards[d[i]].mask | TAB.cards[d[i + 1]].mask
                        v[p] = eval_key(&TAB, key, mask)
                        i += 2
                tally_one(v, n, t)
        done += block
    rng[0] = local
    t.split[1] += w0
    t.split[MAX_PLAYERS + 2] += w1
    t.split[2] += ties
    t.split[MAX_PLAYERS + 1 + 2] += ties
    return 0


cdef int64_t sample_groups(const Sampler* sp, const Group* groups, int ng, Rng* rng,
                           int64_t samples, int64_t* by_winners, Width* width) noexcept nogil:
    """Monte Carlo with weighted ranges, the players drawn group by group (see ``Group``): a
    deal in which two groups' cards collide is rejected whole. by_winners[m] counts the
    showdowns won by the set of players m (bit p: player p).

    A block of deals is made in three passes, each without a branch on the random outcomes
    (a processor that guesses such a branch wrong throws away the work in flight): the hole
    cards (a rejected deal is written and then overwritten by the next try), the other cards
    (``rng_draw_cards``) and the sums of each player's seven cards, then the evaluations, whose
    table lookups overlap. ``width`` only picks the compiled copy: one for each number of
    players up to four, whose loops over the players the compiler unrolls, and one for more.
    Returns the number of rejected deals, or -1 when ``max_rejects`` deals in a row collided.
    """
    cdef const CardBits* chosen[SAMPLE_BLOCK * MAX_PLAYERS]
    cdef CardBits hands[SAMPLE_BLOCK * MAX_PLAYERS]
    cdef uint64_t dealt[SAMPLE_BLOCK]
    cdef uint32_t cards[2 * MAX_PLAYERS + 5 + 9]
    cdef CardBits board
    cdef uint64_t used, m, clash
    # the number of players: a constant in the copies for two to four players
    cdef int n = <int>(sizeof(Width) // sizeof(CardBits)) if sizeof(Width) < sizeof(WidthAny) \
        else sp.n
    cdef int p, i, gi, b, block, won, nrand = 0, need
    cdef int64_t idx, rejects = 0, run = 0, done = 0, ok
    cdef uint32_t best
    cdef uint32_t v[MAX_PLAYERS]
    cdef const Group* gr
    cdef const CardBits** sel
    cdef const CardBits* row
    cdef CardBits* h
    cdef Rng local = rng[0]          # a local copy the compiler can keep in registers
    cdef Rng* g = &local
    for p in range(n):
        nrand += sp.kind[p] != 0
    need = 2 * nrand + sp.n_tc
    while done < samples:
        block = SAMPLE_BLOCK if samples - done > SAMPLE_BLOCK else <int>(samples - done)
        b = 0
        while b < block:
            used = sp.known_bits
            clash = 0
            sel = chosen + n * b
            for gi in range(ng):
                gr = &groups[gi]
                idx = rng_below(g, <uint32_t>gr.size)
                if not gr.uniform and <uint64_t>rng_next32(g) >= gr.thresh[idx]:
                    idx = gr.alias[idx]
                m = gr.bits[idx]
                clash |= used & m
                used |= m
                sel[gi] = gr.rows + n * idx
            dealt[b] = used
            ok = clash == 0
            b += <int>ok
            rejects += 1 - ok
            run = (run + 1) & (ok - 1)
            if run >= sp.max_rejects:
                rng[0] = local
                return -1
        for b in range(block):
            rng_draw_cards(g, ~dealt[b], cards, need, BITS)
            board.key = sp.known_key
            board.mask = sp.known_mask
            if need == 5:
                sums_add(&board, &TAB.cards[cards[0]])
                sums_add(&board, &TAB.cards[cards[1]])
                sums_add(&board, &TAB.cards[cards[2]])
                sums_add(&board, &TAB.cards[cards[3]])
                sums_add(&board, &TAB.cards[cards[4]])
            else:
                for i in range(2 * nrand, need):
                    sums_add(&board, &TAB.cards[cards[i]])
            sel = chosen + n * b
            h = hands + n * b
            row = sel[0]
            for p in range(n):
                sums_add2(&h[p], &board, &row[p])
            for gi in range(1, ng):
                row = sel[gi]
                for p in range(n):
                    sums_add(&h[p], &row[p])
            if nrand:
                i = 0
                for p in range(n):
                    if sp.kind[p] != 0:
                        sums_add(&h[p], &TAB.cards[cards[i]])
                        sums_add(&h[p], &TAB.cards[cards[i + 1]])
                        i += 2
        for b in range(block):
            h = hands + n * b
            best = 0
            for p in range(n):
                v[p] = eval_key(&TAB, h[p].key, h[p].mask)
                best = v[p] if v[p] > best else best
            won = 0
            for p in range(n):
                won |= <int>(v[p] == best) << p
            # four tallies in turn, so that equal outcomes in a row do not wait on each other
            by_winners[((b & 3) << n) | won] += 1
        done += block
    rng[0] = local
    return rejects


ctypedef struct Part:
    # One thread's counts in a shared run (a struct each, far apart: no line shared).
    Splits t
    int64_t rejects
    int64_t* by_winners     # room + 8: a line of room on each side, no line shared with
    int64_t* room           # another thread's (the allocation: the one to free)
    char pad[64]


ctypedef struct SampleJob:
    # A run's blocks shared by the threads of a job (holdem._team): each claims the next block
    # (one at a time: a chunk of monte_carlo holds only CHUNK / BLOCK = 8) and counts into its
    # own Part; block j is seeded (seed, stream + j) whoever draws it, so the totals do not
    # depend on the threads.
    Sampler* sp
    const Group* groups
    int ng
    const uint8_t* fixed
    bint all_fixed
    int64_t samples
    int64_t block
    uint64_t seed
    uint64_t stream
    int64_t blocks          # the run's blocks
    int64_t next            # the next block to claim
    int64_t failed          # 1 once a block gave up (too many rejected deals in a row)
    int64_t slots           # the Parts handed out
    Part* parts


cdef int64_t sample_block(Sampler* sp, const Group* groups, int ng, const uint8_t* fixed,
                          bint all_fixed, Rng* g, int64_t size, Splits* t,
                          int64_t* by_winners) noexcept nogil:
    """One block of ``size`` samples from ``g``: the rejected deals, or -1 (see
    sample_groups)."""
    if all_fixed:
        return sample_dealt(sp, fixed, g, size, t)
    elif sp.n == 2:
        return sample_groups(sp, groups, ng, g, size, by_winners, <Width2*>NULL)
    elif sp.n == 3:
        return sample_groups(sp, groups, ng, g, size, by_winners, <Width3*>NULL)
    elif sp.n == 4:
        return sample_groups(sp, groups, ng, g, size, by_winners, <Width4*>NULL)
    return sample_groups(sp, groups, ng, g, size, by_winners, <WidthAny*>NULL)


cdef void sample_task(void* arg, int member) noexcept nogil:
    """One thread's part of a SampleJob: the blocks it claims, counted into its own Part."""
    cdef SampleJob* job = <SampleJob*>arg
    cdef Part* part = &job.parts[claim(&job.slots, 1)]
    cdef Rng g
    cdef int64_t j, size, got
    while load(&job.failed) == 0:
        j = claim(&job.next, 1)
        if j >= job.blocks:
            break
        size = min(job.block, job.samples - j * job.block)
        rng_seed(&g, job.seed, job.stream + <uint64_t>j)
        got = sample_block(job.sp, job.groups, job.ng, job.fixed, job.all_fixed, &g, size,
                           &part.t, part.by_winners)
        if got < 0:
            claim(&job.failed, 1)
            return
        part.rejects += got


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

TAB = eval_tables()
for _c in range(64):
    BITS[_c] = (<uint64_t>1) << _c if _c < 52 else 0

cdef enum:
    JOIN_MAX = 16384        # groups are joined while the product of their sizes is at most this


cdef void winners_to_splits(const int64_t* by_winners, int n, Splits* t) noexcept nogil:
    """Add the showdowns counted by sets of winners (four tallies of 2**n) to each winner's
    k-way splits."""
    cdef int m, p, k, copy
    for copy in range(4):
        for m in range(1, 1 << n):
            k = popcount64(<uint64_t>m)
            for p in range(n):
                if (m >> p) & 1:
                    t.split[p * (MAX_PLAYERS + 1) + k] += by_winners[(copy << n) | m]


cdef int group_alloc(Group* gr, int64_t size, int n) noexcept nogil:
    """Room for ``size`` joint combos of ``n`` players' rows (-1 when memory is short)."""
    cdef int64_t room = size if size > 0 else 1
    memset(gr, 0, sizeof(Group))
    gr.size = size
    gr.bits = <uint64_t*>malloc(room * sizeof(uint64_t))
    gr.rows = <CardBits*>calloc(room * n, sizeof(CardBits))
    gr.weights = <double*>malloc(room * sizeof(double))
    gr.thresh = <uint64_t*>malloc(room * sizeof(uint64_t))
    gr.alias = <uint32_t*>malloc(room * sizeof(uint32_t))
    if gr.bits == NULL or gr.rows == NULL or gr.weights == NULL or gr.thresh == NULL \
            or gr.alias == NULL:
        return -1
    return 0


cdef void group_free(Group* gr) noexcept nogil:
    free(gr.bits)
    free(gr.rows)
    free(gr.weights)
    free(gr.thresh)
    free(gr.alias)
    memset(gr, 0, sizeof(Group))


cdef int group_of_player(Group* gr, int p, int n, const uint8_t[::1] combos, int64_t first,
                         int64_t count, const uint64_t[::1] thresh, const uint32_t[::1] alias,
                         uint64_t known) except -1:
    """Player p's group: its combos that avoid the known cards, weighted as its alias tables
    draw them (combo i: thresh[i] plus 2**32 - thresh[j] for every j whose alias is i)."""
    cdef int64_t i, size = 0
    cdef double* w = <double*>malloc(count * sizeof(double))
    cdef uint8_t a, b
    cdef uint64_t bits
    if w == NULL:
        raise MemoryError()
    for i in range(count):
        w[i] = <double>thresh[first + i]
    for i in range(count):
        w[alias[first + i]] += <double>((<uint64_t>1 << 32) - thresh[first + i])
    for i in range(count):
        a = combos[2 * (first + i)]
        b = combos[2 * (first + i) + 1]
        size += not (known & (((<uint64_t>1) << a) | ((<uint64_t>1) << b))) and w[i] > 0
    if group_alloc(gr, size, n) < 0:
        free(w)
        raise MemoryError()
    size = 0
    for i in range(count):
        a = combos[2 * (first + i)]
        b = combos[2 * (first + i) + 1]
        bits = ((<uint64_t>1) << a) | ((<uint64_t>1) << b)
        if known & bits or w[i] <= 0:
            continue
        gr.bits[size] = bits
        sums_add2(&gr.rows[n * size + p], &TAB.cards[a], &TAB.cards[b])
        gr.weights[size] = w[i]
        size += 1
    free(w)
    return 0


cdef int group_join(Group* out, const Group* x, const Group* y, int n) except -1:
    """The group of the players of x and y: their joint combos that share no card (each row
    the sum of x's and y's, whose players differ)."""
    cdef int64_t i, j, size = 0
    cdef int q
    for i in range(x.size):
        for j in range(y.size):
            size += not (x.bits[i] & y.bits[j])
    if group_alloc(out, size, n) < 0:
        group_free(out)
        raise MemoryError()
    size = 0
    for i in range(x.size):
        for j in range(y.size):
            if x.bits[i] & y.bits[j]:
                continue
            out.bits[size] = x.bits[i] | y.bits[j]
            for q in range(n):
                sums_add2(&out.rows[n * size + q], &x.rows[n * i + q], &y.rows[n * j + q])
            out.weights[size] = x.weights[i] * y.weights[j]
            size += 1
    return 0


cdef int group_tables(Group* gr) except -1:
    """Vose's alias tables of the group's weights (none when they are all equal)."""
    cdef int64_t i, lo, hi, n = gr.size, ns = 0, nl = 0
    cdef double total = 0.0
    cdef double* scaled
    cdef int64_t* small
    cdef int64_t* large
    gr.uniform = True
    for i in range(n):
        total += gr.weights[i]
        gr.uniform &= gr.weights[i] == gr.weights[0]
        gr.thresh[i] = (<uint64_t>1) << 32
        gr.alias[i] = <uint32_t>i
    if gr.uniform:
        return 0
    scaled = <double*>malloc(n * sizeof(double))
    small = <int64_t*>malloc(n * sizeof(int64_t))
    large = <int64_t*>malloc(n * sizeof(int64_t))
    if scaled == NULL or small == NULL or large == NULL:
        free(scaled)
        free(small)
        free(large)
        raise MemoryError()
    for i in range(n):
        scaled[i] = gr.weights[i] * n / total
        if scaled[i] < 1.0:
            small[ns] = i
            ns += 1
        else:
            large[nl] = i
            nl += 1
    while ns and nl:
        ns -= 1
        nl -= 1
        lo = small[ns]
        hi = large[nl]
        gr.thresh[lo] = min((<uint64_t>1) << 32, <uint64_t>llround(scaled[lo] * 4294967296.0))
        gr.alias[lo] = <uint32_t>hi
        scaled[hi] -= 1.0 - scaled[lo]
        if scaled[hi] < 1.0:
            small[ns] = hi
            ns += 1
        else:
            large[nl] = hi
            nl += 1
    free(scaled)
    free(small)
    free(large)
    return 0


cdef int make_groups(Group* groups, int* ng, Sampler* sp, const uint8_t[::1] combos,
                     const int64_t* st, const uint64_t[::1] thresh,
                     const uint32_t[::1] alias) except -1:
    """The players drawn from combos, in groups: joined two at a time, the pair with the
    fewest joint combos to try first, while that is at most JOIN_MAX (after OMPEval's
    CombinedRange, which joins ranges the same way). RuntimeError when a group is empty."""
    cdef int p, a, b, ba = 0, bb = 0
    cdef int64_t best
    cdef Group joined
    ng[0] = 0
    for p in range(sp.n):
        if sp.kind[p] == 0:
            group_of_player(&groups[ng[0]], p, sp.n, combos, st[p], st[p + 1] - st[p], thresh,
                            alias, sp.known_bits)
            ng[0] += 1
    while ng[0] >= 2:
        best = JOIN_MAX + 1
        for a in range(ng[0]):
            for b in range(a + 1, ng[0]):
                if groups[a].size * groups[b].size < best:
                    best = groups[a].size * groups[b].size
                    ba = a
                    bb = b
        if best > JOIN_MAX:
            break
        group_join(&joined, &groups[ba], &groups[bb], sp.n)
        group_free(&groups[ba])
        group_free(&groups[bb])
        groups[ba] = joined
        groups[bb] = groups[ng[0] - 1]
        memset(&groups[ng[0] - 1], 0, sizeof(Group))
        ng[0] -= 1
    for a in range(ng[0]):
        if groups[a].size == 0:
            raise RuntimeError("no deal of the ranges gives the players different cards")
        group_tables(&groups[a])
    return 0


cdef int shared_run(SampleJob* job, Sampler* sp, const Group* groups, int ng,
                    const uint8_t* fixed, bint all_fixed, int64_t samples, int64_t block,
                    uint64_t seed, uint64_t stream, int threads) except -1:
    """Run the blocks of ``samples`` on ``threads`` threads of holdem._team; the counts in
    ``job.parts`` (one a thread; the caller frees them and their rooms)."""
    cdef int i, k, n = sp.n
    memset(job, 0, sizeof(SampleJob))
    job.parts = <Part*>calloc(threads, sizeof(Part))
    if job.parts == NULL:
        raise MemoryError()
    if not all_fixed:
        for i in range(threads):
            job.parts[i].room = <int64_t*>calloc((4 << n) + 16, sizeof(int64_t))
            if job.parts[i].room == NULL:
                for k in range(threads):
                    free(job.parts[k].room)
                free(job.parts)
                job.parts = NULL
                raise MemoryError()
            job.parts[i].by_winners = job.parts[i].room + 8
    job.sp = sp
    job.groups = groups
    job.ng = ng
    job.fixed = fixed
    job.all_fixed = all_fixed
    job.samples = samples
    job.block = block
    job.seed = seed
    job.stream = stream
    job.blocks = (samples + block - 1) // block
    with nogil:
        team_run(sample_task, job, threads)
    return 0


def sample(int n, kinds, const uint8_t[::1] combos not None, starts,
           const uint64_t[::1] thresh not None, const uint32_t[::1] alias not None,
           const uint8_t[::1] board not None, const uint8_t[::1] dead not None,
           int64_t samples, uint64_t seed, uint64_t stream, int64_t block,
           int64_t max_rejects=1000000, int threads=1):
    """Monte Carlo counts: (splits, rejected deals); splits[p][k - 1] counts the showdowns
    that player p won in a k-way split (k = 1: alone).

    The samples are dealt ``block`` at a time (the last block may be short), block j from its
    own random stream (seed, stream + j): the samples of a run cut into calls at multiples of
    ``block`` (each call's ``stream`` its first block's number) are the same samples however the
    run is cut, and the counts add up to the same totals.

    ``kinds[p]`` is 0 for a player drawn from its combos (alias tables ``thresh``/``alias``,
    indices relative to the player's first combo), 1 for a uniformly random hand. When every
    player of kind 0 has one combo, the hands are fixed and must not collide. Raises
    RuntimeError when no deal of the ranges avoids a collision, or ``max_rejects`` deals in a
    row collide.

    ``threads`` above 1 shares the blocks among the calling thread and ``threads - 1`` helpers
    of holdem._team (as many as serve: :func:`holdem._parallel.team`), the counts the same.
    """
    cdef Sampler sp
    cdef SampleJob job
    cdef Part* parts = NULL
    cdef Group groups[MAX_PLAYERS]
    cdef int ng = 0
    cdef Rng g
    cdef Splits t
    cdef int64_t* by_winners = NULL
    cdef int64_t st[MAX_PLAYERS + 1]
    cdef uint8_t fixed[2 * MAX_PLAYERS]
    cdef int64_t rejects = 0, done = 0, size, got
    cdef int nb = <int>board.shape[0]
    cdef int p, i, k
    cdef bint all_fixed = True
    cdef uint64_t used
    check_deal(n, board.shape[0], dead.shape[0])
    if len(kinds) != n or len(starts) != n + 1:
        raise ValueError("one kind per player, one start offset per player and the end")
    if samples < 0 or block < 1 or max_rejects < 1:
        raise ValueError("samples must be >= 0, block and max_rejects >= 1")
    memset(&sp, 0, sizeof(Sampler))
    for p in range(n + 1):
        st[p] = starts[p]
    if st[0] != 0 or 2 * st[n] != combos.shape[0] or thresh.shape[0] != st[n] \
            or alias.shape[0] != st[n]:
        raise ValueError("offsets do not match the combos")
    sp.known_bits = card_bits(board) | card_bits(dead)
    if popcount64(sp.known_bits) != board.shape[0] + dead.shape[0]:
        raise ValueError("a card appears twice")
    sp.n = n
    sp.n_tc = 5 - nb
    sp.known_key = KEY_INIT
    sp.known_mask = 0
    for i in range(nb):
        sp.known_key += TAB.cards[board[i]].key
        sp.known_mask |= TAB.cards[board[i]].mask
    used = sp.known_bits
    for p in range(n):
        sp.kind[p] = 1 if kinds[p] else 0
        if sp.kind[p] == 0:
            if st[p + 1] <= st[p]:
                raise ValueError(f"player {p} has no combo")
            for i in range(st[p], st[p + 1]):
                if combos[2 * i] >= 52 or combos[2 * i + 1] >= 52 \
                        or combos[2 * i] == combos[2 * i + 1]:
                    raise ValueError("a combo holds two different cards")
                if alias[i] >= st[p + 1] - st[p] or thresh[i] > (<uint64_t>1) << 32:
                    raise ValueError("alias index or threshold out of range")
            if st[p + 1] - st[p] == 1:
                fixed[2 * p] = combos[2 * st[p]]
                fixed[2 * p + 1] = combos[2 * st[p] + 1]
                if (used >> fixed[2 * p]) & 1 or (used >> fixed[2 * p + 1]) & 1:
                    all_fixed = False       # a collision: leave it to the rejection sampler
                used |= ((<uint64_t>1) << fixed[2 * p]) | ((<uint64_t>1) << fixed[2 * p + 1])
            else:
                all_fixed = False
    sp.max_rejects = max_rejects
    memset(&t, 0, sizeof(Splits))
    memset(groups, 0, sizeof(groups))
    try:
        if not all_fixed:
            make_groups(groups, &ng, &sp, combos, st, thresh, alias)
            by_winners = <int64_t*>calloc(4 << n, sizeof(int64_t))
            if by_winners == NULL:
                raise MemoryError()
        threads = min(threads, 256)  # the team's most threads
        if threads > 1:
            job.parts = NULL
            try:
                shared_run(&job, &sp, groups, ng, fixed, all_fixed, samples, block, seed,
                           stream, threads)
            finally:
                parts = job.parts
            for i in range(threads):
                for k in range(MAX_PLAYERS * (MAX_PLAYERS + 1)):
                    t.split[k] += parts[i].t.split[k]
                rejects += parts[i].rejects
                if not all_fixed:
                    for k in range(4 << n):
                        by_winners[k] += parts[i].by_winners[k]
            if job.failed:
                rejects = -1
            elif not all_fixed:
                winners_to_splits(by_winners, n, &t)
        else:
            with nogil:
                while done < samples:
                    size = block if samples - done > block else samples - done
                    rng_seed(&g, seed, stream)
                    stream += 1
                    done += size
                    got = sample_block(&sp, groups, ng, fixed, all_fixed, &g, size, &t,
                                       by_winners)
                    if got < 0:
                        rejects = -1
                        break
                    rejects += got
                if not all_fixed:
                    winners_to_splits(by_winners, n, &t)
    finally:
        free(by_winners)
        if parts != NULL:
            for i in range(threads):
                free(parts[i].room)
            free(parts)
        for i in range(MAX_PLAYERS):
            group_free(&groups[i])
    if rejects < 0:
        raise RuntimeError(f"{max_rejects} deals in a row gave two players the same card")
    return ([[t.split[p * (MAX_PLAYERS + 1) + k] for k in range(1, n + 1)] for p in range(n)],
            rejects)
