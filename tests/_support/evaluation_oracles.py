"""Oracles shared by the evaluator's test modules: phevaluator's evaluators and random hands.

phevaluator is reached through ``pytest.importorskip`` at the place of use, so only the comparisons
skip without it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

# The published card encoding (phevaluator's and the ACPC dealer's: index = rank * 4 + suit);
# tests/test_cards.py checks it against phevaluator.Card.
TOKEN = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def ph(k: int) -> Callable[..., int]:
    """phevaluator's evaluator of k cards (1 = best); skips the test without phevaluator."""
    pheval = pytest.importorskip("phevaluator._pheval")
    fn: Callable[..., int] = getattr(pheval, f"evaluate_{k}cards")
    return fn


def ph_ranks(hands: np.ndarray) -> np.ndarray:
    f = ph(hands.shape[1])
    return np.fromiter((f(*row) for row in hands.tolist()), dtype=np.int64, count=len(hands))


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n rows of k distinct uniformly chosen card indices (uint8); rows with a repeated card are
    redrawn."""
    if k > 9:
        return rng.random((n, 52)).argpartition(k, axis=1)[:, :k].astype(np.uint8)
    out = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    while True:
        s = np.sort(out, axis=1)
        bad = np.flatnonzero((np.diff(s, axis=1) == 0).any(axis=1))
        if bad.size == 0:
            return out
        out[bad] = rng.integers(0, 52, size=(bad.size, k), dtype=np.uint8)
