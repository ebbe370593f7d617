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
from holdem._validate import check_seed, length
from holdem.cards import Card, CardLike, Deck, parse_cards
from holdem.errors import CardError, RulesError

__all__ = [
    "HOLDEM_LAYOUT",
    "board_slot",
    "cards_needed",
    "deal_order",
    "hand_cards",
    "shuffler",
]

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


#: Hold'em as the deal reads a game (``Variant._layout``, see :mod:`holdem.engine.variants`): the
#: deck from the deuces, two hole cards, one board dealt street by street, eight cards a run.
HOLDEM_LAYOUT = (0, 2, 1, 0, 0, 0, 0, -1, 1, -1, 8)


def cards_needed(layout: Sequence[int], n: int, runs: int = 1) -> int:
    """The cards a hand of ``n`` players of the game of ``layout`` deals, ``runs`` runs of the
    board included.

    >>> cards_needed(HOLDEM_LAYOUT, 6), cards_needed(HOLDEM_LAYOUT, 2, runs=3)
    (20, 28)
    """
    return layout[1] * n + layout[10] * runs


def board_slot(layout: Sequence[int], n: int, board: int, k: int) -> int:
    """The place in dealing order of card ``k`` (0-4) of board ``board`` (first run) in a hand
    of ``n`` players of the game of ``layout``: after the hole cards, each street's burn and
    then its cards of each board in turn (Manila: a burn before each card).

    >>> [board_slot(HOLDEM_LAYOUT, 2, 0, k) for k in range(5)]
    [5, 6, 7, 9, 11]
    """
    base, boards = layout[1] * n, layout[2]
    if layout[3]:  # one card at a time
        return base + 2 * k + 1
    if k < 3:
        return base + 1 + 3 * board + k
    if k == 3:
        return base + 2 + 3 * boards + board
    return base + 3 + 4 * boards + board


def deal_order(
    n: int,
    deck: Deck | Sequence[CardLike] | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    hole_cards: Sequence[Sequence[CardLike | None] | None] | None = None,
    board: Sequence[CardLike] = (),
    runs: int = 1,
    layout: Sequence[int] = HOLDEM_LAYOUT,
    game: str = "holdem",
) -> list[Card]:
    """The ``2n + 8`` cards of a hold'em hand of ``n`` players in dealing order (and 8 more for
    each run of the board after the first: see :class:`holdem.Hand`'s ``runs``); another
    game's (its ``layout`` and name ``game``: see :meth:`holdem.engine.variants.Variant.deal`).

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
    cards = hand_cards(layout, game, n, deck, seed, rng, hole_cards, board, runs)
    if type(cards) is int:
        cards = _core.draw(list(range(layout[0], 52)), cards_needed(layout, n, runs), cards)
    return [Card._all[c] for c in cards]  # type: ignore[union-attr]


def hand_cards(
    layout: Sequence[int],
    game: str,
    n: int,
    deck: Deck | Sequence[CardLike] | None,
    seed: int | None,
    rng: random.Random | None,
    hole_cards: Sequence[Sequence[CardLike | None] | None] | None,
    board: Sequence[CardLike],
    runs: int,
) -> list[int] | int:
    """The cards of a hand of ``n`` players of the game of ``layout`` (named ``game``) in
    dealing order, as card indices: the hole cards one at a time round the table, as many
    rounds as the game deals; then for each street a burn and that street's cards of each
    board (see :func:`board_slot`); then the other runs of the board. Or, when every card is
    random, 64 random bits that the hand kernel deals them from (the partial Fisher-Yates
    shuffle of :func:`holdem._core.draw` over the game's deck in order: the same cards).

    :raises RulesError: for a deck together with cards, a seed or an rng; both a seed and an
        rng; or an rng that is not a ``random.Random``.
    :raises ArgumentTypeError: for a seed that is not None or an int.
    :raises ArgumentError: for a negative seed.
    :raises CardError: for a deck that is too short, ``hole_cards`` of the wrong length, a seat
        given other than the game's hole cards, a board of more than five cards, an unknown
        card, a card outside the game's deck or a card dealt twice.

    >>> hand_cards(
    ...     HOLDEM_LAYOUT,
    ...     "holdem",
    ...     2,
    ...     "As Ks Ah Kh 2c 7d 7h 7s 3c 9d 4c 5d",
    ...     None,
    ...     None,
    ...     None,
    ...     (),
    ...     1,
    ... )[:4]
    [51, 47, 50, 46]
    """
    need = cards_needed(layout, n, runs)
    low = layout[0]
    if deck is not None:
        if hole_cards is not None or board or seed is not None or rng is not None:
            raise RulesError("a deck fixes every card: do not also give cards, seed or rng")
        if isinstance(deck, Deck):
            given: Sequence[Card] = deck.remaining
        elif (
            type(deck) in (list, tuple)
            and set(map(type, deck)) <= {Card}
            and len(set(deck)) == len(deck)
        ):
            given = deck  # type: ignore[assignment]  # (cards already: nothing to parse)
        else:
            given = parse_cards(deck)
        if len(given) < need:
            raise CardError(f"the deck has {len(given)} cards; {n} players need {need}")
        cards = list(map(int, given[:need]))
        _check_deck(cards, low, game)
        return cards
    if rng is None and seed is None:
        rng = _RNG
    elif seed is not None or type(rng) is not _RANDOM:
        rng = shuffler(seed, rng)
    if hole_cards is None and not board:  # every card at random: the kernel deals them
        return rng.getrandbits(64)
    slots: list[int] = [-1] * need
    if hole_cards is not None:
        place_hole_cards(slots, hole_cards, n, layout[1])
    fixed = [int(c) for c in parse_cards(board)] if board else []
    if len(fixed) > 5:
        raise CardError(f"a board has at most five cards, got {len(fixed)}")
    for k, c in enumerate(fixed):
        slots[board_slot(layout, n, 0, k)] = c
    known = [c for c in slots if c >= 0]
    _check_deck(known, low, game)
    taken = set(known)
    pool = [c for c in range(low, 52) if c not in taken]
    fill = iter(_core.draw(pool, need - len(known), rng.getrandbits(64)))
    return [c if c >= 0 else next(fill) for c in slots]


def _check_deck(cards: list[int], low: int, name: str) -> None:
    """Refuse a card dealt twice, or one below the game's deck (``low``: its lowest card)."""
    if len(set(cards)) != len(cards):
        for c in cards:
            if cards.count(c) > 1:
                raise CardError(f"card {Card._all[c]} is dealt twice")
    if low and cards and min(cards) < low:
        raise CardError(f"card {Card._all[min(cards)]} is not in the {name} deck")


def place_hole_cards(slots: list[int], hole_cards: Sequence[Any], n: int, size: int) -> None:
    """Put the given hole cards of ``n`` seats in ``slots`` in the order of the deal, card k of
    seat s at ``k * n + s`` (one card at a time round the table); a seat's entry, or one of its
    cards, may be None (dealt at random).

    :raises CardError: for other than ``n`` entries, a seat given other than ``size`` cards, or
        a card that is not one.
    """
    if length(hole_cards, "hole_cards", CardError) != n:
        raise CardError(f"hole_cards has {len(hole_cards)} entries for {n} seats")
    for seat, cards_of in enumerate(hole_cards):
        if cards_of is None:
            continue
        if length(cards_of, "hole cards", CardError) != size:
            count = "two" if size == 2 else str(size)
            raise CardError(f"seat {seat} needs {count} hole cards, got {cards_of!r}")
        for k, c in enumerate(cards_of):
            if c is not None:
                slots[k * n + seat] = int(Card(c))
