"""``holdem abstraction``: hands up to suit symmetry, their strength table and buckets.

Without ``--table`` or ``--buckets`` it prints the index counts (:class:`holdem.HandIndexer`):
the classes of each street with the board as one set of cards, and of each round with the turn
and the river apart. ``--table FILE.npz`` computes a street's strength table
(:func:`holdem.strength_table`: EHS, EHS² and, with ``--bins``, the strength histograms of every
class) and saves it; ``--from-table FILE.npz`` reads one instead; ``--buckets K --out
FILE.npz`` clusters the table's classes into K buckets (:func:`holdem.kmeans` on EHS and EHS²,
or :func:`holdem.emd_kmeans` on the histograms) and saves the index-to-bucket table
(:class:`holdem.Buckets`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from holdem.cli._help import SEED, add_subcommand, positive_int, whole
from holdem.cli._style import add_color_options
from holdem.errors import ArgumentError

__all__ = ["register"]

#: The streets by name, as board cards.
STREETS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
# Each street's board cards, for the counts of the rounds' indexer (the turn and river apart).
_ROUNDS = (2, 3, 1, 1)


def register(sub: Any) -> None:
    """Add the ``abstraction`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "abstraction",
        summary="hands up to suit symmetry: index counts, strength tables, buckets",
        description="With no --table, --from-table or --buckets: the number of classes of hands "
        "up to suit symmetry (Waugh's hand isomorphism) on each street, the board as one set of "
        "cards, and of each round with the turn and the river apart. --table computes the "
        "strength table of a --street (EHS, EHS2 and with --bins the histograms of the river "
        "strength, against a random hand or --opponent's range; --board restricts it to the "
        "hands on those boards) and saves it as .npz; --buckets K clusters a table's classes "
        "(k-means on EHS and EHS2, or earth mover's distance k-means on the histograms with "
        "--feature histogram) and saves the index-to-bucket table to --out. A whole flop table "
        "takes minutes, a turn or river one much longer (use --threads).",
        examples=(
            "holdem abstraction",
            "holdem abstraction --street river --board 'Ac Kc Qc 2d 7h' --table river.npz",
            "holdem abstraction --street flop --bins 8 --threads 2 --table flop.npz",
            "holdem abstraction --from-table flop.npz --buckets 50 --feature histogram "
            "--out flop-buckets.npz",
        ),
    )
    p.add_argument(
        "--street", choices=tuple(STREETS), help="the street of the counts or of the --table"
    )
    p.add_argument("--table", metavar="FILE", help="compute the street's strength table: save it")
    p.add_argument("--from-table", metavar="FILE", help="read a strength table saved by --table")
    p.add_argument(
        "--bins",
        type=whole(0, 1000),
        default=0,
        help="bins of the strength histograms (default 0: none)",
    )
    p.add_argument("--opponent", metavar="RANGE", help="the opponent's range (default: any hand)")
    p.add_argument(
        "--board",
        action="append",
        metavar="CARDS",
        help="only the hands on this board (as many as wanted; the street's board cards each)",
    )
    p.add_argument("--buckets", type=positive_int, metavar="K", help="cluster into K buckets")
    p.add_argument(
        "--feature",
        choices=("ehs2", "histogram"),
        default="ehs2",
        help="what --buckets clusters: EHS and EHS2 (k-means; the default) or the histograms "
        "(earth mover's distance k-means; needs a table with --bins)",
    )
    p.add_argument("--out", metavar="FILE", help="where --buckets saves the buckets (.npz)")
    p.add_argument("--seed", type=SEED, help="the seed of the buckets' k-means++ (default: fresh)")
    p.add_argument(
        "--iterations", type=positive_int, default=100, help="most Lloyd steps (default 100)"
    )
    p.add_argument("--threads", type=whole(1, 256), default=1, help="threads (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_color_options(p)  # plain text; the options are taken as by every subcommand
    p.set_defaults(run=_run)


def _check(args: argparse.Namespace) -> None:
    """Refuse options that do not go together.

    :raises ArgumentError: saying which.
    """
    if args.table is not None and args.from_table is not None:
        raise ArgumentError("--table computes a table and --from-table reads one: give one")
    if args.table is not None and args.street is None:
        raise ArgumentError("--table needs --street (preflop, flop, turn or river)")
    if args.from_table is not None and (args.board or args.opponent or args.bins):
        raise ArgumentError(
            "--board, --opponent and --bins describe a table to compute (--table), not one "
            "read with --from-table"
        )
    if args.table is None and (args.board or args.opponent or args.bins):
        raise ArgumentError("--board, --opponent and --bins go with --table")
    if (args.buckets is None) != (args.out is None):
        raise ArgumentError("--buckets K and --out FILE go together")
    if args.buckets is not None and args.table is None and args.from_table is None:
        raise ArgumentError("--buckets clusters a strength table: give --table or --from-table")


def _counts(street: int | None) -> dict[str, Any]:
    """The classes of each street (the board as one set) and of each round (turn, river apart)."""
    from holdem.abstraction.isomorphism import HandIndexer

    names = [name for name, k in STREETS.items() if street is None or k == street]
    rounds = HandIndexer(_ROUNDS)
    return {
        "streets": {name: HandIndexer.street(STREETS[name]).size(-1) for name in names},
        "rounds": {name: rounds.size(r) for r, name in enumerate(STREETS) if name in names},
    }


def _run(args: argparse.Namespace) -> int:
    _check(args)
    if args.table is None and args.from_table is None:
        counts = _counts(None if args.street is None else STREETS[args.street])
        if args.json:
            print(json.dumps(counts))
            return 0
        lines = [f"{'street':<8}  {'board as one set':>16}  {'turn, river apart':>17}"]
        for name, n in counts["streets"].items():
            lines.append(f"{name:<8}  {n:>16,}  {counts['rounds'][name]:>17,}")
        lines.append("(classes of hands up to suit symmetry: HandIndexer.street(n), HandIndexer())")
        print("\n".join(lines))
        return 0
    result: dict[str, Any] = {}
    table = _table(args, result)
    if args.buckets is not None:
        _buckets(args, table, result)
    if args.json:
        print(json.dumps(result))
        return 0
    t = result["table"]
    lines = [
        f"{t['street']}: {t['classes']:,} classes, {t['computed']:,} with a value, "
        f"mean EHS {t['mean_ehs']:.6f}" + (f", {t['bins']} histogram bins" if t["bins"] else "")
    ]
    if "saved" in t:
        lines.append(f"table saved to {t['saved']}")
    if "buckets" in result:
        b = result["buckets"]
        sizes = b["sizes"]
        lines.append(
            f"{b['k']} buckets ({b['feature']}): {min(sizes):,} to {max(sizes):,} classes "
            f"each, inertia {b['inertia']:.6g}, {b['iterations']} iterations; saved to {b['saved']}"
        )
    print("\n".join(lines))
    return 0


def _table(args: argparse.Namespace, result: dict[str, Any]) -> Any:
    """The strength table, computed and saved (--table) or read (--from-table); its summary in
    ``result["table"]``."""
    from holdem._batch import numpy_module
    from holdem.abstraction.strength import StrengthTable, strength_table
    from holdem.cards import parse_cards

    np = numpy_module("holdem abstraction")
    if args.from_table is not None:
        table = StrengthTable.load(args.from_table)
    else:
        boards = None
        if args.board:
            boards = [[int(c) for c in parse_cards(text)] for text in args.board]
        table = strength_table(
            STREETS[args.street],
            args.opponent,
            bins=args.bins,
            threads=args.threads,
            boards=boards,
        )
    k = sum(table.indexer.rounds) - 2  # (a street's indexer: the hole cards, the board)
    finite = np.isfinite(table.ehs)
    result["table"] = {
        "street": {v: n for n, v in STREETS.items()}.get(k, str(k)),
        "classes": int(table.ehs.shape[0]),
        "computed": int(finite.sum()),
        "mean_ehs": float(table.ehs[finite].mean()) if finite.any() else float("nan"),
        "bins": 0 if table.histogram is None else int(table.histogram.shape[1]),
    }
    if args.table is not None:
        table.save(args.table)
        result["table"]["saved"] = _npz(args.table)
    return table


def _buckets(args: argparse.Namespace, table: Any, result: dict[str, Any]) -> None:
    """The table's classes clustered and saved; the summary in ``result["buckets"]``.

    :raises ArgumentError: for a table with classes that have no value (restricted boards, or
        a range that never meets them), or ``--feature histogram`` without histograms.
    """
    from holdem._batch import numpy_module
    from holdem.abstraction.buckets import emd_kmeans, kmeans

    np = numpy_module("holdem abstraction")
    missing = int((~np.isfinite(table.ehs)).sum())
    if missing:
        raise ArgumentError(
            f"{missing:,} of the table's {table.ehs.shape[0]:,} classes have no value (a table "
            "restricted by --board, or a range that never meets them): buckets need them all"
        )
    if args.feature == "histogram":
        if table.histogram is None:
            raise ArgumentError("--feature histogram needs a table made with --bins")
        buckets = emd_kmeans(
            table.histogram, args.buckets, seed=args.seed, iterations=args.iterations,
            threads=args.threads,
        )  # fmt: skip
    else:
        features = np.stack([table.ehs, table.ehs2], axis=1).astype(np.float64)
        buckets = kmeans(
            features, args.buckets, seed=args.seed, iterations=args.iterations,
            threads=args.threads,
        )  # fmt: skip
    buckets.save(args.out)
    sizes = np.bincount(buckets.labels, minlength=buckets.k)
    result["buckets"] = {
        "k": buckets.k,
        "feature": args.feature,
        "sizes": [int(s) for s in sizes],
        "inertia": float(buckets.inertia),
        "iterations": int(buckets.iterations),
        "saved": _npz(args.out),
    }


def _npz(path: str) -> str:
    """The file NumPy writes for ``path`` (it adds ``.npz`` to a name without it)."""
    return path if path.endswith(".npz") else path + ".npz"
