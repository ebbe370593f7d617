"""Reading PHH: the hands of a ``.phh`` or ``.phhs`` text or file, every field checked."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

from holdem._validate import read_text
from holdem.engine.rules import Structure
from holdem.engine.stakes import MAX_CHIPS, MAX_TABLE_CHIPS
from holdem.errors import PHHError
from holdem.phh._toml import MAX_TEXT, check_shape
from holdem.phh.model import _FOREIGN_FIELDS, VARIANTS, HandHistory

__all__ = ["load", "loads"]


def loads(text: str, *, source: str = "<string>") -> list[HandHistory]:
    """The hands of a ``.phh`` text (one hand) or a ``.phhs`` text (one TOML table per hand).

    :raises PHHError: for bad TOML, a text too large or nested too deep to parse (see
        :func:`holdem.phh._toml.check_shape`), an unknown variant, a missing or ill-typed field,
        or amounts that are not numbers from 0 to ``2**60`` with at most :data:`MAX_PLACES`
        decimal places (``starting_stacks`` may be ``inf``, an unknown stack, and
        ``blinds_or_straddles`` negative, a post, as the PHH specification and pokerkit write
        them); the message names ``source`` (and the hand, in a ``.phhs`` text).

    >>> text = '''
    ... [first]
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [5, 5]
    ... actions = []
    ... '''
    >>> [(h.key, h.label) for h in loads(text, source="x.phhs")]
    [('first', 'x.phhs [first] (hand 1 of the file)')]
    """
    if not isinstance(text, str):
        raise PHHError(f"{source}: a PHH text is a str, got {type(text).__name__}")
    refused = check_shape(text)
    if refused is not None:
        raise PHHError(f"{source}: not read: {refused}")
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{source}: not valid TOML: {exc}") from None
    except (ValueError, ArithmeticError, RecursionError) as exc:  # 5,000 digits, 1e10**12
        raise PHHError(f"{source}: not read: {exc}") from None
    if "variant" in document or not document:
        if not document:
            return []
        return [_history(document, source, 0, None)]
    hands = []
    for index, (key, table) in enumerate(document.items()):
        if not isinstance(table, dict):
            raise PHHError(
                f"{source}: a .phhs file holds only tables (one per hand), but {key!r} is "
                f"{table!r}; a .phh file needs a 'variant' field"
            )
        hands.append(_history(table, source, index, key))
    return hands


def load(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` or ``.phhs`` file (see :func:`loads`).

    :raises PHHError: if the file cannot be read or is not UTF-8 text, and as :func:`loads`.

    >>> load("no-such-file.phh")
    Traceback (most recent call last):
    ...
    holdem.errors.PHHError: no-such-file.phh: cannot read the file: No such file or directory
    """
    text = read_text(path, encoding="utf-8", error=PHHError, where=str(path), limit=MAX_TEXT)
    return loads(text, source=str(path))


def _history(table: dict[str, Any], source: str, index: int, key: str | None) -> HandHistory:
    where = HandHistory("", (), (), source=source, index=index, key=key).label
    table = dict(table)

    def fail(message: str) -> PHHError:
        return PHHError(f"{where}: {message}")

    variant = table.pop("variant", None)
    if not isinstance(variant, str):
        raise fail(f"the field 'variant' must be a string such as 'NT', got {variant!r}")
    if variant not in VARIANTS:
        raise fail(
            f"unknown variant {variant!r}: holdem replays {', '.join(map(repr, VARIANTS))} "
            "(Texas hold'em in the three structures, no-limit short deck, pot-limit Omaha, "
            "fixed-limit Omaha hi-lo)"
        )
    for name in _FOREIGN_FIELDS:
        if name in table:
            raise fail(f"the field {name!r} is not part of a {variant} hand")
    required: tuple[str, ...] = ("antes", "blinds_or_straddles", "starting_stacks", "actions")
    fixed = VARIANTS[variant] is Structure.FIXED_LIMIT
    required += ("small_bet", "big_bet") if fixed else ("min_bet",)
    missing = [name for name in required if name not in table]
    if missing:
        raise fail(f"missing required field(s) {', '.join(map(repr, missing))}")
    stacks = _chips_list(table.pop("starting_stacks"), "starting_stacks", fail, infinite=True)
    n = len(stacks)
    lists = {}
    for name in ("antes", "blinds_or_straddles"):
        lists[name] = _chips_list(
            table.pop(name), name, fail, negative=name == "blinds_or_straddles"
        )
        if len(lists[name]) != n:
            raise fail(f"{name} has {len(lists[name])} entries for {n} players")
    actions = table.pop("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail(f"the field 'actions' must be an array of strings, got {actions!r}")
    bets: dict[str, int | Decimal | None] = {}
    for name in ("min_bet", "small_bet", "big_bet"):
        bets[name] = _chips(table.pop(name), name, fail) if name in table else None
    trimming = table.pop("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise fail(f"ante_trimming_status must be true or false, got {trimming!r}")
    finishing = table.pop("finishing_stacks", None)
    if finishing is not None:
        finishing = _chips_list(
            finishing, "finishing_stacks", fail, infinite=True, limit=MAX_TABLE_CHIPS
        )
        if len(finishing) != n:
            raise fail(f"finishing_stacks has {len(finishing)} entries for {n} players")
    return HandHistory(
        variant,
        stacks,
        tuple(actions),
        lists["antes"],
        lists["blinds_or_straddles"],
        ante_trimming_status=trimming,
        finishing_stacks=finishing,
        fields=table,
        source=source,
        index=index,
        key=key,
        min_bet=bets["min_bet"],
        small_bet=bets["small_bet"],
        big_bet=bets["big_bet"],
    )


def _chips(
    value: object,
    what: str,
    fail: Any,
    *,
    infinite: bool = False,
    negative: bool = False,
    limit: int = MAX_CHIPS,
) -> int | Decimal:
    """A number of chips from 0 to the engine's limit: an int, or the exact Decimal of an amount
    with a fractional part (``0.25`` in a real-money game; the replay plays such a hand in its
    smallest unit). ``infinite`` accepts ``inf`` (an unknown stack, as the PHH specification
    writes it), ``negative`` a negative amount (a post, in ``blinds_or_straddles``). A huge
    decimal such as ``1e1000000`` is refused by its exponent, before it is turned into an int
    (that would take minutes). ``limit``: the largest amount (a finishing stack may hold every
    chip of the table: ``MAX_TABLE_CHIPS``)."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise fail(f"{what} must be a number of chips, got {_short(value)}")
    if isinstance(value, int):
        number = value
    else:
        exact = Decimal(str(value)) if isinstance(value, float) else value
        if exact.is_infinite() and exact > 0 and infinite:
            return exact
        if not exact.is_finite():
            raise fail(f"{what} must be a finite number of chips, got {value}")
        if exact < 0 and not negative:
            raise fail(f"{what} must not be negative, got {_short(value)}")
        if exact.adjusted() > len(str(limit)) - 1:
            raise fail(f"{what} is too large: at most {_power(limit)} chips, got {_short(value)}")
        if exact != exact.to_integral_value():
            exponent = exact.as_tuple().exponent
            assert isinstance(exponent, int)  # a finite Decimal's
            if exponent < -MAX_PLACES:
                raise fail(f"{what} has more than {MAX_PLACES} decimal places, got {_short(value)}")
            return exact
        number = int(exact)
    if number < 0 and not negative:
        raise fail(f"{what} must not be negative, got {_short(value)}")
    if abs(number) > limit:
        raise fail(f"{what} is too large: at most {_power(limit)} chips, got {_short(value)}")
    return number


def _power(limit: int) -> str:
    """2**60 for MAX_CHIPS (a limit that is a power of two, as a power of two)."""
    return f"2**{limit.bit_length() - 1}" if limit & (limit - 1) == 0 else str(limit)


#: The most decimal places of an amount (a real-money file writes two: cents).
MAX_PLACES = 12


def _short(value: object) -> str:
    """A value for a message, cut short (an int of thousands of digits cannot even be printed)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an int of about {int(value.bit_length() * 0.30103)} digits"
    text = str(value) if isinstance(value, int | float | Decimal) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _chips_list(
    value: object,
    what: str,
    fail: Any,
    *,
    infinite: bool = False,
    negative: bool = False,
    limit: int = MAX_CHIPS,
) -> tuple[int | Decimal, ...]:
    if not isinstance(value, list):
        raise fail(f"{what} must be an array of numbers, got {value!r}")
    return tuple(
        _chips(v, f"{what}[{i}]", fail, infinite=infinite, negative=negative, limit=limit)
        for i, v in enumerate(value)
    )
