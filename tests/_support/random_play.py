"""Random legal play to the end of a hand, shared by the table tests."""

from __future__ import annotations

import random

from holdem import Hand


def play_randomly(
    hand: Hand, rng: random.Random, *, fold: float = 0.25, raise_above: float = 0.8
) -> None:
    """Random legal actions until the hand is over: one draw of ``rng.random()`` per action,
    a fold facing a bet when it is under ``fold``, a raise to a size drawn between the legal
    bounds when it is over ``raise_above`` (and raising is legal), else a check or a call."""
    while not hand.is_over:
        legal = hand.legal_actions()
        pick = rng.random()
        if legal.call is not None and pick < fold:
            hand.fold()
        elif legal.can_raise and pick > raise_above:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()
