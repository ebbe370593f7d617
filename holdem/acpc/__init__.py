"""The ACPC dealer protocol 2.0.0: game definitions, MATCHSTATE/STATE strings, the dealer's deals.

The Annual Computer Poker Competition's dealer describes a game in a ``GAMEDEF`` file, talks to
players in ``MATCHSTATE`` lines and logs every hand as a ``STATE`` line. This package reads and
writes all three, builds the engine :class:`~holdem.engine.hand.Hand` of a hand (rules preset
``acpc``), applies a betting string to it and writes one back, and deals exactly as the dealer
does from its seed (MT19937). :mod:`holdem.acpc.client` plays as a client;
:mod:`holdem.acpc.agent` is the dealer's side for one seat, a client program played as a holdem
agent (:class:`~holdem.acpc.agent.ClientAgent`).

The modules: :mod:`~holdem.acpc.gamedef` (:class:`GameDef`, the competition's games),
:mod:`~holdem.acpc.dealer` (:class:`MT19937`, :func:`deal`, :func:`deals`),
:mod:`~holdem.acpc.betting` (:class:`AcpcAction`, :func:`apply_betting`, :func:`betting_of`) and
:mod:`~holdem.acpc.protocol` (:class:`AcpcState`, :func:`parse_state`, :func:`state_of`,
:func:`read_log`, :func:`format_value`, :func:`matchstates`).

ACPC *positions* are numbered from the first seat after the button, like engine seats: in the
reverse-blind heads-up games position 0 posts the big blind and position 1 (the button) the small
blind and acts first before the flop, which is the engine's heads-up convention.

>>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
>>> state = parse_state("STATE:0:r300c/cr900f:Ah2c|KsKd/Qs7h2d:-300|300:Alice|Bob")
>>> hand = state.to_hand(game)
>>> hand.is_over, hand.payoffs
(True, [-300, 300])
>>> str(state_of(hand, game, 0, names=("Alice", "Bob")))
'STATE:0:r300c/cr900f:Ah2c|KsKd/Qs7h2d:-300|300:Alice|Bob'
"""

from __future__ import annotations

from holdem.acpc.betting import AcpcAction, apply_betting, betting_of
from holdem.acpc.dealer import MT19937, deal, deals
from holdem.acpc.gamedef import HOLDEM_LIMIT_2P, HOLDEM_NOLIMIT_2P, GameDef
from holdem.acpc.gamedef import UNLIMITED as UNLIMITED  # the dealer's stack in limit games
from holdem.acpc.protocol import (
    AcpcState,
    format_value,
    matchstates,
    parse_state,
    read_log,
    state_of,
)
from holdem.errors import AcpcError

__all__ = [
    "HOLDEM_LIMIT_2P",
    "HOLDEM_NOLIMIT_2P",
    "MT19937",
    "AcpcAction",
    "AcpcError",
    "AcpcState",
    "GameDef",
    "apply_betting",
    "betting_of",
    "deal",
    "deals",
    "format_value",
    "matchstates",
    "parse_state",
    "read_log",
    "state_of",
]
