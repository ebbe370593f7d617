"""The help pages of the ``holdem`` subcommands (a description and examples for each), the
one-line error of a command line that cannot be read, and the types of common options."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = ["Parser", "add_stakes", "add_subcommand", "positive_int"]

_WIDTH = 79


class Parser(argparse.ArgumentParser):
    """The ``holdem`` parser (its subcommands' too): a command line it cannot read gives one
    line on stderr, as every other error of the command does, and the exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (see PROG --help)`` and exit with the status 2.

        :raises SystemExit: always, with the status 2.
        """
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def positive_int(text: str) -> int:
    """An option's value that is a whole number from 1 up (argparse names the option in the
    error).

    >>> positive_int("200")
    200
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 up, got '0'
    """
    text = text.strip()
    value = int(text) if text.lstrip("+-").isdecimal() and len(text) <= 30 else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 up, got {text!r}")
    return value


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
