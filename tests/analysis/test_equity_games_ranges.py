"""Equity over ranges and random hands in the other games (short deck, Manila, Royal, Omaha).

Oracles: a brute-force enumerator written here (every deal of the ranges' combos and every
board, weighted by the combos' weights) that ranks hands with pokerkit 0.7.7's
``ShortDeckHoldemHand`` and ``OmahaHoldemHand``; the published PLO flop equities of CardQuant's
"Playing the Percentages in PLO: Peeling Pairs" (http://cardquant.com/peeling-pairs/); and
Monte Carlo against the exact count.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from holdem import Card, CardError, RangeError, parse_cards, parse_range
from holdem.analysis.equity import equity
from holdem.errors import ArgumentError, ArgumentTypeError

SHORT_DECK = [c for c in range(16, 52)]


def text(cards: tuple[Card, ...] | list[Card]) -> str:
    return "".join(map(str, cards))


def brute_force(
    players: list[list[tuple[tuple[Card, ...], float]]],
    board: str,
    hand_type: Any,
    deck: list[int],
) -> tuple[list[float], float]:
    """Every player's equity over every deal of their (combo, weight) lists and every board,
    each deal weighted by the product of its weights; and the summed weight of the showdowns."""
    known = parse_cards(board)
    totals = [0.0] * len(players)
    weight_sum = 0.0
    for deal in itertools.product(*players):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) != len(cards) or set(cards) & set(known):
            continue
        w = math.prod(weight for _, weight in deal)
        rest = [Card(c) for c in deck if Card(c) not in {*cards, *known}]
        for extra in itertools.combinations(rest, 5 - len(known)):
            full = text((*known, *extra))
            hands = [hand_type.from_game(text(combo), full) for combo, _ in deal]
            best = max(hands)
            winners = [i for i, h in enumerate(hands) if h == best]
            for i in winners:
                totals[i] += w / len(winners)
            weight_sum += w
    return [t / weight_sum for t in totals], weight_sum


def combos(range_text: str, deck: list[int]) -> list[tuple[tuple[Card, ...], float]]:
    """A hold'em range's combos that lie in the deck, with their weights."""
    return [
        (combo, w)
        for combo, w in parse_range(range_text).items()
        if all(int(c) in deck for c in combo)
    ]


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (["AKs", "QQ,JJ"], "Qh9c6dTs"),
        (["AKs:0.5,AQs", "TT+:0.25,KQo", "98s,76s"], "Js8s7c6hAd"),
        (["AhKh", "random"], "Kd7h6h9cJs"),
    ],
)
def test_short_deck_ranges_against_pokerkit(ranges: list[str], board: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    players = [combos(r, SHORT_DECK) for r in ranges]
    expected, weight = brute_force(players, board, pokerkit.ShortDeckHoldemHand, SHORT_DECK)
    result = equity(ranges, board, game="short-deck", exact=True)
    assert result.exact
    assert result.equity == pytest.approx(expected, abs=1e-12)
    assert sum(p.wins + p.ties for p in result) >= weight * (1 - 1e-12)


def test_range_grammar_is_restricted_to_the_deck() -> None:
    # In short deck '22+' is 66+ (nine pairs of six combos); 'random' is the deck's 630 combos.
    wide = equity(["22+", "AKs"], "KhQh9c", game="short-deck", exact=True)
    narrow = equity(["66+", "AKs"], "KhQh9c", game="short-deck", exact=True)
    assert wide.equity == narrow.equity and wide.showdowns == narrow.showdowns
    with pytest.raises(RangeError, match="no combo left"):
        equity(["A5s-A2s", "AKs"], game="short-deck")
    with pytest.raises(RangeError):
        equity(["QQ+,AKz", "AKs"], game="short-deck")
    # Royal hold'em: AKs and a random hand of the 20-card deck (190 combos less the blocked).
    r = equity(["AKs", "random"], "QsJsTd", game="royal", exact=True)
    assert r.showdowns == 4 * math.comb(20 - 2 - 3, 2) * math.comb(20 - 7, 2)


def test_weighted_ranges_match_a_mixture_of_their_combos() -> None:
    """A range at weight 0.5 against one hand: the exact result is the plain average of its
    combos' exact equities (each combo meets the same number of boards)."""
    board = "Ts9s8h"
    hands = ["AsKs", "AhKh", "AdKd"]
    singles = [equity([h, "QcJc"], board, game="manila", exact=True)[0].equity
               for h in hands]  # fmt: skip
    mixed = equity(["AsKs:0.5,AhKh:0.5,AdKd:0.5", "QcJc"], board, game="manila", exact=True)
    assert mixed[0].equity == pytest.approx(sum(singles) / 3, abs=1e-12)


# CardQuant, "Playing the Percentages in PLO: Peeling Pairs": all-in equities on the two-tone
# flop Td 8s 4d (hand A's equity, rounded to 0.1%).
PEELING_PAIRS = [
    ("TsTc3s3c", "QdJh6d4s", 0.622),
    ("TsTc3s3c", "AdKhQd2s", 0.698),
    ("Ts8c3s3c", "AdKhQd2s", 0.572),
    ("Jc9s7s6h", "AdKhQd2s", 0.410),
    ("Jc9sQs6h", "AdKhQd2s", 0.344),
    ("Ts8c3s3c", "AdKhQd4s", 0.428),
    ("QsJd9s6d", "AdKhQd4s", 0.393),
    ("QsJd9s6d", "TsTc3s3c", 0.526),
    ("QsJd9s6d", "Th8c9h6c", 0.616),
    ("QsJd9s6d", "AdAcQh3d", 0.350),
    ("QsJd9s6d", "KdKcQh3d", 0.343),
    ("QsJd9s6d", "AdKcThQd", 0.352),
    ("QsJd9d4s", "AdAcQh3d", 0.426),
    ("3sJd9d4s", "AdAcQh3d", 0.418),
    ("AsJd9d4s", "AdAcQh3d", 0.396),
    ("AsJd9d4s", "AdKcThQd", 0.389),
]


@pytest.mark.parametrize(("a", "b", "published"), PEELING_PAIRS)
def test_omaha_flop_equities_as_published(a: str, b: str, published: float) -> None:
    r = equity([a, b], "Td8s4d", game="omaha", exact=True)
    assert abs(r[0].equity - published) <= 0.0005 + 1e-9


def test_omaha_random_hole_exact_against_brute_force() -> None:
    """AsAhKsKh against a random hole on the river: exact over every hole of the cards left,
    against an enumeration with pokerkit's hands."""
    pokerkit = pytest.importorskip("pokerkit")
    hand, board = "AsAhKsKh", "2c7d9hJcQs"
    known = set(parse_cards(hand + board))
    rest = [Card(c) for c in range(52) if Card(c) not in known]
    mine = pokerkit.OmahaHoldemHand.from_game(hand, board)
    share = 0.0
    holes = list(itertools.combinations(rest, 4))[::97]  # every 97th hole: a sample to check
    for hole in holes:
        theirs = pokerkit.OmahaHoldemHand.from_game(text(hole), board)
        share += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    exact = equity([hand, "random"], board, game="omaha", exact=True)
    assert exact.showdowns == math.comb(43, 4)
    sampled = [equity([hand, text(h)], board, game="omaha", exact=True)[0].equity for h in holes]
    assert sum(sampled) == pytest.approx(share, abs=1e-9)
    # The exact count over every hole agrees with Monte Carlo over random holes.
    mc = equity([hand, "random"], board, game="omaha", samples=200_000, seed=5)
    assert abs(mc[0].equity - exact[0].equity) < 5 * mc[0].stderr


@pytest.mark.parametrize("game", ["omaha", "omaha-hi-lo"])
def test_omaha_random_monte_carlo_agrees_with_exact(game: str) -> None:
    hand, board = "As2sKdQd", "3s7d9h"
    exact = equity([hand, "random"], board + "Jc", game=game, exact=True)
    mc = equity([hand, "random"], board + "Jc", game=game, samples=100_000, seed=9)
    again = equity([hand, "random"], board + "Jc", game=game, samples=100_000, seed=9)
    assert mc.equity == again.equity and not mc.exact
    assert abs(mc[0].equity - exact[0].equity) < 5 * mc[0].stderr
    # Three players, one random, by default: sampled (too many deals to count).
    r = equity([hand, "random", "KsKhJdTd"], board, game=game, seed=1)
    assert not r.exact and sum(r.equity) == pytest.approx(1.0)


def test_short_deck_monte_carlo_over_ranges_agrees_with_exact() -> None:
    ranges = ["AKs,AQs:0.5", "TT+", "random"]
    exact = equity(ranges, "Jh8h6c", game="short-deck", exact=True)
    mc = equity(ranges, "Jh8h6c", game="short-deck", samples=200_000, seed=2)
    for e, s in zip(exact, mc, strict=True):
        assert abs(e.equity - s.equity) < 5 * s.stderr + 1e-9


def test_bad_range_input() -> None:
    with pytest.raises(RangeError, match="no combo left"):
        equity(["AsKs", "AsKs:0.5"], game="short-deck", samples=1000, seed=1)
    for exact in (True, False):  # every combo of one range shares a card with every other's
        with pytest.raises(RangeError, match="no deal"):
            equity(["AsKs,AhKh", "AsKh,AhKs"], game="short-deck", exact=exact)
    with pytest.raises(ArgumentTypeError):
        equity([parse_range("AA"), "AsAhKsKh"], game="omaha")
    with pytest.raises(CardError):
        equity(["AAKK", "random"], game="omaha")
    with pytest.raises(ArgumentError, match="exact=True"):
        equity(["random", "random"], game="omaha", exact=True)
    with pytest.raises(ArgumentError):
        equity(["AKs", "QQ"], game="short-deck", hole_cards=4)
    with pytest.raises(ArgumentError):
        equity(["random", "random"], game="omaha", hole_cards=7)
    r = equity(["random", "random"], "AsKsQs", game="omaha", hole_cards=5, seed=1,
                    samples=20_000)  # fmt: skip
    assert r.equity[0] == pytest.approx(0.5, abs=5 * r[0].stderr)
