"""Outs and odds: the cards that make a hand a winner, the chance to hit them, and pot odds.

Every probability and ratio is an exact :class:`fractions.Fraction` (``float(x)`` gives the
float); the ``to_dict()`` forms carry both, for JSON. Outs are counted by the compiled evaluator
against known opposing hands; the textbook figures (one card from the 47 unseen after the flop,
two cards from them, one card from the 46 after the turn; the rule of 2 and 4) are plain
combinatorics of outs and unseen cards:

>>> from holdem.analysis.odds import break_even_ratio, hit_probability
>>> p = hit_probability(9, 47, cards_to_come=2)  # a flush draw on the flop, to the river
>>> p, f"{float(p):.2%}", f"{float(break_even_ratio(p)):.2f}"
(Fraction(378, 1081), '34.97%', '1.86')
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from math import comb, isfinite
from numbers import Rational
from typing import Any

from holdem import games
from holdem._validate import Lookup, check_collection, is_int
from holdem.cards import Card, CardLike, parse_cards
from holdem.errors import ArgumentTypeError, CardError, OddsError
from holdem.evaluation import Category, category
from holdem.games import OMAHA_GAMES, Game

__all__ = [
    "DRAWS",
    "OMAHA_GAMES",
    "Draw",
    "OddsError",
    "Outs",
    "OutsOdds",
    "PotOdds",
    "Standing",
    "break_even_ratio",
    "hit_probability",
    "next_card_categories",
    "odds_against",
    "outs",
    "outs_table",
    "percent",
    "pot_odds",
    "pot_odds_table",
    "rule_of_2_and_4",
]


_DECK = 52  # the most cards that can be unseen
_MAX_PLACES = 1000  # the most decimal places percent() prints


def _count(value: object, what: str, low: int = 0) -> int:
    if not is_int(value):
        raise ArgumentTypeError(f"{what} must be an int, got {value!r}")
    value = operator.index(value)  # a plain int: a subclass's comparisons may lie
    if value < low:
        raise OddsError(f"{what} must be at least {low}, got {value}")
    return value


def _fraction(value: object, what: str) -> Fraction:
    """A probability (a Fraction, an int or a finite float, taken exactly) in [0, 1]."""
    if isinstance(value, bool) or not isinstance(value, Rational | float):
        raise ArgumentTypeError(f"{what} must be a Fraction, an int or a float, got {value!r}")
    if isinstance(value, float) and not isfinite(value):
        raise OddsError(f"{what} must be finite, got {value!r}")
    p = Fraction(value)
    if not 0 <= p <= 1:
        raise OddsError(f"{what} must be between 0 and 1, got {value!r}")
    return p


# ---------------------------------------------------------------------------------------------
# Combinatorics of outs
# ---------------------------------------------------------------------------------------------


def hit_probability(outs: int, unseen: int, cards_to_come: int = 1) -> Fraction:
    """The chance that at least one of the next ``cards_to_come`` cards is one of ``outs``.

    The cards come from ``unseen`` equally likely cards: ``1 - C(unseen - outs, k) / C(unseen,
    k)``. After the flop 47 cards are unseen (52 minus two hole cards and three on the board),
    after the turn 46; known cards of other players or dead cards lower the count.

    :raises ArgumentTypeError: if an argument is not an int.
    :raises OddsError: if ``unseen`` or ``cards_to_come`` is below 1, ``unseen`` is above 52
        (a deck), ``outs`` is negative, or ``outs`` or ``cards_to_come`` exceeds ``unseen``.

    >>> hit_probability(9, 46)  # a flush draw on the turn
    Fraction(9, 46)
    >>> hit_probability(8, 47, cards_to_come=2)  # an open-ended straight draw on the flop
    Fraction(340, 1081)
    """
    unseen = _count(unseen, "unseen", 1)
    outs = _count(outs, "outs")
    k = _count(cards_to_come, "cards_to_come", 1)
    if unseen > _DECK:
        raise OddsError(f"unseen must be at most {_DECK} (the cards of a deck), got {unseen}")
    if outs > unseen:
        raise OddsError(f"outs ({outs}) cannot exceed the unseen cards ({unseen})")
    if k > unseen:
        raise OddsError(f"cards_to_come ({k}) cannot exceed the unseen cards ({unseen})")
    return 1 - Fraction(comb(unseen - outs, k), comb(unseen, k))


def rule_of_2_and_4(outs: int, cards_to_come: int = 1) -> Fraction:
    """The rule-of-thumb chance to hit: 2% per out with one card to come, 4% with two.

    A quick estimate of :func:`hit_probability` (it overstates draws of more than about 8 outs
    with two cards to come: 15 outs give 60% against an exact 54.12%).

    :raises ArgumentTypeError: if an argument is not an int.
    :raises OddsError: for negative ``outs``, or ``cards_to_come`` other than 1 or 2.

    >>> rule_of_2_and_4(9), rule_of_2_and_4(9, cards_to_come=2)
    (Fraction(9, 50), Fraction(9, 25))
    """
    outs = _count(outs, "outs")
    k = _count(cards_to_come, "cards_to_come", 1)
    if k > 2:
        raise OddsError(f"the rule of 2 and 4 is for 1 or 2 cards to come, got {k}")
    return Fraction(2 * k * outs, 100)


def odds_against(probability: Fraction | float) -> Fraction:
    """The odds against an event, ``(1 - p) / p``: 4 means 4 to 1 against.

    :raises ArgumentTypeError: if ``probability`` is not a Fraction, an int or a float.
    :raises OddsError: if it is not finite, not between 0 and 1, or 0 (infinite odds).

    >>> odds_against(Fraction(9, 46))
    Fraction(37, 9)
    """
    p = _fraction(probability, "probability")
    if p == 0:
        raise OddsError("the odds against an impossible event are infinite (probability 0)")
    return (1 - p) / p


def break_even_ratio(probability: Fraction | float) -> Fraction:
    """The smallest ratio of pot to price for which calling breaks even, winning with ``p``.

    It equals :func:`odds_against`: a call of 1 into a pot of ``r`` wins ``r`` with chance
    ``p`` and loses 1 otherwise, so it breaks even at ``r = (1 - p) / p``. This is the "pot
    odds" column of the usual tables (a flush draw on the flop: 1.86).

    :raises ArgumentTypeError, OddsError: as :func:`odds_against`.

    >>> float(break_even_ratio(Fraction(378, 1081)))
    1.8597883597883598
    """
    return odds_against(probability)


def percent(value: Fraction | float, places: int = 2) -> str:
    """A probability as a percentage, rounded half up from its exact value: ``'34.97%'``.

    :raises ArgumentTypeError: if ``value`` is not a Fraction, an int or a float, or
        ``places`` is not an int.
    :raises OddsError: if ``value`` is not finite or not between 0 and 1, or ``places`` is not
        from 0 to 1,000.

    >>> percent(Fraction(378, 1081)), percent(Fraction(1, 8), 0)
    ('34.97%', '13%')
    """
    p = _fraction(value, "value")
    places = _count(places, "places")
    if places > _MAX_PLACES:
        raise OddsError(f"places must be at most {_MAX_PLACES}, got {places}")
    # Enough digits for the quantized result: up to 3 before the point, ``places`` after it.
    with localcontext(prec=places + 4):
        exact = Decimal(p.numerator) * 100 / Decimal(p.denominator)
        return f"{exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)}%"


@dataclass(frozen=True)
class PotOdds:
    """The price of a call against the pot: the odds laid and the equity a call needs.

    ``pot`` is everything in the pot before the call (the bet being called included), ``call``
    the amount to put in. The call wins ``pot`` or loses ``call``.
    """

    pot: int
    call: int

    @property
    def ratio(self) -> Fraction:
        """Pot odds as a ratio pot : call (``5`` means 5 to 1)."""
        return Fraction(self.pot, self.call)

    @property
    def break_even_equity(self) -> Fraction:
        """The share of the final pot a call must win to break even: ``call / (pot + call)``."""
        return Fraction(self.call, self.pot + self.call)

    def expected_value(self, equity: Fraction | float) -> Fraction:
        """The call's expected gain in chips, winning ``pot`` with ``equity``, else losing it.

        :raises ArgumentTypeError: if ``equity`` is not a Fraction, an int or a float.
        :raises OddsError: if it is not finite or not between 0 and 1.

        >>> pot_odds(100, 20).expected_value(Fraction(1, 4))
        Fraction(10, 1)
        """
        p = _fraction(equity, "equity")
        return p * self.pot - (1 - p) * self.call

    def profitable(self, equity: Fraction | float) -> bool:
        """True when a call with this ``equity`` gains chips on average (break-even is not).

        :raises ArgumentTypeError, OddsError: as :meth:`expected_value`.

        >>> pot_odds(100, 20).profitable(Fraction(1, 6)), pot_odds(100, 20).profitable(0.2)
        (False, True)
        """
        return self.expected_value(equity) > 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: exact fractions as strings, and floats."""
        return {
            "pot": self.pot,
            "call": self.call,
            "ratio": str(self.ratio),
            "ratio_float": float(self.ratio),
            "break_even_equity": str(self.break_even_equity),
            "break_even_equity_float": float(self.break_even_equity),
        }


def pot_odds(pot: int, call: int) -> PotOdds:
    """Pot odds of calling ``call`` chips into a pot of ``pot`` chips (the bet included).

    :raises ArgumentTypeError: if ``pot`` or ``call`` is not an int.
    :raises OddsError: if either is below 1.

    >>> odds = pot_odds(100, 20)
    >>> odds.ratio, odds.break_even_equity
    (Fraction(5, 1), Fraction(1, 6))
    """
    return PotOdds(pot=_count(pot, "pot", 1), call=_count(call, "call", 1))


# ---------------------------------------------------------------------------------------------
# Tables of draws
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OutsOdds:
    """Chances to hit a draw of ``outs`` outs, for two players' worth of unknown cards.

    ``flop``: one card from the 47 unseen after the flop; ``turn``: one card from the 46
    after the turn; ``flop_to_river``: at least one out in the two cards from 47.
    """

    outs: int
    flop: Fraction
    turn: Fraction
    flop_to_river: Fraction

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: exact fractions as strings, and floats."""
        data: dict[str, Any] = {"outs": self.outs}
        for name in ("flop", "turn", "flop_to_river"):
            p: Fraction = getattr(self, name)
            data[name] = str(p)
            data[name + "_float"] = float(p)
        return data


def outs_table(max_outs: int = 20) -> tuple[OutsOdds, ...]:
    """The chance to hit 1 to ``max_outs`` outs after the flop (one card or two) and the turn.

    :raises ArgumentTypeError: if ``max_outs`` is not an int.
    :raises OddsError: if it is not from 1 to 46.

    >>> row = outs_table()[8]
    >>> row.outs, percent(row.flop), percent(row.turn), percent(row.flop_to_river)
    (9, '19.15%', '19.57%', '34.97%')
    """
    top = _count(max_outs, "max_outs", 1)
    if top > 46:
        raise OddsError(f"max_outs is at most 46 (the cards unseen after the turn), got {top}")
    return tuple(
        OutsOdds(
            outs=n,
            flop=hit_probability(n, 47),
            turn=hit_probability(n, 46),
            flop_to_river=hit_probability(n, 47, cards_to_come=2),
        )
        for n in range(1, top + 1)
    )


@dataclass(frozen=True)
class Draw:
    """A named draw and its chance to come in: ``street`` is ``'flop'`` (two cards to come from
    47 unseen) or ``'turn'`` (one card from 46)."""

    name: str
    outs: int
    street: str
    probability: Fraction

    @property
    def break_even_ratio(self) -> Fraction:
        """The pot odds a call needs, if the draw always wins when it comes in (and only then)."""
        return break_even_ratio(self.probability)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: exact fractions as strings, and floats.

        >>> pot_odds_table()[0].to_dict()["break_even_ratio"]
        '703/378'
        """
        return {
            "draw": self.name,
            "street": self.street,
            "outs": self.outs,
            "probability": str(self.probability),
            "probability_float": float(self.probability),
            "break_even_ratio": str(self.break_even_ratio),
            "break_even_ratio_float": float(self.break_even_ratio),
        }


DRAWS = {"four to a flush": 9, "four to an outside straight": 8, "four to an inside straight": 4}
"""The textbook draws and their outs."""


def pot_odds_table() -> tuple[Draw, ...]:
    """The classic pot-odds table: flush, open-ended and inside straight draws, flop and turn.

    >>> for d in pot_odds_table()[:3]:
    ...     print(d.name, percent(d.probability), f"{float(d.break_even_ratio):.2f}")
    four to a flush 34.97% 1.86
    four to an outside straight 31.45% 2.18
    four to an inside straight 16.47% 5.07
    """
    rows = []
    for street, unseen, k in (("flop", 47, 2), ("turn", 46, 1)):
        for name, n in DRAWS.items():
            rows.append(Draw(name, n, street, hit_probability(n, unseen, cards_to_come=k)))
    return tuple(rows)


# ---------------------------------------------------------------------------------------------
# Outs of a hand against known hands
# ---------------------------------------------------------------------------------------------


class Standing(Lookup, enum.Enum):
    """Where a hand stands against the others on the board as it is."""

    AHEAD = "ahead"
    TIED = "tied"
    BEHIND = "behind"


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _spot(
    hand: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    versus: Sequence[str | Iterable[CardLike]],
    dead: str | Iterable[CardLike],
    rule: games.Evaluator,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[tuple[Card, ...], ...], list[Card]]:
    """Parse and check the cards of a spot: hands of the game's size (all the same), a flop or
    a turn, cards of the game's deck, each known once; the hand, the board, the opposing hands
    and the unseen cards (the deck's cards that are in none of them)."""
    sizes = rule.hole_sizes
    mine = parse_cards(hand)
    if len(mine) not in sizes:
        *first, last = (_WORDS[n] for n in sizes)
        want = f"{', '.join(first)} or {last}" if first else last
        raise CardError(f"the hand must be {want} cards, got {len(mine)}")
    table = parse_cards(board)
    if len(table) not in (3, 4):
        raise CardError(
            f"outs are counted on a flop or a turn: the board must be 3 or 4 cards, "
            f"got {len(table)}"
        )
    check_collection(versus, "versus", "['QsQd'] (a list of hands)")
    others = tuple(parse_cards(h) for h in versus)
    for i, h in enumerate(others):
        if len(h) != len(mine):
            same = " (as the hand)" if len(sizes) > 1 else ""
            raise CardError(
                f"opposing hand {i} must be {_WORDS[len(mine)]} cards{same}, got {len(h)}"
            )
    gone = parse_cards(dead)
    deck = set(rule.deck)
    seen: dict[Card, str] = {}
    groups = [("the hand", mine), ("the board", table)]
    groups += [(f"opposing hand {i}", h) for i, h in enumerate(others)]
    groups.append(("the dead cards", gone))
    for what, cards in groups:
        for card in cards:
            if card not in deck:
                raise CardError(f"{card} is not in this game's deck")
            if card in seen:
                raise CardError(f"card {card} is in {seen[card]} and in {what}")
            seen[card] = what
    return mine, table, others, [c for c in rule.deck if c not in seen]


@dataclass(frozen=True)
class Outs:
    """The next cards that would make a hand win or tie against known hands.

    ``wins``: unseen cards after which the hand beats every opposing hand; ``ties``: cards after
    which it ties the best of them; ``unseen``: how many cards can come (52 minus every known
    card). ``standing`` is the hand's place on the board as it is (for a hand that is ahead,
    the cards outside ``wins`` and ``ties`` are the opponents' outs).
    """

    hand: tuple[Card, ...]
    board: tuple[Card, ...]
    versus: tuple[tuple[Card, ...], ...]
    standing: Standing
    wins: tuple[Card, ...]
    ties: tuple[Card, ...]
    unseen: int

    @property
    def count(self) -> int:
        """The number of outs (cards that win)."""
        return len(self.wins)

    @property
    def cards_to_come(self) -> int:
        """2 on the flop, 1 on the turn."""
        return 5 - len(self.board)

    def probability(self, cards_to_come: int = 1, *, ties: bool = False) -> Fraction:
        """The chance that one of the next ``cards_to_come`` cards is an out (with ``ties=True``:
        an out or a tie card), as :func:`hit_probability` of the count and the unseen cards.

        With two cards to come this is the chance to catch an out, not the chance to win: it
        leaves out runner-runner hands for either side and an opponent's improving on the
        other card (the equity functions count those).

        :raises ArgumentTypeError: if ``cards_to_come`` is not an int.
        :raises OddsError: if it is below 1 or more than the cards still to come.

        >>> o = outs("9h8h", "Kh7h2c", ["AsAd"])
        >>> o.count, o.unseen, o.probability(), o.probability(2)
        (9, 45, Fraction(1, 5), Fraction(4, 11))
        """
        n = self.count + (len(self.ties) if ties else 0)
        k = _count(cards_to_come, "cards_to_come", 1)
        if k > self.cards_to_come:
            raise OddsError(
                f"{k} cards to come on a board of {len(self.board)}: at most {self.cards_to_come}"
            )
        return hit_probability(n, self.unseen, k)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: cards as text, exact fractions as strings, and floats."""
        p = self.probability()
        data = {
            "hand": "".join(map(str, self.hand)),
            "board": "".join(map(str, self.board)),
            "versus": ["".join(map(str, h)) for h in self.versus],
            "standing": self.standing.value,
            "outs": len(self.wins),
            "wins": [str(c) for c in self.wins],
            "ties": [str(c) for c in self.ties],
            "unseen": self.unseen,
            "next_card": str(p),
            "next_card_float": float(p),
        }
        if self.cards_to_come == 2:
            two = self.probability(2)
            data["by_river"] = str(two)
            data["by_river_float"] = float(two)
        return data


def outs(
    hand: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    versus: Sequence[str | Iterable[CardLike]],
    *,
    dead: str | Iterable[CardLike] = (),
    game: str | Game | None = "holdem",
) -> Outs:
    """The outs of ``hand`` against one or several known hands on a flop or turn ``board``.

    Each unseen card (of the game's deck, and not in any hand, on the board or ``dead``) is
    dealt next in turn and every hand evaluated: a card is an out when ``hand`` then takes the
    whole pot against all of ``versus``, a tie card when it takes part of it.

    ``game`` (:func:`holdem.games.evaluator`): hold'em by default; a game whose hand is any
    five of the cards (``'short-deck'``, ``'manila'``, ``'royal'``, a Game; the unseen cards are
    its deck's); ``'omaha'`` or ``'omaha-hi-lo'`` (hands of 4, 5 or 6 cards; in high-low the
    hand takes the whole pot when it has the best high hand alone and, when a low qualifies, the
    best low alone: it scoops); ``'lazy-pineapple'`` or ``'double-holdem'`` (three cards).

    :raises CardError: for an unknown or repeated card, a hand of the wrong size (two cards in
        hold'em; all the hands the same size), a card outside the game's deck, or a board that
        is not 3 or 4 cards.
    :raises ArgumentTypeError: if ``versus`` is a string or None rather than a list of hands, or
        for a game that is neither a name nor a Game.
    :raises ArgumentError: for an unknown game name.
    :raises OddsError: if ``versus`` is empty.

    >>> o = outs("AhKh", "2h7hJc", ["QsQd"])
    >>> o.standing.value, o.count, len(o.ties), o.unseen
    ('behind', 15, 0, 45)
    >>> " ".join(map(str, o.wins))
    '3h 4h 5h 6h 8h 9h Th Jh Qh Kc Kd Ks Ac Ad As'
    >>> o = outs("9h8h", "Kh7h6c", ["AsAd"], game="short-deck")
    >>> o.count, o.unseen
    (9, 29)
    """
    rule = games.evaluator(game)
    mine, table, others, unseen = _spot(hand, board, versus, dead, rule)
    if not others:
        raise OddsError("outs need at least one opposing hand (versus=['QsQd'])")

    high, low = rule.high, rule.low

    def standing(extra: tuple[Card, ...]) -> Standing:
        cards = table + extra
        if not low:
            mine_value = high(mine, cards)
            best = max(high(h, cards) for h in others)
            if mine_value > best:
                return Standing.AHEAD
            return Standing.TIED if mine_value == best else Standing.BEHIND
        values = [rule.values(h, cards) for h in (mine, *others)]
        best_hi = max(v[0] for v in values)
        best_lo = max(v[1] for v in values)
        highs = [v[0] == best_hi for v in values]
        lows = [best_lo > 0 and v[1] == best_lo for v in values]
        share = (0.5 if best_lo else 1.0) * highs[0] / sum(highs)
        if best_lo:
            share += 0.5 * lows[0] / sum(lows)
        if share == 1.0:
            return Standing.AHEAD
        return Standing.TIED if share > 0 else Standing.BEHIND

    wins, ties = [], []
    for card in unseen:
        s = standing((card,))
        if s is Standing.AHEAD:
            wins.append(card)
        elif s is Standing.TIED:
            ties.append(card)
    return Outs(
        hand=mine,
        board=table,
        versus=others,
        standing=standing(()),
        wins=tuple(wins),
        ties=tuple(ties),
        unseen=len(unseen),
    )


def next_card_categories(
    hand: str | Iterable[CardLike],
    board: str | Iterable[CardLike],
    *,
    dead: str | Iterable[CardLike] = (),
    game: str | Game | None = "holdem",
) -> dict[Category, tuple[Card, ...]]:
    """What the hand becomes with each possible next card, grouped by category (no opponents),
    strongest category of the game's order first.

    Cards that leave the category as it is are listed too (under the current category). A card
    that only pairs the board also counts: this is what the hand *is*, not whether it wins.
    ``game`` as in :func:`outs` (in Omaha and the games of three hole cards: the category of the
    high hand, in hold'em's order).

    :raises CardError: for an unknown or repeated card, a hand of the wrong size (two cards in
        hold'em), a card outside the game's deck, or a board that is not 3 or 4 cards.
    :raises ArgumentTypeError: for a game that is neither a name nor a Game.
    :raises ArgumentError: for an unknown game name.

    >>> grouped = next_card_categories("AhKh", "2h7hJc")
    >>> {c.label: len(cards) for c, cards in grouped.items()}
    {'Flush': 9, 'One pair': 14, 'High card': 24}
    >>> grouped = next_card_categories("AhKh", "QhJh6c", game="short-deck")
    >>> {c.label: len(cards) for c, cards in grouped.items()}
    {'Straight flush': 1, 'Flush': 4, 'Straight': 3, 'One pair': 14, 'High card': 9}
    """
    rule = games.evaluator(game)
    mine, table, _, unseen = _spot(hand, board, (), dead, rule)
    ranking = rule.ranking
    groups: dict[Category, list[Card]] = {}
    for card in unseen:
        value = rule.high(mine, (*table, card))
        groups.setdefault(category(value, ranking), []).append(card)
    order = sorted(groups, key=lambda c: ranking.positions[int(c)], reverse=True)
    return {c: tuple(groups[c]) for c in order}
