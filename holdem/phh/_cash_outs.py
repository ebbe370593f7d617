"""A file's cash-outs (PokerStars' "All-in Cash Out") against a replay: the user-defined fields
``_cash_outs``, ``_cash_out_fees`` and ``_not_awarded`` (each player's, in PHH order, in the
file's units, as :func:`holdem.pokerstars.to_history` writes them).

A player all in before the last card may take a sum from the site (the cash-out, and its fee)
instead of waiting for the board; the hand is still played out and its pots awarded by the
cards, and a pot the player who cashed out wins is not paid to him (``_not_awarded``). The
file's ``finishing_stacks`` and ``winnings`` are the hand as played, a pot not awarded included.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from holdem.engine.events import EventKind, Street
from holdem.errors import PHHError
from holdem.phh._winnings import collected
from holdem.phh.model import HandHistory

if TYPE_CHECKING:
    from holdem.phh._units import _Units

__all__: list[str] = []

#: The user-defined fields of the cash-outs.
FIELDS = ("_cash_outs", "_cash_out_fees", "_not_awarded")

_BETTING = frozenset(
    (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)
)


def _amounts(history: HandHistory, name: str) -> tuple[int | Decimal, ...]:
    """The field ``name``: an amount from 0 for each player.

    :raises PHHError: for another value (not a list of one amount per player, a bool, a
        negative or infinite amount, or one of 2**60 or more).
    """
    value = history.fields[name]
    n = history.players
    if not isinstance(value, list | tuple) or len(value) != n:
        size = (
            f"a list of {len(value)}" if isinstance(value, list | tuple) else type(value).__name__
        )
        raise PHHError(
            f"{history.label}: {name} is a list of {n} amounts (one per player), got {size}"
        )
    for k, v in enumerate(value):
        if (
            isinstance(v, bool)
            or not isinstance(v, int | Decimal)
            or (isinstance(v, Decimal) and not v.is_finite())
            or not 0 <= v < 2**60
        ):
            shown = repr(v) if isinstance(v, int | Decimal | float | bool) else type(v).__name__
            raise PHHError(
                f"{history.label}: {name} gives p{k + 1} {shown}, not an amount from 0 (and "
                "under 2**60) in the file's units"
            )
    return tuple(value)


def cash_outs(history: HandHistory) -> tuple[tuple[int | Decimal, ...], ...]:
    """The file's cash-outs, their fees and the pots not awarded (0 for a field it leaves out),
    each player's in PHH order, checked against one another.

    :raises PHHError: for a field that is not one amount from 0 per player, a fee or a pot not
        awarded without a cash-out field, or for a player who did not cash out.
    """
    fields = history.fields
    label = history.label
    if "_cash_outs" not in fields:
        extra = next(name for name in FIELDS if name in fields)
        raise PHHError(f"{label}: {extra} without _cash_outs (who cashed out, and for how much)")
    paid = _amounts(history, "_cash_outs")
    none = (0,) * history.players
    fees = _amounts(history, "_cash_out_fees") if "_cash_out_fees" in fields else none
    unpaid = _amounts(history, "_not_awarded") if "_not_awarded" in fields else none
    for k in range(history.players):
        if paid[k] == 0 and fees[k] != 0:
            raise PHHError(f"{label}: _cash_out_fees gives p{k + 1} a fee, but no cash-out")
        if paid[k] == 0 and unpaid[k] != 0:
            raise PHHError(
                f"{label}: _not_awarded gives p{k + 1} a pot not awarded, but p{k + 1} did not "
                "cash out (only a player who cashed out is not paid what he wins)"
            )
    return paid, fees, unpaid


def check_cash_outs(history: HandHistory, hand: Any, units: _Units, known: bool) -> bool | None:
    """Whether the engine awarded each player who cashed out the pot the file says was not
    awarded to him (``_not_awarded``; 0 without it); None when the hand is not over, or
    (``known`` false) its showdown used cards the file leaves unknown.

    :raises PHHError: for bad fields (:func:`cash_outs`), or a cash-out the hand as played
        does not allow: by a player who folded, in a hand that did not reach the showdown with
        the betting over before the last card (a cash-out is offered to a player all in, the
        board to come), or larger, with its fee, than the pots the player could win.
    """
    paid, fees, unpaid = cash_outs(history)
    if not hand.is_over:
        return None
    label = history.label
    contributions = hand.contributions
    folded = hand.folded
    won = collected(hand)[0]
    river_betting = any(
        event.kind in _BETTING and event.street >= Street.RIVER for event in hand.events
    )
    total = sum(won) + hand.rake  # every chip in the pots
    for k in range(history.players):
        if paid[k] == 0:
            continue
        who = f"p{k + 1}"
        if folded[k]:
            raise PHHError(f"{label}: _cash_outs: {who} cashed out, but folded")
        if folded.count(False) < 2:
            raise PHHError(
                f"{label}: _cash_outs: {who} cashed out, but the hand did not reach a showdown"
            )
        if river_betting:
            raise PHHError(
                f"{label}: _cash_outs: {who} cashed out, but the betting was not over before "
                "the river (a cash-out is for a player all in, with cards to come)"
            )
        mine = contributions[k]
        reach = total - sum([c - mine for c in contributions if c > mine])
        if paid[k] + fees[k] > units.back(reach):
            raise PHHError(
                f"{label}: _cash_outs: {who} cashed out for {paid[k]} (fee {fees[k]}), more than "
                f"the pots {who} could win ({units.back(reach)})"
            )
    if not known:
        return None
    return all(paid[k] == 0 or unpaid[k] == units.back(won[k]) for k in range(history.players))


def not_awarded_message(history: HandHistory, hand: Any, units: _Units) -> str:
    """The words of a :func:`check_cash_outs` that failed: the file's pots not awarded, and
    what the engine awarded the players who cashed out."""
    paid, _, unpaid = cash_outs(history)
    won = collected(hand)[0]
    engine = [units.back(w) if paid[k] else 0 for k, w in enumerate(won)]
    return (
        f"{history.label}: the file's _not_awarded is {_listed(unpaid)}, but the engine "
        f"awarded the players who cashed out {_listed(engine)} (a pot a player who cashed out "
        "wins is not paid to him, and _not_awarded records it)"
    )


def _listed(values: Any) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"
