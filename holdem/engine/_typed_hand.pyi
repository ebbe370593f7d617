# The type checkers' view of ``holdem.Hand``: the engine's Hand, generic over its chips' type.
#
# ``holdem.Hand`` is holdem.engine.hand.Hand at run time; a type checker reads this stub instead
# (holdem/__init__.py imports it under TYPE_CHECKING), where ``Hand[int]`` is a hand whose stacks
# and payoffs are ints (the ``casino`` and ``pokerkit`` presets: their odd chips are whole) and
# ``Hand[int | Fraction]`` one that may split a pot into fractions (the ``acpc`` preset,
# OddChips.FRACTIONAL, or any Rules value, which the checker cannot see into). The overloads of
# __init__ pick the type from the ``rules`` argument; tests/engine/test_typing.py checks that
# their parameters are the run-time __init__'s and runs mypy --strict on a user's script.

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Generic, Literal, overload

from typing_extensions import TypeVar

from holdem.cards import CardLike, Deck
from holdem.engine import hand as _hand
from holdem.engine.rules import Rules, Structure
from holdem.engine.showdown import ShowdownMode
from holdem.engine.variants import GameArg

__all__ = ["Hand"]

#: The type of a hand's chip counts after the award: int, or int | Fraction under the acpc rules.
ChipsT = TypeVar("ChipsT", bound=int | Fraction, default=int | Fraction, covariant=True)

class Hand(_hand.Hand, Generic[ChipsT]):
    @overload
    def __init__(
        self: Hand[int],
        stacks: Sequence[int],
        *,
        blinds: Sequence[int] = (),
        rng: random.Random | None = None,
        seed: int | None = None,
        deck: Deck | Sequence[CardLike] | None = None,
        straddles: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: int = 0,
        forced_bets: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        posts: Sequence[int] | None = None,
        dead_blinds: Sequence[int] | None = None,
        structure: Structure | str = ...,
        small_bet: int | None = None,
        big_bet: int | None = None,
        min_bet: int | None = None,
        rules: Literal["casino", "pokerkit"] = "casino",
        hole_cards: Sequence[Sequence[CardLike | None] | None] | None = None,
        board: Sequence[CardLike] = (),
        showdown: ShowdownMode = "auto",
        runs: int = 1,
        river_bet: int | None = None,
        game: GameArg = None,
    ) -> None: ...
    @overload
    def __init__(
        self: Hand[int | Fraction],
        stacks: Sequence[int],
        *,
        blinds: Sequence[int] = (),
        rng: random.Random | None = None,
        seed: int | None = None,
        deck: Deck | Sequence[CardLike] | None = None,
        straddles: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: int = 0,
        forced_bets: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        posts: Sequence[int] | None = None,
        dead_blinds: Sequence[int] | None = None,
        structure: Structure | str = ...,
        small_bet: int | None = None,
        big_bet: int | None = None,
        min_bet: int | None = None,
        rules: Rules | str = ...,
        hole_cards: Sequence[Sequence[CardLike | None] | None] | None = None,
        board: Sequence[CardLike] = (),
        showdown: ShowdownMode = "auto",
        runs: int = 1,
        river_bet: int | None = None,
        game: GameArg = None,
    ) -> None: ...
    @property
    def stacks(self) -> tuple[ChipsT, ...]:
        """The chips behind each seat now (bets on the table not included)."""
    # A list is invariant, so list[ChipsT] is not a list[int | Fraction] to the checker; each
    # call returns a new list, which no one else holds, so reading it as the base's is safe.
    @property
    def payoffs(self) -> list[ChipsT]:  # type: ignore[override]
        """Chips won (+) or lost (-) by each seat, once the hand is over."""
