"""The reader's scans of a text (the hands' headers, the most decimals of an amount, the cards
a line shows) find what the plain readers find.

Oracles: :func:`holdem.cards.parse_cards` for cards, and Python's ``re`` with the patterns as
they read (a header at the start of a line, after a byte-order mark if any; a digit, a point
and digits), on every real PokerStars file of tests/data/pokerstars (see its README for the
sources) and on random texts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cards import Card, parse_cards
from holdem.errors import CardError, PokerStarsError
from holdem.pokerstars import parsing
from holdem.pokerstars.parsing import split_hands

DATA = Path(__file__).resolve().parent.parent / "data" / "pokerstars"
# A header at the start of a line, after a byte-order mark and blanks if any (an archive's
# export indents its lines), in the words of any site of the PokerStars family.
HEADER = re.compile(
    r"^\ufeff?[ \t]*(?:PokerStars|POKERSTARS|Full Tilt|Run It Once Poker|PokerBros|PokerMaster"
    r"|GGPoker) (?:Zoom |ZOOM |Home Game |Rush |Cash )?(?:Hand|Game|GAME|HAND) #",
    re.MULTILINE,
)


def _hands_by_re(text: str) -> list[str]:
    starts = [m.start() for m in HEADER.finditer(text)]
    if not starts:
        return []
    ends = [*starts[1:], len(text)]
    return [text[a:b].strip().lstrip("\ufeff") for a, b in zip(starts, ends, strict=True)]


def _decimals_by_re(text: str) -> int:
    return max([len(m[1]) for m in re.finditer(r"\d\.(\d+)", text)], default=0)


def _texts() -> list[str]:
    files = sorted(DATA.rglob("*.txt"))
    assert len(files) >= 16
    return [p.read_bytes().decode("utf-8", errors="replace") for p in files]


def test_split_hands_on_real_files() -> None:
    for text in _texts():
        assert split_hands(text) == _hands_by_re(text)
        assert split_hands("\ufeff" + text) == _hands_by_re("\ufeff" + text)


def test_decimals_on_real_files() -> None:
    for text in _texts():
        assert parsing._decimals(text) == _decimals_by_re(text)


def test_split_hands_edges() -> None:
    head = "PokerStars Hand #1: x"
    for text in (
        head,
        "\ufeff" + head,
        "\ufeff\ufeff" + head,
        "x" + head,
        "x\ufeff" + head,
        "a\n" + head + "\n\ufeff" + head + "\r\n" + head,
        head + " PokerStars Game #2: y\nPokerStars Zoom Hand #3: z",
        "\n\nPokerStars Cash Game #4: w",
        " \t PokerStars Zoom Hand #5: v\n  Full Tilt Hand #6: u\nRun It Once Poker Hand #7: t",
        "x PokerBros Hand #8: s\nPokerMaster Hand #9: r\nPOKERSTARS GAME #10: q",
    ):
        assert split_hands(text) == _hands_by_re(text), repr(text)


def test_decimals_edges() -> None:
    for text in ("1.22.333", "a.1", "1.2.3", "x1.22.333 4.4444", "\u0663.\u0664\u0664", ".5", "5."):
        assert parsing._decimals(text) == _decimals_by_re(text), repr(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789.\n x\u0663", max_size=60))
def test_decimals_random(text: str) -> None:
    assert parsing._decimals(text) == _decimals_by_re(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *("PokerStars Hand #", "PokerStars Zoom Game #", "Full Tilt Hand #"),
                *("\n", "\ufeff", "x", " ", "\t", "7"),
            ]
        ),
        max_size=12,
    )
)
def test_split_hands_random(parts: list[str]) -> None:
    text = "".join(parts)
    assert split_hands(text) == _hands_by_re(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*(str(Card(i)) for i in range(52)), "10h", "", "Xx", "  "])))
def test_cards_read_as_parse_cards_reads_them(tokens: list[str]) -> None:
    """The reader's lookup of "Ah Kd" gives what :func:`holdem.cards.parse_cards` gives, and
    refuses what it refuses (a repeated or unknown card); a card written ``XX`` (any case) is
    a card not shown (Hold'em Manager's export, "shows [XX Qs]"): left out."""
    text = " ".join(tokens)
    reader = parsing._Reader("PokerStars Hand #1: x", "<test>", 0)
    shown = " ".join(t for t in text.split(" ") if t.upper() != "XX")
    try:
        expected = parse_cards(shown)
    except CardError:
        with pytest.raises(PokerStarsError, match="bad cards"):
            reader.cards(text)
    else:
        assert reader.cards(text) == expected
