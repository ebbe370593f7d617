"""The package's exception hierarchy: every error it raises derives from :class:`HoldemError`."""

from __future__ import annotations

__all__ = ["ActionError", "CardError", "HoldemError", "RangeError", "RulesError"]


class HoldemError(Exception):
    """Root of every error raised by holdem."""


class CardError(HoldemError, ValueError):
    """An unknown or duplicate card, or the wrong number of cards."""


class RulesError(HoldemError, ValueError):
    """A hand or rule set that cannot be set up: bad stacks, blinds, structure or option."""


class ActionError(HoldemError, ValueError):
    """An action the rules do not allow now: out of turn, a bad amount, after the hand ended.

    The message says what was wrong and what would have been legal; the hand is unchanged.
    """


class RangeError(HoldemError, ValueError):
    """A hand range that cannot be read, or one that leaves a player without a hand."""
