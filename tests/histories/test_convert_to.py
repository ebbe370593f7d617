"""``holdem convert --to stars|ohh|phh``: any site's hands written in each format, read back.

Oracle: the real GGPoker and PokerStars files of ../shared/corpus (from fpdb-3's regression
files, AGPL-3.0, read in place; see its README): the PokerStars text and the OHH file that the
command writes are read again by :func:`holdem.histories.load` (each hand replayed and checked
against the written summary) to the same finishing stacks as the PHH the command writes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from holdem import phh
from holdem.histories import load

from _support.paths import CORPUS

SITES = CORPUS / "sites"
GG = SITES / "tour" / "GGPoker"
needs_corpus = pytest.mark.skipif(not GG.is_dir(), reason=f"no corpus at {CORPUS}")


def _convert(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "holdem", "convert", *args], capture_output=True, text=True
    )


@needs_corpus
@pytest.mark.parametrize("to", ["stars", "ohh"])
def test_hands_of_another_site_written_and_read_back(tmp_path: Path, to: str) -> None:
    files = sorted(GG.rglob("*.txt"))[:6]
    assert files
    run = _convert(*map(str, files), "-o", str(tmp_path / "a.phhs"))
    histories = phh.load(tmp_path / "a.phhs")
    assert histories, run.stderr[-500:]
    out = tmp_path / ("b.txt" if to == "stars" else "b.ohh")
    run = _convert(*map(str, files), "--to", to, "-o", str(out))
    m = re.search(r"holdem: (\d+) of (\d+) hands converted", run.stderr)
    assert m is not None, run.stderr[-500:]
    assert int(m[1]) == len(histories)
    again = load(out)
    hands = list(again)
    assert again.errors == []
    assert [h.history.finishing_stacks for h in hands] == [h.finishing_stacks for h in histories]
    assert {h.site for h in hands} == {"PokerStars" if to == "stars" else "OHH"}


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    run = _convert(str(tmp_path), "--to", "xml")
    assert run.returncode == 2 and "invalid choice" in run.stderr
