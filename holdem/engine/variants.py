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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from holdem import _core, _games, _omaha
from holdem._validate import Lookup
from holdem.cards import Card, CardLike, Deck
from holdem.engine.dealing import board_slot, cards_needed, deal_order
from holdem.engine.events import Street
from holdem.errors import ArgumentTypeError, RulesError
from holdem.games import GAMES, Game

__all__ = [
    "VARIANTS",
    "Discard",
    "GameArg",
    "Variant",
    "components",
    "hand_value",
    "play_variant",
    "variant_of",
]


class Discard(Lookup, enum.Enum):
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

    @cached_property
    def _layout(self) -> tuple[int, ...]:
        """The game as the hand kernel reads it: the lowest card, the hole cards, the boards,
        one card at a time, Omaha, hi-lo, Double hold'em, the street whose betting the discards
        follow (-1: none), two boards split, the ranking's tables (-1: hold'em's) and the cards
        of one run of the board."""
        after = self.discard_after
        return (
            4 * self.game.lowest_rank,
            self.hole_cards,
            self.boards,
            int(self.one_at_a_time),
            int(self.omaha),
            int(self.hi_lo),
            int(self.double),
            -1 if after is None else int(after),
            int(self.split_boards),
            -1 if self.game.is_holdem else self.game.index,
            10 if self.one_at_a_time else 3 + 5 * self.boards,
        )

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
        return cards_needed(self._layout, n, runs)

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
        """The cards of a hand in dealing order (see :func:`holdem.engine.dealing.hand_cards`).

        :raises RulesError: as :func:`~holdem.engine.dealing.hand_cards` does.
        :raises CardError: as :func:`~holdem.engine.dealing.hand_cards` does, and for a card
            outside the game's deck.
        """
        return deal_order(n, deck, seed, rng, hole_cards, board, runs, self._layout, self.name)

    def board_slot(self, n: int, board: int, k: int) -> int:
        """The place in dealing order of card ``k`` (0-4) of board ``board`` (first run)."""
        return board_slot(self._layout, n, board, k)

    def holes(self, cards: Sequence[Card], n: int) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hole cards, from the cards in dealing order."""
        h = self.hole_cards
        return tuple(tuple(cards[k * n + i] for k in range(h)) for i in range(n))

    # -- the showdown -----------------------------------------------------------------------

    def components(
        self, boards: Sequence[Sequence[Card]], holes: Sequence[Sequence[Card]]
    ) -> list[list[list[int]]]:
        """Each seat's values on each board share and for each hand type (high, then low).

        ``[share][type][seat]``: a value > 0 wins against smaller ones; 0 is no hand (no
        qualifying low). With two boards not split, the one share is the better of the two.
        """
        return components(
            self._layout,
            [[int(c) for c in b] for b in boards],
            [[int(c) for c in h] for h in holes],
        )

    def value(self, board: Sequence[Card], hole: Sequence[Card], low: int = 0) -> int:
        """One hand's value on one board (``low``: the eight-or-better low, 0 for none)."""
        return hand_value(self._layout, [int(c) for c in board], [int(c) for c in hole], low)


def hand_value(layout: Sequence[int], board: Sequence[int], hole: Sequence[int], low: int) -> int:
    """One hand's value on one board in the game of ``layout`` (``Variant._layout``); ``low``:
    the eight-or-better low (0 for none); 0 for no hole cards."""
    if not hole:
        return 0
    if layout[4]:  # Omaha: two hole cards and three board cards
        return int(_omaha.evaluate_omaha_low(hole, board) if low else
                   _omaha.evaluate_omaha(hole, board))  # fmt: skip
    if layout[6]:  # Double hold'em: the middle card with each of the others
        a, mid, c = hole
        return max(_five(layout, [a, mid, *board]), _five(layout, [mid, c, *board]))
    if len(hole) == 3:  # Lazy Pineapple (or a hand that has not discarded)
        a, b, c = hole
        return max(_five(layout, [x, y, *board]) for x, y in ((a, b), (a, c), (b, c)))
    return _five(layout, [*hole, *board])


def _five(layout: Sequence[int], cards: list[int]) -> int:
    ranking = layout[9]
    if ranking == -1:
        return int(_core.evaluate(cards))
    return int(_games.evaluate(cards, ranking))


def components(
    layout: Sequence[int], boards: Sequence[Sequence[int]], holes: Sequence[Sequence[int]]
) -> list[list[list[int]]]:
    """Each seat's values ``[share][type][seat]`` in the game of ``layout``: one share per
    board (or per run), one type (high), or two (high, then the eight-or-better low); 0 for no
    hole cards or no qualifying low. Two boards not split make one share: the better of the
    two."""
    types = 2 if layout[5] else 1
    out = [[[hand_value(layout, board, hole, t) for hole in holes] for t in range(types)]
           for board in boards]  # fmt: skip
    if layout[2] > 1 and not layout[8]:
        return [[[max(vs) for vs in zip(*(share[t] for share in out), strict=True)]
                 for t in range(types)]]  # fmt: skip
    return out


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


def variant_of(game: object) -> Variant:
    """The :class:`Variant` a hand's ``game`` argument stands for (hold'em for None).

    :raises RulesError: for an unknown name.
    :raises ArgumentTypeError: for anything else.

    >>> variant_of(None).name, variant_of("omaha").hole_cards
    ('holdem', 4)
    """
    return play_variant(game) or _HOLDEM


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
