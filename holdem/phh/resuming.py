"""A table as a PHH hand left it: the :class:`~holdem.engine.resume.Seating` of a history.

:func:`seating` reads one hand's PHH history after the hand (with its finishing stacks) into a
:class:`~holdem.engine.resume.Seating`: who sits where with what, who sits out, and where the
button and the blinds were. :meth:`holdem.Table.from_history` seats a table from it (through
:meth:`HandHistory.seating <holdem.phh.HandHistory.seating>`), so that the next hand it deals
moves the button and the blinds on from there; a PokerStars hand's seating
(:func:`holdem.pokerstars.seating`) is its history's, with the players it lists as not dealt in.

What a record says and what it leaves out:

* The players dealt in are the record's, in its order (PHH's: the seat left of the button
  first, the button's seat, or the seat nearest to its right, last); their table seats are the
  ``seats`` field (else 1, 2, ... in that order) at a table of ``seat_count`` seats (else as
  many as the highest seat). Each keeps the stack he finished the hand with (a pot a player
  who cashed out won and was not paid, the ``_not_awarded`` field, is not at the table; the
  cash-out he was paid, ``_cash_outs``, is).
* The button is the last player's seat (a PokerStars hand names it, a dead button too). The
  small blind and the big blind are the seats that posted them (``blinds_or_straddles``; a
  negative entry there is a new player's live post, not a blind).
* A PHH history names no player seated and not dealt in (a PokerStars hand does: "is sitting
  out", or waiting for the big blind as a new player does); give them with ``sitting_out``.

>>> from holdem.phh import HandHistory
>>> record = HandHistory(  # heads-up: p2, the button (seat 3), folds his small blind
...     "NT",
...     (50, 50),
...     ("p2 f",),
...     (0, 0),
...     (1, 2),
...     min_bet=2,
...     finishing_stacks=(51, 49),
...     fields={"seats": [5, 3]},
... )
>>> s = seating(record)
>>> s.button, s.small_blind, s.big_blind, [(p.seat, p.stack) for p in s.players]
(3, 3, 5, [(3, 49), (5, 51)])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from holdem._validate import check_collection, check_type, is_int
from holdem.engine import resume
from holdem.engine.resume import Seated, Seating
from holdem.engine.rules import Structure
from holdem.engine.stakes import MAX_CHIPS, MAX_PLAYERS
from holdem.errors import TableError
from holdem.phh.model import VARIANT_GAMES, VARIANTS, HandHistory

__all__ = ["seating"]


def seating(
    history: HandHistory,
    *,
    button: int | None = None,
    sitting_out: Mapping[int, tuple[str, int]] | None = None,
    others: Sequence[Seated] = (),
    button_rule: str | None = None,
) -> Seating:
    """The seating the hand of ``history`` left (it needs its finishing stacks).

    ``button``: the button's seat when the history's last player is not on it (a dead button).
    ``sitting_out``: players seated and not dealt in, ``{seat: (name, chips)}``. ``others``:
    more players seated and not dealt in, as the record of a site lists them (sitting out, or
    waiting to be dealt in). ``button_rule``: how the history's site moves the button, when it
    is known.

    :raises TableError: for a history that does not give a table: no finishing stacks, amounts
        that are not whole chips (decimals, an unknown ``inf`` stack), seats that are not
        distinct ints from 1 to the seat count, two players of one name, no big blind, or a
        button or a player sitting out that does not fit the table, or a ``sitting_out`` that
        is not such a mapping.
    :raises ArgumentTypeError: for a history that is not a HandHistory, or ``others`` that are
        not a collection of Seated.
    """
    check_type(history, HandHistory, "a history")
    check_collection(others, "others", "[Seated(3, 'Ann', 100, sitting_out=True)]")
    extra = {}
    for p in others:
        check_type(p, Seated, "each of others")
        extra[p.seat] = p
    return _seating(history, history.label, button, extra, sitting_out, button_rule)


@resume.seating.register
def _history_seating(
    record: HandHistory,
    *,
    button: int | None = None,
    sitting_out: Mapping[int, tuple[str, int]] | None = None,
) -> Seating:
    return seating(record, button=button, sitting_out=sitting_out)


def _whole(value: object, what: str, label: str) -> int:
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        value = int(value)
    if not is_int(value) or not 0 <= value <= MAX_CHIPS:
        raise TableError(
            f"{label}: {what} is {value!r}: a table seats whole chips from 0 to {MAX_CHIPS}"
        )
    return value


def _seating(
    history: HandHistory,
    label: str,
    button: int | None,
    extra: dict[int, Seated],
    sitting_out: Mapping[int, tuple[str, int]] | None,
    button_rule: str | None,
) -> Seating:
    n = history.players
    finishing = history.finishing_stacks
    if finishing is None or len(finishing) != n:
        raise TableError(
            f"{label}: the record has no finishing stacks (replay it first: "
            "holdem.phh.replay(history).finishing_stacks)"
        )
    if history.variant not in VARIANTS:
        raise TableError(f"{label}: a table deals no {history.variant!r} hands")
    fields = history.fields
    names = history.names
    stacks = [
        _whole(x, f"the finishing stack of {names[k]}", label) for k, x in enumerate(finishing)
    ]
    for key, sign in (("_not_awarded", -1), ("_cash_outs", 1)):  # (see the module's notes)
        adjust = fields.get(key)
        if isinstance(adjust, list) and len(adjust) == n:
            for k, x in enumerate(adjust):
                stacks[k] += sign * _whole(x, f"{key} of {names[k]}", label)
    if any(s < 0 for s in stacks):
        raise TableError(f"{label}: a stack after the hand is below 0: {stacks}")
    seats_field = fields.get("seats")
    seats = list(range(1, n + 1)) if seats_field is None else seats_field
    if (
        not isinstance(seats, list | tuple)
        or len(seats) != n
        or not all(is_int(s) and 1 <= s <= MAX_PLAYERS for s in seats)
        or len(set(seats)) != n
    ):
        raise TableError(f"{label}: seats is {seats!r}, not {n} distinct seats from 1")
    players = {
        s: Seated(s, name, stack) for s, name, stack in zip(seats, names, stacks, strict=True)
    }
    if sitting_out is not None and not isinstance(sitting_out, Mapping):
        raise TableError(f"{label}: sitting_out maps seats to (name, chips), got {sitting_out!r}")
    given: Mapping[Any, object] = sitting_out or {}
    for s, entry in given.items():
        if not (isinstance(entry, tuple | list) and len(entry) == 2 and isinstance(entry[0], str)):
            raise TableError(
                f"{label}: sitting_out maps seat {s!r} to {entry!r}, not (name, chips)"
            )
        name, chips = entry
        extra[s] = Seated(s, name, _whole(chips, f"the stack of {name}", label), False, True)
    for s, p in extra.items():
        if not is_int(s) or s in players or not 1 <= s <= MAX_PLAYERS:
            raise TableError(f"{label}: {p.name} cannot sit out in seat {s!r}: not a free seat")
        players[s] = p
    count = fields.get("seat_count", max(players))
    if not is_int(count) or not max(players) <= count <= MAX_PLAYERS or count < 2:
        raise TableError(f"{label}: seat_count {count!r} does not hold seats {sorted(players)}")
    taken = [p.name for p in players.values()]
    if len(set(taken)) != len(taken):
        raise TableError(f"{label}: two players of one name: {sorted(taken)}")
    if button is None:
        button = seats[-1]
    if not is_int(button) or not 1 <= button <= count:
        raise TableError(f"{label}: the button is a seat from 1 to {count}, got {button!r}")
    blinds = [
        _whole(abs(b), "a blind", label) * (1 if b >= 0 else -1)
        for b in _engine(history.blinds_or_straddles, n)
    ]
    small, big = _blind_seats(blinds, n, label)
    antes = [_whole(a, "an ante", label) for a in _engine(history.antes, n)]
    dead = fields.get("_dead_blinds_in_antes")
    if isinstance(dead, list) and len(dead) == n:  # a dead small blind is no ante
        antes = [
            a - _whole(d, "a dead blind", label)
            for a, d in zip(antes, _engine(tuple(dead), n), strict=True)
        ]
    ante = max([a for k, a in enumerate(antes) if k != big] or [0])
    bb_ante = max(0, antes[big] - ante) if antes else 0
    structure = VARIANTS[history.variant]
    small_bet = big_bet = None
    if structure is Structure.FIXED_LIMIT:
        small_bet = _whole(history.small_bet, "the small bet", label)
        big_bet = _whole(history.big_bet, "the big bet", label)
    big_amount = blinds[big]
    small_amount = blinds[small] if small is not None else max(1, big_amount // 2)
    number = fields.get("hand")
    return Seating(
        count,
        tuple(players[s] for s in sorted(players)),
        tuple(seats),
        button,
        None if small is None else seats[small],
        seats[big],
        (small_amount, big_amount),
        ante,
        bb_ante,
        structure,
        small_bet,
        big_bet,
        VARIANT_GAMES.get(history.variant),
        number if is_int(number) else None,
        label,
        button_rule,
    )


def _engine(values: Sequence[Any], n: int) -> list[Any]:
    """PHH's per-player entries in the hand's order (heads-up PHH lists the button second),
    zeros when the record gives none."""
    if not values:
        return [0] * n
    if len(values) != n:
        return list(values[:n]) + [0] * (n - len(values))
    return list(reversed(values)) if n == 2 else list(values)


def _blind_seats(blinds: list[int], n: int, label: str) -> tuple[int | None, int]:
    """The positions in the hand of the small blind (None: no one posted it) and the big
    blind, from the forced bets in the hand's order."""
    if n == 2:  # the big blind, then the button who posts the small blind
        if blinds[0] <= 0:
            raise TableError(f"{label}: no big blind in the record")
        return (1 if blinds[1] > 0 else None), 0
    if blinds[0] > 0 and blinds[1] > 0:
        return 0, 1
    if blinds[0] > 0 or blinds[1] > 0:  # one blind: the big blind, the small blind dead
        return None, 0 if blinds[0] > 0 else 1
    raise TableError(f"{label}: no big blind in the record")
