"""What the ``holdem`` command prints for a poker player: suit symbols and colour on a terminal,
plain text in a pipe, the actions of a hand in words, odds against ranges.

Oracles: the NO_COLOR convention (https://no-color.org: set and not empty, no colour), ECMA-48's
SGR escape sequences (ESC [ ... m) for colour, the Unicode suit symbols U+2660-U+2666, the
actions of the PHH file itself (read here with ``tomllib``), and treys for odds against a range
(through ``pytest.importorskip``).
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from _support import commands as COMMANDS

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
SGR = re.compile(r"\x1b\[[0-9;]*m")
SUITS = "\u2660\u2665\u2666\u2663"

holdem = COMMANDS.holdem


def on_a_terminal(*args: str, env: dict[str, str]) -> str:
    """Run ``python -m holdem ARGS...`` with its standard output on a pseudo-terminal."""
    pty = pytest.importorskip("pty")
    leader, follower = pty.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "holdem", *args],
            stdout=follower,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "xterm", **env},
        )
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal is closed once the command has ended
                break
            if not chunk:
                break
            seen += chunk
        status = proc.wait(timeout=120)
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.stderr.close()
        assert status == 0, err
    finally:
        os.close(leader)
    return seen.decode("utf-8").replace("\r\n", "\n")


def test_piped_output_is_plain_text() -> None:
    done = holdem("eval", "AhKhQhJhTh", env={"NO_COLOR": ""})  # piped, and no NO_COLOR
    assert done.returncode == 0
    assert "best five: Ah Kh Qh Jh Th" in done.stdout
    assert not SGR.search(done.stdout) and not set(SUITS) & set(done.stdout)


def test_color_always_gives_symbols_and_colour() -> None:
    done = holdem("eval", "AhKhQhJhTs", "--color", "always", env={"NO_COLOR": ""})
    assert done.returncode == 0
    plain = SGR.sub("", done.stdout)
    assert "best five: A\u2665 K\u2665 Q\u2665 J\u2665 T\u2660" in plain
    assert "\x1b[31mA\u2665\x1b[0m" in done.stdout  # hearts in red (SGR 31), spades not
    assert "T\u2660\x1b" not in done.stdout
    # A choice on the command line outranks NO_COLOR (no-color.org).
    done = holdem("eval", "AhKhQhJhTs", "--color", "always", env={"NO_COLOR": "1"})
    assert "\x1b[31mA\u2665\x1b[0m" in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_a_terminal_gets_symbols_and_colour_unless_no_color() -> None:
    shown = on_a_terminal("odds", "--hand", "AhKs", "--board", "2h7dJc", env={})
    assert "A\u2665" in SGR.sub("", shown) and "K\u2660" in shown and SGR.search(shown)
    # NO_COLOR set and not empty: no colour (the symbols stay: they are not colour).
    shown = on_a_terminal("odds", "--hand", "AhKs", "--board", "2h7dJc", env={"NO_COLOR": "1"})
    assert "A\u2665" in shown and not SGR.search(shown)
    # NO_COLOR set but empty counts as not set.
    shown = on_a_terminal("odds", "--hand", "AhKs", "--board", "2h7dJc", env={"NO_COLOR": ""})
    assert SGR.search(shown)
    # --no-color means what NO_COLOR means: no colour, the symbols stay.
    shown = on_a_terminal("odds", "--hand", "AhKs", "--board", "2h7dJc", "--no-color", env={})
    assert "A\u2665" in shown and not SGR.search(shown)
    # --color never: plain text, as in a pipe.
    shown = on_a_terminal("eval", "AhKsQd2c3c", "--color", "never", env={})
    assert not SGR.search(shown) and not set(SUITS) & set(shown)
    assert "best five: Ah Ks Qd 3c 2c" in shown


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_the_grid_on_a_terminal_marks_the_range() -> None:
    shown = on_a_terminal("range", "AA,AKs", "--grid", env={})
    lines = shown.splitlines()
    assert lines[0].split() == list("AKQJT98765432")
    assert SGR.sub("", lines[1]).split()[:3] == ["A", "AA", "AKs"]
    assert "\x1b[1;32mAA\x1b[0m" in lines[1] and "\x1b[1;32mAKs\x1b[0m" in lines[1]
    assert not SGR.search(lines[2])  # row K: nothing of the range


def file_actions(path: Path) -> tuple[list[str], list[str]]:
    """The ``players`` names and the ``actions`` of a PHH file, read with tomllib."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    return data["players"], data["actions"]


def test_replay_tells_the_actions_in_words() -> None:
    path = DATA / "dwan-ivey-2009.phh"
    names, actions = file_actions(path)
    done = holdem("replay", str(path), "--actions")
    assert done.returncode == 0
    head, *told = done.stdout.splitlines()
    assert head.startswith(f"{path}: NT, 3 players: {names[0]} -553500")
    told = [line.strip() for line in told]
    # Each betting action of the file, in order, in words with the player's name.
    verbs = {"f": ("folds",), "cc": ("checks", "calls"), "cbr": ("bets", "raises to")}
    said = iter(
        line
        for line in told
        if any(v in line for v in (" folds", " checks", " calls", " bets", " raises to"))
    )
    count = 0
    for action in actions:
        words = action.split("#")[0].split()
        if words[0] == "d" or words[1] not in verbs:
            continue
        who = names[int(words[0][1:]) - 1]
        line = next(said)
        assert line.startswith(who + " ") and any(
            line[len(who) + 1 :].startswith(v) for v in verbs[words[1]]
        ), (action, line)
        if words[1] == "cbr":
            assert line.split(" and is all-in")[0].endswith(f" {words[2]}")  # to the amount
        count += 1
    assert count == 10 and next(said, None) is None
    # The board in words, and the hole cards that the file leaves unknown are not invented.
    assert "Flop: Jc 3d 5c" in told and "Turn: 4h" in told and "River: Jh" in told
    assert f"{names[1]} is dealt hole cards (unknown in the file)" in told
    assert f"{names[0]} shows Ac2d" in told
    # Without --actions, one line a hand.
    assert len(holdem("replay", str(path)).stdout.splitlines()) == 1


def treys_equity(hand: str, board: list[str], villain: list[list[str]]) -> float:
    """Equity of ``hand`` against a range of ``villain`` combos, every board, by treys."""
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    mine = [treys.Card.new(hand[:2]), treys.Card.new(hand[2:])]
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    shares = 0.0
    total = 0
    for combo in villain:
        known = {hand[:2], hand[2:], *board, *combo}
        if len(known) < 4 + len(board):
            continue
        theirs = [treys.Card.new(c) for c in combo]
        rest = [c for c in deck if c not in known]
        for extra in itertools.combinations(rest, 5 - len(board)):
            b = [treys.Card.new(c) for c in (*board, *extra)]
            a, v = ev.evaluate(b, mine), ev.evaluate(b, theirs)  # lower is better
            shares += 1.0 if a < v else 0.5 if a == v else 0.0
            total += 1
    return shares / total


def test_odds_against_a_range() -> None:
    # AhKh on 2h7hJc against QQ (six combos): the equity by treys over every run-out, and the
    # turn cards after which AhKh is the favourite against QQ (equity over 50%).
    qq = [["Q" + a, "Q" + b] for a, b in itertools.combinations("cdhs", 2)]
    board = ["2h", "7h", "Jc"]
    done = holdem("odds", "--hand", "AhKh", "--board", "2h7hJc", "--versus", "QQ")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    now = treys_equity("AhKh", board, qq)
    assert f"Versus player 2 QQ: equity {100 * now:.2f}%" in text
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    ahead = [
        c
        for c in deck
        if c not in {"Ah", "Kh", *board}
        and treys_equity("AhKh", [*board, c], [q for q in qq if c not in q]) > 0.5
    ]
    line = next(x for x in text.splitlines() if x.startswith("The next card puts the hand ahead"))
    assert line.endswith(": " + " ".join(ahead))
