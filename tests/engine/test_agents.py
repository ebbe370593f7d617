"""The built-in bots of holdem.engine.agents, and how a match takes an agent's decision.

The equity bot's estimate is checked against an exact count with treys' evaluator (a peer,
through importorskip) over every hand a random opponent can hold on a full board.
"""

from __future__ import annotations

import itertools
import math

import pytest

from holdem import Hand, parse_cards
from holdem.engine.agents import (
    BOTS,
    Agent,
    EquityAgent,
    bot,
    call_agent,
    load_agent,
    random_agent,
)
from holdem.engine.matches import apply_decision, match
from holdem.errors import ArgumentError, ArgumentTypeError


def test_bots_by_name() -> None:
    assert set(BOTS) == {"random", "call", "equity"}
    assert bot("call") is call_agent
    assert isinstance(bot("equity", 3), EquityAgent)
    hand = Hand([100, 100], blinds=(1, 2), seed=0)
    random_bot = bot("random", 5)
    decisions = {str(random_bot(hand.view(1), hand.legal_actions())) for _ in range(50)}
    assert {"fold", "call"} <= decisions and len(decisions) > 2  # raises to amounts too
    with pytest.raises(ArgumentError, match="no bot named 'nobody'"):
        bot("nobody")
    with pytest.raises(ArgumentError):
        bot("equity", -1)
    with pytest.raises(ArgumentTypeError):
        EquityAgent(samples=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        EquityAgent(samples=10)


def _river_hand(hole: str, board: str) -> Hand:
    """Heads-up on the river, checked down so far: seat 0 holds ``hole``, to act first."""
    cards = parse_cards(hole)
    hand = Hand([100, 100], blinds=(1, 2), hole_cards=[tuple(cards), None], board=board, seed=9)
    while hand.street < 3:  # call the blind, then check the flop and the turn
        hand.check_or_call()
    return hand


def test_equity_estimate_against_an_exact_count_by_treys() -> None:
    treys = pytest.importorskip("treys")
    hole, board = "Ah Qd", "Ad 9c 7s Qs 2s"
    agent = EquityAgent(seed=1, samples=20_000)
    estimate = agent.equity(_river_hand(hole, board).view(0))

    evaluator = treys.Evaluator()
    mine = [treys.Card.new(c) for c in hole.split()]
    table = [treys.Card.new(board[i : i + 2]) for i in range(0, len(board), 3)]
    deck = [c for c in treys.Deck.GetFullDeck() if c not in mine + table]
    score = evaluator.evaluate(table, mine)  # treys: lower is better
    wins = ties = 0
    pairs = list(itertools.combinations(deck, 2))
    for pair in pairs:
        theirs = evaluator.evaluate(table, list(pair))
        wins += score < theirs
        ties += score == theirs
    exact = (wins + ties / 2) / len(pairs)
    stderr = math.sqrt(exact * (1 - exact) / 20_000)
    assert abs(estimate - exact) < 4 * stderr + 1e-9


def test_equity_decisions() -> None:
    agent = EquityAgent(seed=2)
    # the nut flush on the river: bet the pot (4 chips, within 2 .. 98)
    nuts = _river_hand("As Ks", "Qs 9s 4s 7d 2c")
    assert agent(nuts.view(0), nuts.legal_actions()) == 4
    # nothing at all on a paired board: check, then fold to an all-in
    air = _river_hand("3c 4d", "Kh Kd 9s 8s Jc")
    assert agent(air.view(0), air.legal_actions()) == "check"
    air.check()
    air.raise_to(98)
    assert agent(air.view(0), air.legal_actions()) == "fold"
    # a tiny bet into a big pot: pot odds of 1 in 21 make a call right with any pair
    pair = _river_hand("9h 3d", "Kh Kd 9s 8s Jc")
    pair.check()
    pair.raise_to(2)
    assert agent(pair.view(0), pair.legal_actions()) == "call"


def test_equity_bot_is_reproducible() -> None:
    hand = Hand([200] * 10, blinds=(1, 2), seed=4)
    view, legal = hand.view(hand.actor or 0), hand.legal_actions()
    first = [EquityAgent(seed=7)(view, legal) for _ in range(3)]
    assert len(set(map(str, first))) == 1


def test_every_bot_decision_is_legal_over_a_match() -> None:
    agents: list[Agent] = [EquityAgent(seed=1), random_agent(2), call_agent]
    result = match(agents, hands=60, seed=3, duplicate=False)  # ActionError if one is illegal
    assert sum(r.chips for r in result.agents) == 0


def test_apply_decision() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=0)
    legal = hand.legal_actions()
    before = hand.copy()
    for bad in ("check", "raise", 3, 101, 4.0, None, "fold!"):
        assert apply_decision(hand, bad, legal) is False
        assert hand.view(2) == before.view(2) and hand.events == before.events
    assert apply_decision(hand, " FOLD ", legal) is True
    assert hand.folded == (False, False, True)
    assert apply_decision(hand, 7, hand.legal_actions()) is True
    assert hand.bets == (7, 2, 0)


def test_load_agent_makes_bots_and_classes() -> None:
    assert load_agent("call") is call_agent
    assert isinstance(load_agent("equity", 3), EquityAgent)
    made = load_agent("holdem.engine.agents:EquityAgent", seed=3)
    assert isinstance(made, EquityAgent)  # the class instantiated, not the class itself
    hand = Hand([100, 100], blinds=(1, 2), hole_cards=[("7c", "2d"), ("As", "Ah")], seed=0)
    by_name = bot("equity", 3)
    assert made(hand.view(1), hand.legal_actions()) == by_name(hand.view(1), hand.legal_actions())
    assert load_agent("holdem.engine.agents:call_agent") is call_agent  # a function as it is


class _NeedsArguments:
    def __init__(self, depth: int) -> None:
        self.depth = depth

    def __call__(self, view: object, legal: object) -> str:
        return "call"


class _NoSeed:
    def __call__(self, view: object, legal: object) -> str:
        return "call"


def test_load_agent_refuses_in_one_line() -> None:
    with pytest.raises(ArgumentError, match=r"no agent 'nobody': an agent is random, call, equity"):
        load_agent("nobody")
    with pytest.raises(ArgumentError, match=r"cannot make agent .*_NeedsArguments\(\) failed"):
        load_agent(f"{__name__}:_NeedsArguments")
    assert isinstance(load_agent(f"{__name__}:_NoSeed", seed=4), _NoSeed)
    with pytest.raises(ArgumentError, match="is not callable"):
        load_agent("holdem.engine.agents:BOTS")
    with pytest.raises(ArgumentError, match="cannot load agent"):
        load_agent("no_such_module_here:act")
    with pytest.raises(ArgumentTypeError):
        load_agent(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        load_agent("random", seed=-1)
