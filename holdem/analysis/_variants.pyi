"""Typed face of the compiled module holdem.analysis._variants (checked by ``mypy.stubtest``)."""

from collections.abc import Sequence

def showdowns(
    kind: int,
    index: int,
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    rest: Sequence[int],
    samples: int,
    seed: int,
) -> tuple[list[float], list[float], list[float], list[float], int]: ...
def range_showdowns(
    kind: int,
    index: int,
    nh: int,
    seats: Sequence[tuple[int, bytes, Sequence[float]]],
    board: Sequence[int],
    live: Sequence[int],
    samples: int,
    seed: int,
) -> tuple[list[float], list[float], list[float], list[float], int, float] | None: ...
