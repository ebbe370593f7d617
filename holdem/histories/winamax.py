"""Winamax's hand histories: read into the common record through PokerStars' reader.

Winamax writes a text much like PokerStars' (see :mod:`holdem.pokerstars`); these are its
differences, each read here and nowhere else:

* The header: ``Winamax Poker - CashGame - HandId: #3357764-1085-1344984780 - Holdem no limit
  (0.10/0.20) - 2012/08/14 22:53:00 UTC`` (also ``Go Fast "Buzau"``), or for a tournament
  ``Winamax Poker - Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11 - HandId: #... - Holdem no
  limit (140/600/1200) - ...`` where the stakes are the ante, the small and the big blind (or
  the two blinds). The hand's id is three numbers: the record's number is their digits in one
  (the PHH ``hand`` field), messages give the id as written. A tournament's number is the one
  in its table's name (``'TEA TIME(548967895)#0037'``).
* ``Table: 'Tampa' 5-max (play money) Seat #3 is the button`` (a colon; ``Seat 0000005`` in
  some files), ``Seat 2: Hero (10)`` or ``Seat 1: P (18694, 9€ bounty)``: no "in chips".
* Amounts with the currency sign after them (``2€``); play money and tournaments without one.
* No colon after the player's name in the action lines (``Player1 posts small blind 0.10``),
  ``posts ante 140``; sections ``*** ANTE/BLINDS ***`` and ``*** PRE-FLOP ***``; ``Board:``.
* Before the flop, a raise may be written as a bet of the amount it adds (``Player6 bets
  292.50`` by the big blind of 120 facing a call: a raise to 412.50): read as that raise.
* The summary's ``Total pot 9.82 | Rake 0.68`` is the pot *after* the rake (what the players
  collect): the record's total pot is the two together; ``| No rake``: none. Tournaments of
  2011 round a large pot in thousands (``Total pot 6.02k``, rounded or cut): the amounts
  collected are then the pot, and must round or cut to it.
* A raise no one can call (every other player still in is all in for less: ``raises 230 to
  2610 and is all-in`` facing an all-in of 2380) is written as a raise, its excess then
  collected as a side pot or in the pot its raiser wins (PokerStars returns it as an uncalled
  bet): read as the call it is, the excess out of the amount collected and the total pot.
* Blinds posted by a new or returning player: ``posts big blind 0.05 out of position`` (a live
  big blind) and ``posts small blind 2€ out of position`` (a dead small blind).

Games: hold'em of the three structures and pot-limit Omaha; 5-card Omaha, Omaha hi-lo, stud and
draw games are refused.
"""

from __future__ import annotations

import dataclasses
import math
import re
from decimal import Decimal

from holdem.errors import PokerStarsError
from holdem.pokerstars import StarsHand, parse_hand, players_in_order

__all__ = ["START", "read"]

#: The first line of a hand.
START = re.compile(r"[ \t]*Winamax Poker - ")

_HEADER = re.compile(
    r"^\s*Winamax Poker - (?P<kind>.*?)HandId: #(?P<id>[\d-]{1,60}) - (?P<game>.*?) "
    r"\((?P<stakes>[^()]*)\)(?P<rest>.*)$"
)
_LEVEL = re.compile(r"level: (?P<level>\d+)")
_TOURNAMENT_ID = re.compile(r"\((?P<id>\d+)\)#\d*'")
_GAMES = {
    "holdem no limit": "Hold'em No Limit",
    "holdem pot limit": "Hold'em Pot Limit",
    "holdem fixed limit": "Hold'em Limit",
    "omaha pot limit": "Omaha Pot Limit",
}
_SUFFIXED = re.compile(r"(?<![\w.,])(\d[\d.,]*)€")
_TABLE = re.compile(r"^Table: '(?P<name>.*)' (?P<rest>.*?)Seat #?0*(?P<button>\d+) is the button")
_SEAT = re.compile(r"^(Seat \d+: .+) \((?P<stack>[^ (),]+)(?P<more>(?:, [^()]*)?)\)$")
_TOTAL = re.compile(r"^Total pot (?P<pot>\S+) \| (?:Rake (?P<rake>\S+)|No rake)$")


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One Winamax hand's text read into the common record.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - \\
    ... 2017/03/28 16:50:52 UTC
    ... Table: 'Buzau' 2-max (real money) Seat #1 is the button
    ... Seat 1: Ann (100€)
    ... Seat 2: Bob (100€)
    ... *** ANTE/BLINDS ***
    ... Ann posts small blind 1€
    ... Bob posts big blind 2€
    ... *** PRE-FLOP ***
    ... Ann folds
    ... Bob collected 2€ from pot
    ... *** SUMMARY ***
    ... Total pot 2€ | No rake''')
    >>> hand.site, hand.number, hand.unit, hand.big, hand.total_pot
    ('Winamax', '123', '1', 2, 2)
    """
    lines = [line.strip() for line in text.split("\n")]
    head = _HEADER.match(lines[0]) if lines else None
    if head is None:
        raise PokerStarsError(f"{source}: hand {index + 1}: no Winamax header")
    label = f"{source}: hand #{head['id']}"
    if head["game"].lower() not in _GAMES:
        raise PokerStarsError(f"{label}: not a hold'em or Omaha hand ({head['game']})")
    out = [_header(head, text)]
    rounded: str | None = None
    seats = True  # (the seat lines come before the first section)
    preflop = True
    level = Decimal(0)  # the pre-flop bet to call, for a raise written as a bet
    for line in lines[1:]:
        if not line or line in ("*** ANTE/BLINDS ***",):
            continue
        line = _SUFFIXED.sub(r"€\1", line)
        if line.startswith("***"):
            seats = False
            preflop = line in ("*** ANTE/BLINDS ***", "*** PRE-FLOP ***")
        elif preflop:
            line, level = _preflop(line, level)
        if line == "*** PRE-FLOP ***":
            line = "*** HOLE CARDS ***"
        elif line.startswith("Table: "):
            table = _TABLE.match(line)
            if table is None:
                raise PokerStarsError(f"{label}: not a table line: {line!r}")
            line = f"Table '{table['name']}' {table['rest']}Seat #{table['button']} is the button"
        elif seats and line.startswith("Seat "):
            seat = _SEAT.match(line)
            if seat is not None:
                line = f"{seat[1]} ({seat['stack']} in chips{seat['more']})"
        elif line.startswith("Total pot "):
            total = _TOTAL.match(line)
            if total is None:
                raise PokerStarsError(f"{label}: a pot line that cannot be read: {line!r}")
            if total["pot"].endswith("k"):
                rounded = total["pot"]
                line = "Total pot 0 | Rake 0"
            else:
                rake = total["rake"] or "0"
                line = f"Total pot {_sum(total['pot'], rake)} | Rake {rake}"
        elif " posts " in line:
            line = line.replace(" posts ante ", " posts the ante ", 1)
            if line.endswith(" out of position"):  # a blind posted by a new or returning player
                line = line[: -len(" out of position")]
        out.append(line)
    hand = parse_hand("\n".join(out), source=source, index=index)
    hand = dataclasses.replace(hand, site="Winamax", number=head["id"].replace("-", ""))
    if rounded is not None:
        hand = _rounded_pot(hand, rounded, label)
    return _uncallable(hand)


def _uncallable(hand: StarsHand) -> StarsHand:
    """The hand with each raise that no one can call (every other player still in is all in,
    for less) read as the call it is, its excess taken from what its raiser collected and from
    the total pot: Winamax writes ``raises 230 to 2610 and is all-in`` facing an all-in of
    2380, then the 230 as a side pot he collects (or in the pot he wins), where PokerStars
    returns it as an uncalled bet. Nothing changes when a collected amount is smaller than the
    excess (the check then refuses the hand)."""
    dealt = set(players_in_order(hand))
    behind: dict[str, float] = {
        s.name: math.inf if s.stack is None else s.stack for s in hand.seats
    }  # (an unknown stack: never all in)
    folded: set[str] = set()
    actions = list(hand.actions)
    collected = dict(hand.collected)
    excess = 0
    street = -1
    bet: dict[str, int] = {}
    for k, a in enumerate(actions):
        if a.street != street:
            street, bet = a.street, {}
        name, verb = a.name, a.verb
        if verb == "fold":
            folded.add(name)
        elif verb == "ante":
            behind[name] = behind.get(name, 0) - a.amount
        elif verb in ("small blind", "big blind", "straddle", "call"):
            bet[name] = bet.get(name, 0) + a.amount
            behind[name] = behind.get(name, 0) - a.amount
        elif verb in ("bet", "raise"):
            others = [o for o in dealt if o != name and o not in folded]
            top = max((bet.get(o, 0) for o in others), default=0)
            mine = bet.get(name, 0)
            over = a.amount - top
            if (
                verb == "raise"
                and others
                and all(behind.get(o, 0) <= 0 for o in others)
                and mine < top < a.amount
                and collected.get(name, 0) >= over
            ):
                call = top - mine
                actions[k] = a._replace(
                    verb="call", amount=call, all_in=behind.get(name, 0) == call
                )
                collected[name] -= over
                excess += over
                bet[name] = top
                behind[name] = behind.get(name, 0) - call
                continue
            behind[name] = behind.get(name, 0) - (a.amount - mine)
            bet[name] = a.amount
    if not excess:
        return hand
    return dataclasses.replace(
        hand,
        actions=tuple(actions),
        collected={n: c for n, c in collected.items() if c},
        total_pot=hand.total_pot - excess,
    )


def _preflop(line: str, level: Decimal) -> tuple[str, Decimal]:
    """A pre-flop line, with a raise written as a bet (``bets 292.50`` by the big blind facing
    a call: a raise *by* that much) written as a raise, and the bet to call after it."""
    all_in = " and is all-in" if line.endswith(" and is all-in") else ""
    body = line[: len(line) - len(all_in)]
    for verb in (" posts small blind ", " posts big blind ", " raises ", " bets "):
        name, found, rest = body.partition(verb)
        if not found:
            continue
        last = rest.split(" ")[-1]  # the amount, or the total of "raises 4€ to 8€"
        try:
            amount = Decimal(last.lstrip("€").replace(",", ""))
        except ArithmeticError:  # ("posts big blind 2€ out of position": the same blind)
            return line, level
        if verb != " bets ":
            return line, max(level, amount)
        to = level + amount
        return f"{name} raises {last} to {'€' if '€' in last else ''}{to}{all_in}", to
    return line, level


def _header(head: re.Match[str], text: str) -> str:
    """The header in PokerStars' words (the hand's number set after: it may be longer than
    PokerStars' numbers)."""
    game = _GAMES.get(head["game"].lower(), head["game"])
    stakes = head["stakes"].split("/")
    if len(stakes) == 3:  # ante / small blind / big blind
        stakes = stakes[1:]
    parts = ["PokerStars Hand #0: "]
    if head["kind"].startswith("Tournament"):
        found = _TOURNAMENT_ID.search(text[:2000])
        parts.append(f"Tournament #{found['id'] if found else 0}, ")
    level = _LEVEL.search(head["kind"])
    signed = "/".join(_SUFFIXED.sub(r"€\1", s) for s in stakes)
    parts.append(f"{game} ({signed})")
    if level is not None:
        parts.append(f" - Level {level['level']}")
    parts.append(head["rest"])
    return "".join(parts)


def _sum(pot: str, rake: str) -> str:
    """``pot`` and ``rake`` (amounts as written, sign first) added, in the same shape."""
    sign = "€" if pot.startswith("€") or rake.startswith("€") else ""
    a, b = Decimal(pot.lstrip("€").replace(",", "")), Decimal(rake.lstrip("€").replace(",", ""))
    return f"{sign}{a + b}"


def _rounded_pot(hand: StarsHand, rounded: str, label: str) -> StarsHand:
    """The hand with its total pot the amounts collected, which must round to ``rounded``
    (``6.02k``: 6015 to 6029, Winamax rounding to the nearest or cutting the digits)."""
    collected = sum(hand.collected.values())
    try:
        value = Decimal(rounded[:-1]) * 1000
    except ArithmeticError:
        raise PokerStarsError(f"{label}: not an amount: {rounded!r}") from None
    step = Decimal(10) ** int(Decimal(rounded[:-1]).as_tuple().exponent) * 1000
    real = collected * Decimal(hand.unit)
    # (Winamax rounds to the nearest, or cuts the digits off: either is taken)
    if not value - step / 2 <= real < value + step:
        raise PokerStarsError(
            f"{label}: the amounts collected ({collected}) are not the summary's pot ({rounded})"
        )
    return dataclasses.replace(hand, total_pot=collected)
