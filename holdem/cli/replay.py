"""``holdem replay``: replay PHH hand histories (.phh, .phhs) through the engine."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from typing import Any

from holdem.cli._help import SEED, add_subcommand
from holdem.cli._players import renumbered
from holdem.cli._style import Style, add_color_options, style_for
from holdem.engine.events import Event, EventKind, Street
from holdem.errors import HoldemError
from holdem.phh import HandHistory, load, replay

__all__ = ["narrate", "register"]


def register(sub: Any) -> None:
    """Add the ``replay`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "replay",
        summary="replay PHH hand histories (.phh, .phhs) through the engine",
        description="Replay hand histories in the Poker Hand History format (a .phh file holds "
        "one hand, a .phhs file many) action by action through the engine, and print for each "
        "hand how it ended and whether the engine agrees with the file's final stacks; with "
        "--actions, also what happened, in words. Players go by their names in the file (its "
        "'players' field), else by PHH's p1, p2 ... A file or hand that cannot be read or "
        "replayed is reported on standard error and skipped, and a hand whose final stacks "
        'differ from the file\'s is printed with both (--json: "matches": false); the run '
        "goes on, and the exit status is then 1.",
        examples=(
            "holdem replay hand.phh",
            "holdem replay hand.phh --actions",
            "holdem replay session.phhs --rules casino --json",
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a .phh or .phhs file")
    p.add_argument("--json", action="store_true", help="print one JSON object per hand per line")
    p.add_argument(
        "--actions",
        action="store_true",
        help="tell each hand's actions in words ('Alice raises to 500'); with --json, as the "
        "list 'actions_in_words'",
    )
    p.add_argument(
        "--rules",
        choices=("casino", "pokerkit", "acpc"),
        default=None,
        help="the rule preset to replay with (default: the rules the file records in its "
        "_rules field, else pokerkit, PHH's reference)",
    )
    p.add_argument(
        "--lenient",
        action="store_true",
        help="repair a history with an action missing as pokerkit does (the player checks, or "
        "folds facing a bet) and report each repair, instead of refusing the hand",
    )
    p.add_argument("--seed", type=SEED, default=None, help="seed for cards the file leaves unknown")
    add_color_options(p)
    p.set_defaults(run=_run)


def _seat_names(history: HandHistory) -> dict[str, Any]:
    """How a message names the engine's seats: by the file's names (with PHH's pN beside a name
    of the file's own, since the file's actions say pN)."""
    names = history.names

    def name(i: int) -> str:
        if not 0 <= i < len(names):
            return f"seat {i}"
        pn = f"p{i + 1}"
        return pn if names[i] == pn else f"{names[i]} ({pn})"

    return {"seat": name}


_STREETS = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}


def _unknown_holes(history: HandHistory) -> set[int]:
    """The seats whose hole cards the file leaves unknown (``d dh p2 ????``)."""
    seats = set()
    for action in history.actions:
        match = re.match(r"\s*d\s+dh\s+p(\d+)\s+(\S+)", action)
        if match and "?" in match.group(2):
            seats.add(int(match.group(1)) - 1)
    return seats


#: The words of each event kind a reader needs (a burn is left out).
_WORDS = {
    EventKind.ANTE: "{who} posts an ante of {amount}{all_in}",
    EventKind.BLIND: "{who} posts a blind of {amount}{all_in}",
    EventKind.STRADDLE: "{who} posts a straddle of {amount}{all_in}",
    EventKind.FOLD: "{who} folds",
    EventKind.CHECK: "{who} checks",
    EventKind.CALL: "{who} calls {amount}{all_in}",
    EventKind.BET: "{who} bets {amount}{all_in}",
    EventKind.RAISE: "{who} raises to {amount}{all_in}",
    EventKind.RETURN: "{amount} uncalled returned to {who}",
    EventKind.SHOW: "{who} shows {cards}",
    EventKind.MUCK: "{who} mucks",
    EventKind.WIN: "{who} wins {amount}",
}


def _word(event: Event, names: Sequence[str], style: Style, hidden: set[int]) -> str | None:
    """One event of a hand's log in words, or None for one a reader does not need (a burn)."""
    who = names[event.seat] if event.seat is not None else ""
    cards = style.cards(event.cards, sep="")
    kind = event.kind
    if kind is EventKind.DEAL_HOLE:
        if event.seat in hidden:
            return f"{who} is dealt hole cards (unknown in the file)"
        return f"{who} is dealt {cards}" if cards else f"{who} is dealt hole cards"
    if kind is EventKind.DEAL_BOARD:
        return f"{_STREETS.get(event.street, 'Board')}: {style.cards(event.cards)}"
    if kind is EventKind.DISCARD:
        return f"{who} discards {cards}" if cards else f"{who} discards a card"
    words = _WORDS.get(kind)
    if words is None:
        return None
    all_in = " and is all-in" if event.all_in else ""
    return words.format(who=who, amount=event.amount, all_in=all_in, cards=cards)


def narrate(
    events: Sequence[Event],
    names: Sequence[str],
    style: Style | None = None,
    hidden: set[int] | None = None,
) -> list[str]:
    """A hand's log in words, one line an event, with the players' ``names`` by seat (the
    hole cards of the seats in ``hidden`` are not told).

    >>> from holdem.engine.events import Event, EventKind
    >>> narrate([Event(EventKind.RAISE, 0, 500), Event(EventKind.FOLD, 1)], ["Alice", "Bob"])
    ['Alice raises to 500', 'Bob folds']
    """
    shown = style or Style()
    unknown = hidden or set()
    return [line for e in events if (line := _word(e, names, shown, unknown)) is not None]


def _run(args: argparse.Namespace) -> int:
    # A file or hand that cannot be read or replayed is reported and skipped; the others run.
    style = Style() if args.json else style_for(args)
    failed = 0
    for path in args.files:
        try:
            histories = load(path)
        except HoldemError as exc:
            print(f"holdem: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        if not histories:  # nothing replayed is not a success
            print(f"holdem: error: {path}: no hand in the file", file=sys.stderr)
            failed += 1
            continue
        for history in histories:
            try:
                result = replay(
                    history, rules=args.rules, seed=args.seed, check=False, lenient=args.lenient
                )
            except HoldemError as exc:
                message = renumbered(str(exc), _seat_names(history))
                print(f"holdem: error: {message}", file=sys.stderr)
                failed += 1
                continue
            if result.matches is False:  # reported with both results, and the run goes on
                failed += 1
            words = []
            if args.actions:
                hidden = _unknown_holes(history)
                words = narrate(result.hand.events, history.names, style, hidden)
            if args.json:
                data = result.as_dict()
                if args.actions:
                    data["actions_in_words"] = words
                print(json.dumps(data))
            else:
                print(result.describe())
                for line in words:
                    print(f"  {line}")
    return 1 if failed else 0
