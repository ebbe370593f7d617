"""``holdem equity``: all-in equity of 2 to 10 hands or ranges, exact or Monte Carlo."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from holdem.analysis._sampling import CHUNK
from holdem.analysis.equity import (
    DEFAULT_STDERR,
    EquityResult,
    ExactEstimate,
    equity,
    estimate_exact,
)
from holdem.cards import format_cards, parse_cards
from holdem.cli._help import SEED, add_subcommand, positive_int
from holdem.cli._players import NUMBERING, player
from holdem.cli._progress import Bar, count, duration, interruptible
from holdem.cli._style import Style, add_color_options, style_for
from holdem.errors import ArgumentError, HoldemError
from holdem.games import GAMES, OMAHA_GAMES, THREE_CARD_GAMES

__all__ = ["register"]

_NAMES = ", ".join((*GAMES, *OMAHA_GAMES, *THREE_CARD_GAMES))  # the --game choices

_BAR_AFTER = 0.5  # seconds before a progress bar appears
_SAY_AFTER = 1.0  # an exact job estimated to take longer gives its estimate before it starts
_WARN_AFTER = 10.0  # ... and from this long, the Monte Carlo way


def _announce(args: argparse.Namespace, guess: ExactEstimate) -> None:
    """Before an exact job (``--exact``) estimated to take a while: its work and time on the
    error stream and, from ``_WARN_AFTER`` seconds, the Monte Carlo way that answers in moments."""
    if guess.seconds < _SAY_AFTER:
        return
    threads = f" on {args.threads} threads" if args.threads > 1 else ""
    text = (
        f"holdem: exact: {count(guess.showdowns)} showdowns ({count(guess.deals)} deals x "
        f"{guess.boards:,} boards), about {duration(guess.seconds)}{threads}"
    )
    if guess.seconds >= _WARN_AFTER:
        text += (
            f". Monte Carlo gives each equity to +/-{100 * DEFAULT_STDERR:g}% (standard error) "
            "in moments: drop --exact, or give --samples N"
        )
    print(text, file=sys.stderr, flush=True)


def _bar(args: argparse.Namespace, guess: ExactEstimate | None) -> Bar:
    """The progress bar of this run: its unit of work, how much there is, and its end."""
    show = args.progress is not False  # (by default: a bar on a terminal, else a line a minute)
    lines = args.progress is None and not sys.stderr.isatty()
    if guess is not None:
        return Bar(
            sys.stderr, show, unit="showdowns", work=guess.showdowns, after=_BAR_AFTER, lines=lines
        )
    if args.samples is not None:
        return Bar(
            sys.stderr, show, unit="samples", work=args.samples, after=_BAR_AFTER, lines=lines
        )
    goal = f"until each standard error is at most {100 * (args.stderr or DEFAULT_STDERR):g}%"
    return Bar(
        sys.stderr,
        show,
        unit="samples",
        per_step=CHUNK,
        open_ended=True,
        goal=goal,
        after=_BAR_AFTER,
        lines=lines,
    )


def _run(args: argparse.Namespace) -> int:
    if args.game != "holdem":
        return _run_game(args)
    guess = None
    if args.exact:
        guess = estimate_exact(args.players, args.board, args.dead, threads=args.threads)
    bar = _bar(args, guess)

    def job() -> EquityResult:
        return equity(
            args.players,
            args.board,
            args.dead,
            exact=True if args.exact else None,
            samples=args.samples,
            stderr=args.stderr,
            seed=args.seed,
            threads=args.threads,
            progress=bar,
        )

    try:
        # An exact job sorts its deals in one compiled loop before the first chunk: off the
        # main thread, so that Ctrl-C is heard at once.
        if guess is not None:
            known = guess
            result = interruptible(job, lambda: _announce(args, known))
        else:
            result = job()
    finally:
        bar.close()
    return _show(args, result)


def _run_game(args: argparse.Namespace) -> int:
    """``--game`` other than hold'em: hands or ranges, exact or Monte Carlo (on the variant
    kernels, without threads or a standard error to aim at)."""
    if args.stderr is not None:
        raise ArgumentError(f"--stderr applies to hold'em only, not to {args.game}")
    result = equity(
        args.players,
        args.board,
        args.dead,
        game=args.game,
        exact=True if args.exact else None,
        samples=args.samples,
        seed=args.seed,
    )
    return _show(args, result)


def _show(args: argparse.Namespace, result: EquityResult) -> int:
    if args.json:
        board = format_cards(parse_cards(args.board), sep="")
        dead = format_cards(parse_cards(args.dead), sep="")
        print(json.dumps(_as_json(args.players, board, dead, result)))
    else:
        print(_as_text(args.players, args.board, args.dead, result, style_for(args)))
    return 0


def _as_json(players: list[str], board: str, dead: str, r: EquityResult) -> dict[str, Any]:
    """The result's own dict, with the board, the dead cards and each player's argument."""
    data = {"board": board, "dead": dead, **r.to_dict()}
    data["players"] = [{"player": p, **e} for p, e in zip(players, data["players"], strict=True)]
    return data


def _as_text(players: list[str], board: str, dead: str, r: EquityResult, style: Style) -> str:
    """The result as a table: one row a player, numbered as on the command line."""
    how = (
        f"exact: {r.showdowns:,} showdowns"
        if r.exact
        else f"Monte Carlo: {r.showdowns:,} samples, seed {r.seed}"
    )
    shown_board = style.cards(parse_cards(board), sep="") or "-"
    shown_dead = style.cards(parse_cards(dead), sep="") or "-"
    lines = [f"board {shown_board}   dead {shown_dead}   ({how})"]
    texts = [_hand_text(p, style) for p in players]
    name = max(4, *(_visible(t) for t in texts))
    head = f"{'player':<8}  {'hand':<{name}}  {'equity':>9}  {'win':>9}  {'tie':>9}"
    lines.append(head + ("" if r.exact else f"  {'+/-':>7}"))
    for i, (text, e) in enumerate(zip(texts, r, strict=True)):
        pad = " " * (name - _visible(text))
        row = (
            f"{player(i):<8}  {text}{pad}  {100 * e.equity:8.4f}%  {100 * e.win:8.4f}%  "
            f"{100 * e.tie:8.4f}%"
        )
        lines.append(row + ("" if r.exact else f"  {100 * e.stderr:6.4f}%"))
    return "\n".join(lines)


def _hand_text(argument: str, style: Style) -> str:
    """A player's argument as shown: a hand in the output's card style, a range as given."""
    try:
        cards = parse_cards(argument)
    except HoldemError:
        return argument
    return style.cards(cards, sep="") if len(cards) == 2 else argument


def _visible(text: str) -> int:
    """The width of ``text`` on a terminal (colour escapes take none)."""
    return len(re.sub(r"\x1b\[[0-9;]*m", "", text))


def register(sub: Any) -> None:
    """Add the ``equity`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "equity",
        summary="all-in equity of 2-10 hands or ranges",
        description="All-in equity of 2 to 10 players, each a hand (AhKh) or a range "
        "('QQ+,AKs', 'random', 'AKs:0.5', '[75]AKo[/75]'). Exact when the job is small, "
        "else Monte Carlo, unless --exact, --samples or --stderr says otherwise. An exact job "
        "that will take a while first gives its estimated work and time on the error stream; "
        "the progress bar shows the time taken, the rate and the time left (ETA). "
        f"{NUMBERING}",
        examples=(
            "holdem equity AhKh QsQd",
            "holdem equity 'QQ+,AKs' random --board Ah7c2d",
            "holdem equity AhKh 'JJ+' random --samples 1000000 --seed 1 --threads 2 --json",
            "holdem equity --game omaha AsAhKsKh QdJdTc9c",
            "holdem equity --game short-deck AsKs TdTc --board 6c7d8h",
            "holdem equity --game short-deck 'TT+,AKs' random",
            "holdem equity --game omaha-hi-lo As2sKdQd random --samples 100000 --seed 1",
        ),
    )
    p.add_argument(
        "--game",
        default="holdem",
        choices=(*GAMES, *OMAHA_GAMES, *THREE_CARD_GAMES),
        metavar="GAME",
        help=f"the game: {_NAMES} (default holdem); short-deck, manila and royal take hands "
        "and hold'em ranges (the combos of their deck); omaha and omaha-hi-lo take hands of "
        "4-6 cards and 'random', lazy-pineapple and double-holdem hands of 3 cards and 'random'",
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
    p.add_argument("--seed", type=SEED, help="seed of a Monte Carlo run (repeatable)")
    p.add_argument("--threads", type=positive_int, default=1, help="threads to run on (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw a progress bar on the terminal's error stream (default: when that stream "
        "is a terminal; when it is a pipe or a file, a job past 10 s writes a line of progress "
        "a minute there)",
    )
    add_color_options(p)
    p.set_defaults(run=_run)
