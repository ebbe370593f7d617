"""A table as a real hand left it: the :class:`Seating` a table resumes from.

A :class:`Seating` says who sits where with what after a hand, who sits out, and where the
button and the blinds were; :meth:`holdem.Table.from_history` seats a table from it, so that
the next hand it deals moves the button and the blinds on from there. :func:`seating` reads one
from a hand's record: each format registers its reader of its own record type (a single-dispatch
function): :func:`holdem.phh.resuming.seating` for a PHH :class:`~holdem.phh.HandHistory`,
:func:`holdem.pokerstars.seating` for a hand of :mod:`holdem.pokerstars` (or of any site
:func:`holdem.histories.load` reads into one). What a record says and leaves out is said there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import singledispatch

from holdem.engine.rules import Structure
from holdem.errors import ArgumentTypeError

__all__ = ["Seated", "Seating", "seating"]


@dataclass(frozen=True, slots=True)
class Seated:
    """One player seated after the hand: seat, name and chips; ``dealt``: he played the hand;
    ``sitting_out``: not dealt in, sitting out; ``new``: not dealt in, a new player waiting
    for the big blind (a cash game's); ``moved``: not dealt in, a tournament's player moved in
    from another table, established (see :class:`~holdem.engine.button.MovedPlayers`)."""

    seat: int
    name: str
    stack: int
    dealt: bool = True
    sitting_out: bool = False
    new: bool = False
    moved: bool = False


@dataclass(frozen=True, slots=True)
class Seating:
    """A table as one hand left it: its seats, its players and the hand's positions.

    ``dealt``: the seats dealt in, in the hand's order (the button's seat, or the seat nearest
    to its right, last; heads-up the big blind then the button), as
    :attr:`holdem.engine.button.HandPlan.dealt`. ``small_blind`` is None when no one posted
    it. The stakes are the hand's: ``blinds``, ``ante`` and ``big_blind_ante``, ``structure``
    (with ``small_bet`` and ``big_bet`` in fixed limit), ``game`` (None: Texas hold'em).
    ``hand``: the record's hand number, when it gives one; ``source``: the record, in messages.
    ``button_rule``: how the record's site moves the button, when it is known (PokerStars:
    ``'moving'``, as its tables deal).
    """

    seat_count: int
    players: tuple[Seated, ...]
    dealt: tuple[int, ...]
    button: int
    small_blind: int | None
    big_blind: int
    blinds: tuple[int, int]
    ante: int = 0
    big_blind_ante: int = 0
    structure: Structure = Structure.NO_LIMIT
    small_bet: int | None = None
    big_bet: int | None = None
    game: str | None = None
    hand: int | None = None
    source: str = "<record>"
    button_rule: str | None = None


@singledispatch
def seating(
    record: object,
    *,
    button: int | None = None,
    sitting_out: Mapping[int, tuple[str, int]] | None = None,
) -> Seating:
    """The seating one hand left, read from its ``record`` by the reader its format registered
    (``seating.register``): a PHH :class:`~holdem.phh.HandHistory` with its finishing stacks,
    or a hand of :mod:`holdem.pokerstars` (which any site's reader of :mod:`holdem.histories`
    gives).

    ``button``: the button's seat when the record's last player is not on it (a dead button
    in a PHH history; a PokerStars hand names it). ``sitting_out``: players seated and not
    dealt in, ``{seat: (name, chips)}``, besides those the record lists.

    :raises ArgumentTypeError: for a record of a type no format registered.
    :raises TableError: for a record that does not seat a table (see each reader).
    """
    raise ArgumentTypeError(
        "a table is seated from a PHH HandHistory or a PokerStars hand (holdem.pokerstars."
        f"StarsHand), got {type(record).__name__}"
    )
