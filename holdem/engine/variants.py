"""The other games a :class:`holdem.Hand` plays: the deck, the hole cards, the boards, the showdown.

``Hand(..., game=...)`` takes a name from :data:`VARIANTS` (or :data:`holdem.games.GAMES`), a
:class:`holdem.Game` (hold'em dealt from that game's deck and ranked by it) or a
:class:`Variant`; the betting (the three structures, the rules, the side pots) is hold'em's.

* **short-deck**, **manila**, **royal**: hold'em on the 36-, 32- or 20-card deck, each hand
  ranked by the game's own ranking (see :mod:`holdem.games`). In **manila** the board is dealt
  one card at a time, each after a burn, with a betting round after each card (Wikipedia
  "Texas hold 'em", "Similar games"): six betting rounds. The rounds of the first three board
  cards are on the flop's street (:attr:`holdem.Street.FLOP`: a fixed-limit small bet), the
  fourth card's on the turn and the fifth's on the river. Its variants are options of
  :class:`Variant`: ``one_at_a_time=False`` deals hold'em's streets on the 32-card deck,
  ``hole_cards=3`` with a ``discard`` plays Pineapple Manila, and the game's ranking options
  (``trips_beat_straight``: :meth:`holdem.Game.with_options`) hold too.
* **omaha**, **omaha-5**, **omaha-6**: four, five or six hole cards; a hand is exactly two hole
  cards and three board cards. **omaha-hi-lo** (and ``-5``, ``-6``): eight or better, each pot
  split in halves between the best high hand and the best qualifying low (Robert's Rules of
  Poker, "Omaha high-low eight or better"); when no hand eligible for a pot makes a low, the
  high hand takes all of it; the odd chip of a pot split in halves goes to the high half
  (Robert's Rules: "the odd chip goes to the high hand"), and each half is split among tied
  hands by the hand's :class:`holdem.OddChips` rule.
* **pineapple**, **crazy-pineapple**, **lazy-pineapple**: three hole cards; the player
  discards one (:meth:`holdem.Hand.discard`) after the pre-flop betting, before the flop
  (Pineapple), after the flop's betting (Crazy Pineapple), or never: at the showdown each hand
  plays the best two of its three hole cards with the board (Lazy Pineapple).
* **double-holdem** (Double Texas hold'em, Wikipedia "Texas hold 'em", "Similar games"): three
  hole cards; the middle card (the second dealt) plays with each of the other two, so each
  player has two two-card hands, ``(first, middle)`` and ``(middle, third)``, and the two outer
  cards never play together. A player's hand at the showdown is the better of the two, and the
  best such hand wins the whole pot (a player cannot split a pot with himself; ties between
  players split as in hold'em).
* **double-board**: two boards, dealt street by street (a burn, then the street's cards of the
  first board, then of the second); by default each pot is split in two, half to the best hand
  on each board (the odd chip to the first board), or, with ``split_boards=False``, the whole
  pot to the best hand on either board.

The dealing order generalises hold'em's: the hole cards one at a time round the table from
seat 0, as many rounds as the game's hole cards; then for each street a burn and that street's
cards of each board in turn.

>>> from holdem import Hand
>>> hand = Hand([100, 100], blinds=(1, 2), game="omaha", seed=4)
>>> len(hand.hole_cards(0)), hand.game.name
(4, 'omaha')
>>> VARIANTS["short-deck"].deck_size, VARIANTS["double-board"].boards
(36, 2)
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from holdem import _core, _games, _omaha
from holdem.cards import Card, CardLike, Deck, parse_cards
from holdem.engine.events import EventKind, Street
from holdem.engine.pots import Pot, award
from holdem.engine.rules import OddChips
from holdem.engine.runout import share
from holdem.errors import ArgumentTypeError, CardError, RulesError
from holdem.games import GAMES, Game

__all__ = ["VARIANTS", "Discard", "GameArg", "Variant", "play_variant"]

_EV_BURN, _EV_DEAL_BOARD = EventKind.BURN, EventKind.DEAL_BOARD


class Discard(enum.Enum):
    """When a player of a three-hole-card game gives up one of them."""

    #: No discard (every game but the Pineapple family).
    NONE = "none"
    #: After the pre-flop betting, before the flop is dealt (Pineapple).
    BEFORE_FLOP = "before-flop"
    #: After the flop's betting, before the turn is dealt (Crazy Pineapple).
    AFTER_FLOP = "after-flop"
    #: At the showdown: the best two of the three hole cards play (Lazy Pineapple).
    SHOWDOWN = "showdown"


@dataclass(frozen=True)
class Variant:
    """A game of the hold'em family as the engine plays it (see the module for each game).

    ``game``: the deck and the ranking of hands of any five cards (a :class:`holdem.Game`);
    ``hole_cards``: the cards each player is dealt (2 to 6); ``omaha``: a hand is exactly two
    hole cards and three board cards (4 to 6 hole cards); ``hi_lo``: Omaha eight or better;
    ``discard``: when a three-card hand discards (:class:`Discard`); ``double``: Double hold'em
    (three hole cards, the middle one plays with each of the others); ``boards``: 1 or 2;
    ``split_boards``: with two boards, half of each pot per board (else the best hand on either
    board takes all); ``one_at_a_time``: the board is dealt one card at a time, after a burn,
    with a betting round after each card (Manila).

    :raises RulesError: for a combination that is not a game: a hole size outside 2..6, Omaha
        with fewer than four hole cards or a short deck, hi-lo without Omaha, a discard or
        Double hold'em without three hole cards, or a board count other than 1 or 2.

    >>> Variant("mine", hole_cards=3, discard=Discard.SHOWDOWN).hole_cards
    3
    >>> Variant("bad", hi_lo=True)
    Traceback (most recent call last):
    ...
    holdem.errors.RulesError: hi-lo (eight or better) is played as Omaha: set omaha=True
    """

    name: str
    game: Game = GAMES["holdem"]
    hole_cards: int = 2
    omaha: bool = False
    hi_lo: bool = False
    discard: Discard = Discard.NONE
    double: bool = False
    boards: int = 1
    split_boards: bool = True
    one_at_a_time: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise RulesError(f"a variant's game is a holdem.Game, got {self.game!r}")
        h = self.hole_cards
        if type(h) is not int or not 2 <= h <= 6:
            raise RulesError(f"hole_cards is an int from 2 to 6, got {h!r}")
        if self.omaha and (h < 4 or not self.game.is_holdem):
            raise RulesError("Omaha deals 4, 5 or 6 hole cards from the 52-card deck")
        if self.hi_lo and not self.omaha:
            raise RulesError("hi-lo (eight or better) is played as Omaha: set omaha=True")
        if (self.discard is not Discard.NONE or self.double) and (h != 3 or self.omaha):
            raise RulesError("a discard or Double hold'em needs three hole cards (not Omaha)")
        if self.discard is not Discard.NONE and self.double:
            raise RulesError("Double hold'em keeps its three hole cards: no discard")
        if not self.omaha and not self.double and self.discard is Discard.NONE and h != 2:
            raise RulesError(
                f"{h} hole cards need a rule for using them: Omaha, a discard or Double hold'em"
            )
        if self.boards not in (1, 2):
            raise RulesError(f"boards is 1 or 2, got {self.boards!r}")
        if self.one_at_a_time and self.boards > 1:
            raise RulesError("a board dealt one card at a time is one board")

    @property
    def discard_after(self) -> Street | None:
        """The street whose betting the discards follow (pre-flop or the flop), or None."""
        return _DISCARD_AFTER[self.discard]

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck."""
        return 52 - 4 * self.game.lowest_rank

    @property
    def is_holdem(self) -> bool:
        """Whether this is plain Texas hold'em (played by the engine's own path)."""
        return dataclasses.replace(self, name="holdem") == _HOLDEM

    def with_options(self, **options: Any) -> Variant:
        """This variant with some options changed (``split_boards=False``).

        :raises TypeError: for an unknown option.
        :raises RulesError: for a combination that is not a game.

        >>> VARIANTS["double-board"].with_options(split_boards=False).split_boards
        False
        """
        return dataclasses.replace(self, **options)

    def start(self, n: int, runs: int) -> list[list[Card]] | None:
        """Check that the deck deals the hand; the empty boards of a two-board hand, else None.

        :raises RulesError: as :meth:`check` does.
        """
        self.check(n, runs)
        return [[] for _ in range(self.boards)] if self.boards > 1 else None

    def cards_needed(self, n: int, runs: int = 1) -> int:
        """The cards a hand of ``n`` players deals, ``runs`` runs of the board included."""
        per_run = 10 if self.one_at_a_time else 3 + 5 * self.boards
        return self.hole_cards * n + per_run * runs

    def check(self, n: int, runs: int) -> None:
        """Refuse a hand the deck cannot deal.

        :raises RulesError: when the players (and the runs) need more cards than the deck has,
            or runs > 1 with two boards.
        """
        once = self.boards > 1 or self.discard_after is not None or self.one_at_a_time
        if runs > 1 and once:
            raise RulesError(f"a {self.name} hand deals its board once (runs=1)")
        need = self.cards_needed(n, runs)
        if need > self.deck_size:
            raise RulesError(
                f"{self.name}: {n} players need {need} cards (runs={runs}); the deck has "
                f"{self.deck_size}"
            )

    # -- dealing ----------------------------------------------------------------------------

    def deal(
        self,
        n: int,
        deck: Deck | Sequence[CardLike] | None,
        seed: int | None,
        rng: random.Random | None,
        hole_cards: Sequence[Sequence[CardLike | None] | None] | None,
        board: Sequence[CardLike],
        runs: int,
    ) -> list[Card]:
        """The cards of a hand in dealing order (see :func:`holdem.engine.dealing.deal_order`).

        :raises RulesError: as :func:`~holdem.engine.dealing.deal_order` does.
        :raises CardError: as :func:`~holdem.engine.dealing.deal_order` does, and for a card
            outside the game's deck.
        """
        need = self.cards_needed(n, runs)
        low = 4 * self.game.lowest_rank
        if deck is not None:
            if hole_cards is not None or board or seed is not None or rng is not None:
                raise RulesError("a deck fixes every card: do not also give cards, seed or rng")
            cards = list(deck.remaining if isinstance(deck, Deck) else parse_cards(deck))
            if len(cards) < need:
                raise CardError(f"the deck has {len(cards)} cards; {n} players need {need}")
            cards = cards[:need]
            self._check_deck(cards, low)
            return cards
        from holdem.engine.dealing import place_hole_cards, shuffler

        rng = shuffler(seed, rng)
        slots: list[Card | None] = [None] * need
        if hole_cards is not None:
            place_hole_cards(slots, hole_cards, n, self.hole_cards)
        fixed = list(parse_cards(board)) if board else []
        if len(fixed) > 5:
            raise CardError(f"a board has at most five cards, got {len(fixed)}")
        for k, c in enumerate(fixed):
            slots[self.board_slot(n, 0, k)] = c
        known = [c for c in slots if c is not None]
        self._check_deck(known, low)
        taken = set(known)
        pool = [Card(i) for i in range(low, 52) if Card(i) not in taken]
        fill = iter(_core.draw(pool, need - len(known), rng.getrandbits(64)))
        return [c if c is not None else next(fill) for c in slots]

    def _check_deck(self, cards: Sequence[Card], low: int) -> None:
        if len(set(cards)) != len(cards):
            dup = next(c for c in cards if cards.count(c) > 1)
            raise CardError(f"card {dup} is dealt twice")
        for c in cards:
            if int(c) < low:
                raise CardError(f"card {c} is not in the {self.name} deck")

    def board_slot(self, n: int, board: int, k: int) -> int:
        """The place in dealing order of card ``k`` (0-4) of board ``board`` (first run)."""
        base, b = self.hole_cards * n, self.boards
        if self.one_at_a_time:
            return base + 2 * k + 1
        if k < 3:
            return base + 1 + 3 * board + k
        if k == 3:
            return base + 2 + 3 * b + board
        return base + 3 + 4 * b + board

    def holes(self, cards: Sequence[Card], n: int) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hole cards, from the cards in dealing order."""
        h = self.hole_cards
        return tuple(tuple(cards[k * n + i] for k in range(h)) for i in range(n))

    def deal_street(
        self,
        n: int,
        cards: Sequence[Card],
        street: Street,
        board: list[Card],
        boards: list[list[Card]] | None,
        log: list[Any],
    ) -> None:
        """Deal a street onto ``board`` (and the second board in ``boards``), logging it."""
        base = self.hole_cards * n
        if self.one_at_a_time:  # a burn and one card (the flop's street deals three such)
            k = len(board)
            one: tuple[Card, ...] = (cards[base + 2 * k + 1],)
            board.extend(one)
            log.append((_EV_BURN, None, 0, (cards[base + 2 * k],), street, False))
            log.append((_EV_DEAL_BOARD, None, 0, one, street, False))
            return
        first, count = ((0, 3), (3, 1), (4, 1))[street - 1]
        burn = base + (0, 1 + 3 * self.boards, 2 + 4 * self.boards)[street - 1]
        log.append((_EV_BURN, None, 0, (cards[burn],), street, False))
        for b in range(self.boards):
            at = self.board_slot(n, b, first)
            dealt = tuple(cards[at : at + count])
            if b == 0:
                board.extend(dealt)
            if boards is not None:
                boards[b].extend(dealt)
            log.append((_EV_DEAL_BOARD, None, 0, dealt, street, False))

    # -- the showdown -----------------------------------------------------------------------

    def components(
        self, boards: Sequence[Sequence[Card]], holes: Sequence[Sequence[Card]]
    ) -> list[list[list[int]]]:
        """Each seat's values on each board share and for each hand type (high, then low).

        ``[share][type][seat]``: a value > 0 wins against smaller ones; 0 is no hand (no
        qualifying low). With two boards not split, the one share is the better of the two.
        """
        types = 2 if self.hi_lo else 1
        per_board = []
        for board in boards:
            per_board.append([[self.value(board, hole, t) for hole in holes] for t in range(types)])
        if self.boards > 1 and not self.split_boards:
            return [[[max(vs) for vs in zip(*(pb[t] for pb in per_board), strict=True)]
                     for t in range(types)]]  # fmt: skip
        return per_board

    def value(self, board: Sequence[Card], hole: Sequence[Card], low: int = 0) -> int:
        """One hand's value on one board (``low``: the eight-or-better low, 0 for none)."""
        if self.omaha:
            if low:
                v: int = _omaha.evaluate_omaha_low(hole, board)
                return v
            v = _omaha.evaluate_omaha(hole, board)
            return v
        if self.double:
            a, mid, c = hole
            return max(self._five((a, mid, *board)), self._five((mid, c, *board)))
        if len(hole) == 3:  # Lazy Pineapple (or a hand that has not discarded)
            return max(self._five((*pair, *board)) for pair in combinations(hole, 2))
        return self._five((*hole, *board))

    def _five(self, cards: Sequence[Card]) -> int:
        game = self.game
        if game.is_holdem:
            v: int = _core.evaluate(cards)
            return v
        v = _games.evaluate(cards, game.index)
        return v


def shows(
    order: Sequence[int], comps: list[list[list[int]]], pots: Sequence[Pot], everyone: bool
) -> list[bool]:
    """Automatic showdown: whether each seat of ``order`` shows, in order.

    A hand shows when, for some board, hand type and pot it can win, it has a hand at least as
    good as the best one shown so far for that pot (pokerkit 0.7.7's ``can_win_now``), or when
    every hand is to be shown.
    """
    best: dict[tuple[int, int, int], int] = {}
    out = []
    for i in order:
        mine = [
            (b, t, k, v)
            for b, types in enumerate(comps)
            for t, values in enumerate(types)
            for k, pot in enumerate(pots)
            if i in pot.eligible and (v := values[i]) > 0
        ]
        show = everyone or any(v >= best.get((b, t, k), 0) for b, t, k, v in mine)
        out.append(show)
        if show:
            for b, t, k, v in mine:
                if v > best.get((b, t, k), 0):
                    best[(b, t, k)] = v
    return out


def _qualified(values: list[int], pot: Pot, contenders: Mapping[int, object]) -> dict[int, int]:
    return {i: values[i] for i in pot.eligible if i in contenders and values[i] > 0}


def variant_winners(
    pots: Sequence[Pot], comps: list[list[list[int]]], contenders: Mapping[int, object]
) -> set[int]:
    """The seats that win some share of some pot (for ``Rules.merge_pots``)."""
    won: set[int] = set()
    for pot in pots:
        for types in comps:
            for values in types:
                q = _qualified(values, pot, contenders)
                if q:
                    top = max(q.values())
                    won.update(i for i, v in q.items() if v == top)
    return won


def award_variant(
    pots: Sequence[Pot],
    comps: list[list[list[int]]],
    contenders: Mapping[int, object],
    policy: OddChips,
) -> list[tuple[int, int | Fraction]]:
    """Each pot split by board share, then in halves (high, low), each part to its best hands.

    A low half exists only when some contender eligible for the pot has a qualifying low; the
    high half gets the odd chip, as the first board share does.
    """
    out: list[tuple[int, int | Fraction]] = []
    shares = len(comps)
    for pot in pots:
        for b, types in enumerate(comps):
            amount = share(pot.amount, shares, b, policy)
            parts = [q for values in types if (q := _qualified(values, pot, contenders))]
            if not parts:  # no contender eligible: the pot goes back to its seats
                parts = [{i: 1 for i in pot.eligible}]
            for t, q in enumerate(parts):
                part = _share(amount, len(parts), t, policy)
                out += award([Pot(part, pot.eligible)], q, policy)  # type: ignore[arg-type]
    return out


def _share(amount: int | Fraction, parts: int, k: int, policy: OddChips) -> int | Fraction:
    if isinstance(amount, Fraction) or policy is OddChips.FRACTIONAL:
        return Fraction(amount) / parts
    return share(amount, parts, k, policy)


_DISCARD_AFTER = {
    Discard.NONE: None,
    Discard.BEFORE_FLOP: Street.PREFLOP,
    Discard.AFTER_FLOP: Street.FLOP,
    Discard.SHOWDOWN: None,
}

# The hold'em variant: a hand with it (or with no game) runs the engine's own path.
_HOLDEM = Variant("holdem")

_OMAHA = {f"omaha{'' if h == 4 else f'-{h}'}": h for h in (4, 5, 6)}

VARIANTS: dict[str, Variant] = {
    "holdem": _HOLDEM,
    "short-deck": Variant("short-deck", game=GAMES["short-deck"]),
    "manila": Variant("manila", game=GAMES["manila"], one_at_a_time=True),
    "royal": Variant("royal", game=GAMES["royal"]),
    **{name: Variant(name, hole_cards=h, omaha=True) for name, h in _OMAHA.items()},
    **{
        f"{name}-hi-lo": Variant(f"{name}-hi-lo", hole_cards=h, omaha=True, hi_lo=True)
        for name, h in _OMAHA.items()
    },
    "pineapple": Variant("pineapple", hole_cards=3, discard=Discard.BEFORE_FLOP),
    "crazy-pineapple": Variant("crazy-pineapple", hole_cards=3, discard=Discard.AFTER_FLOP),
    "lazy-pineapple": Variant("lazy-pineapple", hole_cards=3, discard=Discard.SHOWDOWN),
    "double-holdem": Variant("double-holdem", hole_cards=3, double=True),
    "double-board": Variant("double-board", boards=2),
}
"""The games a hand plays, by name (see the module)."""


#: What a hand's ``game`` argument may be: a name, a :class:`holdem.Game`, a Variant, or None.
GameArg = str | Game | Variant | None


def play_variant(game: object) -> Variant | None:
    """The :class:`Variant` a hand's ``game`` argument stands for; None for plain hold'em.

    A name of :data:`VARIANTS` (``_`` for ``-`` and any case), a :class:`holdem.Game` (hold'em
    on its deck, ranked by it) or a Variant.

    :raises RulesError: for an unknown name.
    :raises ArgumentTypeError: for anything else.

    >>> play_variant("Short_Deck").game.name, play_variant(None), play_variant("holdem")
    ('short-deck', None, None)
    """
    if game is None:
        return None
    if isinstance(game, str):
        found = VARIANTS.get(game.lower().replace("_", "-"))
        if found is None:
            raise RulesError(f"unknown game {game!r}: one of {', '.join(VARIANTS)}")
        variant = found
    elif isinstance(game, Variant):
        variant = game
    elif isinstance(game, Game):
        variant = Variant(game.name, game=game)
    else:
        raise ArgumentTypeError(f"a game is a name, a holdem.Game or a Variant, got {game!r}")
    return None if variant.is_holdem else variant
