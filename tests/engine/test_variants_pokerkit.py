"""The engine's other games against pokerkit 0.7.7, hand by hand, decision by decision.

The same method as ``test_hand_pokerkit.py`` (hold'em), for the games pokerkit plays: no-limit
short-deck hold'em (pokerkit's ``NoLimitShortDeckHoldem``: a flush beats a full house, a straight
beats three of a kind, A-6-7-8-9 is a straight), pot-limit Omaha with four, five and six hole
cards (``PotLimitOmahaHoldem``, and the same parts with five and six hole cards), and
fixed-limit Omaha hi-lo eight or better. pokerkit 0.7.7's
``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is built on its pot-limit mixin (it plays
pot limit), so the test composes the fixed-limit game from pokerkit's own parts
(``FixedLimitPokerMixin``, ``OmahaHoldemMixin``, ``Holdem``, and its two Omaha hand types), as
the hold'em test does for pot-limit hold'em.

Random hands (seeded: 2 to 9 players, short stacks, antes, big-blind antes, straddles, a rake
in one hand of four) are played by the engine under the ``pokerkit`` preset and by pokerkit
with the same cards. At every decision both must agree on who acts, whether folding is
allowed, the amount to check or call and the minimum and maximum raise-to; at the end on the
final stacks and payoffs, the board, and who showed or mucked in what order.

One difference is known and checked apart: when no hand eligible for a hi-lo side pot makes a
low but a hand outside that pot does, pokerkit 0.7.7 still cuts a low half from the pot and
gives it to every hand eligible for it (all of them "tie" with no low), or burns it when it
cannot ("some chips will be burned"); the engine gives the whole pot to the best high hand
(Robert's Rules of Poker: the low half exists only when a low qualifies). In those hands, and
only there, the final stacks may differ: the test then checks that pokerkit did pay a low half
to a hand without a low, and that the engine kept every chip.

``HOLDEM_PK_VARIANT_HANDS`` (default 200) sets the number of hands per game.
"""

from __future__ import annotations

import os
import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from holdem import Hand
from holdem.games import evaluate_omaha_low

from _support import pokerkit_driver as DRIVER

HANDS = int(os.environ.get("HOLDEM_PK_VARIANT_HANDS", "200"))
CHUNKS = 4

#: (engine game, betting structure, hole cards, lowest card index of the deck)
GAMES = {
    "NS": ("short-deck", "no-limit", 2, 16),
    "PO": ("omaha", "pot-limit", 4, 0),
    "PO5": ("omaha-5", "pot-limit", 5, 0),
    "PO6": ("omaha-6", "pot-limit", 6, 0),
    "FO/8": ("omaha-hi-lo", "fixed-limit", 4, 0),
}


@pytest.fixture(scope="module")
def pokerkit() -> Iterator[Any]:
    """pokerkit 0.7.7 (its hand evaluation memoized), or a skip where it is not installed."""
    pk = pytest.importorskip("pokerkit")
    with DRIVER.memoized(
        [pk.ShortDeckHoldemHand, pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand]
    ):
        yield pk


def game_class(pk: Any, code: str) -> Any:
    """pokerkit's class of a game (those 0.7.7 lacks built from its own parts)."""
    games = pk.games

    def omaha(holes: int, name: str) -> Any:
        return type(
            name,
            (games.PotLimitPokerMixin, games.OmahaHoldemMixin, games.UnfixedLimitHoldem),
            {"hand_types": (pk.OmahaHoldemHand,), "hole_dealing_count": holes},
        )

    if code == "NS":
        return pk.NoLimitShortDeckHoldem
    if code == "PO":
        return pk.PotLimitOmahaHoldem
    if code == "FO/8":
        return type(
            "FixedLimitOmahaHiLo",
            (games.FixedLimitPokerMixin, games.OmahaHoldemMixin, games.Holdem),
            {"hand_types": (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)},
        )
    holes = GAMES[code][2]
    return omaha(holes, f"PotLimitOmaha{holes}")


def make_setup(code: str, seed: int) -> Any:
    """A random hand of a game from a seed."""
    game, structure, holes, low = GAMES[code]
    rng = random.Random(seed * 31 + len(code))
    return DRIVER.random_setup(
        rng, seed, structure=structure, game=game, holes=holes, low=low, straddling=0.2
    )


def play_both(pk: Any, code: str, seed: int) -> bool:
    """Play one random hand on both engines, compare everything; False if pokerkit burned chips."""
    setup = make_setup(code, seed)
    hand = setup.hand()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state = setup.state(pk, game_class(pk, code))
        history = DRIVER.play_decisions(hand, state, setup, random.Random(seed ^ 0x5EED))
    DRIVER.check_showdown(pk, hand, state, setup, history)
    assert sum(hand.stacks) + hand.rake == sum(setup.stacks)
    if _low_half_without_low(pk, state, hand) and (
        any("burned" in str(w.message) for w in caught) or list(hand.stacks) != state.stacks
    ):
        return False
    DRIVER.check_chips(hand, state, setup, history)
    return True


def _low_half_without_low(pk: Any, state: Any, hand: Hand) -> bool:
    """Whether pokerkit paid part of a low half to a hand that makes no low."""
    for op in state.operations:
        if isinstance(op, pk.ChipsPushing) and op.hand_type_index == 1:
            for i, amount in enumerate(op.amounts):
                if amount and not evaluate_omaha_low(hand.hole_cards(i), hand.board):
                    return True
    return False


def _seeds(chunk: int) -> range:
    size = -(-HANDS // CHUNKS)
    return range(chunk * size, min(HANDS, (chunk + 1) * size))


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("code", list(GAMES))
def test_engine_matches_pokerkit(pokerkit: Any, code: str, chunk: int) -> None:
    compared = sum(play_both(pokerkit, code, seed) for seed in _seeds(chunk))
    assert compared >= len(_seeds(chunk)) * 9 // 10  # the known difference stays rare
