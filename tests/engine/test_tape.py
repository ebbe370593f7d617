"""``HandState.play_tape``: a run of betting actions played by the kernel in one call.

The oracle is the hand's own methods, one call per action: a hand given the tape of a random
hand's betting actions reaches the same events, stacks and payoffs as one played action by
action (and the real hands of the PHH data set, replayed through the tape, agree with pokerkit
in tests/phh). A record the tape does not play (illegal, out of turn) leaves the hand exactly
as it was, and the action's own method then refuses it.
"""

from __future__ import annotations

import random
import struct

import pytest

from holdem import ActionError, ArgumentError, ArgumentTypeError, Hand, Street

RECORD = struct.Struct("=qBB6x")
FOLD, CALL, RAISE = 1, 2, 3


def build(seed: int) -> Hand:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    return Hand(
        [rng.choice((3, 20, 60, 200)) for _ in range(n)],
        blinds=(1, 2),
        ante=rng.choice((0, 1)),
        structure=rng.choice(("no-limit", "pot-limit", "fixed-limit")),
        rules=rng.choice(("casino", "pokerkit", "acpc")),
        seed=seed,
    )


def played(seed: int) -> tuple[Hand, list[tuple[int, int, int]]]:
    """A hand played to its end by random legal actions, and its betting actions' records."""
    rng = random.Random(seed + 1)
    hand = build(seed)
    records: list[tuple[int, int, int]] = []
    while hand.street < Street.SHOWDOWN:
        legal = hand.legal_actions()
        seat = legal.seat
        choice = rng.random()
        if legal.fold and choice < 0.2:
            hand.fold()
            records.append((0, FOLD, seat))
        elif legal.min_raise_to is not None and legal.max_raise_to is not None and choice < 0.5:
            amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
            hand.raise_to(amount)
            records.append((amount, RAISE, seat))
        else:
            hand.check_or_call()
            records.append((0, CALL, seat))
    return hand, records


@pytest.mark.parametrize("seed", range(60))
def test_a_tape_plays_as_the_methods_do(seed: int) -> None:
    want, records = played(seed)
    tape = b"".join(RECORD.pack(*r) for r in records)
    hand = build(seed)
    start = 0
    while start < len(records):
        count = hand.play_tape(tape, start)
        assert count >= 1  # each call plays at least the first record: all are legal
        start += count
    assert hand.events == want.events
    assert hand.stacks == want.stacks
    assert hand.street == want.street


def test_a_call_stops_where_the_street_ends() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=3)  # heads-up: the button (seat 1) acts first
    tape = b"".join(RECORD.pack(*r) for r in [(0, CALL, 1), (0, CALL, 0), (0, CALL, 0)])
    assert hand.play_tape(tape) == 2  # the pre-flop ends: the flop's check waits
    assert hand.street is Street.FLOP
    assert hand.play_tape(tape, 2) == 1
    assert hand.actor == 1


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ((0, FOLD, 0), "out of turn"),  # seat 2 is to act
        ((3, RAISE, 2), "cannot raise to 3"),  # below the minimum raise (to 4)
        ((101, RAISE, 2), "cannot raise to 101"),  # beyond the stack
        ((0, 0, 2), None),  # a stop: not a betting action
    ],
)
def test_a_record_not_played_leaves_the_hand_as_it_was(
    record: tuple[int, int, int], message: str | None
) -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=5)
    before = (hand.events, hand.stacks, hand.bets, hand.actor)
    assert hand.play_tape(RECORD.pack(*record)) == 0
    assert (hand.events, hand.stacks, hand.bets, hand.actor) == before
    if message is not None:  # the action's own method words the refusal
        amount, kind, seat = record
        with pytest.raises(ActionError, match=message):
            if kind == FOLD:
                hand.fold(seat)
            else:
                hand.raise_to(amount, seat)


def test_a_fold_when_free_is_not_played_where_the_rules_forbid_it() -> None:
    hand = Hand([100, 100], blinds=(1, 2), rules="pokerkit", seed=2)
    hand.check_or_call()  # the button calls: the big blind may check
    assert hand.play_tape(RECORD.pack(0, FOLD, 0)) == 0
    with pytest.raises(ActionError, match="may not fold when it can check"):
        hand.fold()


@pytest.mark.parametrize(("tape", "start"), [(b"\0" * 15, 0), (b"\0" * 16, 2), (b"", -1)])
def test_a_bad_tape_is_refused(tape: bytes, start: int) -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=1)
    with pytest.raises(ArgumentError, match="records of 16 bytes"):
        hand.play_tape(tape, start)
    assert hand.events == Hand([100, 100], blinds=(1, 2), seed=1).events


def test_a_tape_is_bytes() -> None:
    hand = Hand([100, 100], blinds=(1, 2), seed=1)
    with pytest.raises(ArgumentTypeError, match="a tape is bytes"):
        hand.play_tape(bytearray(16))  # type: ignore[arg-type]
