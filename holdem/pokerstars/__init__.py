"""PokerStars hand histories: read the text files, convert them to PHH, replay them exactly.

PokerStars writes one text file per table and session, hands one after the other (Full Tilt, Run
It Once, PokerBros, PokerMaster and the trackers' exports write the same format, and
:mod:`holdem.histories` reads other sites' into the same record). :func:`loads` and :func:`load`
read every hold'em and Omaha hand of a file (no limit, pot limit, fixed limit; 6+ Hold'em; cash
games and tournaments); a hand that cannot be read
is set aside with its number and the reason, and the rest of the file goes on. Amounts become
integers in the hand's smallest unit (cents in a ``$0.01/$0.02`` game): :func:`to_history`
gives a :class:`~holdem.phh.HandHistory` in that unit (its ``_unit`` field says which), and
:func:`check` replays the hand through the engine and checks each player's collected amount and
the total pot against the text.

>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET
... Table 'Example' 6-max Seat #1 is the button
... Seat 1: Ann ($2 in chips)
... Seat 2: Bob ($2 in chips)
... Seat 3: Cy ($2 in chips)
... Bob: posts small blind $0.01
... Cy: posts big blind $0.02
... *** HOLE CARDS ***
... Ann: raises $0.04 to $0.06
... Bob: folds
... Cy: folds
... Uncalled bet ($0.04) returned to Ann
... Ann collected $0.05 from pot
... *** SUMMARY ***
... Total pot $0.05 | Rake $0
... Seat 1: Ann (button) collected ($0.05)'''
>>> read = loads(text)
>>> hand = read.hands[0]
>>> hand.unit, [s.stack for s in hand.seats]
('0.01', [200, 200, 200])
>>> check(hand).history.finishing_stacks  # Bob, Cy, Ann (PHH order: left of the button first)
(199, 198, 203)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from holdem._validate import check_path
from holdem.errors import ArgumentTypeError, PokerStarsError
from holdem.pokerstars.converting import (
    Checked,
    check,
    players_in_order,
    stars_rules,
    to_history,
)
from holdem.pokerstars.parsing import (
    Action,
    Seat,
    StarsHand,
    iter_hands,
    parse_hand,
    split_hands,
)
from holdem.pokerstars.resuming import seating

__all__ = [
    "Action",
    "Checked",
    "PokerStarsError",
    "Read",
    "Refused",
    "Seat",
    "StarsHand",
    "check",
    "iter_hands",
    "load",
    "loads",
    "parse_hand",
    "players_in_order",
    "seating",
    "split_hands",
    "stars_rules",
    "to_history",
]

#: The largest file :func:`load` reads.
MAX_FILE_BYTES = 256 * 1024 * 1024
#: A text whose first this many hands are all refused is not read further (it is not hand
#: histories this reader knows, and each refusal would cost the time and memory of a record).
MAX_REFUSED_FIRST = 1000


@dataclass(frozen=True, slots=True)
class Refused:
    """A hand of a file that could not be read: its position (from 0), number and the reason."""

    index: int
    number: str
    reason: str


@dataclass(frozen=True, slots=True)
class Read:
    """A file's hands: those read, and those refused with their reason."""

    hands: list[StarsHand] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)


def loads(text: str, *, source: str = "<string>") -> Read:
    """Every hand of a file's text; a hand that cannot be read goes to ``refused``.

    :raises PokerStarsError: if the text holds no PokerStars hand at all, or its first
        ``MAX_REFUSED_FIRST`` hands are all refused (the error gives the first one's reason).
    :raises ArgumentTypeError: for a text or source that is not a str.
    """
    if not isinstance(source, str):
        raise ArgumentTypeError(f"a source is a str, got {type(source).__name__}")
    read = Read()
    for index, part in enumerate(iter_hands(text)):
        try:
            read.hands.append(parse_hand(part, source=source, index=index))
        except PokerStarsError as exc:
            number = part.split("#", 1)[1].split(":", 1)[0] if "#" in part else "?"
            read.refused.append(Refused(index, number, str(exc)))
            if not read.hands and len(read.refused) >= MAX_REFUSED_FIRST:
                raise PokerStarsError(
                    f"{source}: not read further: its first {MAX_REFUSED_FIRST} hands were all "
                    f"refused, the first for this reason: {read.refused[0].reason}"
                ) from None
    if not read.hands and not read.refused:
        raise PokerStarsError(f"{source}: no PokerStars hand in the text")
    return read


def load(path: str | os.PathLike[str]) -> Read:
    """Every hand of a file, read as :func:`loads` does.

    The text is UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark, or,
    failing those, Windows-1252, the encodings PokerStars has written over the years.

    :raises PokerStarsError: if the file cannot be read, is larger than ``MAX_FILE_BYTES``, or
        holds no PokerStars hand.
    :raises ArgumentTypeError: for a path that is no str, bytes or path-like object.
    """
    name = check_path(path, "pokerstars.load", PokerStarsError)
    where = name if isinstance(name, str) else os.fsdecode(name)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PokerStarsError(f"{where}: cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise PokerStarsError(f"{where}: the file is larger than {MAX_FILE_BYTES} bytes")
    return loads(_decode(data), source=where)


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")
