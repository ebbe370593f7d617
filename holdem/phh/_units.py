"""A file's amounts in the engine's integer chips: decimals in their smallest unit, ``inf``
stacks as stacks nobody's action can reach, negative blinds as posts."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from holdem.engine.stakes import MAX_CHIPS
from holdem.errors import PHHError
from holdem.phh.model import HandHistory

__all__: list[str] = []

_INFINITY = Decimal("Infinity")
#: The types of a file's amounts, for isinstance (a tuple made once: ``int | Decimal`` in a
#: call builds a new union object each time).
_NUMBER = (int, Decimal)


def _ten_to(power: int) -> int:
    """``10**power`` as an int (``power >= 0``)."""
    return int("1" + "0" * power)


class _Units(NamedTuple):
    """A hand's amounts as the engine plays them (ints, engine order), and how to give them back.

    ``places``: the decimal places of the file's smallest unit (0: whole chips), so one engine
    chip is ``10**-places`` of the file's; ``unknown``: the seats whose stack is ``inf``.
    """

    places: int
    stacks: list[int]
    antes: list[int]
    forced: list[int]
    posts: list[int] | None
    dead: list[int] | None
    min_bet: int | None
    small_bet: int | None
    big_bet: int | None
    river_bet: int | None  # a fixed-limit river bet other than the big bet (``_river_bet``)
    amounts: dict[int, int]  # action number -> the cbr amount, in engine chips
    rake: int | None
    unknown: frozenset[int]

    def back(self, value: int | Fraction, seat: int | None = None) -> int | Fraction | Decimal:
        """An engine amount in the file's units (an unknown stack stays unknown: ``inf``)."""
        if seat is not None and seat in self.unknown:
            return _INFINITY
        if not self.places:
            return value
        if isinstance(value, Fraction):
            return value / _ten_to(self.places)
        return Decimal(f"{value}e-{self.places}")  # exact: from text, not from a product


def _places(value: object) -> int:
    if isinstance(value, Decimal) and value.is_finite():
        exponent = value.as_tuple().exponent
        assert isinstance(exponent, int)
        return max(0, -exponent)
    return 0


def _scaled(value: int | Decimal, places: int) -> int:
    """``value`` times ``10**places``, exactly (integer arithmetic on the decimal digits)."""
    if not places and type(value) is int:
        return value
    if isinstance(value, int):
        return value * _ten_to(places)
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int) and exponent + places >= 0
    number = int("".join(map(str, digits)) or "0") * _ten_to(exponent + places)
    return -number if sign else number


def _per_player(history: HandHistory, name: str) -> tuple[int | Decimal, ...] | None:
    """A per-player user-defined field (``_posts``, ``_dead_blinds``) in PHH order, or None."""
    value = history.fields.get(name)
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != history.players:
        raise PHHError(f"{history.label}: {name} is a list of chips per player, got {value!r}")
    for v in value:
        if (
            isinstance(v, bool)
            or not isinstance(v, _NUMBER)
            or (isinstance(v, Decimal) and not v.is_finite())
            or v < 0
        ):
            raise PHHError(f"{history.label}: {name} holds {v!r}, not a number of chips")
    return tuple(value)


def _units(history: HandHistory, cbr: dict[int, int | Decimal]) -> _Units:
    """The hand's amounts in engine chips, in engine order (heads-up, PHH's per-player lists are
    reversed: the button posts the second entry); ``cbr`` holds the amount of each ``cbr``
    action, by its number.

    :raises PHHError: for an amount too large in the smallest unit of the file.
    """
    fields = history.fields
    posts = _per_player(history, "_posts") if "_posts" in fields else None
    dead = _per_player(history, "_dead_blinds") if "_dead_blinds" in fields else None
    raked = fields.get("_rake")
    rake = raked if isinstance(raked, _NUMBER) and not isinstance(raked, bool) else None
    river = fields.get("_river_bet")
    river = river if isinstance(river, _NUMBER) and not isinstance(river, bool) else None
    bets = (history.min_bet, history.small_bet, history.big_bet, river)
    everything: list[Iterable[Any]] = [
        history.starting_stacks,
        history.antes,
        history.blinds_or_straddles,
        history.finishing_stacks or (),
        [b for b in bets if b is not None],
        posts or (),
        dead or (),
        () if rake is None else (rake,),
        cbr.values(),
    ]
    # The sum of ints is an int, and of anything with a Decimal (0.25, inf) a Decimal: one
    # C-level pass finds a file in whole chips, whose ints are the engine's chips.
    if type(sum(map(sum, everything))) is int:
        stacks: list[int] = list(history.starting_stacks)  # type: ignore[arg-type]
        forced: list[int] = list(history.blinds_or_straddles)  # type: ignore[arg-type]
        posted: list[int] | None = None if posts is None else list(posts)  # type: ignore[arg-type]
        if min(forced, default=0) < 0:
            posted, forced = _posted(posted, forced)
        return _Units(
            0,
            stacks,
            _flip(list(history.antes)),  # type: ignore[arg-type]
            _flip(forced),
            None if posted is None else _flip(posted),
            None if dead is None else _flip(list(dead)),  # type: ignore[arg-type]
            *bets,  # type: ignore[arg-type]
            cbr,  # type: ignore[arg-type]
            rake,  # type: ignore[arg-type]
            frozenset(),
        )
    places = 0
    for values in everything:
        for v in values:
            if type(v) is not int:
                places = max(places, _places(v))

    def scale(value: int | Decimal, what: str) -> int:
        if not places and type(value) is int:
            return value  # whole chips, within bounds (checked when read)
        number = _scaled(value, places)
        if abs(number) > MAX_CHIPS:
            raise PHHError(
                f"{history.label}: {what} {value} is more than 2**60 of the file's smallest "
                f"unit ({Decimal(1).scaleb(-places)})"
            )
        return number

    forced = [scale(v, "a blind") for v in history.blinds_or_straddles]
    posted = [scale(v, "a post") for v in posts] if posts is not None else None
    if min(forced, default=0) < 0:
        posted, forced = _posted(posted, forced)
    antes = [scale(v, "an ante") for v in history.antes]
    amounts = {k: scale(v, "the amount") for k, v in cbr.items()}
    unknown = frozenset(
        i
        for i, s in enumerate(history.starting_stacks)
        if isinstance(s, Decimal) and s.is_infinite()
    )
    known = [scale(s, "a stack") for i, s in enumerate(history.starting_stacks) if i not in unknown]
    deep = 0
    if unknown:
        # A stack no action of the hand can reach: more than all the file's bets together.
        deep = 1 + max(known, default=0) + sum(antes) + sum(map(abs, forced))
        deep += sum(posted or ()) + sum(amounts.values())
        if deep > MAX_CHIPS:
            raise PHHError(f"{history.label}: the bets are too large to stand in for inf")
    stacks = [
        deep if i in unknown else scale(s, "a stack") for i, s in enumerate(history.starting_stacks)
    ]
    return _Units(
        places,
        stacks,
        _flip(antes),
        _flip(forced),
        None if posted is None else _flip(posted),
        None if dead is None else _flip([scale(v, "a dead blind") for v in dead]),
        None if bets[0] is None else scale(bets[0], "a bet size"),
        None if bets[1] is None else scale(bets[1], "a bet size"),
        None if bets[2] is None else scale(bets[2], "a bet size"),
        None if bets[3] is None else scale(bets[3], "a bet size"),
        amounts,
        None if rake is None else scale(rake, "the rake"),
        unknown,
    )


def _flip(values: list[int]) -> list[int]:
    """A per-player list in engine order: heads-up, PHH's two entries are reversed."""
    return values[::-1] if len(values) == 2 else values


def _posted(posted: list[int] | None, forced: list[int]) -> tuple[list[int], list[int]]:
    """Posts and blinds from blinds with negative entries: pokerkit reads a negative blind as a
    post (live, opening nothing)."""
    posted = posted or [0] * len(forced)
    posted = [p - min(f, 0) for p, f in zip(posted, forced, strict=True)]
    return posted, [max(f, 0) for f in forced]
