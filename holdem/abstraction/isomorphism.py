"""Hands up to suit symmetry: Waugh's hand-isomorphism indexer, per round.

Two hold'em hands are the same for strategy when one is the other with the suits renamed and
the cards of each round reordered: ``AsKs | Qh 7h 2c`` is ``AhKh | Qd 7d 2s``. A
:class:`HandIndexer` numbers the classes of hands dealt up to a round from 0 without gaps, and
gives a class's canonical hand back, after Waugh, "A Fast and Optimal Hand Isomorphism
Algorithm" (AAAI workshop, 2013). With hold'em's four rounds (2, 3, 1, 1), where the turn and the
river are rounds of their own, the paper counts 169, 1,286,792, 55,190,538 and 2,428,287,420
classes; with the board as one set of 3, 4 or 5 cards (:meth:`HandIndexer.street`, what a hand's
strength depends on) 1,286,792 flop, 13,960,050 turn and 123,156,254 river classes.

The indexing is compiled (holdem/abstraction/_isomorphism.pyx); the batch forms take NumPy
arrays and run on threads without the GIL.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from holdem._batch import card_array, numpy_module, run_rows
from holdem._validate import check_int, is_int
from holdem.abstraction._isomorphism import IndexerTables
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["HOLDEM_ROUNDS", "HandIndexer"]

#: Hold'em's rounds: two hole cards, then the flop's three, the turn's and the river's.
HOLDEM_ROUNDS = (2, 3, 1, 1)


class HandIndexer:
    """Index and unindex hands up to suit symmetry, round by round (Waugh, 2013).

    ``rounds`` are the cards dealt in each round (1 to 4 rounds, 13 cards in all at most);
    round 0 is the first. A hand of round ``r`` is the cards of rounds 0..r in order, and
    within a round the order does not matter.

    :raises ArgumentError: for rounds outside those limits.

    >>> ix = HandIndexer()
    >>> [ix.size(r) for r in range(4)]
    [169, 1286792, 55190538, 2428287420]
    >>> [HandIndexer.street(n).size(-1) for n in (0, 3, 4, 5)]
    [169, 1286792, 13960050, 123156254]
    >>> ix.index("AsKs") == ix.index("KhAh"), ix.index("AsKs") == ix.index("AsKh")
    (True, False)
    >>> ix.unindex(0, ix.index("AsAh"))
    (Card('Ac'), Card('Ad'))
    """

    __slots__ = ("_rounds", "_tables", "_totals")

    def __init__(self, rounds: Sequence[int] = HOLDEM_ROUNDS) -> None:
        if isinstance(rounds, str | bytes) or not isinstance(rounds, Iterable):
            raise ArgumentTypeError(
                f"rounds is a sequence of card counts such as (2, 3, 1, 1), got {rounds!r}"
            )
        counts = tuple(itertools.islice(rounds, 5))  # 4 rounds at most: a fifth is refused
        if not all(is_int(c) for c in counts):
            raise ArgumentTypeError(f"rounds are ints (cards per round), got {counts!r}")
        try:
            self._tables = IndexerTables(counts)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
        self._rounds = counts
        self._totals = tuple(sum(counts[: r + 1]) for r in range(len(counts)))

    @classmethod
    def street(cls, board_cards: int) -> HandIndexer:
        """The indexer of hold'em hands with a board of ``board_cards`` (0, 3, 4 or 5) cards
        taken as one set: rounds (2,) pre-flop, else (2, board_cards). Its last round (-1) is
        the street's.

        :raises ArgumentError: for another number of board cards.

        >>> river = HandIndexer.street(5)
        >>> river.index("AsKs 2c 7d Qh Jh 3c") == river.index("AsKs Qh 3c Jh 2c 7d")
        True
        """
        n = check_int(board_cards, "board_cards", 0, 5)
        if n in (1, 2):
            raise ArgumentError(f"a board has 0, 3, 4 or 5 cards, got {n}")
        return cls((2,) if n == 0 else (2, n))

    @property
    def rounds(self) -> tuple[int, ...]:
        """The cards dealt in each round."""
        return self._rounds

    def cards_in(self, round: int) -> int:
        """The cards of a hand of ``round`` (rounds 0..round together).

        :raises ArgumentError: for a round that is not one of this indexer's.

        >>> HandIndexer().cards_in(1)
        5
        """
        return self._totals[self._round(round)]

    def size(self, round: int) -> int:
        """The number of classes of hands of ``round``: indices run from 0 to size - 1.

        :raises ArgumentError: for a round that is not one of this indexer's.
        """
        return int(self._tables.size(self._round(round)))

    def index(self, cards: str | Iterable[CardLike]) -> int:
        """The index of a hand: its cards round by round (the round is told by how many).

        :raises CardError: for an unknown or repeated card.
        :raises ArgumentError: for a number of cards that ends no round.

        >>> HandIndexer().index("2c 2d")  # the first class: a pair of deuces
        0
        """
        parsed = parse_cards(cards)
        if len(parsed) not in self._totals:
            raise ArgumentError(
                f"a hand of rounds {self._rounds} has {' or '.join(map(str, self._totals))} "
                f"cards, got {len(parsed)}"
            )
        if len(set(parsed)) != len(parsed):
            raise CardError(f"a card is repeated in {' '.join(map(str, parsed))}")
        r = self._totals.index(len(parsed))
        return int(self._tables.index(r, bytearray(int(c) for c in parsed)))

    def unindex(self, round: int, index: int) -> tuple[Card, ...]:
        """The canonical hand of an index of ``round``: its cards round by round, each round's
        in increasing order, the suits named in the order of the index's suit configuration.

        :raises ArgumentError: for a round or an index out of range.
        """
        r = self._round(round)
        index = check_int(index, "index", 0, self.size(r) - 1)
        out = bytearray(self._totals[r])
        self._tables.unindex(r, index, out)
        return tuple(Card(c) for c in out)

    def canonical(self, cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
        """The canonical hand of a hand's class (``unindex`` of its ``index``).

        :raises CardError: for an unknown or repeated card.
        :raises ArgumentError: for a number of cards that ends no round.

        >>> HandIndexer().canonical("Ks As")
        (Card('Kc'), Card('Ac'))
        """
        parsed = parse_cards(cards)
        index = self.index(parsed)
        return self.unindex(self._totals.index(len(parsed)), index)

    def index_batch(self, cards: Any, threads: int = 1) -> npt.NDArray[np.int64]:
        """The index of each row of a ``(n, cards)`` array of card indices (0 to 51), the round
        told by the row length, on ``threads`` threads without the GIL.

        :raises ArgumentError: for rows whose length ends no round.
        :raises CardError: for a value that is not a card, or a row with a repeated card
            (naming the row).
        :raises MissingDependencyError: when NumPy is not installed.
        """
        np = numpy_module("HandIndexer.index_batch")
        arr = card_array(cards, "cards", (None, None))
        if arr.shape[1] not in self._totals:
            raise ArgumentError(
                f"rows of rounds {self._rounds} have {' or '.join(map(str, self._totals))} "
                f"cards, got {arr.shape[1]}"
            )
        r = self._totals.index(arr.shape[1])
        out = np.empty(arr.shape[0], dtype=np.int64)
        bad = run_rows(
            arr.shape[0], threads, lambda lo, hi: self._tables.index_rows(r, arr, lo, hi, out)
        )
        if bad >= 0:
            raise CardError(f"cards row {bad}: a card is repeated ({arr[bad].tolist()})")
        return out  # type: ignore[no-any-return]

    def unindex_batch(self, round: int, indices: Any, threads: int = 1) -> npt.NDArray[np.uint8]:
        """The canonical hands of an array of indices of ``round``, as a ``(n, cards)`` uint8
        array of card indices, on ``threads`` threads without the GIL.

        :raises ArgumentError: for a round out of range, or an index out of range (naming it).
        :raises MissingDependencyError: when NumPy is not installed.
        """
        np = numpy_module("HandIndexer.unindex_batch")
        r = self._round(round)
        arr = np.asarray(indices)
        if arr.ndim != 1 or arr.dtype.kind not in "iu" or arr.dtype == np.bool_:
            raise ArgumentError(
                f"indices must be a 1-d array of ints, got {arr.dtype} of shape {arr.shape}"
            )
        arr = np.ascontiguousarray(arr, dtype=np.int64)
        out = np.empty((arr.shape[0], self._totals[r]), dtype=np.uint8)
        bad = run_rows(
            arr.shape[0], threads, lambda lo, hi: self._tables.unindex_rows(r, arr, lo, hi, out)
        )
        if bad >= 0:
            raise ArgumentError(
                f"indices[{bad}] = {arr[bad]} is not an index of round {r} "
                f"(0 to {self.size(r) - 1})"
            )
        return out  # type: ignore[no-any-return]

    def _round(self, round: object) -> int:
        """A round of this indexer as 0..rounds - 1 (-1 is the last, as in a sequence)."""
        n = len(self._rounds)
        r = check_int(round, "round", -n, n - 1)
        return r + n if r < 0 else r

    def __reduce__(self) -> tuple[type[HandIndexer], tuple[tuple[int, ...]]]:
        return HandIndexer, (self._rounds,)

    def __repr__(self) -> str:
        return f"HandIndexer(rounds={self._rounds})"
