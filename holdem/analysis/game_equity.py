"""All-in equity in the other games: Omaha (high, or high-low eight or better), short deck,
Manila and Royal hold'em.

:func:`game_equity` takes players' hands (no ranges), a board of 0, 3, 4 or 5 cards and dead
cards, and counts every board that can come (``exact``) or draws boards at random (Monte
Carlo). In high-low, each pot is split half to the best high hands and half to the best
eight-or-better lows when a low qualifies, else all to the best high hands (Robert's Rules of
Poker, "Omaha high-low eight or better"); odd chips do not arise in shares.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Sequence

from holdem._validate import check_int, check_seed
from holdem.analysis import _variants
from holdem.analysis.equity import EquityResult, PlayerEquity
from holdem.cards import CardLike, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError
from holdem.games import Game, resolve_game

__all__ = ["OMAHA_GAMES", "game_equity"]

OMAHA_GAMES = ("omaha", "omaha-hi-lo")
"""The Omaha games :func:`game_equity` takes by name (the others are :data:`holdem.GAMES`)."""

_EXACT_BOARDS = 3_000_000  # exact by default while boards times players stay at most this


def game_equity(
    hands: Sequence[str | Iterable[CardLike]],
    board: str | Iterable[CardLike] = "",
    dead: str | Iterable[CardLike] = "",
    *,
    game: str | Game,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """All-in equity of 2 to 10 hands in ``game``: ``'omaha'``, ``'omaha-hi-lo'`` (4, 5 or 6
    hole cards each, all the same number) or a game whose hand is any five of the cards
    (``'short-deck'``, ``'manila'``, ``'royal'``, a :class:`~holdem.Game`; two hole cards).

    ``exact=True`` counts every board that can come; ``samples=N`` draws N boards at random,
    reproducibly for a given ``seed``. By default the job is exact while the boards times the
    players stay at most 3,000,000, else 200,000 boards are drawn. ``win`` is the share of
    boards whose whole pot the player takes, ``tie`` the rest of its equity.

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, a hand
        of the wrong size, or a board that is not 0, 3, 4 or 5 cards.
    :raises ArgumentError: for fewer than 2 or more than 10 hands, an unknown game, ``samples``
        < 1, or ``exact=True`` with ``samples``.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game, ``exact`` that is
        not a bool or None, ``samples`` that is not an int, or a bad seed.

    >>> r = game_equity(["AsAhKsKh", "QdJdTc9c"], "2s7h8d", game="omaha", exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (820, 0.5098)
    """
    kind, index, deck, hole_size = _game(game)
    given: object = hands
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise ArgumentTypeError(f"hands are a list of hands, got {hands!r}")
    if not 2 <= len(hands) <= 10:
        raise ArgumentError(f"2 to 10 hands, got {len(hands)}")
    holes = [parse_cards(h) for h in hands]
    sizes = {len(h) for h in holes}
    if len(sizes) != 1 or not sizes <= hole_size:
        raise CardError(
            f"each hand is {' or '.join(map(str, sorted(hole_size)))} cards, all the same size; "
            f"got {[len(h) for h in holes]}"
        )
    known = parse_cards(board)
    if len(known) not in (0, 3, 4, 5):
        raise CardError(f"a board is 0, 3, 4 or 5 cards, got {len(known)}")
    out = parse_cards(dead)
    seen: set[int] = set()
    for card in (*known, *(c for h in holes for c in h), *out):
        if int(card) not in deck:
            raise CardError(f"{card} is not in this game's deck")
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)
    rest = [c for c in sorted(deck) if c not in seen]
    if len(rest) < 5 - len(known):
        raise CardError("not enough cards left for the board")
    if exact is not None and not isinstance(exact, bool):
        raise ArgumentTypeError(f"exact is True, False or None, got {exact!r}")
    if samples is not None:
        check_int(samples, "samples", 1)
        if exact:
            raise ArgumentError("exact=True counts every board: samples does not apply")
    boards = math.comb(len(rest), 5 - len(known))
    if exact is None:
        exact = samples is None and boards * len(holes) <= _EXACT_BOARDS
    used_seed = None
    if not exact:
        used_seed = check_seed(seed)
        if used_seed is None:
            used_seed = secrets.randbits(63)
        samples = samples or 200_000
    share, squares, won, tied, count = _variants.showdowns(
        kind,
        index,
        [[int(c) for c in h] for h in holes],
        [int(c) for c in known],
        rest,
        0 if exact or samples is None else samples,
        used_seed or 0,
    )
    players = []
    for p in range(len(holes)):
        mean = share[p] / count
        stderr = 0.0 if exact else math.sqrt(max(0.0, squares[p] / count - mean * mean) / count)
        players.append(
            PlayerEquity(
                equity=mean,
                win=won[p] / count,
                tie=mean - won[p] / count,
                wins=won[p],
                ties=tied[p],
                stderr=stderr,
            )
        )
    return EquityResult(players=tuple(players), exact=exact, showdowns=count, seed=used_seed)


def _game(game: object) -> tuple[int, int, frozenset[int], set[int]]:
    """(kernel kind, tables index, deck, hole sizes) of a game."""
    if isinstance(game, str) and game.lower() in OMAHA_GAMES:
        kind = OMAHA_GAMES.index(game.lower()) + 1
        return kind, -1, frozenset(range(52)), {4, 5, 6}
    if not isinstance(game, (str, Game)):
        raise ArgumentTypeError(f"a game is a name or a Game, got {game!r}")
    g = resolve_game(game)
    index = -1 if g.is_holdem else g.index
    return 0, index, frozenset(int(c) for c in g.deck), {2}
