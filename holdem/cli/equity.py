"""``holdem equity``: all-in equity of 2 to 10 hands or ranges, exact or Monte Carlo."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, TextIO

from holdem.analysis.equity import DEFAULT_STDERR, EquityResult, equity
from holdem.analysis.game_equity import OMAHA_GAMES, game_equity
from holdem.cards import format_cards, parse_cards
from holdem.cli._help import add_subcommand
from holdem.errors import ArgumentError
from holdem.games import GAMES

__all__ = ["register"]

_BAR_AFTER = 0.5  # seconds before a progress bar appears


class _Bar:
    """A one-line progress bar on a terminal, drawn once the run has taken a moment."""

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.start = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or time.monotonic() - self.start < _BAR_AFTER:
            return
        width = 30
        fill = width * done // max(total, 1)
        percent = 100 * done // max(total, 1)
        self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {percent:3d}%  ")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * 42 + "\r")
            self.stream.flush()


def _run(args: argparse.Namespace) -> int:
    exact = True if args.exact else None
    if args.game != "holdem":
        if args.stderr is not None:
            raise ArgumentError(f"--stderr applies to hold'em only, not to {args.game}")
        result = game_equity(
            args.players,
            args.board,
            args.dead,
            game=args.game,
            exact=exact,
            samples=args.samples,
            seed=args.seed,
        )
    else:
        show = args.progress if args.progress is not None else sys.stderr.isatty()
        bar = _Bar(sys.stderr, show)
        try:
            result = equity(
                args.players,
                args.board,
                args.dead,
                exact=exact,
                samples=args.samples,
                stderr=args.stderr,
                seed=args.seed,
                threads=args.threads,
                progress=bar,
            )
        finally:
            bar.close()
    board = format_cards(parse_cards(args.board), sep="")
    dead = format_cards(parse_cards(args.dead), sep="")
    if args.json:
        print(json.dumps(_as_json(args.players, board, dead, result)))
    else:
        print(_as_text(args.players, board, dead, result))
    return 0


def _as_json(players: list[str], board: str, dead: str, r: EquityResult) -> dict[str, Any]:
    """The result's own dict, with the board, the dead cards and each player's argument."""
    data = {"board": board, "dead": dead, **r.to_dict()}
    data["players"] = [{"player": p, **e} for p, e in zip(players, data["players"], strict=True)]
    return data


def _as_text(players: list[str], board: str, dead: str, r: EquityResult) -> str:
    how = (
        f"exact: {r.showdowns:,} showdowns"
        if r.exact
        else f"Monte Carlo: {r.showdowns:,} samples, seed {r.seed}"
    )
    lines = [f"board {board or '-'}   dead {dead or '-'}   ({how})"]
    name = max(6, *(len(p) for p in players))
    head = f"{'player':<{name}}  {'equity':>9}  {'win':>9}  {'tie':>9}"
    lines.append(head + ("" if r.exact else f"  {'+/-':>7}"))
    for p, e in zip(players, r, strict=True):
        row = f"{p:<{name}}  {100 * e.equity:8.4f}%  {100 * e.win:8.4f}%  {100 * e.tie:8.4f}%"
        lines.append(row + ("" if r.exact else f"  {100 * e.stderr:6.4f}%"))
    return "\n".join(lines)


def register(sub: Any) -> None:
    """Add the ``equity`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "equity",
        summary="all-in equity of 2-10 hands or ranges",
        description="All-in equity of 2 to 10 players, each a hand (AhKh) or a range "
        "('QQ+,AKs', 'random', 'AKs:0.5', '[75]AKo[/75]'). Exact when the job is small, "
        "else Monte Carlo, unless --exact, --samples or --stderr says otherwise.",
        examples=(
            "holdem equity AhKh QsQd",
            "holdem equity 'QQ+,AKs' random --board Ah7c2d",
            "holdem equity AhKh 'JJ+' random --samples 1000000 --seed 1 --threads 2 --json",
            "holdem equity --game omaha AsAhKsKh QdJdTc9c",
            "holdem equity --game short-deck AsKs TdTc --board 6c7d8h",
        ),
    )
    p.add_argument(
        "--game",
        default="holdem",
        choices=(*GAMES, *OMAHA_GAMES),
        help="the game (default holdem); the other games take hands only (4-6 hole cards "
        "each in omaha and omaha-hi-lo), not ranges",
    )
    p.add_argument("players", nargs="+", help="hands or ranges, one argument per player")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. Ah7c2d")
    p.add_argument("--dead", default="", help="cards out of play")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal and board")
    how.add_argument("--samples", type=int, help="Monte Carlo with this many samples")
    p.add_argument(
        "--stderr",
        type=float,
        metavar="ERROR",
        help="Monte Carlo until each equity's standard error (the statistical error of the "
        f"estimate) is at most ERROR (default {DEFAULT_STDERR}, when the job is not exact)",
    )
    p.add_argument("--seed", type=int, help="seed of a Monte Carlo run (repeatable)")
    p.add_argument("--threads", type=int, default=1, help="threads to run on (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw a progress bar on the terminal's error stream (default: when that stream "
        "is a terminal)",
    )
    p.set_defaults(run=_run)
