"""holdem.acpc as a package: its public names and the modules they live in."""

from __future__ import annotations

import importlib

import holdem.acpc
from holdem.errors import AcpcError

PUBLIC = {
    "HOLDEM_LIMIT_2P": "holdem.acpc.gamedef",
    "HOLDEM_NOLIMIT_2P": "holdem.acpc.gamedef",
    "GameDef": "holdem.acpc.gamedef",
    "MT19937": "holdem.acpc.dealer",
    "deal": "holdem.acpc.dealer",
    "deals": "holdem.acpc.dealer",
    "AcpcAction": "holdem.acpc.betting",
    "apply_betting": "holdem.acpc.betting",
    "betting_of": "holdem.acpc.betting",
    "AcpcState": "holdem.acpc.protocol",
    "format_value": "holdem.acpc.protocol",
    "matchstates": "holdem.acpc.protocol",
    "parse_state": "holdem.acpc.protocol",
    "read_log": "holdem.acpc.protocol",
    "state_of": "holdem.acpc.protocol",
}


def test_every_public_name_is_the_one_of_its_module() -> None:
    assert set(holdem.acpc.__all__) == {*PUBLIC, "AcpcError"}
    assert holdem.acpc.AcpcError is AcpcError
    for name, module in PUBLIC.items():
        assert getattr(holdem.acpc, name) is getattr(importlib.import_module(module), name)
        assert name in importlib.import_module(module).__all__
    assert holdem.acpc.UNLIMITED == 2**31 - 1  # INT32_MAX, the dealer's stack in limit games
