# cython: language_level=3
"""The compiled hand-isomorphism indexer (Waugh, 2013): hands up to suit symmetry, by rounds.

A hand is dealt in rounds (hold'em: 2 hole cards, then 3, 1 and 1 board cards); within a
round the order of the cards does not matter, and renaming the suits changes nothing. Waugh's
"A Fast and Optimal Hand Isomorphism Algorithm" (2013) numbers the classes of such hands
0..size - 1 without gaps:

* each suit's cards, round by round, are a sequence of disjoint rank sets; the sequence is
  numbered in mixed radix, round 0 first, each round's set by its colex index among the sets of
  that many ranks *not used in the earlier rounds* (ranks renumbered over those left);
* the suits are sorted by their configuration (cards per round) and then by that number,
  largest first: the sorted configurations are the hand's *configuration*, which picks a block
  of the index; within the block, the suits of one configuration are a multiset of numbers
  (suits are interchangeable), numbered by the colex index of the multiset.

``Indexer`` holds the tables (the configurations of each round, sorted, with their blocks'
offsets); the kernels index and unindex one hand, and rows of hands.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from holdem._kernels cimport popcount64


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline int64_t choose(int64_t n, int k) noexcept nogil:
    """C(n, k) for 0 <= k <= 13 (0 when n < k): exact in int64 for every n used here."""
    cdef int64_t r = 1
    cdef int i
    if k < 0 or n < k:
        return 0
    for i in range(1, k + 1):
        r = r * (n - k + i) // i
    return r


cdef inline int64_t group_size(uint64_t code, int rounds) noexcept nogil:
    """How many rank sequences a suit of this configuration has (its numbers' range)."""
    cdef int64_t s = 1
    cdef int i, n, used = 0
    for i in range(rounds):
        n = <int>((code >> (4 * (MAX_ROUNDS - 1 - i))) & 15)
        s *= choose(13 - used, n)
        used += n
    return s


cdef int64_t index_hand(const Indexer* ix, int r, const uint8_t* cards) noexcept nogil:
    """The index of the hand's first r + 1 rounds (cards[0 .. total[r]]); -1 for a card that is
    not 0..51 or a repeated card."""
    cdef uint32_t sets[4][MAX_ROUNDS]
    cdef uint64_t keys[4]
    cdef uint64_t seen = 0, bit, key, code, t
    cdef int64_t sidx, mult, colex, size, idx, mi
    cdef uint32_t used, m
    cdef int s, i, j, p, c, pos = 0, rel, lo, hi, mid, g, e, rounds = r + 1
    for s in range(4):
        for i in range(rounds):
            sets[s][i] = 0
    for i in range(rounds):
        for _ in range(ix.cards[i]):
            c = cards[pos]
            pos += 1
            if c >= 52:
                return -1
            bit = (<uint64_t>1) << c
            if seen & bit:
                return -1
            seen |= bit
            sets[c & 3][i] |= (<uint32_t>1) << (c >> 2)
    for s in range(4):
        sidx = 0
        mult = 1
        used = 0
        code = 0
        for i in range(rounds):
            m = sets[s][i]
            colex = 0
            j = 0
            for p in range(13):
                if m & ((<uint32_t>1) << p):
                    rel = p - popcount64(used & (((<uint32_t>1) << p) - 1))
                    j += 1
                    colex += choose(rel, j)
            sidx += mult * colex
            mult *= choose(13 - popcount64(used), j)
            used |= m
            code |= (<uint64_t>j) << (4 * (MAX_ROUNDS - 1 - i))
        keys[s] = (code << 40) | <uint64_t>sidx
    # the suits, largest key first (insertion sort of four)
    for s in range(1, 4):
        t = keys[s]
        j = s - 1
        while j >= 0 and keys[j] < t:
            keys[j + 1] = keys[j]
            j -= 1
        keys[j + 1] = t
    key = 0
    for s in range(4):
        key = (key << CODE_BITS) | (keys[s] >> 40)
    lo = 0
    hi = ix.n_configs[r] - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if ix.keys[r][mid] < key:
            lo = mid + 1
        else:
            hi = mid
    idx = 0
    mult = 1
    s = 0
    while s < 4:
        code = keys[s] >> 40
        e = s
        while e < 4 and (keys[e] >> 40) == code:
            e += 1
        g = e - s
        size = group_size(code, rounds)
        mi = 0
        for i in range(g):
            mi += choose(<int64_t>(keys[s + i] & ((<uint64_t>1 << 40) - 1)) + g - 1 - i, g - i)
        idx += mult * mi
        mult *= choose(size + g - 1, g)
        s = e
    return ix.offsets[r][lo] + idx


cdef inline int largest_below(int64_t value, int k, int64_t low, int64_t high) noexcept nogil:
    """The largest b in [low, high) with choose(b, k) <= value (binary search)."""
    cdef int64_t lo = low, hi = high - 1, mid
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if choose(mid, k) <= value:
            lo = mid
        else:
            hi = mid - 1
    return <int>lo


cdef int unindex_hand(const Indexer* ix, int r, int64_t index, uint8_t* out) noexcept nogil:
    """The canonical hand of an index of round r into out (total[r] cards, round by round, each
    round's cards in increasing order); -1 for an index out of range."""
    cdef uint64_t codes[4]
    cdef int64_t sidx[4]
    cdef int64_t size, radix, mi, b, colex
    cdef uint64_t key
    cdef uint32_t sets[4][MAX_ROUNDS]
    cdef uint32_t used
    cdef int lo, hi, mid, s, e, g, i, j, n, k, p, q, rounds = r + 1, pos, c
    if index < 0 or index >= ix.offsets[r][ix.n_configs[r]]:
        return -1
    lo = 0
    hi = ix.n_configs[r] - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ix.offsets[r][mid] <= index:
            lo = mid
        else:
            hi = mid - 1
    index -= ix.offsets[r][lo]
    key = ix.keys[r][lo]
    for s in range(4):
        codes[s] = (key >> (CODE_BITS * (3 - s))) & ((<uint64_t>1 << CODE_BITS) - 1)
    s = 0
    while s < 4:
        e = s
        while e < 4 and codes[e] == codes[s]:
            e += 1
        g = e - s
        size = group_size(codes[s], rounds)
        radix = choose(size + g - 1, g)
        mi = index % radix
        index //= radix
        for i in range(g):
            b = largest_below(mi, g - i, g - 1 - i, size + g - 1 - i)
            mi -= choose(b, g - i)
            sidx[s + i] = b - (g - 1 - i)
        s = e
    for s in range(4):
        used = 0
        for i in range(rounds):
            n = <int>((codes[s] >> (4 * (MAX_ROUNDS - 1 - i))) & 15)
            k = 13 - popcount64(used)
            radix = choose(k, n)
            colex = sidx[s] % radix
            sidx[s] //= radix
            sets[s][i] = 0
            for j in range(n, 0, -1):
                b = largest_below(colex, j, j - 1, k)
                colex -= choose(b, j)
                # the b-th rank (from 0) among those not used in earlier rounds
                q = -1
                for p in range(13):
                    if not (used & ((<uint32_t>1) << p)):
                        q += 1
                        if q == b:
                            sets[s][i] |= (<uint32_t>1) << p
                            break
            used |= sets[s][i]
    pos = 0
    for i in range(rounds):
        for c in range(52):
            if sets[c & 3][i] & ((<uint32_t>1) << (c >> 2)):
                out[pos] = <uint8_t>c
                pos += 1
    return 0


cdef int64_t index_rows(const Indexer* ix, int r, const uint8_t* cards, int64_t lo, int64_t hi,
                        int64_t* out) noexcept nogil:
    """index_hand over rows lo..hi - 1 of total[r] cards; the first bad row (from lo), or -1."""
    cdef int64_t row, v
    cdef int width = ix.total[r]
    for row in range(lo, hi):
        v = index_hand(ix, r, cards + width * row)
        out[row] = v
        if v < 0:
            return row - lo
    return -1


cdef int64_t unindex_rows(const Indexer* ix, int r, const int64_t* indices, int64_t lo,
                          int64_t hi, uint8_t* out) noexcept nogil:
    """unindex_hand over rows lo..hi - 1; the first bad row (from lo), or -1."""
    cdef int64_t row
    cdef int width = ix.total[r]
    for row in range(lo, hi):
        if unindex_hand(ix, r, indices[row], out + width * row) < 0:
            return row - lo
    return -1


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------


def _configurations(cards: tuple[int, ...], r: int) -> list[tuple[int, ...]]:
    """The sorted suit configurations of hands dealt ``cards[0..r]``: each a 4-tuple of suit
    codes (4 bits a round, round 0 highest), largest first."""
    found: set[tuple[int, ...]] = {()}
    for i in range(r + 1):
        grown: set[tuple[int, ...]] = set()
        for counts in found:
            for split in _splits(cards[i], 4):
                grown.add(tuple((counts[s] if counts else 0) * 16 + split[s] for s in range(4)))
        found = grown
    shift = 4 * (MAX_ROUNDS - 1 - r)
    configs = set()
    for counts in found:
        # per suit, at most 13 cards over the rounds
        if all(sum((c >> (4 * k)) & 15 for k in range(r + 1)) <= 13 for c in counts):
            configs.add(tuple(sorted((c << shift for c in counts), reverse=True)))
    return sorted(configs)


def _splits(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _splits(n - k, parts - 1)]


def _block_size(config: tuple[int, ...], r: int) -> int:
    total = 1
    s = 0
    while s < 4:
        e = s
        while e < 4 and config[e] == config[s]:
            e += 1
        total *= choose(group_size(config[s], r + 1) + e - s - 1, e - s)
        s = e
    return total


@cython.auto_pickle(False)  # (it holds C tables: a HandIndexer is made again from its rounds)
cdef class IndexerTables:
    """The tables of a hand indexer for the given cards per round (1 to 4 rounds, 13 cards in
    all at most): :class:`holdem.abstraction.HandIndexer` is its typed face.

    :raises ValueError: for rounds outside those limits.
    """

    def __cinit__(self) -> None:
        cdef int i
        self.ix.rounds = 0
        for i in range(MAX_ROUNDS):
            self.ix.keys[i] = NULL
            self.ix.offsets[i] = NULL

    def __init__(self, rounds: tuple[int, ...]) -> None:
        cdef int r, j
        if not 1 <= len(rounds) <= MAX_ROUNDS or any(not 1 <= c for c in rounds):
            raise ValueError(f"1 to {MAX_ROUNDS} rounds of at least one card, got {rounds}")
        if sum(rounds) > MAX_CARDS:
            raise ValueError(f"at most {MAX_CARDS} cards in all, got {sum(rounds)}")
        self.ix.rounds = len(rounds)
        total = 0
        for r in range(len(rounds)):
            total += rounds[r]
            self.ix.cards[r] = rounds[r]
            self.ix.total[r] = total
            configs = _configurations(tuple(rounds), r)
            self.ix.n_configs[r] = len(configs)
            self.ix.keys[r] = <uint64_t*>malloc(len(configs) * sizeof(uint64_t))
            self.ix.offsets[r] = <int64_t*>malloc((len(configs) + 1) * sizeof(int64_t))
            if self.ix.keys[r] == NULL or self.ix.offsets[r] == NULL:
                raise MemoryError()
            offset = 0
            for j, config in enumerate(configs):
                key = 0
                for code in config:
                    key = (key << CODE_BITS) | code
                self.ix.keys[r][j] = key
                self.ix.offsets[r][j] = offset
                offset += _block_size(config, r)
            self.ix.offsets[r][len(configs)] = offset

    def __dealloc__(self) -> None:
        cdef int i
        for i in range(MAX_ROUNDS):
            free(self.ix.keys[i])
            free(self.ix.offsets[i])

    def size(self, int r) -> int:
        """The number of classes of hands dealt up to round r."""
        return self.ix.offsets[r][self.ix.n_configs[r]]

    def index(self, int r, const uint8_t[::1] cards) -> int:
        """The index of cards (total[r] of them); -1 for a bad or repeated card."""
        return index_hand(&self.ix, r, &cards[0])

    def unindex(self, int r, int64_t index, uint8_t[::1] out) -> int:
        """The canonical hand of an index into out; -1 when out of range."""
        return unindex_hand(&self.ix, r, index, &out[0])

    def index_rows(self, int r, const uint8_t[:, ::1] cards, int64_t lo, int64_t hi,
                   int64_t[::1] out) -> int:
        """index over rows lo..hi - 1, without the GIL; the first bad row from lo, or -1."""
        cdef int64_t bad
        with nogil:
            bad = index_rows(&self.ix, r, &cards[0, 0], lo, hi, &out[0])
        return bad

    def unindex_rows(self, int r, const int64_t[::1] indices, int64_t lo, int64_t hi,
                     uint8_t[:, ::1] out) -> int:
        """unindex over rows lo..hi - 1, without the GIL; the first bad row from lo, or -1."""
        cdef int64_t bad
        with nogil:
            bad = unindex_rows(&self.ix, r, &indices[0], lo, hi, &out[0, 0])
        return bad
