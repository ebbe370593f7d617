"""The cards of one hand in dealing order: hole cards one at a time round the table, then burns.

With ``n`` players a hand uses ``2n + 8`` cards: the hole cards from seat 0 (left of the button)
to the button, twice round; a burn and the flop; a burn and the turn; a burn and the river
(Wikipedia, "Texas hold 'em": the player in the small blind receives the first card and the
button the last, and "the dealer will burn a card before the flop, turn, and river").

>>> from holdem import format_cards, parse_cards
>>> cards = deal_order(2, parse_cards("As Ks Ah Kh 2c 7d 7h 7s 3c 9d 4c 5d"))
>>> format_cards(cards[:4]), cards[4], format_cards(cards[5:8])  # seat 0: As Ah; seat 1: Ks Kh
('As Ks Ah Kh', Card('2c'), '7d 7h 7s')
>>> len(deal_order(6, seed=1))
20
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

from holdem import _core
from holdem._validate import check_seed
from holdem.cards import Card, CardLike, Deck, parse_cards
from holdem.engine._fast import draw
from holdem.errors import CardError, RulesError

__all__ = ["deal_order", "shuffler"]

_ALL_CARDS = tuple(Card(i) for i in range(52))
# Unseeded hands: seeded from the operating system's entropy at import, and again in every child
# process after a fork (a forked pool, a pre-forking server), which would otherwise deal the
# very same hands as its parent and its siblings. Pass rng=random.SystemRandom() to draw every
# hand from the operating system instead.
_RNG = random.Random()
_RANDOM = random.Random  # (a global: no module attribute looked up per hand)
# The C method of random.Random's base that an exact random.Random uses: called as a function,
# with no bound method looked up and made per hand.
_GETRANDBITS = random.Random.getrandbits


def _reseed() -> None:
    _RNG.seed()  # from os.urandom


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_reseed)


def shuffler(seed: int | None, rng: random.Random | None) -> random.Random:
    """The generator a hand shuffles with: ``rng``, else one seeded by ``seed``, else the
    package's own, seeded from the operating system's entropy.

    :raises RulesError: for both a seed and an rng, or an rng that is not a ``random.Random``.
    :raises ArgumentTypeError: for a seed that is not None or an int.
    :raises ArgumentError: for a negative seed.
    """
    if seed is not None and rng is not None:
        raise RulesError("give a seed or an rng, not both")
    if rng is None:
        return random.Random(check_seed(seed)) if seed is not None else _RNG
    if not isinstance(rng, random.Random):
        raise RulesError(f"rng must be a random.Random (or None), got {rng!r}")
    return rng


def deal_order(
    n: int,
    deck: Deck | Sequence[CardLike] | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    hole_cards: Sequence[Sequence[CardLike | None] | None] | None = None,
    board: Sequence[CardLike] = (),
    runs: int = 1,
) -> list[Card]:
    """The ``2n + 8`` cards of a hand of ``n`` players in dealing order (and 8 more for each run
    of the board after the first: see :class:`holdem.Hand`'s ``runs``).

    From ``deck`` (a :class:`holdem.Deck`'s remaining cards or cards in dealing order), or else
    shuffled by ``rng`` (an instance of ``random.Random``) or from ``seed``, with the cards of
    ``hole_cards`` (a pair or None per seat; None for any card in a pair) and ``board`` fixed.

    A seed is an int >= 0 that names one shuffle: the same seed deals the same cards on every
    platform (negative seeds are refused, since ``random.Random`` takes ``-s`` as ``s``). With
    neither a seed nor an rng the cards come from a generator seeded from the operating
    system's entropy, reseeded in each child process after ``os.fork``.

    :raises RulesError: for a deck together with cards, a seed or an rng; both a seed and an
        rng; or an rng that is not a ``random.Random``.
    :raises ArgumentTypeError: for a seed that is not None or an int.
    :raises ArgumentError: for a negative seed.
    :raises CardError: for a deck that is too short, ``hole_cards`` of the wrong length, a pair
        that is not two cards, a board of more than five cards, an unknown card or a card dealt
        twice.
    """
    need = 2 * n + 8 * runs
    if deck is not None:
        if hole_cards is not None or board or seed is not None or rng is not None:
            raise RulesError("a deck fixes every card: do not also give cards, seed or rng")
        if type(deck) is list and set(map(type, deck)) == {Card} and len(set(deck)) == len(deck):
            cards = deck  # distinct cards already (a replay's deck): nothing to parse
        else:
            cards = list(deck.remaining if isinstance(deck, Deck) else parse_cards(deck))
        if len(cards) < need:
            raise CardError(f"the deck has {len(cards)} cards; {n} players need {need}")
        return cards[:need]
    rng = shuffler(seed, rng)
    if hole_cards is None and not board:  # the common case: every card at random
        return _core.draw(list(_ALL_CARDS), need, rng.getrandbits(64))
    slots: list[Card | None] = [None] * need
    if hole_cards is not None:
        place_hole_cards(slots, hole_cards, n, 2)
    fixed_board = list(parse_cards(board)) if board else []
    if len(fixed_board) > 5:
        raise CardError(f"a board has at most five cards, got {len(fixed_board)}")
    for k, c in enumerate(fixed_board):
        slots[2 * n + 1 + k + (k >= 3) + (k >= 4)] = c
    known = [c for c in slots if c is not None]
    if len(set(known)) != len(known):
        for c in known:  # (a generator here would make every call build a closure, compiled)
            if known.count(c) > 1:
                raise CardError(f"card {c} is dealt twice")
    taken = set(known)
    pool = [c for c in _ALL_CARDS if c not in taken] if taken else list(_ALL_CARDS)
    fill = iter(_core.draw(pool, need - len(known), rng.getrandbits(64)))
    return [c if c is not None else next(fill) for c in slots]


def hand_cards(
    n: int,
    deck: Deck | Sequence[CardLike] | None,
    seed: int | None,
    rng: random.Random | None,
    hole_cards: Sequence[Sequence[CardLike | None] | None] | None,
    board: Sequence[CardLike],
    runs: int,
) -> tuple[Card, ...]:
    """The cards of :func:`deal_order` as a tuple (a hand keeps them so): the same cards.

    :raises RulesError: as :func:`deal_order` does.
    :raises ArgumentTypeError: as :func:`deal_order` does.
    :raises ArgumentError: as :func:`deal_order` does.
    :raises CardError: as :func:`deal_order` does.

    >>> hand_cards(6, None, 1, None, None, (), 1) == tuple(deal_order(6, seed=1))
    True
    """
    need = 2 * n + 8 * runs
    if deck is None and seed is None and hole_cards is None and not board and need <= 52:
        if rng is None:
            rng = _RNG
        if type(rng) is _RANDOM:  # every card at random: drawn straight into a tuple
            return draw(_ALL_CARDS, need, _GETRANDBITS(rng, 64))
    return tuple(deal_order(n, deck, seed, rng, hole_cards, board, runs))


def place_hole_cards(
    slots: list[Card | None], hole_cards: Sequence[Any], n: int, size: int
) -> None:
    """Put the given hole cards of ``n`` seats in ``slots`` in the order of the deal, card k of
    seat s at ``k * n + s`` (one card at a time round the table); a seat's entry, or one of its
    cards, may be None (dealt at random).

    :raises CardError: for other than ``n`` entries, a seat given other than ``size`` cards, or
        a card that is not one.
    """
    if len(hole_cards) != n:
        raise CardError(f"hole_cards has {len(hole_cards)} entries for {n} seats")
    for seat, cards_of in enumerate(hole_cards):
        if cards_of is None:
            continue
        if len(cards_of) != size:
            count = "two" if size == 2 else str(size)
            raise CardError(f"seat {seat} needs {count} hole cards, got {cards_of!r}")
        for k, c in enumerate(cards_of):
            if c is not None:
                slots[k * n + seat] = Card(c)
