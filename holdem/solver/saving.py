"""Saving and loading a solution: the spot, the solver's options, its storage and its locks.

A solution file is a compressed NumPy archive (``.npz``, zip and deflate): a ``meta`` entry
(JSON: a format name and version, the spot as a spot file's text, the options, the iterations
run) and the storage arrays, in the width the solver kept them (float32, or 16 bits with
``Solver(compress=True)``); without ``regrets`` only the strategy sums are kept, which is all
that reading the solution needs (a solve that goes on after loading starts its regrets again
from zero). Loading rebuilds the tree from the spot and checks every array against it before
reading it, so a file that does not fit its spot, or is not a solution file, is refused with a
:class:`~holdem.errors.SolverError` and nothing is kept of it.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from holdem._validate import check_path
from holdem.errors import SolverError
from holdem.solver.layout import load_numpy
from holdem.solver.results import Solved
from holdem.solver.spotfile import dumps, loads

S = TypeVar("S", bound=Solved)

__all__ = ["load_solution", "save_solution"]

FORMAT = "holdem-solver"
VERSION = 1
_META_BYTES = 1 << 20


def save_solution(solver: Solved, path: str | Path, *, regrets: bool = True) -> None:
    """Write a solver's solution to ``path`` (see the module's docstring).

    :raises OSError: when the file cannot be written.
    """
    np = load_numpy()
    arrays = solver.layout.arrays
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "spot": dumps(solver.spot),
        "isomorphism": solver._isomorphism,
        "compress": bool(arrays["compressed"]),
        "iterations": solver.iterations,
        "algorithm": solver.algorithm,
        "regrets": regrets,
    }
    out: dict[str, Any] = {
        "meta": np.frombuffer(json.dumps(meta).encode(), np.uint8),
        "strat0": arrays["strat"][0],
        "strat1": arrays["strat"][1],
    }
    if regrets:
        out["regret0"] = arrays["regret"][0]
        out["regret1"] = arrays["regret"][1]
    for p in (0, 1):
        locks = solver._locks[p]
        addresses = sorted(locks)
        out[f"lock{p}_addr"] = np.array(addresses, np.int64)
        out[f"lock{p}_strategy"] = np.concatenate(
            [locks[a][0] for a in addresses] or [np.zeros(0, np.float32)]
        )
        out[f"lock{p}_mask"] = np.concatenate(
            [locks[a][1] for a in addresses] or [np.zeros(0, np.uint8)]
        )
    with open(path, "wb") as f:
        np.savez_compressed(f, **out)


def load_solution(
    make: Callable[..., S], path: str | Path, *, threads: int = 1, memory_limit: int | None = None
) -> S:
    """The solver saved at ``path``, ready to read or to solve on; ``make`` builds it (as
    :class:`~holdem.solver.Solver` does) from the spot and the options saved.

    :raises SolverError: for a file that cannot be read, is not a solution file, or whose
        arrays do not fit the tree of its spot; or a tree that needs more than
        ``memory_limit``.
    :raises ArgumentTypeError: for a path that is no str, bytes or path-like object.
    """
    np = load_numpy()
    name = os.fsdecode(check_path(path, "a solution file", SolverError))  # (zipfile: no bytes)
    try:
        archive = zipfile.ZipFile(name)
    except (OSError, zipfile.BadZipFile) as exc:
        raise SolverError(f"{str(path)!r} is not a solution file ({exc})") from None
    with archive:
        sizes = {info.filename: info.file_size for info in archive.infolist()}
        if sizes.get("meta.npy", _META_BYTES + 1) > _META_BYTES:
            raise SolverError(f"{str(path)!r} is not a solution file (no meta entry)")
        meta = _meta(np, archive, path)
        solver = make(
            loads(meta["spot"], where=f"{path}: spot"),
            threads=threads,
            memory_limit=memory_limit,
            isomorphism=meta["isomorphism"],
            compress=meta["compress"],
        )
        arrays = solver.layout.arrays
        names = ["strat0", "strat1"] + (["regret0", "regret1"] if meta["regrets"] else [])
        for name in names:
            target = arrays["strat" if name.startswith("strat") else "regret"][int(name[-1])]
            data = _array(np, archive, sizes, name, target.dtype, target.shape, path)
            target[...] = data
        for p in (0, 1):
            addr = _array(np, archive, sizes, f"lock{p}_addr", np.int64, None, path)
            strategy = _array(np, archive, sizes, f"lock{p}_strategy", np.float32, None, path)
            mask = _array(np, archive, sizes, f"lock{p}_mask", np.uint8, None, path)
            solver._locks[p].update(_locks(solver, p, addr, strategy, mask, path))
            solver._push_locks(p)
    solver.iterations = meta["iterations"]
    solver.algorithm = meta["algorithm"]
    return solver


def _meta(np: Any, archive: zipfile.ZipFile, path: str | Path) -> dict[str, Any]:
    try:
        with archive.open("meta.npy") as f:
            raw = np.lib.format.read_array(f, allow_pickle=False)
        meta = json.loads(bytes(raw.astype(np.uint8)).decode())
    except (ValueError, KeyError, UnicodeDecodeError, OSError) as exc:
        raise SolverError(f"{str(path)!r} is not a solution file ({exc})") from None
    kinds = {
        "format": str,
        "version": int,
        "spot": str,
        "isomorphism": bool,
        "compress": bool,
        "iterations": int,
        "algorithm": str,
        "regrets": bool,
    }
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise SolverError(f"{str(path)!r} is not a solution file")
    for key, kind in kinds.items():
        if not isinstance(meta.get(key), kind) or (kind is int and isinstance(meta[key], bool)):
            raise SolverError(f"{str(path)!r}: a bad or missing {key!r} in its meta entry")
    if meta["version"] != VERSION:
        raise SolverError(f"{str(path)!r} is a solution file of version {meta['version']}")
    if meta["iterations"] < 0 or meta["algorithm"] not in ("dcfr", "cfr+"):
        raise SolverError(f"{str(path)!r}: bad iterations or algorithm in its meta entry")
    return meta


def _array(
    np: Any,
    archive: zipfile.ZipFile,
    sizes: dict[str, int],
    name: str,
    dtype: Any,
    shape: tuple[int, ...] | None,
    path: str | Path,
) -> Any:
    """One array of the archive, checked for its type and shape (and its size in the zip's
    directory before anything is inflated)."""
    entry = f"{name}.npy"
    if entry not in sizes:
        raise SolverError(f"{str(path)!r}: no {name} array")
    expected = None if shape is None else int(np.prod(shape)) * np.dtype(dtype).itemsize
    if expected is not None and not expected <= sizes[entry] <= expected + 4096:
        raise SolverError(f"{str(path)!r}: the {name} array does not fit the spot's tree")
    if expected is None and sizes[entry] > 1 << 30:
        raise SolverError(f"{str(path)!r}: the {name} array is too large")
    try:
        with archive.open(entry) as f:
            data = np.lib.format.read_array(f, allow_pickle=False)
    except (ValueError, OSError, zipfile.BadZipFile) as exc:
        raise SolverError(f"{str(path)!r}: the {name} array cannot be read ({exc})") from None
    if data.dtype != np.dtype(dtype) or data.ndim != 1 or (shape and data.shape != shape):
        raise SolverError(f"{str(path)!r}: the {name} array does not fit the spot's tree")
    return data


def _locks(
    solver: Solved, p: int, addr: Any, strategy: Any, mask: Any, path: str | Path
) -> dict[int, tuple[Any, Any]]:
    """The locks of player p, each checked to be a node of p in the tree."""
    np = load_numpy()
    n = len(solver.layout.weights[p])
    out: dict[int, tuple[Any, Any]] = {}
    used = 0
    for a in addr.tolist():
        k = solver._actions_at(p, a)
        if k is None or used + k * n > len(strategy) or len(mask) < (len(out) + 1) * n:
            raise SolverError(f"{str(path)!r}: a lock that is not a node of player {p}")
        s = strategy[used : used + k * n].astype(np.float32)
        m = mask[len(out) * n : (len(out) + 1) * n].astype(np.uint8)
        used += k * n
        out[a] = (s, m)
    if used != len(strategy) or len(mask) != len(out) * n:
        raise SolverError(f"{str(path)!r}: the locks' arrays do not fit")
    return out
