#!/usr/bin/env python3
"""Local Best Response's speed: ``holdem.local_best_response`` against the always-call agent
(``holdem.engine.agents.call_agent``, a deterministic agent read as probability 1) and the
random agent (``holdem.agent_eval.random_policy``, the exact probabilities of holdem's
``random`` bot), in hands per second, beside a plain ``holdem.match`` of the same agent against
``call_agent`` at the same stakes (what playing the hands costs without LBR's reasoning).

No peer evaluates heads-up no-limit agents by LBR for us to run beside it (OpenSpiel's best
responses are exact, on small games only), so the figures are rates; the ratio to the plain
match says how much of the time is LBR's own work: at each of the agent's decisions its policy
asked for all its ~1,200 possible hands (Bayes' rule), at each of LBR's a policy call per hand
per bet size (the fold probability) and the equity of LBR's hand against the range (exact
after the flop).

What is timed: heads-up no-limit hands, blinds 50/100, stacks 20,000 (LBR's default: the
ACPC's game), each deck played in both seats. Method: one process; contenders interleaved
round-robin (``benchmarks/_timing.py``), one warm-up run each, the MEDIAN of ``--repeats``
runs of wall-clock time; the load average is printed with the figures (the machine is shared).

Usage: python benchmarks/evaluate.py [--quick] [--hands N] [--repeats R] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Callable
from typing import Any

import _timing

import holdem
from holdem.agent_eval import random_policy
from holdem.engine.agents import call_agent, random_agent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    hands = args.hands or (20 if args.quick else 100)
    repeats = args.repeats or (3 if args.quick else 5)
    match_hands = 100 * hands
    stakes: dict[str, Any] = {"blinds": (50, 100), "stacks": 20_000}

    jobs: dict[str, Callable[[], Any]] = {
        "LBR vs always-call": lambda: holdem.local_best_response(
            call_agent, hands=hands, seed=1, **stakes
        ),
        "LBR vs random": lambda: holdem.local_best_response(
            random_policy, hands=hands, seed=1, **stakes
        ),
        "match call vs call": lambda: holdem.match(
            [call_agent, call_agent], hands=match_hands, seed=1, **stakes
        ),
        "match random vs call": lambda: holdem.match(
            [random_agent(1), call_agent], hands=match_hands, seed=1, **stakes
        ),
    }
    load_before = os.getloadavg()
    counts = {name: match_hands if name.startswith("match") else hands for name in jobs}
    samples = _timing.interleaved(jobs, repeats).rates(counts)
    rates = {name: statistics.median(v) for name, v in samples.items()}
    ratios = {
        "LBR vs always-call / match call vs call": rates["LBR vs always-call"]
        / rates["match call vs call"],
        "LBR vs random / match random vs call": rates["LBR vs random"]
        / rates["match random vs call"],
    }
    result = {
        "hands": hands,
        "match_hands": match_hands,
        "repeats": repeats,
        "cpus": os.cpu_count(),
        "loadavg_before": load_before,
        "loadavg_after": os.getloadavg(),
        "hands_per_second": rates,
        "ratios": ratios,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"LBR over {hands:,} hands, matches over {match_hands:,}; median of {repeats} runs; "
            f"load {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after"
        )
        for name, rate in rates.items():
            print(f"{name:<24} {rate:12,.1f} hands/s")
        for name, ratio in ratios.items():
            print(f"{name:<44} {ratio:.5f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
