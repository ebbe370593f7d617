# cython: language_level=3
"""The compiled core: 5/6/7-card evaluation, batch kernels, showdowns and the value histogram.

Hand representation (after OMPEval and b-inary's holdem-hand-evaluator, reimplemented here):

* a hand's *key* is the sum of its cards' keys: the low 32 bits add up one rank key per card
  (every multiset of at most seven ranks sums to a different number) and bits 32-47 hold four
  4-bit suit counters that start at 3, so a suit with five or more cards sets bit 3 of its
  counter (``FLUSH_BITS``);
* a hand's *mask* is the OR of its cards' bits, 16 bits per suit.

A flush is then a lookup of the flush suit's 13-bit rank mask in ``FLUSH_TABLE`` (8 K entries);
anything else is a perfect hash of the rank key (one displacement, ``OFFSETS``) into
``HASH_TABLE``. Values run from 1 (7-5-4-3-2) to 7462 (a royal flush): higher is better.

This module owns the tables; ``holdem._tables`` generates them at import from the rules of hand
ranking. What an evaluation reads is under 256 KB (``table_bytes()``). The plain C (the 7-card
row sum) is in holdem/_core.h, the lookups shared with the other compiled modules in
holdem/_kernels.pxd.

Kernels are ``cdef ... noexcept nogil`` over C types; the ``def`` functions validate their
arguments and run the kernels with the GIL released.
"""

cimport cython
from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
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
    pin_objects,
)
from holdem._kernels cimport (
    FLUSH_BITS,
    FLUSH_SIZE,
    HASH_CAP,
    HASH_ROWS,
    INVALID_BIT,
    KEY_INIT,
    N_VALUES,
    SUIT_ONES,
    CardBits,
    lookup_hand,
    lookup_rank,
)
from holdem._random cimport below_mod
from holdem._tables cimport GameRules, build_tables, holdem_rules
from holdem._team cimport team_rows

cdef extern from "holdem/_batch.h":
    enum:
        PATH_SCALAR "HOLDEM_PATH_SCALAR"
        N_PATHS "HOLDEM_N_PATHS"
    int paths_here "holdem_batch_paths"() noexcept nogil
    int best_path "holdem_best_path"() noexcept nogil
    int rows7 "holdem_rows7"(const EvalTables* t, const uint8_t* cards, size_t rows,
                             uint16_t* out, int path) noexcept nogil
    int showdowns "holdem_showdowns"(const EvalTables* t, const uint8_t* boards, size_t rows,
                                     int nb, const uint8_t* holes, size_t hole_stride,
                                     int players, uint16_t* values, uint8_t* winners,
                                     int path) noexcept nogil

# The tables (their sizes are what holdem._tables' builders need).
cdef CardBits CARDS[256]              # by card byte: key and mask; 52..255 are invalid cards
cdef uint32_t RANK_KEYS[13]           # the rank part of the key of a card of each rank
cdef uint32_t OFFSETS[HASH_ROWS]
# The flush table and the hash table in one array, the flush table first (the SIMD paths of
# holdem/_batch.h look both up alike); the hash table's slack of 1,024 keeps any 24-bit key in
# bounds, the last two entries a 32-bit read of its last entry.
cdef uint16_t VALUE_TABLE[FLUSH_SIZE + HASH_CAP + 1024 + 2]
cdef uint16_t* FLUSH_TABLE = VALUE_TABLE
cdef uint16_t* HASH_TABLE = VALUE_TABLE + FLUSH_SIZE
cdef uint32_t SCORES[N_VALUES + 1]    # SCORES[value]: packed category and ranks of that value
cdef uint32_t HASH_SIZE = 0           # entries of HASH_TABLE in use
cdef EvalTables TABLES                # pointers to all of them (for holdem/_batch.h)
cdef int BEST_PATH = 0                # the batch evaluator's path on this processor
cdef object _VALUE_INTS                # the Python ints 0..7462, returned without allocating
cdef PyObject* VALUE_OBJS[N_VALUES + 1]


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

cdef inline uint16_t rank_value(uint32_t key) noexcept nogil:
    """Value of a hand that is not a flush, from its key's rank part (the perfect hash)."""
    return lookup_rank(OFFSETS, HASH_TABLE, key)


cdef inline uint16_t eval_key(uint64_t key, uint64_t mask) noexcept nogil:
    """Value of a 5-7 card hand from its key and mask."""
    return lookup_hand(FLUSH_TABLE, OFFSETS, HASH_TABLE, key, mask)


cdef EvalTables eval_tables() noexcept nogil:
    """Pointers to the evaluator's tables, for other extensions' kernels (see _kernels.pxd)."""
    cdef EvalTables t
    t.cards = CARDS
    t.flush = FLUSH_TABLE
    t.offsets = OFFSETS
    t.hash = HASH_TABLE
    t.rank_keys = RANK_KEYS
    return t


cdef PyObject** value_objects() noexcept nogil:
    """The Python ints 0..N_VALUES (borrowed references), indexed by value."""
    return VALUE_OBJS


cdef inline void sum_cards(const uint8_t* cards, int n, uint64_t* key, uint64_t* mask_or,
                           uint64_t* mask_sum) noexcept nogil:
    """The key (from KEY_INIT), mask OR and mask sum of n card bytes (see hand_is_bad)."""
    cdef int i
    key[0] = KEY_INIT
    mask_or[0] = 0
    mask_sum[0] = 0
    for i in range(n):
        key[0] += CARDS[cards[i]].key
        mask_or[0] |= CARDS[cards[i]].mask
        mask_sum[0] += CARDS[cards[i]].mask


cdef inline bint hand_is_bad(uint64_t mask_or, uint64_t mask_sum) noexcept nogil:
    # A repeated card carries into a neighbouring bit, so the sum differs from the OR;
    # an invalid card byte has the (otherwise unused) top bit.
    return mask_or != mask_sum or (mask_or & INVALID_BIT) != 0


cdef uint16_t eval_cards(const uint8_t* cards, int n) noexcept nogil:
    """Value of n (5..7) card indices, or 0 when a card is unknown or repeated."""
    cdef uint64_t key, mask_or, mask_sum
    sum_cards(cards, n, &key, &mask_or, &mask_sum)
    if hand_is_bad(mask_or, mask_sum):
        return 0
    return eval_key(key, mask_or)


cdef Py_ssize_t eval_rows(const uint8_t* cards, Py_ssize_t rows, int ncols,
                          uint16_t* out) noexcept nogil:
    """Evaluate rows of ncols (5..7) card bytes; returns the first bad row, or -1."""
    return eval_rows_on(cards, rows, ncols, out, BEST_PATH)


cdef Py_ssize_t eval_rows_on(const uint8_t* cards, Py_ssize_t rows, int ncols, uint16_t* out,
                             int path) noexcept nogil:
    """eval_rows on one path of holdem/_batch.h (7-card rows; others take the scalar loop)."""
    cdef Py_ssize_t r
    if ncols == 7:
        if not rows7(&TABLES, cards, <size_t>rows, out, path):
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
    cdef int p
    cdef uint64_t bkey, bmask, bsum, key, m0, m1, used
    cdef uint16_t v, best
    cdef const uint8_t* h
    for r in range(rows):
        h = holes + hole_stride * r
        sum_cards(boards + board_len * r, board_len, &bkey, &bmask, &bsum)
        if hand_is_bad(bmask, bsum):
            return r
        used = bmask
        best = 0
        for p in range(players):
            m0 = CARDS[h[2 * p]].mask
            m1 = CARDS[h[2 * p + 1]].mask
            if (m0 & m1) or ((m0 | m1) & (used | INVALID_BIT)):
                return r
            used |= m0 | m1
            key = bkey + CARDS[h[2 * p]].key + CARDS[h[2 * p + 1]].key
            v = eval_key(key, bmask | m0 | m1)
            values[players * r + p] = v
            if v > best:
                best = v
        for p in range(players):
            winners[players * r + p] = values[players * r + p] == best
    return -1


cdef Py_ssize_t showdown_block(const uint8_t* boards, Py_ssize_t rows, int board_len,
                               const uint8_t* holes, Py_ssize_t hole_stride, int players,
                               uint16_t* values, uint8_t* winners, int path) noexcept nogil:
    """resolve_rows by holdem/_batch.h's kernels on a path (the scalar path is resolve_rows
    itself, which also finds the first bad row when the others say there is one)."""
    if path != PATH_SCALAR and not showdowns(&TABLES, boards, <size_t>rows, board_len, holes,
                                             <size_t>hole_stride, players, values, winners,
                                             path):
        return -1
    return resolve_rows(boards, rows, board_len, holes, hole_stride, players, values, winners)


cdef inline void count_last_card(uint64_t key6, uint64_t mask6, int c6,
                                 uint32_t* hist) noexcept nogil:
    """Add every 7-card hand that extends six cards (the highest c6) by a card above c6."""
    cdef int c, r
    if (key6 + SUIT_ONES) & FLUSH_BITS:
        # A suit holds four or more of the six: the seventh card's suit matters.
        for c in range(c6 + 1, 52):
            hist[eval_key(key6 + CARDS[c].key, mask6 | CARDS[c].mask)] += 1
        return
    # No flush is possible, so the seventh card's suit is irrelevant: the cards of one rank
    # above c6 make hands of one value (three or fewer of c6's own rank remain above it).
    r = c6 >> 2
    if (c6 & 3) != 3:
        hist[rank_value(<uint32_t>key6 + RANK_KEYS[r])] += 3 - (c6 & 3)
    for r in range(r + 1, 13):
        hist[rank_value(<uint32_t>key6 + RANK_KEYS[r])] += 4


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
        k = <uint32_t>key5 + RANK_KEYS[r]
        if n >= 2:
            hist[rank_value(k + RANK_KEYS[r])] += n * (n - 1) // 2
        for s in range(r + 1, 13):
            hist[rank_value(k + RANK_KEYS[s])] += 4 * n


cdef void histogram7(uint32_t* hist) noexcept nogil:
    """Count the values of all C(52, 7) seven-card hands.

    The five outer levels are written out, not a recursion: each level's key and mask sums stay
    in registers, and the last two cards are counted by rank where no flush can happen.
    """
    cdef int a, b, c, d, e, f
    cdef uint64_t ka, kb, kc, kd, ke, ma, mb, mc, md, me
    for a in range(46):
        ka = KEY_INIT + CARDS[a].key
        ma = CARDS[a].mask
        for b in range(a + 1, 47):
            kb = ka + CARDS[b].key
            mb = ma | CARDS[b].mask
            for c in range(b + 1, 48):
                kc = kb + CARDS[c].key
                mc = mb | CARDS[c].mask
                for d in range(c + 1, 49):
                    kd = kc + CARDS[d].key
                    md = mc | CARDS[d].mask
                    for e in range(d + 1, 50):
                        ke = kd + CARDS[e].key
                        me = md | CARDS[e].mask
                        if not (ke + 2 * SUIT_ONES) & FLUSH_BITS:
                            count_last_two(ke, e, hist)
                            continue
                        for f in range(e + 1, 51):
                            count_last_card(ke + CARDS[f].key,
                                            me | CARDS[f].mask, f, hist)


cdef void histogram_each(int start, int left, uint64_t key, uint64_t mask,
                         uint32_t* hist) noexcept nogil:
    """Count the values of every hand that adds ``left`` cards above ``start`` (one at a time)."""
    cdef int c
    if left == 0:
        hist[eval_key(key, mask)] += 1
        return
    for c in range(start, 53 - left):
        histogram_each(c + 1, left - 1, key + CARDS[c].key,
                       mask | CARDS[c].mask, hist)


ctypedef struct EvalJob:
    # evaluate_rows' rows, shared by the threads of a job (holdem._team's team_rows)
    const uint8_t* cards
    int ncols
    uint16_t* out
    int path


cdef int64_t eval_chunk(void* arg, int64_t lo, int64_t n) noexcept nogil:
    """Rows lo..lo + n - 1 of an EvalJob: the first bad one (from lo), or -1."""
    cdef EvalJob* job = <EvalJob*>arg
    return eval_rows_on(job.cards + job.ncols * lo, n, job.ncols, job.out + lo, job.path)


ctypedef struct ShowdownJob:
    # showdown_rows' boards, shared as EvalJob's rows
    const uint8_t* boards
    int board_len
    const uint8_t* holes
    Py_ssize_t stride
    int players
    uint16_t* values
    uint8_t* winners
    int path


cdef int64_t showdown_chunk(void* arg, int64_t lo, int64_t n) noexcept nogil:
    """Boards lo..lo + n - 1 of a ShowdownJob: the first bad one (from lo), or -1."""
    cdef ShowdownJob* job = <ShowdownJob*>arg
    return showdown_block(job.boards + job.board_len * lo, n, job.board_len,
                          job.holes + job.stride * lo, job.stride, job.players,
                          job.values + job.players * lo, job.winners + job.players * lo,
                          job.path)


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

def _build():
    global _VALUE_INTS, TABLES, BEST_PATH
    cdef int status
    cdef uint32_t n_values = 0
    cdef GameRules rules = holdem_rules()
    with nogil:
        status = build_tables(&rules, RANK_KEYS, OFFSETS, CARDS, FLUSH_TABLE, HASH_TABLE,
                              SCORES, &n_values, &HASH_SIZE)
        if status == 0 and n_values != N_VALUES:
            status = 12
    if status:
        raise ImportError(f"holdem._core: building the lookup tables failed (code {status})")
    _VALUE_INTS = pin_objects(range(N_VALUES + 1), VALUE_OBJS)
    TABLES = eval_tables()
    BEST_PATH = best_path()


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
        m = CARDS[c].mask
        if mask & m:
            return 0
        mask |= m
        key += CARDS[c].key
    return eval_key(key, mask)


cdef long int_argument(object value, str what, long low, long high) except? -1:
    """``value`` as a C long if it is an int (not a bool) from low to high, else the error that
    holdem._validate.check_int raises for it."""
    if type(value) is int and low <= value <= high:
        return value
    from holdem._validate import check_int
    return check_int(value, what, low, high)


cdef object _argument_error(str message):
    from holdem.errors import ArgumentError
    return ArgumentError(message)


# The evaluator of the other games: holdem.games registers its evaluate_game when it is imported
# (as importing holdem does), so that this module imports nothing above the core.
cdef object _GAME_EVALUATE = None


def register_game_evaluator(evaluate_game):
    """Take ``evaluate_game(cards, game)`` as what :func:`evaluate` calls for a ``game``
    (holdem.games gives its own when it is imported)."""
    global _GAME_EVALUATE
    _GAME_EVALUATE = evaluate_game


# A builtin function (not a Cython function object): its call skips the function object's own
# call layer, so that taking ``game`` costs the hold'em call nothing; "clinic" keeps the
# signature readable (inspect.signature, help).
@cython.binding(False)
@cython.embedsignature.format("clinic")
def evaluate(cards, game=None):
    """Value of the best five-card hand among 5, 6 or 7 cards: higher is better, 1 to 7462.

    ``cards`` is a sequence of card indices or :class:`~holdem.Card` objects, or a string such
    as ``"AsKs QsJsTs 2c 3d"``. Equal values tie; 7462 is a royal flush. ``game`` names another
    game whose hand is any five of the cards (``"short-deck"``, ``"manila"``, ``"royal"``, or a
    :class:`~holdem.Game`): its values run from 1 to ``Game.n_values``, in its own ranking.

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, or fewer
        than 5 or more than 7 cards.
    :raises ArgumentError: for an unknown game name.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.

    >>> evaluate("AsKsQsJsTs") > evaluate("AhAdAcAsKd")
    True
    >>> evaluate("As6s7s8s9d", game="short-deck") > evaluate("TsTdTh6c8d", game="short-deck")
    True
    """
    cdef uint16_t v
    cdef uint8_t buf[7]
    cdef Py_ssize_t i
    if game is not None:
        if _GAME_EVALUATE is None:
            raise _argument_error("the other games are not loaded: import holdem.games")
        return _GAME_EVALUATE(cards, game)
    v = fast_value(<PyObject*>cards)
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


# The batch evaluator's paths (holdem/_batch.h), by their number there.
_PATH_NAMES = ("scalar", "interleaved", "avx2", "avx512")


def batch_paths():
    """The names of the batch evaluator's paths that this processor runs, the one
    evaluate_batch takes last (every one gives the same values: "scalar", "interleaved", and
    "avx2", "avx512" where the processor has them; see holdem/_batch.h)."""
    cdef int paths = paths_here()
    order = [p for p in range(N_PATHS) if (paths >> p) & 1 and p != BEST_PATH] + [BEST_PATH]
    return tuple(_PATH_NAMES[p] for p in order)


cdef int _path_number(path) except -1:
    """The number of a path name of :func:`batch_paths` (None: evaluate_batch's)."""
    if path is None:
        return BEST_PATH
    if path not in batch_paths():
        raise _argument_error(f"no batch path {path!r} here: one of {batch_paths()}")
    return _PATH_NAMES.index(path)


cdef int64_t* shared_rows(int64_t[::1] cursor, Py_ssize_t rows) except NULL:
    """The cursor's pointer, once it is checked: three int64, the next row and the first bad row
    (the rows while none is) within [0, rows], the rows of a chunk at least 1."""
    if cursor.shape[0] != 3 or not (0 <= cursor[0] and 0 <= cursor[1] <= rows and cursor[2] >= 1):
        raise _argument_error("a cursor is three int64: next row, first bad row, chunk rows")
    return &cursor[0]


def evaluate_rows(const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None, path=None,
                  int64_t[::1] cursor=None, int threads=1):
    """Kernel behind evaluate_batch: fills ``out``; returns the first bad row, or -1.

    ``path`` names one of :func:`batch_paths` (None: evaluate_batch's, the last of them). With
    a ``cursor`` (see holdem/_parallel.h) the call claims chunks of the rows until none is
    left, as do the other threads' calls on the same cursor, lowers ``cursor[1]`` to the first
    bad row it meets and returns -1; ``threads`` above 1 runs it so on the calling thread and
    on ``threads - 1`` helpers of holdem._team (as many as serve).

    :raises ArgumentError: for rows that are not 5, 6 or 7 cards, ``out`` of another length,
        a path this processor does not run, or a bad cursor.
    """
    cdef EvalJob job
    cdef Py_ssize_t bad, rows = cards.shape[0]
    cdef int64_t* share = NULL
    cdef int p = _path_number(path)
    job.ncols = <int>cards.shape[1]
    job.path = p
    if job.ncols < 5 or job.ncols > 7:
        raise _argument_error(f"rows of 5, 6 or 7 cards expected, got {job.ncols}")
    if out.shape[0] != rows:
        raise _argument_error("out must have one entry per row")
    if cursor is not None:
        share = shared_rows(cursor, rows)
    if rows == 0:
        return -1
    job.cards = &cards[0, 0]
    job.out = &out[0]
    if share == NULL:
        with nogil:
            bad = eval_rows_on(job.cards, rows, job.ncols, job.out, p)
        return bad
    with nogil:
        team_rows(eval_chunk, &job, rows, share, threads)
    return -1


def showdown_rows(const uint8_t[:, ::1] boards not None, const uint8_t[:, :, ::1] holes not None,
                  uint16_t[:, ::1] values not None, uint8_t[:, ::1] winners not None,
                  int64_t[::1] cursor=None, path=None, int threads=1):
    """Kernel behind showdown_batch: values and winner flags per board; first bad row or -1.

    ``holes`` has shape (rows, players, 2), or (1, players, 2) to share the hands. A ``cursor``
    shares the boards with other threads' calls (``threads`` above 1: on holdem._team's
    helpers too), and ``path`` picks the kernel's path, as in :func:`evaluate_rows` ("avx2" is
    the interleaved path here).

    :raises ArgumentError: when the shapes do not fit together (see the messages), for a bad
        cursor, or a path this processor does not run.
    """
    cdef ShowdownJob job
    cdef Py_ssize_t rows = boards.shape[0]
    cdef int board_len = <int>boards.shape[1]
    cdef int players = <int>holes.shape[1]
    cdef Py_ssize_t bad
    cdef int64_t* share = NULL
    cdef int p = _path_number(path)
    if holes.shape[2] != 2:
        raise _argument_error("each player holds two cards")
    if holes.shape[0] != 1 and holes.shape[0] != rows:
        raise _argument_error("one set of hands, or one per board")
    if not 3 <= board_len <= 5:
        raise _argument_error(f"boards of 3, 4 or 5 cards expected, got {board_len}")
    if players < 1 or board_len + 2 * players > 52:
        raise _argument_error(f"too many or too few players: {players}")
    if values.shape[0] != rows or values.shape[1] != players:
        raise _argument_error("values must be (rows, players)")
    if winners.shape[0] != rows or winners.shape[1] != players:
        raise _argument_error("winners must be (rows, players)")
    if cursor is not None:
        share = shared_rows(cursor, rows)
    if rows == 0:
        return -1
    job.boards = &boards[0, 0]
    job.board_len = board_len
    job.holes = &holes[0, 0, 0]
    job.stride = 0 if holes.shape[0] == 1 else 2 * players
    job.players = players
    job.values = &values[0, 0]
    job.winners = &winners[0, 0]
    job.path = p
    if share == NULL:
        with nogil:
            bad = showdown_block(job.boards, rows, board_len, job.holes, job.stride, players,
                                 job.values, job.winners, p)
        return bad
    with nogil:
        team_rows(showdown_chunk, &job, rows, share, threads)
    return -1


def showdown_values(board, holes):
    """Values of players' hands on one board: ``board`` 3-5 card ints, ``holes`` 2 per player.

    Returns a list of values, one per player.

    :raises ArgumentError: unless a board of 3-5 cards and two cards for each of 1 to 24 players.
    :raises CardError: for an unknown card, or a card that appears twice.
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
        raise _argument_error("a board of 3-5 cards and two cards for each of 1 to 24 players")
    for i in range(board_len):
        b[i] = _card_byte(board[i])
    for i in range(2 * players):
        h[i] = _card_byte(holes[i])
    with nogil:
        bad = resolve_rows(b, 1, board_len, h, 0, players, values, winners)
    if bad >= 0:
        from holdem.errors import CardError
        raise CardError("an unknown card, or a card that appears twice")
    return [<object>VALUE_OBJS[values[i]] for i in range(players)]


cdef inline uint8_t _card_byte(object card) except? 255:
    cdef long c = card
    return <uint8_t>c if 0 <= c < 52 else 255


def value_histogram(n_cards=7):
    """How many of all C(52, n) hands of ``n_cards`` (5, 6 or 7) cards have each value.

    Returns a list of 7463 counts indexed by value (index 0 is unused), from a compiled
    enumeration of every hand.

    :raises ArgumentTypeError: if ``n_cards`` is not an int.
    :raises ArgumentError: if ``n_cards`` is not 5, 6 or 7.

    >>> sum(value_histogram(5))
    2598960
    """
    cdef int n = <int>int_argument(n_cards, "n_cards", 5, 7)
    cdef uint32_t* hist
    cdef int i
    hist = <uint32_t*>malloc((N_VALUES + 1) * sizeof(uint32_t))
    if not hist:
        raise MemoryError()
    memset(hist, 0, (N_VALUES + 1) * sizeof(uint32_t))
    with nogil:
        if n == 7:
            histogram7(hist)
        else:
            histogram_each(0, n, KEY_INIT, 0, hist)
    try:
        return [hist[i] for i in range(N_VALUES + 1)]
    finally:
        free(hist)


def value_ranks(value):
    """The category (0 = high card ... 8 = straight flush) and ranks that make up ``value``.

    Ranks (0 = deuce ... 12 = ace) come in order of significance: a full house gives
    (trips, pair); two pair (high pair, low pair, kicker); a straight its top card (3 = the wheel).

    :raises ArgumentTypeError: if ``value`` is not an int.
    :raises ArgumentError: if ``value`` is not a hand value (1 to 7462).

    >>> value_ranks(7462)
    (8, (12,))
    """
    cdef uint32_t s = SCORES[int_argument(value, "a hand value", 1, N_VALUES)]
    category = s >> 20
    ranks = ((s >> 16) & 15, (s >> 12) & 15, (s >> 8) & 15, (s >> 4) & 15, s & 15)
    return category, ranks[:_RANKS_USED[category]]


_RANKS_USED = (5, 4, 3, 3, 1, 5, 2, 2, 1)


def category_floor(category):
    """The lowest value of a category (0..8); values of a category are contiguous.

    :raises ArgumentTypeError: if ``category`` is not an int.
    :raises ArgumentError: if ``category`` is not 0 to 8.

    >>> category_floor(8)
    7453
    """
    cdef int c = <int>int_argument(category, "a category", 0, 8)
    cdef int v = 1
    while <int>(SCORES[v] >> 20) != c:
        v += 1
    return v


def table_bytes():
    """Bytes of lookup tables an evaluation reads: card keys and masks, flush, offsets, hash."""
    return (52 * sizeof(CardBits) + FLUSH_SIZE * sizeof(uint16_t) + sizeof(OFFSETS)
            + HASH_SIZE * sizeof(uint16_t))


def draw(list pool, Py_ssize_t k, seed):
    """Move a uniform random choice of ``k`` items to the front of ``pool``; return them.

    A partial Fisher-Yates shuffle driven by splitmix64 from a 64-bit ``seed`` (the hand engine
    deals with it: one call of the caller's generator per hand instead of one per card), the
    steps of holdem/_random.pxd's ``partial_shuffle`` on a list: each index drawn by
    ``below_mod``, whose bias is below 2**-58. This sequence is fixed, so that a seeded hand
    deals the same cards on every platform.

    :raises ArgumentError: unless 0 <= k <= len(pool).
    """
    cdef uint64_t state = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    cdef Py_ssize_t n = len(pool)
    cdef Py_ssize_t i, j
    if not 0 <= k <= n:
        raise _argument_error(f"cannot draw {k} of {n} items")
    for i in range(k):
        j = i + <Py_ssize_t>below_mod(&state, <uint64_t>(n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
