#!/usr/bin/env python3
"""Side-by-side benchmark: importing and replaying real hand histories, holdem against pokerkit.

Two jobs, each on the same hands for both contenders, in hands per second:

1. **PokerStars text**: the real hands of ``tests/data/pokerstars`` (thlorenz/hhp and
   pokerregion/poker). holdem: ``holdem.pokerstars.loads`` (read the text) and
   ``holdem.pokerstars.check`` (convert to PHH, replay through the engine, check every player's
   collected amount and the pot), the work ``holdem convert`` does. pokerkit 0.7.7:
   ``pokerkit.notation.PokerStarsParser`` (read the text, build the hand history and play it
   through its state to the end). Only the hands both parse are timed (pokerkit's parser reads
   neither antes nor pot and fixed limit).
2. **PHH replay**: every hand of ``tests/data/phh/pluribus-100.phhs`` (the Pluribus hands of the
   PHH data set). holdem: ``holdem.phh.replay``; pokerkit: iterating
   ``pokerkit.notation.HandHistory.state_actions`` to the end of the hand.

Method: one process; the contenders interleaved round-robin (the first one alternates each
round), one untimed warm-up each, the MEDIAN of ``--repeats`` rounds, ``time.perf_counter``, the
garbage collected before each run and the collector off while it runs (the loop of
``benchmarks/_timing.py``). Each round runs the job several times over its hands
(the PHH file is short: its rounds repeat it 10 times, so that a round is not a few
milliseconds that a busy machine's scheduler decides).

holdem keeps no memo of text read before (nor does pokerkit): each pass reads as a new process
does; only what an import makes (compiled patterns, tables) is made once. Each hand replayed
makes its own generator (seeded with 0) for the unknown cards it draws.

``--hand-share`` also prints the share of a PHH replay spent in the engine's ``Hand`` itself:
the same hands built with the arguments the replay gives ``Hand`` and played with the calls it
makes (recorded once), timed alone, against the whole replay.

Usage:
  python benchmarks/histories.py            # full run
  python benchmarks/histories.py --quick    # smoke run
  python benchmarks/histories.py --json     # JSON on stdout
  python benchmarks/histories.py --hand-share

Bar: holdem >= 20x pokerkit on each job. Exit status: 0 ok, 1 a check failed, 2 a bar was missed
and ``--enforce-bars`` was given.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import _timing

ROOT = Path(__file__).resolve().parent.parent
STARS = sorted((ROOT / "tests" / "data" / "pokerstars").rglob("*.txt"))
PLURIBUS = ROOT / "tests" / "data" / "phh" / "pluribus-100.phhs"
BAR = 20.0


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def hand_texts() -> list[str]:
    """Each real PokerStars hand's text that both holdem and pokerkit read."""
    from pokerkit.notation import PokerStarsParser

    from holdem import pokerstars

    texts = []
    for path in STARS:
        text = path.read_bytes().decode("utf-8", errors="replace")
        for part in pokerstars.split_hands(text):
            # pokerkit prints a traceback for a hand it cannot parse: kept off the output
            with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
                warnings.simplefilter("ignore")
                try:
                    parsed = list(PokerStarsParser()(part + "\n\n"))
                except ValueError:  # "Unable to repair the hand history"
                    continue
                if parsed:
                    texts.append(part)
    return texts


def stars_holdem(texts: list[str]) -> Callable[[], int]:
    from holdem import pokerstars

    def run() -> int:
        done = 0
        for text in texts:
            for hand in pokerstars.loads(text).hands:
                pokerstars.check(hand)
                done += 1
        return done

    return run


def stars_pokerkit(texts: list[str]) -> Callable[[], int]:
    from pokerkit.notation import PokerStarsParser

    parser = PokerStarsParser()
    padded = [t + "\n\n" for t in texts]

    def run() -> int:
        done = 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for text in padded:
                done += len(list(parser(text)))
        return done

    return run


def phh_holdem() -> Callable[[], int]:
    from holdem import phh

    histories = phh.load(PLURIBUS)

    def run() -> int:
        for history in histories:
            phh.replay(history, seed=0)
        return len(histories)

    return run


def phh_pokerkit() -> Callable[[], int]:
    import tomllib

    from pokerkit.notation import HandHistory

    with open(PLURIBUS, "rb") as file:
        tables = tomllib.load(file)
    histories = [HandHistory(**table) for table in tables.values()]

    def run() -> int:
        for history in histories:
            for _ in history.state_actions:
                pass
        return len(histories)

    return run


def hand_share(repeats: int) -> dict[str, float]:
    """The share of a PHH replay spent in ``Hand``: every hand of the file rebuilt and played
    with the recorded arguments and calls, timed against the replay (medians of ``repeats``)."""
    import random

    from holdem import phh
    from holdem.engine.hand import Hand
    from holdem.phh import replaying

    histories = phh.load(PLURIBUS)
    records: list[tuple[dict[str, Any], list[tuple[str, tuple[Any, ...]]]]] = []

    class Recorder(Hand):  # type: ignore[misc]
        """A Hand that records its arguments and the calls that change it while the replay runs
        once (the replay drives the engine's typed calls: a Hand is what it takes)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            calls: list[tuple[str, tuple[Any, ...]]] = []
            if "rng" in kwargs:  # the replay's own generator: a fresh one of the same kind
                kwargs = {**kwargs, "rng": random.Random(0)}
            records.append(({"stacks": args[0], **kwargs}, calls))
            super().__init__(*args, **kwargs)
            self._calls = calls

        def fold(self, *args: Any) -> None:
            self._calls.append(("fold", args))
            super().fold(*args)

        def check_or_call(self, *args: Any) -> None:
            self._calls.append(("check_or_call", args))
            super().check_or_call(*args)

        def raise_to(self, *args: Any) -> None:
            self._calls.append(("raise_to", args))
            super().raise_to(*args)

        def play_tape(self, *args: Any) -> int:
            self._calls.append(("play_tape", args))
            played: int = super().play_tape(*args)
            return played

        def show(self, *args: Any) -> None:
            self._calls.append(("show", args))
            super().show(*args)

        def muck(self, *args: Any) -> None:
            self._calls.append(("muck", args))
            super().muck(*args)

    replaying.Hand = Recorder  # type: ignore[misc,assignment]
    try:
        for history in histories:
            phh.replay(history, seed=0)
    finally:
        replaying.Hand = Hand  # type: ignore[misc]

    def engine() -> int:
        for kwargs, calls in records:
            hand = Hand(**kwargs)
            for name, args in calls:
                getattr(hand, name)(*args)
            assert hand.stacks  # the replay reads the stacks at the end
        return len(records)

    def whole() -> int:
        for history in histories:
            phh.replay(history, seed=0)
        return len(histories)

    medians = hands_per_second({"hand": engine, "replay": whole}, 20, repeats)
    share = medians["replay"] / medians["hand"]
    log(
        f"PHH replay: {medians['replay']:,.0f} hands/s; the same hands' Hand set-up and play "
        f"alone: {medians['hand']:,.0f} hands/s; share of a replay inside Hand: {share:.0%}"
    )
    return {"replay": medians["replay"], "hand": medians["hand"], "share": share}


def hands_per_second(
    contenders: dict[str, Callable[[], int]], loops: int, repeats: int
) -> dict[str, float]:
    """The median hands/s of each contender over ``repeats`` interleaved rounds (after one
    warm-up run each), each timed run calling it ``loops`` times (it returns the hands done),
    the garbage collected before and the collector off during each run (``_timing.rounds``)."""

    def looped(run: Callable[[], int]) -> Callable[[int], int]:
        return lambda _r: sum(run() for _ in range(loops))

    timings = _timing.rounds(
        {k: looped(run) for k, run in contenders.items()},
        repeats,
        warm_up=lambda k: contenders[k](),
        gc_off=True,
    )
    return {
        k: statistics.median(
            cast(int, done) * 1e9 / ns
            for done, ns in zip(timings.results[k], timings.wall_ns[k], strict=True)
        )
        for k in contenders
    }


def compare(
    name: str, contenders: dict[str, Callable[[], int]], loops: int, repeats: int
) -> dict[str, Any]:
    medians = hands_per_second(contenders, loops, repeats)
    ratio = medians["holdem"] / medians["pokerkit"]
    log(
        f"{name}: holdem {medians['holdem']:,.0f} hands/s, pokerkit {medians['pokerkit']:,.0f} "
        f"hands/s: holdem is {ratio:.1f}x pokerkit (bar {BAR:.0f}x)"
    )
    return {"job": name, "hands_per_second": medians, "ratio": ratio, "bar": BAR}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--enforce-bars", action="store_true")
    parser.add_argument("--hand-share", action="store_true")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 7)
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        log("pokerkit is not installed: nothing to compare with")
        return 1
    texts = hand_texts()
    log(f"PokerStars: {len(texts)} real hands that both read; PHH: {PLURIBUS.name}")
    results = [
        compare(
            "PokerStars text -> checked replay",
            {"holdem": stars_holdem(texts), "pokerkit": stars_pokerkit(texts)},
            loops=1 if args.quick else 5,
            repeats=repeats,
        ),
        compare(
            "PHH replay",
            {"holdem": phh_holdem(), "pokerkit": phh_pokerkit()},
            loops=2 if args.quick else 10,
            repeats=repeats,
        ),
    ]
    if args.hand_share:
        results.append({"job": "PHH replay: share inside Hand", **hand_share(repeats)})
    if args.json:
        print(json.dumps(results, indent=2))
    missed = [r["job"] for r in results if r.get("ratio", BAR) < BAR]
    if missed and args.enforce_bars:
        log(f"bar missed: {', '.join(missed)}")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
