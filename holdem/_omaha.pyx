# cython: language_level=3
"""The compiled core of Omaha: exactly two of the 4-6 hole cards and three of the 3-5 board
cards.

The high hand (hold'em's values) is the better of the best flush, looked up by rank sets in
hold'em's flush table for the suit (if any) that holds three board cards and two hole cards,
and the best hand by ranks alone. On a five-card board the latter is one lookup per pair of
hole cards in a table built on first use: for each of the 6,175 multisets of five board ranks
and each of the 91 pairs of hole ranks, the best of the pair with three of the board's ranks
(the board found by its rank key's perfect-hash slot). Smaller boards look up every pair with
every three board cards. The eight-or-better low (ace low, five different ranks from ace to
eight, straights and flushes do not count) is one lookup in a 64 KB table indexed by the low
ranks the hole and the board hold: ``LOW_TABLE[hole][board]`` is the best low that two hole
ranks and three other board ranks make, from 1 (8-7-6-5-4) to 56 (5-4-3-2-A), 0 for none.

Kernels are ``cdef ... noexcept nogil`` over C types; the ``def`` functions validate their
arguments and run the batch kernels with the GIL released.
"""

from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from holdem._core cimport eval_tables, value_objects
from holdem._games cimport cards_of
from holdem._kernels cimport (
    HASH_CAP,
    INVALID_BIT,
    CardBits,
    EvalTables,
    prefetch,
    rank_slot,
    rank_value,
)

cdef enum:
    N_LOWS = 56         # five different ranks of the eight from ace to eight
    N_BOARDS = 6175     # multisets of five ranks, at most four of a rank
    N_PAIRS = 91        # multisets of two ranks
    ROW = 96            # PAIR_TABLE's row: N_PAIRS values padded to three 64-byte cache lines

cdef EvalTables TAB = eval_tables()            # hold'em's tables
cdef PyObject** INTS = value_objects()         # the Python ints 0..7462
cdef uint8_t LOW_BIT[256]                      # by card byte: its low rank's bit (ace = 1), or 0
cdef uint8_t LOW_TABLE[256 * 256]              # [hole low ranks << 8 | board low ranks]
cdef uint8_t LOW_MASKS[N_LOWS + 1]             # LOW_MASKS[value]: the five ranks of a low
# Omaha's high hands on five-card boards without a flush, by ranks alone (built on first use):
# BOARD_CLASS[rank_slot(board's rank key)] numbers the board's multiset of ranks, and
# PAIR_TABLE[board class * ROW + PAIR_INDEX[r1 * 13 + r2]] is the best value of those two
# hole ranks with three of the board's ranks (0 where the five would hold a rank five times).
cdef uint16_t* BOARD_CLASS = NULL
cdef uint16_t* PAIR_TABLE = NULL
cdef uint8_t PAIR_INDEX[169]


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline bint cards_bad(const uint8_t* cards, int n, uint64_t* used) noexcept nogil:
    """Whether n card bytes hold an invalid or repeated card (also against ``used``, which
    receives them)."""
    cdef int i
    cdef uint64_t m
    for i in range(n):
        m = TAB.cards[cards[i]].mask
        if m & (used[0] | INVALID_BIT):
            return True
        used[0] |= m
    return False


cdef uint16_t omaha_flush(uint32_t hole_bits, uint32_t board_bits,
                          const uint16_t* flush) noexcept nogil:
    """The best flush (or straight flush) of two of a suit's hole ranks and three of its board
    ranks (13-bit rank sets), or 0."""
    cdef int hr[6]
    cdef int br[5]
    cdef int nh = 0
    cdef int nb = 0
    cdef int r, i, j, a, b, c
    cdef uint16_t best = 0
    cdef uint16_t v
    for r in range(13):
        if (hole_bits >> r) & 1:
            hr[nh] = r
            nh += 1
        if (board_bits >> r) & 1:
            br[nb] = r
            nb += 1
    for i in range(nh):
        for j in range(i + 1, nh):
            for a in range(nb):
                for b in range(a + 1, nb):
                    for c in range(b + 1, nb):
                        v = flush[(1u << hr[i]) | (1u << hr[j]) | (1u << br[a]) | (1u << br[b])
                                  | (1u << br[c])]
                        if v > best:
                            best = v
    return best


cdef inline uint16_t omaha_flushes(uint64_t hsum, uint64_t bsum, uint64_t hmask,
                                   uint64_t bmask) noexcept nogil:
    """The best flush of two hole and three board cards, from the hole's and the board's key
    sums (without KEY_INIT) and masks; 0 when no suit holds two hole and three board cards."""
    # A 4-bit suit counter reaches 8 when 5 is added to three or more (board), 6 to two or more
    # (hole): the suit whose bit 3 is set in both.
    cdef uint32_t both = (<uint32_t>((bsum >> 32) + 0x5555) & <uint32_t>((hsum >> 32) + 0x6666)
                          & 0x8888)
    cdef int s
    if both == 0:
        return 0
    s = (((both >> 7) & 1) + ((both >> 11) & 1) * 2 + ((both >> 15) & 1) * 3)
    return omaha_flush(<uint32_t>(hmask >> (16 * s)) & 0x1FFF,
                       <uint32_t>(bmask >> (16 * s)) & 0x1FFF, TAB.flush)


cdef inline const uint16_t* pair_row(uint64_t bsum) noexcept nogil:
    """The row of PAIR_TABLE of a five-card board, from its key sum."""
    return PAIR_TABLE + ROW * <int>BOARD_CLASS[rank_slot(TAB.offsets, <uint32_t>bsum)]


cdef inline uint16_t omaha_pairs(const uint8_t* hole, int nh, const uint16_t* row) noexcept nogil:
    """The best hand by ranks of two of the hole cards with three cards of a five-card board
    (``row``: the board's pair_row)."""
    cdef int i, j
    cdef uint16_t best = 0
    cdef uint16_t v
    cdef const uint8_t* index
    for i in range(nh - 1):
        index = PAIR_INDEX + (hole[i] >> 2) * 13
        for j in range(i + 1, nh):
            v = row[index[hole[j] >> 2]]
            if v > best:
                best = v
    return best


cdef uint16_t omaha_high(const uint8_t* hole, int nh, const uint8_t* board,
                         int nb) noexcept nogil:
    """The best high hand of two of the nh hole cards and three of the nb board cards (valid,
    distinct cards; see omaha_batch).

    The best hand is the better of the best flush (two hole and three board cards of one suit)
    and the best hand by ranks alone: a five of one suit is worth less by its ranks than as a
    flush, so counting it by ranks does not change the maximum.
    """
    cdef uint64_t bsum = 0
    cdef uint64_t hsum = 0
    cdef uint64_t bmask = 0
    cdef uint64_t hmask = 0
    cdef uint32_t tkey[10]
    cdef uint32_t pkey
    cdef int nt = 0
    cdef int i, j, k
    cdef uint16_t best = 0
    cdef uint16_t v
    cdef const CardBits* cards = TAB.cards
    for i in range(nb):
        bsum += cards[board[i]].key
        bmask |= cards[board[i]].mask
    for i in range(nh):
        hsum += cards[hole[i]].key
        hmask |= cards[hole[i]].mask
    if nb == 5:
        best = omaha_pairs(hole, nh, pair_row(bsum))
    else:
        for i in range(nb):
            for j in range(i + 1, nb):
                for k in range(j + 1, nb):
                    tkey[nt] = <uint32_t>(cards[board[i]].key + cards[board[j]].key
                                          + cards[board[k]].key)
                    nt += 1
        for i in range(nh):
            for j in range(i + 1, nh):
                pkey = <uint32_t>(cards[hole[i]].key + cards[hole[j]].key)
                for k in range(nt):
                    v = rank_value(&TAB, tkey[k] + pkey)
                    if v > best:
                        best = v
    v = omaha_flushes(hsum, bsum, hmask, bmask)
    return v if v > best else best


cdef const uint16_t* omaha_board_row(uint64_t bsum) noexcept nogil:
    """pair_row, for other modules (see holdem/_games.pxd)."""
    return pair_row(bsum)


cdef uint16_t omaha_hole_value(const uint8_t* hole, int nh, const uint16_t* row, uint64_t hsum,
                               uint64_t bsum, uint64_t hmask, uint64_t bmask) noexcept nogil:
    """Omaha's high value on a five-card board, for other modules (see holdem/_games.pxd)."""
    cdef uint16_t v = omaha_pairs(hole, nh, row)
    cdef uint16_t f = omaha_flushes(hsum, bsum, hmask, bmask)
    return f if f > v else v


cdef int omaha_pair_column(int r1, int r2) noexcept nogil:
    """PAIR_INDEX for other modules (see holdem/_games.pxd)."""
    return PAIR_INDEX[r1 * 13 + r2]


cdef uint16_t omaha_flush_value(uint64_t hsum, uint64_t bsum, uint64_t hmask,
                                uint64_t bmask) noexcept nogil:
    """omaha_flushes for other modules (see holdem/_games.pxd)."""
    return omaha_flushes(hsum, bsum, hmask, bmask)


cdef uint8_t low_bit(uint8_t card) noexcept nogil:
    """A card byte's low rank bit (see LOW_BIT)."""
    return LOW_BIT[card]


cdef uint8_t omaha_low_value(uint32_t hole_low, uint32_t board_low) noexcept nogil:
    """The best eight-or-better low of a hole's and a board's low ranks (see LOW_TABLE)."""
    return LOW_TABLE[(hole_low << 8) | board_low]


cdef void build_pairs(uint16_t* board_class, uint16_t* pair_table) noexcept nogil:
    """Fill BOARD_CLASS, PAIR_INDEX and PAIR_TABLE (see their declaration)."""
    cdef int r[5]
    cdef int cnt[13]
    cdef uint32_t tkey[10]
    cdef uint32_t bkey
    cdef int a, b, i, j, k, nt, n = 0
    cdef int r0, r1, r2, r3, r4
    cdef uint16_t best, v
    cdef const uint32_t* rk = TAB.rank_keys
    k = 0
    for a in range(13):
        for b in range(a, 13):
            PAIR_INDEX[a * 13 + b] = <uint8_t>k
            PAIR_INDEX[b * 13 + a] = <uint8_t>k
            k += 1
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    for r4 in range(r3, 13):
                        if r0 == r4:
                            continue        # five of a rank
                        r[0], r[1], r[2], r[3], r[4] = r0, r1, r2, r3, r4
                        memset(cnt, 0, sizeof(cnt))
                        bkey = 0
                        for i in range(5):
                            cnt[r[i]] += 1
                            bkey += rk[r[i]]
                        board_class[rank_slot(TAB.offsets, bkey)] = <uint16_t>n
                        nt = 0
                        for i in range(5):
                            for j in range(i + 1, 5):
                                for k in range(j + 1, 5):
                                    tkey[nt] = rk[r[i]] + rk[r[j]] + rk[r[k]]
                                    nt += 1
                        for a in range(13):
                            for b in range(a, 13):
                                best = 0
                                if cnt[a] + 1 + (a == b) <= 4 and cnt[b] + 1 + (a == b) <= 4:
                                    for i in range(nt):
                                        v = rank_value(&TAB, tkey[i] + rk[a] + rk[b])
                                        if v > best:
                                            best = v
                                pair_table[n * ROW + PAIR_INDEX[a * 13 + b]] = best
                        n += 1


cdef inline uint8_t omaha_low(const uint8_t* hole, int nh, const uint8_t* board,
                              int nb) noexcept nogil:
    """The best eight-or-better low (1..56, higher is better) or 0 when none qualifies."""
    cdef uint32_t hm = 0
    cdef uint32_t bm = 0
    cdef int i
    for i in range(nh):
        hm |= LOW_BIT[hole[i]]
    for i in range(nb):
        bm |= LOW_BIT[board[i]]
    return LOW_TABLE[(hm << 8) | bm]


cdef enum:
    BLOCK = 32          # rows whose tables' rows are fetched ahead, then evaluated


cdef inline void sum_row(const uint8_t* cards, int n, uint64_t* key, uint64_t* mask,
                         uint64_t* mask_sum) noexcept nogil:
    """Add n card bytes' keys and masks (OR and sum) to key, mask and mask_sum."""
    cdef int i
    cdef const CardBits* bits = TAB.cards
    for i in range(n):
        key[0] += bits[cards[i]].key
        mask[0] |= bits[cards[i]].mask
        mask_sum[0] += bits[cards[i]].mask


cdef Py_ssize_t omaha_batch(const uint8_t* holes, int nh, const uint8_t* boards, int nb,
                            Py_ssize_t rows, bint low, uint16_t* out) noexcept nogil:
    """Omaha high (or, with ``low``, eight-or-better low) values of rows of hole and board card
    bytes; returns the first row with an invalid or repeated card, or -1.

    High hands on five-card boards go by blocks of rows: the first pass sums and checks the
    cards, finds each board's row of PAIR_TABLE and asks for it to be fetched; the second
    evaluates, by which time the rows are on their way (a row is a likely cache miss: the table
    is large).
    """
    cdef Py_ssize_t r, start, end
    cdef uint64_t used, hk, hm, hs, bk, bm, bs
    cdef const uint16_t* pair_rows[BLOCK]
    cdef uint64_t hsum[BLOCK]
    cdef uint64_t bsum[BLOCK]
    cdef uint64_t hmask[BLOCK]
    cdef uint64_t bmask[BLOCK]
    cdef uint16_t v
    cdef int i
    if low or nb != 5:
        for r in range(rows):
            used = 0
            if cards_bad(holes + nh * r, nh, &used) or cards_bad(boards + nb * r, nb, &used):
                return r
            if low:
                out[r] = omaha_low(holes + nh * r, nh, boards + nb * r, nb)
            else:
                out[r] = omaha_high(holes + nh * r, nh, boards + nb * r, nb)
        return -1
    start = 0
    while start < rows:
        end = start + BLOCK if start + BLOCK < rows else rows
        for r in range(start, end):
            i = <int>(r - start)
            hk = hm = hs = bk = bm = bs = 0
            sum_row(holes + nh * r, nh, &hk, &hm, &hs)
            sum_row(boards + 5 * r, 5, &bk, &bm, &bs)
            # A repeated card carries into a neighbouring bit (the sums differ from the ORs);
            # an invalid card byte has the top bit.
            if hm != hs or bm != bs or (hm & bm) or ((hm | bm) & INVALID_BIT):
                return r
            hsum[i] = hk
            bsum[i] = bk
            hmask[i] = hm
            bmask[i] = bm
            pair_rows[i] = pair_row(bk)
            prefetch(pair_rows[i])
            prefetch(pair_rows[i] + 32)
            prefetch(pair_rows[i] + 64)
        for r in range(start, end):
            i = <int>(r - start)
            v = omaha_pairs(holes + nh * r, nh, pair_rows[i])
            hk = omaha_flushes(hsum[i], bsum[i], hmask[i], bmask[i])
            out[r] = <uint16_t>hk if hk > v else v
        start = end
    return -1


cdef Py_ssize_t omaha_showdowns(const uint8_t* boards, Py_ssize_t rows, int nb,
                                const uint8_t* holes, Py_ssize_t stride, int nh, int players,
                                bint low, uint16_t* values, uint8_t* winners) noexcept nogil:
    """Omaha showdowns on rows of nb (3..5) board cards: each player's high value of nh hole
    cards (the players' holes at ``holes + stride * row``) and whether it is a best high hand;
    with ``low``, (high, low) value pairs and flags (no low flag when no low qualifies).
    Returns the first row with an invalid or repeated card, or -1."""
    cdef Py_ssize_t r
    cdef uint64_t used
    cdef uint16_t best_hi, best_lo, v
    cdef const uint8_t* b
    cdef const uint8_t* h
    cdef int p
    cdef int w = 2 if low else 1
    for r in range(rows):
        b = boards + nb * r
        h = holes + stride * r
        used = 0
        if cards_bad(b, nb, &used):
            return r
        best_hi = 0
        best_lo = 0
        for p in range(players):
            if cards_bad(h + nh * p, nh, &used):
                return r
            v = omaha_high(h + nh * p, nh, b, nb)
            values[w * (players * r + p)] = v
            if v > best_hi:
                best_hi = v
            if low:
                v = omaha_low(h + nh * p, nh, b, nb)
                values[w * (players * r + p) + 1] = v
                if v > best_lo:
                    best_lo = v
        for p in range(players):
            winners[w * (players * r + p)] = values[w * (players * r + p)] == best_hi
            if low:
                winners[w * (players * r + p) + 1] = (
                    best_lo > 0 and values[w * (players * r + p) + 1] == best_lo)
    return -1


cdef void build_lows() noexcept nogil:
    """Fill LOW_BIT, LOW_MASKS and LOW_TABLE (see the module's docstring)."""
    cdef int value_of[256]
    cdef int c, r, m, v, hm, bm, a, b, t, best
    memset(LOW_BIT, 0, sizeof(LOW_BIT))
    for c in range(52):
        r = c >> 2
        if r == 12:
            LOW_BIT[c] = 1              # the ace plays low
        elif r <= 6:
            LOW_BIT[c] = <uint8_t>(1 << (r + 1))   # deuce .. eight: bits 1..7
    # A smaller mask is a better low (compared from the highest card down): number the 56 masks
    # of five ranks from the worst, 1, to the best, 56.
    v = N_LOWS
    for m in range(256):
        value_of[m] = 0
        if (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1) \
                + ((m >> 5) & 1) + ((m >> 6) & 1) + ((m >> 7) & 1) == 5:
            value_of[m] = v
            LOW_MASKS[v] = <uint8_t>m
            v -= 1
    LOW_MASKS[0] = 0
    for hm in range(256):
        for bm in range(256):
            best = 0
            for a in range(8):
                if not (hm >> a) & 1:
                    continue
                for b in range(a + 1, 8):
                    if not (hm >> b) & 1:
                        continue
                    # The board's three lowest ranks other than a and b make the best low.
                    m = (1 << a) | (1 << b)
                    t = 0
                    for r in range(8):
                        if t < 3 and (bm >> r) & 1 and not (m >> r) & 1:
                            m |= 1 << r
                            t += 1
                    if t == 3 and value_of[m] > best:
                        best = value_of[m]
            LOW_TABLE[(hm << 8) | bm] = <uint8_t>best


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

build_lows()

import threading

_LOCK = threading.Lock()


cdef int omaha_prepare() except -1:
    """Build Omaha's tables if they are not yet built (see holdem/_games.pxd)."""
    return _omaha_ready()


cdef int _omaha_ready() except -1:
    """Build the tables of Omaha's high hands on first use (1.3 MB)."""
    global BOARD_CLASS, PAIR_TABLE
    cdef uint16_t* board_class
    cdef uint16_t* pair_table
    cdef char* raw
    if PAIR_TABLE != NULL:
        return 0
    with _LOCK:
        if PAIR_TABLE != NULL:
            return 0
        board_class = <uint16_t*>malloc((HASH_CAP + 1024) * sizeof(uint16_t))
        raw = <char*>malloc(N_BOARDS * ROW * sizeof(uint16_t) + 64)
        if not board_class or not raw:
            free(board_class)
            free(raw)
            raise MemoryError()
        # Rows on cache-line boundaries (the memory is kept for the life of the process).
        pair_table = <uint16_t*>(raw + (64 - (<size_t>raw & 63)))
        memset(board_class, 0, (HASH_CAP + 1024) * sizeof(uint16_t))
        memset(pair_table, 0, N_BOARDS * ROW * sizeof(uint16_t))
        with nogil:
            build_pairs(board_class, pair_table)
        BOARD_CLASS = board_class
        PAIR_TABLE = pair_table
    return 0


def _argument_error(message):
    from holdem.errors import ArgumentError
    return ArgumentError(message)


def _card_error(message):
    from holdem.errors import CardError
    return CardError(message)


cdef int _omaha_args(hole, board, uint8_t* buf) except -1:
    """Read Omaha's hole (4..6) then board (3..5) cards into buf; returns the hole count."""
    cdef int nh = cards_of(hole, buf, 6)
    cdef int nb
    if not 4 <= nh <= 6:
        raise _card_error(f"Omaha's hole is 4, 5 or 6 cards, got {nh if nh <= 6 else 'more'}")
    nb = cards_of(board, buf + nh, 5)
    if not 3 <= nb <= 5:
        raise _card_error(f"Omaha's board is 3, 4 or 5 cards, got {nb if nb <= 5 else 'more'}")
    cdef uint64_t used = 0
    if cards_bad(buf, nh + nb, &used):
        from holdem.cards import Card
        seen = set()
        for i in range(nh + nb):
            if buf[i] in seen:
                raise _card_error(f"{Card(buf[i])} appears twice")
            seen.add(buf[i])
        raise _card_error("an unknown card")
    return nh * 8 + nb


def evaluate_omaha(hole, board):
    """Omaha's high value of a hand: the best of two hole cards and three board cards.

    :raises CardError: for an unknown or repeated card, a hole that is not 4-6 cards or a board
        that is not 3-5 cards.
    """
    cdef uint8_t buf[16]
    cdef int n = _omaha_args(hole, board, buf)
    if PAIR_TABLE == NULL:
        _omaha_ready()
    return <object>INTS[omaha_high(buf, n >> 3, buf + (n >> 3), n & 7)]


def evaluate_omaha_low(hole, board):
    """Omaha's eight-or-better low value: 1 (8-7-6-5-4) to 56 (5-4-3-2-A), 0 for no low.

    :raises CardError: for an unknown or repeated card, a hole that is not 4-6 cards or a board
        that is not 3-5 cards.
    """
    cdef uint8_t buf[16]
    cdef int n = _omaha_args(hole, board, buf)
    return <object>INTS[omaha_low(buf, n >> 3, buf + (n >> 3), n & 7)]


def omaha_rows(const uint8_t[:, ::1] holes not None, const uint8_t[:, ::1] boards not None,
               bint low, uint16_t[::1] out not None):
    """Kernel behind evaluate_omaha_batch: fills ``out``; returns the first bad row, or -1.

    :raises ArgumentError: for holes that are not 4-6 cards, boards that are not 3-5 cards, or
        arrays of different lengths.
    """
    cdef Py_ssize_t rows = holes.shape[0]
    cdef int nh = <int>holes.shape[1]
    cdef int nb = <int>boards.shape[1]
    cdef Py_ssize_t bad
    if not 4 <= nh <= 6:
        raise _argument_error(f"holes of 4, 5 or 6 cards expected, got {nh}")
    if not 3 <= nb <= 5:
        raise _argument_error(f"boards of 3, 4 or 5 cards expected, got {nb}")
    if boards.shape[0] != rows or out.shape[0] != rows:
        raise _argument_error("holes, boards and out must have the same number of rows")
    if rows == 0:
        return -1
    if PAIR_TABLE == NULL:
        _omaha_ready()
    with nogil:
        bad = omaha_batch(&holes[0, 0], nh, &boards[0, 0], nb, rows, low, &out[0])
    return bad


def omaha_showdown_rows(const uint8_t[:, ::1] boards not None,
                        const uint8_t[:, :, ::1] holes not None, bint low,
                        uint16_t[:, ::1] values not None, uint8_t[:, ::1] winners not None):
    """Kernel behind showdown_batch for Omaha: values and winner flags per board (with
    ``low``, a (high, low) pair a player: ``values`` and ``winners`` are (rows, 2 * players));
    the first bad row, or -1. ``holes`` has shape (rows, players, 4 | 5 | 6), or
    (1, players, 4 | 5 | 6) to share them.

    :raises ArgumentError: when the shapes do not fit together.
    """
    cdef Py_ssize_t rows = boards.shape[0]
    cdef int nb = <int>boards.shape[1]
    cdef int players = <int>holes.shape[1]
    cdef int nh = <int>holes.shape[2]
    cdef int w = 2 if low else 1
    cdef Py_ssize_t stride = 0 if holes.shape[0] == 1 else nh * players
    cdef Py_ssize_t bad
    if not 4 <= nh <= 6 or (holes.shape[0] != 1 and holes.shape[0] != rows):
        raise _argument_error("4 to 6 cards a player, one set of hands or one per board")
    if not 3 <= nb <= 5 or players < 1:
        raise _argument_error("boards of 3, 4 or 5 cards and a player at least")
    if values.shape[0] != rows or values.shape[1] != w * players or winners.shape[0] != rows \
            or winners.shape[1] != w * players:
        raise _argument_error("values and winners must be (rows, players), or with the low "
                              "(rows, 2 * players)")
    if rows == 0:
        return -1
    if PAIR_TABLE == NULL:
        _omaha_ready()
    with nogil:
        bad = omaha_showdowns(&boards[0, 0], rows, nb, &holes[0, 0, 0], stride, nh, players,
                              low, &values[0, 0], &winners[0, 0])
    return bad


def low_ranks(int value):
    """The five ranks (0 = ace .. 7 = eight, highest first) of an eight-or-better low value.

    :raises ArgumentError: for a value outside 1..56.
    """
    cdef int m, r
    if not 1 <= value <= N_LOWS:
        raise _argument_error(f"a low value is 1 to {N_LOWS}, got {value}")
    m = LOW_MASKS[value]
    return tuple(r for r in range(7, -1, -1) if (m >> r) & 1)
