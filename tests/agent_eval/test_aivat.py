"""AIVAT (holdem.agent_eval.variance.aivat): unbiased exactly where the expectation can be
enumerated, unbiased over many seeded hands, and with less variance than the plain payoff and
the all-in equity control variate.

Oracles: exhaustive enumeration (every river card and every action of the known policy on a
fixed hand; every river card for the closed-form expectation of the equity value); the plain
payoff's mean (the estimate's expectation) over seeded hands.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Mapping, Sequence

import pytest

from holdem import Card, Hand, Legal, View
from holdem.agent_eval import all_in_equity_value, policy_agent, random_policy
from holdem.agent_eval.variance import Situation, aivat, aivat_value, equity_value
from holdem.engine.agents import Decision, call_agent
from holdem.engine.matches import apply_decision
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

HOLES = [("Ah", "Td"), ("Kc", "Qc")]
TURN = ["Jc", "7d", "2c", "9s"]


def bet_or_check(view: View, legal: Legal) -> Mapping[Decision, float]:
    """Seat 0's known policy: on the river, check 30% or bet the pot 70%; else check."""
    if len(view.board) == 5 and legal.min_raise_to is not None:
        return {"check": 0.3, view.pot_total: 0.7}
    return {"check" if legal.check else "call": 1.0}


def river_value(spot: Situation) -> list[float]:
    """A value function that knows nothing before the river (then the equity value)."""
    if len(spot.board) < 5:
        return [0.0, 0.0]
    return equity_value(spot)


def play(river: str, bet: bool) -> Hand:
    """Everyone checks to the river (the small blind calls); seat 0 bets the pot or checks there,
    seat 1 calls a bet or checks behind."""
    hand = Hand([200, 200], blinds=(1, 2), hole_cards=HOLES, board=[*TURN, river])
    hand.call()
    hand.check()  # the big blind's option
    for _ in range(2):  # the flop and the turn: both check
        hand.check()
        hand.check()
    if bet:
        hand.raise_to(hand.pot_total)
        hand.call()
    else:
        hand.check()
        hand.check()
    assert hand.is_over
    return hand


def test_exactly_unbiased_over_every_river_and_every_known_action() -> None:
    used = {Card(c) for hole in HOLES for c in hole} | {Card(c) for c in TURN}
    rivers = [c for c in (Card(i) for i in range(52)) if c not in used]
    assert len(rivers) == 44
    mean_payoff = [0.0, 0.0]
    mean_estimate = [0.0, 0.0]
    estimates = set()
    for river, (bet, p) in itertools.product(rivers, ((False, 0.3), (True, 0.7))):
        hand = play(str(river), bet)
        estimate = aivat(hand, policies={0: bet_or_check}, value=river_value)
        estimates.add(round(estimate[0], 9))
        for s in range(2):
            mean_payoff[s] += p * hand.payoffs[s] / 44
            mean_estimate[s] += p * estimate[s] / 44
    assert mean_estimate == pytest.approx(mean_payoff, abs=1e-9)
    assert len(estimates) > 2 and mean_payoff[0] != 0  # (the estimates differ: not a constant)


def test_the_equity_values_closed_form_is_the_mean_over_the_next_card() -> None:
    holes = (tuple(Card(c) for c in HOLES[0]), tuple(Card(c) for c in HOLES[1]))
    spot = Situation(holes, tuple(Card(c) for c in TURN), (20, 14), (False, False))
    used = {c for hole in holes for c in hole} | set(spot.board)
    after = [equity_value(spot._replace(board=(*spot.board, c))) for c in map(Card, range(52))
             if c not in used]  # fmt: skip
    assert [statistics.fmean(x[s] for x in after) for s in range(2)] == pytest.approx(
        equity_value(spot), abs=1e-9
    )


def _seeded(hands: int) -> tuple[list[float], list[float], list[float]]:
    """A known random policy (seat 0) against the calling station: each hand's payoff, all-in
    equity value and AIVAT estimate of seat 0."""
    plain, allin, estimate = [], [], []
    for i in range(hands):
        hand = Hand([200, 200], blinds=(1, 2), seed=i)
        agent = policy_agent(random_policy, seed=10_000 + i)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions()
            who = agent if seat == 0 else call_agent
            apply_decision(hand, who(hand.view(seat), legal), legal)
        plain.append(float(hand.payoffs[0]))
        allin.append(all_in_equity_value(hand)[0])
        estimate.append(aivat(hand, policies={0: random_policy})[0])
    return plain, allin, estimate


def test_unbiased_over_seeded_hands_with_less_variance() -> None:
    """600 hands: AIVAT's mean is within three standard errors of the payoff's (the paired
    differences), and its standard deviation is far below the payoff's and the all-in
    equity value's (48.9 against 92.6 and 91.6 chips over 3,000 hands)."""
    plain, allin, estimate = _seeded(600)
    diffs = [a - b for a, b in zip(estimate, plain, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    assert abs(statistics.fmean(diffs)) < 3 * se
    assert statistics.stdev(estimate) < statistics.stdev(plain) / 1.5
    assert statistics.stdev(estimate) < statistics.stdev(allin) / 1.5


def test_a_match_counts_hands_by_aivat() -> None:
    from holdem import match
    from holdem.engine.agents import random_agent

    kw = {"hands": 200, "seed": 4, "duplicate": False}
    plain = match([random_agent(1), random_agent(2)], **kw)  # type: ignore[arg-type]
    counted = match([random_agent(1), random_agent(2)], value=aivat_value(), **kw)  # type: ignore[arg-type]
    assert plain.agents[0].chips == counted.agents[0].chips
    assert counted.agents[0].mbb_per_hand != plain.agents[0].mbb_per_hand


def test_bad_input() -> None:
    hand = Hand([200, 200], blinds=(1, 2), seed=1)
    with pytest.raises(ArgumentError):
        aivat(hand)  # not over
    hand.fold()
    with pytest.raises(ArgumentTypeError):
        aivat(hand, value=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        aivat(hand, policies={2: random_policy})
    never_folds: dict[int, object] = {1: lambda view, legal: {"call": 1.0}}
    with pytest.raises(ActionError):
        aivat(hand, policies=never_folds)  # type: ignore[arg-type]
    three = Hand([50, 50, 50], blinds=(1, 2), seed=1)
    three.fold()
    three.fold()
    with pytest.raises(ArgumentError):
        aivat(three)
    values: Sequence[float] = aivat(hand)
    assert sum(values) == pytest.approx(0.0, abs=1e-9)
