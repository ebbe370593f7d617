"""Agents: the protocol of a player that the engine asks, and the built-in bots.

An agent (:data:`Agent`) is the callable that :func:`holdem.engine.matches.match`, a
:class:`~holdem.Tournament`, ``holdem play`` and the ACPC client
(:class:`holdem.acpc.client.Client`) ask for each decision: given its seat's
:class:`~holdem.View` and :class:`~holdem.Legal`, it answers (:data:`Decision`) ``"fold"``,
``"check"``, ``"call"`` or the total to bet or raise to on this street; when its seat is to
discard (Pineapple, Crazy Pineapple: ``Legal.discard``), the card to give up. Three are built
in, by name in :data:`BOTS`:

- ``random``: a legal action at random (:func:`random_agent`);
- ``call``: the calling station, which checks when it can and calls otherwise
  (:func:`call_agent`);
- ``equity``: :class:`EquityAgent`, which weighs its Monte Carlo equity against random hands
  with the pot odds.

Each built-in bot discards too: ``random`` a card at random, ``call`` by :func:`best_discard`,
``equity`` the card whose loss leaves the best equity.

An agent may also have a method ``hand_ended(view)``: the match runner
(:func:`holdem.engine.matches.match`), the local best response
(:func:`holdem.agent_eval.local_best_response`) and the ``holdem play`` and ``holdem
tournament`` commands call it once each hand the agent played is over,
with its seat's :class:`~holdem.View` of the finished hand (every action, the board, the cards
shown, the ``win`` events). With the views of its decisions, which hold every action before
them, it tells the agent all that its seat saw of the hand, action by action (what an ACPC
client is sent: :class:`holdem.acpc.agent.ClientAgent`). What it returns is ignored; what it
raises ends the match. :func:`hand_ended_hook` finds it.

>>> from holdem import Hand
>>> hand = Hand([100, 100], blinds=(1, 2), hole_cards=[("7c", "2d"), ("As", "Ah")], seed=0)
>>> bot("equity", seed=1)(hand.view(1), hand.legal_actions())  # the button raises aces
6
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypeAlias

from holdem import _core
from holdem._validate import check_int, check_seed
from holdem.analysis.equity import PlayerLike, equity, preflop_equity
from holdem.analysis.starting import hand_class
from holdem.cards import Card
from holdem.engine.events import Legal, View
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

__all__ = [
    "BOTS",
    "Agent",
    "Decision",
    "EquityAgent",
    "best_discard",
    "bot",
    "call_agent",
    "hand_ended_hook",
    "load_agent",
    "random_agent",
]

#: What an agent answers: "fold", "check", "call", or the total to bet or raise to on this street;
#: to discard (``Legal.discard``), a :class:`holdem.Card` (or its name).
Decision: TypeAlias = str | int
#: A player: given the seat's view and the legal actions, its decision.
Agent: TypeAlias = Callable[[View, Legal], Decision]


def hand_ended_hook(agent: object) -> Callable[[View], object] | None:
    """The agent's ``hand_ended`` method (see the module), or None when it has none.

    :raises ArgumentTypeError: when the agent's ``hand_ended`` is not callable.

    >>> hand_ended_hook(call_agent) is None
    True
    """
    hook = getattr(agent, "hand_ended", None)
    if hook is not None and not callable(hook):
        raise ArgumentTypeError(f"an agent's hand_ended is a method, got {hook!r} on {agent!r}")
    return hook


def call_agent(view: View, legal: Legal) -> Decision:
    """The default agent: check when it can, else call (to discard in Pineapple, the card
    :func:`best_discard` gives).

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), seed=0)
    >>> call_agent(hand.view(1), hand.legal_actions())
    'call'
    """
    if legal.discard is not None:
        return best_discard(view, legal)
    return "check" if legal.check else "call"


def random_agent(seed: int | None = None) -> Agent:
    """An agent that picks a legal action at random (a raise to a random legal total; to
    discard, a card at random).

    :raises ArgumentTypeError: if ``seed`` is neither None nor an int.
    :raises ArgumentError: for a negative ``seed``.

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), seed=0)
    >>> agent = random_agent(7)
    >>> all(
    ...     hand.can_raise_to(d) if isinstance(d, int) else d in ("fold", "call")
    ...     for d in (agent(hand.view(1), hand.legal_actions()) for _ in range(20))
    ... )
    True
    """
    rng = random.Random(check_seed(seed))

    def agent(view: View, legal: Legal) -> Decision:
        if legal.discard is not None:
            return rng.choice(legal.discard)
        options: list[Decision] = []
        if legal.fold:
            options.append("fold")
        options.append("check" if legal.check else "call")
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            options.append(rng.randint(legal.min_raise_to, legal.max_raise_to))
        return rng.choice(options)

    return agent


def best_discard(view: View, legal: Legal) -> Card:
    """The card of ``legal.discard`` to give up so that the two kept play best (a rule of thumb).

    With three board cards or more, the two kept make the best hold'em hand with the board;
    between two keeps that make the same hand (and before the flop), the better keep is the
    one of higher pre-flop equity against one random hand (:func:`holdem.preflop_equity`).

    :raises ActionError: when ``legal`` is not a discard (``legal.discard`` is None).

    >>> from holdem import Hand
    >>> hand = Hand(
    ...     [100, 100],
    ...     blinds=(1, 2),
    ...     game="pineapple",
    ...     hole_cards=[("As", "7d", "Ah"), ("Kc", "Qc", "2d")],
    ...     seed=1,
    ... )
    >>> hand.check_or_call(), hand.check_or_call()
    (None, None)
    >>> best_discard(hand.view(0), hand.legal_actions())  # seat 0 keeps its aces
    Card('7d')
    """
    cards = legal.discard
    if cards is None:
        raise ActionError(f"seat {legal.seat} is not to discard: {legal}")
    board = view.board

    def strength(kept: Sequence[Card]) -> tuple[int, float]:
        made = _core.evaluate((*kept, *board)) if len(board) >= 3 else 0
        return made, preflop_equity(hand_class(kept)).equity

    best = max(combinations(cards, 2), key=strength)
    return next(c for c in cards if c not in best)


class EquityAgent:
    """A bot that plays its equity against random hands, with the pot odds.

    At each decision it estimates, by Monte Carlo over ``samples`` deals, the equity of its
    hole cards against one uniformly random hand per opponent still in, on the board so far.
    With ``n`` opponents an even share is ``1 / (n + 1)``; halfway from that share to 1 it
    bets or raises the pot (raise to the largest bet plus the pot after a call, within the
    legal range), a quarter of the way it bets half the pot when no one has bet, else it checks;
    facing a bet it calls when its equity is at least the pot odds (the call over the pot after
    the call), and folds otherwise. Each decision takes a few milliseconds. Reproducible for a
    given ``seed`` (by default drawn from the operating system).

    :raises ArgumentTypeError: if ``seed`` or ``samples`` is not an int.
    :raises ArgumentError: for a negative ``seed`` or fewer than 100 ``samples``.

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), hole_cards=[("7c", "2d"), ("Ks", "Kh")], seed=0)
    >>> hand.raise_to(100)  # seat 1 (the button) moves all in: seat 0 holds 7-2 offsuit
    >>> EquityAgent(seed=3)(hand.view(0), hand.legal_actions())
    'fold'
    """

    __slots__ = ("_rng", "samples")

    def __init__(self, seed: int | None = None, *, samples: int = 4_000) -> None:
        self._rng = random.Random(check_seed(seed))
        self.samples = check_int(samples, "samples", 100)

    def equity(self, view: View, hole: Sequence[Card] | None = None) -> float:
        """The seat's equity against a random hand for each opponent still in (Monte Carlo).

        ``hole``: the hole cards to weigh (by default the seat's). Two cards are weighed as in
        hold'em; three (a Pineapple hand before its discard) as the best two of them at the
        showdown (Lazy Pineapple), against three random cards; four to six as Omaha's high
        hand. A board of one or two cards (Manila) counts as cards out of the deck.
        """
        opponents = sum(1 for s, out in enumerate(view.folded) if not out and s != view.seat)
        mine = tuple(view.hole_cards if hole is None else hole)
        players: list[PlayerLike] = [mine, *(["random"] * max(opponents, 1))]
        seed = self._rng.randrange(2**32)
        board, dead = (view.board, ()) if len(view.board) not in (1, 2) else ((), view.board)
        if len(mine) == 2:
            result = equity(players, board=board, dead=dead, samples=self.samples, seed=seed)
        else:
            game = "lazy-pineapple" if len(mine) == 3 else "omaha"
            result = equity(players, board, dead, game=game, samples=self.samples, seed=seed)
        return result.equity[0]

    def __call__(self, view: View, legal: Legal) -> Decision:
        """The decision at ``view`` (see the class): ``"fold"``, ``"check"``, ``"call"`` or an
        amount to raise to; to discard, the card whose loss leaves the best equity."""
        if legal.discard is not None:
            cards = legal.discard
            kept = max(combinations(cards, 2), key=lambda two: self.equity(view, two))
            return next(c for c in cards if c not in kept)
        share = 1 / (sum(1 for out in view.folded if not out) or 1)
        mine = self.equity(view)
        top = max(view.bets, default=0)
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            target = None
            if mine >= share + (1 - share) / 2:
                target = top + view.pot_total + view.to_call  # a pot-sized bet or raise
            elif legal.check and top == 0 and mine >= share + (1 - share) / 4:
                target = view.pot_total // 2
            if target is not None:
                return min(max(target, low), high)
        if legal.check:
            return "check"
        if legal.call is not None and mine * (view.pot_total + legal.call) >= legal.call:
            return "call"
        return "fold" if legal.fold else "call"

    def __repr__(self) -> str:
        return f"EquityAgent(samples={self.samples})"


#: The built-in bots by name: each entry makes one from a seed (None: from the OS).
BOTS: dict[str, Callable[[int | None], Agent]] = {
    "random": random_agent,
    "call": lambda seed: call_agent,
    "equity": EquityAgent,
}


def bot(name: str, seed: int | None = None) -> Agent:
    """A new built-in bot by its name in :data:`BOTS` (``random``, ``call``, ``equity``).

    :raises ArgumentError: for any other name, or a negative ``seed``.
    :raises ArgumentTypeError: for a ``seed`` that is not an int.

    >>> bot("call") is call_agent
    True
    """
    make = BOTS.get(name)
    if make is None:
        raise ArgumentError(f"no bot named {name!r}: the bots are {', '.join(BOTS)}")
    return make(check_seed(seed))


#: What a command line or a caller may name as an agent, in every message that lists them.
AGENT_CHOICES = f"{', '.join(BOTS)} or module:callable (a class there is instantiated)"


def load_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent ``spec`` names: a built-in bot of :data:`BOTS` made with ``seed``, or
    ``module:callable`` (``module:obj.attr`` too).

    A class named so is instantiated, with ``seed=seed`` when its constructor takes a ``seed``
    (so ``holdem.engine.agents:EquityAgent`` is the ``equity`` bot); any other callable is the
    agent itself.

    :raises ArgumentError: if ``spec`` is none of these, names nothing that can be imported,
        names a class that cannot be made without arguments, or names something that is not
        callable; for a negative ``seed``.
    :raises ArgumentTypeError: if ``spec`` is not a str, or ``seed`` not an int.

    >>> load_agent("call") is call_agent
    True
    >>> load_agent("holdem.engine.agents:EquityAgent", seed=1)
    EquityAgent(samples=4000)
    """
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"an agent is named by a str, got {spec!r}")
    seed = check_seed(seed)
    if spec in BOTS:
        return BOTS[spec](seed)
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ArgumentError(f"no agent {spec!r}: an agent is {AGENT_CHOICES}")
    try:
        obj: object = importlib.import_module(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise ArgumentError(f"cannot load agent {spec!r}: {exc}") from None
    except Exception as exc:  # the module's own code failed on import: one line, no traceback
        raise ArgumentError(f"cannot load agent {spec!r}: {type(exc).__name__}: {exc}") from None
    if isinstance(obj, type):
        obj = _instantiate(obj, spec, seed)
    if not callable(obj):
        raise ArgumentError(f"agent {spec!r} is not callable")
    return obj


def _instantiate(cls: type, spec: str, seed: int | None) -> object:
    """An instance of the agent class ``cls``, given ``seed`` if its constructor takes one."""
    try:
        takes_seed = "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin): make it without one
        takes_seed = False
    try:
        return cls(seed=seed) if takes_seed else cls()
    except Exception as exc:
        raise ArgumentError(
            f"cannot make agent {spec!r}: {cls.__name__}() failed: {type(exc).__name__}: {exc}"
        ) from None
