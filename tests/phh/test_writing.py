"""holdem.phh.writing: hands played here written as PHH, read back here and by pokerkit.

Oracles: pokerkit 0.7.7 (the PHH reference implementation) must read every hand written here,
action for action, to the same stacks; and a hand written, read and replayed here must come back
event for event.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from holdem import Hand
from holdem.engine.hand import EventKind
from holdem.engine.rules import OddChips, Reopen, Rules
from holdem.errors import PHHError
from holdem.phh import HandHistory, dumps_all, from_hand, load, loads, replay, to_phh

from _support import phh_cases as CASES

one, random_hand = CASES.one, CASES.random_hand

# Hands (seeds of random_hand) where the engine's pokerkit preset gives a split pot's odd chip
# to another winner than pokerkit 0.7.7 does: none is known.
ODD_CHIP_DIFFERENCES: set[int] = set()


def test_hands_written_here_are_read_by_pokerkit() -> None:
    history_class = CASES.pokerkit().history
    differ = set()
    for seed in range(300):
        hand = random_hand(seed)
        text = to_phh(hand)
        bets = sum(
            e.kind
            in (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)
            for e in hand.events
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = history_class.loads(text)
            steps = list(history.state_actions)
        state = steps[-1][0]
        applied = sum(a is not None and a.split()[1] in ("f", "cc", "cbr") for _, a in steps)
        assert not state.status, (seed, text)
        assert applied == bets, (seed, text)  # pokerkit took every action as written, no repair
        if list(state.stacks) != list(hand.stacks):
            differ.add(seed)
    assert differ == ODD_CHIP_DIFFERENCES


@pytest.mark.parametrize("rules", ["pokerkit", "casino", "acpc"])
def test_round_trip_write_read_replay(rules: str) -> None:
    for seed in range(150):
        hand = random_hand(seed, rules)
        history = from_hand(hand)
        text = history.dumps()
        again = one(text)
        assert again == history
        assert again.dumps() == text
        result = replay(again, rules=hand.rules, seed=seed)
        assert result.complete and not result.guessed
        if history.finishing_stacks is not None:
            assert result.matches is True
        assert result.hand.stacks == hand.stacks
        assert result.hand.payoffs == hand.payoffs

        def visible(h: Hand) -> list[Any]:
            return [e for e in h.events if e.kind is not EventKind.BURN]

        assert visible(result.hand) == visible(hand)
        assert from_hand(result.hand).actions == history.actions


def test_phhs_round_trip_keeps_every_hand_and_field() -> None:
    histories = load(CASES.PLURIBUS)
    text = dumps_all(histories)
    again = loads(text, source="again.phhs")
    assert again == histories
    assert [h.key for h in again] == [h.key for h in histories]
    hands = [random_hand(seed) for seed in range(5)]
    mixed = loads(dumps_all(hands))
    assert [h.actions for h in mixed] == [from_hand(h).actions for h in hands]


def test_from_hand_fields() -> None:
    hand = Hand([50, 50], blinds=(1, 2), seed=7)
    unfinished = from_hand(hand, players=["Ann", "Bob"])
    # The rules the hand is played by are written too (PHH user-defined fields).
    assert unfinished.finishing_stacks is None
    assert unfinished.fields == {"players": ["Ann", "Bob"], "_rules": "casino"}
    hand.fold()
    history = from_hand(hand, finishing_stacks=[0, 0], event="x")
    assert history.finishing_stacks == (0, 0)  # a caller's finishing_stacks wins
    assert history.fields == {"event": "x", "_rules": "casino"} and history.min_bet == 2
    with pytest.raises(PHHError, match=r"'min_bet' belong\(s\) to the hand's own attributes"):
        from_hand(hand, min_bet=4)
    with pytest.raises(PHHError, match="cannot write"):
        to_phh(hand, x=object())
    assert isinstance(one(to_phh(hand)), HandHistory)


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("casino"),
        Rules.preset("casino", odd_chips=OddChips.FIRST_WINNER, cap=None, reopen=Reopen.ALWAYS),
        Rules.preset("casino", call_full_blind=False, lone_matched_acts=True),
        Rules.preset("acpc"),
    ],
)
def test_a_written_hand_replays_by_its_own_rules(rules: Rules) -> None:
    # Thousands of random hands played by other rules than replay's default (pokerkit): the
    # written file names them (_rules, _rule_options), and a replay with no rules given plays
    # by them, so every hand ends with the stacks it ended with here.
    count = 3000 if rules == Rules.preset("casino") else 300
    differ_without = 0
    for seed in range(count):
        hand = random_hand(seed, rules)
        history = one(to_phh(hand))
        assert history.fields["_rules"] == rules.name
        result = replay(history, seed=seed)
        assert result.hand.rules.replace(ante_trimming=False) == rules.replace(ante_trimming=False)
        assert result.hand.stacks == hand.stacks, seed
        if history.finishing_stacks is not None:
            assert result.matches is True
        bare = history.replace(fields={})  # the same hand without the rules: pokerkit's
        try:
            differ_without += replay(bare, seed=seed, check=False).hand.stacks != hand.stacks
        except PHHError:  # an action pokerkit's rules do not allow
            differ_without += 1
    if rules.name == "casino" and count == 3000:
        assert differ_without > 0  # the fields matter: some odd chips go elsewhere without them


def _fuzzed_hand(seed: int) -> Hand | None:
    """A hand of random stakes (antes, big-blind antes, short and huge stacks, a manual
    showdown) played at random, to its end or stopped part way; None if it cannot be set up."""
    import random

    from holdem.errors import HoldemError

    rng = random.Random(seed)
    n = rng.randint(2, 6)
    if rng.random() < 0.1:
        stacks = [rng.randint(2**59, 2**61) for _ in range(n)]
    else:
        stacks = [rng.choice([1, 2, 3, 5, 20, 200, 2000]) for _ in range(n)]
    kw: dict[str, Any] = {
        "blinds": (1, 2),
        "structure": rng.choice(["no-limit", "pot-limit", "fixed-limit"]),
        "rules": rng.choice(["casino", "pokerkit", "acpc"]),
        "seed": seed,
    }
    x = rng.random()
    if x < 0.3:
        kw["ante"] = rng.choice([1, 2])
    elif x < 0.5:
        kw["big_blind_ante"] = rng.choice([1, 2, 3])
    elif x < 0.6:
        kw["ante"], kw["big_blind_ante"] = 1, 2
    if rng.random() < 0.2:
        kw["showdown"] = "manual"
    try:
        hand = Hand(stacks, **kw)
    except HoldemError:
        return None
    steps = rng.randint(0, 30) if rng.random() < 0.3 else 10**9
    while not hand.is_over and steps and hand.street is not hand.street.SHOWDOWN:
        legal = hand.legal_actions()
        pick = rng.random()
        if legal.call is not None and pick < 0.2:
            hand.fold()
        elif legal.can_raise and pick > 0.7:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()
        steps -= 1
    return hand


def test_fuzzed_hands_round_trip() -> None:
    # Issue 28: 50 of 3,000 fuzzed round trips failed: an ante on a short stack written as the
    # amount posted (a smaller ante due, without the side pot), a finishing stack above 2**60
    # refused when read back, a hand stopped at a manual showdown replayed to its end.
    played = 0
    for seed in range(1500):
        hand = _fuzzed_hand(seed)
        if hand is None:
            continue
        played += 1
        text = to_phh(hand)
        result = replay(one(text), rules=hand.rules, seed=seed)
        assert result.hand.stacks == hand.stacks, (seed, text)
        assert result.hand.is_over == hand.is_over and result.hand.street == hand.street, seed
        if hand.is_over:
            assert result.hand.payoffs == hand.payoffs, seed
    assert played > 1000
