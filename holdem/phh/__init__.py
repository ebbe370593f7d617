"""PHH hand histories: read .phh and .phhs files, replay them through the engine, write hands.

The Poker Hand History format (github.com/uoftcprg/phh-std) is TOML: one hand per ``.phh``
file, several hands as tables of a ``.phhs`` file. holdem reads the hold'em variants ``NT``
(no limit) and ``FT`` (fixed limit) of the specification, and ``PT`` for pot-limit hold'em (not
in the specification: holdem's own code, named after its ``PO`` for pot-limit Omaha); and the
specification's ``NS`` (no-limit short-deck hold'em), ``PO`` (pot-limit Omaha) and ``FO/8``
(fixed-limit Omaha hi-lo eight or better), played as ``Hand(..., game=...)`` with the game of
:data:`VARIANT_GAMES`. Seats are
PHH's players: ``p1`` is seat 0 (the small blind), the last player is the button.

A replay is strict: every action goes through a :class:`~holdem.Hand` (by default with the
rules the file records in its ``_rules`` field, else the ``pokerkit`` rules, the reference
implementation of PHH), and one the rules do not allow raises a :class:`PHHError` that names
the hand and the action (``lenient=True`` repairs a missing action as pokerkit does). Amounts
with decimals are played exactly in the file's smallest unit; ``inf`` stacks are unknown. Cards
come from the ``d dh`` and ``d db`` actions (and from ``sm``, showing hole cards the dealing
left unknown); unknown ``??`` cards are drawn at random from the rest of the deck.

The modules: :mod:`~holdem.phh.model` (:class:`HandHistory`), :mod:`~holdem.phh.reading`
(:func:`loads`, :func:`load`), :mod:`~holdem.phh.replaying` (:func:`replay`, :class:`Replay`) and
:mod:`~holdem.phh.writing` (:func:`from_hand`, :func:`from_table`, :func:`to_phh`,
:func:`dumps_all`, :func:`dumps_table`) and :mod:`~holdem.phh.resuming` (:func:`seating`: the
table a hand left, to resume it).

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 QdQc", "p3 cbr 6", "p1 f", "p2 f"]
... ''')[0]
>>> result = replay(history)
>>> result.finishing_stacks, result.complete
((99, 98, 103), True)
>>> print(to_phh(result.hand, players=["Ann", "Bob", "Cy"]))  # doctest: +ELLIPSIS
variant = "NT"
...
actions = [
  "d dh p1 AsKs",
  "d dh p2 ...",
  "d dh p3 QdQc",
  "p3 cbr 6",
  "p1 f",
  "p2 f",
]
players = ["Ann", "Bob", "Cy"]
_rules = "pokerkit"
_rule_options = {fold_when_free = true}
finishing_stacks = [99, 98, 103]
<BLANKLINE>
"""

from __future__ import annotations

from holdem.errors import PHHError
from holdem.phh.model import VARIANT_GAMES, VARIANTS, HandHistory
from holdem.phh.reading import load, loads
from holdem.phh.replaying import Replay, replay
from holdem.phh.resuming import seating
from holdem.phh.writing import dumps_all, dumps_table, from_hand, from_table, to_phh

__all__ = [
    "VARIANTS",
    "VARIANT_GAMES",
    "HandHistory",
    "PHHError",
    "Replay",
    "dumps_all",
    "dumps_table",
    "from_hand",
    "from_table",
    "load",
    "loads",
    "replay",
    "seating",
    "to_phh",
]
