"""The ``holdem icm`` subcommand.

Oracle: the Malmuth-Harville model's definition, summed here over every finishing order in
exact fractions (stacks 50/30/20 with payouts 70/30 give 45.178571, 32.25 and 22.571429).
"""

from __future__ import annotations

import itertools
import json
import shlex
import subprocess
import sys
from fractions import Fraction

import pytest

from holdem.analysis.icm import icm
from holdem.cli import main

from _support import commands as COMMANDS

holdem = COMMANDS.holdem


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``holdem`` with these arguments; one argument with spaces is a whole command line."""
    code = main(shlex.split(argv[0]) if len(argv) == 1 else list(argv))
    out, err = capsys.readouterr()
    return code, out, err


MC = ("--method", "monte-carlo")


def harville(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Each player's prize equity: P(order) = product of stack / chips not yet placed."""
    equity = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        p, left = Fraction(1), sum(stacks)
        for player in order:
            p *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            equity[player] += p * payouts[place]
    return equity


def test_icm(capsys: pytest.CaptureFixture[str]) -> None:
    assert [round(float(e), 6) for e in harville([50, 30, 20], [70, 30])] == [
        45.178571,
        32.25,
        22.571429,
    ]
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


def test_json_is_the_results_own_dict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "icm --stacks 50 30 20 --payouts 70 30 --json")
    assert code == 0
    assert json.loads(out) == icm([50, 30, 20], [70, 30]).to_dict()
    code, out, _ = run(
        capsys,
        "icm --stacks 5 3 2 --payouts 7 3 --method monte-carlo --samples 5000 --seed 4 --json",
    )
    mc = icm([5, 3, 2], [7, 3], method="monte carlo", samples=5000, seed=4)
    assert json.loads(out) == mc.to_dict()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["icm", "--stacks", "50", "0", "--payouts", "10"], "player 2's stack is 0"),
        (["icm", "--stacks", "50", "30", "--payouts", "10", "5", "1"], "3 payouts for 2"),
        (["icm", "--stacks", "5", "3", "--payouts", "1", *MC, "--samples", "1"], "samples must"),
        # (--seed -1: the parser names the option, tests/cli/test_option_bounds.py)
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("holdem: error:") and message in err


def test_ascending_payouts_are_refused() -> None:
    # A tournament pays first place the most: 30 then 70 names the places the wrong way round.
    done = holdem("icm", "--stacks", "50", "30", "20", "--payouts", "30", "70")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("holdem: error: payouts are listed from first place down")
    assert "each at most the one before" in done.stderr
    assert "place 2 pays 70, more than place 1 (30)" in done.stderr
    # Equal payouts are allowed (each at most the one before).
    assert holdem("icm", "--stacks", "50", "30", "20", "--payouts", "50", "50").returncode == 0


def test_samples_needs_monte_carlo() -> None:
    for method in ((), ("--method", "auto"), ("--method", "exact")):
        done = holdem(
            "icm", "--stacks", "5", "3", "2", "--payouts", "7", "3", "--samples", "500", *method
        )
        assert done.returncode == 2 and done.stdout == ""
        assert "--samples counts Monte Carlo finishing orders" in done.stderr
        assert "--method monte-carlo" in done.stderr
    done = holdem("icm", "--stacks", "5", "3", "2", "--payouts", "7", "3", "--samples", "500", *MC)
    assert done.returncode == 0 and "monte carlo, 500 samples" in done.stdout


def test_a_stack_that_is_no_int_is_one_line() -> None:
    done = holdem("icm", "--stacks", "1e400", "--payouts", "1")
    assert done.returncode == 2
    assert done.stderr == (
        "holdem icm: error: argument --stacks: invalid int value: '1e400' (see holdem icm --help)\n"
    )


def test_icm_takes_no_color_as_every_subcommand_does() -> None:
    for flags in (["--no-color"], ["--color", "never"]):
        done = holdem("icm", "--stacks", "50", "30", "--payouts", "7", "3", *flags)
        assert done.returncode == 0, done.stderr
        assert done.stdout == holdem("icm", "--stacks", "50", "30", "--payouts", "7", "3").stdout
