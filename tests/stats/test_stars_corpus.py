"""holdem.stats over every PokerStars hand of the shared corpus (../shared/corpus/pokerstars,
from fpdb-3's regression files, read in place; skipped when absent).

Oracle: the text itself. Who collected chips (the text's "collected" lines, and a pot a player
who cashed out was not paid) are the players holdem.stats finds collected a share of a pot,
the fact W$SD and W$WSF count. (The amounts are not compared: some sites' and converters'
texts count a returned uncalled bet in what the winner collected, PokerStars' own do not.)
Every flag of every hand has its chance when it has its act.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from holdem import pokerstars
from holdem.errors import HoldemError
from holdem.stats import hand_flags

from _support.paths import CORPUS

FOLDER = Path(os.environ.get("HOLDEM_CORPUS", CORPUS)) / "pokerstars"
PAIRS = [
    ("three_bet_chance", "three_bet"),
    ("fold_to_three_bet_chance", "fold_to_three_bet"),
    ("four_bet_chance", "four_bet"),
    ("steal_chance", "steal"),
    ("fold_to_steal_chance", "fold_to_steal"),
]
STREET_PAIRS = [
    ("cbet_chance", "cbet"),
    ("fold_to_cbet_chance", "fold_to_cbet"),
    ("check_raise_chance", "check_raise"),
    ("donk_bet_chance", "donk_bet"),
]


def _files() -> list[Path]:
    return sorted(FOLDER.glob("*/*.txt")) if FOLDER.is_dir() else []


def test_the_winners_and_the_chances_over_the_corpus() -> None:
    files = _files()
    if not files:
        pytest.skip("the corpus of ../shared/corpus is absent")
    hands = 0
    for path in files:
        try:
            read = pokerstars.load(path)
        except HoldemError:
            continue
        for hand in read.hands:
            try:
                history = pokerstars.check(hand).history  # the hands holdem replays exactly
            except HoldemError:
                continue
            flags = hand_flags(history)
            hands += 1
            paid = {**hand.collected}
            for name, amount in (hand.not_awarded or {}).items():
                paid[name] = paid.get(name, 0) + amount
            ours = {f.name for f in flags if f.collected > 0}
            assert ours == {name for name, amount in paid.items() if amount > 0}, hand.number
            for f in flags:
                for chance, act in PAIRS:
                    assert getattr(f, chance) or not getattr(f, act), (hand.number, f.name, act)
                for chance, act in STREET_PAIRS:
                    for i in range(4):
                        assert getattr(f, chance)[i] or not getattr(f, act)[i]
                assert f.saw_flop or not f.showdown or not history.actions  # a showdown saw it
    assert hands > 1000  # the README's about 1,090 hold'em hands, less the few refused
