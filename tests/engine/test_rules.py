"""Betting structures, rule options and presets: a bad one raises RulesError and says why.

The stakes of a hand are tested in test_stakes.py, its cards and seed in test_dealing.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from holdem import Hand, HoldemError, LimitAllIn, OddChips, Reopen, Rules, RulesError, Structure


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"structure": "spread-limit"}, "unknown betting structure"),
        ({"rules": "home-game"}, "unknown rule preset"),
        ({"rules": 3}, "rules must be a Rules or a preset name"),
        ({"rules": object()}, "rules must be a Rules or a preset name"),
        ({"showdown": "sometimes"}, "showdown must be"),
    ],
)
def test_bad_rules_of_a_hand(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message) as info:
        Hand([100, 100, 100], blinds=(1, 2), **kwargs)
    assert {HoldemError, ValueError} <= set(type(info.value).__mro__)


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


def _default_text(value: object) -> str:
    """How the Options list of the Rules docstring writes a default."""
    if isinstance(value, (LimitAllIn, OddChips, Reopen)):
        return f"{type(value).__name__}.{value.name}"
    return repr(value).replace("'", '"')


def test_help_rules_documents_every_option_with_its_default() -> None:
    import dataclasses
    import pydoc

    doc = Rules.__doc__ or ""
    rendered = pydoc.plain(pydoc.render_doc(Rules))
    fields = [f for f in dataclasses.fields(Rules) if f.init]  # (not the kernel's _bits)
    assert len(fields) >= 17
    for field in fields:
        entry = f"``{field.name}`` (``{_default_text(field.default)}``): "
        assert entry in doc, field.name
        assert f"{field.name} (" in rendered.replace("``", ""), field.name


def _short_big_blind(rules: Rules) -> Hand:
    """Blinds 100/200 with a 200 big-blind ante; the big blind (seat 1) has 250 chips, posts
    the ante first (200) and is all in for a 50 blind; the button calls the small blind's 100,
    the small blind folds, and the button's aces win."""
    hand = Hand(
        [10_000, 250, 10_000],
        blinds=(100, 200),
        big_blind_ante=200,
        rules=rules,
        hole_cards=[("2c", "7d"), ("3h", "8s"), ("As", "Ad")],
        board=("Kd", "Qc", "9h", "4s", "5c"),
    )
    hand.check_or_call()
    hand.fold()
    assert hand.is_over
    return hand


def test_a_big_blind_ante_is_dead_money_under_the_casino_rules() -> None:
    # The TDA rules: the big-blind ante is dead money in the main pot, posted before the blind.
    # The big blind lost: he gets none of his 250 back. The button wins the main pot (the dead
    # 200, and 50 from each of the three) and the side pot (50 more each from the small blind
    # and himself): 450 for the 100 he put in.
    hand = _short_big_blind(Rules.preset("casino"))
    assert hand.stacks == (9_900, 0, 10_350)
    assert sum(hand.payoffs) == 0
    # Counted as a live ante, the 150 of the big blind's 250 that nobody matched would come
    # back to him, though he lost.
    live = _short_big_blind(Rules.preset("casino", dead_big_blind_ante=False))
    assert live.stacks == (9_900, 150, 10_200)


def test_a_lone_per_seat_ante_is_a_big_blind_ante() -> None:
    # A hand history writes the big-blind ante as per-seat antes with one seat's nonzero.
    rules = Rules.preset("casino")
    hand = Hand(
        [10_000, 250, 10_000],
        forced_bets=[100, 200, 0],
        antes=[0, 200, 0],
        rules=rules,
        hole_cards=[("2c", "7d"), ("3h", "8s"), ("As", "Ad")],
        board=("Kd", "Qc", "9h", "4s", "5c"),
    )
    hand.check_or_call()
    hand.fold()
    assert hand.stacks == (9_900, 0, 10_350)
