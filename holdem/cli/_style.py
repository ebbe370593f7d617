"""How the ``holdem`` command writes cards and grids: suit symbols and colour on a terminal.

On a terminal that can show them, cards are written with suit symbols (A♠ K♥) and coloured
(hearts and diamonds red), and the cells of a range on the grid stand out; piped into another
program (or with ``--color never``) the output is plain text (As Kh). ``--no-color`` means what
the ``NO_COLOR`` environment variable set to a non-empty value means (https://no-color.org):
no colour, the suit symbols kept (they are not colour); colour is also left out when ``TERM``
is ``dumb``. ``--color always`` forces symbols and colour (a command-line choice outranks
``NO_COLOR``, as no-color.org asks).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from holdem.cards import Card

__all__ = ["Style", "add_color_options", "style_for"]

_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
_RED = "\x1b[31m"
_GREEN = "\x1b[32m"
_BOLD_GREEN = "\x1b[1;32m"
_RESET = "\x1b[0m"
_NO_COLOR = "no-color"  # --no-color's value of args.color: NO_COLOR's meaning


@dataclass(frozen=True)
class Style:
    """Whether the output uses suit symbols and colour (ANSI escapes)."""

    symbols: bool = False
    color: bool = False

    def card(self, card: Card | str) -> str:
        """One card as text: ``Ah``, or ``A♥`` in red with symbols and colour.

        >>> Style().card("Ah"), Style(symbols=True).card("Ah")
        ('Ah', 'A♥')
        """
        text = str(card)
        if not self.symbols:
            return text
        rank, suit = text[0], text[1]
        shown = rank + _SYMBOLS[suit]
        if self.color and suit in "hd":
            return f"{_RED}{shown}{_RESET}"
        return shown

    def cards(self, cards: Iterable[Card | str], sep: str = " ") -> str:
        """Cards as text, separated by ``sep``.

        >>> Style().cards(["As", "Kh"]), Style(symbols=True).cards(["As", "Kh"], sep="")
        ('As Kh', 'A♠K♥')
        """
        return sep.join(self.card(c) for c in cards)

    def mark(self, text: str) -> str:
        """``text`` highlighted (bold green) when colour is on.

        >>> Style().mark("AKs")
        'AKs'
        """
        return f"{_BOLD_GREEN}{text}{_RESET}" if self.color else text

    def tone(self, text: str, good: bool | None) -> str:
        """``text`` in green (``good``), red (not ``good``) or as it is (None), with colour on.

        >>> Style().tone("85.3", True)
        '85.3'
        """
        if not self.color or good is None:
            return text
        return f"{_GREEN if good else _RED}{text}{_RESET}"


def add_color_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--color WHEN`` and ``--no-color`` to a subcommand's parser."""
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="suit symbols and colour: auto (on a terminal that can show them, colour without "
        "NO_COLOR set; the default), always or never (plain text, as in a pipe)",
    )
    parser.add_argument(
        "--no-color",
        dest="color",
        action="store_const",
        const=_NO_COLOR,
        help="no colour, as NO_COLOR=1 (suit symbols stay on a terminal that can show them)",
    )


def _can_encode(stream: TextIO) -> bool:
    try:
        "".join(_SYMBOLS.values()).encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def style_for(args: Any, stream: TextIO | None = None) -> Style:
    """The style of a command's output on ``stream`` (standard output by default).

    With ``--color auto``: symbols on a terminal whose encoding has them, and colour too unless
    ``NO_COLOR`` is set (not empty), ``--no-color`` is given or ``TERM`` is ``dumb`` (on
    Windows, colour only in Windows Terminal or a terminal that sets ``TERM``).
    """
    out = sys.stdout if stream is None else stream
    when = getattr(args, "color", "auto")
    if when == "never":
        return Style()
    if when == "always":
        return Style(symbols=_can_encode(out), color=True)
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty or not _can_encode(out):
        return Style()
    color = when != _NO_COLOR and not os.environ.get("NO_COLOR")
    color = color and os.environ.get("TERM") != "dumb"
    if sys.platform == "win32" and not ({"WT_SESSION", "TERM"} & set(os.environ)):
        color = False  # the classic Windows console prints escape codes as they are
    return Style(symbols=True, color=color)
