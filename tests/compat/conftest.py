"""Inputs shared by the tests of the drop-in shims: random hands and one hand of each value.

The packages the shims replace (phevaluator, eval7, treys) are reached only through
``pytest.importorskip`` in each test module's fixture, so that a platform without one skips only
the comparisons with it.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import holdem

N_HANDS = 1_000_000


@pytest.fixture(scope="session")
def hands() -> np.ndarray:
    """A million random 7-card hands (uint8 card indices, distinct in a row); prefixes of 5, 6."""
    rng = np.random.default_rng(20_240_605)
    deck = np.tile(np.arange(52, dtype=np.uint8), (N_HANDS, 1))
    rows = np.arange(N_HANDS)
    for k in range(7):  # partial Fisher-Yates, one column at a time
        j = rng.integers(k, 52, N_HANDS)
        top = deck[rows, k].copy()
        deck[rows, k] = deck[rows, j]
        deck[rows, j] = top
    out = np.ascontiguousarray(deck[:, :7])
    assert all(len(set(row)) == 7 for row in out[:1000].tolist())
    return out


@pytest.fixture(scope="session")
def one_hand_per_value() -> np.ndarray:
    """One five-card hand of each of the 7,462 values (from all C(52, 5) hands)."""
    combos = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=2_598_960 * 5,
    ).reshape(-1, 5)
    values = holdem.evaluate_batch(combos)
    distinct, first = np.unique(values, return_index=True)
    assert distinct.tolist() == list(range(1, 7463))
    return combos[first]
