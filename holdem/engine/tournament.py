"""A multi-table tournament: levels, breaks, rebuys and add-ons, eliminations, prizes and deals.

A :class:`Tournament` seats a field at :class:`~holdem.Table` objects (seats drawn at random),
deals hands one round at a time (one hand at every table that can play; tables keep their own
dead button and blinds), raises the blinds and antes by a level schedule (by hands or by clock
time), eliminates players in order, balances and breaks tables by the TDA rules
(:mod:`holdem.engine.balancing`), and pays the places by a payout table whose amounts add up to
the prize pool (:mod:`holdem.analysis.payouts`).

Rules followed (the TDA tournament rules where the Wikipedia article "Texas hold 'em" is
silent):

* **Eliminations**: when two or more players bust in the same hand, "the player who started the
  hand with more chips finishes higher"; players who started it with the same chips tie, and
  share the prizes of the places they take equally (PokerStars' tournament rules say the same).
  The tables of a round count as separate hands, in table order, unless the tournament plays
  **hand-for-hand** (by default from the bubble, while two or more tables play): then every
  player out in the same round busts "in the same hand".
* **Levels** change between hands: a hand in play finishes at the old level. A level lasts its
  ``hands`` rounds or its ``minutes`` by the tournament's clock (injectable, for tests); after
  the last, the last level stays. The clock follows the schedule: a level (or a break) starts
  when the time of the one before ran out, however late the next hand is dealt (the TDA rules:
  a new level starts when the clock reaches zero), and a break by the clock pauses it. A
  :class:`Break` stops the deal for its minutes (by clock), or until the next round (by
  hands); add-ons are taken at the break that ends the rebuy period.
* **Rebuys and add-ons** (:class:`Rebuys`): during the rebuy period (its first levels) a player
  at or below the starting stack may rebuy, up to a limit; a player who busts then may rebuy
  at once (``on_bust``) instead of being eliminated. One add-on a player, until the first hand
  after the rebuy period. Their prices go to the prize pool.
* **Late registration and re-entries** (``late_registration``, ``reentries``): during the
  first levels a new player may enter, and a busted player may buy a new entry (a limited
  number of times), each with a full starting stack at a seat drawn as the TDA rules say
  (:meth:`Tournament.register`, :meth:`Tournament.reenter`); each entry is a buy-in to the
  prize pool and counts in the field the payouts are figured for, and finishes on its own.
  The tournament ends when one player is left, registration open or not.
* **Limits**: each level carries its betting structure and, in fixed limit, its small, big
  and river bets, which move with the blinds (:class:`Level`).
* **Prizes**: ``entrants x buy_in`` plus rebuys and add-ons; the top places paid by
  :func:`~holdem.analysis.payouts.payout_table` (about 10% of the field by default, or a table
  of one's own). Every unit of the prize pool is paid: rounding leftovers go to the places with
  the largest fractions (ties to the better place); a tie's odd units go to the tied players in
  the order they registered.
* **Deals** at any point: :meth:`Tournament.deal` shares the prizes still to be won among the
  players left by the ICM, by chips or equally (with an optional sum left to play for), and
  :meth:`Tournament.icm` gives the ICM equity of every stack.

>>> t = Tournament(
...     ["Ann", "Bob", "Cat", "Dan"],
...     starting_stack=100,
...     buy_in=10,
...     levels=[Level(1, 2, hands=5), Level(5, 10)],
...     table_size=4,
...     seed=3,
... )
>>> t.prize_pool, t.payouts
(40, (22, 11, 7))
>>> result = t.play(lambda hand: hand.check_or_call())
>>> t.is_over, sum(f.prize for f in t.standings)
(True, 40)
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from math import isfinite
from typing import TYPE_CHECKING, Any

from holdem._validate import is_int, length
from holdem.analysis.payouts import MAX_PLACES, payout_table, split_exactly
from holdem.engine._guard import Guarded, exclusive
from holdem.engine.balancing import (
    draw_seats,
    fill_seats,
    next_big_blind,
    plan_moves,
    tables_needed,
    worst_seat,
)
from holdem.engine.rules import Structure
from holdem.engine.schedule import (
    Break,
    Finish,
    Level,
    Move,
    Rebuys,
    _Entry,
    check_rebuys,
    check_schedule,
    default_levels,
)
from holdem.engine.stakes import MAX_CHIPS
from holdem.engine.table import Table, generator
from holdem.errors import ArgumentTypeError, ICMError, RulesError, TableError

if TYPE_CHECKING:
    from holdem.analysis.icm import ICM
    from holdem.engine._typed_hand import Hand

__all__ = ["Break", "Finish", "Level", "Move", "Rebuys", "Tournament"]

MAX_ENTRANTS = 100_000
"""The most entries a tournament takes (its players, late registrations and re-entries): the
largest field whose standard payout table (10,000 places) is made exactly."""


class Tournament(Guarded):
    """A freeze-out or rebuy tournament played to one winner (or a deal).

    ``players``: the entrants' names (or how many: named P1, P2, ...); ``starting_stack``:
    each entrant's chips; ``levels``: the schedule (:class:`Level` and :class:`Break` items;
    by default :func:`~holdem.engine.schedule.default_levels`, as ``holdem tournament``);
    ``table_size``: seats a table (2 to 10, 9 by default); ``buy_in``: each entry's share of
    the prize pool; ``payouts``: a table of percentages of one's own, best place first (by
    default :func:`~holdem.analysis.payouts.payout_table`'s standard structure); ``paid``: how
    many places the standard structure pays. ``rebuys``: a :class:`Rebuys`; ``on_bust``:
    called with the name of a player who busts while rebuys are open: True rebuys at once.
    ``balance_within``: the most players one table may have beyond another (2, the TDA rule;
    1 for tight balancing); ``break_order``: the tables in the order they break (by default
    the highest number first); ``hand_for_hand``: the players left at or below which play is
    hand-for-hand while two or more tables play (None: the bubble, one more than the places
    paid; 0: never). ``structure``: the betting structure of every level that names none (a
    fixed-limit level's limits follow its blinds, see :class:`Level`). ``rules``,
    ``button_rule``: as :class:`~holdem.Table`; ``moved_players``: 'tda' (the default: a player
    moved in, from a broken table, to balance, or a late entry, may take the small blind, TDA
    2013 rule 9) or 'robert' (he waits a hand there, the small blind dead: Robert's Rules of
    Poker's dead button). ``late_registration``: registration stays open during the first that
    many levels (0: closed at the start; :meth:`register`); ``reentries``: how many times a
    busted player may buy a new entry while it is open (:meth:`reenter`).
    ``clock``: seconds, for levels by time (``time.monotonic`` by default). ``history``: keep
    every hand at the tables. Seats and cards are drawn by ``rng`` or from ``seed``. Not
    thread-safe: a call made while another thread is inside a round's method raises
    :class:`TableError` at once, with nothing changed.

    :raises RulesError: for fewer than 2 players or repeated names, a starting stack or buy-in
        that is not a positive int (buy-in: >= 0), an empty schedule or a bad level, a table
        size out of 2 .. 10, a bad ``payouts`` table, an unknown structure, bet sizes of a level
        outside fixed limit (or not 0 < small bet <= big bet), bad rebuys, or a negative
        ``late_registration`` or ``reentries`` (re-entries need late registration); for more
        than :data:`MAX_ENTRANTS` players, ``levels``, ``payouts`` or ``break_order`` that are
        not lists, ``rebuys`` that is not a :class:`Rebuys`, ``on_bust`` or ``clock`` that
        cannot be called (or a clock that returns no finite number), an ``rng`` that is not a
        ``random.Random``, or both ``rng`` and ``seed``.
    :raises ArgumentTypeError, ArgumentError: for a seed that is not None or an int from 0 to
        2**64 - 1.
    """

    def __init__(
        self,
        players: Sequence[str] | int,
        *,
        starting_stack: int,
        levels: Sequence[Level | Break] | None = None,
        table_size: int = 9,
        buy_in: int = 0,
        payouts: Sequence[int | float] | None = None,
        paid: int | None = None,
        rebuys: Rebuys | None = None,
        on_bust: Callable[[str], bool] | None = None,
        balance_within: int = 2,
        break_order: Sequence[int] | None = None,
        hand_for_hand: int | None = None,
        structure: Structure | str = Structure.NO_LIMIT,
        rules: str = "casino",
        button_rule: str = "dead",
        moved_players: str = "tda",
        clock: Callable[[], float] | None = None,
        history: bool = False,
        late_registration: int = 0,
        reentries: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._guard = threading.RLock()
        if is_int(players):
            if not 2 <= players <= MAX_ENTRANTS:
                raise RulesError(f"a tournament has 2 to {MAX_ENTRANTS:,} players, got {players}")
            names = [f"P{i}" for i in range(1, players + 1)]
        else:
            if isinstance(players, str | bytes) or not isinstance(players, Sequence):
                raise RulesError(f"players is a count or a list of names, got {players!r}")
            if length(players, "players", RulesError) > MAX_ENTRANTS:
                raise RulesError(f"a tournament has 2 to {MAX_ENTRANTS:,} players")
            given: list[object] = list(players)
            if not all(isinstance(n, str) and n for n in given):
                raise RulesError("players' names are non-empty strs")
            names = list(players)
        if len(names) < 2 or len(set(names)) != len(names):
            raise RulesError("a tournament has at least 2 players, each with a name of their own")
        if not is_int(starting_stack) or not 0 < starting_stack <= MAX_CHIPS // (4 * len(names)):
            raise RulesError(f"starting_stack is a positive int, got {starting_stack!r}")
        if not is_int(buy_in) or buy_in < 0:
            raise RulesError(f"buy_in is an int >= 0, got {buy_in!r}")
        if not is_int(table_size) or not 2 <= table_size <= 10:
            raise RulesError(f"table_size is an int from 2 to 10, got {table_size!r}")
        self._structure = Structure.parse(structure)
        if levels is None:  # (after starting_stack is checked)
            levels = default_levels(starting_stack)
        schedule = check_schedule(levels, self._structure)
        if rebuys is not None:
            check_rebuys(rebuys)
        if not is_int(balance_within) or balance_within < 1:
            raise RulesError(f"balance_within is an int >= 1, got {balance_within!r}")
        if hand_for_hand is not None and (not is_int(hand_for_hand) or hand_for_hand < 0):
            raise RulesError(f"hand_for_hand is None or an int >= 0, got {hand_for_hand!r}")
        for what, value in (("late_registration", late_registration), ("reentries", reentries)):
            if not is_int(value) or value < 0:
                raise RulesError(f"{what} is an int >= 0, got {value!r}")
        if reentries and not late_registration:
            raise RulesError("re-entries are taken while late registration is open: give both")
        if on_bust is not None and not callable(on_bust):
            raise RulesError(f"on_bust is None or a function of a player's name, got {on_bust!r}")
        if clock is not None and not callable(clock):
            raise RulesError(f"clock is None or a function returning seconds, got {clock!r}")
        if payouts is not None and (
            isinstance(payouts, str | bytes) or not isinstance(payouts, Sequence)
        ):
            raise RulesError(f"payouts is a list of percentages, got {payouts!r}")
        if break_order is not None and (
            isinstance(break_order, str | bytes) or not isinstance(break_order, Sequence)
        ):
            raise RulesError(f"break_order is a list of table numbers, got {break_order!r}")
        self._rng = generator(seed, rng)
        self._all = [_Entry(n, i) for i, n in enumerate(names)]  # every entry, in order
        self._entries = {e.name: e for e in self._all}  # each player's latest entry
        self._late, self._reentries = late_registration, reentries
        self._table_kw: dict[str, Any] = {
            "structure": structure,
            "rules": rules,
            "button_rule": button_rule,
            "moved_players": moved_players,
            "history": history,
        }
        self._stack = starting_stack
        self._buy_in = buy_in
        # (one place more than a payout table pays is read, and refused: not 10**20 of them)
        self._percentages = (
            None if payouts is None else list(itertools.islice(payouts, MAX_PLACES + 1))
        )
        self._paid = paid
        self._pool = buy_in * len(names)
        # The payout table of the field and prize pool it was worked out for (a round reads it).
        self._payout_memo: tuple[tuple[int, int], tuple[int, ...]] | None = None
        self._ended = False
        self._bonus = 0  # a sum left to play for after a deal
        try:
            self.payouts  # noqa: B018  (checks the payout table now)
        except (ICMError, ArgumentTypeError) as error:
            raise RulesError(f"bad payouts: {error}") from None
        self._rebuys = rebuys
        self._on_bust = on_bust
        self._within = balance_within
        self._schedule = schedule
        self._clock_function = clock if clock is not None else time.monotonic
        self._table_size = table_size
        self._tables: dict[int, Table] = {}
        count = tables_needed(len(names), table_size)
        order = [] if break_order is None else list(itertools.islice(break_order, count + 1))
        self._break_order = order if order else list(range(count, 0, -1))
        if not all(is_int(t) for t in self._break_order) or sorted(self._break_order) != list(
            range(1, count + 1)
        ):
            raise RulesError(f"break_order lists the tables 1 .. {count} once each")
        self._h4h = hand_for_hand
        for number in range(1, count + 1):
            self._tables[number] = self._new_table()
        self._numbers = count  # the tables opened so far
        for name, (table, seat) in draw_seats(names, table_size, self._rng).items():
            self._tables[table].sit_down(seat, name, starting_stack)
            entry = self._entries[name]
            entry.table, entry.seat = table, seat
        self._chips = starting_stack * len(names)
        self._index = 0  # the schedule item in force
        self._level_rounds = 0
        self._level_start = self._clock()
        self._break_until: float | None = None
        self._skip_breaks()
        self._round = 0
        self._hands: dict[int, Hand] = {}
        self._left = len(names)
        self._moves: list[Move] = []
        self._after_rebuys = False  # a hand was dealt after the rebuy period: add-ons closed
        self._after_late = False  # a hand was dealt after late registration: it is closed

    def __getstate__(self) -> dict[str, Any]:
        """The state without the payout table kept for the rounds (a copy works it out again):
        a call that reads the payouts and is refused leaves the state as it was."""
        state = super().__getstate__()
        state["_payout_memo"] = None
        return state

    def _clock(self) -> float:
        """The clock's time in seconds.

        :raises RulesError: for a clock that does not return a finite number."""
        now: object = self._clock_function()
        if isinstance(now, bool) or not isinstance(now, int | float) or not isfinite(now):
            raise RulesError(f"the clock returns a finite number of seconds, got {now!r}")
        return now

    def _new_table(self) -> Table:
        return Table(
            self._table_size,
            blinds=(1, 2),
            min_buy_in=1,
            max_buy_in=MAX_CHIPS,
            rebuys=True,
            rng=random.Random(self._rng.getrandbits(64)),
            **self._table_kw,
        )

    # -- what anyone can see ---------------------------------------------------------------------

    @property
    def entrants(self) -> int:
        """How many entries the field has: the players who entered, late registrations and
        re-entries included (each a buy-in, each paid by :attr:`payouts`)."""
        return len(self._all)

    @property
    def prize_pool(self) -> int:
        """The prize pool: every buy-in (late registrations and re-entries included), rebuy and
        add-on."""
        return self._pool

    @property
    def payouts(self) -> tuple[int, ...]:
        """The prize of each paid place, best first; they add up to the prize pool."""
        key = (self.entrants, self._pool)
        memo = self._payout_memo
        if memo is None or memo[0] != key:  # the field or the pool changed since
            if self._percentages is not None:
                table = payout_table(self.entrants, self._pool, percentages=self._percentages)
            else:
                table = payout_table(self.entrants, self._pool, places=self._paid)
            self._payout_memo = memo = (key, table)
        return memo[1]

    @property
    def chips_in_play(self) -> int:
        """Every chip the tournament gave out: starting stacks, rebuys and add-ons."""
        return self._chips

    @property
    def level(self) -> Level:
        """The level in force (the next round is dealt at it)."""
        item = self._schedule[self._index]
        if isinstance(item, Level):
            return item
        return next(x for x in reversed(self._schedule[: self._index]) if isinstance(x, Level))

    @property
    def level_number(self) -> int:
        """The level in force, counted from 1 (breaks are not counted)."""
        return sum(1 for x in self._schedule[: self._index + 1] if isinstance(x, Level))

    @property
    def on_break(self) -> bool:
        """True during a break."""
        return isinstance(self._schedule[self._index], Break)

    @property
    def round(self) -> int:
        """The rounds dealt so far."""
        return self._round

    @property
    def hands(self) -> dict[int, Hand]:
        """The hands of the round in play, by table (empty between rounds)."""
        return dict(self._hands)

    @property
    def tables(self) -> Mapping[int, Table]:
        """The tables in play, by number."""
        return dict(self._tables)

    @property
    def players_left(self) -> int:
        """The players still in (with chips, or waiting on a hand in play)."""
        return self._left

    @property
    def stacks(self) -> dict[str, int]:
        """The chips of every player still in, by name (as of the last hands taken back)."""
        out: dict[str, int] = {}
        for table in self._tables.values():
            for info in table.players.values():
                out[info.name] = info.stack
        return out

    @property
    def seats(self) -> dict[str, tuple[int, int]]:
        """Every player still in: (table, seat)."""
        return {e.name: (e.table, e.seat) for e in self._entries.values() if e.place is None}

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move between tables, in order."""
        return tuple(self._moves)

    @property
    def hand_for_hand(self) -> bool:
        """True when the next round is played hand-for-hand."""
        limit = len(self.payouts) + 1 if self._h4h is None else self._h4h
        return len(self._tables) > 1 and self._left <= limit

    @property
    def is_over(self) -> bool:
        """True when one player has every chip, or a deal ended the tournament."""
        return self._ended or self._left <= 1

    @property
    def standings(self) -> tuple[Finish, ...]:
        """The players out (and, at the end, the winner), best place first, with their prizes.

        Prizes are those of :attr:`payouts` (or of a deal); tied players share equally.
        """
        payouts = self.payouts
        done = sorted(
            (e for e in self._all if e.place is not None), key=lambda e: (e.place, e.order)
        )
        out = []
        i = 0
        while i < len(done):
            e = done[i]
            block = done[i : i + e.tied]
            first = e.place or 0
            amount = sum(payouts[p - 1] for p in range(first, first + e.tied) if p <= len(payouts))
            shares = split_exactly(amount, [1] * len(block)) if amount else (0,) * len(block)
            for member, share in zip(block, shares, strict=True):
                prize = share if member.deal is None else member.deal
                if member.deal is not None and first == 1:
                    prize += self._bonus
                out.append(
                    Finish(first, member.name, prize, member.out_round, e.tied, member.entry)
                )
            i += e.tied
        return tuple(out)

    # -- rebuys and add-ons ----------------------------------------------------------------------

    @property
    def rebuys_open(self) -> bool:
        """True while rebuys are allowed (their levels, and a break right after them)."""
        r = self._rebuys
        return r is not None and not self._after_rebuys and self.level_number <= r.levels

    def _player(self, name: str) -> tuple[_Entry, Table]:
        key: object = name
        entry = self._entries.get(name) if isinstance(key, str) else None
        if entry is None or entry.place is not None:
            raise TableError(f"{name!r} is not a player still in")
        if self._hands:
            raise TableError("a round is in play: rebuys and add-ons are between rounds")
        return entry, self._tables[entry.table]

    @exclusive
    def rebuy(self, name: str) -> None:
        """Player ``name`` rebuys: the rebuy's chips and price (between rounds).

        :raises TableError: for a name not in play, while a round is in play, outside the rebuy
            period, past the limit of rebuys, or with more chips than a rebuy allows.
        """
        entry, table = self._player(name)
        r = self._rebuys
        if r is None or not self.rebuys_open:
            raise TableError("rebuys are closed")
        if r.limit is not None and entry.rebuys >= r.limit:
            raise TableError(f"{name} has had the {r.limit} rebuys allowed")
        limit = self._stack if r.at_most is None else r.at_most
        if table.stacks[entry.seat] > limit:
            raise TableError(f"{name} may rebuy with at most {limit} chips")
        table.add_chips(entry.seat, r.chips)
        entry.rebuys += 1
        self._chips += r.chips
        self._pool += r.cost

    @exclusive
    def add_on(self, name: str) -> None:
        """Player ``name`` takes the add-on (once, until the first hand after the rebuy period).

        :raises TableError: for a name not in play, while a round is in play, with no add-on or
            after its period, or for a second add-on.
        """
        entry, table = self._player(name)
        r = self._rebuys
        if r is None or not r.add_on_chips or self._after_rebuys:
            raise TableError("no add-on is open")
        if entry.add_on:
            raise TableError(f"{name} has taken the add-on")
        table.add_chips(entry.seat, r.add_on_chips)
        entry.add_on = True
        self._chips += r.add_on_chips
        self._pool += r.add_on_cost

    # -- late registration and re-entries -------------------------------------------------------

    @property
    def registration_open(self) -> bool:
        """True while late registration and re-entries are open: during the first
        ``late_registration`` levels (and a break right after them), until the first hand past
        them, the tournament not over and no deal made."""
        return (
            bool(self._late)
            and not self._after_late
            and not self.is_over
            and self.level_number <= self._late
            and all(e.deal is None for e in self._all)
        )

    @exclusive
    def register(self, name: str) -> tuple[int, int]:
        """A late registration: player ``name`` buys in (between rounds); returns the (table,
        seat) drawn.

        The TDA rules (2015 and later, "Seating of Alternates, Late Registrations, and
        Re-Entries"): late entries "will be sold full stacks", "randomly draw a seat and table
        by the same process and from the same seat pool then in place for new players and are
        dealt in except between small blind and button": the starting stack, a seat drawn at
        a table with the fewest players (a new table when every table is full, then the tables
        are balanced), dealt in as a player moved in is (``moved_players``). The buy-in goes to
        the prize pool and the entry counts in :attr:`entrants`, so :attr:`payouts` grow with
        the field; every entry already out finishes below the new one.

        :raises TableError: when registration is closed, while a round is in play, for a name
            that is not a non-empty str or has entered already (a busted player re-enters with
            :meth:`reenter`), or when the field's chips would pass what a hand can count.
        """
        self._check_entry()
        if not isinstance(name, str) or not name:  # type: ignore[redundant-expr]
            raise TableError(f"a player's name is a non-empty str, got {name!r}")
        if name in self._entries:
            raise TableError(f"{name} has entered already (a busted player may re-enter)")
        return self._enter(_Entry(name, len(self._all)))

    @exclusive
    def reenter(self, name: str) -> tuple[int, int]:
        """A re-entry: player ``name``, busted, buys a new entry (between rounds, while
        registration is open, at most ``reentries`` times); returns the (table, seat) drawn.

        The new entry is seated as a late registration is (:meth:`register`): a full starting
        stack, a new seat, a buy-in to the prize pool; the busted entry keeps its place.

        :raises TableError: when registration is closed, while a round is in play, for a player
            who has not entered or is still in, past the re-entries allowed, or when the field's
            chips would pass what a hand can count.
        """
        self._check_entry()
        key: object = name
        last = self._entries.get(name) if isinstance(key, str) else None
        if last is None:
            raise TableError(f"{name!r} has not entered: register a new player")
        if last.place is None:
            raise TableError(f"{name} is still in: only a busted player re-enters")
        if last.entry > self._reentries:
            raise TableError(f"{name} has had the {self._reentries} re-entries allowed")
        return self._enter(_Entry(name, len(self._all), entry=last.entry + 1))

    def _check_entry(self) -> None:
        if self._hands:
            raise TableError("a round is in play: entries are taken between rounds")
        if not self.registration_open:
            raise TableError("registration is closed")
        if len(self._all) >= MAX_ENTRANTS:
            raise TableError(f"the field has the {MAX_ENTRANTS:,} entries a tournament takes")
        if self._chips + self._stack > MAX_CHIPS // 4:
            raise TableError("the field would hold more chips than a hand can count")

    def _enter(self, entry: _Entry) -> tuple[int, int]:
        for e in self._all:
            if e.place is not None:
                e.place += 1  # every entry already out finishes below the new one
        self._all.append(entry)
        self._entries[entry.name] = entry
        self._pool += self._buy_in
        self._chips += self._stack
        self._left += 1
        if all(len(t.players) >= self._table_size for t in self._tables.values()):
            self._numbers += 1  # a new table, the first to break
            self._tables[self._numbers] = self._new_table()
            self._break_order.insert(0, self._numbers)
        ((number, seat),) = fill_seats(1, self._tables, self._rng)
        self._tables[number].sit_down(seat, entry.name, self._stack, established=True)
        entry.table, entry.seat = number, seat
        self._rearrange()
        return entry.table, entry.seat

    # -- the schedule ----------------------------------------------------------------------------

    def _skip_breaks(self) -> None:
        """Start the break the schedule is at (its end by the clock, from its start)."""
        item = self._schedule[self._index]
        if isinstance(item, Break):
            self._break_until = self._level_start + 60 * item.minutes if item.minutes else None

    def _next_item(self, start: float | None = None) -> None:
        """Move to the next item of the schedule, which started at ``start`` by the clock
        (None: now)."""
        if self._index + 1 < len(self._schedule):
            self._index += 1
            self._level_rounds = 0
            self._level_start = self._clock() if start is None else start
            self._skip_breaks()

    def _end_level(self) -> None:
        """The level in force is over: the next item starts when its time ran out by the
        clock (the TDA rules: a new level starts when the clock reaches zero, however late
        the hand that saw it), or now if its hands ran out first."""
        item = self._schedule[self._index]
        by_hands = not isinstance(item, Level) or (
            item.hands is not None and self._level_rounds >= item.hands
        )
        if by_hands or item.minutes is None:
            self._next_item()
        else:
            self._next_item(self._level_start + 60 * item.minutes)

    def _level_over(self) -> bool:
        item = self._schedule[self._index]
        if not isinstance(item, Level):
            return False
        if item.hands is not None and self._level_rounds >= item.hands:
            return True
        return item.minutes is not None and self._clock() - self._level_start >= 60 * item.minutes

    def _before_deal(self) -> None:
        """Move the schedule on: end a break that is over, start the levels that are due."""
        for _ in range(len(self._schedule) + 1):
            if self.on_break:
                until = self._break_until
                if until is not None and self._clock() < until:
                    raise TableError(f"on a break for {until - self._clock():.0f} more seconds")
                self._next_item(until)  # the next level's clock starts when the break ends
            elif self._level_over() and self._index + 1 < len(self._schedule):
                self._end_level()
            else:
                return

    # -- rounds ------------------------------------------------------------------------------------

    @exclusive
    def deal_round(self) -> dict[int, Hand]:
        """Deal one hand at every table that can play, at the level in force: table -> hand.

        :raises TableError: when the tournament is over, a round is in play, or on a break
            (by the clock: until it ends; a break between levels by hands ends with this call).
        """
        if self.is_over:
            raise TableError("the tournament is over")
        if self._hands:
            raise TableError("a round is in play: finish its hands and call end_round()")
        self._before_deal()
        level = self.level
        if self._rebuys is not None and self.level_number > self._rebuys.levels:
            self._after_rebuys = True
        if self.level_number > self._late:
            self._after_late = True
        hands: dict[int, Hand] = {}
        for number, table in self._tables.items():
            table.set_stakes(
                (level.small_blind, level.big_blind),
                ante=level.ante,
                big_blind_ante=level.big_blind_ante,
                structure=self._structure if level.structure is None else level.structure,
                small_bet=level.small_bet,
                big_bet=level.big_bet,
                river_bet=level.river_bet,
            )
            if table.is_over:
                continue
            for info in table.players.values():
                self._entries[info.name].start = info.stack
            hands[number] = table.new_hand()
        if not hands:
            raise TableError("no table can deal a hand")  # pragma: no cover - balancing prevents it
        self._hands = hands
        self._round += 1
        self._level_rounds += 1
        return dict(hands)

    @exclusive
    def end_round(self) -> list[str]:
        """Take the round's hands back: rebuys, eliminations, then balancing and breaking.

        Returns the names of the players eliminated, worst place first.

        A misdealt hand (:meth:`holdem.Hand.misdeal`) is dealt again at once, before anyone
        is moved: then nothing else happens, the round stays in play with the new hand (see
        :attr:`hands`) and this returns ``[]``; call it again when that hand is over.

        :raises TableError: when no round is in play or one of its hands is not over.
        """
        if not self._hands:
            raise TableError("no round is in play")
        if not all(hand.is_over for hand in self._hands.values()):
            raise TableError("a hand of the round is not over")
        misdealt = [number for number, hand in self._hands.items() if hand.is_misdeal]
        if misdealt:  # the same hand again, its players still at their table (Table.new_hand)
            for number in misdealt:
                self._hands[number] = self._tables[number].new_hand()
            return []
        groups: list[list[_Entry]] = []
        for number in sorted(self._hands):
            table = self._tables[number]
            busted = []
            for seat, info in table.players.items():
                if info.stack:
                    continue
                entry = self._entries[info.name]
                if self._wants_rebuy(entry):
                    table.add_chips(seat, self._rebuys.chips)  # type: ignore[union-attr]
                    entry.rebuys += 1
                    self._chips += self._rebuys.chips  # type: ignore[union-attr]
                    self._pool += self._rebuys.cost  # type: ignore[union-attr]
                    continue
                table.leave(seat)
                busted.append(entry)
            groups.append(busted)
        self._hands = {}
        if self.hand_for_hand:
            groups = [[e for g in groups for e in g]]
        out: list[str] = []
        for group in groups:
            out.extend(self._eliminate(group))
        if self._level_over():
            self._end_level()  # a break that follows starts, between rounds
        if self._left == 1:
            winner = next(e for e in self._entries.values() if e.place is None)
            winner.place = 1
        else:
            self._rearrange()
        return out

    def _wants_rebuy(self, entry: _Entry) -> bool:
        r = self._rebuys
        if r is None or not self.rebuys_open or self._on_bust is None:
            return False
        if r.limit is not None and entry.rebuys >= r.limit:
            return False
        return bool(self._on_bust(entry.name))

    def _eliminate(self, group: list[_Entry]) -> list[str]:
        """Places for the players out in one hand: more chips at its start finish higher."""
        group.sort(key=lambda e: (e.start, -e.order))
        out = []
        i = 0
        while i < len(group):
            j = i
            while j < len(group) and group[j].start == group[i].start:
                j += 1
            block = group[i:j]
            best = self._left - len(block) + 1
            for e in block:
                e.place, e.tied, e.out_round = best, len(block), self._round
                out.append(e.name)
            self._left -= len(block)
            i = j
        return out

    def _rearrange(self) -> None:
        """Break the tables that are no longer needed, then balance the rest (TDA 9 and 10)."""
        size = self._table_size
        counts: dict[int, int] | None = None  # each table's players, while tables break
        while len(self._tables) > tables_needed(self._left, size):
            number = next(t for t in self._break_order if t in self._tables)
            broken = self._tables.pop(number)
            if counts is None:
                counts = {t: len(table.occupied) for t, table in self._tables.items()}
            movers = [(s, info.name, info.stack) for s, info in broken.players.items()]
            self._rng.shuffle(movers)
            seats = fill_seats(len(movers), self._tables, self._rng, counts)
            for (seat, name, _), (to, to_seat) in zip(movers, seats, strict=True):
                self._move(name, broken, number, seat, to, to_seat, "break")
        sizes = {t: len(table.players) for t, table in self._tables.items()}
        order = [t for t in self._break_order if t in self._tables]
        for give, take in plan_moves(sizes, within=self._within, order=order, capacity=size):
            table = self._tables[give]
            mover = next_big_blind(table)
            if mover is None:
                mover = self._rng.choice(sorted(table.players))
            to_seat = worst_seat(self._tables[take], self._rng)
            name = table.players[mover].name
            self._move(name, table, give, mover, take, to_seat, "balance")

    def _move(
        self, name: str, table: Table, number: int, seat: int, to: int, to_seat: int, why: str
    ) -> None:
        stack = table.leave(seat)
        self._tables[to].sit_down(to_seat, name, stack, established=True)
        entry = self._entries[name]
        entry.table, entry.seat = to, to_seat
        self._moves.append(Move(self._round, name, number, seat, to, to_seat, why))

    @exclusive
    def play_round(self, act: Callable[[Hand], None]) -> list[str]:
        """Deal a round, call ``act(hand)`` for one action at a time until every hand is over
        (table by table), and end the round; returns the players eliminated.

        :raises TableError: as :meth:`deal_round`.
        """
        hands = self.deal_round()
        while True:
            for hand in hands.values():
                while not hand.is_over:
                    act(hand)
            out = self.end_round()
            if not self._hands:
                return out
            hands = dict(self._hands)  # a misdealt hand dealt again (end_round)

    @exclusive
    def play(self, act: Callable[[Hand], None], *, max_rounds: int | None = None) -> int:
        """Play rounds until one player is left (or ``max_rounds``); returns the rounds played.

        Breaks by the clock are not waited for: a break by the clock raises, as
        :meth:`deal_round`.

        :raises TableError: as :meth:`deal_round`.
        """
        played = 0
        while not self.is_over and (max_rounds is None or played < max_rounds):
            self.play_round(act)
            played += 1
        return played

    # -- the end: ICM and deals -----------------------------------------------------------------

    def _left_players(self) -> list[tuple[str, int]]:
        stacks = self.stacks
        return [(e.name, stacks[e.name]) for e in self._entries.values() if e.place is None]

    def prizes_left(self) -> tuple[int, ...]:
        """The prizes still to be won, best first (one for each paid place not yet taken)."""
        return self.payouts[: self._left]

    @exclusive
    def icm(self) -> ICM:
        """The ICM prize equity of each player left (in the order the players first entered),
        for the prizes still to be won (of the field as it stands, late entries included).

        :raises TableError: while a round is in play, or when no prize is left.
        """
        from holdem.analysis.icm import icm

        if self._hands:
            raise TableError("a round is in play: ICM is between rounds")
        prizes = self.prizes_left()
        if not prizes or self._left < 1:
            raise TableError("no prize is left to win")
        return icm([s for _, s in self._left_players()], list(prizes))

    @exclusive
    def deal(self, method: str = "icm", *, left_to_play: int = 0) -> dict[str, int]:
        """The players left make a deal for the prizes still to be won; returns name -> amount.

        ``method``: 'icm' (:func:`~holdem.analysis.payouts.icm_chop`), 'chips' (the chip-count
        deal, :func:`~holdem.analysis.payouts.chip_chop`) or 'even'. With ``left_to_play`` (an
        ICM deal), that sum is kept back from the first prize and play goes on for it: the
        winner takes it on top of the deal; otherwise the tournament ends, the players placed
        by their chips. The amounts (and ``left_to_play``) add up to the prizes left exactly.

        :raises TableError: while a round is in play, with no prize left, or after a deal.
        :raises ICMError: for an unknown method or a bad ``left_to_play`` (as the chops).
        """
        from holdem.analysis.payouts import chip_chop, even_chop, icm_chop

        if self._hands:
            raise TableError("a round is in play: deals are made between rounds")
        if any(e.deal is not None for e in self._all):
            raise TableError("a deal has been made")
        prizes = list(self.prizes_left())
        if not prizes or self.is_over:
            raise TableError("no prize is left to win")
        left = self._left_players()
        stacks = [s for _, s in left]
        if method == "icm":
            shares = icm_chop(stacks, prizes, left_to_play=left_to_play)
        elif left_to_play:
            raise ICMError("a sum left to play for goes with an ICM deal")
        elif method == "chips":
            shares = chip_chop(stacks, prizes)
        elif method == "even":
            shares = even_chop(len(stacks), prizes)
        else:
            raise ICMError(f"method is 'icm', 'chips' or 'even', got {method!r}")
        out = {}
        for (name, _), share in zip(left, shares, strict=True):
            entry = self._entries[name]
            entry.deal = share
            out[name] = share
        if left_to_play:
            self._bonus = left_to_play
            return out
        # the deal ends it: places by chips, for the record
        ranked = sorted(left, key=lambda x: (-x[1], self._entries[x[0]].order))
        for place, (name, _) in enumerate(ranked, start=1):
            self._entries[name].place = place
        self._left = 0
        self._ended = True
        return out

    def __repr__(self) -> str:
        level = self.level
        return (
            f"<Tournament: {self._left}/{self.entrants} left at {len(self._tables)} tables, "
            f"level {self.level_number} ({level.small_blind}/{level.big_blind}), "
            f"round {self._round}, prize pool {self._pool}>"
        )
