"""A file's ``winnings`` (the pots each player collected, after the rake) against a replay, and
the rake they imply.

The PHH specification's optional ``winnings`` field holds each player's collected pots, "the
post-rake values" when a rake was taken: the chips the house kept are the pots less the
winnings. Real-money records differ on one point: most count a player's collected pots only,
some (PartyPoker's, in the HandHQ logs of the public PHH data set) also the uncalled bet given
back to him. Both readings are tried, the first one first.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from holdem.engine.events import EventKind
from holdem.phh._units import _NUMBER, _places, _scaled
from holdem.phh.model import HandHistory

if TYPE_CHECKING:
    from holdem.phh._units import _Units

__all__: list[str] = []

#: The most a rake read from ``winnings`` may be, as a share of the pots (a house rakes a few
#: percent, and a jackpot table drops a little more): a larger difference means the record's
#: winnings are not the pots less a rake.
MAX_RAKE_SHARE = Decimal("0.15")


def file_winnings(history: HandHistory, units: _Units) -> list[int] | None:
    """The file's ``winnings`` in engine chips, or None when it has none to check: no field, a
    field that is not a list of amounts per player, all zeros (the HandHQ logs write zeros when
    they do not know), or an amount finer than the file's smallest unit."""
    value = history.fields.get("winnings")
    if not isinstance(value, list) or len(value) != history.players:
        return None
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, _NUMBER):
            return None
        if isinstance(v, Decimal) and (not v.is_finite() or _places(v) > units.places):
            return None
        if v < 0:
            return None
        out.append(_scaled(v, units.places))
    return out if any(out) else None


def collected(hand: Any) -> tuple[list[int], list[int]]:
    """Each seat's chips won from the pots, and each seat's uncalled bet given back (the
    ``WIN`` and ``RETURN`` events of a finished hand)."""
    won = [0] * hand.players
    back = [0] * hand.players
    for event in hand.events:
        if event.kind is EventKind.WIN:
            won[event.seat] += event.amount
        elif event.kind is EventKind.RETURN:
            back[event.seat] += event.amount
    return won, back


def check_winnings(hand: Any, wanted: list[int]) -> tuple[bool, int | None]:
    """Whether a finished hand paid each seat the file's ``wanted`` winnings (in engine chips),
    under either reading; if not, the rake that would explain them (the pots less the
    winnings, at most :data:`MAX_RAKE_SHARE` of the pots), or None."""
    # What each seat won from the pots, without the log: its stack at the end, less its stack
    # at the start, plus what it put in (an uncalled bet given back is not in its
    # contributions). The usual hand pays the file's winnings under the first reading.
    if wanted == [
        end - start + put_in
        for end, start, put_in in zip(
            hand.stacks, hand.starting_stacks, hand.contributions, strict=True
        )
    ]:
        return True, None
    won, back = collected(hand)
    with_back = [w + b for w, b in zip(won, back, strict=True)]
    if wanted in (won, with_back):
        return True, None
    pots = sum(won) + int(hand.rake)
    for got in (won, with_back):
        rake = sum(got) - sum(wanted)
        if 0 < rake <= pots * MAX_RAKE_SHARE:
            return False, rake
    return False, None
