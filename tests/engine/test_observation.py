"""``HandState.write_observation``: a seat's observation in the environments' default layout,
written by the kernel into a float32 buffer.

Oracles: a seat's :class:`holdem.View` (what it may see, built by the Python layer from the
hand's public accessors) read through :func:`holdem.envs.observation_layout`; the rule that a
seat never sees another seat's hole cards (changing them changes nothing it observes); and the
hand-computed figures of tests/envs/test_pettingzoo.py's default observation.
"""

from __future__ import annotations

import array
import random
from fractions import Fraction
from typing import Any

import pytest

from holdem import Hand, Rules
from holdem.engine.rules import OddChips
from holdem.errors import ActionError, ArgumentError

np = pytest.importorskip("numpy")
observation_layout = pytest.importorskip("holdem.envs").observation_layout


def expected(hand: Hand, seat: int, players: int, scale: float) -> Any:
    """The observation of ``seat`` from its View, read into the documented layout."""
    view = hand.view(seat)
    at = observation_layout(players)
    out = np.zeros(112 + 5 * players, np.float32)
    m = hand.players
    out[at["hole"]][[int(c) for c in view.hole_cards]] = 1
    out[at["board"]][[int(c) for c in view.board]] = 1
    if view.street < 4:
        out[at["street"]][int(view.street)] = 1
    out[at["pot"]] = view.pot_total * scale
    legal = view.legal
    if legal is not None and hand.actor == seat:
        out[at["to_call"]] = (legal.call or 0) * scale
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            out[at["min_raise_to"]] = legal.min_raise_to * scale
            out[at["max_raise_to"]] = legal.max_raise_to * scale
    order = [(seat + k) % m for k in range(m)]
    out[at["stacks"]][:m] = [float(view.stacks[j]) * scale for j in order]
    out[at["bets"]][:m] = [view.bets[j] * scale for j in order]
    out[at["folded"]][:m] = [1.0 if view.folded[j] else 0.0 for j in order]
    if hand.actor is not None:
        out[at["actor"]][order.index(hand.actor)] = 1
    out[at["position"]][seat] = 1
    return out


def act_randomly(hand: Hand, rng: random.Random) -> str:
    """One random legal action of the seat to act (and its name)."""
    legal = hand.legal_actions()
    moves = ["call"] + (["fold"] if legal.fold else [])
    if legal.min_raise_to is not None:
        moves.append("raise")
    move = rng.choice(moves)
    if move == "fold":
        hand.fold()
    elif move == "call":
        hand.check_or_call()
    else:
        assert legal.min_raise_to is not None and legal.max_raise_to is not None
        hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
    return move


def play_randomly(hand: Hand, rng: random.Random, stop: float) -> None:
    """Random legal actions until the hand ends or a coin with ``stop`` says stop."""
    while not hand.is_over and rng.random() > stop:
        act_randomly(hand, rng)


def test_the_observation_is_what_the_seats_view_shows() -> None:
    rng = random.Random(7)
    checked = 0
    for k in range(300):
        n = rng.randint(2, 6)
        stacks = [rng.randint(5, 300) for _ in range(n)]
        hand = Hand(stacks, blinds=(1, 2), seed=k)
        play_randomly(hand, rng, 0.15)
        players = n + rng.randint(0, 3)
        scale = rng.choice([1.0, 0.5, 1 / 3])
        for seat in range(n):
            out = np.full(112 + 5 * players, 7.0, np.float32)  # every float is written
            hand.write_observation(out, seat, players, scale)
            assert out.tolist() == expected(hand, seat, players, scale).tolist(), (k, seat)
            checked += 1
    assert checked > 900


def test_another_seats_cards_never_change_what_a_seat_observes() -> None:
    holes = [("As", "Ah"), ("Kd", "Qd"), ("7c", "2s")]
    others = [("As", "Ah"), ("3h", "4h"), ("9c", "9d")]
    for seed in range(20):
        board = random.Random(seed).sample(["2h", "5d", "8s", "Jc", "Tc", "6h", "3c"], 5)
        a = Hand([100, 100, 100], blinds=(1, 2), hole_cards=holes, board=board)
        b = Hand([100, 100, 100], blinds=(1, 2), hole_cards=others, board=board)
        steps = 0
        while not a.is_over:  # the same public actions at both tables
            for seat in range(3):
                x = np.zeros(127, np.float32)
                y = np.zeros(127, np.float32)
                a.write_observation(x, seat)
                b.write_observation(y, seat)
                assert x[52:].tolist() == y[52:].tolist()  # all but its own hole cards
                assert seat > 0 or x.tolist() == y.tolist()  # seat 0 holds the same cards
            act_randomly(a, random.Random(seed * 100 + steps))
            act_randomly(b, random.Random(seed * 100 + steps))
            steps += 1
        assert b.is_over


def test_fractional_shares_are_written_as_floats() -> None:
    rules = Rules(odd_chips=OddChips.FRACTIONAL)
    hand = Hand([50, 50, 50], blinds=(1, 2), hole_cards=[("7c", "2d"), ("Ah", "Kc"), ("As", "Kd")],
                board=["2s", "3h", "8d", "9c", "Js"], rules=rules)  # fmt: skip
    hand.raise_to(50)  # the button all-in, the small blind folds, the big blind calls: 101
    hand.fold()
    hand.call()  # the two ace-kings split it: 50 1/2 each
    assert hand.is_over and any(isinstance(s, Fraction) for s in hand.stacks)
    assert hand.stacks[1] == Fraction(101, 2)
    out = np.zeros(127, np.float32)
    hand.write_observation(out, 1)
    at = observation_layout(3)
    assert out[at["stacks"]].tolist() == [50.5, 50.5, 49.0]


def test_other_buffers_and_bad_arguments() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=3)
    buf = array.array("f", [9.0] * 122)
    hand.write_observation(buf, 1)
    assert list(buf) == expected(hand, 1, 2, 1.0).tolist()
    for bad in (np.zeros(122), np.zeros(121, np.float32), b"x" * 600, bytearray(600), 5,
                np.zeros((122, 2), np.float32)[:, 0], np.zeros(122, np.float32)[::-1]):  # fmt: skip
        with pytest.raises(ArgumentError):
            hand.write_observation(bad, 0)
    out = np.zeros(200, np.float32)
    seats: tuple[Any, ...] = (2, -1, None, True, 0.0, "0")
    for seat in seats:
        with pytest.raises(ActionError):
            hand.write_observation(out, seat)
    sizes: tuple[Any, ...] = (1, 23, True, 2.0, "2")
    for players in sizes:
        with pytest.raises(ArgumentError):
            hand.write_observation(out, 0, players)
    before = (hand.stacks, hand.bets, hand.actor, hand.street)
    assert not out.any() and before == (hand.stacks, hand.bets, hand.actor, hand.street)
