"""Hand values and what they mean: categories, descriptions, the best five cards, showdowns.

:func:`evaluate` (from the compiled core) maps 5, 6 or 7 cards to a value from 1 to 7462, higher
is better; this module explains values and ranks several hands against one board. The batch
functions take and return NumPy arrays (NumPy is imported only when they are called).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem import _core, _dealing, _omaha, games
from holdem._batch import card_array, numpy_module, out_array, run_rows, share_rows
from holdem._core import evaluate
from holdem._parallel import run_chunks, useful_threads
from holdem._validate import Lookup, check_collection, check_int, check_seed
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentError, CardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "N_VALUES",
    "Category",
    "Showdown",
    "best_five",
    "category",
    "deal_batch",
    "describe",
    "evaluate",
    "evaluate_batch",
    "hand_class_batch",
    "name_hand",
    "showdown",
    "showdown_batch",
    "value_histogram",
]

N_VALUES = 7462
"""Number of distinct hand values: 1 (7-5-4-3-2 offsuit) to 7462 (a royal flush)."""


class Category(Lookup, enum.IntEnum):
    """The nine kinds of poker hand, weakest to strongest."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The name in words: ``'Full house'``."""
        return self.name.replace("_", " ").capitalize()

    def __str__(self) -> str:
        return self.label


def category(value: int, game: str | games.Game | None = "holdem") -> Category:
    """The category of a hand value (of hold'em, or of ``game``: see :mod:`holdem.games`).

    :raises ArgumentTypeError: if ``value`` is not an int (a bool is not one), or ``game`` is
        neither a name nor a Game.
    :raises ArgumentError: if ``value`` is not from 1 to 7462 (the game's ``n_values``), or
        for an unknown game name.

    >>> category(evaluate("KsKhKd4c4h 9s 2d"))
    <Category.FULL_HOUSE: 6>
    >>> category(evaluate("As6s7s8s9d", game="short-deck"), game="short-deck")
    <Category.STRAIGHT: 4>
    """
    return Category(games.value_ranks(value, games.resolve_game(game))[0])


_ONE = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "jack", "queen", "king", "ace")  # fmt: skip
_MANY = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
         "jacks", "queens", "kings", "aces")  # fmt: skip


def _kickers(ranks: Iterable[int]) -> str:
    ranks = list(ranks)
    return "-".join(_ONE[r] for r in ranks) + (" kicker" if len(ranks) == 1 else " kickers")


def describe(
    hand: int | str | Iterable[CardLike],
    game: str | games.Game | None = "holdem",
    *,
    style: str = "plain",
) -> str:
    """A hand (its cards or its value) in plain words, in hold'em's ranking or ``game``'s.

    ``style="player"`` uses the names players use where they apply (Wikipedia, "List of poker
    hands"): a five-high straight is a "wheel", a five-high straight flush a "steel wheel", and
    a flush is named by its two highest cards ("King-ten-high flush"); every other hand is
    described as in the plain style. :func:`name_hand` also tells a set from trips.

    :raises CardError: for cards that are not 5, 6 or 7 distinct cards (of the game's deck).
    :raises ArgumentError: for a value that is not from 1 to 7462 (the game's ``n_values``),
        an unknown game name, or a style other than ``"plain"`` and ``"player"``.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.

    >>> describe("KsKhKd 4c4h")
    'Full house, kings full of fours'
    >>> describe("9c9d9h KcQs 3h 5s")
    'Three of a kind, nines, king-queen kickers'
    >>> describe("AsKs9s8s7s")
    'Flush, ace-high'
    >>> describe("As6d7h8s9c", game="short-deck")
    'Straight, nine-high'
    >>> describe("5d4c3h2sAs", style="player"), describe("Ks Ts 5s 3s 2s", style="player")
    ('Wheel (five-high straight)', 'King-ten-high flush')
    """
    if style not in ("plain", "player"):
        raise ArgumentError(f"style is 'plain' or 'player', got {style!r}")
    g = games.resolve_game(game)
    if isinstance(hand, int):
        value = check_int(hand, "a hand value", 1, g.n_values)
    else:
        value = games.evaluate_game(_cards(hand), g)
    cat, ranks = games.value_ranks(value, g)
    top = ranks[0]
    if style == "player":
        said = _player_words(cat, ranks)
        if said is not None:
            return said
    if cat == Category.STRAIGHT_FLUSH:
        return "Royal flush" if top == 12 else f"Straight flush, {_ONE[top]}-high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {_MANY[top]}, {_kickers(ranks[1:])}"
    if cat == Category.FULL_HOUSE:
        return f"Full house, {_MANY[top]} full of {_MANY[ranks[1]]}"
    if cat == Category.FLUSH:
        return f"Flush, {_ONE[top]}-high"
    if cat == Category.STRAIGHT:
        return f"Straight, {_ONE[top]}-high"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {_MANY[top]}, {_kickers(ranks[1:])}"
    if cat == Category.TWO_PAIR:
        return f"Two pair, {_MANY[top]} and {_MANY[ranks[1]]}, {_kickers(ranks[2:])}"
    if cat == Category.ONE_PAIR:
        return f"One pair, {_MANY[top]}, {_kickers(ranks[1:])}"
    return f"High card, {_ONE[top]}, {_kickers(ranks[1:])}"


def _player_words(cat: int, ranks: Sequence[int]) -> str | None:
    """The player's name of a hand where it differs from the plain words, else None."""
    top = ranks[0]
    if cat == Category.STRAIGHT_FLUSH and top == 3:  # 5-4-3-2-A
        return "Steel wheel (five-high straight flush)"
    if cat == Category.STRAIGHT and top == 3:
        return "Wheel (five-high straight)"
    if cat == Category.FLUSH:
        return f"{_ONE[top].capitalize()}-{_ONE[ranks[1]]}-high flush"
    return None


def name_hand(
    hole: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    game: str | games.Game | None = "holdem",
) -> str:
    """The hand a player makes from ``hole`` cards and the ``board``, named as players do.

    As :func:`describe` with ``style="player"`` (the wheel, the steel wheel, "king-ten-high
    flush"), and a three of a kind is named by where its cards are (Wikipedia, "Three of a
    kind": in hold'em "a 'set' refers specifically to a three of a kind composed of a pocket
    pair and one card of matching rank on the board (as opposed to two matching cards on the
    board and a third in the player's hand)"): a set, trips, or three of a kind on the board.

    :raises CardError: for hole cards and board that are not 5, 6 or 7 distinct cards together
        (of the game's deck).
    :raises ArgumentError: for an unknown game name.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.

    >>> name_hand("9s 9h", "9c Kc 3h 5s 2d")
    'Set of nines, king-five kickers'
    >>> name_hand("Qs 9h", "9c Kc 3h 5s 9d")
    'Trips, nines, king-queen kickers'
    >>> name_hand("As 2d", "3c 4h 5d Kc Qh")
    'Wheel (five-high straight)'
    """
    own, shared = parse_cards(hole), parse_cards(board)
    cards = _cards((*own, *shared))
    g = games.resolve_game(game)
    value = games.evaluate_game(cards, g)
    cat, ranks = games.value_ranks(value, g)
    if cat == Category.THREE_OF_A_KIND:
        top = ranks[0]
        in_hole = sum(1 for c in own if c.rank == top)
        kick = _kickers(ranks[1:])
        if in_hole == 2:
            return f"Set of {_MANY[top]}, {kick}"
        if in_hole == 1:
            return f"Trips, {_MANY[top]}, {kick}"
        return f"Three of a kind on the board, {_MANY[top]}, {kick}"
    return describe(value, g, style="player")


def _cards(cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise CardError(f"a hand is 5, 6 or 7 cards, got {len(parsed)}")
    return parsed


def best_five(
    cards: str | Iterable[CardLike], game: str | games.Game | None = "holdem"
) -> tuple[Card, ...]:
    """The best five of 5-7 cards, most significant first (a wheel is 5-4-3-2-A), in hold'em's
    ranking or ``game``'s.

    :raises CardError: for cards that are not 5, 6 or 7 distinct cards (of the game's deck).
    :raises ArgumentError: for an unknown game name.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.

    >>> best_five("9c Kc 3h 5s 9d Qs 9h")
    (Card('9c'), Card('9d'), Card('9h'), Card('Kc'), Card('Qs'))
    >>> best_five("As 6d 7h 8s 9c Kd Kh", game="short-deck")
    (Card('9c'), Card('8s'), Card('7h'), Card('6d'), Card('As'))
    """
    g = games.resolve_game(game)
    return games.best_five_of(_cards(cards), g)


@dataclass(frozen=True)
class Showdown:
    """The result of ranking several hands on one board.

    ``values[i]`` is player i's hand value; ``winners`` the players with the best value (more
    than one on a tie); ``order`` groups of players with equal hands, best group first.
    """

    values: tuple[int, ...]
    winners: tuple[int, ...]
    order: tuple[tuple[int, ...], ...]


def showdown(
    board: str | Iterable[CardLike], hands: Iterable[str | Iterable[CardLike]]
) -> Showdown:
    """Rank players' two-card hands on a board of 3, 4 or 5 cards; ties are kept together.

    No card may appear twice among the board and the hands.

    :raises CardError: for an unknown or repeated card, a board that is not 3, 4 or 5 cards, or
        a hand that is not two cards.
    :raises ArgumentError: when there is no hand.
    :raises ArgumentTypeError: when ``hands`` is not a collection of hands (None, a str).

    >>> result = showdown("9c Kc 3h 5s 9d", ["Qs 9h", "Ks Jh", "Ac 7c"])
    >>> result.winners, result.order
    ((0,), ((0,), (1,), (2,)))
    """
    board_cards = parse_cards(board)
    check_collection(hands, "hands", "['Qs 9h', 'Ks Jh']")
    holes = [parse_cards(h) for h in hands]
    if not 3 <= len(board_cards) <= 5:
        raise CardError(f"a board is 3, 4 or 5 cards, got {len(board_cards)}")
    if not holes:
        raise ArgumentError("a showdown needs at least one hand")
    for i, hole in enumerate(holes):
        if len(hole) != 2:
            raise CardError(f"hand {i} has {len(hole)} cards, not 2")
    seen = set(board_cards)
    for i, hole in enumerate(holes):
        for card in hole:
            if card in seen:
                raise CardError(f"card {card} of hand {i} is already in play")
            seen.add(card)
    values = tuple(_core.showdown_values(board_cards, [c for h in holes for c in h]))
    levels = sorted(set(values), reverse=True)
    order = tuple(tuple(i for i, v in enumerate(values) if v == level) for level in levels)
    return Showdown(values=values, winners=order[0], order=order)


def value_histogram(n_cards: int = 7, game: str | games.Game | None = "holdem") -> list[int]:
    """How many of all C(52, n) hands of ``n_cards`` (5, 6 or 7) cards have each value.

    Returns 7463 counts indexed by value (index 0 is unused), from a compiled enumeration of
    every hand; with ``game``, the hands of its deck and ``game.n_values + 1`` counts.

    :raises ArgumentTypeError: if ``n_cards`` is not an int, or ``game`` is neither a name nor
        a Game.
    :raises ArgumentError: if ``n_cards`` is not 5, 6 or 7, or for an unknown game name.

    >>> counts = value_histogram(5)
    >>> sum(counts), counts[N_VALUES]
    (2598960, 4)
    """
    return games.game_histogram(n_cards, games.resolve_game(game))


# ---------------------------------------------------------------------------------------------
# Batch forms (NumPy)
# ---------------------------------------------------------------------------------------------


def evaluate_batch(
    cards: npt.ArrayLike,
    *,
    threads: int = 1,
    out: npt.NDArray[np.uint16] | None = None,
    game: str | games.Game | None = "holdem",
) -> npt.NDArray[np.uint16]:
    """Values of N hands: an (N, 5 | 6 | 7) array of card indices in, N uint16 values out.

    The kernel runs with the GIL released; ``threads`` splits the rows across that many Python
    threads. A row with an unknown or repeated card (or, with ``game``, a card outside its
    deck) raises :class:`CardError` naming the row.

    :raises CardError: for rows that are not 5, 6 or 7 cards, a value that is not a card index,
        or a row with an unknown or repeated card (the message names the first such row).
    :raises ArgumentError: for an array that is not two-dimensional, a bad ``out`` array,
        ``threads`` < 1, or an unknown game name.
    :raises ArgumentTypeError: for ``threads`` that is not an int, ``out`` that is not a NumPy
        array, or a game that is neither a name nor a Game.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]]).tolist()
    [7462, 5855]
    """
    g = games.resolve_game(game)
    np = numpy_module()
    arr = card_array(cards, "cards", (None, None))
    rows, ncols = arr.shape
    if ncols not in (5, 6, 7):
        raise CardError(f"each row is 5, 6 or 7 cards, got {ncols}")
    out = out_array(np, out, rows)
    if g.is_holdem:  # the hold'em kernel shares the rows among its calls itself
        bad = share_rows(
            rows, threads, lambda cursor, n: _core.evaluate_rows(arr, out, None, cursor, n)
        )
    else:
        bad = run_rows(rows, threads, lambda lo, hi: games.evaluate_rows(g, arr[lo:hi], out[lo:hi]))
    if bad >= 0:
        row = " ".join(str(Card(c)) if c < 52 else f"<{c}>" for c in arr[bad].tolist())
        raise CardError(f"row {bad} has an unknown or repeated card: {row}")
    return out


def showdown_batch(
    boards: npt.ArrayLike,
    hands: npt.ArrayLike,
    *,
    threads: int = 1,
    game: str | games.Game | None = "holdem",
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.bool_]]:
    """Showdowns on N boards at once: each player's value and whether the player wins.

    ``boards`` is (N, 3 | 4 | 5) card indices; ``hands`` is (P, 2), the same players on every
    board, or (N, P, 2). Returns ``(values, winners)``: (N, P) uint16 values and an (N, P) bool
    array that marks every best hand (several on a tie).

    With ``game``: a game whose hand is any five of the cards (``'short-deck'``, a
    :class:`Game`) takes the same shapes and gives its own values; ``'omaha'`` takes hands of
    4, 5 or 6 cards ((P, 4 | 5 | 6) or (N, P, 4 | 5 | 6)) and gives Omaha's high values;
    ``'omaha-hi-lo'`` gives (N, P, 2) values and flags: the high value and whether it is a
    best high hand, then the eight-or-better low value (0 for none) and whether it is a best
    low (no player's flag is set when no low qualifies).

    :raises CardError: for a board that is not 3, 4 or 5 cards, a value that is not a card
        index, or a board whose cards and hands hold an unknown or repeated card, or a card
        outside the game's deck (the message names the first such board).
    :raises ArgumentError: for arrays of the wrong shape, too many players for the deck,
        ``threads`` < 1, an unknown game name, or a game of three hole cards.
    :raises ArgumentTypeError: for ``threads`` that is not an int, or a game that is neither a
        name nor a Game.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> values, winners = showdown_batch([[0, 5, 10, 20, 30]], [[51, 47], [50, 46]])
    >>> winners.tolist()
    [[True, True]]
    >>> values, winners = showdown_batch(
    ...     [[0, 5, 10, 20, 30]], [[51, 47, 1, 2], [50, 46, 3, 4]], game="omaha-hi-lo"
    ... )
    >>> winners.tolist()
    [[[True, True], [False, True]]]
    """
    rule = games.evaluator(game)
    if rule.kind > 2:
        raise ArgumentError(f"showdown_batch takes no game of three hole cards, got {game!r}")
    omaha, low, g = rule.kind > 0, rule.low, rule.ranking
    np = numpy_module()
    b = card_array(boards, "boards", (None, None))
    three = np.ndim(hands) == 3
    h = card_array(hands, "hands", (None, None, None) if three else (None, None))
    nh = h.shape[-1]
    if nh not in rule.hole_sizes:
        raise ArgumentError(
            f"hands are (P, {'4-6' if omaha else 2}) or one set per board, got {h.shape}"
        )
    if h.ndim == 2:
        h = h[np.newaxis]
    elif h.shape[0] != b.shape[0]:
        raise ArgumentError(
            f"hands are (P, {nh}) or one set per board, got {h.shape} for {b.shape[0]}"
        )
    rows, players = b.shape[0], h.shape[1]
    if not 3 <= b.shape[1] <= 5:
        raise CardError(f"a board is 3, 4 or 5 cards, got {b.shape[1]}")
    size = len(rule.deck)
    if players < 1 or b.shape[1] + nh * players > size:
        raise ArgumentError(f"from 1 to {(size - b.shape[1]) // nh} players, got {players}")
    width = 2 * players if low else players
    values = np.empty((rows, width), dtype=np.uint16)
    winners = np.empty((rows, width), dtype=np.uint8)
    shared = h.shape[0] == 1

    def work(lo: int, hi: int) -> int:
        hl = h if shared else h[lo:hi]
        if omaha:
            return _omaha.omaha_showdown_rows(b[lo:hi], hl, low, values[lo:hi], winners[lo:hi])
        return games.showdown_rows(g, b[lo:hi], hl, values[lo:hi], winners[lo:hi])

    if not omaha and g.is_holdem:  # the hold'em kernel shares the rows among its calls itself
        bad = share_rows(
            rows,
            threads,
            lambda cursor, n: _core.showdown_rows(b, h, values, winners, cursor, None, n),
        )
    else:
        bad = run_rows(rows, threads, work)
    if bad >= 0:
        raise CardError(
            f"board {bad}: an unknown card, a card that appears twice or one outside the deck"
        )
    if low:
        return values.reshape(rows, players, 2), winners.view(np.bool_).reshape(rows, players, 2)
    return values, winners.view(np.bool_)


def deal_batch(
    n: int, players: int = 2, board: int = 5, *, seed: int | None = None, threads: int = 1
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``n`` random deals of two hole cards to each of ``players`` and ``board`` board cards.

    Returns ``(holes, boards)``: uint8 card indices of shapes ``(n, players, 2)`` and
    ``(n, board)``, no card twice within a deal (a uniform draw without replacement from the 52
    cards). The deals depend on ``seed`` only, not on ``threads`` (the rows are dealt in blocks,
    each from its own stream seeded from the seed and the block's number); None draws a seed
    from the operating system. A seed's deals are reproducible within one version of holdem,
    not across versions: the generator behind them is not part of the interface.
    ``holes[:, p]`` is what :func:`evaluate_batch` and :func:`hand_class_batch` take, with the
    board concatenated for the first.

    :raises ArgumentError: for a negative ``n``, fewer than 1 or more than 23 players, a board
        other than 0 to 5 cards, more cards than the deck holds, a negative seed, or
        ``threads`` < 1.
    :raises ArgumentTypeError: for counts or a seed that are not ints.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> holes, boards = deal_batch(3, players=2, seed=1)
    >>> holes.shape, boards.shape, len(set(holes[0].ravel()) | set(boards[0]))
    ((3, 2, 2), (3, 5), 9)
    """
    np = numpy_module()
    rows = check_int(n, "n", 0)
    k = check_int(players, "players", 1, 23)
    b = check_int(board, "board", 0, 5)
    if 2 * k + b > 52:
        raise ArgumentError(f"{k} players and {b} board cards need {2 * k + b} cards: 52 at most")
    given = check_seed(seed)
    if given is None:
        import secrets

        given = secrets.randbits(64)
    while given >= 1 << 64:  # fold a long seed into 64 bits
        given = (given & ((1 << 64) - 1)) ^ (given >> 64)
    holes = np.empty((rows, k, 2), dtype=np.uint8)
    boards = np.empty((rows, b), dtype=np.uint8)
    flat = holes.reshape(rows, 2 * k)
    block = _dealing.block_rows()
    blocks = -(-rows // block)
    workers = max(1, min(check_int(threads, "threads", 1), blocks, useful_threads()))
    step = max(1, -(-blocks // workers))
    chunks = [(lo, min(blocks, lo + step)) for lo in range(0, blocks, step)] or [(0, 0)]
    run_chunks(
        lambda lo, hi: _dealing.deal_blocks(
            given, lo, flat[lo * block : hi * block], boards[lo * block : hi * block]
        ),
        chunks,
        threads=len(chunks),
    )
    return holes, boards


def hand_class_batch(holes: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The starting-hand class (0 to 168) of each pair of hole cards in an array.

    ``holes`` is any array of card indices whose last axis holds two cards (``(N, 2)``, or the
    ``(N, players, 2)`` of :func:`deal_batch`); the result has the other axes. Class ``i`` is
    ``holdem.CLASSES[i]`` (the 13 x 13 grid row by row: pairs on the diagonal, suited above,
    offsuit below), as :func:`holdem.hand_class` names it.

    :raises CardError: for a value that is not a card index, or a repeated card in a pair.
    :raises ArgumentError: for an array whose last axis is not two cards.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> from holdem import CLASSES
    >>> [CLASSES[i] for i in hand_class_batch([[51, 47], [0, 5], [20, 21]])]
    ['AKs', '32o', '77']
    """
    np = numpy_module()
    try:
        arr = np.asarray(holes)
    except (ValueError, TypeError, OverflowError) as exc:  # ragged rows: no array
        raise ArgumentError(f"holes must be an array of rows of two cards: {exc}") from None
    if arr.ndim < 1 or arr.shape[-1] != 2:
        raise ArgumentError(f"holes must have a last axis of two cards, got shape {arr.shape}")
    shape = arr.shape[:-1]
    pairs = card_array(arr.reshape(-1, 2), "holes", (None, 2))
    out = np.empty(len(pairs), dtype=np.uint8)
    bad = _dealing.class_index_rows(pairs, out)
    if bad >= 0:
        a, b = (int(c) for c in pairs[bad])
        raise CardError(f"holes: row {bad} is not two different cards: {a} and {b}")
    return out.reshape(shape)  # type: ignore[no-any-return]
