"""``holdem acpc-client``: one seat of a match against a loopback dealer that applies the ACPC
dealer's rules (``tests/acpc/_acpc_reference.py``, with treys ranking the hands)."""

from __future__ import annotations

import runpy
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from holdem.acpc import HOLDEM_NOLIMIT_2P, GameDef
from holdem.acpc.client import Client
from holdem.cli import main

REF = SimpleNamespace(
    **runpy.run_path(str(Path(__file__).resolve().parents[1] / "acpc" / "_acpc_reference.py"))
)


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
