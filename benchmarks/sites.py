#!/usr/bin/env python3
"""Reading speed of each site's hand histories: ``holdem.histories.load``, in hands per second.

The job per site: ``holdem.histories.load(folder)`` over the site's real files of the shared
corpus (``../shared/corpus``, or ``--corpus``; fpdb-3's regression files, read in place), every
hand read into the common record, converted to PHH, its arithmetic checked and replayed through
the engine (what ``holdem convert`` does), and, as a second figure, with ``check=False``
(read and converted, not replayed). For the PokerStars family, a third contender reads the same
files with ``holdem.pokerstars.load`` and ``check`` (whole files, no sniffing): the cost of
``load``'s streaming, side by side. The rate counts the hands read; the hands refused cost
their time too (they are few; the count is printed).

Method: one process; the sites interleaved round-robin (the first one alternates each round),
one untimed warm-up each, the MEDIAN of ``--repeats`` rounds, ``time.perf_counter``, the garbage
collected before each run and the collector off while it runs (``benchmarks/_timing.py``).
The load average is printed with the figures.

Usage:
  python benchmarks/sites.py              # full run
  python benchmarks/sites.py --quick      # smoke run
  python benchmarks/sites.py --json       # JSON on stdout

No peer reads these sites' texts into a replayable hand (pokerkit reads PokerStars' only;
``benchmarks/histories.py`` compares with it there): the figures are holdem's alone.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import _timing

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("HOLDEM_CORPUS") or ROOT.parent / "shared" / "corpus")
SITES = {
    "PokerStars family": ["pokerstars"],
    "GGPoker": ["sites/cash/GGPoker", "sites/tour/GGPoker"],
    "Winamax": ["sites/cash/Winamax", "sites/tour/Winamax"],
    "iPoker": ["sites/cash/iPoker", "sites/tour/iPoker"],
    "PartyPoker": ["sites/cash/PartyPoker", "sites/tour/PartyPoker"],
    "888": ["sites/cash/PacificPoker", "sites/tour/PacificPoker"],
    "Ongame": ["sites/cash/OnGame", "sites/tour/OnGame"],
    "WPN": ["sites/cash/Winning/Flop", "sites/tour/Winning"],
}


def job(folders: list[Path], check: bool) -> Callable[[], int]:
    from holdem.histories import load

    def run() -> int:
        done = 0
        for folder in folders:
            for _ in load(folder, check=check):
                done += 1
        return done

    return run


def stars_direct(folders: list[Path]) -> Callable[[], int]:
    """The PokerStars family through ``holdem.pokerstars.load`` file by file (the whole text
    read at once, no sniffing): the cost of load's streaming and sniffing, side by side."""
    from holdem import pokerstars
    from holdem.errors import HoldemError

    files = sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())

    def run() -> int:
        done = 0
        for path in files:
            try:
                read = pokerstars.load(path)
            except HoldemError:
                continue
            for hand in read.hands:
                try:
                    pokerstars.check(hand)
                except HoldemError:
                    continue
                done += 1
        return done

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 1
    repeats = 2 if args.quick else args.repeats
    jobs: dict[str, Callable[[], int]] = {}
    for site, parts in SITES.items():
        folders = [args.corpus / p for p in parts if (args.corpus / p).is_dir()]
        jobs[f"{site}: checked"] = job(folders, True)
        jobs[f"{site}: read only"] = job(folders, False)
        if site == "PokerStars family":
            jobs[f"{site}: pokerstars.load"] = stars_direct(folders)
    counts = {name: run() for name, run in jobs.items()}
    timings = _timing.interleaved(jobs, repeats, gc_off=True)
    wall = timings.wall()
    report = {
        "machine": _timing.machine(),
        "repeats": repeats,
        "sites": {
            name: {
                "hands": counts[name],
                "seconds": wall[name],
                "hands_per_s": counts[name] / wall[name],
                "spread_s": [min(v) * 1e-9 for v in [timings.wall_ns[name]]]
                + [statistics.median(timings.wall_ns[name]) * 1e-9]
                + [max(timings.wall_ns[name]) * 1e-9],
            }
            for name in jobs
        },
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"load average {report['machine']['loadavg']}, median of {repeats} rounds")
    for name, row in report["sites"].items():
        print(
            f"{name:32s} {row['hands']:6d} hands  {row['seconds'] * 1e3:8.1f} ms  "
            f"{row['hands_per_s']:8.0f} hands/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
