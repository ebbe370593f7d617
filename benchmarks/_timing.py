"""The interleaved timing loop the benchmarks share.

Contenders run round-robin, the first one rotating each round (so that none always runs first,
after the others have warmed or cooled the caches), after one untimed warm-up run each; each
run's wall-clock time (``time.perf_counter_ns``) and the process's CPU time
(``time.process_time_ns``) are kept, and a benchmark reports their medians. On a machine shared
with other work the CPU time of a single-threaded job is the steadier of the two.
"""

from __future__ import annotations

import gc
import os
import statistics
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
    """Nanoseconds of each contender's runs: wall-clock and CPU time, in the order run."""

    wall_ns: dict[str, list[int]] = field(default_factory=dict)
    cpu_ns: dict[str, list[int]] = field(default_factory=dict)

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
    untimed run each when ``warm_up``; with ``gc_off`` the garbage is collected once before the
    rounds and the collector stays off while they run."""
    if warm_up:
        for job in jobs.values():
            job()
    out = Timings({name: [] for name in jobs}, {name: [] for name in jobs})
    if gc_off:
        gc.collect()
        gc.disable()
    try:
        for name in round_robin(list(jobs), repeats):
            t0, c0 = time.perf_counter_ns(), time.process_time_ns()
            jobs[name]()
            out.cpu_ns[name].append(time.process_time_ns() - c0)
            out.wall_ns[name].append(time.perf_counter_ns() - t0)
    finally:
        if gc_off:
            gc.enable()
    return out


def machine() -> dict[str, Any]:
    """What a report says of the machine: the Python version, the CPUs, the load average."""
    return {"python": sys.version.split()[0], "cpus": os.cpu_count(), "loadavg": os.getloadavg()}
