"""holdem.acpc against a hostile dealer or malformed files: every case ends in a clear
AcpcError, never an unbounded read, an endless wait, an invented card or an ignored amount.

Oracles: the ACPC protocol (a MATCHSTATE always shows the receiving player its own hole cards;
a limit game's raise is a bare ``r``; lines are ASCII), and a local dealer stand-in on
127.0.0.1 that misbehaves on purpose.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from holdem.acpc import HOLDEM_LIMIT_2P, HOLDEM_NOLIMIT_2P, GameDef, apply_betting, parse_state
from holdem.acpc.client import MAX_LINE, Client
from holdem.errors import AcpcError

NOLIMIT = GameDef.parse(HOLDEM_NOLIMIT_2P)
LIMIT = GameDef.parse(HOLDEM_LIMIT_2P)


# -- a dealer stand-in ------------------------------------------------------------------------


def _serve(behave: Callable[[socket.socket], None]) -> Iterator[int]:
    """A one-connection server on 127.0.0.1 that runs ``behave`` on the client's socket."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]

    def run() -> None:
        conn, _ = server.accept()
        with conn:
            conn.recv(64)  # the client's VERSION line
            with contextlib.suppress(OSError):  # the client hung up
                behave(conn)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        server.close()
        thread.join(timeout=30)


@pytest.fixture
def dealer(request: pytest.FixtureRequest) -> Iterator[int]:
    yield from _serve(request.param)


def _endless_line(conn: socket.socket) -> None:
    """Four MiB with no end of line (a server that never ends its line), then it closes."""
    block = b"M" * 65536
    for _ in range(64):
        conn.sendall(block)


def _drip(conn: socket.socket) -> None:
    """One byte every 0.1 s for 10 s: each read finds a byte, but no line ever ends."""
    for _ in range(100):
        conn.sendall(b"M")
        time.sleep(0.1)


def _silent(conn: socket.socket) -> None:
    time.sleep(8)


def _reset(conn: socket.socket) -> None:
    """One whole line, then the connection reset (SO_LINGER 0: close sends RST, not FIN)."""
    conn.sendall(b"# a comment line\r\n")
    time.sleep(0.2)
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def _cut(conn: socket.socket) -> None:
    """A MATCHSTATE that would be the client's turn, cut off before its end of line."""
    conn.sendall(b"MATCHSTATE:1:0::|AsAd")


@pytest.mark.parametrize("dealer", [_reset], indirect=True)
def test_a_connection_reset_by_the_dealer_is_an_acpc_error(dealer: int) -> None:
    with pytest.raises(AcpcError, match="the dealer broke the connection"):
        Client(NOLIMIT).run("127.0.0.1", dealer, timeout=20)


@pytest.mark.parametrize("dealer", [_cut], indirect=True)
def test_a_last_line_cut_off_is_an_acpc_error_not_a_message(dealer: int) -> None:
    client = Client(NOLIMIT)
    with pytest.raises(AcpcError, match="closed the connection in the middle of a line"):
        client.run("127.0.0.1", dealer, timeout=20)
    assert client.results == []


@pytest.mark.parametrize("dealer", [_endless_line], indirect=True)
def test_a_line_without_an_end_is_cut_at_the_bound(dealer: int) -> None:
    with pytest.raises(AcpcError, match=f"longer than {MAX_LINE} bytes"):
        Client(NOLIMIT).run("127.0.0.1", dealer, timeout=20)


@pytest.mark.parametrize("dealer", [_drip], indirect=True)
def test_the_timeout_is_a_deadline_for_the_whole_line(dealer: int) -> None:
    """A server that sends a byte now and then kept the client for ever: each read was within
    the timeout. The deadline covers the whole line."""
    with pytest.raises(AcpcError, match="no whole line from the dealer within 1"):
        Client(NOLIMIT).run("127.0.0.1", dealer, timeout=1)


@pytest.mark.parametrize("dealer", [_silent], indirect=True)
def test_a_silent_dealer_ends_in_an_acpc_error(dealer: int) -> None:
    with pytest.raises(AcpcError, match="within 1"):
        Client(NOLIMIT).run("127.0.0.1", dealer, timeout=1)


def test_the_cli_waits_a_bounded_time_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --timeout the client waited for ever on a silent dealer."""
    from holdem.acpc import client as client_module
    from holdem.cli import main

    asked: list[float | None] = []

    def run(self: Client, host: str, port: int, *, timeout: float | None = None) -> list[object]:
        asked.append(timeout)
        return []

    monkeypatch.setattr(client_module.Client, "run", run)
    game = tmp_path / "nolimit.game"
    game.write_text(HOLDEM_NOLIMIT_2P, encoding="ascii")
    assert main(["acpc-client", "--gamedef", str(game), "--port", "18791"]) == 0
    (timeout,) = asked
    assert timeout is not None and 0 < timeout <= 3600


# -- lines the client must not play on ------------------------------------------------------------


def test_a_matchstate_without_the_clients_own_cards_is_refused() -> None:
    """The client made up hole cards for itself and acted on them."""
    client = Client(NOLIMIT, agent=lambda view, legal: "call")
    with pytest.raises(AcpcError, match="own cards"):
        client.respond("MATCHSTATE:1:0::|")
    with pytest.raises(AcpcError, match="own cards"):
        client.respond("MATCHSTATE:0:0:r200:|KhKd")
    assert client.respond("MATCHSTATE:1:0::|AsAd") == "MATCHSTATE:1:0::|AsAd:c"


def test_a_limit_game_refuses_a_raise_with_a_size() -> None:
    """``r300`` in a limit game was played as a raise of the fixed size, its 300 ignored."""
    with pytest.raises(AcpcError, match="limit game's raise has no size"):
        apply_betting(LIMIT.new_hand(), LIMIT, "r300")
    with pytest.raises(AcpcError, match="no size"):
        Client(LIMIT).respond("MATCHSTATE:0:0:r300:AsAd|")
    hand = LIMIT.new_hand()
    apply_betting(hand, LIMIT, "r")
    assert hand.bets == (10, 20)  # the button's 5 raised to the big blind 10 plus 10


@pytest.mark.parametrize(
    "line",
    [
        "MATCHSTATE:0:0::AsAd|\u00e9",
        "MATCHSTATE:0:\u0663::AsAd|",  # an Arabic-Indic digit three as the hand number
        "MATCHSTATE:\u00b2:0::AsAd|",  # a superscript two as the position
        "MATCHSTATE:0:0:r\u0663\u0660\u0660:AsAd|",  # a raise to Arabic-Indic 300
    ],
)
def test_a_line_that_is_not_ascii_is_refused(line: str) -> None:
    with pytest.raises(AcpcError):
        parse_state(line)


def test_client_play_refuses_non_ascii_and_overlong_lines() -> None:
    client = Client(NOLIMIT)
    lines = iter([b"MATCHSTATE:1:0::|AsAd\xff\r\n"])
    with pytest.raises(AcpcError, match="not ASCII"):
        client.play(lambda: next(lines), lambda data: None)
    long_lines = iter([b"#" * (MAX_LINE + 1)])
    with pytest.raises(AcpcError, match="bytes"):
        client.play(lambda: next(long_lines), lambda data: None)


@pytest.mark.parametrize("value", ["1e9999999", "1/0", "inf", "nan", "1" * 25, "0x10"])
def test_a_state_value_is_a_plain_decimal(value: str) -> None:
    """``1e9999999`` took 10-19 s to become a Fraction, ``1/0`` raised ZeroDivisionError."""
    with pytest.raises(AcpcError, match="bad values"):
        parse_state(f"STATE:0:f:AsAd|KhKs:{value}|-5:a|b")
    assert parse_state("STATE:0:f:AsAd|KhKs:-5|5.25:a|b").values == (-5, Fraction(21, 4))


def test_a_huge_hand_number_or_raise_is_refused() -> None:
    with pytest.raises(AcpcError, match="hand number"):
        parse_state("MATCHSTATE:0:" + "9" * 5000 + "::AsAd|")
    with pytest.raises(AcpcError, match="raise size"):
        parse_state("MATCHSTATE:0:0:r" + "9" * 5000 + ":AsAd|")


# -- game definitions ---------------------------------------------------------------------------


def test_a_binary_game_definition_is_an_acpc_error(tmp_path: Path) -> None:
    binary = tmp_path / "binary.game"
    binary.write_bytes(bytes(range(256)) * 8)
    with pytest.raises(AcpcError, match="not ASCII"):
        GameDef.load(binary)
    nul = tmp_path / "nul.game"
    nul.write_bytes(HOLDEM_NOLIMIT_2P.encode().replace(b"stack", b"\x00stack"))
    with pytest.raises(AcpcError, match="unknown game definition line"):
        GameDef.load(nul)
    huge = tmp_path / "huge.game"
    huge.write_bytes(b"#" * (1 << 20))
    with pytest.raises(AcpcError, match="longer than"):
        GameDef.load(huge)


@pytest.mark.parametrize("value", ["2" + "0" * 27, "1_0", "\u0663", "2147483648", "+-1"])
def test_game_definition_numbers_are_what_the_dealer_reads(value: str) -> None:
    text = HOLDEM_NOLIMIT_2P.replace("stack = 20000 20000", f"stack = {value} 20000")
    assert text != HOLDEM_NOLIMIT_2P
    with pytest.raises(AcpcError, match="not integers"):
        GameDef.parse(text)


def test_a_log_line_without_an_end_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    from holdem.acpc import read_log

    log = tmp_path / "endless.log"
    log.write_text("# a comment\n" + "STATE:0:" + "c" * (8 << 20), encoding="ascii")
    with pytest.raises(AcpcError, match="line 2 is longer than"):
        list(read_log(log))


@pytest.mark.parametrize(
    ("host", "timeout", "error"),
    [
        ("127.0.0.1", float("inf"), "at most 100,000,000 seconds"),  # was OverflowError
        ("127.0.0.1", 1e10, "at most 100,000,000 seconds"),  # was OverflowError
        ("127.0.0.1", 0, "more than 0"),
        (5, 1, "host is a host name"),  # was TypeError
        ("a" * 300, 1, "is not a host name"),  # was UnicodeError (the IDNA codec)
    ],
)
def test_a_bad_host_or_timeout_is_refused_by_the_package(
    host: object, timeout: float, error: str
) -> None:
    """``run(..., timeout=float('inf'))`` raised OverflowError from the socket's clock, a host
    that is not a str TypeError, a host label past 63 characters UnicodeError: each is the
    package's own error now, before any connection."""
    from holdem.errors import HoldemError

    client = Client(NOLIMIT)
    with pytest.raises(HoldemError, match=error):
        client.run(host, 1, timeout=timeout)  # type: ignore[arg-type]
    assert client.results == []
