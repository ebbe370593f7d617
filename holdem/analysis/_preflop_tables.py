"""Write the preflop tables that :mod:`holdem.analysis.preflop` ships: the exact heads-up table
and, against 2 to 9 random hands, Monte Carlo figures to a standard error of
``DEFAULT_STDERR``.

    python -m holdem.analysis._preflop_tables OUT.json.gz [THREADS]

The file is gzipped JSON (``format`` 1): the classes, the boards after a deal, the upper
triangle of the heads-up deals, wins and ties, and per number of opponents one row a class
(equity, win, tie, standard error, samples). It takes minutes of every core; the seeds are
fixed, so the figures come out the same on every run.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Sequence

from holdem._parallel import run_chunks
from holdem.analysis.equity import DEFAULT_STDERR, equity
from holdem.analysis.preflop import BOARDS, compute_heads_up
from holdem.analysis.starting import CLASSES, class_combos

__all__ = ["main", "write"]

FORMAT = 1  # the version of the file's layout


def _random_row(name: str, opponents: int, stderr: float, seed: int) -> list[float]:
    combo = class_combos(name)[0]
    r = equity([combo, *["random"] * opponents], stderr=stderr, seed=seed)
    # seven decimals: far below the standard errors, and a smaller file
    return [*(round(x, 7) for x in (r[0].equity, r[0].win, r[0].tie, r[0].stderr)), r.showdowns]


def write(path: str, threads: int) -> None:
    """Compute both tables and write them, gzipped JSON, to ``path``."""
    table = compute_heads_up(threads=threads)
    n = len(CLASSES)
    upper = {
        key: [getattr(table, key)[i][j] for i in range(n) for j in range(i, n)]
        for key in ("deals", "wins", "ties")
    }
    rand: dict[str, list[list[float]]] = {}
    for k in range(2, 10):
        args = [(name, k, DEFAULT_STDERR, 1000 * k + i) for i, name in enumerate(CLASSES)]
        rand[str(k)] = run_chunks(_random_row, args, threads=threads)
        print(f"{k} opponents done", file=sys.stderr, flush=True)
    data = {
        "format": FORMAT,
        "classes": list(CLASSES),
        "boards": BOARDS,
        "heads_up": upper,
        "random": rand,
    }
    text = json.dumps(data, separators=(",", ":")).encode()
    with open(path, "wb") as f:
        f.write(gzip.compress(text, mtime=0))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m holdem.analysis._preflop_tables OUT [THREADS]``: write the tables to OUT."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not 1 <= len(args) <= 2:
        print(
            "usage: python -m holdem.analysis._preflop_tables OUT.json.gz [THREADS]",
            file=sys.stderr,
        )
        return 2
    write(args[0], int(args[1]) if len(args) == 2 else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
