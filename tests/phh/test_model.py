"""holdem.phh.model: the HandHistory value, its other fields and its TOML text."""

from __future__ import annotations

import datetime
import tomllib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.engine.rules import Structure
from holdem.errors import PHHError
from holdem.phh import VARIANTS, HandHistory

from _support import phh_cases as CASES

phh_text, one = CASES.phh_text, CASES.one


def test_other_fields_round_trip() -> None:
    fields = {
        "players": ['Ann "the rock"', "Bob\nBobson", "Çé 名\x7f"],
        "time": datetime.time(0, 0, 9),
        "day": 1,
        "winnings": [Decimal("2.50"), 0, Decimal("0.25")],
        "user": {"note": "x y", "odd key": [True, False]},
        "odd key": True,
    }
    history = one(phh_text()).replace(fields=fields)
    again = one(history.dumps())
    assert again == history
    assert again.fields["time"] == datetime.time(0, 0, 9)
    assert again.fields["winnings"] == [Decimal("2.50"), 0, Decimal("0.25")]
    assert list(again.fields) == list(fields)


@settings(max_examples=100, deadline=None)
@given(st.text())
def test_any_text_field_round_trips(value: str) -> None:
    history = one(phh_text()).replace(fields={"event": value, f"_{value}": [value, 1]})
    again = one(history.dumps())
    assert again.fields["event"] == value
    assert again.fields[f"_{value}"] == [value, 1]


def test_other_fields_cannot_shadow_the_game() -> None:
    with pytest.raises(PHHError, match=r"'min_bet' belong\(s\) to the hand's own attributes"):
        one(phh_text()).replace(fields={"min_bet": 3})


def test_unwritable_value() -> None:
    with pytest.raises(PHHError, match="cannot write"):
        HandHistory("NT", (5, 5), (), fields={"x": object()}).dumps()


def test_dumps_is_toml_with_the_game_fields_first() -> None:
    # tomllib (the standard library's TOML reader) is the oracle for the text: the game fields
    # first, in the order pokerkit writes them, then the other fields, finishing_stacks last.
    history = HandHistory(
        "FT",
        (20, 30),
        ("d dh p1 AsKs", "p2 f"),
        (0, 0),
        (1, 2),
        small_bet=2,
        big_bet=4,
        finishing_stacks=(21, 29),
        fields={"players": ["a", "b"]},
    )
    text = history.dumps()
    document = tomllib.loads(text)
    assert list(document) == [
        "variant",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "small_bet",
        "big_bet",
        "starting_stacks",
        "actions",
        "players",
        "finishing_stacks",
    ]
    assert document["actions"] == ["d dh p1 AsKs", "p2 f"]
    assert document["finishing_stacks"] == [21, 29] and "min_bet" not in document


def test_variants_and_labels() -> None:
    assert VARIANTS == {
        "NT": Structure.NO_LIMIT,
        "FT": Structure.FIXED_LIMIT,
        "PT": Structure.POT_LIMIT,
        "NS": Structure.NO_LIMIT,
        "PO": Structure.POT_LIMIT,
        "FO/8": Structure.FIXED_LIMIT,
    }
    history = HandHistory("NT", (10, 10, 10), ())
    assert history.players == 3 and history.label == "<string>"
    assert history.replace(source="f.phhs", key="t", index=0).label == (
        "f.phhs [t] (hand 1 of the file)"
    )
