"""Pickling a hand: the unpickled hand plays on exactly as the original does.

The oracle is the original itself: a hand is pickled at a random point of a random hand, and
then the original and the unpickled copy are given the same actions; after each one every
public view (each seat's View, the legal actions, stacks, bets, pots, events, board, payoffs,
the errors an illegal action raises) must be equal.
"""

from __future__ import annotations

import contextlib
import pickle
import pydoc
import random
from typing import Any

import pytest

from holdem import ActionError, ArgumentError, Hand, HoldemError, Street
from holdem.engine.hand import FORMAT


def build(seed: int) -> Hand:
    """A hand of 2 to 6 seats with the presets, structures, showdown modes and runs mixed."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    straddles = (4,) if n > 3 and rng.random() < 0.3 else ()
    rules = rng.choice(("casino", "pokerkit", "acpc"))
    return Hand(
        [rng.choice((3, 20, 60, 200, 400)) for _ in range(n)],
        blinds=(1, 2),
        straddles=straddles,
        ante=rng.choice((0, 0, 1)),
        structure=rng.choice(("no-limit", "pot-limit", "fixed-limit")),
        rules=rules,
        showdown=rng.choice(("auto", "all", "manual")),
        runs=rng.choice((1, 1, 2)) if rules != "acpc" else 1,
        seed=seed,
    )


def random_action(hand: Hand, rng: random.Random) -> tuple[str, int]:
    if hand.street is Street.SHOWDOWN:
        return (rng.choice(("show", "muck")), 0)
    legal = hand.legal_actions()
    options = [("check_or_call", 0), ("raise_to", 1)]  # raise_to 1: always illegal
    if legal.fold:
        options.append(("fold", 0))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        options.append(("raise_to", rng.randint(legal.min_raise_to, legal.max_raise_to)))
    return rng.choice(options)


def apply(hand: Hand, action: tuple[str, int]) -> str:
    """Take ``action``; the error's message when it is refused."""
    name, amount = action
    try:
        if name == "raise_to":
            hand.raise_to(amount)
        else:
            getattr(hand, name)()
    except ActionError as exc:
        return str(exc)
    return ""


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything a user can read of a hand."""
    over = hand.is_over
    return {
        "views": [hand.view(s) for s in range(hand.players)],
        "legal": hand.legal_actions() if hand.street < Street.SHOWDOWN else None,
        "actor": hand.actor,
        "street": hand.street,
        "stacks": hand.stacks,
        "bets": hand.bets,
        "pots": hand.pots,
        "pot_total": hand.pot_total,
        "events": hand.events,
        "board": hand.board,
        "boards": hand.boards,
        "folded": hand.folded,
        "contributions": hand.contributions,
        "hole": [hand.hole_cards(s) for s in range(hand.players)],
        "payoffs": hand.payoffs if over else None,
        "rake": hand.rake,
        "over": over,
    }


@pytest.mark.parametrize("protocol", [0, 2, pickle.HIGHEST_PROTOCOL])
@pytest.mark.parametrize("seed", range(40))
def test_unpickled_hand_plays_on_as_the_original(seed: int, protocol: int) -> None:
    hand = build(seed)
    rng = random.Random(seed * 7 + 1)
    stop = rng.randint(0, 12)
    for _ in range(stop):
        if hand.is_over:
            break
        apply(hand, random_action(hand, rng))
    twin = pickle.loads(pickle.dumps(hand, protocol=protocol))
    assert type(twin) is Hand and twin is not hand
    assert snapshot(twin) == snapshot(hand)
    for _ in range(200):
        if hand.is_over:
            break
        action = random_action(hand, rng)
        assert apply(twin, action) == apply(hand, action)
        assert snapshot(twin) == snapshot(hand)
    assert hand.is_over and twin.is_over


def test_the_copy_is_independent() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=5)
    hand.raise_to(6)
    before = snapshot(hand)
    twin = pickle.loads(pickle.dumps(hand))
    twin.fold()
    twin.fold()
    assert twin.is_over and snapshot(hand) == before
    assert pickle.loads(pickle.dumps(twin)).payoffs == twin.payoffs == [-1, -2, 3]


class Tagged(Hand):  # a subclass with an instance dictionary
    note: dict[str, list[str]]


def test_a_subclass_keeps_its_class_and_attributes() -> None:
    hand = Tagged([50, 50], blinds=(1, 2), seed=2)
    hand.note = {"who": ["me"]}
    rebuild, args = hand.__reduce__()
    twin = rebuild(*args)
    assert type(twin) is Tagged and twin.note == {"who": ["me"]}
    assert snapshot(twin) == snapshot(hand)


def test_help_shows_no_generated_pickling_methods() -> None:
    text = pydoc.plain(pydoc.render_doc(Hand))
    assert "__reduce_cython__" not in text and "__setstate_cython__" not in text
    assert "__reduce__" in text  # the hand-written one, with its docstring
    assert "Pickle support" in text


def test_a_state_of_another_layout_is_refused_not_read_wrong() -> None:
    hand = Hand([50, 50, 50], blinds=(1, 2), seed=4)
    rebuild, (cls, state) = hand.__reduce__()
    assert state[0] == FORMAT
    older = state[1:]  # the layout before the format number: the fields' tuples only
    for bad in (older, (FORMAT - 1, *state[1:]), (FORMAT + 1, *state[1:])):
        with pytest.raises(ArgumentError, match="pickled by another version"):
            rebuild(cls, bad)
    assert snapshot(rebuild(cls, state)) == snapshot(hand)


def test_a_damaged_state_is_refused_or_plays_without_crashing() -> None:
    """A pickled hand whose state is damaged (eight bytes at a time overwritten, anywhere in
    it) is refused with an ArgumentError, or reads back as a hand that still answers within
    the package's errors: never a crash or a read past the state (a compiled kernel's state is
    bytes)."""
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=1)
    hand.raise_to(6)
    rebuild, (cls, (fmt, state, extra)) = hand.__reduce__()
    blob_at = [i for i, part in enumerate(state) if type(part) is bytes]
    if not blob_at:  # the plain-Python kernel pickles its fields, not bytes
        pytest.skip("the reference kernel's state is Python objects")
    k = blob_at[0]
    raw = state[k]
    refused = played = 0
    for at in range(0, len(raw) - 8, 8):
        damaged = bytearray(raw)
        damaged[at : at + 8] = b"\xff" * 8
        try:
            twin = rebuild(cls, (fmt, (*state[:k], bytes(damaged), *state[k + 1 :]), extra))
        except ArgumentError:
            refused += 1
            continue
        played += 1
        for _ in range(50):  # (a damaged state may never end: a bounded number of actions)
            try:
                if twin.is_over:
                    break
                twin.legal_actions()
                twin.check_or_call()
            except (HoldemError, OverflowError, ValueError, IndexError):
                break
        with contextlib.suppress(HoldemError, OverflowError, ValueError, IndexError):
            _ = (twin.events, twin.stacks, twin.pots)
    assert refused > 0 and played > 0
