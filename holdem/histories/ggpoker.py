"""GGPoker's hand histories: PokerStars' text with GGPoker's own words, read into the record.

GGPoker (and its network's skins) writes PokerStars' format (see :mod:`holdem.pokerstars`),
with these differences, each read here and nowhere else:

* The header: ``Poker Hand #TM599808286: Tournament #25313424, ... Hold'em No Limit -
  Level1(100/200) - 2021/04/04 16:06:27`` (a tournament; ``Level2 (60/120)`` with a space in
  older files) or ``Poker Hand #RC1234: Hold'em No Limit ($0.01/$0.02) - ...`` (cash); the id
  has a prefix of letters (``TM``, ``RC``, ``HD``, ``OM``...): the record's number is its
  digits, messages give the whole id.
* The summary's ``Total pot $103 | Rake $5.15 | Jackpot $0 | Bingo $0`` (and ``Fortune``,
  ``Tax`` on some tables): everything after the pot is taken from it, so the record's rake is
  their sum (the hand's arithmetic: the amounts collected and that sum make the total pot).
  Tournament hands of 2020 write ``Total pot 588`` alone: no rake.
* ``X: posts missed blind $2`` (a dead small blind owed after missing the blinds, posted with a
  live big blind): a dead small blind, as PokerStars' ``posts small & big blinds``.
* ``X: straddle $0.04`` (without "posts"): a straddle.
* ``Dealt to X`` lines without cards for every opponent (nothing known).
* A board run two or three times: ``*** FIRST FLOP ***``... ``*** THIRD RIVER ***`` (a later
  run gives only the cards it deals anew), a showdown per run, and the summary's ``Hand was run
  two times`` and ``SECOND Board [...]`` (not needed: the runs' boards are in the play).

Games: hold'em of the three structures. Omaha (``PLO``, ``Omaha Pot Limit``), 5-card Omaha and
short deck (``ShortDeck``, with a button blind) are refused as "not a hold'em hand", as are
hands with an "EV Cashout" (no such hand in the files this reader was checked on).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from holdem.errors import PokerStarsError
from holdem.pokerstars import StarsHand, parse_hand

__all__ = ["START", "read"]

#: The first line of a hand.
START = re.compile(r"[ \t]*Poker Hand #[A-Z]{0,4}\d")

_HEADER = re.compile(r"^\s*Poker Hand #(?P<prefix>[A-Z]{0,4})(?P<number>\d{1,30}):")
_TOTAL = re.compile(r"^Total pot (?P<pot>\S+)(?P<rest>(?: \| [A-Za-z ]+ \S+)*)\s*$")
_FEE = re.compile(r" \| (?P<name>[A-Za-z ]+?) (?P<amount>\S+)")
_AMOUNT = re.compile(r"^(?P<symbol>[$€£¥]?)(?P<digits>\d[\d,]*(?:\.\d+)?)$")
_FEES = frozenset({"Rake", "Jackpot", "Bingo", "Fortune", "Tax"})


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One GGPoker hand's text read into the common record.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''Poker Hand #RC7: Hold'em No Limit ($0.01/$0.02) - 2021/01/01 00:00:00
    ... Table 'RushAndCash1' 6-max Seat #1 is the button
    ... Seat 1: Hero ($2 in chips)
    ... Seat 2: a1 ($2 in chips)
    ... Hero: posts small blind $0.01
    ... a1: posts big blind $0.02
    ... *** HOLE CARDS ***
    ... Dealt to Hero [Ah Kh]
    ... Dealt to a1
    ... Hero: raises $0.04 to $0.06
    ... a1: calls $0.04
    ... *** FLOP *** [2c 7d 9s]
    ... a1: checks
    ... Hero: bets $0.1
    ... a1: folds
    ... Uncalled bet ($0.1) returned to Hero
    ... *** SHOWDOWN ***
    ... Hero collected $0.11 from pot
    ... *** SUMMARY ***
    ... Total pot $0.12 | Rake $0.01 | Jackpot $0 | Bingo $0''')
    >>> hand.site, hand.number, hand.total_pot, hand.rake
    ('GGPoker', '7', 12, 1)
    """
    lines = text.split("\n")
    head = _HEADER.match(lines[0]) if lines else None
    if head is None:
        raise PokerStarsError(f"{source}: hand {index + 1}: no GGPoker header")
    label = f"{source}: hand #{head['prefix']}{head['number']}"
    if "Cashout" in text or "Cash Out" in text:
        raise PokerStarsError(f"{label}: an EV cash-out (not read yet)")
    out = ["GGPoker Hand #" + head["number"] + ":" + lines[0][head.end() :]]
    for line in lines[1:]:
        line = line.strip()
        if line.startswith("Total pot "):
            line = _total(line, label)
        elif ": " in line:
            name, _, rest = line.rpartition(": ")
            if rest.startswith("posts missed blind "):
                line = f"{name}: posts small blind {rest[len('posts missed blind ') :]}"
            elif rest.startswith("straddle "):
                line = f"{name}: posts {rest}"
        out.append(line)
    return parse_hand("\n".join(out), source=source, index=index)


def _total(line: str, label: str) -> str:
    """The summary's pot line with the rake, the jackpot and the other fees summed as the rake:
    ``Total pot $103 | Rake $5.15 | Jackpot $1`` -> ``Total pot $103 | Rake $6.15``."""
    m = _TOTAL.match(line)
    if m is None:
        raise PokerStarsError(f"{label}: a summary's pot line that cannot be read: {line!r}")
    pot = _AMOUNT.match(m["pot"])
    if pot is None:
        raise PokerStarsError(f"{label}: not an amount: {m['pot']!r}")
    total = Decimal(0)
    places = 0
    for fee in _FEE.finditer(m["rest"]):
        if fee["name"] not in _FEES:
            raise PokerStarsError(f"{label}: an unknown deduction from the pot: {fee['name']!r}")
        amount = _AMOUNT.match(fee["amount"])
        if amount is None:
            raise PokerStarsError(f"{label}: not an amount: {fee['amount']!r}")
        try:
            value = Decimal(amount["digits"].replace(",", ""))
        except InvalidOperation:  # pragma: no cover (the pattern admits only digits)
            raise PokerStarsError(f"{label}: not an amount: {fee['amount']!r}") from None
        places = max(places, -int(value.as_tuple().exponent))
        total += value
    rake = f"{total:.{places}f}" if places else str(total)
    return f"Total pot {m['pot']} | Rake {pot['symbol']}{rake}"
