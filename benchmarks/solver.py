#!/usr/bin/env python3
"""Side-by-side benchmark of ``holdem.solver`` against TexasSolver's console solver.

The spots of issue 31, built the same way in both (TexasSolver's rules of amounts: pot-fraction
sizes rounded to the chip, its all-in threshold, four bets a street), on its sample ranges (read
from its own files, ``resources/text/commandline_sample_input.txt`` and
``benchmark/benchmark_texassolver.txt`` under ``--texassolver-dir``):

========== ===================================================================================
river      Qs Jh 2h 8d 3s, pot 100, stack 300, bets 33/75/150%, raises 60%, all-in; to 0.1%
turn       Qs Jh 2h 8d, pot 100, stack 300, bets 50/100%, raises 60%, all-in; to 0.4%
flop       Qs Jh 2h, pot 100, stack 400, bets 50% (flop) 66% (turn) 75% (river), raises 60%,
           all-in; to 0.37%
sample     TexasSolver's commandline_sample_input.txt (pot 50, stack 200); to 0.45%
benchmark  TexasSolver's benchmark_texassolver.txt (pot 10, stack 95); to 0.29%
========== ===================================================================================

(all-in threshold 0.67 but in the benchmark spot, 1.0 as its file says). Both solvers run
``--threads`` threads (2 by default), measure their exploitability every 10 iterations and stop
at the target, each by its own best response. Each run is a process of its own: the figures are
its solving time (TexasSolver's "time used", from its start of solving to its last measure;
ours, Solver.solve's seconds, every measure included), its iterations, the exploitability it
reached, its peak resident memory (``wait4``), and the process's wall time (TexasSolver's
includes loading its 2.6-million-line rank file, ours Python's start-up and imports). The two
alternate, the first one changing each round; medians of ``--repeats`` rounds.

On the river, where TexasSolver's game is exact, its strategy (dumped to JSON) is read into
holdem's tree, node by node (every node locked to it): holdem's best response then measures its
exploitability, and the value of its strategy is compared with the value of holdem's solution
(the bar: within 0.1% of the pot). On the turn and flop TexasSolver weights the cards to come
45/47 and 44/46 off the true game (its issue #95), so there each solver's exploitability is its
own measure.

Bars (issue 31): on turn, flop, sample and benchmark, holdem at least 2x faster in solving time
and at most half the peak memory (holdem runs them with 16-bit storage, as postflop-solver's
compression; ``--no-compress`` for float32 there too; the river is always float32); the river
solved to 0.1% in at most 0.1 s of solving, the tree and tables built included (the imports of
Python, holdem and NumPy are reported apart, as is the process's wall time).

TexasSolver is not part of holdem: build its ``console`` branch by hand (github
bupticybee/TexasSolver, AGPL) outside this repository and give the binary's path.

Usage:
  python benchmarks/solver.py --texassolver /work/ext/TexasSolver/console_solver
  python benchmarks/solver.py --texassolver PATH --spots river,turn --repeats 3 --json
  python benchmarks/solver.py --spots river,turn        # holdem alone
Exit status: 0 ok, 1 a check failed (a solver did not reach its target, values disagree), 2 a
bar was missed with --enforce-bars.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RIVER: dict[str, Any] = dict(
    board="Qs Jh 2h 8d 3s",
    pot=100,
    stack=300,
    target=0.1,
    threshold=0.67,
    sizes={"river": ("33,75,150", "60", "")},
)
TURN: dict[str, Any] = dict(
    board="Qs Jh 2h 8d",
    pot=100,
    stack=300,
    target=0.4,
    threshold=0.67,
    sizes={"turn": ("50,100", "60", ""), "river": ("50,100", "60", "")},
)
FLOP: dict[str, Any] = dict(
    board="Qs Jh 2h",
    pot=100,
    stack=400,
    target=0.37,
    threshold=0.67,
    sizes={"flop": ("50", "60", ""), "turn": ("66", "60", ""), "river": ("75", "60", "")},
)
SPOTS = ("river", "turn", "flop", "sample", "benchmark")
TARGETS = {"sample": 0.45, "benchmark": 0.29}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -- the spots ----------------------------------------------------------------------------------
# A spot here is plain data: board, pot, stack, target, threshold, the ranges (oop, ip), and
# per player and street (bet, raise, donk) sizes in percent of the pot and an all-in flag.


def _read_ts_file(path: Path) -> dict[str, Any]:
    """A TexasSolver command file read into a spot (its ranges, sizes and threshold)."""
    spot: dict[str, Any] = {"sizes": {}, "allin": set(), "threshold": 0.67}
    for line in path.read_text().splitlines():
        command, _, arg = line.strip().partition(" ")
        if command == "set_pot":
            spot["pot"] = int(float(arg))
        elif command == "set_effective_stack":
            spot["stack"] = int(float(arg))
        elif command == "set_board":
            spot["board"] = " ".join(arg.split(","))
        elif command == "set_range_oop":
            spot["oop"] = arg
        elif command == "set_range_ip":
            spot["ip"] = arg
        elif command == "set_allin_threshold":
            spot["threshold"] = float(arg)
        elif command == "set_bet_sizes":
            player, street, kind, *sizes = arg.split(",")
            if kind == "allin":
                spot["allin"].add((player, street))
            else:
                spot["sizes"].setdefault((player, street), {})[kind] = ",".join(sizes)
    return spot


def spots(ts_dir: Path | None) -> dict[str, dict[str, Any]]:
    """The benchmark's spots; the sample ranges and the two TexasSolver spots come from its
    files (the spots that need them are left out without --texassolver-dir)."""
    out: dict[str, dict[str, Any]] = {}
    if ts_dir is None:
        return out
    sample = _read_ts_file(ts_dir / "resources/text/commandline_sample_input.txt")
    bench = _read_ts_file(ts_dir / "benchmark/benchmark_texassolver.txt")
    for name, base in (("river", RIVER), ("turn", TURN), ("flop", FLOP)):
        spot: dict[str, Any] = {k: v for k, v in base.items() if k != "sizes"}
        spot["oop"], spot["ip"] = sample["oop"], sample["ip"]
        spot["sizes"] = {}
        spot["allin"] = set()
        for street, (bet, raise_, donk) in base["sizes"].items():
            for player in ("oop", "ip"):
                spot["sizes"][(player, street)] = {"bet": bet, "raise": raise_, "donk": donk}
                spot["allin"].add((player, street))
        out[name] = spot
    for name, spot in (("sample", sample), ("benchmark", bench)):
        spot["target"] = TARGETS[name]
        out[name] = spot
    return out


def _pct(sizes: str) -> str:
    return ",".join(f"{s}%" for s in sizes.split(",") if s)


def holdem_spot_code(spot: dict[str, Any]) -> str:
    """Python that builds the spot with holdem.solver (for the child process)."""
    streets = ("flop", "turn", "river")
    args = []
    for player in ("oop", "ip"):
        table = {}
        for street in streets:
            sizes = spot["sizes"].get((player, street), {})
            table[street] = (
                f"StreetSizes(bet={_pct(sizes.get('bet', ''))!r}, "
                f"raises={_pct(sizes.get('raise', ''))!r}, donk={_pct(sizes.get('donk', ''))!r}, "
                f"allin={(player, street) in spot['allin']})"
            )
        args.append(f"{player}_sizes={{" + ", ".join(f"{s!r}: {v}" for s, v in table.items()) + "}")
    return (
        f"Spot(board={spot['board']!r}, pot={spot['pot']}, stack={spot['stack']}, "
        f"oop={spot['oop']!r}, ip={spot['ip']!r}, {', '.join(args)}, raise_cap=3, "
        f"allin_threshold={spot['threshold']})"
    )


def ts_input(spot: dict[str, Any], threads: int, dump: Path | None) -> str:
    """TexasSolver's command file for the spot."""
    lines = [
        f"set_pot {spot['pot']}",
        f"set_effective_stack {spot['stack']}",
        f"set_board {','.join(spot['board'].split())}",
        f"set_range_ip {spot['ip']}",
        f"set_range_oop {spot['oop']}",
    ]
    for (player, street), sizes in spot["sizes"].items():
        for kind in ("bet", "raise", "donk"):
            if sizes.get(kind):
                lines.append(f"set_bet_sizes {player},{street},{kind},{sizes[kind]}")
    for player, street in sorted(spot["allin"]):
        lines.append(f"set_bet_sizes {player},{street},allin")
    lines += [
        f"set_allin_threshold {spot['threshold']}",
        "build_tree",
        f"set_thread_num {threads}",
        f"set_accuracy {spot['target']}",
        "set_max_iteration 10000",
        "set_print_interval 10",
        "set_use_isomorphism 1",
        "start_solve",
    ]
    if dump is not None:
        lines += ["set_dump_rounds 3", f"dump_result {dump}"]
    return "\n".join(lines) + "\n"


# -- running ------------------------------------------------------------------------------------


def run_process(args: list[str], cwd: Path | None = None) -> tuple[str, float, float]:
    """Run a process to its end: its standard output, wall seconds and peak RSS in MiB."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=None, cwd=cwd, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{args[0]} exited with {proc.returncode}: {out[-500:]}")
    return out, wall, usage.ru_maxrss / 1024  # Linux: KiB


def _run_texassolver_once(
    binary: Path, ts_dir: Path, spot: dict[str, Any], threads: int, dump: Path | None
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "spot.txt"
        path.write_text(ts_input(spot, threads, dump))
        out, wall, rss = run_process(
            [str(binary), "-i", str(path), "-r", str(ts_dir / "resources")], cwd=Path(tmp)
        )
    iters = [int(x) for x in re.findall(r"Iter: (\d+)", out)]
    expl = [float(x) for x in re.findall(r"Total exploitability ([-\d.e]+) precent", out)]
    used = [float(x) for x in re.findall(r"time used: ([\d.]+)", out)]
    if not iters or not expl or not used:
        raise RuntimeError(f"TexasSolver printed no progress: {out[-500:]}")
    return {
        "seconds": used[-1],
        "iterations": iters[-1],
        "exploitability": expl[-1],
        "peak_mib": rss,
        "wall": wall,
    }


def run_texassolver(
    binary: Path, ts_dir: Path, spot: dict[str, Any], threads: int, dump: Path | None
) -> dict[str, Any]:
    """TexasSolver on a spot; run again (up to twice more) when it crashes, as it now and then
    does on two threads (an exception from its solver after the first iterations); the
    figures are those of the run that finished, and the retries are counted."""
    for attempt in range(3):
        try:
            result = _run_texassolver_once(binary, ts_dir, spot, threads, dump)
        except RuntimeError as exc:
            if attempt == 2:
                raise
            log(f"TexasSolver failed ({str(exc)[:120]}...), running it again")
            continue
        result["retries"] = attempt
        return result
    raise AssertionError("unreachable")


HOLDEM_CHILD = """
import json, resource, sys, time
start = time.perf_counter()
import numpy
from holdem.solver import Solver, Spot, StreetSizes
job = json.loads(sys.argv[1])
spot = eval(job["spot"])
built = time.perf_counter()
solver = Solver(spot, threads=job["threads"], compress=job["compress"])
ready = time.perf_counter()
report = solver.solve(target=job["target"], threads=job["threads"], check_every=10)
result = dict(seconds=report.seconds, build=ready - built, imports=built - start,
              iterations=report.iterations, exploitability=report.exploitability,
              peak_mib=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
              tree_mib=solver.memory / 2**20)


def value():
    root = solver.node()
    return float((root.expected_values(0) * root.range(0)).sum() / root.range(0).sum())


if job["values"]:
    result["value"] = value()
if job["dump"]:
    sys.path.insert(0, job["here"])
    from solver import lock_texassolver
    lock_texassolver(solver, json.load(open(job["dump"])))
    result["ts_exploitability"] = solver.exploitability(locks=False)
    result["ts_value"] = value()
print(json.dumps(result))
"""


def run_holdem(
    spot: dict[str, Any], threads: int, compress: bool, dump: Path | None = None
) -> dict[str, Any]:
    job = {
        "spot": holdem_spot_code(spot),
        "threads": threads,
        "compress": compress,
        "target": spot["target"],
        "values": spot["board"].count(" ") == 4,
        "dump": str(dump) if dump else None,
        "here": str(Path(__file__).parent),
    }
    out, wall, rss = run_process([sys.executable, "-c", HOLDEM_CHILD, json.dumps(job)])
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    result["wall"] = wall
    result["peak_mib"] = rss
    return result


# -- TexasSolver's river strategy in holdem's tree -----------------------------------------------


def lock_texassolver(solver: Any, dump: dict[str, Any]) -> None:
    """Lock every node of holdem's (river) tree to TexasSolver's dumped strategy.

    TexasSolver's players are 1 (out of position) and 0; its actions are CHECK, CALL, FOLD,
    'BET x' and 'RAISE x' with x the chips that the action adds; its strategies map combos
    ('AhKs') to one frequency per action."""
    import numpy as np

    def visit(path: list[str], node: dict[str, Any], street_bets: tuple[int, int]) -> None:
        if node.get("node_type") != "action_node":
            return
        view = solver.node(*path)
        me = view.player
        labels = view.action_labels
        order = []
        next_bets: list[tuple[int, int]] = []
        for action in node["actions"]:
            kind, _, amount = action.partition(" ")
            bets = list(street_bets)
            if kind in ("BET", "RAISE"):
                bets[me] = street_bets[me] + round(float(amount))
                label = f"{kind.lower()} {bets[me]}"
                index = next(i for i, x in enumerate(labels) if x.split(" allin")[0] == label)
            else:
                index = labels.index(kind.lower())
            order.append(index)
            next_bets.append((bets[0], bets[1]))
        strategy = np.zeros((len(labels), len(view.combos(me))))
        names = ["".join(str(c) for c in combo) for combo in view.combos(me)]
        where = {name: i for i, name in enumerate(names)}
        for combo, freqs in node["strategy"]["strategy"].items():
            i = where.get(combo, where.get(combo[2:] + combo[:2]))
            if i is None:
                continue
            for j, f in zip(order, freqs, strict=True):
                strategy[j, i] = f
        total = strategy.sum(axis=0, keepdims=True)
        strategy = np.where(total > 0, strategy / np.where(total > 0, total, 1), 1 / len(labels))
        solver.lock(path, strategy)
        for action, after, index in zip(node["actions"], next_bets, order, strict=True):
            child = (node.get("childrens") or {}).get(action)
            if child is not None:
                visit([*path, labels[index]], child, after)

    visit([], dump, (0, 0))


# -- the report ---------------------------------------------------------------------------------


def median(runs: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(r[key] for r in runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texassolver", type=Path, help="TexasSolver's console_solver binary")
    parser.add_argument(
        "--texassolver-dir",
        type=Path,
        help="its source folder (resources/, benchmark/); default: the binary's",
    )
    parser.add_argument("--spots", default=",".join(SPOTS))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument(
        "--no-compress",
        dest="compress",
        action="store_false",
        help="float32 storage on every spot (16-bit storage is used on all but "
        "the river by default)",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--enforce-bars", action="store_true")
    args = parser.parse_args()
    ts_dir = args.texassolver_dir or (args.texassolver.parent if args.texassolver else None)
    if ts_dir is None:
        parser.error("the spots take TexasSolver's sample ranges: give --texassolver-dir")
    chosen = [s for s in args.spots.split(",") if s]
    table = spots(ts_dir)
    unknown = set(chosen) - set(table)
    if unknown:
        parser.error(f"unknown spots {sorted(unknown)}; they are {', '.join(SPOTS)}")
    load = os.getloadavg()
    log(
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} CPUs, "
        f"{args.threads} threads, holdem {'16-bit' if args.compress else 'float32'} storage"
    )
    results: dict[str, dict[str, list[dict[str, Any]]]] = {
        s: {"holdem": [], "texassolver": []} for s in chosen
    }
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeats):
            for name in chosen:
                spot = table[name]
                dump = Path(tmp) / f"{name}.json" if name == "river" else None
                order = ["texassolver", "holdem"]
                if (r + chosen.index(name)) % 2:
                    order.reverse()
                if args.texassolver is None:
                    order = ["holdem"]
                for who in order:
                    if who == "texassolver":
                        res = run_texassolver(args.texassolver, ts_dir, spot, args.threads, dump)
                    else:
                        ready = dump is not None and dump.exists()
                        res = run_holdem(
                            spot,
                            args.threads,
                            args.compress and name != "river",
                            dump if ready else None,
                        )
                    results[name][who].append(res)
                    log(f"{name:9} {who:11} {json.dumps(res)}")
    summary: dict[str, Any] = {"load": load, "threads": args.threads, "spots": {}}
    for name in chosen:
        row: dict[str, Any] = {}
        for who, runs in results[name].items():
            if runs:
                row[who] = {
                    k: median(runs, k) for k in runs[0] if isinstance(runs[0][k], float | int)
                }
        target = table[name]["target"]
        for who, fig in row.items():
            if fig["exploitability"] > target:
                log(f"FAILED: {who} did not reach {target}% on {name}")
                failed = True
        if "texassolver" in row:
            ts, ours = row["texassolver"], row["holdem"]
            row["speedup"] = ts["seconds"] / ours["seconds"]
            row["memory_ratio"] = ours["peak_mib"] / ts["peak_mib"]
            if "ts_value" in ours:
                row["value_gap_pct_pot"] = (
                    100 * abs(ours["value"] - ours["ts_value"]) / table[name]["pot"]
                )
                if row["value_gap_pct_pot"] > 0.1:
                    log(f"FAILED: river values {row['value_gap_pct_pot']:.3f}% of the pot apart")
                    failed = True
        summary["spots"][name] = row
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        for name, row in summary["spots"].items():
            ours = row["holdem"]
            line = (
                f"{name:9} holdem {ours['seconds']:8.3f} s solving ({ours['iterations']:.0f} it, "
                f"{ours['exploitability']:.3f}%), {ours['peak_mib']:7.1f} MiB peak, "
                f"{ours['wall']:.2f} s process"
            )
            if "texassolver" in row:
                ts = row["texassolver"]
                line += (
                    f" | TexasSolver {ts['seconds']:8.3f} s ({ts['iterations']:.0f} it, "
                    f"{ts['exploitability']:.3f}%), {ts['peak_mib']:7.1f} MiB, "
                    f"{ts['wall']:.2f} s process | {row['speedup']:.2f}x faster, "
                    f"{row['memory_ratio']:.2f}x memory"
                )
                if "value_gap_pct_pot" in row:
                    line += (
                        f" | values {ours['value']:.3f} vs {ours['ts_value']:.3f} "
                        f"({row['value_gap_pct_pot']:.4f}% of pot); TexasSolver's strategy "
                        f"{ours['ts_exploitability']:.3f}% by holdem's best response"
                    )
            print(line)
    bars_missed = []
    for name, row in summary["spots"].items():
        if "speedup" in row and name != "river":
            if row["speedup"] < 2.0:
                bars_missed.append(f"{name}: {row['speedup']:.2f}x faster (bar 2x)")
            if row["memory_ratio"] > 0.5:
                bars_missed.append(f"{name}: {row['memory_ratio']:.2f}x memory (bar 0.5x)")
        if name == "river":
            ours = row["holdem"]
            if ours["seconds"] + ours["build"] > 0.1:
                bars_missed.append(f"river: {ours['seconds'] + ours['build']:.3f} s (bar 0.1 s)")
    for miss in bars_missed:
        log(f"bar missed: {miss}")
    if failed:
        return 1
    return 2 if bars_missed and args.enforce_bars else 0


if __name__ == "__main__":
    sys.exit(main())
