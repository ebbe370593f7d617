"""Pots from contributions: the main pot, side pots at each all-in level, and how a pot splits.

>>> [(p.amount, p.eligible) for p in build_pots([100, 40, 100, 30], [True, True, True, False])]
[(150, (0, 1, 2)), (120, (0, 2))]
>>> split(10, (2, 0, 1), OddChips.ONE_AT_A_TIME)
[(0, 4), (1, 3), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from holdem.engine.rules import OddChips

__all__ = ["Pot", "build_pots", "split"]


class Pot(NamedTuple):
    """A pot: its chips and the seats that can win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """The main pot then the side pots, from what each seat put in and who is still in the hand.

    Each level that some seat put in makes a pot that the live seats who put in at least that
    much can win; neighbouring levels with the same eligible seats are one pot. ``dead`` chips
    (dead antes) go to a main pot that every live seat can win, even one all-in for its ante.
    """
    pots: list[Pot] = []
    n = len(contributions)
    amount = dead
    previous = 0
    levels = sorted({c for c in contributions if c > 0})
    if dead:
        levels.insert(0, 0)
    for level in levels:
        eligible_list = []
        for i in range(n):
            c = contributions[i]
            if c > previous:  # what this seat put in between the previous level and this one
                amount += (c if c < level else level) - previous
            if c >= level and live[i]:
                eligible_list.append(i)
        previous = level
        if not eligible_list:  # only folded seats put in this much: their chips join the pot below
            if pots:
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
                amount = 0
            continue
        eligible = tuple(eligible_list)
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        pots.append(Pot(amount, eligible))
        amount = 0
    if amount:  # nothing but dead money (or chips no live seat reached, with no pot below)
        pots.append(Pot(amount, tuple(i for i, ok in enumerate(live) if ok)))
    return pots


def split(
    amount: int, winners: Sequence[int], policy: OddChips
) -> list[tuple[int, int | Fraction]]:
    """Shares of a pot among its winners, as (seat, chips) in seat order.

    Seat order starts left of the button (seat 0), so odd chips go to the first winners after
    the button (``ONE_AT_A_TIME``), all to the first of them (``FIRST_WINNER``), or nowhere:
    exact fractions (``FRACTIONAL``).
    """
    seats = sorted(winners)
    k = len(seats)
    if policy is OddChips.FRACTIONAL:
        share = Fraction(amount, k)
        return [(s, share.numerator if share.denominator == 1 else share) for s in seats]
    quotient, remainder = divmod(amount, k)
    if policy is OddChips.FIRST_WINNER:
        return [(s, quotient + (remainder if j == 0 else 0)) for j, s in enumerate(seats)]
    return [(s, quotient + (1 if j < remainder else 0)) for j, s in enumerate(seats)]
