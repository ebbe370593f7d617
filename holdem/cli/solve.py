"""``holdem solve``: solve a postflop spot from a spot file and show a node's strategy."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from holdem.cli._help import add_subcommand, positive_number, whole
from holdem.cli._progress import BAR_AFTER, duration, interruptible
from holdem.errors import ArgumentError

__all__ = ["register"]

_REDRAW = 0.2  # seconds between two lines of progress


def register(sub: Any) -> None:
    """Add the ``solve`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "solve",
        summary="solve a heads-up postflop spot (discounted CFR) and show its strategy",
        examples=(
            "holdem solve river.toml",
            "holdem solve turn.toml --threads 2 --exploitability 0.3",
            "holdem solve river.toml --node 'check,bet 75' --json",
            "holdem solve flop.toml --compress --save flop.npz",
            "holdem solve --load flop.npz --node 'bet 50,call,8d' --png turn.png",
        ),
        description="Solve the spot that SPOTFILE describes (a small TOML file: board, pot, "
        "stack, each player's range and bet sizes; see the solver guide) to an exploitability "
        "of --exploitability percent of the pot (0.5 by default), measured exactly by a best "
        "response over the whole tree, or for --iterations or --time. The tree's size and "
        "memory come first (a tree larger than --memory-limit is refused before any work); on "
        "a terminal the exploitability is shown as it falls. Then the strategy at the root, or "
        "at --node PATH (actions and cards dealt, separated by commas: 'check,bet 75,call,8d'): "
        "each action's frequency over the acting player's range there, and per starting-hand "
        "class. --json prints one JSON object with every combo's strategy, expected value and "
        "equity; --png FILE draws the node's strategy on the 13x13 grid (it needs the plot "
        'extra: pip install "holdem-engine[plot]"). --save FILE keeps the solution; --load '
        "FILE reads one instead of a SPOTFILE (and solves on only if asked). The solver needs "
        'NumPy: pip install "holdem-engine[numpy]".',
    )
    p.add_argument("spotfile", nargs="?", help="the spot file (TOML)")
    p.add_argument(
        "--exploitability",
        type=positive_number,
        metavar="PCT",
        help="target exploitability, percent of the pot (default 0.5)",
    )
    p.add_argument("--iterations", type=whole(0), help="stop after this many iterations")
    p.add_argument("--time", type=positive_number, metavar="SECONDS", help="stop after this long")
    # (holdem.solver.solving's limit, not imported at start-up: a test keeps them equal)
    p.add_argument("--threads", type=whole(1, 256), default=1, help="threads, 1 to 256 (1)")
    p.add_argument("--algorithm", choices=("dcfr", "cfr+"), default="dcfr", help="default: dcfr")
    p.add_argument(
        "--compress", action="store_true", help="16-bit storage: half the memory of float32"
    )
    p.add_argument(
        "--no-isomorphism", action="store_true", help="walk every suit (no suit isomorphism)"
    )
    p.add_argument(
        "--memory-limit",
        type=positive_number,
        metavar="MIB",
        help="refuse a tree that needs more memory",
    )
    p.add_argument("--node", default="", metavar="PATH", help="the node to show (default: root)")
    p.add_argument("--save", metavar="FILE", help="save the solution to FILE (.npz)")
    p.add_argument("--load", metavar="FILE", help="read a saved solution instead of a SPOTFILE")
    p.add_argument("--png", metavar="FILE", help="draw the node's strategy to this PNG file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    p.set_defaults(run=_run)


def _path(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _run(args: Any) -> int:
    from holdem.solver import Solver
    from holdem.solver.spotfile import load

    if (args.spotfile is None) == (args.load is None):
        raise ArgumentError("give a SPOTFILE, or --load a saved solution (one of the two)")
    limit = None if args.memory_limit is None else int(args.memory_limit * (1 << 20))
    if args.load is not None:
        solver = Solver.load(args.load, threads=args.threads, memory_limit=limit)
    else:
        spot = load(args.spotfile)
        solver = Solver(
            spot,
            threads=args.threads,
            memory_limit=limit,
            isomorphism=not args.no_isomorphism,
            compress=args.compress,
        )
    path = _path(args.node)
    solver.node(*path)  # a path that leads nowhere is refused before any work
    tree = _tree_facts(solver)
    asked = args.exploitability is not None or args.iterations is not None or args.time is not None
    report = None
    if args.load is None or asked:
        target = 0.5 if not asked else args.exploitability
        if not args.json and not args.quiet:
            print(_tree_line(tree), file=sys.stderr, flush=True)
        shown = _Progress(enabled=not args.quiet and sys.stderr.isatty(), target=target)
        report = interruptible(
            lambda: solver.solve(
                target=target,
                iterations=args.iterations,
                seconds=args.time,
                algorithm=args.algorithm,
                threads=args.threads,
                progress=shown,
            )
        )
        shown.done()
    if args.save:
        solver.save(args.save)
    node = solver.node(*path)
    if args.png:
        _png(args.png, node, solver)
    if args.json:
        print(json.dumps(_as_json(solver, node, tree, report)))
        return 0
    if report is not None:
        print(
            f"solved: {report.iterations} iterations, {duration(report.seconds)}, "
            f"exploitability {report.exploitability:.3f}% of the pot ({report.stopped})"
        )
    elif args.load:
        print(
            f"loaded: {solver.iterations} iterations, exploitability "
            f"{solver.exploitability():.3f}% of the pot"
        )
    print(_node_text(node))
    if args.save:
        print(f"saved {args.save}")
    if args.png:
        print(f"wrote {args.png}")
    return 0


class _Progress:
    """Iterations and exploitability on one line of standard error, redrawn as they change."""

    def __init__(self, enabled: bool, target: float | None) -> None:
        self.enabled = enabled
        self.target = target
        self.start = time.monotonic()
        self.drawn = 0.0
        self.width = 0

    def __call__(self, progress: Any) -> None:
        now = time.monotonic() - self.start
        if not self.enabled or now < BAR_AFTER or now - self.drawn < _REDRAW:
            return
        self.drawn = now
        measured = progress.exploitability
        text = f"iteration {progress.iterations}, {duration(progress.seconds)}"
        if measured is not None:
            text += f", exploitability {measured:.3f}%"
            if self.target is not None:
                text += f" (target {self.target:g}%)"
        sys.stderr.write("\r" + text + " " * max(0, self.width - len(text)))
        sys.stderr.flush()
        self.width = len(text)

    def done(self) -> None:
        if self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


def _tree_facts(solver: Any) -> dict[str, Any]:
    layout = solver.layout
    return {
        "nodes": solver.tree.count(),
        "street_instances": layout.street_instances,
        "strategy_entries": layout.storage[0] + layout.storage[1],
        "memory_bytes": solver.memory,
        "isomorphic_swaps": len(layout.swaps),
    }


def _tree_line(tree: dict[str, Any]) -> str:
    counts = tree["nodes"]
    return (
        f"tree: {counts['action']} action nodes and {counts['chance']} deals in its pattern, "
        f"{tree['street_instances']:,} street instances, {tree['memory_bytes'] / 2**20:,.1f} MiB"
    )


def _node_text(node: Any) -> str:
    where = " / ".join(node.path) or "root"
    board = " ".join(str(c) for c in node.board)
    head = f"node {where} (board {board}, pot {node.pot}): "
    if node.player < 0:
        return head + f"{node.kind}, nobody acts"
    who = "OOP" if node.player == 0 else "IP"
    lines = [head + f"{who} acts"]
    freqs = node.frequencies()
    labels = node.action_labels
    lines.append(
        "  " + ", ".join(f"{a} {100 * f:.1f}%" for a, f in zip(labels, freqs, strict=True))
    )
    classes = node.by_class()
    width = max(len(a) for a in labels)
    lines.append("  class   weight  " + "  ".join(f"{a:>{max(width, 6)}}" for a in labels))
    from holdem.analysis.starting import CLASSES

    for name in CLASSES:
        if name in classes and classes[name][0] > 0:
            w, f = classes[name]
            cells = "  ".join(f"{100 * x:>{max(width, 6) - 1}.1f}%" for x in f)
            lines.append(f"  {name:<6} {w:7.2f}  {cells}")
    return "\n".join(lines)


def _as_json(solver: Any, node: Any, tree: dict[str, Any], report: Any) -> dict[str, Any]:
    from holdem.solver.spotfile import dumps

    out: dict[str, Any] = {"spot": dumps(solver.spot), "tree": tree}
    if report is not None:
        out["solve"] = {
            "iterations": report.iterations,
            "seconds": report.seconds,
            "exploitability": report.exploitability,
            "stopped": report.stopped,
        }
    else:
        out["solve"] = {"iterations": solver.iterations, "exploitability": solver.exploitability()}
    entry: dict[str, Any] = {
        "path": list(node.path),
        "kind": node.kind,
        "board": [str(c) for c in node.board],
        "pot": node.pot,
    }
    if node.player >= 0:
        p = node.player
        combos = ["".join(str(c) for c in combo) for combo in node.combos(p)]
        strategy = node.strategy()
        weights = node.range(p)
        evs = node.expected_values(p)
        equities = node.equities(p)
        entry["player"] = "oop" if p == 0 else "ip"
        entry["actions"] = node.action_labels
        entry["frequencies"] = [float(x) for x in node.frequencies()]
        entry["combos"] = {
            name: {
                "weight": float(weights[i]),
                "strategy": [float(x) for x in strategy[:, i]],
                "ev": None if evs[i] != evs[i] else float(evs[i]),
                "equity": None if equities[i] != equities[i] else float(equities[i]),
            }
            for i, name in enumerate(combos)
        }
    out["node"] = entry
    return out


def _png(path: str, node: Any, solver: Any) -> None:
    from holdem.cli._plot import strategy_png

    if node.player < 0:
        raise ArgumentError(f"--png draws a strategy: nobody acts at a {node.kind} node")
    where = " / ".join(node.path) or "root"
    who = "OOP" if node.player == 0 else "IP"
    board = " ".join(str(c) for c in node.board)
    strategy_png(
        path,
        node.by_class(),
        node.action_labels,
        title=f"{who} at {where} (board {board}, pot {node.pot})",
    )
