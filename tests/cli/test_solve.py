"""The ``holdem solve`` subcommand.

Oracle: the clairvoyance game of The Mathematics of Poker (see tests/solver/test_oracles.py):
with a pot-sized bet, the nut hands always bet and bluffs make a third of the bets.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from holdem.cli import main

SPOT = """
board = "Ks Qd 7h 4c 2s"
pot = 100
stack = 1000

[oop]
range = "KK,T9"
bet = "100%"

[ip]
range = "JJ"
"""


def run(capsys: pytest.CaptureFixture[str], line: str) -> tuple[int, str, str]:
    code = main(shlex.split(line))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def spotfile(tmp_path: Path) -> Path:
    path = tmp_path / "clairvoyance.toml"
    path.write_text(SPOT)
    return path


def test_solve_prints_the_root_strategy(capsys: pytest.CaptureFixture[str], spotfile: Path) -> None:
    code, out, err = run(capsys, f"solve {spotfile} --exploitability 0.01")
    assert code == 0
    assert err.startswith("tree: 3 action nodes")  # OOP, IP after a bet, IP after a check
    lines = out.splitlines()
    assert lines[0].startswith("solved: ") and "(target)" in lines[0]
    assert lines[1].startswith("node root (board Ks Qd 7h 4c 2s, pot 100): OOP acts")
    kk = next(line for line in lines if line.strip().startswith("KK"))
    assert kk.split()[-1] == "100.0%"  # the nuts always bet


def test_solve_json(capsys: pytest.CaptureFixture[str], spotfile: Path) -> None:
    code, out, _ = run(capsys, f"solve {spotfile} --exploitability 0.01 --json")
    assert code == 0
    data = json.loads(out)
    assert data["solve"]["exploitability"] <= 0.01
    node = data["node"]
    assert node["player"] == "oop" and node["actions"] == ["check", "bet 100"]
    combos = node["combos"]
    bluffs = sum(c["weight"] * c["strategy"][1] for n, c in combos.items() if n[0] == "T")
    bets = sum(c["weight"] * c["strategy"][1] for c in combos.values())
    assert bluffs / bets == pytest.approx(1 / 3, abs=2e-3)
    assert all(0 <= c["equity"] <= 1 for c in combos.values())


def test_save_load_and_a_node(
    capsys: pytest.CaptureFixture[str], spotfile: Path, tmp_path: Path
) -> None:
    saved = tmp_path / "solution.npz"
    assert run(capsys, f"solve {spotfile} --iterations 200 --save {saved} --quiet")[0] == 0
    code, out, _ = run(capsys, f"solve --load {saved} --node bet --json")
    assert code == 0
    node = json.loads(out)["node"]
    assert node["player"] == "ip" and node["actions"] == ["fold", "call"]
    assert node["frequencies"][1] == pytest.approx(0.5, abs=0.02)  # IP calls 1 / (1 + 1)
    code, out, _ = run(capsys, f"solve --load {saved} --node 'bet,call'")
    assert code == 0 and "showdown, nobody acts" in out


def test_png(capsys: pytest.CaptureFixture[str], spotfile: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "root.png"
    code, out, _ = run(capsys, f"solve {spotfile} --iterations 50 --png {picture}")
    assert code == 0 and f"wrote {picture}" in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("line", "match"),
    [
        ("solve", "give a SPOTFILE"),
        ("solve {spot} --memory-limit 0.001", "the limit is"),
        ("solve {spot} --node raise", "no action"),
        # (--exploitability 0, --threads 0: the parser names them, test_option_bounds.py)
        ("solve {missing}", "cannot read"),
    ],
)
def test_bad_command_lines(
    capsys: pytest.CaptureFixture[str], spotfile: Path, tmp_path: Path, line: str, match: str
) -> None:
    code, _, err = run(capsys, line.format(spot=spotfile, missing=tmp_path / "no.toml"))
    assert code == 2 and err.startswith("holdem: error:") and match in err
