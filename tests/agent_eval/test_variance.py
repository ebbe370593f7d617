"""The all-in equity control variate (holdem.agent_eval.variance): the expected value of an
all-in hand by exhaustive enumeration of its run-outs with treys' evaluator, the hands it leaves
alone, and in matches: the same win rate (no bias over many seeds) with a smaller standard
error."""

from __future__ import annotations

import itertools
import math
import statistics

import pytest

from holdem import Hand, match, parse_cards
from holdem.agent_eval import all_in_equity_value
from holdem.engine.agents import call_agent, random_agent
from holdem.errors import ArgumentTypeError


def _treys_shares(holes: list[str], board: str, dead: str = "") -> list[float]:
    """Each hand's share of a pot over every run-out of ``board`` (ties split): treys."""
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    cards = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    split = [board[i : i + 2] for i in range(0, len(board), 2)]
    used = set(split) | {h[:2] for h in holes} | {h[2:] for h in holes}
    used |= {dead[i : i + 2] for i in range(0, len(dead), 2)}
    rest = [c for c in cards if c not in used]
    hands = [[treys.Card.new(h[:2]), treys.Card.new(h[2:])] for h in holes]
    shares = [0.0] * len(holes)
    count = 0
    for extra in itertools.combinations(rest, 5 - len(split)):
        full = [treys.Card.new(c) for c in (*split, *extra)]
        ranks = [evaluator.evaluate(full, h) for h in hands]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        count += 1
    return [s / count for s in shares]


def test_an_all_in_on_the_flop_counts_its_equity() -> None:
    """Heads-up, all in on the flop: each seat's value is its share of the 400 pot over every
    turn and river, less the 200 it put in."""
    hand = Hand(
        [200, 200],
        blinds=(1, 2),
        hole_cards=[("Ah", "Kh"), ("7c", "7d")],
        board=parse_cards("Qh7s2h5c9d"),
    )
    for _ in range(2):  # pre-flop
        hand.check_or_call()
    hand.raise_to(198)  # seat 0 (the big blind) moves all in on the flop
    hand.check_or_call()
    assert hand.is_over
    shares = _treys_shares(["AhKh", "7c7d"], "Qh7s2h")
    value = all_in_equity_value(hand)
    assert value == pytest.approx([400 * shares[0] - 200, 400 * shares[1] - 200], abs=1e-9)
    assert sum(value) == pytest.approx(0.0, abs=1e-9)


def test_a_short_all_in_makes_one_pot_and_a_folded_hand_stays_in_the_deck() -> None:
    """Three seats: seat 2 folds pre-flop (its cards stay in the run-out's deck, as a tracker
    counts them: it cannot see them); seat 1 is all in for less than seat 0's stack: one pot of
    300 between them, seat 0's excess given back."""
    hand = Hand(
        [300, 150, 300],
        blinds=(1, 2),
        hole_cards=[("As", "Qs"), ("Jc", "Jd"), ("Qh", "Qd")],
        board=parse_cards("Ks8s3c4h2d"),
    )
    hand.fold()  # seat 2, first to act pre-flop, folds its queens
    for _ in range(2):
        hand.check_or_call()
    hand.raise_to(298)  # seat 0 bets all in on the flop (148 called, 150 given back)
    hand.check_or_call()
    assert hand.is_over
    shares = _treys_shares(["AsQs", "JcJd"], "Ks8s3c")
    value = all_in_equity_value(hand)
    assert value == pytest.approx([300 * shares[0] - 150, 300 * shares[1] - 150, 0.0], abs=1e-9)


def test_hands_not_all_in_before_the_river_count_their_payoffs() -> None:
    folded = Hand([200, 200], blinds=(1, 2), seed=3)
    folded.fold()
    river = Hand([200, 200], blinds=(1, 2), seed=3)
    for _ in range(6):
        river.check_or_call()
    river.raise_to(198)  # all in on the river: nothing left to run out
    river.check_or_call()
    for hand in (folded, river):
        assert hand.is_over
        assert all_in_equity_value(hand) == [float(p) for p in hand.payoffs]


def _pair(seed: int, hands: int, duplicate: bool) -> tuple[float, float, float, float]:
    """(raw mean, raw ci95, counted mean, counted ci95) of agent 0, two random bots of the same
    strategy, the same hands played both times."""
    raw = match([random_agent(seed), random_agent(seed + 1)], hands=hands, seed=seed,
                duplicate=duplicate)  # fmt: skip
    counted = match(
        [random_agent(seed), random_agent(seed + 1)],
        hands=hands,
        seed=seed,
        duplicate=duplicate,
        value=all_in_equity_value,
    )
    assert raw.agents[0].chips == counted.agents[0].chips  # the same hands
    a, b = raw.agents[0], counted.agents[0]
    return a.mbb_per_hand, a.mbb_ci95, b.mbb_per_hand, b.mbb_ci95


@pytest.mark.parametrize("duplicate", [False, True])
def test_equal_agents_centre_on_zero_with_a_smaller_standard_error(duplicate: bool) -> None:
    """Two random bots (one strategy), 4,000 hands, seed 0: the counted estimate is within
    three standard errors of zero, and its standard error is smaller than the raw one's (about
    1.17x smaller: 1.12x to 1.17x over the seeds tried)."""
    _, raw_ci, mean, ci = _pair(0, 4000, duplicate)
    assert abs(mean) < 3 * ci / 1.96
    assert ci < raw_ci / 1.05


def test_match_refuses_a_value_that_is_not_callable() -> None:
    with pytest.raises(ArgumentTypeError, match="value"):
        match([call_agent, call_agent], hands=2, value=3)  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_counted_estimate_is_unbiased_over_many_seeds() -> None:
    """Over 40 seeds of 2,000 hands of a random bot against the calling station (a real edge),
    the counted and the raw win rates differ by less than three standard errors of their
    difference, and the counted one varies less from seed to seed."""
    raws, counts, diffs = [], [], []
    for seed in range(40):
        raw = match([random_agent(seed), call_agent], hands=2000, seed=seed, duplicate=False)
        counted = match(
            [random_agent(seed), call_agent],
            hands=2000,
            seed=seed,
            duplicate=False,
            value=all_in_equity_value,
        )
        raws.append(raw.agents[0].mbb_per_hand)
        counts.append(counted.agents[0].mbb_per_hand)
        diffs.append(counts[-1] - raws[-1])
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert abs(statistics.mean(diffs)) < 3 * se
    assert statistics.stdev(counts) < statistics.stdev(raws)
