"""Policies: an agent's action probabilities at a decision, and adapters from other agents.

A :data:`Policy` is a callable ``policy(view, legal) -> {decision: probability}``: given a
seat's :class:`~holdem.View` and :class:`~holdem.Legal` (as :data:`holdem.engine.agents.Agent`
takes them), the probability of each decision it may take: ``"fold"``, ``"check"``, ``"call"``,
or an int total to bet or raise to on this street. Decisions left out have probability 0. The
evaluators (:func:`holdem.agent_eval.local_best_response`) ask a policy about every hole-card pair
the seat could hold, so a policy must read nothing but its view.

Adapters:

- :func:`as_policy`: a holdem agent (:mod:`holdem.engine.agents`) or any plain callable of the
  same signature. An answer that is a mapping is taken as the probabilities; any other answer
  is a decision taken with probability 1 (a deterministic agent).
- :func:`random_policy`: the exact probabilities of holdem's ``random`` bot
  (:func:`holdem.engine.agents.random_agent`, whose answers are random and so cannot be read
  as probability 1).
- :func:`holdem.agent_eval.adapters.openspiel_policy` and
  :func:`holdem.agent_eval.adapters.pettingzoo_policy`: an OpenSpiel policy on the game
  ``python_holdem``, and a PettingZoo-style agent over the observations and masks of
  :mod:`holdem.envs`.

>>> from holdem import Hand
>>> from holdem.engine.agents import call_agent
>>> hand = Hand([200, 200], blinds=(1, 2), seed=0)
>>> as_policy(call_agent)(hand.view(1), hand.legal_actions())
{'call': 1.0}
>>> dist = random_policy(hand.view(1), hand.legal_actions())
>>> round(dist["fold"], 6), round(dist[10], 6), round(sum(dist.values()), 9)
(0.333333, 0.001692, 1.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeAlias

from holdem._validate import check_type, is_int
from holdem.engine.agents import Decision
from holdem.engine.events import Legal, View
from holdem.errors import ActionError, ArgumentTypeError

__all__ = [
    "Policy",
    "RandomDistribution",
    "as_policy",
    "decision_key",
    "policy_agent",
    "random_policy",
    "sample_decision",
]

#: A policy: given a seat's view and legal actions, each decision's probability.
Policy: TypeAlias = Callable[[View, Legal], Mapping[Decision, float]]


def decision_key(decision: object, legal: Legal) -> Decision:
    """The one spelling of ``decision``: ``"fold"``, ``"check"``, ``"call"`` or an int total.

    ``"check"`` and ``"call"`` are the same act (:meth:`holdem.Hand.check_or_call`): the key is
    the one that ``legal`` allows.

    :raises ActionError: for anything that is no decision at all.

    >>> from holdem import Legal
    >>> legal = Legal(seat=0, fold=True, check=True, call=None, min_raise_to=4, max_raise_to=200)
    >>> decision_key(" Call", legal), decision_key(6, legal)
    ('check', 6)
    """
    if isinstance(decision, str):
        word = decision.strip().lower()
        if word in ("check", "call"):
            return "check" if legal.check else "call"
        if word == "fold":
            return word
    elif is_int(decision):
        return int(decision)
    raise ActionError(f"not a decision: {decision!r} (fold, check, call or a raise-to int)")


def as_policy(agent: Callable[[View, Legal], Any]) -> Policy:
    """The policy of ``agent``: a holdem agent or a plain callable ``(view, legal)``.

    An answer that is a mapping is the agent's probabilities (its decisions spelled as
    :func:`decision_key` spells them); any other answer is a decision of probability 1, so a
    deterministic agent (``call_agent``, a rule of thumb) is its own policy. An agent that
    answers at random is not: give its probabilities instead (as :func:`random_policy` does for
    holdem's ``random`` bot).

    :raises ArgumentTypeError: if ``agent`` is not callable.

    >>> from holdem import Hand
    >>> hand = Hand([200, 200], blinds=(1, 2), seed=0)
    >>> as_policy(lambda view, legal: {"fold": 0.25, "Call": 0.75})(
    ...     hand.view(1), hand.legal_actions()
    ... )
    {'fold': 0.25, 'call': 0.75}
    """
    if not callable(agent):
        raise ArgumentTypeError(f"an agent or a policy is callable, got {agent!r}")

    def policy(view: View, legal: Legal) -> Mapping[Decision, float]:
        answer = agent(view, legal)
        kind = type(answer)
        if kind is str:  # the common answers, without decision_key's checks
            if answer == "fold":
                return {"fold": 1.0}
            if answer == "check" or answer == "call":
                return {"check" if legal.check else "call": 1.0}
        elif kind is int:
            return {answer: 1.0}
        if isinstance(answer, Mapping):
            if isinstance(answer, RandomDistribution):
                return answer
            out: dict[Decision, float] = {}
            for decision, p in answer.items():
                key = decision_key(decision, legal)
                out[key] = out.get(key, 0.0) + float(p)
            return out
        return {decision_key(answer, legal): 1.0}

    return policy


class RandomDistribution(Mapping[Decision, float]):
    """The probabilities of holdem's ``random`` bot at one decision: fold (when legal), check or
    call, and a bet or raise (when legal) equally likely, the raise to a total drawn uniformly
    from the legal range. A mapping of every decision it may take, built without listing the
    raises; :meth:`sample` draws one."""

    __slots__ = ("_fold", "_high", "_low", "_passive", "_share")

    def __init__(self, legal: Legal) -> None:
        self._fold = legal.fold
        self._passive: Decision = "check" if legal.check else "call"
        self._low = legal.min_raise_to
        self._high = legal.max_raise_to
        options = (1 if legal.fold else 0) + 1 + (1 if self._low is not None else 0)
        self._share = 1.0 / options

    def __getitem__(self, decision: Decision) -> float:
        if decision == "fold":
            if self._fold:
                return self._share
        elif decision == self._passive:
            return self._share
        elif (
            isinstance(decision, int)
            and self._low is not None
            and self._high is not None
            and self._low <= decision <= self._high
        ):
            return self._share / (self._high - self._low + 1)
        raise KeyError(decision)

    def __iter__(self) -> Iterator[Decision]:
        if self._fold:
            yield "fold"
        yield self._passive
        if self._low is not None and self._high is not None:
            yield from range(self._low, self._high + 1)

    def __len__(self) -> int:
        raises = 0 if self._low is None or self._high is None else self._high - self._low + 1
        return (1 if self._fold else 0) + 1 + raises

    def sample(self, rng: random.Random) -> Decision:
        """One decision drawn with these probabilities."""
        options: list[Decision] = ["fold"] if self._fold else []
        options.append(self._passive)
        if self._low is not None and self._high is not None:
            options.append(-1)
        pick = rng.choice(options)
        if pick == -1:
            assert self._low is not None and self._high is not None
            return rng.randint(self._low, self._high)
        return pick

    def __repr__(self) -> str:
        return f"RandomDistribution(fold={self._fold}, raises={self._low}..{self._high})"


def random_policy(view: View, legal: Legal) -> RandomDistribution:
    """The policy of holdem's ``random`` bot (:func:`holdem.engine.agents.random_agent`): fold,
    check or call, and raise equally likely, a raise to a uniformly drawn legal total.

    :raises ArgumentTypeError: for a view or legal of another type.
    """
    check_type(view, View, "a view")
    check_type(legal, Legal, "a legal")
    return RandomDistribution(legal)


def sample_decision(dist: Mapping[Decision, float], rng: random.Random) -> Decision:
    """One decision drawn from ``dist`` with its probabilities (its own ``sample`` when it has
    one, as :class:`RandomDistribution`).

    :raises ActionError: when no decision has a probability above 0.

    >>> sample_decision({"fold": 0.0, "call": 2.0}, random.Random(1))
    'call'
    """
    draw = getattr(dist, "sample", None)
    if draw is not None:
        return draw(rng)  # type: ignore[no-any-return]
    total = sum(dist.values())
    if not total > 0:
        raise ActionError(f"a policy gave no decision a probability: {dict(dist)!r}")
    u = rng.random() * total
    last: Decision | None = None
    for decision, p in dist.items():
        if p > 0:
            last = decision
            u -= p
            if u < 0:
                return decision
    assert last is not None
    return last


def policy_agent(policy: Policy, *, seed: int | None = None) -> Callable[[View, Legal], Decision]:
    """An agent (:data:`holdem.engine.agents.Agent`) that plays ``policy``: at each decision
    one drawn with the policy's probabilities, from a generator seeded with ``seed`` (None:
    the operating system's entropy). For :func:`holdem.match`.

    :raises ArgumentTypeError: if ``policy`` is not callable.

    >>> from holdem import Hand
    >>> hand = Hand([200, 200], blinds=(1, 2), seed=0)
    >>> policy_agent(lambda view, legal: {"call": 1.0}, seed=1)(hand.view(1), hand.legal_actions())
    'call'
    """
    if not callable(policy):
        raise ArgumentTypeError(f"a policy is callable, got {policy!r}")
    rng = random.Random(seed)

    def agent(view: View, legal: Legal) -> Decision:
        return sample_decision(policy(view, legal), rng)

    return agent
