"""PokerStars hand histories: real hands read, converted to PHH and replayed exactly.

The oracle is the record itself: every hand of the shipped real files (tests/data/pokerstars,
see its README for their sources) must replay through the engine so that each player collects
what the text says (the rake apart) and the chips put in make the summary's total pot; pokerkit's
own PokerStars parser checks the conversion where it reads the same hand.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from holdem import phh, pokerstars
from holdem.errors import HoldemError, PokerStarsError

DATA = Path(__file__).resolve().parent.parent / "data" / "pokerstars"
FILES = sorted(DATA.rglob("*.txt"))


def _all_hands() -> list[pokerstars.StarsHand]:
    hands = []
    for path in FILES:
        read = pokerstars.load(path)
        assert read.refused == [], read.refused
        hands.extend(read.hands)
    return hands


def test_the_corpus_is_there() -> None:
    assert len(FILES) >= 16
    assert len(_all_hands()) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_real_hand_replays_to_what_each_player_collected(path: Path) -> None:
    for hand in pokerstars.load(path).hands:
        checked = pokerstars.check(hand)
        assert checked.replay.complete
        assert sum(checked.collected) + hand.rake == hand.total_pot
        assert checked.replay.hand.rake == hand.rake
        # Every stack ends where the text puts it: what it had, less what it put in, plus
        # what it collected (check() compares each player's collected amount too).
        assert checked.replay.finishing_stacks == checked.history.finishing_stacks
        assert checked.replay.matches is True


def test_a_cash_hand_is_played_in_cents_and_its_rake_is_kept() -> None:
    (hand,) = pokerstars.load(DATA / "hhp" / "cash.zoom.2017.txt").hands
    assert hand.unit == "0.01"
    assert hand.big == 5 and hand.small == 2  # $0.02/$0.05
    assert hand.total_pot == 32 and hand.rake == 1  # "Total pot $0.32 | Rake $0.01"
    checked = pokerstars.check(hand)
    names = checked.history.fields["players"]
    assert checked.collected[names.index("held")] == 31  # "held collected $0.31 from pot"
    assert checked.replay.hand.rake == 1
    assert checked.history.fields["_unit"] == "0.01"


def test_player_order_starts_left_of_the_button_and_skips_empty_seats() -> None:
    (hand,) = pokerstars.load(DATA / "hhp" / "actiononall.txt").hands
    # Seats 1, 3, 4, 9; the button is seat 3: the order is 4, 9, 1, 3.
    history = pokerstars.to_history(hand)
    assert history.fields["seats"] == [4, 9, 1, 3]
    assert history.blinds_or_straddles == (400, 800, 0, 0)
    assert history.antes == (50, 50, 50, 50)


def test_a_windows_1252_file_is_read() -> None:
    (hand,) = pokerstars.load(DATA / "hhp" / "2008-tournament.txt").hands
    assert "Ass'e bast\u00f2" in [s.name for s in hand.seats]


def test_a_short_all_in_big_blind_posts_what_it_has() -> None:
    (hand,) = pokerstars.load(DATA / "hhp" / "posts-allin.txt").hands
    checked = pokerstars.check(hand)  # "posts big blind 11 and is all-in", then a side pot
    names = checked.history.fields["players"]
    assert checked.collected[names.index("MasterQkiu")] == 1005


def test_hands_pokerkit_parses_convert_to_the_same_game_and_actions() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared = 0
    for path in FILES:
        text = path.read_bytes().decode("utf-8", errors="replace")
        theirs: dict[int, Any] = {}
        for part in pokerstars.split_hands(text):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # pokerkit warns about the hands it cannot parse
                try:  # and gives up on some ("Unable to repair the hand history")
                    theirs.update((h.hand, h) for h in notation.PokerStarsParser()(part + "\n\n"))
                except ValueError:
                    continue
        for hand in pokerstars.loads(text, source=path.name).hands:
            other = theirs.get(int(hand.number))
            if other is None:
                continue
            ours = pokerstars.to_history(hand)
            scale = 10 ** (len(hand.unit) - 2) if hand.unit != "1" else 1
            # A capped table ("$80 Cap") plays each stack up to the cap (pokerkit's parser
            # does not read the cap: its stacks are the whole stacks).
            cap = hand.cap if hand.cap is not None else float("inf")
            assert list(ours.starting_stacks) == [
                min(int(Decimal(s) * scale), cap) for s in other.starting_stacks
            ]
            mine = [a.split() for a in ours.actions if a.split()[1] in ("f", "cc", "cbr")]
            their = [a.split() for a in other.actions if a.split()[1] in ("f", "cc", "cbr")]
            # pokerkit's parser "repairs" a history by appending checks where it expects more
            # actions (after an all-in call on the turn, say): those are its own, not the text's.
            assert [a[:2] for a in mine] == [a[:2] for a in their[: len(mine)]]
            assert all(a[1] == "cc" for a in their[len(mine) :])
            assert [int(a[2]) for a in mine if a[1] == "cbr"] == [
                int(Decimal(a[2]) * scale) for a in their if a[1] == "cbr"
            ]
            compared += 1
    assert compared >= 10


def _real_hand(name: str = "hhp/collect-on-flop.txt") -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_a_hand_of_another_game_is_refused_and_the_file_goes_on() -> None:
    real = _real_hand()
    other = real.replace("Hold'em No Limit", "Badugi No Limit", 1)
    other = other.replace("#159581695801", "#7")
    read = pokerstars.loads(other + "\n\n\n" + real, source="mixed.txt")
    assert [h.number for h in read.hands] == ["159581695801"]
    (refused,) = read.refused
    assert refused.number == "7" and refused.index == 0
    assert "not a hold'em or Omaha hand (Badugi No Limit)" in refused.reason


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("(1500 in chips)", "(1" + "0" * 40 + " in chips)", "amount out of range"),
        ("posts small blind 10", "posts small blind -10", "not an amount"),
        ("posts small blind 10", "posts small blind 1e9", "not an amount"),
        ("*** FLOP *** [", "*** FLOP *** [Zz ", "bad cards"),
        ("Total pot", "Totally", "no 'Total pot"),
        ("posts small blind 10", "posts a bribe 10", "unknown post"),
    ],
)
def test_a_damaged_hand_is_refused_with_its_reason(old: str, new: str, reason: str) -> None:
    text = _real_hand().replace(old, new, 1)
    assert text != _real_hand()
    with pytest.raises(PokerStarsError, match=reason):
        pokerstars.parse_hand(text)
    read = pokerstars.loads(text)
    assert read.hands == [] and reason in read.refused[0].reason


def test_a_hand_whose_chips_do_not_add_up_is_refused_by_the_check() -> None:
    text = _real_hand().replace("collected 97 from pot", "collected 98 from pot")
    (hand,) = pokerstars.loads(text).hands
    with pytest.raises(PokerStarsError, match="do not add up to the total pot"):
        pokerstars.check(hand)


def test_text_without_hands_and_missing_files_raise() -> None:
    with pytest.raises(PokerStarsError, match="no PokerStars hand"):
        pokerstars.loads("hello")
    with pytest.raises(PokerStarsError, match="cannot read the file"):
        pokerstars.load(DATA / "no-such-file.txt")
    assert issubclass(PokerStarsError, HoldemError) and issubclass(PokerStarsError, ValueError)


def test_convert_writes_a_phhs_that_replays(tmp_path: Path) -> None:
    out = tmp_path / "out.phhs"
    run = subprocess.run(
        [sys.executable, "-m", "holdem", "convert", *map(str, FILES), "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    total = len(_all_hands())
    assert f"{total} of {total} hands converted" in run.stderr
    histories = phh.load(out)
    assert len(histories) == total
    raked = 0
    for history in histories:  # the file's _rake field is honoured: every stack matches
        assert phh.replay(history, rules="casino").matches is True
        raked += history.fields["_rake"] > 0
    assert raked >= 4


def test_convert_reports_a_refused_hand_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    real = _real_hand()
    bad.write_text(real.replace("Hold'em No Limit", "Razz", 1) + "\n\n" + real)
    run = subprocess.run(
        [sys.executable, "-m", "holdem", "convert", str(bad)], capture_output=True, text=True
    )
    assert run.returncode == 1
    assert "not a hold'em or Omaha hand (Razz)" in run.stderr
    assert "1 of 2 hands converted" in run.stderr
    assert len(phh.loads(run.stdout)) == 1
