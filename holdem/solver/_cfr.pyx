# cython: language_level=3
"""Compiled kernels of the solver: counterfactual regret minimisation and best responses over
a public tree, for both players' ranges at once.

The game is laid out by holdem.solver.game as flat arrays:

* the *template* nodes of the action tree (one street's pattern, repeated for every card);
* *street instances*: one per street reached by a sequence of cards, with the offsets of its
  nodes' storage in each player's arrays and, on the river, its board's showdown table;
* *chance instances*: for each chance node of a street instance, what each card leads to (a
  street instance, or a mirror of another card's under a swap of two suits, or nothing);
* per player: the hands (two cards each), the hands holding each card, the hand of the same
  two cards in the other range, the hand each swap of two suits makes, and per river board the
  hands sorted by strength.

A walk of the tree for player p carries the other player's reach (one weight per hand of the
range) down and returns p's counterfactual values (one per hand) up. Terminal values are sums
over the other range with card removal by inclusion-exclusion: at a fold, the total reach less
the reach of the hands holding either card plus the hand holding both; at a showdown, the same
sums taken over the hands weaker (then stronger) than each hand in a sweep of the two lists
sorted by strength. A chance node averages its cards over the deck that both hands leave.

Modes: CFR (regret matching, discounted or CFR+ updates of p's regrets, the other player's
average strategy summed with its reach), BEST (p's best response to the other's average
strategy) and AVERAGE (both players' average strategies). Locked hands play their locked
strategy in every mode.

Several threads share a walk by splitting it at the first chance level: one thread walks the
first street down (DOWN: the reach that reaches each card is kept), the threads walk the
subtrees of the cards (each its own storage, so no two threads touch the same memory), and one
thread walks the first street again up (UP: the values kept per card are used).
"""

cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memcpy, memset

from holdem._core cimport eval_tables
from holdem._kernels cimport KEY_INIT, EvalTables, eval_key

cdef extern from "holdem/solver/_cfr.h":
    float pos "holdem_cfr_pos"(float x) noexcept nogil
    float fmax "holdem_cfr_max"(float a, float b) noexcept nogil
    float discount "holdem_cfr_discount"(float x, float a, float b) noexcept nogil
    float inverse "holdem_cfr_inverse"(float x) noexcept nogil
    float unless "holdem_cfr_unless"(float x, float u) noexcept nogil
    uint32_t umax "holdem_cfr_umax"(uint32_t a, uint32_t b) noexcept nogil
    uint32_t abs_bits "holdem_cfr_abs_bits"(float x) noexcept nogil
    float from_bits "holdem_cfr_from_bits"(uint32_t u) noexcept nogil
    int16_t q16 "holdem_cfr_q16"(float x) noexcept nogil
    uint16_t u16 "holdem_cfr_u16"(float x) noexcept nogil
    long ticket "holdem_cfr_ticket"(volatile long* counter) noexcept nogil

cdef enum:
    K_OOP = 0
    K_IP = 1
    K_CHANCE = 2
    K_FOLD = 3
    K_SHOWDOWN = 4

cdef enum:
    MODE_CFR = 0
    MODE_BEST = 1
    MODE_AVERAGE = 2
    MODE_BEST_FREE = 3      # a best response that ignores the responder's own locks

cdef enum:
    PHASE_FULL = 0
    PHASE_DOWN = 1
    PHASE_UP = 2

cdef enum:
    ALIGN = 16          # floats: every buffer of the arena starts on a 64-byte boundary
    NO_CHILD = -1       # a card that cannot come (on the board)
    MIRROR = -2         # entry <= MIRROR: a mirror of card MIRROR - entry


ctypedef struct Lock:
    int64_t addr            # storage address of the node in its player's arrays
    const float* strategy   # k x n: the locked strategy of each hand
    const uint8_t* mask     # n: 1 for a locked hand


ctypedef struct Arena:
    float* base
    int64_t top
    int64_t cap
    int failed


ctypedef struct Ctx:
    # template nodes
    const int32_t* kind
    const int32_t* player
    const int32_t* nchild
    const int32_t* child_off
    const int32_t* children
    const int64_t* rel
    const int32_t* ordinal
    const double* half
    const double* rake
    # street and chance instances
    const int64_t* si_base      # 2 per street instance
    const int32_t* si_chance
    const int32_t* si_pair
    const int32_t* ci_entry     # 52 per chance instance
    const int8_t* ci_swap       # 52 per chance instance
    const float* ci_inv         # 1 / cards that can come, per chance instance
    # hands, per player
    int n[2]
    const uint8_t* cards[2]     # 2 per hand
    const int32_t* same[2]
    const int32_t* with_off[2]  # 53 offsets into with_card
    const int32_t* with_card[2]
    const int32_t* perm[2]      # 6 x n: the hand that a swap of two suits makes
    const uint64_t* sd[2]       # per river board: sorted entries (see showdown_values)
    const int64_t* sd_off[2]    # n_pairs + 1 offsets into sd
    # storage, per player: float32, or (compressed) 16-bit with a float32 scale per node
    int compressed
    float* regret[2]
    float* strat[2]
    int16_t* regret16[2]
    uint16_t* strat16[2]
    # locks, per player, sorted by address
    const Lock* locks[2]
    int n_locks[2]
    # the walk
    int mode
    int phase
    int plus                    # 1: CFR+ (regrets floored at 0)
    float alpha                 # discount of positive regrets
    float beta                  # discount of negative regrets
    float gamma                 # discount of the strategy sums
    # tasks: the first street's cards, walked by the threads
    int32_t root_ci             # first chance instance of the root street instance
    const int32_t* task_of      # (chance instance - root_ci) * 52 + card -> task, or -1
    float* task_reach           # per task: the other player's reach (max n floats)
    float* task_value           # per task: the values (max n floats)
    uint8_t* task_live          # per task: 0 when nothing reaches it (set in the DOWN phase)
    volatile long next_task     # the threads' shared ticket counter into their task order
    int64_t task_stride


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------


cdef inline float* take(Arena* a, int64_t n) noexcept nogil:
    """n floats from the arena (NULL, and the arena marked failed, when it is full)."""
    cdef float* p
    cdef int64_t need = (n + ALIGN - 1) // ALIGN * ALIGN
    if a.top + need > a.cap:
        a.failed = 1
        return NULL
    p = a.base + a.top
    a.top += need
    return p


cdef inline const Lock* find_lock(const Ctx* g, int who, int64_t addr) noexcept nogil:
    """The lock of the node stored at addr, or NULL."""
    cdef int lo = 0, hi = g.n_locks[who] - 1, mid
    cdef const Lock* locks = g.locks[who]
    while lo <= hi:
        mid = (lo + hi) >> 1
        if locks[mid].addr == addr:
            return &locks[mid]
        if locks[mid].addr < addr:
            lo = mid + 1
        else:
            hi = mid - 1
    return NULL


cdef float* load(Ctx* g, Arena* w, bint sums, int who, int64_t addr, int size) noexcept nogil:
    """A node's regrets (or strategy sums): the stored floats themselves, or decoded from 16
    bits into the arena (NULL, the arena marked failed, when it is full)."""
    cdef float* out
    cdef float scale
    cdef const int16_t* r16
    cdef const uint16_t* s16
    cdef int i
    if not g.compressed:
        return (g.strat[who] if sums else g.regret[who]) + addr
    out = take(w, size)
    if out == NULL:
        return NULL
    if sums:
        s16 = g.strat16[who] + addr
        memcpy(&scale, s16, sizeof(float))
        s16 += 2
        for i in range(size):
            out[i] = s16[i] * scale
    else:
        r16 = g.regret16[who] + addr
        memcpy(&scale, r16, sizeof(float))
        r16 += 2
        for i in range(size):
            out[i] = r16[i] * scale
    return out


cdef void store(Ctx* g, bint sums, int who, int64_t addr, const float* x, int size) noexcept nogil:
    """Write back what load gave, updated: nothing to do for floats; 16 bits are encoded again
    with a new scale (the largest magnitude maps to 32767, or 65535 for the sums)."""
    cdef float top, scale, inv
    cdef uint32_t bits = 0
    cdef int16_t* r16
    cdef uint16_t* s16
    cdef int i
    if not g.compressed:
        return
    for i in range(size):
        bits = umax(bits, abs_bits(x[i]))
    top = from_bits(bits)
    if sums:
        scale = top / 65535.0
        inv = 65535.0 / top if top > 0.0 else 0.0
        s16 = g.strat16[who] + addr
        memcpy(s16, &scale, sizeof(float))
        s16 += 2
        for i in range(size):
            s16[i] = u16(x[i] * inv)
    else:
        scale = top / 32767.0
        inv = 32767.0 / top if top > 0.0 else 0.0
        r16 = g.regret16[who] + addr
        memcpy(r16, &scale, sizeof(float))
        r16 += 2
        for i in range(size):
            r16[i] = q16(x[i] * inv)


cdef void strategy_of(const Ctx* g, int who, int64_t addr, const float* src, int k, int n,
                      float* out, float* scratch) noexcept nogil:
    """The strategy of a node from its regrets (regret matching) or its strategy sums (the
    average strategy), k x n, locks applied (scratch: 2n floats)."""
    cdef float* scale = scratch
    cdef float* add = scratch + n
    cdef int a, h
    cdef float uniform = 1.0 / k
    cdef const Lock* lock
    for h in range(n):
        scale[h] = pos(src[h])
    for a in range(1, k):
        for h in range(n):
            scale[h] += pos(src[a * n + h])
    for h in range(n):
        add[h] = unless(scale[h], uniform)
        scale[h] = inverse(scale[h])
    for a in range(k):
        for h in range(n):
            out[a * n + h] = pos(src[a * n + h]) * scale[h] + add[h]
    if g.n_locks[who]:
        lock = find_lock(g, who, addr)
        if lock != NULL:
            for h in range(n):
                if lock.mask[h]:
                    for a in range(k):
                        out[a * n + h] = lock.strategy[a * n + h]


cdef void fold_values(const Ctx* g, int32_t t, int p, const float* r, float* v) noexcept nogil:
    """Values of p's hands when someone folds: the pot won or lost times the other range's
    reach that is compatible with each hand."""
    cdef int o = 1 - p
    cdef int n = g.n[p], m = g.n[o], h, s, half = m // 2
    cdef double total = 0.0, x, y, total2 = 0.0
    cdef double minus[52]
    cdef double minus2[52]
    cdef const uint8_t* oc = g.cards[o]
    cdef const uint8_t* pc = g.cards[p]
    cdef const int32_t* same = g.same[p]
    cdef double amount = -g.half[t] if g.player[t] == p else g.half[t] - g.rake[t]
    memset(minus, 0, sizeof(minus))
    memset(minus2, 0, sizeof(minus2))
    # two halves of the range at once, into two sets of sums: hands next to each other share a
    # card, and one chain of additions through memory would wait on the last
    for h in range(half):
        x = r[h]
        y = r[h + half]
        total += x
        total2 += y
        minus[oc[2 * h]] += x
        minus2[oc[2 * (h + half)]] += y
        minus[oc[2 * h + 1]] += x
        minus2[oc[2 * (h + half) + 1]] += y
    if m & 1:
        x = r[m - 1]
        total += x
        minus[oc[2 * m - 2]] += x
        minus[oc[2 * m - 1]] += x
    total += total2
    for h in range(52):
        minus[h] += minus2[h]
    for h in range(n):
        s = same[h]
        x = total - minus[pc[2 * h]] - minus[pc[2 * h + 1]] + (r[s] if s >= 0 else 0.0)
        v[h] = <float>(amount * x)


ctypedef fused Out:
    float
    double


cdef inline void add_weaker(const uint64_t* mine, int64_t nm, const uint64_t* theirs,
                            const float* r, double coef, Out* out) noexcept nogil:
    """out[h] += coef times the reach of the other hands strictly weaker than h and sharing no
    card with it, for every hand h of mine (a sweep up both sorted lists).

    A sorted entry is strength << 48 | card << 40 | card << 32 | hand, and each list has a
    sentinel before it (strength 0) and after it (strength 0xFFFF): mine[1..nm]."""
    cdef double total = 0.0, x
    cdef double minus[52]
    cdef int64_t i, j = 1
    cdef uint64_t e, f, strength
    memset(minus, 0, sizeof(minus))
    for i in range(1, nm + 1):
        e = mine[i]
        strength = e >> 48
        while (theirs[j] >> 48) < strength:
            f = theirs[j]
            x = r[f & 0xFFFF]
            total += x
            minus[(f >> 40) & 0xFF] += x
            minus[(f >> 32) & 0xFF] += x
            j += 1
        out[e & 0xFFFF] += <Out>(coef * (total - minus[(e >> 40) & 0xFF] - minus[(e >> 32) & 0xFF]))


cdef inline void add_stronger(const uint64_t* mine, int64_t nm, const uint64_t* theirs,
                              int64_t nt, const float* r, double coef, Out* out) noexcept nogil:
    """As add_weaker, for the other hands strictly stronger (a sweep down)."""
    cdef double total = 0.0, x
    cdef double minus[52]
    cdef int64_t i = nm, j = nt
    cdef uint64_t e, f, strength
    memset(minus, 0, sizeof(minus))
    while i >= 1:
        e = mine[i]
        strength = e >> 48
        while (theirs[j] >> 48) > strength:
            f = theirs[j]
            x = r[f & 0xFFFF]
            total += x
            minus[(f >> 40) & 0xFF] += x
            minus[(f >> 32) & 0xFF] += x
            j -= 1
        out[e & 0xFFFF] += <Out>(coef * (total - minus[(e >> 40) & 0xFF] - minus[(e >> 32) & 0xFF]))
        i -= 1


cdef inline void add_compatible(const uint64_t* mine, int64_t nm, const uint64_t* theirs,
                                int64_t nt, const int32_t* same, const float* r, double coef,
                                Out* out) noexcept nogil:
    """As add_weaker, for every other hand that shares no card with h."""
    cdef double total = 0.0, x
    cdef double minus[52]
    cdef int64_t i, j
    cdef uint64_t e, f
    cdef int h, s
    memset(minus, 0, sizeof(minus))
    for j in range(1, nt + 1):
        f = theirs[j]
        x = r[f & 0xFFFF]
        total += x
        minus[(f >> 40) & 0xFF] += x
        minus[(f >> 32) & 0xFF] += x
    for i in range(1, nm + 1):
        e = mine[i]
        h = e & 0xFFFF
        s = same[h]
        x = total - minus[(e >> 40) & 0xFF] - minus[(e >> 32) & 0xFF] + (r[s] if s >= 0 else 0.0)
        out[h] += <Out>(coef * x)


cdef void showdown_values(const Ctx* g, int32_t t, int32_t si, int p, const float* r,
                          float* v) noexcept nogil:
    """Values of p's hands at a showdown: the pot won from the weaker hands, lost to the
    stronger (and, when the rake makes a tie cost something, the tie's share from every hand)."""
    cdef int o = 1 - p
    cdef int pair = g.si_pair[si]
    cdef const uint64_t* mine = g.sd[p] + g.sd_off[p][pair]
    cdef const uint64_t* theirs = g.sd[o] + g.sd_off[o][pair]
    cdef int64_t nm = g.sd_off[p][pair + 1] - g.sd_off[p][pair] - 2
    cdef int64_t nt = g.sd_off[o][pair + 1] - g.sd_off[o][pair] - 2
    cdef double half = g.half[t], rake = g.rake[t]
    cdef double tie = -0.5 * rake
    memset(v, 0, g.n[p] * sizeof(float))
    # wins and losses net of the tie's share, which every compatible hand then pays
    add_weaker(mine, nm, theirs, r, half - rake - tie, v)
    add_stronger(mine, nm, theirs, nt, r, -half - tie, v)
    if tie != 0.0:
        add_compatible(mine, nm, theirs, nt, g.same[p], r, tie, v)


cdef inline void zero_holding(const Ctx* g, int who, int card, float* x) noexcept nogil:
    """Zero the entries of the hands of `who` that hold `card`."""
    cdef const int32_t* hands = g.with_card[who]
    cdef int32_t i
    for i in range(g.with_off[who][card], g.with_off[who][card + 1]):
        x[hands[i]] = 0.0


cdef void walk(Ctx* g, Arena* w, int32_t t, int32_t si, int p, const float* r,
               float* v) noexcept nogil:
    """p's counterfactual values (v, one per hand; not written in the DOWN phase) at node t of
    street instance si, given the other player's reach r."""
    cdef int kind = g.kind[t]
    if kind == K_FOLD:
        if v != NULL:
            fold_values(g, t, p, r, v)
    elif kind == K_SHOWDOWN:
        if v != NULL:
            showdown_values(g, t, si, p, r, v)
    elif kind == K_CHANCE:
        chance(g, w, t, si, p, r, v)
    elif kind == p:
        own_node(g, w, t, si, p, r, v)
    else:
        other_node(g, w, t, si, p, r, v)


cdef void own_node(Ctx* g, Arena* w, int32_t t, int32_t si, int p, const float* r,
                   float* v) noexcept nogil:
    """A node where p acts: the values of its actions, mixed by its strategy (or the best of
    them), and in CFR mode the regrets updated."""
    cdef int k = g.nchild[t], n = g.n[p], a, h
    cdef const int32_t* kids = g.children + g.child_off[t]
    cdef int64_t addr = g.si_base[2 * si + p] + g.rel[t]
    cdef int64_t mark = w.top
    cdef int phase = g.phase if si == 0 else PHASE_FULL
    cdef float* sigma
    cdef float* values
    cdef float* total
    cdef float* regret
    cdef float x, alpha = g.alpha, beta = g.beta
    cdef const Lock* lock = NULL
    if phase == PHASE_DOWN:
        for a in range(k):
            walk(g, w, kids[a], si, p, r, NULL)
        return
    sigma = take(w, k * n)
    values = take(w, k * n)
    total = take(w, 2 * n)
    regret = load(g, w, g.mode != MODE_CFR, p, addr, k * n)
    if w.failed:
        return
    strategy_of(g, p, addr, regret, k, n, sigma, total)
    for a in range(k):
        walk(g, w, kids[a], si, p, r, values + a * n)
    if g.mode == MODE_BEST or g.mode == MODE_BEST_FREE:
        for h in range(n):
            v[h] = values[h]
        for a in range(1, k):
            for h in range(n):
                v[h] = fmax(v[h], values[a * n + h])
        if g.n_locks[p] and g.mode == MODE_BEST:
            lock = find_lock(g, p, addr)
            if lock != NULL:  # a locked hand plays its strategy
                for h in range(n):
                    if lock.mask[h]:
                        x = 0.0
                        for a in range(k):
                            x += sigma[a * n + h] * values[a * n + h]
                        v[h] = x
    else:
        for h in range(n):
            v[h] = sigma[h] * values[h]
        for a in range(1, k):
            for h in range(n):
                v[h] += sigma[a * n + h] * values[a * n + h]
    if g.mode == MODE_CFR:
        if g.plus:
            for a in range(k):
                for h in range(n):
                    regret[a * n + h] = pos(regret[a * n + h] + values[a * n + h] - v[h])
        else:
            for a in range(k):
                for h in range(n):
                    regret[a * n + h] = (discount(regret[a * n + h], alpha, beta)
                                         + values[a * n + h] - v[h])
        store(g, False, p, addr, regret, k * n)
    w.top = mark


cdef void other_node(Ctx* g, Arena* w, int32_t t, int32_t si, int p, const float* r,
                     float* v) noexcept nogil:
    """A node where the other player acts: its strategy splits the reach among the actions
    (in CFR mode its strategy sums gain the reach times the strategy); the values add up."""
    cdef int o = 1 - p
    cdef int k = g.nchild[t], n = g.n[p], m = g.n[o], a, h
    cdef const int32_t* kids = g.children + g.child_off[t]
    cdef int64_t addr = g.si_base[2 * si + o] + g.rel[t]
    cdef int64_t mark = w.top
    cdef int phase = g.phase if si == 0 else PHASE_FULL
    cdef float* sigma = take(w, k * m)
    cdef float* reach = take(w, 2 * m)
    cdef float* child = take(w, n)
    cdef float* sums
    cdef float* stored
    cdef float x, gamma = g.gamma
    cdef uint32_t live
    if w.failed:
        return
    if r == NULL:  # DOWN phase, nothing reaches here: mark the cards below as not reached
        for a in range(k):
            walk(g, w, kids[a], si, p, NULL, NULL)
        w.top = mark
        return
    stored = load(g, w, g.mode != MODE_CFR, o, addr, k * m)
    if w.failed:
        return
    strategy_of(g, o, addr, stored, k, m, sigma, reach)
    if g.mode == MODE_CFR and phase != PHASE_UP:
        sums = load(g, w, True, o, addr, k * m)
        if w.failed:
            return
        for a in range(k):
            for h in range(m):
                sums[a * m + h] = sums[a * m + h] * gamma + r[h] * sigma[a * m + h]
        store(g, True, o, addr, sums, k * m)
    if v != NULL:
        memset(v, 0, n * sizeof(float))
    for a in range(k):
        live = 0  # the bits of the reaches or-ed: not 0 when one is (they are not negative)
        for h in range(m):
            x = r[h] * sigma[a * m + h]
            reach[h] = x
            live |= abs_bits(x)
        if live == 0:  # nothing reaches the child: its values are zero
            if phase == PHASE_DOWN:
                walk(g, w, kids[a], si, p, NULL, NULL)
            continue
        if v == NULL:
            walk(g, w, kids[a], si, p, reach, NULL)
        else:
            walk(g, w, kids[a], si, p, reach, child)
            for h in range(n):
                v[h] += child[h]
    w.top = mark


cdef void chance(Ctx* g, Arena* w, int32_t t, int32_t si, int p, const float* r,
                 float* v) noexcept nogil:
    """A card is dealt: each card's values (the reach of hands holding it removed), a mirrored
    card's from its twin's with the hands' suits swapped, averaged over the cards that can come."""
    cdef int o = 1 - p
    cdef int n = g.n[p], m = g.n[o], card, rep, h, task
    cdef int32_t ci = g.si_chance[si] + g.ordinal[t]
    cdef const int32_t* entry = g.ci_entry + 52 * <int64_t>ci
    cdef const int8_t* swap = g.ci_swap + 52 * <int64_t>ci
    cdef int32_t next_t = g.children[g.child_off[t]]
    cdef int64_t mark = w.top
    cdef int phase = g.phase if si == 0 else PHASE_FULL
    cdef float* reach
    cdef float* values
    cdef float* own
    cdef const float* twin
    cdef const int32_t* perm
    cdef float inv = g.ci_inv[ci]
    cdef float* slot[52]
    if phase == PHASE_DOWN:
        for card in range(52):
            if entry[card] >= 0:
                task = g.task_of[(ci - g.root_ci) * 52 + card]
                g.task_live[task] = r != NULL
                if r == NULL:
                    continue
                reach = g.task_reach + task * g.task_stride
                memcpy(reach, r, m * sizeof(float))
                zero_holding(g, o, card, reach)
        return
    reach = take(w, m)
    if w.failed:
        return
    for card in range(52):
        slot[card] = NULL
        if entry[card] < 0:
            continue
        if phase == PHASE_UP:
            task = g.task_of[(ci - g.root_ci) * 52 + card]
            slot[card] = g.task_value + task * g.task_stride
            zero_holding(g, p, card, slot[card])
            continue
        values = take(w, n)
        if w.failed:
            return
        memcpy(reach, r, m * sizeof(float))
        zero_holding(g, o, card, reach)
        walk(g, w, next_t, entry[card], p, reach, values)
        zero_holding(g, p, card, values)
        slot[card] = values
    memset(v, 0, n * sizeof(float))
    for card in range(52):
        if entry[card] >= 0:
            own = slot[card]
            for h in range(n):
                v[h] += own[h]
        elif entry[card] <= MIRROR:
            rep = MIRROR - entry[card]
            twin = slot[rep]
            perm = g.perm[p] + swap[card] * n
            for h in range(n):
                v[h] += twin[perm[h]]
    for h in range(n):
        v[h] *= inv
    w.top = mark


cdef void run_tasks(Ctx* g, Arena* w, const int32_t* order, int count, const int32_t* task_t,
                    const int32_t* task_si, int p) noexcept nogil:
    """Walk the subtrees of the first street's cards, taking the next task of ``order`` (the
    largest first) whenever this thread is free, until every task is taken."""
    cdef long i
    cdef int task
    while True:
        i = ticket(&g.next_task)
        if i >= count:
            return
        task = order[i]
        if not g.task_live[task]:
            continue
        w.top = 0
        walk(g, w, task_t[task], task_si[task], p, g.task_reach + task * g.task_stride,
             g.task_value + task * g.task_stride)


cdef int cmp_u64(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0]
    return (x > y) - (x < y)


cdef int64_t sort_strengths(const EvalTables* tab, const uint8_t* board, const uint8_t* cards,
                            int n, uint64_t* out) noexcept nogil:
    """The hands that miss the 5-card board, sorted by strength, between two sentinels (see
    showdown_values); the number of entries written, sentinels included."""
    cdef uint64_t key = KEY_INIT, mask = 0, hk, hm
    cdef int i, h
    cdef int64_t count = 1
    for i in range(5):
        key += tab.cards[board[i]].key
        mask |= tab.cards[board[i]].mask
    out[0] = 0
    for h in range(n):
        hm = tab.cards[cards[2 * h]].mask | tab.cards[cards[2 * h + 1]].mask
        if hm & mask:
            continue
        hk = key + tab.cards[cards[2 * h]].key + tab.cards[cards[2 * h + 1]].key
        out[count] = ((<uint64_t>eval_key(tab, hk, mask | hm) << 48)
                      | (<uint64_t>cards[2 * h] << 40) | (<uint64_t>cards[2 * h + 1] << 32)
                      | <uint64_t>h)
        count += 1
    qsort(out + 1, count - 1, sizeof(uint64_t), cmp_u64)
    out[count] = (<uint64_t>0xFFFF) << 48
    return count + 1


cdef void board_equity(const EvalTables* tab, const uint8_t* board, int n, const uint8_t* pc,
                       const int32_t* same, int m, const uint8_t* oc, const float* r,
                       uint64_t* mine, uint64_t* theirs, double* out) noexcept nogil:
    """Add each hand's share of the pot on one 5-card board against the other range (reach r):
    half of (the compatible reach + the reach it beats - the reach that beats it)."""
    cdef int64_t nm = sort_strengths(tab, board, pc, n, mine) - 2
    cdef int64_t nt = sort_strengths(tab, board, oc, m, theirs) - 2
    add_compatible(mine, nm, theirs, nt, same, r, 0.5, out)
    add_weaker(mine, nm, theirs, r, 0.5, out)
    add_stronger(mine, nm, theirs, nt, r, -0.5, out)


cdef int64_t runout_equity(const EvalTables* tab, const uint8_t* board, int nb, int n,
                           const uint8_t* pc, const int32_t* same, int m, const uint8_t* oc,
                           const float* r, uint64_t* mine, uint64_t* theirs,
                           double* out) noexcept nogil:
    """board_equity summed over every way to complete the board; the number of boards."""
    cdef uint8_t full[5]
    cdef uint64_t used = 0
    cdef int i, a, b
    cdef int64_t count = 0
    for i in range(nb):
        full[i] = board[i]
        used |= (<uint64_t>1) << board[i]
    if nb == 5:
        board_equity(tab, full, n, pc, same, m, oc, r, mine, theirs, out)
        return 1
    for a in range(52):
        if used & ((<uint64_t>1) << a):
            continue
        full[nb] = <uint8_t>a
        if nb == 4:
            board_equity(tab, full, n, pc, same, m, oc, r, mine, theirs, out)
            count += 1
            continue
        for b in range(a + 1, 52):
            if used & ((<uint64_t>1) << b):
                continue
            full[4] = <uint8_t>b
            board_equity(tab, full, n, pc, same, m, oc, r, mine, theirs, out)
            count += 1
    return count


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

MODES = {"cfr": MODE_CFR, "best": MODE_BEST, "average": MODE_AVERAGE, "free": MODE_BEST_FREE}


def showdown_table(const uint8_t[:, ::1] boards not None, const uint8_t[:, ::1] cards not None,
                   uint64_t[::1] out not None, int64_t[::1] offsets not None):
    """Sort a range's hands by strength on each 5-card board (rows of ``boards``), into ``out``
    (room for rows x (hands + 2)), each board's list between its sentinels, with ``offsets[i]``
    where board i's list starts; returns the total.
    """
    cdef EvalTables tab = eval_tables()
    cdef Py_ssize_t rows = boards.shape[0], i
    cdef int n = <int>cards.shape[0]
    cdef int64_t used = 0
    if boards.shape[1] != 5 or cards.shape[1] != 2 or n > 65535:
        raise ValueError("boards are 5 cards, hands 2 cards, at most 65,535 hands")
    if out.shape[0] < rows * (n + 2) or offsets.shape[0] != rows + 1:
        raise ValueError("out needs room for every hand on every board, offsets one per board + 1")
    with nogil:
        for i in range(rows):
            offsets[i] = used
            used += sort_strengths(&tab, &boards[i, 0], &cards[0, 0], n, &out[used])
        offsets[rows] = used
    return used


def equity_sums(const uint8_t[::1] board not None, const uint8_t[:, ::1] mine not None,
                const int32_t[::1] same not None, const uint8_t[:, ::1] theirs not None,
                const float[::1] reach not None, double[::1] out not None):
    """For each hand of ``mine``, its share of the pot against ``theirs`` weighted by ``reach``,
    summed over every completion of ``board`` (3 to 5 cards), into ``out``; returns the number
    of boards."""
    cdef EvalTables tab = eval_tables()
    cdef int nb = <int>board.shape[0], n = <int>mine.shape[0], m = <int>theirs.shape[0]
    cdef int64_t count
    cdef uint64_t* a
    cdef uint64_t* b
    if not 3 <= nb <= 5 or mine.shape[1] != 2 or theirs.shape[1] != 2:
        raise ValueError("a board of 3 to 5 cards, hands of 2 cards")
    if same.shape[0] != n or out.shape[0] != n or reach.shape[0] != m or n > 65535 or m > 65535:
        raise ValueError("same and out have one entry per hand of mine, reach per hand of theirs")
    a = <uint64_t*>malloc((n + m + 4) * sizeof(uint64_t))
    if a == NULL:
        raise MemoryError()
    b = a + n + 2
    with nogil:
        count = runout_equity(&tab, &board[0], nb, n, &mine[0, 0], &same[0], m, &theirs[0, 0],
                              &reach[0], a, b, &out[0])
    free(a)
    return count


@cython.auto_pickle(False)  # (it holds C buffers: a Solver saves itself with Solver.save)
cdef class Engine:
    """The solver's state in C: the tree's arrays (kept alive here), the storage, the locks and
    a work area per thread. Built by holdem.solver.game; not a public class."""

    cdef Ctx g
    cdef list _keep
    cdef Arena* arenas
    cdef int n_arenas
    cdef Lock* lock_tables[2]
    cdef const int32_t* task_t
    cdef const int32_t* task_si
    cdef int n_tasks
    cdef float* root_reach[2]

    def __cinit__(self):
        self.arenas = NULL
        self.n_arenas = 0
        self.lock_tables[0] = NULL
        self.lock_tables[1] = NULL
        self.task_t = NULL
        self.task_si = NULL
        self.n_tasks = 0
        self._keep = []

    def __init__(self, dict arrays, int threads, int64_t arena_floats):
        """Point at the arrays (holdem.solver.game names them) and allocate the work areas."""
        cdef int p
        self._keep = [arrays]
        self.g.kind = self._i32(arrays["kind"])
        self.g.player = self._i32(arrays["player"])
        self.g.nchild = self._i32(arrays["nchild"])
        self.g.child_off = self._i32(arrays["child_off"])
        self.g.children = self._i32(arrays["children"])
        self.g.rel = self._i64(arrays["rel"])
        self.g.ordinal = self._i32(arrays["ordinal"])
        self.g.half = self._f64(arrays["half"])
        self.g.rake = self._f64(arrays["rake"])
        self.g.si_base = self._i64(arrays["si_base"])
        self.g.si_chance = self._i32(arrays["si_chance"])
        self.g.si_pair = self._i32(arrays["si_pair"])
        self.g.ci_entry = self._i32(arrays["ci_entry"])
        self.g.ci_swap = self._i8(arrays["ci_swap"])
        self.g.ci_inv = self._f32(arrays["ci_inv"])
        for p in range(2):
            self.g.n[p] = arrays["weights"][p].shape[0]
            self.g.cards[p] = self._u8(arrays["cards"][p])
            self.g.same[p] = self._i32(arrays["same"][p])
            self.g.with_off[p] = self._i32(arrays["with_off"][p])
            self.g.with_card[p] = self._i32(arrays["with_card"][p])
            self.g.perm[p] = self._i32(arrays["perm"][p])
            self.g.sd[p] = self._u64(arrays["sd"][p])
            self.g.sd_off[p] = self._i64(arrays["sd_off"][p])
            self.g.regret[p] = self.g.strat[p] = NULL
            self.g.regret16[p] = NULL
            self.g.strat16[p] = NULL
            if arrays["compressed"]:
                self.g.regret16[p] = self._i16w(arrays["regret"][p])
                self.g.strat16[p] = self._u16w(arrays["strat"][p])
            else:
                self.g.regret[p] = self._f32w(arrays["regret"][p])
                self.g.strat[p] = self._f32w(arrays["strat"][p])
            self.g.locks[p] = NULL
            self.g.n_locks[p] = 0
            self.root_reach[p] = self._f32w(arrays["weights"][p])
        self.g.root_ci = arrays["root_ci"]
        self.g.task_of = self._i32(arrays["task_of"])
        self.g.task_reach = self._f32w(arrays["task_reach"])
        self.g.task_value = self._f32w(arrays["task_value"])
        self.g.task_stride = arrays["task_stride"]
        self.g.compressed = arrays["compressed"]
        self.g.task_live = self._u8w(arrays["task_live"])
        self.g.next_task = 0
        self.n_tasks = arrays["task_t"].shape[0]
        self.task_t = self._i32(arrays["task_t"])
        self.task_si = self._i32(arrays["task_si"])
        self.g.mode = MODE_CFR
        self.g.phase = PHASE_FULL
        self.g.plus = 0
        self.g.alpha = self.g.beta = self.g.gamma = 1.0
        self.arenas = <Arena*>malloc(threads * sizeof(Arena))
        if self.arenas == NULL:
            raise MemoryError()
        for p in range(threads):
            self.arenas[p].base = NULL
        self.n_arenas = threads
        for p in range(threads):
            self.arenas[p].base = <float*>malloc(arena_floats * sizeof(float))
            if self.arenas[p].base == NULL:
                raise MemoryError()
            self.arenas[p].cap = arena_floats
            self.arenas[p].top = 0
            self.arenas[p].failed = 0

    def __dealloc__(self):
        cdef int i
        if self.arenas != NULL:
            for i in range(self.n_arenas):
                free(self.arenas[i].base)
            free(self.arenas)
        for i in range(2):
            free(self.lock_tables[i])

    # Pointers into buffers that self._keep holds (each checked for its type and contiguity by
    # the memoryview; an empty array gives NULL).
    cdef const int32_t* _i32(self, const int32_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef const int64_t* _i64(self, const int64_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef const int8_t* _i8(self, const int8_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef const uint8_t* _u8(self, const uint8_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef const uint64_t* _u64(self, const uint64_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef const double* _f64(self, const double[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef const float* _f32(self, const float[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef float* _f32w(self, float[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef uint8_t* _u8w(self, uint8_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef int16_t* _i16w(self, int16_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    cdef uint16_t* _u16w(self, uint16_t[::1] a):
        return &a[0] if a.shape[0] else NULL

    def set_locks(self, int player, list locks):
        """Replace a player's locks: (address, strategy k x n float32, mask n uint8) triples,
        sorted by address (the arrays are kept alive here)."""
        cdef Lock* table
        cdef int i
        cdef const float[::1] s
        cdef const uint8_t[::1] m
        table = <Lock*>malloc((len(locks) + 1) * sizeof(Lock))
        if table == NULL:
            raise MemoryError()
        for i in range(len(locks)):
            addr, strategy, mask = locks[i]
            s = strategy
            m = mask
            table[i].addr = addr
            table[i].strategy = &s[0]
            table[i].mask = &m[0]
        free(self.lock_tables[player])
        self.lock_tables[player] = table
        self._keep.append(locks)
        self.g.locks[player] = table
        self.g.n_locks[player] = len(locks)

    def set_discounts(self, bint plus, float alpha, float beta, float gamma):
        """The regret and strategy-sum discounts of the next walks (CFR+ when plus)."""
        self.g.plus = plus
        self.g.alpha = alpha
        self.g.beta = beta
        self.g.gamma = gamma

    def walk_root(self, int player, int mode, int phase, float[::1] out):
        """One walk of the tree for player from the root (or its DOWN or UP half), values into
        out (one per hand of player). Returns False if a work area ran out of room."""
        cdef Arena* w = &self.arenas[0]
        cdef float* v = NULL if phase == PHASE_DOWN else &out[0]
        if out.shape[0] != self.g.n[player]:
            raise ValueError("out has one value per hand of the player")
        self.g.mode = mode
        self.g.phase = phase
        w.top = 0
        w.failed = 0
        with nogil:
            walk(&self.g, w, 0, 0, player, self.root_reach[1 - player], v)
        return not w.failed

    def start_tasks(self):
        """Before the threads of a walk's task phase start: no task taken yet."""
        self.g.next_task = 0

    def walk_tasks(self, int thread, int player, const int32_t[::1] tasks):
        """Walk tasks (first-street cards) of the order given, on work area ``thread``, without
        the GIL, taking each next task free (threads share one counter: see start_tasks).
        Returns False if the work area ran out of room."""
        cdef Arena* w = &self.arenas[thread]
        cdef int count = <int>tasks.shape[0]
        cdef const int32_t* tp = &tasks[0] if count else NULL
        w.failed = 0
        with nogil:
            run_tasks(&self.g, w, tp, count, self.task_t, self.task_si, player)
        return not w.failed

    def walk_node(self, int node, int street_instance, int player, int mode,
                  const float[::1] reach, float[::1] out):
        """A walk from one node (whole, one thread) with the other player's reach given there;
        player's values into out. Returns False if the work area ran out of room."""
        cdef Arena* w = &self.arenas[0]
        if out.shape[0] != self.g.n[player] or reach.shape[0] != self.g.n[1 - player]:
            raise ValueError("one value per hand of the player, one reach per hand of the other")
        self.g.mode = mode
        self.g.phase = PHASE_FULL
        w.top = 0
        w.failed = 0
        with nogil:
            walk(&self.g, w, node, street_instance, player, &reach[0], &out[0])
        return not w.failed
