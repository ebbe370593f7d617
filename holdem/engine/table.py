"""A cash-game table: seats, buy-ins, and the hands dealt one after another.

A :class:`Table` seats players, moves the button and the blinds between hands (the rules of
:mod:`holdem.engine.button`: Robert's Rules of Poker and the TDA rules, dead button by default),
and deals each hand as a :class:`~holdem.Hand` whose seat ``i`` is the table seat
``table.seat_map[i]``. When the hand is over the table takes the stacks back, with the next
call of any of its methods.

Table seats are numbered from 1, clockwise, as on a real table; a hand's seats are numbered from
0, left of the button (see :class:`~holdem.Hand`).

>>> table = Table(6, blinds=(1, 2), min_buy_in=40, max_buy_in=200, first_button=1, seed=7)
>>> for seat, name in ((1, "Ann"), (3, "Bob"), (5, "Cat")):
...     table.sit_down(seat, name, 100)
>>> hand = table.new_hand()
>>> table.button, table.seat_map  # Ann on the button, Bob the small blind, Cat the big blind
(1, (3, 5, 1))
>>> hand.fold()  # Ann (hand seat 2) folds
>>> hand.fold()  # Bob folds
>>> table.stacks
{1: 100, 3: 99, 5: 101}
>>> table.new_hand() is not None, table.button, table.seat_map
(True, 3, (5, 1, 3))
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from holdem._deprecation import warn
from holdem._slots import set_slots_state, slots_state
from holdem._validate import check_seed, is_int, length
from holdem.cards import CardLike, Deck
from holdem.engine._guard import Guarded, exclusive
from holdem.engine.button import (
    ACTIVE,
    OUT,
    POSTING,
    WAITING,
    ButtonRule,
    HandPlan,
    MovedPlayers,
    SeatState,
    plan_hand,
)
from holdem.engine.rules import PRESETS, OddChips, Rules, Structure
from holdem.engine.stakes import MAX_CHIPS, MAX_PLAYERS, check_runs, chips
from holdem.engine.variants import GameArg, play_variant
from holdem.errors import RulesError, TableError

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
    from holdem.engine.resume import Seating
else:
    from holdem.engine.hand import Hand

__all__ = ["LedgerEntry", "PlayerInfo", "Table", "TableHand"]


def generator(seed: object, rng: object) -> random.Random:
    """The generator of a table's or a tournament's draws: ``rng``, else one from ``seed``
    (None: from the operating system's entropy).

    :raises RulesError: for both, or an ``rng`` that is not a ``random.Random``.
    :raises ArgumentTypeError, ArgumentError: for a seed that is not None or an int from 0 to
        2**64 - 1.
    """
    if rng is not None:
        if seed is not None:
            raise RulesError("give a seed or an rng, not both")
        if not isinstance(rng, random.Random):
            raise RulesError(f"rng is a random.Random (or None), got {rng!r}")
        return rng
    return random.Random(check_seed(seed))


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seated player between hands: seat, name, chips and what the button rules know.

    ``new``: has not played a hand at this table yet; ``waiting``: waits for the big blind
    rather than posting; ``owes_small`` / ``owes_big``: blinds missed while sitting out.
    ``bought_in``: chips brought to the table so far (buy-ins, rebuys and top-ups; the
    :attr:`Table.ledger` has every entry).
    """

    seat: int
    name: str
    stack: int
    sitting_out: bool
    new: bool
    waiting: bool
    owes_small: bool
    owes_big: bool
    bought_in: int


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One movement of chips to or from a table, outside the hands: ``amount`` is signed (in
    the stacks: positive; taken away: negative).

    ``kind``: ``'buy-in'`` (:meth:`Table.sit_down`, and each player a table is seated with by
    :meth:`Table.from_history`), ``'rebuy'`` (chips bought from none, :meth:`Table.add_chips`
    or the table's automatic rebuy), ``'top-up'`` (chips added to a stack, an add-on),
    ``'cash-out'`` (a player leaves with his chips: :meth:`Table.leave`,
    :meth:`Table.cash_out`) or ``'correction'`` (:meth:`Table.correct`, with its ``reason``).
    ``hand``: the number of hands dealt at the table when it was booked.
    """

    kind: str
    seat: int
    name: str
    amount: int
    hand: int
    reason: str = ""


class TableHand(NamedTuple):
    """One hand dealt at a table: its number, its positions, its players and the hand itself.

    ``seats[i]`` and ``names[i]`` are the table seat and the name of hand seat ``i``. (A named
    tuple: a table builds one every hand.)
    """

    number: int
    plan: HandPlan
    seats: tuple[int, ...]
    names: tuple[str, ...]
    hand: Hand


@dataclass(slots=True)
class _Player:
    __getstate__ = slots_state  # (pickle protocols 0 and 1 need them with __slots__)
    __setstate__ = set_slots_state

    ident: int
    name: str
    seat: int
    stack: int
    bought_in: int
    sitting_out: bool = False
    new: bool = True
    wait: bool = True
    owes_small: bool = False
    owes_big: bool = False
    moved: bool = False  # established (moved in) and not dealt a hand here yet

    def state(self) -> str:
        if self.sitting_out or self.stack <= 0:
            return OUT
        if self.new or self.owes_small or self.owes_big:
            return WAITING if self.wait else POSTING
        return ACTIVE

    def seat_state(self) -> SeatState:
        """The player as the button rules see him."""
        return SeatState(
            self.ident, self.state(), self.new, self.owes_small, self.owes_big, self.moved
        )


def _limits(
    structure: Structure,
    big: int,
    small_bet: int | None,
    big_bet: int | None,
    river_bet: int | None,
) -> dict[str, int | None]:
    """A hand's bet-size keywords at these stakes: fixed limit's small, big and river bets (by
    default the big blind, twice the small bet and the big bet), or the minimum bet of no limit
    and pot limit (the big blind).

    :raises RulesError: for bet sizes in no limit or pot limit, or sizes that are not
        positive chip amounts with small <= big."""
    if structure is not Structure.FIXED_LIMIT:
        if small_bet is not None or big_bet is not None or river_bet is not None:
            raise RulesError("small_bet, big_bet and river_bet are for fixed limit")
        return {"min_bet": big}
    small = big if small_bet is None else chips(small_bet, "small bet")
    large = 2 * small if big_bet is None else chips(big_bet, "big bet")
    river = None if river_bet is None else chips(river_bet, "river bet")
    if not 0 < small <= large or river == 0:
        raise RulesError(
            f"fixed-limit bets are 0 < small bet <= big bet (and a positive river bet), got "
            f"{small}, {large} and {river}"
        )
    return {"small_bet": small, "big_bet": large, "river_bet": river, "min_bet": None}


def _blinds(blinds: object) -> tuple[int, int]:
    """The small and the big blind of a pair.

    :raises RulesError: for anything but two positive chip amounts, small <= big."""
    if (
        isinstance(blinds, str | bytes)
        or not isinstance(blinds, Sequence)
        or length(blinds, "blinds", RulesError) != 2
    ):
        raise RulesError(f"a table has two blinds (small, big), got {blinds!r}")
    small, big = (chips(b, "blind") for b in blinds)
    if not 0 < small <= big:
        raise RulesError(f"the blinds must be 0 < small <= big, got {small} and {big}")
    return small, big


#: The most plan_hand answers a table keeps (a table of ten seats goes round ten).
_PLANS = 32

#: The cards of a hand dealt with :meth:`Table.new_hand`'s arguments: deck, hole cards, board.
_Cards = tuple[Any, Any, Any]


def _given(
    order: tuple[int, ...], deck: object, hole_cards: object, board: object
) -> dict[str, Any]:
    """:class:`holdem.Hand`'s card keywords for a hand of the table seats ``order``: hole cards
    by table seat (a mapping) become a list in the hand's order.

    :raises TableError: for hole cards given to a seat not dealt in."""
    out: dict[str, Any] = {}
    if deck is not None:
        out["deck"] = deck
    if board is not None:
        out["board"] = board
    if isinstance(hole_cards, Mapping):
        strays = sorted(map(repr, set(hole_cards) - set(order)))
        if strays:
            raise TableError(
                f"hole cards for seat(s) {', '.join(strays)}, not dealt in: the seats of this "
                f"hand are {list(order)}"
            )
        hole_cards = [hole_cards.get(s) for s in order]
    if hole_cards is not None:
        out["hole_cards"] = hole_cards
    return out


class Table(Guarded):
    """A cash-game table: players sit down, play hands dealt by the table, and leave.

    ``seats``: 2 to ``max_seats`` seats (10 by default; at most 22, a hand's limit). Stakes:
    ``blinds=(small, big)``, ``ante`` (every player dealt in), ``big_blind_ante``;
    ``structure`` with ``small_bet``, ``big_bet`` and ``river_bet`` for fixed limit (by default
    the big blind, twice it, and the big bet); ``rules``: a
    :class:`Rules` or a preset name (whole chips only: not the ``acpc`` preset's fractions).
    Buy-ins: ``min_buy_in`` to ``max_buy_in`` chips (by default 20 and 100 big blinds).
    ``button_rule``: 'dead' (the TDA rule: the big blind moves one player each hand) or
    'moving'. ``moved_players``: 'robert' (a player moved in with ``established=True`` to the
    seat where the small blind is due waits a hand, the small blind dead: Robert's Rules of
    Poker's dead button; under the moving button, the button and the small blind pass him by
    on his first hand here, and between them he sits it out, as PokerStars deals it) or 'tda'
    (he posts it and is dealt in: the TDA rules, 2013 rule 9; see
    :class:`~holdem.engine.button.MovedPlayers`).
    ``first_button``: the button's seat on the first hand (by default drawn at random).
    ``rebuys``: a player with no chips stays seated, sitting out, until :meth:`add_chips`
    (True, a cash game) or leaves the table at once (False); ``auto_rebuy``: with rebuys, a
    player who goes broke buys that many chips again at once (0: no). ``runs``: when everyone
    is all-in before the river the rest of the board is dealt that many times, each pot split
    by board (the players' agreement to run it twice, as a table option). ``history``: keep
    every hand for :attr:`history` and :func:`holdem.phh.from_table` (False keeps only the
    hand in play). Cards are shuffled by ``rng`` or from ``seed``. ``game``: the game of every hand
    (short deck, Omaha ...: a name, :class:`holdem.Game` or Variant, see
    :mod:`holdem.engine.variants`; a Pineapple hand waits for :meth:`holdem.Hand.discard`).
    A table is not thread-safe: a call made while another thread is inside one of its methods
    raises :class:`TableError` at once, with nothing changed (use it from one thread at a time).

    :raises RulesError: for an unknown game or one whose deck cannot deal every seat, a seat
        count out of range, blinds that are not two positive chip
        amounts (small <= big), a bad ante, structure, rule preset or buy-in range, an
        automatic rebuy out of the buy-in range, ``runs``
        more than a full table's deck allows, rules that split pots in fractions of a chip,
        an ``rng`` that is not a ``random.Random``, or both ``rng`` and ``seed``.
    :raises ArgumentTypeError, ArgumentError: for a seed that is not None or an int from 0 to
        2**64 - 1.
    """

    def __init__(
        self,
        seats: int = 9,
        *,
        blinds: Sequence[int] = (1, 2),
        ante: int = 0,
        big_blind_ante: int = 0,
        structure: Structure | str = Structure.NO_LIMIT,
        small_bet: int | None = None,
        big_bet: int | None = None,
        river_bet: int | None = None,
        rules: Rules | str = "casino",
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        button_rule: ButtonRule | str = ButtonRule.DEAD,
        moved_players: MovedPlayers | str = MovedPlayers.ROBERT,
        first_button: int | None = None,
        rebuys: bool = True,
        auto_rebuy: int = 0,
        runs: int = 1,
        history: bool = True,
        max_seats: int = 10,
        seed: int | None = None,
        rng: random.Random | None = None,
        game: GameArg = None,
    ) -> None:
        self._guard = threading.RLock()
        variant = play_variant(game)
        if not is_int(max_seats) or not 2 <= max_seats <= MAX_PLAYERS:
            raise RulesError(f"max_seats is an int from 2 to {MAX_PLAYERS}, got {max_seats!r}")
        if not is_int(seats) or not 2 <= seats <= max_seats:
            raise RulesError(f"a table has 2 to {max_seats} seats, got {seats!r}")
        small, big = _blinds(blinds)
        self._small, self._big = small, big
        self._ante = chips(ante, "ante")
        self._bb_ante = chips(big_blind_ante, "big-blind ante")
        self._structure = Structure.parse(structure)
        self._limits = _limits(self._structure, big, small_bet, big_bet, river_bet)
        self._rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if not isinstance(self._rules, Rules):
            raise RulesError(f"rules must be a Rules or a preset name, got {rules!r}")
        if self._rules.odd_chips is OddChips.FRACTIONAL:
            raise RulesError("a table plays whole chips: fractional odd chips cannot be seated")
        low = 20 * big if min_buy_in is None else chips(min_buy_in, "minimum buy-in")
        high = 100 * big if max_buy_in is None else chips(max_buy_in, "maximum buy-in")
        if not 0 < low <= high:
            raise RulesError(f"the buy-in range must be 0 < min <= max, got {low} .. {high}")
        self._buy_in = (low, high)
        try:
            self._rule = ButtonRule(button_rule)
        except ValueError:
            raise RulesError(f"button_rule is 'dead' or 'moving', got {button_rule!r}") from None
        try:
            self._moved = MovedPlayers(moved_players)
        except ValueError:
            raise RulesError(f"moved_players is 'robert' or 'tda', got {moved_players!r}") from None
        if first_button is not None and (
            not is_int(first_button) or not 1 <= first_button <= seats
        ):
            raise RulesError(f"first_button is a seat from 1 to {seats}, got {first_button!r}")
        self._first_button = first_button
        self._rebuys = bool(rebuys)
        self._auto_rebuy = 0 if not auto_rebuy else chips(auto_rebuy, "auto rebuy")
        if self._auto_rebuy and not low <= self._auto_rebuy <= high:
            raise RulesError(f"an automatic rebuy is a buy-in ({low} .. {high}), got {auto_rebuy}")
        self._runs = check_runs(seats, runs)
        if variant is not None:
            variant.check(seats, self._runs)
        self._keep = bool(history)
        self._rng = generator(seed, rng)
        self._hand_kw: dict[str, Any] = {
            "structure": self._structure,
            **self._limits,
            "rules": self._rules,
            "rng": self._rng,
            "runs": self._runs,
            "ante": self._ante,
            "big_blind_ante": self._bb_ante,
            "game": variant,
        }
        # Only what differs from the hand's defaults: fewer keywords, a faster call.
        defaults = {
            "structure": Structure.NO_LIMIT,
            "small_bet": None,
            "big_bet": None,
            "river_bet": None,
            "min_bet": big,
            "rules": PRESETS["casino"],
            "runs": 1,
            "ante": 0,
            "big_blind_ante": 0,
            "game": None,
        }
        self._hand_kw = {k: v for k, v in self._hand_kw.items() if defaults.get(k, k) is not v}
        self._blinds_kw = {**self._hand_kw, "blinds": (small, big)}
        self._seats = seats
        self._order = list(range(1, seats + 1))
        self._players: dict[int, _Player] = {}
        self._next_ident = 0
        self._hand: Hand | None = None
        self._current: tuple[int, ...] = ()  # the table seats of the hand in play
        self._plan: HandPlan | None = None
        # plan_hand's answers, by the last plan's fields: (the states, the plan)
        self._plans: dict[tuple[object, ...], tuple[tuple[tuple[int, SeatState], ...], HandPlan]]
        self._plans = {}
        self._redeal = False  # the last hand was a misdeal: deal it again
        self._broke: set[int] = set()  # seats that lost every chip and have not bought more
        self._number = 0
        self._history: list[TableHand] = []
        self._left: list[tuple[str, int]] = []  # (name, chips taken) of players who left
        self._raked = self._rules.rake is not None
        self._rake = 0  # the chips the house took from the hands taken back
        self._busted: list[str] = []
        self._ledger: list[LedgerEntry] = []  # chips in and out, outside the hands

    @classmethod
    def from_history(
        cls,
        record: object,
        *,
        button: int | None = None,
        sitting_out: Mapping[int, tuple[str, int]] | None = None,
        owes: Mapping[int, tuple[bool, bool]] | None = None,
        **options: Any,
    ) -> Table:
        """A table seated as a real hand left it, to deal the hands that came after it.

        ``record``: the hand after it was played, a PHH :class:`~holdem.phh.HandHistory`
        with its finishing stacks (any format read into one: PokerStars' text through
        :func:`holdem.pokerstars.to_history`, ...) or a PokerStars hand
        (:class:`holdem.pokerstars.StarsHand`, which also names the button and the players
        seated and not dealt in); what it says and leaves out: :mod:`holdem.engine.resume`.
        Each player keeps the seat and the chips he had when the hand ended (the
        :attr:`ledger` books each as a buy-in); a player with no chips is one who lost them
        all (``rebuys``). The next :meth:`new_hand` moves the button and the blinds on from
        the record's, by the table's ``button_rule``.

        ``button``: the button's seat, when the record's last player was not on it (a dead
        button). ``sitting_out``: players seated and not dealt in, ``{seat: (name, chips)}``,
        besides those the record names. ``owes``: ``{seat: (small, big)}``, the blinds a
        player not dealt in has missed (by default none: a record of one hand does not say).
        ``options``: :class:`Table`'s keywords (``seats`` the number of seats, by default the
        record's ``seat_count``); the stakes, the structure and the game are by default the
        record's, and the ``button_rule`` its site's when the record says (a PokerStars
        hand: 'moving', as PokerStars deals).

        :raises ArgumentTypeError: for a record of another type.
        :raises TableError: for a record that does not seat a table (see
            :func:`holdem.engine.resume.seating`), or ``owes`` for a seat with no player
            sitting out or waiting.
        :raises RulesError: as :class:`Table`, for the options.

        >>> from holdem.phh import HandHistory
        >>> record = HandHistory(  # seats 2, 4, 6: the button folds, the small blind folds
        ...     "NT",
        ...     (100, 100, 100),
        ...     ("p3 f", "p1 f"),
        ...     (0, 0, 0),
        ...     (1, 2, 0),
        ...     min_bet=2,
        ...     finishing_stacks=(99, 101, 100),
        ...     fields={"seats": [2, 4, 6], "seat_count": 6},
        ... )
        >>> table = Table.from_history(record, seed=1)
        >>> table.button, table.stacks
        (6, {2: 99, 4: 101, 6: 100})
        >>> hand = table.new_hand()
        >>> table.button, table.seat_map  # the button moves to seat 2: 4 and 6 post the blinds
        (2, (4, 6, 2))
        """
        from holdem.engine.resume import seating

        if owes is not None and not isinstance(owes, Mapping):
            raise TableError(f"owes maps seats to (small, big) bools, got {owes!r}")
        seated = seating(record, button=button, sitting_out=sitting_out)
        kw: dict[str, Any] = {
            "blinds": seated.blinds,
            "ante": seated.ante,
            "big_blind_ante": seated.big_blind_ante,
            "structure": seated.structure,
            "game": seated.game,
        }
        if seated.structure is Structure.FIXED_LIMIT:
            kw.update(small_bet=seated.small_bet, big_bet=seated.big_bet)
        if seated.button_rule is not None:
            kw["button_rule"] = seated.button_rule
        kw.update(options)
        seats = kw.pop("seats", seated.seat_count)
        kw.setdefault("max_seats", max(10, seats if is_int(seats) else 0))
        table = cls(seats, **kw)
        table._seat_as(seated, dict(owes or {}))
        return table

    def _seat_as(self, seated: Seating, owes: dict[Any, Any]) -> None:
        """Seat the players as the record left them, the last hand's positions its own."""
        if max(p.seat for p in seated.players) > self._seats:
            raise TableError(
                f"{seated.source}: seat {max(p.seat for p in seated.players)} at a table of "
                f"{self._seats} seats"
            )
        if seated.button > self._seats:
            raise TableError(f"{seated.source}: the button's seat {seated.button} is no seat")
        waiting = {p.seat for p in seated.players if not p.dealt}
        for s, flags in owes.items():
            if s not in waiting:
                raise TableError(f"owes is for players not dealt in ({sorted(waiting)}), got {s!r}")
            if (
                not isinstance(flags, tuple)
                or len(flags) != 2
                or not all(isinstance(f, bool) for f in flags)
            ):
                raise TableError(f"owes maps a seat to (small, big) bools, got {flags!r}")
        ident = {}
        for p in seated.players:
            self._next_ident += 1
            ident[p.seat] = self._next_ident
            player = _Player(self._next_ident, p.name, p.seat, p.stack, p.stack)
            player.new = player.wait = p.new
            player.moved = p.moved
            player.sitting_out = p.sitting_out
            player.owes_small, player.owes_big = owes.get(p.seat, (False, False))
            self._players[p.seat] = player
            if p.stack:
                self._book("buy-in", p.seat, p.name, p.stack, f"seated from {seated.source}")
        big, dealt = seated.big_blind, seated.dealt
        if seated.small_blind is not None:
            position = seated.small_blind
        elif self._rule is ButtonRule.MOVING or len(dealt) == 2:
            position = seated.button
        else:  # a dead small blind: due in the seat right of the big blind
            position = self._order[self._order.index(big) - 1]
        self._plan = HandPlan(seated.button, seated.small_blind, big, dealt, position, ident[big])
        for s, broke in list(self._players.items()):
            if not broke.stack:
                self._broken(s, broke)

    # -- what anyone can see ---------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """The number of seats (numbered 1 .. seats, clockwise)."""
        return self._seats

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and the big blind."""
        return self._small, self._big

    @property
    def buy_in(self) -> tuple[int, int]:
        """The smallest and the largest buy-in (and the most chips a top-up may reach)."""
        return self._buy_in

    @property
    @exclusive
    def hand(self) -> Hand | None:
        """The hand in play, or None between hands (a finished hand is taken back first)."""
        self._collect()
        return self._hand

    @property
    def hand_number(self) -> int:
        """The number of hands dealt so far (the hand in play included)."""
        return self._number

    @property
    def button(self) -> int | None:
        """The button's seat in the last hand dealt (None before the first)."""
        return None if self._plan is None else self._plan.button

    @property
    def plan(self) -> HandPlan | None:
        """The positions of the last hand dealt (button, blinds, who was dealt in, posts)."""
        return self._plan

    @property
    def seat_map(self) -> tuple[int, ...]:
        """The table seat of each seat of the last hand dealt (``seat_map[i]`` for seat ``i``)."""
        return () if self._plan is None else self._plan.dealt

    @property
    @exclusive
    def history(self) -> tuple[TableHand, ...]:
        """Every hand dealt at this table, in order (the hand in play included)."""
        self._collect()
        return tuple(self._history)

    @property
    @exclusive
    def players(self) -> dict[int, PlayerInfo]:
        """The seated players by seat (stacks as of the last hand taken back)."""
        self._collect()
        return {s: self._info(p) for s, p in self._players.items()}

    @property
    @exclusive
    def stacks(self) -> dict[int, int]:
        """Each seated player's chips by seat."""
        self._collect()
        return {s: p.stack for s, p in self._players.items()}

    @property
    def left(self) -> tuple[tuple[str, int], ...]:
        """The players who left, in order, with the chips each took."""
        return tuple(self._left)

    @property
    @exclusive
    def rake(self) -> int:
        """The chips the house took from the session's pots (by the rules' ``rake``): with
        them, the stacks and the chips taken away add up to every buy-in."""
        self._collect()
        return self._rake

    @property
    @exclusive
    def busted(self) -> tuple[str, ...]:
        """The players who lost all their chips and left (``rebuys=False``), in order."""
        self._collect()
        return tuple(self._busted)

    @property
    @exclusive
    def is_over(self) -> bool:
        """True when fewer than two seated players have chips: no hand can be dealt."""
        self._collect()
        return sum(1 for p in self._players.values() if p.stack > 0) < 2

    def _info(self, p: _Player) -> PlayerInfo:
        return PlayerInfo(
            p.seat,
            p.name,
            p.stack,
            p.sitting_out,
            p.new,
            p.wait and (p.new or p.owes_small or p.owes_big),
            p.owes_small,
            p.owes_big,
            p.bought_in,
        )

    # -- seating -----------------------------------------------------------------------------------

    def _seat(self, seat: object, *, taken: bool) -> int:
        if not is_int(seat) or not 1 <= seat <= self._seats:
            raise TableError(f"no seat {seat!r}: seats are 1 .. {self._seats}")
        if taken and seat not in self._players:
            raise TableError(f"seat {seat} is empty")
        if not taken and seat in self._players:
            raise TableError(f"seat {seat} is taken by {self._players[seat].name}")
        return seat

    def _idle(self, seat: int, what: str) -> None:
        self._collect()
        if seat in self._current:
            raise TableError(f"seat {seat} is in the hand in play: it cannot {what} until it ends")
        if self._redeal and self._plan is not None and seat in self._plan.dealt:
            raise TableError(
                f"seat {seat} was dealt in the misdealt hand: it cannot {what} until that hand "
                "is dealt again (new_hand) and ends"
            )

    def _amount(self, amount: object, what: str) -> int:
        if not is_int(amount) or not 0 < amount <= MAX_CHIPS:
            raise TableError(f"{what} is a positive int number of chips, got {amount!r}")
        return amount

    @exclusive
    def sit_down(
        self,
        seat: int,
        name: str,
        buy_in: int,
        *,
        wait_for_big_blind: bool = True,
        established: bool = False,
    ) -> None:
        """Seat a new player with ``buy_in`` chips.

        Before the first hand every seated player is dealt in. Later a new player waits for the
        big blind (``wait_for_big_blind``) or posts one to be dealt in at once, anywhere but
        between the button and the big blind (Wizard of Odds' rule 16; Robert's Rules of Poker).
        An ``established`` player (one a tournament moves from another table) posts nothing:
        dealt in wherever the button rules deal a player who has played here, but not between
        the button and the big blind (the TDA rules, "Breaking Tables").

        :raises TableError: for a seat that does not exist or is taken, a name that is not a
            non-empty str or is seated already, or a buy-in out of :attr:`buy_in`.
        """
        self._collect()
        seat = self._seat(seat, taken=False)
        if not isinstance(name, str) or not name:  # type: ignore[redundant-expr]
            raise TableError(f"a player's name is a non-empty str, got {name!r}")
        if any(p.name == name for p in self._players.values()):
            raise TableError(f"{name} is seated already")
        buy_in = self._amount(buy_in, "a buy-in")
        low, high = self._buy_in
        if not low <= buy_in <= high:
            raise TableError(f"a buy-in is {low} .. {high} chips, got {buy_in}")
        self._next_ident += 1
        self._players[seat] = _Player(
            self._next_ident, name, seat, buy_in, buy_in, wait=bool(wait_for_big_blind)
        )
        self._book("buy-in", seat, name, buy_in)
        if established:
            player = self._players[seat]
            player.new = player.wait = False
            player.moved = self._plan is not None  # (before the first hand all are dealt in)
        self._players = dict(sorted(self._players.items()))  # by seat

    @exclusive
    def leave(self, seat: int) -> int:
        """The player in ``seat`` leaves with their chips; returns the chips taken.

        :raises TableError: for an empty seat, or a player in the hand in play (or dealt in a
            misdealt hand, until it is dealt again and ends).
        """
        seat = self._seat(seat, taken=True)
        self._idle(seat, "leave")
        player = self._players.pop(seat)
        self._broke.discard(seat)
        self._left.append((player.name, player.stack))
        if player.stack:
            self._book("cash-out", seat, player.name, -player.stack)
        return player.stack

    @exclusive
    def cash_out(self, seat: int) -> int:
        """The player in ``seat`` cashes out: he leaves with every chip of his stack, which the
        :attr:`ledger` books; returns the chips taken.

        A player takes no part of his stack away and stays: "table stakes" (Robert's Rules of
        Poker: chips are not removed from the table while a player stays in the game); chips
        come off a stack only by a :meth:`correct`.

        :raises TableError: as :meth:`leave`.
        """
        return self.leave(seat)

    @exclusive
    def sit_out(self, seat: int) -> None:
        """The player in ``seat`` sits out from the next hand on (and misses the blinds).

        :raises TableError: for an empty seat.
        """
        self._collect()
        self._players[self._seat(seat, taken=True)].sitting_out = True

    @exclusive
    def come_back(self, seat: int, *, wait_for_big_blind: bool = False) -> None:
        """The player in ``seat`` is back: posts the blinds missed (the big blind live, the small
        blind dead) to be dealt in at once, or waits for the big blind (Robert's Rules of Poker).

        :raises TableError: for an empty seat.
        """
        self._collect()
        player = self._players[self._seat(seat, taken=True)]
        player.sitting_out = False
        player.wait = bool(wait_for_big_blind)

    @exclusive
    def add_chips(self, seat: int, amount: int) -> None:
        """Top up or rebuy between hands: ``amount`` chips more, up to the largest buy-in.

        A rebuy (from no chips) is at least the smallest buy-in; a player who lost all the chips
        owes the blinds missed since (Robert's Rules of Poker: not a new player).

        :raises TableError: for an empty seat, a player in the hand in play (or dealt in a
            misdealt hand, until it is dealt again and ends), an amount that is not a positive
            int, a stack that would pass the largest buy-in, or a rebuy short of the smallest.
        """
        seat = self._seat(seat, taken=True)
        self._idle(seat, "buy chips")
        amount = self._amount(amount, "a top-up")
        player = self._players[seat]
        low, high = self._buy_in
        if player.stack + amount > high:
            raise TableError(
                f"seat {seat} has {player.stack} chips: it may add {high - player.stack} at most"
            )
        if player.stack == 0 and amount < low:
            raise TableError(f"a rebuy is {low} .. {high} chips, got {amount}")
        kind = "top-up"
        if player.stack == 0:  # a rebuy (no hand was dealt since the bust: no blind missed)
            player.sitting_out = False
            self._broke.discard(seat)
            kind = "rebuy"
        player.stack += amount
        player.bought_in += amount
        self._book(kind, seat, player.name, amount)

    top_up = add_chips
    rebuy = add_chips
    add_on = add_chips

    @exclusive
    def correct(self, seat: int, amount: int, reason: str) -> None:
        """Correct the stack of the player in ``seat`` by ``amount`` chips (negative: chips
        taken off), for ``reason``: a floor's decision on a miscount, a pot pushed wrong, a
        stack keyed in wrong. The :attr:`ledger` books it with the reason, so every chip stays
        accounted for. A stack corrected to 0 is a player with no chips, as after losing them
        (see ``rebuys``).

        :raises TableError: for an empty seat, a player in the hand in play (or dealt in a
            misdealt hand, until it is dealt again and ends), an amount that is not a nonzero
            int, a stack that would fall below 0 or pass the table's chip limit, or a reason
            that is not a non-empty str.
        """
        seat = self._seat(seat, taken=True)
        self._idle(seat, "have its stack corrected")
        if not is_int(amount) or amount == 0 or abs(amount) > MAX_CHIPS:
            raise TableError(f"a correction is a nonzero int number of chips, got {amount!r}")
        if not isinstance(reason, str) or not reason.strip():  # type: ignore[redundant-expr]
            raise TableError(f"a correction gives its reason (a non-empty str), got {reason!r}")
        player = self._players[seat]
        stack = player.stack + amount
        if not 0 <= stack <= MAX_CHIPS:
            raise TableError(
                f"seat {seat} has {player.stack} chips: a correction of {amount} would leave "
                f"{stack}, not 0 .. {MAX_CHIPS}"
            )
        self._book("correction", seat, player.name, amount, reason.strip())
        player.stack = stack
        if stack == 0:
            self._broken(seat, player)
        elif player.seat in self._broke:  # chips again: as after a rebuy
            player.sitting_out = False
            self._broke.discard(seat)

    # -- the chips' ledger -------------------------------------------------------------------------

    def _book(self, kind: str, seat: int, name: str, amount: int, reason: str = "") -> None:
        self._ledger.append(LedgerEntry(kind, seat, name, amount, self._number, reason))

    @property
    @exclusive
    def ledger(self) -> tuple[LedgerEntry, ...]:
        """Every chip brought to the table or taken from it outside the hands, in order.

        The entries add up to the chips the table holds and the house took:
        ``sum(e.amount for e in table.ledger) == sum(table.stacks.values()) + table.rake``
        (with a hand in play, :attr:`stacks` are as the hand was dealt: it holds their chips).

        >>> table = Table(6, blinds=(1, 2), first_button=1, seed=1)
        >>> table.sit_down(1, "Ann", 100)
        >>> table.sit_down(2, "Bob", 100)
        >>> table.play_hand(lambda hand: hand.fold()).is_over
        True
        >>> table.correct(2, -1, "a chip paid to the wrong player")
        >>> table.cash_out(1)  # Ann, on the button, folded her small blind
        99
        >>> [(e.kind, e.name, e.amount) for e in table.ledger]
        [('buy-in', 'Ann', 100), ('buy-in', 'Bob', 100), ('correction', 'Bob', -1), \
('cash-out', 'Ann', -99)]
        >>> sum(e.amount for e in table.ledger) == sum(table.stacks.values()) + table.rake
        True
        """
        self._collect()
        return tuple(self._ledger)

    # -- hands -------------------------------------------------------------------------------------

    @exclusive
    def new_hand(
        self,
        *,
        deck: Deck | Iterable[CardLike] | None = None,
        hole_cards: Mapping[int, Iterable[CardLike] | None]
        | Sequence[Iterable[CardLike] | None]
        | None = None,
        board: Iterable[CardLike] | None = None,
    ) -> Hand:
        """Deal the next hand: move the button and the blinds, post, and deal.

        After a misdeal (:meth:`holdem.Hand.expose`, :meth:`holdem.Hand.misdeal`) the same hand
        is dealt again: the same number, button, blinds and players, from a new shuffle (the
        misdealt hand returned every chip and is left out of the history).

        The cards are shuffled by the table, unless given: ``deck``, the whole deck in dealing
        order (a :class:`~holdem.Deck` or cards), or some cards, the rest shuffled:
        ``hole_cards``, by table seat (``{seat: cards}``) or by the hand's seats in their order
        (a list, as :class:`holdem.Hand` takes them; None for any cards), and ``board``.

        :raises TableError: while a hand is in play, when fewer than two players can be dealt
            in (the session is over, or everyone else is sitting out), or for hole cards given
            to a seat that is not dealt in.
        :raises CardError: for cards that cannot be dealt (see :class:`holdem.Hand`).
        :raises RulesError: for a deck given with hole cards or a board.

        Nothing changes when it raises: the table, its players and its shuffles are as they
        were.

        >>> table = Table(6, blinds=(1, 2), first_button=1, seed=3)
        >>> for seat in (1, 3, 5):
        ...     table.sit_down(seat, f"P{seat}", 100)
        >>> hand = table.new_hand(hole_cards={1: ("As", "Ah"), 5: ("Ks", "Kh")}, board=["2c", "7d"])
        >>> table.seat_map, hand.hole_cards(2), hand.hole_cards(1)  # seats 1 and 5
        ((3, 5, 1), (Card('As'), Card('Ah')), (Card('Ks'), Card('Kh')))
        """
        self._collect()
        if self._hand is not None:
            raise TableError("a hand is in play: finish it first")
        cards = None
        if deck is not None or hole_cards is not None or board is not None:
            cards = (deck, hole_cards, board)
            shuffles = self._rng.getstate()  # (a refused deal leaves the shuffles as they were)
            try:
                return self._new_hand(cards)
            except BaseException:
                self._rng.setstate(shuffles)
                raise
        return self._new_hand(cards)

    def _new_hand(self, cards: _Cards | None) -> Hand:
        last = self._plan
        if self._redeal and last is not None:  # a misdeal: the same hand again
            hand = self._deal(last, cards)  # (its players cannot leave or buy chips before: _idle)
            self._redeal = False
            self._hand = hand
            if self._keep:
                self._history[-1] = self._history[-1]._replace(hand=hand)
            self._current = last.dealt
            return hand
        plan, hand = self._plan_and_deal(cards)
        self._plan = plan
        self._hand = hand
        self._number += 1
        self._current = plan.dealt
        if self._keep:
            names = tuple([self._players[s].name for s in plan.dealt])
            self._history.append(TableHand(self._number, plan, plan.dealt, names, hand))
        return hand

    def _plan_and_deal(self, cards: _Cards | None) -> tuple[HandPlan, Hand]:
        states = {s: p.seat_state() for s, p in self._players.items()}
        last = self._plan
        # plan_hand is a function of the states and the last plan: a table where nothing
        # changed goes round the same plans, each given again by what plan_hand gave for it.
        key: tuple[object, ...] = ()
        if last is not None:
            key = (*last[:6], last.fresh, *last.posts.items(), None, *last.missed.items())
        seen = tuple(states.items())
        known = self._plans.get(key) if key else None
        worked_out = known is None or known[0] != seen
        if known is not None and not worked_out:
            plan = known[1]
        else:
            first = self._first_button
            drawn = None  # the generator's state before a draw of the first button
            if last is None and first is None:
                able = [s for s, st in states.items() if st.state != OUT]
                if len(able) >= 2:
                    drawn = self._rng.getstate()
                    first = self._rng.choice(sorted(able))
            found = plan_hand(
                self._order, states, last, rule=self._rule, first_button=first, moved=self._moved
            )
            if found is None:
                if drawn is not None:  # a refusal leaves the table as it was, its shuffles too
                    self._rng.setstate(drawn)
                raise TableError("fewer than two players can be dealt in: the session is over")
            plan = found
        hand = self._deal(plan, cards)
        if key and worked_out:  # (kept once the hand is dealt)
            if len(self._plans) >= _PLANS:
                self._plans.clear()
            self._plans[key] = (seen, plan)
        for s, (small, big) in plan.missed.items():
            p = self._players[s]
            p.owes_small = p.owes_small or small
            p.owes_big = p.owes_big or big
        for s in plan.dealt:  # (a player moved in is one until he is dealt a hand here)
            p = self._players[s]
            p.new = p.owes_small = p.owes_big = p.moved = False
        return plan, hand

    def _deal(self, plan: HandPlan, cards: _Cards | None = None) -> Hand:
        order = plan.dealt
        players = self._players
        stacks = [players[s].stack for s in order]
        posts = plan.posts
        if cards is None and plan.small_blind is not None and not posts:  # the blinds in place
            return Hand(stacks, **self._blinds_kw)  # (heads-up the hand reverses them)
        kw = self._blinds_kw if plan.small_blind is not None else self._hand_kw
        if cards is not None:
            kw = {**kw, **_given(order, *cards)}
            if "deck" in kw:
                kw.pop("rng", None)
        n = len(order)
        live = dead = None
        if posts:
            live, dead = [0] * n, [0] * n
            for s, (whole, half) in posts.items():
                live[order.index(s)] = whole * self._big
                dead[order.index(s)] = half * self._small
        if plan.small_blind is not None:
            return Hand(stacks, posts=live, dead_blinds=dead, **kw)
        # no small blind: the big blind is the hand's seat 0
        forced = [self._big] + [0] * (n - 1)
        return Hand(stacks, forced_bets=forced, posts=live, dead_blinds=dead, **kw)

    def _collect(self) -> None:
        """Take a finished hand back: the stacks, and the players who lost all their chips."""
        hand = self._hand
        if hand is None or not hand.is_over:
            return
        players = self._players
        if self._raked:
            self._rake += hand.rake  # type: ignore[assignment]  # whole chips here
        for s, stack in zip(self._current, hand.stacks):  # noqa: B905 (same lengths)
            player = players[s]
            player.stack = stack  # type: ignore[assignment]  # whole chips: no fractions here
            if not stack:
                self._broken(s, player)
        self._redeal = hand.is_misdeal
        self._hand = None
        self._current = ()

    def _broken(self, seat: int, player: _Player) -> None:
        """A player left with no chips: he buys again (``auto_rebuy``), sits out until he
        does (``rebuys``), or leaves the table."""
        if self._auto_rebuy and self._rebuys:
            player.stack = self._auto_rebuy
            player.bought_in += self._auto_rebuy
            self._book("rebuy", seat, player.name, self._auto_rebuy)
        elif self._rebuys:
            self._broke.add(seat)
            player.sitting_out = True
        else:
            del self._players[seat]
            self._busted.append(player.name)
            self._left.append((player.name, 0))

    @exclusive
    def play_hand(self, act: Callable[[Hand], None]) -> Hand:
        """Deal a hand and call ``act(hand)`` until it is over (``act`` takes one action, or
        makes one discard of a Pineapple hand: whose, :meth:`Hand.legal_actions` says, and
        :func:`holdem.engine.matches.apply_decision` takes an agent's answer to it); after a
        misdeal, deal the hand again and go on.

        :raises TableError: as :meth:`new_hand`.
        """
        hand = self.new_hand()
        while True:
            while not hand.is_over:
                act(hand)
            self._collect()
            if not self._redeal:
                return hand
            hand = self.new_hand()

    # -- the session's history -------------------------------------------------------------------

    def hand_histories(self, *, table: str | int | None = None) -> list[Any]:
        """Deprecated: :func:`holdem.phh.from_table` (``table`` is its ``name``)."""
        from holdem.phh.writing import from_table

        warn("Table.hand_histories", "holdem.phh.from_table")
        return from_table(self, name=table)

    def dumps_phhs(self, *, table: str | int | None = None) -> str:
        """Deprecated: :func:`holdem.phh.dumps_table` (``table`` is its ``name``)."""
        from holdem.phh.writing import dumps_table

        warn("Table.dumps_phhs", "holdem.phh.dumps_table")
        return dumps_table(self, name=table)

    # -- hooks for a tournament ---------------------------------------------------------------

    @property
    def button_rule(self) -> ButtonRule:
        """How the button and the blinds move ('dead' or 'moving')."""
        return self._rule

    @property
    @exclusive
    def occupied(self) -> tuple[int, ...]:
        """The seats a player sits in, in order (what :attr:`players` has, without the
        players' details: the cheap count of a tournament's balancing)."""
        self._collect()
        return tuple(sorted(self._players))

    @exclusive
    def seat_states(self) -> dict[int, SeatState]:
        """The seated players as the button rules see them (for :func:`plan_hand`), by seat."""
        self._collect()
        return {s: p.seat_state() for s, p in self._players.items()}

    @property
    def moved_players(self) -> MovedPlayers:
        """Whether a player moved in to the seat where the small blind is due posts it."""
        return self._moved

    @property
    def structure(self) -> Structure:
        """The betting structure of the next hand."""
        return self._structure

    @exclusive
    def set_stakes(
        self,
        blinds: Sequence[int],
        *,
        ante: int = 0,
        big_blind_ante: int = 0,
        structure: Structure | str | None = None,
        small_bet: int | None = None,
        big_bet: int | None = None,
        river_bet: int | None = None,
    ) -> None:
        """New blinds, antes and bet sizes from the next hand on (a tournament's next level).

        ``structure``: the next hands' betting structure (None: as it is); in fixed limit
        ``small_bet``, ``big_bet`` and ``river_bet`` move with the level, by default the big
        blind, twice it, and the big bet (a fixed-limit tournament's limits follow its blinds).

        :raises RulesError: for blinds that are not two positive chip amounts (small <= big),
            a bad ante, an unknown structure, bet sizes outside fixed limit, or fixed-limit
            sizes that are not positive chip amounts with small <= big.
        :raises TableError: while a hand is in play, or after a misdeal until the hand is dealt
            again (at the stakes it was dealt at).
        """
        small, big = _blinds(blinds)
        ante, bb_ante = chips(ante, "ante"), chips(big_blind_ante, "big-blind ante")
        kind = self._structure if structure is None else Structure.parse(structure)
        limits = _limits(kind, big, small_bet, big_bet, river_bet)
        self._collect()
        if self._hand is not None:
            raise TableError("a hand is in play: the stakes change between hands")
        if self._redeal:
            raise TableError("a misdealt hand is dealt again at its stakes first (new_hand)")
        self._small, self._big, self._ante, self._bb_ante = small, big, ante, bb_ante
        self._structure, self._limits = kind, limits
        kw = self._hand_kw
        for key in ("structure", "small_bet", "big_bet", "river_bet", "min_bet"):
            kw.pop(key, None)
        if kind is not Structure.NO_LIMIT:
            kw["structure"] = kind
        if kind is Structure.FIXED_LIMIT:  # (otherwise a hand's minimum bet is its big blind)
            kw.update((k, v) for k, v in limits.items() if v is not None)
            kw["min_bet"] = None
        for key, value in (("ante", ante), ("big_blind_ante", bb_ante)):
            if value:
                kw[key] = value
            else:
                kw.pop(key, None)
        self._blinds_kw = {**kw, "blinds": (small, big)}

    def __repr__(self) -> str:
        return (
            f"<Table: {len(self._players)}/{self._seats} seated, blinds "
            f"{self._small}/{self._big}, {self._number} hands>"
        )
