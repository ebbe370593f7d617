"""Typed face of the compiled module holdem.pokerstars._amounts (a hand history's amounts)."""

__all__: list[str] = []

def read_amount(text: str) -> tuple[int, int]: ...
