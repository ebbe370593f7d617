"""The games whose hand is any five of the cards on smaller decks: short deck, Manila, Royal.

Oracles from outside the evaluator:

* a plain-Python ranking of five cards written from the rules (Wikipedia "List of poker hands";
  the deck's lowest straight and the order of the categories as each game states them), run on
  every five-card hand of each deck (36, 32 and 20 cards), and every seven-card Royal hand;
* the number of five-card hands of each category, counted by that enumeration and checked
  against the closed forms of Wikipedia "Poker probability" (carried over to n ranks);
* pokerkit 0.7.7's ShortDeckHoldemHand on random seven-card hands (``HOLDEM_GAMES_HANDS`` sets
  how many, default 2,000).
"""

from __future__ import annotations

import itertools
import math
import os
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest

import holdem
from holdem import GAMES, Card, CardError, Category, Game
from holdem.errors import ArgumentError, ArgumentTypeError

N_RANDOM = int(os.environ.get("HOLDEM_GAMES_HANDS", "2000"))

# Category numbers, as holdem.Category.
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF = range(9)


def five_key(cards: Sequence[int], game: Game) -> tuple[int, tuple[int, ...]]:
    """The strength of five cards in a game, from the rules: (place of the category, ranks)."""
    ranks = [c >> 2 for c in cards]
    suits = {c & 3 for c in cards}
    counts = Counter(ranks)
    distinct = set(ranks)
    top: int | None = None
    if len(distinct) == 5:
        if max(ranks) - min(ranks) == 4:
            top = max(ranks)
        elif game.wheel and distinct == {12, *range(game.lowest_rank, game.lowest_rank + 4)}:
            top = game.lowest_rank + 3
    shape = sorted(counts.values(), reverse=True)
    if top is not None and len(suits) == 1:
        category = SF
    elif shape[0] == 4:
        category = QUADS
    elif shape == [3, 2]:
        category = FULL
    elif len(suits) == 1:
        category = FLUSH
    elif top is not None:
        category = STRAIGHT
    elif shape[0] == 3:
        category = TRIPS
    elif shape[:2] == [2, 2]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = PAIR
    else:
        category = HIGH
    if category in (SF, STRAIGHT):
        assert top is not None
        return game.positions[category], (top,)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return game.positions[category], tuple(order)


def category_of(cards: Sequence[int], game: Game) -> int:
    return game.positions.index(five_key(cards, game)[0])


def closed_form_counts(n: int, wheel: bool) -> list[int]:
    """Five-card hands of each category from n ranks of four suits (Wikipedia "Poker
    probability", with n ranks for 13 and the deck's straights for the ten of hold'em)."""
    straights = n - 4 + (1 if wheel and n > 5 else 0)
    c = math.comb
    return [
        (c(n, 5) - straights) * (4**5 - 4),  # high card
        n * 6 * c(n - 1, 3) * 4**3,  # one pair
        c(n, 2) * 6 * 6 * (n - 2) * 4,  # two pair
        n * 4 * c(n - 1, 2) * 4**2,  # three of a kind
        straights * (4**5 - 4),  # straight
        4 * (c(n, 5) - straights),  # flush
        n * 4 * (n - 1) * 6,  # full house
        n * (n - 1) * 4,  # four of a kind
        4 * straights,  # straight flush
    ]


def test_closed_forms_give_the_published_52_card_counts() -> None:
    # Wikipedia "Poker probability", five-card poker hands.
    assert closed_form_counts(13, True) == [
        1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40,
    ]  # fmt: skip


@pytest.mark.parametrize("name", ["short-deck", "manila", "royal"])
def test_every_five_card_hand_of_the_deck(name: str) -> None:
    """All C(deck, 5) hands: values order exactly as the rules do, categories as counted."""
    game = GAMES[name]
    deck = [int(c) for c in game.deck]
    combos = np.array(list(itertools.combinations(deck, 5)), dtype=np.uint8)
    values = holdem.evaluate_batch(combos, game=game).tolist()
    by_key: dict[tuple[int, tuple[int, ...]], set[int]] = {}
    counts = [0] * 9
    for row, value in zip(combos.tolist(), values, strict=True):
        key = five_key(row, game)
        by_key.setdefault(key, set()).add(value)
        counts[game.positions.index(key[0])] += 1
    # One value per strength, strictly increasing with it, and every value used.
    assert all(len(v) == 1 for v in by_key.values())
    ordered = [next(iter(by_key[k])) for k in sorted(by_key)]
    assert ordered == list(range(1, game.n_values + 1))
    n_ranks = 13 - game.lowest_rank
    assert counts == closed_form_counts(n_ranks, game.wheel)
    # The compiled enumeration agrees, category by category.
    hist = holdem.value_histogram(5, game=game)
    by_category = [0] * 9
    for value in range(1, game.n_values + 1):
        by_category[holdem.category(value, game=game)] += hist[value]
    assert by_category == counts
    assert sum(hist) == math.comb(len(deck), 5)


def by_rarity(game: Game) -> list[int]:
    """The made categories (above high card) that exist in the deck, commonest first."""
    counts = closed_form_counts(13 - game.lowest_rank, game.wheel)
    made = [c for c in range(1, 9) if counts[c] > 0]
    return sorted(made, key=lambda c: counts[c], reverse=True)


def test_the_rankings_follow_the_decks() -> None:
    """Where a made category is rarer among the deck's five-card hands, it ranks higher; in
    Manila except the flush (204 hands), which the rooms keep below four of a kind (224)."""
    for name in ("short-deck", "manila", "royal"):
        game = GAMES[name]
        rarity = by_rarity(game)
        by_place = sorted(rarity, key=lambda c: game.positions[c])
        if name == "manila":
            assert rarity[-3:] == [QUADS, FLUSH, SF]
            rarity[-3:] = [FLUSH, QUADS, SF]
        assert by_place == rarity
    # The strict order of Manila's counts, as an option.
    strict = Game("manila by counts", lowest_rank=5, ranking=(HIGH, *by_rarity(GAMES["manila"])))
    assert strict.positions[FLUSH] > strict.positions[QUADS]
    assert holdem.evaluate("7s8s9sJsKs", game=strict) > holdem.evaluate("AsAdAcAhKs", game=strict)
    assert holdem.category(holdem.evaluate("7s8s9sJsKs", game=strict), game=strict) == FLUSH
    # Royal hold'em: no flush and no high card exist.
    assert closed_form_counts(5, False)[HIGH] == closed_form_counts(5, False)[FLUSH] == 0


@pytest.mark.parametrize(
    "game",
    [
        GAMES["short-deck"],
        GAMES["manila"],
        GAMES["royal"],
        GAMES["short-deck"].with_options(trips_beat_straight=True),
        GAMES["manila"].with_options(trips_beat_straight=True, wheel=False),
        Game("hold'em, flush over full house", flush_beats_full_house=True),
    ],
    ids=lambda g: f"{g.name}-{g.positions}-{g.wheel}",
)
def test_six_and_seven_cards_are_the_best_five(game: Game) -> None:
    """Random 6- and 7-card hands: the value orders as the best five by the rules."""
    rng = np.random.default_rng(7)
    deck = np.array([int(c) for c in game.deck], dtype=np.uint8)
    for k in (6, 7):
        hands = np.array([rng.choice(deck, k, replace=False) for _ in range(N_RANDOM)])
        values = holdem.evaluate_batch(hands, game=game).tolist()
        keys = [max(five_key(f, game) for f in itertools.combinations(h, 5)) for h in hands]
        pairs = sorted(zip(keys, values, strict=True))
        for (k0, v0), (k1, v1) in itertools.pairwise(pairs):
            assert (k0 == k1) == (v0 == v1) and v0 <= v1
        per_call = [holdem.evaluate(list(map(int, h)), game=game) for h in hands[:200]]
        assert per_call == values[:200]


def test_every_seven_card_royal_hand() -> None:
    game = GAMES["royal"]
    deck = [int(c) for c in game.deck]
    hands = np.array(list(itertools.combinations(deck, 7)), dtype=np.uint8)
    values = holdem.evaluate_batch(hands, game=game).tolist()
    expected = Counter(
        max(five_key(f, game) for f in itertools.combinations(h, 5)) for h in hands.tolist()
    )
    got = Counter(values)
    assert sorted(got.values()) == sorted(expected.values())
    assert sum(holdem.value_histogram(7, game="royal")) == math.comb(20, 7)
    assert holdem.value_histogram(7, game="royal") == [0] + [got[v] for v in range(1, 123)]


def test_short_deck_against_pokerkit() -> None:
    """Random 7-card short-deck hands: the same order and categories as pokerkit's."""
    pokerkit = pytest.importorskip("pokerkit")
    game = GAMES["short-deck"]
    rng = np.random.default_rng(11)
    deck = np.array([int(c) for c in game.deck], dtype=np.uint8)
    hands = np.array([rng.choice(deck, 7, replace=False) for _ in range(N_RANDOM)])
    values = holdem.evaluate_batch(hands, game="short-deck").tolist()
    theirs = []
    for h in hands.tolist():
        text = "".join(str(Card(c)) for c in h)
        theirs.append(pokerkit.ShortDeckHoldemHand.from_game(text[:4], text[4:]))
    labels = {c: c.label for c in Category}
    for ours, hand in zip(values, theirs, strict=True):
        assert labels[holdem.category(ours, game="short-deck")] == hand.entry.label.value
    pairs = sorted(zip(values, [h.entry.index for h in theirs], strict=True))
    for (v0, e0), (v1, e1) in itertools.pairwise(pairs):
        assert (v0 == v1) == (e0 == e1) and e0 <= e1


def test_short_deck_examples() -> None:
    sd = "short-deck"
    # pokerkit's documented chain (ShortDeckHoldemHand): each hand beats the one before.
    chain = ["6c7d8h9sJc", "7c7d7hTsQc", "As6c7h8h9h", "AsAhKcKhKd", "6s7s8sTsQs"]
    values = [holdem.evaluate(h, game=sd) for h in chain]
    assert values == sorted(values) and len(set(values)) == 5
    assert holdem.describe("As6c7h8h9h", game=sd) == "Straight, nine-high"
    assert holdem.describe("6s7s8sTsQs", game=sd) == "Flush, queen-high"
    assert (
        holdem.category(holdem.evaluate("6s7s8s9sAs", game=sd), game=sd) == Category.STRAIGHT_FLUSH
    )
    triton = GAMES[sd].with_options(trips_beat_straight=True)
    assert holdem.evaluate("7c7d7hTsQc", game=triton) > holdem.evaluate("TcJdQhKsAc", game=triton)
    assert holdem.evaluate("7c7d7hTsQc", game=sd) < holdem.evaluate("TcJdQhKsAc", game=sd)
    # The lowest straight is A-6-7-8-9: below 6-7-8-9-T.
    assert holdem.evaluate("As6c7h8h9d", game=sd) < holdem.evaluate("6c7h8h9dTs", game=sd)
    assert holdem.best_five("As 6d 7h 8s 9c Kd Kh", game=sd)[-1] == Card("As")


def test_manila_and_royal_examples() -> None:
    assert holdem.describe("As7c8h9hTd", game="manila") == "Straight, ten-high"
    assert holdem.evaluate("As7c8h9hTd", game="manila") < holdem.evaluate("7c8h9hTdJs", "manila")
    assert holdem.evaluate("7s8s9sJsKs", game="manila") > holdem.evaluate("7c7d7h8s8c", "manila")
    assert holdem.describe("AsKsQsJsTs", game="royal") == "Royal flush"
    assert holdem.evaluate("AsKsQsJsTs", game="royal") == GAMES["royal"].n_values
    assert holdem.evaluate("AsKdQsJsTs", game="royal") < holdem.evaluate("AsAdAcKsKd", "royal")
    assert holdem.evaluate("AsKdQsJsTs", game="royal") > holdem.evaluate("AsAdAcKsQd", "royal")


def test_cards_outside_the_deck_and_bad_games() -> None:
    with pytest.raises(CardError, match="not in this game's deck"):
        holdem.evaluate("Ah2h3s4c5s", game="short-deck")
    with pytest.raises(CardError, match="not in this game's deck"):
        holdem.evaluate([51, 47, 43, 39, 30], game="royal")
    with pytest.raises(CardError, match="twice"):
        holdem.evaluate([51, 51, 43, 39, 35], game="royal")
    with pytest.raises(CardError):
        holdem.evaluate_batch([[51, 47, 43, 39, 0]], game="manila")
    with pytest.raises(CardError):
        holdem.evaluate("AsKsQsJs", game="manila")
    with pytest.raises(ArgumentError, match="unknown game"):
        holdem.evaluate("AsKsQsJsTs", game="pineapple-ish")
    with pytest.raises(ArgumentTypeError):
        holdem.evaluate("AsKsQsJsTs", game=3)
    with pytest.raises(ArgumentError):
        holdem.category(123, game="royal")
    with pytest.raises(ArgumentError):
        Game("x", lowest_rank=9)
    with pytest.raises(ArgumentError, match="nine categories"):
        Game("x", ranking=(0, 1, 2))


def test_holdem_by_name_is_holdem() -> None:
    hand = "AsKsQsJsTs2c3d"
    assert holdem.evaluate(hand, game="holdem") == holdem.evaluate(hand) == 7462
    assert GAMES["holdem"].is_holdem and GAMES["holdem"].n_values == holdem.N_VALUES
    assert holdem.describe(hand, game="holdem") == holdem.describe(hand)
