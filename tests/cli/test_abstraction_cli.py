"""The ``holdem abstraction`` subcommand.

Oracles: the published counts of hands up to suit symmetry (Waugh, "A Fast and Optimal Hand
Isomorphism Algorithm", 2013: 169, 1,286,792, 13,960,050 and 123,156,254 with the board as one
set; 55,190,538 and 2,428,287,420 turn and river classes with the rounds apart); a hand's EHS by
the brute force over every runout and opponent hand (:func:`holdem.hand_strength`), against the
table the command saves.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import holdem  # noqa: E402
from holdem.abstraction.strength import StrengthTable  # noqa: E402
from holdem.cli import main  # noqa: E402


def run(capsys: pytest.CaptureFixture[str], line: str) -> tuple[int, str, str]:
    code = main(shlex.split(line))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_index_counts_are_the_published_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "abstraction --json")
    assert code == 0
    assert json.loads(out) == {
        "streets": {"preflop": 169, "flop": 1_286_792, "turn": 13_960_050, "river": 123_156_254},
        "rounds": {"preflop": 169, "flop": 1_286_792, "turn": 55_190_538, "river": 2_428_287_420},
    }
    code, out, _ = run(capsys, "abstraction")
    assert code == 0
    assert "123,156,254" in out and "2,428,287,420" in out
    code, out, _ = run(capsys, "abstraction --street turn --json")
    assert json.loads(out) == {"streets": {"turn": 13_960_050}, "rounds": {"turn": 55_190_538}}


def test_a_table_on_one_flop_matches_the_brute_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "flop"  # (NumPy adds .npz)
    code, out, _ = run(
        capsys, f"abstraction --street flop --board 'Qh 7h 2c' --bins 5 --table {path} --json"
    )
    assert code == 0
    summary = json.loads(out)["table"]
    table = StrengthTable.load(str(path) + ".npz")
    finite = np.isfinite(table.ehs)
    assert summary["saved"] == str(path) + ".npz"
    assert summary["classes"] == 1_286_792 and summary["computed"] == int(finite.sum()) > 0
    assert summary["bins"] == 5 and table.histogram is not None
    flop = table.indexer
    for hand in ("AhKh", "7s7d", "3d4d", "Qc2s"):
        i = flop.index(f"{hand} Qh 7h 2c")
        assert finite[i]
        brute = holdem.hand_strength(hand, "Qh 7h 2c", bins=5)
        assert float(table.ehs[i]) == pytest.approx(brute.ehs, abs=1e-5)
        assert float(table.ehs2[i]) == pytest.approx(brute.ehs2, abs=1e-5)
        assert table.histogram[i].tolist() == pytest.approx(list(brute.histogram), abs=1e-5)
    other = flop.index("AhKh Qs 7s 3c")
    assert not finite[other]  # not on the board asked for
    # the classes with a value are exactly those of the hands beside that flop
    board = holdem.parse_cards("Qh 7h 2c")
    rest = [c for c in (holdem.Card(i) for i in range(52)) if c not in board]
    beside = {flop.index([a, b, *board]) for k, a in enumerate(rest) for b in rest[k + 1 :]}
    assert set(np.flatnonzero(finite).tolist()) == beside


@pytest.mark.parametrize("feature", ["ehs2", "histogram"])
def test_buckets_of_a_whole_table(
    feature: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A whole pre-flop table (its values made up here: the command clusters whatever table it
    reads) bucketed as holdem.kmeans / emd_kmeans bucket it with the same seed."""
    rng = np.random.default_rng(4)
    ehs = rng.random(169).astype(np.float32)
    ehs2 = (ehs * ehs + 0.05 * rng.random(169)).astype(np.float32)
    hist = rng.dirichlet(np.ones(4), 169).astype(np.float32)
    table = StrengthTable(holdem.HandIndexer.street(0), ehs, hist, ehs2)
    tpath, bpath = tmp_path / "pre.npz", tmp_path / "buckets.npz"
    table.save(str(tpath))
    code, out, err = run(
        capsys,
        f"abstraction --from-table {tpath} --buckets 6 --feature {feature} --seed 3 "
        f"--out {bpath} --json",
    )
    assert code == 0, err
    got = json.loads(out)
    saved = holdem.Buckets.load(str(bpath))
    if feature == "ehs2":
        expected = holdem.kmeans(np.stack([ehs, ehs2], axis=1).astype(np.float64), 6, seed=3)
    else:
        expected = holdem.emd_kmeans(hist, 6, seed=3)
    assert saved.labels.tolist() == expected.labels.tolist()
    assert got["buckets"]["sizes"] == np.bincount(expected.labels, minlength=6).tolist()
    assert sum(got["buckets"]["sizes"]) == 169 and got["buckets"]["k"] == 6
    assert got["table"]["computed"] == 169


def test_buckets_refuse_a_table_with_classes_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ehs = np.full(169, np.nan, dtype=np.float32)
    ehs[:100] = 0.5
    StrengthTable(holdem.HandIndexer.street(0), ehs, None, ehs.copy()).save(str(tmp_path / "t"))
    code, _, err = run(
        capsys, f"abstraction --from-table {tmp_path / 't.npz'} --buckets 2 --out {tmp_path / 'b'}"
    )
    assert code == 2 and "69 of the table's 169 classes have no value" in err
    assert not (tmp_path / "b.npz").exists()
    code, _, err = run(
        capsys,
        f"abstraction --from-table {tmp_path / 't.npz'} --buckets 2 --feature histogram "
        f"--out {tmp_path / 'b'}",
    )
    assert code == 2


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("abstraction --table t.npz", "--table needs --street"),
        ("abstraction --street flop --bins 4", "go with --table"),
        ("abstraction --street flop --table t.npz --from-table u.npz", "give one"),
        ("abstraction --from-table u.npz --buckets 3", "go together"),
        ("abstraction --buckets 3 --out b.npz", "give --table or --from-table"),
        ("abstraction --from-table u.npz --board 'Ah Kh Qh'", "not one read"),
    ],
)
def test_options_that_do_not_go_together(
    line: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, line)
    assert code == 2 and message in err and out == ""


@pytest.mark.parametrize(
    ("line", "option"),
    [
        ("abstraction --from-table t.npz --buckets 2 --out b --seed -1", "--seed"),
        ("abstraction --street flop --table t --threads 0", "--threads"),
        ("abstraction --street flop --table t --bins 1001", "--bins"),
        ("abstraction --from-table t.npz --buckets 0 --out b", "--buckets"),
    ],
)
def test_a_bad_number_names_its_option(
    line: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(shlex.split(line))
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"argument {option}: must be a whole number" in err


def test_a_bad_board_or_file_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(
        capsys, f"abstraction --street flop --board 'Ah Ah 2c' --table {tmp_path / 'x'}"
    )
    assert code == 2 and err.startswith("holdem: error:")
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    code, _, err = run(capsys, f"abstraction --from-table {tmp_path / 'junk.npz'}")
    assert code == 2 and err.startswith("holdem: error:")
