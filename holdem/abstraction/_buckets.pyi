"""Typed face of the compiled module holdem.abstraction._buckets (checked by ``mypy.stubtest``)."""

from typing import Any

def nearest(
    points: Any, lo: int, hi: int, centers: Any, l1: bool, labels: Any, dist: Any
) -> int: ...
