"""Drop-in for treys (0.1.8): ``Card``, ``Evaluator``, ``Deck``, ``LookupTable``, treys' numbers.

Replace ``from treys import Card, Evaluator, Deck`` with
``from holdem.compat.treys import Card, Evaluator, Deck``. Cards are treys' bit-packed ints
(``Card.new('As')``: the rank's bit at 16 + rank, the suit's bit at 12..15 with s = 1, h = 2,
d = 4, c = 8, the rank at 8..11 and the rank's prime at 0..5). ``Evaluator().evaluate(hand,
board)`` takes the hole cards first, then the board, 5, 6 or 7 cards in all (any split), and
returns treys' rank: 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), smaller is stronger, equal
ranks tie, from holdem's evaluator (``7463 - holdem.evaluate(cards)``). ``get_rank_class``,
``class_to_string`` and ``get_five_card_rank_percentage`` give treys' classes (0 = royal flush
.. 9 = high card) and strings; ``Deck(seed)`` deals the same cards as treys' for the same seed.

``PLOEvaluator().evaluate(hand, board)`` is treys' Omaha: the rank of the best hand of exactly
two of the hand's cards and three of the board's (4-6 hole cards, 3-5 board cards here), from
holdem's Omaha evaluator (``7463 - holdem.evaluate_omaha(hand, board)``).

Not included: the evaluator's private helpers (``_five``, ``_six``, ``_seven``) and lookup
dictionaries (``LookupTable`` keeps treys' constants only).

Differences on bad input (treys does not check it): a repeated card or an int that is not a
treys card raises :class:`holdem.CardError` (treys returns a meaningless rank or raises
KeyError); a string that is not exactly a rank (2-9, T, J, Q, K, A) and a lower-case suit raises
:class:`~holdem.compat.CardKeyError` (a KeyError, as in treys; treys ignores characters after
the second); a wrong number of cards raises :class:`~holdem.compat.CardKeyError` too; a
non-string or non-int card :class:`~holdem.compat.CompatTypeError`; a rank outside 1..7462 or a
class outside 0..9 :class:`~holdem.compat.HandValueError` (treys takes rank 0 as a royal flush);
a deck's seed that is not None or an int >= 0 :class:`holdem.errors.ArgumentTypeError` or
:class:`holdem.errors.ArgumentError`, as everywhere in holdem (treys takes any seed
``random.Random`` takes).

>>> evaluator = Evaluator()
>>> hand, board = [Card.new("Ah"), Card.new("Kd")], [Card.new(c) for c in ("Ac", "Ad", "Kh")]
>>> rank = evaluator.evaluate(hand, board)
>>> rank, evaluator.class_to_string(evaluator.get_rank_class(rank))
(167, 'Full House')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from random import Random
from typing import ClassVar

from holdem._omaha import evaluate_omaha as _evaluate_omaha
from holdem._validate import check_seed, is_int
from holdem.cards import RANKS, SUITS
from holdem.compat import CardKeyError, CompatTypeError, HandValueError
from holdem.compat._native import PRIMES, treys_cards, treys_method
from holdem.compat._native import treys_card_index as _index
from holdem.errors import CardError

__all__ = ["Card", "Deck", "Evaluator", "LookupTable", "PLOEvaluator"]

_TREYS_INTS = tuple(treys_cards())  # by holdem card index (rank * 4 + suit, suits c d h s)


class Card:
    """treys' cards: static methods over bit-packed ints (no objects are made).

    >>> Card.new("As"), Card.int_to_str(Card.new("Td")), Card.int_to_pretty_str(Card.new("Qh"))
    (268442665, 'Td', '[Q♥]')
    """

    STR_RANKS: ClassVar[str] = RANKS
    INT_RANKS: ClassVar[range] = range(13)
    PRIMES: ClassVar[list[int]] = list(PRIMES)
    CHAR_RANK_TO_INT_RANK: ClassVar[dict[str, int]] = dict(zip(STR_RANKS, INT_RANKS, strict=True))
    CHAR_SUIT_TO_INT_SUIT: ClassVar[dict[str, int]] = {"s": 1, "h": 2, "d": 4, "c": 8}
    INT_SUIT_TO_CHAR_SUIT: ClassVar[str] = "xshxdxxxc"
    PRETTY_SUITS: ClassVar[dict[int, str]] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}
    SUIT_COLORS: ClassVar[dict[int, str]] = {2: "red", 4: "blue", 8: "green"}

    _FROM_STRING: ClassVar[dict[str, int]] = {
        RANKS[i >> 2] + SUITS[i & 3]: x for i, x in enumerate(_TREYS_INTS)
    }

    @staticmethod
    def new(string: str) -> int:
        """The treys int of a card string such as ``'As'`` (rank upper case, suit lower case).

        :raises CardKeyError: for a string that is not a rank (2-9, T, J, Q, K, A) and a
            lower-case suit.
        :raises CompatTypeError: for a non-string.

        >>> Card.new("2c")
        98306
        """
        value: object = string
        card = Card._FROM_STRING.get(value) if isinstance(value, str) else None
        if card is not None:
            return card
        if not isinstance(value, str):
            raise CompatTypeError(f"not a card string: {string!r} (Card.new takes 'As')")
        raise CardKeyError(
            f"unknown card {string!r}: a rank 2-9, T, J, Q, K, A and a suit c, d, h, s"
        )

    @staticmethod
    def int_to_str(card_int: int) -> str:
        """The two-character string of a treys card int.

        :raises CardError: for an int that is not a treys card.
        :raises CompatTypeError: for a card that is not an int.

        >>> Card.int_to_str(Card.new("Kh"))
        'Kh'
        """
        index = _index(card_int)
        return RANKS[index >> 2] + SUITS[index & 3]

    # treys' accessors of the card int, one per bit field (its public API, method for method).

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        """The rank 0 (deuce) .. 12 (ace) in a card int's bits 8..11.

        >>> Card.get_rank_int(Card.new("As"))
        12
        """
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        """The suit bit (1 = s, 2 = h, 4 = d, 8 = c) in a card int's bits 12..15.

        >>> Card.get_suit_int(Card.new("As"))
        1
        """
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        """The 13-bit rank set in a card int's bits 16..28.

        >>> Card.get_bitrank_int(Card.new("4s"))
        4
        """
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        """The prime of a card's rank (2 for a deuce .. 41 for an ace).

        >>> Card.get_prime(Card.new("As"))
        41
        """
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Iterable[str]) -> list[int]:
        """The treys ints of card strings.

        :raises CardKeyError: for a string that is not a rank and a lower-case suit.
        :raises CompatTypeError: for a non-string.

        >>> Card.hand_to_binary(["As", "2c"])
        [268442665, 98306]
        """
        return [Card.new(c) for c in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Iterable[int]) -> int:
        """The product of the cards' rank primes.

        >>> Card.prime_product_from_hand(Card.hand_to_binary(["As", "Ah", "2c"]))
        3362
        """
        product = 1
        for c in card_ints:
            product *= c & 0xFF
        return product

    @staticmethod
    def prime_product_from_rankbits(rankbits: int) -> int:
        """The product of the primes of the ranks set in a 13-bit rank set.

        >>> Card.prime_product_from_rankbits(0b1000000000001)
        82
        """
        product = 1
        for i in Card.INT_RANKS:
            if rankbits & (1 << i):
                product *= Card.PRIMES[i]
        return product

    @staticmethod
    def int_to_binary(card_int: int) -> str:
        """The card int's bits in groups of four, tab-separated (for debugging, as in treys).

        >>> Card.int_to_binary(Card.new("2c")).split("\\t")[3:5]
        ['0001', '1000']
        """
        bstr = bin(card_int)[2:][::-1]
        output = list("".join(["0000" + "\t"] * 7) + "0000")
        for i in range(len(bstr)):
            output[i + i // 4] = bstr[i]
        output.reverse()
        return "".join(output)

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """The card as ``'[A♠]'`` (coloured with termcolor when it is installed, as in treys).

        :raises CardError: for an int that is not a treys card.
        :raises CompatTypeError: for a card that is not an int.

        >>> Card.int_to_pretty_str(Card.new("As"))
        '[A♠]'
        """
        index = _index(card_int)
        suit_int = Card.get_suit_int(card_int)
        s = Card.PRETTY_SUITS[suit_int]
        try:
            from termcolor import colored
        except ImportError:
            pass
        else:
            if suit_int in Card.SUIT_COLORS:
                s = colored(s, Card.SUIT_COLORS[suit_int])
        return f"[{RANKS[index >> 2]}{s}]"

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        """Print one card as ``[A♠]``.

        :raises CardError: for an int that is not a treys card.
        :raises CompatTypeError: for a card that is not an int.

        >>> Card.print_pretty_card(Card.new("As"))
        [A♠]
        """
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def ints_to_pretty_str(card_ints: Sequence[int]) -> str:
        """Cards as ``' [A♠],[K♥] '`` (treys' spacing).

        :raises CardError: for an int that is not a treys card.
        :raises CompatTypeError: for a card that is not an int.

        >>> Card.ints_to_pretty_str(Card.hand_to_binary(["As", "Kh"]))
        ' [A♠],[K♥] '
        """
        return " " + ",".join(Card.int_to_pretty_str(c) for c in card_ints) + " "

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        """Print cards as ``[A♠],[K♥]``, after a space.

        :raises CardError: for an int that is not a treys card.
        :raises CompatTypeError: for a card that is not an int.

        >>> cards = Card.hand_to_binary(["As", "Kh"])
        >>> Card.print_pretty_cards(cards)  # doctest: +NORMALIZE_WHITESPACE
         [A♠],[K♥]
        """
        print(Card.ints_to_pretty_str(card_ints))


class LookupTable:
    """treys' rank boundaries and class names (the lookup dictionaries themselves are not kept).

    >>> LookupTable.MAX_FULL_HOUSE, LookupTable.RANK_CLASS_TO_STRING[3]
    (322, 'Full House')
    """

    MAX_ROYAL_FLUSH: ClassVar[int] = 1
    MAX_STRAIGHT_FLUSH: ClassVar[int] = 10
    MAX_FOUR_OF_A_KIND: ClassVar[int] = 166
    MAX_FULL_HOUSE: ClassVar[int] = 322
    MAX_FLUSH: ClassVar[int] = 1599
    MAX_STRAIGHT: ClassVar[int] = 1609
    MAX_THREE_OF_A_KIND: ClassVar[int] = 2467
    MAX_TWO_PAIR: ClassVar[int] = 3325
    MAX_PAIR: ClassVar[int] = 6185
    MAX_HIGH_CARD: ClassVar[int] = 7462

    MAX_TO_RANK_CLASS: ClassVar[dict[int, int]] = {
        MAX_ROYAL_FLUSH: 0,
        MAX_STRAIGHT_FLUSH: 1,
        MAX_FOUR_OF_A_KIND: 2,
        MAX_FULL_HOUSE: 3,
        MAX_FLUSH: 4,
        MAX_STRAIGHT: 5,
        MAX_THREE_OF_A_KIND: 6,
        MAX_TWO_PAIR: 7,
        MAX_PAIR: 8,
        MAX_HIGH_CARD: 9,
    }

    RANK_CLASS_TO_STRING: ClassVar[dict[int, str]] = {
        0: "Royal Flush",
        1: "Straight Flush",
        2: "Four of a Kind",
        3: "Full House",
        4: "Flush",
        5: "Straight",
        6: "Three of a Kind",
        7: "Two Pair",
        8: "Pair",
        9: "High Card",
    }


_CLASS_MAXIMA = tuple(LookupTable.MAX_TO_RANK_CLASS)  # ascending


class Evaluator:
    """treys' evaluator: ``evaluate(hand, board)`` gives the rank, 1 (royal flush) .. 7462.

    >>> hand, board = Card.hand_to_binary(["As", "Ks"]), Card.hand_to_binary(["Qs", "Js", "Ts"])
    >>> Evaluator().evaluate(hand, board)
    1
    """

    HAND_LENGTH: ClassVar[int] = 2
    BOARD_LENGTH: ClassVar[int] = 5

    def __init__(self) -> None:
        self.table = LookupTable()

    # evaluate(hand, board): treys' rank of hole cards and board, 5 to 7 cards in all (the
    # compiled function itself, bound as a method: no Python frame per call).
    evaluate = treys_method

    def get_rank_class(self, hr: int) -> int:
        """treys' class of a rank: 0 = royal flush, 1 = straight flush .. 9 = high card.

        :raises CompatTypeError: if ``hr`` is not an int.
        :raises HandValueError: if ``hr`` is not a rank from 1 to 7462.

        >>> Evaluator().get_rank_class(1), Evaluator().get_rank_class(7462)
        (0, 9)
        """
        if not is_int(hr):
            raise CompatTypeError(f"a treys rank is an int, got {hr!r}")
        if not 1 <= hr <= LookupTable.MAX_HIGH_CARD:
            raise HandValueError(f"Invalid hand rank {hr!r}: treys ranks run from 1 to 7462")
        for maximum in _CLASS_MAXIMA:
            if hr <= maximum:
                return LookupTable.MAX_TO_RANK_CLASS[maximum]
        raise AssertionError("unreachable")  # pragma: no cover

    def class_to_string(self, class_int: int) -> str:
        """treys' name of a class: ``'Royal Flush'`` .. ``'High Card'``.

        :raises HandValueError: if ``class_int`` is not a class from 0 to 9.

        >>> Evaluator().class_to_string(7)
        'Two Pair'
        """
        if not is_int(class_int) or not 0 <= class_int <= 9:
            raise HandValueError(f"not a treys rank class: {class_int!r} (classes are 0..9)")
        return LookupTable.RANK_CLASS_TO_STRING[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """The rank scaled to (0, 1]: ``hand_rank / 7462`` (1.0 is the weakest hand).

        :raises CompatTypeError: if ``hand_rank`` is not an int.
        :raises HandValueError: if ``hand_rank`` is not a rank from 1 to 7462.

        >>> Evaluator().get_five_card_rank_percentage(7462)
        1.0
        """
        if not is_int(hand_rank):
            raise CompatTypeError(f"a treys rank is an int, got {hand_rank!r}")
        if not 1 <= hand_rank <= LookupTable.MAX_HIGH_CARD:
            raise HandValueError(f"Invalid hand rank {hand_rank!r}: treys ranks run 1..7462")
        return float(hand_rank) / float(LookupTable.MAX_HIGH_CARD)

    def hand_summary(self, board: Sequence[int], hands: Sequence[Sequence[int]]) -> None:
        """Print each player's class and standing on the flop, turn and river (as treys does).

        :raises CardError: for a board of other than five cards, a hand of other than two, or
            any card that is not a treys card or is repeated.
        :raises CompatTypeError: for a card that is not an int.

        ``board`` has five cards in dealing order; each hand two.

        >>> board = Card.hand_to_binary(["As", "Ks", "Qs", "Js", "Ts"])
        >>> hands = [Card.hand_to_binary(["2c", "3d"]), Card.hand_to_binary(["4c", "5d"])]
        >>> Evaluator().hand_summary(board, hands)  # doctest: +ELLIPSIS
        ========== FLOP ==========
        Player 1 hand = High Card, percentage rank among all hands = ...
        ========== HAND OVER ==========
        Players [1, 2] tied for the win with a Royal Flush
        <BLANKLINE>
        """
        if len(board) != self.BOARD_LENGTH:
            raise CardError(f"Invalid board length: {len(board)} cards, 5 expected")
        for hand in hands:
            if len(hand) != self.HAND_LENGTH:
                raise CardError(f"Invalid hand length: {len(hand)} cards, 2 expected")
        line = "=" * 10
        stages = ["FLOP", "TURN", "RIVER"]
        for i, stage in enumerate(stages):
            print(f"{line} {stage} {line}")
            best_rank = 7463
            winners: list[int] = []
            for player, hand in enumerate(hands):
                rank = self.evaluate(hand, board[: i + 3])
                class_string = self.class_to_string(self.get_rank_class(rank))
                percentage = 1.0 - self.get_five_card_rank_percentage(rank)
                print(
                    f"Player {player + 1} hand = {class_string}, percentage rank among all "
                    f"hands = {percentage}"
                )
                if rank == best_rank:
                    winners.append(player)
                elif rank < best_rank:
                    winners = [player]
                    best_rank = rank
            if stage != "RIVER":
                if len(winners) == 1:
                    print(f"Player {winners[0] + 1} hand is currently winning.\n")
                else:
                    print(f"Players {[x + 1 for x in winners]} are tied for the lead.\n")
            else:
                hand_result = self.class_to_string(
                    self.get_rank_class(self.evaluate(hands[winners[0]], board))
                )
                print()
                print(f"{line} HAND OVER {line}")
                if len(winners) == 1:
                    print(f"Player {winners[0] + 1} is the winner with a {hand_result}\n")
                else:
                    print(
                        f"Players {[x + 1 for x in winners]} tied for the win with a "
                        f"{hand_result}\n"
                    )


class Deck:
    """treys' deck: shuffled by ``random.Random(seed)``, ``draw(n)`` pops cards off the end.

    :raises ArgumentTypeError: for a seed that is not None or an int.
    :raises ArgumentError: for a negative seed.

    The same seed deals the same cards as ``treys.Deck(seed)``.

    >>> deck = Deck(seed=1)
    >>> hand = deck.draw(2)
    >>> len(hand), len(deck.cards), Deck(seed=1).draw(2) == hand
    (2, 50, True)
    """

    _FULL_DECK: ClassVar[list[int]] = [
        Card.new(rank + suit) for rank in Card.STR_RANKS for suit in Card.CHAR_SUIT_TO_INT_SUIT
    ]

    def __init__(self, seed: int | None = None) -> None:
        self._random = Random(check_seed(seed))
        self.shuffle()

    def shuffle(self) -> None:
        """Put all 52 cards back and shuffle them.

        >>> deck = Deck(seed=3)
        >>> _ = deck.draw(5)
        >>> deck.shuffle()
        >>> len(deck.cards)
        52
        """
        self.cards: list[int] = Deck.GetFullDeck()
        self._random.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[int]:
        """Take ``n`` cards off the end of ``cards`` (always a list, as in treys 0.1.8).

        :raises CardError: if ``n`` is not an int >= 0, or more cards than remain.

        >>> deck = Deck(seed=3)
        >>> last = deck.cards[-1]
        >>> deck.draw(1) == [last], len(deck.cards)
        (True, 51)
        """
        if not is_int(n) or n < 0:
            raise CardError(f"number of cards must be a non-negative int, got {n!r}")
        if n > len(self.cards):
            raise CardError(f"cannot draw {n} cards: {len(self.cards)} remain")
        return [self.cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:
        """A new list of the 52 card ints in treys' order (by rank, then s, h, d, c).

        >>> [Card.int_to_str(c) for c in Deck.GetFullDeck()[:5]]
        ['2s', '2h', '2d', '2c', '3s']
        """
        return list(Deck._FULL_DECK)


class PLOEvaluator(Evaluator):
    """treys' Omaha evaluator: ``evaluate(hand, board)`` with 4-6 hole cards and 3-5 board
    cards, the rank of the best two hole cards with three board cards, 1 .. 7462.

    >>> hand = Card.hand_to_binary(["As", "Ks", "2d", "2c"])
    >>> PLOEvaluator().evaluate(hand, Card.hand_to_binary(["Qs", "Js", "Ts", "Ah", "Ad"]))
    1
    """

    HAND_LENGTH: ClassVar[int] = 4

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """treys' Omaha rank: smaller is stronger, equal ranks tie.

        :raises CardError: for an int that is not a treys card, a repeated card, a hand that
            is not 4-6 cards or a board that is not 3-5 cards.
        :raises CompatTypeError: for a card that is not an int, or a hand or board that is not
            a sequence.
        """
        cards: tuple[object, object] = (hand, board)
        if not all(isinstance(c, Iterable) for c in cards):
            raise CompatTypeError(f"not sequences of treys cards: {hand!r}, {board!r}")
        value: int = _evaluate_omaha([_index(c) for c in hand], [_index(c) for c in board])
        return 7463 - value
