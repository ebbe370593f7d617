"""``holdem stats``: tracker statistics per player over PHH or PokerStars hand histories."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from holdem import phh, pokerstars
from holdem.cli._help import add_subcommand
from holdem.errors import HoldemError
from holdem.phh import HandHistory
from holdem.stats import PlayerStats, Ratio, Tracker

__all__ = ["register"]

_PHH_SUFFIXES = (".phh", ".phhs")
_STREETS = ("flop", "turn", "river")


def register(sub: Any) -> None:
    """Add the ``stats`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "stats",
        summary="tracker statistics per player (VPIP, PFR, 3-bet, c-bet, WTSD, bb/100, ...)",
        description="Read hand histories (PHH .phh and .phhs files, or PokerStars text files: "
        "any other name) one hand at a time and print a player's statistics: each as a "
        "percentage of his chances with the counts (docs/guide/stats.md defines every one), "
        "the aggression factor and frequency, and the big blinds won per 100 hands with "
        "their standard error. Without --player, one line per player, the most hands first. "
        "A hand or file that cannot be read is reported on standard error and the rest goes "
        "on; the exit status is then 1.",
        examples=(
            "holdem stats session.phhs --player Hero",
            "holdem stats HH*.txt",
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a PHH or PokerStars file")
    p.add_argument("--player", metavar="NAME", help="the player whose statistics to print")
    p.set_defaults(run=_run)


def _histories(paths: list[str], problems: list[str]) -> Iterator[HandHistory]:
    """Every hand of the files, in order; what cannot be read goes to ``problems``."""
    for path in paths:
        try:
            if path.endswith(_PHH_SUFFIXES):
                yield from phh.load(path)
                continue
            read = pokerstars.load(path)
        except HoldemError as exc:
            problems.append(str(exc))
            continue
        problems.extend(f"{path}: hand #{r.number}: {r.reason}" for r in read.refused)
        for hand in read.hands:
            try:
                yield pokerstars.to_history(hand)
            except HoldemError as exc:
                problems.append(str(exc))


def _run(args: argparse.Namespace) -> int:
    problems: list[str] = []
    tracker = Tracker()
    for history in _histories(args.files, problems):
        try:
            tracker.add(history)
        except HoldemError as exc:
            problems.append(str(exc))
    for message in problems:
        print(f"holdem: refused: {message}", file=sys.stderr)
    if args.player is not None:
        if args.player not in tracker.players:
            print(f"holdem: error: no hand of {args.player!r} in the files", file=sys.stderr)
            return 1
        print(_table(tracker.players[args.player]))
    else:
        print(
            f"{'player':<20} {'hands':>6} {'VPIP':>6} {'PFR':>6} {'3-bet':>6} {'WTSD':>6}"
            f" {'bb/100':>9}"
        )
        for stats in sorted(tracker.players.values(), key=lambda s: (-s.hands, s.name)):
            print(
                f"{stats.name[:20]:<20} {stats.hands:>6} {_pct(stats.vpip):>6} "
                f"{_pct(stats.pfr):>6} {_pct(stats.three_bet):>6} {_pct(stats.wtsd):>6} "
                f"{stats.bb_per_100:>+9.1f}"
            )
    print(f"holdem: {tracker.hands} hands read", file=sys.stderr)
    return 1 if problems else 0


def _pct(ratio: Ratio) -> str:
    p = ratio.percent
    return "-" if p is None else f"{p:.1f}"


def _table(s: PlayerStats) -> str:
    """The player's statistics, one a line."""
    rows: list[tuple[str, object]] = [
        ("hands", s.hands),
        ("VPIP", s.vpip),
        ("PFR", s.pfr),
        ("3-bet", s.three_bet),
        ("fold to 3-bet", s.fold_to_three_bet),
        ("4-bet", s.four_bet),
        ("steal", s.steal),
        ("fold to steal", s.fold_to_steal),
    ]
    for i, street in enumerate(_STREETS, 1):
        rows.append((f"c-bet {street}", s.cbet[i]))
        rows.append((f"fold to c-bet {street}", s.fold_to_cbet[i]))
    for i, street in enumerate(_STREETS, 1):
        rows.append((f"check-raise {street}", s.check_raise[i]))
        rows.append((f"donk bet {street}", s.donk_bet[i]))
    af = s.aggression_factor
    error = s.bb_per_100_error
    rows += [
        ("saw flop", s.saw_flop),
        ("WTSD", s.wtsd),
        ("W$SD", s.wsd),
        ("W$WSF", s.wwsf),
        ("aggression factor", "-" if af is None else f"{af:.2f}"),
        ("aggression frequency", s.aggression_frequency),
        ("won (chips)", s.won),
        ("bb/100", f"{s.bb_per_100:+.2f}" + ("" if error is None else f" +- {error:.2f}")),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join([s.name] + [f"  {name:<{width}}  {value}" for name, value in rows])
