"""The parts of a PHH hand history that a written hand history must give back when read again."""

from __future__ import annotations

#: The hand's own attributes: the game, the stacks, the forced bets and the actions.
GAME_FIELDS = (
    "variant",
    "starting_stacks",
    "actions",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "finishing_stacks",
)
