"""The hand engine against pokerkit 0.7.7, hand by hand, decision by decision.

Random hands (seeded: 2 to 9 players, short stacks below the blinds and antes, antes for every
player or a big-blind ante with ``ante_trimming_status`` both ways, straddles and re-straddles,
no limit, pot limit and fixed limit) are played by the engine under the ``pokerkit`` preset and
by pokerkit (``Mode.TOURNAMENT``: no fold when checking is free) with the same cards: the engine
gets a ``deck=`` in dealing order and the same cards are dealt and burned into pokerkit by hand.
The actions are chosen at random from the engine's legal actions (fold, check or call, the
minimum raise, the maximum raise, an amount in between). At every decision both must agree on
who acts, whether folding is allowed, the amount to check or call, and the minimum and maximum
raise-to; at the end on the final stacks and payoffs, the board, and who showed or mucked in
what order at the (automatic) showdown.

Seats and pokerkit's "player indices" are the same numbers (0 = left of the button, the last =
the button). pokerkit reverses the blinds and antes of a two-player hand; the engine's
``blinds=(sb, bb)`` does the same, so both get the same raw values.

``HOLDEM_PK_HANDS`` (default 3000) sets the number of hands. The same hands are played under
the ``casino`` preset too, checking only invariants (the casino rules differ on purpose): those
run without pokerkit, and the comparisons are skipped where pokerkit is not installed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from holdem import ActionError, Rules

from _support import pokerkit_driver as DRIVER

HANDS = int(os.environ.get("HOLDEM_PK_HANDS", "3000"))
CHUNKS = 8
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")


@pytest.fixture(scope="module")
def pokerkit() -> Iterator[Any]:
    """pokerkit 0.7.7 (its hand evaluation memoized), or a skip where it is not installed."""
    pk = pytest.importorskip("pokerkit")
    with DRIVER.memoized([pk.StandardHighHand]):
        yield pk


def make_setup(seed: int) -> Any:
    """A random hand from a seed."""
    return DRIVER.random_setup(random.Random(seed), seed, structure=STRUCTURES[seed % 3])


def game_class(pk: Any, structure: str) -> Any:
    """pokerkit's hold'em of a betting structure (0.7.7 has no pot-limit hold'em: it is built
    from pokerkit's own parts)."""
    if structure == "fixed-limit":
        return pk.FixedLimitTexasHoldem
    if structure == "no-limit":
        return pk.NoLimitTexasHoldem
    games = pk.games
    return type(
        "PotLimitTexasHoldem",
        (games.PotLimitPokerMixin, games.TexasHoldemMixin, games.UnfixedLimitHoldem),
        {},
    )


def play_both(pk: Any, seed: int) -> None:
    """Play one random hand on both engines and compare every decision and the result."""
    setup = make_setup(seed)
    hand = setup.hand()
    state = setup.state(pk, game_class(pk, setup.structure))
    history = DRIVER.play_decisions(hand, state, setup, random.Random(seed ^ 0x5EED))
    DRIVER.check_chips(hand, state, setup, history)
    DRIVER.check_showdown(pk, hand, state, setup, history)


def play_casino(seed: int) -> None:
    """Play the same random hand under the casino preset, checking invariants only."""
    setup = make_setup(seed)
    # The random straddles are not all legal raises, which the casino rules refuse (see
    # tests/engine/test_straddles.py): every hand is still played, with that one check off.
    hand = setup.hand(Rules.preset("casino", straddle_is_raise=False))
    total = sum(setup.stacks)
    rng = random.Random(seed ^ 0xCA5)
    while not hand.is_over:
        assert sum(hand.stacks) + hand.pot_total == total
        legal = hand.legal_actions()
        assert hand.actor == legal.seat
        assert legal.check != (legal.call is not None)
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None and legal.min_raise_to <= legal.max_raise_to
            assert legal.max_raise_to <= hand.bets[legal.seat] + int(hand.stacks[legal.seat])
            assert hand.can_raise_to(legal.min_raise_to)
            assert not hand.can_raise_to(legal.max_raise_to + 1)
        action, amount = DRIVER.choose(rng, hand)
        DRIVER.act(hand, action, amount)  # a legal action never raises
    assert sum(hand.stacks) == total
    assert sum(hand.payoffs) == 0
    with pytest.raises(ActionError):
        hand.check_or_call()


def _seeds(chunk: int) -> range:
    size = -(-HANDS // CHUNKS)
    return range(chunk * size, min(HANDS, (chunk + 1) * size))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_engine_matches_pokerkit(pokerkit: Any, chunk: int) -> None:
    for seed in _seeds(chunk):
        play_both(pokerkit, seed)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_casino_invariants_on_the_same_hands(chunk: int) -> None:
    for seed in _seeds(chunk):
        play_casino(seed)
