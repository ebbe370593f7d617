# cython: language_level=3
"""The amounts of a PokerStars hand history (``$1,234.56``, ``€5``, ``1500``, ``$2 USD``), and
its seat lines (``Seat 3: Ann ($2.50 in chips)``), read by C over their characters.

What an amount is, as the text writes it: blanks around it (any of ``str.strip``'s), a currency
sign if any (``$ € £ ¥``), a decimal digit then digits and commas (dropped), a point and decimal
digits if any, and a currency code of three capital letters, after a blank or not, if any. The
digits are any Unicode decimal digits (``str.isdecimal``), as ``int`` reads them; a minus sign
makes it no amount. :func:`read_amount` gives its digits as an integer and how many of them
follow the point.

A seat line is what the pattern ``Seat (\\d{1,2}): (.+) \\(([^ ()]+) in chips[^)]*\\)(.*)``
matches from its start to its end (Python's ``re``, ``\\d`` any decimal digit): the seat's
number, the player's name (the longest that fits: a name may hold `` (`` and parentheses), the
stack's text and the rest of the line after the parenthesis. :func:`read_seat` gives those
four, for a line with no line feed (the reader's lines: it splits its text on them).
"""

from cpython.unicode cimport PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND
from libc.stdint cimport uint64_t
from libc.string cimport memchr

__all__: list[str] = []

cdef extern from "holdem/pokerstars/_amounts.h":
    Py_UCS4 char_at "holdem_char_at"(int kind, const void* data, Py_ssize_t i) noexcept nogil
    bint is_blank "holdem_is_blank"(Py_UCS4 c) noexcept nogil
    int decimal_of "holdem_decimal_of"(Py_UCS4 c) noexcept nogil

cdef enum:
    NOT_AMOUNT = -1  # (read_amount's places for a text that is no amount)
    OUT_OF_RANGE = -2  # (and for one with too many digits)
    MOST_WHOLE = 15  # the whole digits of an amount at most (10**15 units)
    MOST_PLACES = 6  # its decimals at most (parsing._MAX_DECIMALS)


cdef struct Amount:
    uint64_t whole  # the digits before the point (at most MOST_WHOLE of them: no overflow)
    uint64_t fraction  # the digits after it (at most MOST_PLACES)
    int places  # how many digits follow the point, or NOT_AMOUNT, or OUT_OF_RANGE


# Kernels: an amount's characters read

cdef inline bint _sign(Py_UCS4 c) noexcept nogil:
    return c == 0x24 or c == 0x20AC or c == 0xA3 or c == 0xA5  # $ € £ ¥


cdef inline bint _capital(Py_UCS4 c) noexcept nogil:
    return 0x41 <= c <= 0x5A  # A-Z


cdef Amount _read(int kind, const void* data, Py_ssize_t n) noexcept nogil:
    """The amount of the ``n`` characters at ``data`` (of ``kind``, as a str holds them)."""
    cdef Amount out
    cdef Py_ssize_t start = 0, end = n, k, count = 0
    cdef int digit
    cdef Py_UCS4 c
    out.whole = 0
    out.fraction = 0
    out.places = NOT_AMOUNT
    while start < end and is_blank(char_at(kind, data, start)):
        start += 1
    while end > start and is_blank(char_at(kind, data, end - 1)):
        end -= 1
    # A currency code at the end: three capitals, a blank before them or not
    if end - start >= 4:
        if (
            _capital(char_at(kind, data, end - 1))
            and _capital(char_at(kind, data, end - 2))
            and _capital(char_at(kind, data, end - 3))
        ):
            end -= 3
            if char_at(kind, data, end - 1) == 0x20:
                end -= 1
    k = start
    if k < end and _sign(char_at(kind, data, k)):
        k += 1
    # A digit first, then digits and commas
    if k >= end or decimal_of(char_at(kind, data, k)) < 0:
        return out
    while k < end:
        c = char_at(kind, data, k)
        if c == 0x2C:  # ,
            k += 1
            continue
        digit = decimal_of(c)
        if digit < 0:
            break
        count += 1
        if count <= MOST_WHOLE:
            out.whole = out.whole * 10 + <uint64_t>digit
        k += 1
    cdef int places = 0
    if k < end:
        if char_at(kind, data, k) != 0x2E or k + 1 >= end:  # a point and digits
            return out
        k += 1
        while k < end:
            digit = decimal_of(char_at(kind, data, k))
            if digit < 0:
                return out
            places += 1
            if places <= MOST_PLACES:
                out.fraction = out.fraction * 10 + <uint64_t>digit
            k += 1
    out.places = OUT_OF_RANGE if count > MOST_WHOLE or places > MOST_PLACES else places
    return out


cdef Py_ssize_t _most_places(
    int kind, const void* data, Py_ssize_t n, Py_ssize_t start
) noexcept nogil:
    """The most decimal digits after a point that follows a decimal digit, in the characters
    ``start`` .. ``n`` at ``data``: each such run taken whole, and its digits not taken again
    as the digit before a point (as ``re.findall(r"\\d\\.(\\d+)", text, start)`` takes them)."""
    cdef Py_ssize_t most = 0, k = start + 1, end = start, run
    cdef const char* point
    while k < n:
        if kind == 1:  # a byte a character: the next point found by memchr
            point = <const char*>memchr(<const char*>data + k, 0x2E, <size_t>(n - k))
            if point == NULL:
                break
            k = point - <const char*>data
        if (
            char_at(kind, data, k) == 0x2E  # a point
            and k > end
            and decimal_of(char_at(kind, data, k - 1)) >= 0
        ):
            run = 0
            while k + 1 + run < n and decimal_of(char_at(kind, data, k + 1 + run)) >= 0:
                run += 1
            if run:
                if run > most:
                    most = run
                end = k + 1 + run  # (the digits taken: the next point must come after them)
                k = end
                continue
        k += 1
    return most


cdef struct SeatLine:
    int number  # the seat's number (its one or two digits), or -1: not a seat line
    Py_ssize_t name  # the name: characters name .. name_end
    Py_ssize_t name_end
    Py_ssize_t stack_end  # the stack: characters name_end + 2 .. stack_end
    Py_ssize_t rest  # the rest of the line: characters rest .. the end


cdef inline bint _is(int kind, const void* data, Py_ssize_t i, const char* text,
                     Py_ssize_t size) noexcept nogil:
    """Whether the characters from ``i`` are the ASCII ``text`` of ``size`` characters."""
    cdef Py_ssize_t k
    for k in range(size):
        if char_at(kind, data, i + k) != <Py_UCS4>text[k]:
            return False
    return True


cdef SeatLine _seat_line(int kind, const void* data, Py_ssize_t n) noexcept nogil:
    """The fields of the seat line of the ``n`` characters at ``data`` as the pattern of the
    module's docstring matches it (its ``.+`` takes the longest name: the stack's parenthesis
    is the last one after which the rest matches); a line feed among them: no seat line."""
    cdef SeatLine out
    cdef Py_ssize_t start, j, k, e, last = -1
    cdef int d
    cdef Py_UCS4 c
    out.number = -1
    if n < 5 or not _is(kind, data, 0, b"Seat ", 5):
        return out
    # One or two digits, then ": "
    d = decimal_of(char_at(kind, data, 5)) if n > 5 else -1
    if d < 0:
        return out
    out.number = d
    start = 6
    if n > 6:
        d = decimal_of(char_at(kind, data, 6))
        if d >= 0:
            out.number = out.number * 10 + d
            start = 7
    if not (n >= start + 2 and char_at(kind, data, start) == 0x3A
            and char_at(kind, data, start + 1) == 0x20):  # ": "
        out.number = -1
        return out
    start += 2  # the name's first character
    out.name = start
    for k in range(n):
        c = char_at(kind, data, k)
        if c == 0x29:  # ) : the last one
            last = k
        elif c == 0x0A:  # a line feed: not a line
            out.number = -1
            return out
    # The name: at least one character; the longest for which " (STACK in chips...)" follows
    j = n - 1
    while j > start:
        if char_at(kind, data, j) == 0x20 and j + 1 < n and char_at(kind, data, j + 1) == 0x28:
            k = j + 2  # the stack: characters other than a blank and parentheses, at least one
            while k < n:
                c = char_at(kind, data, k)
                if c == 0x20 or c == 0x28 or c == 0x29:
                    break
                k += 1
            e = k + 9  # then " in chips", and a parenthesis closing somewhere after it
            if k > j + 2 and e <= n and _is(kind, data, k, b" in chips", 9) and last >= e:
                out.name_end = j
                out.stack_end = k
                while char_at(kind, data, e) != 0x29:  # the first ")" from there
                    e += 1
                out.rest = e + 1
                return out
        j -= 1
    out.number = -1
    return out


# Python face

def read_amount(str text):
    """``text``'s amount as ``(digits, places)``: ``'$1,234.56'`` -> ``(123456, 2)``; places
    -1 for a text that is no amount, -2 for one with more than 15 whole digits or 6 decimals
    (digits 0 for both)."""
    cdef Amount a = _read(
        PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)
    )
    if a.places < 0:
        return 0, a.places
    cdef object whole = a.whole  # (a Python int: the digits may pass 64 bits)
    cdef uint64_t scale = 1
    cdef int _
    if a.places == 0:
        return whole, 0
    for _ in range(a.places):
        scale *= 10
    return whole * scale + a.fraction, a.places


def most_places(str text, Py_ssize_t start=0):
    """The most digits after a point that follows a digit (``1.25``: 2) in ``text`` from
    ``start`` (each amount's digits taken once, as ``re.findall(r"\\d\\.(\\d+)", text, start)``
    takes them); 0 for none."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text)
    if start < 0:
        start = 0
    if start >= n:
        return 0
    return _most_places(PyUnicode_KIND(text), PyUnicode_DATA(text), n, start)


def read_seat(str line):
    """A seat line's ``(number, name, stack, rest)``: ``'Seat 3: Ann ($2.50 in chips) is
    sitting out'`` -> ``(3, 'Ann', '$2.50', ' is sitting out')``; None for a line that is not
    one, or that holds a line feed (see the module's docstring)."""
    cdef SeatLine seat = _seat_line(
        PyUnicode_KIND(line), PyUnicode_DATA(line), PyUnicode_GET_LENGTH(line)
    )
    if seat.number < 0:
        return None
    return (
        seat.number,
        line[seat.name : seat.name_end],
        line[seat.name_end + 2 : seat.stack_end],
        line[seat.rest :],
    )
