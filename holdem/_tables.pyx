# cython: language_level=3
"""The builder of the evaluator's lookup tables: the rules of hand ranking, run once at import.

holdem._core owns the tables and calls ``build_tables()`` with hold'em's rules when it is
imported; this module has no Python face. What it fills (see
holdem/_core.h and holdem/_kernels.pxd for the key and mask):

* every card's key and mask: a card's rank key is its rank's base times ``HASH_MIX`` modulo
  2**24 (see below), plus one in its suit's counter; its mask is one bit, 16 bits per suit;
* the scores: each of the 7,462 five-card hand values packs its category and the ranks that
  decide ties (category << 20, then four bits a rank), sorted, so a value is an index;
* the flush table: the value of the best flush among a suit's 5-7 ranks, by 13-bit rank mask;
* the perfect hash of the rank key: every multiset of 5, 6 or 7 ranks (at most four of a rank)
  at its own slot, with one displacement per row of 1,024 keys.

For hold'em, ``build_tables()`` also chooses the rank keys and the hash's placement; for a game
on a smaller deck (``GameRules``: its lowest rank, its low straight, the order of the
categories) it fills the tables on hold'em's keys and placement: only the values differ, so one
kernel evaluates every such game with the game's tables.

Rank bases: every multiset of at most seven ranks, at most four of each, has its own sum, below
2**24 (the smallest such bases found greedily, as published with b-inary's holdem-hand-evaluator;
OMPEval uses the same construction). The mixed key is the base times an odd multiplier modulo
2**24: a bijection of the 24-bit keys, and linear, so the sum of the cards' mixed keys is the
mixed sum; mixing spreads the keys evenly over the hash rows. The builder checks all this: a
collision would make the perfect hash fail to build. ``HASH_MIX`` and ``HASH_SPREAD`` were
chosen by a search for a small table (79 K entries) that is placed quickly.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from holdem._tables cimport GameRules
from holdem._kernels cimport (
    CardBits,
    HASH_CAP,
    HASH_COL_MASK,
    HASH_MIX,
    HASH_ROWS,
    HASH_SHIFT,
    HASH_SPREAD,
    INVALID_BIT,
    N_CLASSES,
    RANK_KEY_MASK,
    lookup_rank,
    popcount64,
    rank_slot,
)

cdef uint32_t RANK_BASES[13]
RANK_BASES[:] = [1, 4, 16, 67, 295, 1334, 5734, 23800, 60883, 208450, 509982, 1304151, 2967844]
cdef uint16_t SCORE_PREFIX[4097]      # first index in the scores of each 12-bit score prefix


cdef struct RankClass:
    uint32_t key      # sum of the cards' mixed rank keys
    uint32_t score    # packed best hand (five-card classes only)
    uint32_t ranks    # the ranks present, as a 13-bit set
    int total         # number of cards


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef GameRules holdem_rules() noexcept nogil:
    """Hold'em's rules: 52 cards, the wheel A-2-3-4-5, the categories in their usual order."""
    cdef GameRules rules
    cdef int c
    rules.low = 0
    rules.wheel = 1
    for c in range(9):
        rules.position[c] = c
    return rules


cdef inline uint32_t pack(const GameRules* rules, int category, int r1, int r2, int r3, int r4,
                          int r5) noexcept nogil:
    """A score: the category's place in the game's order, then four bits a rank."""
    return ((<uint32_t>rules.position[category] << 20) | (<uint32_t>r1 << 16) | (<uint32_t>r2 << 12)
            | (<uint32_t>r3 << 8) | (<uint32_t>r4 << 4) | <uint32_t>r5)


cdef int straight_high(const GameRules* rules, uint32_t bits) noexcept nogil:
    """Highest card of the best straight in a 13-bit rank set, or -1; the wheel's highest card
    is the deck's fourth rank (3 = the five in A-2-3-4-5)."""
    cdef int h
    cdef uint32_t wheel = (1u << 12) | (<uint32_t>0xF << rules.low)
    for h in range(12, rules.low + 3, -1):
        if ((bits >> (h - 4)) & 0x1F) == 0x1F:
            return h
    if rules.wheel and (bits & wheel) == wheel:
        return rules.low + 3
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


cdef uint32_t flush_score(const GameRules* rules, uint32_t bits) noexcept nogil:
    """Score of the best hand in one suit holding the ranks ``bits`` (at least five)."""
    cdef int k[5]
    cdef int h = straight_high(rules, bits)
    memset(k, 0, sizeof(k))
    if h >= 0:
        return pack(rules, 8, h, 0, 0, 0, 0)
    top_ranks(bits, k, 5)
    return pack(rules, 5, k[0], k[1], k[2], k[3], k[4])


cdef uint32_t counts_score(const GameRules* rules, const int* cnt) noexcept nogil:
    """Score of a five-card hand, ignoring suits, from its rank counts (five cards cannot hold
    both a straight and three of a kind, so the order of the categories does not matter here)."""
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
        return pack(rules, 7, quad, k[0], 0, 0, 0)
    if trip >= 0:
        # Any other rank held twice or more fills the house; a second trips counts as a pair.
        for r in range(12, -1, -1):
            if r != trip and cnt[r] >= 2:
                return pack(rules, 6, trip, r, 0, 0, 0)
    h = straight_high(rules, bits)
    if h >= 0:
        return pack(rules, 4, h, 0, 0, 0, 0)
    if trip >= 0:
        top_ranks(bits & ~(1u << trip), k, 2)
        return pack(rules, 3, trip, k[0], k[1], 0, 0)
    if pair2 >= 0:
        top_ranks(bits & ~((1u << pair1) | (1u << pair2)), k, 1)
        return pack(rules, 2, pair1, pair2, k[0], 0, 0)
    if pair1 >= 0:
        top_ranks(bits & ~(1u << pair1), k, 3)
        return pack(rules, 1, pair1, k[0], k[1], k[2], 0)
    top_ranks(bits, k, 5)
    return pack(rules, 0, k[0], k[1], k[2], k[3], k[4])


cdef void index_scores(const uint32_t* scores, int n_values) noexcept nogil:
    """Fill SCORE_PREFIX from the sorted scores (prefix = category and the first two ranks)."""
    cdef int v, p = 0
    for v in range(1, n_values + 1):
        while p <= <int>(scores[v] >> 12):
            SCORE_PREFIX[p] = <uint16_t>v
            p += 1
    while p <= 4096:
        SCORE_PREFIX[p] = <uint16_t>(n_values + 1)
        p += 1


cdef int value_of_score(const uint32_t* scores, uint32_t score) noexcept nogil:
    """The value whose score this is (a short scan from its prefix); 0 if there is none."""
    cdef int v = SCORE_PREFIX[score >> 12]
    cdef int end = SCORE_PREFIX[(score >> 12) + 1]
    while v < end:
        if scores[v] == score:
            return v
        v += 1
    return 0


cdef int collect_classes(const GameRules* rules, int rank, int left, int total, int* cnt,
                         uint32_t key, uint32_t ranks, const uint32_t* rank_keys, RankClass* out,
                         int n) noexcept nogil:
    """Append every multiset of ranks >= rank completing ``total`` cards to 5, 6 or 7."""
    cdef int k
    if rank == 13:
        if total >= 5:
            out[n].key = key
            out[n].score = counts_score(rules, cnt) if total == 5 else 0
            out[n].total = total
            out[n].ranks = ranks
            n += 1
        return n
    n = collect_classes(rules, rank + 1, left, total, cnt, key, ranks, rank_keys, out, n)
    for k in range(1, (4 if left > 4 else left) + 1):
        cnt[rank] = k
        n = collect_classes(rules, rank + 1, left - k, total + k, cnt,
                            (key + k * rank_keys[rank]) & RANK_KEY_MASK, ranks | (1u << rank),
                            rank_keys, out, n)
    cnt[rank] = 0
    return n


cdef inline int find_free(int* next_free, int p) noexcept nogil:
    """The first free slot at or after p (union-find with path halving)."""
    while next_free[p] != p:
        next_free[p] = next_free[next_free[p]]
        p = next_free[p]
    return p


cdef uint16_t best_without_one(const uint32_t* offsets, const uint16_t* hash,
                               const uint32_t* rank_keys, RankClass c) noexcept nogil:
    """Value of a 6- or 7-card class from the placed classes one card smaller."""
    cdef uint16_t best = 0, v
    cdef int r
    for r in range(13):
        if c.ranks & (1u << r):
            v = lookup_rank(offsets, hash, c.key - rank_keys[r])
            if v > best:
                best = v
    return best


cdef void fill_hash(const uint32_t* offsets, uint16_t* hash, const uint32_t* scores,
                    const uint32_t* rank_keys, const RankClass* classes, int n) noexcept nogil:
    """Write every placed class's value: five cards from their score, then six and seven
    cards as the best hand without one of the cards."""
    cdef int i, count
    for i in range(n):
        if classes[i].total == 5:
            hash[rank_slot(offsets, classes[i].key)] = <uint16_t>value_of_score(
                scores, classes[i].score)
    for count in range(6, 8):
        for i in range(n):
            if classes[i].total == count:
                hash[rank_slot(offsets, classes[i].key)] = best_without_one(
                    offsets, hash, rank_keys, classes[i])


cdef int place_classes(uint32_t* offsets, uint32_t* hash_size, const RankClass* classes,
                       int n) noexcept nogil:
    """Place the classes by single displacement of 1,024-key rows (``offsets``); 0 on success.

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
    hash_size[0] = 0
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
            offsets[row] = <uint32_t>(-(row << HASH_SHIFT))
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
                if p + 1 > <int>hash_size[0]:
                    hash_size[0] = p + 1
            if status:
                break
            offsets[row] = <uint32_t>(disp - (row << HASH_SHIFT))
    free(row_count)
    free(row_start)
    free(order)
    free(cols)
    free(classes_at)
    free(next_free)
    free(taken)
    return status


cdef int sort_scores(uint32_t* a, int n) noexcept nogil:
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


cdef int collect_scores(const GameRules* rules, const RankClass* classes, int n,
                        uint32_t* scores) noexcept nogil:
    """The sorted scores of every five-card hand of the game's deck (from scores[1]) and the
    prefix index over them; returns the number of values, or -1 if two hands share a score."""
    cdef uint32_t deck = 0x1FFF & ~((1u << rules.low) - 1)
    cdef uint32_t mask
    cdef int i = 1, r
    for r in range(n):
        if classes[r].total == 5 and (classes[r].ranks & ~deck) == 0:
            scores[i] = classes[r].score
            i += 1
    for mask in range(8192):
        if popcount64(mask) == 5 and (mask & ~deck) == 0:
            scores[i] = flush_score(rules, mask)
            i += 1
    n = i - 1
    sort_scores(scores + 1, n)
    scores[0] = 0
    index_scores(scores, n)
    for i in range(1, n):
        if scores[i] >= scores[i + 1]:
            return -1
    return n


cdef void fill_flush(const GameRules* rules, const uint32_t* scores,
                     uint16_t* flush) noexcept nogil:
    """The flush table: the best hand of every suit holding five to seven cards."""
    cdef uint32_t mask
    for mask in range(8192):
        flush[mask] = 0
        if popcount64(mask) >= 5:
            flush[mask] = <uint16_t>value_of_score(scores, flush_score(rules, mask))


cdef int build_tables(const GameRules* rules, uint32_t* rank_keys, uint32_t* offsets,
                      CardBits* cards, uint16_t* flush, uint16_t* hash, uint32_t* scores,
                      uint32_t* n_values, uint32_t* hash_size) noexcept nogil:
    """Fill a game's tables (see holdem/_tables.pxd); returns 0, or a code naming what failed."""
    cdef int cnt[13]
    cdef int i, n, r, s
    cdef RankClass* classes
    n_values[0] = 0
    if not 0 <= rules.low <= 8:
        return 30
    if hash_size != NULL:
        # Hold'em's keys, placed below once the classes are known.
        for r in range(13):
            rank_keys[r] = (RANK_BASES[r] * <uint64_t>HASH_MIX) & RANK_KEY_MASK
    # Card keys and masks; bytes 52..255 (and the cards below the deck's lowest rank) are
    # invalid cards.
    for i in range(256):
        cards[i].key = 0
        cards[i].mask = INVALID_BIT
    for i in range(4 * rules.low, 52):
        r = i >> 2
        s = i & 3
        cards[i].key = rank_keys[r] + (1ULL << (32 + 4 * s))
        cards[i].mask = 1ULL << (16 * s + r)
    # The five-card values: every five-rank multiset plus every flush of the deck, sorted by
    # score.
    classes = <RankClass*>malloc(N_CLASSES * sizeof(RankClass))
    if not classes:
        return 10
    memset(cnt, 0, sizeof(cnt))
    n = collect_classes(rules, 0, 7, 0, cnt, 0, 0, rank_keys, classes, 0)
    r = collect_scores(rules, classes, n, scores)
    s = 11 if n != N_CLASSES else 13 if r < 0 else 0
    if s == 0 and hash_size != NULL:
        s = place_classes(offsets, hash_size, classes, n)
        s = 20 + s if s else 0
    if s == 0:
        n_values[0] = <uint32_t>r
        # Flushes: every suit holding five to seven cards; everything else: the perfect hash of
        # the rank key, at the placement's slots.
        fill_flush(rules, scores, flush)
        memset(hash, 0, (HASH_CAP + 1024) * sizeof(uint16_t))
        fill_hash(offsets, hash, scores, rank_keys, classes, n)
    free(classes)
    return s
