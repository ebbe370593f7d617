"""A small TOML writer for PHH files (tomllib reads TOML; the standard library has no writer)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

__all__ = ["toml_key", "toml_string", "toml_value"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"


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
