"""Per-player totals over many hands: counts of chances and acts, and the ratios over them.

:class:`Tracker` folds the hands in one at a time and keeps a fixed set of counters per player
(its memory grows with the number of players, never with the number of hands).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from holdem._validate import check_collection
from holdem.errors import ArgumentError, MissingDependencyError
from holdem.phh.model import HandHistory
from holdem.stats.flags import Flags, hand_flags

__all__ = ["PlayerStats", "Ratio", "Tracker", "player_stats"]


@dataclass(frozen=True, slots=True)
class Ratio:
    """How often a player took a chance: ``acts`` of ``chances`` (``percent`` is ``None``
    without a chance)."""

    acts: int
    chances: int

    @property
    def percent(self) -> float | None:
        """``100 * acts / chances``, or ``None`` when there was no chance."""
        return 100.0 * self.acts / self.chances if self.chances else None

    def __str__(self) -> str:
        p = self.percent
        return f"{'-' if p is None else f'{p:.1f}%'} ({self.acts}/{self.chances})"


# The per-street statistics, each a (chance, act) pair of Flags attributes.
_POSTFLOP = {
    "cbet": ("cbet_chance", "cbet"),
    "fold_to_cbet": ("fold_to_cbet_chance", "fold_to_cbet"),
    "check_raise": ("check_raise_chance", "check_raise"),
    "donk_bet": ("donk_bet_chance", "donk_bet"),
}

# The per-street counts of PlayerStats._street_counts, in order.
_STREET_KEYS = tuple(key for pair in _POSTFLOP.values() for key in pair)

# The place of each count in PlayerStats._n.
_INDEX = {
    name: i
    for i, name in enumerate(
        [
            "vpip",
            "pfr",
            "three_bet_chance",
            "three_bet",
            "fold_to_three_bet_chance",
            "fold_to_three_bet",
            "four_bet_chance",
            "four_bet",
            "steal_chance",
            "steal",
            "fold_to_steal_chance",
            "fold_to_steal",
            "saw_flop",
            "won_when_saw_flop",
            "showdown",
            "won_at_showdown",
        ]
    )
}


class PlayerStats:
    """One player's counters over the hands folded in, and the statistics they give.

    Each statistic of docs/guide/stats.md is a :class:`Ratio` (``stats.vpip``,
    ``stats.cbet[1]`` for the flop's c-bet, ...), ``aggression_factor`` and
    ``aggression_frequency`` are postflop, and ``bb_per_100`` comes with its standard error.
    """

    __slots__ = (
        "_m2_bb",
        "_mean_adjusted_bb",
        "_mean_bb",
        "_n",
        "_street_counts",
        "all_in_hands",
        "bets",
        "calls",
        "checks",
        "folds",
        "hands",
        "name",
        "raises",
        "won",
        "won_adjusted",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.hands = 0
        self._n = [0] * len(_INDEX)
        self._street_counts = [[0, 0, 0, 0] for _ in _STREET_KEYS]
        self.bets = [0, 0, 0, 0]
        self.raises = [0, 0, 0, 0]
        self.calls = [0, 0, 0, 0]
        self.checks = [0, 0, 0, 0]
        self.folds = [0, 0, 0, 0]
        self.won: int | float = 0
        self.won_adjusted = 0.0  # all-in adjusted (see holdem.stats.allin)
        self.all_in_hands = 0  # the hands valued by all-in equity (Flags.all_in_ev)
        self._mean_bb = 0.0
        self._m2_bb = 0.0
        self._mean_adjusted_bb = 0.0

    def add(self, f: Flags) -> None:
        """Fold in one hand's flags of this player."""
        self.hands += 1
        n = self._n
        n[0] += f.vpip
        n[1] += f.pfr
        n[2] += f.three_bet_chance
        n[3] += f.three_bet
        n[4] += f.fold_to_three_bet_chance
        n[5] += f.fold_to_three_bet
        n[6] += f.four_bet_chance
        n[7] += f.four_bet
        n[8] += f.steal_chance
        n[9] += f.steal
        n[10] += f.fold_to_steal_chance
        n[11] += f.fold_to_steal
        self.bets[0] += f.bets[0]
        self.raises[0] += f.raises[0]
        self.calls[0] += f.calls[0]
        self.checks[0] += f.checks[0]
        self.folds[0] += f.folds[0]
        if f.saw[1]:  # (else every postflop count is 0)
            n[12] += 1
            n[13] += f.won_when_saw_flop
            if f.showdown:  # (a showdown sees the flop: every board is dealt)
                n[14] += 1
                n[15] += f.won_at_showdown
            s = self._street_counts  # the rows in _STREET_KEYS' order
            for row, values in zip(
                s,
                (
                    f.cbet_chance,
                    f.cbet,
                    f.fold_to_cbet_chance,
                    f.fold_to_cbet,
                    f.check_raise_chance,
                    f.check_raise,
                    f.donk_bet_chance,
                    f.donk_bet,
                ),
                strict=True,
            ):
                row[1] += values[1]
                row[2] += values[2]
                row[3] += values[3]
            for mine, theirs in (
                (self.bets, f.bets),
                (self.raises, f.raises),
                (self.calls, f.calls),
                (self.checks, f.checks),
                (self.folds, f.folds),
            ):
                mine[1] += theirs[1]
                mine[2] += theirs[2]
                mine[3] += theirs[3]
        self.won += f.won if isinstance(f.won, int) else float(f.won)
        self.won_adjusted += f.won_adjusted
        self.all_in_hands += f.all_in_ev is not None
        self._mean_adjusted_bb += (f.won_adjusted_bb - self._mean_adjusted_bb) / self.hands
        # Welford's running mean and sum of squared deviations of the big blinds won.
        delta = f.won_bb - self._mean_bb
        self._mean_bb += delta / self.hands
        self._m2_bb += delta * (f.won_bb - self._mean_bb)

    def _ratio(self, act: str, chance: str | None = None) -> Ratio:
        n = self._n
        return Ratio(n[_INDEX[act]], n[_INDEX[chance]] if chance else self.hands)

    def _streets(self, name: str) -> list[Ratio]:
        chance, act = _POSTFLOP[name]
        a = self._street_counts[_STREET_KEYS.index(act)]
        ch = self._street_counts[_STREET_KEYS.index(chance)]
        return [Ratio(a[i], ch[i]) for i in range(4)]

    @property
    def vpip(self) -> Ratio:
        """Voluntarily put money in the pot preflop, of the hands dealt."""
        return self._ratio("vpip")

    @property
    def pfr(self) -> Ratio:
        """Raised preflop, of the hands dealt."""
        return self._ratio("pfr")

    @property
    def three_bet(self) -> Ratio:
        """3-bet preflop, of the hands he faced an open raise."""
        return self._ratio("three_bet", "three_bet_chance")

    @property
    def fold_to_three_bet(self) -> Ratio:
        """Folded to a 3-bet, of the hands he open-raised and faced one."""
        return self._ratio("fold_to_three_bet", "fold_to_three_bet_chance")

    @property
    def four_bet(self) -> Ratio:
        """4-bet preflop, of the hands he faced a 3-bet."""
        return self._ratio("four_bet", "four_bet_chance")

    @property
    def steal(self) -> Ratio:
        """Open-raised from the cutoff, button or small blind when folded to."""
        return self._ratio("steal", "steal_chance")

    @property
    def fold_to_steal(self) -> Ratio:
        """Folded a blind to a steal, of the steals he faced in the blinds."""
        return self._ratio("fold_to_steal", "fold_to_steal_chance")

    @property
    def cbet(self) -> list[Ratio]:
        """Continuation bets per street (index 1 flop, 2 turn, 3 river; 0 is empty)."""
        return self._streets("cbet")

    @property
    def fold_to_cbet(self) -> list[Ratio]:
        """Folds to a continuation bet per street."""
        return self._streets("fold_to_cbet")

    @property
    def check_raise(self) -> list[Ratio]:
        """Check-raises per street, of the times he checked and then faced a bet."""
        return self._streets("check_raise")

    @property
    def donk_bet(self) -> list[Ratio]:
        """Donk bets per street, of the times he acted first before the last street's
        aggressor."""
        return self._streets("donk_bet")

    @property
    def saw_flop(self) -> Ratio:
        """Saw the flop, of the hands dealt."""
        return self._ratio("saw_flop")

    @property
    def wtsd(self) -> Ratio:
        """Went to showdown, of the hands he saw the flop."""
        return self._ratio("showdown", "saw_flop")

    @property
    def wsd(self) -> Ratio:
        """Won money at showdown (W$SD), of the showdowns he went to."""
        return self._ratio("won_at_showdown", "showdown")

    @property
    def wwsf(self) -> Ratio:
        """Won money when he saw the flop (W$WSF), of the flops he saw."""
        return self._ratio("won_when_saw_flop", "saw_flop")

    @property
    def aggression_factor(self) -> float | None:
        """Postflop (bets + raises) / calls; ``None`` without a call."""
        aggressive = sum(self.bets[1:]) + sum(self.raises[1:])
        calls = sum(self.calls[1:])
        return aggressive / calls if calls else None

    @property
    def aggression_frequency(self) -> Ratio:
        """Postflop bets and raises, of the bets, raises, calls and folds."""
        aggressive = sum(self.bets[1:]) + sum(self.raises[1:])
        return Ratio(aggressive, aggressive + sum(self.calls[1:]) + sum(self.folds[1:]))

    @property
    def bb_per_100(self) -> float:
        """Big blinds won per 100 hands."""
        return 100.0 * self._mean_bb if self.hands else 0.0

    @property
    def adjusted_bb_per_100(self) -> float:
        """All-in adjusted big blinds won per 100 hands (see :mod:`holdem.stats.allin`)."""
        return 100.0 * self._mean_adjusted_bb if self.hands else 0.0

    @property
    def bb_per_100_error(self) -> float | None:
        """The standard error of :attr:`bb_per_100` (the sample's standard deviation over the
        square root of the hands, times 100); ``None`` under two hands."""
        if self.hands < 2:
            return None
        return 100.0 * math.sqrt(self._m2_bb / (self.hands - 1) / self.hands)

    def summary(self) -> dict[str, object]:
        """Every statistic by name (the per-street ones as ``cbet_flop`` ...), for a table or
        a DataFrame row."""
        out: dict[str, object] = {"player": self.name, "hands": self.hands}
        for key in (
            "vpip",
            "pfr",
            "three_bet",
            "fold_to_three_bet",
            "four_bet",
            "steal",
            "fold_to_steal",
            "saw_flop",
            "wtsd",
            "wsd",
            "wwsf",
        ):
            out[key] = getattr(self, key)
        for key in _POSTFLOP:
            for i in range(1, 4):
                out[f"{key}_{_STREET_NAMES[i]}"] = getattr(self, key)[i]
        out["aggression_factor"] = self.aggression_factor
        out["aggression_frequency"] = self.aggression_frequency
        out["won"] = self.won
        out["bb_per_100"] = self.bb_per_100
        out["bb_per_100_error"] = self.bb_per_100_error
        out["won_adjusted"] = self.won_adjusted
        out["adjusted_bb_per_100"] = self.adjusted_bb_per_100
        out["all_in_hands"] = self.all_in_hands
        return out


_STREET_NAMES = ("preflop", "flop", "turn", "river")


class Tracker:
    """Statistics per player over the hands folded in, one hand at a time.

    >>> from holdem.phh import loads
    >>> hands = loads('''
    ... [1]
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... min_bet = 2
    ... starting_stacks = [100, 100, 100]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
    ... players = ["Ann", "Bob", "Cy"]
    ... finishing_stacks = [99, 98, 103]
    ... ''')
    >>> tracker = Tracker()
    >>> tracker.add_all(hands)
    >>> str(tracker["Cy"].steal), str(tracker["Bob"].fold_to_steal)
    ('100.0% (1/1)', '100.0% (1/1)')
    """

    __slots__ = ("by_position", "hands", "players", "positions")

    def __init__(self, by_position: bool = False) -> None:
        """An empty tracker; ``by_position`` also keeps each player's statistics per position
        (:attr:`positions`; it costs about a third more time per hand)."""
        self.players: dict[str, PlayerStats] = {}
        #: With ``by_position``: each player's statistics per position (``"BTN"``, ``"SB"`` ...:
        #: ``Flags.position``); else empty.
        self.positions: dict[str, dict[str, PlayerStats]] = {}
        self.by_position = by_position
        self.hands = 0

    def add(self, history: HandHistory) -> list[Flags]:
        """Fold in one hand; returns its flags (:func:`~holdem.stats.hand_flags`).

        :raises PHHError: as :func:`~holdem.stats.hand_flags` does (the tracker is unchanged).
        """
        flags = hand_flags(history)
        players = self.players
        positions = self.positions
        for f in flags:
            stats = players.get(f.name)
            if stats is None:
                stats = players[f.name] = PlayerStats(f.name)
            stats.add(f)
            if self.by_position:
                split = positions.setdefault(f.name, {})
                at = split.get(f.position)
                if at is None:
                    at = split[f.position] = PlayerStats(f.name)
                at.add(f)
        self.hands += 1
        return flags

    def add_all(self, histories: Iterable[HandHistory]) -> None:
        """Fold in every hand of an iterable (read lazily: one hand at a time).

        :raises ArgumentTypeError: for histories that are no collection of HandHistory.
        """
        check_collection(histories, "histories", "[history, ...]")
        for history in histories:
            self.add(history)

    def __getitem__(self, name: str) -> PlayerStats:
        """The named player's statistics.

        :raises KeyError: if no hand folded in has that player.
        """
        return self.players[name]

    def rows(self, by_position: bool = False) -> list[dict[str, object]]:
        """One row per player (the most hands first), or per player and position with
        ``by_position``: :meth:`PlayerStats.summary` with each ratio as its percentage (None
        without a chance), for a table, a CSV file or a DataFrame.

        :raises ArgumentError: for rows by position from a tracker made without them.
        """
        if by_position and not self.by_position:
            raise ArgumentError("rows by position need Tracker(by_position=True)")
        out: list[dict[str, object]] = []
        for name, stats in sorted(self.players.items(), key=lambda kv: (-kv[1].hands, kv[0])):
            if not by_position:
                out.append(_plain(stats.summary()))
                continue
            for position, at in sorted(self.positions.get(name, {}).items(), key=_seat_order):
                out.append({"position": position, **_plain(at.summary())})
        return out

    def to_dataframe(self, by_position: bool = False) -> Any:
        """:meth:`rows` as a pandas DataFrame, one row per player (and position).

        :raises MissingDependencyError: without pandas (``pip install "holdem-engine[pandas]"``).
        :raises ArgumentError: as :meth:`rows`.
        """
        try:
            pandas = importlib.import_module("pandas")  # (untyped: the frame is Any)
        except ImportError:
            raise MissingDependencyError(
                'Tracker.to_dataframe needs pandas: pip install "holdem-engine[pandas]"'
            ) from None
        return pandas.DataFrame(self.rows(by_position))


# Positions from the first to act pre-flop to the big blind (then any other name).
_ORDER = ("UTG", "LJ", "HJ", "CO", "BTN", "SB", "BB")


def _seat_order(item: tuple[str, PlayerStats]) -> tuple[int, int, str]:
    name = item[0]
    if name.startswith("UTG+"):
        return (0, int(name[4:]), name)
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), 0, name)


def _plain(summary: dict[str, object]) -> dict[str, object]:
    """A summary with each :class:`Ratio` as its percentage."""
    return {k: v.percent if isinstance(v, Ratio) else v for k, v in summary.items()}


def player_stats(histories: Iterable[HandHistory]) -> dict[str, PlayerStats]:
    """Every player's statistics over the hands, by name (streamed: see :class:`Tracker`).

    :raises PHHError: if a hand's actions are not PHH's.
    :raises ArgumentTypeError: for histories that are no collection of HandHistory.
    """
    tracker = Tracker()
    tracker.add_all(histories)
    return tracker.players
