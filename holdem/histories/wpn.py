"""WPN's (the Winning Poker Network's: Americas Cardroom, Black Chip, Ya Poker...) hand
histories, in both its formats, read into the common record.

WPN has written two formats, told apart by a hand's first line.

The old one (files of 2015 to 2019, often UTF-16), its own words, written here as PokerStars'
text by :class:`holdem.histories._written.Written`:

* ``Game started at: 2016/8/2 10:50:44`` then ``Game ID: 693967308 0.02/0.05 (PRR) Cyclops -
  6 (Hold'em)``: the id, the stakes, the table and, in brackets, the game (``Hold'em``,
  ``Omaha``, ``Omaha HiLow``, ``Six Plus Hold'em``; ``Seven Cards Stud`` is refused); a hand
  ends at ``Game ended at: ...``. The structure is not written: the stakes are the blinds,
  except in fixed limit, where they are the bets: a big blind posted (not all in) of the
  stakes' first amount says fixed limit; otherwise hold'em is no limit and Omaha pot limit.
  A tournament's table is ``$5 Regular 9-Max, Table 1``; its number is not in the text.
* ``Seat 2 is the button``, ``Seat 2: 3rp3rp (5.05).`` (the seats in any order).
* Every line of play starts ``Player`` and the name (names may hold spaces):
  ``has small blind (0.02)``, ``has big blind (0.05)``, ``posts (5)`` (a new player's live
  post, of a big blind or less: it counts in his bet), ``ante (10)`` or ``posts ante (10)``,
  ``straddle (20)``; ``received card: [5d]`` (the hero's cards, one a line; ``10`` for a ten)
  and ``received a card.``; ``folds``, ``checks``, and ``calls (N)``, ``bets (N)``,
  ``raises (N)``, ``allin (N)`` by the chips they add; ``caps (N)`` at a capped table
  (``(Cap)``, ``CAP``): the chips that take the player to the cap, the most anyone may put in
  the hand, which the file states nowhere else (read as that cap).
* ``*** FLOP ***: [4h Js 6s]``, ``*** TURN ***: [4h Js 6s] [2d]``.
* The summary: ``Pot: 37.05. Rake 1.71. JP fee 0.24`` (``Pot: 250`` in tournaments) is the pot
  after the rake and the jackpot fee, which are both taken from it (the record's rake is their
  sum); then a line per player, ``*Player X shows: Two pairs. As and 10s [Jd 10d]. Bets: 30.
  Collects: 97. Wins: 67.`` (``does not show cards.``, ``mucks (does not show: [8d 4s 10c
  6c]).``): ``Collects`` is what he won from the pot (an uncalled bet returned not in it).
  Checked: the collected amounts make the stated pot, and the pot less them is the rake.

Some hands leave a seated player's name blank on every line but his seat's (``Player  has
big blind (2)``, ``Uncalled bet (10.18) returned to``): the summary has a line per seat in the
order of the seat lines, and the blank one's place there names him, when every other place
holds its seat's name and his name is on no other line (his ``received a card.`` lines are
missing too: he is dealt in, as he plays). The replay must then pay what the file says.

Refused, with the reason: a player not seated who plays (a blank name the summary does not
place, as in a tournament hand whose two seat lines name the others), an all-in by
disconnection (``is
disconnected and ALL IN.``: the player keeps his chips and plays for the pot so far, a rule the
engine does not play), a flop without its cards.

The new one (from 2019), PokerStars' text with its own words, rewritten line by line:

* ``Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC`` (``Omaha``,
  ``Omaha H/L``, ``4Card``/``5Card Omaha``; ``Pot Limit``, ``Fixed Limit``, whose stakes are
  the bets), a tournament's ``Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) -
  Level 15 (250.00/500.00)- 2019/07/21 17:44:50 UTC``.
* ``Fort Lupton 9-max Seat #5 is the button`` (a cash table's name without ``Table '...'``),
  ``Seat 1: Player0 ($5.07)`` (no "in chips"), ``Dealt to X [4s]`` before the posts (the card
  each player drew for the button: not a hole card).
* No colon after the name; ``posts the small blind $0.02``, ``posts the big blind``, ``posts
  ante``, ``posts dead $0.07`` (a big blind and a dead small blind together); ``raises $0.22
  to $0.22`` (the chips added, then the round's total); ``caps $0.55`` as in the old format.
* ``Main pot $0.17 | Rake $0.00`` after each street (not needed); a board run twice as
  ``*** RUN IT TWICE ***``, ``*** FLOP 1 ***`` ... ``*** SHOW DOWN 2 ***``.
* The summary's ``Total pot $199.00 | Rake $0.96 | JP Fee $0.04``: the pot after the rake and
  the fee (the record's total pot is the three together, its rake the two).

Games: hold'em of the three structures, 6+ Hold'em (the old format's ``Six Plus Hold'em``,
played with a small and a big blind), pot-limit Omaha; Omaha hi-lo is read (PHH writes its
fixed-limit game only), stud is refused.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from decimal import Decimal

from holdem.errors import PokerStarsError
from holdem.histories._written import Written, amount
from holdem.histories._written import cards as read_cards
from holdem.pokerstars import StarsHand, parse_hand

__all__ = ["ID", "START", "read"]

#: The first line of a hand: the old format's two (the start, then the id), or the new one's.
START = re.compile(
    r"[ \t]*(?:Game started at: [\d/: ]{8,24}\s{1,20}Game ID: \d|(?:Game )?Hand #\d{1,30} - )"
)
#: The hand's id in its first line (the old format's: in the ``Game ID`` line after it).
ID = re.compile(r"(?:Game ID: |Hand #)(\d{1,30})")

_ZERO = Decimal(0)


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One WPN hand's text, of either format, read into the common record.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''Game started at: 2016/8/2 10:50:44
    ... Game ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)
    ... Seat 2 is the button
    ... Seat 2: Ann (5.05).
    ... Seat 3: Bob (5.59).
    ... Player Ann has small blind (0.02)
    ... Player Bob has big blind (0.05)
    ... Player Ann folds
    ... Uncalled bet (0.03) returned to Bob
    ... ------ Summary ------
    ... Pot: 0.04. Rake 0
    ... Player Ann does not show cards.Bets: 0.02. Collects: 0. Loses: 0.02.
    ... *Player Bob mucks (does not show cards). Bets: 0.02. Collects: 0.04. Wins: 0.02.
    ... Game ended at: 2016/8/2 10:51:4''')
    >>> hand.site, hand.number, hand.structure, hand.total_pot, hand.collected
    ('WPN', '693967308', 'no-limit', 4, {'Bob': 4})
    """
    lines = [line.strip() for line in text.split("\n")]
    lines = [line for line in lines if line]
    if lines and lines[0].startswith("Game started at:"):
        return _Old(lines, source, index).read()
    if lines and _NEW_HEADER.match(lines[0]):
        return _new(lines, source, index)
    raise PokerStarsError(f"{source}: hand {index + 1}: no WPN header")


# -- the old format --------------------------------------------------------------------------

_GAME_ID = re.compile(
    r"^Game ID: (?P<id>\d{1,30}) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.*?) ?"
    r"\((?P<game>[^()]*)\)(?: \d+-max)?$"
)
_OLD_GAMES = {
    "Hold'em": "Hold'em",
    "Six Plus Hold'em": "6+ Hold'em",
    "Omaha": "Omaha",
    "Omaha HiLow": "Omaha Hi/Lo",
}
_OLD_BUTTON = re.compile(r"^Seat (?P<seat>\d{1,2}) is the button$")
_OLD_SEAT = re.compile(r"^Seat (?P<seat>\d{1,2}): (?P<name>.*) \((?P<stack>[\d.,]+)\)\.?$")
_OLD_BOARD = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:?(?P<cards>.*)$")
_OLD_STREETS = {"FLOP": 2, "TURN": 3, "RIVER": 4}
_OLD_POT = re.compile(
    r"^Pot: (?P<pot>[\d.,]+)\.?(?: Rake (?P<rake>[\d.,]+)\.?)?(?: JP fee (?P<fee>[\d.,]+)\.?)?$"
)
_OLD_CHIPS = re.compile(r"^\((?P<amount>[\d.,]+)\)$")
_OLD_RESULT = re.compile(r"Bets: [\d.,]+\.? Collects: (?P<collects>[\d.,]+)\.? (?:Wins|Loses): ")
_NOBODY = re.compile(r"^\*?Player .*(?:does not|doesn't) show cards\. ?Bets: 0\. Collects: 0\.")
_BRACKETS = re.compile(r"\[(?P<cards>[^\]]*)\]")
# A player's lines that say nothing of the chips (the others are refused when not understood).
_OLD_NOTES = ("received a card.", "mucks cards", "is timed out.", "sitting out", "wait BB")
# The lines of play that put chips in, by their verb: what Written does with them.
_OLD_POSTS = {
    "has small blind": "small blind",
    "has big blind": "big blind",
    "posts": "big blind",  # a new player's live post
    "ante": "the ante",
    "posts ante": "the ante",
    "straddle": "straddle",
}


@dataclasses.dataclass
class _Old:
    """A hand of the old format, read line by line into :class:`Written`."""

    lines: list[str]
    source: str
    index: int

    def __post_init__(self) -> None:
        m = _GAME_ID.match(self.lines[1]) if len(self.lines) > 1 else None
        if m is None:
            raise PokerStarsError(f"{self.source}: hand {self.index + 1}: no 'Game ID' line")
        self.head = m
        self.label = f"{self.source}: hand #{m['id']}"

    def fail(self, reason: str) -> PokerStarsError:
        return PokerStarsError(f"{self.label}: {reason}")

    def amount(self, text: str | None) -> Decimal:
        value = amount(text)
        if value is None:
            raise self.fail(f"not an amount: {text!r}")
        return value

    def cards(self, text: str) -> list[str]:
        return read_cards(re.sub(r"\b10(?=[shdc])", "T", text), self.label)

    def read(self) -> StarsHand:
        head = self.head
        game = _OLD_GAMES.get(head["game"])
        if game is None:
            raise self.fail(f"not a hold'em or Omaha hand ({head['game'][:40]})")
        button = next((m for m in map(_OLD_BUTTON.match, self.lines) if m is not None), None)
        if button is None:
            raise self.fail("no 'Seat N is the button' line")
        stacks: dict[str, Decimal] = {}
        seats: dict[str, int] = {}
        boards: dict[int, list[str]] = {}
        for line in self.lines[2:]:
            s = _OLD_SEAT.match(line)
            if s is not None:
                if s["name"] in seats:
                    raise self.fail(f"{s['name']!r} is seated twice")
                seats[s["name"]] = int(s["seat"])
                stacks[s["name"]] = self.amount(s["stack"])
                continue
            b = _OLD_BOARD.match(line)
            if b is not None:
                found = _BRACKETS.findall(b["cards"])
                if not found:
                    raise self.fail(f"a {b['street'].lower()} without its cards")
                boards[_OLD_STREETS[b["street"]]] = self.cards(found[-1])
        if len(seats) < 2:
            raise self.fail("fewer than two seated players")
        blank = self.unblank(list(seats))
        self.names = sorted(seats, key=len, reverse=True)  # (a name may start another's)
        hand = Written(self.label, stacks, seats, int(button["seat"]), boards)
        self.cap: Decimal | None = None
        self.big: Decimal | None = None  # the big blind posted (not all in)
        pockets: dict[str, list[str]] = {}
        hero = ""
        won: dict[str, Decimal] = {}
        pot: re.Match[str] | None = None
        summary = False
        dealt: set[str] = set()
        for line in self.lines[2:]:
            if line.startswith("Game ended at:"):
                break
            if _OLD_SEAT.match(line) or _OLD_BUTTON.match(line) or line.startswith("Board: "):
                continue
            if line.startswith("------ Summary"):
                summary = True
                continue
            if line.startswith("Pot: "):
                pot = _OLD_POT.match(line)
                if pot is None:
                    raise self.fail(f"a pot line not understood: {line[:80]!r}")
                continue
            b = _OLD_BOARD.match(line)
            if b is not None:
                hand.street(_OLD_STREETS[b["street"]])
                continue
            if line.startswith("Uncalled bet ("):
                continue  # (Written finds it: the most put in over the second most)
            if summary and _NOBODY.match(line):
                continue  # (a player not seated, who put in and collected nothing)
            who, rest = self.player(line)
            if summary:
                r = _OLD_RESULT.search(rest)
                if r is None:
                    raise self.fail(f"a summary line not understood: {line[:80]!r}")
                collects = self.amount(r["collects"])
                if collects:
                    won[who] = won.get(who, _ZERO) + collects
                cards = _BRACKETS.search(rest[: r.start()])
                if cards is not None and cards["cards"].strip():
                    pockets[who] = self.cards(cards["cards"])
                continue
            if rest.startswith("received"):
                dealt.add(who)
            if rest.startswith("received card: "):
                card = _BRACKETS.search(rest)
                if card is None:
                    raise self.fail(f"a card not understood: {line[:80]!r}")
                pockets.setdefault(who, []).extend(self.cards(card["cards"]))
                hero = who
                continue
            self.play(hand, who, rest, line)
        if pot is None:
            raise self.fail("no 'Pot:' line in the summary")
        if blank:
            dealt.add(blank)  # (his lines of cards received are not written either)
        return self.record(hand, game, won, pockets, hero, pot, dealt)

    def unblank(self, seated: list[str]) -> str:
        """The seated player whose name the hand's lines leave blank (``Player  has big blind
        (2)``), written back into them; "" if no line is blank.

        The summary has a line per seat, in the order of the seat lines: the blank one's place
        there names him, when every other place holds the seat's own name and his name is on no
        line of the hand but his seat's. Otherwise the lines are left as they are (and a blank
        name that plays is refused as a player not seated)."""
        if not any(line.removeprefix("*").startswith("Player  ") for line in self.lines):
            return ""
        at = next((k for k, line in enumerate(self.lines) if line.startswith("------ Summary")), -1)
        summary = [
            line.removeprefix("*")
            for line in self.lines[at + 1 :]
            if at >= 0 and line.removeprefix("*").startswith("Player ")
        ]
        if len(summary) != len(seated):
            return ""
        blank = ""
        for line, name in zip(summary, seated, strict=True):
            if line.startswith(f"Player {name} "):
                continue
            if blank or not line.startswith("Player  "):
                return ""
            blank = name
        own = re.compile(rf"(?<!\w){re.escape(blank)}(?!\w)") if blank else None
        if own is None or any(own.search(line) for line in self.lines if not _OLD_SEAT.match(line)):
            return ""
        self.lines = [
            line.replace("Player  ", f"Player {blank} ", 1)
            if line.removeprefix("*").startswith("Player  ")
            else line
            for line in self.lines
        ]
        return blank

    def player(self, line: str) -> tuple[str, str]:
        """The seated player a line names (``Player X ...``, ``*Player X ...``) and the rest.

        :raises PokerStarsError: for a line that names no seated player.
        """
        body = line.removeprefix("*")
        if not body.startswith("Player "):
            raise self.fail(f"a line not understood: {line[:80]!r}")
        body = body[len("Player ") :]
        for name in self.names:  # (longest first)
            if body.startswith(name + " "):
                return name, body[len(name) :].strip()
        raise self.fail(f"a player not seated plays: {line[:80]!r}")

    def play(self, hand: Written, who: str, rest: str, line: str) -> None:
        """A line of play before the summary: a post, an action or a note."""
        if rest in _OLD_NOTES:
            return
        if rest in ("folds", "checks"):
            hand.act(who, rest, None, None)
            return
        if rest.startswith("is disconnected and ALL IN") or rest == "allin":
            raise self.fail(
                f"an all-in by disconnection ({who!r} keeps his chips and plays for the pot so "
                "far: a rule the engine does not play)"
            )
        verb, _, chips = rest.rpartition(" ")
        m = _OLD_CHIPS.match(chips)
        if m is None:
            raise self.fail(f"a line not understood: {line[:80]!r}")
        added = self.amount(m["amount"])
        post = _OLD_POSTS.get(verb)
        if post is not None:
            hand.post(who, post, added)
            if verb == "has big blind" and self.big is None and not _all_in(hand, who):
                self.big = added
            return
        if verb not in ("calls", "bets", "raises", "allin", "caps"):
            raise self.fail(f"a line not understood: {line[:80]!r}")
        left = hand.stacks[who] - hand.put.get(who, _ZERO)
        if verb == "allin" and added != left:
            raise self.fail(f"{who!r} goes all in for {added} with {left} left")
        hand.adds(who, added)
        if verb == "caps":
            self.capped(hand, who)

    def capped(self, hand: Written, who: str) -> None:
        """``who`` has put in the cap: the most any player may put in the hand."""
        cap = hand.put[who]
        if self.cap is not None and cap != self.cap:
            raise self.fail(f"{who!r} caps at {cap}, another player at {self.cap}")
        self.cap = cap
        if not hand.play[-1].endswith(" and is all-in"):
            hand.play[-1] += f" and has reached the {cap} cap"

    def record(
        self,
        hand: Written,
        game: str,
        won: dict[str, Decimal],
        pockets: dict[str, list[str]],
        hero: str,
        pot: re.Match[str],
        dealt: set[str],
    ) -> StarsHand:
        """The hand's record, its pot and rake checked against the summary's."""
        stated = self.amount(pot["pot"])
        collected = sum(won.values(), _ZERO)
        if collected != stated:
            raise self.fail(f"the amounts collected ({collected}) are not the pot ({stated})")
        rake = None
        if pot["rake"] is not None:
            rake = self.amount(pot["rake"]) + (self.amount(pot["fee"]) if pot["fee"] else 0)
        lines = hand.end(
            won, pockets, hero, counts_uncalled=False, tournament=rake is None, rake=rake
        )
        if len(dealt) == 2 and any(
            f"{n}: posts big blind" in line
            for line in hand.posts
            for n in dealt
            if hand.seats[n] == hand.button
        ):
            raise self.fail(
                "heads up, the button posts the big blind (the rules of hold'em: heads up, the "
                "button posts the small blind)"
            )
        small, big = self.amount(self.head["small"]), self.amount(self.head["big"])
        structure = "No Limit" if game in ("Hold'em", "6+ Hold'em") else "Pot Limit"
        if self.big is not None and self.big == small and small != big:
            structure = "Limit"  # (the stakes are the bets)
        cap = f" - {self.cap} Cap -" if self.cap is not None else ""
        table = self.head["table"].replace("'", "")
        out = [
            f"PokerStars Hand #{self.head['id']}: {game} {structure} ({small}/{big}{cap})",
            f"Table '{table}' Seat #{hand.button} is the button",
        ]
        for name, seat in sorted(hand.seats.items(), key=lambda s: s[1]):
            out_of_it = "" if name in dealt else " is sitting out"  # (dealt no cards)
            out.append(f"Seat {seat}: {name} ({hand.stacks[name]} in chips){out_of_it}")
        record = parse_hand("\n".join(out + lines), source=self.source, index=self.index)
        return dataclasses.replace(record, site="WPN")


def _all_in(hand: Written, who: str) -> bool:
    return hand.put.get(who, _ZERO) >= hand.stacks[who]


# -- the new format --------------------------------------------------------------------------

_NEW_HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d{1,30}) - (?:(?P<event>[^#]*?)Tournament #(?P<tournament>\d+) - )?"
    r"(?P<game>[^()]+?) ?\((?P<limit>[A-Za-z -]+)\) - (?:Level (?P<level>\w+) )?"
    r"\(?(?P<small>[$€]?[\d.,]+)/(?P<big>[$€]?[\d.,]+)\)? ?- ?(?P<when>.*)$"
)
_NEW_GAMES = {
    "Holdem": "Hold'em",
    "Omaha": "Omaha",
    "Omaha H/L": "Omaha Hi/Lo",
    "4Card Omaha": "Omaha",
    "4Card Omaha H/L": "Omaha Hi/Lo",
    "5Card Omaha": "5 Card Omaha",
    "5Card Omaha H/L": "5 Card Omaha Hi/Lo",
}
_NEW_LIMITS = {"No Limit": "No Limit", "Pot Limit": "Pot Limit", "Fixed Limit": "Limit"}
_NEW_TABLE = re.compile(r"^(?:Table '(?P<quoted>[^']*)'|(?P<name>.*?)) (?P<rest>\d+-max Seat #.*)$")
_NEW_SEAT = re.compile(r"^(?P<seat>Seat \d{1,2}: .+) \((?P<stack>[$€]?[\d.,]+)\)(?P<rest>.*)$")
_NEW_POSTS = {
    "posts the small blind ": "posts small blind ",
    "posts the big blind ": "posts big blind ",
    "posts ante ": "posts the ante ",
    "posts dead ": "posts small & big blinds ",
}
_NEW_TOTAL = re.compile(
    r"^Total pot (?P<pot>[$€]?[\d.,]+)(?: \| Rake (?P<rake>[$€]?[\d.,]+))?"
    r"(?: \| JP Fee (?P<fee>[$€]?[\d.,]+))?$"
)
_WON = re.compile(r"^Seat \d{1,2}: (?P<rest>.* won (?P<amount>[$€]?[\d.,]+))$")
_RUN_SECTION = re.compile(r"^\*\*\* (?P<name>FLOP|TURN|RIVER|SHOW DOWN) (?P<run>[123]) \*\*\*")
_RUN_WORDS = {"1": "FIRST", "2": "SECOND", "3": "THIRD"}
_NAMED = re.compile(r"^(?P<verb>calls|bets|raises|caps) (?P<added>[$€]?[\d.,]+)")


def _new(lines: list[str], source: str, index: int) -> StarsHand:
    """A hand of the new format: its lines rewritten as PokerStars'."""
    head = _NEW_HEADER.match(lines[0])
    assert head is not None  # (read matched it)
    label = f"{source}: hand #{head['id']}"

    def fail(reason: str) -> PokerStarsError:
        return PokerStarsError(f"{label}: {reason}")

    game = _NEW_GAMES.get(head["game"].strip())
    if game is None:
        raise fail(f"not a hold'em or Omaha hand ({head['game'][:40]})")
    limit = _NEW_LIMITS.get(head["limit"])
    if limit is None:
        raise fail(f"not a game PHH writes ({head['limit'][:40]})")
    title = f"PokerStars Hand #{head['id']}: "
    if head["tournament"]:
        title += f"Tournament #{head['tournament']}, "
    stakes = f"{head['small']}/{head['big']}"
    level = f" - Level {head['level']}" if head["level"] else ""
    out = [f"{title}{game} {limit} ({stakes}{{cap}}){level} - {head['when']}"]
    table = _NEW_TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise fail("no table line")
    out.append(f"Table '{table['quoted'] or table['name']}' {table['rest']}")
    names: list[str] = []
    k = 2
    while k < len(lines) and (seat := _NEW_SEAT.match(lines[k])) is not None:
        out.append(f"{seat['seat']} ({seat['stack']} in chips){seat['rest']}")
        names.append(seat["seat"].split(": ", 1)[1])
        k += 1
    names.sort(key=len, reverse=True)
    if not any(" collected " in line for line in lines[k:]):
        lines = _collected(lines, k, names)
    round_bets = _Bets(amount(head["big"]) or _ZERO)
    dealt = False
    for line in lines[k:]:
        if line.startswith("*** HOLE CARDS"):
            dealt = True
        elif line.startswith("Dealt to ") and not dealt:
            continue  # (a card drawn for the button)
        if line.startswith(("Main pot ", "*** RUN IT TWICE")):
            continue
        if line.startswith("Total pot "):
            out.append(_total(line, fail))
            continue
        run = _RUN_SECTION.match(line)
        if run is not None:
            line = f"*** {_RUN_WORDS[run['run']]} {run['name']} ***{line[run.end() :]}"
        if line.startswith("*** "):
            round_bets.next_round(line)
            out.append(line)
            continue
        who = next((n for n in names if line.startswith(n + " ")), None)
        if who is None:
            out.append(line)
            continue
        rest = line[len(who) + 1 :]
        for words, stars in _NEW_POSTS.items():
            if rest.startswith(words):
                rest = stars + rest[len(words) :]
                break
        out.append(f"{who}: {round_bets.play(who, rest)}")
    text = "\n".join(out).replace("{cap}", round_bets.cap_words(), 1)
    record = parse_hand(text, source=source, index=index)
    return dataclasses.replace(record, site="WPN")


def _collected(lines: list[str], k: int, names: list[str]) -> list[str]:
    """The lines with a ``collected`` line before the summary for each ``X did not show and
    won $0.25`` of it (a hand won without a showdown writes no other)."""
    at = next((i for i in range(k, len(lines)) if lines[i].startswith("*** SUMMARY")), None)
    if at is None:
        return lines
    found = []
    for line in lines[at:]:
        m = _WON.match(line)
        who = None if m is None else next((n for n in names if m["rest"].startswith(n + " ")), None)
        if m is not None and who is not None:
            found.append(f"{who} collected {m['amount']} from pot")
    return lines[:at] + found + lines[at:]


class _Bets:
    """The chips each player has put in the round and the hand, for ``caps``: the line that
    takes a player to the table's cap, written as the call, bet or raise it is."""

    def __init__(self, big: Decimal) -> None:
        self.big = big
        self.round: dict[str, Decimal] = {}
        self.hand: dict[str, Decimal] = {}
        self.top = _ZERO
        self.cap: Decimal | None = None
        self.symbol = ""

    def next_round(self, line: str) -> None:
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER", "*** FIRST", "*** SECOND")):
            self.round, self.top = {}, _ZERO

    def play(self, who: str, rest: str) -> str:
        """The line's rest in PokerStars' words, its chips counted."""
        added: Decimal | None = None
        if rest.startswith(("posts small blind ", "posts big blind ", "posts straddle ")):
            added = amount(rest.rsplit(" ", 1)[-1])
        m = _NAMED.match(rest)
        if m is not None:
            self.symbol = m["added"][0] if m["added"][0] in "$€" else ""
            if m["verb"] == "raises":
                to = amount(rest.split(" to ", 1)[-1].split(" ")[0])
                added = None if to is None else to - self.round.get(who, _ZERO)
            else:
                added = amount(m["added"])
            if m["verb"] == "caps" and added is not None:
                rest = self.capped(who, added)
                added = None
        elif rest.startswith("posts small & big blinds "):  # (the big blind live)
            chips = amount(rest.rsplit(" ", 1)[-1]) or _ZERO
            self.put(who, min(chips, self.big))
            self.hand[who] += chips - min(chips, self.big)
        elif rest.startswith("posts the ante "):
            self.hand[who] = self.hand.get(who, _ZERO) + (amount(rest.rsplit(" ", 1)[-1]) or 0)
        if added is not None:
            self.put(who, added)
        return rest

    def put(self, who: str, added: Decimal) -> None:
        self.round[who] = self.round.get(who, _ZERO) + added
        self.hand[who] = self.hand.get(who, _ZERO) + added
        self.top = max(self.top, self.round[who])

    def capped(self, who: str, added: Decimal) -> str:
        total = self.round.get(who, _ZERO) + added
        s = self.symbol
        if total <= self.top:
            words = f"calls {s}{added}"
        elif self.top == 0:
            words = f"bets {s}{added}"
        else:
            words = f"raises {s}{total - self.top} to {s}{total}"
        self.put(who, added)
        self.cap = self.hand[who]
        return f"{words} and has reached the {s}{self.cap} cap"

    def cap_words(self) -> str:
        return "" if self.cap is None else f" - {self.symbol}{self.cap} Cap -"


def _total(line: str, fail: Callable[[str], PokerStarsError]) -> str:
    """The summary's pot line as PokerStars': its pot before the rake and the jackpot fee,
    which make the rake (``Total pot $199.00 | Rake $0.96 | JP Fee $0.04`` -> ``Total pot
    $200.00 | Rake $1.00``)."""
    m = _NEW_TOTAL.match(line)
    if m is None:
        raise fail(f"a summary's pot line not understood: {line[:80]!r}")
    symbol = m["pot"][0] if m["pot"][0] in "$€" else ""
    pot, rake, fee = (amount(m[k]) or _ZERO for k in ("pot", "rake", "fee"))
    return f"Total pot {symbol}{pot + rake + fee} | Rake {symbol}{rake + fee}"
