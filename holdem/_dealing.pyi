"""Typed face of the compiled module holdem._dealing (checked with ``python -m mypy.stubtest``)."""

import numpy as np
import numpy.typing as npt

def block_rows() -> int: ...
def deal_blocks(
    seed: int, first_block: int, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]
) -> None: ...
def class_index_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint8]) -> int: ...
