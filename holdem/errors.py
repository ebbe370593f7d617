"""The package's exception hierarchy: every error it raises derives from :class:`HoldemError`."""

from __future__ import annotations

__all__ = ["CardError", "HoldemError", "RangeError"]


class HoldemError(Exception):
    """Root of every error raised by holdem."""


class CardError(HoldemError, ValueError):
    """An unknown or duplicate card, or the wrong number of cards."""


class RangeError(HoldemError, ValueError):
    """A hand range that cannot be read, or one that leaves a player without a hand."""
