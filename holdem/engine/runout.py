"""Running the board more than once: each pot split by board, each share won on its board.

When the betting ends with everyone all-in before the river, the players may agree to deal
the rest of the board two or more times (``Hand(..., runs=N)``; a :class:`holdem.Table`
option). Each pot is split into ``N`` equal shares, one per board, and each share goes to the
best hands eligible for the pot on that board, as a pot of its own. The odd chips of a pot that
does not split evenly go to the boards one at a time in the order they were dealt, or all to the
first board (pokerkit 0.7.7, with :attr:`OddChips.FIRST_WINNER`); with fractional odd chips the
shares are exact fractions.

>>> from holdem import Card, OddChips
>>> from holdem.engine.pots import Pot
>>> boards = [
...     [Card(c) for c in "2c 7d 9h Jc Ks".split()],
...     [Card(c) for c in "2c 7d 9h Ah 3s".split()],
... ]
>>> holes = [(Card("Kd"), Card("Qd")), (Card("As"), Card("4s"))]
>>> award_runs([Pot(201, (0, 1))], boards, holes, [0, 1], OddChips.ONE_AT_A_TIME)
[(0, 101), (1, 100)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from holdem import _core
from holdem.cards import Card
from holdem.engine.events import EventKind, Street
from holdem.engine.pots import Pot, award
from holdem.engine.rules import OddChips

if TYPE_CHECKING:  # (variants.py imports this module)
    from holdem.engine.variants import Variant

__all__ = ["award_runs", "deal_runs", "share"]


def share(amount: int, runs: int, run: int, policy: OddChips) -> int | Fraction:
    """The part of a pot of ``amount`` chips that board ``run`` (from 0) of ``runs`` plays for.

    >>> [share(7, 3, k, OddChips.ONE_AT_A_TIME) for k in range(3)]
    [3, 2, 2]
    >>> [share(7, 3, k, OddChips.FIRST_WINNER) for k in range(3)]
    [3, 2, 2]
    >>> [share(8, 3, k, OddChips.FIRST_WINNER) for k in range(3)]
    [4, 2, 2]
    """
    if policy is OddChips.FRACTIONAL:
        return Fraction(amount, runs)
    whole, odd = divmod(amount, runs)
    if policy is OddChips.FIRST_WINNER:
        return whole + (odd if run == 0 else 0)
    return whole + (1 if run < odd else 0)


def award_runs(
    pots: Sequence[Pot],
    boards: Sequence[Sequence[Card]],
    holes: Sequence[Sequence[Card]],
    contenders: Sequence[int],
    policy: OddChips,
) -> list[tuple[int, int | Fraction]]:
    """Every pot split by board and each share awarded on its board, as (seat, chips).

    ``holes`` are every seat's hole cards; ``contenders`` the seats still in at the showdown.
    """
    flat = [c for hole in holes for c in hole]
    runs = len(boards)
    out: list[tuple[int, int | Fraction]] = []
    for run, board in enumerate(boards):
        values = _core.showdown_values(list(board), flat)
        these = {i: values[i] for i in contenders}
        shares = [Pot(share(p.amount, runs, run, policy), p.eligible) for p in pots]  # type: ignore[arg-type]
        out += award(shares, these, policy)
    return out


def deal_runs(
    cards: Sequence[Card],
    first: int,
    board: list[Card],
    n: int,
    game: Variant | None,
    runs: int,
    log: list[Any],
) -> list[list[Card]]:
    """Deal the rest of the board again for every run after the first, from street ``first`` on:
    every run's board (the first is ``board``, the board already dealt), each burn and deal
    logged.

    Each run takes a burn and the street's cards for each street, from the cards after the
    first run's (as a dealer runs the boards one after the other). ``n`` seats play ``game``
    (None for hold'em) from ``cards`` in dealing order.
    """
    kept = (0, 0, 3, 4)[first]  # the board cards dealt before the all-in
    boards = [list(board)]
    at = 2 * n + 8 if game is None else game.cards_needed(n)
    for _ in range(runs - 1):
        run = board[:kept]
        for street in range(first, 4):
            count = 3 if street == 1 else 1
            dealt = tuple(cards[at + 1 : at + 1 + count])
            log.append((EventKind.BURN, None, 0, (cards[at],), Street(street), False))
            log.append((EventKind.DEAL_BOARD, None, 0, dealt, Street(street), False))
            run.extend(dealt)
            at += 1 + count
        boards.append(run)
    return boards
