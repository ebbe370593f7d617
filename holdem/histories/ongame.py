"""Ongame's hand histories (and its skins': Betfair, bwin...): read into the common record.

Ongame writes its own words, written here as PokerStars' text (by
:class:`holdem.histories._written.Written`) and read as the other sites:

* ``***** History for hand R5-70000684-006 *****`` (a tournament's: ``T5-17631959-1
  (TOURNAMENT: "Freeroll", R-274-69, buy-in: €0)``); the record's number is the id's digits.
* ``Table: Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)`` (``POT_LIMIT``,
  ``LIMIT``, whose stakes are the bets; ``OMAHA``, ``OMAHA_HI_LO``; ``, ante: 5`` in
  tournaments): the game and the stakes;
  ``User: Hero``, ``Button: seat 8``, ``Seat 9: Name (4.35)``.
* ``X posts small blind (0.05)``, ``posts big blind``, ``posts ante 5``; ``Dealing to Hero:
  [6s, 7h]``; ``--- Dealing flop [8c, Ts, 4d]``. A big blind short by an all-in is written as a
  second small blind (``posts small blind (150) [all in]`` at 125/250, no big blind posted):
  read as the big blind, which the others still call in full (``calls 250``). A big blind
  all in on the ante posts nothing: the others still call the full blind (``calls 300`` at
  150/300). ``posts dead blind (0.05)`` after the player's big blind (back from missing the
  blinds): the small blind, dead (in the pot, never a bet returned).
* ``calls 0.25`` and ``bets 0.10`` (the chips added), ``raises 0.30 to 0.30`` (to the second
  amount), ``[all in]`` after any of them.
* The summary: ``Main pot: 0.90 won by Player1 (0.86)`` (``Side pot 1: ...``; several
  winners ``won by A (1383), B (1382)``): the pot without the uncalled bet, and what each won
  after the rake; ``Rake taken: $0.04``; and each player's stack after the hand, ``Seat 9:
  Player1 (4.81), net: +0.46, [Ah, Kd] (PAIR ACE)`` (with the cards shown). Checked: the pot
  less the amounts won is the rake taken, and every player's stack after the hand is his
  stack before, less what he put in, plus the uncalled bet returned and what he won.

Games: hold'em of the three structures, pot-limit Omaha (Omaha hi-lo pot limit: no PHH code).
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal

from holdem.errors import PokerStarsError
from holdem.histories._written import Written, amount
from holdem.histories._written import cards as read_cards
from holdem.pokerstars import StarsHand, parse_hand

__all__ = ["ID", "START", "read"]

#: The first line of a hand.
START = re.compile(r"[ \t]*\*{5} History for hand [A-Z]\d")
#: The hand's id in its first line.
ID = re.compile(r"hand ([A-Z0-9-]{1,60})")

_HEADER = re.compile(
    r"^\*{5} History for hand (?P<id>[A-Z0-9-]{1,60})"
    r"(?: \(TOURNAMENT: (?:\"[^\"]*\", (?P<tournament>[^,]*), buy-in: [^)]*)?\))? \*{5}"
)
_TABLE = re.compile(
    r"^Table: .*\((?P<limit>NO_LIMIT|POT_LIMIT|LIMIT) "
    r"(?P<game>TEXAS_HOLDEM|OMAHA_HI_LO|OMAHA_HI|OMAHA) "
    r"(?P<small>[^/\s]+)/(?P<big>[^,\s]+)(?:, ante: [^,]+)?, [^)]*\)$"
)
_LIMITS = {"NO_LIMIT": "No Limit", "POT_LIMIT": "Pot Limit", "LIMIT": "Limit"}
_GAMES = {
    "TEXAS_HOLDEM": "Hold'em",
    "OMAHA": "Omaha",
    "OMAHA_HI": "Omaha",
    "OMAHA_HI_LO": "Omaha Hi/Lo",
}
_SEAT = re.compile(r"^Seat (?P<seat>\d{1,2}): (?P<name>.+?) \((?P<stack>[^()]*)\)(?P<rest>.*)$")
_DEAD = re.compile(r"^(?P<name>.+) posts dead blind \((?P<amount>[^()\s]+)\)$")
_POST = re.compile(
    r"^posts (?P<what>small blind|big blind|ante) \(?(?P<amount>[^()\s]+)\)?(?: \[all in\])?$"
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises)(?: (?P<amount>\S+)(?: to (?P<to>\S+))?)?"
    r"(?: \[all in\])?$"
)
_BOARD = re.compile(r"^--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]$")
_STREETS = {"flop": 2, "turn": 3, "river": 4}
_POT = re.compile(r"^(?:Main pot|Side pot \d+): \S+ won by (?P<winners>.+)$")
_WINNER = re.compile(r"(?P<name>.+?) \((?P<amount>[^()]+)\)(?:, |$)")
_RAKE = re.compile(r"^Rake taken: (?P<amount>\S+)$")
_NOTES = (
    "Start hand:",
    "Players in round:",
    "Dealing pocket cards",
    "---",
    "Summary:",
    "***** End of hand",
    "User:",
    "Button:",
)


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One Ongame hand's text read into the common record.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''***** History for hand R5-7-6 *****
    ... Table: Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)
    ... User: Ann
    ... Button: seat 1
    ... Seat 1: Ann (10)
    ... Seat 2: Bob (10)
    ... Ann posts small blind (0.05)
    ... Bob posts big blind (0.10)
    ... ---
    ... Ann raises 0.30 to 0.30
    ... Bob folds
    ... ---
    ... Summary:
    ... Main pot: 0.20 won by Ann (0.20)
    ... Rake taken: $0
    ... Seat 1: Ann (10.10), net: +0.10
    ... Seat 2: Bob (9.90), net: -0.10''')
    >>> hand.site, hand.number, hand.total_pot, hand.rake, hand.collected
    ('Ongame', '576', 20, 0, {'Ann': 20})
    """
    lines = [line.strip() for line in text.split("\n")]
    head = _HEADER.match(lines[0]) if lines else None
    if head is None:
        raise PokerStarsError(f"{source}: hand {index + 1}: no Ongame header")
    label = f"{source}: hand #{head['id']}"
    return _Hand(lines, head, label, source, index).read()


def _anted_out(hand: Written, seats: dict[str, int], small_by: str) -> bool:
    """The player after the small blind (``small_by``), who owed the big blind, is all in on
    the ante and posted no blind (Ongame writes no post for him)."""
    if small_by not in seats:
        return False
    order = sorted(seats, key=lambda n: (seats[n] <= seats[small_by], seats[n]))
    due = order[0]
    return due != small_by and not hand.bets.get(due) and hand.put.get(due) == hand.stacks[due]


@dataclasses.dataclass
class _Hand:
    lines: list[str]
    head: re.Match[str]
    label: str
    source: str
    index: int

    def fail(self, reason: str) -> PokerStarsError:
        return PokerStarsError(f"{self.label}: {reason}")

    def amount(self, text: str | None) -> Decimal:
        value = amount(text, self.head["tournament"] is not None)
        if value is None:
            raise self.fail(f"not an amount: {text!r}")
        return value

    def read(self) -> StarsHand:
        table = next((m for m in map(_TABLE.match, self.lines[1:6]) if m is not None), None)
        if table is None:
            named = next((x for x in self.lines[1:6] if x.startswith("Table: ")), "")
            raise self.fail(f"not a hold'em or Omaha hand ({named[7:80]})")
        title = f"{_GAMES[table['game']]} {_LIMITS[table['limit']]}"
        hero = next((x[len("User: ") :] for x in self.lines if x.startswith("User: ")), "")
        button = next((x for x in self.lines if x.startswith("Button: seat ")), "")
        if not button[len("Button: seat ") :].isdigit():
            raise self.fail("no 'Button: seat N' line")
        summary = self.lines.index("Summary:") if "Summary:" in self.lines else len(self.lines)
        stacks: dict[str, Decimal] = {}
        seats: dict[str, int] = {}
        finals: dict[str, Decimal] = {}
        for k, line in enumerate(self.lines):
            m = _SEAT.match(line)
            if m is None:
                continue
            name = m["name"]
            if k > summary:
                finals[name] = self.amount(m["stack"])
            elif name in seats:
                raise self.fail(f"{name!r} is seated twice")
            else:
                seats[name], stacks[name] = int(m["seat"]), self.amount(m["stack"])
        if len(seats) < 2:
            raise self.fail("fewer than two seated players")
        names = sorted(seats, key=len, reverse=True)
        boards = {
            _STREETS[b["street"]]: read_cards(b["cards"], self.label)
            for b in map(_BOARD.match, self.lines)
            if b is not None
        }
        hand = Written(self.label, stacks, seats, int(button[len("Button: seat ") :]), boards)
        pockets: dict[str, list[str]] = {}
        won: dict[str, Decimal] = {}
        # The big blind (at limit, the small bet), and the blinds posted so far: Ongame writes a
        # big blind short by an all-in as a second small blind (no big blind posted).
        big_blind = self.amount(table["small" if table["limit"] == "LIMIT" else "big"])
        no_big = not any(" posts big blind " in line for line in self.lines)
        blinds = 0
        small_by = ""  # who posted the (first) small blind
        acting = False  # the posts are over
        merged: set[int] = set()  # (the lines read with the one before them)
        rake: Decimal | None = None
        for k, line in enumerate(self.lines[1:], 1):
            if not line or _SEAT.match(line) or line.startswith("Table: "):
                if k > summary and (m := _SEAT.match(line)) is not None and "[" in m["rest"]:
                    shown = m["rest"][m["rest"].index("[") + 1 : m["rest"].index("]")]
                    pockets[m["name"]] = read_cards(shown, self.label)
                continue
            b = _BOARD.match(line)
            if b is not None:
                hand.street(_STREETS[b["street"]])
                continue
            if line.startswith("Dealing to "):
                dealt, _, cards = line[len("Dealing to ") :].partition(": [")
                pockets[dealt] = read_cards(cards.rstrip("]"), self.label)
                continue
            pot = _POT.match(line)
            if pot is not None:
                for w in _WINNER.finditer(pot["winners"]):
                    won[w["name"]] = won.get(w["name"], Decimal(0)) + self.amount(w["amount"])
                continue
            r = _RAKE.match(line)
            if r is not None:
                rake = self.amount(r["amount"])
                continue
            if line.startswith(_NOTES):
                continue
            who = next((n for n in names if line.startswith(n + " ")), None)
            if who is None:
                raise self.fail(f"a line not understood: {line[:80]!r}")
            rest = line[len(who) + 1 :]
            if k in merged:
                continue  # (a dead blind posted with the big blind before it)
            p = _POST.match(rest)
            if p is not None:
                what = {"ante": "the ante"}.get(p["what"], p["what"])
                chips, owed = self.amount(p["amount"]), None
                dead = _DEAD.fullmatch(self.lines[k + 1]) if k + 1 < len(self.lines) else None
                if what == "big blind" and dead is not None and dead["name"] == who:
                    # a player back from missing the blinds: the big blind live, the small dead
                    merged.add(k + 1)
                    blinds += 1
                    hand.post(who, "small & big blinds", chips + self.amount(dead["amount"]), chips)
                    continue
                short = chips < big_blind and rest.endswith("[all in]")
                if what == "small blind" and blinds == 1 and no_big and short:
                    what, owed = "big blind", big_blind
                blinds += what in ("small blind", "big blind")
                small_by = small_by or (who if what == "small blind" else "")
                hand.post(who, what, chips, owed=owed)
                continue
            a = _ACTION.match(rest)
            if a is None:
                raise self.fail(f"a line not understood: {line[:80]!r}")
            if not acting and no_big and blinds == 1 and _anted_out(hand, seats, small_by):
                hand.top = max(hand.top, big_blind)  # the big blind he owed: called in full
            acting = True
            hand.act(
                who,
                a["verb"],
                None if a["amount"] is None else self.amount(a["amount"]),
                None if a["to"] is None else self.amount(a["to"]),
            )
        tournament = self.head["tournament"]
        if tournament is None and "(TOURNAMENT: )" in self.lines[0]:  # (its number not written)
            tournament = "0"
        out = hand.end(
            won, pockets, hero, counts_uncalled=False, tournament=tournament is not None, rake=rake
        )
        self.check_finals(hand, won, finals)
        number = "".join(c for c in self.head["id"] if c.isdigit())[:30] or "0"
        head = f"PokerStars Hand #{number}: "
        if tournament is not None:
            head += f"Tournament #{''.join(c for c in tournament if c.isdigit()) or 0}, "
        small, big = self.amount(table["small"]), self.amount(table["big"])  # (limit: the bets)
        text = [f"{head}{title} ({small}/{big})", f"Table 'T' Seat #{hand.button} is the button"]
        text += [
            f"Seat {s}: {n} ({stacks[n]} in chips)"
            for n, s in sorted(seats.items(), key=lambda x: x[1])
        ]
        record = parse_hand("\n".join(text + out), source=self.source, index=self.index)
        return dataclasses.replace(record, site="Ongame")

    def check_finals(
        self, hand: Written, won: dict[str, Decimal], finals: dict[str, Decimal]
    ) -> None:
        """Each player's stack after the hand, as the summary says, must be his stack before,
        less what he put in, plus the uncalled bet returned and what he won."""
        back = dict([hand.uncalled()])
        for name, final in finals.items():
            if name not in hand.stacks:
                continue
            zero = Decimal(0)
            after = hand.stacks[name] - hand.put.get(name, zero) + back.get(name, zero)
            after += won.get(name, zero)
            if after != final:
                raise self.fail(
                    f"{name!r} ends the hand with {final}, the file says; its play leaves {after}"
                )
