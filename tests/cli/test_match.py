"""``holdem match``: the command line face of :func:`holdem.match` (the same numbers)."""

from __future__ import annotations

import json

import pytest

from holdem import match
from holdem.cli import main
from holdem.engine.agents import call_agent

from _support import commands as COMMANDS


def test_match_prints_what_holdem_match_gives(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--agent", "call", "--agent", "call", "--hands", "60", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    want = match([call_agent, call_agent], hands=60, seed=0)
    assert out["hands"] == want.hands == 60
    assert [a["mbb_per_hand"] for a in out["agents"]] == [0.0, 0.0]
    assert main(["match", "--agent", "call", "--agent", "random", "--hands", "40"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("40 hands (duplicate)") and "mbb/hand" in text


# -- the agents every subcommand takes ------------------------------------------------------------

ONE_LIST = "random, call, equity or module:callable"


@pytest.mark.parametrize("spec", ["equity", "holdem.engine.agents:EquityAgent"])
def test_match_takes_the_equity_bot_by_name_and_by_class_path(
    capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    argv = ["match", "--agent", spec, "--agent", "call", "--hands", "8", "--seed", "3", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert [a["agent"] for a in out["agents"]] == [spec, "call"]
    assert out["hands"] == 8
    # The class path is the same bot as the name, made with the same seed: the same winnings.
    assert main([*argv[:2], "equity", *argv[3:]]) == 0
    same = json.loads(capsys.readouterr().out)
    assert [a["mbb_per_hand"] for a in same["agents"]] == [a["mbb_per_hand"] for a in out["agents"]]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobody", f"no agent 'nobody': an agent is {ONE_LIST}"),
        ("holdem.engine.agents:nothing_here", "cannot load agent 'holdem.engine.agents:nothing"),
        ("holdem.engine.events:Legal", "cannot make agent 'holdem.engine.events:Legal': Legal()"),
        ("holdem.engine.agents:BOTS", "agent 'holdem.engine.agents:BOTS' is not callable"),
    ],
)
@pytest.mark.parametrize("command", ["match", "tournament", "play"])
def test_a_bad_agent_is_one_line_in_every_subcommand(
    capsys: pytest.CaptureFixture[str], command: str, spec: str, message: str
) -> None:
    option = "--bot" if command == "play" else "--agent"
    argv = [command, option, spec, option, "call"]
    assert main([*argv, "--hands", "1"] if command != "tournament" else argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("holdem: error: ") and message in err, err
    assert len(err.splitlines()) == 1, err


def test_every_subcommand_lists_the_same_agents() -> None:
    for command in ("match", "tournament", "play", "acpc-client"):
        done = COMMANDS.holdem(command, "--help")
        assert done.returncode == 0
        assert ONE_LIST in " ".join(done.stdout.split()), command


def test_match_help_gives_the_blinds_default() -> None:
    text = " ".join(COMMANDS.holdem("match", "--help").stdout.split())
    assert "--blinds SMALL BIG the small and the big blind (default 1 2)" in text
    assert "(default 200)" in text  # --stack
