# cython: language_level=3
"""Compiled Monte Carlo equity kernels, for hands and weighted ranges.

xoshiro256** seeded through splitmix64 from (seed, stream), and Lemire's unbiased bounded
integers. Players whose hand is fixed, or who hold a uniformly random hand, are dealt with a
partial Fisher-Yates shuffle of the remaining deck; weighted ranges are drawn from alias tables
and a deal in which two players' cards collide is rejected whole, which samples the joint
distribution of the players' hands exactly (the product of the weights over the deals without
conflicts). Deals are made a block at a time and then evaluated, so that the table lookups of
a block overlap in the processor.

Kernels are ``cdef ... noexcept nogil``; ``sample`` checks its arguments and runs them with the
GIL released. The Python face is ``holdem.equity``.
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from holdem._core cimport eval_tables
from holdem._kernels cimport KEY_INIT, EvalTables, eval_key, mix64, popcount64
from holdem.analysis._deals cimport MAX_PLAYERS, card_bits, check_deal

cdef enum:
    SAMPLE_BLOCK = 256      # deals made before they are evaluated

cdef EvalTables TAB


ctypedef struct Splits:
    # split[p * 11 + k]: the showdowns player p won in a k-way split (k = 1: alone)
    int64_t split[MAX_PLAYERS * (MAX_PLAYERS + 1)]


ctypedef struct Rng:
    uint64_t s[4]
    uint64_t buf
    int have


ctypedef struct Sampler:
    int n
    int n_tc
    uint64_t known_key                # KEY_INIT + the known board's keys
    uint64_t known_mask               # the known board's evaluator mask
    uint64_t known_bits               # board and dead cards, one bit per card index
    int kind[MAX_PLAYERS]             # 0: drawn from its combos, 1: dealt from the deck
    const uint8_t* combos             # two card indices per combo
    const int64_t* start              # player p's combos: start[p] .. start[p + 1] - 1
    const uint64_t* thresh            # alias tables: keep combo i when u < thresh[i] ...
    const uint32_t* alias             # ... else take alias[i]
    int64_t max_rejects               # consecutive rejected deals before giving up


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


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t next64(Rng* g) noexcept nogil:
    """xoshiro256** (Blackman and Vigna)."""
    cdef uint64_t result = rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = rotl(g.s[3], 45)
    return result


cdef inline uint32_t next32(Rng* g) noexcept nogil:
    if g.have:
        g.have = 0
        return <uint32_t>(g.buf >> 32)
    g.buf = next64(g)
    g.have = 1
    return <uint32_t>g.buf


cdef inline uint32_t below_from(Rng* g, uint32_t x, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n) from 32 random bits ``x``, without bias (Lemire's method: more
    bits come from g in the rare case that x falls in the rejected part)."""
    cdef uint64_t m = <uint64_t>x * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t floor
    if low < n:
        floor = (0u - n) % n
        while low < floor:
            m = <uint64_t>next32(g) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline uint32_t below(Rng* g, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), without bias."""
    return below_from(g, next32(g), n)


cdef inline uint32_t deal_next(Rng* g, uint32_t* deck, int i, int nd, uint64_t r) noexcept nogil:
    """Step i of a partial Fisher-Yates shuffle of deck[0:nd]: swap a uniform choice of
    deck[i:nd] into place i and return it. One 64-bit draw r (made by the caller before each
    even step, and passed by value so that it stays in a register) serves two steps: its low
    half step i (even), its high half step i + 1."""
    cdef uint32_t bits = <uint32_t>r if (i & 1) == 0 else <uint32_t>(r >> 32)
    cdef int j = i + <int>below_from(g, bits, <uint32_t>(nd - i))
    cdef uint32_t x = deck[j]
    deck[j] = deck[i]
    deck[i] = x
    return x


cdef void seed_rng(Rng* g, uint64_t seed, uint64_t stream) noexcept nogil:
    """Seed xoshiro256** from (seed, stream) through splitmix64."""
    cdef uint64_t x = seed ^ mix64(stream, 0x5EED)
    cdef int i
    for i in range(4):
        x += 0x9E3779B97F4A7C15ULL
        g.s[i] = mix64(x, 0)
    g.have = 0
    g.buf = 0


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
                        r = next64(g)
                    x = deal_next(g, deck, i, nd, r)
                    key += TAB.cards[x].key
                    mask |= TAB.cards[x].mask
                bkey[b] = key
                bmask[b] = mask
        for b in range(block if nrand else 0):
            for i in range(need):
                if (i & 1) == 0:
                    r = next64(g)
                deal_next(g, deck, i, nd, r)
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


cdef inline uint8_t draw_card(Rng* g, uint64_t* used) noexcept nogil:
    """A card not in ``used`` (rejection), added to it."""
    cdef uint32_t c = below(g, 52)
    while (used[0] >> c) & 1:
        c = below(g, 52)
    used[0] |= (<uint64_t>1) << c
    return <uint8_t>c


cdef int64_t sample_ranges(Sampler* sp, Rng* rng, int64_t samples, Splits* t) noexcept nogil:
    """Monte Carlo with weighted ranges: a deal with colliding hands is rejected whole.

    Returns the number of rejected deals, or -1 when ``max_rejects`` deals in a row collided.
    """
    cdef uint64_t hkey[MAX_PLAYERS]
    cdef uint64_t hmask[MAX_PLAYERS]
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint64_t used, m, key, mask
    cdef int p, _i, n = sp.n
    cdef int64_t _it, idx, cnt, rejects = 0, run
    cdef uint8_t a, b
    cdef bint ok
    cdef Rng local = rng[0]          # a local copy the compiler can keep in registers
    cdef Rng* g = &local
    for _it in range(samples):
        run = 0
        while True:
            used = sp.known_bits
            ok = True
            for p in range(n):
                if sp.kind[p] != 0:
                    continue
                cnt = sp.start[p + 1] - sp.start[p]
                idx = sp.start[p] + below(g, <uint32_t>cnt)
                if <uint64_t>next32(g) >= sp.thresh[idx]:
                    idx = sp.start[p] + sp.alias[idx]
                a = sp.combos[2 * idx]
                b = sp.combos[2 * idx + 1]
                m = ((<uint64_t>1) << a) | ((<uint64_t>1) << b)
                if used & m:
                    ok = False
                    break
                used |= m
                hkey[p] = TAB.cards[a].key + TAB.cards[b].key
                hmask[p] = TAB.cards[a].mask | TAB.cards[b].mask
            if ok:
                break
            rejects += 1
            run += 1
            if run >= sp.max_rejects:
                rng[0] = local
                return -1
        for p in range(n):
            if sp.kind[p] != 0:
                a = draw_card(g, &used)
                b = draw_card(g, &used)
                hkey[p] = TAB.cards[a].key + TAB.cards[b].key
                hmask[p] = TAB.cards[a].mask | TAB.cards[b].mask
        key = sp.known_key
        mask = sp.known_mask
        for _i in range(sp.n_tc):
            a = draw_card(g, &used)
            key += TAB.cards[a].key
            mask |= TAB.cards[a].mask
        for p in range(n):
            v[p] = eval_key(&TAB, key + hkey[p], mask | hmask[p])
        tally_one(v, n, t)
    rng[0] = local
    return rejects


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

TAB = eval_tables()


def sample(int n, kinds, const uint8_t[::1] combos not None, starts,
           const uint64_t[::1] thresh not None, const uint32_t[::1] alias not None,
           const uint8_t[::1] board not None, const uint8_t[::1] dead not None,
           int64_t samples, uint64_t seed, uint64_t stream, int64_t max_rejects=1000000):
    """Monte Carlo counts: (splits, rejected deals); splits[p][k - 1] counts the showdowns
    that player p won in a k-way split (k = 1: alone).

    ``kinds[p]`` is 0 for a player drawn from its combos (alias tables ``thresh``/``alias``,
    indices relative to the player's first combo), 1 for a uniformly random hand. When every
    player of kind 0 has one combo, the hands are fixed and must not collide. Raises
    RuntimeError when ``max_rejects`` deals in a row collide.
    """
    cdef Sampler sp
    cdef Rng g
    cdef Splits t
    cdef int64_t st[MAX_PLAYERS + 1]
    cdef uint8_t fixed[2 * MAX_PLAYERS]
    cdef int64_t rejects = 0
    cdef int nb = <int>board.shape[0]
    cdef int p, i, k
    cdef bint all_fixed = True
    cdef uint64_t used
    check_deal(n, board.shape[0], dead.shape[0])
    if len(kinds) != n or len(starts) != n + 1:
        raise ValueError("one kind per player, one start offset per player and the end")
    if samples < 0 or max_rejects < 1:
        raise ValueError("samples must be >= 0 and max_rejects >= 1")
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
                if alias[i] >= st[p + 1] - st[p]:
                    raise ValueError("alias index out of range")
            if st[p + 1] - st[p] == 1:
                fixed[2 * p] = combos[2 * st[p]]
                fixed[2 * p + 1] = combos[2 * st[p] + 1]
                if (used >> fixed[2 * p]) & 1 or (used >> fixed[2 * p + 1]) & 1:
                    all_fixed = False       # a collision: leave it to the rejection sampler
                used |= ((<uint64_t>1) << fixed[2 * p]) | ((<uint64_t>1) << fixed[2 * p + 1])
            else:
                all_fixed = False
    sp.combos = &combos[0] if combos.shape[0] else NULL
    sp.start = st
    sp.thresh = &thresh[0] if thresh.shape[0] else NULL
    sp.alias = &alias[0] if alias.shape[0] else NULL
    sp.max_rejects = max_rejects
    memset(&t, 0, sizeof(Splits))
    seed_rng(&g, seed, stream)
    with nogil:
        if all_fixed:
            rejects = sample_dealt(&sp, fixed, &g, samples, &t)
        else:
            rejects = sample_ranges(&sp, &g, samples, &t)
    if rejects < 0:
        raise RuntimeError(f"{max_rejects} deals in a row gave two players the same card")
    return ([[t.split[p * (MAX_PLAYERS + 1) + k] for k in range(1, n + 1)] for p in range(n)],
            rejects)
