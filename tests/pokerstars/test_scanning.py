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
from holdem.pokerstars._amounts import read_amount, read_seat
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


# An amount as the reader took it before it was read by C, the oracle: blanks around it, a minus
# sign (refused), a currency sign, a digit then digits and commas, a point and digits, and a
# currency code after a blank or not; at most 15 whole digits (commas dropped) and 6 decimals.
AMOUNT = re.compile(r"(-?)[$€£¥]?(\d[\d,]*)(?:\.(\d+))?(?: ?[A-Z]{3})?")


def _amount_by_re(text: str) -> tuple[int, int]:
    m = AMOUNT.fullmatch(text.strip())
    if m is None or m[1]:
        return 0, -1
    whole, frac = m[2].replace(",", ""), m[3] or ""
    if len(whole) > 15 or len(frac) > 6:
        return 0, -2
    return int(whole + frac), len(frac)


def test_amounts_edges() -> None:
    for text in (
        *("$0.25", "€5", "£1,234.56", "¥100", "1500", "$2 USD", "$2USD", " $3.10\u00a0", "0"),
        *("-$5", "$-5", "5.", ".5", "$", "", " ", "5 US", "5  USD", "5usd", "$1,,0", "1,ABC"),
        *("1" * 15, "1" * 16, "1." + "1" * 6, "1." + "1" * 7, "9" * 15 + ".999999", "1.5.5"),
        *("\u0663\u0664", "\u0663.\u0664", "$\u0661,\u0662\u0663\u0664", "x5", "5x", "5.5x"),
        *("ABC", "5ABCD", "5 ABC ", "$5 €", "$$5", "5\n", "\u2003 7 \u2003", "1,000,000.5 EUR"),
    ):
        assert read_amount(text) == _amount_by_re(text), repr(text)


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="0123456789.,$€-  UASDx\u0663\u00a0\n", max_size=24))
def test_amounts_random(text: str) -> None:
    assert read_amount(text) == _amount_by_re(text)


def test_amounts_in_the_hand_unit() -> None:
    """An amount the reader cannot take is refused with the reason, naming the text."""
    reader = parsing._Reader("PokerStars Hand #1: x", "<test>", 0)
    reader.decimals = 2
    texts = ("$1", "$1.5", "$1,234.56", "3 USD")
    assert [reader.amount(t) for t in texts] == [100, 150, 123456, 300]
    with pytest.raises(PokerStarsError, match="not an amount: '-1'"):
        reader.amount("-1")
    with pytest.raises(PokerStarsError, match="amount out of range"):
        reader.amount("1" * 16)


# A seat line as the reader took it before it was read by C, the oracle: Python's re over the
# whole line (the reader's lines hold no line feed: it splits its text on them).
SEAT = re.compile(
    r"^Seat (?P<seat>\d{1,2}): (?P<name>.+) \((?P<stack>[^ ()]+) in chips[^)]*\)(?P<rest>.*)$"
)


def _seat_by_re(line: str) -> tuple[int, str, str, str] | None:
    m = SEAT.match(line)
    if m is None:
        return None
    return int(m["seat"]), m["name"], m["stack"], m["rest"]


def test_seat_lines_of_real_files() -> None:
    """Every line of the real files (seat lines and all the others) read as the pattern reads
    it."""
    seen = 0
    for text in _texts():
        for line in text.replace("\r", "").split("\n"):
            line = line.strip()
            assert read_seat(line) == _seat_by_re(line), repr(line)
            seen += read_seat(line) is not None
    assert seen > 800


def test_seat_lines_edges() -> None:
    for line in (
        *("Seat 1: Ann ($2 in chips)", "Seat 10: Bo Bo (1,500 in chips) is sitting out"),
        *("Seat 3: Roni (LBK) ($2.23 in chips)", "Seat 3: a (b) (c ($1 in chips) (d) x"),
        *("Seat 3: ($1 in chips)", "Seat 3:  ($1 in chips)", "Seat 3: x ( in chips)"),
        *("Seat 3: x ($1 in chips", "Seat 3: x ($1 in chipsx)", "Seat 3: x ($1 in chip)"),
        *("Seat 123: x ($1 in chips)", "Seat : x ($1 in chips)", "Seat 1 : x ($1 in chips)"),
        *(
            "Seat 05: x ($1 in chips)",
            "Seat \u0663: x ($1 in chips)",
            "Seat 1\u0663: x (1 in chips)",
        ),
        *("Seat 1: x (\u20ac1 in chips, $3 bounty)", "Seat 1: x ($1 in chips) (y ($2 in chips)"),
        *("Seat 1: x ($1 in chips) y ($2 in chips) z)", "Seat 1: x (a b in chips)", "Seat 1:"),
        *("Seat 1: x (( in chips)", "Seat 1: x ($1 in chips)))", "seat 1: x ($1 in chips)"),
        *("Seat 1: x\u00a0($1 in chips)", "Seat 1: x ($1\u00a0in chips)", "Seat", "", "Seat 1"),
        *("Seat 1: x ($1 in chips)\r", "Seat 1: \U0001f600 (5 in chips) \U0001f600", "Seat 1: "),
    ):
        assert read_seat(line) == _seat_by_re(line), repr(line)


def test_a_line_feed_is_no_line() -> None:
    """The reader's lines hold no line feed: a text that does is no seat line (the pattern,
    whose ``.`` stops at one, would read some of them otherwise)."""
    assert read_seat("Seat 1: Ann ($2 in chips)\n") is None
    assert read_seat("Seat 1: Ann\n ($2 in chips)") is None


_SEAT_PARTS = [
    *("Seat ", "Seat 1: ", "Seat 12: ", "1", "\u0663", ": ", " (", "(", ")", " in chips"),
    *(" in chips)", "$1.50", "Ann", " ", "x", "\u00a0", ",", " is sitting out", "\u20ac"),
]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_SEAT_PARTS), max_size=14))
def test_seat_lines_random(parts: list[str]) -> None:
    line = "".join(parts)
    assert read_seat(line) == _seat_by_re(line)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="Seat 12:()inchps$.x\u0663\u00a0", max_size=40))
def test_seat_lines_random_characters(line: str) -> None:
    assert read_seat("Seat 1: " + line) == _seat_by_re("Seat 1: " + line)
    assert read_seat(line) == _seat_by_re(line)
