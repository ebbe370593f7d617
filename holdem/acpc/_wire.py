"""The wire of the ACPC protocol on a TCP socket, for both sides (the client of
:mod:`holdem.acpc.client` and the dealer's side of :mod:`holdem.acpc.agent`): lines read one at a
time within a deadline and a length limit, and data sent, a broken connection an
:class:`~holdem.errors.AcpcError` naming the other side."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

from holdem.errors import AcpcError

#: The longest line accepted from the other side, in bytes (with its end of line). The protocol's
#: lines are short: a MATCHSTATE of a ten-player no-limit hand with dozens of raises is well
#: under a kilobyte.
MAX_LINE = 16 * 1024

#: The longest ``timeout`` of :meth:`holdem.acpc.Client.run` and
#: :class:`holdem.acpc.ClientAgent`, in seconds (about three years; the socket's clock overflows
#: past about 9e9).
MAX_TIMEOUT = 10**8


def sender(sock: socket.socket, peer: str = "the dealer") -> Callable[[bytes], None]:
    """``sock.sendall``, a connection broken by the other side (``peer``) an
    :class:`AcpcError`."""

    def send(data: bytes) -> None:
        try:
            sock.sendall(data)
        except ConnectionError as exc:  # reset, aborted, or a broken pipe
            raise AcpcError(f"{peer} broke the connection: {exc}") from None
        except TimeoutError:  # the socket's timeout: the other side reads nothing
            raise AcpcError(f"{peer} reads nothing: a line could not be sent in time") from None

    return send


class LineReader:
    """Lines from a socket, each at most :data:`MAX_LINE` bytes and read within ``timeout``
    seconds in all (a deadline for the whole line, not for each read), or by the ``until``
    given to a call (a :func:`time.monotonic` time). ``peer``: who sends them, for the
    errors."""

    def __init__(
        self, sock: socket.socket, timeout: float | None, peer: str = "the dealer"
    ) -> None:
        self._sock = sock
        self._timeout = timeout
        self._peer = peer
        self._buffer = bytearray()

    def __call__(self, until: float | None = None) -> bytes:
        buffer = self._buffer
        deadline = until
        if deadline is None and self._timeout is not None:
            deadline = time.monotonic() + self._timeout
        while True:
            end = buffer.find(b"\n")
            if end >= 0:
                line = bytes(buffer[: end + 1])
                del buffer[: end + 1]
                return line
            if len(buffer) > MAX_LINE:
                raise AcpcError(f"a line from {self._peer} longer than {MAX_LINE} bytes")
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AcpcError(self._late())
                self._sock.settimeout(left)
            try:
                chunk = self._sock.recv(4096)
            except TimeoutError:
                raise AcpcError(self._late()) from None
            except ConnectionError as exc:  # reset or aborted by the other side
                raise AcpcError(f"{self._peer} broke the connection: {exc}") from None
            if not chunk:
                if buffer:  # a line without its end: cut off, not a message to play
                    cut = bytes(buffer[:80])
                    buffer.clear()
                    raise AcpcError(
                        f"{self._peer} closed the connection in the middle of a line: {cut!r}"
                    )
                return b""
            buffer += chunk

    def _late(self) -> str:
        return f"no whole line from {self._peer} within {self._timeout} seconds"
