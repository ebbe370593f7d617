"""The environments' action map in the hand kernel: ``ActionMap``, ``HandState.action_target``,
``HandState.write_action_mask`` and ``HandState.write_observation_v6`` (the single environment
and the vector environment's kernel both read them; CI runs this file on both kernels).

Oracles: the hand's own legal actions (every index the mask allows is a decision the hand
accepts, every other one is refused or no raise at all; the full actions' mask is exactly the
legal raise range); the sizes worked out by hand from the documented rules (a pot raise is the
call plus the pot after it, Wikipedia's "Betting in poker"; rlcard's no-limit raise adds the
fraction of the chips put in to the seat's bet); rlcard's card order for the v6 observation.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from holdem import Hand
from holdem.engine._kernel import kernel
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

np = pytest.importorskip("numpy")
ActionMap = kernel.ActionMap


def mask_of(hand: Hand, actions: Any) -> list[int]:
    out = np.full(actions.num_actions, 7, np.int8)  # every entry is written
    hand.write_action_mask(actions, out)
    return [int(x) for x in out]


def test_hand_worked_sizes_heads_up_preflop() -> None:
    # Blinds 1/2, stacks 100: the small blind (seat 0) to act owes 1; the pot is 3.
    hand = Hand([100, 100], blinds=(1, 2), seed=1)
    pot = ActionMap(5, (0.5, 1.0))
    # Pot sizing: the largest bet (2) plus the fraction of the pot after the call (3 + 1 = 4).
    assert [hand.action_target(pot, k) for k in range(5)] == [-1, -1, 4, 6, 100]
    assert mask_of(hand, pot) == [1, 1, 1, 1, 1]
    # rlcard's sizing: the seat's bet (1) plus the fraction of the chips put in (3), rounded
    # down: 1 + 1 = 2 is below the minimum raise (to 4), 1 + 3 = 4 is legal.
    pz = ActionMap(5, (0.5, 1.0), pz_sizing=True)
    assert [hand.action_target(pz, k) for k in range(5)] == [-1, -1, -1, 4, 100]
    assert mask_of(hand, pz) == [1, 1, 0, 1, 1]
    full = ActionMap(103, full=True)  # a raise to k chips is index 2 + k: 4 .. 100 legal
    assert mask_of(hand, full) == [1, 1] + [0] * 4 + [1] * 97
    assert [hand.action_target(full, k) for k in (5, 6, 102, 103, -1)] == [-1, 4, 100, -1, -1]
    hand.check_or_call()  # the big blind may check (folding too, under the casino rules)
    assert mask_of(hand, pot)[:2] == [int(hand.legal_actions().fold), 1]
    assert hand.action_target(pot, 2) == 2 + 2  # 2 + 0.5 * 4, the minimum raise is to 4


@pytest.mark.parametrize("kind", ["pot", "pz", "full", "pot-limit", "fixed-limit"])
def test_every_allowed_index_is_a_decision_the_hand_accepts(kind: str) -> None:
    rng = random.Random(3)
    structure = {"pot-limit": "pot-limit", "fixed-limit": "fixed-limit"}.get(kind, "no-limit")
    checked = 0
    for k in range(150):
        n = rng.randint(2, 6)
        stacks = [rng.randint(3, 120) for _ in range(n)]
        if kind == "full":
            actions = ActionMap(3 + max(stacks), full=True)
        else:
            fractions = tuple(rng.choice([0.25, 0.5, 0.75, 1.0, 2.0]) for _ in range(3))
            actions = ActionMap(3 + len(fractions), fractions, pz_sizing=kind == "pz")
        hand = Hand(stacks, blinds=(1, 2), seed=k, structure=structure)
        while not hand.is_over:
            legal = hand.legal_actions()
            marks = mask_of(hand, actions)
            assert marks[0] == int(legal.fold) and marks[1] == 1
            targets = [hand.action_target(actions, i) for i in range(actions.num_actions)]
            assert targets[:2] == [-1, -1]
            for i in range(2, actions.num_actions):
                assert marks[i] == (targets[i] >= 0), (k, i)
                if targets[i] >= 0:  # a raise the hand accepts, and no other is allowed
                    assert legal.min_raise_to is not None and legal.max_raise_to is not None
                    assert legal.min_raise_to <= targets[i] <= legal.max_raise_to
                    copy = hand.copy()
                    copy.raise_to(targets[i])
                    checked += 1
            if kind == "full":
                allowed = {i - 2 for i in range(2, actions.num_actions) if marks[i]}
                if legal.min_raise_to is None:
                    assert not allowed
                else:
                    assert legal.max_raise_to is not None
                    assert allowed == set(range(legal.min_raise_to, legal.max_raise_to + 1))
            elif structure == "no-limit" and legal.min_raise_to is not None:
                assert targets[actions.all_in] in (-1, legal.max_raise_to)
            choices = [i for i in range(actions.num_actions) if marks[i]]
            i = rng.choice(choices)
            if i == 0:
                hand.fold()
            elif i == 1:
                hand.check_or_call()
            else:
                hand.raise_to(targets[i])
    assert checked > 300


def test_the_v6_observation_in_rlcards_card_order() -> None:
    # rlcard: spades, hearts, diamonds, clubs blocks of 13, each from the ace to the king.
    hand = Hand([100, 100], blinds=(1, 2), hole_cards=[("As", "2h"), ("Kc", "Td")],
                board=["Qs", "3c", "Ah", "9d", "4s"])  # fmt: skip
    hand.raise_to(6)
    hand.check_or_call()  # the flop: Qs 3c Ah
    out = np.full(54, 9.0, np.float32)
    hand.write_observation_v6(out, 0)
    assert np.flatnonzero(out[:52]).tolist() == sorted([0, 13 + 1, 11, 39 + 2, 13])
    assert out[52:].tolist() == [6.0, 6.0]
    hand.write_observation_v6(out, 1)
    assert np.flatnonzero(out[:52]).tolist() == sorted([51, 26 + 9, 11, 39 + 2, 13])
    hand.write_observation_v6(out, None)  # no seat: the board and the largest chips put in
    assert np.flatnonzero(out[:52]).tolist() == [11, 13, 41] and out[52:].tolist() == [0.0, 6.0]


def test_bad_arguments_change_nothing() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=3)
    actions = ActionMap(5, (0.5, 1.0))
    before = (hand.stacks, hand.bets, hand.actor, hand.street)
    bad_maps: tuple[Any, ...] = (None, (5, (0.5, 1.0)), "pot")
    for bad_map in bad_maps:
        with pytest.raises(ArgumentTypeError):
            hand.action_target(bad_map, 2)
        with pytest.raises(ArgumentTypeError):
            hand.write_action_mask(bad_map, np.zeros(5, np.int8))
    for buf in (np.zeros(5), np.zeros(4, np.int8), np.zeros(5, np.uint8), b"x" * 8, 5,
                np.zeros(10, np.int8)[::2]):  # fmt: skip
        with pytest.raises(ArgumentError):
            hand.write_action_mask(actions, buf)
    for buf in (np.zeros(54), np.zeros(53, np.float32), bytearray(216)):
        with pytest.raises(ArgumentError):
            hand.write_observation_v6(buf, 0)
    seats: tuple[Any, ...] = (2, -1, True, "0")
    for seat in seats:
        with pytest.raises(ActionError):
            hand.write_observation_v6(np.zeros(54, np.float32), seat)
    assert before == (hand.stacks, hand.bets, hand.actor, hand.street)
    hand.fold()  # no one to act: no raise, no mask
    assert hand.action_target(actions, 2) == -1
    with pytest.raises(ActionError):
        hand.write_action_mask(actions, np.zeros(5, np.int8))


@pytest.mark.parametrize(
    ("args", "kw"),
    [
        ((4, (0.5, 1.0)), {}),  # 2 fractions make 5 actions
        ((5, (0.5, True)), {}),
        ((5, (0.5, 0.0)), {}),
        ((5, (0.5, "1")), {}),
        ((67, tuple([0.5] * 65)), {}),
        ((10, (0.5,)), {"full": True}),
        ((2, ()), {"full": True}),
    ],
)
def test_bad_action_maps(args: tuple[Any, ...], kw: dict[str, Any]) -> None:
    with pytest.raises(ArgumentError):
        ActionMap(*args, **kw)


def test_an_action_map_pickles() -> None:
    for actions in (ActionMap(4, (0.75,), pz_sizing=True), ActionMap(40, full=True)):
        again = pickle.loads(pickle.dumps(actions))
        assert type(again) is type(actions)
        assert (again.num_actions, again.fractions, again.full, again.pz_sizing, again.all_in) == (
            actions.num_actions, actions.fractions, actions.full, actions.pz_sizing,
            actions.all_in,
        )  # fmt: skip
