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
from holdem.equity import (
    DEFAULT_STDERR,
    EquityResult,
    PlayerEquity,
    PreflopEquity,
    equity,
    preflop_equity,
)
from holdem.errors import ActionError, CardError, HoldemError, RangeError, RulesError
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
from holdem.icm import ICM, ICMError, finish_probabilities, icm
from holdem.odds import (
    OddsError,
    Outs,
    PotOdds,
    Standing,
    break_even_ratio,
    hit_probability,
    next_card_categories,
    odds_against,
    outs,
    pot_odds,
    rule_of_2_and_4,
)
from holdem.phh import HandHistory, PHHError
from holdem.pots import Pot
from holdem.ranges import Combo, Range, parse_range
from holdem.rules import PRESETS, OddChips, Reopen, Rules, Structure
from holdem.starting import (
    CLASSES,
    StartingHandError,
    all_combos,
    class_combos,
    class_shares,
    combo_count,
    grid,
    hand_class,
)
from holdem.state import Event, EventKind, Hand, Legal, Street, View

__version__ = "0.1.0"

__all__ = [
    "CLASSES",
    "DEFAULT_STDERR",
    "ICM",
    "N_VALUES",
    "PRESETS",
    "RANKS",
    "SUITS",
    "ActionError",
    "Card",
    "CardError",
    "CardLike",
    "Category",
    "Combo",
    "Deck",
    "EquityResult",
    "Event",
    "EventKind",
    "Hand",
    "HandHistory",
    "HoldemError",
    "ICMError",
    "Legal",
    "OddChips",
    "OddsError",
    "Outs",
    "PHHError",
    "PlayerEquity",
    "Pot",
    "PotOdds",
    "PreflopEquity",
    "Range",
    "RangeError",
    "Reopen",
    "Rules",
    "RulesError",
    "Showdown",
    "Standing",
    "StartingHandError",
    "Street",
    "Structure",
    "View",
    "__version__",
    "all_combos",
    "best_five",
    "break_even_ratio",
    "category",
    "class_combos",
    "class_shares",
    "combo_count",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "finish_probabilities",
    "format_cards",
    "grid",
    "hand_class",
    "hit_probability",
    "icm",
    "next_card_categories",
    "odds_against",
    "outs",
    "parse_cards",
    "parse_range",
    "pot_odds",
    "preflop_equity",
    "rule_of_2_and_4",
    "showdown",
    "showdown_batch",
    "value_histogram",
]
