"""A table as a PokerStars hand left it: the :class:`~holdem.engine.resume.Seating` of a hand.

A PokerStars hand (or any site's hand read into one by :mod:`holdem.histories`) seats a table
as its PHH history does (:func:`holdem.phh.resuming.seating`), with what the text says besides:
the button's seat (a dead button too), the players seated and not dealt in ("is sitting out",
or a new player waiting for the big blind in a cash game, a player moved in from another table
in a tournament), and PokerStars' moving button. :meth:`holdem.Table.from_history` reads it.
"""

from __future__ import annotations

from collections.abc import Mapping

from holdem._validate import check_type
from holdem.engine import resume
from holdem.engine.resume import Seated, Seating
from holdem.errors import HoldemError, TableError
from holdem.phh.resuming import seating as history_seating
from holdem.pokerstars.converting import players_in_order, to_history
from holdem.pokerstars.parsing import StarsHand

__all__ = ["seating"]


@resume.seating.register
def seating(
    hand: StarsHand,
    *,
    button: int | None = None,
    sitting_out: Mapping[int, tuple[str, int]] | None = None,
) -> Seating:
    """The seating ``hand`` left (the button by default the text's; ``sitting_out``: players
    seated and not dealt in, ``{seat: (name, chips)}``, besides those the text lists).

    :raises TableError: for a hand that does not convert to PHH, holds a stack not known, or
        does not seat a table (see :func:`holdem.phh.resuming.seating`).
    :raises ArgumentTypeError: for a hand that is not a StarsHand.
    """
    check_type(hand, StarsHand, "a hand")
    dealt = set(players_in_order(hand))
    unknown = next((s.name for s in hand.seats if s.stack is None), None)
    if unknown is not None:
        raise TableError(f"this record cannot seat a table: {unknown}'s stack is not known")
    cash = hand.tournament is None
    others = [
        Seated(
            s.number,
            s.name,
            s.stack or 0,  # (None refused above)
            dealt=False,
            sitting_out=s.sitting_out,
            new=cash and not s.sitting_out,
            moved=not cash and not s.sitting_out,
        )
        for s in hand.seats
        if s.name not in dealt
    ]
    try:
        history = to_history(hand)
    except HoldemError as exc:
        raise TableError(f"this record cannot seat a table: {exc}") from None
    return history_seating(
        history,
        button=hand.button if button is None else button,
        sitting_out=sitting_out,
        others=others,
        button_rule="moving",
    )
