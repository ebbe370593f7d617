"""The interleaved timing loop the benchmarks share.

Contenders run round-robin, the first one rotating each round (so that none always runs first,
after the others have warmed or cooled the caches), after one untimed warm-up run each; each
run's wall-clock time (``time.perf_counter_ns``), the process's CPU time
(``time.process_time_ns``) and the timing thread's (``time.thread_time_ns``) are kept, and a
benchmark reports their medians. On a machine shared
with other work the CPU time of a single-threaded job is the steadier of the two.

:func:`interleaved` times jobs that take no argument; :func:`rounds` times jobs that take the
round's number (a benchmark that seeds each round afresh) and keeps what each run returned.
:func:`cpu_probe` tells whether the CPUs are free, for a row that times several threads.
"""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


def round_robin(names: Sequence[str], repeats: int) -> Iterator[str]:
    """The names of ``repeats`` rounds, in order: each round once through ``names``, starting
    one further along each round."""
    for r in range(repeats):
        k = r % len(names) if names else 0
        yield from [*names[k:], *names[:k]]


@dataclass
class Timings:
    """Nanoseconds of each contender's runs: wall-clock, process CPU and calling-thread CPU
    time, in the order run; and what each run returned."""

    wall_ns: dict[str, list[int]] = field(default_factory=dict)
    cpu_ns: dict[str, list[int]] = field(default_factory=dict)
    thread_ns: dict[str, list[int]] = field(default_factory=dict)
    results: dict[str, list[object]] = field(default_factory=dict)

    def samples(self, clock: str = "wall") -> dict[str, list[int]]:
        """The nanoseconds of each run by ``clock``: ``"wall"``, ``"cpu"`` (the process) or
        ``"thread"`` (the thread that timed them: every contender that runs in it)."""
        return {"wall": self.wall_ns, "cpu": self.cpu_ns, "thread": self.thread_ns}[clock]

    def rates(self, work: Mapping[str, float], clock: str = "wall") -> dict[str, list[float]]:
        """Each run's units of work per second, by ``clock``; ``work`` gives each contender's
        units per run."""
        return {
            name: [work[name] * 1e9 / max(ns, 1) for ns in runs]
            for name, runs in self.samples(clock).items()
        }

    def wall(self) -> dict[str, float]:
        """The median wall-clock seconds of each contender."""
        return medians(self.wall_ns, 1e-9)

    def cpu(self) -> dict[str, float]:
        """The median CPU seconds of each contender."""
        return medians(self.cpu_ns, 1e-9)


def medians(samples: Mapping[str, Sequence[float]], scale: float = 1.0) -> dict[str, float]:
    """The median of each list of samples, times ``scale``."""
    return {name: statistics.median(v) * scale for name, v in samples.items()}


def interleaved(
    jobs: Mapping[str, Callable[[], object]],
    repeats: int,
    *,
    warm_up: bool = True,
    gc_off: bool = False,
) -> Timings:
    """Time ``repeats`` interleaved rounds of ``jobs`` (see :func:`round_robin`), after one
    untimed run each when ``warm_up``; with ``gc_off`` the garbage is collected before each run,
    untimed, and the collector stays off while it runs."""
    return rounds(
        {name: (lambda _r, job=job: job()) for name, job in jobs.items()},
        repeats,
        warm_up=(lambda name: jobs[name]()) if warm_up else None,
        gc_off=gc_off,
    )


def rounds(
    jobs: Mapping[str, Callable[[int], object]],
    repeats: int,
    *,
    warm_up: Callable[[str], object] | None = None,
    gc_off: bool = False,
    on_round: Callable[[int, Timings], object] | None = None,
) -> Timings:
    """Time ``repeats`` interleaved rounds of ``jobs`` (see :func:`round_robin`), each called
    with the round's number (0, 1, ...), keeping what each run returns.

    ``warm_up(name)`` runs once for each contender first, untimed. With ``gc_off`` the garbage
    is collected before each run, untimed, and the collector stays off while it runs.
    ``on_round(r, timings)`` is called after each round (a progress line, say). An exception
    from a job stops the rounds and propagates."""
    if warm_up is not None:
        for name in jobs:
            warm_up(name)
    names = list(jobs)
    out = Timings(*({name: [] for name in names} for _ in range(4)))  # type: ignore[arg-type]
    per_round = len(names)
    for k, name in enumerate(round_robin(names, repeats)):
        if gc_off:
            gc.collect()
            gc.disable()
        try:
            t0, c0, h0 = time.perf_counter_ns(), time.process_time_ns(), time.thread_time_ns()
            result = jobs[name](k // per_round)
            h1, c1, t1 = time.thread_time_ns(), time.process_time_ns(), time.perf_counter_ns()
        finally:
            if gc_off:
                gc.enable()
        out.wall_ns[name].append(t1 - t0)
        out.cpu_ns[name].append(c1 - c0)
        out.thread_ns[name].append(h1 - h0)
        out.results[name].append(result)
        if on_round is not None and (k + 1) % per_round == 0:
            on_round(k // per_round, out)
    return out


def machine() -> dict[str, Any]:
    """What a report says of the machine: the Python version, the CPUs, the load average."""
    return {"python": sys.version.split()[0], "cpus": os.cpu_count(), "loadavg": os.getloadavg()}


def cpu_probe(copies: int = 2, code: str | None = None) -> dict[str, float]:
    """Whether the CPUs are free now: one CPU-bound Python job alone, then ``copies`` of it at
    once in separate processes (medians of three tries); ``ratio`` is the time of the copies
    over the time alone: about 1 when each copy has a CPU to itself, about ``copies`` when they
    share one (a machine whose other CPUs are busy with other work).

    ``code``: another job, a program that prints its own time in seconds (see
    :data:`EVALUATOR_PROBE`: the kernel whose threads are timed, so that the probe answers
    whether two CPUs run *that* work side by side at full speed, with no thread of ours
    involved)."""
    if code is None:
        code = (
            "import time\nt = time.perf_counter()\nx = 0\n"
            "for i in range(2_000_000):\n    x += i\nprint(time.perf_counter() - t)"
        )

    def run(n: int) -> float:
        procs = [
            subprocess.Popen([sys.executable, "-P", "-c", code], stdout=subprocess.PIPE, text=True)
            for _ in range(n)
        ]
        return max(float(p.communicate()[0]) for p in procs)

    alone = statistics.median(run(1) for _ in range(3))
    together = statistics.median(run(copies) for _ in range(3))
    return {"alone_s": alone, "together_s": together, "copies": copies, "ratio": together / alone}


#: A probe job (:func:`cpu_probe`'s ``code``): ``evaluate_batch(threads=1)`` on 1,000,000 random
#: 7-card hands, 60 times after a warm-up (about 0.1-0.2 s of one CPU); prints the time of the
#: 60 calls. Two copies at once take about the time of one alone when each has a core (its
#: caches and its share of the memory bandwidth) to itself.
EVALUATOR_PROBE = (
    "import time\nimport numpy as np\nfrom holdem import evaluate_batch\n"
    "rng = np.random.default_rng(1)\n"
    "h = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)\n"
    "out = np.empty(len(h), dtype=np.uint16)\nevaluate_batch(h, out=out)\n"
    "t = time.perf_counter()\nfor _ in range(60):\n    evaluate_batch(h, out=out)\n"
    "print(time.perf_counter() - t)"
)

#: A probe job: the vector environment's step on one thread (1,024 six-max no-limit hands, the
#: kernel drawing the actions), 1,200 steps after a warm-up (about 0.3 s); prints their time. Two
#: copies at once, each a process of its own with no thread shared, tell what two CPUs give
#: that work side by side now: the most two threads of one environment can gain.
VECTOR_PROBE = (
    "import time\nimport numpy as np\nfrom holdem.envs.vector import RANDOM_ACTION, "
    "HoldemVectorEnv\nenv = HoldemVectorEnv(1024, num_players=6, threads=1)\n"
    "a = np.full(1024, RANDOM_ACTION, dtype=np.int64)\nenv.reset(seed=1)\n"
    "for _ in range(100):\n    env.step(a)\n"
    "t = time.perf_counter()\nfor _ in range(1200):\n    env.step(a)\n"
    "print(time.perf_counter() - t)"
)

#: A probe job: ``holdem.equity`` of AhKh against QsQd by Monte Carlo, 2,000,000 samples on one
#: thread, 5 times after a warm-up (about 0.2 s); prints their time.
EQUITY_PROBE = (
    "import time\nfrom holdem import equity\nequity(['AhKh', 'QsQd'], samples=200_000, seed=1)\n"
    "t = time.perf_counter()\nfor k in range(5):\n"
    "    equity(['AhKh', 'QsQd'], samples=2_000_000, seed=k)\nprint(time.perf_counter() - t)"
)
