"""The ``holdem equity`` subcommand.

Oracles: the exact counts of AhKh against QsQd preflop (787,966 wins and 6,732 ties of the
1,712,304 boards, as every exact equity calculator gives them), the library's own result
objects for the JSON form (the command prints ``EquityResult.to_dict()`` and nothing else), and
for the estimate of an exact job, the boards C(n, 5) and the deals of four ranges counted here
one by one.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from math import comb

import pytest

from holdem import equity, parse_range
from holdem.analysis.equity import estimate_exact
from holdem.cli import equity as equity_cli
from holdem.cli import main
from holdem.cli._progress import Bar, count

from _support import commands as COMMANDS

start, ctrl_c = COMMANDS.start, COMMANDS.ctrl_c


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


def test_progress_bar_shows_elapsed_rate_and_eta(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(equity_cli, "_BAR_AFTER", 0.0)
    argv = ["equity", "AhKh", "QsQd", "--samples", "2000000", "--seed", "1", "--progress"]
    assert main(argv) == 0
    frames = capsys.readouterr().err.split("\r")
    bar = re.compile(r"\[[#.]{30}\] +(\d+)%  (\d+\.\d) s, ([\d.]+[kMG]?) samples/s, ETA (\S+) s")
    seen = [m for f in frames if (m := bar.search(f))]
    assert seen and seen[-1].group(1) == "100" and seen[-1].group(4) == "0.0"
    assert all(m.group(3) != "0" for m in seen)  # a rate once work is done


def test_bar_line_counts_the_work() -> None:
    # 25 of 100 steps of a 100,000-sample job in 5 s: 5,000 samples/s, 15 s to go at that rate.
    line = Bar(sys.stderr, False, unit="samples", work=100_000).line(25, 100, 5.0)
    assert line == "[#######.......................]  25%  5.0 s, 5k samples/s, ETA 15 s"
    open_ended = Bar(sys.stderr, False, unit="samples", per_step=1000, open_ended=True, goal="g")
    assert open_ended.line(30, 16384, 2.0) == "2.0 s, 30k samples, 15k samples/s (g)"


def test_estimate_counts_the_work() -> None:
    # Two hands: one deal and C(48, 5) boards. Four ranges: the deals that share no card,
    # counted here one by one, and C(44, 5) boards.
    small = estimate_exact(["AhKh", "QsQd"])
    assert (small.deals, small.boards, small.showdowns) == (1, comb(48, 5), comb(48, 5))
    players = ["QQ+,AKs", "TT+", "AQ+", "KQs,JJ"]
    combos = [parse_range(p).combos for p in players]
    apart = sum(len({c for hand in deal for c in hand}) == 8 for deal in itertools.product(*combos))
    guess = estimate_exact(players)
    assert guess.boards == comb(44, 5)
    assert abs(guess.deals - apart) <= 0.05 * apart  # estimated from random deals
    assert guess.seconds > 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_long_exact_job_says_so_before_it_starts() -> None:
    # Four ranges, every deal and board: the command gives its work and time before it starts
    # and the Monte Carlo way out; the test stops it there (Ctrl-C).
    players = ["22+,A2s+,KTs+", "QQ+,AK", "random", "TT+,AJs+"]
    proc = start("equity", *players, "--exact")
    assert proc.stderr is not None
    first = proc.stderr.readline().decode()
    out_bytes, err_bytes = ctrl_c(proc)
    out, err = out_bytes.decode(), err_bytes.decode()
    assert proc.returncode == 130 and out == ""
    assert err == "holdem: interrupted\n"  # at once, with no traceback
    assert first.startswith("holdem: exact: ") and f"x {comb(44, 5):,} boards), about " in first
    assert re.search(r"about (\d+ h \d+ min|\d+ min \d+ s)", first)  # minutes at least
    assert "Monte Carlo" in first and "--samples N" in first
    guess = estimate_exact(players)
    assert f"({count(guess.deals)} deals x" in first


def test_a_quick_exact_job_says_nothing_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "--exact"]) == 0
    assert capsys.readouterr().err == ""


def test_an_exact_job_too_large_to_enumerate_is_refused_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Three random hands: 1326 ** 3 deals, more than exact enumeration takes; no estimate.
    assert main(["equity", "random", "random", "random", "--exact"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "holdem: error: too many deals of the ranges to enumerate (more than 1,000,000,000): "
        "sample them instead (samples= or stderr=)\n"
    )


def test_samples_beyond_what_can_finish_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--samples 99999999999999999999`` ran silently for a quarter of an hour when piped
    (its bar: "ETA 668492217 h"); it is refused at once with one line naming the limit."""
    code = main(["equity", "AsKs", "QdQc", "--samples", "99999999999999999999"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "samples is at most 2**32 (4,294,967,296" in err


def test_a_piped_long_job_writes_its_progress_as_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped, a long job said nothing for a quarter of an hour (the bar is a terminal's). To a
    pipe or a file it now writes a line of progress at a low rate (one a minute, from 10 s on;
    made immediate here), never a carriage-return frame; --no-progress writes none."""
    from holdem.cli import _progress

    monkeypatch.setattr(equity_cli, "_BAR_AFTER", 0.0)
    monkeypatch.setattr(_progress, "LINES_AFTER", 0.0)
    monkeypatch.setattr(_progress, "LINES_EVERY", 0.0)
    argv = ["equity", "AhKh", "QsQd", "--samples", "2000000", "--seed", "1"]
    assert main(argv) == 0
    err = capsys.readouterr().err  # (capsys: not a terminal)
    lines = err.splitlines()
    assert "\r" not in err and err.endswith("\n") and len(lines) >= 2
    bar = re.compile(r"^holdem: \[[#.]{30}\] +\d+%  \d+\.\d s, [\d.]+[kMG]? samples/s, ETA \S+")
    assert all(bar.match(line) for line in lines)
    assert main([*argv, "--no-progress"]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(_progress, "LINES_AFTER", 10.0)  # the real delay: a short job is quiet
    monkeypatch.setattr(_progress, "LINES_EVERY", 60.0)
    assert main(argv) == 0
    assert capsys.readouterr().err == ""
