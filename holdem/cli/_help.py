"""The help pages of the ``holdem`` subcommands (a description and examples for each), the
one-line error of a command line that cannot be read, and the types of common options."""

from __future__ import annotations

import argparse
import math
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

__all__ = [
    "SEED",
    "Parser",
    "add_stakes",
    "add_subcommand",
    "check_blinds",
    "positive_int",
    "positive_number",
    "whole",
]

_WIDTH = 79


class Parser(argparse.ArgumentParser):
    """The ``holdem`` parser (its subcommands' too): a command line it cannot read gives one
    line on stderr, as every other error of the command does, and the exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (see PROG --help)`` and exit with the status 2.

        :raises SystemExit: always, with the status 2.
        """
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def whole(low: int, high: int | None = None, high_text: str = "") -> Callable[[str], int]:
    """The type of an option whose value is a whole number from ``low`` (to ``high``): argparse
    names the option in the error, as ``argument --seed: must be ...`` (``high_text``: the
    highest value as the message writes it, by default in digits).

    >>> whole(0)("3"), whole(2, 10)(" 10")
    (3, 10)
    >>> whole(2, 10)("11")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 2 to 10, got '11'
    """
    bounds = f"from {low:,} up" if high is None else f"from {low:,} to {high_text or f'{high:,}'}"

    def parse(text: str) -> int:
        digits = text.strip()
        value = int(digits) if digits.lstrip("+-").isdecimal() and len(digits) <= 30 else None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be a whole number {bounds}, got {text!r}")
        return value

    return parse


positive_int = whole(1)
"""An option's value that is a whole number from 1 up (argparse names the option in the
error)."""

SEED = whole(0, 2**64 - 1, "2**64 - 1")


def positive_number(text: str) -> float:
    """An option's value that is a finite number above 0 (argparse names the option in the
    error).

    >>> positive_number("0.5")
    0.5
    >>> positive_number("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a finite number above 0, got 'inf'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a finite number above 0, got {text!r}")
    return value


"""A seed option's value: a whole number from 0 to 2**64 - 1, as every seed of the package."""


def check_blinds(blinds: Sequence[int]) -> tuple[int, int]:
    """``--blinds SMALL BIG`` checked: two chip amounts with 0 < SMALL <= BIG.

    :raises ArgumentError: naming ``--blinds`` otherwise.
    """
    from holdem.errors import ArgumentError

    small, big = blinds
    if not 0 < small <= big:
        raise ArgumentError(f"--blinds is SMALL BIG with 0 < SMALL <= BIG, got {small} {big}")
    return small, big


def add_stakes(parser: argparse.ArgumentParser, stack_help: str) -> None:
    """Add ``--stack`` (from 1 up, default 200) and ``--blinds SMALL BIG`` (default 1 2)."""
    parser.add_argument(
        "--stack", type=positive_int, default=200, help=f"{stack_help} (default 200)"
    )
    parser.add_argument(
        "--blinds",
        type=int,
        nargs=2,
        default=(1, 2),
        metavar=("SMALL", "BIG"),
        help="the small and the big blind (default 1 2)",
    )


def add_subcommand(
    sub: Any, name: str, *, summary: str, description: str, examples: Sequence[str]
) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` with its one-line summary, description and examples.

    The description is wrapped to 79 columns; the examples are printed as they are, one command
    line each, under ``examples:`` at the end of ``holdem NAME --help``.

    :raises ValueError: when ``examples`` is empty (every help page shows at least one).
    """
    if not examples:
        raise ValueError(f"the {name} subcommand needs at least one example")
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=summary,
        description=textwrap.fill(description, _WIDTH, break_on_hyphens=False),
        epilog="examples:\n" + "\n".join(f"  {line}" for line in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser
