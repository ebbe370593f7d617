"""A sample of the long run of ``benchmarks/games_oracles.py``: short deck and Omaha (4, 5 and 6
hole cards, high and eight-or-better low) against pokerkit 0.7.7, and Omaha against
phevaluator's ``evaluate_omaha_cards`` and the drop-in shim.

The script evaluates pokerkit's way with pokerkit's own lookup tables, in NumPy, and checks that
shortcut against pokerkit's hand classes on every ``spot``-th hand. ``HOLDEM_GAMES_ORACLE_HANDS``
sets the hands per check (default 4,000; the script's own run takes 1,000,000 and more:
``python benchmarks/games_oracles.py --hands 1000000``).
"""

from __future__ import annotations

import os
import runpy
from pathlib import Path
from typing import Any

import pytest

HANDS = int(os.environ.get("HOLDEM_GAMES_ORACLE_HANDS", "4000"))
SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "games_oracles.py"


@pytest.fixture(scope="module")
def oracles() -> dict[str, Any]:
    pytest.importorskip("pokerkit")
    return runpy.run_path(str(SCRIPT))


@pytest.mark.parametrize("check", ["short-deck", "omaha-4", "omaha-5", "omaha-6"])
def test_against_pokerkit(oracles: dict[str, Any], check: str) -> None:
    result = oracles["run"]([check], HANDS, seed=5, chunk=2000, spot=500, progress=False)[check]
    assert result["bad"] == []
    assert result["hands"] == HANDS and result["spots"] == -(-HANDS // 2000) * 4
    assert result["values"]["high"] > 100
    if check != "short-deck":
        assert result["values"]["low"] > 20  # eight-or-better lows: 56 in all


def test_against_phevaluator(oracles: dict[str, Any]) -> None:
    pytest.importorskip("phevaluator")
    result = oracles["run"](["phevaluator"], HANDS // 4, seed=6, progress=False)["phevaluator"]
    assert result["bad"] == [] and result["hands"] == HANDS // 4


def test_the_lookup_tables_are_pokerkit_s_whole_tables(oracles: dict[str, Any]) -> None:
    # Every entry of each pokerkit lookup, and the published numbers of distinct hands: 7,462
    # high hands of five cards (Cactus Kev's), 56 eight-or-better lows (C(8, 5)), and 1,404
    # short-deck hands (Wikipedia "Poker probability"'s categories carried to nine ranks).
    for check, kind, count in [
        ("omaha-4", "high", 7462),
        ("omaha-4", "low", 56),
        ("short-deck", "high", 1404),
    ]:
        table = oracles["_tables"](check)[kind]
        assert len(set(table.index.tolist())) == count == int(table.index.max()) + 1


def test_the_checks_catch_a_wrong_order(oracles: dict[str, Any]) -> None:
    errors = oracles["order_errors"]
    assert errors("omaha-4", "low", {(1, 9), (2, 5)}) == []  # a smaller entry: a better low
    assert errors("omaha-4", "low", {(1, 5), (2, 9)})
    assert errors("omaha-4", "high", {(1, 5), (1, 6)})  # one value, two pokerkit hands
    assert errors("omaha-4", "high", {(1, 5), (2, 5)})  # two values, one pokerkit hand
    assert errors("omaha-4", "high", {(1, 6), (2, 5)})  # out of order
    assert errors("omaha-4", "high", {(1, 0), (7462, 7461)}) == []  # 7-5-4-3-2 .. royal
    assert errors("omaha-4", "high", {(7462, 0)})  # a royal flush is not a high card
