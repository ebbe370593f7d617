"""A match between agents over many hands, on any executor, with confidence intervals.

An agent is a callable (:data:`holdem.engine.agents.Agent`): given its
seat's :class:`~holdem.View` and :class:`~holdem.Legal`, it answers ``"fold"``, ``"check"``,
``"call"`` or the total to bet or raise to on this street. Every hand starts with the same
stacks. Seats rotate from deal to deal; with ``duplicate=True`` every deck is dealt once per
permutation of the agents over the seats (the variance reduction of the Annual Computer Poker
Competition's duplicate matches: luck of the cards cancels between the permutations), and the
deck is the unit of the confidence interval.

The deals are cut into chunks, each seeded from ``(seed, chunk index)``: the result does not
depend on how the chunks run (inline, on threads, or on any
:class:`concurrent.futures.Executor`: a ``ProcessPoolExecutor``, a Dask client's
``get_executor()``). With a process pool or Dask, the agents must pickle (module-level
functions or instances of module-level classes).

>>> from holdem.engine.agents import call_agent
>>> result = match([call_agent, call_agent], hands=40, seed=1)
>>> result.hands, [r.mbb_per_hand for r in result.agents]
(40, [0.0, 0.0])
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeAlias

from holdem._parallel import run_chunks
from holdem._validate import check_int, is_int, length
from holdem.cards import Card, CardLike
from holdem.engine.agents import hand_ended_hook
from holdem.engine.events import Chips, is_pending, pending_view, settle_view
from holdem.engine.hand import Hand, Legal, Street, View
from holdem.engine.rules import Rules, Structure
from holdem.engine.variants import GameArg
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, CardError

if TYPE_CHECKING:
    import concurrent.futures as cf

__all__ = [
    "MAX_HANDS",
    "AgentResult",
    "Deal",
    "MatchResult",
    "WinRates",
    "apply_decision",
    "match",
    "win_rates",
]

MAX_HANDS = 10**7
"""The most hands a :func:`match` plays (a few minutes; each deck's result is kept for the
confidence interval): a longer evaluation is several matches of their own seeds."""

_COMPLETE = Street.COMPLETE
_NO_LIMIT = Structure.NO_LIMIT
_CASINO = Rules.preset("casino")
_Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution

#: The cards of one deck of a :func:`match` given by ``deals``: each seat's hole cards (None for
#: cards at random), then the board (its first cards, or none; the rest dealt at random).
Deal: TypeAlias = tuple[Sequence[Sequence[CardLike] | None], Sequence[CardLike]]
_Showdown: TypeAlias = Literal["auto", "all"]


class WinRates(NamedTuple):
    """A win rate as the results show it: in milli-big-blinds per hand and big blinds per 100
    hands, each with the half-width of its 95% confidence interval."""

    mbb_per_hand: float
    mbb_ci95: float
    bb_per_100: float
    bb_per_100_ci95: float


def win_rates(mean: float, variance: float, units: int, big_blind: int) -> WinRates:
    """The :class:`WinRates` of ``mean`` chips a hand whose ``units`` independent units have
    ``variance`` (per hand; the interval by the normal approximation), at blinds whose big
    blind is ``big_blind``.

    >>> rates = win_rates(1.5, 25.0, 100, 2)
    >>> rates.mbb_per_hand, rates.bb_per_100, round(rates.mbb_ci95, 1)
    (750.0, 75.0, 490.0)
    """
    half = _Z95 * math.sqrt(variance / units) if units > 0 else 0.0
    return WinRates(
        1000 * mean / big_blind, 1000 * half / big_blind, 100 * mean / big_blind,
        100 * half / big_blind,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class AgentResult:
    """One agent's result: its winnings per hand in milli-big-blinds and big blinds per 100
    hands, each with the half-width of its 95% confidence interval (normal approximation over
    the independent units: decks with duplicate play, else hands). ``chips``: the chips won in
    all, exact (a Fraction when the ``acpc`` rules split a pot's odd chips)."""

    index: int
    hands: int
    chips: Chips
    mbb_per_hand: float
    mbb_ci95: float
    bb_per_100: float
    bb_per_100_ci95: float


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's result: one :class:`AgentResult` per agent, in the order given."""

    agents: tuple[AgentResult, ...]
    hands: int
    decks: int
    duplicate: bool


def apply_decision(hand: Hand, decision: object, legal: Legal) -> bool:
    """Take an agent's ``decision`` for the seat to act, whose legal actions are ``legal``.

    ``"fold"``, ``"check"`` and ``"call"`` (any case, spaces around them ignored) and an int
    total to bet or raise to are taken when they are legal; when ``legal`` is a discard
    (``legal.discard``: Pineapple), a :class:`holdem.Card` or a card's name (``"Ah"``, or
    ``"discard Ah"``) among those cards, discarded by ``legal.seat``. True then, else False and
    the hand is as it was. It raises nothing for a decision that is not legal: the caller says
    whose it was.

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), seed=0)
    >>> legal = hand.legal_actions()
    >>> apply_decision(hand, 3, legal), apply_decision(hand, "Call", legal), hand.street
    (False, True, <Street.PREFLOP: 0>)
    """
    if legal.discard is not None:
        card = _card(decision)
        if card is None or card not in legal.discard or not hand.can_discard(card, legal.seat):
            return False
        hand.discard(card, legal.seat)
        return True
    if isinstance(decision, str):  # (any other object's == may be anything)
        word = decision if decision == "call" or decision == "check" else decision.strip().lower()
    else:
        if is_int(decision) and hand.can_raise_to(decision):
            hand.raise_to(decision)
            return True
        return False
    if word == "fold":
        if legal.fold:
            hand.fold()
            return True
    elif (word == "check" and legal.check) or (word == "call" and legal.call is not None):
        hand.check_or_call()
        return True
    return False


def _card(decision: object) -> Card | None:
    """The card a discard names: a Card, or text such as ``"Ah"`` or ``"discard Ah"``."""
    if isinstance(decision, Card):
        return decision
    if not isinstance(decision, str):
        return None
    words = decision.split()
    if len(words) == 2 and words[0].lower() in ("d", "discard"):
        words = words[1:]
    try:
        return Card(words[0]) if len(words) == 1 else None
    except CardError:
        return None


def _dealt(
    deal: Deal | None,
    deck: int,
    stacks: Sequence[int],
    blinds: Sequence[int],
    structure: Structure | str,
    rules: Rules | str,
    game: GameArg,
    showdown: _Showdown,
    rng: random.Random,
) -> Hand:
    """The hand of deck number ``deck`` dealt the cards ``deal`` (see :data:`Deal`; None: all
    at random).

    :raises CardError: naming the deck, for cards the hand cannot deal.
    :raises ArgumentError: naming the deck, for a deal that is not (hole cards, board).
    """
    try:
        holes, board = (None, ()) if deal is None else deal
    except (TypeError, ValueError):
        raise ArgumentError(
            f"deck {deck} of deals is each seat's hole cards and the board, got {deal!r:.200}"
        ) from None
    try:
        return Hand(
            stacks, blinds=blinds, structure=structure, rules=rules, rng=rng, game=game,
            showdown=showdown, hole_cards=holes, board=board,
        )  # fmt: skip
    except CardError as exc:
        raise CardError(f"deck {deck} of deals: {exc}") from None


def _chunk(
    agents: Sequence[Callable[[View, Legal], Any]],
    seed: int,
    index: int,
    decks: int,
    first_deck: int,
    orders: Sequence[Sequence[int]],
    stacks: Sequence[int],
    blinds: Sequence[int],
    structure: Structure | str,
    rules: Rules | str,
    game: GameArg = None,
    value: Callable[[Hand], Sequence[float]] | None = None,
    deals: Sequence[Deal] | None = None,
    showdown: _Showdown = "auto",
) -> tuple[list[Chips], list[float | Fraction]]:
    """Play ``decks`` decks of one chunk: each agent's chips in all, and per unit (deck) in one
    flat list (agent ``a``'s chips in deck ``d`` at ``d * len(agents) + a``), or what
    ``value`` counts for each seat of each hand when it is given. ``deals``: the cards of each
    of the chunk's decks, if given."""
    rng = random.Random(f"holdem-match:{seed}:{index}")
    k = len(agents)
    # The agents' hand_ended methods (looked up once; None when no agent has one: no cost).
    hooks = [hand_ended_hook(a) for a in agents]
    ends = hooks if any(h is not None for h in hooks) else None
    chips: list[Chips] = []  # each agent's chips with each deck
    units: list[float | Fraction] = []  # what its hands count for, when value is given
    # Seat s's pending view (or None), from hand to hand: a view its agent neither read nor
    # kept is given to it again at its next decision (see HandState.play_agents).
    views: list[View | None] = [None] * k
    # The last Legal each seat was given on each street (see HandState.play_agents).
    legals: list[Legal | None] = [None] * (4 * k)
    rotate = len(orders) == 1
    last = len(orders) - 1
    # Every hand with Hand's defaults (dealt without naming them: see below)?
    plain = structure is _NO_LIMIT and rules is _CASINO and game is None and showdown == "auto"
    plays: Sequence[Sequence[int]] = orders
    # The agent in each seat of each seating (looked up once, not at every decision).
    players = [[agents[o[s]] for s in range(k)] for o in orders] if not rotate else []
    seatings = range(last + 1)
    for d in range(decks):
        if rotate:  # seats rotate from deal to deal
            shift = (first_deck + d) % k
            plays = [[(s + shift) % k for s in range(k)]]
            players = [[agents[(s + shift) % k] for s in range(k)]]
        unit: list[Chips] = [0] * k  # each agent's chips won with this deck
        if value is not None:
            counted: list[float] = [0.0] * k  # and what its hands count for
        # The deck, shuffled by the chunk's generator: the chunk deals the same decks wherever
        # it runs (a generator seeded for each deck would cost more than the hand's play).
        # Hand's defaults not given (the call parses each keyword given, at some cost).
        if plain and deals is None:
            dealt = Hand(stacks, blinds=blinds, rng=rng)
        else:
            deal = None if deals is None else deals[d]
            dealt = _dealt(
                deal, first_deck + d, stacks, blinds, structure, rules, game, showdown, rng
            )
        for p in seatings:  # each seating plays a copy of the hand as dealt
            seats = plays[p]
            hand = dealt if p == last else dealt.copy()
            # The hand kernel's loop (in Python it cost more than the hand); it adds each
            # seat's payoff to its agent's chips (exact: a Fraction of the acpc rules' odd
            # chips).
            refused = hand.play_agents(
                players[p], views, pending_view, is_pending, settle_view, apply_decision, legals,
                unit, seats,
            )  # fmt: skip
            if refused is not None:
                seat, decision, legal = refused
                raise ActionError(
                    f"agent {seats[seat]} chose {decision!r}, not legal: {legal} (fold, check, "
                    "call or a raise-to int; a card to discard)"
                )
            if ends is not None:  # each agent that has one is told of the hand's end
                for s in range(k):
                    end = ends[seats[s]]
                    if end is not None:
                        end(hand.view(s))
            if value is not None:
                for s, x in enumerate(value(hand)):
                    counted[seats[s]] += x
        chips += unit
        if value is not None:
            units += counted
    # Each agent's chips in all: the sum of its chips of each deck.
    total: list[Chips] = [sum(chips[a::k]) for a in range(k)]
    if value is None:
        units += chips
    return total, units


def match(
    agents: Sequence[Callable[[View, Legal], Any]],
    *,
    hands: int,
    seed: int = 0,
    duplicate: bool = True,
    stacks: int | Sequence[int] = 200,
    blinds: Sequence[int] = (1, 2),
    structure: Structure | str = "no-limit",
    rules: Rules | str = "casino",
    game: GameArg = None,
    executor: cf.Executor | None = None,
    threads: int = 1,
    chunk_decks: int = 250,
    progress: bool | Callable[[int, int], object] = False,
    value: Callable[[Hand], Sequence[float]] | None = None,
    deals: Sequence[Deal] | None = None,
    showdown: _Showdown = "auto",
) -> MatchResult:
    """Play ``agents`` against each other over ``hands`` hands and report each one's winnings.

    ``stacks``: each seat's stack at the start of every hand (an int for all; by default 100
    big blinds); ``game``: the game of every hand (hold'em by default; short deck, Omaha,
    Pineapple ...: see :mod:`holdem.engine.variants`); ``duplicate``: every deck once per
    permutation of the agents over the seats (``hands`` is rounded up to whole decks), else one
    hand per deck with the seats rotating.
    ``executor`` or ``threads`` run the chunks of ``chunk_decks`` decks; ``progress``: True for a
    progress bar on stderr, or a callable ``(chunks done, chunks)``. ``value``: what each seat
    of a finished hand counts for in the results (by default its payoff; an estimator with less
    variance, such as :func:`holdem.agent_eval.all_in_equity_value`); ``chips`` stays the chips
    won. ``deals``: the cards of each deck (:data:`Deal`; the ACPC dealer's, say:
    :func:`holdem.acpc.deals`), deck ``d`` dealt ``deals[d]``, instead of cards at random.
    ``showdown``: ``"auto"`` (a hand that cannot win is mucked) or ``"all"`` (every hand still
    in is shown, as the ACPC dealer does; see :class:`holdem.Hand`).
    An agent with a ``hand_ended`` method is told of the end of each hand it played (see
    :mod:`holdem.engine.agents`).

    :raises ArgumentError: for fewer than 2 agents, duplicate play with more than 6 agents, a
        ``showdown`` other than ``"auto"`` and ``"all"``, a bad count (``hands`` from 1 to
        :data:`MAX_HANDS`, ``threads`` from 1 up), fewer ``deals`` than decks, or a deal that
        is not (hole cards, board).
    :raises ArgumentTypeError: for an agent or a ``value`` that is not callable.
    :raises ActionError: when an agent's decision is not legal.
    :raises RulesError: for stacks or blinds that cannot be played, or an unknown game or one
        whose deck cannot deal every seat.
    :raises CardError: for a deal of cards the hand cannot deal (naming the deck).
    """
    k = length(agents, "agents")
    if k < 2:
        raise ArgumentError(f"a match needs 2 agents or more, got {k}")
    for agent in agents:
        if not callable(agent):
            raise ArgumentTypeError(f"an agent must be callable, got {agent!r}")
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"value must be callable (a finished hand's values), got {value!r}")
    check_int(hands, "hands", 1, MAX_HANDS)
    check_int(threads, "threads", 1)
    check_int(chunk_decks, "chunk_decks", 1)
    seed = check_int(seed, "seed", 0)
    if showdown not in ("auto", "all"):  # ("manual" would leave the hands waiting)
        raise ArgumentError(f"showdown is 'auto' or 'all', got {showdown!r:.40}")
    if duplicate and k > 6:
        raise ArgumentError(f"duplicate play with {k} agents would deal each deck {k}! times")
    seat_stacks = [stacks] * k if isinstance(stacks, int) else list(stacks)
    # Named once here rather than at every deal (the hands take the objects as they are).
    if isinstance(structure, str):
        structure = Structure.parse(structure)
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    orders = [list(p) for p in itertools.permutations(range(k))] if duplicate else [[]]
    per_deck = len(orders) if duplicate else 1
    decks = -(-hands // per_deck)
    given_deals: object = deals
    if given_deals is not None:
        if isinstance(given_deals, str) or not isinstance(given_deals, Sequence):
            raise ArgumentTypeError(f"deals is a sequence of decks' cards, got {deals!r:.200}")
        if len(given_deals) < decks:
            raise ArgumentError(f"{decks:,} decks to play but {len(given_deals):,} deals")
    for agent in agents:
        hand_ended_hook(agent)  # (a hand_ended that is not a method: refused before any hand)
    args = []
    for c, first in enumerate(range(0, decks, chunk_decks)):
        n = min(chunk_decks, decks - first)
        given = None if deals is None else list(deals[first : first + n])
        args.append(
            (agents, seed, c, n, first, orders, seat_stacks, tuple(blinds), structure, rules,
             game, value, given, showdown)
        )  # fmt: skip
    report = _progress_bar if progress is True else progress or None
    parts = run_chunks(_chunk, args, threads=threads, executor=executor, progress=report)
    if progress is True and _stderr_is_tty():
        print(file=sys.stderr)  # the end of the bar's line
    bb = max(blinds) if blinds else 1
    units: list[float | Fraction] = []
    for _, flat in parts:
        units += flat
    played = decks * per_deck
    results = []
    for a in range(k):
        chips = sum(total[a] for total, _ in parts)
        mean = float(chips if value is None else sum(units[a::k])) / played
        var = _variance(units, k, a, per_deck, mean)
        results.append(AgentResult(a, played, chips, *win_rates(mean, var, decks, bb)))
    return MatchResult(agents=tuple(results), hands=played, decks=decks, duplicate=duplicate)


def _variance(units: list[float | Fraction], k: int, a: int, per_deck: int, mean: float) -> float:
    """The sample variance of agent ``a``'s mean chips per hand in each unit (``units``: as
    :func:`_chunk` gives them, ``k`` agents), around ``mean``; 0.0 for a single unit."""
    n = len(units) // k
    if n < 2:
        return 0.0
    # x / per_deck: its mean chips per hand in a unit
    return sum([(x / per_deck - mean) ** 2 for x in units[a::k]]) / (n - 1)


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by an object without one, or closed
        return False


def _progress_bar(done: int, total: int) -> None:
    """The bar of ``progress=True``: redrawn in place on a terminal; into a pipe or a file, a
    plain line at each tenth of the chunks (no carriage returns, a low rate)."""
    if not _stderr_is_tty():
        if done == total or 10 * done // total != 10 * (done - 1) // total:
            sys.stderr.write(f"{done}/{total} chunks\n")
            sys.stderr.flush()
        return
    width = 40
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} chunks")
    sys.stderr.flush()
