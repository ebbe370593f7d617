#!/usr/bin/env python3
"""Benchmark: a whole multi-table tournament, seated and played to a winner, by field size.

What is timed: ``holdem tournament --players N --seed S --json`` run in this process (its
built-in random agents at every seat, nine-handed tables, the default blind schedule: blinds
from a fiftieth of the stack rising by half every ten rounds, balancing and breaking tables as
players bust), from the seating to the last hand, in the CPU time of this thread
(``time.thread_time``: a busy machine slows the wall clock, not this) and in wall time. No
peer library plays multi-table tournaments to compare with; the figures are holdem's against
issue 28's bars.

Usage:
  python benchmarks/tournament.py                      # 1,000, 10,000 and 100,000 players
  python benchmarks/tournament.py --players 1000 10000 # chosen sizes
  python benchmarks/tournament.py --json

Bars (issue 28): 10,000 players under 10 s and 100,000 under 2 minutes on one core.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import time

from holdem.cli import main as holdem_main

BARS = {10_000: 10.0, 100_000: 120.0}


def run(players: int, seed: int) -> dict[str, float | int]:
    out = io.StringIO()
    cpu, wall = time.thread_time(), time.perf_counter()
    with contextlib.redirect_stdout(out):
        status = holdem_main(
            ["tournament", "--players", str(players), "--seed", str(seed), "--json"]
        )
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    if status != 0:
        raise SystemExit(f"holdem tournament --players {players} exited with {status}")
    result = json.loads(out.getvalue())
    winner = result["standings"][0]
    assert winner["place"] == 1 and len(result["standings"]) == players
    return {"players": players, "rounds": result["rounds"], "moves": result["moves"],
            "cpu_seconds": cpu, "wall_seconds": wall}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    rows = [run(n, args.seed) for n in args.players]
    bars = [
        {"bar": f"{n:,} players under {limit:g} s of CPU", "seconds": r["cpu_seconds"],
         "ok": r["cpu_seconds"] < limit}
        for r in rows for n, limit in BARS.items() if r["players"] == n
    ]  # fmt: skip
    if args.json:
        print(json.dumps({"loadavg": os.getloadavg(), "runs": rows, "bars": bars}))
        return 0
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'players':>9} {'rounds':>7} {'moves':>7} {'CPU s':>8} {'wall s':>8}")
    for r in rows:
        print(f"{r['players']:>9,} {r['rounds']:>7} {r['moves']:>7} {r['cpu_seconds']:>8.2f} "
              f"{r['wall_seconds']:>8.2f}")  # fmt: skip
    for b in bars:
        print(f"{'PASS' if b['ok'] else 'FAIL'}  {b['bar']}: {b['seconds']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
