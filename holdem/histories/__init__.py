"""Hand histories of every site read into one record, checked and replayed: :func:`load`.

``load(path)`` takes a hand history file, a folder (every file in it, recursively) or a zip
archive, tells each file's site from its first lines, and reads its hands one at a time into
the common record (:class:`holdem.pokerstars.StarsHand`, which :func:`holdem.pokerstars.check`
converts to PHH and replays through the engine). Each hand's arithmetic is checked against the
file and its replay must pay each player what the file says; a hand or a file that cannot be
read is set aside with the reason (:attr:`Histories.errors`) and the reading goes on.

The sites (:data:`SITES`): the PokerStars family (PokerStars, Full Tilt, Run It Once,
PokerBros, PokerMaster and the trackers' exports of PokerStars hands, read by
:mod:`holdem.pokerstars`), GGPoker (:mod:`holdem.histories.ggpoker`), Winamax
(:mod:`holdem.histories.winamax`), iPoker (:mod:`holdem.histories.ipoker`), PartyPoker
(:mod:`holdem.histories.partypoker`), 888 (:mod:`holdem.histories.pacific`), Ongame
(:mod:`holdem.histories.ongame`), WPN (:mod:`holdem.histories.wpn`), Open Hand History JSON
(:mod:`holdem.histories.ohh`) and
PokerNow's CSV game log (:mod:`holdem.histories.pokernow`). Each site's quirks are in its
reader's docstring and in docs/guide/histories.md.

Written: :func:`write_stars` writes any PHH hand history (a hand the engine played, or one read
from any site) as PokerStars text (:mod:`holdem.histories.stars`), :func:`write_ohh` as an Open
Hand History object, which :func:`dumps_ohh` writes as a file.
"""

from __future__ import annotations

from holdem.errors import HistoryError
from holdem.histories._loading import MAX_ERRORS, MAX_HAND_CHARS, Histories, Loaded, load
from holdem.histories._sites import SITES, Site, sniff
from holdem.histories.ohh import dumps_ohh, write_ohh
from holdem.histories.stars import write_stars

__all__ = [
    "MAX_ERRORS",
    "MAX_HAND_CHARS",
    "SITES",
    "Histories",
    "HistoryError",
    "Loaded",
    "Site",
    "dumps_ohh",
    "load",
    "sniff",
    "write_ohh",
    "write_stars",
]
