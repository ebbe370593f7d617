"""Local Best Response: a lower bound on how much a heads-up no-limit agent can be beaten.

Lisý and Bowling (2017), "Equilibrium Approximation Quality of Current No-Limit Poker Bots".
The local best response (LBR) plays the agent hand after hand and knows its policy. It keeps
the agent's range: a weight for each of the 1,326 hole-card pairs, those that share a card with
its own hand or the board at 0, every other starting at 1, and after each of the agent's
actions multiplied by the probability the agent's policy gives that action with that pair in
its hand (Bayes' rule). At each of its own decisions it weighs fold, check or call, and a bet
or raise of each size of ``bet_fractions``, by their expected value on two assumptions: the
agent folds to a bet or raise as its policy over its range says, and otherwise calls, after
which no more is bet and the hand is won with the equity of LBR's hand against the range
(``wp``). With ``pot`` all the chips put in so far, ``asked`` what LBR must add to call, and a
raise to a total that puts ``x`` more chips in from LBR and ``y`` from the agent when called:

- check or call: ``wp * pot - (1 - wp) * asked``;
- a raise: ``fp * pot + (1 - fp) * (wp * (pot + y) - (1 - wp) * x)``, ``fp`` the agent's
  probability of folding to it;
- fold: 0, taken when nothing else is worth more than 0 (never when LBR may check).

The equity is exact after the flop (the kernels of :mod:`holdem.analysis.equity` over every
run-out); before it, exact against a uniform range (the starting hand's equity against a random
hand) and otherwise sampled (``preflop_samples`` deals).

A bet size ``f`` is a raise to the largest bet plus ``f`` times the pot after the call (a pot
raise for 1.0), within the legal range; ``"all-in"`` is the seat's whole stack. Every deck is
played twice, LBR in each seat, and the deck is the unit of the confidence interval.

>>> from holdem.agent_eval.policies import as_policy
>>> fold = as_policy(lambda view, legal: "fold" if legal.fold else "check")
>>> result = local_best_response(fold, hands=20, seed=1)
>>> result.mbb_per_hand, result.mbb_ci95  # the blinds: (100 + 50) / 2 a hand, 100 a big blind
(750.0, 0.0)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from holdem._parallel import run_chunks
from holdem._validate import check_collection, check_int, check_samples, check_seed, is_int
from holdem.agent_eval.policies import Policy, as_policy, decision_key, sample_decision
from holdem.analysis.equity import PlayerLike, equity, preflop_equity
from holdem.analysis.ranges import Range
from holdem.analysis.starting import hand_class
from holdem.cards import Card, parse_cards
from holdem.engine.agents import Decision, hand_ended_hook
from holdem.engine.events import Event, EventKind, Legal, View
from holdem.engine.hand import Hand
from holdem.engine.matches import apply_decision, win_rates
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, CardError

if TYPE_CHECKING:
    import concurrent.futures as cf

__all__ = ["LBRResult", "local_best_response", "range_equity"]

_CARDS = tuple(Card(i) for i in range(52))
#: The 1,326 hole-card pairs as (higher card, lower card) indices, in a Range's order.
COMBOS: tuple[tuple[int, int], ...] = tuple((hi, lo) for hi in range(52) for lo in range(hi))
_MASKS = tuple((1 << hi) | (1 << lo) for hi, lo in COMBOS)
_INDEX = {combo: i for i, combo in enumerate(COMBOS)}
_PAIRS = tuple((_CARDS[hi], _CARDS[lo]) for hi, lo in COMBOS)
# The deal of each pair to each seat, as a seat's own view shows it (made once, then reused).
_DEALS: dict[tuple[int, int], Event] = {}


@dataclass(frozen=True, slots=True)
class LBRResult:
    """What the local best response won from the agent: in chips over all hands, in
    milli-big-blinds per hand and big blinds per 100 hands, each with the half-width of its 95%
    confidence interval (normal approximation over the decks, each played in both seats)."""

    hands: int
    decks: int
    chips: int
    mbb_per_hand: float
    mbb_ci95: float
    bb_per_100: float
    bb_per_100_ci95: float


def _mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def range_equity(
    hole: Sequence[Card],
    board: Sequence[Card],
    weights: Sequence[float],
    *,
    preflop_samples: int = 20_000,
    seed: int = 0,
) -> float:
    """The all-in equity of ``hole`` against a weighted range on ``board``: ``weights`` gives
    each of the 1,326 pairs of :data:`COMBOS` a weight (pairs that share a card with ``hole``
    or ``board`` count for nothing). Ties count half. Exact after the flop and, before it,
    against a uniform range; else sampled (``preflop_samples`` deals, from ``seed``).

    :raises ArgumentError: when no pair of the range is left, for other than 1,326 weights, a
        weight that is not a finite number >= 0, or a bad sample count or seed.
    :raises CardError: for a hole that is not two cards, a board of other than 0, 3, 4 or 5
        cards, or a card given twice.

    >>> from holdem import parse_cards
    >>> weights = [0.0] * 1326
    >>> weights[COMBOS.index((int(Card("Kd")), int(Card("Kc"))))] = 1.0
    >>> round(range_equity(parse_cards("AsAh"), parse_cards("2c7d9s"), weights), 4)
    0.9162
    """
    hole = parse_cards(hole)
    board = parse_cards(board)
    if len(hole) != 2 or len(board) not in (0, 3, 4, 5) or len({*hole, *board}) < 2 + len(board):
        raise CardError(
            f"two hole cards and a board of 0, 3, 4 or 5 cards, none twice: {hole}, {board}"
        )
    check_collection(weights, "weights", "[0.0] * 1326", ArgumentError)
    given: list[object] = list(itertools.islice(weights, 1327))
    checked: list[float] = []
    for w in given:  # (compared as they are: an int of 400 digits has no float)
        if isinstance(w, bool) or not isinstance(w, int | float) or not 0 <= w <= 1e300:
            break
        checked.append(float(w))
    if len(checked) != 1326 or len(given) != 1326:
        raise ArgumentError("weights are 1,326 finite numbers >= 0, one for each pair of COMBOS")
    check_samples(preflop_samples)
    if check_seed(seed) is None:
        raise ArgumentError("range_equity needs a seed (an int from 0 to 2**64 - 1), got None")
    return _range_equity(hole, board, checked, preflop_samples, seed)


def _range_equity(
    hole: Sequence[Card],
    board: Sequence[Card],
    weights: Sequence[float],
    preflop_samples: int,
    seed: int,
) -> float:
    """:func:`range_equity` of checked arguments (the response's own calls)."""
    dead = _mask(hole) | _mask(board)
    top = 0.0
    live: list[int] = []
    for i, w in enumerate(weights):
        if w > 0 and not _MASKS[i] & dead:
            live.append(i)
            if w > top:
                top = w
    if not live:
        raise ArgumentError("the range holds no pair that the hand and the board leave")
    if not board and len(live) == 1326 - 101 and all(weights[i] == top for i in live):
        return preflop_equity(hand_class(hole)).equity  # uniform: exact, from the table
    items = tuple((COMBOS[i], min(1.0, weights[i] / top)) for i in live)
    players: list[PlayerLike] = [tuple(hole), Range(items)]
    if board:
        return equity(players, board, exact=True)[0].equity
    return equity(players, samples=preflop_samples, seed=seed)[0].equity


def _views_of(view: View, live: Sequence[int]) -> list[View]:
    """``view`` as it would read with each pair of ``live`` in the seat's hand."""
    seat = view.seat
    events = view.events
    k = next(
        (j for j, e in enumerate(events) if e.kind is EventKind.DEAL_HOLE and e.seat == seat),
        None,
    )
    head = events if k is None else events[:k]
    tail = () if k is None else events[k + 1 :]
    deal = None if k is None else events[k]
    board, street, actor, legal = view.board, view.street, view.actor, view.legal
    stacks, bets, pots, folded = view.stacks, view.bets, view.pots, view.folded
    shown, pot_total, to_call, discarding = view.shown, view.pot_total, view.to_call, ()
    out = []
    for i in live:
        cards = _PAIRS[i]
        if deal is not None:
            key = (seat, i)
            made = _DEALS.get(key)
            if made is None or made.amount != deal.amount or made.street != deal.street:
                made = _DEALS[key] = Event(deal.kind, seat, deal.amount, cards, deal.street)
            seen = (*head, made, *tail)
        else:
            seen = events
        out.append(
            View(seat, cards, board, street, actor, legal, stacks, bets, pots, folded, shown,
                 seen, pot_total, to_call, discarding)
        )  # fmt: skip
    return out


class _Game:
    """One hand's play between LBR (seat ``me``) and the agent's policy."""

    def __init__(
        self,
        policy: Policy,
        fractions: Sequence[float | str],
        rng: random.Random,
        preflop_samples: int,
        ended: Callable[[View], object] | None = None,
    ) -> None:
        self.policy = policy
        self.ended = ended
        self.fractions = fractions
        self.rng = rng
        self.preflop_samples = preflop_samples

    def play(self, hand: Hand, me: int) -> int:
        """Play ``hand`` out with LBR in seat ``me``; LBR's payoff in chips."""
        opp = 1 - me
        mine = hand.hole_cards(me)
        weights = [1.0] * 1326
        while not hand.is_over:
            seat = hand.actor
            if seat is None:  # pragma: no cover - a hand not over always has a seat to act
                raise ActionError("no seat to act in a hand that is not over")
            dead = _mask(mine) | _mask(hand.board)
            for i in range(1326):
                if weights[i] and _MASKS[i] & dead:
                    weights[i] = 0.0
            legal = hand.legal_actions()
            if seat == opp:
                self._agent_acts(hand, opp, legal, weights)
            else:
                decision = self._choose(hand, me, legal, mine, weights)
                if not apply_decision(hand, decision, legal):  # pragma: no cover
                    raise ActionError(f"LBR chose {decision!r}, not legal: {legal}")
        if self.ended is not None:  # the agent's hand_ended (see holdem.engine.agents)
            self.ended(hand.view(opp))
        return int(hand.payoffs[me])

    def _agent_acts(self, hand: Hand, opp: int, legal: Legal, weights: list[float]) -> None:
        """The agent acts from its real hand; its range is updated by Bayes' rule."""
        live = [i for i in range(1326) if weights[i] > 0]
        views = _views_of(hand.view(opp), live)
        policy = self.policy
        dists = [policy(v, legal) for v in views]
        real_cards = hand.hole_cards(opp)
        a, b = int(real_cards[0]), int(real_cards[1])
        real = live.index(_INDEX[(a, b) if a > b else (b, a)])
        decision = decision_key(sample_decision(dists[real], self.rng), legal)
        top = 0.0
        for i, dist in zip(live, dists, strict=True):
            w = weights[i] * dist.get(decision, 0.0)
            weights[i] = w
            if w > top:
                top = w
        if top > 0:
            for i in live:
                weights[i] /= top
        if not apply_decision(hand, decision, legal):
            raise ActionError(f"the agent chose {decision!r}, not legal: {legal}")

    def _fold_probability(self, hand: Hand, me: int, total: int, weights: list[float]) -> float:
        """The agent's probability of folding, over its range, to a raise to ``total``."""
        after = hand.copy()
        after.raise_to(total)
        opp = 1 - me
        if after.actor != opp:
            return 0.0  # it cannot act (it is all in): it never folds
        legal = after.legal_actions()
        if not legal.fold:  # pragma: no cover - a seat facing a raise may always fold
            return 0.0
        live = [i for i in range(1326) if weights[i] > 0]
        policy = self.policy
        folds = mass = 0.0
        for i, view in zip(live, _views_of(after.view(opp), live), strict=True):
            w = weights[i]
            mass += w
            folds += w * policy(view, legal).get("fold", 0.0)
        return folds / mass if mass > 0 else 0.0

    def _choose(
        self, hand: Hand, me: int, legal: Legal, mine: tuple[Card, ...], weights: list[float]
    ) -> Decision:
        """LBR's decision: the largest expected value of fold, check or call and the raises."""
        opp = 1 - me
        pot = hand.pot_total
        asked = legal.call or 0
        wp = _range_equity(
            mine, hand.board, weights, self.preflop_samples, self.rng.randrange(2**32)
        )
        best: Decision = "check" if legal.check else "call"
        value = wp * pot - (1 - wp) * asked
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            bets = hand.bets
            top = max(bets)
            mine_bet, opp_bet = bets[me], bets[opp]
            cover = opp_bet + hand.stacks[opp]  # the most the agent can match
            totals: list[int] = []
            for f in self.fractions:
                if f == "all-in":
                    total = high
                else:
                    assert isinstance(f, float | int)
                    total = min(max(top + int(f * (pot + asked) + 0.5), low), high)
                if total not in totals:
                    totals.append(total)
            for total in totals:
                fp = self._fold_probability(hand, me, total, weights)
                matched = min(total, cover)
                x, y = matched - mine_bet, matched - opp_bet
                v = fp * pot + (1 - fp) * (wp * (pot + y) - (1 - wp) * x)
                if v > value:
                    best, value = total, v
        if value <= 0 and asked > 0 and legal.fold:
            return "fold"
        return best


def _check_fractions(fractions: object) -> tuple[float | str, ...]:
    if isinstance(fractions, str) or not isinstance(fractions, Sequence) or not fractions:
        raise ArgumentTypeError(
            f"bet_fractions is a sequence of pot fractions and 'all-in', got {fractions!r}"
        )
    out: list[float | str] = []
    for f in fractions:
        if f == "all-in":
            out.append("all-in")
        elif isinstance(f, bool) or not isinstance(f, int | float) or not 0 < f <= 100:
            raise ArgumentError(f"a bet fraction is a number in (0, 100] or 'all-in', got {f!r}")
        else:
            out.append(float(f))
    return tuple(out)


def _chunk(
    policy: Policy,
    seed: int,
    first: int,
    decks: int,
    stacks: int,
    blinds: tuple[int, int],
    fractions: tuple[float | str, ...],
    preflop_samples: int,
    ended: Callable[[View], object] | None = None,
) -> list[int]:
    """Play decks ``first`` to ``first + decks - 1``, each in both seats; LBR's chips per deck.
    Each deck has a generator of its own, seeded from ``(seed, deck)``: the result does not
    depend on how the decks are cut into chunks (the cost is nothing beside LBR's)."""
    units = []
    for d in range(first, first + decks):
        rng = random.Random(f"holdem-lbr:{seed}:{d}")
        game = _Game(policy, fractions, rng, preflop_samples, ended)
        dealt = Hand([stacks, stacks], blinds=blinds, rng=rng)
        won = game.play(dealt.copy(), 0)
        won += game.play(dealt, 1)
        units.append(won)
    return units


def local_best_response(
    agent: Callable[[View, Legal], Any],
    *,
    hands: int,
    seed: int = 0,
    blinds: Sequence[int] = (50, 100),
    stacks: int = 20_000,
    bet_fractions: Sequence[float | str] = (1.0, "all-in"),
    preflop_samples: int = 20_000,
    threads: int = 1,
    executor: cf.Executor | None = None,
    chunk_decks: int = 50,
) -> LBRResult:
    """What the local best response wins from a heads-up no-limit ``agent`` (see the module).

    ``agent``: a :data:`~holdem.agent_eval.policies.Policy`, a holdem agent or a plain callable
    (read through :func:`~holdem.agent_eval.policies.as_policy`: a deterministic agent's decision
    has probability 1). ``hands``: rounded up to whole decks of two hands (LBR in each seat);
    ``blinds`` (small, big) and ``stacks`` (each seat's, at every hand: 200 big blinds by
    default, the ACPC's game); ``bet_fractions``: LBR's bet sizes, fractions of the pot and
    ``"all-in"``; ``preflop_samples``: the deals that estimate a pre-flop equity against a
    range that is not uniform. Each deck is seeded from ``(seed, deck)``; the decks are cut
    into chunks of ``chunk_decks``, run inline, on ``threads`` or on ``executor`` (the agent
    must then pickle): the result depends on ``seed`` only. An agent with a ``hand_ended``
    method is told of the end of each hand (see :mod:`holdem.engine.agents`); LBR asks it
    about hands it does not hold, so an ACPC client plays through
    :meth:`holdem.acpc.agent.ClientAgent.query`.

    :raises ArgumentError: for a bad count, blinds or fractions.
    :raises ArgumentTypeError: for an agent that is not callable, or an argument of the wrong
        type.
    :raises ActionError: when the agent's policy gives no decision, or one that is not legal.
    """
    policy = as_policy(agent)
    ended = hand_ended_hook(agent)
    decks_wanted = check_int(hands, "hands", 1, 10**9)
    seed = check_int(seed, "seed", 0)
    check_int(threads, "threads", 1, 256)
    check_int(chunk_decks, "chunk_decks", 1)
    check_int(preflop_samples, "preflop_samples", 100, 10**9)
    given: object = blinds
    if not isinstance(given, Sequence) or isinstance(given, str) or len(given) != 2:
        raise ArgumentError(f"blinds are two amounts (small, big), got {blinds!r}")
    small, big = (check_int(b, "a blind", 1) for b in blinds)
    if not is_int(stacks):
        raise ArgumentTypeError(f"stacks is an int (each seat's chips), got {stacks!r}")
    check_int(stacks, "stacks", big + 1)
    fractions = _check_fractions(bet_fractions)
    decks = -(-decks_wanted // 2)
    args = []
    for first in range(0, decks, chunk_decks):
        n = min(chunk_decks, decks - first)
        args.append(
            (policy, seed, first, n, stacks, (small, big), fractions, preflop_samples, ended)
        )
    parts = run_chunks(_chunk, args, threads=threads, executor=executor)
    units = [u for part in parts for u in part]
    played = 2 * decks
    chips = sum(units)
    mean = chips / played
    var = sum((u / 2 - mean) ** 2 for u in units) / (decks - 1) if decks > 1 else 0.0
    return LBRResult(played, decks, chips, *win_rates(mean, var, decks, big))
