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
from holdem.errors import ActionError, CardError, HoldemError, RulesError
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
from holdem.phh import HandHistory, PHHError
from holdem.pots import Pot
from holdem.rules import PRESETS, OddChips, Reopen, Rules, Structure
from holdem.state import Event, EventKind, Hand, Legal, Street, View

__version__ = "0.1.0"

__all__ = [
    "N_VALUES",
    "PRESETS",
    "RANKS",
    "SUITS",
    "ActionError",
    "Card",
    "CardError",
    "CardLike",
    "Category",
    "Deck",
    "Event",
    "EventKind",
    "Hand",
    "HandHistory",
    "HoldemError",
    "Legal",
    "OddChips",
    "PHHError",
    "Pot",
    "Reopen",
    "Rules",
    "RulesError",
    "Showdown",
    "Street",
    "Structure",
    "View",
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
