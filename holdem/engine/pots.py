"""Pots from contributions: the main pot, side pots at each all-in level, and who wins them.

Seats are numbered from the seat left of the button (seat 0) to the button, as in
:class:`holdem.Hand`.

>>> pots = build_pots([100, 40, 100, 30], [True, True, True, False])
>>> [(p.amount, p.eligible) for p in pots]
[(150, (0, 1, 2)), (120, (0, 2))]
>>> split(10, (2, 0, 1), OddChips.ONE_AT_A_TIME)
[(0, 4), (1, 3), (2, 3)]
>>> award(pots, {0: 7, 1: 9, 2: 7}, OddChips.ONE_AT_A_TIME)  # seat 1 has the best hand
[(1, 150), (0, 60), (2, 60)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from holdem.engine import _kernel
from holdem.engine.events import Pot
from holdem.engine.rules import OddChips, Rake, rake_bits

__all__ = ["Pot", "award", "build_pots", "pot_winners", "pots_of", "rake_pots", "split"]

_POLICY = {OddChips.ONE_AT_A_TIME: 0, OddChips.FIRST_WINNER: 1, OddChips.FRACTIONAL: 2}
_new_pot = tuple.__new__


def _pots(pairs: Sequence[tuple[int, tuple[int, ...]]]) -> list[Pot]:
    return [_new_pot(Pot, pair) for pair in pairs]


def _chips(num: int, den: int) -> int | Fraction:
    return num if den == 1 else Fraction(num, den)


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """The main pot then the side pots, from what each seat put in and who is still in the hand.

    Each level that some seat put in makes a pot that the live seats who put in at least that
    much can win; neighbouring levels with the same eligible seats are one pot. ``dead`` chips
    (dead antes) go to a main pot that every live seat can win, even one all-in for its ante.
    """
    return _pots(_kernel.kernel.build_pots(list(contributions), list(live), dead))


def pots_of(
    contributions: Sequence[int], dead: Sequence[int] | None, live: Sequence[bool]
) -> tuple[Pot, ...]:
    """The pots of :func:`build_pots`, with each seat's ``dead`` antes (None for none) in the
    main pot, outside the side-pot levels."""
    if dead is None or not any(dead):
        return tuple(build_pots(contributions, live))
    contrib = [c - a for c, a in zip(contributions, dead, strict=True)]
    return tuple(build_pots(contrib, live, sum(dead)))


def rake_pots(
    pots: Sequence[Pot], contributions: Sequence[int], rake: Rake, flop: bool
) -> tuple[list[Pot], int]:
    """The pots after the house's ``rake``, and the chips it takes.

    The rake comes out of the main pot first, then each side pot in turn: each gives its share
    (:meth:`Rake.take`, what is left of an exact ``amount``, or its own entry of ``pots``)
    until the cap is reached; with ``whole_pot``, the rake is the share of all the pots
    together, and the units that rounding each pot's share leaves over come from the largest
    pot (the first of the largest). An uncalled bet (what the largest of ``contributions`` has
    beyond the second largest, at the top of the last pot; dead antes, which sit in the main
    pot, are left out of them) is never raked; nothing is raked before the ``flop`` with
    ``no_flop_no_drop``.

    >>> rake_pots(
    ...     [Pot(150, (0, 1, 2)), Pot(120, (0, 2))],
    ...     [100, 40, 100, 30],
    ...     Rake(percent=10, cap=20),
    ...     flop=True,
    ... )
    ([Pot(amount=135, eligible=(0, 1, 2)), Pot(amount=115, eligible=(0, 2))], 20)
    """
    pairs = [(p.amount, tuple(p.eligible)) for p in pots]
    out, taken = _kernel.kernel.rake_pots(pairs, list(contributions), rake_bits(rake), flop)
    return _pots(out), taken


def split(
    amount: int, winners: Sequence[int], policy: OddChips
) -> list[tuple[int, int | Fraction]]:
    """Shares of a pot among its winners, as (seat, chips) in seat order.

    Seat order starts left of the button (seat 0), so odd chips go to the first winners after
    the button (``ONE_AT_A_TIME``: Wikipedia, "Texas hold 'em": "any extra chips going to the
    first players after the button in clockwise order"), all to the first of them
    (``FIRST_WINNER``), or nowhere: exact fractions (``FRACTIONAL``).
    """
    shares = _kernel.kernel.split(amount, 1, sorted(winners), _POLICY[policy])
    return [(seat, _chips(num, den)) for seat, num, den in shares]


def _comps(values: Mapping[int, int | None], n: int) -> tuple[list[list[list[int]]], list[int]]:
    """``values`` as the kernel's components (one share, one type; a value one more, so that
    a lone contender's None is the lowest) and its contenders."""
    row = [0] * n
    for seat, v in values.items():
        row[seat] = (v or 0) + 1
    return [[row]], sorted(values)


def _seats(pots: Sequence[Pot], values: Mapping[int, int | None]) -> int:
    return 1 + max([0, *values, *(i for p in pots for i in p.eligible)])


def pot_winners(pots: Sequence[Pot], values: Mapping[int, int | None]) -> set[int]:
    """The seats that win all or part of at least one pot (see :func:`award`).

    >>> pots = [Pot(30, (0, 1, 2)), Pot(40, (1, 2))]
    >>> sorted(pot_winners(pots, {0: 9, 1: 5, 2: 5}))  # seat 0 wins the main pot; 1, 2 split
    [0, 1, 2]
    """
    comps, contenders = _comps(values, _seats(pots, values))
    pairs = [(p.amount, tuple(p.eligible)) for p in pots]
    return set(_kernel.kernel.pot_winners(pairs, comps, contenders))


def award(
    pots: Sequence[Pot], values: Mapping[int, int | None], policy: OddChips
) -> list[tuple[int, int | Fraction]]:
    """Each pot to the best hands that can win it, as (seat, chips), pot by pot.

    ``values`` holds the hand value of each seat still contending for the pots (a higher value
    wins; None for a seat left alone, which wins without a showdown); a seat missing from it
    wins nothing. Each pot is split on its own among the best hands eligible for it (the TDA
    rules: "Each side pot will be split as a separate pot"), by :func:`split`; a pot that no
    contender may win goes to every seat eligible for it.

    >>> award([Pot(14, (0, 1, 2, 3))], {1: 5, 2: 5, 3: 5}, OddChips.ONE_AT_A_TIME)
    [(1, 5), (2, 5), (3, 4)]
    """
    comps, contenders = _comps(values, _seats(pots, values))
    pairs = [(p.amount, tuple(p.eligible)) for p in pots]
    wins = _kernel.kernel.award_pots(pairs, comps, contenders, _POLICY[policy])
    return [(seat, _chips(num, den)) for seat, num, den in wins]
