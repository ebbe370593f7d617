"""``holdem icm``: tournament prize equity by the Independent Chip Model."""

from __future__ import annotations

import argparse
import itertools
import json
from typing import Any

from holdem.analysis.icm import icm
from holdem.cli._help import SEED, add_subcommand
from holdem.cli._players import NUMBERING, player, reporting
from holdem.cli._style import add_color_options
from holdem.errors import ArgumentError

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``icm`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "icm",
        summary="tournament prize equity by the Independent Chip Model",
        description="Each player's chance of finishing in each paid place and prize equity "
        "(Malmuth-Harville). Payouts are listed from first place down, each at most the one "
        "before; --samples goes with --method monte-carlo. "
        f"{NUMBERING} Player N has the Nth of --stacks.",
        examples=(
            "holdem icm --stacks 5000 3000 2000 --payouts 50 30 20",
            "holdem icm --stacks 900 700 500 400 --payouts 65 35 --method exact --json",
            "holdem icm --stacks 50 30 20 10 --payouts 5 3 2 --method monte-carlo --seed 1",
        ),
    )
    p.add_argument(
        "--stacks", nargs="+", type=int, required=True, help="chip stacks of players 1, 2 ..."
    )
    p.add_argument(
        "--payouts",
        nargs="+",
        type=_number,
        required=True,
        help="prizes 1st, 2nd.. (each at most the one before)",
    )
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte-carlo"),
        default="auto",
        help="exact (every finishing order), monte-carlo (sampled finishing orders, see "
        "--samples) or auto (exact where that is quick, else Monte Carlo; the default)",
    )
    p.add_argument(
        "--samples", type=int, help="Monte Carlo finishing orders (with --method monte-carlo)"
    )
    p.add_argument("--seed", type=SEED, help="Monte Carlo seed")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_color_options(p)  # the table is plain text; the options are taken as by every subcommand
    p.set_defaults(run=_run)


def _number(text: str) -> int | float:
    """An int if the text is one, else a float (payouts may be either)."""
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _check(args: argparse.Namespace) -> None:
    """Refuse payouts that rise from one place to the next, and --samples without Monte Carlo.

    :raises ArgumentError: for either.
    """
    for place, (before, after) in enumerate(itertools.pairwise(args.payouts), start=2):
        if after > before:
            raise ArgumentError(
                f"payouts are listed from first place down, each at most the one before: "
                f"place {place} pays {after:g}, more than place {place - 1} ({before:g})"
            )
    if args.samples is not None and args.method != "monte-carlo":
        raise ArgumentError(
            f"--samples counts Monte Carlo finishing orders: give it with --method monte-carlo "
            f"(--method is {args.method})"
        )


def _run(args: argparse.Namespace) -> int:
    _check(args)
    method = "monte carlo" if args.method == "monte-carlo" else args.method
    with reporting({"stack": lambda i: f"{player(i)}'s stack"}):
        result = icm(args.stacks, args.payouts, method=method, samples=args.samples, seed=args.seed)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    m = len(result.payouts)
    places = "".join(f"  {'place ' + str(k + 1):>9}" for k in range(m))
    lines = [f"{'player':<9}  {'stack':>10}{places}  {'equity':>12}"]
    rows = zip(result.stacks, result.places, result.equity, strict=True)
    for i, (stack, row, eq) in enumerate(rows):
        cells = "".join(f"  {p:>9.4%}" for p in row)
        err = "" if result.stderr is None else f" +- {result.stderr[i]:.6f}"
        lines.append(f"{player(i):<9}  {stack:>10}{cells}  {eq:12.6f}{err}")
    total = sum(result.equity)
    lines.append(f"{'total':<9}  {sum(result.stacks):>10}{' ' * 11 * m}  {total:12.6f}")
    note = result.method if result.samples is None else f"{result.method}, {result.samples} samples"
    lines.append(f"({note})")
    print("\n".join(lines))
    return 0
