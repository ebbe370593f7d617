"""An ACPC client program as a holdem agent: the dealer's side of the protocol for one seat.

A program that plays the Annual Computer Poker Competition's protocol (version 2.0.0: the
competition's ``example_player``, a competitor's bot, ``holdem acpc-client``) connects to the
dealer over TCP, sends ``VERSION:2.0.0``, and is sent a ``MATCHSTATE`` line before each action
of every hand and one when the hand is over; when it is to act it answers the line it was sent
followed by ``:`` and its action (``f``, ``c``, ``r`` in limit games, ``rN`` in no-limit ones:
a raise to ``N`` chips over the whole hand). :class:`ClientAgent` is that dealer for one seat of
a holdem match: it listens on a port of its own, starts the program (or waits for one started
elsewhere to connect), and is a holdem agent (:data:`holdem.engine.agents.Agent`) whose
decisions are the program's answers. Its ``hand_ended`` method (the agents' hook, which
:func:`holdem.match` calls) sends the end of each hand, so the program is sent, line for line,
what the competition's dealer would send it (checked against the dealer's transcripts).

The hands played must be the game's (its stakes and betting rules: the ``acpc`` rules preset,
:meth:`GameDef.rules <holdem.acpc.GameDef.rules>`): at each decision the agent rebuilds the
hand from the line it sends (:meth:`AcpcState.to_hand <holdem.acpc.AcpcState.to_hand>`) and
refuses a hand whose stacks, bets or legal actions are not the game's. Every read has a
deadline (``timeout``), every line a length limit: a program that hangs, closes the connection
or answers garbage is an :class:`~holdem.errors.AcpcError` in bounded time, the hand it was
asked about left as it was; the connection is then closed and the program ended, and the
agent refuses to play on.

For the local best response (:func:`holdem.local_best_response`), which asks the agent about
every pair of hole cards it could hold, :meth:`ClientAgent.query` asks the program about one
state on its own (a program that answers each line from that line alone, as the competition's
``example_player`` and ``holdem acpc-client`` do).
"""

from __future__ import annotations

import re
import socket
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any

from holdem._validate import check_int
from holdem.acpc._wire import MAX_TIMEOUT, LineReader, sender
from holdem.acpc.gamedef import GameDef
from holdem.acpc.protocol import AcpcState, matchstates
from holdem.engine.agents import Decision
from holdem.engine.events import Legal, Street, View
from holdem.errors import AcpcError, ArgumentError, ArgumentTypeError

__all__ = ["ClientAgent"]

#: The client's first line: protocol version 2 (any minor version, as the dealer accepts).
_VERSION = re.compile(r"VERSION:2\.[0-9]{1,9}\.[0-9]{1,9}\Z")
#: A no-limit raise of a reply: to a total over the whole hand (the engine's chips: 18 digits).
_RAISE = re.compile(r"r([0-9]{1,18})\Z")
#: How long the program has to end once asked to (then it is killed), in seconds.
_GRACE = 5.0
_PEER = "the ACPC client"


class ClientAgent:
    """An ACPC client program that plays a seat of holdem's matches (see the module).

    ``game``: the :class:`~holdem.acpc.GameDef` of the hands. ``command``: the program to
    start and its arguments, where ``{host}`` and ``{port}`` stand for the address it connects
    to (``["example_player", "game.def", "{host}", "{port}"]``); None to wait for a program
    started elsewhere to connect to ``host`` and :attr:`port` (``port``: 0 for any free one).
    ``timeout``: the seconds the program has to connect and send its version, then to answer
    each decision. Use it in a ``with`` block, or :meth:`close` it: that ends the program.

    The first decision (or :meth:`connect`) waits for the program's connection; each hand is
    numbered from 0, in the order played.

    :raises ArgumentTypeError: for a ``game`` that is not a GameDef, a ``command`` that is not
        a sequence of str, a ``host`` that is not a str, or a ``timeout`` that is not a number.
    :raises ArgumentError: for an empty ``command`` or one without ``{port}``, a ``port``
        outside 0 .. 65535, or a ``timeout`` not from 0 to :data:`MAX_TIMEOUT` seconds (0
        excluded).
    :raises AcpcError: for a game the engine cannot play (not Texas hold'em).
    :raises OSError: if the port cannot be listened on, or the program cannot be started.
    """

    def __init__(
        self,
        game: GameDef,
        command: Sequence[str] | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        timeout: float = 60.0,
    ) -> None:
        if not isinstance(game, GameDef):
            raise ArgumentTypeError(f"game must be a GameDef, got {game!r}")
        if not game.is_holdem:
            raise AcpcError("only Texas hold'em games map onto the engine")
        args: list[str] | None = None
        if command is not None:
            if isinstance(command, str) or not isinstance(command, Sequence):
                raise ArgumentTypeError(f"command is a sequence of str, got {command!r:.200}")
            args = list(command)
            if not all(isinstance(a, str) for a in args):
                raise ArgumentTypeError(f"command is a sequence of str, got {command!r:.200}")
            if not args or not any("{port}" in a for a in args):
                raise ArgumentError(
                    f"command names the port to connect to with {{port}}, got {args!r:.200}"
                )
        if not isinstance(host, str):
            raise ArgumentTypeError(f"host is a host name or address (a str), got {host!r}")
        check_int(port, "port", 0, 65535)
        if isinstance(timeout, bool) or not isinstance(timeout, int | float):
            raise ArgumentTypeError(f"timeout is a number of seconds, got {timeout!r}")
        if not 0 < timeout <= MAX_TIMEOUT:
            raise ArgumentError(
                f"timeout must be more than 0 and at most {MAX_TIMEOUT:,} seconds, got {timeout!r}"
            )
        self.game = game
        self.timeout = float(timeout)
        self._lock = threading.Lock()
        self._thread: int | None = None  # the thread that asks it
        self._hand_id = 0
        self._sent: list[str] = []  # the lines sent in the current hand
        self._error: str | None = None  # why the agent no longer plays
        self._sock: socket.socket | None = None
        self._reader: LineReader | None = None
        self._process: subprocess.Popen[bytes] | None = None
        server = socket.create_server((host, port))
        self._server: socket.socket | None = server
        # What an agent left open is closed when it is collected: its sockets, then its program.
        self._sockets: list[socket.socket | None] = [server]
        self._processes: list[subprocess.Popen[bytes] | None] = []
        self._finalizer = weakref.finalize(self, _shut, self._sockets, self._processes)
        self.host = host
        #: The port the program connects to.
        self.port: int = server.getsockname()[1]
        if args is not None:
            filled = [a.replace("{host}", host).replace("{port}", str(self.port)) for a in args]
            self._process = subprocess.Popen(filled, stdin=subprocess.DEVNULL)
            self._processes.append(self._process)

    # -- the connection ---------------------------------------------------------------------

    def connect(self) -> None:
        """Wait for the program's connection and its version line, if not done yet.

        :raises AcpcError: when no program connects within ``timeout`` seconds, the program
            ends first, or its first line is not ``VERSION:2.x.y``; once the agent was closed.
        """
        if self._sock is not None:
            return
        server = self._check_open()
        deadline = time.monotonic() + self.timeout
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AcpcError(f"no ACPC client connected within {self.timeout} seconds")
                server.settimeout(min(left, 0.1) if self._process is not None else left)
                try:
                    sock, _ = server.accept()
                    break
                except TimeoutError:
                    code = None if self._process is None else self._process.poll()
                    if code is not None:
                        raise AcpcError(
                            f"the ACPC client ended (exit code {code}) before it connected"
                        ) from None
            self._sockets.append(sock)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sock = sock
            self._reader = LineReader(sock, self.timeout, _PEER)
            line = self._read_line(deadline)
            if not _VERSION.match(line):
                raise AcpcError(f"the ACPC client's first line is not VERSION:2.x.y: {line!r:.100}")
        except AcpcError as exc:
            self._fail(str(exc))
            raise

    def close(self) -> None:
        """Close the connection and end the program (given a few seconds to end on its own,
        then terminated, then killed). The agent plays no more."""
        self._close(_GRACE)

    def _close(self, grace: float) -> None:
        if self._error is None:
            self._error = "it was closed"
        self._server = self._sock = self._reader = None
        self._finalizer.detach()
        _shut(self._sockets, self._processes, grace)

    def __enter__(self) -> ClientAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __reduce__(self) -> Any:
        raise ArgumentTypeError(
            "a ClientAgent holds a connection: it plays inline or on threads, not in another "
            "process"
        )

    def __repr__(self) -> str:
        state = "closed" if self._error else "connected" if self._sock else "listening"
        return f"ClientAgent({self.host}:{self.port}, {state}, hand {self._hand_id})"

    # -- the agent --------------------------------------------------------------------------

    def __call__(self, view: View, legal: Legal) -> Decision:
        """The program's decision at ``view``: the lines of the hand it was not sent yet, then
        its answer to the last one.

        :raises ArgumentError: for a view whose seat is not to act, or one it answered already.
        :raises ArgumentTypeError: for a view or legal actions of another type.
        :raises AcpcError: for a hand that is not the game's, a program that answers late or
            not at all, with garbage or another state; once the agent was closed or failed.
        """
        with self._one_call():
            self._check_decision(view, legal)
            states = self._states(view)
            if len(states) == len(self._sent):  # its answer to that line was read already
                raise ArgumentError(f"the ACPC client was asked already: {self._sent[-1]}")
            contributed = self._check_hand(states[-1], view, legal)
            self._send([str(s) for s in states])
            return self._answer(str(states[-1]), legal, contributed)

    def hand_ended(self, view: View) -> None:
        """Send the program the lines of the finished hand it was not sent yet (the last one
        shows the showdown's cards); the next hand is numbered one more.

        :raises ArgumentError: for a view of a hand that is not over.
        :raises AcpcError: as :meth:`__call__`.
        """
        with self._one_call():
            if view.street is not Street.COMPLETE:
                raise ArgumentError(
                    f"hand_ended is given the view of a finished hand: {view!r:.200}"
                )
            self._send([str(s) for s in self._states(view)])
            self._hand_id += 1
            self._sent = []

    def query(self, view: View, legal: Legal) -> Decision:
        """The program's decision at ``view`` asked on its own: one line, the state at the view
        as a hand of its own number (for an evaluator that asks about hands not played, as
        :func:`holdem.local_best_response` does; see the module).

        :raises ArgumentError: for a view whose seat is not to act.
        :raises ArgumentTypeError: for a view or legal actions of another type.
        :raises AcpcError: as :meth:`__call__`.
        """
        with self._one_call():
            self._check_decision(view, legal)
            if self._sent:  # a hand played by __call__ was left unfinished: its number is used
                self._hand_id += 1
                self._sent = []
            state = matchstates(view, self.game, self._hand_id)[-1]
            contributed = self._check_hand(state, view, legal)
            self._hand_id += 1
            self._send([str(state)])
            self._sent = []
            return self._answer(str(state), legal, contributed)

    # -- the parts ----------------------------------------------------------------------------

    def _one_call(self) -> _Held:
        """The agent's lock: one call at a time, all from the thread of the first (the hands
        of a match on several threads would reach the program in no order)."""
        if not self._lock.acquire(blocking=False):
            raise AcpcError(
                "an ACPC client plays one hand at a time: it is asked by another thread now "
                "(threads=1)"
            )
        me = threading.get_ident()
        if self._thread is None:
            self._thread = me
        elif self._thread != me:
            self._lock.release()
            raise AcpcError(
                "an ACPC client plays its hands in order, from one thread: it is asked from "
                "another (threads=1)"
            )
        return _Held(self._lock)

    def _check_open(self) -> socket.socket:
        if self._error is not None or self._server is None:
            raise AcpcError(f"the ACPC client plays no more: {self._error}")
        return self._server

    def _fail(self, reason: str) -> None:
        """Close everything, after ``reason`` (the program terminated at once): the agent
        refuses to play on."""
        self._close(0.0)
        self._error = reason

    def _check_decision(self, view: View, legal: Legal) -> None:
        self._check_open()
        given: tuple[object, object] = (view, legal)
        if not isinstance(given[0], View) or not isinstance(given[1], Legal):
            raise ArgumentTypeError(f"an agent is asked with a View and a Legal, got {view!r:.100}")
        if view.actor != view.seat or legal.seat != view.seat:
            raise ArgumentError(f"seat {view.seat} is not to act: {legal}")

    def _states(self, view: View) -> list[AcpcState]:
        """The hand's states up to ``view``, under the current hand's number (the next number
        when ``view`` does not go on from the lines sent: a hand not ended by hand_ended)."""
        states = matchstates(view, self.game, self._hand_id)
        sent = self._sent
        if sent and [str(s) for s in states[: len(sent)]] != sent:
            self._hand_id += 1
            self._sent = []
            states = matchstates(view, self.game, self._hand_id)
        return states

    def _check_hand(self, state: AcpcState, view: View, legal: Legal) -> int:
        """The chips the seat of ``view`` put in before this round, once the game's hand at
        ``state`` is seen to be the view's: the same stacks, and the same check, call and raises
        allowed (a fold when checking is free is no client's: the dealer never allows it).

        :raises AcpcError: for a hand that is not the game's.
        """
        hand = state.to_hand(self.game)
        mine = hand.legal_actions()
        if tuple(hand.stacks) != tuple(view.stacks) or mine[2:] != legal[2:]:  # (not fold)
            raise AcpcError(
                f"hand {state.hand_id} is not one of the game's: the game's stacks "
                f"{list(hand.stacks)} and legal actions {mine}, the hand's {list(view.stacks)} "
                f"and {legal}"
            )
        seat = view.seat
        return int(hand.contributions[seat] - hand.bets[seat])

    def _send(self, states: list[str]) -> None:
        """Send the lines of ``states`` not sent yet."""
        self.connect()
        sock = self._sock
        assert sock is not None
        new = states[len(self._sent) :]
        if not new:
            return
        sock.settimeout(self.timeout)
        try:
            sender(sock, _PEER)("".join(f"{s}\r\n" for s in new).encode("ascii"))
        except AcpcError as exc:
            self._fail(str(exc))
            raise
        self._sent = states

    def _read_line(self, deadline: float) -> str:
        """The next line that is not a comment (``#``, ``;``), by ``deadline``."""
        reader = self._reader
        assert reader is not None
        while True:
            raw = reader(deadline)
            if not raw:
                raise AcpcError("the ACPC client closed the connection")
            try:
                line = raw.decode("ascii").rstrip("\r\n")
            except UnicodeDecodeError:
                raise AcpcError(
                    f"a line from the ACPC client that is not ASCII: {raw[:80]!r}"
                ) from None
            if line and line[0] not in "#;":
                return line

    def _answer(self, state: str, legal: Legal, contributed: int) -> Decision:
        """Read the program's answer to ``state`` as a decision (``contributed``: the chips the
        seat put in before this round, for a no-limit raise's whole-hand total)."""
        try:
            line = self._read_line(time.monotonic() + self.timeout)
            head, sep, action = line.rpartition(":")
            if not sep or head != state:
                raise AcpcError(f"the ACPC client answered {line!r:.200} to {state!r}")
            if action == "f":
                return "fold"
            if action == "c":
                return "check" if legal.check else "call"
            if action == "r" and self.game.limit:  # the one raise of a limit game
                return legal.min_raise_to if legal.min_raise_to is not None else "raise"
            m = _RAISE.match(action)
            if m is None or self.game.limit:
                raise AcpcError(f"the ACPC client's action {action!r:.40} is none of the game's")
        except AcpcError as exc:
            self._fail(str(exc))
            raise
        return int(m.group(1)) - contributed


class _Held:
    """A lock held until the end of a ``with`` block."""

    __slots__ = ("_lock",)

    def __init__(self, lock: threading.Lock) -> None:
        self._lock = lock

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


def _shut(
    sockets: Sequence[socket.socket | None],
    processes: Sequence[subprocess.Popen[bytes] | None],
    grace: float = _GRACE,
) -> None:
    """Close ``sockets``, then give ``processes`` ``grace`` seconds to end (a client ends
    when the dealer closes its connection), then terminate them, then kill them (each given
    :data:`_GRACE` seconds)."""
    for sock in sockets:
        if sock is not None:
            sock.close()
    for process in processes:
        if process is None:
            continue
        for stop, wait in ((None, grace), (process.terminate, _GRACE), (process.kill, _GRACE)):
            if stop is not None:
                stop()
            try:
                process.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue
