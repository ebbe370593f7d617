"""Buckets of hands: k-means over strength features, and earth mover's distance k-means over
strength histograms (Johanson et al., "Evaluating State-Space Abstractions in Extensive-Form
Games", AAMAS 2013).

Both cluster the rows of an array (one row per class of hands: the index of a
:class:`holdem.HandIndexer` street, as :func:`holdem.strength_table` gives them) into ``k``
buckets: centers seeded by k-means++ (Arthur and Vassilvitskii, 2007: each next center drawn
with probability proportional to the squared distance to the nearest one so far), then Lloyd's
iterations (each row to its nearest center, each center to the weighted mean of its rows) until
no row changes bucket. :func:`emd_kmeans` measures histograms by the earth mover's distance
(over equally spaced bins, the L1 distance of the cumulative histograms, in bins), and its
centers are the mean histograms of their buckets, as Johanson et al. do.

The result is a :class:`Buckets`: the bucket of each row as a compact uint16 (uint32 beyond
65,536 buckets) table, saved to and loaded from a NumPy ``.npz`` file. The nearest-center step
is compiled (holdem/abstraction/_buckets.pyx) and runs on threads without the GIL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from holdem._batch import numpy_module, run_rows
from holdem._validate import check_int, check_seed, read_arrays
from holdem.abstraction import _buckets
from holdem.errors import ArgumentError, ArgumentTypeError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Buckets", "emd_kmeans", "kmeans"]


@dataclass(frozen=True, eq=False)
class Buckets:
    """A clustering of rows into buckets: ``labels[i]`` is row i's bucket (0 to k - 1).

    ``centers`` are the buckets' centers in the rows' space (features, or histograms for
    :func:`emd_kmeans`); ``inertia`` the weighted sum of each row's distance to its center
    (squared Euclidean, or the earth mover's distance); ``iterations`` Lloyd's steps run.
    """

    labels: npt.NDArray[Any]
    centers: npt.NDArray[np.float64]
    inertia: float
    iterations: int

    @property
    def k(self) -> int:
        """The number of buckets."""
        return int(self.centers.shape[0])

    def save(self, path: str) -> None:
        """Write the buckets to a NumPy ``.npz`` file (read it back with :meth:`load`).

        :raises MissingDependencyError: when NumPy is not installed.
        """
        np = numpy_module("Buckets.save")
        np.savez(
            path,
            labels=self.labels,
            centers=self.centers,
            inertia=np.float64(self.inertia),
            iterations=np.int64(self.iterations),
        )

    @classmethod
    def load(cls, path: str) -> Buckets:
        """Read buckets written by :meth:`save`.

        :raises ArgumentError: for a file that holds no such buckets, or labels that name no
            bucket.
        :raises MissingDependencyError: when NumPy is not installed.
        """
        np = numpy_module("Buckets.load")
        data = read_arrays(np, path, where="Buckets.load")
        try:
            labels, centers = data["labels"], data["centers"]
            inertia, iterations = float(data["inertia"]), int(data["iterations"])
        except KeyError as exc:
            raise ArgumentError(f"{path} holds no buckets: no {exc}") from None
        if labels.ndim != 1 or labels.dtype.kind != "u" or centers.ndim != 2:
            raise ArgumentError(f"{path}: labels or centers of the wrong shape or type")
        if labels.size and int(labels.max()) >= centers.shape[0]:
            raise ArgumentError(f"{path}: a label names no bucket (k = {centers.shape[0]})")
        return cls(labels, centers, inertia, iterations)


def kmeans(
    points: Any,
    k: int,
    *,
    seed: int | None = None,
    iterations: int = 100,
    weights: Any = None,
    threads: int = 1,
) -> Buckets:
    """k-means (k-means++ seeding, then Lloyd's iterations) of the rows of a (n, d) array of
    features, by the squared Euclidean distance.

    ``weights`` (n non-negative numbers) weigh the rows, e.g. by the hands each class stands
    for; ``seed`` makes the result reproducible (None: fresh entropy); ``iterations`` bounds
    Lloyd's steps.

    :raises ArgumentError: for points that are not a finite 2-d array of n >= k rows, k < 1,
        or bad weights.
    :raises ArgumentTypeError: for a seed, k, iterations or threads of the wrong type.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> import numpy as np
    >>> b = kmeans(np.array([[0.0], [0.1], [5.0], [5.2]]), 2, seed=1)
    >>> b.labels.tolist() in ([0, 0, 1, 1], [1, 1, 0, 0])
    True
    """
    np = numpy_module("kmeans")
    arr = _points(np, points, "points")
    return _cluster(np, arr, k, seed, iterations, weights, threads, l1=False)


def emd_kmeans(
    histograms: Any,
    k: int,
    *,
    seed: int | None = None,
    iterations: int = 100,
    weights: Any = None,
    threads: int = 1,
) -> Buckets:
    """k-means of the rows of a (n, bins) array of histograms by the earth mover's distance
    (Johanson et al. 2013): k-means++ seeding and Lloyd's iterations, each center the mean
    histogram of its bucket. The distance between two histograms over equally spaced bins is
    the L1 distance of their cumulative sums (in bins: moving all the mass one bin costs 1).

    :raises ArgumentError: for histograms that are not a finite, non-negative 2-d array of
        n >= k rows, k < 1, or bad weights.
    :raises ArgumentTypeError: for a seed, k, iterations or threads of the wrong type.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> import numpy as np
    >>> h = np.array([[1, 0, 0, 0], [0.9, 0.1, 0, 0], [0, 0, 0, 1], [0, 0, 0.2, 0.8]])
    >>> emd_kmeans(h, 2, seed=3).labels.tolist() in ([0, 0, 1, 1], [1, 1, 0, 0])
    True
    """
    np = numpy_module("emd_kmeans")
    arr = _points(np, histograms, "histograms")
    if (arr < 0).any():
        raise ArgumentError("histograms hold no negative mass")
    cdf = np.ascontiguousarray(np.cumsum(arr, axis=1, dtype=np.float64), dtype=np.float32)
    result = _cluster(np, cdf, k, seed, iterations, weights, threads, l1=True)
    centers = np.diff(result.centers, axis=1, prepend=0.0)
    return Buckets(result.labels, centers, result.inertia, result.iterations)


def _points(np: Any, points: Any, what: str) -> Any:
    try:
        arr = np.asarray(points)
    except (ValueError, TypeError) as exc:
        raise ArgumentError(f"{what} must be a 2-d array of numbers: {exc}") from None
    if arr.ndim != 2 or arr.shape[1] < 1:
        raise ArgumentError(f"{what} must be a 2-d array (rows, values), got shape {arr.shape}")
    if arr.dtype.kind not in "iuf" or arr.dtype == np.bool_:
        raise ArgumentError(f"{what} must hold numbers, got dtype {arr.dtype}")
    if not np.isfinite(arr).all():
        raise ArgumentError(f"{what} must be finite (no NaN: a class with no value has no bucket)")
    return np.ascontiguousarray(arr, dtype=np.float32)


def _cluster(
    np: Any,
    arr: Any,
    k: object,
    seed: object,
    iterations: object,
    weights: Any,
    threads: object,
    l1: bool,
) -> Buckets:
    n = arr.shape[0]
    k = check_int(k, "k", 1, max(1, n))
    iterations = check_int(iterations, "iterations", 1)
    threads = check_int(threads, "threads", 1)
    rng = np.random.default_rng(check_seed(seed))
    if weights is None:
        w = np.ones(n, dtype=np.float64)
    else:
        try:
            w = np.asarray(weights, dtype=np.float64)
        except (ValueError, TypeError, OverflowError) as exc:
            raise ArgumentTypeError(f"weights must be {n} numbers: {exc}") from None
        if w.shape != (n,) or not np.isfinite(w).all() or (w < 0).any() or w.sum() <= 0:
            raise ArgumentError(f"weights must be {n} finite numbers >= 0, not all 0")
    labels = np.zeros(n, dtype=np.uint32)
    dist = np.zeros(n, dtype=np.float64)

    def nearest(centers: Any) -> None:
        c = np.ascontiguousarray(centers, dtype=np.float64)
        run_rows(n, threads, lambda lo, hi: _buckets.nearest(arr, lo, hi, c, l1, labels, dist))

    # k-means++ seeding: each next center drawn by weight times squared distance
    chosen = [int(rng.choice(n, p=w / w.sum()))]
    centers = arr[chosen].astype(np.float64)
    nearest(centers)
    best = dist.copy()
    for _ in range(1, k):
        score = w * (best * best if l1 else best)
        total = score.sum()
        pick = int(rng.choice(n, p=score / total)) if total > 0 else int(rng.integers(n))
        chosen.append(pick)
        nearest(arr[pick : pick + 1].astype(np.float64))
        np.minimum(best, dist, out=best)
    centers = arr[chosen].astype(np.float64)
    previous = None
    done = 0
    while done < iterations:
        done += 1
        nearest(centers)
        mass = np.bincount(labels, weights=w, minlength=k)
        sums = np.stack(
            [np.bincount(labels, weights=w * arr[:, j], minlength=k) for j in range(arr.shape[1])],
            axis=1,
        )
        empty = mass <= 0
        centers[~empty] = sums[~empty] / mass[~empty, None]
        # an empty bucket takes the row farthest from its center
        for c in np.nonzero(empty)[0]:
            far = int(np.argmax(dist * (w > 0)))
            centers[c] = arr[far]
            dist[far] = 0.0
        if previous is not None and np.array_equal(previous, labels) and not empty.any():
            break
        previous = labels.copy()
    nearest(centers)
    kind = np.uint16 if k <= 1 << 16 else np.uint32
    return Buckets(labels.astype(kind), centers, float((w * dist).sum()), done)
