"""Tracker statistics over hand histories: VPIP, PFR, 3-bets, steals, c-bets, showdowns, ...

Every statistic is a chance and an act, defined in docs/guide/stats.md (the trackers disagree,
so the page says which definition holdem takes). The hands are PHH hand histories
(:class:`holdem.phh.HandHistory`: read by :func:`holdem.phh.load`, or converted from
PokerStars' text by :func:`holdem.pokerstars.to_history`), folded in one at a time.

- :func:`hand_flags`: one hand's :class:`Flags` per player (what each had the chance to do and
  did, what he won in chips and in big blinds);
- :class:`Tracker` (and :func:`player_stats`): the :class:`PlayerStats` of every player over
  any iterable of hands, in memory that does not grow with the number of hands.
"""

from __future__ import annotations

from holdem.stats.flags import STREETS, Flags, big_blind, hand_flags
from holdem.stats.totals import PlayerStats, Ratio, Tracker, player_stats

__all__ = [
    "STREETS",
    "Flags",
    "PlayerStats",
    "Ratio",
    "Tracker",
    "big_blind",
    "hand_flags",
    "player_stats",
]
