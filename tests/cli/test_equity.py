"""The ``holdem equity`` subcommand.

Oracles: the exact counts of AhKh against QsQd preflop (787,966 wins and 6,732 ties of the
1,712,304 boards, as every exact equity calculator gives them) and the library's own result
objects for the JSON form (the command prints ``EquityResult.to_dict()`` and nothing else).
"""

from __future__ import annotations

import json

import pytest

from holdem import equity
from holdem.cli import equity as equity_cli
from holdem.cli import main


def test_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd"]) == 0
    out = capsys.readouterr().out
    assert "46.2145%" in out and "53.7855%" in out and "1,712,304 showdowns" in out
    argv = ["equity", "QQ+,AKs", "random", "--samples", "300000", "--seed", "5", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    ref = equity(["QQ+,AKs", "random"], samples=300_000, seed=5)
    assert data["exact"] is False and data["seed"] == 5 and data["showdowns"] == 300_000
    assert [p["equity"] for p in data["players"]] == list(ref.equity)
    assert main(["equity", "AhKh", "QsQd", "--board", "2c7d9h", "--dead", "Ad", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ref = equity(["AhKh", "QsQd"], "2c7d9h", "Ad", exact=True)
    assert data["exact"] and [p["wins"] for p in data["players"]] == [p.wins for p in ref]
    assert data["board"] == "2c7d9h" and data["dead"] == "Ad"


def test_progress_bar(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity_cli, "_BAR_AFTER", 0.0)
    assert main(["equity", "AhKh", "QsQd", "--samples", "600000", "--seed", "1", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "100%" in err and "[" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["equity", "AhKh"],
        ["equity", "AhKh", "AhQd"],
        ["equity", "AhKh", "AKx"],
        ["equity", "AhKh", "QsQd", "--board", "2c3c"],
        ["equity", "AhKh", "QsQd", "--samples", "0"],
        ["equity", "AhKh", "QsQd", "--stderr", "2"],
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "holdem: error:" in captured.err


def test_json_is_the_results_own_dict(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AhKh", "QQ+,AKs", "--board", "2c7d9h", "--samples", "50000", "--seed", "9"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ref = equity(["AhKh", "QQ+,AKs"], "2c7d9h", samples=50_000, seed=9).to_dict()
    players = [{"player": p, **e} for p, e in zip(["AhKh", "QQ+,AKs"], ref["players"], strict=True)]
    assert data == {"board": "2c7d9h", "dead": "", **ref, "players": players}
    assert list(data) == ["board", "dead", "exact", "showdowns", "seed", "players"]
    assert list(data["players"][0]) == ["player", "equity", "win", "tie", "wins", "ties", "stderr"]
    assert main(["equity", "AhKh", "QsQd", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["showdowns"] == 1_712_304 and data["players"][0]["wins"] == 787_966
    assert data["players"][0]["ties"] == data["players"][1]["ties"] == 6_732
