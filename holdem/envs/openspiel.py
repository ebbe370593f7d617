"""Texas hold'em as an OpenSpiel game (``python_holdem``), played by holdem's engine.

Importing this module registers the game with ``pyspiel``: ``pyspiel.load_game("python_holdem",
{...})`` then works for OpenSpiel's Python algorithms (CFR, MCTS, best response, exploitability
...). The parameters are ``universal_poker``'s for hold'em (``betting`` "limit" or "nolimit",
``numPlayers``, ``blind``, ``raiseSize``, ``firstPlayer``, ``maxRaises``, ``stack``, by ACPC
position), and the game is the same: the same chance nodes (each hole card from position 0 on,
then each board card when its round starts, a card's outcome being its ACPC index, which is
``int(Card)``), the same actions (limit: 0 fold, 1 check or call, 2 raise; no limit: 0, 1 and
``k``, a raise to ``k`` chips over the whole hand), the same ``ACPC State`` line and the same
returns in chips. Two more parameters make small games: ``deck``, the cards that chance deals
from (by default all 52), and ``board``, board cards fixed in advance (dealt by no chance node).

The information state string of a player is the ACPC ``MATCHSTATE`` line it would receive
(its own hole cards, the board, the betting).

:raises MissingDependencyError: on import, without OpenSpiel (``pip install
    "holdem-engine[openspiel]"``).

>>> import pyspiel
>>> import holdem.envs.openspiel
>>> game = pyspiel.load_game("python_holdem", {"betting": "limit"})
>>> state = game.new_initial_state()
>>> for card in (51, 47, 0, 5):  # As Ks to position 0, 2c 3d to position 1
...     state.apply_action(card)
>>> state.current_player(), state.legal_actions()  # position 1, the small blind, acts first
(1, [0, 1, 2])
>>> state.apply_action(0)
>>> state.acpc_state(), state.returns()
('STATE:0:f:AsKs|2c3d', [5.0, -5.0])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from holdem.acpc.betting import betting_of
from holdem.acpc.gamedef import GameDef
from holdem.acpc.protocol import AcpcState
from holdem.cards import Card, parse_cards
from holdem.errors import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    CardError,
    MissingDependencyError,
)

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
    from holdem.engine.hand import Legal
else:
    from holdem.engine.hand import Hand

try:
    import pyspiel
except ImportError as exc:
    raise MissingDependencyError(
        'holdem.envs.openspiel needs OpenSpiel: pip install "holdem-engine[openspiel]"'
    ) from exc

__all__ = ["GAME_NAME", "HoldemGame", "HoldemState"]

#: The short name of the game in ``pyspiel``.
GAME_NAME = "python_holdem"

_DEFAULTS: dict[str, Any] = {
    "betting": "limit",
    "numPlayers": 2,
    "blind": "10 5",
    "raiseSize": "10 10 20 20",
    "firstPlayer": "2 1 1 1",
    "maxRaises": "3 4 4 4",
    "stack": "",
    "deck": "",
    "board": "",
}

# The definitions and decks of the games loaded, by a key that states keep.
_GAMES: dict[str, tuple[GameDef, tuple[int, ...]]] = {}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Texas hold'em (holdem engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification=_DEFAULTS,
)


def _gamedef(params: Mapping[str, Any]) -> GameDef:
    betting = params["betting"]
    if betting not in ("limit", "nolimit"):
        raise ArgumentError(f"betting must be 'limit' or 'nolimit', got {betting!r}")
    lines = [
        "GAMEDEF",
        betting,
        f"numPlayers = {params['numPlayers']}",
        "numRounds = 4",
        f"blind = {params['blind']}",
        f"firstPlayer = {params['firstPlayer']}",
        "numSuits = 4",
        "numRanks = 13",
        "numHoleCards = 2",
        "numBoardCards = 0 3 1 1",
    ]
    if betting == "limit":
        lines += [f"raiseSize = {params['raiseSize']}"]
        if params["maxRaises"]:
            lines += [f"maxRaises = {params['maxRaises']}"]
    if params["stack"]:
        lines += [f"stack = {params['stack']}"]
    return GameDef.parse("\n".join([*lines, "END GAMEDEF", ""]))


def _check_cards(deck: tuple[Card, ...], board: tuple[Card, ...], players: int) -> None:
    """A deck of different cards enough for every hand, a board of at most five."""
    if len(set(deck)) != len(deck):
        raise CardError(f"the deck holds a card twice: {' '.join(map(str, deck))}")
    if len(set(board)) != len(board) or len(board) > 5:
        raise CardError(f"the board is at most five different cards, got {len(board)}")
    left = len(set(deck) - set(board))
    need = 2 * players + 5 - len(board)
    if left < need:
        raise CardError(
            f"the deck leaves {left} cards beside the board: {players} players and the board "
            f"need {need}"
        )


class HoldemGame(pyspiel.Game):  # type: ignore[misc]
    """Texas hold'em with ``universal_poker``'s parameters and game tree (see the module).

    :raises ArgumentError: for a betting other than 'limit' or 'nolimit'.
    :raises AcpcError: for parameters that are not a hold'em game the engine can play.
    :raises CardError: for a bad ``deck`` or ``board``.
    :raises ArgumentTypeError: for params that are not a mapping.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, Mapping):
            raise ArgumentTypeError(
                f"a game's params are a mapping of names to values, got {params!r}"
            )
        full = {**_DEFAULTS, **(params or {})}
        self.gamedef = gamedef = _gamedef(full)
        gamedef.new_hand()  # the engine can play it (or AcpcError)
        self.deck = (
            tuple(parse_cards(full["deck"])) if full["deck"] else tuple(map(Card, range(52)))
        )
        self.fixed_board = tuple(parse_cards(full["board"])) if full["board"] else ()
        n = gamedef.num_players
        _check_cards(self.deck, self.fixed_board, n)
        stacks = gamedef.stacks
        top = max(stacks)
        info = pyspiel.GameInfo(
            num_distinct_actions=3 if gamedef.limit else top + 1,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=-float(top),
            max_utility=float(sum(stacks) - min(stacks)),
            utility_sum=0.0,
            max_game_length=2 * n + 5 + 4 * n * (12 if gamedef.limit else 2 + top),
        )
        super().__init__(_GAME_TYPE, info, full)

    def new_initial_state(self) -> HoldemState:
        """A state before any card is dealt."""
        return HoldemState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer of information state strings (ACPC ``MATCHSTATE`` lines)."""
        return _Observer()


class HoldemState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`HoldemGame`: the cards dealt so far, the actions, and the engine hand."""

    def __init__(self, game: HoldemGame) -> None:
        if not isinstance(game, HoldemGame):  # pyspiel's State crashes the interpreter on None
            raise ArgumentTypeError(f"a HoldemState is made from a HoldemGame, got {game!r}")
        super().__init__(game)
        # A clone deep-copies the state: it holds ints and str (copied at once) and a Hand
        # (a cheap copy); the game's definition and deck are found by their key.
        self._key = key = game.gamedef.dump() + " ".join(map(str, game.deck))
        _GAMES.setdefault(key, (game.gamedef, tuple(map(int, game.deck))))
        n = game.gamedef.num_players
        self._holes: list[list[int]] = [[] for _ in range(n)]
        self._board: list[int] = [int(c) for c in game.fixed_board]
        self._actions: list[int] = []
        self._hand: Hand | None = None

    @property
    def _gamedef(self) -> GameDef:
        return _GAMES[self._key][0]

    # -- the engine hand -----------------------------------------------------------------------

    def _build(self) -> None:
        """The hand from the cards dealt so far, and the actions replayed on it."""
        gamedef = self._gamedef
        hand = gamedef.new_hand(
            hole_cards=[tuple(map(Card, h)) for h in self._holes],
            board=[Card(c) for c in self._board],
            rng=random.Random(0),
        )
        for action in self._actions:
            self._play(hand, action)
        self._hand = hand

    def _play(self, hand: Hand, action: int) -> None:
        if action == 0:
            hand.fold()
        elif action == 1:
            hand.check_or_call()
        elif self._gamedef.limit:
            hand.raise_to(hand.legal_actions().min_raise_to)  # type: ignore[arg-type]
        else:
            seat = hand.actor
            assert seat is not None
            hand.raise_to(action - (hand.contributions[seat] - hand.bets[seat]))

    def _dealt(self) -> set[int]:
        return {c for h in self._holes for c in h} | set(self._board)

    # -- pyspiel.State -------------------------------------------------------------------------

    def current_player(self) -> int:
        """The position to act, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        hand = self._hand
        if hand is None or len(self._board) < len(hand.board):
            return int(pyspiel.PlayerId.CHANCE)
        if hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert hand.actor is not None
        return self._gamedef.position(hand.actor)

    def _raise_ids(self, legal: Legal) -> tuple[int, int] | None:
        """The first and last action ids of a raise (limit: the one id 2), or None when the
        seat to act may not raise."""
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            return None
        if self._gamedef.limit:
            return 2, 2
        hand = self._hand
        assert hand is not None
        before = hand.contributions[legal.seat] - hand.bets[legal.seat]
        return before + lo, before + hi

    def _legal_actions(self, player: int) -> list[int]:
        hand = self._hand
        assert hand is not None
        legal = hand.legal_actions()
        actions = [0] if legal.fold else []
        actions.append(1)
        raises = self._raise_ids(legal)
        if raises is not None:
            actions.extend(range(raises[0], raises[1] + 1))
        return actions

    def _is_legal(self, action: int) -> bool:
        """Whether ``action`` is among :meth:`_legal_actions` (without listing a no-limit range)."""
        hand = self._hand
        assert hand is not None
        legal = hand.legal_actions()
        if action in (0, 1):
            return action == 1 or legal.fold
        raises = self._raise_ids(legal)
        return raises is not None and raises[0] <= action <= raises[1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left in the deck, each as likely."""
        dealt = self._dealt()
        left = [c for c in _GAMES[self._key][1] if c not in dealt]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        """Deal a card (a chance node) or play an action; an action that is not legal here is
        refused with the state unchanged.

        :raises ActionError: for a card that is dealt already or not in the deck, or an action
            that is not among the legal actions.
        """
        hand = self._hand
        player = self.current_player()
        if player == pyspiel.PlayerId.TERMINAL:
            raise ActionError(f"the hand is over: no action {action!r}")
        if type(action) is not int:  # (pyspiel gives ints; a bool or float is refused)
            raise ActionError(f"an action is an int, got {action!r}")
        if player == pyspiel.PlayerId.CHANCE:
            if action not in dict(self.chance_outcomes()):
                raise ActionError(f"card {action!r} is not in the deck left to deal")
        elif not self._is_legal(action):
            raise ActionError(
                f"action {action} is not legal for player {player}: legal are "
                f"{self._legal_actions(player)}"
            )
        if hand is None:  # a hole card, position 0 first
            for h in self._holes:
                if len(h) < 2:
                    h.append(int(action))
                    break
            if all(len(h) == 2 for h in self._holes):
                self._build()
        elif len(self._board) < len(hand.board):  # a board card
            self._board.append(int(action))
            if len(self._board) == len(hand.board):
                self._build()
        else:
            self._play(hand, action)
            self._actions.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {Card(action)}"
        return {0: "Fold", 1: "Call"}.get(action, "Raise" if action == 2 else f"Raise{action}")

    def is_terminal(self) -> bool:
        """True once the hand is over and every card it shows is dealt."""
        return bool(self.current_player() == pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        """Each position's chips won or lost (zero until the end)."""
        gamedef = self._gamedef
        n = gamedef.num_players
        if not self.is_terminal():
            return [0.0] * n
        assert self._hand is not None
        payoffs = self._hand.payoffs
        return [float(payoffs[gamedef.seat(p)]) for p in range(n)]

    def acpc_state(self, viewer: int | None = None) -> str:
        """The ACPC ``STATE`` line of the hand (``MATCHSTATE`` for a ``viewer`` position).

        :raises ArgumentError: at a chance node before every hole card is dealt.
        """
        hand = self._hand
        if hand is None:
            raise ArgumentError("the hole cards are not all dealt yet")
        gamedef = self._gamedef
        betting = betting_of(hand, gamedef)
        board = [Card(c) for c in self._board]
        rounds = tuple(
            tuple(board[sum(gamedef.num_board_cards[:r]) : sum(gamedef.num_board_cards[: r + 1])])
            for r in range(len(betting))
        )
        n = gamedef.num_players
        showdown = hand.is_over and hand.folded.count(False) > 1 and viewer is not None
        holes = tuple(
            tuple(map(Card, self._holes[p]))
            if viewer is None or p == viewer or (showdown and not hand.folded[gamedef.seat(p)])
            else ()
            for p in range(n)
        )
        return str(AcpcState(0, betting, holes, rounds, viewer))

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows: its ACPC ``MATCHSTATE`` line."""
        if player is None:
            player = self.current_player()
        if self._hand is None:
            cards = "".join(str(Card(c)) for c in self._holes[player])
            return f"MATCHSTATE:{player}:0::{cards}"
        return self.acpc_state(player)

    def __str__(self) -> str:
        return self.acpc_state() if self._hand is not None else "dealing"


class _Observer:
    """OpenSpiel's observer interface: the information state string, no tensor."""

    def __init__(self) -> None:
        import numpy as np

        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: HoldemState, player: int) -> None:
        """Nothing: the game has no observation tensor."""

    def string_from(self, state: HoldemState, player: int) -> str:
        """The information state string of ``player``."""
        return state.information_state_string(player)


pyspiel.register_game(_GAME_TYPE, HoldemGame)
