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
from typing import Any

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

# The public names, by the module that defines them. The first map's are imported with the
# package: the cards, the evaluator and the errors, all that ``import holdem`` loads. The second's
# are imported on first use (PEP 562): the engine, equity, ranges, odds, ICM and PHH modules (and
# the standard library modules they need) are loaded by the first name taken from them. The
# typed face, holdem/__init__.pyi, is written from both maps (``python ci/public_names.py``), and
# tests/test_public_names.py checks that they agree and that every name resolves.
_EAGER_MODULES: dict[str, str] = {
    "holdem.cards": "RANKS SUITS Card CardLike Deck format_cards parse_cards",
    "holdem.errors": (
        "AcpcError ActionError ArgumentError ArgumentTypeError CardError HoldemError ICMError "
        "HistoryError MissingDependencyError OddsError PHHError PokerStarsError RangeError "
        "RulesError SolverError StartingHandError TableError"
    ),
    "holdem.evaluation": (
        "N_VALUES Category Showdown best_five category deal_batch describe evaluate "
        "evaluate_batch hand_class_batch name_hand showdown showdown_batch value_histogram"
    ),
    "holdem.games": (
        "GAMES OMAHA_GAMES THREE_CARD_GAMES Game describe_low evaluate_double_board "
        "evaluate_double_holdem evaluate_lazy_pineapple evaluate_omaha evaluate_omaha_batch "
        "evaluate_omaha_low evaluate_three_card_batch omaha_best_five"
    ),
}
_LAZY_MODULES: dict[str, str] = {
    "holdem.abstraction.buckets": "Buckets emd_kmeans kmeans",
    "holdem.abstraction.isomorphism": "HandIndexer",
    "holdem.abstraction.strength": (
        "HandStrength StrengthBatch StrengthTable hand_strength strength_batch strength_table"
    ),
    "holdem.agent_eval.lbr": "LBRResult local_best_response",
    "holdem.agent_eval.variance": "all_in_equity_value",
    "holdem.analysis.equity": (
        "DEFAULT_STDERR EquityResult PlayerEquity PreflopEquity double_board_equity equity "
        "game_equity preflop_equity"
    ),
    "holdem.analysis.icm": "ICM finish_probabilities icm",
    "holdem.analysis.odds": (
        "Outs PotOdds Standing break_even_ratio "
        "hit_probability next_card_categories odds_against outs pot_odds rule_of_2_and_4"
    ),
    "holdem.analysis.payouts": "chip_chop icm_chop paid_places payout_table",
    "holdem.analysis.ranges": "Combo Range parse_range",
    "holdem.analysis.starting": (
        "CLASSES all_combos class_combos class_shares combo_count grid hand_class"
    ),
    "holdem.engine.button": "ButtonRule",
    "holdem.engine.events": "Event EventKind Legal LegalDiscard Street View",
    "holdem.engine.hand": "Hand",
    "holdem.engine.matches": "AgentResult MatchResult match",
    "holdem.engine.misdeal": "Exposure",
    "holdem.engine.pots": "Pot",
    "holdem.engine.rules": "PRESETS LimitAllIn OddChips Rake Reopen Rules Structure",
    "holdem.engine.table": "Table",
    "holdem.engine.tournament": "Break Level Rebuys Tournament",
    "holdem.phh": "HandHistory",
}
# Where the typed face takes a name from when not from its module above: Hand is Hand[int] or
# Hand[int | Fraction] by the rules preset (holdem/engine/_typed_hand.pyi).
_TYPED_FROM: dict[str, str] = {"Hand": "holdem.engine._typed_hand"}

for _module, _names in _EAGER_MODULES.items():
    _found = importlib.import_module(_module)
    globals().update((_name, getattr(_found, _name)) for _name in _names.split())
del _module, _names, _found
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

__all__ = sorted(
    (
        "__version__",
        *(name for names in _EAGER_MODULES.values() for name in names.split()),
        *_LAZY,
    ),
    key=lambda name: (not name.isupper(), not name[0].isupper(), name),
)
