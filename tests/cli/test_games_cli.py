"""``holdem eval --game`` and ``holdem equity --game``: the other games from the command line.

Oracles: pokerkit 0.7.7's hands (the category names), and the rules of the games (the short-deck
wheel A-6-7-8-9, Omaha's two hole cards and eight-or-better low) on hands worked by hand."""

from __future__ import annotations

import json
import shlex

import pytest

from holdem.cli import main


def run(capsys: pytest.CaptureFixture[str], command: str) -> tuple[int, str, str]:
    code = main(shlex.split(command))
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_short_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eval --game short-deck As 6d 7h 8s 9c Kd Kh")
    assert code == 0 and err == ""
    assert out.startswith("Straight, nine-high  (value ")
    assert "of 1404; best five: 9c 8s 7h 6d As)" in out
    code, out, _ = run(capsys, "eval --game short-deck As 6d 7h 8s 9c --json")
    assert json.loads(out)["category"] == "Straight"


def test_eval_short_deck_refuses_a_deuce(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "eval --game short-deck As 2d 7h 8s 9c")
    assert code != 0 and "not in this game's deck" in err


def test_eval_omaha_hi_lo(capsys: pytest.CaptureFixture[str]) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    code, out, _ = run(capsys, "eval --game omaha-hi-lo As2sKdQd 3c4h9dJsKc --json")
    data = json.loads(out)
    hand = pokerkit.OmahaHoldemHand.from_game("As2sKdQd", "3c4h9dJsKc")
    assert code == 0 and data["category"] == hand.entry.label.value == "One pair"
    # 9 is not a low card: the board's lows are 3 and 4 only, so no low qualifies.
    assert data["low"] == 0 and data["low_description"] is None
    # 8-4-3-2-A is the best of the C(7, 4) = 35 eight-high lows, which are the worst lows:
    # 34 lows are worse, so its value is 35 (1 is 8-7-6-5-4).
    code, out, _ = run(capsys, "eval --game omaha-hi-lo As2sKdQd 3c4h8dJsKc")
    assert code == 0 and out.rstrip().endswith("low: 8-4-3-2-A (value 35 of 56)")


def test_equity_omaha_and_short_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity --game omaha AsAhKsKh QdJdTc9c --board 2s7h8d --json")
    data = json.loads(out)
    assert code == 0 and data["exact"] and data["showdowns"] == 820
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)
    code, out, _ = run(capsys, "equity --game short-deck AsKs TdTc --samples 20000 --seed 1")
    assert code == 0 and "Monte Carlo: 20,000 samples, seed 1" in out
    code, _, err = run(capsys, "equity --game omaha AsAhKsKh QdJdTc9c --stderr 0.01")
    assert code != 0 and "--stderr" in err


def test_equity_ranges_in_short_deck_and_random_in_omaha(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from holdem.analysis.equity import equity

    code, out, _ = run(
        capsys, "equity --game short-deck 'TT+,AKs' random --board KhQh9c --exact --json"
    )
    data = json.loads(out)
    expected = equity(["TT+,AKs", "random"], "KhQh9c", game="short-deck", exact=True)
    assert code == 0 and data["exact"] and data["showdowns"] == expected.showdowns
    assert [p["equity"] for p in data["players"]] == list(expected.equity)
    assert data["players"][0]["player"] == "TT+,AKs"
    code, out, _ = run(capsys, "equity --game omaha-hi-lo As2sKdQd random --samples 5000 --seed 3")
    assert code == 0 and "Monte Carlo: 5,000 samples, seed 3" in out and "random" in out


def test_odds_outs_in_short_deck_and_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    # 9h8h on Kh7h6c against aces, in short deck: the hearts left and the straight cards (a
    # ten, and the last ace: A-6-7-8-9), from the rules (Wikipedia "Six-plus hold 'em").
    code, out, _ = run(
        capsys, "odds --game short-deck --hand 9h8h --board Kh7h6c --versus AsAd --json"
    )
    data = json.loads(out)
    assert code == 0 and data["outs"]["unseen"] == 29
    wins = set(data["outs"]["wins"])
    assert wins == {"6h", "Th", "Jh", "Qh", "Ah", "Tc", "Td", "Ts", "Ac"}
    code, out, _ = run(
        capsys, "odds --game omaha --hand AsKsQd2c --board Kc8s7d --versus TsTdJh9c --json"
    )
    data = json.loads(out)
    assert code == 0 and data["outs"]["unseen"] == 41 and data["outs"]["standing"] == "ahead"
    code, out, _ = run(capsys, "odds --game short-deck --hand AhKh --board QhJh6c")
    assert code == 0 and "Straight flush" in out
    code, out, _ = run(
        capsys, "odds --game short-deck --hand AhKh --board QhJh6c --versus 'TT+' --json"
    )
    assert code == 0 and 0 < json.loads(out)["equity"]["equity"] < 1
