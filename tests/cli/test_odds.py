"""The ``holdem odds``, ``holdem icm`` and ``holdem range`` subcommands.

The figures they print are checked against outside oracles (treys for outs, the seeds' pot-odds
table, the published ICM example, C(52, 2) combos), not against the library's own output.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from fractions import Fraction
from math import comb

import pytest
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from holdem.cli import main

TOKENS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``holdem`` with these arguments; one argument with spaces is a whole command line."""
    code = main(shlex.split(argv[0]) if len(argv) == 1 else list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def treys_outs(hand: list[str], board: list[str], villain: list[str]) -> set[str]:
    ev = TreysEvaluator()
    h = [TreysCard.new(c) for c in hand]
    v = [TreysCard.new(c) for c in villain]
    wins = set()
    for t in TOKENS:
        if t in hand + board + villain:
            continue
        b = [TreysCard.new(c) for c in [*board, t]]
        if ev.evaluate(b, h) < ev.evaluate(b, v):
            wins.add(t)
    return wins


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "odds --hand AhKh --board 2h7hJc --versus QsQd --pot 100 --call 20 --json",
    )
    assert code == 0
    data = json.loads(out)
    wins = treys_outs(["Ah", "Kh"], ["2h", "7h", "Jc"], ["Qs", "Qd"])
    assert set(data["outs"]["wins"]) == wins and data["outs"]["outs"] == len(wins)
    assert data["outs"]["unseen"] == 45 and data["outs"]["standing"] == "behind"
    assert Fraction(data["outs"]["next_card"]) == Fraction(len(wins), 45)
    two = 1 - Fraction(comb(45 - len(wins), 2), comb(45, 2))
    assert Fraction(data["outs"]["by_river"]) == two
    assert data["outs"]["by_river_float"] == pytest.approx(float(two))
    assert Fraction(data["pot_odds"]["break_even_equity"]) == Fraction(20, 120)
    assert Fraction(data["pot_odds"]["ratio"]) == 5


def test_odds_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds --hand AhKh --board 2h7hJc --versus QsQd --pot 100 --call 20")
    assert code == 0
    n = len(treys_outs(["Ah", "Kh"], ["2h", "7h", "Jc"], ["Qs", "Qd"]))
    assert f"Outs: {n} of 45 unseen" in out
    assert "break-even equity 1/6 = 16.67%" in out
    assert "(rule of 2: 30%)" in out and "(rule of 4: 60%)" in out


def test_odds_turn_and_multiway(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "odds", "--hand", "9h8h", "--board", "Kh7h2c3d", "--versus", "AsAd", "KcKs"
    )
    assert code == 0
    assert "1 card to come" in out and "Outs:" in out and "next two cards" not in out


def test_odds_without_versus_lists_categories(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--hand", "AhKh", "--board", "2h7hJc", "--json")
    assert code == 0
    cats = json.loads(out)["next_card_categories"]
    assert sum(len(v) for v in cats.values()) == 47
    assert sorted(cats["Flush"]) == sorted(t for t in TOKENS if t[1] == "h" and t[0] in "345689TJQ")


def test_odds_table_matches_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """The printed table has the WIZ seed's figures (34.97% 1.86 ... 8.70% 10.50)."""
    code, out, _ = run(capsys, "odds", "--table")
    assert code == 0
    for figures in (
        "34.97%   1.86",
        "31.45%   2.18",
        "16.47%   5.07",
        "19.57%   4.11",
        "17.39%   4.75",
        "8.70%  10.50",
    ):
        assert figures in out
    code, out, _ = run(capsys, "odds", "--table", "--json")
    data = json.loads(out)
    assert data["pot_odds_table"][0]["probability"] == "378/1081"
    assert len(data["outs_table"]) == 17


def test_icm(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "icm --stacks 50 30 20 --payouts 70 30 --json")
    assert code == 0
    data = json.loads(out)
    assert [round(e, 6) for e in data["equity"]] == [45.178571, 32.25, 22.571429]
    code, out, _ = run(capsys, "icm --stacks 50 30 20 --payouts 70 30")
    assert "45.178571" in out and "22.571429" in out and "100.000000" in out


def test_icm_monte_carlo_and_float_payouts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "icm --stacks 50 30 20 --payouts 70.5 29.5 --method monte-carlo --samples 20000 "
        "--seed 3 --json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "monte carlo" and data["samples"] == 20000
    assert data["payouts"] == [70.5, 29.5]
    assert sum(data["equity"]) == pytest.approx(100.0)


def test_range_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "--grid", "AA,AKs,kqo")
    assert code == 0
    lines = out.splitlines()
    cells = [line.split() for line in lines[:13]]
    assert cells[0][:2] == ["AA", "AKs"] and cells[2][1] == "KQo"
    assert sum(c != "." for row in cells for c in row) == 3
    assert lines[13].startswith("3 classes, 22 of 1326 combos")  # 6 + 4 + 12

    code, out, _ = run(capsys, "range", "--grid")
    assert sorted(out.split()[:169]) == sorted(
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


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds"], "nothing to do"),
        (["odds", "--hand", "AhKh"], "give both --hand and --board"),
        (["odds", "--pot", "100"], "give both --pot and --call"),
        (["odds", "--hand", "AhKh", "--board", "2h7hJc", "--versus", "AhQd"], "Ah is in"),
        (["odds", "--pot", "100", "--call", "0"], "call must be at least 1"),
        (["icm", "--stacks", "50", "0", "--payouts", "10"], "stack 1 is 0"),
        (["icm", "--stacks", "50", "30", "--payouts", "10", "5", "1"], "3 payouts for 2"),
        (["range", "--grid", "AA,AKx"], "cannot read 'AKx'"),
        (["range", "AKs:1.5"], "a ':' weight is from 0 to 1, got 1.5"),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("holdem: error:") and message in err


def test_argparse_rejects_fractional_stacks(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["icm", "--stacks", "50.5", "30", "--payouts", "10"])
    assert info.value.code == 2
    assert "invalid int value: '50.5'" in capsys.readouterr().err


def test_entry_point_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "holdem", "icm", "--stacks", "1", "1", "--payouts", "3", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert proc.stdout.count("2.000000") == 2
