"""Variance reduction for matches: the all-in equity control variate.

When the money goes in before the river (every seat left in the hand all in, or called all in),
nothing the players do changes the outcome any more: the rest is the run-out's luck.
:func:`all_in_equity_value` counts such a hand by its expected value over every run-out (the
exact equity of each seat's hand on the board dealt so far, the folded seats' cards out of the
deck) instead of the run-out dealt. Its expectation is the payoff's (the run-out is uniform over
the cards left, given every hand), so it measures the same win rate, with the run-out's luck
taken out. Give it to :func:`holdem.match` as ``value``, with duplicate play or without:

>>> from holdem import match
>>> from holdem.engine.agents import random_agent
>>> plain = match([random_agent(1), random_agent(2)], hands=300, seed=4, duplicate=False)
>>> counted = match(
...     [random_agent(1), random_agent(2)],
...     hands=300,
...     seed=4,
...     duplicate=False,
...     value=all_in_equity_value,
... )
>>> plain.agents[0].chips == counted.agents[0].chips  # the same hands were played
True
>>> counted.agents[0].mbb_ci95 < plain.agents[0].mbb_ci95
True

A hand with a rake, several runs of the board, or a showdown after the river's betting is
counted by its payoff. The chips of a split pot count as fractions (an odd chip is not
modelled).
"""

from __future__ import annotations

from functools import lru_cache

from holdem.analysis.equity import equity
from holdem.cards import Card
from holdem.engine.events import EventKind
from holdem.engine.hand import Hand

__all__ = ["all_in_equity_value"]

_BETTING = frozenset(
    {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE}
)


@lru_cache(maxsize=65_536)
def _equities(
    holes: tuple[tuple[Card, ...], ...], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> tuple[float, ...]:
    """Each hand's exact all-in equity on ``board`` (ties split), ``dead`` out of the deck."""
    return equity(list(holes), board, dead, exact=True).equity


def all_in_equity_value(hand: Hand) -> list[float]:
    """Each seat's payoff in a finished ``hand``, counted by exact equity over the run-out when
    the last chip was bet before the river (see the module); else its payoff.

    >>> from holdem import Hand
    >>> hand = Hand([200, 200], blinds=(1, 2), hole_cards=[("Ac", "Ad"), ("Kc", "Kd")], seed=1)
    >>> hand.raise_to(200), hand.check_or_call()
    (None, None)
    >>> [round(x, 2) for x in all_in_equity_value(hand)]  # aces hold 82.6% of a 400 pot
    [130.55, -130.55]
    """
    payoffs = [float(p) for p in hand.payoffs]
    if not hand.is_over or len(hand.boards) != 1 or hand.rake:
        return payoffs
    events = hand.events
    last = -1
    for i, event in enumerate(events):
        if event.kind in _BETTING:
            last = i
    board = tuple(c for e in events[:last] if e.kind is EventKind.DEAL_BOARD for c in e.cards)
    folded = hand.folded
    live = [s for s in range(len(payoffs)) if not folded[s]]
    if len(board) >= 5 or len(live) < 2:
        return payoffs
    dead = tuple(c for s in range(len(payoffs)) if folded[s] for c in hand.hole_cards(s))
    won = [0.0] * len(payoffs)
    for event in events:
        if event.kind is EventKind.WIN and event.seat is not None:
            won[event.seat] += float(event.amount)
    expected = [0.0] * len(payoffs)
    for pot in hand.pots:
        eligible = [s for s in pot.eligible if not folded[s]]
        if len(eligible) == 1:
            expected[eligible[0]] += pot.amount
            continue
        shares = _equities(tuple(hand.hole_cards(s) for s in eligible), board, dead)
        for s, share in zip(eligible, shares, strict=True):
            expected[s] += pot.amount * share
    return [p - w + x for p, w, x in zip(payoffs, won, expected, strict=True)]
