"""``holdem stats``: tracker statistics per player over PHH or PokerStars hand histories."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from holdem import histories, phh
from holdem.cli._help import add_subcommand
from holdem.cli._plot import winnings_png
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
        description="Read hand histories (PHH .phh and .phhs files; any other file, folder or "
        "zip is read by holdem.histories.load, which tells the site) one hand at a time and "
        "print a player's statistics: each as a percentage of his chances with the counts "
        "(docs/guide/stats.md defines every one), "
        "the aggression factor and frequency, and the big blinds won per 100 hands with "
        "their standard error. Without --player, one line per player, the most hands first. "
        "A hand or file that cannot be read is reported on standard error and the rest goes "
        "on; the exit status is then 1.",
        examples=(
            "holdem stats session.phhs --player Hero",
            "holdem stats session.phhs --player Hero --by-position",
            "holdem stats HH*.txt --player Hero --png winnings.png",
            "holdem stats HH*.txt",
        ),
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a PHH file, or any site's file, folder or zip (holdem.histories.load)",
    )
    p.add_argument("--player", metavar="NAME", help="the player whose statistics to print")
    p.add_argument(
        "--by-position",
        action="store_true",
        help="with --player: one column of statistics per position (BTN, CO, ..., SB, BB)",
    )
    p.add_argument(
        "--png",
        metavar="FILE",
        help="with --player: draw his winnings and his all-in adjusted winnings, in big "
        "blinds, over the hands to this PNG file (the plot extra: matplotlib)",
    )
    p.set_defaults(run=_run)


def _histories(paths: list[str], problems: list[str]) -> Iterator[HandHistory]:
    """Every hand of the files, in order (PHH files as they are, any other file, folder or zip
    through :func:`holdem.histories.load`, whose site it tells); what cannot be read goes to
    ``problems``."""
    for path in paths:
        if path.endswith(_PHH_SUFFIXES):
            try:
                yield from phh.load(path)
            except HoldemError as exc:
                problems.append(str(exc))
            continue
        loaded = histories.load(path, check=False)
        try:
            for hand in loaded:
                yield hand.history
        except HoldemError as exc:
            problems.append(str(exc))
        problems.extend(str(e) for e in loaded.errors)


def _run(args: argparse.Namespace) -> int:
    if (args.png or args.by_position) and args.player is None:
        print("holdem: error: --png and --by-position need --player", file=sys.stderr)
        return 2
    problems: list[str] = []
    tracker = Tracker(by_position=args.by_position)
    curve: list[tuple[float, float]] = []  # the player's winnings and adjusted ones, in bb
    for history in _histories(args.files, problems):
        try:
            flags = tracker.add(history)
        except HoldemError as exc:
            problems.append(str(exc))
            continue
        if args.png:
            for f in flags:
                if f.name == args.player:
                    curve.append((f.won_bb, f.won_adjusted_bb))
    for message in problems:
        print(f"holdem: refused: {message}", file=sys.stderr)
    if args.player is not None:
        if args.player not in tracker.players:
            print(f"holdem: error: no hand of {args.player!r} in the files", file=sys.stderr)
            return 1
        if args.by_position:
            print(_positions(tracker, args.player))
        else:
            print(_table(tracker.players[args.player]))
        if args.png:
            winnings_png(args.png, curve, args.player)
            print(f"holdem: wrote {args.png}", file=sys.stderr)
    else:
        print(
            f"{'player':<20} {'hands':>6} {'VPIP':>6} {'PFR':>6} {'3-bet':>6} {'WTSD':>6}"
            f" {'bb/100':>9} {'adj bb/100':>10}"
        )
        for stats in sorted(tracker.players.values(), key=lambda s: (-s.hands, s.name)):
            print(
                f"{stats.name[:20]:<20} {stats.hands:>6} {_pct(stats.vpip):>6} "
                f"{_pct(stats.pfr):>6} {_pct(stats.three_bet):>6} {_pct(stats.wtsd):>6} "
                f"{stats.bb_per_100:>+9.1f} {stats.adjusted_bb_per_100:>+10.1f}"
            )
    print(f"holdem: {tracker.hands} hands read", file=sys.stderr)
    return 1 if problems else 0


def _positions(tracker: Tracker, player: str) -> str:
    """The player's main statistics, one column per position."""
    rows = [r for r in tracker.rows(by_position=True) if r["player"] == player]
    keys = (
        ("hands", "hands"),
        ("VPIP", "vpip"),
        ("PFR", "pfr"),
        ("3-bet", "three_bet"),
        ("steal", "steal"),
        ("WTSD", "wtsd"),
        ("bb/100", "bb_per_100"),
        ("adj bb/100", "adjusted_bb_per_100"),
    )
    lines = [f"{player}\n  {'':<12}" + "".join(f"{r['position']:>8}" for r in rows)]
    for label, key in keys:
        cells = []
        for r in rows:
            value = r[key]
            if value is None:
                cells.append(f"{'-':>8}")
            elif isinstance(value, float):
                cells.append(f"{value:>+8.1f}" if "bb" in key else f"{value:>8.1f}")
            else:
                cells.append(f"{value!s:>8}")
        lines.append(f"  {label:<12}" + "".join(cells))
    return "\n".join(lines)


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
        ("all-in adjusted bb/100", f"{s.adjusted_bb_per_100:+.2f}"),
        ("all-in hands", s.all_in_hands),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join([s.name] + [f"  {name:<{width}}  {value}" for name, value in rows])
