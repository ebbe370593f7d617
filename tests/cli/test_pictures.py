"""``holdem range --png``: the grid and the pre-flop equity heatmap as PNG pictures.

Oracles: the PNG specification (the 8-byte signature, then the IHDR chunk with the width and
height as big-endian 32-bit integers), matplotlib's own PNG reader (through
``pytest.importorskip``), the published pre-flop equity of AA against one random hand
(85.20%), and for other classes every board enumerated (``preflop_equity``, exact).
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import pytest

from holdem import preflop_equity
from holdem.cli._plot import PIXELS

from _support import commands as COMMANDS

SIGNATURE = b"\x89PNG\r\n\x1a\n"

holdem, start, ctrl_c = COMMANDS.holdem, COMMANDS.start, COMMANDS.ctrl_c


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG file, from its IHDR chunk (PNG specification, 11.2.2)."""
    data = path.read_bytes()
    assert data[:8] == SIGNATURE
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    assert data[-12:] == b"\x00\x00\x00\x00IEND\xaeB`\x82"  # the closing IEND chunk
    return width, height


def test_range_grid_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    image = pytest.importorskip("matplotlib.image")
    path = tmp_path / "range.png"
    done = holdem("range", "QQ+,AKs,AKo:0.5", "--grid", "--png", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"wrote {path}", "5 classes, 28 of 1326 combos (2.1%)"]
    assert png_size(path) == (PIXELS, PIXELS)
    pixels = image.imread(str(path))
    assert pixels.shape[:2] == (PIXELS, PIXELS)
    assert pixels.min() < 0.5 < pixels.max()  # a picture, not a blank page


def test_heatmap_png_and_its_equities(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "heatmap.png"
    done = holdem("range", "--heatmap", "--png", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert png_size(path) == (PIXELS, PIXELS)
    data = json.loads(done.stdout)
    assert len(data["equity"]) == 169 and data["exact"] is False and data["seed"] == 1
    # Monte Carlo, 200,000 samples a class: a standard error near 0.1 percentage point.
    assert abs(data["equity"]["AA"] - 0.8520) < 0.004
    for name in ("KK", "AKs", "T9s", "72o", "32o"):
        assert abs(data["equity"][name] - preflop_equity(name).equity) < 0.004, name


def test_heatmap_text_is_the_default() -> None:
    done = holdem("range", "AA,72o", "--heatmap")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == list("AKQJT98765432")
    aa = float(lines[1].split()[1])
    assert abs(aa - 85.20) < 0.4
    seven_two = lines[13].split()  # row 2; 72o is in column 7
    exact = 100 * preflop_equity("72o").equity
    assert abs(float(seven_two[1 + "AKQJT98765432".index("7")]) - exact) < 0.4
    assert sum(c != "." for line in lines[1:14] for c in line.split()[1:]) == 2


def test_without_matplotlib_the_error_names_the_extra(tmp_path: Path) -> None:
    # matplotlib made unimportable (a None entry in sys.modules): the command says which extra
    # to install, with the exit status of any holdem error.
    code = (
        "import sys; sys.modules['matplotlib'] = None; "
        "from holdem.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    done = holdem("range", "AA", "--grid", "--png", str(tmp_path / "x.png"), code=code)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        'holdem: error: pictures need matplotlib: pip install "holdem-engine[plot]"'
    )
    assert not (tmp_path / "x.png").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_exact_heatmap_announces_no_long_job() -> None:
    # It announced "about 14 s" (the cost of enumerating every class again) and then read the
    # exact table shipped with the package at once: it now says nothing and answers.
    done = holdem("range", "--heatmap", "--exact")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].split() == list("AKQJT98765432") and float(lines[1].split()[1]) == 85.2
