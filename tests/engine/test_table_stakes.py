"""A table's stakes between hands: fixed-limit bets (a river bet too), a new structure, the rake.

Oracles: Wikipedia "Texas hold 'em", betting structures (fixed limit: the small bet pre-flop
and on the flop, the big bet on the turn and river, usually twice the small bet; the big blind
is usually the small bet); Wikipedia "Fixed limit": "Occasionally, the fourth wager is larger
still"; the rake: 5% of a 200-chip pot is 10 chips, under a cap of 3 it is 3.
"""

from __future__ import annotations

import pytest

from holdem import Rake, Rules, Structure, Table, TableError
from holdem.errors import RulesError
from holdem.phh import dumps_table


def seated(**kw: object) -> Table:
    table = Table(4, blinds=(5, 10), min_buy_in=1, max_buy_in=10_000, first_button=1, **kw)  # type: ignore[arg-type]
    for seat in (1, 2, 3):
        table.sit_down(seat, f"S{seat}", 1_000)
    return table


def test_a_fixed_limit_table_with_a_river_bet() -> None:
    table = seated(structure="fixed-limit", river_bet=40)
    hand = table.new_hand()
    assert (hand.structure, hand.small_bet, hand.big_bet, hand.river_bet) == (
        Structure.FIXED_LIMIT,
        10,
        20,
        40,
    )
    while not hand.is_over:
        hand.check_or_call()
    table.set_stakes((10, 20))  # the limits follow the blinds: 20-40, river 40
    hand = table.new_hand()
    assert (hand.small_bet, hand.big_bet, hand.river_bet) == (20, 40, 40)
    while not hand.is_over:
        hand.check_or_call()
    table.set_stakes((15, 30), small_bet=30, big_bet=60, river_bet=120)
    hand = table.new_hand()
    assert (hand.small_bet, hand.big_bet, hand.river_bet, max(hand.forced_bets)) == (
        30,
        60,
        120,
        30,
    )
    legal = hand.legal_actions()
    assert legal.min_raise_to == legal.max_raise_to == 60  # a raise of one small bet


def test_the_structure_changes_between_hands() -> None:
    table = seated()
    for structure in ("fixed-limit", "pot-limit", "no-limit", "fixed-limit"):
        table.set_stakes((5, 10), structure=structure)
        hand = table.new_hand()
        assert hand.structure is Structure.parse(structure) is table.structure
        if structure == "no-limit":
            assert hand.legal_actions().max_raise_to == 1_000
        elif structure == "pot-limit":
            assert hand.legal_actions().max_raise_to == 35  # 10 to call, then the pot of 25
        while not hand.is_over:
            hand.fold()


def test_bad_stakes_change_nothing() -> None:
    table = seated(structure="fixed-limit")
    hand = table.new_hand()
    with pytest.raises(TableError):
        table.set_stakes((10, 20))  # a hand is in play
    while not hand.is_over:
        hand.fold()
    for bad in (
        {"small_bet": 20, "big_bet": 10},
        {"river_bet": 0},
        {"structure": "no-limit", "small_bet": 20},
        {"structure": "limitless"},
    ):
        with pytest.raises(RulesError):
            table.set_stakes((10, 20), **bad)
    assert table.blinds == (5, 10) and table.structure is Structure.FIXED_LIMIT
    hand = table.new_hand()
    assert (hand.small_bet, hand.big_bet) == (10, 20)
    with pytest.raises(RulesError):
        Table(4, small_bet=10)  # no limit
    with pytest.raises(RulesError):
        Table(4, structure="fixed-limit", small_bet=10, big_bet=5)


def test_the_rake_is_counted() -> None:
    table = seated(rules=Rules.preset("casino", rake=Rake(percent=5, cap=3)))
    hand = table.new_hand()
    hand.check_or_call()  # the button calls 10
    hand.check_or_call()  # the small blind completes
    while not hand.is_over:  # the big blind checks, everyone checks down
        hand.check_or_call()
    assert hand.rake == 1  # 5% of 30 chips: one chip (rounded down)
    assert table.rake == 1 and sum(table.stacks.values()) == 2_999
    hand = table.new_hand()
    while not hand.is_over:
        hand.fold()
    assert table.rake == 1  # no flop, no drop
    assert seated().rake == 0


def test_a_session_of_changing_limits_replays_from_its_phhs() -> None:
    """Each hand's own stakes (blinds, structure, small, big and river bets) are written to the
    session's file; every hand reads back and replays to the same stacks."""
    import random

    from holdem.phh import loads, replay

    table = seated(structure="fixed-limit", seed=3)
    rng = random.Random(3)
    stakes = [
        ((5, 10), {}),
        ((10, 20), {"river_bet": 60}),
        ((10, 20), {"structure": "pot-limit"}),
        ((15, 30), {"structure": "fixed-limit", "small_bet": 30, "big_bet": 60}),
    ]
    for blinds, kw in stakes:
        table.set_stakes(blinds, **kw)  # type: ignore[arg-type]
        for _ in range(3):
            hand = table.new_hand()
            while not hand.is_over:
                legal = hand.legal_actions()
                if legal.can_raise and rng.random() < 0.3:
                    assert legal.min_raise_to is not None
                    hand.raise_to(legal.min_raise_to)
                elif legal.call is not None and rng.random() < 0.2:
                    hand.fold()
                else:
                    hand.check_or_call()
    histories = loads(dumps_table(table))
    played = table.history
    assert len(histories) == len(played) == 12
    for history, dealt in zip(histories, played, strict=True):
        again = replay(history)
        assert again.matches is True
        assert again.finishing_stacks == tuple(dealt.hand.stacks)
        assert again.hand.structure is dealt.hand.structure
        if dealt.hand.structure is Structure.FIXED_LIMIT:
            assert (again.hand.small_bet, again.hand.big_bet, again.hand.river_bet) == (
                dealt.hand.small_bet,
                dealt.hand.big_bet,
                dealt.hand.river_bet,
            )
