"""A small TOML writer for PHH files (tomllib reads TOML; the standard library has no writer)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_DOTS",
    "MAX_TEXT",
    "check_shape",
    "toml_key",
    "toml_string",
    "toml_value",
]

#: The longest TOML text read (characters): a ``.phhs`` file of many thousands of hands fits.
MAX_TEXT = 64 * 1024 * 1024
#: The deepest nesting of arrays and inline tables accepted (a PHH hand nests two deep).
MAX_DEPTH = 32
#: The most dots in one dotted key or table name (PHH's keys are plain names).
MAX_DOTS = 16

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"
_SPECIAL = re.compile(r"[#\"'\[\]{}.=,\n]")  # what check_shape looks at


def toml_key(key: str) -> str:
    """A TOML key: bare when it can be, else a quoted string.

    >>> toml_key("min_bet"), toml_key("odd key")
    ('min_bet', '"odd key"')
    """
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_string(text: str) -> str:
    """A TOML basic string, with the escapes TOML requires.

    >>> print(toml_string('say "hi"\\n'))
    "say \\"hi\\"\\n"
    """
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value: Any) -> str:
    """A TOML value for a bool, int, str, Decimal, float, date/time, mapping or iterable.

    >>> toml_value([1, "a", Decimal("0.50"), {"k": True}])
    '[1, "a", 0.50, {k = true}]'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, Decimal | float):
        number = Decimal(str(value)) if isinstance(value, float) else value
        if number.is_nan():
            return "nan"
        if number.is_infinite():
            return "-inf" if number < 0 else "inf"
        text = str(number)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{" + pairs + "}"
    if isinstance(value, Iterable):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) as a TOML value")


def check_shape(text: str) -> str | None:
    """Why ``text`` is refused before the TOML parser sees it, or None if it is accepted.

    The parser's time and memory grow faster than the text with deep nesting (it recurses: a
    few thousand brackets exhaust Python's stack) and with long dotted keys, so the text is
    bounded first, in one pass that skips strings and comments: at most :data:`MAX_TEXT`
    characters, :data:`MAX_DEPTH` levels of arrays and inline tables, and :data:`MAX_DOTS`
    dots in one key.

    >>> check_shape("a = [[1], {b = 2}]") is None
    True
    >>> check_shape("a = " + "[" * 40 + "]" * 40)
    'arrays and inline tables nested more than 32 deep'
    """
    if len(text) > MAX_TEXT:
        return f"{len(text):,} characters, more than the {MAX_TEXT:,} read"
    depth = dots = 0
    i, n = 0, len(text)
    while i < n:
        found = _SPECIAL.search(text, i)
        if found is None:
            break
        i = found.start()
        ch = text[i]
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            j = i + len(quote)
            while True:
                end = text.find(quote, j)
                if end < 0:
                    return None  # unterminated: the parser says where
                if ch == '"' and _escaped(text, end, i):
                    j = end + 1
                    continue
                break
            if len(quote) == 1 and "\n" in text[i:end]:
                return None  # a single-line string across lines: the parser says where
            i = end + len(quote)
            continue
        if ch in "[{":
            depth += 1
            dots = 0
            if depth > MAX_DEPTH:
                return f"arrays and inline tables nested more than {MAX_DEPTH} deep"
        elif ch in "]}":
            depth -= 1
            dots = 0
        elif ch == ".":
            dots += 1
            if dots > MAX_DOTS:
                return f"a key of more than {MAX_DOTS} dotted parts"
        elif ch in "=,\n":
            dots = 0
        i += 1
    return None


def _escaped(text: str, at: int, start: int) -> bool:
    """Whether the quote at ``at`` is escaped by an odd run of backslashes after ``start``."""
    k = at - 1
    while k > start and text[k] == "\\":
        k -= 1
    return (at - 1 - k) % 2 == 1
