"""Local Best Response (holdem.agent_eval.lbr): the oracles whose answer is known (the blinds
against an agent that always folds, thousands of mbb/hand against one that always calls), the
equity against a range by exhaustive enumeration with treys' evaluator, Bayes' rule on the
range, and LBR's choice in spots worked out by hand."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping

import pytest

from holdem import Card, Hand, Legal, Street, View, parse_cards
from holdem.agent_eval import as_policy, local_best_response, random_policy, range_equity
from holdem.agent_eval.lbr import COMBOS, _Game
from holdem.agent_eval.policies import decision_key
from holdem.engine.agents import Decision, call_agent, random_agent
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError


def always_fold(view: View, legal: Legal) -> str:
    return "fold" if legal.fold else "check"


@pytest.mark.parametrize("seed", [0, 7])
def test_lbr_takes_exactly_the_blinds_from_an_agent_that_always_folds(seed: int) -> None:
    """The agent folds its big blind (100) to any raise and its small blind (50) at once:
    (100 + 50) / 2 chips a hand, 750 mbb/hand at blinds of 50/100, with no variance."""
    result = local_best_response(always_fold, hands=40, seed=seed)
    assert (result.hands, result.decks) == (40, 20)
    assert result.chips == 40 * 75
    assert result.mbb_per_hand == 750.0
    assert result.mbb_ci95 == 0.0
    assert result.bb_per_100 == 75.0


def test_lbr_beats_an_agent_that_always_calls_by_thousands_of_mbb() -> None:
    """A calling station is beaten by thousands of mbb/hand (Lisý and Bowling, 2017, table 1)."""
    result = local_best_response(call_agent, hands=120, seed=3)
    assert result.mbb_per_hand - result.mbb_ci95 > 1_000


def test_the_result_depends_on_the_seed_only() -> None:
    one = local_best_response(random_policy, hands=8, seed=5, chunk_decks=1, threads=2)
    two = local_best_response(random_policy, hands=8, seed=5, chunk_decks=4)
    assert one == two


def _treys_equity(hole: str, board: str, combos: Mapping[str, float]) -> float:
    """Equity of ``hole`` against weighted ``combos`` over every run-out: treys' evaluator."""
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    mine = [treys.Card.new(c) for c in (hole[:2], hole[2:])]
    shown = [treys.Card.new(board[i : i + 2]) for i in range(0, len(board), 2)]
    deck = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    total = won = 0.0
    for combo, w in combos.items():
        theirs_text = {combo[:2], combo[2:]}
        used = {
            hole[:2],
            hole[2:],
            *theirs_text,
            *(board[i : i + 2] for i in range(0, len(board), 2)),
        }
        if len(used) < 4 + len(board) // 2:
            continue  # the combo shares a card with the hand or the board
        theirs = [treys.Card.new(c) for c in theirs_text]
        rest = [c for c in deck if c not in used]
        for extra in itertools.combinations(rest, 5 - len(shown)):
            cards = shown + [treys.Card.new(c) for c in extra]
            a, b = evaluator.evaluate(cards, mine), evaluator.evaluate(cards, theirs)
            total += w
            won += w * (1.0 if a < b else 0.5 if a == b else 0.0)
    return won / total


def _weights(combos: Mapping[str, float]) -> list[float]:
    weights = [0.0] * 1326
    for text, w in combos.items():
        a, b = (int(c) for c in parse_cards(text))
        weights[COMBOS.index((max(a, b), min(a, b)))] = w
    return weights


@pytest.mark.parametrize(
    ("hole", "board", "combos"),
    [
        ("AsKs", "QsJs2d7c", {"TsTd": 1.0, "AhAd": 0.5, "7h7d": 0.25, "Qs2s": 1.0}),
        ("8h8d", "Ac9c2d", {"KcQc": 1.0, "9h9s": 0.3, "AdKd": 0.7, "8c7c": 1.0, "Ac2c": 1.0}),
        ("5c4c", "3c2hKdQs9h", {"AhAd": 1.0, "6d6s": 0.5, "AcKc": 0.2}),
    ],
)
def test_range_equity_is_exhaustive_enumeration(
    hole: str, board: str, combos: Mapping[str, float]
) -> None:
    """Every run-out of the turn (and river) against each pair, weighted, with treys' ranks;
    pairs that share a card with the hand or the board (Qs2s, Ac2c) count for nothing."""
    got = range_equity(parse_cards(hole), parse_cards(board), _weights(combos))
    assert got == pytest.approx(_treys_equity(hole, board, combos), abs=1e-9)


def test_range_equity_before_the_flop() -> None:
    """Uniform: the starting hand's exact equity against a random hand (85.20% for aces);
    weighted: sampled, near the exact enumeration of holdem.equity."""
    from holdem import equity

    aces = parse_cards("AsAh")
    weights = [1.0] * 1326
    assert range_equity(aces, (), weights) == pytest.approx(0.85204, abs=1e-5)
    small = {"KdKc": 1.0, "7h2d": 0.5}
    exact = (
        equity(["AsAh", "KdKc"], exact=True)[0].equity * 2 / 3
        + equity(["AsAh", "7h2d"], exact=True)[0].equity / 3
    )
    sampled = range_equity(aces, (), _weights(small), preflop_samples=200_000, seed=1)
    assert sampled == pytest.approx(exact, abs=0.005)


def test_range_equity_refuses_an_empty_range() -> None:
    with pytest.raises(ArgumentError, match="no pair"):
        range_equity(parse_cards("AsAh"), parse_cards("2c3c4c"), _weights({"AsKs": 1.0}))


def _range_of(weights: list[float]) -> set[str]:
    return {f"{Card(a)}{Card(b)}" for (a, b), w in zip(COMBOS, weights, strict=True) if w > 0}


def test_bayes_rule_keeps_the_pairs_that_take_the_action() -> None:
    """An agent that raises with aces only and calls otherwise: after its raise, its range is
    the aces that LBR's hand and the board leave, each weighted by its probability (here 1)."""

    def aces_raise(view: View, legal: Legal) -> Decision:
        if view.hole_cards[0].rank == view.hole_cards[1].rank == 12 and legal.can_raise:
            assert legal.min_raise_to is not None
            return legal.min_raise_to
        return "check" if legal.check else "call"

    hand = Hand([20000, 20000], blinds=(50, 100), hole_cards=[("Ad", "Kc"), ("As", "Ah")])
    game = _Game(as_policy(aces_raise), (1.0,), random.Random(0), 1000)
    weights = [1.0] * 1326
    for i, (a, b) in enumerate(COMBOS):
        if {a, b} & {int(Card("Ad")), int(Card("Kc"))}:
            weights[i] = 0.0
    game._agent_acts(hand, 1, hand.legal_actions(), weights)  # seat 1 (the button) raises
    assert hand.bets == (100, 200)
    assert _range_of(weights) == {"AsAh", "AsAc", "AhAc"}


def test_bayes_rule_weighs_by_the_probability() -> None:
    """A mixed policy: folding with probability 0.2 for suited pairs and 0.8 for the others;
    after it calls, a suited pair weighs 0.8 and an offsuit one 0.2 (in proportion)."""

    def mixed(view: View, legal: Legal) -> dict[str, float]:
        suited = view.hole_cards[0].suit == view.hole_cards[1].suit
        fold = 0.2 if suited else 0.8
        return {"fold": fold, "call": 1 - fold}

    hand = Hand([20000, 20000], blinds=(50, 100), hole_cards=[("2d", "3c"), ("Ks", "Qs")])
    game = _Game(as_policy(mixed), (1.0,), random.Random(4), 1000)
    weights = [1.0] * 1326
    for _ in range(50):  # the suited button calls 80% of the time: a call is drawn early
        trial = hand.copy()
        w = list(weights)
        game._agent_acts(trial, 1, trial.legal_actions(), w)
        if not trial.folded[1]:
            break
    else:  # pragma: no cover
        raise AssertionError("the call never came")
    ks = w[COMBOS.index((int(Card("Ks")), int(Card("Qs"))))]
    kq_off = w[COMBOS.index((int(Card("Ks")), int(Card("Qh"))))]
    assert ks == pytest.approx(4 * kq_off)


def _river(lbr_hole: tuple[str, str], board: str) -> Hand:
    """A hand checked down to the river, where seat 0 (the big blind, first to act after the
    flop) checks: seat 1, LBR, acts against seat 0's 2c 3d (ten high)."""
    hand = Hand(
        [20000, 20000],
        blinds=(50, 100),
        hole_cards=[("2c", "3d"), lbr_hole],
        board=parse_cards(board),
    )
    for _ in range(6):  # pre-flop, the flop and the turn checked (or called) through
        hand.check_or_call()
    assert hand.actor == 0
    hand.check()
    return hand


def test_lbr_shoves_the_nuts_into_a_calling_station_and_checks_air_behind() -> None:
    """On the river with the nuts against a player who always calls, the largest bet is worth
    the most (wp = 1: the call adds what it matches); with no chance to win, betting loses what
    is called and checking costs nothing."""
    game = _Game(as_policy(call_agent), (1.0, "all-in"), random.Random(0), 1000)
    weights = [1.0] * 1326
    nuts = _river(("As", "Ks"), "QsJsTs4h4d")
    assert game._choose(nuts, 1, nuts.legal_actions(), nuts.hole_cards(1), weights) == 19900
    air = _river(("2h", "3c"), "QsJsTs4h9d")  # three high: the board plays
    assert game._choose(air, 1, air.legal_actions(), air.hole_cards(1), weights) == "check"


def test_lbr_bluffs_an_agent_that_folds_to_every_bet() -> None:
    """No equity, but a bet of any size wins the pot: LBR bets (the first size of the best)."""
    air = _river(("2h", "3c"), "QsJsTs4h9d")
    game = _Game(as_policy(always_fold), (1.0, "all-in"), random.Random(0), 1000)
    decision = game._choose(air, 1, air.legal_actions(), air.hole_cards(1), [1.0] * 1326)
    assert decision == 200  # a pot-sized bet: the pot (200) wins the same as all-in


def test_random_policy_gives_the_random_bots_frequencies() -> None:
    """holdem's random bot, drawn 30,000 times: fold, call and raise each near a third, the
    raises uniform over the legal totals (their mean midway)."""
    hand = Hand([200, 200], blinds=(1, 2), seed=0)
    view, legal = hand.view(1), hand.legal_actions()
    dist = random_policy(view, legal)
    agent = random_agent(11)
    draws = [agent(view, legal) for _ in range(30_000)]
    kinds = Counter(d if isinstance(d, str) else "raise" for d in draws)
    for kind in ("fold", "call"):
        assert kinds[kind] / 30_000 == pytest.approx(dist[kind], abs=0.015)
    raises = [d for d in draws if isinstance(d, int)]
    assert sum(raises) / len(raises) == pytest.approx((4 + 200) / 2, abs=2.0)
    assert sum(dist.values()) == pytest.approx(1.0)
    assert len(dist) == 2 + 197 and dist[4] == dist[200] == pytest.approx(1 / 3 / 197)
    with pytest.raises(KeyError):
        dist[201]


def test_as_policy_reads_decisions_and_mappings() -> None:
    hand = Hand([200, 200], blinds=(1, 2), seed=0)
    view, legal = hand.view(1), hand.legal_actions()
    assert as_policy(lambda v, legal: 8)(view, legal) == {8: 1.0}
    assert as_policy(lambda v, legal: {"Call": 0.5, "call": 0.25, 6: 0.25})(view, legal) == {
        "call": 0.75,
        6: 0.25,
    }
    with pytest.raises(ArgumentTypeError):
        as_policy(3)  # type: ignore[arg-type]
    with pytest.raises(ActionError, match="not a decision"):
        as_policy(lambda v, legal: "shove")(view, legal)
    assert decision_key("check", legal) == "call"  # facing a bet: check is the call


def test_an_illegal_decision_is_refused_by_name() -> None:
    with pytest.raises(ActionError, match="not legal"):
        local_best_response(lambda v, legal: 1, hands=2)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"hands": 0}, ArgumentError),
        ({"hands": 2, "blinds": (50,)}, ArgumentError),
        ({"hands": 2, "stacks": 50}, ArgumentError),
        ({"hands": 2, "stacks": 2.5}, ArgumentTypeError),
        ({"hands": 2, "bet_fractions": ()}, ArgumentTypeError),
        ({"hands": 2, "bet_fractions": (0.0,)}, ArgumentError),
        ({"hands": 2, "bet_fractions": ("pot",)}, ArgumentError),
        ({"hands": 2, "seed": -1}, ArgumentError),
        ({"hands": 2, "threads": 0}, ArgumentError),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        local_best_response(always_fold, **kwargs)  # type: ignore[arg-type]


class FoldingRecorder:
    """Folds when it cannot check; keeps the finished views its hand_ended is given."""

    def __init__(self) -> None:
        self.ended: list[View] = []

    def __call__(self, view: View, legal: Legal) -> Decision:
        return "check" if legal.check else "fold"

    def hand_ended(self, view: View) -> None:
        self.ended.append(view)


def test_the_agents_hand_ended_sees_each_hand_over() -> None:
    """LBR tells the agent of each hand's end: its views' stacks add up to what LBR won from it."""
    agent = FoldingRecorder()
    result = local_best_response(agent, hands=10, seed=2)
    assert len(agent.ended) == result.hands == 10
    assert all(v.street is Street.COMPLETE for v in agent.ended)
    assert sum(v.stacks[v.seat] - 20_000 for v in agent.ended) == -result.chips != 0
