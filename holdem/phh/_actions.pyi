"""Typed face of the compiled module holdem.phh._actions (PHH's action lines, read, and the
tape of their betting actions)."""

from decimal import Decimal
from typing import Any, NamedTuple

from holdem.cards import Card
from holdem.phh.model import HandHistory

__all__: list[str] = []

class _Action(NamedTuple):
    number: int
    text: str
    verb: str
    seat: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: int | Decimal = 0

class _Refused(Exception): ...

def _parse_actions(history: HandHistory) -> list[_Action]: ...
def _deal(
    history: HandHistory, actions: list[_Action]
) -> tuple[list[list[Card | None]], list[Card | None], set[Card], int]: ...
def _tape(actions: list[Any], amounts: dict[int, int]) -> bytes: ...
def _hole_count(code: str) -> int: ...

_NAMES: dict[str, str]
