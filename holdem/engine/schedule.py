"""A tournament's values: its levels and breaks, rebuys and add-ons, finishes and moves.

The schedule of a :class:`~holdem.Tournament` is a list of :class:`Level` and :class:`Break`
items; :class:`Rebuys` configures rebuys and the add-on; :class:`Finish` and :class:`Move`
record its results. The checks of a schedule live here too.

>>> Level(1, 2, hands=10).big_blind, Break(15).minutes
(2, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from holdem._slots import set_slots_state, slots_state
from holdem._validate import is_int, length
from holdem.engine.rules import Structure
from holdem.engine.stakes import MAX_CHIPS
from holdem.engine.table import _limits
from holdem.errors import RulesError

__all__ = [
    "Break",
    "Finish",
    "Level",
    "Move",
    "Rebuys",
    "check_rebuys",
    "check_schedule",
    "default_levels",
]


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the blinds: the blinds, the antes, the limits, and how long it lasts.

    ``ante``: every player dealt in; ``big_blind_ante``: the big blind's ante for the table.
    ``hands``: the level lasts that many rounds; ``minutes``: that long by the tournament's
    clock (whichever comes first); neither: to the end. ``structure``: the level's betting
    structure (None: the tournament's), so a schedule may mix fixed-limit, pot-limit and
    no-limit levels; in fixed limit ``small_bet``, ``big_bet`` and ``river_bet`` are the
    level's limits, by default the big blind, twice it, and the big bet: the limits move with
    the blinds, as in a fixed-limit tournament's structure (blinds 15-30, limits 30-60).

    >>> Level(15, 30, structure="fixed-limit")  # limits 30-60
    Level(small_blind=15, big_blind=30, ante=0, big_blind_ante=0, hands=None, minutes=None, \
structure='fixed-limit', small_bet=None, big_bet=None, river_bet=None)
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    hands: int | None = None
    minutes: float | None = None
    structure: Structure | str | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    river_bet: int | None = None


@dataclass(frozen=True, slots=True)
class Break:
    """A break between levels: ``minutes`` by the clock (0: until the next round is dealt)."""

    minutes: float = 0.0


@dataclass(frozen=True, slots=True)
class Rebuys:
    """Rebuys and the add-on: their prices, their chips, their period and their limits.

    ``levels``: rebuys are open during the first ``levels`` levels; ``limit``: rebuys a player
    (None: no limit); ``at_most``: a player may rebuy with at most this many chips (None: the
    starting stack). ``add_on_cost`` and ``add_on_chips``: one add-on a player, until the first
    hand after the rebuy period (0 chips: none).
    """

    cost: int
    chips: int
    levels: int
    limit: int | None = None
    at_most: int | None = None
    add_on_cost: int = 0
    add_on_chips: int = 0


@dataclass(frozen=True, slots=True)
class Finish:
    """A player's result: finishing ``place`` (tied players share the best of their places),
    ``prize`` and the round they went out in (None for a player left at the end or in a deal).
    ``tied``: how many players share the place (1 alone); ``entry``: which of the player's
    entries this is (1, then 2 and up for re-entries: each entry finishes on its own)."""

    place: int
    name: str
    prize: int
    round: int | None
    tied: int = 1
    entry: int = 1


@dataclass(frozen=True, slots=True)
class Move:
    """A player moved between tables after ``round``: ``why`` is 'balance' or 'break'."""

    round: int
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    why: str


@dataclass(slots=True)
class _Entry:
    __getstate__ = slots_state  # (pickle protocols 0 and 1 need them with __slots__)
    __setstate__ = set_slots_state

    name: str
    order: int  # the entries' order of registration, from 0
    entry: int = 1  # the player's entries so far, this one included (2 and up: re-entries)
    table: int = 0
    seat: int = 0
    rebuys: int = 0
    add_on: bool = False
    place: int | None = None
    tied: int = 1
    out_round: int | None = None
    deal: int | None = None
    start: int = 0  # chips at the start of the round's hand


def _level_chips(level: Level) -> Level:
    for what, value in (
        ("small blind", level.small_blind),
        ("big blind", level.big_blind),
        ("ante", level.ante),
        ("big-blind ante", level.big_blind_ante),
    ):
        if not is_int(value) or value < 0:
            raise RulesError(f"a level's {what} is an int >= 0, got {value!r}")
    if not 0 < level.small_blind <= level.big_blind:
        raise RulesError(f"a level's blinds are 0 < small <= big, got {level}")
    if level.hands is not None and (not is_int(level.hands) or level.hands < 1):
        raise RulesError(f"a level's hands is an int >= 1, got {level.hands!r}")
    if level.minutes is not None and not _positive(level.minutes):
        raise RulesError(f"a level's minutes is a positive number, got {level.minutes!r}")
    if level.structure is not None:
        _limits(
            Structure.parse(level.structure),
            level.big_blind,
            level.small_bet,
            level.big_bet,
            level.river_bet,
        )
    return level


#: The rounds a level of :func:`default_levels` lasts.
DEFAULT_HANDS_PER_LEVEL = 10


def default_levels(starting_stack: int, hands: int = DEFAULT_HANDS_PER_LEVEL) -> list[Level]:
    """The schedule of a tournament that names none (``holdem tournament`` without
    ``--levels``, :class:`holdem.Tournament` without ``levels``): the big blind starts at a
    fiftieth of the starting stack (at least 2), the small blind half of it, and each level
    the big blind rises by half; each level lasts ``hands`` rounds, 40 levels (the last stays).

    :raises RulesError: for a starting stack or ``hands`` that is not a positive int.

    >>> [(lv.small_blind, lv.big_blind) for lv in default_levels(1500)[:4]]
    [(15, 30), (22, 45), (33, 67), (50, 100)]
    """
    if not is_int(starting_stack) or starting_stack < 1:
        raise RulesError(f"starting_stack is a positive int, got {starting_stack!r}")
    if not is_int(hands) or hands < 1:
        raise RulesError(f"hands per level is an int >= 1, got {hands!r}")
    big = max(2, starting_stack // 50)
    out = []
    for _ in range(40):
        out.append(Level(big // 2, big, hands=hands))
        big = big * 3 // 2
        if big > MAX_CHIPS:  # (a stack near the chip limit: the blinds stop below it)
            break
    return out


def _positive(value: object, zero: bool = False) -> bool:
    """A finite number above 0 (or 0 too, with ``zero``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return (value >= 0 if zero else value > 0) and value < float("inf")


def check_schedule(levels: Sequence[Level | Break], structure: Structure) -> list[Level | Break]:
    """A tournament's schedule, checked: at least one :class:`Level`, each level's chips, time
    and limits (``structure`` for the levels that name none), and each :class:`Break`.

    :raises RulesError: for a schedule with no level, an item that is neither, a bad level
        (chips, blinds, hands, minutes, an unknown structure, bet sizes outside fixed limit or
        not 0 < small bet <= big bet) or a break of negative minutes.
    """
    given: object = levels
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise RulesError(f"levels is a list of Level and Break items, got {levels!r}")
    length(given, "levels", RulesError)  # (a range of 10**20 has no length: refused)
    items: list[object] = list(levels)
    if not any(isinstance(x, Level) for x in items):
        raise RulesError("the schedule needs at least one Level")
    for item in items:
        if isinstance(item, Level):
            _level_chips(item)
            if item.structure is None:
                lim = (item.small_bet, item.big_bet, item.river_bet)
                _limits(structure, item.big_blind, *lim)
        elif not isinstance(item, Break) or not _positive(item.minutes, zero=True):
            raise RulesError(f"a schedule holds Level and Break items, got {item!r}")
    return list(levels)


def check_rebuys(rebuys: Rebuys) -> None:
    """Refuse rebuys whose amounts are not ints >= 0 (a rebuy of at least one chip).

    :raises RulesError: for something else than a :class:`Rebuys`, or a bad cost, chips,
        levels, add-on, limit or ``at_most``.
    """
    if not isinstance(rebuys, Rebuys):
        raise RulesError(f"rebuys is a Rebuys (or None), got {rebuys!r}")
    for what, value in (
        ("cost", rebuys.cost),
        ("chips", rebuys.chips),
        ("levels", rebuys.levels),
        ("add_on_cost", rebuys.add_on_cost),
        ("add_on_chips", rebuys.add_on_chips),
    ):
        if not is_int(value) or value < 0:
            raise RulesError(f"rebuys' {what} is an int >= 0, got {value!r}")
    if rebuys.chips < 1:
        raise RulesError("a rebuy gives at least one chip")
    for what, bound in (("limit", rebuys.limit), ("at_most", rebuys.at_most)):
        if bound is not None and (not is_int(bound) or bound < 0):
            raise RulesError(f"rebuys' {what} is None or an int >= 0, got {bound!r}")
