"""Every exception the package raises, in one hierarchy.

All derive from :class:`HoldemError` (never raised itself), and each is also the built-in
exception a Python user would catch for that kind of mistake: :class:`ValueError` for a bad
value, :class:`TypeError` for a value of the wrong type, :class:`ImportError` for a missing
optional dependency (and :class:`KeyError` where a replaced package raises it).

The same mistake raises the same class everywhere: a bad seed, thread count or sample count is
an :class:`ArgumentError` (a wrong type: :class:`ArgumentTypeError`) in every module; a card is
a :class:`CardError`; a rule set or a hand that cannot be set up a :class:`RulesError`; an
illegal action an :class:`ActionError`.

>>> import holdem
>>> try:
...     holdem.parse_cards("Xx")
... except ValueError as exc:
...     print(type(exc).__name__, isinstance(exc, holdem.HoldemError))
CardError True
"""

from __future__ import annotations

__all__ = [
    "AcpcError",
    "ActionError",
    "ArgumentError",
    "ArgumentTypeError",
    "CardError",
    "CardKeyError",
    "CompatTypeError",
    "HandValueError",
    "HistoryError",
    "HoldemError",
    "ICMError",
    "MissingDependencyError",
    "OddsError",
    "PHHError",
    "PokerStarsError",
    "RangeError",
    "RulesError",
    "SolverError",
    "StartingHandError",
    "TableError",
]


class HoldemError(Exception):
    """Root of every error raised by holdem (catch it to catch them all; never raised itself)."""


# -- arguments of any function ----------------------------------------------------------------


class ArgumentError(HoldemError, ValueError):
    """A bad value for a general argument: a seed, a count of threads or samples, an array shape,
    an option that is not one of its choices."""


class ArgumentTypeError(HoldemError, TypeError):
    """An argument of the wrong type: a str where a sequence is needed, a float or a bool where
    an int is needed, an object that is not an executor."""


class MissingDependencyError(HoldemError, ImportError):
    """An optional dependency that a function needs is not installed (the message names the
    extra to install, e.g. ``pip install "holdem-engine[numpy]"``)."""


# -- cards and hands ----------------------------------------------------------------------------


class CardError(HoldemError, ValueError):
    """An unknown or duplicate card, or the wrong number of cards."""


class RangeError(HoldemError, ValueError):
    """A hand range that cannot be read, or one that leaves a player without a hand."""


class StartingHandError(HoldemError, ValueError):
    """A name that is not one of the 169 starting-hand classes, or a bad grid argument."""


# -- the engine ---------------------------------------------------------------------------------


class RulesError(HoldemError, ValueError):
    """A hand or rule set that cannot be set up: bad stacks, blinds, structure or option."""


class ActionError(HoldemError, ValueError):
    """An action the rules do not allow now: out of turn, a bad amount, after the hand ended.

    The message says what was wrong and what would have been legal; the hand is unchanged.
    """


class TableError(HoldemError, ValueError):
    """A table move the rules do not allow now: a taken or unknown seat, a buy-in out of range,
    a player in a hand in play leaving or buying chips, a hand dealt with one player left.

    The message says what was wrong; the table is unchanged.
    """


# -- analysis -----------------------------------------------------------------------------------


class OddsError(HoldemError, ValueError):
    """A count, probability or chip amount out of range for an odds function."""


class ICMError(HoldemError, ValueError):
    """Stacks, payouts or options that the model cannot take (the message says which)."""


class SolverError(HoldemError, ValueError):
    """A spot the solver cannot take (a range left empty by the board, bet sizes that make no
    tree, a tree too large for the memory allowed, a target of zero), a node or lock that does not
    fit its tree, or a solution file that cannot be read; raised before any work starts."""


# -- formats and protocols ----------------------------------------------------------------------


class PHHError(HoldemError, ValueError):
    """A hand history that cannot be read or replayed; the message names the hand (and action)."""


class PokerStarsError(HoldemError, ValueError):
    """A PokerStars hand history that cannot be read, converted or replayed exactly."""


class HistoryError(HoldemError, ValueError):
    """A hand history file, or one hand of it, that cannot be read, converted or replayed exactly.

    ``file`` is the file (a zip's member as ``archive.zip/member``), ``hand`` the hand's id as
    the site writes it (empty for an error of the whole file) and ``reason`` what was wrong.

    >>> str(HistoryError("a.txt", "12", "the pot does not add up"))
    'a.txt: hand #12: the pot does not add up'
    """

    def __init__(self, file: str, hand: str, reason: str) -> None:
        self.file = file
        self.hand = hand
        self.reason = reason
        where = f"{file}: hand #{hand}" if hand else file
        super().__init__(f"{where}: {reason}")

    def __reduce__(self) -> tuple[type[HistoryError], tuple[str, str, str]]:
        return (type(self), (self.file, self.hand, self.reason))


class AcpcError(HoldemError, ValueError):
    """A game definition, MATCHSTATE/STATE string or log line that is malformed or unplayable."""


# -- drop-in shims (holdem.compat) --------------------------------------------------------------


class CardKeyError(CardError, KeyError):
    """An unknown card where the replaced package raises KeyError (also a ValueError)."""

    # KeyError would show the message in quotes; a ValueError's message reads better.
    __str__ = CardError.__str__


class CompatTypeError(ArgumentTypeError):
    """An argument of the wrong type for a shim: not a card (a float, None, a bool) or not an int
    value (the replaced packages raise TypeError there too)."""


class HandValueError(HoldemError, ValueError, KeyError):
    """A number that is not one of the replaced package's hand values (or rank classes).

    Also a KeyError, as treys' ``class_to_string`` raises for an unknown class.
    """

    __str__ = HoldemError.__str__
