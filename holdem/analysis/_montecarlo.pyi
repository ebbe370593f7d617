"""Typed face of the compiled module holdem.analysis._montecarlo (checked by mypy.stubtest)."""

from typing import Any

def sample(
    n: int,
    kinds: Any,
    combos: Any,
    starts: Any,
    thresh: Any,
    alias: Any,
    board: Any,
    dead: Any,
    samples: int,
    seed: int,
    stream: int,
    block: int,
    max_rejects: int = 1000000,
    threads: int = 1,
) -> tuple[list[list[int]], int]: ...
