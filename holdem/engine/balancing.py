"""Seating a tournament: the draw for seats, balancing tables and breaking them (the TDA rules).

The rules are the Poker Tournament Directors Association's (TDA) tournament rules, 2013 to 2019
editions, rule 9 ("Breaking Tables") and rule 10 ("Balancing Tables and Halting Play"):

* Seats are drawn at random, the players shared among the fewest tables that hold them, as
  evenly as possible.
* **Balancing** (rule 10-A): in flop games "the player who will be big blind next is moved to
  the worst position, including taking a single big blind when available, even if that means
  the seat will have the big blind twice. Worst position is never the small blind." Here the
  worst position is the empty seat of the short table whose player would post the big blind
  soonest, by the button rules of that table (:func:`worst_seat`); a seat that would post the
  small blind next is never chosen.
* **Which table** (rule 10-C): "the table from which a player is moved will be specified by a
  predetermined procedure": the table with the most players, ties broken by the break order
  (the table that breaks first gives first); the player goes to the table with the fewest,
  ties broken the other way.
* **When** (rule 10-D): play halts on a table 3 or more players short of the table with the
  most, so tables are kept within 2 players of each other (``within=2``); "as the event
  progresses ... tables will be more tightly balanced" (``within=1``). A table left with one
  player is always given another.
* **Breaking** (rule 9): when the players fit at one table fewer, the next table of a
  predetermined order breaks (by default the highest-numbered first); its players draw seats at
  random among the seats that keep the other tables balanced, and "can get any seat including
  the big or small blind or button. The only place they cannot be dealt a hand is between the
  small blind and the button." Each remaining table keeps its own button and blinds. (The
  small blind's seat as the TDA rules have it is the tables' ``moved_players='tda'``, a
  tournament's default; with 'robert' a player moved there waits a hand, see
  :class:`~holdem.engine.button.MovedPlayers`.)

Tables here are :class:`~holdem.Table` objects by their tournament number; the functions only
read them (:func:`plan_moves`, :func:`worst_seat`, :func:`next_big_blind`) or return plans.

>>> table_sizes(20, 9)
[7, 7, 6]
>>> plan_moves({1: 9, 2: 9, 3: 5}, within=2, order=[3, 2, 1])
[(2, 3), (1, 3)]
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Mapping, Sequence

from holdem.engine.button import ACTIVE, HandPlan, SeatState, plan_hand
from holdem.engine.table import Table
from holdem.errors import TableError

__all__ = [
    "draw_seats",
    "fill_seats",
    "next_big_blind",
    "plan_moves",
    "table_sizes",
    "tables_needed",
    "worst_seat",
]


def tables_needed(players: int, table_size: int) -> int:
    """The fewest tables of ``table_size`` seats that hold ``players`` players (at least 1).

    >>> tables_needed(19, 9), tables_needed(18, 9), tables_needed(1, 9)
    (3, 2, 1)
    """
    return max(1, -(-players // table_size))


def table_sizes(players: int, table_size: int) -> list[int]:
    """The players at each table when ``players`` sit at the fewest tables, as evenly as can be.

    >>> table_sizes(10, 9), table_sizes(27, 9)
    ([5, 5], [9, 9, 9])
    """
    tables = tables_needed(players, table_size)
    base, extra = divmod(players, tables)
    return [base + (1 if i < extra else 0) for i in range(tables)]


def draw_seats(
    players: Sequence[str], table_size: int, rng: random.Random
) -> dict[str, tuple[int, int]]:
    """The draw for seats: each player's (table, seat), tables numbered from 1, seats from 1.

    The tables are filled as evenly as possible (:func:`table_sizes`), the seats of each table
    drawn at random among its ``table_size`` seats, and the players drawn for them at random.

    :raises TableError: for a table size below 2.
    """
    if table_size < 2:
        raise TableError(f"a table has at least 2 seats, got {table_size}")
    pool: list[tuple[int, int]] = []
    for number, size in enumerate(table_sizes(len(players), table_size), start=1):
        seats = rng.sample(range(1, table_size + 1), size)
        pool.extend((number, s) for s in sorted(seats))
    order = list(players)
    rng.shuffle(order)
    return dict(zip(order, pool, strict=True))


def _simulate(
    order: list[int],
    states: dict[int, SeatState],
    last: HandPlan | None,
    table: Table,
    seat: int,
    horizon: int,
) -> int | None:
    """How many hands from the next one until ``seat`` posts the big blind (0: the next hand),
    or None if it posts the small blind next, or never within ``horizon`` hands."""
    for k in range(horizon):
        plan = plan_hand(order, states, last, rule=table.button_rule, moved=table.moved_players)
        if plan is None:
            return None
        if k == 0 and plan.small_blind == seat and not plan.heads_up:
            return None
        if plan.big_blind == seat:
            return k
        for s in plan.dealt:  # a player dealt in has played here: no longer new
            p = states[s]
            states[s] = SeatState(p.player, ACTIVE)
        last = plan
    return None


def next_big_blind(table: Table) -> int | None:
    """The seat of the player who will post the big blind in the table's next hand.

    None before the table's first hand (its button is not drawn yet), or when fewer than two
    of its players can be dealt in.
    """
    if table.plan is None:
        return None
    plan = plan_hand(
        range(1, table.seats + 1),
        table.seat_states(),
        table.plan,
        rule=table.button_rule,
        moved=table.moved_players,
    )
    return None if plan is None else plan.big_blind


def worst_seat(table: Table, rng: random.Random | None = None) -> int:
    """The worst position among the table's empty seats for a player moved in to balance.

    The empty seat whose player would post the big blind soonest (the next hand's big blind if
    it is empty: "a single big blind"); never the seat that posts the small blind next. Before
    the table's first hand, or if no seat qualifies, an empty seat drawn at random (the lowest
    without ``rng``).

    :raises TableError: for a full table.
    """
    states = table.seat_states()
    empty = [s for s in range(1, table.seats + 1) if s not in states]
    if not empty:
        raise TableError("the table is full: no seat to move a player into")
    order = list(range(1, table.seats + 1))
    best: tuple[int, int] | None = None
    if table.plan is not None:
        for seat in empty:
            trial = dict(states)
            trial[seat] = SeatState(object(), ACTIVE, moved=True)
            trial = dict(sorted(trial.items()))
            k = _simulate(order, trial, table.plan, table, seat, table.seats + 2)
            if k is not None and (best is None or (k, seat) < best):
                best = (k, seat)
    if best is not None:
        return best[1]
    return rng.choice(empty) if rng is not None else empty[0]


def plan_moves(
    sizes: Mapping[int, int], *, within: int, order: Sequence[int], capacity: int | None = None
) -> list[tuple[int, int]]:
    """The moves (from table, to table) that balance tables of ``sizes`` players, in turn.

    A player moves from the table with the most players to the one with the fewest while they
    differ by more than ``within``, or while a table has a single player; ties: the table first
    in ``order`` (the break order) gives, the one last in it takes. ``capacity``: the seats of a
    table (no move fills a table past it).

    >>> plan_moves({1: 9, 2: 6, 3: 6}, within=1, order=[3, 2, 1])
    [(1, 2), (1, 3)]
    >>> plan_moves({1: 3, 2: 1}, within=2, order=[2, 1])
    [(1, 2)]
    """
    rank = {t: i for i, t in enumerate(order)}
    now = dict(sizes)
    moves: list[tuple[int, int]] = []
    if len(now) < 2:
        return moves
    for _ in range(sum(now.values()) + 1):
        give = min(now, key=lambda t: (-now[t], rank.get(t, len(rank)), t))
        take = min(now, key=lambda t: (now[t], -rank.get(t, len(rank)), -t))
        gap = now[give] - now[take]
        if gap <= within and now[take] >= 2:
            break
        if gap < 2 or (capacity is not None and now[take] >= capacity):
            break
        now[give] -= 1
        now[take] += 1
        moves.append((give, take))
    return moves


def fill_seats(
    players: int,
    tables: Mapping[int, Table],
    rng: random.Random,
    counts: dict[int, int] | None = None,
) -> list[tuple[int, int]]:
    """Seats for the ``players`` of a broken table: (table, seat) each, in the order drawn.

    The seats keep the remaining ``tables`` balanced (each seat goes to a table with the fewest
    players, ties drawn at random), and each seat is drawn at random among that table's empty
    ones; the players are then matched to them in the order given (draw them first).
    ``counts``: each table's players, when the caller keeps them (a tournament breaking several
    tables in a row: they are updated with the seats drawn); else they are counted here.

    :raises TableError: when the tables have fewer empty seats than ``players``.
    """
    count = {t: len(table.occupied) for t, table in tables.items()} if counts is None else counts
    room = {t: table.seats - count[t] for t, table in tables.items()}
    if sum(room.values()) < players:
        raise TableError(f"{players} players to seat but only fewer empty seats")
    # The tables with an empty seat by their players, each list in table order: the draw among
    # the fewest is from that sorted list (without a pass over every table for each seat).
    by_count: dict[int, list[int]] = {}
    for t in sorted(tables):
        if room[t]:
            by_count.setdefault(count[t], []).append(t)
    empty: dict[int, list[int]] = {}  # each chosen table's empty seats, found when first chosen
    pool: list[tuple[int, int]] = []
    for _ in range(players):
        low = min(k for k, open_tables in by_count.items() if open_tables)
        candidates = by_count[low]
        t = rng.choice(candidates)
        if t not in empty:
            seated = tables[t].occupied
            empty[t] = [s for s in range(1, tables[t].seats + 1) if s not in seated]
        seat = empty[t].pop(rng.randrange(len(empty[t])))
        candidates.remove(t)
        count[t] += 1
        if empty[t]:
            bisect.insort(by_count.setdefault(count[t], []), t)
        pool.append((t, seat))
    rng.shuffle(pool)
    return pool
