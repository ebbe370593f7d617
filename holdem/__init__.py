"""holdem: Texas hold'em for Python, on a compiled core.

Cards and decks, a fast hand evaluator (per call and in batches), showdowns, and the
rules of the game built on them.

>>> import holdem
>>> holdem.describe("As Ks Qs Js Ts 2c 3d")
'Royal flush'
>>> holdem.evaluate("AsKsQsJsTs") > holdem.evaluate("AhAdAcAsKd")
True
"""

from holdem import _core  # noqa: F401  (the compiled core, imported first: it fails loudly)
from holdem.cards import RANKS, SUITS, Card, CardLike, Deck, format_cards, parse_cards
from holdem.errors import CardError, HoldemError
from holdem.evaluation import (
    N_VALUES,
    Category,
    Showdown,
    best_five,
    category,
    describe,
    evaluate,
    evaluate_batch,
    showdown,
    showdown_batch,
    value_histogram,
)

__version__ = "0.1.0"

__all__ = [
    "N_VALUES",
    "RANKS",
    "SUITS",
    "Card",
    "CardError",
    "CardLike",
    "Category",
    "Deck",
    "HoldemError",
    "Showdown",
    "__version__",
    "best_five",
    "category",
    "describe",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "parse_cards",
    "showdown",
    "showdown_batch",
    "value_histogram",
]
