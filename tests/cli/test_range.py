"""The ``holdem range`` subcommand.

Oracles: the 169 classes and 1,326 two-card combos counted here from the 52 cards (C(52, 2)), and
combo counts worked by hand (a pair 6, suited 4, offsuit 12).
"""

from __future__ import annotations

import json
import shlex
from math import comb

import pytest

from holdem.cli import main

from _support import commands as COMMANDS

TOKENS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
RANKS = "AKQJT98765432"  # the grid's labels, highest first, as in Sklansky's and Equilab's grids

holdem = COMMANDS.holdem


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``holdem`` with these arguments; one argument with spaces is a whole command line."""
    code = main(shlex.split(argv[0]) if len(argv) == 1 else list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def grid_cells(lines: list[str]) -> list[list[str]]:
    """The 13 rows of 13 cells of a printed grid, its rank labels (A to 2) checked and dropped."""
    assert lines[0].split() == list(RANKS)  # the column labels
    rows = [line.split() for line in lines[1:14]]
    assert [row[0] for row in rows] == list(RANKS)  # the row labels
    return [row[1:] for row in rows]


def test_range_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "--grid", "AA,AKs,kqo")
    assert code == 0
    lines = out.splitlines()
    cells = grid_cells(lines)
    assert cells[0][:2] == ["AA", "AKs"] and cells[2][1] == "KQo"
    assert sum(c != "." for row in cells for c in row) == 3
    assert lines[14].startswith("3 classes, 22 of 1326 combos")  # 6 + 4 + 12

    code, out, _ = run(capsys, "range", "--grid")
    assert sorted(c for row in grid_cells(out.splitlines()) for c in row) == sorted(
        {(a[0] + b[0]) for a in TOKENS for b in TOKENS if a[0] == b[0]}
        | {
            "".join(sorted((a[0], b[0]), key="23456789TJQKA".index, reverse=True))
            + ("s" if a[1] == b[1] else "o")
            for a in TOKENS
            for b in TOKENS
            if a[0] != b[0]
        }
    )
    code, out, _ = run(capsys, "range", "--json")
    data = json.loads(out)
    assert len(data["classes"]) == 169 and data["combos"] == comb(52, 2)


def test_range_grammar_and_weights(capsys: pytest.CaptureFixture[str]) -> None:
    # The full range grammar: '+', a weight; combos counted by hand: 3 pairs of 6, 4 + 12 * 0.5.
    code, out, _ = run(capsys, "range", "QQ+,AKs,AKo:0.5", "--json", "--grid")
    assert code == 0
    data = json.loads(out)
    assert data["classes"] == ["AA", "AKs", "AKo", "KK", "QQ"]
    assert data["combos"] == 3 * 6 + 4 + 12 * 0.5
    assert data["shares"]["AKo"] == 0.5 and data["shares"]["QQ"] == 1.0
    assert data["grid"][1].split()[0] == "0.50"  # AKo: row K, column A
    code, out, _ = run(capsys, "range", "AsKs,AhKh")
    assert code == 0 and out.splitlines()[-1].startswith("1 classes, 2 of 1326 combos")


def test_range_text_keeps_weights() -> None:
    # The weight the user wrote stays on its class; KK is whole (6 combos), AKs half of 4.
    done = holdem("range", "AKs:0.5,KK")
    assert done.returncode == 0 and done.stderr == ""
    listing, summary = done.stdout.splitlines()
    assert sorted(listing.split(",")) == ["AKs:0.5", "KK"]
    assert summary.startswith("2 classes, 8 of 1326 combos")  # 6 + 4 * 0.5


def test_range_text_shows_combos_as_combos() -> None:
    # Two of the four suited AK combos: the output names those two, never the whole class AKs.
    done = holdem("range", "AsKs,AhKh")
    assert done.returncode == 0 and done.stderr == ""
    listing, summary = done.stdout.splitlines()
    assert sorted(listing.split(",")) == ["AhKh", "AsKs"]
    assert summary.startswith("1 classes, 2 of 1326 combos")
    data = json.loads(holdem("range", "AsKs,AhKh", "--json").stdout)
    assert sorted(data["range"].split(",")) == ["AhKh", "AsKs"]


def test_range_combos_implies_grid() -> None:
    # --combos alone prints the grid of combo counts (a pair 6, suited 4, offsuit 12).
    done = holdem("range", "AA,AKs,KQo", "--combos")
    assert done.returncode == 0 and done.stderr == ""
    cells = grid_cells(done.stdout.splitlines())
    assert len(cells) == 13 and all(len(row) == 13 for row in cells)
    assert cells[0][:2] == ["6", "4"] and cells[2][1] == "12"
    assert sum(c != "." for row in cells for c in row) == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["range", "--grid", "AA,AKx"], "cannot read 'AKx'"),
        (["range", "AKs:1.5"], "a ':' weight is from 0 to 1, got 1.5"),
        (["range", "--seed", "3"], "--seed goes with --heatmap"),
        (["range", "--heatmap", "--exact", "--seed", "3"], "--seed goes with --heatmap"),
        (["range", "--exact"], "--exact goes with --heatmap"),
        (["range", "--heatmap", "--combos"], "two different grids"),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("holdem: error:") and message in err


def test_the_exact_heatmap_announces_no_long_job(capsys: pytest.CaptureFixture[str]) -> None:
    """``range --heatmap --exact`` announced "about 14 s" and took half a second: its exact
    equities are read from the table shipped with the package, not enumerated again. It now
    says nothing before the answer, and the answer is exact (AA 85.20% and KK 82.40% against
    a random hand, the figures equity calculators such as PokerStove publish)."""
    code, out, err = run(capsys, "range", "--heatmap", "--exact", "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["exact"] is True and len(result["equity"]) == 169
    assert round(100 * result["equity"]["AA"], 2) == 85.20
    assert round(100 * result["equity"]["KK"], 2) == 82.40
