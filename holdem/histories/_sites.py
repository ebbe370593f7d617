"""The sites whose hand histories :func:`holdem.histories.load` reads, and how each is known.

A site is a name, the pattern of the first line of each of its hands (which both tells a file
of the site, in its first 64 KB, and splits the file into hands) and a reader of one hand's
text into the common record, :class:`holdem.pokerstars.StarsHand` (which
:func:`holdem.pokerstars.check` converts to PHH and replays). A site whose hands do not start
lines (iPoker's XML) says so (``anywhere``); one whose hands need the text of their
session (iPoker's ``<general>`` block: the game, the stakes) gives ``context``, which finds
it in the text before the first hand, or in a hand's text for the hands after it. The sites
are tried in the order of :data:`SITES`; a file whose head none of them knows is refused as a
whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from holdem.errors import ArgumentTypeError, PokerStarsError
from holdem.histories import (
    ggpoker,
    ipoker,
    ohh,
    ongame,
    pacific,
    partypoker,
    pokernow,
    winamax,
    wpn,
)
from holdem.pokerstars import StarsHand, parse_hand

__all__ = ["SITES", "Site", "sniff"]


@dataclass(frozen=True, slots=True)
class Site:
    """A site: its ``name``, the pattern of a hand's first line (``start``, matched at the
    start of a line, leading blanks aside; anywhere in a line if ``anywhere``) and
    ``read(text, source, index)``, the reader of one hand's text into the common record.

    ``id`` finds the hand's id in its first line (its first group; the first line of a
    ``start`` that spans lines is the text up to the end of the line where the match ends).
    ``context(text)``, if given, is the session's text a hand needs besides its own (None if
    ``text`` holds none): it is taken from the text before the first hand and from each hand's
    text (a new session starting after it), and the reader is given it before the hand's text,
    on a line of its own.
    """

    name: str
    start: re.Pattern[str]
    read: Callable[[str, str, int], StarsHand]
    anywhere: bool = False
    id: re.Pattern[str] = re.compile(r"#\s?([A-Za-z]{0,4}\d[\d-]{0,60})")
    context: Callable[[str], str | None] | None = None

    def number(self, first_line: str) -> str:
        """The hand's id as the site writes it, from its first line ('?' if none)."""
        m = self.id.search(first_line)
        return m.group(1) if m else "?"

    def pattern(self) -> re.Pattern[str]:
        """The pattern of a hand's start anywhere in a text (at a line's start unless
        ``anywhere``)."""
        if self.anywhere:
            return re.compile(self.start.pattern)
        return re.compile(r"^\ufeff?" + self.start.pattern, re.M)


def _stars(text: str, source: str, index: int) -> StarsHand:
    if "\nSTP added: " in text:  # (Run It Once's "Splash the Pot")
        number = _STARS_NUMBER.search(text)
        raise PokerStarsError(
            f"{source}: hand #{number[1] if number else '?'}: money the site added to the pot "
            "(Splash the Pot): no player put it in, and the engine's pots hold only what "
            "players put in"
        )
    return parse_hand(text, source=source, index=index)


_STARS_NUMBER = re.compile(r"#\s?(\d{1,30})")


#: The sites, in the order they are tried.
SITES: tuple[Site, ...] = (
    Site(
        "PokerStars",
        re.compile(
            r"[ \t]*(?:PokerStars|POKERSTARS|Full Tilt|Run It Once Poker|PokerBros|PokerMaster)"
            r" (?:Zoom |ZOOM |Home Game |Rush |Cash )?(?:Hand|Game|GAME|HAND) #"
        ),
        _stars,
    ),
    Site("GGPoker", ggpoker.START, ggpoker.read),
    Site("Winamax", winamax.START, winamax.read),
    Site("OHH", ohh.START, ohh.read),
    Site("PokerNow", pokernow.START, pokernow.read),
    Site("iPoker", ipoker.START, ipoker.read, True, ipoker.ID, ipoker.context),
    Site("PartyPoker", partypoker.START, partypoker.read, id=partypoker.ID),
    Site("888", pacific.START, pacific.read, id=pacific.ID),
    Site("Ongame", ongame.START, ongame.read, id=ongame.ID),
    Site("WPN", wpn.START, wpn.read, id=wpn.ID),
)


def sniff(head: str) -> Site | None:
    """The site whose hand starts a line of ``head`` first (None if no site's does).

    >>> sniff("junk\\nPokerStars Hand #1: Hold'em ...").name
    'PokerStars'
    >>> sniff("Poker Hand #TM12: Tournament #3, ...").name, sniff("nothing") is None
    ('GGPoker', True)
    >>> sniff("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€)").name
    'Winamax'

    :raises ArgumentTypeError: if ``head`` is not a str.
    """
    if not isinstance(head, str):
        raise ArgumentTypeError(f"the head of a file is a str, got {type(head).__name__}")
    best: tuple[int, Site] | None = None
    for site in SITES:
        m = _ANYWHERE[site.name].search(head)
        if m is not None and (best is None or m.start() < best[0]):
            best = (m.start(), site)
    return None if best is None else best[1]


_ANYWHERE = {site.name: site.pattern() for site in SITES}
