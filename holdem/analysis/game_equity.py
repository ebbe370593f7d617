"""Deprecated: :func:`holdem.equity` takes every game (``game=``); :func:`double_board_equity`
is in :mod:`holdem.analysis.equity` and :data:`holdem.OMAHA_GAMES` in :mod:`holdem.games`.

The names of this module still work until the next release, each with a
:class:`DeprecationWarning`.
"""

from __future__ import annotations

from typing import Any

from holdem import games as _games
from holdem._deprecation import Moved
from holdem.analysis import equity as _equity

__all__: list[str] = []

_MOVED = Moved(
    __name__,
    {
        "game_equity": ("holdem.equity(..., game=...)", _equity.game_equity),
        "double_board_equity": ("holdem.double_board_equity", _equity.double_board_equity),
        "OMAHA_GAMES": ("holdem.OMAHA_GAMES", _games.OMAHA_GAMES),
    },
)


def __getattr__(name: str) -> Any:
    return _MOVED(name)
