"""A client for the ACPC dealer (protocol 2.0.0) that plays one seat with a pluggable agent.

The client connects over TCP, sends ``VERSION:2.0.0``, and reads ``MATCHSTATE`` lines. It rebuilds
each hand with the engine (rules preset ``acpc``) from every line; when it is its turn it asks the
agent (:data:`holdem.engine.agents.Agent`, a callable given the seat's :class:`~holdem.View`
and :class:`~holdem.Legal`), and answers ``<the MATCHSTATE>:<action>`` with ``\\r\\n``. An
agent returns ``"fold"``, ``"check"``, ``"call"`` or an int: a bet or raise *to* that total on
this street (the engine's convention, as in ``Legal.min_raise_to``); the client turns it into the
dealer's whole-hand ``rN`` (or ``r`` in limit games). :mod:`holdem.engine.agents` defines the
agents; this module gives its names too (``Agent``, ``Decision``, ``call_agent``,
``random_agent``).

>>> from holdem.acpc import GameDef, HOLDEM_NOLIMIT_2P, parse_state
>>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
>>> client = Client(game, agent=lambda view, legal: legal.min_raise_to or "call")
>>> client.respond("MATCHSTATE:1:0::|AsAd")
'MATCHSTATE:1:0::|AsAd:r200'
>>> client.respond("MATCHSTATE:0:0:r200:KhKd|")
'MATCHSTATE:0:0:r200:KhKd|:r300'
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from holdem._validate import check_int, is_int
from holdem.acpc._wire import MAX_LINE, MAX_TIMEOUT, LineReader, sender
from holdem.acpc.gamedef import GameDef
from holdem.acpc.protocol import AcpcState, parse_state
from holdem.engine.agents import Agent, Decision, call_agent, load_agent, random_agent
from holdem.engine.hand import Legal
from holdem.errors import AcpcError, ActionError, ArgumentError, ArgumentTypeError

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
else:
    from holdem.engine.hand import Hand

__all__ = [
    "MAX_LINE",
    "MAX_TIMEOUT",
    "Agent",
    "Client",
    "Decision",
    "HandResult",
    "call_agent",
    "load_agent",
    "random_agent",
]

VERSION = "VERSION:2.0.0"


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand as the client saw it: its position and chips won (+) or lost (-)."""

    hand_id: int
    position: int
    payoff: int | Fraction
    state: AcpcState
    hand: Hand


class Client:
    """Plays one seat of an ACPC match: :meth:`respond` to each MATCHSTATE, or :meth:`run`.

    ``results`` collects each finished hand (:class:`HandResult`) in order.

    :raises ArgumentTypeError: if ``game`` is not a :class:`GameDef` or ``agent`` is not
        callable.
    """

    def __init__(self, game: GameDef, agent: Agent = call_agent) -> None:
        if not isinstance(game, GameDef):
            raise ArgumentTypeError(f"game must be a GameDef, got {game!r}")
        if not callable(agent):
            raise ArgumentTypeError(f"agent must be callable, got {agent!r}")
        self.game = game
        self.agent = agent
        self.results: list[HandResult] = []

    def respond(self, line: str) -> str | None:
        """The reply to one line from the dealer (None when the client does not act).

        Comments (``#``, ``;``) are ignored; a finished hand is added to :attr:`results`.

        :raises AcpcError: for a line that is not a MATCHSTATE, one without the client's own
            hole cards, or one that does not fit the game (see :meth:`AcpcState.to_hand`).
        :raises ActionError: if the agent's decision is not a legal action.
        """
        text = line.rstrip("\r\n")
        if not text or text[0] in "#;":
            return None
        state = parse_state(text)
        if state.viewer is None:
            raise AcpcError(f"the dealer sends MATCHSTATE lines, got {text!r}")
        if state.viewer < len(state.hole_cards) and not state.hole_cards[state.viewer]:
            # The dealer always shows a player its own cards: never play on made-up ones.
            raise AcpcError(f"a MATCHSTATE without position {state.viewer}'s own cards: {text!r}")
        hand = state.to_hand(self.game)
        seat = self.game.seat(state.viewer)
        if hand.is_over:
            payoff = hand.payoffs[seat]
            self.results.append(HandResult(state.hand_id, state.viewer, payoff, state, hand))
            return None
        if hand.actor != seat:
            return None
        legal = hand.legal_actions()
        decision = self.agent(hand.view(seat), legal)
        return f"{text}:{self._action(hand, seat, legal, decision)}"

    def _action(self, hand: Hand, seat: int, legal: Legal, decision: Decision) -> str:
        if isinstance(decision, str):
            word = decision.strip().lower()
            if word == "fold" and legal.fold:
                return "f"
            if (word == "check" and legal.check) or (word == "call" and legal.call is not None):
                return "c"
        elif is_int(decision) and hand.can_raise_to(decision):
            if self.game.limit:
                return "r"
            return f"r{decision + hand.contributions[seat] - hand.bets[seat]}"
        raise ActionError(
            f"agent chose {decision!r}, not legal: {legal} (fold, check, call or a raise-to int)"
        )

    def play(self, reader: Callable[[], bytes], writer: Callable[[bytes], object]) -> None:
        """The protocol over two callables: ``reader()`` returns a line (b'' at the end).

        :raises AcpcError: as :meth:`respond`, for a line the client cannot play, one longer
            than :data:`MAX_LINE` bytes, or one that is not ASCII text.
        :raises ActionError: if the agent's decision is not a legal action.
        """
        writer((VERSION + "\r\n").encode("ascii"))
        while True:
            raw = reader()
            if not raw:
                return
            if len(raw) > MAX_LINE:
                raise AcpcError(f"a line from the dealer of {len(raw):,} bytes: at most {MAX_LINE}")
            try:
                line = raw.decode("ascii")
            except UnicodeDecodeError:
                raise AcpcError(f"a line from the dealer that is not ASCII: {raw[:80]!r}") from None
            reply = self.respond(line)
            if reply is not None:
                writer((reply + "\r\n").encode("ascii"))

    def run(self, host: str, port: int, *, timeout: float | None = None) -> list[HandResult]:
        """Connect to a dealer, play until it closes the connection, and return the results.

        ``timeout``: seconds to connect, and then a deadline for each whole line from the
        dealer (a server that sends a byte now and then does not keep the client waiting past
        it); None waits for ever.

        :raises ArgumentTypeError: if ``host`` is not a str, ``port`` not an int, or ``timeout``
            not a number.
        :raises ArgumentError: if ``host`` cannot be a host name (a label past 63 characters),
            ``port`` is outside 1 .. 65535, or ``timeout`` is not from 0 to :data:`MAX_TIMEOUT`
            seconds (0 excluded).
        :raises OSError: if the connection cannot be made (refused, or not within ``timeout``).
        :raises AcpcError: as :meth:`play`; when no whole line comes within ``timeout``
            seconds; when the dealer resets the connection, or closes it in the middle of a
            line.
        :raises ActionError: as :meth:`play`.
        """
        if not isinstance(host, str):
            raise ArgumentTypeError(f"host is a host name or address (a str), got {host!r}")
        check_int(port, "port", 1, 65535)
        if timeout is not None:
            if isinstance(timeout, bool) or not isinstance(timeout, int | float):
                raise ArgumentTypeError(f"timeout is a number of seconds or None, got {timeout!r}")
            if not 0 < timeout <= MAX_TIMEOUT:  # (the socket's clock overflows past ~9e9 s)
                raise ArgumentError(
                    f"timeout must be more than 0 and at most {MAX_TIMEOUT:,} seconds (None "
                    f"waits for ever), got {timeout!r}"
                )
        try:
            connection = socket.create_connection((host, port), timeout=timeout)
        except UnicodeError as exc:  # (the IDNA codec: a label of more than 63 characters)
            raise ArgumentError(f"host {host[:80]!r} is not a host name: {exc}") from None
        with connection as sock:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # one short line at a time
            self.play(LineReader(sock, timeout), sender(sock))
        return self.results
