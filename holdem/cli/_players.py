"""One numbering of players for every message and output of the ``holdem`` command.

The command numbers players 1, 2, ... n in the order the command line gives them and calls
them "player 1", "player 2" ...; ``holdem replay`` calls them by the hand history's names (its
``players`` field, else ``p1`` ... ``pn`` as the PHH specification names them). The library's
own messages keep the API's 0-based positions (``seat 0``, ``stack 0``, ``opposing hand 0``):
the command translates them with :func:`renumbered` before it reports them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

from holdem.errors import HoldemError

__all__ = ["NUMBERING", "player", "renumbered", "reporting"]

#: The sentence every help page that names players carries.
NUMBERING = "Players are numbered 1, 2, ... in the order the command line gives them."


def player(index: int) -> str:
    """The command's name of the player at the 0-based ``index``.

    >>> player(0), player(9)
    ('player 1', 'player 10')
    """
    return f"player {index + 1}"


def renumbered(message: str, names: Mapping[str, Callable[[int], str]]) -> str:
    """``message`` with each library reference ``KEY N`` / ``KEY[N]`` (0-based) renamed.

    ``names`` maps a key, such as ``"seat"`` or ``"stacks"``, to the name of position N.

    >>> renumbered("seat 1 cannot check: seat 0 bet", {"seat": lambda i: f"p{i + 1}"})
    'p2 cannot check: p1 bet'
    >>> renumbered("stack 2 is 0", {"stack": lambda i: player(i) + "'s stack"})
    "player 3's stack is 0"
    """
    for key, name in names.items():
        pattern = re.compile(rf"\b{re.escape(key)}(?: (\d+)\b|\[(\d+)\])")
        message = pattern.sub(_namer(name), message)
    return message


def _namer(name: Callable[[int], str]) -> Callable[[re.Match[str]], str]:
    def replace(match: re.Match[str]) -> str:
        return name(int(match.group(1) or match.group(2)))

    return replace


@contextmanager
def reporting(names: Mapping[str, Callable[[int], str]]) -> Iterator[None]:
    """Raise a :class:`~holdem.errors.HoldemError` from the block again, with its message
    :func:`renumbered` (same class, so the command reports it as any other).

    :raises HoldemError: the block's own, renamed.
    """
    try:
        yield
    except HoldemError as exc:
        text = renumbered(str(exc.args[0]) if exc.args else str(exc), names)
        raise type(exc)(text) from None
