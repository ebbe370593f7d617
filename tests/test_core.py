"""The compiled core (holdem/_core.pyx): its per-call fast path and the size of its tables."""

from __future__ import annotations

import numpy as np

import holdem
from holdem import _core


def test_small_int_fast_path_is_on_and_agrees() -> None:
    """On CPython the per-call path reads card ints by address; it must give the same values."""
    assert _core._find_small_ints() >= 0
    rng = np.random.default_rng(5)
    rows = np.argsort(rng.random((2000, 52)), axis=1)[:, :7]
    for row in rows:
        ints = [int(c) for c in row]  # small-int singletons: the fast path
        cards = [holdem.Card(c) for c in ints]  # int subclass: the C-API path
        numpy_ints = list(row)  # not ints at all: the parsing path
        assert holdem.evaluate(ints) == holdem.evaluate(cards) == holdem.evaluate(numpy_ints)


def test_lookup_tables_stay_small() -> None:
    """The tables an evaluation reads fit in 256 KB, the size of a small L2 cache."""
    assert 150_000 < _core.table_bytes() <= 256 * 1024
