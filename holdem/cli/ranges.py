"""``holdem range``: the starting-hand classes of a range, as a list, on the 13x13 grid, as a
heatmap of pre-flop equity, or as a picture."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from holdem.analysis.equity import preflop_equity
from holdem.analysis.odds import percent
from holdem.analysis.ranges import parse_range
from holdem.analysis.starting import CLASSES, class_shares, combo_count, grid
from holdem.cli._help import SEED, add_subcommand
from holdem.cli._progress import Bar
from holdem.cli._style import Style, add_color_options, style_for
from holdem.errors import ArgumentError

__all__ = ["class_equities", "register"]

_EQUITY_SCALE = (0.30, 0.86)  # the colours of the heatmap: 32o has 32.2%, AA 85.2%

HEATMAP_SAMPLES = 200_000
"""Monte Carlo samples a class for ``--heatmap`` (without ``--exact``): a standard error of
about 0.1 percentage point."""


def register(sub: Any) -> None:
    """Add the ``range`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "range",
        summary="starting-hand classes, the 13x13 grid and the pre-flop equity heatmap",
        examples=(
            "holdem range 'QQ+,AKs,AKo:0.5'",
            "holdem range 'QQ+,AKs,A2s-A5s' --grid",
            "holdem range --grid --combos",
            "holdem range 'QQ+,AKs,A2s-A5s' --grid --png range.png",
            "holdem range --heatmap",
            "holdem range --heatmap --png equity.png",
        ),
        description="List the starting-hand classes of a range, or show them on the 13x13 grid "
        "(ranks A to 2 along each side; pairs on the diagonal, suited above, offsuit below). "
        "RANGE is a range in the PokerStove/Equilab grammar (QQ+, ATs+, A2s-A5s, AsKs, weights "
        "AKs:0.5 or [75]..[/75]); a class only partly in it shows its share. The list is the "
        "range's canonical text: weights kept (KK,AKs:0.5), combos written as combos "
        "(AsKs,AhKh). Without RANGE, every class. --combos shows the grid with each class's "
        "combo count (it implies --grid). --heatmap shows each class's pre-flop equity against "
        "one random hand (Monte Carlo with a seed, or --exact). --png FILE draws the grid or "
        "the heatmap as a picture instead (it needs the plot extra: "
        'pip install "holdem-engine[plot]"). On a terminal the range\'s cells are coloured.',
    )
    p.add_argument("range", nargs="?", help="a range, e.g. 'QQ+,AKs,AKo:0.5' or '[75]KQo[/75]'")
    p.add_argument("--grid", action="store_true", help="print the 13x13 grid")
    p.add_argument(
        "--combos", action="store_true", help="show combo counts in the grid (implies --grid)"
    )
    p.add_argument(
        "--heatmap",
        action="store_true",
        help="each class's pre-flop equity against a random hand, on the grid (the range's "
        "classes only, when RANGE is given)",
    )
    p.add_argument("--png", metavar="FILE", help="draw the grid (or the heatmap) to this PNG file")
    p.add_argument(
        "--exact",
        action="store_true",
        help="with --heatmap: exact equities (every hand and board, counted once for the table "
        "shipped with the package: read at once) instead of Monte Carlo",
    )
    p.add_argument(
        "--seed",
        type=SEED,
        help="with --heatmap: the Monte Carlo seed (default 1, so the same map each time)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_color_options(p)
    p.set_defaults(run=_run)


def class_equities(
    names: Sequence[str] = CLASSES,
    *,
    exact: bool = False,
    seed: int = 1,
    samples: int = HEATMAP_SAMPLES,
    progress: Any = None,
) -> dict[str, float]:
    """The pre-flop equity against one random hand of each class of ``names`` (by default all
    169, in grid order).

    Monte Carlo with ``samples`` samples a class from ``seed`` (repeatable), or exact;
    ``progress(done, total)`` is called after each class.

    :raises ArgumentError: for a bad ``seed`` or ``samples`` (as :func:`holdem.equity`).
    :raises ArgumentTypeError: for a ``seed`` or ``samples`` of the wrong type.
    """
    out: dict[str, float] = {}
    for k, name in enumerate(names):
        if exact:
            out[name] = preflop_equity(name).equity
        else:
            out[name] = preflop_equity(name, samples=samples, seed=seed).equity
        if progress is not None:
            progress(k + 1, len(names))
    return out


def _colored(text: str, style: Style, paint: Callable[[str], str] | None = None) -> str:
    """The labelled grid ``text`` with its labels plain and every cell that is not '.' painted
    (by default, marked as in the range)."""
    if not style.color:
        return text
    paint = paint or style.mark
    lines = text.splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        label, _, cells = line.partition(" ")
        parts = cells.split(" ")
        out.append(label + " " + " ".join(p if p in ("", ".") else paint(p) for p in parts))
    return "\n".join(out)


def _run(args: argparse.Namespace) -> int:
    if args.heatmap and args.combos:
        raise ArgumentError("--heatmap and --combos are two different grids: give one")
    if args.exact and not args.heatmap:
        raise ArgumentError("--exact goes with --heatmap (exact pre-flop equities)")
    if args.seed is not None and (args.exact or not args.heatmap):
        raise ArgumentError("--seed goes with --heatmap, without --exact (a Monte Carlo seed)")
    if args.seed is None:
        args.seed = 1
    if args.combos or args.png:
        args.grid = True
    if args.range is None:
        shares = {name: 1.0 for name in CLASSES}
        listing = ",".join(CLASSES)
    else:
        parsed = parse_range(args.range)
        shares = class_shares(dict(parsed.items()))
        listing = str(parsed)  # canonical: keeps weights, writes part of a class combo by combo
    ordered = [name for name in CLASSES if shares.get(name)]
    combos = math.fsum(shares[name] * combo_count(name) for name in ordered)
    style = Style() if args.json else style_for(args)
    if args.heatmap:
        return _heatmap(args, ordered, style)
    values: dict[str, float]
    if args.combos:
        values = {name: shares[name] * combo_count(name) for name in ordered}
        plain = grid(values, fmt=lambda v: f"{v:g}")
        labelled = grid(values, fmt=lambda v: f"{v:g}", headers=True)
        title = "combos of each class"
    elif args.range is not None and any(shares[name] != 1.0 for name in ordered):
        # A class only partly in the range (some combos, or weights) shows its share.
        values = {name: shares[name] for name in ordered}
        plain = grid(values, fmt=".2f")
        labelled = grid(values, fmt=".2f", headers=True)
        title = "share of each class in the range"
    else:
        values = {name: 1.0 for name in ordered}
        chosen = None if args.range is None else ordered
        plain = grid(chosen)
        labelled = grid(chosen, headers=True)
        title = "classes in the range"
    share = percent(Fraction(combos).limit_denominator(10**6) / 1326, 1)
    summary = f"{len(ordered)} classes, {combos:g} of 1326 combos ({share})"
    if args.png:
        from holdem.cli._plot import grid_png

        labels = None
        if args.combos:
            labels = {name: f"{v:g}" for name, v in values.items()}
        elif title.startswith("share"):
            labels = {name: f"{v:.2f}" for name, v in values.items()}
        scale = (0.0, 12.0) if args.combos else (0.0, 1.0)
        heading = f"{args.range or 'every class'}: {summary}"
        grid_png(args.png, values, title=heading, labels=labels, scale=scale)
    if args.json:
        print(
            json.dumps(
                {
                    "range": listing,
                    "classes": ordered,
                    "shares": {name: shares[name] for name in ordered},
                    "combos": combos,
                    "grid": plain.splitlines() if args.grid else None,
                }
            )
        )
        return 0
    if args.png:
        print(f"wrote {args.png}")
    elif args.grid:
        print(_colored(labelled, style))
    else:
        print(listing)
    print(summary)
    return 0


def _good(percent: float) -> bool | None:
    """A heatmap cell's colour on a terminal: green from 55%, red under 45%, else none."""
    return True if percent >= 55 else False if percent < 45 else None


def _heatmap(args: argparse.Namespace, ordered: list[str], style: Style) -> int:
    """``--heatmap``: the pre-flop equity of each class (of the range) against a random hand."""
    show = sys.stderr.isatty()
    bar = Bar(sys.stderr, show, unit="classes")
    try:
        values = class_equities(ordered, exact=args.exact, seed=args.seed, progress=bar)
    finally:
        bar.close()
    how = (
        "exact"
        if args.exact
        else f"Monte Carlo, {HEATMAP_SAMPLES:,} samples a class, seed {args.seed}"
    )
    if args.png:
        from holdem.cli._plot import grid_png

        labels = {name: f"{100 * v:.1f}" for name, v in values.items()}
        low, high = _EQUITY_SCALE
        title = f"pre-flop equity (%) against a random hand ({how})"
        grid_png(args.png, values, title=title, labels=labels, scale=(low, high), colormap="RdYlGn")
    if args.json:
        print(
            json.dumps(
                {"equity": values, "exact": args.exact, "seed": None if args.exact else args.seed}
            )
        )
        return 0
    if args.png:
        print(f"wrote {args.png}")
    else:
        text = grid({n: 100 * v for n, v in values.items()}, fmt=".1f", headers=True)
        print(_colored(text, style, lambda cell: style.tone(cell, _good(float(cell)))))
    print(f"pre-flop equity (%) of each class against one random hand ({how})")
    return 0
