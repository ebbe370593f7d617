"""All-in equity in the other games: Omaha (high, or high-low eight or better), short deck,
Manila and Royal hold'em.

:func:`game_equity` takes players' hands or ranges (hold'em's range grammar on the game's deck
in the games of two hole cards; hands or ``'random'`` in Omaha), a board of 0, 3, 4 or 5 cards
and dead cards, and counts every deal and board that can come (``exact``) or draws them at
random (Monte Carlo). In high-low, each pot is split half to the best high hands and half to
the best eight-or-better lows when a low qualifies, else all to the best high hands (Robert's
Rules of Poker, "Omaha high-low eight or better"); odd chips do not arise in shares.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from holdem._validate import check_int, check_seed
from holdem.analysis import _variants
from holdem.analysis.equity import EquityResult, PlayerEquity
from holdem.analysis.ranges import Range, parse_range
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError, RangeError
from holdem.games import THREE_CARD_GAMES, Game, resolve_game

__all__ = ["OMAHA_GAMES", "double_board_equity", "game_equity"]

OMAHA_GAMES = ("omaha", "omaha-hi-lo")
"""The Omaha games :func:`game_equity` takes by name (the others are :data:`holdem.GAMES`)."""

_EXACT_BOARDS = 3_000_000  # exact by default while showdowns times players stay at most this
_EXACT_LIMIT = 10_000_000_000  # exact=True: the most showdowns times players accepted
_EXPAND_LIMIT = 2_000_000  # exact=True: the most holes a random Omaha hole is counted over


def game_equity(
    hands: Sequence[str | Range | Iterable[CardLike]],
    board: str | Iterable[CardLike] = "",
    dead: str | Iterable[CardLike] = "",
    *,
    game: str | Game,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    hole_cards: int | None = None,
) -> EquityResult:
    """All-in equity of 2 to 10 players in ``game``: ``'omaha'``, ``'omaha-hi-lo'``,
    ``'lazy-pineapple'``, ``'double-holdem'`` or a game whose hand is any five of the cards
    (``'short-deck'``, ``'manila'``, ``'royal'``, ``'holdem'``, a :class:`~holdem.Game`).

    What a player is, by game:

    * a game whose hand is any five of the cards: a hand of two cards (``'AsKs'``), or a range
      in hold'em's grammar (:func:`holdem.parse_range`: ``'QQ+,AKs'``, ``'random'``,
      ``'AKs:0.5'``) or a :class:`~holdem.Range`, of which only the combos of the game's deck
      count (``'random'`` in short deck is its 630 combos);
    * Omaha: a hand of 4, 5 or 6 cards (all the same number), or ``'random'``: a hole dealt at
      random from the cards left (``hole_cards`` gives its size when no hand does; 4 by
      default);
    * ``'lazy-pineapple'`` and ``'double-holdem'`` (:data:`holdem.THREE_CARD_GAMES`): a hand of
      three cards (in Double Texas hold'em in order: the middle card plays with each of the
      others), or ``'random'``.

    ``exact=True`` counts every deal of the players' combos and every board that can come
    (combos weighted by their weights, a deal by the product); ``samples=N`` draws N deals and
    boards at random (each combo by its weight, a deal whose combos share a card drawn again),
    reproducibly for a given ``seed``. By default the job is exact while its deals times its
    boards times the players stay at most 3,000,000, else 200,000 deals are drawn. ``win`` is
    the share of showdowns whose whole pot the player takes, ``tie`` the rest of its equity;
    ``wins`` and ``ties`` count them, weighted by the range weights.

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, a hand
        of the wrong size, or a board that is not 0, 3, 4 or 5 cards.
    :raises RangeError: for a range that cannot be read, or that has no combo left in the
        game's deck without the board, the dead cards and the hands; or for ranges whose deals
        all share a card.
    :raises ArgumentError: for fewer than 2 or more than 10 players, an unknown game,
        ``samples`` < 1, ``exact=True`` with ``samples``, ``exact=True`` for a job of more than
        10,000,000,000 showdowns, or ``hole_cards`` that is not 4, 5 or 6 in Omaha (or given in
        another game).
    :raises ArgumentTypeError: for a game that is neither a name nor a Game, ``exact`` that is
        not a bool or None, ``samples`` or ``hole_cards`` that is not an int, or a bad seed.

    >>> r = game_equity(["AsAhKsKh", "QdJdTc9c"], "2s7h8d", game="omaha", exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (820, 0.5098)
    >>> r = game_equity(["AKs", "TT+"], game="short-deck", exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (19332096, 0.4778)
    """
    kind, index, deck, hole_size = _game(game)
    given: object = hands
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise ArgumentTypeError(f"hands are a list of hands, got {hands!r}")
    if not 2 <= len(hands) <= 10:
        raise ArgumentError(f"2 to 10 hands, got {len(hands)}")
    if hole_cards is not None:
        if kind not in (1, 2):
            raise ArgumentError("hole_cards applies to Omaha only (its hole is 4, 5 or 6 cards)")
        check_int(hole_cards, "hole_cards", 4, 6)
    players = [_read_player(h, i, kind) for i, h in enumerate(hands)]
    holes = [p for p in players if isinstance(p, tuple)]
    sizes = {len(h) for h in holes}
    if (
        len(sizes) > 1
        or not sizes <= hole_size
        or (hole_cards is not None and sizes - {hole_cards})
    ):
        raise CardError(
            f"each hand is {' or '.join(map(str, sorted(hole_size)))} cards, all the same size; "
            f"got {[len(h) for h in holes]}"
        )
    nh = sizes.pop() if sizes else (hole_cards or min(hole_size))
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
    n_random = sum(1 for p in players if p is None)
    n_ranges = sum(1 for p in players if isinstance(p, Range))
    dealt = nh * (n_random + n_ranges)
    if len(rest) < 5 - len(known) + dealt:
        raise CardError("not enough cards left for the board")
    _check_way(exact, samples, "board")
    if len(holes) == len(players):
        return _hands_equity(kind, index, holes, known, rest, exact, samples, seed)
    return _range_equity(kind, index, nh, players, known, out, deck, exact, samples, seed)


def _check_way(exact: object, samples: object, counted: str) -> None:
    """Check ``exact`` (True, False or None) and ``samples`` (None or an int >= 1, not with
    ``exact=True``, which counts every ``counted``).

    :raises ArgumentTypeError: for an ``exact`` that is not a bool or None, or ``samples``
        that is not an int.
    :raises ArgumentError: for ``samples`` < 1, or ``samples`` with ``exact=True``.
    """
    if exact is not None and not isinstance(exact, bool):
        raise ArgumentTypeError(f"exact is True, False or None, got {exact!r}")
    if samples is not None:
        check_int(samples, "samples", 1)
        if exact:
            raise ArgumentError(f"exact=True counts every {counted}: samples does not apply")


def _hands_equity(
    kind: int,
    index: int,
    holes: list[tuple[Card, ...]],
    known: tuple[Card, ...],
    rest: list[int],
    exact: bool | None,
    samples: int | None,
    seed: int | None,
) -> EquityResult:
    """Equity of known hands: every board or ``samples`` boards (the kernel ``showdowns``)."""
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
    return _result(share, squares, won, tied, count, float(count), exact, used_seed)


def _range_equity(
    kind: int,
    index: int,
    nh: int,
    players: list[tuple[Card, ...] | Range | None],
    known: tuple[Card, ...],
    out: tuple[Card, ...],
    deck: frozenset[int],
    exact: bool | None,
    samples: int | None,
    seed: int | None,
) -> EquityResult:
    """Equity when some player is a range or a random hole (the kernel ``range_showdowns``)."""
    gone = {int(x) for x in (*known, *out)}
    live = [c for c in sorted(deck) if c not in gone]
    taken = {int(c) for p in players if isinstance(p, tuple) for c in p}
    seats: list[tuple[int, bytes, list[float]]] = []
    for i, p in enumerate(players):
        if isinstance(p, tuple):
            seats.append((nh, bytes(int(c) for c in p), [1.0]))
        elif isinstance(p, Range):
            kept = [
                (combo, w)
                for combo, w in p._items
                if deck.issuperset(combo) and not (taken | gone).intersection(combo)
            ]
            if not kept:
                raise RangeError(
                    f"player {i + 1}'s range {str(p)!r} has no combo left in this game's deck "
                    "without the board, the dead cards and the other players' hands"
                )
            seats.append((nh, bytes(c for combo, _ in kept for c in combo), [w for _, w in kept]))
        else:
            seats.append((0, b"", []))
    free = len(live) - len(taken)
    randoms = [i for i, s in enumerate(seats) if s[0] == 0]
    deals = math.prod(len(s[2]) for s in seats if s[0]) * math.comb(free, nh) ** len(randoms)
    left = len(live) - nh * len(players)
    showdowns = deals * math.comb(left, 5 - len(known)) * len(players)
    if exact is None:
        exact = samples is None and showdowns <= _EXACT_BOARDS
    if exact:
        if showdowns > _EXACT_LIMIT or (randoms and math.comb(free, nh) > _EXPAND_LIMIT):
            raise ArgumentError(
                f"exact=True would count up to {showdowns:,} showdowns: draw samples instead"
            )
        pool = [c for c in live if c not in taken]
        hole_combos = bytes(c for combo in combinations(pool, nh) for c in combo)
        for i in randoms:
            seats[i] = (nh, hole_combos, [1.0] * math.comb(free, nh))
    used_seed = None
    if not exact:
        used_seed = check_seed(seed)
        if used_seed is None:
            used_seed = secrets.randbits(63)
        samples = samples or 200_000
    found = _variants.range_showdowns(
        kind,
        index,
        nh,
        seats,
        [int(c) for c in known],
        live,
        0 if exact or samples is None else samples,
        used_seed or 0,
    )
    if found is None or found[4] == 0:
        raise RangeError("the players' ranges leave no deal in which no card is dealt twice")
    share, squares, won, tied, count, total = found
    return _result(share, squares, won, tied, count, total, exact, used_seed)


def _result(
    share: list[float],
    squares: list[float],
    won: list[float],
    tied: list[float],
    count: int,
    total: float,
    exact: bool,
    seed: int | None,
) -> EquityResult:
    players = []
    for p in range(len(share)):
        mean = share[p] / total
        stderr = 0.0 if exact else math.sqrt(max(0.0, squares[p] / total - mean * mean) / total)
        players.append(
            PlayerEquity(
                equity=mean,
                win=won[p] / total,
                tie=mean - won[p] / total,
                wins=won[p],
                ties=tied[p],
                stderr=stderr,
            )
        )
    return EquityResult(players=tuple(players), exact=exact, showdowns=count, seed=seed)


def _read_player(player: object, i: int, kind: int) -> tuple[Card, ...] | Range | None:
    """A player argument: a hand (its cards), a range (games of two hole cards) or None (a
    random Omaha hole)."""
    if isinstance(player, Range):
        if kind != 0:
            raise ArgumentTypeError(f"player {i + 1}: Omaha takes hands or 'random', not a Range")
        return player
    if isinstance(player, str):
        try:
            cards: tuple[Card, ...] | None = parse_cards(player)
        except CardError:
            if kind != 0 and player.strip().lower() != "random":
                raise
            cards = None
        if kind != 0:
            return cards
        if cards is not None and len(cards) == 2:
            return cards
        try:  # 'AsKs,AhKh' reads as cards too: as a range, it is two combos
            return parse_range(player)
        except RangeError as exc:
            if cards is not None:
                raise CardError(f"player {i + 1}: a hand is two cards, got {len(cards)}") from None
            raise RangeError(f"player {i + 1}: {exc}") from None
    if isinstance(player, Iterable):
        return parse_cards(player)
    raise ArgumentTypeError(f"player {i + 1}: not a hand or a range: {player!r}")


def _game(game: object) -> tuple[int, int, frozenset[int], set[int]]:
    """(kernel kind, tables index, deck, hole sizes) of a game."""
    if isinstance(game, str) and game.lower() in OMAHA_GAMES:
        kind = OMAHA_GAMES.index(game.lower()) + 1
        return kind, -1, frozenset(range(52)), {4, 5, 6}
    if isinstance(game, str) and game.lower() in THREE_CARD_GAMES:
        kind = THREE_CARD_GAMES.index(game.lower()) + 3
        return kind, -1, frozenset(range(52)), {3}
    if not isinstance(game, (str, Game)):
        raise ArgumentTypeError(f"a game is a name or a Game, got {game!r}")
    g = resolve_game(game)
    index = -1 if g.is_holdem else g.index
    return 0, index, frozenset(int(c) for c in g.deck), {2}


# ---------------------------------------------------------------------------------------------
# Double-board hold'em
# ---------------------------------------------------------------------------------------------

_DOUBLE_EXACT = 200_000  # exact by default while the pairs of boards stay at most this many
_DOUBLE_LIMIT = 5_000_000  # exact=True: the most pairs of boards accepted
_DOUBLE_CHUNK = 50_000  # pairs of boards evaluated at once


def double_board_equity(
    hands: Sequence[str | Iterable[CardLike]],
    boards: Sequence[str | Iterable[CardLike]] = ("", ""),
    dead: str | Iterable[CardLike] = "",
    *,
    split: bool = True,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """All-in equity of 2 to 10 two-card hands in double-board hold'em: two boards of 0, 3, 4
    or 5 known cards each, completed from the one deck (Wikipedia "Texas hold 'em", "Similar
    games").

    With ``split`` (the default) each half of the pot goes to the best hands on each board;
    without, the whole pot goes to the best hand on either board (each player's better value
    of the two; ties split). ``exact=True`` counts every pair of boards; ``samples=N`` draws N
    pairs at random (reproducibly for a given ``seed``); by default the job is exact while
    there are at most 200,000 pairs of boards, else 200,000 are drawn. The boards are
    evaluated by :func:`holdem.evaluate_batch` (NumPy).

    :raises CardError: for an unknown or repeated card, a hand that is not two cards, or a board
        that is not 0, 3, 4 or 5 cards.
    :raises ArgumentError: for fewer than 2 or more than 10 hands, other than two boards,
        ``samples`` < 1, ``exact=True`` with ``samples``, or ``exact=True`` for more than
        5,000,000 pairs of boards.
    :raises ArgumentTypeError: for hands that are not a list, ``split`` that is not a bool,
        ``exact`` that is not a bool or None, ``samples`` that is not an int, or a bad seed.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> r = double_board_equity(["AsAh", "KsKh"], ["2c7d9hJs", "3c8dTh4d"], exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (1560, 0.95)
    """
    from holdem.evaluation import _numpy

    np = _numpy()
    given: object = hands
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise ArgumentTypeError(f"hands are a list of hands, got {hands!r}")
    if not 2 <= len(hands) <= 10:
        raise ArgumentError(f"2 to 10 hands, got {len(hands)}")
    if not isinstance(split, bool):
        raise ArgumentTypeError(f"split is True or False, got {split!r}")
    holes = [parse_cards(h) for h in hands]
    if any(len(h) != 2 for h in holes):
        raise CardError(f"each hand is two cards, got {[len(h) for h in holes]}")
    if isinstance(boards, str) or len(boards) != 2:
        raise ArgumentError("double-board hold'em has two boards: boards=(first, second)")
    known = [parse_cards(b) for b in boards]
    if any(len(b) not in (0, 3, 4, 5) for b in known):
        raise CardError(f"a board is 0, 3, 4 or 5 cards, got {[len(b) for b in known]}")
    seen: set[Card] = set()
    for card in (*(c for h in holes for c in h), *known[0], *known[1], *parse_cards(dead)):
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)
    rest = [c for c in range(52) if Card(c) not in seen]
    need = (5 - len(known[0]), 5 - len(known[1]))
    if len(rest) < sum(need):
        raise CardError("not enough cards left for the boards")
    _check_way(exact, samples, "pair of boards")
    pairs = math.comb(len(rest), need[0]) * math.comb(len(rest) - need[0], need[1])
    if exact is None:
        exact = samples is None and pairs <= _DOUBLE_EXACT
    if exact and pairs > _DOUBLE_LIMIT:
        raise ArgumentError(f"exact=True would count {pairs:,} pairs of boards: draw samples")
    used_seed = None
    if not exact:
        used_seed = check_seed(seed)
        if used_seed is None:
            used_seed = secrets.randbits(63)
    n = len(holes)
    totals = np.zeros((4, n))  # share, squares, won, tied
    fixed = [np.array([int(c) for c in b], dtype=np.uint8) for b in known]
    count = 0
    for extra in _board_chunks(np, rest, need, exact, samples or 200_000, used_seed or 0):
        rows = extra.shape[0]
        one = np.hstack([np.broadcast_to(fixed[0], (rows, len(fixed[0]))), extra[:, : need[0]]])
        two = np.hstack([np.broadcast_to(fixed[1], (rows, len(fixed[1]))), extra[:, need[0] :]])
        values = np.stack(
            [np.stack([_values(np, h, one), _values(np, h, two)], axis=1) for h in holes],
            axis=1,
        )  # (rows, players, 2)
        share = np.zeros((rows, n))
        if split:
            for k in (0, 1):
                best = values[:, :, k] == values[:, :, k].max(axis=1, keepdims=True)
                share += 0.5 * best / best.sum(axis=1, keepdims=True)
        else:
            top = values.max(axis=2)
            best = top == top.max(axis=1, keepdims=True)
            share += best / best.sum(axis=1, keepdims=True)
        totals[0] += share.sum(axis=0)
        totals[1] += (share * share).sum(axis=0)
        totals[2] += (share == 1.0).sum(axis=0)
        totals[3] += ((share > 0) & (share < 1.0)).sum(axis=0)
        count += rows
    return _result(
        totals[0].tolist(),
        totals[1].tolist(),
        totals[2].tolist(),
        totals[3].tolist(),
        count,
        float(count),
        exact,
        used_seed,
    )


def _values(np: Any, hole: tuple[Card, ...], board: Any) -> Any:
    """hold'em values of a two-card hand with each row of a (rows, 5) board array."""
    from holdem.evaluation import evaluate_batch

    rows = board.shape[0]
    hand = np.broadcast_to(np.array([int(c) for c in hole], dtype=np.uint8), (rows, 2))
    return evaluate_batch(np.hstack([hand, board]))


def _board_chunks(
    np: Any, rest: list[int], need: tuple[int, int], exact: bool, samples: int, seed: int
) -> Iterable[Any]:
    """Arrays of the cards that complete the two boards (first board's cards, then the
    second's): every pair of completions, or ``samples`` drawn at random, by chunks."""
    width = need[0] + need[1]
    if exact:
        rows: list[tuple[int, ...]] = []
        for first in combinations(rest, need[0]):
            left = [c for c in rest if c not in first]
            for second in combinations(left, need[1]):
                rows.append(first + second)
                if len(rows) == _DOUBLE_CHUNK:
                    yield np.array(rows, dtype=np.uint8).reshape(-1, width)
                    rows = []
        if rows:
            yield np.array(rows, dtype=np.uint8).reshape(-1, width)
        return
    rng = np.random.default_rng(seed)
    deck = np.array(rest, dtype=np.uint8)
    done = 0
    while done < samples:
        rows_now = min(_DOUBLE_CHUNK, samples - done)
        order = np.argsort(rng.random((rows_now, len(rest))), axis=1)[:, :width]
        yield deck[order]
        done += rows_now
