"""Spot files and solution files: what they read back as, and what they refuse."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import pytest

from holdem import CardError, RangeError
from holdem.errors import SolverError
from holdem.solver import Solver, Spot, StreetSizes
from holdem.solver.spotfile import dumps, load, loads

RIVER = """
board = "Qs Jh 2h 8d 3s"
pot = 100
stack = 300
allin_threshold = 0.67
raise_cap = 2
rake = 0.05
rake_cap = 3

[oop]
range = "QQ:0.5,JJ,AQs,[50]KQo[/50]"
bet = ["33%", "75%"]
raise = "60%"
allin = true

[oop.river]
donk = "50%"
bet = "25%"

[ip]
range = "AA,KK,AK"
bet = "50%, 150%"
raise = "2.5x"
"""


def test_a_spot_file_reads_as_the_spot_it_describes() -> None:
    spot = loads(RIVER)
    expected = Spot(
        board="Qs Jh 2h 8d 3s",
        pot=100,
        stack=300,
        oop="QQ:0.5,JJ,AQs,KQo:0.5",
        ip="AA,KK,AK",
        oop_sizes=StreetSizes(bet="25%", raises="60%", donk="50%", allin=True),
        ip_sizes=StreetSizes(bet="50%,150%", raises="2.5x"),
        raise_cap=2,
        allin_threshold=0.67,
        rake=0.05,
        rake_cap=3,
    )
    assert spot == expected
    assert loads(dumps(spot)) == spot


def test_a_spot_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "river.toml"
    path.write_text(RIVER)
    assert load(path) == loads(RIVER)
    with pytest.raises(SolverError, match="cannot read"):
        load(tmp_path / "missing.toml")
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(SolverError, match="not UTF-8"):
        load(path)
    path.write_bytes(b"#" * (2 << 20))
    with pytest.raises(SolverError, match="larger than a megabyte"):
        load(path)


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        (("pot = 100", "pot = 0"), SolverError, "pot"),
        (("pot = 100", "pot = 100.5"), SolverError, "pot"),
        (("pot = 100", "pots = 100"), SolverError, "unknown keys"),
        (("stack = 300\n", ""), SolverError, "missing stack"),
        (('board = "Qs Jh 2h 8d 3s"', 'board = "Qs Qs 2h"'), CardError, "duplicate"),
        (('range = "AA,KK,AK"', 'range = "AA,KK,AZ"'), RangeError, "AZ"),
        (('range = "AA,KK,AK"', 'range = "QsQh"'), SolverError, "no combo left"),
        (('raise = "2.5x"', 'raise = "2.5"'), SolverError, "not a size"),
        (('raise = "2.5x"', "reraise = 1"), SolverError, "unknown keys"),
        (('donk = "50%"', 'donk = "e"\nsize = 1'), SolverError, "unknown keys"),
        (("allin = true", 'allin = "yes"'), SolverError, "true or false"),
        (("[oop.river]", "[oop.preflop]"), SolverError, "unknown keys"),
        (("pot = 100", "pot = = 1"), SolverError, "not TOML"),
    ],
)
def test_bad_spot_files_are_refused(
    change: tuple[str, str], error: type[Exception], match: str
) -> None:
    assert change[0] in RIVER
    with pytest.raises(error, match=match):
        loads(RIVER.replace(change[0], change[1], 1))


def _solved(compress: bool = False) -> Solver:
    sizes = StreetSizes(bet="50%", raises="100%", allin=True)
    spot = Spot(
        board="Qs Jh 2h 8h",
        pot=100,
        stack=300,
        oop="AA,KK,QQ,AK,T9s",
        ip="AA,JJ,AQ,KQ",
        oop_sizes=sizes,
        ip_sizes=sizes,
    )
    solver = Solver(spot, compress=compress)
    solver.solve(iterations=30)
    return solver


@pytest.mark.parametrize("compress", [False, True])
def test_a_saved_solution_loads_as_it_was(tmp_path: Path, compress: bool) -> None:
    solver = _solved(compress)
    solver.lock(["check"], [0.5, 0.3, 0.2])
    path = tmp_path / "solution.npz"
    solver.save(path)
    again = Solver.load(path)
    assert again.spot == solver.spot and again.iterations == 30
    assert again.exploitability() == solver.exploitability()
    for p in (0, 1):
        for name in ("regret", "strat"):
            np.testing.assert_array_equal(
                again.layout.arrays[name][p], solver.layout.arrays[name][p]
            )
    np.testing.assert_allclose(again.node("check").strategy()[:, 0], [0.5, 0.3, 0.2], rtol=1e-6)
    # both go on solving the same way
    solver.solve(iterations=40)
    again.solve(iterations=40)
    assert again.exploitability() == solver.exploitability()
    # without the regrets: a smaller file with the same strategies
    small = tmp_path / "small.npz"
    solver.save(small, regrets=False)
    assert small.stat().st_size < 0.7 * path.stat().st_size
    read = Solver.load(small)
    np.testing.assert_array_equal(read.node("bet 50").strategy(), solver.node("bet 50").strategy())


def test_files_that_are_not_solutions_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_text("not a zip")
    with pytest.raises(SolverError, match="not a solution file"):
        Solver.load(bad)
    with pytest.raises(SolverError, match="not a solution file"):
        Solver.load(tmp_path / "missing.npz")
    good = tmp_path / "good.npz"
    _solved().save(good)

    def rewrite(name: str, edit: Callable[[bytes], bytes | None] | bytes) -> Path:
        """good.npz with the member ``name`` edited, replaced (bytes) or left out (None)."""
        out = tmp_path / f"edited-{name}.npz"
        with zipfile.ZipFile(good) as src, zipfile.ZipFile(out, "w") as dst:
            for info in src.infolist():
                data = src.read(info.filename)
                if info.filename == name:
                    edited = edit if isinstance(edit, bytes) else edit(data)
                    if edited is None:
                        continue
                    data = edited
                dst.writestr(info.filename, data)
        return out

    with pytest.raises(SolverError, match="no strat0"):
        Solver.load(rewrite("strat0.npy", lambda d: None))
    with pytest.raises(SolverError, match="does not fit"):
        Solver.load(rewrite("strat1.npy", lambda d: d[: len(d) // 2]))
    with pytest.raises(SolverError, match="not a solution file"):
        Solver.load(rewrite("meta.npy", lambda d: None))

    def meta(edit: Mapping[str, object]) -> bytes:
        buf = tmp_path / "meta.npy"
        with zipfile.ZipFile(good) as z:
            raw = np.lib.format.read_array(z.open("meta.npy"))
        data = json.loads(bytes(raw))
        data.update(edit)
        np.save(buf, np.frombuffer(json.dumps(data).encode(), np.uint8))
        return buf.read_bytes()

    for edit, match in (
        ({"format": "other"}, "not a solution file"),
        ({"version": 99}, "version 99"),
        ({"iterations": -1}, "iterations"),
        ({"spot": "pot = 1"}, "missing"),
        ({"compress": True}, "does not fit"),
        ({"isomorphism": "yes"}, "isomorphism"),
    ):
        replaced = meta(edit)
        with pytest.raises(SolverError, match=match):
            Solver.load(rewrite("meta.npy", replaced))
