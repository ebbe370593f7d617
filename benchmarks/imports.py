#!/usr/bin/env python3
"""How long ``import holdem`` takes, side by side with the peers' imports.

Each import runs in a fresh interpreter (``python -c "import X"``), timed inside it with
``time.perf_counter`` around the import statement alone, so the interpreter's own start-up is
not counted. The contenders are interleaved round-robin and the median of ``--repeats`` runs is
reported, with the ratio to holdem's median. Byte code is written on the first (untimed) run,
as an installed package has it.

Usage:
  python benchmarks/imports.py                 # holdem and the installed peers
  python benchmarks/imports.py --repeats 31
  python benchmarks/imports.py --also holdem.analysis.equity,holdem.engine.hand
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys

PEERS = ["phevaluator", "treys", "eval7", "holdem_hand_evaluator", "pokerkit"]
TIMER = (
    "import time, sys; t = time.perf_counter(); import {module}; "
    "sys.stdout.write(repr(time.perf_counter() - t))"
)


def time_import(module: str) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run(
        [sys.executable, "-c", TIMER.format(module=module)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return float(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--also", default="", help="more modules, comma-separated")
    args = parser.parse_args()
    modules = ["holdem", *filter(None, args.also.split(","))]
    modules += [m for m in PEERS if importlib.util.find_spec(m) is not None]
    for module in modules:
        time_import(module)  # untimed: writes byte code, warms the file cache
    times: dict[str, list[float]] = {m: [] for m in modules}
    for r in range(args.repeats):
        for module in modules[r % len(modules) :] + modules[: r % len(modules)]:
            times[module].append(time_import(module))
    base = statistics.median(times["holdem"])
    print(f"import time, median of {args.repeats} fresh interpreters")
    print(f"{'module':<24}{'ms':>8}{'min ms':>9}{'vs holdem':>11}")
    for module in modules:
        med = statistics.median(times[module])
        print(f"{module:<24}{med * 1e3:8.1f}{min(times[module]) * 1e3:9.1f}{med / base:10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
