"""Typed face of the compiled module holdem.analysis._exact (checked by ``mypy.stubtest``)."""

from typing import Any

SHARE: int
MAX_SEATS: int

def collect_classes(
    n: int, combos: Any, weights: Any, starts: Any, known: int, perms: Any
) -> tuple[bytes, list[float], list[int], int]: ...
def enumerate_classes(
    n: int, hands: Any, weights: Any, board: Any, dead: Any
) -> tuple[int, list[float], list[float], list[float]]: ...
