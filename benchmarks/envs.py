#!/usr/bin/env python3
"""Side-by-side benchmark of the simulation environments: holdem's PettingZoo AEC environment
against PettingZoo's ``texas_holdem_no_limit_v6`` (rlcard underneath) and a Python loop over
OpenSpiel's ``universal_poker``.

What is timed: complete heads-up no-limit hands (stacks 100, blinds 1/2, the v6 defaults),
each decision a uniformly random legal action from the mask (OpenSpiel: from
``legal_actions()`` of its ``fcpa`` abstraction, the same five kinds of action; its chance
nodes sampled uniformly), in hands per second. holdem runs with its default observation and
with the ``pettingzoo_v6`` one; every AEC loop calls ``last()`` (observation and mask) at every
turn, as an agent does.

Method: one process; contenders interleaved round-robin (the first one rotates each round); one
untimed warm-up run each; the MEDIAN of ``--repeats`` runs; ``time.perf_counter``, or with
``--clock cpu`` the CPU time of the timing thread (``time.thread_time``: every contender runs in
that thread, and a busy machine then slows none of them in the figures). The loop is
``benchmarks/_timing.py``'s.

Usage:
  python benchmarks/envs.py              # full run
  python benchmarks/envs.py --quick      # smoke run
  python benchmarks/envs.py --json       # JSON on stdout
  python benchmarks/envs.py --clock cpu  # thread CPU time instead of wall-clock time

Bars: the AEC environment (default encoding) at least 20x PettingZoo's and faster than the
OpenSpiel Python loop.

The vector environment (``holdem.envs.vector.HoldemVectorEnv``) is timed in a second table, in
actions per second: ``--envs`` six-max no-limit hands (1,024 by default; stacks 100, blinds
1/2) stepped together, each action uniformly random among the legal ones of each hand's mask
(drawn with NumPy in the timed loop: ``(rng.random(mask.shape) * mask).argmax(1)``; or, the
"kernel draws" rows, by the kernel itself: ``RANDOM_ACTION``, with no work in Python between
the steps), on one thread and on two; against the same six-max game stepped one action per
Python call through OpenSpiel's ``universal_poker`` (``fcpa``, as above) and PettingZoo's
``texas_holdem_no_limit_v6`` (the AEC loop above), interleaved in the same way. Bars: at least
2,000,000 actions/s on one thread, 20x the OpenSpiel loop and 100x PettingZoo (the NumPy
draws, by ``--clock``); two threads at least 1.7x one (the kernel draws: the environment's own
work; the median of ``--pairs`` ratios of a one-thread and a two-thread run back to back, so
that a host whose speed drifts during the run moves both runs of a pair; by the wall clock
always, which says something only when the machine has two free CPUs: the table shows
``cpu_probe``'s ratio, about 1 when two processes each have a CPU to themselves, about 2 when
they share one; and ``VECTOR_PROBE``'s, the one-thread kernel-draws loop in two processes at
once against one alone: two CPUs that slow each other down on that work, whatever the cause,
leave two threads less than 2x). With the NumPy draws the two-thread
ratio is printed with its ceiling: the draw alone is timed too (``NumPy draws alone``, not in
the table), and it runs on the calling thread between the steps, where no thread of the
environment can share it: one thread's time over the draw plus half of the rest.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import statistics
import sys
import warnings
from collections.abc import Callable
from typing import Any

import _timing


def version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def aec_runner(make: Callable[[], Any]) -> Callable[[int, int], int]:
    def run(n: int, seed: int) -> int:
        env = make()
        rng = random.Random(seed)
        decisions = 0
        env.reset(seed=seed)
        for _ in range(n):
            env.reset()
            for _agent in env.agent_iter():
                obs, _reward, done, truncated, _info = env.last()
                if done or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                env.step(rng.choice([i for i in range(len(mask)) if mask[i]]))
                decisions += 1
        return decisions

    return run


def holdem_runner(encoding: str) -> Callable[[int, int], int]:
    from holdem.envs import texas_holdem_v0

    return aec_runner(lambda: texas_holdem_v0.env(num_players=2, obs_encoding=encoding))


def pettingzoo_runner(players: int = 2) -> Callable[[int, int], int]:
    from pettingzoo import make

    return aec_runner(lambda: make("aec", "classic/texas_holdem_no_limit-v6", num_players=players))


def numpy_draw(rng: Any, mask: Any) -> Any:
    """Each row's action uniformly random among the legal ones of its mask, drawn with NumPy."""
    return (rng.random(mask.shape) * mask).argmax(1)


def vector_runner(envs: int, threads: int, kernel_draws: bool) -> Callable[[int, int], int]:
    """``steps`` steps of ``envs`` six-max hands, random legal actions (drawn with NumPy from
    the masks, or by the kernel: ``RANDOM_ACTION``): the actions taken."""
    import numpy as np

    from holdem.envs.vector import RANDOM_ACTION, HoldemVectorEnv

    env = HoldemVectorEnv(envs, num_players=6, threads=threads)
    drawn = np.full(envs, RANDOM_ACTION, dtype=np.int64)

    def run(steps: int, seed: int) -> int:
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        mask = info["action_mask"]
        for _ in range(steps):
            actions = drawn if kernel_draws else numpy_draw(rng, mask)
            _, _, _, _, info = env.step(actions)
            mask = info["action_mask"]
        return steps * envs

    return run


def draw_runner(envs: int) -> Callable[[int, int], int]:
    """The NumPy draw of the vector rows alone, ``steps`` times on one mask of ``envs`` fresh
    six-max hands: the caller's work of a step that no thread of the environment shares."""
    import numpy as np

    from holdem.envs.vector import HoldemVectorEnv

    _, info = HoldemVectorEnv(envs, num_players=6).reset(seed=0)
    mask = info["action_mask"].copy()

    def run(steps: int, seed: int) -> int:
        rng = np.random.default_rng(seed)
        for _ in range(steps):
            numpy_draw(rng, mask)
        return steps * envs

    return run


def thread_pairs(
    one: Callable[[int, int], int],
    two: Callable[[int, int], int],
    steps: int,
    pairs: int,
    seed: int,
) -> list[float]:
    """Two threads over one, paired: ``pairs`` times, the kernel-draws loop on one thread
    (``one``, a :func:`vector_runner`) and on two (``two``), back to back (which runs first
    alternates), each pair's ratio of actions/s. A pair's two runs follow each other within a
    tenth of a second, so a machine whose speed drifts (another tenant's load on the host)
    moves both of them: the median of these ratios is the bar's figure."""
    import time

    ratios = []
    for r in range(pairs):
        took = {}
        for run in (one, two) if r % 2 == 0 else (two, one):
            t0 = time.perf_counter_ns()
            run(steps, seed + r)
            took[run] = time.perf_counter_ns() - t0
        ratios.append(took[one] / max(took[two], 1))
    return ratios


def openspiel_runner(players: int = 2) -> Callable[[int, int], int]:
    import pyspiel

    # ACPC's game definition: seats 1-indexed; heads-up, seat 2 (the button) posts the small
    # blind and acts first pre-flop; else seats 1 and 2 post the blinds and seat 3 acts first.
    blind = "2 1" if players == 2 else " ".join(["1", "2"] + ["0"] * (players - 2))
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "bettingAbstraction": "fcpa",
            "numPlayers": players,
            "numRounds": 4,
            "blind": blind,
            "firstPlayer": "2 1 1 1" if players == 2 else "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join(["100"] * players),
        },
    )

    def run(n: int, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            if abs(sum(state.returns())) > 1e-9:
                raise AssertionError("openspiel: not zero-sum")
        return decisions

    return run


CONTENDERS: dict[str, tuple[str, Callable[[], Callable[[int, int], int]], int]] = {
    # name: (distribution, runner factory, hands per run relative to holdem's)
    "holdem AEC": ("holdem-engine", lambda: holdem_runner("default"), 1),
    "holdem AEC v6 obs": ("holdem-engine", lambda: holdem_runner("pettingzoo_v6"), 1),
    "openspiel loop": ("open_spiel", openspiel_runner, 1),
    "pettingzoo v6": ("pettingzoo", pettingzoo_runner, 20),
}


def time_contenders(
    contenders: dict[str, tuple[Callable[[], Callable[[int, int], int]], int]],
    repeats: int,
    seed: int,
) -> tuple[dict[str, tuple[Callable[[int, int], int], int]], _timing.Timings]:
    """Each contender's runner made (``factory()``; one whose package is missing skipped) and
    timed on its size ``n``: interleaved rounds, each run seeded ``seed + round``, after an
    untimed warm-up of a tenth of the size."""
    runners: dict[str, tuple[Callable[[int, int], int], int]] = {}
    for name, (factory, n) in contenders.items():
        try:
            runners[name] = (factory(), n)
        except ImportError as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)

    def job(name: str) -> Callable[[int], int]:
        run, n = runners[name]
        return lambda r: run(n, seed + r)

    timings = _timing.rounds(
        {name: job(name) for name in runners},
        repeats,
        warm_up=lambda name: runners[name][0](max(1, runners[name][1] // 10), seed),
    )
    return runners, timings


def vector_section(
    envs: int, repeats: int, quick: bool, seed: int, clock: str, pairs: int
) -> dict[str, Any]:
    """The vector environment's table: actions per second (wall clock, and per second of the
    timing thread's CPU time), medians; the paired two-thread ratios; the bars."""
    steps = 40 if quick else 200
    contenders: dict[str, tuple[Callable[[], Callable[[int, int], int]], int]] = {
        "holdem vector, 1 thread": (lambda: vector_runner(envs, 1, False), steps),
        "holdem vector, 2 threads": (lambda: vector_runner(envs, 2, False), steps),
        "vector kernel draws, 1 thread": (lambda: vector_runner(envs, 1, True), steps),
        "vector kernel draws, 2 threads": (lambda: vector_runner(envs, 2, True), steps),
        "NumPy draws alone": (lambda: draw_runner(envs), steps),
        "openspiel loop, 6-max": (lambda: openspiel_runner(6), 100 if quick else 600),
        "pettingzoo v6, 6-max": (lambda: pettingzoo_runner(6), 20 if quick else 120),
    }
    runners, timings = time_contenders(contenders, repeats, seed)

    def rates_by(samples: dict[str, list[int]]) -> dict[str, float]:
        return {
            name: statistics.median(
                int(done) * 1e9 / max(ns, 1)
                for done, ns in zip(timings.results[name], samples[name], strict=True)
            )
            for name in runners
        }

    wall = rates_by(timings.wall_ns)
    thread = rates_by(timings.thread_ns)
    process = rates_by(timings.cpu_ns)  # every thread's CPU time: the work two threads add
    rates = wall if clock == "wall" else thread
    one = rates.get("holdem vector, 1 thread")
    two = wall.get("holdem vector, 2 threads")
    bars = []
    if one:
        bars.append({"bar": "vector >= 2,000,000 actions/s", "ratio": one / 2e6, "ok": one >= 2e6})
        for peer, least in (("openspiel loop, 6-max", 20), ("pettingzoo v6, 6-max", 100)):
            if peer in rates:
                got = one / rates[peer]
                bars.append({"bar": f"vector >= {least}x {peer}", "ratio": got, "ok": got >= least})
    one_k = runners.get("vector kernel draws, 1 thread")
    two_k = runners.get("vector kernel draws, 2 threads")
    paired = []
    if pairs > 0 and one_k and two_k:  # (the table's runners, warmed up by its timing)
        paired = thread_pairs(one_k[0], two_k[0], steps, pairs, seed)
    if paired:
        got = statistics.median(paired)
        bars.append({"bar": "vector 2 threads >= 1.7x 1", "ratio": got, "ok": got >= 1.7})
    numpy_threads = None
    drawn = wall.pop("NumPy draws alone", None)
    if one and two and drawn:
        # Seconds a step: one thread's, two threads', the caller's draw alone. The draw runs on
        # the calling thread between the steps, so two threads take at least the draw and half
        # of the rest: one thread's time over that is the most two threads can gain here.
        t1, t2, td = envs / wall["holdem vector, 1 thread"], envs / two, envs / drawn
        numpy_threads = {
            "ratio": t1 / t2,
            "draw_us": td * 1e6,
            "ceiling": t1 / (td + (t1 - td) / 2),
        }
    return {
        "envs": envs,
        "actions_per_second": wall,
        "actions_per_thread_cpu_second": thread,
        "actions_per_process_cpu_second": process,
        "numpy_threads": numpy_threads,
        "thread_pairs": paired,
        "cpu_probe": _timing.cpu_probe(),
        "vector_probe": _timing.cpu_probe(code=_timing.VECTOR_PROBE),
        "bars": bars,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    ap.add_argument("--hands", type=int, default=None, help="holdem hands per run")
    ap.add_argument("--repeats", type=int, default=None, help="timed runs per contender")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall-clock time (perf_counter) or the timing thread's CPU time (thread_time)",
    )
    ap.add_argument("--enforce-bars", action="store_true", help="exit 2 when a bar is missed")
    ap.add_argument(
        "--section",
        choices=("all", "aec", "vector"),
        default="all",
        help="the AEC table (hands/s), the vector table (actions/s), or both",
    )
    ap.add_argument("--envs", type=int, default=1024, help="hands of the vector environment")
    ap.add_argument(
        "--pairs",
        type=int,
        default=None,
        help="paired one- and two-thread runs of the kernel-draws loop (the thread bar)",
    )
    args = ap.parse_args(argv)
    hands = args.hands or (500 if args.quick else 4000)
    repeats = args.repeats or (3 if args.quick else 5)
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    warnings.filterwarnings("ignore", message=".*precision lowered")

    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "repeats": repeats,
        "clock": args.clock,
        "versions": {name: version(d) for name, (d, _, _) in CONTENDERS.items()},
    }
    bars: list[dict[str, Any]] = []
    if args.section in ("all", "aec"):
        result.update(aec_section(hands, repeats, args.clock, args.seed))
        bars += result["bars"]
    if args.section in ("all", "vector"):
        pairs = args.pairs if args.pairs is not None else (5 if args.quick else 41)
        result["vector"] = vector_section(
            args.envs, repeats, args.quick, args.seed, args.clock, pairs
        )
        bars += result["vector"]["bars"]
    result["bars"] = bars
    if args.json:
        print(json.dumps(result))
    else:
        if "hands_per_second" in result:
            print(
                f"Random heads-up no-limit hands through each loop, median of {repeats} runs "
                f"({args.clock} clock)"
            )
            print(f"{'contender':<20} {'version':<10} {'hands/s':>10} {'holdem AEC is':>14}")
            for name, rate in sorted(result["hands_per_second"].items(), key=lambda kv: -kv[1]):
                ratio = result.get("holdem_ratio", {}).get(name)
                shown = f"{ratio:13.2f}x" if ratio else "-"
                print(f"{name:<20} {result['versions'][name] or '-':<10} {rate:10,.0f} {shown:>14}")
        if "vector" in result:
            vec = result["vector"]
            probe = vec["cpu_probe"]
            print(
                f"\nRandom six-max no-limit actions, {vec['envs']} hands in the vector, median of "
                f"{repeats} runs (wall clock; per second of the timing thread's CPU time; per "
                "second of every thread's CPU time; "
                f"load average {os.getloadavg()[0]:.2f}; two processes at once took "
                f"{probe['ratio']:.2f}x one alone)"
            )
            print(f"{'contender':<32} {'actions/s':>12} {'/thread CPU s':>14} {'/CPU s':>12}")
            cpu = vec["actions_per_thread_cpu_second"]
            proc = vec["actions_per_process_cpu_second"]
            for name, rate in sorted(vec["actions_per_second"].items(), key=lambda kv: -kv[1]):
                shown = "-" if "2 threads" in name else f"{cpu[name]:,.0f}"
                print(f"{name:<32} {rate:12,.0f} {shown:>14} {proc[name]:12,.0f}")
            vp = vec["vector_probe"]
            print(
                "Two processes of the one-thread kernel-draws loop at once took "
                f"{vp['ratio']:.2f}x one alone: the most two threads can gain on this machine "
                "now is about "
                f"{2 / vp['ratio']:.2f}x"
            )
            if len(vec["thread_pairs"]) >= 2:
                q1, _, q3 = statistics.quantiles(vec["thread_pairs"], n=4)
                print(
                    f"Kernel draws, {len(vec['thread_pairs'])} paired runs of 1 and 2 threads back "
                    f"to back: 2 threads {statistics.median(vec['thread_pairs']):.2f}x 1 (median; "
                    f"quartiles {q1:.2f}x-{q3:.2f}x)"
                )
            if vec["numpy_threads"]:
                nt = vec["numpy_threads"]
                print(
                    f"With the NumPy draws, 2 threads {nt['ratio']:.2f}x 1; the draw alone "
                    f"{nt['draw_us']:.0f} us a step, on the calling thread between the steps: "
                    f"at most {nt['ceiling']:.2f}x with no cost of the threads at all"
                )
        for bar in bars:
            print(f"{'PASS' if bar['ok'] else 'FAIL'}  {bar['bar']}: {bar['ratio']:.2f}x")
    if args.enforce_bars and not all(b["ok"] for b in bars):
        return 2
    return 0


def aec_section(hands: int, repeats: int, clock_name: str, seed: int) -> dict[str, Any]:
    """The AEC table: hands per second, medians; its bars."""
    runners, timings = time_contenders(
        {
            name: (factory, max(1, hands // divisor))
            for name, (_, factory, divisor) in CONTENDERS.items()
        },
        repeats,
        seed,
    )
    clock = "wall" if clock_name == "wall" else "thread"
    samples = timings.rates({name: n for name, (_, n) in runners.items()}, clock)
    rates = {name: statistics.median(v) for name, v in samples.items()}
    base = rates.get("holdem AEC")
    result: dict[str, Any] = {"hands_per_second": rates}
    bars = []
    if base:
        result["holdem_ratio"] = {k: base / v for k, v in rates.items() if k != "holdem AEC"}
        if "pettingzoo v6" in rates:
            got = base / rates["pettingzoo v6"]
            bars.append({"bar": "holdem AEC >= 20x pettingzoo v6", "ratio": got, "ok": got >= 20})
        if "openspiel loop" in rates:
            got = base / rates["openspiel loop"]
            bars.append({"bar": "holdem AEC > openspiel loop", "ratio": got, "ok": got > 1})
    result["bars"] = bars
    return result


if __name__ == "__main__":
    sys.exit(main())
