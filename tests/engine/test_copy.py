"""``Hand.copy()``, ``copy.copy`` and ``copy.deepcopy``: independent copies for search.

The oracle is replay from scratch: a copy taken at any point, then played on with other
actions, must reach the same state (every event, stack, pot, view and payoff) as a new hand
dealt the same cards and given the whole action history; the original must not move while the
copy acts. And a copy shares no mutable object with its original (found through the garbage
collector's view of what each object refers to, the same in the compiled and the plain build).
"""

from __future__ import annotations

import copy
import enum
import gc
import random
from fractions import Fraction
from typing import Any

import pytest

from holdem import ActionError, Card, Hand, Rules, Street
from holdem.engine import _pystate
from holdem.engine.variants import Variant

Action = tuple[str, int]


def build(seed: int) -> Hand:
    """A hand of 2 to 6 seats under a preset, structure and showdown mode drawn from ``seed``."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice((3, 20, 60, 200, 400)) for _ in range(n)]
    structure = rng.choice(("no-limit", "pot-limit", "fixed-limit"))
    return Hand(
        stacks,
        blinds=(1, 2),
        ante=rng.choice((0, 0, 1)),
        structure=structure,
        rules=rng.choice(("casino", "pokerkit", "acpc")),
        showdown=rng.choice(("auto", "all", "manual")),
        seed=seed,
    )


def random_action(hand: Hand, rng: random.Random) -> Action:
    if hand.street is Street.SHOWDOWN:
        if rng.random() < 0.5:
            return ("show", 0)
        return ("muck", 0)
    legal = hand.legal_actions()
    options: list[Action] = [("check_or_call", 0)]
    if legal.fold:
        options.append(("fold", 0))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        options.append(("raise_to", rng.randint(legal.min_raise_to, legal.max_raise_to)))
    return rng.choice(options)


def apply(hand: Hand, action: Action) -> None:
    name, amount = action
    if name == "raise_to":
        hand.raise_to(amount)
    elif name == "muck":
        try:
            hand.muck()
        except ActionError:  # no one else left to win a pot: show instead
            hand.show()
    else:
        getattr(hand, name)()


def replay(seed: int, history: list[Action]) -> Hand:
    hand = build(seed)
    for action in history:
        apply(hand, action)
    return hand


def state(hand: Hand) -> tuple[Any, ...]:
    """Everything an action could change, as values."""
    try:
        legal: Any = hand.legal_actions()
    except ActionError:
        legal = None
    return (
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        hand.pots,
        hand.board,
        hand.events,
        hand.actor,
        hand.street,
        hand.is_over,
        hand.payoffs if hand.is_over else None,
        legal,
        [hand.view(i) for i in range(hand.players)],
        repr(hand),
    )


def play_out(hand: Hand, history: list[Action], rng: random.Random) -> None:
    while not hand.is_over:
        action = random_action(hand, rng)
        apply(hand, action)
        history.append(action)


@pytest.mark.parametrize("seed", range(120))
def test_a_copy_plays_on_as_a_replay_from_scratch(seed: int) -> None:
    rng = random.Random(seed)
    hand = build(seed)
    history: list[Action] = []
    stops = 0
    while not hand.is_over:
        if rng.random() < 0.4:  # copy here, play the copy to the end with other actions
            before = state(hand)
            twin = hand.copy()
            assert type(twin) is Hand and twin is not hand
            assert state(twin) == before
            branch = list(history)
            play_out(twin, branch, random.Random(rng.random()))
            assert state(hand) == before  # the original did not move
            assert state(twin) == state(replay(seed, branch))
            stops += 1
        action = random_action(hand, rng)
        apply(hand, action)
        history.append(action)
    assert state(hand) == state(replay(seed, history))
    done = hand.copy()  # a finished hand copies too
    assert state(done) == state(hand)


def test_copy_copy_and_deepcopy_are_the_same_independent_copy() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=3)
    hand.raise_to(6)
    for twin in (copy.copy(hand), copy.deepcopy(hand), hand.copy()):
        assert type(twin) is Hand and state(twin) == state(hand)
        twin.fold()
        assert twin.actor == 1 and hand.actor == 0
    pair = copy.deepcopy([hand, hand])  # the memo: one copy for one original
    assert pair[0] is pair[1] and pair[0] is not hand


def mutable_objects(root: object) -> dict[int, object]:
    """Every object reachable from ``root`` (through the garbage collector's referents) that is
    not immutable by type, the root excluded; cards, enum members, rules, games (frozen
    dataclasses), classes and numbers are leaves."""
    leaves = (int, str, float, bool, Fraction, Card, enum.Enum, Rules, Variant, type, type(None))
    found: dict[int, object] = {}
    stack = list(gc.get_referents(root))
    seen: set[int] = set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, leaves):
            continue
        seen.add(id(obj))
        if not isinstance(obj, (tuple, frozenset)):
            found[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return found


@pytest.mark.parametrize("seed", range(40))
def test_a_copy_shares_nothing_mutable(seed: int) -> None:
    rng = random.Random(seed)
    hand = build(seed)
    while True:
        twin = hand.copy()
        mine, theirs = mutable_objects(hand), mutable_objects(twin)
        if isinstance(hand, _pystate.HandState):  # the walk sees the reference's lists (the
            assert len(mine) >= 10  # compiled kernel keeps its fields in C, none shared)
        shared = set(mine) & set(theirs)
        assert not shared, [mine[i] for i in shared]
        if hand.is_over:
            break
        apply(hand, random_action(hand, rng))


class Tagged(Hand):
    """A subclass with its own attributes."""


def test_a_subclass_copies_as_its_class_with_its_attributes_deep_copied() -> None:
    hand = Tagged([50, 50], blinds=(1, 2), seed=5)
    hand.notes = ["limp"]  # type: ignore[attr-defined]
    twin = hand.copy()
    assert type(twin) is Tagged and state(twin) == state(hand)
    assert twin.notes == ["limp"] and twin.notes is not hand.notes  # type: ignore[attr-defined]
    twin.fold()
    assert not hand.is_over
