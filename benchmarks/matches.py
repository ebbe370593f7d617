#!/usr/bin/env python3
"""The match runner against the raw engine: ``holdem.match`` with two trivial agents (check
when free, else call: ``holdem.engine.agents.call_agent``) inline, on a 2-process
``ProcessPoolExecutor`` and on 2 threads, against the same heads-up hands played on bare
``holdem.Hand`` objects by the same policy (``check_or_call`` at every decision).

``call_agent`` is a plain Python function, as a user's agent is. The same policy written in the
benchmark without the discard branch is timed too ("match inline, Python agent"); the bars use
``call_agent``.

What is timed: heads-up no-limit hands, stacks 200, blinds 1/2, in hands per second. The runner
deals with duplicate play (each deck twice, the seats swapped), builds each agent's view at each
decision and gathers the confidence intervals; the raw loop only deals and plays. A match is
300,000 hands by default (about 0.65 s inline on a quiet 2-core machine: it was 100,000 hands
and about 0.7 s before the runner was three times faster); a much shorter one gains less from
the pool, whose every chunk costs a few milliseconds more than inline (200,000 hands in 8
chunks, 0.4 s inline, gave 1.36-1.77x on 2 processes in six runs).

Method: one process (the pool is made once, before timing, and reused); contenders interleaved
round-robin (the first one rotates each round); one untimed warm-up run each; the MEDIAN of
``--repeats`` runs; ``time.perf_counter`` (the loop of ``benchmarks/_timing.py``).

With ``--dask`` (the ``dask`` extra installed), also on a Dask ``LocalCluster`` of 2 worker
processes of one thread each, bound to 127.0.0.1, through ``client.get_executor()``.

Usage: python benchmarks/matches.py [--quick] [--hands N] [--repeats R] [--dask] [--json]

Bars: match inline at least 0.8x the raw engine; match on 2 processes at least 1.7x inline.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any

import _timing

import holdem
from holdem.engine.agents import call_agent


def raw(hands: int) -> None:
    rng = random.Random(1)
    for _ in range(hands):
        hand = holdem.Hand([200, 200], blinds=(1, 2), rng=rng)
        while not hand.is_over:
            hand.check_or_call()


def python_call_agent(view: holdem.View, legal: holdem.Legal) -> str:
    """``call_agent``'s policy in plain Python (heads-up hold'em: no discards)."""
    return "check" if legal.check else "call"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--dask", action="store_true", help="also on a 2-worker Dask LocalCluster")
    ap.add_argument("--enforce-bars", action="store_true")
    args = ap.parse_args(argv)
    hands = args.hands or (10_000 if args.quick else 300_000)
    repeats = args.repeats or (3 if args.quick else 5)
    agents = [call_agent, call_agent]
    pool = cf.ProcessPoolExecutor(2)
    chunk = max(1, hands // 2 // 8)  # decks per chunk: 8 chunks, enough to keep 2 workers busy

    jobs: dict[str, Callable[[], Any]] = {
        "raw engine": lambda: raw(hands),
        "match inline": lambda: holdem.match(agents, hands=hands, seed=1, chunk_decks=chunk),
        "match 2 processes": lambda: holdem.match(
            agents, hands=hands, seed=1, chunk_decks=chunk, executor=pool
        ),
        "match 2 threads": lambda: holdem.match(
            agents, hands=hands, seed=1, chunk_decks=chunk, threads=2
        ),
        "match inline, Python agent": lambda: holdem.match(
            [python_call_agent] * 2, hands=hands, seed=1, chunk_decks=chunk
        ),
    }
    cluster = client = None
    if args.dask:
        from dask.distributed import Client, LocalCluster

        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        )
        client = Client(cluster)
        dask_pool = client.get_executor()
        jobs["match dask 2 workers"] = lambda: holdem.match(
            agents, hands=hands, seed=1, chunk_decks=chunk, executor=dask_pool
        )
    samples = _timing.interleaved(jobs, repeats).rates(dict.fromkeys(jobs, hands))
    pool.shutdown()
    if client is not None and cluster is not None:
        client.close()
        cluster.close()
    rates = {name: statistics.median(v) for name, v in samples.items()}
    inline = rates["match inline"] / rates["raw engine"]
    scale = rates["match 2 processes"] / rates["match inline"]
    bars = [
        {"bar": "match inline >= 0.8x raw engine", "ratio": inline, "ok": inline >= 0.8},
        {"bar": "match 2 processes >= 1.7x inline", "ratio": scale, "ok": scale >= 1.7},
    ]
    result = {
        "hands": hands,
        "repeats": repeats,
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "hands_per_second": rates,
        "bars": bars,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{hands:,} heads-up hands, median of {repeats} runs, load {os.getloadavg()[0]:.1f}")
        for name, rate in rates.items():
            print(f"{name:<28} {rate:12,.0f} hands/s")
        for bar in bars:
            print(f"{'PASS' if bar['ok'] else 'FAIL'}  {bar['bar']}: {bar['ratio']:.2f}x")
    if args.enforce_bars and not all(b["ok"] for b in bars):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
