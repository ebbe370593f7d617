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
* A tournament's header may name a level whose blinds are not those posted (``Level4
  (90/180)`` over blinds of 80 and 160, seen at a level's change): the blinds posted (when not
  short by an all-in) are the hand's stakes, and the minimum bet.
* ``X: posts missed blind $2`` (a dead small blind owed after missing the blinds, posted with a
  live big blind): a dead small blind, as PokerStars' ``posts small & big blinds``.
* ``X: straddle $0.04`` (without "posts"): a straddle, to its amount: a player who straddles
  again (``straddle $0.08``), or the button who straddles over his short deck button blind,
  raises his one post to it. At short deck any seat but the button's may straddle (the action
  starts left of the straddle, which acts last), and a player who folded may show a card
  (``shows [7s]``: no showdown).
* ``Dealt to X`` lines without cards for every opponent (nothing known).
* A board run two or three times: ``*** FIRST FLOP ***``... ``*** THIRD RIVER ***`` (a later
  run gives only the cards it deals anew), a showdown per run, and the summary's ``Hand was run
  two times`` and ``SECOND Board [...]`` (not needed: the runs' boards are in the play).

* Games: ``Hold'em No Limit`` (and the other structures), pot-limit Omaha as ``PLO ($2/$5)``
  or ``Omaha Pot Limit``, short deck as ``ShortDeck No Limit ($100)``: every player posts the
  ante named, and the button a button blind (``posts button blind $100``), the one blind, as
  in PokerStars' 6+ Hold'em. 5-card Omaha (``PLO-5``) and ``Omaha (NL postflop)`` are refused
  (no PHH variant for them), and so are hands with an "EV Cashout" (no such hand in the files
  this reader was checked on).
* ``Cash Drop to Pot : total $0.2``: money the site adds to a Rush & Cash pot, which no player
  put in: refused (the engine's pots hold what the players put in).
"""

from __future__ import annotations

import dataclasses
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
    if "Cash Drop to Pot" in text:
        raise PokerStarsError(
            f"{label}: money the site added to the pot (Cash Drop): no player put it in, and "
            "the engine's pots hold only what players put in"
        )
    out = ["GGPoker Hand #" + head["number"] + ":" + _game(lines[0][head.end() :])]
    posted: dict[str, int] = {}  # (each player's live post: its line in out)
    for line in lines[1:]:
        line = line.strip()
        if line.startswith("Total pot "):
            line = _total(line, label)
        elif ": " in line:
            name, _, rest = line.rpartition(": ")
            if rest.startswith("posts missed blind "):
                line = f"{name}: posts small blind {rest[len('posts missed blind ') :]}"
            elif rest.startswith("straddle "):
                to = rest[len("straddle ") :]
                before = posted.get(name)
                if before is not None and out[before].rpartition(": ")[2].startswith(_RAISED):
                    # (a straddle again, or the button's after his button blind: to the amount)
                    out[before] = f"{out[before].rsplit(' ', 1)[0]} {to}"
                    continue
                line = f"{name}: posts {rest}"
            if line.startswith(f"{name}: posts ") and " ante " not in line:
                posted[name] = len(out)
        out.append(line)
    return _stakes_posted(parse_hand("\n".join(out), source=source, index=index))


def _stakes_posted(hand: StarsHand) -> StarsHand:
    """The hand with the blinds it was played with: a tournament's header may name the level
    before the one whose blinds are posted (``Level4 (90/180)`` over blinds of 80 and 160)."""
    if hand.structure == "fixed-limit":
        return hand
    small = big = None
    for a in hand.actions:
        if a.verb == "small blind" and small is None and not a.all_in:
            small = a.amount
        elif a.verb == "big blind" and big is None and not a.all_in:
            big = a.amount
        elif a.street > 0:
            break
    if big is None or (big == hand.big and small in (None, hand.small)):
        return hand
    return dataclasses.replace(hand, small=hand.small if small is None else small, big=big)


def _game(rest: str) -> str:
    """The header's game in PokerStars' words: ``PLO ($2/$5)`` -> ``Omaha Pot Limit ($2/$5)``,
    ``ShortDeck No Limit ($100)`` -> ``6+ Hold'em No Limit (Button Blind $100 - Ante $100)``."""
    m = _PLO.match(rest)
    if m is not None:
        return " Omaha Pot Limit" + rest[m.end() :]
    m = _SHORT_DECK.match(rest)
    if m is not None:
        ante = m["ante"]
        return f" 6+ Hold'em No Limit (Button Blind {ante} - Ante {ante})" + rest[m.end() :]
    return rest


_PLO = re.compile(r"\s*PLO(?= \()")
# The posts a straddle by the same player raises (to its amount).
_RAISED = ("posts straddle ", "posts button blind ")
_SHORT_DECK = re.compile(r"\s*ShortDeck No Limit \((?P<ante>[^()\s]+)\)")


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
