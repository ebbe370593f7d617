"""The engine side of the environments: one hand per episode, action indices, masks,
observations and rewards as NumPy arrays (the PettingZoo, Gymnasium and OpenSpiel faces wrap it).

Action indices. The discrete abstraction (``actions="discrete"``): 0 fold, 1 check or call,
then one raise per bet fraction (``bet_fractions``, by default half the pot and the pot), then
all-in: PettingZoo's ``texas_holdem_no_limit_v6`` layout by default. The full game
(``actions="full"``): 0 fold, 1 check or call, ``2 + k`` bet or raise to ``k`` chips in all.

Bet sizing of the discrete raises (``bet_sizing``): ``"pot"``, a raise by the fraction of the pot
after the call (Wikipedia, "Betting in poker": a pot-sized raise is the call plus the pot after
it), moved up to the minimum raise when it is below; or ``"pettingzoo_v6"``, as rlcard's
no-limit game (under PettingZoo's ``texas_holdem_no_limit_v6``) sizes them: the seat adds the
fraction of the chips put in so far (rounded down) to its bet, and the raise is legal only when
the rules allow that amount.

Observations (``obs_encoding``): ``"default"``, in big blinds and from the observer's seat
(see :func:`observation_layout`); or ``"pettingzoo_v6"``, the 54 floats of
``texas_holdem_no_limit_v6`` (52 cards held or on the board, in rlcard's order of spades,
hearts, diamonds, clubs from the ace to the king; the observer's chips put in; the largest
chips put in by anyone).

Rewards are zero-sum: each seat's payoff, in big blinds by default (``reward_unit="big_blinds"``:
comparable across stakes, the unit of mbb/hand and bb/100; rlcard pays chips, PettingZoo's
wrapper halves them) or in ``"chips"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from holdem._validate import check_int, check_seed, is_int
from holdem.engine.events import Legal, Street
from holdem.engine.hand import Hand
from holdem.engine.rules import Rules, Structure
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, MissingDependencyError

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - numpy comes with every extra that reaches here
    raise MissingDependencyError(
        'holdem.envs needs NumPy: pip install "holdem-engine[pettingzoo]" (or [gymnasium])'
    ) from exc

__all__ = ["Game", "observation_layout"]

ActionMode = Literal["discrete", "full"]
BetSizing = Literal["pot", "pettingzoo_v6"]
ObsEncoding = Literal["default", "pettingzoo_v6"]
RewardUnit = Literal["big_blinds", "chips"]
IllegalAction = Literal["raise", "check_or_fold", "terminate"]

FOLD, CHECK_CALL = 0, 1
_SHOWDOWN = int(Street.SHOWDOWN)
_STREET_COUNT = 4

# rlcard's card index: suit block (spades, hearts, diamonds, clubs) * 13 + rank (ace first).
# holdem's card is rank * 4 + suit, ranks from 2 to the ace and suits clubs, diamonds, hearts,
# spades.
_RLCARD_INDEX = tuple((3 - c % 4) * 13 + (c // 4 + 1) % 13 for c in range(52))


def _choice(value: object, what: str, choices: Sequence[str]) -> Any:
    if value not in choices:
        raise ArgumentError(f"{what} must be one of {', '.join(map(repr, choices))}, got {value!r}")
    return value


def observation_layout(players: int) -> dict[str, slice]:
    """Where each part of the default observation lies, for a game of ``players`` seats.

    Seats are listed from the observer's own seat clockwise (the observer first); chips are in
    big blinds. ``hole`` and ``board``: one-hot over the 52 cards (``int(Card)``); ``street``:
    one-hot pre-flop, flop, turn, river (all zero once the betting is over); ``pot``: every
    chip put in; ``to_call``, ``min_raise_to``, ``max_raise_to``: for the seat to act (zero
    otherwise, or when it may not raise); ``stacks``, ``bets`` (this street), ``folded``,
    ``actor`` (one-hot, the seat to act); ``position``: one-hot over seat numbers (seat 0 is
    the small blind, the last seat the button).

    :raises ArgumentError: for fewer than 2 players.

    >>> observation_layout(2)["stacks"]
    slice(112, 114, None)
    """
    n = check_int(players, "players", 2)
    names = ("stacks", "bets", "folded", "actor", "position")
    layout = {
        "hole": slice(0, 52),
        "board": slice(52, 104),
        "street": slice(104, 108),
        "pot": slice(108, 109),
        "to_call": slice(109, 110),
        "min_raise_to": slice(110, 111),
        "max_raise_to": slice(111, 112),
    }
    for k, name in enumerate(names):
        layout[name] = slice(112 + k * n, 112 + (k + 1) * n)
    return layout


class Game:
    """One hand per episode of no-limit (or pot-limit, fixed-limit) hold'em for an environment.

    :raises ArgumentError: for a bad option (see the module's documentation).
    :raises ArgumentTypeError: for an option of the wrong type.
    :raises RulesError: for stacks or blinds the engine cannot play.
    """

    def __init__(
        self,
        *,
        num_players: int = 2,
        stacks: int | Sequence[int] = 100,
        blinds: Sequence[int] = (1, 2),
        structure: Structure | str = "no-limit",
        rules: Rules | str = "casino",
        actions: ActionMode = "discrete",
        bet_fractions: Sequence[float] = (0.5, 1.0),
        bet_sizing: BetSizing | None = None,
        obs_encoding: ObsEncoding = "default",
        reward_unit: RewardUnit = "big_blinds",
        illegal_action: IllegalAction = "raise",
    ) -> None:
        self.players = n = check_int(num_players, "num_players", 2, 22)
        given: object = stacks
        if is_int(given):
            self.stacks = [given] * n
        elif isinstance(given, Sequence) and not isinstance(given, str):
            self.stacks = [check_int(s, "a stack", 1) for s in given]
            if len(self.stacks) != n:
                raise ArgumentError(f"stacks must have {n} entries, got {len(self.stacks)}")
        else:
            raise ArgumentTypeError(f"stacks must be an int or a sequence of ints, got {stacks!r}")
        self.blinds = tuple(blinds)
        # Parsed once (a Hand would parse a name at every deal).
        self.structure = Structure.parse(structure) if isinstance(structure, str) else structure
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.actions: ActionMode = _choice(actions, "actions", ("discrete", "full"))
        self.obs_encoding: ObsEncoding = _choice(
            obs_encoding, "obs_encoding", ("default", "pettingzoo_v6")
        )
        if bet_sizing is None:
            bet_sizing = "pettingzoo_v6" if obs_encoding == "pettingzoo_v6" else "pot"
        self.bet_sizing: BetSizing = _choice(bet_sizing, "bet_sizing", ("pot", "pettingzoo_v6"))
        fractions: tuple[object, ...] = tuple(bet_fractions)
        for f in fractions:
            if isinstance(f, bool) or not isinstance(f, int | float) or not 0 < f < 1000:
                raise ArgumentError(f"a bet fraction is a number > 0 (of the pot), got {f!r}")
        self.fractions: tuple[float, ...] = tuple(bet_fractions)
        self.reward_unit: RewardUnit = _choice(reward_unit, "reward_unit", ("big_blinds", "chips"))
        self.illegal_action: IllegalAction = _choice(
            illegal_action, "illegal_action", ("raise", "check_or_fold", "terminate")
        )
        self.hand = self._new_hand(random.Random(0), None)  # checks the stakes; set again by reset
        self.big_blind = max(self.hand.forced_bets) or 1
        self.num_actions = 3 + len(fractions) if actions == "discrete" else 3 + max(self.stacks)
        self.all_in_action = 2 + len(fractions)
        self.obs_size = 54 if obs_encoding == "pettingzoo_v6" else 112 + 5 * n
        total = sum(self.stacks)
        if obs_encoding == "pettingzoo_v6":
            high = [1.0] * 52 + [float(max(self.stacks))] * 2
        else:
            cap = max(1.0, total / self.big_blind)
            high = [1.0] * 108 + [cap] * (4 + 2 * n) + [1.0] * (3 * n)
        self.obs_high = np.array(high, dtype=np.float32)
        self.rng = random.Random()
        self.illegal_seat: int | None = None

    # -- episodes ------------------------------------------------------------------------------

    def _new_hand(self, rng: random.Random, options: Mapping[str, Any] | None) -> Hand:
        """The next hand: one per episode. Multi-hand episodes (stacks carried from hand to
        hand, the button moving) are a table's job: this is the one place to plug it in."""
        options = options or {}  # other keys are ignored, as Gymnasium's reset does
        cards = {k: options[k] for k in ("deck", "hole_cards", "board") if k in options}
        if "deck" not in cards:
            cards["rng"] = rng
        return Hand(
            self.stacks,
            blinds=self.blinds,
            structure=self.structure,
            rules=self.rules,
            showdown="auto",
            **cards,
        )

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new hand (``seed``: restart the random stream; ``options``: fixed cards, the
        keys ``deck``, ``hole_cards`` and ``board`` of :class:`holdem.Hand`).

        :raises ArgumentError: for a negative seed.
        :raises ArgumentTypeError: for a seed that is not None or an int.
        :raises CardError: for fixed cards that cannot be dealt.
        """
        if seed is not None:
            self.rng.seed(check_seed(seed))
        self.hand = self._new_hand(self.rng, options)
        self.illegal_seat = None

    @property
    def over(self) -> bool:
        """True once the episode is over (the hand played out, or ended by an illegal action)."""
        return self.hand.is_over or self.illegal_seat is not None

    @property
    def actor(self) -> int | None:
        """The seat to act, or None once the episode is over."""
        return None if self.over else self.hand.actor

    def rewards(self) -> list[float]:
        """Each seat's reward for the episode (zero until it is over).

        An illegal action under ``illegal_action="terminate"`` costs its seat 1 (in the reward
        unit) and gives the others nothing, as PettingZoo's classic games do.
        """
        n = self.players
        if self.illegal_seat is not None:
            return [-1.0 if i == self.illegal_seat else 0.0 for i in range(n)]
        if not self.hand.is_over:
            return [0.0] * n
        scale = 1.0 if self.reward_unit == "chips" else 1.0 / self.big_blind
        return [float(p) * scale for p in self.hand.payoffs]

    # -- actions -------------------------------------------------------------------------------

    def _target(self, index: int, legal: Legal) -> int | None:
        """The raise-to amount of a raise index, or None when it is not legal now."""
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            return None
        if self.actions == "full":
            amount = index - 2
            return amount if lo <= amount <= hi else None
        hand = self.hand
        bets = hand.bets
        i = legal.seat
        if index == self.all_in_action:
            return hi if bets[i] + hand.stacks[i] == hi else None
        f = self.fractions[index - 2]
        pot = hand.pot_total
        if self.bet_sizing == "pettingzoo_v6":
            amount = bets[i] + int(f * pot)
            return amount if lo <= amount <= hi else None
        owed = (legal.call or 0) if not legal.check else 0
        amount = max(bets) + int(f * (pot + owed) + 0.5)
        return min(max(amount, lo), hi)

    def mask(self, seat: int) -> Any:
        """The action mask of ``seat`` (int8): all zero when it is not the seat to act."""
        if seat != self.actor:
            return np.zeros(self.num_actions, dtype=np.int8)
        legal = self.hand.legal_actions()
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if self.actions == "full":
            out = np.zeros(self.num_actions, dtype=np.int8)
            out[FOLD] = legal.fold
            out[CHECK_CALL] = 1
            if lo is not None and hi is not None:
                out[2 + lo : 3 + hi] = 1
            return out
        marks = [1 if legal.fold else 0, 1]
        if lo is None or hi is None:
            marks += [0] * (self.num_actions - 2)
        else:
            target = self._target
            marks += [target(k, legal) is not None for k in range(2, self.num_actions)]
        return np.array(marks, dtype=np.int8)

    def step(self, action: object) -> None:
        """Play ``action`` (an index) for the seat to act.

        :raises ActionError: for an illegal action under ``illegal_action="raise"`` (nothing
            changes), or when the episode is over.
        """
        hand = self.hand
        if self.over:
            raise ActionError("the episode is over: reset() deals the next hand")
        legal = hand.legal_actions()
        index = int(action) if is_int(action) or isinstance(action, np.integer) else -1
        if index == FOLD and legal.fold:
            hand.fold()
            return
        if index == CHECK_CALL:
            hand.check_or_call()
            return
        target = self._target(index, legal) if 2 <= index < self.num_actions else None
        if target is not None:
            hand.raise_to(target)
            return
        if self.illegal_action == "check_or_fold":
            if legal.check:
                hand.check()
            else:
                hand.fold()
        elif self.illegal_action == "terminate":
            self.illegal_seat = legal.seat
        else:
            raise ActionError(
                f"action {action!r} is not legal for seat {legal.seat} now: legal are "
                f"{[int(k) for k in np.flatnonzero(self.mask(legal.seat))]}"
            )

    # -- observations --------------------------------------------------------------------------

    def observation(self, seat: int) -> Any:
        """What ``seat`` observes, as float32 (its own cards and public facts only)."""
        if self.obs_encoding == "pettingzoo_v6":
            return self._observation_v6(seat)
        hand, n, bb = self.hand, self.players, self.big_blind
        # A few bulk writes (each NumPy call costs more than the Python work around it).
        ones = [int(c) for c in hand.hole_cards(seat)]
        ones += [52 + c for c in hand.board]
        street = int(hand.street)
        over = self.over
        if street < _SHOWDOWN and not over:
            ones.append(104 + street)
        actor = None if over else hand.actor
        scalars = [hand.pot_total / bb, 0.0, 0.0, 0.0]
        if actor == seat:
            legal = hand.legal_actions()
            scalars[1] = (legal.call or 0) / bb
            scalars[2] = (legal.min_raise_to or 0) / bb
            scalars[3] = (legal.max_raise_to or 0) / bb
        order = [(seat + k) % n for k in range(n)]
        stacks, bets, folded = hand.stacks, hand.bets, hand.folded
        chips = [float(stacks[j]) / bb for j in order] + [bets[j] / bb for j in order]
        ones += [112 + 2 * n + k for k, j in enumerate(order) if folded[j]]
        if actor is not None:
            ones.append(112 + 3 * n + (actor - seat) % n)
        ones.append(112 + 4 * n + seat)
        out = np.zeros(self.obs_size, dtype=np.float32)
        out[ones] = 1.0
        out[108:112] = scalars
        out[112 : 112 + 2 * n] = chips
        return out

    def _observation_v6(self, seat: int) -> Any:
        hand = self.hand
        out = np.zeros(54, dtype=np.float32)
        for c in hand.hole_cards(seat):
            out[_RLCARD_INDEX[c]] = 1.0
        for c in hand.board:
            out[_RLCARD_INDEX[c]] = 1.0
        contributions = hand.contributions
        out[52] = contributions[seat]
        out[53] = max(contributions)
        return out

    # -- rendering -----------------------------------------------------------------------------

    def render(self) -> str:
        """The table as text: street, board, pots, and each seat's stack, bet and cards."""
        hand = self.hand
        board = " ".join(str(c) for c in hand.board) or "-"
        lines = [f"{hand.street.name.lower()}  board {board}  pot {hand.pot_total}"]
        for i in range(self.players):
            cards = " ".join(str(c) for c in hand.hole_cards(i))
            mark = "*" if i == self.actor else " "
            state = "folded" if hand.folded[i] else f"bet {hand.bets[i]}"
            lines.append(f"{mark} player_{i}  {cards}  stack {hand.stacks[i]}  {state}")
        if self.over:
            lines.append("rewards " + " ".join(f"{r:+g}" for r in self.rewards()))
        return "\n".join(lines)
