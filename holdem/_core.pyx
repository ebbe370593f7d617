# cython: language_level=3
"""The compiled core: card keys, lookup tables, 5/6/7-card evaluation, batch kernels, showdown.

Hand representation (after OMPEval and b-inary's holdem-hand-evaluator, reimplemented here):

* a hand's *key* is the sum of its cards' keys: the low 32 bits add up one rank base per card
  (the bases make every multiset of at most seven ranks sum to a different number) and bits 32-47
  hold four 4-bit suit counters that start at 3, so a suit with five or more cards sets bit 3 of
  its counter (``FLUSH_BITS``);
* a hand's *mask* is the OR of its cards' bits, 16 bits per suit.

A flush is then a lookup of the flush suit's 13-bit rank mask in ``FLUSH_TABLE`` (8 K entries);
anything else is a perfect hash of the rank key (one displacement, ``OFFSETS``) into
``HASH_TABLE``. Values run from 1 (7-5-4-3-2) to 7462 (a royal flush): higher is better.

All tables are generated at import time by ``build_tables()`` from the rules of hand ranking, in
about 12 ms; what an evaluation reads takes about 240 KB (``table_bytes()``).

Kernels are ``cdef ... noexcept nogil`` over C types; the ``def`` functions validate their
arguments and run the kernels with the GIL released.
"""

cimport cython
from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset


from holdem._capi cimport (  # borrowed-reference C API, no refcounts touched
    _is_tuple,
    _is_list,
    _tuple_size,
    _list_size,
    _tuple_item,
    _list_item,
    int_card,
)


cdef extern from *:
    """
    /* A card's key and mask side by side (index = card byte; 52..255 are invalid cards), so
       that one 16-byte load brings both and one vector add sums both (GCC/Clang vector
       extensions: SSE2 on x86-64, NEON on arm64). Elsewhere (MSVC) the same sums are done
       with scalar loads.

       holdem_sum7 gives a 7-card row's key sum and mask OR, and folds into a holdem_check what
       tells a bad row: a repeated card makes the masks' sum differ from their OR, and an
       invalid card byte has the (otherwise unused) top mask bit. The check is kept across rows
       and read once at the end (holdem_check_bad), so the row loop has no test for it. */
    typedef struct { uint64_t key, mask; } holdem_card_bits;

    #if defined(__GNUC__) || defined(__clang__)
    static holdem_card_bits holdem_cards[256] __attribute__((aligned(16)));
    typedef uint64_t holdem_v2 __attribute__((vector_size(16)));
    typedef struct { holdem_v2 diff, seen; } holdem_check;
    static inline holdem_check holdem_check_new(void) {
        holdem_check c = {{0, 0}, {0, 0}};
        return c;
    }
    static inline void holdem_sum7(const uint8_t *c, uint64_t *key, uint64_t *mask_or,
                                   holdem_check *check) {
        const holdem_v2 *t = (const holdem_v2 *)holdem_cards;
        holdem_v2 a = t[c[0]], b = t[c[1]], d = t[c[2]], e = t[c[3]];
        holdem_v2 f = t[c[4]], g = t[c[5]], h = t[c[6]];
        holdem_v2 sum = ((a + b) + (d + e)) + ((f + g) + h);
        holdem_v2 ors = ((a | b) | (d | e)) | ((f | g) | h);
        check->diff |= sum ^ ors;
        check->seen |= ors;
        *key = sum[0];
        *mask_or = ors[1];
    }
    static inline int holdem_check_bad(holdem_check c) {
        return c.diff[1] != 0 || (c.seen[1] >> 63) != 0;
    }
    #else
    static holdem_card_bits holdem_cards[256];
    typedef struct { uint64_t diff, seen; } holdem_check;
    static inline holdem_check holdem_check_new(void) {
        holdem_check c = {0, 0};
        return c;
    }
    static inline void holdem_sum7(const uint8_t *c, uint64_t *key, uint64_t *mask_or,
                                   holdem_check *check) {
        uint64_t k = 0, o = 0, s = 0;
        for (int i = 0; i < 7; i++) {
            k += holdem_cards[c[i]].key;
            o |= holdem_cards[c[i]].mask;
            s += holdem_cards[c[i]].mask;
        }
        check->diff |= s ^ o;
        check->seen |= o;
        *key = k; *mask_or = o;
    }
    static inline int holdem_check_bad(holdem_check c) {
        return c.diff != 0 || (c.seen >> 63) != 0;
    }
    #endif
    """
    ctypedef struct holdem_card_bits:
        uint64_t key
        uint64_t mask
    ctypedef struct holdem_check:
        pass
    holdem_card_bits holdem_cards[256]
    holdem_check holdem_check_new() noexcept nogil
    void holdem_sum7(const uint8_t* c, uint64_t* key, uint64_t* mask_or,
                     holdem_check* check) noexcept nogil
    bint holdem_check_bad(holdem_check check) noexcept nogil


# Rank bases: every multiset of at most seven ranks, at most four of each, has its own sum, below
# 2**24 (the smallest such bases found greedily, as published with b-inary's holdem-hand-evaluator).
# A card's rank key is its base times MIX modulo 2**24: an odd multiplier is a bijection of the
# 24-bit keys, and it is linear, so the sum of the cards' mixed keys is the mixed sum. Mixing
# spreads the keys evenly over the hash rows. build_tables() checks all this: a collision would
# make the perfect hash fail to build. MIX and HASH_SPREAD were chosen by a search for a small
# table that is placed quickly (79 K entries; the whole build takes about 12 ms).
cdef uint32_t RANK_BASES[13]
RANK_BASES[:] = [1, 4, 16, 67, 295, 1334, 5734, 23800, 60883, 208450, 509982, 1304151, 2967844]
cdef uint32_t MIXED_BASES[13]          # (RANK_BASES[r] * MIX) % 2**24

# Storage for the tables (their sizes are checked against what the builder needs).
cdef uint16_t FLUSH_TABLE[8192]
cdef uint32_t OFFSETS[HASH_ROWS]
cdef uint16_t HASH_TABLE[HASH_CAP + 1024]   # the slack keeps any 24-bit key in bounds
cdef uint32_t SCORES[N_VALUES + 1]    # SCORES[value]: packed category and ranks of that value
cdef uint32_t HASH_SIZE = 0           # entries of HASH_TABLE in use
cdef object _VALUE_INTS                # the Python ints 0..7462, returned without allocating
cdef PyObject* VALUE_OBJS[N_VALUES + 1]


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next number of the splitmix64 generator (Steele, Lea and Flood, 2014)."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint16_t rank_value(uint32_t key) noexcept nogil:
    """Value of a hand that is not a flush, from its key's rank part (the perfect hash)."""
    cdef uint32_t rk = key & RANK_KEY_MASK
    return HASH_TABLE[<uint32_t>(rk + OFFSETS[rk >> HASH_SHIFT])]


cdef inline uint16_t eval_key(uint64_t key, uint64_t mask) noexcept nogil:
    """Value of a 5-7 card hand from its key and mask."""
    cdef uint64_t f = key & FLUSH_BITS
    cdef int suit
    if f:
        # Exactly one suit can hold five of seven cards: its flag is bit 35, 39, 43 or 47.
        suit = <int>(((f >> 39) & 1) + ((f >> 43) & 1) * 2 + ((f >> 47) & 1) * 3)
        return FLUSH_TABLE[(mask >> (16 * suit)) & 0x1FFF]
    return rank_value(<uint32_t>key)


cdef EvalTables eval_tables() noexcept nogil:
    """Pointers to the evaluator's tables, for other extensions' kernels (see _core.pxd)."""
    cdef EvalTables t
    t.cards = <const uint64_t*>holdem_cards
    t.flush = FLUSH_TABLE
    t.offsets = OFFSETS
    t.hash = HASH_TABLE
    t.rank_keys = MIXED_BASES
    return t


cdef uint16_t eval_cards(const uint8_t* cards, int n) noexcept nogil:
    """Value of n (5..7) card indices, or 0 when a card is unknown or repeated."""
    cdef uint64_t key = KEY_INIT
    cdef uint64_t mask_or = 0
    cdef uint64_t mask_sum = 0
    cdef int i
    for i in range(n):
        key += holdem_cards[cards[i]].key
        mask_or |= holdem_cards[cards[i]].mask
        mask_sum += holdem_cards[cards[i]].mask
    if mask_or != mask_sum or (mask_or & INVALID_BIT):
        return 0
    return eval_key(key, mask_or)


cdef inline bint hand_is_bad(uint64_t mask_or, uint64_t mask_sum) noexcept nogil:
    # A repeated card carries into a neighbouring bit, so the sum differs from the OR;
    # an invalid card byte has the (otherwise unused) top bit.
    return mask_or != mask_sum or (mask_or & INVALID_BIT) != 0


cdef Py_ssize_t eval_rows(const uint8_t* cards, Py_ssize_t rows, int ncols,
                          uint16_t* out) noexcept nogil:
    """Evaluate rows of ncols (5..7) card bytes; returns the first bad row, or -1."""
    cdef Py_ssize_t r
    cdef uint64_t key, mask, key2, mask2
    cdef holdem_check check = holdem_check_new()
    if ncols == 7:
        # Two rows per iteration, so that their loads and lookups overlap, and the bad-row
        # check read once at the end: together 12-15% faster than a row and a test at a time.
        for r in range(0, rows - 1, 2):
            holdem_sum7(cards + 7 * r, &key, &mask, &check)
            holdem_sum7(cards + 7 * r + 7, &key2, &mask2, &check)
            out[r] = eval_key(KEY_INIT + key, mask)
            out[r + 1] = eval_key(KEY_INIT + key2, mask2)
        if rows & 1:
            holdem_sum7(cards + 7 * (rows - 1), &key, &mask, &check)
            out[rows - 1] = eval_key(KEY_INIT + key, mask)
        if not holdem_check_bad(check):
            return -1
        # Something was wrong: find the first bad row (the values written are meaningless).
    for r in range(rows):
        out[r] = eval_cards(cards + ncols * r, ncols)
        if out[r] == 0:
            return r
    return -1


cdef Py_ssize_t resolve_rows(const uint8_t* boards, Py_ssize_t rows, int board_len,
                             const uint8_t* holes, Py_ssize_t hole_stride, int players,
                             uint16_t* values, uint8_t* winners) noexcept nogil:
    """Per board row: each player's value and whether it is among the best; first bad row or -1.

    ``holes`` points at row 0's players (2 bytes each); ``hole_stride`` is 0 when every board
    shares the same hands, else ``2 * players``.
    """
    cdef Py_ssize_t r
    cdef int i, p
    cdef uint64_t bkey, bmask, bsum, key, m0, m1, used
    cdef uint16_t v, best
    cdef const uint8_t* b
    cdef const uint8_t* h
    for r in range(rows):
        b = boards + board_len * r
        h = holes + hole_stride * r
        bkey = KEY_INIT
        bmask = 0
        bsum = 0
        for i in range(board_len):
            bkey += holdem_cards[b[i]].key
            bmask |= holdem_cards[b[i]].mask
            bsum += holdem_cards[b[i]].mask
        if hand_is_bad(bmask, bsum):
            return r
        used = bmask
        best = 0
        for p in range(players):
            m0 = holdem_cards[h[2 * p]].mask
            m1 = holdem_cards[h[2 * p + 1]].mask
            if (m0 & m1) or ((m0 | m1) & (used | INVALID_BIT)):
                return r
            used |= m0 | m1
            key = bkey + holdem_cards[h[2 * p]].key + holdem_cards[h[2 * p + 1]].key
            v = eval_key(key, bmask | m0 | m1)
            values[players * r + p] = v
            if v > best:
                best = v
        for p in range(players):
            winners[players * r + p] = values[players * r + p] == best
    return -1


cdef inline void count_last_card(uint64_t key6, uint64_t mask6, int c6,
                                 uint32_t* hist) noexcept nogil:
    """Add every 7-card hand that extends six cards (the highest c6) by a card above c6."""
    cdef int c, r
    if (key6 + SUIT_ONES) & FLUSH_BITS:
        # A suit holds four or more of the six: the seventh card's suit matters.
        for c in range(c6 + 1, 52):
            hist[eval_key(key6 + holdem_cards[c].key, mask6 | holdem_cards[c].mask)] += 1
        return
    # No flush is possible, so the seventh card's suit is irrelevant: the cards of one rank
    # above c6 make hands of one value (three or fewer of c6's own rank remain above it).
    r = c6 >> 2
    if (c6 & 3) != 3:
        hist[rank_value(<uint32_t>key6 + MIXED_BASES[r])] += 3 - (c6 & 3)
    for r in range(r + 1, 13):
        hist[rank_value(<uint32_t>key6 + MIXED_BASES[r])] += 4


cdef inline void count_last_two(uint64_t key5, int c5, uint32_t* hist) noexcept nogil:
    """Add every 7-card hand that extends five cards (the highest c5, no suit holding three of
    them) by two cards above c5. No flush is possible, so only the two ranks matter: one
    lookup per pair of ranks serves all the card pairs of those ranks."""
    cdef int r5 = c5 >> 2
    cdef int r, s, n
    cdef uint32_t k
    for r in range(r5, 13):
        n = 3 - (c5 & 3) if r == r5 else 4   # cards of rank r above c5
        if n == 0:
            continue
        k = <uint32_t>key5 + MIXED_BASES[r]
        if n >= 2:
            hist[rank_value(k + MIXED_BASES[r])] += n * (n - 1) // 2
        for s in range(r + 1, 13):
            hist[rank_value(k + MIXED_BASES[s])] += 4 * n


cdef void histogram7(uint32_t* hist) noexcept nogil:
    """Count the values of all C(52, 7) seven-card hands."""
    cdef int a, b, c, d, e, f
    cdef uint64_t ka, kb, kc, kd, ke, ma, mb, mc, md, me
    for a in range(46):
        ka = KEY_INIT + holdem_cards[a].key
        ma = holdem_cards[a].mask
        for b in range(a + 1, 47):
            kb = ka + holdem_cards[b].key
            mb = ma | holdem_cards[b].mask
            for c in range(b + 1, 48):
                kc = kb + holdem_cards[c].key
                mc = mb | holdem_cards[c].mask
                for d in range(c + 1, 49):
                    kd = kc + holdem_cards[d].key
                    md = mc | holdem_cards[d].mask
                    for e in range(d + 1, 50):
                        ke = kd + holdem_cards[e].key
                        me = md | holdem_cards[e].mask
                        if not (ke + 2 * SUIT_ONES) & FLUSH_BITS:
                            count_last_two(ke, e, hist)
                            continue
                        for f in range(e + 1, 51):
                            count_last_card(ke + holdem_cards[f].key,
                                            me | holdem_cards[f].mask, f, hist)


cdef void histogram_each(int start, int left, uint64_t key, uint64_t mask,
                         uint32_t* hist) noexcept nogil:
    """Count the values of every hand that adds ``left`` cards above ``start`` (one at a time)."""
    cdef int c
    if left == 0:
        hist[eval_key(key, mask)] += 1
        return
    for c in range(start, 53 - left):
        histogram_each(c + 1, left - 1, key + holdem_cards[c].key,
                       mask | holdem_cards[c].mask, hist)


# ---------------------------------------------------------------------------------------------
# Table generation: the rules of hand ranking, run once at import
# ---------------------------------------------------------------------------------------------

cdef inline uint32_t pack(int category, int r1, int r2, int r3, int r4, int r5) noexcept nogil:
    return ((<uint32_t>category << 20) | (<uint32_t>r1 << 16) | (<uint32_t>r2 << 12)
            | (<uint32_t>r3 << 8) | (<uint32_t>r4 << 4) | <uint32_t>r5)


cdef int straight_high(uint32_t bits) noexcept nogil:
    """Highest card of the best straight in a 13-bit rank set (3 for the wheel), or -1."""
    cdef int h
    for h in range(12, 3, -1):
        if ((bits >> (h - 4)) & 0x1F) == 0x1F:
            return h
    if (bits & 0x100F) == 0x100F:
        return 3
    return -1


cdef int top_ranks(uint32_t bits, int* out, int n) noexcept nogil:
    """Write the n highest ranks of a rank set into out, highest first; returns how many."""
    cdef int r, k = 0
    for r in range(12, -1, -1):
        if k == n:
            break
        if bits & (1u << r):
            out[k] = r
            k += 1
    return k


cdef uint32_t flush_score(uint32_t bits) noexcept nogil:
    """Score of the best hand in one suit holding the ranks ``bits`` (at least five)."""
    cdef int k[5]
    cdef int h = straight_high(bits)
    memset(k, 0, sizeof(k))
    if h >= 0:
        return pack(8, h, 0, 0, 0, 0)
    top_ranks(bits, k, 5)
    return pack(5, k[0], k[1], k[2], k[3], k[4])


cdef uint32_t counts_score(const int* cnt) noexcept nogil:
    """Score of the best five-card hand, ignoring suits, from 5-7 cards given as rank counts."""
    cdef int r, quad = -1, trip = -1, pair1 = -1, pair2 = -1, h
    cdef uint32_t bits = 0
    cdef int k[5]
    memset(k, 0, sizeof(k))
    for r in range(12, -1, -1):
        if cnt[r] == 0:
            continue
        bits |= 1u << r
        if cnt[r] == 4 and quad < 0:
            quad = r
        elif cnt[r] == 3 and trip < 0:
            trip = r
        elif cnt[r] >= 2:
            # A second set of trips is a pair for the full house.
            if pair1 < 0:
                pair1 = r
            elif pair2 < 0:
                pair2 = r
    if quad >= 0:
        top_ranks(bits & ~(1u << quad), k, 1)
        return pack(7, quad, k[0], 0, 0, 0)
    if trip >= 0:
        # Any other rank held twice or more fills the house; a second trips counts as a pair.
        for r in range(12, -1, -1):
            if r != trip and cnt[r] >= 2:
                return pack(6, trip, r, 0, 0, 0)
    h = straight_high(bits)
    if h >= 0:
        return pack(4, h, 0, 0, 0, 0)
    if trip >= 0:
        top_ranks(bits & ~(1u << trip), k, 2)
        return pack(3, trip, k[0], k[1], 0, 0)
    if pair2 >= 0:
        top_ranks(bits & ~((1u << pair1) | (1u << pair2)), k, 1)
        return pack(2, pair1, pair2, k[0], 0, 0)
    if pair1 >= 0:
        top_ranks(bits & ~(1u << pair1), k, 3)
        return pack(1, pair1, k[0], k[1], k[2], 0)
    top_ranks(bits, k, 5)
    return pack(0, k[0], k[1], k[2], k[3], k[4])


cdef uint16_t SCORE_PREFIX[4097]      # first index in SCORES of each 12-bit score prefix


cdef void index_scores() noexcept nogil:
    """Fill SCORE_PREFIX from the sorted SCORES (prefix = category and the first two ranks)."""
    cdef int v, p = 0
    for v in range(1, N_VALUES + 1):
        while p <= <int>(SCORES[v] >> 12):
            SCORE_PREFIX[p] = <uint16_t>v
            p += 1
    while p <= 4096:
        SCORE_PREFIX[p] = N_VALUES + 1
        p += 1


cdef int value_of_score(uint32_t score) noexcept nogil:
    """The value whose score this is (a short scan from its prefix); 0 if there is none."""
    cdef int v = SCORE_PREFIX[score >> 12]
    cdef int end = SCORE_PREFIX[(score >> 12) + 1]
    while v < end:
        if SCORES[v] == score:
            return v
        v += 1
    return 0


cdef int popcount13(uint32_t bits) noexcept nogil:
    cdef int n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


cdef struct RankClass:
    uint32_t key      # sum of the cards' mixed rank keys
    uint32_t score    # packed best hand (five-card classes only)
    uint32_t ranks    # the ranks present, as a 13-bit set
    int total         # number of cards


cdef int collect_classes(int rank, int left, int total, int* cnt, uint32_t key, uint32_t ranks,
                         RankClass* out, int n) noexcept nogil:
    """Append every multiset of ranks >= rank completing ``total`` cards to 5, 6 or 7."""
    cdef int k
    if rank == 13:
        if total >= 5:
            out[n].key = key
            out[n].score = counts_score(cnt) if total == 5 else 0
            out[n].total = total
            out[n].ranks = ranks
            n += 1
        return n
    n = collect_classes(rank + 1, left, total, cnt, key, ranks, out, n)
    for k in range(1, (4 if left > 4 else left) + 1):
        cnt[rank] = k
        n = collect_classes(rank + 1, left - k, total + k, cnt,
                            (key + k * MIXED_BASES[rank]) & RANK_KEY_MASK, ranks | (1u << rank),
                            out, n)
    cnt[rank] = 0
    return n


cdef inline int find_free(int* next_free, int p) noexcept nogil:
    """The first free slot at or after p (union-find with path halving)."""
    while next_free[p] != p:
        next_free[p] = next_free[next_free[p]]
        p = next_free[p]
    return p


cdef inline uint32_t hash_slot(uint32_t key) noexcept nogil:
    return <uint32_t>(key + OFFSETS[key >> HASH_SHIFT])


cdef uint16_t best_without_one(RankClass c) noexcept nogil:
    """Value of a 6- or 7-card class from the placed classes one card smaller."""
    cdef uint16_t best = 0, v
    cdef int r
    for r in range(13):
        if c.ranks & (1u << r):
            v = rank_value(c.key - MIXED_BASES[r])
            if v > best:
                best = v
    return best


cdef int build_hash(const RankClass* classes, int n) noexcept nogil:
    """Place the classes in HASH_TABLE by single displacement of 1,024-key rows; 0 on success.

    Rows go fullest first; each starts its search for a free displacement at a spread-out
    point (so the search seldom crawls through a crowded stretch) and takes the first one
    that puts all its keys on free slots.
    """
    cdef int* row_count = <int*>malloc(HASH_ROWS * sizeof(int))
    cdef int* row_start = <int*>malloc((HASH_ROWS + 1) * sizeof(int))
    cdef int* order = <int*>malloc(HASH_ROWS * sizeof(int))
    cdef int* cols = <int*>malloc(n * sizeof(int))
    cdef int* classes_at = <int*>malloc(n * sizeof(int))
    cdef int* next_free = <int*>malloc((HASH_CAP + 1) * sizeof(int))
    cdef uint8_t* taken = <uint8_t*>malloc(HASH_CAP + 1024)   # compact copy of "slot used"
    cdef int i, j, k, row, count, most = 0, lowest, p, disp, ok, status = 0
    global HASH_SIZE
    if not (row_count and row_start and order and cols and classes_at and next_free and taken):
        status = 1
    else:
        memset(row_count, 0, HASH_ROWS * sizeof(int))
        for i in range(n):
            row_count[classes[i].key >> HASH_SHIFT] += 1
        row_start[0] = 0
        for row in range(HASH_ROWS):
            row_start[row + 1] = row_start[row] + row_count[row]
            if row_count[row] > most:
                most = row_count[row]
        memset(row_count, 0, HASH_ROWS * sizeof(int))
        for i in range(n):
            row = classes[i].key >> HASH_SHIFT
            j = row_start[row] + row_count[row]
            cols[j] = classes[i].key & HASH_COL_MASK
            classes_at[j] = i
            row_count[row] += 1
        k = 0
        for count in range(most, 0, -1):
            for row in range(HASH_ROWS):
                if row_count[row] == count:
                    order[k] = row
                    k += 1
        for i in range(HASH_CAP + 1):
            next_free[i] = i
        memset(taken, 0, HASH_CAP + 1024)
        for row in range(HASH_ROWS):
            # Keys of an empty row exist in no hand; point them at slot 0..1023 all the same.
            OFFSETS[row] = <uint32_t>(-(row << HASH_SHIFT))
        for i in range(k):
            row = order[i]
            lowest = HASH_COL_MASK
            for j in range(row_start[row], row_start[row + 1]):
                if cols[j] < lowest:
                    lowest = cols[j]
            p = find_free(next_free, lowest + <int>((<uint64_t>i * 2654435761ULL) % HASH_SPREAD))
            while True:
                disp = p - lowest
                ok = 1
                for j in range(row_start[row], row_start[row + 1]):
                    if disp + cols[j] >= HASH_CAP:
                        status = 2          # the table would not fit
                        break
                    if taken[disp + cols[j]]:
                        ok = 0
                        break
                if status or ok:
                    break
                p = find_free(next_free, p + 1)
            if status:
                break
            for j in range(row_start[row], row_start[row + 1]):
                p = disp + cols[j]
                if taken[p]:
                    status = 3              # two classes share a key: the bases are not unique
                    break
                taken[p] = 1
                next_free[p] = p + 1
                HASH_TABLE[p] = <uint16_t>value_of_score(classes[classes_at[j]].score)  # 5 cards
                if p + 1 > <int>HASH_SIZE:
                    HASH_SIZE = p + 1
            if status:
                break
            OFFSETS[row] = <uint32_t>(disp - (row << HASH_SHIFT))
    if status == 0:
        # Six cards, then seven: the best hand without one of the cards, whichever is best.
        for count in range(6, 8):
            for i in range(n):
                if classes[i].total == count:
                    HASH_TABLE[hash_slot(classes[i].key)] = best_without_one(classes[i])
    free(row_count)
    free(row_start)
    free(order)
    free(cols)
    free(classes_at)
    free(next_free)
    free(taken)
    return status


cdef int _sort_scores(uint32_t* a, int n) noexcept nogil:
    """Sort ascending in place (heap sort, no allocation); returns n."""
    cdef int start, end, root, child
    cdef uint32_t t
    start = n // 2 - 1
    end = n - 1
    while True:
        if start >= 0:
            root = start
            start -= 1
        elif end > 0:
            t = a[0]
            a[0] = a[end]
            a[end] = t
            end -= 1
            root = 0
        else:
            return n
        while 2 * root + 1 <= end:
            child = 2 * root + 1
            if child + 1 <= end and a[child] < a[child + 1]:
                child += 1
            if a[root] < a[child]:
                t = a[root]
                a[root] = a[child]
                a[child] = t
                root = child
            else:
                break


cdef int build_tables() noexcept nogil:
    """Fill every table; returns 0, or a code naming what failed."""
    cdef int cnt[13]
    cdef int i, n, r, s
    cdef uint32_t bits, mask
    cdef RankClass* classes
    # Card keys and masks; bytes 52..255 are invalid cards.
    for i in range(256):
        holdem_cards[i].key = 0
        holdem_cards[i].mask = INVALID_BIT
    for r in range(13):
        MIXED_BASES[r] = (RANK_BASES[r] * <uint64_t>HASH_MIX) & RANK_KEY_MASK
    for i in range(52):
        r = i >> 2
        s = i & 3
        holdem_cards[i].key = MIXED_BASES[r] + (1ULL << (32 + 4 * s))
        holdem_cards[i].mask = 1ULL << (16 * s + r)
    # The 7,462 five-card values: every five-rank multiset plus every flush, sorted by score.
    classes = <RankClass*>malloc(N_CLASSES * sizeof(RankClass))
    if not classes:
        return 10
    memset(cnt, 0, sizeof(cnt))
    n = collect_classes(0, 7, 0, cnt, 0, 0, classes, 0)
    if n != N_CLASSES:
        free(classes)
        return 11
    i = 1
    for r in range(n):
        if classes[r].total == 5:
            SCORES[i] = classes[r].score
            i += 1
    for mask in range(8192):
        if popcount13(mask) == 5:
            SCORES[i] = flush_score(mask)
            i += 1
    if i != N_VALUES + 1:
        free(classes)
        return 12
    _sort_scores(SCORES + 1, N_VALUES)
    SCORES[0] = 0
    index_scores()
    for i in range(1, N_VALUES):
        if SCORES[i] >= SCORES[i + 1]:
            free(classes)
            return 13
    # Flushes: every suit holding five to seven cards.
    for mask in range(8192):
        bits = mask
        FLUSH_TABLE[mask] = 0
        if popcount13(bits) >= 5:
            FLUSH_TABLE[mask] = <uint16_t>value_of_score(flush_score(bits))
    # Everything else: the perfect hash of the rank key.
    s = build_hash(classes, n)
    free(classes)
    if s:
        return 20 + s
    return 0


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def _build():
    global _VALUE_INTS
    cdef int status
    cdef int v
    with nogil:
        status = build_tables()
    if status:
        raise ImportError(f"holdem._core: building the lookup tables failed (code {status})")
    _VALUE_INTS = list(range(N_VALUES + 1))
    for v in range(N_VALUES + 1):
        VALUE_OBJS[v] = <PyObject*>_VALUE_INTS[v]


_build()


# CPython keeps the ints -5..256 as one array of objects, and every int 0..51 made by the
# interpreter is one of them: a card index is then the object's offset in that array, found with
# no call. _find_small_ints() checks the layout at import and leaves the fast path off
# (SMALL_INT_SHIFT = -1) wherever it does not hold; other ints and Cards take the C-API path.
cdef const char* SMALL_INT_BASE = NULL
cdef int SMALL_INT_SHIFT = -1


def _find_small_ints():
    """Turn on the small-int fast path if the layout holds; returns its shift, or -1."""
    global SMALL_INT_BASE, SMALL_INT_SHIFT
    cdef object zero = 0
    cdef object one = 1
    cdef Py_ssize_t stride = <Py_ssize_t>(<char*><PyObject*>one - <char*><PyObject*>zero)
    cdef int shift = 0
    cdef long i
    cdef object item
    while shift < 12 and (1 << shift) != stride:
        shift += 1
    if shift == 12:
        return -1
    for i in range(52):
        item = i
        if <char*><PyObject*>item != <char*><PyObject*>zero + (i << shift):
            return -1
    SMALL_INT_BASE = <char*><PyObject*>zero
    SMALL_INT_SHIFT = shift
    return shift


_find_small_ints()


cdef inline long card_of(PyObject* item) noexcept:
    """The card index of an int or Card object, or -1 for anything else."""
    cdef Py_ssize_t offset = <const char*>item - SMALL_INT_BASE
    if SMALL_INT_SHIFT >= 0 and 0 <= offset < (52 << SMALL_INT_SHIFT):
        if (offset & ((1 << SMALL_INT_SHIFT) - 1)) == 0:
            return <long>(offset >> SMALL_INT_SHIFT)
    return int_card(item)


cdef uint16_t fast_value(PyObject* seq) noexcept:
    """Value of a list or tuple of 5-7 card ints; 0 when anything is off (the caller explains)."""
    cdef Py_ssize_t n, i
    cdef PyObject* item
    cdef long c
    cdef bint is_tuple = _is_tuple(seq)
    cdef uint64_t key = KEY_INIT
    cdef uint64_t mask = 0
    cdef uint64_t m
    if is_tuple:
        n = _tuple_size(seq)
    elif _is_list(seq):
        n = _list_size(seq)
    else:
        return 0
    if n < 5 or n > 7:
        return 0
    for i in range(n):
        item = _tuple_item(seq, i) if is_tuple else _list_item(seq, i)
        c = card_of(item)
        if c < 0:
            return 0
        m = holdem_cards[c].mask
        if mask & m:
            return 0
        mask |= m
        key += holdem_cards[c].key
    return eval_key(key, mask)


@cython.always_allow_keywords(False)
def evaluate(cards):
    """Value of the best five-card hand among 5, 6 or 7 cards: higher is better, 1 to 7462.

    ``cards`` is a sequence of card indices or :class:`~holdem.Card` objects, or a string such
    as ``"AsKs QsJsTs 2c 3d"``. Equal values tie; 7462 is a royal flush.

    >>> evaluate("AsKsQsJsTs") > evaluate("AhAdAcAsKd")
    True
    """
    cdef uint16_t v = fast_value(<PyObject*>cards)
    cdef uint8_t buf[7]
    cdef Py_ssize_t i
    if v:
        return <object>VALUE_OBJS[v]
    # Slow path: parse (which explains any bad card), then evaluate the indices.
    from holdem.cards import parse_cards
    from holdem.errors import CardError
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise CardError(f"evaluate takes 5, 6 or 7 cards, got {len(parsed)}")
    for i in range(len(parsed)):
        buf[i] = <uint8_t>int(parsed[i])
    v = eval_cards(buf, <int>len(parsed))
    return <object>VALUE_OBJS[v]


def evaluate_rows(const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None):
    """Kernel behind evaluate_batch: fills ``out``; returns the first bad row, or -1."""
    cdef Py_ssize_t rows = cards.shape[0]
    cdef int ncols = <int>cards.shape[1]
    cdef Py_ssize_t bad
    if ncols < 5 or ncols > 7:
        raise ValueError(f"rows of 5, 6 or 7 cards expected, got {ncols}")
    if out.shape[0] != rows:
        raise ValueError("out must have one entry per row")
    if rows == 0:
        return -1
    with nogil:
        bad = eval_rows(&cards[0, 0], rows, ncols, &out[0])
    return bad


def showdown_rows(const uint8_t[:, ::1] boards not None, const uint8_t[:, :, ::1] holes not None,
                  uint16_t[:, ::1] values not None, uint8_t[:, ::1] winners not None):
    """Kernel behind showdown_batch: values and winner flags per board; first bad row or -1.

    ``holes`` has shape (rows, players, 2), or (1, players, 2) to share the hands.
    """
    cdef Py_ssize_t rows = boards.shape[0]
    cdef int board_len = <int>boards.shape[1]
    cdef int players = <int>holes.shape[1]
    cdef Py_ssize_t stride = 0 if holes.shape[0] == 1 else 2 * players
    cdef Py_ssize_t bad
    if holes.shape[2] != 2:
        raise ValueError("each player holds two cards")
    if holes.shape[0] != 1 and holes.shape[0] != rows:
        raise ValueError("one set of hands, or one per board")
    if not 3 <= board_len <= 5:
        raise ValueError(f"boards of 3, 4 or 5 cards expected, got {board_len}")
    if players < 1 or board_len + 2 * players > 52:
        raise ValueError(f"too many or too few players: {players}")
    if values.shape[0] != rows or values.shape[1] != players:
        raise ValueError("values must be (rows, players)")
    if winners.shape[0] != rows or winners.shape[1] != players:
        raise ValueError("winners must be (rows, players)")
    if rows == 0:
        return -1
    with nogil:
        bad = resolve_rows(&boards[0, 0], rows, board_len, &holes[0, 0, 0], stride,
                           players, &values[0, 0], &winners[0, 0])
    return bad


def showdown_values(board, holes):
    """Values of players' hands on one board: ``board`` 3-5 card ints, ``holes`` 2 per player.

    Returns a list of values, or raises ValueError for an unknown or repeated card.
    """
    cdef uint8_t b[5]
    cdef uint8_t h[50]
    cdef uint16_t values[25]
    cdef uint8_t winners[25]
    cdef int board_len = <int>len(board)
    cdef int players = <int>(len(holes) // 2)
    cdef int i
    cdef Py_ssize_t bad
    if not 3 <= board_len <= 5 or len(holes) % 2 or not 1 <= players <= (52 - board_len) // 2:
        raise ValueError("a board of 3-5 cards and two cards for each of 1 to 24 players")
    for i in range(board_len):
        b[i] = _card_byte(board[i])
    for i in range(2 * players):
        h[i] = _card_byte(holes[i])
    with nogil:
        bad = resolve_rows(b, 1, board_len, h, 0, players, values, winners)
    if bad >= 0:
        raise ValueError("an unknown card, or a card that appears twice")
    return [<object>VALUE_OBJS[values[i]] for i in range(players)]


cdef inline uint8_t _card_byte(object card) except? 255:
    cdef long c = card
    return <uint8_t>c if 0 <= c < 52 else 255


def value_histogram(int n_cards=7):
    """How many of all C(52, n) hands of ``n_cards`` (5, 6 or 7) cards have each value.

    Returns a list of 7463 counts indexed by value (index 0 is unused), from a compiled
    enumeration of every hand.

    >>> sum(value_histogram(5))
    2598960
    """
    cdef uint32_t* hist
    cdef int i
    if n_cards not in (5, 6, 7):
        from holdem.errors import HoldemError
        raise HoldemError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    hist = <uint32_t*>malloc((N_VALUES + 1) * sizeof(uint32_t))
    if not hist:
        raise MemoryError()
    memset(hist, 0, (N_VALUES + 1) * sizeof(uint32_t))
    with nogil:
        if n_cards == 7:
            histogram7(hist)
        else:
            histogram_each(0, n_cards, KEY_INIT, 0, hist)
    try:
        return [hist[i] for i in range(N_VALUES + 1)]
    finally:
        free(hist)


def value_ranks(int value):
    """The category (0 = high card ... 8 = straight flush) and ranks that make up ``value``.

    Ranks (0 = deuce ... 12 = ace) come in order of significance: a full house gives
    (trips, pair); two pair (high pair, low pair, kicker); a straight its top card (3 = the wheel).

    >>> value_ranks(7462)
    (8, (12,))
    """
    cdef uint32_t s
    if not 1 <= value <= N_VALUES:
        from holdem.errors import HoldemError
        raise HoldemError(f"a hand value is from 1 to {N_VALUES}, got {value}")
    s = SCORES[value]
    category = s >> 20
    ranks = ((s >> 16) & 15, (s >> 12) & 15, (s >> 8) & 15, (s >> 4) & 15, s & 15)
    return category, ranks[:_RANKS_USED[category]]


_RANKS_USED = (5, 4, 3, 3, 1, 5, 2, 2, 1)


def category_floor(int category):
    """The lowest value of a category (0..8); values of a category are contiguous."""
    cdef int v
    for v in range(1, N_VALUES + 1):
        if <int>(SCORES[v] >> 20) == category:
            return v
    from holdem.errors import HoldemError
    raise HoldemError(f"no category {category}")


def table_bytes():
    """Bytes of lookup tables an evaluation reads: card keys and masks, flush, offsets, hash."""
    return (52 * sizeof(holdem_card_bits) + sizeof(FLUSH_TABLE) + sizeof(OFFSETS)
            + HASH_SIZE * sizeof(uint16_t))


def draw(list pool, Py_ssize_t k, seed):
    """Move a uniform random choice of ``k`` items to the front of ``pool``; return them.

    A partial Fisher-Yates shuffle driven by splitmix64 from a 64-bit ``seed`` (the hand engine
    deals with it: one call of the caller's generator per hand instead of one per card).
    The modulo bias is below 2**-58.
    """
    cdef uint64_t state = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    cdef Py_ssize_t n = len(pool)
    cdef Py_ssize_t i, j
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n} items")
    for i in range(k):
        j = i + <Py_ssize_t>(splitmix64(&state) % <uint64_t>(n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
