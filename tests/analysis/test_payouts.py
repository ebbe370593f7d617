"""Prize money and deals: payout tables, the chip-count, even and ICM chops.

Oracles:
- BetMGM Poker's published chip-count deal ("How are the chip count payout amounts calculated?"):
  five players with 15,000 / 12,000 / 10,000 / 6,000 / 500 chips share a remaining prize pool
  of $570, the next player out earning $57: $155.28 / $135.63 / $122.52 / $96.32 / $60.28;
- Advanced Poker Training's "Chopping Tournament Prize Pools": stacks 400k/300k/200k/100k,
  prizes $1,600 / $1,000 / $600 / $400: an even chop pays $900 each;
- the published ICM example of stacks 50/30/20 and prizes 70/30: 45.178571 / 32.25 / 22.571429;
- the Malmuth-Harville model summed over every finishing order in exact fractions;
- Hamilton's method (largest remainders): every share is its quota rounded down or up.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem.analysis.payouts import (
    chip_chop,
    even_chop,
    icm_chop,
    paid_places,
    payout_table,
    split_exactly,
)
from holdem.errors import ArgumentTypeError, ICMError


def icm_exact(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Each player's prize equity, summed over every finishing order in fractions."""
    equity = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        p = Fraction(1)
        left = sum(stacks)
        for player in order:
            p *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equity[player] += p * prizes[place]
    return equity


def test_public_names() -> None:
    assert holdem.payout_table is payout_table
    assert holdem.icm_chop is icm_chop and holdem.chip_chop is chip_chop
    assert holdem.paid_places is paid_places


def test_betmgm_chip_count_deal() -> None:
    stacks = [15000, 12000, 10000, 6000, 500]
    published = [155.28, 135.63, 122.52, 96.32, 60.28]
    prizes = [200, 150, 100, 63, 57]  # any prizes summing to $570 with $57 for fifth
    dollars = chip_chop(stacks, prizes)
    assert sum(dollars) == 570
    assert all(abs(d - p) < 1 for d, p in zip(dollars, published, strict=True))
    cents = chip_chop(stacks, [100 * p for p in prizes])
    assert sum(cents) == 57000
    assert all(abs(c - round(100 * p)) <= 1 for c, p in zip(cents, published, strict=True))


def test_even_chop_published() -> None:
    assert even_chop(4, [1600, 1000, 600, 400]) == (900, 900, 900, 900)
    assert sum(even_chop(7, [100, 50, 25])) == 175


def test_proportional_chop() -> None:
    stacks = [400_000, 300_000, 200_000, 100_000]
    assert chip_chop(stacks, [1600, 1000, 600, 400], method="proportional") == (
        1440,
        1080,
        720,
        360,
    )
    # the next-prize chop: $400 each, then $2,000 by chips
    assert chip_chop(stacks, [1600, 1000, 600, 400]) == (1200, 1000, 800, 600)


def test_icm_chop_published_example() -> None:
    assert icm_chop([50, 30, 20], [70, 30]) == (45, 32, 23)
    millionths = icm_chop([50, 30, 20], [70_000_000, 30_000_000])
    assert millionths == (45_178_571, 32_250_000, 22_571_429)


@pytest.mark.parametrize("seed", range(12))
def test_icm_chop_against_every_finishing_order(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.randint(1, 5000) for _ in range(n)]
    prizes = sorted((rng.randint(0, 10_000) for _ in range(rng.randint(1, n))), reverse=True)
    if not any(prizes):
        prizes[0] = 1
    shares = icm_chop(stacks, prizes)
    exact = icm_exact(stacks, prizes)
    assert sum(shares) == sum(prizes)
    for share, e in zip(shares, exact, strict=True):
        assert math.floor(e) - 1e-9 <= share <= math.ceil(e) + 1e-9


def test_icm_chop_with_a_sum_left_to_play_for() -> None:
    stacks, prizes = [5000, 3000, 2000], [5000, 3000, 2000]
    shares = icm_chop(stacks, prizes, left_to_play=1000)
    assert sum(shares) == 9000
    exact = icm_exact(stacks, [4000, 3000, 2000])
    assert all(abs(s - float(e)) < 1 for s, e in zip(shares, exact, strict=True))
    with pytest.raises(ICMError, match="at most"):
        icm_chop(stacks, prizes, left_to_play=2001)
    with pytest.raises(ICMError):
        icm_chop(stacks, prizes, left_to_play=-1)


def test_paid_places_rule_of_thumb() -> None:
    """Close to 10% paid; one table (nine) for each 100 entrants is within the range."""
    assert paid_places(100) == 10
    assert paid_places(1000) == 100
    assert paid_places(9) == 3 and paid_places(3) == 2 and paid_places(2) == 1
    assert paid_places(100, fraction=0.15) == 15
    for n in range(30, 3000, 37):
        assert 0.09 * n <= paid_places(n) <= 0.15 * n + 1


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=5000),
    st.integers(min_value=0, max_value=10**9),
)
def test_payout_table_sums_exactly(entrants: int, pool: int) -> None:
    table = payout_table(entrants, pool)
    assert sum(table) == pool
    assert len(table) == paid_places(entrants)
    assert all(a >= b for a, b in itertools.pairwise(table))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**12),
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=30),
)
def test_split_exactly_is_hamilton(total: int, weights: list[int]) -> None:
    if not any(weights):
        weights[0] = 1
    shares = split_exactly(total, weights)
    assert sum(shares) == total
    whole = sum(weights)
    for share, w in zip(shares, weights, strict=True):
        quota = Fraction(total * w, whole)
        assert math.floor(quota) <= share <= math.ceil(quota)


def test_own_percentages() -> None:
    assert payout_table(9, 900, percentages=[50, 30, 20]) == (450, 270, 180)
    assert payout_table(9, 1001, percentages=[50, 30, 20]) == (501, 300, 200)
    with pytest.raises(ICMError, match="never earns less"):
        payout_table(9, 900, percentages=[30, 50, 20])
    with pytest.raises(ICMError):
        payout_table(2, 900, percentages=[50, 30, 20])
    with pytest.raises(ICMError):
        payout_table(9, 900, percentages=[50, 30, 20], places=3)


def test_bad_input() -> None:
    with pytest.raises(ArgumentTypeError):
        chip_chop([1.5, 2], [10])  # type: ignore[list-item]
    with pytest.raises(ICMError):
        chip_chop([0, 2], [10])
    with pytest.raises(ICMError):
        chip_chop([1, 2], [10, 5, 1])
    with pytest.raises(ICMError):
        chip_chop([1, 2], [10], method="nope")
    with pytest.raises(ICMError):
        split_exactly(10, [0, 0])
    with pytest.raises(ICMError):
        split_exactly(-1, [1])
    with pytest.raises(ICMError):
        paid_places(0)
    with pytest.raises(ICMError):
        paid_places(10, fraction=0)


def test_the_largest_payout_table_is_hamilton_s() -> None:
    """The largest standard table (100,000 entrants, 10,000 places paid by 1/k) against its
    quotas computed apart, in 60-digit decimals: each share is its quota rounded down or up,
    the shares sum to the pool, and every share rounded up had a fraction at least as large as
    every share rounded down (largest remainders). (It took over a minute: the sort compared
    fractions whose denominators reach lcm(1..10000); benchmarks/payouts.py times it.)"""
    from decimal import Decimal, localcontext

    pool = 10**7 + 3
    table = payout_table(100_000, pool)
    assert len(table) == 10_000 and sum(table) == pool
    with localcontext() as ctx:
        ctx.prec = 60
        harmonic = sum(Decimal(1) / k for k in range(1, 10_001))
        quotas = [Decimal(pool) / (k * harmonic) for k in range(1, 10_001)]
        up: list[Decimal] = []
        down: list[Decimal] = []
        for share, quota in zip(table, quotas, strict=True):
            low = int(quota)  # (positive: the floor)
            assert share in (low, low + 1)
            (up if share == low + 1 else down).append(quota - low)
        assert up and down and min(up) >= max(down) - Decimal(10) ** -40
