"""OMPEval (github.com/zekyll/OMPEval), a peer timed beside holdem, through a harness binary.

holdem never builds, ships or fetches OMPEval: the benchmarks take the path of a harness binary
built by hand outside the repository (``--ompeval PATH``, or the ``OMPEVAL_HARNESS``
environment variable). The binary reads commands on its standard input, one a line, and answers
each with one line on its standard output:

* ``hands PATH``: read rows of 7 card bytes (index = rank * 4 + suit, ranks 2..A as 0..12)
  from the file; answers the number of rows;
* ``evaluate THREADS``: evaluate every row (an ``omp::Hand`` built from the row's 7 cards, then
  ``omp::HandEvaluator::evaluate``) into a uint16 array, the rows split evenly among THREADS
  threads; answers ``SECONDS CHECKSUM`` (the sum of the values);
* ``values PATH``: write the last values to the file (uint16, the machine's byte order);
  answers ``ok``;
* ``equity THREADS SAMPLES R1 R2 ...``: ``omp::EquityCalculator`` on the ranges, Monte Carlo
  with a hand limit of SAMPLES, on THREADS threads; answers ``SECONDS E1 E2 ...``;
* ``exact THREADS R1 R2 ...``: the same, enumerating every deal; answers ``SECONDS E1 E2 ...``.

SECONDS is the harness's own clock (``std::chrono::steady_clock``) around the work alone, so
that the pipe's round trip is not counted against OMPEval. OMPEval numbers its cards
rank * 4 + suit too, with the suits in another order: the values of hands do not depend on the
suits' names, so the same bytes are the same hands to both.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


class Harness:
    """A running harness binary: :meth:`ask` sends one command and returns its answer's words."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, line: str) -> list[str]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line + "\n")
        stdin.flush()
        answer = stdout.readline().split()
        if not answer or answer[0] == "error":
            raise RuntimeError(f"OMPEval harness {self.path}: {line!r} -> {answer!r}")
        return answer

    def load_hands(self, rows_file: Path) -> int:
        """Load the rows of 7 card bytes in ``rows_file``; the number of rows."""
        return int(self.ask(f"hands {rows_file}")[0])

    def evaluate(self, threads: int = 1) -> float:
        """Evaluate the loaded rows; the harness's seconds."""
        return float(self.ask(f"evaluate {threads}")[0])

    def values(self, out_file: Path) -> None:
        """Write the last values to ``out_file`` (uint16)."""
        self.ask(f"values {out_file}")

    def equity(
        self, ranges: list[str], threads: int, samples: int = 0
    ) -> tuple[float, list[float]]:
        """Equity of the ranges (each written as OMPEval reads it): Monte Carlo with ``samples``,
        or every deal when ``samples`` is 0; the harness's seconds and the equities."""
        words = (
            self.ask(f"equity {threads} {samples} {' '.join(ranges)}")
            if samples
            else self.ask(f"exact {threads} {' '.join(ranges)}")
        )
        return float(words[0]), [float(x) for x in words[1:]]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def open_harness(path: str | None) -> Harness | None:
    """The harness at ``path`` (or ``$OMPEVAL_HARNESS``), started; None with a note on stderr
    when none is given or it cannot be run."""
    path = path or os.environ.get("OMPEVAL_HARNESS")
    if not path:
        print("note: OMPEval skipped (give a harness binary: --ompeval PATH)", file=sys.stderr)
        return None
    if not os.access(path, os.X_OK):
        print(f"note: OMPEval skipped: {path} is not an executable file", file=sys.stderr)
        return None
    return Harness(path)
