"""What ``help(holdem.Hand)`` shows a user: the public API with its docstrings.

pydoc renders the class as the installed build has it (compiled by Cython, or plain Python).
"""

from __future__ import annotations

import pydoc

import pytest

from holdem import Hand


@pytest.fixture(scope="module")
def rendered() -> str:
    return pydoc.plain(pydoc.render_doc(Hand))


def _summary(name: str) -> str:
    """The first line of a member's own docstring (after the signature Cython embeds)."""
    lines = [line.strip() for line in (getattr(Hand, name).__doc__ or "").splitlines()]
    lines = [line for line in lines if line]
    if lines and lines[0].startswith((f"Hand.{name}", f"HandState.{name}")):
        lines = lines[1:]
    return lines[0] if lines else ""


@pytest.mark.parametrize(
    "method", ["fold", "check", "call", "raise_to", "check_or_call", "legal_actions", "view"]
)
def test_help_shows_each_public_method_with_its_docstring(rendered: str, method: str) -> None:
    summary = _summary(method)
    assert summary.endswith(".") and method not in summary.split()[0]  # a real summary line
    assert f"{method}(self" in rendered
    assert summary in rendered


@pytest.mark.parametrize(
    "name", ["rules", "structure", "showdown_mode", "forced_bets", "small_bet", "big_bet"]
)
def test_help_documents_the_set_up_attributes(rendered: str, name: str) -> None:
    summary = _summary(name)
    assert summary and not summary.startswith(f"{name}:")  # not Cython's bare "rules: object"
    assert summary in rendered
    for bare in (f"{name}: object", f"{name}: 'long long'"):
        assert bare not in rendered


def test_set_up_attributes_keep_their_values() -> None:
    from holdem import Rules, Structure

    hand = Hand([100, 100, 100], blinds=(1, 2), structure="FL", rules="pokerkit", seed=5)
    assert hand.rules == Rules.preset("pokerkit") and hand.structure is Structure.FIXED_LIMIT
    assert hand.forced_bets == (1, 2, 0) and (hand.small_bet, hand.big_bet) == (2, 4)
    assert hand.showdown_mode == "auto"
    assert type(hand.small_bet) is int and type(hand.big_bet) is int
