"""``holdem play`` through a pseudo-terminal, typed as a person would, and its parts.

Each session runs the installed ``holdem`` command on the slave side of a pseudo-terminal
(its controlling terminal, so that Ctrl-C and Ctrl-D typed into it act as on a real one); the
test reads what is drawn and types keys when the prompt appears. The saved hand histories are
checked against ``holdem replay`` and, with pokerkit installed, against pokerkit's own replay
of the file (pokerkit's ``HandHistory``, the PHH specification's reference implementation).
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from holdem import Card, Hand
from holdem.cli.play import Choice, parse_choice, shown_hand
from holdem.engine.events import EventKind, Street

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)

import fcntl
import signal
import termios

from _support import commands as CMD

_SCRIPT = Path(sys.executable).with_name("holdem")
COMMAND = [str(_SCRIPT)] if _SCRIPT.is_file() else list(CMD.COMMAND)
PROMPT = "Your action > "
NEXT = "Enter: next hand, q: quit > "
ESC = "\x1b["


def _controlling_terminal() -> None:  # runs in the child, after setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """The ``holdem`` command on a pseudo-terminal: read what it draws, type keys into it."""

    def __init__(self, *args: str, cwd: Path, env: dict[str, str] | None = None) -> None:
        master, slave = os.openpty()
        base = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        self.proc = subprocess.Popen(
            [*COMMAND, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env={
                **base,
                "TERM": "xterm",
                "LANG": "C.UTF-8",
                "PYTHONIOENCODING": "utf-8",
                **(env or {}),
            },
            start_new_session=True,
            preexec_fn=_controlling_terminal,
        )
        os.close(slave)
        self.fd = master
        self.text = ""  # everything read so far
        self.seen = 0  # where the last expect() stopped

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            data = b""
        if not data:
            return False
        self.text += data.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def expect(self, *patterns: str, timeout: float = 60) -> str:
        """Read until one of ``patterns`` (regular expressions) shows; the one that showed."""
        end = time.monotonic() + timeout
        while True:
            for pattern in patterns:
                found = re.compile(pattern).search(self.text, self.seen)
                if found:
                    self.seen = found.end()
                    return pattern
            left = end - time.monotonic()
            ended = left <= 0 or not self._read(min(left, 1.0))
            if ended and not any(re.search(p, self.text[self.seen :]) for p in patterns):
                raise AssertionError(f"none of {patterns} in:\n{self.text[-3000:]}")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def finish(self, timeout: float = 60) -> int:
        """Read to the end; the exit status."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self._read(1.0):
            if self.proc.poll() is not None and not select.select([self.fd], [], [], 0.2)[0]:
                break
        try:
            return self.proc.wait(timeout=max(1.0, end - time.monotonic()))
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            os.close(self.fd)


def _summary(text: str) -> dict[str, int]:
    """The stacks of the session's last line: ``N hands played. Stacks: Hero 198 (-2), ...``."""
    line = re.search(r"hands played\. Stacks: (.*)\.", text)
    assert line, text[-2000:]
    return {m[1].strip(): int(m[2]) for m in re.finditer(r"([\w ]+?) (\d+) \([+-]\d+\)", line[1])}


def _play_out(term: Terminal, key: str = "c") -> None:
    """Answer every prompt with ``key`` (and Enter between hands) until the session ends."""
    while True:
        got = term.expect(re.escape(PROMPT), re.escape(NEXT), "hands played")
        if got == "hands played":
            return
        term.type(key + "\n" if got == re.escape(PROMPT) else "\n")


def test_a_hand_played_by_keys_saved_and_replayed(tmp_path: Path) -> None:
    save = tmp_path / "session.phhs"
    term = Terminal(
        "play",
        "--seats",
        "3",
        "--bot",
        "call",
        "--seed",
        "5",
        "--hands",
        "2",
        "--stack",
        "100",
        "--save",
        str(save),
        "--color=never",
        cwd=tmp_path,
    )
    term.expect("=== Hand 1")
    _play_out(term)
    assert term.finish() == 0
    text = term.text
    assert "Traceback" not in text
    assert re.search(r"Hero (checks|calls)", text)
    assert "River:" in text and "wins" in text  # calls to the end: a showdown
    # The table as drawn: three seats with the button and the blinds marked, Hero's cards.
    assert re.search(r"<\s+1\s+Hero\s+(D|SB|BB)", text)
    assert re.search(r"Board: \w\w \w\w \w\w \w\w \w\w\s+Pot: \d+", text)
    stacks = _summary(text)
    assert sum(stacks.values()) == 300 and set(stacks) == {"Hero", "Station", "Station 2"}

    replayed = CMD.holdem("replay", str(save), "--rules", "casino")
    assert replayed.returncode == 0, replayed.stderr
    lines = replayed.stdout.splitlines()
    assert len(lines) == 2 and all("matches the file's finishing_stacks" in x for x in lines)
    last = {m[1]: int(m[2]) for m in re.finditer(r"(\w[\w ]*?) [+-]\d+ \((\d+)\)", lines[-1])}
    assert last == stacks


def test_pokerkit_replays_the_saved_hands_to_the_same_stacks(tmp_path: Path) -> None:
    pk = pytest.importorskip("pokerkit")
    save = tmp_path / "s.phhs"
    term = Terminal(
        "play",
        "--bot",
        "equity",
        "--bot",
        "random",
        "--seed",
        "11",
        "--hands",
        "3",
        "--save",
        str(save),
        "--color=never",
        cwd=tmp_path,
    )
    _play_out(term)
    assert term.finish() == 0
    stacks = _summary(term.text)
    with warnings.catch_warnings(), save.open("rb") as file:
        warnings.simplefilter("ignore")  # pokerkit warns of a fold where a check was free
        histories = list(pk.HandHistory.load_all(file))
        last = histories[-1]
        final = list(last)[-1].stacks
    assert len(histories) == 3
    assert dict(zip(last.players, final, strict=True)) == stacks


def test_an_illegal_amount_is_refused_and_asked_again(tmp_path: Path) -> None:
    term = Terminal("play", "--seats", "2", "--bot", "call", "--seed", "1", cwd=tmp_path)
    term.expect(re.escape(PROMPT))
    term.type("r 1\n")
    term.expect(r"you cannot (raise to|bet) 1: (raise to|bet) \d+ \.\. \d+")
    term.expect(re.escape(PROMPT))
    term.type("r 99999\n")
    term.expect("you cannot (raise to|bet) 99999")
    term.expect(re.escape(PROMPT))
    term.type("xyz\n")
    term.expect("is not a key")
    term.expect(re.escape(PROMPT))
    term.type("r 10\n")
    term.expect(r"Hero (raises to|bets) 10")
    term.expect(re.escape(PROMPT), re.escape(NEXT))
    term.type("q\n")
    assert term.finish() == 0
    assert "Traceback" not in term.text


@pytest.mark.parametrize(
    ("keys", "status"),
    [("q\n", 0), ("\x04", 0), ("\x03", 130)],
    ids=["q", "ctrl-d", "ctrl-c"],
)
def test_quitting_is_clean(tmp_path: Path, keys: str, status: int) -> None:
    term = Terminal("play", "--seed", "3", cwd=tmp_path)
    term.expect(re.escape(PROMPT))
    term.type(keys)
    term.expect("hands played")
    assert term.finish() == status
    assert "Traceback" not in term.text
    assert ("holdem: interrupted" in term.text) == (status == 130)


def test_colour_on_a_terminal_and_none_when_asked(tmp_path: Path) -> None:
    outputs = {}
    for label, args, env in (
        ("tty", (), {}),
        ("no-color", ("--no-color",), {}),
        ("NO_COLOR", (), {"NO_COLOR": "1"}),
    ):
        term = Terminal("play", "--seed", "2", *args, cwd=tmp_path, env=env)
        term.expect(re.escape(PROMPT))
        term.type("q\n")
        assert term.finish() == 0
        outputs[label] = term.text
    assert ESC in outputs["tty"] and re.search("[\u2660\u2665\u2666\u2663]", outputs["tty"])
    # --no-color and NO_COLOR mean the same (no-color.org): suit symbols still, without colour.
    for label in ("no-color", "NO_COLOR"):
        assert ESC not in outputs[label]
        assert re.search("[\u2660\u2665\u2666\u2663]", outputs[label])
    assert outputs["no-color"] == outputs["NO_COLOR"]


def test_an_agent_from_a_module_in_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "mybot.py").write_text(
        "def shove(view, legal):\n"
        "    return legal.max_raise_to if legal.max_raise_to is not None else 'call'\n"
    )
    term = Terminal(
        "play",
        "--seats",
        "2",
        "--bot",
        "mybot:shove",
        "--seed",
        "4",
        "--hands",
        "1",
        "--color=never",
        cwd=tmp_path,
    )
    _play_out(term, key="f")
    assert term.finish() == 0
    assert re.search(r"shove \d+", term.text)  # the bot's name is its callable's


def test_a_bot_with_hand_ended_is_told_of_each_hand_it_played(tmp_path: Path) -> None:
    """A bot's ``hand_ended`` (the agent protocol of holdem.engine.agents) gets its seat's view
    of each finished hand, as the match runner gives it: one per hand, the hand over, its own
    two hole cards in it."""
    (tmp_path / "keeper.py").write_text(
        "class Keeper:\n"
        "    def __call__(self, view, legal):\n"
        "        return 'check' if legal.check else 'call'\n"
        "    def hand_ended(self, view):\n"
        "        with open('ended.txt', 'a') as f:\n"
        "            f.write(f'{view.seat} {int(view.street)} {len(view.hole_cards)}\\n')\n"
    )
    term = Terminal(
        "play", "--seats", "3", "--seat", "1", "--bot", "keeper:Keeper", "--seed", "4",
        "--hands", "3", "--color=never", cwd=tmp_path,
    )  # fmt: skip
    _play_out(term, key="f")
    assert term.finish() == 0
    lines = (tmp_path / "ended.txt").read_text().split("\n")[:-1]
    assert len(lines) == 2 * 3  # two bots, three hands
    for hand in range(3):  # each hand's two bots, in the hand's seat order
        rows = [line.split() for line in lines[2 * hand : 2 * hand + 2]]
        assert [int(r[1]) for r in rows] == [int(Street.COMPLETE)] * 2
        assert [int(r[2]) for r in rows] == [2, 2]
        assert len({r[0] for r in rows}) == 2


def test_bad_options_are_errors(tmp_path: Path) -> None:
    for args, message in (
        (("--seats", "11"), "--seats is 2 to 10"),
        (("--seat", "5", "--seats", "3"), "--seat is a seat from 1 to 3"),
        (("--bot", "nobody"), "no agent 'nobody': an agent is random, call, equity or module:"),
        (("--bot", "nomodule:act"), "cannot load agent 'nomodule:act'"),
        (("--stack", "-5"), "argument --stack: must be a whole number from 1 up, got '-5'"),
        (("--stack", "0"), "argument --stack: must be a whole number from 1 up, got '0'"),
        (("--rules", "nope"), "argument --rules: invalid choice: 'nope'"),
    ):
        done = CMD.holdem("play", *args)
        assert done.returncode == 2 and message in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1, done.stderr  # one line, no usage block


# -- reading the keys -----------------------------------------------------------------------------


def test_parse_choice() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=0)  # seat 2 (the button) faces 2
    view, legal = hand.view(2), hand.legal_actions()
    assert legal.min_raise_to == 4 and legal.max_raise_to == 100
    assert parse_choice("f", view, legal) == Choice("fold")
    assert parse_choice("  CALL ", view, legal) == Choice("call")
    assert parse_choice("c", view, legal) == Choice("call")
    assert parse_choice("k", view, legal).kind == "error"  # nothing to check: 2 to call
    assert parse_choice("r 7", view, legal) == Choice("raise", 7)
    assert parse_choice("7", view, legal) == Choice("raise", 7)
    assert parse_choice("bet 100", view, legal) == Choice("raise", 100)
    assert parse_choice("a", view, legal) == Choice("raise", 100)
    assert parse_choice("all-in", view, legal) == Choice("raise", 100)
    assert parse_choice("r", view, legal).kind == "error"
    assert parse_choice("r 3", view, legal).message.startswith("you cannot raise to 3")
    assert parse_choice("r 101", view, legal).kind == "error"
    assert parse_choice("r x", view, legal).kind == "error"
    assert parse_choice("", view, legal).kind == "error"
    assert parse_choice("q", view, legal) == Choice("quit")
    assert parse_choice("?", view, legal) == Choice("help")
    hand.call()
    hand.call()  # the big blind may check
    view, legal = hand.view(1), hand.legal_actions()
    assert parse_choice("k", view, legal) == Choice("check")
    assert parse_choice("c", view, legal) == Choice("check")  # c checks when nothing to call


@pytest.mark.parametrize("text", ["r -5", "-3", "bet -100", "r -0", "-1000", "r 1", "r +3"])
def test_a_negative_or_small_amount_is_refused_with_the_legal_range(text: str) -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=0)
    view, legal = hand.view(2), hand.legal_actions()
    choice = parse_choice(text, view, legal)
    assert choice.kind == "error", text
    assert choice.message.endswith(": raise to 4 .. 100 (a: all-in)"), choice.message


def test_a_negative_amount_names_the_legal_range() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=0)
    view, legal = hand.view(2), hand.legal_actions()
    assert parse_choice("r -5", view, legal).message == (
        "you cannot raise to -5: raise to 4 .. 100 (a: all-in)"
    )
    assert parse_choice("-3", view, legal).message == (
        "you cannot raise to -3: raise to 4 .. 100 (a: all-in)"
    )
    assert parse_choice("r " + "9" * 5000, view, legal).kind == "error"  # read in bounded time
    assert parse_choice("all in", view, legal) == Choice("raise", 100)


def test_parse_choice_fixed_limit_and_pot_limit() -> None:
    hand = Hand([100, 100], blinds=(1, 2), structure="fixed-limit", seed=0)
    view, legal = hand.view(hand.actor or 0), hand.legal_actions()
    assert parse_choice("r", view, legal) == Choice("raise", 4)  # one size: no amount needed
    pot = Hand([100, 100], blinds=(1, 2), structure="pot-limit", seed=0)
    view, legal = pot.view(pot.actor or 0), pot.legal_actions()
    assert legal.max_raise_to == 6  # call 1, then raise the pot of 4
    assert parse_choice("a", view, legal).message == "you cannot go all-in: raise to 6 at most"


def test_parse_choice_discard() -> None:
    hand = Hand([100, 100], blinds=(1, 2), game="pineapple", seed=3)
    hand.check_or_call()
    hand.check_or_call()  # the pre-flop betting is over: both seats discard
    view, legal = hand.view(0), hand.legal_actions()
    mine, theirs = hand.hole_cards(0), hand.hole_cards(1)
    assert legal.discard == mine
    assert parse_choice(f"d {mine[1]}", view, legal) == Choice("discard", mine[1])
    assert parse_choice(f"discard {mine[2]}", view, legal) == Choice("discard", mine[2])
    assert parse_choice(str(mine[0]).upper(), view, legal) == Choice("discard", mine[0])
    assert type(parse_choice(str(mine[0]), view, legal).amount) is Card
    for text in (f"d {theirs[0]}", "c", "k", "r 4", "d", "d Zz", "", f"d {mine[0]} {mine[1]}"):
        assert parse_choice(text, view, legal).kind == "error", text
    assert parse_choice("q", view, legal) == Choice("quit")
    assert parse_choice("?", view, legal) == Choice("help")


def test_pineapple_at_the_terminal_offers_the_discard(tmp_path: Path) -> None:
    term = Terminal(
        "play", "--game", "crazy-pineapple", "--seats", "2", "--bot", "call", "--seed", "4",
        "--hands", "1", "--color=never", cwd=tmp_path,
    )  # fmt: skip
    term.expect(r"=== Hand 1 \(crazy-pineapple\)")
    offer = ""
    while not offer:  # check or call until the discard is offered, after the flop's betting
        got = term.expect(r"d CARD discard one of (\w\w \w\w \w\w)", re.escape(PROMPT))
        if got == re.escape(PROMPT):
            term.type("c\n")
        else:
            found = re.findall(r"d CARD discard one of (\w\w \w\w \w\w)", term.text)
            offer = found[-1]
    assert "Flop:" in term.text and "Turn:" not in term.text
    term.expect(re.escape(PROMPT))
    term.type("c\n")  # not a card: asked again
    term.expect("discard one of your cards")
    term.type(f"d {offer.split()[0]}\n")
    term.expect(rf"Hero discards {offer.split()[0]}")
    _play_out(term)
    assert term.finish() == 0
    text = term.text
    assert "Traceback" not in text and re.search(r"Station discards a card", text)
    assert "Turn:" in text and sum(_summary(text).values()) == 400


def test_save_refuses_a_game_phh_has_no_code_for(tmp_path: Path) -> None:
    done = CMD.holdem("play", "--game", "pineapple", "--save", str(tmp_path / "x.phhs"))
    assert done.returncode == 2 and "PHH" in done.stderr and "pineapple" in done.stderr
    assert "Traceback" not in done.stderr


# -- the showdown in words -----------------------------------------------------------------------


def _shown(hand: Hand) -> list[str]:
    while not hand.is_over:
        hand.check_or_call()
    return [shown_hand(hand, e) for e in hand.events if e.kind is EventKind.SHOW]


def test_a_showdown_names_the_hands_shown() -> None:
    # Hands read off by the rules of hand ranking: 9-9 makes a set of nines, A-K of hearts the
    # ace-high flush (both shown: the set shows first, before the flush beats it).
    board = "9h 5h 2c Jh 3s"
    hand = Hand([100, 100], blinds=(1, 2), hole_cards=[("9c", "9d"), ("Ah", "Kh")], board=board)
    assert sorted(_shown(hand)) == [
        ": flush, ace-high",
        ": three of a kind, nines, jack-five kickers",
    ]
    # Omaha plays exactly two hole cards: one spade in the hand is no flush, Q-J makes the straight.
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="omaha",
        hole_cards=[("As", "Kd", "Qc", "Jh"), ("2d", "3d", "4c", "7h")],
        board="2s 5s 8s 9s Ts",
    )
    assert ": straight, queen-high" in _shown(hand)


def test_play_tells_the_showdown_with_the_hands(tmp_path: Path) -> None:
    keys = "c\n" * 12 + "q\n"
    args = ["play", "--bot", "call", "--seats", "2", "--seed", "1", "--hands", "1"]
    done = subprocess.run(
        [*COMMAND, *args], input=keys, capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 0, done.stderr
    shows = [line for line in done.stdout.splitlines() if " shows " in line]
    assert shows and all(re.search(r" shows \S+: [a-z]", line) for line in shows), shows
