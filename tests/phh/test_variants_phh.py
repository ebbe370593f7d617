"""PHH for the other games the specification names: NS, PO and FO/8, written, read, replayed.

Random hands of no-limit short deck, pot-limit Omaha and fixed-limit Omaha hi-lo are played by
the engine (the ``pokerkit`` rules), written as PHH, read back and replayed: the same actions,
events and stacks. pokerkit 0.7.7 (the reference implementation of PHH) reads the same texts
and must apply every action and end with the same stacks (for FO/8 its own class plays pot
limit: the fixed-limit amounts are legal there too, and only the stacks are compared).
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from holdem import EventKind, Hand, PHHError
from holdem.phh import VARIANT_GAMES, from_hand, loads, replay, to_phh

CODES = {"NS": "no-limit", "PO": "pot-limit", "FO/8": "fixed-limit"}
BETTING = (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)


def random_hand(code: str, seed: int) -> Hand:
    """A random hand of the variant, played to the end with random legal actions."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice((rng.randint(30, 120), 200, rng.randint(150, 800))) for _ in range(n)]
    structure = CODES[code]
    extra: dict[str, Any] = (
        {"small_bet": 2, "big_bet": 4} if structure == "fixed-limit" else {"min_bet": 2}
    )
    hand = Hand(
        stacks,
        blinds=(1, 2),
        structure=structure,
        rules="pokerkit",
        seed=seed,
        game=VARIANT_GAMES[code],
        **extra,
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        roll = rng.random()
        if legal.fold and roll < 0.15:
            hand.fold()
        elif legal.min_raise_to is not None and legal.max_raise_to is not None and roll > 0.6:
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()
    return hand


@pytest.mark.parametrize("code", list(CODES))
def test_round_trip_write_read_replay(code: str) -> None:
    for seed in range(60):
        hand = random_hand(code, seed)
        history = from_hand(hand)
        assert history.variant == code
        text = history.dumps()
        again = loads(text)[0]
        assert again == history
        result = replay(again, seed=seed)
        assert result.complete and result.matches is True
        assert result.hand.game == hand.game
        assert result.hand.stacks == hand.stacks
        kinds = [e for e in hand.events if e.kind is not EventKind.BURN]
        assert [e for e in result.hand.events if e.kind is not EventKind.BURN] == kinds


@pytest.mark.parametrize("code", list(CODES))
def test_pokerkit_reads_the_written_hands(code: str) -> None:
    pk = pytest.importorskip("pokerkit")
    for seed in range(60):
        hand = random_hand(code, seed)
        text = to_phh(hand)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            steps = list(pk.HandHistory.loads(text).state_actions)
        state = steps[-1][0]
        applied = sum(a is not None and a.split()[1] in ("f", "cc", "cbr") for _, a in steps)
        assert not state.status, (seed, text)
        assert applied == sum(e.kind in BETTING for e in hand.events), (seed, text)
        assert list(state.stacks) == list(hand.stacks), (seed, text)


def test_a_game_phh_does_not_name_is_refused() -> None:
    hand = Hand([100, 100], blinds=(1, 2), game="omaha", seed=1)  # no-limit Omaha: no code
    hand.fold()
    with pytest.raises(PHHError, match="no variant code for no-limit omaha"):
        to_phh(hand)


def test_an_omaha_history_deals_four_hole_cards() -> None:
    text = """variant = "PO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKsQsJs", "d dh p2 2c3c", "p2 f"]
"""
    with pytest.raises(PHHError, match="an Omaha player is dealt 4 hole cards, not 2"):
        replay(loads(text)[0])
