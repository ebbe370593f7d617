"""The ACPC dealer's deals: its MT19937 seeding and its card draws, hand after hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

from holdem._slots import set_slots_state, slots_state
from holdem._validate import check_seed
from holdem.acpc.gamedef import _MAX_RANKS, _MAX_SUITS, GameDef
from holdem.cards import Card
from holdem.errors import ArgumentError, ArgumentTypeError

__all__ = ["MT19937", "deal", "deals"]


class MT19937:
    """The Mersenne Twister as the dealer seeds it (``init_genrand``): 32-bit outputs.

    The generator itself is CPython's (the same MT19937); only the seeding differs from
    ``random.seed``, which uses ``init_by_array``.

    :raises ArgumentTypeError: if ``seed`` is not an int (None, a float, a str, a bool).
    :raises ArgumentError: if ``seed`` is outside the dealer's 32-bit range ``0 .. 2**32 - 1``.

    >>> rng = MT19937(5489)  # the reference implementation's default seed
    >>> rng.next_uint32()
    3499211612
    """

    __slots__ = ("_random",)
    __getstate__ = slots_state  # (pickle protocols 0 and 1 need them with __slots__)
    __setstate__ = set_slots_state

    def __init__(self, seed: int) -> None:
        checked = check_seed(seed)  # an int >= 0, as every seed of the package
        if checked is None:
            raise ArgumentTypeError(f"the dealer's seed is a 32-bit unsigned int, got {seed!r}")
        if checked >= 2**32:
            raise ArgumentError(f"the dealer's seed is a 32-bit unsigned int, got {seed!r}")
        mt = [checked]
        for i in range(1, 624):
            prev = mt[-1]
            mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
        self._random = random.Random()
        self._random.setstate((3, (*mt, 624), None))

    def next_uint32(self) -> int:
        """The next 32-bit output (``genrand_int32``)."""
        return self._random.getrandbits(32)


def deal(game: GameDef, rng: MT19937) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """One hand's cards as the dealer deals them: hole cards by position, then the whole board.

    The deck is built suit by suit (``cdhs``), deuce to ace; each card is ``deck[i]`` with
    ``i = next_uint32() % remaining``, and the last card moves into its place.

    >>> from holdem.acpc import HOLDEM_LIMIT_2P
    >>> holes, board = deal(GameDef.parse(HOLDEM_LIMIT_2P), MT19937(21))
    >>> " ".join(map(str, holes[0])), " ".join(map(str, board))
    ('4s 3h', '2c Ad 5d 8d Ts')
    """
    deck = [
        Card(r * _MAX_SUITS + s)
        for s in range(_MAX_SUITS - game.num_suits, _MAX_SUITS)
        for r in range(_MAX_RANKS - game.num_ranks, _MAX_RANKS)
    ]
    remaining = len(deck)
    drawn: list[Card] = []
    for _ in range(game.num_hole_cards * game.num_players + sum(game.num_board_cards)):
        i = rng.next_uint32() % remaining
        drawn.append(deck[i])
        deck[i] = deck[remaining - 1]
        remaining -= 1
    k = game.num_hole_cards
    holes = tuple(tuple(drawn[p * k : p * k + k]) for p in range(game.num_players))
    return holes, tuple(drawn[game.num_players * k :])


def deals(
    game: GameDef, seed: int
) -> Iterator[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Every hand's cards of a match dealt with ``seed``, one hand after another (endless).

    :raises ArgumentTypeError: if ``seed`` is not an int (when the first hand is drawn).
    :raises ArgumentError: if ``seed`` is outside ``0 .. 2**32 - 1`` (when the first hand is
        drawn, as :class:`MT19937`).

    >>> from itertools import islice
    >>> from holdem.acpc import HOLDEM_LIMIT_2P
    >>> [str(h[0][1][0]) for h in islice(deals(GameDef.parse(HOLDEM_LIMIT_2P), 21), 2)]
    ['Qh', '3h']
    """
    rng = MT19937(seed)
    while True:
        yield deal(game, rng)
