"""Hand strength features against plain enumeration written here, and published pre-flop
equities.

The oracle enumerates, for a hand, every runout and every opponent hand, and compares hands
with the evaluator (the ranks are the evaluator's, tested against peers elsewhere; what is
checked here is the kernels' sums, sweeps and symmetries).
"""

from __future__ import annotations

import itertools

import pytest

from holdem import Card, CardError, evaluate, parse_range
from holdem.abstraction.isomorphism import HandIndexer
from holdem.abstraction.strength import (
    StrengthTable,
    hand_strength,
    strength_batch,
    strength_table,
)
from holdem.errors import ArgumentError, ArgumentTypeError, RangeError

np = pytest.importorskip("numpy")


def plain(
    hole: str, board: str, weights: dict[tuple[int, int], float] | None = None, bins: int = 0
) -> tuple[float, float, float, float, list[float]]:
    """EHS, EHS2, PPot, NPot and the histogram, by enumeration (the definitions of
    holdem.abstraction.strength, ties half)."""
    h = [int(Card(t)) for t in hole.split()]
    b = [int(Card(t)) for t in board.split()]
    rest = [c for c in range(52) if c not in h + b]
    opps = [
        (o, 1.0 if weights is None else weights.get(o, 0.0))
        for o in itertools.combinations(rest, 2)
    ]
    opps = [(o, w) for o, w in opps if w > 0]
    now = len(b) >= 3
    mine_now = evaluate(h + b) if now else 0
    opp_now = {o: evaluate(list(o) + b) for o, _ in opps} if now else {}
    hp = [[0.0] * 3 for _ in range(3)]
    num = tot = sq = 0.0
    hist = [0.0] * bins
    for run in itertools.combinations(rest, 5 - len(b)):
        full = b + list(run)
        mine = evaluate(h + full)
        s = t = 0.0
        for o, w in opps:
            if set(o) & set(run):
                continue
            v = evaluate(list(o) + full)
            end = 0 if mine > v else 1 if mine == v else 2
            s += w * (1.0 if end == 0 else 0.5 if end == 1 else 0.0)
            t += w
            if now:
                v0 = opp_now[o]
                hp[0 if mine_now > v0 else 1 if mine_now == v0 else 2][end] += w
        if t:
            num += s
            tot += t
            sq += t * (s / t) ** 2
            if bins:
                hist[min(int(s / t * bins), bins - 1)] += t
    ppot = (hp[2][0] + hp[2][1] / 2 + hp[1][0] / 2) / (sum(hp[2]) + sum(hp[1]) / 2)
    npot = (hp[0][2] + hp[1][2] / 2 + hp[0][1] / 2) / (sum(hp[0]) + sum(hp[1]) / 2)
    return num / tot, sq / tot, ppot, npot, [x / tot for x in hist]


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ah Kh", "Qh 7h 2c 9s"),  # a flush draw on the turn
        ("7c 7d", "7h Ks 2d Jc"),
        ("5s 4s", "As 2d 3c Kh Kd"),  # the river
        ("Tc 9c", "Jc 8d 2h"),  # the flop (runouts: 1,081)
    ],
)
def test_features_against_the_enumeration(hole: str, board: str) -> None:
    ehs, ehs2, ppot, npot, hist = plain(hole, board, bins=10)
    got = hand_strength(hole, board, bins=10)
    assert got.ehs == pytest.approx(ehs, abs=1e-12)
    assert got.ehs2 == pytest.approx(ehs2, abs=1e-12)
    assert got.ppot == pytest.approx(ppot, abs=1e-12)
    assert got.npot == pytest.approx(npot, abs=1e-12)
    assert got.histogram == pytest.approx(hist, abs=1e-12)
    assert got.ehs2 >= got.ehs**2 - 1e-12  # E[X^2] >= E[X]^2


def test_features_against_a_weighted_range() -> None:
    r = parse_range("QQ+:0.5,AKs,KQo:0.25,76s")
    weights = {(int(b), int(a)): w for (a, b), w in r.items()}
    ehs, ehs2, ppot, npot, hist = plain("Jh Th", "9h 8c 2h Ad", weights, bins=4)
    got = hand_strength("Jh Th", "9h 8c 2h Ad", r, bins=4)
    assert (got.ehs, got.ehs2, got.ppot, got.npot) == pytest.approx(
        (ehs, ehs2, ppot, npot), abs=1e-12
    )
    assert got.histogram == pytest.approx(hist, abs=1e-12)
    assert hand_strength("Jh Th", "9h 8c 2h Ad", "QQ+:0.5,AKs,KQo:0.25,76s").ehs == got.ehs


def test_river_potentials_are_zero() -> None:
    s = hand_strength("As Ks", "2c 7d 9h Jc Qs")
    assert s.ppot == 0.0 and s.npot == 0.0 and s.ehs2 == pytest.approx(s.ehs**2)


def table_against_hands(k: int, boards: list[str], bins: int, opponent: str | None = None) -> None:
    rows = np.array([[int(Card(t)) for t in b.split()] for b in boards], dtype=np.uint8)
    table = strength_table(k, opponent, bins=bins, boards=rows, threads=2)
    ix = HandIndexer.street(k)
    assert table.indexer.rounds == ix.rounds
    rng = np.random.default_rng(k)
    for board in boards:
        b = [int(Card(t)) for t in board.split()]
        rest = [c for c in range(52) if c not in b]
        for _ in range(4):
            hole = [int(c) for c in rng.choice(rest, 2, replace=False)]
            idx = ix.index(hole + b)
            one = hand_strength(hole, b, opponent, bins=bins)
            assert table.ehs[idx] == pytest.approx(one.ehs, abs=1e-6)
            assert table.ehs2[idx] == pytest.approx(one.ehs2, abs=1e-6)
            if bins:
                assert table.histogram is not None
                assert table.histogram[idx] == pytest.approx(one.histogram, abs=1e-6)
    filled = ~np.isnan(table.ehs)
    # every class with a hand on those boards, and those only
    holes = []
    for board in boards:
        b = [int(Card(t)) for t in board.split()]
        holes += [
            list(h) + b for h in itertools.combinations([c for c in range(52) if c not in b], 2)
        ]
    assert set(np.nonzero(filled)[0].tolist()) == set(ix.index_batch(np.array(holes)).tolist())


def test_the_turn_table_agrees_with_each_hand() -> None:
    table_against_hands(4, ["Qh 7h 2c 9s", "Ac Ad 5s 5h"], bins=8)


def test_the_river_table_agrees_with_each_hand() -> None:
    table_against_hands(5, ["As 2d 3c Kh Kd", "4h 5h 6h 7h 8h"], bins=0)


def test_the_flop_table_agrees_with_each_hand_against_a_class_range() -> None:
    table_against_hands(3, ["Jc 8d 2h"], bins=5, opponent="22+,A2s+,KTo+")


def test_a_range_that_depends_on_suits_is_refused_by_the_table() -> None:
    with pytest.raises(ArgumentError, match="renaming"):
        strength_table(5, "AsKs", boards=np.array([[0, 1, 2, 3, 4]]))


@pytest.mark.slow
def test_preflop_equity_against_a_random_hand_is_the_published_one() -> None:
    # published all-in equities against a random hand (PokerStove's tables): AA 85.2%, KK
    # 82.4%, AKs 67.0%, AKo 65.3%, 72o 34.6%
    table = strength_table(0, bins=10, threads=2)
    ix = table.indexer
    for hole, published in [
        ("AsAh", 0.852),
        ("KsKh", 0.824),
        ("AsKs", 0.670),
        ("AsKh", 0.653),
        ("7s2h", 0.346),
    ]:
        assert table.ehs[ix.index(hole)] == pytest.approx(published, abs=0.0006)
    assert table.histogram is not None
    assert np.allclose(table.histogram.sum(axis=1), 1.0, atol=1e-5)
    assert (table.ehs2 >= table.ehs**2 - 1e-6).all()
    # and every class beside the package's exact pre-flop table, computed another way (each
    # matchup of two classes enumerated over every board by holdem.analysis._exact): a
    # consistency check, the published figures above being the oracle
    from holdem.analysis.preflop import heads_up_table
    from holdem.analysis.starting import hand_class

    exact = heads_up_table()
    for i in range(169):
        hole = "".join(map(str, ix.unindex(0, i)))
        assert float(table.ehs[i]) == pytest.approx(
            exact.versus_random(hand_class(hole))[0], abs=2e-6
        )


def test_a_table_saves_and_loads(tmp_path: object) -> None:
    table = strength_table(5, bins=3, boards=np.array([[0, 5, 10, 20, 30]]))
    path = f"{tmp_path}/t.npz"
    table.save(path)
    back = StrengthTable.load(path)
    assert back.indexer.rounds == table.indexer.rounds
    assert np.array_equal(back.ehs, table.ehs, equal_nan=True)
    assert back.histogram is not None and table.histogram is not None
    assert np.array_equal(back.histogram, table.histogram, equal_nan=True)


def test_a_table_of_one_board_is_saved_sparse(tmp_path: object) -> None:
    table = strength_table(4, bins=2, boards=np.array([[0, 5, 10, 20]]))
    valued = int(np.isfinite(table.ehs).sum())
    assert 0 < valued < table.ehs.shape[0] // 2
    path = f"{tmp_path}/t.npz"
    table.save(path)
    with np.load(path) as data:
        assert data["ehs"].shape == (valued,)
        assert data["classes"].shape == (valued,)
    back = StrengthTable.load(path)
    assert np.array_equal(back.ehs, table.ehs, equal_nan=True)
    assert np.array_equal(back.ehs2, table.ehs2, equal_nan=True)
    assert back.histogram is not None and table.histogram is not None
    assert np.array_equal(back.histogram, table.histogram, equal_nan=True)


@pytest.mark.parametrize(
    "classes",
    [[3, 2], [-1, 2], [0, 10**9], [[0, 1]], [0.5, 1.5]],
)
def test_a_sparse_table_with_bad_classes_is_refused(tmp_path: object, classes: object) -> None:
    path = f"{tmp_path}/t.npz"
    arr = np.array(classes)
    n = arr.shape[-1]
    np.savez(path, rounds=np.array([2, 3]), classes=arr, ehs=np.zeros(n, np.float32))
    with pytest.raises(ArgumentError, match="classes"):
        StrengthTable.load(path)


def test_a_sparse_table_too_large_to_spread_is_refused(tmp_path: object) -> None:
    path = f"{tmp_path}/t.npz"
    np.savez(path, rounds=np.array([2, 5]), classes=np.array([0]), ehs=np.zeros(1, np.float32),
             histogram=np.zeros((1, 1000), np.float32))  # fmt: skip
    with pytest.raises(ArgumentError, match="bytes"):
        StrengthTable.load(path)


def test_bad_input_raises() -> None:
    with pytest.raises(CardError):
        hand_strength("AsAs", "2c3c4c")
    with pytest.raises(CardError):
        hand_strength("AsKs", "As3c4c")
    with pytest.raises(ArgumentError):
        hand_strength("AsKsQs", "2c3c4c")
    with pytest.raises(ArgumentError):
        hand_strength("AsKs", "2c3c")
    with pytest.raises(ArgumentError):
        hand_strength("AsKs", "2c3c4c", bins=-1)
    with pytest.raises(ArgumentTypeError):
        hand_strength("AsKs", "2c3c4c", bins=2.5)  # type: ignore[arg-type]
    with pytest.raises(RangeError):
        hand_strength("AsKs", "2c3c4c", "AsKs")  # the range's only hand is ours
    with pytest.raises(ArgumentTypeError):
        hand_strength("AsKs", "2c3c4c", 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        strength_table(2)
    with pytest.raises(ArgumentError):
        strength_table(0, boards=np.zeros((1, 3), dtype=np.uint8))
    with pytest.raises(ArgumentError):
        strength_table(3, boards=np.zeros((1, 4), dtype=np.uint8))
    with pytest.raises(CardError, match="row 1"):
        strength_table(3, boards=np.array([[0, 1, 2], [3, 3, 4]]))


_REFUSED_UNALLOCATED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from holdem import ArgumentError, strength_table
for board_cards, bins, max_bytes in ((5, 20, 2**32), (4, 1000, 2**32), (3, 2, 10**6)):
    try:
        strength_table(board_cards, bins=bins, boards=[[0, 4, 8, 12, 16][:board_cards]],
                       max_bytes=max_bytes)
    except ArgumentError as exc:
        print(exc)
# the peak resident memory of this process, in kB (ru_maxrss would keep the parent's across exec)
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""


def test_a_table_too_large_is_refused_before_it_is_allocated() -> None:
    """The arrays of a street's table hold every class whatever ``boards`` says, and each bin
    adds one a class: ``strength_table(5, bins=1000)`` asked for 493 GB (and past the memory a
    MemoryError at best). A table past ``max_bytes`` (4 GiB by default) is now refused first,
    naming the memory it would take: checked in a child process whose address space is capped
    at 2 GiB (an allocation of the table there raises MemoryError, not the refusal), which uses
    little memory."""
    import subprocess
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("reads the peak memory from /proc")
    done = subprocess.run(
        [sys.executable, "-c", _REFUSED_UNALLOCATED], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    river, turn, flop, peak = done.stdout.splitlines()
    # the river: 123,156,254 classes x (EHS and 20 bins) x 4 bytes
    assert river.startswith(
        "strength_table(5) holds 123,156,254 classes (EHS and 20 bins): 10.3 GB"
    )
    assert f"({123_156_254 * 21 * 4:,} bytes), more than max_bytes (4,294,967,296)" in river
    # the turn: EHS, EHS2 and 1,000 bins
    assert turn.startswith("strength_table(4) holds 13,960,050 classes (EHS, EHS² and 1000 bins)")
    assert f"({13_960_050 * 1002 * 4:,} bytes)" in turn
    assert f"({1_286_792 * 4 * 4:,} bytes), more than max_bytes (1,000,000)" in flop
    assert int(peak) < 1_000_000  # kB: nothing of the table's size was touched
    with pytest.raises(ArgumentTypeError):
        strength_table(3, max_bytes=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        strength_table(3, max_bytes=-1)


def test_the_batch_of_classes_is_each_hand_on_threads() -> None:
    ix = HandIndexer.street(4)
    picks = np.array([0, 7, 123_456, ix.size(1) - 1], dtype=np.int64)
    batch = strength_batch(4, picks, "TT+,AQs+", bins=3, threads=2)
    for row, i in enumerate(picks.tolist()):
        cards = ix.unindex(1, i)
        one = hand_strength(cards[:2], cards[2:], "TT+,AQs+", bins=3)
        got = (batch.ehs[row], batch.ehs2[row], batch.ppot[row], batch.npot[row])
        assert got == pytest.approx((one.ehs, one.ehs2, one.ppot, one.npot), abs=1e-12)
        assert batch.histogram[row].tolist() == pytest.approx(one.histogram, abs=1e-12)
    with pytest.raises(ArgumentError, match=r"indices\[1\]"):
        strength_batch(4, [0, ix.size(1)])
    with pytest.raises(ArgumentError, match="renaming"):
        strength_batch(4, [0], "AsKs")
