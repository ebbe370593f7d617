# cython: language_level=3
"""PHH's action lines (``d dh p1 AsKs``, ``p3 cbr 6``, ``p2 sm``) read for a hold'em replay, and
the tape of their betting actions that the engine's kernel plays (``HandState.play_tape``).

A line is split into its words by Python (``str.split``: its whitespace), and each word is read
by C over its characters: a player ``pN``, a run of cards, an amount of digits. Any word these
do not read (a card in the wrong case, an amount with decimals or commas, a player beyond p99)
goes to the general reading below, which reads it or words the error.
"""

import re
from collections import namedtuple
from decimal import Decimal

from libc.stdint cimport int8_t, int64_t, uint8_t
from libc.string cimport memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.object cimport PyObject, PyTypeObject

from holdem.engine._state cimport TAPE_CALL, TAPE_FOLD, TAPE_RAISE, TapeOp

from holdem.cards import RANKS, SUITS, Card
from holdem.errors import PHHError
from holdem.phh.reading import _chips

__all__: list[str] = []

_PLAYER = re.compile(r"p([1-9][0-9]{0,8})\Z")  # a bounded number: read in bounded time
_CARD_TOKEN = re.compile(rf"\?\?|[{RANKS}][{SUITS}]")  # a card, or ?? for an unknown one
cdef tuple _CARDS = tuple(Card._all)
cdef int64_t _MOST = (<int64_t>1) << 60  # the most chips in an amount (reading.MAX_CHIPS)
# Each ASCII character's rank (its place in RANKS) and suit (in SUITS), -1 for the others.
cdef int8_t _RANK_OF[128]
cdef int8_t _SUIT_OF[128]
memset(_RANK_OF, -1, sizeof(_RANK_OF))
memset(_SUIT_OF, -1, sizeof(_SUIT_OF))
for _k, _ch in enumerate(RANKS):
    _RANK_OF[ord(_ch)] = _k
for _k, _ch in enumerate(SUITS):
    _SUIT_OF[ord(_ch)] = _k
del _k, _ch


# Kernels: a card's rank or suit, from its character

cdef inline int _code(const int8_t* table, Py_UCS4 c) noexcept nogil:
    """A card's rank or suit (``table``: ``_RANK_OF`` or ``_SUIT_OF``) from its character, or
    -1 for another character."""
    return table[c] if c < 128 else -1


# Python face

#: One parsed action: its position in ``actions`` (1-based), its text, what and who. ``verb``:
#: '' (no-op), 'dh', 'db', 'f', 'cc', 'cbr', 'sm'; ``cards``: None for a muck, or no cards
#: given; ``amount``: a ``cbr``'s amount (an int, or the exact Decimal of one with decimals).
_Action = namedtuple("_Action", "number text verb seat cards amount", defaults=(None, None, 0))

cdef PyTypeObject* _TUPLE = <PyTypeObject*>tuple


cdef inline object _new(type cls, tuple fields):
    """``tuple.__new__(cls, fields)``, by the C function (not through its Python wrapper)."""
    cdef tuple args = (fields,)
    return _TUPLE.tp_new(cls, <PyObject*>args, NULL)


class _Refused(Exception):
    """An action line that does not parse (the caller names the hand and the action)."""


def _parse_actions(history):
    """Every action of the history, parsed.

    :raises PHHError: for a line that does not parse, naming the hand and the action.
    """
    cdef int n = history.players
    cdef str code = history.variant
    cdef int holes = _hole_count(code)
    cdef str who = _NAMES.get(code, "a hold'em")
    cdef list out = []
    cdef Py_ssize_t number = 0
    cdef str text
    for text in history.actions:
        number += 1
        try:
            parsed = _parse(number, text, n, holes, who)
        except _Refused as exc:
            shown = repr(text) if len(text) <= 80 else repr(text[:77] + "...")
            raise PHHError(f"{history.label}: action {number} {shown}: {exc}") from None
        out.append(_new(_Action, parsed))
    return out


def _tape(list actions, dict amounts):
    """The tape of ``actions`` (``HandState.play_tape``'s records, one per action, in order):
    each fold, check or call and bet or raise (to its amount in ``amounts``: the engine's
    chips by action number), and a stop for every other action."""
    cdef Py_ssize_t count = len(actions), k
    cdef bytes tape = PyBytes_FromStringAndSize(NULL, count * sizeof(TapeOp))
    cdef TapeOp* ops = <TapeOp*>PyBytes_AS_STRING(tape)
    cdef str verb
    cdef tuple action  # (an _Action: read as the tuple it is, by C)
    memset(ops, 0, count * sizeof(TapeOp))
    for k in range(count):
        action = <tuple>actions[k]
        verb = action[2]
        if verb == "f":
            ops[k].kind = TAPE_FOLD
        elif verb == "cc":
            ops[k].kind = TAPE_CALL
        elif verb == "cbr":
            amount = amounts[action[0]]
            if type(amount) is not int or not 0 <= amount <= _MOST:
                continue  # (a stop: the engine's own checks word the error)
            ops[k].kind = TAPE_RAISE
            ops[k].amount = amount
        else:
            continue
        ops[k].seat = <uint8_t>action[3]
    return tape


def _deal(history, list actions):
    """The hole cards and board the file gives (None: unknown), the set of the cards it
    gives, and how many of the cards dealt it leaves unknown: the first card dealt twice, seat
    dealt twice, board of the wrong size or shown card that differs from the dealt one raises
    its PHHError."""
    cdef int n = history.players
    cdef int holes = _hole_count(history.variant)
    cdef list hole = [[None] * holes for _ in range(n)]
    cdef list board = []
    cdef dict seen = {}  # each card given, by the action that gave it
    cdef bytearray dealt = bytearray(n)
    cdef list mine
    cdef str verb
    cdef int seat, want, k
    cdef tuple action  # (an _Action: read as the tuple it is, by C)
    for item in actions:
        action = <tuple>item
        verb = action[2]
        if verb == "dh":
            seat = action[3]
            if dealt[seat]:
                raise _wrong(history, action, f"p{seat + 1} was dealt hole cards already")
            dealt[seat] = 1
            _note(history, seen, action, action[4])
            hole[seat] = list(action[4])
        elif verb == "db":
            cards = action[4]
            want = 3 if not board else 1
            if len(board) >= 5:
                raise _wrong(history, action, "the board has five cards already")
            if len(cards) != want:
                street = "flop" if want == 3 else ("turn" if len(board) == 3 else "river")
                raise _wrong(history, action, f"the {street} is {want} card(s), not {len(cards)}")
            _note(history, seen, action, cards)
            board += cards
        elif verb == "sm" and action[4]:
            seat = action[3]
            mine = hole[seat]
            for k, c in enumerate(action[4]):
                if c is None:
                    continue
                if mine[k] is None:
                    _note(history, seen, action, (c,))
                    mine[k] = c
                elif mine[k] != c:
                    raise _wrong(history, action, f"p{seat + 1} was dealt {_show(mine)}, not {c}")
    seen.pop(None, None)
    cdef int missing = 0  # the cards dealt that the file leaves unknown (??)
    for cards in hole:
        for c in <list>cards:
            if c is None:
                missing += 1
    for c in board:
        if c is None:
            missing += 1
    return hole, board, set(seen), missing


cdef int _note(history, dict seen, tuple action, tuple cards) except -1:
    """Each of ``cards`` given by ``action``; a card given by another action before raises."""
    cdef str text = action[1]
    for c in cards:
        by = seen.setdefault(c, text)
        if by is not text and by != text and c is not None:
            raise _wrong(history, action, f"the card {c} was dealt already (by {by!r})")
    return 0


cdef object _wrong(history, tuple action, str message):
    return PHHError(f"{history.label}: action {action[0]} {action[1]!r}: {message}")


cdef str _show(list cards):
    return " ".join(["??" if c is None else str(c) for c in cards])


cdef tuple _parse(Py_ssize_t number, str text, int n, int holes, str who):
    """Action ``number``, ``text``, of a hand of ``n`` players dealt ``holes`` hole cards each
    (``who``: "a hold'em", "an Omaha" ..., for messages): the fields of its ``_Action``."""
    cdef list words = (text.split("#", 1)[0] if "#" in text else text).split()
    cdef Py_ssize_t count = len(words)
    cdef str actor, verb
    cdef int seat
    if count == 0:
        return number, text, "", None, None, 0
    actor = words[0]
    verb = words[1] if count > 1 else ""
    if actor == "d":
        if verb == "db" and count == 3:
            return number, text, "db", None, _cards(words[2]), 0
        if verb == "dh" and count == 4:
            seat = _seat(words[2], n)
            cards = _cards(words[3])
            if len(cards) != holes:
                raise _Refused(f"{who} player is dealt {holes} hole cards, not {len(cards)}")
            return number, text, "dh", seat, cards, 0
        raise _Refused("the dealer's actions are 'd dh pN CARDS' and 'd db CARDS'")
    seat = _seat(actor, n)
    if (verb == "f" or verb == "cc") and count == 2:
        return number, text, verb, seat, None, 0
    if verb == "cbr" and count == 3:
        return number, text, "cbr", seat, None, _amount(words[2])
    if verb == "sm" and count <= 3:
        if count == 2:
            return number, text, "sm", seat, None, 0  # a muck
        if words[2] == "-":
            return number, text, "sm", seat, (), 0  # show the cards dealt
        cards = _cards(words[2])
        if len(cards) != holes:
            raise _Refused(f"{who} player shows {holes} hole cards, not {len(cards)}")
        return number, text, "sm", seat, cards, 0
    if verb == "sd" or verb == "pb":
        raise _Refused(f"{verb!r} (draw or bring-in) is not an action of hold'em")
    raise _Refused("a player's actions are 'f', 'cc', 'cbr AMOUNT' and 'sm [CARDS]'")


_NAMES = {"NS": "a short-deck", "PO": "an Omaha", "FO/8": "an Omaha"}


def _hole_count(code):
    """The hole cards of a variant's player (2, or 4 in Omaha)."""
    return 4 if code in ("PO", "FO/8") else 2


cdef int _seat(str word, int n) except -1:
    """The seat of ``pN`` (0-based), read by C when N has at most two digits."""
    cdef Py_ssize_t length = len(word)
    cdef int seat = -1
    cdef Py_UCS4 a, b
    if 2 <= length <= 3 and word[0] == u"p":
        a = word[1]
        if u"1" <= a <= u"9":
            seat = <int>a - <int>u"0"
            if length == 3:
                b = word[2]
                seat = seat * 10 + (<int>b - <int>u"0") if u"0" <= b <= u"9" else -1
    if 0 < seat <= n:
        return seat - 1
    found = _PLAYER.match(word)
    if found is None:
        shown = repr(word) if len(word) <= 40 else repr(word[:37] + "...")
        raise _Refused(f"{shown} is not a player (p1 .. p{n}) or the dealer (d)")
    raise _Refused(f"there is no player {word}: the hand has p1 .. p{n}")


cdef tuple _cards(str word):
    """The cards of a run such as ``AsKd`` (None for ``??``, an unknown card)."""
    cdef Py_ssize_t length = len(word), k
    cdef int r, s
    cdef Py_UCS4 a, b
    cdef list out
    if length and length % 2 == 0:
        out = []
        for k in range(0, length, 2):
            a = word[k]
            b = word[k + 1]
            r = _code(_RANK_OF, a)
            s = _code(_SUIT_OF, b)
            if r >= 0 and s >= 0:
                out.append(_CARDS[4 * r + s])
            elif a == u"?" and b == u"?":
                out.append(None)
            else:
                break
        else:
            return tuple(out)
    tokens = _CARD_TOKEN.findall(word)
    if not tokens or "".join(tokens) != word:
        raise _Refused(f"{word!r} is not a run of cards such as 'AsKd' (or '??' for unknown ones)")
    return tuple([None if t == "??" else Card(t) for t in tokens])


cdef object _amount(str word):
    """A ``cbr``'s amount: an int read by C when the word is at most 18 digits, else any
    number ``_chips`` accepts (commas between the digits are dropped)."""
    cdef Py_ssize_t length = len(word), k
    cdef int64_t value = 0
    cdef Py_UCS4 c
    if 0 < length <= 18:
        for k in range(length):
            c = word[k]
            if not u"0" <= c <= u"9":
                break
            value = value * 10 + (<int>c - <int>u"0")
        else:
            if value <= _MOST:
                return value
    amount = word.replace(",", "")
    try:
        number = int(amount)
    except ValueError:
        try:
            number = Decimal(amount)
        except ArithmeticError:
            raise _Refused(f"{word!r} is not an amount") from None
    return _chips(number, "the amount", _Refused)
