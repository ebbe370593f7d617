"""Exposed hole cards and misdeals: what a dealing error does to a hand.

For software that deals or tracks a live game, :meth:`holdem.Hand.expose` records a hole card
seen face up and :meth:`holdem.Hand.misdeal` declares a misdeal; this module holds their rules.
Wikipedia, "Texas hold 'em" (misdeal): "If the first card dealt is exposed, then this is
considered a misdeal. [...] if any other hole card is exposed due to a dealer error, the deal
continues as usual. After completing the deal, the dealer replaces the exposed card with the top
card on the deck, and the exposed card is then used as the burn card. If more than one hole card
is exposed, a misdeal is declared by the dealer and the hand is dealt again from the
beginning." Robert's Rules of Poker ("Misdeals") make the first *or second* card exposed a
misdeal, and allow a misdeal only "before two players have acted on their hands"; the TDA rules
allow it until "substantial action" (two actions in turn that put chips in, or any three). Where
they differ, :class:`holdem.Rules` chooses (``misdeal_first_cards``, ``misdeal_until``).

Robert's Rules of Poker state these rules for every game dealt from a deck, so they hold for
the other games of :mod:`holdem.engine.variants` too: three to six hole cards (Pineapple,
Double hold'em, Omaha) and the reduced decks (short deck, Manila, Royal). The hole cards are
dealt one at a time round the table, as many rounds as each player gets; a card among the first
``misdeal_first_cards`` dealt, exposed by the dealer, is a misdeal; another hole card exposed
during the deal goes, after the deal, to the burn that precedes the first board card, and its
seat gets the top card of the deck in its place; a second card exposed by the dealer is a
misdeal. A card already given up (a Pineapple discard) is no longer a hole card.

A misdeal ends the hand with every chip back where it was (payoffs all 0; the log ends with a
``MISDEAL`` event); the deal starts again with the same button (a :class:`holdem.Table` deals the
next hand at the same button and blinds).

>>> from holdem import Hand
>>> hand = Hand([100, 100, 100], blinds=(1, 2), deck="As Kd 7c 2h 3s 9d Qc 8h 5d 6d 4s Jc Tc 2c")
>>> hand.expose("2h")  # the fourth card dealt: replaced by the top card, then burned
<Exposure.REPLACED: 'replaced'>
>>> hand.hole_cards(0), hand.expose("Kd")  # a second exposed card: a misdeal
((Card('As'), Card('Qc')), <Exposure.MISDEAL: 'misdeal'>)
>>> hand.is_over, hand.payoffs
(True, [0, 0, 0])
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from holdem._validate import Lookup
from holdem.cards import Card, CardLike
from holdem.engine.events import KINDS, EventKind
from holdem.engine.rules import Rules
from holdem.errors import ActionError, CardError

__all__ = ["MISDEAL_UNTIL", "Exposure", "check_misdeal", "exposure"]

#: The rule books' deadlines for a misdeal: Robert's Rules of Poker ("two-acted": before two
#: players have acted) and the TDA rules ("substantial": before substantial action).
MISDEAL_UNTIL = ("two-acted", "substantial")

_ACTIONS = frozenset(
    KINDS.index(k)
    for k in (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)
)
_CHIPS_IN = frozenset(KINDS.index(k) for k in (EventKind.CALL, EventKind.BET, EventKind.RAISE))
_EXPOSE = KINDS.index(EventKind.EXPOSE)


class Exposure(Lookup, enum.Enum):
    """What an exposed hole card does to the hand."""

    #: A misdeal: the hand is void, every chip goes back, the deal starts again.
    MISDEAL = "misdeal"
    #: Exposed by the dealer during the deal: the player gets the top card of the deck after the
    #: deal, and the exposed card is the first burn card.
    REPLACED = "replaced"
    #: Exposed by its player, or after the deal: the card stays in the hand (everyone saw it).
    PLAYS = "plays"


def _actions(log: Sequence[tuple[Any, ...]]) -> list[int]:
    return [e[0] for e in log if e[0] in _ACTIONS]


def check_misdeal(log: Sequence[tuple[Any, ...]], rules: Rules, over: bool) -> None:
    """Refuse a misdeal once the rules say the hand must be played out.

    ``log``: the hand kernel's log entries (their first field an event kind's code: see
    :func:`holdem.engine.events.event_of`).

    :raises ActionError: when the hand is over, or when two players have acted (Robert's Rules,
        ``Rules.misdeal_until == "two-acted"``) or after substantial action (the TDA rules:
        any three actions, or two that put chips in the pot).
    """
    if over:
        raise ActionError("the hand is over: no misdeal")
    acted = _actions(log)
    if rules.misdeal_until == "two-acted":
        late = len(acted) >= 2
    else:
        late = len(acted) >= 3 or sum(k in _CHIPS_IN for k in acted) >= 2
    if late:
        when = (
            "two players have acted"
            if rules.misdeal_until == "two-acted"
            else ("substantial action")
        )
        raise ActionError(f"no misdeal after {when}: the hand is played to its end")


def exposure(
    card: CardLike,
    by: str,
    over: bool,
    cards: Sequence[int],
    holes: Sequence[Sequence[int]],
    log: Sequence[tuple[Any, ...]],
    rules: Rules,
    per_seat: int,
) -> tuple[Exposure, int, int, int]:
    """What a hole card exposed ``by`` the dealer or its player does to a hand: the outcome,
    the seat, the card's place in dealing order and the card.

    ``over``: whether the hand is over; ``cards``: its cards in dealing order, as indices
    (``per_seat`` hole cards to each seat, one at a time round the table, then burns and board
    cards); ``holes``: each seat's hole cards now; ``log``: its log entries (see
    :func:`holdem.engine.events.event_of`). During the deal (before anyone acts) a card
    exposed by the dealer is a misdeal when it is among the first
    ``Rules.misdeal_first_cards`` dealt, or when another was exposed by the dealer already;
    otherwise it is replaced: the top card after the deal goes to the seat and the exposed card
    becomes the first burn. The caller logs the ``EXPOSE`` event (its amount 1 for a dealer's
    error, 0 for the player's own) and carries the outcome out.

    :raises ActionError: when the hand is over, or ``by`` is not ``"dealer"`` or ``"player"``.
    :raises CardError: for a card that is not a hole card of the hand.
    """
    if over:
        raise ActionError("the hand is over: no card to expose")
    if by not in ("dealer", "player"):
        raise ActionError(f"a card is exposed by the 'dealer' or the 'player', got {by!r}")
    seen = Card(card)
    n = len(holes)
    try:
        k = list(cards).index(int(seen), 0, per_seat * n)
    except ValueError:
        raise CardError(f"{seen} is not a hole card of this hand") from None
    seat = k % n
    if int(seen) not in holes[seat]:  # given up (a Pineapple discard)
        raise CardError(f"{seen} is not a hole card of this hand: seat {seat} discarded it")
    dealing = not _actions(log)
    before = sum(1 for e in log if e[0] == _EXPOSE and e[2])
    if not (by == "dealer" and dealing):
        return Exposure.PLAYS, seat, k, int(seen)
    if k < rules.misdeal_first_cards or before:
        return Exposure.MISDEAL, seat, k, int(seen)
    return Exposure.REPLACED, seat, k, int(seen)
