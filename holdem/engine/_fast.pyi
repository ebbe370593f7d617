"""Typed face of the compiled module holdem.engine._fast (checked with ``mypy.stubtest``)."""

from typing import Any, TypeVar

_T = TypeVar("_T", bound=tuple[Any, ...])
_U = TypeVar("_U")

def subtuple(cls: type[_T], values: tuple[Any, ...]) -> _T: ...
def hand_values(
    hole: tuple[tuple[Any, ...], ...], board: list[Any], folded: list[bool]
) -> list[int]: ...
def hole_pairs(cards: tuple[_U, ...], n: int) -> tuple[tuple[_U, _U], ...]: ...
def single(card: _U) -> tuple[_U]: ...
def draw(pool: tuple[_U, ...], k: int, seed: int) -> tuple[_U, ...]: ...
def legal_of(
    cls: type[_T],
    seat: int,
    fold: bool,
    check: bool,
    call: int | None,
    lo: int | None,
    hi: int | None,
) -> _T: ...
