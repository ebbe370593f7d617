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
from typing import NamedTuple

from holdem.engine._fast import subtuple
from holdem.engine.rules import OddChips, Rake

__all__ = ["Pot", "award", "build_pots", "pot_winners", "pots_of", "rake_pots", "split"]


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
    n = len(contributions)
    # The common case first: every live seat put in the most (no all-in short of it): one pot.
    top, amount = 0, dead
    for i in range(n):
        c = contributions[i]
        amount += c
        if c > top:
            top = c
    eligible_list = []
    for i in range(n):
        if live[i]:
            if contributions[i] != top:
                break
            eligible_list.append(i)
    else:
        if eligible_list:
            return [subtuple(Pot, (amount, tuple(eligible_list)))] if amount else []
    pots: list[Pot] = []
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
                pots[-1] = subtuple(Pot, (pots[-1].amount + amount, pots[-1].eligible))
                amount = 0
            continue
        eligible = tuple(eligible_list)
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        pots.append(subtuple(Pot, (amount, eligible)))
        amount = 0
    if amount:  # nothing but dead money (or chips no live seat reached, with no pot below)
        pots.append(Pot(amount, tuple([i for i, ok in enumerate(live) if ok])))
    return pots


def pots_of(
    contributions: Sequence[int], dead: Sequence[int] | None, live: Sequence[bool]
) -> tuple[Pot, ...]:
    """The pots of :func:`build_pots`, with each seat's ``dead`` antes (None for none) in the
    main pot, outside the side-pot levels."""
    if dead is not None:
        for a in dead:
            if a:
                break
        else:
            return tuple(build_pots(contributions, live))
        contrib = [c - a for c, a in zip(contributions, dead, strict=True)]
        return tuple(build_pots(contrib, live, sum(dead)))
    return tuple(build_pots(contributions, live))


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
    if rake.no_flop_no_drop and not flop:
        return list(pots), 0
    top = sorted(contributions, reverse=True)
    uncalled = top[0] - top[1] if len(top) > 1 else top[0] if top else 0
    limit = rake.amount if rake.amount is not None and rake.pots is None else None
    if rake.cap is not None:
        limit = rake.cap if limit is None else min(limit, rake.cap)
    out: list[Pot] = []
    taken = 0
    last = len(pots) - 1
    each = rake.pots
    if rake.whole_pot and each is None and rake.amount is None:
        each = _whole_pot(pots, uncalled, rake)
    for k, pot in enumerate(pots):
        base = pot.amount - (uncalled if k == last else 0)
        if each is not None:
            share = each[k] if k < len(each) else 0
        else:
            share = base if rake.amount is not None else rake.take(base)
        if limit is not None:
            share = min(share, limit - taken)
        share = max(0, min(share, base))
        taken += share
        out.append(Pot(pot.amount - share, pot.eligible))
    return out, taken


def _whole_pot(pots: Sequence[Pot], uncalled: int, rake: Rake) -> tuple[int, ...]:
    """Each pot's rake when the rake is the share of all the pots together (see
    :func:`rake_pots`)."""
    bases = [p.amount for p in pots]
    if bases:
        bases[-1] -= uncalled
    total = rake.take(sum(bases))
    if rake.cap is not None and total > rake.cap:
        total = rake.cap
    shares = []
    left = total
    for base in bases:  # main pot first, each its own share, until the total
        share = min(rake.take(base), left)
        shares.append(share)
        left -= share
    if left > 0 and bases:
        k = bases.index(max(bases))
        shares[k] += min(left, bases[k] - shares[k])
    return tuple(shares)


def split(
    amount: int, winners: Sequence[int], policy: OddChips
) -> list[tuple[int, int | Fraction]]:
    """Shares of a pot among its winners, as (seat, chips) in seat order.

    Seat order starts left of the button (seat 0), so odd chips go to the first winners after
    the button (``ONE_AT_A_TIME``: Wikipedia, "Texas hold 'em": "any extra chips going to the
    first players after the button in clockwise order"), all to the first of them
    (``FIRST_WINNER``), or nowhere: exact fractions (``FRACTIONAL``).
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


def _best(pot: Pot, values: Mapping[int, int | None]) -> list[int]:
    """The seats with the best value among the contenders eligible for ``pot``, in its order."""
    best: list[int] = []
    top = -1
    for i in pot.eligible:
        if i in values:
            v = values[i] or 0
            if v > top:
                top = v
                best = [i]
            elif v == top:
                best.append(i)
    return best


def pot_winners(pots: Sequence[Pot], values: Mapping[int, int | None]) -> set[int]:
    """The seats that win all or part of at least one pot (see :func:`award`).

    >>> pots = [Pot(30, (0, 1, 2)), Pot(40, (1, 2))]
    >>> sorted(pot_winners(pots, {0: 9, 1: 5, 2: 5}))  # seat 0 wins the main pot; 1, 2 split
    [0, 1, 2]
    """
    won: set[int] = set()
    for pot in pots:
        won.update(_best(pot, values))
    return won


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
    out: list[tuple[int, int | Fraction]] = []
    for pot in pots:
        best = _best(pot, values)
        if not best:
            best = list(pot.eligible)
        if len(best) == 1:
            out.append((best[0], pot.amount))
        else:
            out += split(pot.amount, best, policy)
    return out
