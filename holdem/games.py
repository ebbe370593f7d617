"""The other games on the same compiled core: short deck, Manila, Royal hold'em and Omaha.

**Games whose hand is any five of the cards** (hold'em's family on a smaller deck) are
:class:`Game` values; :func:`holdem.evaluate`, :func:`holdem.evaluate_batch`,
:func:`holdem.category`, :func:`holdem.describe`, :func:`holdem.best_five` and
:func:`holdem.value_histogram` take ``game=`` (a name from :data:`GAMES` or a Game). A game's
values run from 1 to :attr:`Game.n_values`, higher is better, equal values tie; its ranking is
its own, so values of two games do not compare.

The ranking follows the deck: a category that is rarer among the deck's five-card hands ranks
higher (the counts are enumerated in the tests):

* **short deck** (six-plus hold'em; 36 cards, six to ace; Wikipedia "Six-plus hold 'em"):
  A-6-7-8-9 is the lowest straight; a flush (480 five-card hands) beats a full house (1,728);
  a straight (6,120) beats three of a kind (16,128) by default, and
  ``trips_beat_straight=True`` gives the rule of the rooms that rank three of a kind higher
  (it is rarer among seven-card hands);
* **Manila** (32 cards, seven to ace; Wikipedia "Texas hold 'em", "Similar games"): A-7-8-9-T
  is the lowest straight; a flush (204) beats a full house (1,344); a straight (5,100) beats
  three of a kind (10,752), with the same option. A flush is rarer than four of a kind (224)
  here too, but the rooms keep four of a kind above it: ``ranking`` orders the categories
  strictly by their counts where wanted;
* **Royal hold'em** (20 cards, ten to ace): the only straight is A-K-Q-J-T, no flush or high card
  exists (every five suited cards are a royal flush, five different ranks a straight), and the
  other categories keep their usual order, which is also the order of their rarity.

High card stays the lowest category everywhere (it is what is left when no category is made,
although among 32 or 36 cards it is rarer than one pair). Every choice is an option of
:class:`Game` (``dataclasses.replace(GAMES["short-deck"],
trips_beat_straight=True)``, or :meth:`Game.with_options`).

**Omaha** (4, 5 or 6 hole cards; the hand is exactly two hole cards and three board cards):
:func:`evaluate_omaha` gives the high value (hold'em's values: :func:`holdem.category` and
:func:`holdem.describe` read it), :func:`evaluate_omaha_low` the eight-or-better low (Robert's
Rules of Poker, "Omaha high-low eight or better": five different ranks from ace to eight, the
ace low, straights and flushes do not count) from 1 (8-7-6-5-4) to 56 (5-4-3-2-A), 0 when no
low qualifies. :func:`evaluate_omaha_batch` does either for N hands with the GIL released.

**Three hole cards, two of them played** (hold'em's values; Wikipedia "Texas hold 'em",
"Similar games"): in Pineapple and Crazy Pineapple a card is discarded before or after the flop,
so the showdown is hold'em's; in **Lazy Pineapple** it is discarded at the showdown, so the
hand is the best of the three pairs of hole cards with the board
(:func:`evaluate_lazy_pineapple`); in **Double Texas hold'em** the middle card plays with each
of the others and the outer cards not together, so the hand is the better of the first and
second card's and the second and third card's (:func:`evaluate_double_holdem`: the order of
the hole cards matters). :func:`evaluate_three_card_batch` does either for N hands with the GIL
released. **Double-board hold'em** plays two boards: :func:`evaluate_double_board` gives a
hand's value on each.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from holdem import _core, _games, _omaha, _pineapple
from holdem._batch import card_array, numpy_module, out_array, run_rows
from holdem._validate import check_collection, check_int, is_int
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "GAMES",
    "OMAHA_GAMES",
    "THREE_CARD_GAMES",
    "Evaluator",
    "Game",
    "describe_low",
    "evaluate_double_board",
    "evaluate_double_holdem",
    "evaluate_lazy_pineapple",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low",
    "evaluate_three_card_batch",
    "evaluator",
    "omaha_best_five",
]

_HOLDEM_VALUES = 7462  # holdem.N_VALUES
_USUAL_ORDER = tuple(range(9))  # the categories' usual order, weakest first
_CARDS = tuple(Card(c) for c in range(52))  # every card, lowest first (a deck is its tail)


@dataclass(frozen=True)
class Game:
    """A game whose hand is the best five of the player's cards and the board, and its ranking.

    ``lowest_rank`` is the deck's lowest rank (0 = deuce: 52 cards; 4 = six: 36; 5 = seven: 32;
    8 = ten: 20); ``wheel`` whether the ace also plays below the deck's lowest four ranks
    (A-2-3-4-5, A-6-7-8-9, A-7-8-9-T); ``flush_beats_full_house`` and ``trips_beat_straight``
    swap those categories' usual order; ``ranking``, when given, is any order of the nine
    categories (:class:`holdem.Category` numbers, weakest first) and overrides both.

    :raises ArgumentError: for a rank outside 0..8, or a ranking that is not an order of the
        nine categories.
    :raises ArgumentTypeError: for a rank that is not an int.

    >>> GAMES["short-deck"].n_values, GAMES["manila"].n_values, GAMES["royal"].n_values
    (1404, 840, 122)
    """

    name: str
    lowest_rank: int = 0
    wheel: bool = True
    flush_beats_full_house: bool = False
    trips_beat_straight: bool = False
    ranking: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        check_int(self.lowest_rank, "lowest_rank", 0, 8)
        if self.ranking is not None:
            check_collection(
                self.ranking, "a ranking", "(0, 1, 2, 3, 4, 5, 6, 7, 8)", ArgumentError
            )
            ranking = list(itertools.islice(self.ranking, 10))  # (nine, and one too many)
            if (
                len(ranking) != 9
                or not all(is_int(c) for c in ranking)
                or sorted(ranking) != list(range(9))
            ):
                raise ArgumentError(
                    f"a ranking lists the nine categories (0..8) weakest first, got {self.ranking}"
                )

    @property
    def positions(self) -> tuple[int, ...]:
        """Each category's place (0 = weakest) in this game's order, by category number."""
        if self.ranking is not None:
            return tuple(self.ranking.index(c) for c in range(9))
        order = list(range(9))
        if self.flush_beats_full_house:
            order[5], order[6] = 6, 5
        if self.trips_beat_straight:
            order[3], order[4] = 4, 3
        return tuple(order)

    @property
    def index(self) -> int:
        """The compiled core's index of this ranking's tables (built on first use)."""
        index: int = _games.game_index(self.lowest_rank, self.wheel, self.positions)
        return index

    @property
    def n_values(self) -> int:
        """The number of distinct hand values (they run from 1 to it)."""
        if self.is_holdem:
            return _HOLDEM_VALUES
        count: int = _games.n_values(self.index)
        return count

    @property
    def is_holdem(self) -> bool:
        """Whether this is hold'em's own ranking (evaluated by the hold'em kernels)."""
        if self.lowest_rank != 0 or not self.wheel:
            return False
        if self.ranking is not None:  # the usual order, weakest first
            return tuple(self.ranking) == _USUAL_ORDER
        return not (self.flush_beats_full_house or self.trips_beat_straight)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, lowest first.

        >>> len(GAMES["manila"].deck)
        32
        """
        return _CARDS[4 * self.lowest_rank :]

    @property
    def wheel_ranks(self) -> frozenset[int]:
        """The ranks of the deck's lowest straight (empty when the ace does not play low)."""
        if not self.wheel:
            return frozenset()
        return frozenset({12, *range(self.lowest_rank, self.lowest_rank + 4)})

    def with_options(self, **options: Any) -> Game:
        """This game with some options changed (``trips_beat_straight=True``).

        :raises TypeError: for an unknown option.
        :raises ArgumentError: for a rank outside 0..8.

        >>> GAMES["short-deck"].with_options(trips_beat_straight=True).trips_beat_straight
        True
        """
        return dataclasses.replace(self, **options)


GAMES: dict[str, Game] = {
    "holdem": Game("holdem"),
    "short-deck": Game("short-deck", lowest_rank=4, flush_beats_full_house=True),
    "manila": Game("manila", lowest_rank=5, flush_beats_full_house=True),
    "royal": Game("royal", lowest_rank=8, wheel=False),
}
"""The games by name: ``holdem``, ``short-deck``, ``manila``, ``royal`` (see the module)."""


def resolve_game(game: str | Game | None) -> Game:
    """The :class:`Game` a name or a Game stands for (None is hold'em).

    :raises ArgumentError: for an unknown name.
    :raises ArgumentTypeError: for anything that is neither a name nor a Game.

    >>> resolve_game("short-deck").lowest_rank
    4
    """
    if game is None:
        return GAMES["holdem"]
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        found = GAMES.get(game) or GAMES.get(game.lower().replace("_", "-"))
        if found is None:
            raise ArgumentError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
        return found
    raise ArgumentTypeError(f"a game is a name ({', '.join(GAMES)}) or a Game, got {game!r}")


def evaluate_game(cards: str | Iterable[CardLike], game: str | Game | None) -> int:
    """Value of the best five of 5, 6 or 7 cards in a game (what ``holdem.evaluate(cards,
    game=...)`` calls).

    :raises CardError: for an unknown or repeated card, a card outside the game's deck, or
        fewer than 5 or more than 7 cards.
    :raises ArgumentError: for an unknown game name.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.

    >>> evaluate_game("AsKsQsJsTs", "royal") == GAMES["royal"].n_values
    True
    """
    given: object = game  # any object may come: only names, Games and None are looked up
    index = _TABLES.get(game) if given is None or isinstance(given, (str, Game)) else None
    if index is None:
        g = resolve_game(game)
        index = -1 if g.is_holdem else g.index
        _TABLES[game] = index
    if index < 0:
        return _core.evaluate(cards)
    value: int = _games.evaluate(cards, index)
    return value


# The tables' index of each game argument seen (a name, a Game or None; -1 for hold'em's own).
_TABLES: dict[str | Game | None, int] = {}

_core.register_game_evaluator(evaluate_game)


def value_ranks(value: int, game: Game) -> tuple[int, tuple[int, ...]]:
    """The category number and the deciding ranks of a game's value.

    :raises ArgumentTypeError: if ``value`` is not an int.
    :raises ArgumentError: for a value outside 1..n_values.
    """
    if game.is_holdem:
        return _core.value_ranks(value)
    check_int(value, "a hand value", 1, game.n_values)
    ranks: tuple[int, tuple[int, ...]] = _games.value_ranks(game.index, value)
    return ranks


def evaluate_rows(game: Game, cards: Any, out: Any) -> int:
    """The kernel of ``game``'s ranking over rows of 5-7 card indices (a C-contiguous uint8
    array) into ``out`` (uint16, one value a row): the first bad row, or -1."""
    if game.is_holdem:
        return int(_core.evaluate_rows(cards, out))
    return int(_games.evaluate_rows(game.index, cards, out))


def showdown_rows(game: Game, boards: Any, holes: Any, values: Any, winners: Any) -> int:
    """The showdown kernel of ``game``'s ranking over rows of boards and two-card hands (as
    :func:`holdem.showdown_batch` shapes them): the first bad board, or -1."""
    if game.is_holdem:
        return int(_core.showdown_rows(boards, holes, values, winners))
    return int(_games.showdown_rows(game.index, boards, holes, values, winners))


def game_histogram(n_cards: int, game: Game) -> list[int]:
    """How many hands of ``n_cards`` cards of the game's deck have each value (index 0 unused).

    :raises ArgumentTypeError: if ``n_cards`` is not an int.
    :raises ArgumentError: if ``n_cards`` is not 5, 6 or 7.
    """
    n = check_int(n_cards, "n_cards", 5, 7)
    if game.is_holdem:
        return _core.value_histogram(n)
    counts: list[int] = _games.value_histogram(game.index, n)
    return counts


def best_five_of(cards: tuple[Card, ...], game: Game) -> tuple[Card, ...]:
    """The best five of 5-7 parsed cards in a game, most significant first (a wheel's ace last).

    :raises CardError: for a card outside the game's deck or a repeated card.
    """
    value = _five_card(game)
    target = value(cards)
    five = next(c for c in combinations(cards, 5) if value(c) == target)
    return _ordered(five, game.wheel_ranks)


def _five_card(game: Game) -> Callable[[Iterable[CardLike]], int]:
    """The evaluator of 5-7 cards in ``game``'s ranking (hold'em's own, or its tables')."""
    if game.is_holdem:
        return _core.evaluate
    index = game.index
    return lambda cards: int(_games.evaluate(cards, index))


def _ordered(five: Iterable[Card], wheel_ranks: frozenset[int]) -> tuple[Card, ...]:
    five = tuple(five)
    count = {r: sum(1 for c in five if c.rank == r) for r in {c.rank for c in five}}
    wheel = {c.rank for c in five} == wheel_ranks
    return tuple(
        sorted(five, key=lambda c: (count[c.rank], -1 if wheel and c.rank == 12 else c.rank),
               reverse=True)
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Omaha
# ---------------------------------------------------------------------------------------------


def evaluate_omaha(hole: str | Iterable[CardLike], board: str | Iterable[CardLike]) -> int:
    """Omaha's high value: the best hand of exactly two hole cards and three board cards.

    ``hole`` is 4, 5 or 6 cards, ``board`` 3, 4 or 5; values are hold'em's (1 to 7462, higher
    is better, equal values tie), so :func:`holdem.category` and :func:`holdem.describe` read
    them.

    :raises CardError: for an unknown or repeated card, a hole that is not 4-6 cards or a board
        that is not 3-5 cards.

    >>> from holdem import describe
    >>> describe(evaluate_omaha("AsAhKsQd", "Ac2s3s4s9d"))
    'Flush, ace-high'
    >>> describe(evaluate_omaha("AsAhAdKd", "AcKcQh5s2d"))
    'Three of a kind, aces, king-queen kickers'
    """
    value: int = _omaha.evaluate_omaha(hole, board)
    return value


def evaluate_omaha_low(hole: str | Iterable[CardLike], board: str | Iterable[CardLike]) -> int:
    """Omaha's eight-or-better low: 1 (8-7-6-5-4) to 56 (5-4-3-2-A), higher is better; 0 when
    two hole cards and three board cards make no low (five different ranks, ace to eight).

    :raises CardError: for an unknown or repeated card, a hole that is not 4-6 cards or a board
        that is not 3-5 cards.

    >>> describe_low(evaluate_omaha_low("As2h9dKd", "3c4d5h8sQd"))
    '5-4-3-2-A'
    >>> evaluate_omaha_low("As9hTdKd", "3c4d5h8sQd")
    0
    """
    value: int = _omaha.evaluate_omaha_low(hole, board)
    return value


_LOW_RANKS = "A2345678"


def describe_low(value: int) -> str:
    """An eight-or-better low value's five ranks, highest first (``'8-6-4-3-2'``).

    :raises ArgumentTypeError: if ``value`` is not an int.
    :raises ArgumentError: for a value outside 1..56.

    >>> describe_low(56), describe_low(1)
    ('5-4-3-2-A', '8-7-6-5-4')
    """
    check_int(value, "a low value", 1, 56)
    return "-".join(_LOW_RANKS[r] for r in _omaha.low_ranks(value))


def omaha_best_five(
    hole: str | Iterable[CardLike], board: str | Iterable[CardLike], *, low: bool = False
) -> tuple[Card, ...] | None:
    """The five cards of Omaha's best high hand (or, with ``low``, best low; None when no low
    qualifies), most significant first: two from the hole, three from the board.

    :raises CardError: for an unknown or repeated card, a hole that is not 4-6 cards or a board
        that is not 3-5 cards.

    >>> omaha_best_five("AsAhKsQd", "Ac2s3s4s9d")
    (Card('As'), Card('Ks'), Card('4s'), Card('3s'), Card('2s'))
    """
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    if low:
        target = evaluate_omaha_low(hole_cards, board_cards)
        if target == 0:
            return None
        want = list(_omaha.low_ranks(target))
        for pair in combinations(hole_cards, 2):
            for three in combinations(board_cards, 3):
                five = (*pair, *three)
                if all(c.rank == 12 or c.rank <= 6 for c in five) and want == sorted(
                    (_low_rank(c) for c in five), reverse=True
                ):
                    return tuple(sorted(five, key=_low_rank, reverse=True))
        raise AssertionError("unreachable: the low's cards were not found")  # pragma: no cover
    target = evaluate_omaha(hole_cards, board_cards)
    for pair in combinations(hole_cards, 2):
        for three in combinations(board_cards, 3):
            if _core.evaluate((*pair, *three)) == target:
                return _ordered((*pair, *three), frozenset({12, 0, 1, 2, 3}))
    raise AssertionError("unreachable: the best hand was not found")  # pragma: no cover


def evaluate_omaha_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    low: bool = False,
    threads: int = 1,
    out: np.ndarray[Any, Any] | None = None,
) -> np.ndarray[Any, Any]:
    """Omaha values of N hands: (N, 4 | 5 | 6) hole and (N, 3 | 4 | 5) board card indices in,
    N uint16 high values (or, with ``low``, eight-or-better low values, 0 for none) out.

    The kernel runs with the GIL released; ``threads`` splits the rows across that many Python
    threads.

    :raises CardError: for holes that are not 4-6 cards, boards that are not 3-5 cards, a value
        that is not a card index, or a row with an unknown or repeated card (the message names
        the first such row).
    :raises ArgumentError: for arrays of other shapes or lengths, a bad ``out`` array, or
        ``threads`` < 1.
    :raises ArgumentTypeError: for ``threads`` that is not an int, or ``out`` that is not a
        NumPy array.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> evaluate_omaha_batch([[51, 47, 0, 1]], [[43, 39, 35, 4, 8]]).tolist()
    [7462]
    """
    lo_flag = bool(low)
    return _hole_board_rows(
        holes,
        boards,
        range(4, 7),
        "Omaha's",
        threads,
        out,
        lambda h, b, o: _omaha.omaha_rows(h, b, lo_flag, o),
    )


def _hole_board_rows(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    hole_sizes: range,
    whose: str,
    threads: int,
    out: np.ndarray[Any, Any] | None,
    kernel: Callable[[Any, Any, Any], int],
) -> np.ndarray[Any, Any]:
    """Check a batch of (hole, board) rows, run ``kernel(holes, boards, out)`` over row chunks
    with the GIL released, and raise :class:`CardError` naming the first bad row it reports."""
    np_ = numpy_module()
    h = card_array(holes, "holes", (None, None))
    b = card_array(boards, "boards", (None, None))
    if h.shape[1] not in hole_sizes:
        *first, last = map(str, hole_sizes)
        sizes = f"{', '.join(first)} or {last}" if first else last
        raise CardError(f"{whose} hole is {sizes} cards, got {h.shape[1]}")
    if not 3 <= b.shape[1] <= 5:
        raise CardError(f"{whose} board is 3, 4 or 5 cards, got {b.shape[1]}")
    rows = h.shape[0]
    if b.shape[0] != rows:
        raise ArgumentError(f"one board per hole: {rows} holes, {b.shape[0]} boards")
    result: np.ndarray[Any, Any] = out_array(np_, out, rows)
    bad = run_rows(rows, threads, lambda lo, hi: kernel(h[lo:hi], b[lo:hi], result[lo:hi]))
    if bad >= 0:
        row = " ".join(str(Card(c)) if c < 52 else f"<{c}>" for c in (*h[bad], *b[bad]))
        raise CardError(f"row {bad} has an unknown or repeated card: {row}")
    return result


def _low_rank(card: Card) -> int:
    """A card's rank in an eight-or-better low: 0 for the ace, 1 for the deuce .. 7 for eight."""
    return 0 if card.rank == 12 else card.rank + 1


# ---------------------------------------------------------------------------------------------
# Three hole cards (Lazy Pineapple, Double Texas hold'em) and double-board hold'em
# ---------------------------------------------------------------------------------------------

THREE_CARD_GAMES = ("lazy-pineapple", "double-holdem")
"""The games of three hole cards of which two play (the kernels' kinds 0 and 1)."""


def evaluate_lazy_pineapple(hole: str | Iterable[CardLike], board: str | Iterable[CardLike]) -> int:
    """Lazy Pineapple's value: the best of the three pairs of hole cards with the board (the
    discard is chosen at the showdown); hold'em's values.

    :raises CardError: for an unknown or repeated card, a hole that is not 3 cards or a board
        that is not 3-5 cards.

    >>> from holdem import describe
    >>> describe(evaluate_lazy_pineapple("AsKd2s", "Qs9s3s7h8c"))
    'Flush, ace-high'
    """
    value: int = _pineapple.evaluate_three(hole, board, 0)
    return value


def evaluate_double_holdem(hole: str | Iterable[CardLike], board: str | Iterable[CardLike]) -> int:
    """Double Texas hold'em's value: the better of the first and second hole cards' hand and
    the second and third's (the middle card plays with each; the outer cards not together);
    hold'em's values.

    :raises CardError: for an unknown or repeated card, a hole that is not 3 cards or a board
        that is not 3-5 cards.

    >>> from holdem import describe
    >>> describe(evaluate_double_holdem("AsKd2s", "Qs9s3s7h8c"))
    'High card, ace, king-queen-nine-eight kickers'
    >>> describe(evaluate_double_holdem("AsKd2s", "Ks9s3s7h8c"))
    'One pair, kings, ace-nine-eight kickers'
    """
    value: int = _pineapple.evaluate_three(hole, board, 1)
    return value


def evaluate_double_board(
    hole: str | Iterable[CardLike], boards: Iterable[str | Iterable[CardLike]]
) -> tuple[int, int]:
    """Double-board hold'em: a two-card hand's value on each of two boards of 3-5 cards
    (hold'em's values; no card in both boards or in the hand and a board).

    :raises CardError: for an unknown or repeated card, a hand that is not two cards, or a
        board that is not 3-5 cards.
    :raises ArgumentError: for other than two boards.

    >>> evaluate_double_board("AsAd", ["AhKc7d", "2c3c9h"]) == (
    ...     _core.evaluate("AsAdAhKc7d"),
    ...     _core.evaluate("AsAd2c3c9h"),
    ... )
    True
    """
    cards = parse_cards(hole)
    check_collection(boards, "boards", "('2c3d4h', '5s6s7s')", ArgumentError)
    pair = [parse_cards(b) for b in itertools.islice(boards, 3)]
    if len(pair) != 2:
        raise ArgumentError(f"double-board hold'em has two boards, got {len(pair)}")
    if len(cards) != 2:
        raise CardError(f"the hand is two cards, got {len(cards)}")
    seen: set[Card] = set()
    for card in (*cards, *pair[0], *pair[1]):
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)
    for b in pair:
        if not 3 <= len(b) <= 5:
            raise CardError(f"a board is 3, 4 or 5 cards, got {len(b)}")
    return _core.evaluate((*cards, *pair[0])), _core.evaluate((*cards, *pair[1]))


def evaluate_three_card_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    game: str = "lazy-pineapple",
    threads: int = 1,
    out: np.ndarray[Any, Any] | None = None,
) -> np.ndarray[Any, Any]:
    """Values of N hands of three hole cards: (N, 3) hole and (N, 3 | 4 | 5) board card indices
    in, N uint16 hold'em values out; ``game`` is ``'lazy-pineapple'`` or ``'double-holdem'``.

    The kernel runs with the GIL released; ``threads`` splits the rows across that many Python
    threads.

    :raises CardError: for holes that are not 3 cards, boards that are not 3-5 cards, a value
        that is not a card index, or a row with an unknown or repeated card (the message names
        the first such row).
    :raises ArgumentError: for an unknown game, arrays of other shapes or lengths, a bad
        ``out`` array, or ``threads`` < 1.
    :raises ArgumentTypeError: for ``threads`` that is not an int, or ``out`` that is not a
        NumPy array.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> evaluate_three_card_batch([[51, 47, 0]], [[43, 39, 35, 4, 8]]).tolist()
    [7462]
    """
    if game not in THREE_CARD_GAMES:
        raise ArgumentError(f"game is one of {', '.join(THREE_CARD_GAMES)}, got {game!r}")
    kind = THREE_CARD_GAMES.index(game)
    return _hole_board_rows(
        holes,
        boards,
        range(3, 4),
        "the",
        threads,
        out,
        lambda h, b, o: _pineapple.three_rows(h, b, kind, o),
    )


# ---------------------------------------------------------------------------------------------
# Every game's hand, by name: the one dispatch of the evaluation and the analysis
# ---------------------------------------------------------------------------------------------

OMAHA_GAMES = ("omaha", "omaha-hi-lo")
"""The Omaha games by name: 4, 5 or 6 hole cards, of which exactly two play (the high hand, or
the high hand and the eight-or-better low)."""


@dataclass(frozen=True)
class Evaluator:
    """How a game values a player's hand from its hole cards and the board (:func:`evaluator`).

    ``name``: the game's name; ``kind``: the kind of hand, as the variant kernels number them
    (0: the best five of the hole cards and the board, in ``ranking``; 1: Omaha; 2: Omaha
    high-low; 3: Lazy Pineapple; 4: Double Texas hold'em); ``ranking``: the ranking of five
    cards (the game's own for kind 0, hold'em's for the others); ``hole_sizes``: how many hole
    cards a hand may hold; ``deck``: the cards of the game's deck, lowest first; ``high(hole,
    board)``: the hand's high value (in ``ranking``), what :meth:`values` gives first.

    >>> evaluator("short-deck").high(parse_cards("AsKs"), parse_cards("QsJsTs"))
    1404
    """

    name: str
    kind: int
    ranking: Game
    hole_sizes: tuple[int, ...]
    deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    high: Callable[[Sequence[Card], Sequence[Card]], int] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", self.ranking.deck)
        object.__setattr__(self, "high", _high(self.kind, self.ranking))

    @property
    def low(self) -> bool:
        """Whether half of each pot goes to the best eight-or-better low (Omaha high-low)."""
        return self.kind == 2

    def values(self, hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, int]:
        """The hand's high value (in :attr:`ranking`) and its eight-or-better low (0 for none,
        and in a game without a low half).

        :raises CardError: for an unknown or repeated card, a card outside the deck, or a hole
            or board of the wrong size.

        >>> evaluator("omaha-hi-lo").values(parse_cards("As2h9dKd"), parse_cards("3c4d5h8sQd"))
        (5854, 56)
        """
        if self.kind == 2:
            return evaluate_omaha(hole, board), evaluate_omaha_low(hole, board)
        return self.high(hole, board), 0


def _high(kind: int, ranking: Game) -> Callable[[Sequence[Card], Sequence[Card]], int]:
    """The high value of a hand of ``kind`` (see :class:`Evaluator`) from its hole and board."""
    if kind == 0:
        five = _five_card(ranking)
        return lambda hole, board: five((*hole, *board))
    if kind <= 2:
        return evaluate_omaha
    return lambda hole, board: int(_pineapple.evaluate_three(hole, board, kind - 3))


def evaluator(game: str | Game | None = "holdem") -> Evaluator:
    """How ``game`` values a hand: a name of :data:`GAMES`, :data:`OMAHA_GAMES` or
    :data:`THREE_CARD_GAMES` (any case, ``_`` for ``-``), or a :class:`Game` (None is hold'em).

    :raises ArgumentError: for an unknown name.
    :raises ArgumentTypeError: for anything that is neither a name nor a Game.

    >>> evaluator("omaha-hi-lo").hole_sizes, evaluator("short-deck").ranking.lowest_rank
    ((4, 5, 6), 4)
    """
    if isinstance(game, str):
        key = game.lower().replace("_", "-")
        if key in OMAHA_GAMES:
            return Evaluator(key, 1 + OMAHA_GAMES.index(key), GAMES["holdem"], (4, 5, 6))
        if key in THREE_CARD_GAMES:
            return Evaluator(key, 3 + THREE_CARD_GAMES.index(key), GAMES["holdem"], (3,))
        if key not in GAMES:
            names = ", ".join((*GAMES, *OMAHA_GAMES, *THREE_CARD_GAMES))
            raise ArgumentError(f"unknown game {game!r}: one of {names}")
    g = resolve_game(game)
    return Evaluator(g.name, 0, g, (2,))
