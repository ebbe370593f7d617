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

from holdem.cards import Card
from holdem.engine import _kernel
from holdem.engine.pots import Pot
from holdem.engine.rules import OddChips
from holdem.engine.variants import VARIANTS, components

__all__ = ["award_runs", "share"]

_POLICY = {OddChips.ONE_AT_A_TIME: 0, OddChips.FIRST_WINNER: 1, OddChips.FRACTIONAL: 2}


def _chips(num: int, den: int) -> int | Fraction:
    return num if den == 1 else Fraction(num, den)


def share(amount: int, runs: int, run: int, policy: OddChips) -> int | Fraction:
    """The part of a pot of ``amount`` chips that board ``run`` (from 0) of ``runs`` plays for.

    >>> [share(7, 3, k, OddChips.ONE_AT_A_TIME) for k in range(3)]
    [3, 2, 2]
    >>> [share(7, 3, k, OddChips.FIRST_WINNER) for k in range(3)]
    [3, 2, 2]
    >>> [share(8, 3, k, OddChips.FIRST_WINNER) for k in range(3)]
    [4, 2, 2]
    """
    return _chips(*_kernel.kernel.share(amount, 1, runs, run, _POLICY[policy]))


def award_runs(
    pots: Sequence[Pot],
    boards: Sequence[Sequence[Card]],
    holes: Sequence[Sequence[Card]],
    contenders: Sequence[int],
    policy: OddChips,
) -> list[tuple[int, int | Fraction]]:
    """Every pot split by board and each share awarded on its board, as (seat, chips), board by
    board in the order they were dealt.

    ``holes`` are every seat's hole cards; ``contenders`` the seats still in at the showdown.
    """
    k = _kernel.kernel
    comps = components(
        VARIANTS["holdem"]._layout,
        [[int(c) for c in b] for b in boards],
        [[int(c) for c in h] for h in holes],
    )
    pairs = [(p.amount, tuple(p.eligible)) for p in pots]
    wins = k.award_pots(pairs, comps, sorted(contenders), _POLICY[policy])
    return [(seat, _chips(num, den)) for seat, num, den in wins]
