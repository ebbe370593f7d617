"""Setting up a hand and its rules: bad set-ups raise RulesError (a HoldemError) and say why."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from holdem import (
    ArgumentError,
    ArgumentTypeError,
    Hand,
    HoldemError,
    OddChips,
    Reopen,
    Rules,
    RulesError,
    Structure,
)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [100, -5]}, "must not be negative"),
        ({"stacks": [100, 0]}, "every seat needs chips"),
        ({"stacks": [100, 50.0]}, "an int number of chips"),
        ({"stacks": [100, True]}, "an int number of chips"),
        ({"stacks": [100, Fraction(1, 2)]}, "an int number of chips"),
        ({"stacks": [100, 2**61]}, "too large"),
        ({"blinds": (1, -2)}, "must not be negative"),
        ({"blinds": (1, 2, 3)}, "at most two blinds"),
        ({"blinds": (1, 2), "straddles": (4,), "stacks": [100, 100]}, "no seat to straddle"),
        ({"ante": True}, "an int number of chips"),
        ({"blinds": (), "structure": "no-limit"}, "need a minimum bet"),
        ({"structure": "spread-limit"}, "unknown betting structure"),
        ({"rules": "home-game"}, "unknown rule preset"),
        ({"showdown": "sometimes"}, "showdown must be"),
        ({"forced_bets": [1, 2], "blinds": (1, 2)}, "either forced_bets or blinds"),
        ({"seed": 1, "rng": __import__("random").Random(1)}, "a seed or an rng"),
    ],
)
def test_bad_set_up(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"stacks": [100, 100, 100], "blinds": (1, 2)}
    args.update(kwargs)
    stacks = args.pop("stacks")
    with pytest.raises(RulesError, match=message) as info:
        Hand(stacks, **args)
    assert {HoldemError, ValueError} <= set(type(info.value).__mro__)


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (1.5, ArgumentTypeError),
        ("7", ArgumentTypeError),
        (True, ArgumentTypeError),
        (-1, ArgumentError),
    ],
)
def test_bad_seed(seed: object, error: type[Exception]) -> None:
    """A hand's seed is checked as every seed of the package is: None or an int >= 0."""
    with pytest.raises(error, match=r"a seed is None or an int >= 0") as info:
        Hand([100, 100, 100], blinds=(1, 2), seed=seed)  # type: ignore[arg-type]
    assert isinstance(info.value, HoldemError)
    assert isinstance(info.value, TypeError if error is ArgumentTypeError else ValueError)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cap": 0}, "cap must be a positive int"),
        ({"cap": True}, "cap must be a positive int"),
        ({"reopen": "always"}, "reopen must be a Reopen"),
        ({"odd_chips": 1}, "odd_chips must be a OddChips"),
    ],
)
def test_bad_rule_options(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**changes)
    with pytest.raises(RulesError, match=message):
        Rules.preset("casino").replace(**changes)


def test_presets_and_overrides() -> None:
    assert Rules.preset("casino") == Rules()
    assert Rules.preset("acpc").odd_chips is OddChips.FRACTIONAL
    assert Rules.preset("pokerkit").reopen is Reopen.POKERKIT
    rules = Rules.preset("pokerkit", ante_trimming=True, dead_antes=False)
    assert rules.ante_trimming and not rules.dead_antes and rules.name == "pokerkit"
    with pytest.raises(RulesError, match="unknown rule option"):
        Rules.preset("casino", caps=3)
    assert Structure.parse("NL") is Structure.NO_LIMIT
    assert Structure.parse("fixed_limit") is Structure.FIXED_LIMIT
    assert Hand([10, 10], blinds=(1, 2), structure="PL").structure is Structure.POT_LIMIT
