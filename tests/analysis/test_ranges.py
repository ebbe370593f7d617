"""Range grammar: combo counts, membership checked against predicates over all 1,326 combos,
weights in both notations, the canonical text, and errors."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
from collections.abc import Callable
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem import Card, HoldemError, Range, RangeError, parse_range

RANKS = "23456789TJQKA"
ALL = [(Card(b), Card(a)) for a, b in combinations(range(52), 2)]


def rank(ch: str) -> int:
    return RANKS.index(ch)


Predicate = Callable[[int, int, bool], bool]


def expected(pred: Predicate) -> set[tuple[int, int]]:
    """Combos (higher index first) of all 1,326 whose (high rank, low rank, suited) satisfy pred."""
    out = set()
    for a, b in ALL:
        hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
        if pred(hi, lo, a.suit == b.suit):
            out.add((int(a), int(b)))
    return out


def got(text: str) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in parse_range(text).combos}


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("random", 1326),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("AA", 6),
        ("AsKs", 1),
        ("QQ+", 18),
        ("ATs+", 16),
        ("K9o+", 48),
        ("A2s-A5s", 16),
        ("99-22", 48),
        ("KTo-K8o", 36),
        ("22+", 78),
        ("TT+,AKs,AKo", 46),
        ("JJ-88,AQs,AKs", 32),
        ("22+,A2s+,KTs+,QJs", 142),
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


@pytest.mark.parametrize(
    ("text", "pred"),
    [
        ("AKs", lambda h, lo, s: (h, lo) == (12, 11) and s),
        ("AKo", lambda h, lo, s: (h, lo) == (12, 11) and not s),
        ("AK", lambda h, lo, s: (h, lo) == (12, 11)),
        ("QQ+", lambda h, lo, s: h == lo >= rank("Q")),
        ("ATs+", lambda h, lo, s: h == 12 and rank("T") <= lo < 12 and s),
        ("K9o+", lambda h, lo, s: h == rank("K") and rank("9") <= lo < h and not s),
        ("AT+", lambda h, lo, s: h == 12 and rank("T") <= lo < 12),
        ("A2s-A5s", lambda h, lo, s: h == 12 and lo <= rank("5") and s),
        ("A5s-A2s", lambda h, lo, s: h == 12 and lo <= rank("5") and s),
        ("99-22", lambda h, lo, s: h == lo <= rank("9")),
        ("22-99", lambda h, lo, s: h == lo <= rank("9")),
        ("KTo-K8o", lambda h, lo, s: h == rank("K") and rank("8") <= lo <= rank("T") and not s),
        ("random", lambda h, lo, s: True),
        ("kqs", lambda h, lo, s: (h, lo) == (11, 10) and s),
        ("KAs", lambda h, lo, s: (h, lo) == (12, 11) and s),
    ],
)
def test_membership_against_predicates(text: str, pred: Predicate) -> None:
    assert got(text) == expected(pred)


def test_specific_combos() -> None:
    assert got("AsKs") == {(int(Card("As")), int(Card("Ks")))}
    assert got("KsAs") == got("AsKs")
    assert got("AhAd") == {(int(Card("Ah")), int(Card("Ad")))}
    assert got("10c9c") == {(int(Card("Tc")), int(Card("9c")))}


def test_weights_pio_and_equilab() -> None:
    pio = parse_range("AKo:0.75,KQo:0.75")
    equilab = parse_range("[75]AKo,KQo[/75]")
    assert pio == equilab
    assert len(pio) == 24 and pio.size == pytest.approx(18.0)
    assert set(pio.weights) == {0.75}
    r = parse_range("AKs:0.5")
    assert r.size == 2.0 and r.weight("AsKs") == 0.5 and r.weight("AsKd") == 0.0
    mixed = parse_range("QQ+, [50]AKs, AQs[/50], 72o:0.25")
    assert mixed.weight("QsQh") == 1.0
    assert mixed.weight("AdKd") == mixed.weight("AhQh") == 0.5
    assert mixed.weight("7c2d") == 0.25
    assert mixed.size == pytest.approx(18 + 4 + 12 * 0.25)
    assert parse_range("[37.5]AA[/37.5]").weights == (0.375,) * 6


def test_later_weight_wins_and_zero_removes() -> None:
    r = parse_range("AK:0.3,AsKs")
    assert r.weight("AsKs") == 1.0 and r.weight("AhKh") == 0.3
    r = parse_range("AA,AsAh:0")
    assert len(r) == 5 and "AsAh" not in r and "AsAd" in r
    assert parse_range("AA:0,KK") == parse_range("KK")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AA,KK,QQ", "QQ+"),
        ("KK,AA", "KK+"),
        ("AKs,AQs", "AQs+"),
        ("A2s-A5s", "A5s-A2s"),
        ("99-22,KTo-K8o:0.5", "99-22,KTo-K8o:0.5"),
        ("AK", "AKs,AKo"),
        ("random", "random"),
        ("QQ+,AKs,[50]AKo[/50]", "QQ+,AKs,AKo:0.5"),
        ("AsKs", "AsKs"),
        ("22+,A2s+,KTs+,QJs", "22+,A2s+,KTs+,QJs"),
        ("JJ-88,AQs,AKs", "JJ-88,AQs+"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    r = parse_range(text)
    assert str(r) == canonical
    assert parse_range(str(r)) == r
    assert repr(r) == f"Range({canonical!r})"


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(range(1326)),
        st.sampled_from([1.0, 0.5, 0.25, 0.1, 1 / 3]),
        max_size=300,
    ),
    st.lists(st.sampled_from(["QQ+", "ATs+", "K9o+", "99-22", "AK", "random"]), max_size=2),
)
def test_canonical_text_round_trips(picks: dict[int, float], classes: list[str]) -> None:
    weights = {ALL[i]: w for i, w in picks.items()}
    for text in classes:
        for combo in parse_range(text).combos:
            weights[combo] = 0.5
    if not weights:
        return
    r = Range.from_combos({f"{a}{b}": w for (a, b), w in weights.items()})
    assert len(r) == len(weights)
    back = parse_range(str(r))
    assert back == r
    for (a, b), w in weights.items():
        assert back.weight([a, b]) == w


def test_range_value_type() -> None:
    r = parse_range("QQ+")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r._items = ()  # type: ignore[misc]
    assert hash(r) == hash(parse_range("AA,KK,QQ"))
    assert all(a > b for a, b in r.combos)
    assert all(isinstance(c, Card) for combo in r for c in combo)
    assert r.is_random is False and parse_range("random").is_random is True
    assert len(r.without("As Kd")) == 18 - 3 - 3
    assert parse_range(r) is r
    assert holdem.parse_range is parse_range and holdem.Range is Range


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "   ",
        "AKx",
        "AAs",
        "AAo+",
        "A2s-K5s",
        "A2s-A5o",
        "QQ+-22",
        "QQ-AKs",
        "[75]AK",
        "AK[/75]",
        "[75]AK[/50]",
        "[50]AK,[50]KQ[/50]",
        "[50]AK:0.5[/50]",
        "[150]AK[/150]",
        "AK:2",
        "AK:x",
        "AK:-0.5",
        "AsAs",
        "AK,,KQ",
        "AK,",
        "XX",
        "AhKhQh",
        "1A",
    ],
)
def test_unreadable_ranges_raise(bad: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(bad)
    assert isinstance(info.value, HoldemError) and isinstance(info.value, ValueError)
    assert str(info.value)


def test_error_names_the_item() -> None:
    with pytest.raises(RangeError, match=r"item 2 \('AKx'\)"):
        parse_range("QQ+,AKx")


@pytest.mark.parametrize(
    "bad",
    [
        {"AsKs": 1.5},
        {"AsKs": -0.1},
        {"AsKs": True},
        {"AsAs": 1.0},
        {"AsKsQs": 1.0},
        {"Xx": 1.0},
    ],
)
def test_from_combos_rejects_bad_input(bad: dict[str, object]) -> None:
    with pytest.raises(RangeError):
        Range.from_combos(bad)


def test_direct_construction_is_checked() -> None:
    with pytest.raises(RangeError):
        Range((((51, 47), 1.0), ((50, 46), 1.0)))  # not sorted
    with pytest.raises(RangeError):
        Range((((47, 51), 1.0),))  # lower card first
    with pytest.raises(RangeError):
        Range((((51, 47), 0.0),))  # weight 0
    assert Range((((50, 46), 1.0), ((51, 47), 1.0))) == parse_range("AhKh,AsKs")


def test_not_text() -> None:
    with pytest.raises(RangeError):
        parse_range(42)  # type: ignore[arg-type]


def test_docstrings_have_examples() -> None:
    """The module documents itself with examples (tests/test_doctests.py runs them)."""
    found = doctest.DocTestFinder().find(importlib.import_module("holdem.analysis.ranges"))
    assert sum(len(t.examples) for t in found) >= 5
