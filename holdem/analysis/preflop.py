"""Preflop tables: each starting-hand class against each other heads-up, and against 1 to 9
random hands.

The heads-up table is exact: every deal of a combo of one class and a combo of the other that
share no card, over every board (1,712,304 for each deal). A class against a lower one is the
mirror of the upper one, and deals alike up to a change of suits have the same counts, so the
1,624,350 deals of two combos reduce to 47,086 distinct matchups, each enumerated once by the
compiled exact kernel. :func:`compute_heads_up` does it on threads or any
executor; the package ships its result (``preflop_tables.json.gz``, written by
``python -m holdem.analysis._preflop_tables OUT [THREADS]``), which :func:`heads_up_table`
reads.
Shipped rather than computed on first use: the tables take seconds of every core (the
multiway ones minutes), and a shipped copy gives every installation the same figures at once,
in a file of about 160 kB.

Against one random hand the table gives exact answers too (the deals against every class,
summed). Against 2 to 9 random hands the shipped figures are Monte Carlo, sampled until every
standard error is at most ``DEFAULT_STDERR`` (0.05 percentage points), each with its own
standard error. :func:`holdem.preflop_equity` reads both.

>>> t = heads_up_table()
>>> round(100 * t.equity("AA", "KK"), 2), round(100 * t.equity("KK", "AA"), 2)
(81.95, 18.05)
"""

from __future__ import annotations

import array
import concurrent.futures as cf
import functools
import gzip
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from holdem._parallel import run_chunks
from holdem._validate import check_int
from holdem.analysis import _exact
from holdem.analysis.starting import _PARTS, CLASSES, _combos_of, normalize_class
from holdem.errors import ArgumentTypeError

__all__ = [
    "BOARDS",
    "HeadsUpTable",
    "RandomOpponents",
    "compute_heads_up",
    "heads_up_table",
    "random_opponents",
]

#: Boards that can come after two hands are dealt: C(48, 5).
BOARDS = 1_712_304

_DATA = "preflop_tables.json.gz"
_PERMS = bytes(b for perm in itertools.permutations(range(4)) for b in perm)
_COMBOS = tuple(tuple(_combos_of(*_PARTS[name])) for name in CLASSES)
_CLASS_OF = {frozenset(c): k for k, combos in enumerate(_COMBOS) for c in combos}
_INDEX = {name: k for k, name in enumerate(CLASSES)}


@dataclass(frozen=True)
class HeadsUpTable:
    """Exact heads-up preflop counts of every class against every class, in grid order
    (:data:`holdem.CLASSES`).

    ``deals[i][j]`` is the number of deals of a combo of class i and one of class j sharing no
    card; over the ``deals[i][j] * BOARDS`` showdowns, class i wins ``wins[i][j]`` alone and
    splits ``ties[i][j]``.
    """

    deals: tuple[tuple[int, ...], ...]
    wins: tuple[tuple[int, ...], ...]
    ties: tuple[tuple[int, ...], ...]

    def equity(self, hand: str, versus: str) -> float:
        """Class ``hand``'s equity against class ``versus`` (ties pay half).

        :raises StartingHandError: for a name that is not one of the 169 classes.

        >>> round(heads_up_table().equity("AKs", "QQ"), 4)
        0.4605
        """
        i, j = _INDEX[normalize_class(hand)], _INDEX[normalize_class(versus)]
        return (self.wins[i][j] + self.ties[i][j] / 2) / (self.deals[i][j] * BOARDS)

    def matrix(self) -> list[list[float]]:
        """Every class's equity against every class: row i, column j is class i against j.

        >>> m = heads_up_table().matrix()
        >>> len(m), m[0][0], round(m[0][1] + m[1][0], 12)
        (169, 0.5, 1.0)
        """
        return [
            [(w + t / 2) / (d * BOARDS) for d, w, t in zip(*rows, strict=True)]
            for rows in zip(self.deals, self.wins, self.ties, strict=True)
        ]

    def versus_random(self, hand: str) -> tuple[float, float, float]:
        """Class ``hand``'s exact (equity, win, tie) against one random hand.

        :raises StartingHandError: for a name that is not one of the 169 classes.

        >>> [round(100 * x, 2) for x in heads_up_table().versus_random("AA")]
        [85.2, 84.93, 0.54]
        """
        i = _INDEX[normalize_class(hand)]
        total = sum(self.deals[i]) * BOARDS
        wins, ties = sum(self.wins[i]), sum(self.ties[i])
        return (wins + ties / 2) / total, wins / total, ties / total


@dataclass(frozen=True)
class RandomOpponents:
    """A class's equity against ``opponents`` random hands from the shipped table: exact for
    one opponent (``stderr`` 0), Monte Carlo beyond (``samples`` drawn)."""

    hand: str
    opponents: int
    equity: float
    win: float
    tie: float
    stderr: float
    samples: int


def _row(i: int) -> tuple[int, list[tuple[int, int, float, float]]]:
    """Row i of the upper triangle: (i, [(j, deals, wins, ties) for every class j >= i])."""
    hero = _COMBOS[i]
    others = [c for j in range(i, len(CLASSES)) for c in _COMBOS[j]]
    flat = bytes(x for c in (*hero, *others) for x in c)
    ones = array.array("d", [1.0]) * (len(hero) + len(others))
    hands, weights, _, _ = _exact.collect_classes(
        2, flat, ones, [0, len(hero), len(hero) + len(others)], 0, _PERMS
    )
    groups: dict[int, tuple[bytearray, list[float]]] = {}
    for k, w in enumerate(weights):
        j = _CLASS_OF[frozenset(hands[4 * k + 2 : 4 * k + 4])]
        h, ws = groups.setdefault(j, (bytearray(), []))
        h += hands[4 * k : 4 * k + 4]
        ws.append(w)
    out = []
    for j in sorted(groups):
        h, ws = groups[j]
        _, wins, ties, _ = _exact.enumerate_classes(2, bytes(h), array.array("d", ws), b"", b"")
        out.append((j, round(sum(ws)), wins[0], ties[0]))
    return i, out


def compute_heads_up(
    *,
    threads: int = 1,
    executor: cf.Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> HeadsUpTable:
    """Compute the exact heads-up table (what :func:`heads_up_table` reads), one row of the
    upper triangle a chunk, on ``threads`` threads or an ``executor``.

    :raises ArgumentTypeError: for ``threads`` that is not an int, or ``executor`` that is not
        an executor.
    :raises ArgumentError: for ``threads`` below 1, or threads that cannot be started.
    """
    check_int(threads, "threads", 1)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise ArgumentTypeError(f"executor is a concurrent.futures.Executor, got {executor!r}")
    n = len(CLASSES)
    deals = [[0] * n for _ in range(n)]
    wins = [[0] * n for _ in range(n)]
    ties = [[0] * n for _ in range(n)]
    # the longest rows first, so that the last chunks are short ones
    args = [(i,) for i in range(n)]
    for i, row in run_chunks(_row, args, threads=threads, executor=executor, progress=progress):
        for j, d, w, t in row:
            deals[i][j] = deals[j][i] = d
            wins[i][j] = round(w)
            ties[i][j] = ties[j][i] = round(t)
            if j != i:
                wins[j][i] = d * BOARDS - round(w) - round(t)
    return HeadsUpTable(tuple(map(tuple, deals)), tuple(map(tuple, wins)), tuple(map(tuple, ties)))


@functools.cache
def _data() -> dict[str, Any]:
    raw = resources.files("holdem.analysis").joinpath(_DATA).read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(raw))
    return data


@functools.cache
def heads_up_table() -> HeadsUpTable:
    """The exact heads-up table shipped with the package (made by :func:`compute_heads_up`).

    >>> heads_up_table().deals[0][0], heads_up_table().deals[0][1]
    (6, 12)
    """
    d = _data()["heads_up"]
    n = len(CLASSES)
    rows: list[tuple[tuple[int, ...], ...]] = []
    for key in ("deals", "wins", "ties"):
        full = [[0] * n for _ in range(n)]
        it = iter(d[key])
        for i in range(n):
            for j in range(i, n):
                full[i][j] = full[j][i] = next(it)
        rows.append(tuple(map(tuple, full)))
    deals, wins, ties = rows
    mirrored = tuple(
        tuple(wins[i][j] if j >= i else deals[i][j] * BOARDS - wins[j][i] - ties[i][j]
              for j in range(n))
        for i in range(n)
    )  # fmt: skip
    return HeadsUpTable(deals, mirrored, ties)


def random_opponents(hand: str, opponents: int = 1) -> RandomOpponents:
    """Class ``hand`` against ``opponents`` random hands, from the shipped tables.

    :raises StartingHandError: for a name that is not one of the 169 classes.
    :raises ArgumentTypeError: for ``opponents`` that is not an int.
    :raises ArgumentError: for ``opponents`` not from 1 to 9.

    >>> r = random_opponents("AA", 9)
    >>> round(r.equity, 2), r.stderr <= 0.0005
    (0.31, True)
    """
    name = normalize_class(hand)
    check_int(opponents, "opponents", 1, 9)
    if opponents == 1:
        e, w, t = heads_up_table().versus_random(name)
        return RandomOpponents(name, 1, e, w, t, 0.0, 0)
    row = _data()["random"][str(opponents)]
    e, w, t, s, n = row[_INDEX[name]]
    return RandomOpponents(name, opponents, e, w, t, s, n)
