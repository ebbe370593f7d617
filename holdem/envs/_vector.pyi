"""Typed face of the compiled module holdem.envs._vector (checked with ``python -m
mypy.stubtest``)."""

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from holdem.engine._state import ActionMap, HandState

MAX_ROWS: int
RANDOM: int

@disjoint_base
class HandBatch:
    @property
    def rows(self) -> int: ...
    def __init__(
        self, rows: int, template: HandState, actions: ActionMap, options: tuple[Any, ...]
    ) -> None: ...
    def bind(
        self,
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        rewards: npt.NDArray[np.float64],
        done: npt.NDArray[np.bool_],
        payoffs: npt.NDArray[np.float64],
        actor: npt.NDArray[np.int32],
        acted: npt.NDArray[np.int32],
        played: npt.NDArray[np.int64],
    ) -> None: ...
    def reset(self, seeds: npt.NDArray[np.uint64]) -> None: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        threads: int = 1,
        then: Callable[[], object] | None = None,
    ) -> int: ...
    def mask_of(self, row: int) -> list[int]: ...
    def actor_of(self, row: int) -> int: ...
    def dealt(self, row: int) -> list[int]: ...
    def stacks(self) -> list[list[int]]: ...
