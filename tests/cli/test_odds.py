"""The ``holdem odds`` subcommand.

The figures it prints are checked against outside oracles: treys for the outs (reached through
``pytest.importorskip``), the pot-odds tables of the Wizard of Odds' "Texas Hold'em" page, and
combinatorics counted here (C(45, 2)).
"""

from __future__ import annotations

import json
import shlex
from fractions import Fraction
from math import comb

import pytest

from holdem.analysis.odds import outs, outs_table, pot_odds, pot_odds_table
from holdem.cli import main

TOKENS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``holdem`` with these arguments; one argument with spaces is a whole command line."""
    code = main(shlex.split(argv[0]) if len(argv) == 1 else list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def treys_outs(hand: list[str], board: list[str], villain: list[str]) -> set[str]:
    """The cards after which ``hand`` beats ``villain``, by treys (skips without treys)."""
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    h = [treys.Card.new(c) for c in hand]
    v = [treys.Card.new(c) for c in villain]
    wins = set()
    for t in TOKENS:
        if t in hand + board + villain:
            continue
        b = [treys.Card.new(c) for c in [*board, t]]
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
    assert Fraction(data["pot_odds"]["break_even_equity"]) == Fraction(20, 120)
    assert Fraction(data["pot_odds"]["ratio"]) == 5
    assert data["outs"]["unseen"] == 45 and data["outs"]["standing"] == "behind"
    # The outs: the cards after which AhKh beats QsQd, counted by treys.
    wins = treys_outs(["Ah", "Kh"], ["2h", "7h", "Jc"], ["Qs", "Qd"])
    assert set(data["outs"]["wins"]) == wins and data["outs"]["outs"] == len(wins)
    assert Fraction(data["outs"]["next_card"]) == Fraction(len(wins), 45)
    two = 1 - Fraction(comb(45 - len(wins), 2), comb(45, 2))
    assert Fraction(data["outs"]["by_river"]) == two
    assert data["outs"]["by_river_float"] == pytest.approx(float(two))


def test_odds_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds --hand AhKh --board 2h7hJc --versus QsQd --pot 100 --call 20")
    assert code == 0
    assert "break-even equity 1/6 = 16.67%" in out
    assert "(rule of 2: 30%)" in out and "(rule of 4: 60%)" in out
    n = len(treys_outs(["Ah", "Kh"], ["2h", "7h", "Jc"], ["Qs", "Qd"]))
    assert f"Outs: {n} of 45 unseen" in out


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


def test_odds_table_matches_the_published_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The printed table has the figures of the Wizard of Odds' "Texas Hold'em" pot-odds tables
    (34.97% 1.86 ... 8.70% 10.50)."""
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


def test_json_is_the_results_own_dict(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON holds each result's to_dict(), nothing built beside it."""
    code, out, _ = run(
        capsys, "odds --hand AhKh --board 2h7hJc --versus QsQd --pot 100 --call 20 --table --json"
    )
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["outs", "pot_odds", "pot_odds_table", "outs_table"]
    assert data["outs"] == outs("AhKh", "2h7hJc", ["QsQd"]).to_dict()
    assert data["pot_odds"] == pot_odds(100, 20).to_dict()
    assert data["pot_odds_table"] == [d.to_dict() for d in pot_odds_table()]
    assert data["outs_table"] == [row.to_dict() for row in outs_table(17)]
    assert data["pot_odds_table"][0] == {
        "draw": "four to a flush",
        "street": "flop",
        "outs": 9,
        "probability": "378/1081",
        "probability_float": 378 / 1081,
        "break_even_ratio": "703/378",
        "break_even_ratio_float": 703 / 378,
    }


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds"], "nothing to do"),
        (["odds", "--hand", "AhKh"], "give both --hand and --board"),
        (["odds", "--pot", "100"], "give both --pot and --call"),
        (["odds", "--versus", "QsQd", "--table"], "--versus needs --hand and --board"),
        (["odds", "--hand", "AhKh", "--board", "2h7hJc", "--versus", "AhQd"], "Ah is in"),
        (["odds", "--pot", "100", "--call", "0"], "call must be at least 1"),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("holdem: error:") and message in err
