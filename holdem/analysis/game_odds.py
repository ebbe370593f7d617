"""Deprecated: :func:`holdem.outs` and :func:`holdem.next_card_categories` take every game
(``game=``), and :data:`holdem.OMAHA_GAMES` is in :mod:`holdem.games`.

The names of this module still work until the next release, each with a
:class:`DeprecationWarning`: ``game_outs`` is :func:`holdem.analysis.odds.outs`,
``game_next_card_categories`` :func:`holdem.analysis.odds.next_card_categories`.
"""

from __future__ import annotations

from typing import Any

from holdem import games as _games
from holdem._deprecation import Moved
from holdem.analysis import odds as _odds

__all__: list[str] = []

_MOVED = Moved(
    __name__,
    {
        "game_outs": ("holdem.outs(..., game=...)", _odds.outs),
        "game_next_card_categories": (
            "holdem.next_card_categories(..., game=...)",
            _odds.next_card_categories,
        ),
        "OMAHA_GAMES": ("holdem.OMAHA_GAMES", _games.OMAHA_GAMES),
    },
)


def __getattr__(name: str) -> Any:
    return _MOVED(name)
