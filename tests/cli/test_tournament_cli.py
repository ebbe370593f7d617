"""The ``holdem tournament`` subcommand: a whole tournament between agents, its standings.

Oracles: the prizes add up to the prize pool (entrants x buy-in); every entrant has one
finishing place; about 10% of the field is paid (Wikipedia, "Texas hold 'em", Tournaments);
a deal shares exactly the prizes left.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from holdem.cli import _parser, main
from holdem.engine.events import Street

from _support import commands as COMMANDS

holdem = COMMANDS.holdem


def run(capsys: pytest.CaptureFixture[str], line: str) -> tuple[int, str, str]:
    code = main(shlex.split(line))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_json_standings(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    code, out, err = run(capsys, f"tournament --players 25 --buy-in 8 --seed {seed} --json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["entrants"] == 25 and result["prize_pool"] == 200
    assert len(result["payouts"]) == 3 and sum(result["payouts"]) == 200
    standings = result["standings"]
    assert len(standings) == 25
    assert sum(row["prize"] for row in standings) == 200
    assert standings[0]["place"] == 1 and standings[0]["round"] is None
    assert {row["player"] for row in standings} == {f"P{i}" for i in range(1, 26)}


def test_same_seed_same_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "tournament --players 12 --seed 5 --json")[1]
    assert run(capsys, "tournament --players 12 --seed 5 --json")[1] == first


def test_deal(capsys: pytest.CaptureFixture[str]) -> None:
    line = "tournament --players 40 --payouts 50 30 20 --deal-at 3 --deal chips --json --seed 3"
    code, out, _ = run(capsys, line)
    result = json.loads(out)
    assert code == 0 and result["deal"] is not None
    assert sum(result["deal"].values()) == 400  # the three prizes left, shared by chips
    assert sum(row["prize"] for row in result["standings"]) == 400


def test_agents_and_levels_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    line = (
        "tournament --players 9 --agent call --agent random --levels 10/20 25/50/5 "
        "--hands-per-level 5 --seed 2"
    )
    code, out, _ = run(capsys, line)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("9 players, prize pool 90, 3 paid")
    assert lines[1].split()[:4] == ["place", "player", "agent", "prize"]
    assert len(lines) == 2 + 9
    assert {line.split()[2] for line in lines[2:]} == {"call", "random"}


def test_mistakes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--levels", "10-20"])
    capsys.readouterr()
    for line, option in (
        ("--players 1", "--players"),
        ("--hands-per-level 0", "--hands-per-level"),
    ):
        with pytest.raises(SystemExit) as exit_:  # the parser's error, naming the option
            main(["tournament", *line.split()])
        err = capsys.readouterr().err
        assert exit_.value.code == 2 and f"error: argument {option}: " in err
    code, _, err = run(capsys, "tournament --agent nosuchthing")
    assert code == 2 and "agent" in err


def test_help_page() -> None:
    done = holdem("tournament", "--help")
    assert done.returncode == 0 and done.stderr == ""
    blocks = [b for b in done.stdout.split("\n\n") if b.strip()]
    assert blocks[0].startswith("usage: holdem tournament ")
    examples = blocks[-1].splitlines()
    assert examples[0] == "examples:" and len(examples) >= 2
    for line in examples[1:]:
        words = shlex.split(line)
        assert words[:2] == ["holdem", "tournament"]
        assert _parser().parse_args(words[1:]).command == "tournament"
    assert "    tournament " in holdem("--help").stdout


def test_fixed_limit_late_registration_and_reentries(capsys: pytest.CaptureFixture[str]) -> None:
    line = (
        "tournament --players 12 --buy-in 5 --structure fixed-limit --late-registration 3 "
        "--stack 200 --levels 10/20 20/40 40/80 "
        "--reentries 1 --hands-per-level 5 --json --seed 4"
    )
    code, out, err = run(capsys, line)
    assert code == 0 and err == ""
    result = json.loads(out)
    entries = result["entrants"]
    assert entries > 12 and result["prize_pool"] == 5 * entries  # each re-entry a buy-in
    standings = result["standings"]
    assert len(standings) == entries and sum(row["prize"] for row in standings) == 5 * entries
    assert sorted(row["place"] for row in standings if row["tied"] == 1) == sorted(
        {row["place"] for row in standings if row["tied"] == 1}
    )
    again = [row for row in standings if row["entry"] == 2]
    assert again and all(row["entry"] in (1, 2) for row in standings)
    assert {row["player"] for row in standings} == {f"P{i}" for i in range(1, 13)}
    code, out, err = run(capsys, "tournament --players 4 --reentries 1")
    assert code != 0 and "late registration" in err


def test_the_equity_bot_and_a_class_path_play_a_tournament(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = (
        "tournament --players 4 --agent equity --agent holdem.engine.agents:EquityAgent "
        "--agent call --levels 10/20 50/100 --hands-per-level 3 --seed 1 --json"
    )
    code, out, err = run(capsys, line)
    assert code == 0, err
    rows = json.loads(out)["standings"]
    agents = {r["agent"] for r in rows}
    assert agents == {"equity", "holdem.engine.agents:EquityAgent", "call"}
    assert sum(r["prize"] for r in rows) == json.loads(out)["prize_pool"]


def test_agents_with_hand_ended_are_told_of_each_hand_they_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each agent's ``hand_ended`` (the agent protocol of holdem.engine.agents) gets, after
    each hand, the view of each seat it played: the seats of a hand in order, the hand over,
    as many hands as the tournament's rounds (one table)."""
    (tmp_path / "shover.py").write_text(
        "ENDED = []\n"
        "class Shover:\n"
        "    def __call__(self, view, legal):\n"
        "        return legal.max_raise_to if legal.max_raise_to is not None else 'call'\n"
        "    def hand_ended(self, view):\n"
        "        ENDED.append((view.seat, len(view.stacks), view.street, len(view.hole_cards)))\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "shover", raising=False)
    code, out, err = run(
        capsys, "tournament --players 5 --agent shover:Shover --levels 10/20 --seed 3 --json"
    )
    assert code == 0, err
    ended = sys.modules["shover"].ENDED
    hands = 0
    while ended:  # one finished view a seat of each hand, seats 0 .. n - 1
        n = ended[0][1]
        assert [e[0] for e in ended[:n]] == list(range(n)) and n >= 2
        assert {(e[2], e[3]) for e in ended[:n]} == {(Street.COMPLETE, 2)}
        del ended[:n]
        hands += 1
    assert hands == json.loads(out)["rounds"] > 1


@pytest.mark.parametrize("stack", ["-5", "0"])
def test_a_stack_out_of_range_names_the_option(
    capsys: pytest.CaptureFixture[str], stack: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["tournament", "--stack", stack])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err == (
        f"holdem tournament: error: argument --stack: must be a whole number from 1 up, got "
        f"'{stack}' (see holdem tournament --help)\n"
    )


class _Terminal(io.StringIO):
    """An error stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``holdem tournament`` ran silently however long it took (5,000 players: 84 s). On a
    terminal it now draws a bar of the players out (made to appear at once here); with
    --quiet, or when the error stream is a pipe or a file, it writes nothing there."""
    from holdem.cli import _progress

    monkeypatch.setattr(_progress, "BAR_AFTER", 0.0)
    line = "tournament --players 30 --seed 3 --json"
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(shlex.split(line)) == 0
    frames = terminal.getvalue().split("\r")
    bar = re.compile(r"\[[#.]{30}\] +(\d+)%  \d+\.\d s, [\d.]+[kMG]? players out/s, ETA ")
    seen = [m for f in frames if (m := bar.search(f))]
    assert seen and seen[-1].group(1) == "100"
    assert [int(m.group(1)) for m in seen] == sorted(int(m.group(1)) for m in seen)
    assert terminal.getvalue().endswith("\r")  # erased at the end: the answer follows
    standings = json.loads(capsys.readouterr().out)["standings"]
    assert len(standings) == 30
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(shlex.split(line + " --quiet")) == 0
    assert quiet.getvalue() == ""
    assert json.loads(capsys.readouterr().out)["standings"] == standings
    monkeypatch.undo()
    code, out, err = run(capsys, line)  # (capsys: not a terminal)
    assert code == 0 and err == "" and json.loads(out)["standings"] == standings
