"""holdem.stats' per-player flags against fpdb-3's expectation files (``.hp``).

fpdb-3 (github jejellyroll-fr/fpdb-3, AGPL-3.0) keeps, beside some of its regression hand
histories, the per-player per-hand statistics its importer derives (a Python dict literal per
file, ``regression-test-files/.../X.txt.hp``). Every hold'em ``.hp`` of its PokerStars files
is compared here, on the flags whose definitions coincide with ours (docs/guide/stats.md says
which do not, and why). The repository is read in place (see ``FPDB`` below); the hand texts
are read from ``../shared/corpus/pokerstars`` when it is there, else from the same repository.
The test skips when the repository is absent. Nothing of it is copied here.
"""

from __future__ import annotations

import ast
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from holdem import pokerstars
from holdem.stats import Flags, hand_flags

from _support.paths import CORPUS

# The repository: HOLDEM_FPDB3 (a clone or a bare mirror), else the parent of the
# regression-test-files folder that HOLDEM_FPDB_CORPUS names (as tests/pokerstars use it), else
# this machine's fetch of it.
_CORPUS_DIR = os.environ.get("HOLDEM_FPDB_CORPUS")
FPDB = Path(
    os.environ.get("HOLDEM_FPDB3")
    or (
        str(Path(_CORPUS_DIR).parent) if _CORPUS_DIR else "/work/.mirror/jejellyroll-fr+fpdb-3/repo"
    )
)
FOLDER = "regression-test-files/cash/Stars/Flop"
FILES = [
    "LHE-USD-1.00-200508.BB.and.Button.same.player.txt",
    "NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt",
    "NLHE-CAP-9max-USD-0.25-0.50-201011.Capped.preflop.txt",
    "NLHE-FR-USD-0.01-0.02-201004.4betPF.txt",
]


def _show(path: str) -> bytes:
    if (FPDB / path).is_file():  # a work tree
        return (FPDB / path).read_bytes()
    try:
        done = subprocess.run(
            ["git", "-C", str(FPDB), "show", f"HEAD:{path}"], capture_output=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"fpdb-3's {path} is not in {FPDB}")
    return done.stdout


def ours(f: Flags, big_blind_seat: int) -> dict[str, Any]:
    """Our flags under fpdb's names (street 1 is the flop, as ours)."""
    bb = f.seat == big_blind_seat
    out: dict[str, Any] = {
        "street0VPI": f.vpip,
        "street0Aggr": f.pfr,
        "street0_3BChance": f.three_bet_chance,
        "street0_3BDone": f.three_bet,
        "street0_4BChance": f.four_bet_chance,
        "street0_4BDone": f.four_bet,
        "street0_FoldTo3BChance": f.fold_to_three_bet_chance,
        "street0_FoldTo3BDone": f.fold_to_three_bet,
        "foldBbToStealChance": f.fold_to_steal_chance and bb,
        "foldedBbToSteal": f.fold_to_steal and bb,
        "foldSbToStealChance": f.fold_to_steal_chance and not bb,
        "foldedSbToSteal": f.fold_to_steal and not bb,
        "sawShowdown": f.showdown,
        "totalProfit": f.won,
        "street0Calls": f.calls[0],
    }
    for i in (1, 2, 3):
        out[f"street{i}Seen"] = f.saw[i]
        out[f"street{i}CBChance"] = f.cbet_chance[i]
        out[f"street{i}CBDone"] = f.cbet[i]
        out[f"foldToStreet{i}CBChance"] = f.fold_to_cbet_chance[i]
        out[f"foldToStreet{i}CBDone"] = f.fold_to_cbet[i]
        out[f"street{i}Aggr"] = f.bets[i] + f.raises[i] > 0
        out[f"street{i}Calls"] = f.calls[i]
        out[f"street{i}Bets"] = f.bets[i]
        out[f"street{i}Raises"] = f.raises[i]
    return out


@pytest.mark.parametrize("name", FILES)
def test_flags_agree_with_fpdb(name: str) -> None:
    if not FPDB.exists():
        pytest.skip(f"no fpdb-3 repository at {FPDB} (set HOLDEM_FPDB3)")
    expected = ast.literal_eval(_show(f"{FOLDER}/{name}.hp").decode("utf-8"))
    local = CORPUS / "pokerstars" / "cash" / name
    if local.is_file():
        read = pokerstars.load(local)
    else:
        read = pokerstars.loads(_show(f"{FOLDER}/{name}").decode("utf-8-sig"))
    assert len(read.hands) == 1 and not read.refused  # each of these files is one hand
    history = pokerstars.to_history(read.hands[0])
    flags = hand_flags(history)
    assert sorted(f.name for f in flags) == sorted(expected)
    big_blind_seat = 0 if len(flags) == 2 else 1
    compared = 0
    for f in flags:
        row = expected[f.name]
        for key, value in ours(f, big_blind_seat).items():
            assert value == row[key], (f.name, key, value, row[key])
            compared += 1
    assert compared == len(flags) * len(ours(flags[0], big_blind_seat))
    # All-in adjusted winnings (in cents, as fpdb's allInEV, where its file has them: the older
    # files leave them 0): fpdb samples the equity, so they agree within 0.25% of the chips
    # that changed hands where the hand went all-in, exactly elsewhere (fpdb's allInEV is then
    # the profit).
    moved = sum(abs(float(f.won)) for f in flags) / 2
    checked = 0
    for f in flags:
        fpdb = expected[f.name]["allInEV"]
        if fpdb == 0:
            continue
        checked += 1
        if f.all_in_ev is None:
            assert f.won_adjusted == fpdb, f.name
        else:
            assert abs(f.all_in_ev - fpdb) <= 0.0025 * moved, (f.name, f.all_in_ev, fpdb)
    if "Allin-pre" in name:  # the all-in pre-flop: both all-in players and two who folded
        assert checked == 4
