"""All-in adjusted winnings: what a player's chips were worth when the money went in with cards
still to come (docs/guide/stats.md, "All-in adjusted winnings").

A hand qualifies when its betting ended before the river with every player still in the hand
but at most one all-in, two players or more still in, and every one of their hole cards known
(shown, or dealt face up in the file). Its value for each of them is then, pot by pot (the main
pot and the side pots of what each put in, the uncalled part given back), his exact all-in
equity in that pot against the others who can win it (the board dealt by then; the cards of
the players in the hand but not in that pot out of the deck) times the pot less its share of
the rake, less what he put in. Trackers call it "all-in EV" or "all-in adjusted winnings";
fpdb-3 takes the whole pot for every player (no side pots) and estimates the equity by
sampling.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem.analysis.equity import equity
from holdem.engine.pots import build_pots
from holdem.errors import HoldemError
from holdem.phh._units import _places, _scaled
from holdem.phh.model import VARIANT_GAMES, Amount

__all__ = ["all_in_values"]


def all_in_values(
    variant: str,
    holes: Sequence[str | None],
    board: Sequence[str],
    street: int,
    starting: Sequence[Amount],
    put_in: Sequence[Amount],
    live: Sequence[bool],
    rake: Amount,
) -> list[float | None] | None:
    """Each player's all-in adjusted winnings in one hand (None for a player who folded), or
    None when the hand does not qualify (see the module's docstring).

    ``variant``: the PHH variant code; ``holes``: each player's hole cards as text (``"AcAs"``),
    None when not known; ``board``: the cards of each ``d db`` action in order, as text;
    ``street``: the last street with a betting action (0 pre-flop .. 3 the river);
    ``starting``: the starting stacks; ``put_in``: what each put in, the uncalled part given
    back; ``live``: who had not folded; ``rake``: what the house took from the pot.

    >>> values = all_in_values(
    ...     "NT", ["AcAs", "Kd5d"], [], 0, [2020, 3000], [2020, 2020], [True, True], 205
    ... )
    >>> [round(v, 2) for v in values]  # AA against K5s (83.1%) for a pot of 4040 less 205
    [1167.46, -1372.46]
    """
    n = len(holes)
    if street >= 3 or sum(live) < 2 or len(board) > 3:
        return None
    if any(live[k] and not holes[k] for k in range(n)):
        return None
    if sum(1 for k in range(n) if live[k] and put_in[k] < starting[k]) > 1:
        return None  # two players or more had chips behind: the betting could go on
    places = max((_places(x) for x in (*put_in, rake)), default=0)
    scale = 10**places
    chips = [_scaled(x, places) for x in put_in]
    total = sum(chips)
    if total <= 0:
        return None
    kept = 1.0 - _scaled(rake, places) / total  # each pot less its share of the rake
    dealt = "".join(board[:street])  # one "d db" action a street: the flop, the turn
    game = VARIANT_GAMES.get(variant, "holdem")
    values = [0.0] * n
    try:
        for pot in build_pots(chips, live):
            seats = pot.eligible
            if len(seats) == 1:
                shares: Sequence[float] = (1.0,)
            else:
                dead = "".join(h for k, h in enumerate(holes) if live[k] and k not in seats and h)
                hands = [holes[k] or "" for k in seats]
                shares = equity(hands, dealt, dead, game=game, exact=True).equity
            for k, share in zip(seats, shares, strict=True):
                values[k] += share * pot.amount * kept
    except HoldemError:
        return None  # cards the equity cannot take (a deck too short, cards outside it)
    return [(values[k] - chips[k]) / scale if live[k] else None for k in range(n)]
