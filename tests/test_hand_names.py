"""The names players give hands: the wheel, the steel wheel, a set against trips, "king-ten-high
flush" (``describe(..., style="player")``, ``name_hand(hole, board)``, ``holdem eval --style``).

Oracles: Wikipedia, "List of poker hands" (quoted): "5 4 3 2 A is a 5-high straight flush, also
known as a 'steel wheel'"; "a five-high straight such as 5 4 3 2 A, which is colloquially known as
a wheel"; "K 10 5 3 2 is a 'king-ten-high flush' or just a 'king-ten flush', while K Q 9 5 4 is a
'king-queen-high flush'"; "a 'set' refers specifically to a three of a kind composed of a pocket
pair and one card of matching rank on the board (as opposed to two matching cards on the board
and a third in the player's hand)". The property tests count ranks and suits directly.
"""

from __future__ import annotations

import shlex
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import ArgumentError, Card, category, describe, evaluate, name_hand
from holdem.cli import main


def test_the_texts_examples() -> None:
    assert describe("5s 4s 3s 2s As", style="player") == "Steel wheel (five-high straight flush)"
    assert describe("5s 4d 3s 2c Ah", style="player") == "Wheel (five-high straight)"
    assert describe("Kh Th 5h 3h 2h", style="player") == "King-ten-high flush"
    assert describe("Kc Qc 9c 5c 4c", style="player") == "King-queen-high flush"
    assert describe("As Ks Qs Js Ts", style="player") == "Royal flush"


def test_plain_words_stay_the_default() -> None:
    assert describe("5s 4d 3s 2c Ah") == "Straight, five-high"
    assert describe("5s 4s 3s 2s As") == "Straight flush, five-high"
    assert describe("Kh Th 5h 3h 2h") == "Flush, king-high"
    # Hands with no player's name of their own keep the plain words.
    for cards in ("Kh Kd Kc 4s 4h", "9c 9d 9h Kc Qs", "6s 5d 4s 3c 2h", "As Ad 7c 7h 2s"):
        assert describe(cards, style="player") == describe(cards)


def test_set_trips_and_board_trips() -> None:
    # Wikipedia's "Texas hold 'em" sample hand: Bob holds Qs 9h on 9c Kc 3h 5s 9d: one nine in
    # his hand and two on the board, trips (with a king-queen kicker).
    assert name_hand("Qs 9h", "9c Kc 3h 5s 9d") == "Trips, nines, king-queen kickers"
    assert name_hand("9s 9h", "9c Kc 3h 5s 2d") == "Set of nines, king-five kickers"
    assert name_hand("2s 4h", "9c 9d 9h Kc Qs") == (
        "Three of a kind on the board, nines, king-queen kickers"
    )
    assert name_hand("As 2d", "3c 4h 5d Kc Qh") == "Wheel (five-high straight)"
    assert name_hand("Ah Th", "Kh 5h 3h 2c 9s") == "Ace-king-high flush"


def test_bad_style_refused() -> None:
    with pytest.raises(ArgumentError, match="style"):
        describe("As Ks Qs Js Ts", style="slang")


def _straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best straight in ``ranks`` (3 for the wheel), or None."""
    ranks = set(ranks) | ({-1} if 12 in ranks else set())
    for top in range(12, 2, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_player_names_match_a_direct_count(indices: list[int]) -> None:
    cards = [Card(i) for i in indices]
    hole, board = cards[:2], cards[2:]
    said = name_hand(hole, board)
    kind = category(evaluate(cards)).name
    by_suit = Counter(c.suit for c in cards)
    suit, count = by_suit.most_common(1)[0]
    suited = {c.rank for c in cards if c.suit == suit} if count >= 5 else set()
    flush_top = _straight_top(suited) if suited else None
    if kind == "STRAIGHT_FLUSH":
        assert (said == "Steel wheel (five-high straight flush)") == (flush_top == 3)
    elif kind == "STRAIGHT":
        assert (said == "Wheel (five-high straight)") == (
            _straight_top({c.rank for c in cards}) == 3
        )
    elif kind == "FLUSH":
        top_two = sorted(suited, reverse=True)[:2]
        names = [
            "deuce",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "queen",
            "king",
            "ace",
        ]
        assert said == f"{names[top_two[0]].capitalize()}-{names[top_two[1]]}-high flush"
    elif kind == "THREE_OF_A_KIND":
        trip = next(r for r, k in Counter(c.rank for c in cards).items() if k == 3)
        mine = sum(c.rank == trip for c in hole)
        prefix = {2: "Set of ", 1: "Trips, ", 0: "Three of a kind on the board, "}[mine]
        assert said.startswith(prefix)
    else:
        assert said == describe(cards)


def test_cli_player_style(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(shlex.split("eval --style player 9s 9h 9c Kc 3h 5s 2d")) == 0
    assert capsys.readouterr().out.startswith("Set of nines, king-five kickers  (value ")
    assert main(shlex.split("eval --style player Qs 9h 9c Kc 3h 5s 9d --json")) == 0
    assert '"description": "Trips, nines, king-queen kickers"' in capsys.readouterr().out
    assert main(shlex.split("eval 5s 4s 3s 2s As --style player")) == 0
    assert capsys.readouterr().out.startswith("Steel wheel (five-high straight flush)")
    assert main(shlex.split("eval 5s 4s 3s 2s As")) == 0
    assert capsys.readouterr().out.startswith("Straight flush, five-high")
