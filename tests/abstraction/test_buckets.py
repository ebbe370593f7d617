"""k-means and earth mover's distance k-means: the fixed point of Lloyd's iterations checked
plainly, SciPy's Wasserstein distance as the oracle of the earth mover's distance, and the
tables saved and loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from holdem.abstraction.buckets import Buckets, emd_kmeans, kmeans
from holdem.errors import ArgumentError, ArgumentTypeError

np = pytest.importorskip("numpy")


def blobs(seed: int, k: int = 4, n: int = 200, d: int = 3) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    centers = rng.uniform(-50, 50, size=(k, d))
    which = rng.integers(0, k, n)
    return centers[which] + rng.normal(0, 0.5, size=(n, d)), which


def test_kmeans_finds_separated_blobs_and_is_a_fixed_point() -> None:
    points, which = blobs(1)
    b = kmeans(points, 4, seed=5)
    assert b.labels.dtype == np.uint16 and b.k == 4
    # the same blobs, up to the buckets' names
    pairs = set(zip(b.labels.tolist(), which.tolist(), strict=True))
    assert len(pairs) == 4
    # Lloyd's fixed point: every row at its nearest center, every center its rows' mean
    d2 = ((points[:, None, :] - b.centers[None, :, :]) ** 2).sum(axis=2)
    assert (b.labels == d2.argmin(axis=1)).all()
    for c in range(4):
        assert np.allclose(b.centers[c], points[b.labels == c].mean(axis=0), atol=1e-4)
    assert b.inertia == pytest.approx(d2.min(axis=1).sum(), rel=1e-5)


def test_kmeans_reaches_the_best_partition_of_a_small_set() -> None:
    # every partition of 8 points into 2 non-empty groups, the least inertia found plainly
    rng = np.random.default_rng(3)
    points = np.concatenate([rng.normal(0, 1, (4, 2)), rng.normal(6, 1, (4, 2))])
    best = min(
        sum(((points[m] - points[m].mean(axis=0)) ** 2).sum() for m in (mask, ~mask))
        for bits in range(1, 2**7)
        for mask in [np.array([(bits >> i) & 1 for i in range(8)], dtype=bool)]
    )
    assert kmeans(points, 2, seed=0).inertia == pytest.approx(best, rel=1e-5)


def test_the_seed_fixes_the_result_and_weights_move_the_centers() -> None:
    points, _ = blobs(2, k=6)
    a, b = kmeans(points, 5, seed=9), kmeans(points, 5, seed=9)
    assert np.array_equal(a.labels, b.labels) and np.array_equal(a.centers, b.centers)
    line = np.array([[0.0], [1.0], [10.0]])
    heavy = kmeans(line, 1, weights=[1, 3, 0], seed=1)
    assert heavy.centers[0, 0] == pytest.approx(0.75)


def test_threads_give_the_same_buckets() -> None:
    points, _ = blobs(4, n=70_000, d=2)
    assert np.array_equal(
        kmeans(points, 8, seed=2).labels, kmeans(points, 8, seed=2, threads=2).labels
    )


def test_emd_is_scipys_wasserstein_distance() -> None:
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(11)
    hist = rng.dirichlet(np.ones(10), size=60)
    b = emd_kmeans(hist, 3, seed=4)
    assert b.centers.shape == (3, 10)
    assert np.allclose(b.centers.sum(axis=1), 1.0)
    bins = np.arange(10)
    emd = np.array(
        [[stats.wasserstein_distance(bins, bins, h, c) for c in b.centers] for h in hist]
    )
    assert (b.labels == emd.argmin(axis=1)).all()
    assert b.inertia == pytest.approx(emd.min(axis=1).sum(), rel=1e-4)
    for c in range(3):
        assert np.allclose(b.centers[c], hist[b.labels == c].mean(axis=0), atol=1e-5)


def test_emd_tells_apart_histograms_that_euclid_does_not() -> None:
    # mass one bin away is nearer than mass at the far end; for the Euclidean distance both are
    # as far
    h = np.array([[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 1]], dtype=float)
    b = emd_kmeans(h, 2, seed=0)
    assert b.labels[0] == b.labels[1] != b.labels[2]


def test_buckets_save_and_load(tmp_path: Path) -> None:
    points, _ = blobs(5)
    b = kmeans(points, 3, seed=1)
    b.save(str(tmp_path / "b.npz"))
    back = Buckets.load(str(tmp_path / "b.npz"))
    assert np.array_equal(back.labels, b.labels) and back.labels.dtype == np.uint16
    assert np.array_equal(back.centers, b.centers)
    assert (back.inertia, back.iterations) == (b.inertia, b.iterations)
    np.savez(
        tmp_path / "bad.npz",
        labels=np.array([0, 5], dtype=np.uint16),
        centers=np.zeros((2, 1)),
        inertia=0.0,
        iterations=1,
    )
    with pytest.raises(ArgumentError, match="no bucket"):
        Buckets.load(str(tmp_path / "bad.npz"))
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(ArgumentError):
        Buckets.load(str(tmp_path / "other.npz"))


def test_more_distinct_rows_than_buckets_are_not_needed() -> None:
    same = np.zeros((5, 2))
    b = kmeans(same, 3, seed=0)
    assert b.inertia == 0.0 and set(b.labels.tolist()) <= {0, 1, 2}


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: kmeans(np.zeros(4), 2), ArgumentError),
        (lambda: kmeans(np.zeros((4, 2)), 5), ArgumentError),
        (lambda: kmeans(np.zeros((4, 2)), 0), ArgumentError),
        (lambda: kmeans(np.zeros((4, 2)), cast(Any, 2.0)), ArgumentTypeError),
        (lambda: kmeans(np.array([[np.nan, 0.0]]), 1), ArgumentError),
        (lambda: kmeans(np.array([["a"]]), 1), ArgumentError),
        (lambda: kmeans(np.zeros((2, 2)), 1, weights=[1, -1]), ArgumentError),
        (lambda: kmeans(np.zeros((2, 2)), 1, weights=[0, 0]), ArgumentError),
        (lambda: kmeans(np.zeros((2, 2)), 1, weights=[1]), ArgumentError),
        (lambda: kmeans(np.zeros((2, 2)), 1, seed=-1), ArgumentError),
        (lambda: kmeans(np.zeros((2, 2)), 1, seed=cast(Any, "1")), ArgumentTypeError),
        (lambda: kmeans(np.zeros((2, 2)), 1, iterations=0), ArgumentError),
        (lambda: kmeans(np.zeros((2, 2)), 1, threads=0), ArgumentError),
        (lambda: emd_kmeans(np.array([[0.5, -0.5]]), 1), ArgumentError),
    ],
)
def test_bad_input_raises(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]
