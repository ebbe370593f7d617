"""Variance reduction for matches: the all-in equity control variate.

When the money goes in before the river (every seat left in the hand but one all in),
nothing the players do changes the outcome any more: the rest is the run-out's luck.
:func:`all_in_equity_value` counts such a hand by its all-in adjusted winnings
(:func:`holdem.stats.allin.all_in_values`, the trackers' "all-in EV": pot by pot, the exact
equity of each hand that can win it on the board dealt by then, times the pot less its share of
the rake, less what it put in) instead of the run-out dealt. Its expectation is the payoff's
(the run-out is uniform over the cards left), so it measures the same win rate, with the
run-out's luck taken out. Give it to :func:`holdem.match` as ``value``, with duplicate play or
without:

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

A hand with several runs of the board, or whose betting reached the river, is counted by its
payoff. The chips of a split pot count as fractions (an odd chip is not modelled). As in a
tracker, the cards of a hand folded earlier stay in the run-out's deck: exact in heads-up play;
with three seats or more, a hand folded before an all-in is not taken out of the deck.
"""

from __future__ import annotations

from holdem._validate import check_type
from holdem.engine.events import EventKind
from holdem.engine.hand import Hand
from holdem.stats.allin import all_in_values

__all__ = ["all_in_equity_value"]

_BETTING = frozenset(
    {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE}
)


def all_in_equity_value(hand: Hand) -> list[float]:
    """Each seat's payoff in a finished ``hand``, counted by its all-in adjusted winnings when
    the betting ended before the river with at most one seat in the hand holding chips (see
    the module); else its payoff.

    >>> from holdem import Hand
    >>> hand = Hand([200, 200], blinds=(1, 2), hole_cards=[("Ac", "Ad"), ("Kc", "Kd")], seed=1)
    >>> hand.raise_to(200), hand.check_or_call()
    (None, None)
    >>> [round(x, 2) for x in all_in_equity_value(hand)]  # aces hold 82.6% of a 400 pot
    [130.55, -130.55]

    :raises ArgumentTypeError: for a hand that is not a Hand.
    """
    check_type(hand, Hand, "a hand")
    payoffs = [float(p) for p in hand.payoffs]
    rake = hand.rake
    if not hand.is_over or len(hand.boards) != 1 or not isinstance(rake, int):
        return payoffs  # (a fractional rake: the acpc rules' shares, not counted here)
    street = -1
    by_street: dict[int, str] = {}
    for event in hand.events:
        if event.kind in _BETTING:
            street = max(street, int(event.street))
        elif event.kind is EventKind.DEAL_BOARD:
            key = int(event.street)
            by_street[key] = by_street.get(key, "") + "".join(str(c) for c in event.cards)
    board = [by_street[k] for k in sorted(by_street)]
    seats = range(len(payoffs))
    values = all_in_values(
        "NT",
        ["".join(str(c) for c in hand.hole_cards(s)) for s in seats],
        board,
        street,
        hand.starting_stacks,
        hand.contributions,
        [not out for out in hand.folded],
        rake,
    )
    if values is None:
        return payoffs
    return [p if v is None else v for p, v in zip(payoffs, values, strict=True)]
