"""holdem: Texas hold'em for Python, on a compiled core.

Cards and decks, a fast hand evaluator (per call and in batches), showdowns, and the
rules of the game built on them.

>>> import holdem
>>> holdem.describe("As Ks Qs Js Ts 2c 3d")
'Royal flush'
>>> holdem.evaluate("AsKsQsJsTs") > holdem.evaluate("AhAdAcAsKd")
True
"""

import importlib
from typing import TYPE_CHECKING, Any

try:
    from holdem import _core  # noqa: F401  (the compiled core, imported first: it fails loudly)
except ImportError:
    # A folder with the sources and no compiled core (a clone's root on sys.path ahead of the
    # installed package) cannot import it: say so, and what to do, instead of the raw message.
    import importlib.machinery
    import os

    _here = os.path.dirname(os.path.abspath(__file__))
    if any(
        os.path.exists(os.path.join(_here, "_core" + suffix))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    ):
        raise
    raise ImportError(
        f"{_here} is the source tree of holdem, not a built package: its compiled core "
        "(holdem._core) is missing; run Python from another folder to use the installed "
        "holdem, or build in place with `pip install -e .` or "
        "`python setup.py build_ext --inplace`",
        name="holdem._core",
    ) from None
from holdem.cards import RANKS, SUITS, Card, CardLike, Deck, format_cards, parse_cards
from holdem.errors import (
    AcpcError,
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    CardError,
    HoldemError,
    ICMError,
    MissingDependencyError,
    OddsError,
    PHHError,
    PokerStarsError,
    RangeError,
    RulesError,
    StartingHandError,
    TableError,
)
from holdem.evaluation import (
    N_VALUES,
    Category,
    Showdown,
    best_five,
    category,
    deal_batch,
    describe,
    evaluate,
    evaluate_batch,
    hand_class_batch,
    name_hand,
    showdown,
    showdown_batch,
    value_histogram,
)
from holdem.games import (
    GAMES,
    OMAHA_GAMES,
    THREE_CARD_GAMES,
    Game,
    describe_low,
    evaluate_double_board,
    evaluate_double_holdem,
    evaluate_lazy_pineapple,
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_low,
    evaluate_three_card_batch,
    omaha_best_five,
)

if TYPE_CHECKING:
    from holdem.analysis.equity import (
        DEFAULT_STDERR,
        EquityResult,
        PlayerEquity,
        PreflopEquity,
        double_board_equity,
        equity,
        game_equity,
        preflop_equity,
    )
    from holdem.analysis.icm import ICM, finish_probabilities, icm
    from holdem.analysis.odds import (
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
    from holdem.analysis.payouts import chip_chop, icm_chop, paid_places, payout_table
    from holdem.analysis.ranges import Combo, Range, parse_range
    from holdem.analysis.starting import (
        CLASSES,
        all_combos,
        class_combos,
        class_shares,
        combo_count,
        grid,
        hand_class,
    )

    # Hand[int] or Hand[int | Fraction] by the rules preset (see holdem/engine/_typed_hand.pyi).
    from holdem.engine._typed_hand import Hand
    from holdem.engine.button import ButtonRule
    from holdem.engine.events import Event, EventKind, Legal, Street, View
    from holdem.engine.matches import AgentResult, MatchResult, match
    from holdem.engine.misdeal import Exposure
    from holdem.engine.pots import Pot
    from holdem.engine.rules import PRESETS, OddChips, Rake, Reopen, Rules, Structure
    from holdem.engine.table import Table
    from holdem.engine.tournament import Break, Level, Rebuys, Tournament
    from holdem.phh import HandHistory

# The rest of the API is imported on first use (PEP 562), so that ``import holdem`` loads only
# the cards and the evaluator: the engine, equity, ranges, odds, ICM and PHH modules (and the
# standard library modules they need) are loaded by the first name taken from them.
_LAZY_MODULES: dict[str, str] = {
    "holdem.analysis.equity": (
        "DEFAULT_STDERR EquityResult PlayerEquity PreflopEquity double_board_equity equity "
        "game_equity preflop_equity"
    ),
    "holdem.analysis.icm": "ICM finish_probabilities icm",
    "holdem.analysis.odds": (
        "Outs PotOdds Standing break_even_ratio "
        "hit_probability next_card_categories odds_against outs pot_odds rule_of_2_and_4"
    ),
    "holdem.phh": "HandHistory",
    "holdem.engine.pots": "Pot",
    "holdem.engine.misdeal": "Exposure",
    "holdem.analysis.ranges": "Combo Range parse_range",
    "holdem.engine.rules": "PRESETS OddChips Rake Reopen Rules Structure",
    "holdem.analysis.starting": (
        "CLASSES all_combos class_combos class_shares combo_count grid hand_class"
    ),
    "holdem.engine.events": "Event EventKind Legal LegalDiscard Street View",
    "holdem.engine.hand": "Hand",
    "holdem.engine.button": "ButtonRule",
    "holdem.engine.table": "Table",
    "holdem.engine.tournament": "Break Level Rebuys Tournament",
    "holdem.analysis.payouts": "chip_chop icm_chop paid_places payout_table",
    "holdem.engine.matches": "AgentResult MatchResult match",
}
_LAZY = {name: module for module, names in _LAZY_MODULES.items() for name in names.split()}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'holdem' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


# What ``dir(holdem)`` (and so tab completion and ``help``) shows: the public API and the module
# attributes a user reads, never the helpers and imports this module uses itself.
_DIR_DUNDERS = ("__all__", "__doc__", "__file__", "__name__", "__path__", "__spec__")


def __dir__() -> list[str]:
    return sorted({*__all__, *_DIR_DUNDERS})


__version__ = "0.1.0"  # the one place for the version: pyproject.toml reads this literal

__all__ = [
    "CLASSES",
    "DEFAULT_STDERR",
    "GAMES",
    "ICM",
    "N_VALUES",
    "OMAHA_GAMES",
    "PRESETS",
    "RANKS",
    "SUITS",
    "THREE_CARD_GAMES",
    "AcpcError",
    "ActionError",
    "AgentResult",
    "ArgumentError",
    "ArgumentTypeError",
    "Break",
    "ButtonRule",
    "Card",
    "CardError",
    "CardLike",
    "Category",
    "Combo",
    "Deck",
    "EquityResult",
    "Event",
    "EventKind",
    "Exposure",
    "Game",
    "Hand",
    "HandHistory",
    "HoldemError",
    "ICMError",
    "Legal",
    "LegalDiscard",
    "Level",
    "MatchResult",
    "MissingDependencyError",
    "OddChips",
    "OddsError",
    "Outs",
    "PHHError",
    "PlayerEquity",
    "PokerStarsError",
    "Pot",
    "PotOdds",
    "PreflopEquity",
    "Rake",
    "Range",
    "RangeError",
    "Rebuys",
    "Reopen",
    "Rules",
    "RulesError",
    "Showdown",
    "Standing",
    "StartingHandError",
    "Street",
    "Structure",
    "Table",
    "TableError",
    "Tournament",
    "View",
    "__version__",
    "all_combos",
    "best_five",
    "break_even_ratio",
    "category",
    "chip_chop",
    "class_combos",
    "class_shares",
    "combo_count",
    "deal_batch",
    "describe",
    "describe_low",
    "double_board_equity",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_double_board",
    "evaluate_double_holdem",
    "evaluate_lazy_pineapple",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low",
    "evaluate_three_card_batch",
    "finish_probabilities",
    "format_cards",
    "game_equity",
    "grid",
    "hand_class",
    "hand_class_batch",
    "hit_probability",
    "icm",
    "icm_chop",
    "match",
    "name_hand",
    "next_card_categories",
    "odds_against",
    "omaha_best_five",
    "outs",
    "paid_places",
    "parse_cards",
    "parse_range",
    "payout_table",
    "pot_odds",
    "preflop_equity",
    "rule_of_2_and_4",
    "showdown",
    "showdown_batch",
    "value_histogram",
]
