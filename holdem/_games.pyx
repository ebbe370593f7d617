# cython: language_level=3
"""The compiled core of the games whose hand is any five of the cards, on a smaller deck
(short deck, Manila, Royal hold'em, or hold'em under other options).

Each ranking is a ``GameRules`` (the deck's lowest rank, whether the ace also makes the deck's
low straight, the order of the nine categories); its tables are built on first use by
``holdem._tables.build_tables`` on hold'em's keys and perfect-hash placement, so one kernel
evaluates every such game, reading the game's own card records, flush table and hash values. A
card outside the game's deck has the invalid-card bit, like a card byte above 51 in hold'em.
Omaha is in holdem._omaha.

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
    lookup_hand,
    row_check_bad,
    row_check_new,
    sum7,
)
from holdem._tables cimport GameRules, build_tables

cdef enum:
    MAX_GAMES = 64      # rankings built at most (every deck and every option: far fewer)

# A game's tables (see holdem._tables.build_tables), allocated once on first use, never freed.
cdef struct GameTables:
    CardBits cards[256]
    uint16_t flush[8192]
    uint16_t hash[HASH_CAP + 1024]
    uint32_t scores[N_VALUES + 1]
    uint32_t n_values
    GameRules rules

cdef GameTables* GAMES[MAX_GAMES]
cdef int N_GAMES = 0
cdef EvalTables TAB = eval_tables()            # hold'em's tables
cdef PyObject** INTS = value_objects()         # the Python ints 0..7462


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


cdef Py_ssize_t game_showdowns(const GameTables* g, const uint8_t* boards, Py_ssize_t rows,
                               int nb, const uint8_t* holes, Py_ssize_t stride, int players,
                               uint16_t* values, uint8_t* winners) noexcept nogil:
    """Showdowns of a game on rows of nb (3..5) board cards: each player's value of two hole
    cards (the players' holes at ``holes + stride * row``) and whether it is a best hand;
    returns the first row with a card outside the deck or a repeated card, or -1."""
    cdef Py_ssize_t r
    cdef uint64_t key, bmask, used, m1, m2
    cdef uint16_t best, v
    cdef const uint8_t* b
    cdef const uint8_t* h
    cdef int i, p
    for r in range(rows):
        b = boards + nb * r
        h = holes + stride * r
        key = KEY_INIT
        bmask = 0
        for i in range(nb):
            m1 = g.cards[b[i]].mask
            if m1 & (bmask | INVALID_BIT):
                return r
            bmask |= m1
            key += g.cards[b[i]].key
        used = bmask
        best = 0
        for p in range(players):
            m1 = g.cards[h[2 * p]].mask
            m2 = g.cards[h[2 * p + 1]].mask
            if (m1 & (used | INVALID_BIT)) or (m2 & (used | m1 | INVALID_BIT)):
                return r
            used |= m1 | m2
            v = lookup_hand(g.flush, TAB.offsets, g.hash,
                            key + g.cards[h[2 * p]].key + g.cards[h[2 * p + 1]].key,
                            bmask | m1 | m2)
            values[players * r + p] = v
            if v > best:
                best = v
        for p in range(players):
            winners[players * r + p] = values[players * r + p] == best
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


cdef EvalTables game_eval_tables(int index) noexcept nogil:
    """A game's tables as EvalTables (hold'em's offsets and rank keys, the game's cards, flush
    table and hash values); hold'em's own for a negative index."""
    cdef EvalTables t = TAB
    cdef GameTables* g
    if index < 0:
        return t                # hold'em's own
    g = GAMES[index]
    t.cards = g.cards
    t.flush = g.flush
    t.hash = g.hash
    return t


# ---------------------------------------------------------------------------------------------
# Python face
# ---------------------------------------------------------------------------------------------

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
            # (hold'em's keys and placement: read, not written, without a hash_size)
            status = build_tables(&g.rules, <uint32_t*>TAB.rank_keys, <uint32_t*>TAB.offsets,
                                  g.cards, g.flush, g.hash, g.scores, &g.n_values, NULL)
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


cdef int cards_of(object cards, uint8_t* buf, int most) except -1:
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
    cdef int n = cards_of(cards, buf, 7)
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


def showdown_rows(index, const uint8_t[:, ::1] boards not None,
                  const uint8_t[:, :, ::1] holes not None, uint16_t[:, ::1] values not None,
                  uint8_t[:, ::1] winners not None):
    """Kernel behind showdown_batch for a game: values and winner flags per board; the first
    bad row, or -1. ``holes`` has shape (rows, players, 2), or (1, players, 2) to share them.

    :raises ArgumentError: when the shapes do not fit together, or for an index of no game's
        tables.
    """
    cdef GameTables* g = _game(index)
    cdef Py_ssize_t rows = boards.shape[0]
    cdef int nb = <int>boards.shape[1]
    cdef int players = <int>holes.shape[1]
    cdef Py_ssize_t stride = 0 if holes.shape[0] == 1 else 2 * players
    cdef Py_ssize_t bad
    if holes.shape[2] != 2 or (holes.shape[0] != 1 and holes.shape[0] != rows):
        raise _argument_error("two cards a player, one set of hands or one per board")
    if not 3 <= nb <= 5 or players < 1:
        raise _argument_error("boards of 3, 4 or 5 cards and a player at least")
    if values.shape[0] != rows or values.shape[1] != players or winners.shape[0] != rows \
            or winners.shape[1] != players:
        raise _argument_error("values and winners must be (rows, players)")
    if rows == 0:
        return -1
    with nogil:
        bad = game_showdowns(g, &boards[0, 0], rows, nb, &holes[0, 0, 0], stride, players,
                             &values[0, 0], &winners[0, 0])
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
