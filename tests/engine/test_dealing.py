"""The cards of a hand in dealing order (holdem.engine.dealing), and a hand's seed.

The oracle for the order is Wikipedia, "Texas hold 'em": "each player being dealt two cards face
down, with the player in the small blind receiving the first card and the player in the button
seat receiving the last card dealt", and "the dealer will burn a card before the flop, turn, and
river". For the shuffle: every card equally likely in every position (a chi-square test with a
fixed seed, so the test is deterministic).

Seats: seat 0 is left of the button, the last seat is the button.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from holdem import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardError,
    Deck,
    Hand,
    HoldemError,
    RulesError,
    parse_cards,
)
from holdem.engine.dealing import deal_order

DECK = [Card(i) for i in range(51, -1, -1)]  # As Ah Ad Ac Ks ... 2c


def test_dealing_order_from_a_deck() -> None:
    n = 4
    cards = deal_order(n, DECK)
    assert cards == DECK[: 2 * n + 8]
    hand = Hand([100] * n, blinds=(1, 2), deck=DECK)
    # One card at a time from the small blind (seat 0) round to the button, twice.
    assert [hand.hole_cards(seat) for seat in range(n)] == [
        (DECK[seat], DECK[n + seat]) for seat in range(n)
    ]
    while not hand.is_over:
        hand.check_or_call()
    # A burn, the flop; a burn, the turn; a burn, the river.
    assert hand.board == tuple(DECK[2 * n + k] for k in (1, 2, 3, 5, 7))
    assert deal_order(n, Deck(seed=3)) == list(Deck(seed=3).remaining[: 2 * n + 8])


def test_a_deck_of_cards_given_as_cards_is_still_checked() -> None:
    # A list of Card objects skips the parsing, not the checks: a card twice is refused, and
    # the caller's list is neither kept nor changed.
    twice = [*DECK[:13], DECK[0]]
    with pytest.raises(CardError, match="duplicate card"):
        deal_order(3, twice)
    mixed: list[Any] = [*DECK[:13], "2c"]  # a token among the cards: parsed as before
    assert deal_order(3, mixed)[-1] == Card("2c")
    mine = list(DECK)
    cards = deal_order(4, mine)
    cards[0] = Card("2c")
    assert mine == DECK


def test_fixed_cards_take_their_places_in_the_order() -> None:
    n = 3
    holes = [("As", "Ah"), None, (None, "2c")]
    board = parse_cards("Kd Qd Jd Td 9d")
    for seed in range(50):
        cards = deal_order(n, seed=seed, hole_cards=holes, board=board)
        assert len(cards) == 2 * n + 8 and len(set(cards)) == 2 * n + 8
        assert (cards[0], cards[n]) == (Card("As"), Card("Ah"))
        assert cards[n + 2] == Card("2c")
        assert [cards[2 * n + k] for k in (1, 2, 3, 5, 7)] == list(board)


def test_a_seed_or_an_rng_repeats_the_deal() -> None:
    assert deal_order(6, seed=11) == deal_order(6, seed=11)
    assert deal_order(6, seed=11) != deal_order(6, seed=12)
    assert deal_order(6, rng=random.Random(5)) == deal_order(6, rng=random.Random(5))
    first = Hand([100] * 6, blinds=(1, 2), seed=11)
    assert [first.hole_cards(i) for i in range(6)] == [
        tuple(Hand([100] * 6, blinds=(1, 2), seed=11).hole_cards(i)) for i in range(6)
    ]


def test_every_card_is_equally_likely_in_every_place() -> None:
    # 52 cards x 300 deals each: the first hole card and the river card of 15,600 seeded deals.
    deals = 52 * 300
    rng = random.Random(2026)
    first: Counter[Card] = Counter()
    river: Counter[Card] = Counter()
    for _ in range(deals):
        cards = deal_order(2, rng=rng)
        first[cards[0]] += 1
        river[cards[-1]] += 1
    for counts in (first, river):
        assert len(counts) == 52
        expected = deals / 52
        chi2 = sum((counts[Card(i)] - expected) ** 2 / expected for i in range(52))
        assert chi2 < 110  # 51 degrees of freedom: p < 1e-6 beyond this


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": 1, "rng": random.Random(1)}, RulesError, "a seed or an rng"),
        ({"deck": DECK, "seed": 1}, RulesError, "a deck fixes every card"),
        ({"deck": DECK, "board": ["As"]}, RulesError, "a deck fixes every card"),
        ({"deck": DECK[:13]}, CardError, "the deck has 13 cards; 3 players need 14"),
        ({"hole_cards": [("As", "Ah")]}, CardError, "hole_cards has 1 entries for 3 seats"),
        ({"hole_cards": [("As",), None, None]}, CardError, "seat 0 needs two hole cards"),
        ({"hole_cards": [("As", "Ah"), None, None], "board": ["As"]}, CardError, "dealt twice"),
        ({"board": parse_cards("2c 3c 4c 5c 6c 7c")}, CardError, "at most five cards"),
        ({"hole_cards": [("Xx", "Ah"), None, None]}, CardError, "Xx"),
        ({"seed": 1.5}, ArgumentTypeError, "a seed is None or an int >= 0, got 1.5"),
        ({"seed": "7"}, ArgumentTypeError, "a seed is None or an int >= 0, got '7'"),
        ({"seed": True}, ArgumentTypeError, "a seed is None or an int >= 0, got True"),
        ({"seed": -1}, ArgumentError, "a seed is None or an int >= 0, got -1"),
    ],
)
def test_bad_cards_and_seeds(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    # A seed is checked as every seed of the package is (None or an int >= 0): the same class
    # and message; a wrong type is also a TypeError, a negative seed a ValueError.
    with pytest.raises(error, match=message) as info:
        Hand([100, 100, 100], blinds=(1, 2), **kwargs)
    assert HoldemError in type(info.value).__mro__
    builtin = TypeError if error is ArgumentTypeError else ValueError
    assert builtin in type(info.value).__mro__


@pytest.mark.parametrize("players", [2, 6, 9, 22])
def test_a_hand_dealt_by_an_rng_gets_the_cards_deal_order_gives(players: int) -> None:
    # A hand's own path (every card at random, drawn straight into a tuple) and deal_order's
    # list deal the same cards, in the same order, from generators in the same state.
    for s in range(20):
        hand = Hand([100] * players, blinds=(1, 2), rng=random.Random(s))
        cards = deal_order(players, rng=random.Random(s))
        assert [hand.hole_cards(i) for i in range(players)] == [
            (cards[i], cards[players + i]) for i in range(players)
        ]
        while not hand.is_over:
            hand.check_or_call()
        assert hand.board == tuple(cards[2 * players + k] for k in (1, 2, 3, 5, 7))


def test_the_holdem_layout_is_the_holdem_variants() -> None:
    """The deal's hold'em (dealing.HOLDEM_LAYOUT) is the layout of the hold'em Variant, and
    the games' layouts agree with their Variant's fields."""
    from holdem.engine.dealing import HOLDEM_LAYOUT, board_slot, cards_needed
    from holdem.engine.variants import VARIANTS

    assert VARIANTS["holdem"]._layout == HOLDEM_LAYOUT
    for variant in VARIANTS.values():
        layout = variant._layout
        assert layout[1] == variant.hole_cards and layout[2] == variant.boards
        assert cards_needed(layout, 3) == variant.cards_needed(3)
        slots = [board_slot(layout, 3, 0, k) for k in range(5)]
        assert len(set(slots)) == 5 and min(slots) > 3 * variant.hole_cards  # after the holes
