"""Variance reduction for matches: the all-in equity control variate, and AIVAT.

When the money goes in before the river (every seat left in the hand but one all in),
nothing the players do changes the outcome any more: the rest is the run-out's luck.
:func:`all_in_equity_value` counts such a hand by its all-in adjusted winnings
(:func:`holdem.stats.allin.all_in_values`, the trackers' "all-in EV": pot by pot, the exact
equity of each hand that can win it on the board dealt by then, times the pot less its share of
the rake, less what it put in) instead of the run-out dealt. Its expectation is the payoff's
(the run-out is uniform over the cards left), so it measures the same win rate, with the
run-out's luck taken out. Give it to :func:`holdem.match` as ``value``, with duplicate play or
without:

>>> from holdem import match
>>> from holdem.engine.agents import random_agent
>>> plain = match([random_agent(1), random_agent(2)], hands=300, seed=4, duplicate=False)
>>> counted = match(
...     [random_agent(1), random_agent(2)],
...     hands=300,
...     seed=4,
...     duplicate=False,
...     value=all_in_equity_value,
... )
>>> plain.agents[0].chips == counted.agents[0].chips  # the same hands were played
True
>>> counted.agents[0].mbb_ci95 < plain.agents[0].mbb_ci95
True

A hand with several runs of the board, or whose betting reached the river, is counted by its
payoff. The chips of a split pot count as fractions (an odd chip is not modelled). As in a
tracker, the cards of a hand folded earlier stay in the run-out's deck: exact in heads-up play;
with three seats or more, a hand folded before an all-in is not taken out of the deck.

**AIVAT** (:func:`aivat`): a hand's payoff less zero-mean corrections at the chance events and
at the decisions of the seats whose strategy is known (Burch, Schmid, Moravčík, Morrill and
Bowling, 2018, "AIVAT: A New Variance Reduction Technique for Agent Evaluation in Imperfect
Information Games").

A value function ``u`` estimates what each seat will win from a point of the hand. At each
chance event (the deal of the hole cards, of each street) and at each decision of a seat whose
policy is known, the hand moved from a point ``h`` to a point ``h'``; the correction there is
``u(h') - E[u(h'')]``, the expectation over every outcome ``h''`` the event could have had with
its true probabilities (the cards left in the deck; the known policy's probabilities). Given
``h`` each correction has expectation zero, so the payoff less their sum has the payoff's
expectation, whatever ``u`` is (AIVAT's unbiasedness); the better ``u`` predicts, the more of
the luck the corrections take out: the cards' luck, and the known seats' own random choices.

Here the evaluator deals every card, so the points are full-information points (:class:`Situation`:
every seat's hole cards, the board, the chips each seat put in, who folded): the paper's
estimator over histories, which a match the evaluator runs itself can use. (Against a player
whose folded cards the evaluator never sees, the paper builds the value function from the
known player's side instead; that is not done here.)

The default value function, :data:`equity_value`, is each seat's exact all-in equity in the pot
over every run-out of the board, less what it put in (the hand's value if no more chips went
in). With it the expectation over a street's cards is the value before the street (the equity
over the run-outs is their mean), and over the hole cards of two seats ``pot / 2`` less what
each put in (the two hands are dealt alike): both exact, so the corrections cost one equity a
point. Another value function is a callable ``value(spot) -> [chips per seat]``; the
expectation over a street's cards is then enumerated (every flop: 17,296 calls), and the deal
of the hole cards gets no correction (its expectation over 1,624,350 deals is out of reach).

Heads-up only (two seats, no rake: the corrections are zero-sum then, as the payoffs).

>>> from holdem import Hand
>>> hand = Hand(
...     [200, 200],
...     blinds=(1, 2),
...     hole_cards=[("Ac", "Ad"), ("Kc", "Kd")],
...     board=["2s", "7h", "9d", "Js", "3c"],
... )
>>> hand.raise_to(200), hand.check_or_call()  # all in before the flop: aces win 400
(None, None)
>>> hand.payoffs
[200, -200]
>>> [round(x, 2) for x in aivat(hand)]  # the all-in equity (130.55) less the deal's luck
[129.57, -129.57]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from holdem._validate import check_type
from holdem.agent_eval.policies import Policy, decision_key
from holdem.analysis.equity import equity
from holdem.cards import Card
from holdem.engine.agents import Decision
from holdem.engine.events import EventKind
from holdem.engine.hand import Hand
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError
from holdem.stats.allin import all_in_values

__all__ = [
    "EquityValue",
    "Situation",
    "aivat",
    "aivat_value",
    "all_in_equity_value",
    "equity_value",
]

_BETTING = frozenset(
    {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE}
)
_DECK = tuple(Card(i) for i in range(52))


def all_in_equity_value(hand: Hand) -> list[float]:
    """Each seat's payoff in a finished ``hand``, counted by its all-in adjusted winnings when
    the betting ended before the river with at most one seat in the hand holding chips (see
    the module); else its payoff.

    >>> from holdem import Hand
    >>> hand = Hand([200, 200], blinds=(1, 2), hole_cards=[("Ac", "Ad"), ("Kc", "Kd")], seed=1)
    >>> hand.raise_to(200), hand.check_or_call()
    (None, None)
    >>> [round(x, 2) for x in all_in_equity_value(hand)]  # aces hold 82.6% of a 400 pot
    [130.55, -130.55]

    :raises ArgumentTypeError: for a hand that is not a Hand.
    """
    check_type(hand, Hand, "a hand")
    payoffs = [float(p) for p in hand.payoffs]
    rake = hand.rake
    if not hand.is_over or len(hand.boards) != 1 or not isinstance(rake, int):
        return payoffs  # (a fractional rake: the acpc rules' shares, not counted here)
    street = -1
    by_street: dict[int, str] = {}
    for event in hand.events:
        if event.kind in _BETTING:
            street = max(street, int(event.street))
        elif event.kind is EventKind.DEAL_BOARD:
            key = int(event.street)
            by_street[key] = by_street.get(key, "") + "".join(str(c) for c in event.cards)
    board = [by_street[k] for k in sorted(by_street)]
    seats = range(len(payoffs))
    values = all_in_values(
        "NT",
        ["".join(str(c) for c in hand.hole_cards(s)) for s in seats],
        board,
        street,
        hand.starting_stacks,
        hand.contributions,
        [not out for out in hand.folded],
        rake,
    )
    if values is None:
        return payoffs
    return [p if v is None else v for p, v in zip(payoffs, values, strict=True)]


class Situation(NamedTuple):
    """A point of a hand with every card known: each seat's hole cards, the board dealt so far,
    the chips each seat put in (this street's bets included) and who folded."""

    holes: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]


#: A value function: what each seat is expected to win (in chips) from a :class:`Situation`.
ValueFunction = Callable[[Situation], Sequence[float]]


class EquityValue:
    """Each seat's exact all-in equity in the pot over every run-out of the board (ties
    half), less the chips it put in; a seat left alone wins the pot. A martingale over the
    cards (see the module): :func:`aivat` takes its expectations in closed form.

    >>> from holdem import parse_cards
    >>> spot = Situation(
    ...     (tuple(parse_cards("AcAd")), tuple(parse_cards("KcKd"))), (), (2, 2), (False, False)
    ... )
    >>> [round(x, 3) for x in equity_value(spot)]
    [1.305, -1.305]
    """

    #: The expectation of the value over the next cards is the value now (see the module).
    martingale = True

    def __init__(self) -> None:
        self._equities: dict[tuple[tuple[Card, ...], ...], list[float]] = {}

    def __call__(self, spot: Situation) -> list[float]:
        pot = sum(spot.contributions)
        live = [s for s, out in enumerate(spot.folded) if not out]
        if len(live) == 1:
            return [(pot if s == live[0] else 0) - c for s, c in enumerate(spot.contributions)]
        key = (*(spot.holes[s] for s in live), spot.board)
        shares = self._equities.get(key)
        if shares is None:
            result = equity([spot.holes[s] for s in live], spot.board, exact=True)
            shares = self._equities[key] = [p.equity for p in result]
        out = [-float(c) for c in spot.contributions]
        for s, share in zip(live, shares, strict=True):
            out[s] += share * pot
        return out


#: The default value function of :func:`aivat` (see :class:`EquityValue`).
equity_value = EquityValue()


class _Replay:
    """A finished hand played again from its start, with every card as dealt."""

    def __init__(self, hand: Hand) -> None:
        n = hand.players
        self.n = n
        self.holes = tuple(tuple(hand.hole_cards(s)) for s in range(n))
        self.hand = Hand(
            list(hand.starting_stacks),
            forced_bets=hand.forced_bets,
            structure=hand.structure,
            rules=hand.rules,
            hole_cards=list(self.holes),
            board=list(hand.board),
        )

    def spot(self) -> Situation:
        h = self.hand
        return Situation(self.holes, tuple(h.board), tuple(h.contributions), tuple(h.folded))

    def after(self, seat: int, decision: Decision, spot: Situation) -> Situation:
        """``spot`` after ``seat`` takes ``decision`` (no card dealt)."""
        folded = list(spot.folded)
        contributions = list(spot.contributions)
        if decision == "fold":
            folded[seat] = True
        elif decision == "call":
            owed = max(self.hand.bets) - self.hand.bets[seat]
            contributions[seat] += min(owed, int(self.hand.stacks[seat]))
        elif isinstance(decision, int):
            contributions[seat] += decision - self.hand.bets[seat]
        return Situation(spot.holes, spot.board, tuple(contributions), tuple(folded))


def _board_expectation(value: ValueFunction, spot: Situation, count: int) -> list[float]:
    """The mean of ``value`` over every ``count`` next board cards, from the cards left."""
    used = {int(c) for hole in spot.holes for c in hole} | {int(c) for c in spot.board}
    left = [c for c in _DECK if int(c) not in used]
    total = [0.0] * len(spot.contributions)
    k = 0
    for cards in itertools.combinations(left, count):
        for s, x in enumerate(value(spot._replace(board=spot.board + cards))):
            total[s] += x
        k += 1
    return [x / k for x in total]


def aivat(
    hand: Hand,
    *,
    policies: Mapping[int, Policy] | None = None,
    value: ValueFunction | None = None,
) -> list[float]:
    """AIVAT's estimate of each seat's payoff in a finished heads-up ``hand`` (see the module):
    the payoff less the corrections at the deal of the hole cards, at each street's cards and
    at each decision of the seats in ``policies`` (seat -> its
    :data:`~holdem.agent_eval.policies.Policy`, asked again at each of its decisions, which it
    must have taken with those probabilities). ``value``: the value function (by default
    :data:`equity_value`).

    :raises ArgumentError: for a hand not over, not heads-up, with rake or several runs.
    :raises ArgumentTypeError: for a hand that is not a Hand, ``policies`` that is not a
        mapping, or a ``value`` or a policy that is not callable.
    :raises ActionError: when a known seat's decision has no probability in its policy.
    """
    check_type(hand, Hand, "a hand")
    if policies is not None and not isinstance(policies, Mapping):
        raise ArgumentTypeError(f"policies maps a seat to its policy, got {policies!r}")
    if not hand.is_over or hand.players != 2:
        raise ArgumentError("AIVAT reads a finished heads-up hand")
    if hand.rake or len(hand.boards) != 1:
        raise ArgumentError("AIVAT reads hands without rake and with one board")
    known = dict(policies or {})
    for k, given in known.items():
        if k not in (0, 1) or not callable(given):
            raise ArgumentTypeError(f"policies maps a seat (0 or 1) to a policy, got {k!r}")
    if value is None or value is equity_value:
        value = EquityValue()  # (its own cache of equities, for this hand only)
    elif not callable(value):
        raise ArgumentTypeError(f"value must be callable (a spot's values), got {value!r}")
    martingale = bool(getattr(value, "martingale", False))
    replay = _Replay(hand)
    n = replay.n
    corrections = [0.0] * n

    def correct(now: Sequence[float], expected: Sequence[float]) -> None:
        for s in range(n):
            corrections[s] += now[s] - expected[s]

    start = replay.spot()
    if martingale:  # the hole cards: two hands dealt alike, each worth pot / 2 on average
        pot = sum(start.contributions)
        correct(value(start), [pot / 2 - c for c in start.contributions])
    for event in hand.events:
        if event.kind not in _BETTING:
            continue
        seat = event.seat
        assert seat is not None
        live = replay.hand
        spot = replay.spot()
        taken: Decision
        if event.kind is EventKind.FOLD:
            taken = "fold"
        elif event.kind is EventKind.CHECK:
            taken = "check"
        elif event.kind is EventKind.CALL:
            taken = "call"
        else:
            taken = int(event.amount)
        policy = known.get(seat)
        if policy is not None:
            legal = live.legal_actions()
            dist = policy(live.view(seat), legal)
            mass = 0.0
            expected = [0.0] * n
            found = False
            for decision, p in dist.items():
                if p <= 0:
                    continue
                key = decision_key(decision, legal)
                found = found or key == taken
                mass += p
                for s, x in enumerate(value(replay.after(seat, key, spot))):
                    expected[s] += p * x
            if not found:
                raise ActionError(f"seat {seat} took {taken!r}, which its policy never takes")
            correct(value(replay.after(seat, taken, spot)), [x / mass for x in expected])
        if taken == "fold":
            live.fold(seat)
        elif taken == "check":
            live.check(seat)
        elif taken == "call":
            live.call(seat)
        else:
            assert isinstance(taken, int)
            live.raise_to(taken, seat)
        now = replay.spot()
        if now.board != spot.board:  # the streets the action closed the betting before
            _correct_board(value, martingale, now._replace(board=spot.board), now, correct)
    return [float(p) - c for p, c in zip(hand.payoffs, corrections, strict=True)]


def _correct_board(
    value: ValueFunction,
    martingale: bool,
    before: Situation,
    after: Situation,
    correct: Callable[[Sequence[float], Sequence[float]], None],
) -> None:
    """The corrections of the streets dealt between ``before`` and ``after`` (one each)."""
    sizes = {0: 3, 3: 1, 4: 1}
    spot = before
    while len(spot.board) < len(after.board):
        count = sizes[len(spot.board)]
        nxt = spot._replace(board=after.board[: len(spot.board) + count])
        expected = value(spot) if martingale else _board_expectation(value, spot, count)
        correct(value(nxt), expected)
        spot = nxt


def aivat_value(
    *,
    policies: Mapping[int, Policy] | None = None,
    value: ValueFunction | None = None,
) -> Callable[[Hand], list[float]]:
    """:func:`aivat` as :func:`holdem.match`'s ``value``: each finished hand counted by its AIVAT
    estimate. A match moves its agents from seat to seat, so ``policies`` (by seat) fits a match
    only when the seats' policies do not depend on who sits there (one policy in every seat);
    the chance corrections apply to every hand.

    >>> from holdem import match
    >>> from holdem.engine.agents import random_agent
    >>> plain = match([random_agent(1), random_agent(2)], hands=200, seed=4, duplicate=False)
    >>> counted = match(
    ...     [random_agent(1), random_agent(2)],
    ...     hands=200,
    ...     seed=4,
    ...     duplicate=False,
    ...     value=aivat_value(),
    ... )
    >>> counted.agents[0].mbb_ci95 < plain.agents[0].mbb_ci95
    True
    """
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"value must be callable (a spot's values), got {value!r}")

    def counted(hand: Hand) -> list[float]:
        return aivat(hand, policies=policies, value=value)

    return counted
