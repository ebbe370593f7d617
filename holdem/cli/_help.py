"""The help pages of the ``holdem`` subcommands: a description and examples for each."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import Any

__all__ = ["add_subcommand"]

_WIDTH = 79


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
