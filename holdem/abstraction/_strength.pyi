"""Typed face of the compiled module holdem.abstraction._strength (checked by ``mypy.stubtest``)."""

from typing import Any

from holdem.abstraction._isomorphism import IndexerTables

def features(hole: Any, board: Any, weights: Any, bins: int, out: Any, hist: Any) -> int: ...
def table(
    ix: IndexerTables,
    boards: Any,
    lo: int,
    hi: int,
    weights: Any,
    bins: int,
    ehs: Any,
    ehs2: Any,
    hist: Any,
) -> int: ...
def preflop(
    ix: IndexerTables,
    flops: Any,
    orbit: Any,
    lo: int,
    hi: int,
    weights: Any,
    bins: int,
    acc: Any,
) -> int: ...
def features_batch(
    ix: IndexerTables,
    indices: Any,
    lo: int,
    hi: int,
    weights: Any,
    bins: int,
    out: Any,
    hist: Any,
) -> int: ...
