"""Equity in Omaha (high and high-low) and short deck, against pokerkit 0.7.7's hands on every
board (brute force) and between the exact count and Monte Carlo."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from holdem import Card, CardError, parse_cards
from holdem.analysis.equity import equity
from holdem.errors import ArgumentError, ArgumentTypeError


def text(cards: tuple[Card, ...]) -> str:
    return "".join(map(str, cards))


def brute_force(
    hands: list[str], board: str, hand_types: list[Any], deck: list[int]
) -> list[float]:
    """Every player's pot share over every board, with pokerkit's hands: for each hand type
    (high, then low) an equal part of the pot to its best hands (a low part only when some low
    qualifies; else the high hands take it)."""
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {*known, *(c for h in holes for c in h)}
    rest = [c for c in deck if c not in used]
    totals = [0.0] * len(hands)
    count = 0
    for extra in itertools.combinations(rest, 5 - len(known)):
        full = text((*known, *map(Card, extra)))
        parts: list[list[object | None]] = []
        for hand_type in hand_types:
            row: list[object | None] = []
            for h in holes:
                try:
                    row.append(hand_type.from_game(text(h), full))
                except ValueError:  # no such hand (no low)
                    row.append(None)
            if any(x is not None for x in row):
                parts.append(row)
        for row in parts:
            best = max(x for x in row if x is not None)  # type: ignore[type-var]
            winners = [i for i, x in enumerate(row) if x is not None and x == best]
            for i in winners:
                totals[i] += 1 / len(parts) / len(winners)
        count += 1
    return [t / count for t in totals]


@pytest.mark.parametrize(
    ("hands", "board", "game"),
    [
        (["AsAhKsKh", "QdJdTc9c"], "2s7h8d3c", "omaha"),
        (["As2s3dKh", "AdKd4c5c", "8h8d9s9h"], "6c7s8cQh", "omaha-hi-lo"),
        (["As2s3dKhJc", "AdKd4c5cTs"], "6c7sJd9h", "omaha-hi-lo"),
        (["As2s3dKhJc9d", "AdKd4c5cTs8s"], "6c7sJdQh", "omaha"),
    ],
)
def test_omaha_against_pokerkit_on_every_river(hands: list[str], board: str, game: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    types = [pokerkit.OmahaHoldemHand]
    if game == "omaha-hi-lo":
        types.append(pokerkit.OmahaEightOrBetterLowHand)
    expected = brute_force(hands, board, types, list(range(52)))
    result = equity(hands, board, game=game, exact=True)
    assert result.exact and result.showdowns == 52 - 4 - sum(len(parse_cards(h)) for h in hands)
    assert result.equity == pytest.approx(expected, abs=1e-12)
    assert sum(result.equity) == pytest.approx(1.0)


def test_short_deck_against_pokerkit_on_every_turn_and_river() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    hands, board = ["AsKs", "9h9d", "7c6c"], "Ts8h7d"
    deck = list(range(16, 52))
    expected = brute_force(hands, board, [pokerkit.ShortDeckHoldemHand], deck)
    result = equity(hands, board, game="short-deck", exact=True)
    assert result.showdowns == 351  # C(27, 2): 36 cards, 6 in the hands, 3 on the board
    assert result.equity == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("game", ["omaha", "omaha-hi-lo", "short-deck", "manila"])
def test_monte_carlo_agrees_with_exact(game: str) -> None:
    hands = ["AsAh2s3h", "KdKcQdQc"] if game.startswith("omaha") else ["AsKs", "TdTc"]
    exact = equity(hands, game=game, exact=True)
    sampled = equity(hands, game=game, samples=100_000, seed=3)
    again = equity(hands, game=game, samples=100_000, seed=3)
    assert sampled.equity == again.equity and sampled.seed == 3 and not sampled.exact
    for e, s in zip(exact, sampled, strict=True):
        assert abs(e.equity - s.equity) < 5 * s.stderr + 1e-9
        assert s.stderr > 0 and e.stderr == 0


def test_bad_input() -> None:
    with pytest.raises(CardError, match="not in this game's deck"):
        equity(["As2s", "KdKc"], game="short-deck")
    with pytest.raises(CardError, match="twice"):
        equity(["AsKsQsJs", "AsTd9d8d"], game="omaha")
    with pytest.raises(CardError, match="cards"):
        equity(["AsKsQsJs", "Td9d8d"], game="omaha")
    with pytest.raises(CardError):
        equity(["AsKs", "TdTc"], "2c3c", game="royal")
    with pytest.raises(ArgumentError):
        equity(["AsKs"], game="short-deck")
    with pytest.raises(ArgumentError):
        equity(["AsKs", "TdTc"], game="pineapple")
    with pytest.raises(ArgumentError):
        equity(["AsKs", "TdTc"], game="royal", exact=True, samples=10)
    with pytest.raises(ArgumentTypeError):
        equity(["AsKs", "TdTc"], game=5)  # type: ignore[arg-type]


def test_hold_em_is_one_game_among_them() -> None:
    """``game`` names hold'em too (its default), by name or as a Game, on the hold'em kernels;
    the options of those kernels are refused in the other games."""
    from holdem import GAMES

    default = equity(["AsKs", "TdTc"], "2c7d9h", exact=True)
    assert equity(["AsKs", "TdTc"], "2c7d9h", game="holdem", exact=True) == default
    assert equity(["AsKs", "TdTc"], "2c7d9h", game=GAMES["holdem"], exact=True) == default
    for option in ({"threads": 2}, {"stderr": 0.01}, {"progress": print}):
        with pytest.raises(ArgumentError, match="hold'em's"):
            equity(["AsKs", "TdTc"], game="short-deck", **option)
    with pytest.raises(ArgumentError, match="hole_cards applies to Omaha only"):
        equity(["AsKs", "TdTc"], hole_cards=4)


def test_game_equity_still_works_with_a_warning() -> None:
    """The deprecated name runs as it did (the variant kernels, hold'em too) and says what
    replaces it; so does the old module's."""
    from holdem.analysis import equity as equity_module

    with pytest.warns(DeprecationWarning, match=r"holdem\.equity\(\.\.\., game=\.\.\.\)"):
        old = equity_module.game_equity(["AsAhKsKh", "QdJdTc9c"], "2s7h8d", game="omaha")
    assert old == equity(["AsAhKsKh", "QdJdTc9c"], "2s7h8d", game="omaha")
    with pytest.warns(DeprecationWarning):
        holdem_old = equity_module.game_equity(["AsKs", "TdTc"], "2c7d9h", game="holdem")
    exact = equity(["AsKs", "TdTc"], "2c7d9h", exact=True)
    assert holdem_old.showdowns == exact.showdowns
    assert holdem_old.equity == pytest.approx(exact.equity, abs=1e-12)
    with pytest.warns(DeprecationWarning, match="holdem.analysis.game_equity.game_equity"):
        from holdem.analysis.game_equity import game_equity  # noqa: F401
    with pytest.warns(DeprecationWarning, match=r"use holdem\.OMAHA_GAMES"):
        from holdem.analysis.game_equity import OMAHA_GAMES
    assert OMAHA_GAMES == ("omaha", "omaha-hi-lo")
