# cython: language_level=3
"""The compiled core of the other games: reduced decks and Omaha.

* **Games whose hand is any five of the cards** on a smaller deck (short deck, Manila, Royal
  hold'em, or hold'em under other options): each ranking is a ``GameRules`` (the deck's lowest
  rank, whether the ace also makes the deck's low straight, the order of the nine categories);
  its tables are built on first use by ``holdem._tables.build_game`` on hold'em's keys and
  perfect-hash placement, so one kernel evaluates every such game, reading the game's own card
  records, flush table and hash values. A card outside the game's deck has the invalid-card bit,
  like a card byte above 51 in hold'em.
* **Omaha**: exactly two of the 4-6 hole cards and three of the 3-5 board cards. The high hand
  is the best of every such five (hold'em's values and tables); when the board cannot make a
  flush with two hole cards (no suit holding three board cards and two hole cards), only the
  rank part is looked up. The eight-or-better low (ace low, five different ranks from ace to
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

from holdem._capi cimport (  # borrowed-reference C API, no refcounts touched
    _is_tuple,
    _is_list,
    _tuple_size,
    _list_size,
    _tuple_item,
    _list_item,
    int_card,
)
from holdem._core cimport eval_tables, value_objects
from holdem._kernels cimport (
    HASH_CAP,
    INVALID_BIT,
    KEY_INIT,
    N_VALUES,
    CardBits,
    EvalTables,
    RowCheck,
    eval_key,
    lookup_hand,
    rank_value,
    row_check_bad,
    row_check_new,
    sum7,
)
from holdem._tables cimport GameRules, build_game

cdef enum:
    MAX_GAMES = 64      # rankings built at most (every deck and every option: far fewer)
    N_LOWS = 56         # five different ranks of the eight from ace to eight

# A game's tables (see holdem._tables.build_game), allocated once on first use, never freed.
cdef struct GameTables:
    CardBits cards[256]
    uint16_t flush[8192]
    uint16_t hash[HASH_CAP + 1024]
    uint32_t scores[N_VALUES + 1]
    uint32_t n_values
    GameRules rules

cdef GameTables* GAMES[MAX_GAMES]
cdef int N_GAMES = 0
cdef EvalTables TAB = eval_tables()            # hold'em's tables (Omaha's high hands)
cdef PyObject** INTS = value_objects()         # the Python ints 0..7462
cdef uint8_t LOW_BIT[256]                      # by card byte: its low rank's bit (ace = 1), or 0
cdef uint8_t LOW_TABLE[256 * 256]              # [hole low ranks << 8 | board low ranks]
cdef uint8_t LOW_MASKS[N_LOWS + 1]             # LOW_MASKS[value]: the five ranks of a low


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline uint16_t game_value(const GameTables* g, const uint8_t* cards, int n) noexcept nogil:
    """Value of n (5..7) card bytes in a game, or 0 when a card is not in its deck or repeated."""
    cdef uint64_t key = KEY_INIT
    cdef uint64_t mask_or = 0
    cdef uint64_t mask_sum = 0
    cdef int i
    for i in range(n):
        key += g.cards[cards[i]].key
        mask_or |= g.cards[cards[i]].mask
        mask_sum += g.cards[cards[i]].mask
    if mask_or != mask_sum or (mask_or & INVALID_BIT) != 0:
        return 0
    return lookup_hand(g.flush, TAB.offsets, g.hash, key, mask_or)


cdef Py_ssize_t game_rows(const GameTables* g, const uint8_t* cards, Py_ssize_t rows, int ncols,
                          uint16_t* out) noexcept nogil:
    """Evaluate rows of ncols (5..7) card bytes in a game; returns the first bad row, or -1."""
    cdef Py_ssize_t r
    cdef uint64_t key, mask, key2, mask2
    cdef RowCheck check = row_check_new()
    cdef const uint32_t* offsets = TAB.offsets
    if ncols == 7:
        # As holdem._core.eval_rows: two rows per iteration, the bad-row check read at the end.
        for r in range(0, rows - 1, 2):
            sum7(g.cards, cards + 7 * r, &key, &mask, &check)
            sum7(g.cards, cards + 7 * r + 7, &key2, &mask2, &check)
            out[r] = lookup_hand(g.flush, offsets, g.hash, KEY_INIT + key, mask)
            out[r + 1] = lookup_hand(g.flush, offsets, g.hash, KEY_INIT + key2, mask2)
        if rows & 1:
            sum7(g.cards, cards + 7 * (rows - 1), &key, &mask, &check)
            out[rows - 1] = lookup_hand(g.flush, offsets, g.hash, KEY_INIT + key, mask)
        if not row_check_bad(check):
            return -1
    for r in range(rows):
        out[r] = game_value(g, cards + ncols * r, ncols)
        if out[r] == 0:
            return r
    return -1


cdef void game_histogram(const GameTables* g, int start, int left, uint64_t key, uint64_t mask,
                         uint32_t* hist) noexcept nogil:
    """Count the values of every hand of the deck that adds ``left`` cards from ``start`` on."""
    cdef int c
    if left == 0:
        hist[lookup_hand(g.flush, TAB.offsets, g.hash, key, mask)] += 1
        return
    for c in range(start, 53 - left):
        game_histogram(g, c + 1, left - 1, key + g.cards[c].key, mask | g.cards[c].mask, hist)


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


cdef uint16_t omaha_high(const uint8_t* hole, int nh, const uint8_t* board,
                         int nb) noexcept nogil:
    """The best high hand of two of the nh hole cards and three of the nb board cards (valid,
    distinct cards; see omaha_value)."""
    cdef uint64_t tkey[10]
    cdef uint64_t tmask[10]
    cdef uint32_t trank[10]
    cdef uint64_t bsum = 0
    cdef uint64_t hsum = 0
    cdef uint64_t pkey, pmask, counts
    cdef int nt = 0
    cdef int i, j, k, s
    cdef bint flush = False
    cdef uint16_t best = 0
    cdef uint16_t v
    cdef const CardBits* cards = TAB.cards
    for i in range(nb):
        bsum += cards[board[i]].key
        for j in range(i + 1, nb):
            for k in range(j + 1, nb):
                tkey[nt] = (KEY_INIT + cards[board[i]].key + cards[board[j]].key
                            + cards[board[k]].key)
                tmask[nt] = cards[board[i]].mask | cards[board[j]].mask | cards[board[k]].mask
                trank[nt] = <uint32_t>tkey[nt]
                nt += 1
    for i in range(nh):
        hsum += cards[hole[i]].key
    # A flush needs three board cards and two hole cards of one suit (4-bit suit counters).
    for s in range(4):
        counts = (bsum >> (32 + 4 * s)) & 15
        if counts >= 3 and ((hsum >> (32 + 4 * s)) & 15) >= 2:
            flush = True
    for i in range(nh):
        for j in range(i + 1, nh):
            pkey = cards[hole[i]].key + cards[hole[j]].key
            if flush:
                pmask = cards[hole[i]].mask | cards[hole[j]].mask
                for k in range(nt):
                    v = eval_key(&TAB, tkey[k] + pkey, tmask[k] | pmask)
                    if v > best:
                        best = v
            else:
                for k in range(nt):
                    v = rank_value(&TAB, trank[k] + <uint32_t>pkey)
                    if v > best:
                        best = v
    return best


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


cdef Py_ssize_t omaha_batch(const uint8_t* holes, int nh, const uint8_t* boards, int nb,
                            Py_ssize_t rows, bint low, uint16_t* out) noexcept nogil:
    """Omaha high (or, with ``low``, eight-or-better low) values of rows of hole and board card
    bytes; returns the first row with an invalid or repeated card, or -1."""
    cdef Py_ssize_t r
    cdef uint64_t used
    for r in range(rows):
        used = 0
        if cards_bad(holes + nh * r, nh, &used) or cards_bad(boards + nb * r, nb, &used):
            return r
        if low:
            out[r] = omaha_low(holes + nh * r, nh, boards + nb * r, nb)
        else:
            out[r] = omaha_high(holes + nh * r, nh, boards + nb * r, nb)
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
_INDEX = {}                     # (low, wheel, positions) -> index into GAMES


def _argument_error(message):
    from holdem.errors import ArgumentError
    return ArgumentError(message)


def _card_error(message):
    from holdem.errors import CardError
    return CardError(message)


def game_index(int low, bint wheel, positions):
    """The index of a ranking's tables (built on first use): ``low`` the deck's lowest rank
    (0..8), ``wheel`` whether the ace makes the deck's low straight, ``positions[c]`` the place
    of category c (0 = high card .. 8 = straight flush) in the game's order, 0 = weakest.

    :raises ArgumentError: for a rank outside 0..8 or positions that are not an order of 0..8.
    """
    cdef GameRules rules
    cdef GameTables* g
    cdef int status, c
    key = (low, bool(wheel), tuple(positions))
    found = _INDEX.get(key)
    if found is not None:
        return found
    if not 0 <= low <= 8:
        raise _argument_error(f"the lowest rank of a deck is 0 (deuce) to 8 (ten), got {low}")
    if sorted(key[2]) != list(range(9)):
        raise _argument_error(f"positions must order the nine categories, got {key[2]}")
    with _LOCK:
        found = _INDEX.get(key)
        if found is not None:
            return found
        if N_GAMES == MAX_GAMES:
            raise _argument_error(f"at most {MAX_GAMES} rankings can be built")
        rules.low = low
        rules.wheel = wheel
        for c in range(9):
            rules.position[c] = key[2][c]
        g = <GameTables*>malloc(sizeof(GameTables))
        if not g:
            raise MemoryError()
        g.rules = rules
        with nogil:
            status = build_game(&g.rules, TAB.rank_keys, TAB.offsets, g.cards, g.flush, g.hash,
                                g.scores, &g.n_values)
        if status:
            raise ImportError(f"holdem._games: building a game's tables failed (code {status})")
        _set_game(g)
        index = N_GAMES - 1
        _INDEX[key] = index
        return index


cdef void _set_game(GameTables* g) noexcept:
    global N_GAMES
    GAMES[N_GAMES] = g
    N_GAMES += 1


cdef GameTables* _game(index) except NULL:
    if not 0 <= index < N_GAMES:
        raise _argument_error(f"no game tables at index {index}")
    return GAMES[<int>index]


cdef int _read_cards(object seq, uint8_t* buf, int most) except -2:
    """Card bytes of a list or tuple of card ints into buf; the count, or -1 for anything else
    (the caller then parses, which explains the problem)."""
    cdef Py_ssize_t n, i
    cdef PyObject* item
    cdef long c
    cdef PyObject* p = <PyObject*>seq
    cdef bint is_tuple = _is_tuple(p)
    if is_tuple:
        n = _tuple_size(p)
    elif _is_list(p):
        n = _list_size(p)
    else:
        return -1
    if n > most:
        return -1
    for i in range(n):
        item = _tuple_item(p, i) if is_tuple else _list_item(p, i)
        c = int_card(item)
        if c < 0:
            return -1
        buf[i] = <uint8_t>c
    return <int>n


cdef int _cards_of(object cards, uint8_t* buf, int most) except -1:
    """Card bytes of a sequence of cards or a string into buf; returns the count."""
    cdef int n = _read_cards(cards, buf, most)
    cdef int i
    if n >= 0:
        return n
    from holdem.cards import parse_cards
    parsed = parse_cards(cards)
    if len(parsed) > most:
        return most + 1
    for i in range(len(parsed)):
        buf[i] = <uint8_t>int(parsed[i])
    return <int>len(parsed)


def evaluate(cards, index):
    """Value of the best five of 5, 6 or 7 cards in the game of tables ``index``.

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, or fewer
        than 5 or more than 7 cards.
    :raises ArgumentError: for an index of no game's tables.
    """
    cdef GameTables* g = _game(index)
    cdef uint8_t buf[8]
    cdef int n = _cards_of(cards, buf, 7)
    cdef uint16_t v
    if not 5 <= n <= 7:
        raise _card_error(f"a hand is 5, 6 or 7 cards, got {n if n <= 7 else 'more than 7'}")
    v = game_value(g, buf, n)
    if v == 0:
        raise _card_error(_bad_cards(g, buf, n))
    return <object>INTS[v]


cdef str _bad_cards(const GameTables* g, const uint8_t* buf, int n):
    from holdem.cards import Card
    cdef int i, j
    for i in range(n):
        if g.cards[buf[i]].mask & INVALID_BIT:
            return f"{Card(buf[i])} is not in this game's deck"
        for j in range(i):
            if buf[j] == buf[i]:
                return f"{Card(buf[i])} appears twice"
    return "an unknown or repeated card"


def evaluate_rows(index, const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None):
    """Kernel behind evaluate_batch for a game: fills ``out``; returns the first bad row, or -1.

    :raises ArgumentError: for rows that are not 5, 6 or 7 cards, or ``out`` of another length.
    """
    cdef GameTables* g = _game(index)
    cdef Py_ssize_t rows = cards.shape[0]
    cdef int ncols = <int>cards.shape[1]
    cdef Py_ssize_t bad
    if ncols < 5 or ncols > 7:
        raise _argument_error(f"rows of 5, 6 or 7 cards expected, got {ncols}")
    if out.shape[0] != rows:
        raise _argument_error("out must have one entry per row")
    if rows == 0:
        return -1
    with nogil:
        bad = game_rows(g, &cards[0, 0], rows, ncols, &out[0])
    return bad


def value_histogram(index, int n_cards):
    """How many hands of ``n_cards`` (5, 6 or 7) cards of the game's deck have each value: a
    list of n_values + 1 counts indexed by value (index 0 is unused).

    :raises ArgumentError: for ``n_cards`` other than 5, 6 or 7, or an index of no game's tables.
    """
    cdef GameTables* g = _game(index)
    cdef uint32_t* hist
    cdef int i
    if not 5 <= n_cards <= 7:
        raise _argument_error(f"n_cards must be 5, 6 or 7, got {n_cards}")
    hist = <uint32_t*>malloc((N_VALUES + 1) * sizeof(uint32_t))
    if not hist:
        raise MemoryError()
    memset(hist, 0, (N_VALUES + 1) * sizeof(uint32_t))
    with nogil:
        game_histogram(g, 4 * g.rules.low, n_cards, KEY_INIT, 0, hist)
    try:
        return [hist[i] for i in range(g.n_values + 1)]
    finally:
        free(hist)


def n_values(index):
    """The number of distinct hand values of the game (values run from 1 to it).

    :raises ArgumentError: for an index of no game's tables.
    """
    return _game(index).n_values


def value_ranks(index, int value):
    """The category (0 = high card .. 8 = straight flush) and the deciding ranks of a value.

    :raises ArgumentError: for a value outside 1..n_values or an index of no game's tables.
    """
    cdef GameTables* g = _game(index)
    cdef uint32_t s
    cdef int c, position
    if not 1 <= value <= <int>g.n_values:
        raise _argument_error(f"a hand value of this game is 1 to {g.n_values}, got {value}")
    s = g.scores[value]
    position = s >> 20
    for c in range(9):
        if g.rules.position[c] == position:
            break
    ranks = ((s >> 16) & 15, (s >> 12) & 15, (s >> 8) & 15, (s >> 4) & 15, s & 15)
    return c, ranks[:_RANKS_USED[c]]


_RANKS_USED = (5, 4, 3, 3, 1, 5, 2, 2, 1)


cdef int _omaha_args(hole, board, uint8_t* buf) except -1:
    """Read Omaha's hole (4..6) then board (3..5) cards into buf; returns the hole count."""
    cdef int nh = _cards_of(hole, buf, 6)
    cdef int nb
    if not 4 <= nh <= 6:
        raise _card_error(f"Omaha's hole is 4, 5 or 6 cards, got {nh if nh <= 6 else 'more'}")
    nb = _cards_of(board, buf + nh, 5)
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
    with nogil:
        bad = omaha_batch(&holes[0, 0], nh, &boards[0, 0], nb, rows, low, &out[0])
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
