"""Typed face of the compiled module holdem._core (checked with ``python -m mypy.stubtest``)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, SupportsIndex, TypeVar

import numpy as np
import numpy.typing as npt

from holdem.cards import CardLike

_T = TypeVar("_T")

# Cards as evaluate() takes them: one string of names ("AsKs QsJsTs") or any iterable of
# Card, int (an index 0..51, a NumPy integer too) or str (a name) items; game: a name of
# holdem.GAMES or a holdem.Game (None is hold'em).
def evaluate(cards: str | Iterable[CardLike | SupportsIndex], game: Any = None) -> int: ...
def register_game_evaluator(evaluate_game: Callable[[Any, Any], int]) -> None: ...

# The kernels behind evaluate_batch and showdown_batch take C-contiguous arrays (read-only ones
# for the cards) of exactly these dtypes; anything else raises ValueError (Cython's buffer check).
# cursor: three int64 (next row, first bad row, rows a chunk) shared by several threads' calls;
# threads: the calling thread and holdem._team's helpers on the cursor.
def evaluate_rows(
    cards: npt.NDArray[np.uint8],
    out: npt.NDArray[np.uint16],
    path: str | None = None,
    cursor: npt.NDArray[np.int64] | None = None,
    threads: int = 1,
) -> int: ...
def batch_paths() -> tuple[str, ...]: ...
def showdown_rows(
    boards: npt.NDArray[np.uint8],
    holes: npt.NDArray[np.uint8],
    values: npt.NDArray[np.uint16],
    winners: npt.NDArray[np.uint8],
    cursor: npt.NDArray[np.int64] | None = None,
    path: str | None = None,
    threads: int = 1,
) -> int: ...
def showdown_values(
    board: Sequence[SupportsIndex], holes: Sequence[SupportsIndex]
) -> list[int]: ...
def value_histogram(n_cards: int = 7) -> list[int]: ...
def value_ranks(value: int) -> tuple[int, tuple[int, ...]]: ...
def category_floor(category: int) -> int: ...
def table_bytes() -> int: ...
def draw(pool: list[_T], k: int, seed: int) -> list[_T]: ...
def _find_small_ints() -> int: ...
