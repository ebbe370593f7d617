"""The hand engine against hostile use: amounts at the limits, ints that lie, bad set-ups,
forked processes and two threads on one hand. Chips are never created, and every refusal is
the package's own error.

Oracles: arithmetic (every sum a pot-limit hand forms, bounded by hand: see
``holdem.engine.stakes.MAX_TABLE_CHIPS``), the count of chips at the table (conserved by every
action), and the operating system (``os.fork``: children must not share their deals).
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import threading

import pytest

from holdem import Hand, HoldemError
from holdem.engine.stakes import MAX_CHIPS, MAX_PLAYERS, MAX_TABLE_CHIPS
from holdem.errors import ActionError, RulesError

# -- 64-bit sums ----------------------------------------------------------------------------------


def test_the_table_limit_bounds_every_sum_below_two_to_the_63() -> None:
    """The largest sum: a pot-limit raise, the bet to match plus the call plus every chip in."""
    assert 2 * MAX_CHIPS + MAX_TABLE_CHIPS < 2**63 - 1
    assert MAX_CHIPS <= MAX_TABLE_CHIPS


def test_stacks_beyond_the_table_limit_are_refused_at_set_up() -> None:
    """Ten stacks of 2**60 overflowed a 64-bit sum mid-hand (OverflowError from legal_actions,
    view, raise_to and all_in); the set-up refuses them."""
    with pytest.raises(RulesError, match="at most 2\\*\\*62"):
        Hand([2**60] * 10, blinds=(1, 2), ante=2**60 - 10, structure="pot-limit")
    with pytest.raises(RulesError, match="at most 2\\*\\*62"):
        Hand([MAX_CHIPS - 1] * 5, blinds=(1, 2))
    assert sum(Hand([MAX_CHIPS] * 4, blinds=(1, 2), seed=1).stacks) + 3 == MAX_TABLE_CHIPS


@pytest.mark.parametrize("structure", ["pot-limit", "no-limit", "fixed-limit"])
def test_the_largest_table_at_the_limit_plays_without_overflow(structure: str) -> None:
    """22 players sharing 2**62 chips (the largest table at the limit), the largest blinds
    and antes allowed, played to the end with the largest raise every time."""
    n = MAX_PLAYERS
    stacks = [MAX_TABLE_CHIPS // n] * n
    stacks[0] += MAX_TABLE_CHIPS - sum(stacks)
    big = min(stacks)
    hand = Hand(
        stacks,
        blinds=(big // 2, big),
        ante=big // 3,
        structure=structure,
        small_bet=big // 4 if structure == "fixed-limit" else None,
        seed=3,
    )
    total = sum(stacks)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.view(legal.seat)
        assert sum(hand.stacks) + hand.pot_total == total
        if legal.max_raise_to is not None:
            hand.raise_to(legal.max_raise_to)
        else:
            hand.check_or_call()
    assert sum(hand.payoffs) == 0 and sum(hand.stacks) == total


class _Liar(int):
    """An int that says it is in every range."""

    def __lt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return False

    def __ge__(self, other: object) -> bool:
        return True


def test_an_int_whose_comparisons_lie_is_checked_as_a_plain_int() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=1)
    with pytest.raises(ActionError, match="cannot raise to 1000"):
        hand.raise_to(_Liar(1000))
    assert not hand.can_raise_to(_Liar(1000))
    assert hand.stacks == (99, 98, 100)
    hand.raise_to(_Liar(10))
    assert hand.stacks == (99, 98, 90) and type(hand.bets[2]) is int
    with pytest.raises(RulesError, match="must not be negative"):
        Hand([100, _Liar(-50)], blinds=(1, 2))
    with pytest.raises(RulesError, match="too large"):
        Hand([100, _Liar(2**61)], blinds=(1, 2))
    with pytest.raises(ActionError, match="no seat"):
        hand.view(_Liar(7))
    assert hand.view(_Liar(2)).seat == 2


# -- bad set-ups ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rng": 5}, "rng must be a random.Random"),
        ({"rng": "x"}, "rng must be a random.Random"),
        ({"blinds": None}, "sequences of chips"),
        ({"blinds": 2}, "sequences of chips"),
        ({"straddles": None, "blinds": (1, 2)}, "sequences of chips"),
        ({"forced_bets": 3}, "sequences of chips"),
        ({"antes": None, "forced_bets": [1, 2]}, None),
        ({"antes": 5}, "antes are a sequence"),
    ],
)
def test_a_bad_set_up_is_a_rules_error(kwargs: dict[str, object], message: str | None) -> None:
    if "blinds" not in kwargs and "forced_bets" not in kwargs:
        kwargs = {**kwargs, "blinds": (1, 2)}
    if message is None:
        Hand([100, 100], **kwargs)  # type: ignore[call-overload]
        return
    with pytest.raises(RulesError, match=message):
        Hand([100, 100], **kwargs)  # type: ignore[call-overload]


def test_stacks_that_are_not_a_sequence_are_a_rules_error() -> None:
    with pytest.raises(RulesError, match="sequence of ints"):
        Hand(None, blinds=(1, 2))  # type: ignore[call-overload]


def test_a_stack_of_thousands_of_digits_gets_a_readable_message() -> None:
    """The message itself failed: an int of 5,000 digits cannot be turned into a str."""
    with pytest.raises(RulesError, match="too large: at most 2\\*\\*60 chips, got an int of"):
        Hand([10**5000, 10], blinds=(1, 2))
    with pytest.raises(RulesError, match="must not be negative, got an int of"):
        Hand([100, 100], blinds=(1, -(10**5000)))


# -- randomness -----------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX")
def test_forked_children_deal_their_own_hands() -> None:
    """Three forked children dealt one same hand: the generator of unseeded hands was seeded
    once, at import. Each child deals 3 hands and reports the cards; all differ."""
    Hand([100, 100], blinds=(1, 2))  # the parent deals first, as a pre-forking server would
    deals = []
    for _ in range(3):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child
            try:
                os.close(read)
                cards = [
                    " ".join(str(c) for c in Hand([100] * 6, blinds=(1, 2)).hole_cards(s))
                    for _ in range(3)
                    for s in range(6)
                ]
                os.write(write, "|".join(cards).encode())
            finally:
                os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            deals.append(pipe.read().decode())
        os.waitpid(pid, 0)
    assert all(deals) and len(set(deals)) == 3


def test_a_seed_is_an_int_from_zero() -> None:
    """Seeds s and -s dealt the same hand (random.Random takes |s|): negative seeds are refused."""
    assert Hand([100, 100], blinds=(1, 2), seed=5).hole_cards(0) == Hand(
        [100, 100], blinds=(1, 2), seed=5
    ).hole_cards(0)
    with pytest.raises(HoldemError, match="int >= 0"):
        Hand([100, 100], blinds=(1, 2), seed=-5)


# -- two threads on one hand ----------------------------------------------------------------------


def test_two_threads_on_one_hand_never_create_chips() -> None:
    """One thread plays each hand with the automatic showdown while another calls show(): 113
    of 3,000 hands paid their pots twice. A hand is not thread-safe, but the late thread now
    gets an ActionError and every hand ends with the chips it began with."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    unbalanced = 0
    foreign: list[BaseException] = []
    try:
        for k in range(3000):
            hand = Hand([100] * 4, blinds=(1, 2), seed=k)
            done = threading.Event()

            def shower(hand: Hand = hand, done: threading.Event = done) -> None:
                while not done.is_set():
                    try:
                        hand.show()
                    except HoldemError:
                        pass
                    except BaseException as exc:  # anything but the package's errors
                        foreign.append(exc)
                        return

            other = threading.Thread(target=shower)
            other.start()
            try:
                while not hand.is_over:
                    with contextlib.suppress(HoldemError):
                        hand.check_or_call()
            finally:
                done.set()
                other.join()
            if sum(hand.stacks) != 400 or sum(hand.payoffs) != 0:
                unbalanced += 1
    finally:
        sys.setswitchinterval(old)
    assert unbalanced == 0
    assert foreign == []


def test_a_hand_used_from_one_thread_at_a_time_is_unaffected() -> None:
    rng = random.Random(0)
    hand = Hand([50, 80, 120], blinds=(1, 2), seed=11, showdown="manual")
    results: list[bool] = []

    def act() -> None:
        while not hand.is_over:
            if hand.street.name == "SHOWDOWN":
                hand.show()
            else:
                legal = hand.legal_actions()
                if legal.max_raise_to is not None and rng.random() < 0.3:
                    hand.raise_to(legal.max_raise_to)
                else:
                    hand.check_or_call()
        results.append(sum(hand.payoffs) == 0)

    thread = threading.Thread(target=act)
    thread.start()
    thread.join()
    assert results == [True]


def test_a_set_up_like_the_last_one_is_still_checked() -> None:
    # Equal blinds as a new tuple reuse the checked stakes; blinds that compare equal to the
    # last ones but are not plain ints are refused as the first time.
    assert Hand([100] * 3, blinds=(1, 2), seed=1).forced_bets == (1, 2, 0)
    for bad in [(1.0, 2.0), (True, 2), (1, 2.0)]:
        with pytest.raises(RulesError, match="int number of chips"):
            Hand([100] * 3, blinds=bad, seed=1)  # type: ignore[arg-type]
        assert Hand([100] * 3, blinds=tuple([1, 2]), seed=1).forced_bets == (1, 2, 0)
    assert Hand([100] * 3, blinds=tuple([1, 3]), seed=1).forced_bets == (1, 3, 0)
    assert Hand([100] * 4, blinds=tuple([1, 3]), seed=1).forced_bets == (1, 3, 0, 0)
