"""``holdem acpc-client``: one seat of a match against a loopback dealer that applies the ACPC
dealer's rules (``tests/_support/acpc_reference.py``, with treys ranking the hands)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path

import pytest

from holdem.acpc import HOLDEM_NOLIMIT_2P, GameDef
from holdem.acpc.client import Client
from holdem.cli import main
from holdem.cli.acpc_client import format_total

from _support import acpc_reference as REF


def test_cli_acpc_client(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("treys")  # the loopback dealer ranks the showdown hands with treys
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    path = tmp_path / "nl.game"
    path.write_text(game.dump())
    dealer = REF.LoopbackDealer(game, 5, seed=1)
    thread = threading.Thread(target=dealer.run, daemon=True)
    thread.start()
    other = threading.Thread(
        target=lambda: Client(game).run("127.0.0.1", dealer.ports[1], timeout=20), daemon=True
    )
    other.start()
    argv = ["acpc-client", "--gamedef", str(path), "--port", str(dealer.ports[0])]
    assert main([*argv, "--agent", "random", "--timeout", "20"]) == 0
    thread.join(30)
    other.join(30)
    assert dealer.error is None and dealer.invalid == []
    total = sum(v[0] for v in dealer.values)
    assert capsys.readouterr().out.strip() == f"5 hands, total {float(total):+g} chips"


@pytest.mark.parametrize(
    ("total", "text"),
    [
        (0, "+0"),
        (350, "+350"),
        (-1_234_567, "-1234567"),  # no exponent: every digit of a large whole total
        (Fraction(-107222, 3), "-107222/3 (-35740.666667)"),  # the ACPC dealer's -35740.666667
        (Fraction(1, 3), "+1/3 (+0.333333)"),
        (Fraction(-71481, 2), "-35740.5"),
        (Fraction(1001, 8), "+125.125"),
        (Fraction(3, 80), "+0.0375"),
    ],
)
def test_format_total_is_exact(total: int | Fraction, text: str) -> None:
    assert format_total(total) == text
    exact = text.split(" ")[0]  # what is printed first parses back to the same number
    assert Fraction(exact) == total


def test_agent_module_in_the_current_folder(tmp_path: Path) -> None:
    # The console script, not python -m (which puts the current folder on sys.path itself).
    script = shutil.which("holdem", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("no holdem console script next to this interpreter")
    (tmp_path / "myagent.py").write_text(
        "print('myagent imported', flush=True)\n"
        "def act(view, legal):\n"
        "    return legal.actions[0]\n"
    )
    (tmp_path / "nl.game").write_text(GameDef.parse(HOLDEM_NOLIMIT_2P).dump())
    with socket.socket() as sock:  # a port with no dealer behind it: the agent need not play
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    done = subprocess.run(
        [
            script,
            "acpc-client",
            "--gamedef",
            "nl.game",
            "--port",
            str(port),
            "--agent",
            "myagent:act",
            "--timeout",
            "5",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert "cannot load agent" not in done.stderr
    assert done.stdout == "myagent imported\n"
    assert done.returncode == 1 and f"cannot play with 127.0.0.1:{port}" in done.stderr
