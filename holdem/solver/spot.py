"""A spot to solve: the board, the pot and stacks, the two ranges and the bet tree.

A :class:`Spot` is a heads-up subgame that starts on the flop, the turn or the river: both
players have put the same amount in (the *pot*, dead money from here on) and have the same
*effective stack* behind. The out-of-position player (``oop``) acts first on every street.

Bet sizes are given per player and per street (:class:`StreetSizes`), each size written as

==========  ==================================================================================
``50%``     a fraction of the pot: a bet of half the pot; a raise puts in the call and then
            this fraction of the pot after the call (the usual "pot-sized raise" is ``100%``)
``2.5x``    a raise to 2.5 times the bet faced, counted on this street (raises only)
``e``       geometric: the bet that, made on this street and each later one and called each
            time, puts the stacks in on the river; ``2e`` does it over two streets
``a``       all-in (``allin`` too)
==========  ==================================================================================

Amounts are whole chips, rounded half up. A raise smaller than the last bet or raise it
answers is made that large (a legal minimum raise), and a bet or raise at or above the stack is
an all-in. Two further rules follow TexasSolver's, so that a tree can be built the same way in
both: ``allin_threshold`` (a bet or raise that would take a player's share of the pot, half the
starting pot plus what they have put in since, above that fraction of the effective stack is made
all-in instead) and ``raise_cap`` (raises allowed on a street after its first bet). On the turn
and the river, after a street that ended with ``oop`` calling, ``oop``'s bets are its ``donk``
sizes (none by default: it can only check, or go all-in if that street allows it).

>>> spot = Spot(
...     board="Qs Jh 2h 8d 3s",
...     pot=100,
...     stack=300,
...     oop="QQ,JJ,AK",
...     ip="AA,KK,AQ",
...     oop_sizes=StreetSizes(bet="33%,75%", raises="60%"),
...     ip_sizes=StreetSizes(bet="75%", allin=True),
... )
>>> spot.street, len(spot.ranges[0]), spot.sizes_of(1, "river").allin
('river', 22, True)
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from holdem.analysis.ranges import Range, parse_range
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import CardError, RangeError, SolverError

__all__ = ["STREETS", "Size", "Spot", "StreetSizes", "parse_sizes"]

#: The streets a spot can start on, in order.
STREETS = ("flop", "turn", "river")

_PLAYERS = ("oop", "ip")
_SIZE = re.compile(r"(?:(\d+(?:\.\d*)?|\.\d+)(%|x)|(\d*)e|(a|allin))")
# Bounds that keep a tree finite and its amounts meaningful.
_MAX_CHIPS = 10**9
_MAX_SIZES = 12


class Size(NamedTuple):
    """One bet or raise size: ``kind`` is ``'pot'`` (``value`` a fraction of the pot), ``'x'``
    (a raise to ``value`` times the bet faced), ``'geometric'`` (over ``value`` streets, 0 for
    every street left) or ``'allin'``.

    >>> str(Size("pot", 0.75)), str(Size("x", 2.5)), str(Size("geometric", 2))
    ('75%', '2.5x', '2e')
    """

    kind: str
    value: float = 0.0

    def __str__(self) -> str:
        if self.kind == "pot":
            return f"{_number(self.value * 100)}%"
        if self.kind == "x":
            return f"{_number(self.value)}x"
        if self.kind == "geometric":
            return f"{int(self.value)}e" if self.value else "e"
        return "a"


def _number(x: float) -> str:
    """A number as short as it reads back exactly (50, 33.3, 2.5)."""
    text = f"{x:.6f}".rstrip("0").rstrip(".")
    return text or "0"


def parse_sizes(text: str | Iterable[str | Size], what: str = "sizes") -> tuple[Size, ...]:
    """Sizes from text (``"33%, 75%, a"``) or a list of such items, in the order given.

    :raises SolverError: for an item that is not a size, a size of zero, or more than twelve.

    >>> [str(s) for s in parse_sizes("33%, 2.5x, e, a")]
    ['33%', '2.5x', 'e', 'a']
    """
    given: object = text
    if isinstance(given, str):
        items: list[str | Size] = [t for t in (p.strip() for p in given.split(",")) if t]
    elif isinstance(given, Iterable) and not isinstance(given, bytes | bytearray | Mapping):
        items = list(itertools.islice(given, _MAX_SIZES + 1))  # (one too many is refused)
    else:
        raise SolverError(f"{what}: give sizes as text such as '33%, 75%' or a list, got {text!r}")
    sizes: list[Size] = []
    for item in items:
        if isinstance(item, Size):
            sizes.append(_check_size(item, what))
            continue
        if not isinstance(item, str):
            raise SolverError(f"{what}: a size is text such as '75%', got {item!r}")
        token = item.strip().lower()
        m = _SIZE.fullmatch(token)
        if m is None:
            raise SolverError(
                f"{what}: {item!r} is not a size (write 50% of the pot, 2.5x the bet faced, "
                "e or 2e for a geometric size, a for all-in)"
            )
        if m.group(2) == "%":
            size = Size("pot", float(m.group(1)) / 100)
        elif m.group(2) == "x":
            size = Size("x", float(m.group(1)))
        elif m.group(4):
            size = Size("allin")
        else:
            size = Size("geometric", float(int(m.group(3))) if m.group(3) else 0.0)
        sizes.append(_check_size(size, what))
    if len(sizes) > _MAX_SIZES:
        raise SolverError(f"{what}: at most {_MAX_SIZES} sizes, got {len(sizes)}")
    return tuple(sizes)


def _check_size(size: Size, what: str) -> Size:
    kind, value = size
    if kind == "pot" and not (0.0 < value <= 100.0):
        raise SolverError(f"{what}: a pot fraction is above 0% and at most 10000%, got {size}")
    if kind == "x" and not (1.0 < value <= 100.0):
        raise SolverError(f"{what}: a raise multiple is above 1x and at most 100x, got {size}")
    if kind == "geometric" and not (value == int(value) and 0 <= value <= 3):
        raise SolverError(f"{what}: a geometric size is e, 1e, 2e or 3e, got {size}")
    if kind not in ("pot", "x", "geometric", "allin"):
        raise SolverError(f"{what}: unknown kind of size {kind!r}")
    return Size(kind, float(value))


@dataclass(frozen=True)
class StreetSizes:
    """What one player may bet and raise on one street.

    ``bet`` sizes open the betting; ``raises`` answer a bet or raise; ``donk`` sizes replace
    ``bet`` for the out-of-position player on a street after one that ended with its call;
    ``allin`` adds an all-in to every choice of bet and raise on the street.

    :raises SolverError: for a size that cannot be read, or ``x`` or geometric sizes where they
        do not apply (``x`` answers a bet; a geometric size opens the betting).

    >>> StreetSizes(bet="50%", raises="2.5x", allin=True)
    StreetSizes(bet='50%', raises='2.5x', donk='', allin=True)
    """

    bet: tuple[Size, ...] = ()
    raises: tuple[Size, ...] = ()
    donk: tuple[Size, ...] = ()
    allin: bool = False

    def __init__(
        self,
        bet: str | Iterable[str | Size] = (),
        raises: str | Iterable[str | Size] = (),
        donk: str | Iterable[str | Size] = (),
        allin: bool = False,
    ) -> None:
        if not isinstance(allin, bool):
            raise SolverError(f"allin is True or False, got {allin!r}")
        sizes = {
            "bet": parse_sizes(bet, "bet sizes"),
            "raises": parse_sizes(raises, "raise sizes"),
            "donk": parse_sizes(donk, "donk sizes"),
        }
        for name in ("bet", "donk"):
            if any(s.kind == "x" for s in sizes[name]):
                raise SolverError(f"{name} sizes: an 'x' size answers a bet (use it in raises)")
        if any(s.kind == "geometric" for s in sizes["raises"]):
            raise SolverError("raise sizes: a geometric size opens the betting (use it in bet)")
        for name, value in sizes.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "allin", allin)

    def __repr__(self) -> str:
        def text(sizes: tuple[Size, ...]) -> str:
            return ",".join(str(s) for s in sizes)

        return (
            f"StreetSizes(bet={text(self.bet)!r}, raises={text(self.raises)!r}, "
            f"donk={text(self.donk)!r}, allin={self.allin})"
        )

    def as_dict(self) -> dict[str, object]:
        """The sizes as text (the form of a spot file's tables).

        >>> StreetSizes(bet="50%", allin=True).as_dict()
        {'bet': '50%', 'raises': '', 'donk': '', 'allin': True}
        """
        return {
            "bet": ",".join(str(s) for s in self.bet),
            "raises": ",".join(str(s) for s in self.raises),
            "donk": ",".join(str(s) for s in self.donk),
            "allin": self.allin,
        }


SizesArg = StreetSizes | Mapping[str, StreetSizes] | None


@dataclass(frozen=True)
class Spot:
    """A heads-up subgame to solve: board, pot, effective stack, ranges and bet sizes.

    ``oop`` and ``ip`` are the ranges (range text, weights allowed, or a :class:`Range`);
    combos that hold a board card are removed. ``oop_sizes`` and ``ip_sizes`` are one
    :class:`StreetSizes` for every street or a mapping from ``'flop'``, ``'turn'``, ``'river'``
    to one (a street left out has no bets: check or call only). ``rake`` is the fraction of the
    pot taken from every pot won, at most ``rake_cap`` chips (no cap when None).

    :raises CardError: for a board that is not three to five distinct cards.
    :raises RangeError: for range text that cannot be read.
    :raises SolverError: for a range that the board leaves empty, a pot or stack that is not a
        positive whole number of chips, a threshold, cap or rake out of range.
    """

    board: tuple[Card, ...]
    pot: int
    stack: int
    ranges: tuple[Range, Range]
    sizes: tuple[tuple[StreetSizes, ...], tuple[StreetSizes, ...]]
    raise_cap: int = 3
    allin_threshold: float | None = None
    rake: float = 0.0
    rake_cap: float | None = None

    def __init__(
        self,
        *,
        board: str | Iterable[CardLike],
        pot: int,
        stack: int,
        oop: str | Range,
        ip: str | Range,
        oop_sizes: SizesArg = None,
        ip_sizes: SizesArg = None,
        raise_cap: int = 3,
        allin_threshold: float | None = None,
        rake: float = 0.0,
        rake_cap: float | None = None,
    ) -> None:
        cards = parse_cards(board)
        if not 3 <= len(cards) <= 5:
            raise CardError(f"a spot's board is 3, 4 or 5 cards, got {len(cards)}")
        _chips(pot, "pot")
        _chips(stack, "stack")
        _whole(raise_cap, "raise_cap", 0, 20)
        if allin_threshold is not None:
            allin_threshold = _fraction(allin_threshold, "allin_threshold", 0.0, 1.0)
            if allin_threshold == 0.0:
                raise SolverError("allin_threshold is above 0 (None turns it off)")
        rake = _fraction(rake, "rake", 0.0, 1.0)
        if rake == 1.0:
            raise SolverError("rake is a fraction of the pot below 1")
        if rake_cap is not None:
            rake_cap = _fraction(rake_cap, "rake_cap", 0.0, float(_MAX_CHIPS))
        ranges = []
        for name, text in (("oop", oop), ("ip", ip)):
            try:
                parsed = parse_range(text)
            except RangeError as exc:
                raise RangeError(f"{name} range: {exc}") from None
            live = parsed.without(cards)
            if not len(live):
                why = "is empty" if not len(parsed) else "has no combo left beside the board"
                raise SolverError(f"the {name} range {why} ({str(text)[:60]!r})")
            ranges.append(live)
        # the streets before the spot's own play no part: their sizes are left empty
        first = len(cards) - 3
        sizes = tuple(
            tuple(StreetSizes() if i < first else x for i, x in enumerate(_street_sizes(arg, w)))
            for arg, w in ((oop_sizes, "oop_sizes"), (ip_sizes, "ip_sizes"))
        )
        object.__setattr__(self, "board", cards)
        object.__setattr__(self, "pot", pot)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "ranges", (ranges[0], ranges[1]))
        object.__setattr__(self, "sizes", (sizes[0], sizes[1]))
        object.__setattr__(self, "raise_cap", raise_cap)
        object.__setattr__(self, "allin_threshold", allin_threshold)
        object.__setattr__(self, "rake", rake)
        object.__setattr__(self, "rake_cap", rake_cap)

    @property
    def street(self) -> str:
        """The street the spot starts on: ``'flop'``, ``'turn'`` or ``'river'``."""
        return STREETS[len(self.board) - 3]

    def sizes_of(self, player: int, street: str) -> StreetSizes:
        """The sizes of ``player`` (0 out of position, 1 in position) on ``street``.

        :raises SolverError: for another player or street.
        """
        if player not in (0, 1) or street not in STREETS:
            raise SolverError(f"no sizes for player {player!r} on {street!r}")
        return self.sizes[player][STREETS.index(street)]


def _chips(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SolverError(f"{what} is a whole number of chips, got {value!r}")
    if not 0 < value <= _MAX_CHIPS:
        raise SolverError(f"{what} is from 1 to {_MAX_CHIPS:,} chips, got {value}")
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SolverError(f"{what} is a whole number from {low} to {high}, got {value!r}")
    return value


def _fraction(value: object, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SolverError(f"{what} is a number, got {value!r}")
    x = float(value)
    if not (math.isfinite(x) and low <= x <= high):
        raise SolverError(f"{what} is from {_number(low)} to {_number(high)}, got {value!r}")
    return x


def _street_sizes(arg: SizesArg, what: str) -> tuple[StreetSizes, ...]:
    if arg is None:
        return (StreetSizes(),) * 3
    if isinstance(arg, StreetSizes):
        return (arg,) * 3
    if isinstance(arg, Mapping):
        unknown = set(arg) - set(STREETS)
        if unknown:
            raise SolverError(f"{what}: streets are flop, turn and river, got {sorted(unknown)}")
        out = []
        for street in STREETS:
            sizes = arg.get(street, StreetSizes())
            if not isinstance(sizes, StreetSizes):
                raise SolverError(f"{what}[{street!r}] is a StreetSizes, got {sizes!r}")
            out.append(sizes)
        return tuple(out)
    raise SolverError(f"{what} is a StreetSizes or a mapping of streets to one, got {arg!r}")
