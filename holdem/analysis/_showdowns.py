"""Equity counted showdown by showdown: the variant kernels' runs and the double board's.

Every game but hold'em (whose ranges run in :mod:`holdem.analysis._exact` and
:mod:`holdem.analysis._sampling`) is counted here by the kernels of
:mod:`holdem.analysis._variants` (:func:`game` reads the players as the game has them): known
hands over every board or over sampled boards (:func:`hands`), and ranges or random holes over
their deals (:func:`ranges`). Double-board hold'em evaluates its pairs of boards with
:func:`holdem.evaluate_batch` (:func:`double_board`). Each gives its sums (:class:`Sums`);
:func:`holdem.analysis.equity.equity` makes the result.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from holdem import games
from holdem._batch import numpy_module
from holdem._validate import check_int, check_samples, check_seed, length
from holdem.analysis import _variants
from holdem.analysis.ranges import Range, parse_range
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError, RangeError
from holdem.evaluation import evaluate_batch

__all__ = ["EXACT_SHOWDOWNS", "Sums", "check_way", "double_board", "game", "hands", "ranges"]

#: Exact by default while showdowns times players stay at most this many.
EXACT_SHOWDOWNS = 3_000_000
_EXACT_LIMIT = 10_000_000_000  # exact=True: the most showdowns times players accepted
_EXPAND_LIMIT = 2_000_000  # exact=True: the most holes a random Omaha hole is counted over
_SAMPLES = 200_000  # samples by default when a job is not exact

_DOUBLE_EXACT = 200_000  # exact by default while the pairs of boards stay at most this many
_DOUBLE_LIMIT = 5_000_000  # exact=True: the most pairs of boards accepted
_DOUBLE_CHUNK = 50_000  # pairs of boards evaluated at once


class Sums(NamedTuple):
    """What a run counted, per player: the shares of the pots won (``share``, and the sum of
    their squares), the showdowns won alone and those split, weighted by the deals' weights;
    ``showdowns`` counted, of total weight ``total``; whether every one was counted (``exact``),
    else the ``seed`` the samples were drawn from."""

    share: list[float]
    squares: list[float]
    won: list[float]
    tied: list[float]
    showdowns: int
    total: float
    exact: bool
    seed: int | None


def _seed(exact: bool, seed: int | None) -> int | None:
    """The seed of a sampled run (``seed``, or one from the operating system); None if exact."""
    if exact:
        return None
    used = check_seed(seed)
    return secrets.randbits(63) if used is None else used


def game(
    given: object,
    board: object,
    dead: object,
    rule: games.Evaluator,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    hole_cards: int | None,
) -> Sums:
    """The sums of the players ``given`` in the variant kernels' game of ``rule``: what
    :func:`holdem.equity` counts in a game other than hold'em (see it for the arguments and
    the errors)."""
    kind = rule.kind
    index = -1 if rule.ranking.is_holdem else rule.ranking.index
    deck = frozenset(int(c) for c in rule.deck)
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise ArgumentTypeError(f"hands are a list of hands, got {given!r}")
    if not 2 <= length(given, "hands") <= 10:
        raise ArgumentError(f"2 to 10 hands, got {len(given)}")
    if hole_cards is not None:
        if kind not in (1, 2):
            raise ArgumentError("hole_cards applies to Omaha only (its hole is 4, 5 or 6 cards)")
        check_int(hole_cards, "hole_cards", 4, 6)
    players = [_player(h, i, kind) for i, h in enumerate(given)]
    holes = [p for p in players if isinstance(p, tuple)]
    sizes = {len(h) for h in holes}
    if (
        len(sizes) > 1
        or not sizes <= set(rule.hole_sizes)
        or (hole_cards is not None and sizes - {hole_cards})
    ):
        raise CardError(
            f"each hand is {' or '.join(map(str, rule.hole_sizes))} cards, all the same size; "
            f"got {[len(h) for h in holes]}"
        )
    nh = sizes.pop() if sizes else (hole_cards or min(rule.hole_sizes))
    known = parse_cards(board)  # type: ignore[arg-type]
    if len(known) not in (0, 3, 4, 5):
        raise CardError(f"a board is 0, 3, 4 or 5 cards, got {len(known)}")
    out = parse_cards(dead)  # type: ignore[arg-type]
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
    if len(rest) < 5 - len(known) + nh * (n_random + n_ranges):
        raise CardError("not enough cards left for the board")
    check_way(exact, samples, "board")
    board_ints = [int(c) for c in known]
    if len(holes) == len(players):
        hole_ints = [tuple(int(c) for c in h) for h in holes]
        return hands(kind, index, hole_ints, board_ints, rest, exact, samples, seed)
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
    return ranges(kind, index, nh, seats, board_ints, live, taken, exact, samples, seed)


def check_way(exact: object, samples: object, counted: str) -> None:
    """Check ``exact`` (True, False or None) and ``samples`` (None or an int from 1 to 2**32,
    not with ``exact=True``, which counts every ``counted``).

    :raises ArgumentTypeError: for an ``exact`` that is not a bool or None, or ``samples``
        that is not an int.
    :raises ArgumentError: for ``samples`` < 1 or above 2**32, or ``samples`` with
        ``exact=True``.
    """
    if exact is not None and not isinstance(exact, bool):
        raise ArgumentTypeError(f"exact is True, False or None, got {exact!r}")
    if samples is not None:
        check_samples(samples)
        if exact:
            raise ArgumentError(f"exact=True counts every {counted}: samples does not apply")


def _player(player: object, i: int, kind: int) -> tuple[Card, ...] | Range | None:
    """A player argument in the variant kernels' game ``kind``: a hand (its cards), a range
    (games of two hole cards) or None (a random hole)."""
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


def hands(
    kind: int,
    index: int,
    holes: list[tuple[int, ...]],
    known: list[int],
    rest: list[int],
    exact: bool | None,
    samples: int | None,
    seed: int | None,
) -> Sums:
    """Equity of known hands in the variant kernels' game ``kind`` (ranking ``index``): every
    board that can come from ``rest``, or ``samples`` boards (the kernel ``showdowns``)."""
    boards = math.comb(len(rest), 5 - len(known))
    if exact is None:
        exact = samples is None and boards * len(holes) <= EXACT_SHOWDOWNS
    used_seed = _seed(exact, seed)
    share, squares, won, tied, count = _variants.showdowns(
        kind,
        index,
        [list(h) for h in holes],
        known,
        rest,
        0 if exact else samples or _SAMPLES,
        used_seed or 0,
    )
    return Sums(share, squares, won, tied, count, float(count), exact, used_seed)


def ranges(
    kind: int,
    index: int,
    nh: int,
    seats: list[tuple[int, bytes, list[float]]],
    known: list[int],
    live: list[int],
    taken: set[int],
    exact: bool | None,
    samples: int | None,
    seed: int | None,
) -> Sums:
    """Equity when some player is a range or a random hole (the kernel ``range_showdowns``).

    ``seats``: per player, its hole size, its combos' cards and their weights (``(0, b"", [])``
    for a random hole of ``nh`` cards); ``live``: the cards not on the board or dead;
    ``taken``: those of them in the known hands.

    :raises ArgumentError: for ``exact=True`` beyond 10,000,000,000 showdowns.
    :raises RangeError: when no deal of the ranges is without a card dealt twice.
    """
    players = len(seats)
    free = len(live) - len(taken)
    randoms = [i for i, s in enumerate(seats) if s[0] == 0]
    deals = math.prod(len(s[2]) for s in seats if s[0]) * math.comb(free, nh) ** len(randoms)
    left = len(live) - nh * players
    showdowns = deals * math.comb(left, 5 - len(known)) * players
    if exact is None:
        exact = samples is None and showdowns <= EXACT_SHOWDOWNS
    if exact:
        if showdowns > _EXACT_LIMIT or (randoms and math.comb(free, nh) > _EXPAND_LIMIT):
            raise ArgumentError(
                f"exact=True would count up to {showdowns:,} showdowns: draw samples instead"
            )
        pool = [c for c in live if c not in taken]
        hole_combos = bytes(c for combo in combinations(pool, nh) for c in combo)
        for i in randoms:
            seats[i] = (nh, hole_combos, [1.0] * math.comb(free, nh))
    used_seed = _seed(exact, seed)
    found = _variants.range_showdowns(
        kind,
        index,
        nh,
        seats,
        known,
        live,
        0 if exact else samples or _SAMPLES,
        used_seed or 0,
    )
    if found is None or found[4] == 0:
        raise RangeError("the players' ranges leave no deal in which no card is dealt twice")
    share, squares, won, tied, count, total = found
    return Sums(share, squares, won, tied, count, total, exact, used_seed)


def double_board(
    given: object,
    boards: Sequence[str | Iterable[CardLike]],
    dead: str | Iterable[CardLike],
    split: bool,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
) -> Sums:
    """The sums of two-card hands in double-board hold'em, the two ``boards`` completed from
    the one deck: every pair of boards, or ``samples`` pairs; ``split``: half of the pot on each
    board, else all of it to the best hand on either. What :func:`holdem.double_board_equity`
    counts (see it for the errors).
    """
    np = numpy_module()
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise ArgumentTypeError(f"hands are a list of hands, got {given!r}")
    if not 2 <= length(given, "hands") <= 10:
        raise ArgumentError(f"2 to 10 hands, got {len(given)}")
    if not isinstance(split, bool):
        raise ArgumentTypeError(f"split is True or False, got {split!r}")
    cards = [parse_cards(h) for h in given]
    if any(len(h) != 2 for h in cards):
        raise CardError(f"each hand is two cards, got {[len(h) for h in cards]}")
    if isinstance(boards, str) or length(boards, "boards", ArgumentError) != 2:
        raise ArgumentError("double-board hold'em has two boards: boards=(first, second)")
    shown = [parse_cards(b) for b in boards]
    if any(len(b) not in (0, 3, 4, 5) for b in shown):
        raise CardError(f"a board is 0, 3, 4 or 5 cards, got {[len(b) for b in shown]}")
    seen: set[Card] = set()
    for card in (*(c for h in cards for c in h), *shown[0], *shown[1], *parse_cards(dead)):
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)
    rest = [c for c in range(52) if Card(c) not in seen]
    if len(rest) < 10 - len(shown[0]) - len(shown[1]):
        raise CardError("not enough cards left for the boards")
    check_way(exact, samples, "pair of boards")
    holes = [[int(c) for c in h] for h in cards]
    known = [[int(c) for c in b] for b in shown]
    need = (5 - len(known[0]), 5 - len(known[1]))
    pairs = math.comb(len(rest), need[0]) * math.comb(len(rest) - need[0], need[1])
    if exact is None:
        exact = samples is None and pairs <= _DOUBLE_EXACT
    if exact and pairs > _DOUBLE_LIMIT:
        raise ArgumentError(f"exact=True would count {pairs:,} pairs of boards: draw samples")
    used_seed = _seed(exact, seed)
    n = len(holes)
    totals = np.zeros((4, n))  # share, squares, won, tied
    fixed = [np.array(b, dtype=np.uint8) for b in known]
    count = 0
    for extra in _board_chunks(np, rest, need, exact, samples or _SAMPLES, used_seed or 0):
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
    won, tied = totals[2].tolist(), totals[3].tolist()
    return Sums(
        totals[0].tolist(), totals[1].tolist(), won, tied, count, float(count), exact, used_seed
    )


def _values(np: Any, hole: Sequence[int], board: Any) -> Any:
    """hold'em values of a two-card hand with each row of a (rows, 5) board array."""
    rows = board.shape[0]
    hand = np.broadcast_to(np.array(hole, dtype=np.uint8), (rows, 2))
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
                    yield np.array(rows, dtype=np.uint8).reshape(len(rows), width)
                    rows = []
        if rows:
            yield np.array(rows, dtype=np.uint8).reshape(len(rows), width)
        return
    rng = np.random.default_rng(seed)
    deck = np.array(rest, dtype=np.uint8)
    done = 0
    while done < samples:
        rows_now = min(_DOUBLE_CHUNK, samples - done)
        order = np.argsort(rng.random((rows_now, len(rest))), axis=1)[:, :width]
        yield deck[order]
        done += rows_now
