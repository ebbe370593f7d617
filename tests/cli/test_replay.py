"""``holdem replay``: PHH files replayed from the command line, as text or JSON lines.

Oracles: the published ``finishing_stacks`` of the Pluribus hands, and pokerkit 0.7.7 on a split
pot (through ``pytest.importorskip`` at the place of use).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from holdem.cli import main
from holdem.phh import load

from _support import phh_cases as CASES

phh_text, one = CASES.phh_text, CASES.one
PLURIBUS: Path = CASES.PLURIBUS
DWAN_IVEY: Path = CASES.DWAN_IVEY
OMAHA: Path = CASES.OMAHA


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DWAN_IVEY), str(PLURIBUS)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 13
    # Players go by the names of the file's ``players`` field (p1 is its first name).
    assert lines[0].startswith(f"{DWAN_IVEY}: NT, 3 players: Phil Ivey -553500 (572100)")
    assert lines[1].startswith(f"{PLURIBUS} [1] (hand 1 of the file): NT, 6 players: MrBlue +310")
    assert all(line.endswith("matches the file's finishing_stacks") for line in lines[1:])


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", "--rules", "pokerkit", str(PLURIBUS)]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    histories = load(PLURIBUS)
    assert len(objects) == 12
    for obj, history in zip(objects, histories, strict=True):
        assert obj["file"] == str(PLURIBUS) and obj["key"] == history.key
        assert obj["index"] == history.index and obj["hand"] == history.fields["hand"]
        assert obj["finishing_stacks"] == list(history.finishing_stacks or ())
        assert all(type(s) is int for s in obj["finishing_stacks"])
        assert obj["matches"] is True and obj["complete"] is True and obj["rules"] == "pokerkit"
        assert sum(obj["payoffs"]) == 0


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.phhs"
    good = one(phh_text(actions=["p3 f", "p1 f"])).dumps()
    bad.write_text(f"[one]\n{good}\n[two]\n{phh_text(actions=['p1 f'])}")
    assert main(["replay", "--json", str(bad), str(OMAHA)]) == 1
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["key"] for line in lines[:1]] == ["one"] and len(lines) == 2
    # the Omaha hand in dollars and cents goes on after the bad hand, and replays exactly
    assert lines[1]["finishing_stacks"] == ["1937923.75", "0.00"] and lines[1]["complete"]
    assert f"holdem: error: {bad} [two] (hand 2 of the file): action 1 'p1 f' is illegal" in err
    assert "p1 acted out of turn: p3 is to act" in err  # PHH's names, not 0-based seats


def test_an_empty_file_is_an_error_and_the_next_file_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.phh"
    empty.write_text("")
    assert main(["replay", "--json", str(empty), str(OMAHA)]) == 1
    out, err = capsys.readouterr()
    assert f"holdem: error: {empty}: no hand in the file" in err
    assert len(out.splitlines()) == 1  # the Omaha file's hand


def test_cli_acpc_rules_and_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "split.phh"
    actions = ["d dh p1 7c2d", "d dh p2 AdKd", "d dh p3 AsKs", "p3 cc", "p1 f", "p2 cc"]
    actions += ["d db 2h3h4c", "p2 cc", "p3 cc", "d db 9d", "p2 cc", "p3 cc"]
    text = phh_text(actions=[*actions, "d db Tc", "p2 cc", "p3 cc"])
    path.write_text(text)
    runs = {}
    for rules in ("acpc", "pokerkit"):
        done = subprocess.run(
            [sys.executable, "-m", "holdem", "replay", "--json", "--rules", rules, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        runs[rules] = json.loads(done.stdout)
        assert runs[rules]["rules"] == rules
    done = subprocess.run(
        [sys.executable, "-m", "holdem", "replay", str(tmp_path / "none.phh")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "cannot read the file" in done.stderr
    # A pot of 1 + 2 + 2 = 5 split by two ace-king hands: 5/2 each with the ACPC dealer's
    # fractions; pokerkit gives the odd chip to the first winner after the button.
    assert runs["acpc"]["finishing_stacks"] == [99, "201/2", "201/2"]
    assert runs["pokerkit"]["finishing_stacks"] == [99, 101, 100] == CASES.pokerkit_stacks(text)


def test_a_hand_that_ends_elsewhere_than_the_file_says_is_shown_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The first Pluribus hand, its finishing stacks altered by one chip: the replay disagrees,
    # says so with both results, and the other hands still replay; the exit status is 1.
    from holdem.phh import dumps_all

    first, *rest = load(PLURIBUS)
    assert first.finishing_stacks is not None
    good = list(first.finishing_stacks)
    bad = [good[0] + 1, good[1] - 1, *good[2:]]
    path = tmp_path / "altered.phhs"
    path.write_text(dumps_all([first.replace(finishing_stacks=tuple(bad)), *rest]))
    assert main(["replay", "--json", str(path)]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 1 + len(rest)
    assert rows[0]["matches"] is False
    assert rows[0]["finishing_stacks"] == good and rows[0]["file_finishing_stacks"] == bad
    assert all(row["matches"] is True for row in rows[1:])
    assert main(["replay", str(path)]) == 1
    assert f"DIFFERS from the file's finishing_stacks {bad}" in capsys.readouterr().out


def test_cli_real_money_and_lenient(capsys: pytest.CaptureFixture[str]) -> None:
    data = Path(__file__).resolve().parents[1] / "data" / "phh" / "phh-dataset"
    handhq, wsop = data / "handhq-ipn-100nl.phhs", data / "wsop-2019-42-3-00-01-07.phh"
    # Dollars and inf stacks: exact strings in JSON, never floats; the hands all replay.
    assert main(["replay", "--json", "--seed", "1", str(handhq)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(load(handhq))
    third = next(r for r in rows if r["key"] == "3")
    assert third["payoffs"] == ["-0.50", "-1.00", "1.50", "0.00", "0.00", "0.00"]
    assert third["starting_stacks"] == ["inf"] * 6 and third["repairs"] == []
    # A missing action: refused (exit status 1, the player named), or repaired with --lenient.
    assert main(["replay", str(wsop)]) == 1
    assert "the file has no action of p8 here" in capsys.readouterr().err
    assert main(["replay", "--lenient", "--json", str(wsop)]) == 1  # repaired; stacks differ
    row = json.loads(capsys.readouterr().out)
    assert row["repairs"] == ["before action 14: p8 folds (missing)"]
    assert row["matches"] is False and row["finishing_stacks"][7] == 7_300_000
