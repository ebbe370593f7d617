"""``holdem match``: the command line face of :func:`holdem.match` (the same numbers)."""

from __future__ import annotations

import json

import pytest

from holdem import match
from holdem.cli import main
from holdem.engine.agents import call_agent


def test_match_prints_what_holdem_match_gives(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--agent", "call", "--agent", "call", "--hands", "60", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    want = match([call_agent, call_agent], hands=60, seed=0)
    assert out["hands"] == want.hands == 60
    assert [a["mbb_per_hand"] for a in out["agents"]] == [0.0, 0.0]
    assert main(["match", "--agent", "call", "--agent", "random", "--hands", "40"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("40 hands (duplicate)") and "mbb/hand" in text
