"""The typed face of holdem: every public name, from the module that defines it.

Written by ``python ci/public_names.py`` from the maps of holdem/__init__.py (which
imports the lazy names on first use, where type checkers cannot follow): do not edit.
"""

from holdem.abstraction.buckets import Buckets as Buckets
from holdem.abstraction.buckets import emd_kmeans as emd_kmeans
from holdem.abstraction.buckets import kmeans as kmeans
from holdem.abstraction.isomorphism import HandIndexer as HandIndexer
from holdem.abstraction.strength import HandStrength as HandStrength
from holdem.abstraction.strength import StrengthBatch as StrengthBatch
from holdem.abstraction.strength import StrengthTable as StrengthTable
from holdem.abstraction.strength import hand_strength as hand_strength
from holdem.abstraction.strength import strength_batch as strength_batch
from holdem.abstraction.strength import strength_table as strength_table
from holdem.agent_eval.lbr import LBRResult as LBRResult
from holdem.agent_eval.lbr import local_best_response as local_best_response
from holdem.agent_eval.variance import all_in_equity_value as all_in_equity_value
from holdem.analysis.equity import DEFAULT_STDERR as DEFAULT_STDERR
from holdem.analysis.equity import EquityResult as EquityResult
from holdem.analysis.equity import PlayerEquity as PlayerEquity
from holdem.analysis.equity import PreflopEquity as PreflopEquity
from holdem.analysis.equity import double_board_equity as double_board_equity
from holdem.analysis.equity import equity as equity
from holdem.analysis.equity import game_equity as game_equity
from holdem.analysis.equity import preflop_equity as preflop_equity
from holdem.analysis.icm import ICM as ICM
from holdem.analysis.icm import finish_probabilities as finish_probabilities
from holdem.analysis.icm import icm as icm
from holdem.analysis.odds import Outs as Outs
from holdem.analysis.odds import PotOdds as PotOdds
from holdem.analysis.odds import Standing as Standing
from holdem.analysis.odds import break_even_ratio as break_even_ratio
from holdem.analysis.odds import hit_probability as hit_probability
from holdem.analysis.odds import next_card_categories as next_card_categories
from holdem.analysis.odds import odds_against as odds_against
from holdem.analysis.odds import outs as outs
from holdem.analysis.odds import pot_odds as pot_odds
from holdem.analysis.odds import rule_of_2_and_4 as rule_of_2_and_4
from holdem.analysis.payouts import chip_chop as chip_chop
from holdem.analysis.payouts import icm_chop as icm_chop
from holdem.analysis.payouts import paid_places as paid_places
from holdem.analysis.payouts import payout_table as payout_table
from holdem.analysis.ranges import Combo as Combo
from holdem.analysis.ranges import Range as Range
from holdem.analysis.ranges import parse_range as parse_range
from holdem.analysis.starting import CLASSES as CLASSES
from holdem.analysis.starting import all_combos as all_combos
from holdem.analysis.starting import class_combos as class_combos
from holdem.analysis.starting import class_shares as class_shares
from holdem.analysis.starting import combo_count as combo_count
from holdem.analysis.starting import grid as grid
from holdem.analysis.starting import hand_class as hand_class
from holdem.cards import RANKS as RANKS
from holdem.cards import SUITS as SUITS
from holdem.cards import Card as Card
from holdem.cards import CardLike as CardLike
from holdem.cards import Deck as Deck
from holdem.cards import format_cards as format_cards
from holdem.cards import parse_cards as parse_cards
from holdem.engine._typed_hand import Hand as Hand
from holdem.engine.button import ButtonRule as ButtonRule
from holdem.engine.events import Event as Event
from holdem.engine.events import EventKind as EventKind
from holdem.engine.events import Legal as Legal
from holdem.engine.events import LegalDiscard as LegalDiscard
from holdem.engine.events import Street as Street
from holdem.engine.events import View as View
from holdem.engine.matches import AgentResult as AgentResult
from holdem.engine.matches import MatchResult as MatchResult
from holdem.engine.matches import match as match
from holdem.engine.misdeal import Exposure as Exposure
from holdem.engine.pots import Pot as Pot
from holdem.engine.rules import PRESETS as PRESETS
from holdem.engine.rules import LimitAllIn as LimitAllIn
from holdem.engine.rules import OddChips as OddChips
from holdem.engine.rules import Rake as Rake
from holdem.engine.rules import Reopen as Reopen
from holdem.engine.rules import Rules as Rules
from holdem.engine.rules import Structure as Structure
from holdem.engine.table import Table as Table
from holdem.engine.tournament import Break as Break
from holdem.engine.tournament import Level as Level
from holdem.engine.tournament import Rebuys as Rebuys
from holdem.engine.tournament import Tournament as Tournament
from holdem.errors import AcpcError as AcpcError
from holdem.errors import ActionError as ActionError
from holdem.errors import ArgumentError as ArgumentError
from holdem.errors import ArgumentTypeError as ArgumentTypeError
from holdem.errors import CardError as CardError
from holdem.errors import HistoryError as HistoryError
from holdem.errors import HoldemError as HoldemError
from holdem.errors import ICMError as ICMError
from holdem.errors import MissingDependencyError as MissingDependencyError
from holdem.errors import OddsError as OddsError
from holdem.errors import PHHError as PHHError
from holdem.errors import PokerStarsError as PokerStarsError
from holdem.errors import RangeError as RangeError
from holdem.errors import RulesError as RulesError
from holdem.errors import SolverError as SolverError
from holdem.errors import StartingHandError as StartingHandError
from holdem.errors import TableError as TableError
from holdem.evaluation import N_VALUES as N_VALUES
from holdem.evaluation import Category as Category
from holdem.evaluation import Showdown as Showdown
from holdem.evaluation import best_five as best_five
from holdem.evaluation import category as category
from holdem.evaluation import deal_batch as deal_batch
from holdem.evaluation import describe as describe
from holdem.evaluation import evaluate as evaluate
from holdem.evaluation import evaluate_batch as evaluate_batch
from holdem.evaluation import hand_class_batch as hand_class_batch
from holdem.evaluation import name_hand as name_hand
from holdem.evaluation import showdown as showdown
from holdem.evaluation import showdown_batch as showdown_batch
from holdem.evaluation import value_histogram as value_histogram
from holdem.games import GAMES as GAMES
from holdem.games import OMAHA_GAMES as OMAHA_GAMES
from holdem.games import THREE_CARD_GAMES as THREE_CARD_GAMES
from holdem.games import Game as Game
from holdem.games import describe_low as describe_low
from holdem.games import evaluate_double_board as evaluate_double_board
from holdem.games import evaluate_double_holdem as evaluate_double_holdem
from holdem.games import evaluate_lazy_pineapple as evaluate_lazy_pineapple
from holdem.games import evaluate_omaha as evaluate_omaha
from holdem.games import evaluate_omaha_batch as evaluate_omaha_batch
from holdem.games import evaluate_omaha_low as evaluate_omaha_low
from holdem.games import evaluate_three_card_batch as evaluate_three_card_batch
from holdem.games import omaha_best_five as omaha_best_five
from holdem.phh import HandHistory as HandHistory

__version__: str

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
    "Buckets",
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
    "HandIndexer",
    "HandStrength",
    "HistoryError",
    "HoldemError",
    "ICMError",
    "LBRResult",
    "Legal",
    "LegalDiscard",
    "Level",
    "LimitAllIn",
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
    "SolverError",
    "Standing",
    "StartingHandError",
    "Street",
    "StrengthBatch",
    "StrengthTable",
    "Structure",
    "Table",
    "TableError",
    "Tournament",
    "View",
    "__version__",
    "all_combos",
    "all_in_equity_value",
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
    "emd_kmeans",
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
    "hand_strength",
    "hit_probability",
    "icm",
    "icm_chop",
    "kmeans",
    "local_best_response",
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
    "strength_batch",
    "strength_table",
    "value_histogram",
]
