"""The engine side of the environments: one hand per episode, action indices, masks,
observations and rewards as NumPy arrays (the PettingZoo, Gymnasium and OpenSpiel faces wrap it).

Action indices. The discrete abstraction (``actions="discrete"``): 0 fold, 1 check or call,
then one raise per bet fraction (``bet_fractions``, by default half the pot and the pot), then
all-in: PettingZoo's ``texas_holdem_no_limit_v6`` layout by default. The full game
(``actions="full"``): 0 fold, 1 check or call, ``2 + k`` bet or raise to ``k`` chips in all,
for every ``k`` up to the most chips one player may hold (the largest stack; with several hands
an episode, every chip at the table).

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

The game is Texas hold'em (``game=None`` or ``"holdem"``): another game of
:data:`holdem.engine.variants.VARIANTS` raises :class:`holdem.ArgumentError` when the
environment is made, the Pineapple games first of all (their discard is a decision that no
action index stands for).

Episodes (``hands_per_episode``): one hand by default; an int ``N`` plays up to ``N`` hands, or
None until one player has every chip, at a :class:`holdem.Table` (the stacks carried from hand
to hand, the button and the blinds moving by the table's dead-button rule, seat ``i`` the
table's seat ``i + 1``). A player who loses every chip leaves the table (the table's
``rebuys=False``): that seat's episode ends with that hand. The episode ends after ``N`` hands,
or when fewer than two players have chips. Rewards are paid per hand: at the end of each hand
every seat's payoff in that hand, so an episode's return is the seat's final stack minus its
first one (in the reward unit), and the returns of an episode add up to zero.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from holdem._deprecation import Moved
from holdem._validate import check_int, check_seed, is_int
from holdem.engine._kernel import kernel as _kernel
from holdem.engine.agents import Decision
from holdem.engine.events import Legal, LegalDiscard, Street
from holdem.engine.hand import Hand
from holdem.engine.rules import PRESETS, Rules, Structure
from holdem.engine.table import Table
from holdem.engine.variants import Discard, play_variant
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, MissingDependencyError

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - numpy comes with every extra that reaches here
    raise MissingDependencyError(
        'holdem.envs needs NumPy: pip install "holdem-engine[pettingzoo]" (or [gymnasium])'
    ) from exc

__all__ = ["EnvGame", "observation_layout"]

ActionMode = Literal["discrete", "full"]
BetSizing = Literal["pot", "pettingzoo_v6"]
ObsEncoding = Literal["default", "pettingzoo_v6"]
RewardUnit = Literal["big_blinds", "chips"]
IllegalAction = Literal["raise", "check_or_fold", "terminate"]

FOLD, CHECK_CALL = 0, 1
_SHOWDOWN = int(Street.SHOWDOWN)
_COMPLETE = int(Street.COMPLETE)
_F32 = np.float32
_I8 = np.int8
# What an illegal action does (EnvGame._illegal).
_RAISE, _CHECK_OR_FOLD, _TERMINATE = 0, 1, 2
#: The most actions of ``actions="full"`` (fold, check or call, a raise-to per chip): a mask is
#: that many bytes, at every observation.
MAX_FULL_ACTIONS = 2**20


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


def _check_holdem(game: object) -> None:
    """Refuse a ``game`` other than Texas hold'em (the environments' spaces are hold'em's)."""
    variant = play_variant(game)  # RulesError, ArgumentTypeError for what is no game at all
    if variant is None:
        return
    why = (
        "its discard decision has no action in the action space"
        if variant.discard is not Discard.NONE
        else "the observations and actions are hold'em's"
    )
    raise ArgumentError(
        f"the environments play Texas hold'em only, not {variant.name!r} ({why}); "
        "holdem.Hand(game=...) plays the other games"
    )


class EnvGame:
    """Episodes of no-limit (or pot-limit, fixed-limit) hold'em for an environment: one hand, or
    several at a table (see the module's documentation).

    Seats here are the environment's agents (``player_i`` is seat ``i``); in a multi-hand
    episode the hand's own seats (0 the small blind) differ, and :attr:`hand_seat` maps them.

    ``game``: Texas hold'em only (None or ``"holdem"``); any other game of
    :data:`holdem.engine.variants.VARIANTS` is refused, the Pineapple games first of all (their
    discard decision is no action of the action space).

    :raises ArgumentError: for a bad option (see the module's documentation), or a game other
        than Texas hold'em.
    :raises ArgumentTypeError: for an option of the wrong type.
    :raises RulesError: for stacks or blinds the engine cannot play, or an unknown game name.
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
        hands_per_episode: int | None = 1,
        game: object = None,
    ) -> None:
        _check_holdem(game)
        self.players = n = check_int(num_players, "num_players", 2, 22)
        self.hands_per_episode = (
            None
            if hands_per_episode is None
            else check_int(hands_per_episode, "hands_per_episode", 1)
        )
        self.multi = self.hands_per_episode != 1
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
        # The options as flags, for the hot paths.
        self._v6 = obs_encoding == "pettingzoo_v6"
        self._illegal = ("raise", "check_or_fold", "terminate").index(illegal_action)
        # Only what differs from the hand's defaults: fewer keywords, a faster deal.
        self._hand_kw: dict[str, Any] = {"blinds": self.blinds}
        if self.structure is not Structure.NO_LIMIT:
            self._hand_kw["structure"] = self.structure
        if self.rules is not PRESETS["casino"]:
            self._hand_kw["rules"] = self.rules
        if self.multi and len(self.blinds) != 2:
            raise ArgumentError(f"a multi-hand episode has two blinds, got {list(self.blinds)}")
        self.rng = random.Random()
        self._deal_kw: dict[str, Any] = {**self._hand_kw, "rng": self.rng}
        self.illegal_seat: int | None = None
        self.table: Table | None = None
        self.hand_seat: list[int | None] = list(
            range(n)
        )  # agent -> seat in the hand (None: out of the table)
        self.agent_of = list(range(n))  # seat in the hand -> agent
        self.out = [False] * n  # agents that left the table (no chips)
        self.hands_played = 0
        self.done = False  # the episode is over (see `over`)
        self.hand_done = False  # the last step ended a hand (its payoffs are in `pending`)
        self.pending = [0.0] * n  # rewards not yet handed out, per agent
        self._legal: Legal | None = None
        self._to_act = -1  # the agent to act, -1 for none
        self._seat_to_act = -1  # its seat in the hand
        # The most chips one player may hold: from hand to hand, every chip at the table.
        most = sum(self.stacks) if self.multi else max(self.stacks)
        if actions == "full" and 3 + most > MAX_FULL_ACTIONS:
            raise ArgumentError(
                f'actions="full" has an action per chip: at most {MAX_FULL_ACTIONS - 3:,} '
                "chips a player may hold (a mask of that many entries per observation; from hand "
                f"to hand every chip at the table), got {most:,}; use the discrete actions or "
                "smaller stacks"
            )
        self.hand = self._new_hand(random.Random(0), None)  # checks the stakes; set again by reset
        self.big_blind = max(self.hand.forced_bets) or 1
        self.num_actions = 3 + len(fractions) if actions == "discrete" else 3 + most
        self.all_in_action = 2 + len(fractions)
        # The action indices, read by the hand kernel (HandState.action_target and
        # write_action_mask: the vector environment's kernel calls the same C functions).
        self.action_map = _kernel.ActionMap(
            self.num_actions,
            self.fractions if actions == "discrete" else (),
            full=actions == "full",
            pz_sizing=bet_sizing == "pettingzoo_v6",
        )
        self.obs_size = 54 if obs_encoding == "pettingzoo_v6" else 112 + 5 * n
        total = sum(self.stacks)
        if obs_encoding == "pettingzoo_v6":
            high = [1.0] * 52 + [float(most)] * 2
        else:
            cap = max(1.0, total / self.big_blind)
            high = [1.0] * 108 + [cap] * (4 + 2 * n) + [1.0] * (3 * n)
        self.obs_high = np.array(high, dtype=np.float32)
        self._scale = 1.0 if reward_unit == "chips" else 1.0 / self.big_blind
        self._bb_scale = 1.0 / self.big_blind
        # The observation of a seat out of the table is written into this scratch array, then
        # copied out.
        self._obs_arr = np.zeros(self.obs_size, dtype=np.float32)
        # (an item is set faster through a memoryview than through the array)
        self._obs_buf: Any = memoryview(cast(Any, self._obs_arr))
        self._mask_zero = np.zeros(self.num_actions, dtype=np.int8)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy support: the class and every field (it never raises)."""
        return _restore, (type(self), {k: getattr(self, k) for k in _FIELDS})

    # -- episodes ------------------------------------------------------------------------------

    def _new_hand(self, rng: random.Random, options: Mapping[str, Any] | None) -> Hand:
        """The first hand of an episode (a table deals it in a multi-hand episode)."""
        if not options and not self.multi and rng is self.rng:
            return Hand(self.stacks, **self._deal_kw)
        options = options or {}  # other keys are ignored, as Gymnasium's reset does
        cards = {k: options[k] for k in ("deck", "hole_cards", "board") if k in options}
        if "deck" not in cards:
            cards["rng"] = rng
        if not self.multi:
            return Hand(self.stacks, **self._hand_kw, **cards)
        low, high = min(self.stacks), max(self.stacks)
        table = Table(
            self.players,
            blinds=self.blinds,
            structure=self.structure,
            rules=self.rules,
            min_buy_in=low,
            max_buy_in=high,
            first_button=self.players,  # seat 0 (table seat 1) posts the small blind first
            rebuys=False,
            history=False,
            max_seats=max(self.players, 2),
            rng=rng,
        )
        for i, stack in enumerate(self.stacks):
            table.sit_down(i + 1, f"player_{i}", stack)
        self.table = table
        cards.pop("rng", None)  # (the table shuffles with rng: fixed cards for the first hand)
        hand = table.new_hand(**cards)
        self._map_seats()
        return hand

    def _map_seats(self) -> None:
        table = self.table
        assert table is not None
        self.hand_seat = [None] * self.players
        self.agent_of = [s - 1 for s in table.seat_map]
        for k, a in enumerate(self.agent_of):
            self.hand_seat[a] = k

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new episode (``seed``: restart the random stream; ``options``: fixed cards for
        its first hand, the keys ``deck``, ``hole_cards`` and ``board`` of :class:`holdem.Hand`).

        :raises ArgumentError: for a negative seed.
        :raises ArgumentTypeError: for a seed that is not None or an int.
        :raises CardError: for fixed cards that cannot be dealt.
        """
        if seed is not None:
            self.rng.seed(check_seed(seed))
        self.hand = self._new_hand(self.rng, options)
        self.illegal_seat = None
        self._legal = None
        self.done = False
        self.hands_played = 1
        self.hand_done = False
        n = self.players
        self.out = [False] * n
        self.pending = [0.0] * n
        if self.hand.is_over:  # no one can act (all-in on the blinds)
            self._hand_over()
        self._find_actor()

    def _find_actor(self) -> None:
        """Set the agent to act (and its seat in the hand) after a change of the hand."""
        self._legal = None
        if self.done:
            self._to_act = self._seat_to_act = -1
            return
        seat = self.hand.actor
        if seat is None:
            self._to_act = self._seat_to_act = -1
        else:
            self._seat_to_act = seat
            self._to_act = self.agent_of[seat]

    @property
    def over(self) -> bool:
        """True once the episode is over (its hands played out, or ended by an illegal action)."""
        return bool(self.done)

    @property
    def actor(self) -> int | None:
        """The seat (agent) to act, or None once the episode is over."""
        actor = self._to_act
        return None if actor < 0 else int(actor)

    def rewards(self) -> list[float]:
        """Each seat's reward for the episode's hand (single-hand episodes: zero until it is
        over; multi-hand episodes: the hand just ended, see :meth:`take_rewards`).

        An illegal action under ``illegal_action="terminate"`` costs its seat 1 (in the reward
        unit) and gives the others nothing, as PettingZoo's classic games do.
        """
        n = self.players
        if self.illegal_seat is not None:
            return [-1.0 if i == self.illegal_seat else 0.0 for i in range(n)]
        hand = self.hand
        if not hand.is_over:
            return [0.0] * n
        scale = self._scale
        out = [0.0] * n
        agent_of = self.agent_of
        for k, p in enumerate(hand.payoffs):
            out[agent_of[k]] = float(p) * scale
        return out

    def take_rewards(self) -> list[float]:
        """The rewards of the hands ended since the last call, per seat (then cleared)."""
        out = self.pending
        self.pending = [0.0] * self.players
        return out

    def _hand_over(self) -> None:
        """Book the payoffs of the hand just ended; deal the next one when the episode goes on
        (and book it too if it ends before anyone acts: every player all-in on the blinds)."""
        self.hand_done = True
        while True:
            pending = self.pending
            for a, r in enumerate(self.rewards()):
                pending[a] += r
            if not self.multi or self.illegal_seat is not None:
                self.done = True
                return
            table = self.table
            assert table is not None
            stacks = table.stacks  # takes the hand back: busted players leave the table
            for a in range(self.players):
                if not self.out[a] and stacks.get(a + 1, 0) == 0:
                    self.out[a] = True
            limit = self.hands_per_episode
            if (limit is not None and self.hands_played >= limit) or table.is_over:
                self.done = True
                return
            self.hand = table.new_hand()
            self.hands_played += 1
            self._map_seats()
            if not self.hand.is_over:
                return

    # -- actions -------------------------------------------------------------------------------

    def legal(self) -> Legal:
        """The legal actions of the seat to act (cached until the next action).

        :raises ActionError: when no one is to act.
        """
        legal = self._legal
        if legal is None:
            if self.done:
                raise ActionError("the episode is over: no one is to act")
            legal = self._legal = self.hand.legal_actions()
            self._unpack(legal)
        return legal

    def _unpack(self, legal: Legal) -> None:
        """Keep the fields of ``legal`` that :meth:`step` reads as plain fields (an index into a
        tuple's subclass goes through ``__getitem__``)."""
        self._l_seat = legal[0]
        self._l_fold = legal[1]
        self._l_check = legal[2]

    def mask(self, seat: int) -> Any:
        """The action mask of ``seat`` (int8): all zero when it is not the seat to act."""
        if seat != self._to_act:
            return self._mask_zero.copy()
        marks = np.empty(self.num_actions, _I8)
        self.hand.write_action_mask(self.action_map, marks)
        return marks

    def decision(self, index: object, hand: Hand | None = None) -> Decision | None:
        """What action index ``index`` does for the seat to act of ``hand`` (by default the
        episode's hand; another one of this environment's game, such as an evaluator's): the
        decision as :class:`holdem.engine.agents.Agent` answers it, ``"fold"``, ``"check"``,
        ``"call"`` or the int total to raise to (:meth:`holdem.Hand.raise_to`), or None when
        the index is not legal now (its mask entry is 0). The indices: 0 fold, 1 check or call,
        then (``actions="discrete"``) a raise per bet fraction and all-in, sized as the module
        says, or (``actions="full"``) ``2 + k`` a raise to ``k`` chips in all.

        :raises ActionError: when no one is to act.
        :raises ArgumentTypeError: for an index that is not an int.

        >>> game = EnvGame(stacks=100, blinds=(1, 2))
        >>> game.reset(seed=0)
        >>> [game.decision(k) for k in range(game.num_actions)]  # half pot, pot, all-in
        ['fold', 'call', 4, 6, 100]
        """
        if isinstance(index, bool) or not (is_int(index) or isinstance(index, np.integer)):
            raise ArgumentTypeError(f"an action index is an int, got {index!r}")
        k = int(cast(Any, index))
        if hand is None:
            if self.done:
                raise ActionError("the episode is over: no one is to act")
            hand = self.hand
        legal = hand.legal_actions()
        if isinstance(legal, LegalDiscard):
            raise ActionError(f"seat {legal.seat} is to discard: no action index stands for it")
        if k == FOLD:
            return "fold" if legal.fold else None
        if k == CHECK_CALL:
            return "check" if legal.check else "call"
        target = hand.action_target(self.action_map, k) if 2 <= k < self.num_actions else -1
        return None if target < 0 else int(target)

    def observe_hand(self, hand: Hand, seat: int) -> dict[str, Any]:
        """What ``seat`` of ``hand``, a hand of this environment's game played elsewhere (such
        as an evaluator's), would observe in a single-hand episode at this point: the
        observation and the action mask of :meth:`observe`, hand seat ``i`` being ``player_i``.

        :raises ActionError: for a seat that is not in the hand.
        """
        obs = self._write_observation(hand, seat, not hand.is_over)
        marks = self._mask_zero.copy()
        if hand.actor == seat:
            hand.write_action_mask(self.action_map, marks)
        return {"observation": obs, "action_mask": marks}

    def step(self, action: object) -> None:
        """Play ``action`` (an index) for the seat to act.

        :raises ActionError: for an illegal action under ``illegal_action="raise"`` (nothing
            changes), or when the episode is over.
        """
        if self.done:
            raise ActionError("the episode is over: reset() deals the next one")
        hand = self.hand
        self.hand_done = False
        if self._legal is None:
            self.legal()
        num = self.num_actions
        index = -1
        if type(action) is int:
            if 0 <= action < num:
                index = action
        elif is_int(action) or isinstance(action, np.integer):
            value = int(action)
            if 0 <= value < num:
                index = value
        if index == 0 and self._l_fold:  # FOLD
            hand.fold()
        elif index == 1:  # CHECK_CALL
            hand.check_or_call()
        else:
            target = self.hand.action_target(self.action_map, index) if index >= 2 else -1
            if target >= 0:
                hand.raise_to(target)
            elif self._illegal == _CHECK_OR_FOLD:
                if self._l_check:
                    hand.check()
                else:
                    hand.fold()
            elif self._illegal == _TERMINATE:
                self.illegal_seat = self.agent_of[self._l_seat]
            else:
                who = self.agent_of[self._l_seat]
                raise ActionError(
                    f"action {action!r} is not legal for seat {who} now: legal are "
                    f"{[int(k) for k in np.flatnonzero(self.mask(who))]}"
                )
        if hand.is_over or self.illegal_seat is not None:
            self._hand_over()
        self._find_actor()

    # -- observations --------------------------------------------------------------------------

    def observe(self, seat: int) -> dict[str, Any]:
        """PettingZoo's observation of ``seat``: its observation and its action mask."""
        return {"observation": self.observation(seat), "action_mask": self.mask(seat)}

    def observation(self, seat: int) -> Any:
        """What ``seat`` observes, as float32 (its own cards and public facts only)."""
        mine = self.hand_seat[seat]
        if mine is not None or self._v6:  # (v6, out of the table: the board, the most put in)
            return self._write_observation(self.hand, mine, not self.done)
        hand = self.hand  # out of the table: the board and the pot, itself marked as folded
        self._obs_arr.fill(0.0)
        out = self._obs_buf
        for c in hand.board:
            out[52 + c] = 1.0
        out[108] = hand.pot_total * self._bb_scale
        out[112 + 2 * self.players] = 1.0
        return self._obs_arr.copy()

    def _write_observation(self, hand: Hand, seat: int | None, live: bool) -> Any:
        """The observation of ``seat`` of ``hand`` in this environment's encoding (``seat``
        None: the public part, in the v6 encoding only)."""
        arr = np.empty(self.obs_size, _F32)
        if self._v6:
            hand.write_observation_v6(arr, seat)
        else:
            assert seat is not None  # (observation() writes a seat out of the table itself)
            hand.write_observation(arr, seat, self.players, self._bb_scale, live)
        return arr

    # -- rendering -----------------------------------------------------------------------------

    def render(self) -> str:
        """The table as text: street, board, pots, and each seat's stack, bet and cards."""
        hand = self.hand
        board = " ".join(str(c) for c in hand.board) or "-"
        lines = [f"{hand.street.name.lower()}  board {board}  pot {hand.pot_total}"]
        for a in range(self.players):
            i = self.hand_seat[a]
            if i is None:
                lines.append(f"  player_{a}  out")
                continue
            cards = " ".join(str(c) for c in hand.hole_cards(i))
            mark = "*" if a == self.actor else " "
            state = "folded" if hand.folded[i] else f"bet {hand.bets[i]}"
            lines.append(f"{mark} player_{a}  {cards}  stack {hand.stacks[i]}  {state}")
        if self.over:
            lines.append("rewards " + " ".join(f"{r:+g}" for r in self.rewards()))
        return "\n".join(lines)


# Every field of an EnvGame (its pickled state).
_FIELDS = (
    "players", "hands_per_episode", "multi", "stacks", "blinds", "structure", "rules", "actions",
    "obs_encoding", "bet_sizing", "fractions", "reward_unit", "illegal_action", "_v6",
    "_illegal", "_hand_kw", "rng", "_deal_kw", "illegal_seat", "table", "hand_seat", "agent_of",
    "out", "hands_played", "done", "hand_done", "pending", "_legal", "_to_act", "_seat_to_act",
    "hand", "big_blind", "num_actions", "all_in_action", "action_map", "obs_size", "obs_high",
    "_scale", "_bb_scale", "_obs_arr", "_mask_zero",
)  # fmt: skip


def _restore(cls: type[EnvGame], fields: dict[str, Any]) -> EnvGame:
    game = cls.__new__(cls)
    for k, v in fields.items():
        setattr(game, k, v)
    game._obs_buf = memoryview(cast(Any, game._obs_arr))  # the scratch buffer: a view of it
    if game._legal is not None:
        game._unpack(game._legal)
    return game


# Game was this class's name until it was renamed, so that no two classes of holdem share a
# name (holdem.Game is the ranking of a game): the old name works until the next release.
_MOVED = Moved(__name__, {"Game": ("holdem.envs._game.EnvGame", EnvGame)})


def __getattr__(name: str) -> Any:
    return _MOVED(name)
