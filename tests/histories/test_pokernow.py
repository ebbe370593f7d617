"""PokerNow's CSV game log (holdem.histories.pokernow), read by holdem.histories.load.

Oracle: a real PokerNow export, ``sample/input/poker_now_log_pglhniqprRDmWFv9sLLZZA-ru.csv`` of
github whywaita/pokernow2gw (121 hands, antes and all-ins; the repository states no licence, so
it is read in place from a clone or the bare mirror this machine keeps, ``HOLDEM_POKERNOW2GW``
names another, and the test skips when it is absent; nothing of it is copied here): every hand
replays through the engine to what the log says each player collected, and each hand's
finishing stacks are the stacks the log gives at the start of the next hand (the site's own
accounting). The small hands below follow the rows of that export, word for word.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from holdem import pokerstars
from holdem.errors import HistoryError
from holdem.histories import load, sniff, write_stars
from holdem.histories.pokernow import read

REPO = Path(os.environ.get("HOLDEM_POKERNOW2GW") or "/work/.mirror/whywaita+pokernow2gw/repo")
LOG = "sample/input/poker_now_log_pglhniqprRDmWFv9sLLZZA-ru.csv"


def _log(tmp_path: Path) -> Path:
    if not REPO.is_dir():
        pytest.skip(f"no clone of whywaita/pokernow2gw at {REPO}")
    run = subprocess.run(
        [
            "git",
            "--git-dir",
            str(REPO / ".git") if (REPO / ".git").exists() else str(REPO),
            "show",
            f"HEAD:{LOG}",
        ],
        capture_output=True,
    )
    if run.returncode:
        pytest.skip(f"{LOG} is not in {REPO}")
    path = tmp_path / "poker_now_log.csv"
    path.write_bytes(run.stdout)
    return path


def test_a_real_log_replays_and_each_hand_ends_where_the_next_starts(tmp_path: Path) -> None:
    hands = load(_log(tmp_path))
    read_ = {int(h.hand.number): h for h in hands}
    assert hands.errors == []
    assert sorted(read_) == list(range(1, 122))
    assert {h.site for h in read_.values()} == {"PokerNow"}
    chained = 0
    for number, hand in read_.items():
        following = read_.get(number + 1)
        if following is None:
            continue
        ended = dict(zip(hand.history.names, hand.history.finishing_stacks or (), strict=True))
        started = {seat.name: seat.stack for seat in following.hand.seats}
        for name in ended.keys() & started.keys():
            assert ended[name] == started[name], (number, name)
            chained += 1
    assert chained >= 240
    # and each is written as PokerStars text that reads back to the same stacks
    for hand in list(read_.values())[::10]:
        again = pokerstars.check(pokerstars.parse_hand(write_stars(hand.history))).history
        assert again.finishing_stacks == hand.history.finishing_stacks


CENTS = """entry,at,order
"-- ending hand #4 --",2021-11-13T12:09:08.954Z,20
\"\"\"Lee @ wNY\"\" collected 1.90 from pot",2021-11-13T12:09:08.954Z,19
"Uncalled bet of 1.00 returned to \"\"Lee @ wNY\"\"",2021-11-13T12:09:08.954Z,18
\"\"\"Loi @ 6KD\"\" folds",2021-11-13T12:09:08.035Z,17
\"\"\"Lee @ wNY\"\" bets 1.00",2021-11-13T12:08:49.833Z,16
"Flop:  [9♦, 8♦, K♠]",2021-11-13T12:08:43.535Z,15
\"\"\"Dory @ NaZ\"\" folds",2021-11-13T12:08:42.700Z,14
\"\"\"Tuan @ Yf-\"\" folds",2021-11-13T12:08:31.778Z,13
\"\"\"Loi @ 6KD\"\" calls 0.80",2021-11-13T12:08:30.613Z,12
\"\"\"Lee @ wNY\"\" raises to 0.80",2021-11-13T12:08:25.294Z,11
\"\"\"Dory @ NaZ\"\" posts a big blind of 0.20",2021-11-13T12:08:19.930Z,10
\"\"\"Tuan @ Yf-\"\" posts a small blind of 0.10",2021-11-13T12:08:19.920Z,9
"Player stacks: #4 \"\"Lee @ wNY\"\" (49.80) | #5 \"\"Loi @ 6KD\"\" (100.10) | \
#8 \"\"Tuan @ Yf-\"\" (39.80) | #9 \"\"Dory @ NaZ\"\" (60.40)",2021-11-13T12:08:19.910Z,8
"-- starting hand #4  (No Limit Texas Hold'em) (dealer: \"\"Loi @ 6KD\"\") --",\
2021-11-13T12:08:19.910Z,7
"""


def test_amounts_in_cents_are_read_exactly() -> None:
    hand = read(CENTS)
    assert hand.unit == "0.01" and (hand.small, hand.big) == (10, 20)
    assert [s.stack for s in hand.seats] == [4980, 10010, 3980, 6040]
    assert hand.button == 5 and hand.collected == {"Lee @ wNY": 190}
    checked = pokerstars.check(hand)
    ended = dict(zip(checked.history.names, checked.history.finishing_stacks or (), strict=True))
    assert ended == {"Tuan @ Yf-": 3970, "Dory @ NaZ": 6020, "Lee @ wNY": 5090, "Loi @ 6KD": 9930}
    site = sniff(CENTS)
    assert site is not None and site.name == "PokerNow"


def test_a_dead_button_is_just_before_the_small_blind() -> None:
    text = CENTS.replace('(dealer: ""Loi @ 6KD"")', "(dead button)")
    assert read(text).button == 5


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (("#4 --", "#5 --"), "ends as hand #5"),
        (("No Limit Texas Hold'em", "Pot Limit Omaha Hi/Lo"), "not a game read"),
        (("Flop:  [", "Flop (second run): ["), "run twice"),
        (("bets 1.00", "bets 1e99"), "not an amount"),
        (("bets 1.00", "bets 12345678901234567890"), "out of range"),
        (("9♦", "1♦"), "not a card"),
        (("posts a big blind", "posts a missed blind"), "unknown post"),
        (("(49.80) |", '(49.80) | #4 ""Lee @ wNY"" (1) |'), "listed twice"),
        (("12:09:08.954Z,20", "12:09:08.954Z,x"), "not a row"),
    ],
)
def test_bad_rows_are_refused(change: tuple[str, str], reason: str) -> None:
    assert change[0] in CENTS
    with pytest.raises(HistoryError, match=reason):
        read(CENTS.replace(*change, 1))


def test_a_hand_without_its_end_or_start_and_a_log_read_oldest_first(tmp_path: Path) -> None:
    rows = CENTS.strip().splitlines()
    with pytest.raises(HistoryError, match="without its end"):
        read("\n".join(rows[:1] + rows[2:]))
    with pytest.raises(HistoryError, match="without its start"):
        read("\n".join(rows[:-2]))
    later = [
        r.replace("#4 ", "#5 ").replace("2021-11-13T12:0", "2021-11-13T13:0") for r in rows[1:]
    ]
    later = [r.rsplit(",", 1)[0] + f",{100 + int(r.rsplit(',', 1)[1])}" for r in later]
    path = tmp_path / "oldest-first.csv"  # (the rows of hands 4 and 5, the oldest first)
    path.write_text("\n".join([rows[0], *reversed(rows[1:]), *reversed(later)]), encoding="utf-8")
    hands = load(path)
    assert list(hands) == []
    assert {e.reason for e in hands.errors} == {
        "a hand without its start (a log read oldest first?)"
    }


def test_binary_and_nul_bytes_are_refused(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="NUL byte"):
        read(CENTS.replace("folds", "fo\0lds", 1))
    path = tmp_path / "log.csv"
    path.write_bytes(b'"-- ending hand #1 --",x,1\n' + bytes(range(256)) * 400)
    hands = load(path)
    assert list(hands) == [] and len(hands.errors) == 1
