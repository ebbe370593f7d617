"""Hands played on several threads at once give what they give played one after the other.

The hand kernel declares itself safe for free-threaded CPython (cp314t): it keeps no mutable
state at module level, and each hand's state is its own. The oracle is the same hands played
on one thread: every event, stack and payoff must be equal. On a build with the GIL this checks
that no shared state leaks between hands; under cp314t (where the threads run at once) it is
the free-threading test.
"""

from __future__ import annotations

import random
import sys
import threading
from typing import Any

from holdem import Hand, Rules


def _play(seed: int) -> tuple[Any, ...]:
    """One hand of a seeded set-up (players, preset, structure, game), played by random legal
    actions from the same seed: its events, stacks and payoffs."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    hand = Hand(
        [rng.choice((20, 100, 400)) for _ in range(n)],
        blinds=(1, 2),
        ante=rng.choice((0, 1)),
        structure=rng.choice(("no-limit", "pot-limit", "fixed-limit")),
        rules=rng.choice(("casino", "pokerkit", "acpc")),
        game=rng.choice((None, "short-deck", "omaha", "double-board")),
        seed=seed,
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        pick = rng.random()
        if legal.call is not None and pick < 0.2:
            hand.fold()
        elif legal.can_raise and pick > 0.75:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()
    return hand.events, hand.stacks, tuple(hand.payoffs)


def test_hands_on_several_threads_play_as_they_do_on_one() -> None:
    seeds = list(range(600))
    expected = {seed: _play(seed) for seed in seeds}
    results: dict[int, tuple[Any, ...]] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def work(part: list[int]) -> None:
        start.wait()
        try:
            for seed in part:
                results[seed] = _play(seed)
        except BaseException as exc:  # (reported by the main thread)
            errors.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # (with the GIL: switch threads as often as it can)
    try:
        threads = [threading.Thread(target=work, args=(seeds[k::4],)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not errors
    assert results == expected
    assert any(len(set(p)) > 1 for _, _, p in expected.values())  # hands that moved chips


def test_the_kernel_keeps_no_rules_state_between_hands() -> None:
    """Hands of different rules built one after the other do not share a set-up: a hand of
    each preset, interleaved, plays as it does alone."""
    alone = [_play(seed) for seed in range(40)]
    mixed = []
    for seed in range(40):
        Hand([50, 50, 50], blinds=(1, 2), rules=Rules.preset("acpc"), seed=seed)
        mixed.append(_play(seed))
    assert mixed == alone
