"""Hand strength features for abstraction: EHS, EHS², potentials and equity histograms.

Against an opponent's hand drawn from a weighted range (by default every hand: a uniform random
opponent), over every runout of the board (each completion to five cards equally likely). On a
full board a hand's *strength* is ``HS = P(win) + P(tie) / 2`` against the opponent's hands that
share no card with it or the board. Then (Johanson, "Measuring the Size of Large No-Limit Poker
Games", 2013; Johanson et al., "Evaluating State-Space Abstractions in Extensive-Form Games",
2013; Billings et al., "The challenge of poker", 2002):

* **EHS** (E[HS]): the expected strength over the runouts, which is the hand's equity against
  the range with the runout and the opponent's hand drawn together;
* **EHS²** (E[HS²]): the expected *square* of the river strength over the runouts, which rewards
  hands whose strength varies (draws) over hands of the same EHS that stay put;
* **PPot**, **NPot** (positive and negative potential, Billings et al.): over the opponent's
  hands and the runouts, with the hand ahead, tied or behind *now* (on the current board of 3
  or 4 cards) and at the river, ``PPot = (HP[behind][ahead] + HP[behind][tied] / 2 +
  HP[tied][ahead] / 2) / (HP[behind] + HP[tied] / 2)`` and ``NPot = (HP[ahead][behind] +
  HP[tied][behind] / 2 + HP[ahead][tied] / 2) / (HP[ahead] + HP[tied] / 2)``, where HP[x][y]
  counts (weighs) the pairs (opponent, runout) in state x now and y at the river and HP[x] all of
  those in state x now. (The paper's pseudo-code counts HP[x] once per opponent; here it counts
  every runout, so that PPot is the probability of coming from behind, between 0 and 1.) They
  are 0 on the river and NaN before the flop (no hand to compare yet);
* **the histogram**: the distribution of the river strength HS over the runouts, in ``bins``
  equal bins of [0, 1] (the last includes 1): the feature of Johanson et al.'s distribution-aware
  abstractions, compared with the earth mover's distance (:mod:`holdem.abstraction.buckets`).

With a range, a runout counts with the weight of the opponent's hands it leaves (the runout and
the opponent's hand are drawn together). :func:`hand_strength` computes one hand (every runout
and opponent hand in turn); :func:`strength_table` computes EHS, EHS² and the histogram of every
class of hands of a street at once (:meth:`HandIndexer.street`'s indices): every five-card board
is evaluated once for all the 1,081 hands beside it, sorted by value and swept.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from holdem._batch import card_array, numpy_module
from holdem._parallel import run_chunks, useful_threads
from holdem._validate import check_int, read_arrays
from holdem.abstraction import _strength
from holdem.abstraction._isomorphism import IndexerTables
from holdem.abstraction.isomorphism import HandIndexer
from holdem.analysis.ranges import Range, parse_range
from holdem.cards import CardLike, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError, RangeError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "MAX_TABLE_BYTES",
    "HandStrength",
    "StrengthBatch",
    "StrengthTable",
    "hand_strength",
    "strength_batch",
    "strength_table",
]

_N_COMBOS = 1326
_MAX_BINS = 1000

MAX_TABLE_BYTES = 4 * 2**30
"""The memory :func:`strength_table` takes at most unless its ``max_bytes`` says otherwise."""


def _combo_id(a: int, b: int) -> int:
    lo, hi = (a, b) if a < b else (b, a)
    return hi * (hi - 1) // 2 + lo


def _weights(opponent: Range | str | None) -> list[float]:
    """The opponent's weight of each two-card combo, by combo id."""
    if opponent is None:
        return [1.0] * _N_COMBOS
    if isinstance(opponent, str):
        opponent = parse_range(opponent)
    if not isinstance(opponent, Range):
        raise ArgumentTypeError(
            "opponent is a Range, range text such as 'QQ+,AKs' or None (any hand), "
            f"got {opponent!r}"
        )
    w = [0.0] * _N_COMBOS
    for (a, b), weight in opponent.items():
        w[_combo_id(int(a), int(b))] = weight
    return w


def _symmetric(weights: list[float]) -> bool:
    """Whether the weights are the same under every renaming of the suits (two generate all)."""
    for perm in ((1, 0, 2, 3), (1, 2, 3, 0)):
        for a, b in itertools.combinations(range(52), 2):
            pa, pb = (a >> 2) * 4 + perm[a & 3], (b >> 2) * 4 + perm[b & 3]
            if weights[_combo_id(a, b)] != weights[_combo_id(pa, pb)]:
                return False
    return True


def _bins(bins: object) -> int:
    return check_int(bins, "bins", 0, _MAX_BINS)


def _street_args(
    what: str, board_cards: object, opponent: Range | str | None, bins: object, threads: object
) -> tuple[int, int, int, list[float]]:
    """The checked street (board cards), bins, threads and opponent's weights of a function
    over the classes of a street (``what``, for the messages)."""
    k = check_int(board_cards, "board_cards", 0, 5)
    if k in (1, 2):
        raise ArgumentError(f"a board has 0, 3, 4 or 5 cards, got {k}")
    n = _bins(bins)
    threads = check_int(threads, "threads", 1)
    weights = _weights(opponent)
    if opponent is not None and not _symmetric(weights):
        raise ArgumentError(
            f"{what} needs a range that is the same under every renaming of the suits (a class "
            "of hands is one number only then): use whole classes such as 'QQ+,AKs', or "
            "hand_strength for one hand"
        )
    return k, n, threads, weights


@dataclass(frozen=True, slots=True)
class HandStrength:
    """One hand's strength features (see :mod:`holdem.abstraction.strength`).

    ``histogram`` holds ``bins`` probabilities (empty when no bins were asked for).
    """

    ehs: float
    ehs2: float
    ppot: float
    npot: float
    histogram: tuple[float, ...]


def hand_strength(
    hole: str | Iterable[CardLike],
    board: str | Iterable[CardLike] = (),
    opponent: Range | str | None = None,
    bins: int = 0,
) -> HandStrength:
    """EHS, EHS², PPot, NPot and the strength histogram of one hand against a range.

    ``opponent`` is a :class:`holdem.Range` (or its text), by default any hand (a uniform random
    opponent). The work is every runout times every opponent hand: about a million evaluations
    on the flop (milliseconds), 2 * 10^9 before the flop (seconds: prefer
    :func:`strength_table` there).

    :raises CardError: for an unknown or repeated card.
    :raises ArgumentError: for a hole of other than two cards, a board of other than 0, 3, 4 or
        5, or ``bins`` outside 0..1000.
    :raises RangeError: for bad range text, or a range with no hand left beside these cards.

    >>> s = hand_strength("AsAh", "Ac Kd 7h")
    >>> round(s.ehs, 3), round(s.npot, 3)
    (0.973, 0.027)
    """
    h = parse_cards(hole)
    b = parse_cards(board)
    if len(h) != 2:
        raise ArgumentError(f"a hole is two cards, got {len(h)}")
    if len(b) not in (0, 3, 4, 5):
        raise ArgumentError(f"a board has 0, 3, 4 or 5 cards, got {len(b)}")
    if len(set(h + b)) != len(h) + len(b):
        raise CardError(f"a card is repeated in {' '.join(map(str, h + b))}")
    n = _bins(bins)
    weights = _weights(opponent)
    out = _doubles(5)
    hist = _doubles(n)
    if (
        _strength.features(
            bytearray(map(int, h)), bytearray(map(int, b)), _doubles_of(weights), n, out, hist
        )
        < 0
    ):
        raise RangeError(
            f"no hand of the opponent's range is possible beside {' '.join(map(str, h + b))}"
        )
    ppot, npot = (math.nan, math.nan) if not b else (out[2], out[3])
    return HandStrength(out[0], out[1], ppot, npot, tuple(hist))


@dataclass(frozen=True, slots=True, eq=False)
class StrengthBatch:
    """The features of many classes of hands (see :func:`strength_batch`): float64 arrays,
    one value per index asked for (``histogram``: one row of ``bins``); NaN for a class that
    no hand of the range can meet, and potentials NaN before the flop."""

    indices: npt.NDArray[np.int64]
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64]
    ppot: npt.NDArray[np.float64]
    npot: npt.NDArray[np.float64]
    histogram: npt.NDArray[np.float64]


def strength_batch(
    board_cards: int,
    indices: Any,
    opponent: Range | str | None = None,
    bins: int = 0,
    threads: int = 1,
) -> StrengthBatch:
    """All of :func:`hand_strength`'s features (potentials included) of the classes of a street
    given by their indices (:meth:`HandIndexer.street`), each computed as one hand, on threads.

    The cost is :func:`hand_strength`'s per class (milliseconds on the flop and the turn):
    for EHS, EHS² and the histograms of a whole street, :func:`strength_table` is far faster.
    ``opponent`` must be the same under every renaming of the suits, as for the table.

    :raises ArgumentError: for another street, an index out of range (naming it), ``bins``
        outside 0..1000 or a range that depends on the suits.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> b = strength_batch(3, [0, 1], bins=2)
    >>> b.ehs.shape, b.histogram.shape
    ((2,), (2, 2))
    """
    np = numpy_module("strength_batch")
    k, n, threads, weights = _street_args("strength_batch", board_cards, opponent, bins, threads)
    try:
        arr = np.asarray(indices)
    except (ValueError, TypeError, OverflowError) as exc:  # ragged rows: no array
        raise ArgumentError(f"indices must be a 1-d array of ints: {exc}") from None
    if arr.ndim != 1 or arr.dtype.kind not in "iu" or arr.dtype == np.bool_:
        raise ArgumentError(f"indices must be a 1-d array of ints, got {arr.dtype} {arr.shape}")
    idx = np.ascontiguousarray(arr, dtype=np.int64)
    tables = IndexerTables((2,) if k == 0 else (2, k))
    w = np.array(weights, dtype=np.float64)
    out = np.empty((len(idx), 5), dtype=np.float64)
    hist = np.zeros((len(idx), n), dtype=np.float64)
    chunks = _chunks(len(idx), threads)
    found = run_chunks(
        lambda lo, hi: _strength.features_batch(tables, idx, lo, hi, w, n, out, hist),
        chunks,
        threads=min(threads, useful_threads(), len(chunks)) or 1,
    )
    bad = [lo + f for (lo, _), f in zip(chunks, found, strict=True) if f >= 0]
    if bad:
        size = HandIndexer.street(k).size(-1)
        raise ArgumentError(
            f"indices[{min(bad)}] = {idx[min(bad)]} is not a class of the street (0 to {size - 1})"
        )
    if k == 0:
        out[:, 2:4] = np.nan
    return StrengthBatch(idx, out[:, 0], out[:, 1], out[:, 2], out[:, 3], hist)


def _doubles(n: int) -> Any:
    import array

    return array.array("d", bytes(8 * n))


def _doubles_of(values: list[float]) -> Any:
    import array

    return array.array("d", values)


@dataclass(frozen=True, slots=True, eq=False)
class StrengthTable:
    """EHS, EHS² and the strength histograms of every class of hands of a street, by the index
    of ``indexer`` (:meth:`HandIndexer.street`): ``ehs[i]`` is the EHS of
    ``indexer.unindex(-1, i)``. Arrays of float32; ``histogram`` has shape (size, bins), or is
    None without bins. On the river EHS² is EHS squared (one runout), made when first read.
    A class no hand of the range can meet holds NaN.
    """

    indexer: HandIndexer
    ehs: npt.NDArray[np.float32]
    histogram: npt.NDArray[np.float32] | None
    _ehs2: npt.NDArray[np.float32] | None

    @property
    def ehs2(self) -> npt.NDArray[np.float32]:
        """E[HS²] of every class (on the river, EHS squared, a new array)."""
        if self._ehs2 is None:
            return self.ehs * self.ehs
        return self._ehs2

    def save(self, path: str) -> None:
        """Write the table to a NumPy ``.npz`` file (read it with :meth:`load`). A table with
        fewer than half its classes valued (one restricted by ``boards``) is written sparse:
        the valued classes' indices and their rows only (a river board's table, 0.49 GB in
        memory, is a few kilobytes on disk)."""
        np = numpy_module("StrengthTable.save")
        rows: Any = slice(None)
        arrays = {"rounds": np.array(self.indexer.rounds)}
        valued = np.isfinite(self.ehs)
        if int(np.count_nonzero(valued)) * 2 < valued.shape[0]:
            rows = np.flatnonzero(valued)
            arrays["classes"] = rows
        arrays["ehs"] = self.ehs[rows]
        if self._ehs2 is not None:
            arrays["ehs2"] = self._ehs2[rows]
        if self.histogram is not None:
            arrays["histogram"] = self.histogram[rows]
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str) -> StrengthTable:
        """Read a table written by :meth:`save`.

        :raises ArgumentError: for a file that is not such a table.
        """
        np = numpy_module("StrengthTable.load")
        data = read_arrays(np, path, where="StrengthTable.load")
        try:
            indexer = HandIndexer(tuple(int(x) for x in data["rounds"]))
            ehs = data["ehs"]
            ehs2 = data.get("ehs2")
            hist = data.get("histogram")
        except KeyError as exc:
            raise ArgumentError(f"{path} is not a strength table: no {exc}") from None
        size = indexer.size(-1)
        classes = data.get("classes")
        rows = size
        if classes is not None:
            if (
                classes.ndim != 1
                or classes.dtype.kind not in "iu"
                or (classes.shape[0] and (classes[0] < 0 or classes[-1] >= size))
                or bool(np.any(np.diff(classes) <= 0))
            ):
                raise ArgumentError(f"{path}: its classes are not increasing indices of {indexer}")
            rows = classes.shape[0]
        if (
            ehs.shape != (rows,)
            or (ehs2 is not None and ehs2.shape != (rows,))
            or (hist is not None and (hist.ndim != 2 or hist.shape[0] != rows))
        ):
            raise ArgumentError(f"{path}: arrays of the wrong shape for {indexer}")
        if classes is not None:
            per_class = 4 * (1 + (ehs2 is not None) + (0 if hist is None else hist.shape[1]))
            if size * per_class > MAX_TABLE_BYTES:
                raise ArgumentError(
                    f"{path}: its table would take {size * per_class:,} bytes in memory, past "
                    f"{MAX_TABLE_BYTES:,}"
                )
            ehs, ehs2, hist = (
                None if a is None else _spread(np, a, classes, size) for a in (ehs, ehs2, hist)
            )
        return cls(indexer, ehs, hist, ehs2)


def _spread(np: Any, values: Any, classes: Any, size: int) -> Any:
    """A sparse table's rows ``values`` of ``classes`` put back at their places among ``size``
    rows of NaN."""
    full = np.full((size, *values.shape[1:]), np.nan, dtype=np.float32)
    full[classes] = values
    return full


def strength_table(
    board_cards: int,
    opponent: Range | str | None = None,
    bins: int = 0,
    threads: int = 1,
    boards: Any = None,
    *,
    max_bytes: int | None = MAX_TABLE_BYTES,
) -> StrengthTable:
    """EHS, EHS² and the strength histograms of every class of hands of a street at once.

    ``board_cards`` is the street (0, 3, 4 or 5 board cards); ``opponent`` a range that is the
    same under every renaming of the suits (class ranges such as ``'QQ+,AKs'``; by default any
    hand). The work: every board of the street up to suit symmetry (1,755 flops, 16,432 turns,
    134,459 rivers) and every runout of it, each a sweep of the 1,081 hands beside it; before
    the flop, the 1,755 flops weighted by how many flops each stands for. ``boards`` (rows of
    ``board_cards`` card indices) restricts the work to the hands on those boards (the other
    classes hold NaN): a sample, or a share of a table computed on several machines.

    The arrays hold every class of the street whatever ``boards`` says: 4 bytes a class for
    EHS, for EHS² (before the river) and for each bin (the river's 123,156,254 classes: 0.49 GB
    without bins, 10.3 GB with 20). A table that would take more than ``max_bytes`` (by default
    :data:`MAX_TABLE_BYTES`, 4 GiB; None for no limit) is refused before anything is allocated.

    :raises ArgumentError: for another street, ``bins`` outside 0..1000, a range that depends
        on the suits, ``boards`` of the wrong shape or on the pre-flop street, or a table larger
        than ``max_bytes``.
    :raises ArgumentTypeError: for ``max_bytes`` that is not None or an int.
    :raises CardError: for a board row with a bad or repeated card.
    :raises RangeError: for bad range text.
    :raises MissingDependencyError: when NumPy is not installed.
    """
    np = numpy_module("strength_table")
    k, n, threads, weights = _street_args("strength_table", board_cards, opponent, bins, threads)
    w = np.array(weights, dtype=np.float64)
    indexer = HandIndexer.street(k)
    size = indexer.size(-1)
    _check_memory(k, size, n, max_bytes)
    if k == 0:
        if boards is not None:
            raise ArgumentError("boards restrict a post-flop table; the pre-flop one is whole")
        return _preflop_table(np, indexer, w, n, threads)
    if boards is None:
        rows = HandIndexer((k,)).unindex_batch(0, np.arange(HandIndexer((k,)).size(0)))
    else:
        rows = card_array(boards, "boards", (None, k))
    ehs = np.full(size, np.nan, dtype=np.float32)
    ehs2 = np.full(size if k < 5 else 0, np.nan, dtype=np.float32)
    hist = np.full((size, n) if n else 0, np.nan, dtype=np.float32)
    tables = IndexerTables((2, k))
    flat = hist.reshape(-1)
    chunks = _chunks(len(rows), threads)
    found = run_chunks(
        lambda lo, hi: _strength.table(tables, rows, lo, hi, w, n, ehs, ehs2, flat),
        chunks,
        threads=min(threads, useful_threads(), len(chunks)) or 1,
    )
    bad = [lo + f for (lo, _), f in zip(chunks, found, strict=True) if f >= 0]
    if bad:
        raise CardError(
            f"boards row {min(bad)}: a bad or repeated card ({rows[min(bad)].tolist()})"
        )
    return StrengthTable(indexer, ehs, hist if n else None, ehs2 if k < 5 else None)


def _check_memory(k: int, size: int, bins: int, max_bytes: object) -> None:
    """Refuse a table of ``size`` classes (street ``k``, ``bins`` bins) larger than
    ``max_bytes``, before it is allocated."""
    if max_bytes is None:
        return
    limit = check_int(max_bytes, "max_bytes", 0)
    need = 4 * size * (1 + (k < 5) + bins)
    if need > limit:
        what = f"EHS{', EHS²' if k < 5 else ''}{f' and {bins} bins' if bins else ''}"
        raise ArgumentError(
            f"strength_table({k}) holds {size:,} classes ({what}): {need / 1e9:.1f} GB "
            f"({need:,} bytes), more than max_bytes ({limit:,}): give a larger max_bytes "
            "(None: no limit) on a machine with that memory, or fewer bins"
        )


def _chunks(rows: int, threads: int) -> list[tuple[int, int]]:
    step = max(1, -(-rows // (16 * max(1, min(threads, useful_threads())))))
    return [(lo, min(rows, lo + step)) for lo in range(0, rows, step)] or [(0, 0)]


def _preflop_table(np: Any, indexer: HandIndexer, w: Any, n: int, threads: int) -> StrengthTable:
    flop_ix = HandIndexer((3,))
    flops = flop_ix.unindex_batch(0, np.arange(flop_ix.size(0)))
    every = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    orbit = np.bincount(flop_ix.index_batch(every), minlength=len(flops)).astype(np.float64)
    chunks = _chunks(len(flops), threads)
    accs = [np.zeros(169 * (3 + n), dtype=np.float64) for _ in chunks]
    tables = IndexerTables((2,))
    run_chunks(
        lambda lo, hi, acc: _strength.preflop(tables, flops, orbit, lo, hi, w, n, acc),
        [(lo, hi, acc) for (lo, hi), acc in zip(chunks, accs, strict=True)],
        threads=min(threads, useful_threads(), len(chunks)) or 1,
    )
    acc = np.sum(accs, axis=0).reshape(169, 3 + n)
    with np.errstate(invalid="ignore", divide="ignore"):
        ehs = (acc[:, 0] / acc[:, 1]).astype(np.float32)
        ehs2 = (acc[:, 2] / acc[:, 1]).astype(np.float32)
        hist = (acc[:, 3:] / acc[:, 1:2]).astype(np.float32)
    return StrengthTable(indexer, ehs, hist if n else None, ehs2)
