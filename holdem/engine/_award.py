"""Paying the pots at the end of a hand: the award of :class:`holdem.engine.showdown.Showdown`
(the base of :class:`holdem.Hand`), on the hand's own lists.

``Showdown._award`` pays every pot to its best contenders (:func:`pay`); the common showdown,
one pot that every live seat put the same into (:func:`one_pot`), is paid without building the
pot and the contenders (:func:`pay_one`). The showdown checks that the pots are paid once, and
sets the hand's fields; these functions move the chips and log the wins.

>>> one_pot([2, 2, 1], [False, False, True], [0, 0, 0], 3), one_pot([2, 1], [False] * 2, [0] * 2, 2)
(5, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from holdem.cards import Card
from holdem.engine.events import Chips, EventKind, Street
from holdem.engine.pots import Pot, award, pot_winners, pots_of, rake_pots, split
from holdem.engine.rules import OddChips, Rules
from holdem.engine.runout import award_runs
from holdem.engine.variants import Variant, award_variant, variant_winners

__all__ = ["bets_in", "one_pot", "pay", "pay_one"]

_EV_WIN, _COMPLETE = EventKind.WIN, Street.COMPLETE


def one_pot(contrib: list[int], folded: list[bool], ante: list[int], n: int) -> int:
    """The chips of the one pot when every live seat put in the most and there is no dead
    money (the pots are then that one pot, every live seat eligible: see ``build_pots``),
    else 0."""
    top = total = 0
    for i in range(n):
        if ante[i]:
            return 0
        c = contrib[i]
        total += c
        if c > top:
            top = c
    for i in range(n):
        if not folded[i] and contrib[i] != top:
            return 0
    return total


def pay_one(
    values: list[int],
    amount: int,
    n: int,
    shown: list[bool],
    folded: list[bool],
    final: list[Chips],
    log: list[Any],
    policy: OddChips,
    start: tuple[int, ...],
) -> list[Chips]:
    """Pay the one pot of :func:`one_pot` (``amount`` chips) to the best of the seats shown,
    into ``final``, and give the payoffs (``final`` less ``start``)."""
    count = 0  # the contenders: the seats shown
    first = ties = 0  # the first of the best of them among the live seats, and how many
    top = -1
    for i in range(n):
        if shown[i]:
            count += 1
            seat = i
            if not folded[i]:
                v = values[i]
                if v > top:
                    top = v
                    first = i
                    ties = 1
                elif v == top:
                    ties += 1
    if count != 1 and ties != 1:  # the best, in seat order (no list for a lone winner)
        if ties:
            best = [i for i in range(n) if shown[i] and not folded[i] and values[i] == top]
        else:  # (no live seat shown: the pot's eligible seats share it)
            best = [i for i in range(n) if not folded[i]]
        if len(best) == 1:
            first = best[0]
            ties = 1
    if count == 1 or ties == 1:  # one seat takes every chip
        if count != 1:
            seat = first
        final[seat] += amount
        log.append((_EV_WIN, seat, amount, (), _COMPLETE, False))
    else:  # the odd chips as pots.split gives them (the award of any pot)
        for seat, chips in split(amount, best, policy):
            final[seat] += chips
            log.append((_EV_WIN, seat, chips, (), _COMPLETE, False))
    payoffs: list[Chips] = [0] * n
    for i in range(n):
        won, had = final[i], start[i]  # (compiled: C ints)
        payoffs[i] = won - had
    return payoffs


def bets_in(contrib: list[int], ante: list[int]) -> list[int]:
    """What each seat put in, less its dead money (dead antes and blinds, as the pots count)."""
    return [c - a for c, a in zip(contrib, ante, strict=True)]


def pay(
    hand: Any,
    contenders: dict[int, int | None],
    pots: Sequence[Pot],
    final: list[Chips],
    log: list[Any],
    rules: Rules,
    contrib: list[int],
    ante: list[int],
    board: list[Card],
    boards: list[list[Card]] | None,
    hole: tuple[tuple[Card, ...], ...],
    game: Variant | None,
    n: int,
) -> None:
    """Push every pot of ``hand`` (its ``pots`` and ``boards`` read as properties) to its best
    contenders (a lone contender has value None), into ``final``, less the rake."""
    policy = rules.odd_chips
    rake = rules.rake
    if len(contenders) == 1:  # everyone else folded or mucked: one seat takes every chip
        (seat,) = contenders
        won = sum(contrib)
        if rake is not None:
            won -= rake_pots(hand.pots, bets_in(contrib, ante), rake, len(board) >= 3)[1]
        final[seat] += won
        log.append((_EV_WIN, seat, won, (), _COMPLETE, False))
        return
    if game is not None:  # by board share and hand type (see variants.py)
        comps = game.components(hand.boards, hole)
        if rules.merge_pots:
            who = variant_winners(pots, comps, contenders)
            pots = pots_of(contrib, ante, [i in who for i in range(n)])
    elif boards is None and rules.merge_pots:  # rebuilt with only the seats that win something
        winners = pot_winners(pots, contenders)
        pots = pots_of(contrib, ante, [i in winners for i in range(n)])
    if rake is not None:
        pots = rake_pots(pots, bets_in(contrib, ante), rake, len(board) >= 3)[0]
    if game is not None:
        wins = award_variant(pots, comps, contenders, policy)
    elif boards is not None:  # each pot split by board, each share won on its board
        wins = award_runs(pots, boards, hole, list(contenders), policy)
    else:
        wins = award(pots, contenders, policy)
    for seat, chips in wins:
        final[seat] += chips
        log.append((_EV_WIN, seat, chips, (), _COMPLETE, False))
