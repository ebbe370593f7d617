"""``holdem acpc-client``: play one seat against an ACPC dealer."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Any

from holdem.cli._agents import AGENT_HELP, load
from holdem.cli._help import add_subcommand, whole
from holdem.errors import ArgumentTypeError

__all__ = ["format_total", "register"]


def register(sub: Any) -> None:
    """Add the ``acpc-client`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "acpc-client",
        summary="play one seat against an ACPC dealer",
        description="Connect to a dealer of the Annual Computer Poker Competition's protocol "
        "on one seat's port, play every hand it deals with an agent, and print the number of "
        "hands and the chips won or lost. The agent is 'call' (check or call), 'random', "
        "'equity', or module:callable, a function of (view, legal) that returns the decision "
        "(a class there is instantiated); the module is looked up in the current folder too. "
        "The total is exact: a whole number of chips, a terminating decimal, or a fraction "
        "with its decimal value after it.",
        examples=(
            "holdem acpc-client --gamedef holdem.limit.2p.reverse_blinds.game --port 18791",
            "holdem acpc-client --gamedef nolimit.game --port 18792 --agent random --timeout 30",
        ),
    )
    p.add_argument("--gamedef", required=True, help="the ACPC game definition file")
    p.add_argument("--host", default="127.0.0.1", help="the dealer's host (127.0.0.1)")
    p.add_argument(
        "--port", type=whole(1, 65535), required=True, help="the dealer's port for this seat"
    )
    p.add_argument("--agent", default="call", help=f"{AGENT_HELP} (default call)")
    p.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        help="seconds to wait for each whole line from the dealer (default 600)",
    )
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from holdem.acpc import GameDef
    from holdem.acpc.client import Client

    client = Client(GameDef.load(args.gamedef), load(args.agent))
    try:
        results = client.run(args.host, args.port, timeout=args.timeout)
    except OSError as exc:
        print(f"holdem: error: cannot play with {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    total = sum(r.payoff for r in results)
    print(f"{len(results)} hands, total {format_total(total)} chips")
    return 0


def format_total(total: int | Fraction) -> str:
    """A number of chips, signed and exact: nothing is rounded away.

    A whole number prints as one, a fraction whose decimal expansion ends as that decimal, and
    any other fraction as ``numerator/denominator`` followed by its value to six decimals.

    :raises ArgumentTypeError: if ``total`` is not an int or a Fraction.

    >>> format_total(-350)
    '-350'
    >>> format_total(Fraction(1001, 8))
    '+125.125'
    >>> format_total(Fraction(-107222, 3))
    '-107222/3 (-35740.666667)'
    """
    if not isinstance(total, int | Fraction):
        raise ArgumentTypeError(f"total must be an int or a Fraction, got {total!r}")
    value = Fraction(total)
    sign = "-" if value < 0 else "+"
    num, den = abs(value.numerator), value.denominator
    if den == 1:
        return f"{sign}{num}"
    twos = fives = 0
    rest = den
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest == 1:  # a terminating decimal: scale to an integer count of 10**-digits
        digits = max(twos, fives)
        scaled = num * 10**digits // den
        whole, frac = divmod(scaled, 10**digits)
        return f"{sign}{whole}.{frac:0{digits}d}"
    return f"{sign}{num}/{den} ({float(value):+.6f})"
