"""holdem.analysis.starting: the 169 classes, their 1,326 combos and the grid.

Oracles: the counts that Wikipedia's "Texas hold 'em" article states (section "Starting hands",
quoted below: "52 x 51 / 2 = 1,326 distinct possible combinations", "13 possible pairs, 78
possible suited non-pairs, and 78 possible unsuited [...] for a total of 169"), every two-card
combination enumerated here from the published card names (phevaluator's, checked against it
through ``pytest.importorskip``), and the grid read back from its text.
"""

from __future__ import annotations

import doctest
import itertools
import random
import re
from collections import Counter

import pytest

import holdem
from holdem.analysis import starting
from holdem.analysis.starting import (
    CLASSES,
    GRID_RANKS,
    StartingHandError,
    all_combos,
    class_at,
    class_combos,
    class_shares,
    combo_count,
    grid,
    grid_position,
    hand_class,
    normalize_class,
)

ORDER = "23456789TJQKA"
NAMES = [r + s for r in ORDER for s in "cdhs"]  # the published names of the card indices


def test_names_are_phevaluators() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    assert [str(phevaluator.Card(i)) for i in range(52)] == NAMES


def outside_class(a: str, b: str) -> str:
    """The class of two card names, worked out from the names alone."""
    hi, lo = sorted((a, b), key=lambda c: ORDER.index(c[0]), reverse=True)
    if hi[0] == lo[0]:
        return hi[0] + lo[0]
    return hi[0] + lo[0] + ("s" if hi[1] == lo[1] else "o")


def test_docstrings_have_examples() -> None:
    """The module documents itself with examples (tests/test_doctests.py runs them)."""
    found = doctest.DocTestFinder().find(starting)
    assert sum(len(t.examples) for t in found) >= 10


# Wikipedia, "Texas hold 'em", section "Starting hands" (the 2010 revision), verbatim.
WIKIPEDIA_QUOTE = (
    "There are 52 \u00d7 51 \u00f7 2 = 1,326 distinct possible combinations of two cards from a "
    "standard 52-card deck. [...] so there would be 13 possible pairs, 78 possible suited "
    'non-pairs, and 78 possible unsuited ("off-suit") non-pairs, for a total of 169 possible hands.'
)


def test_counts_stated_by_wikipedia() -> None:
    text = WIKIPEDIA_QUOTE
    assert "52 \u00d7 51 \u00f7 2 = 1,326 distinct possible combinations" in text  # x and ÷
    stated = re.search(
        r"(\d+) possible pairs, (\d+) possible suited non-pairs, and (\d+) possible unsuited "
        r".*?for a total of (\d+) possible hands",
        text,
    )
    assert stated is not None
    pairs, suited, offsuit, total = map(int, stated.groups())
    kinds = Counter("pair" if len(c) == 2 else c[2] for c in CLASSES)
    assert (kinds["pair"], kinds["s"], kinds["o"], len(CLASSES)) == (pairs, suited, offsuit, total)
    assert len(all_combos()) == 52 * 51 // 2 == 1326


def test_combos_are_every_two_card_hand_once() -> None:
    ours = [frozenset(int(c) for c in combo) for combo in all_combos()]
    assert len(set(ours)) == 1326
    assert set(ours) == {frozenset(p) for p in itertools.combinations(range(52), 2)}


def test_class_of_every_combo() -> None:
    """hand_class and class_combos agree with the class worked out from the card names."""
    by_class: dict[str, set[frozenset[int]]] = {}
    for a, b in itertools.combinations(range(52), 2):
        name = outside_class(NAMES[a], NAMES[b])
        assert hand_class([a, b]) == name
        assert hand_class(NAMES[a] + NAMES[b]) == name
        by_class.setdefault(name, set()).add(frozenset((a, b)))
    assert set(by_class) == set(CLASSES)
    for name, combos in by_class.items():
        ours = class_combos(name)
        assert {frozenset(int(c) for c in combo) for combo in ours} == combos
        assert len(ours) == combo_count(name) == len(combos)
        assert len(combos) == (6 if len(name) == 2 else 4 if name.endswith("s") else 12)
        assert all(hi.rank >= lo.rank for hi, lo in ours)


def test_grid_layout() -> None:
    rows = [line.split() for line in grid().splitlines()]
    assert len(rows) == 13 and all(len(r) == 13 for r in rows)
    assert sorted(c for r in rows for c in r) == sorted(CLASSES)
    for r in range(13):
        for c in range(13):
            cell = rows[r][c]
            assert cell == class_at(r, c)
            assert grid_position(cell) == (r, c)
            hi, lo = ORDER.index(cell[0]), ORDER.index(cell[1])
            if r == c:
                assert len(cell) == 2 and cell[0] == cell[1] == GRID_RANKS[r]
            elif r < c:  # suited above the diagonal: row rank first
                assert cell == GRID_RANKS[r] + GRID_RANKS[c] + "s" and hi > lo
            else:  # offsuit below: column rank first
                assert cell == GRID_RANKS[c] + GRID_RANKS[r] + "o" and hi > lo
    assert rows[0][:3] == ["AA", "AKs", "AQs"] and rows[1][0] == "AKo" and rows[12][12] == "22"


def test_grid_marks_a_set_and_shows_values() -> None:
    marked = [line.split() for line in grid({"aa", "KAs", "72o"}).splitlines()]
    shown = {(r, c): cell for r, row in enumerate(marked) for c, cell in enumerate(row)}
    # 72o is offsuit: below the diagonal, in the deuce row and the seven column.
    seven_deuce = ("AKQJT98765432".index("2"), "AKQJT98765432".index("7"))
    assert {k: v for k, v in shown.items() if v != "."} == {
        (0, 0): "AA",
        (0, 1): "AKs",
        seven_deuce: "72o",
    }

    counts = {name: combo_count(name) for name in CLASSES}
    table = [list(map(int, line.split())) for line in grid(counts).splitlines()]
    assert sum(map(sum, table)) == 1326
    assert all(table[i][i] == 6 for i in range(13))

    text = grid({"AA": 0.852, "72o": 0.3456}, fmt=".1%", missing="-", headers=True)
    lines = text.splitlines()
    assert lines[0].split() == list(GRID_RANKS)
    a_row = lines[1].split()
    assert a_row[0] == "A" and a_row[1] == "85.2%" and set(a_row[2:]) == {"-"}
    r, c = grid_position("72o")
    assert lines[1 + r].split()[1 + c] == "34.6%"
    widths = {len(line) for line in lines}
    assert len(widths) == 1  # aligned columns

    assert grid({"AA": 1}, fmt=lambda v: f"<{v}>").splitlines()[0].split()[0] == "<1>"


@pytest.mark.parametrize(
    ("name", "canonical"),
    [("AKs", "AKs"), ("kas", "AKs"), ("T9O", "T9o"), (" 22 ", "22"), ("tt", "TT"), ("2Ao", "A2o")],
)
def test_normalize(name: str, canonical: str) -> None:
    assert normalize_class(name) == canonical


@pytest.mark.parametrize(
    ("name", "match"),
    [
        ("AK", "two classes, AKs and AKo"),
        ("AAs", "a pair is neither suited nor offsuit"),
        ("AKx", "unknown starting-hand class"),
        ("A1s", "unknown starting-hand class"),
        ("", "unknown starting-hand class"),
        ("AKQs", "unknown starting-hand class"),
        (12, "a starting-hand class is a string"),
    ],
)
def test_bad_class_names(name: object, match: str) -> None:
    with pytest.raises(StartingHandError, match=match) as info:
        normalize_class(name)  # type: ignore[arg-type]
    assert isinstance(info.value, holdem.HoldemError) and isinstance(info.value, ValueError)
    with pytest.raises(StartingHandError):
        combo_count(name)  # type: ignore[arg-type]


def test_bad_grid_arguments() -> None:
    with pytest.raises(StartingHandError, match="unknown starting-hand class 'AKx'"):
        grid({"AA", "AKx"})
    with pytest.raises(StartingHandError, match="not the string"):
        grid("AA,KK")
    with pytest.raises(StartingHandError, match="appears twice"):
        grid({"AKs": 1, "kas": 2})
    with pytest.raises(StartingHandError, match="cannot format"):
        grid({"AA": "x"}, fmt=".2f")
    with pytest.raises(StartingHandError, match="row must be an int from 0 to 12"):
        class_at(13, 0)
    with pytest.raises(StartingHandError, match="col must be an int"):
        class_at(0, True)


def test_bad_hands() -> None:
    with pytest.raises(holdem.CardError, match="two cards"):
        hand_class("AhKhQh")
    with pytest.raises(holdem.CardError, match="duplicate"):
        hand_class("AhAh")
    with pytest.raises(holdem.CardError):
        hand_class("AhXx")


def test_class_shares_by_counting_names() -> None:
    """Shares of random sets of hands, against counts made from the card names."""
    rng = random.Random(5)
    every = list(itertools.combinations(range(52), 2))
    for size in (1, 30, 700, 1326):
        chosen = rng.sample(every, size)
        counts = Counter(outside_class(NAMES[a], NAMES[b]) for a, b in chosen)
        sizes = Counter(outside_class(NAMES[a], NAMES[b]) for a, b in every)
        shares = class_shares([NAMES[a] + NAMES[b] for a, b in chosen])
        assert shares == pytest.approx({k: counts[k] / sizes[k] for k in counts})
        assert list(shares) == [c for c in CLASSES if c in shares]  # grid order
    weighted = class_shares({"AhKd": 0.5, "AsKs": 1.0, "7c2d": 0.0, "QhQs": 1})
    assert weighted == {"AKs": 0.25, "QQ": 1 / 6, "AKo": 0.5 / 12, "72o": 0.0}
    assert grid(weighted, fmt=".2f").splitlines()[0].split()[:2] == [".", "0.25"]


def test_class_shares_bad_input() -> None:
    with pytest.raises(StartingHandError, match="given twice"):
        class_shares(["AhKd", "KdAh"])
    with pytest.raises(StartingHandError, match="weight of 'AhKd' must be from 0 to 1"):
        class_shares({"AhKd": 1.5})
    with pytest.raises(StartingHandError, match="weight"):
        class_shares({"AhKd": True})
    with pytest.raises(StartingHandError, match="not the string"):
        class_shares("AhKd")
    with pytest.raises(holdem.CardError, match="two cards"):
        class_shares(["AhKdQs"])


def test_exports() -> None:
    assert holdem.CLASSES is CLASSES and holdem.grid is grid and holdem.hand_class is hand_class
