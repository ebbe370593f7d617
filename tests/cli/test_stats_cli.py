"""``holdem stats``: a player's statistics from PHH and PokerStars files.

The figures are those of holdem.stats (tested against hand-worked hands and fpdb-3's flags in
tests/stats); here: that the command reads both formats, prints them, and reports what it
cannot read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.cli import main
from holdem.phh import load
from holdem.stats import player_stats

from _support import phh_cases as CASES

PLURIBUS: Path = CASES.PLURIBUS

STARS = """PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET
Table 'Example' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cy ($2 in chips)
Bob: posts small blind $0.01
Cy: posts big blind $0.02
*** HOLE CARDS ***
Ann: raises $0.04 to $0.06
Bob: folds
Cy: folds
Uncalled bet ($0.04) returned to Ann
Ann collected $0.05 from pot
*** SUMMARY ***
Total pot $0.05 | Rake $0
Seat 1: Ann (button) collected ($0.05)
"""


def test_one_player_of_a_phh_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(PLURIBUS), "--player", "Pluribus"]) == 0
    out = capsys.readouterr().out
    expected = player_stats(load(PLURIBUS))["Pluribus"]
    assert out.splitlines()[0] == "Pluribus"
    rows = {line.split("  ")[1]: line.split("  ")[-1].strip() for line in out.splitlines()[1:]}
    assert rows["VPIP"] == str(expected.vpip) and rows["hands"] == str(expected.hands)
    assert rows["all-in adjusted bb/100"] == f"{expected.adjusted_bb_per_100:+.2f}"


def test_every_player_of_a_pokerstars_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "HH.txt"
    path.write_text(STARS, encoding="utf-8")
    assert main(["stats", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "player", "hands", "VPIP", "PFR", "3-bet", "WTSD", "bb/100", "adj", "bb/100",
    ]  # fmt: skip
    # Ann (the button) stole the blinds: +3 cents, 1.5 big blinds, 150 bb/100 (no all-in).
    assert lines[1].split() == ["Ann", "1", "100.0", "100.0", "-", "-", "+150.0", "+150.0"]
    assert [line.split()[0] for line in lines[2:]] == ["Bob", "Cy"]


def test_unknown_player_and_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = \n", encoding="utf-8")
    assert main(["stats", str(PLURIBUS), str(bad), "--player", "Nobody"]) == 1
    err = capsys.readouterr().err
    assert "holdem: refused:" in err and "no hand of 'Nobody'" in err


def test_by_position_and_the_winnings_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "won.png"
    args = ["stats", str(PLURIBUS), "--player", "Pluribus"]
    assert main([*args, "--by-position", "--png", str(picture)]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = {}
    for history in load(PLURIBUS):
        from holdem.stats import hand_flags

        for f in hand_flags(history):
            if f.name == "Pluribus":
                expected[f.position] = expected.get(f.position, 0) + 1
    header = out[1].split()
    hands = dict(zip(header, map(int, out[2].split()[1:]), strict=True))
    assert (
        hands == expected and sum(hands.values()) == player_stats(load(PLURIBUS))["Pluribus"].hands
    )
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_and_positions_need_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(PLURIBUS), "--png", "x.png"]) == 2
    assert "need --player" in capsys.readouterr().err
