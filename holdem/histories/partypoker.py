"""PartyPoker's hand histories: its own words read, written as PokerStars' text, into the record.

PartyPoker (and the files other tools convert to its format) writes, per hand:

* ``***** Hand History for Game 9582251255 *****`` (``For`` in newer files, whose ids have
  letters: ``16194828757579au6ou93d1``; the record's number is the id's digits, messages give
  the whole id), after a ``Game #N starts.`` / ``#Game No : N`` banner in older files.
* The game: ``$2 USD NL Texas Hold'em - Monday, ...`` (a cash table's buy-in, not its stakes),
  ``0.10/0.25 Omaha Hi Game Table (PL) - ...``, ``NL Texas Hold'em $11 USD Buy-in Trny:
  59658935 Level: 7 Blinds(300/600) - ...`` or ``70000/140000 Tourney Texas Holdem Game Table
  (NL) (MTT Tournament #303344128) ...`` (a tournament). The structure is ``NL``, ``PL`` or
  ``FL`` (none after stakes, ``$15/$30 USD Texas Hold'em``: fixed limit); the stakes are the
  blinds posted (fixed limit: the big blind and twice it). Omaha
  Hi-Lo, Double Hold'em, Short Deck and stud are refused.
* A NUL character at the start of each line in some files (skipped).
* ``Seat 6 is the button`` (alone or after the table), ``Seat 9: Name ( $3.57 USD )`` (``seat
  1:``, ``$26,02`` with a decimal comma, ``( 4,520 )`` chips with a comma between thousands,
  ``( 5 000 $ )`` with a space; trackers append ``- VPIP: 21, ...``).
* ``X posts small blind [$0.01 USD].`` (or ``(0.10)``), ``posts big blind``, ``posts ante``
  (``of``); ``** Dealing down cards **``, ``Dealt to X [ Js Th ]``; ``** Dealing Flop ** [ As,
  6h, Qc ]`` (``** Dealing Flop ** : [...]``).
* ``X is sitting out`` with the next line glued to it in Mac files: read as two lines. ``X
  folds`` among the blinds, before the deal (888): a player who will not post the big blind he
  owes, not dealt in. A big blind all in for less than the game line's (888, no or pot
  limit): the others still call the full blind (``Hero calls [$100]`` from the small blind of
  100/200 after a big blind all in for 125 is a call, the excess returned). At a PartyPoker
  cash table, whose game line states no blinds, the full big blind is what the first call
  before the flop puts in, by a player who posted nothing, before any bet or raise
  (``Player4 calls [$0.02 USD]`` after ``Player2 posts big blind [$0.01 USD].``, all he had).
* Actions by the chips they add: ``calls [$0.07 USD]``, ``bets (5.13)``, ``raises [$0.08 USD]``
  (all the raiser puts in with it), ``is all-In [$20.90 USD]``; newer files ``raises 2.40 to
  2.65`` (to the second amount); ``is all-In.`` alone notes an all-in already written.
* What each player won: ``X wins $0.65 USD from the main pot with ...`` (or ``wins 900
  chips``; several on one line in some files; an uncalled bet returned written as a win in
  others), or in newer files a ``** Summary **`` with ``Main Pot: $38.50 Rake: $2.0`` and ``X
  balance $44.16, bet $23.17, collected $41.47, net +$18.30`` (collected: the uncalled bet
  returned included; the cards shown follow it). No file states its pot and most no rake:
  the rake is the pot less the amounts won, which must not be negative (a tournament's must
  be 0; a stated rake must be it), and an uncalled bet counted or not in a win is read as the
  rake allows (see :meth:`holdem.histories._written.Written.net`).

Old tournament hands do not write who posts the blinds, only ``Blinds(300/600)``
(``Blinds-Antes(400/800 -25)``, fixed limit ``Stakes(200/400)``: the bets): the small blind is
posted by the first player after the button (heads up: the button), the big blind by the next
(all in when short), a player seated who never acts (moved to another table) left out, and the
replay must then pay what the file says.

E-mailed hands cut a name at its first space in the seat lines (``Seat 2: Hero ($100)``) and
write it whole elsewhere (``Hero Name raises 3.0 to 3.0``; the summary's ``Hero Name balance
$100.57, ...``): the whole name of a balance line is the seated name it starts with.

Older files write the game glued to the date (``$1,000 USD PL  Omaha Hi-Saturday,February 18,
...``), lines with two spaces between the words (``( $9.08  USD )``), ``X Forward Folds`` (a
fold chosen in advance: the fold is written again in its turn) and the client's messages
(``>You have options at Table ...``), which say nothing of the play.

A player who joins the table in the middle of the hand and posts a big blind to be dealt in
has no stack written: a seat line with nothing (``Seat 2: Player8 ( $0 USD )``, written before
he brought his chips, then ``Player8 has joined the table.``), or none at all (``Player4 posts
big blind [$0.25 USD].`` after the seat lines, the order of play placing him between two seats
with one free seat between them, of the ``Total number of players : 5/6`` line's, or the seat
of a player who left the table in the hand). His stack is not known: the record's is None,
the PHH's ``inf``, which the replay accepts where no action reaches it (he is never all in).

Refused, with the reason: cash-outs, a player not seated who plays (but for the post of one
who joins), one who joins where several seats are free, a hand with a line about a player that
is not understood.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from decimal import Decimal

from holdem.errors import PokerStarsError
from holdem.histories._written import Counts, Written, amount
from holdem.histories._written import cards as read_cards
from holdem.pokerstars import StarsHand, parse_hand

__all__ = ["ID", "START", "PartyHand", "lines_of", "read"]

#: The first line of a hand.
START = re.compile(r"[ \t\x00]*\*{5} Hand History [fF]or Game \w")
#: The hand's id in its first line.
ID = re.compile(r"Game (\w{1,60})")

_HEADER = re.compile(r"^\*{5} Hand History [fF]or Game (?P<id>\w{1,60}) \*{5}")
_GAME = re.compile(
    r"(?P<game>Texas Hold'?em|Hold'?em|Omaha Hi-Lo|Omaha(?: Hi)?|Double Hold'?em|Short Deck|"
    r"7 Card Stud(?: Hi-Lo)?)"
)
_GAMES = {"omaha": ("Omaha", "omaha"), "omaha hi": ("Omaha", "omaha")}
_LIMIT = re.compile(r"(?:^|[\s(])(?P<limit>NL|PL|FL)(?=[\s)])")
_STAKES = re.compile(r"^[$€]?[\d.,]+/[$€]?[\d.,]+ ")
_LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
_TOURNAMENT = re.compile(r"Trny: ?(?P<id>\d+)|Tournament #(?P<id2>\d+)|Buy-in|Tourney")
_BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button")
_SEAT = re.compile(
    r"^[Ss]eat ?(?P<seat>\d{1,2}): (?P<name>.+?) "
    r"\( ?(?P<stack>[$€]?\s?\d(?:[\d.,]|[ \xa0](?=\d{3}\b))*)(?:[ \xa0]*(?:USD|EUR|[$€£]))? *\)"
    r"(?: - .*)?$"
)
_POST = re.compile(
    r"^posts (?P<what>small blind|big blind \+ dead|big blind|ante)(?: of)? ?"
    r"[\[(] ?(?P<amount>[^\])]+?) ?[\])]\.?$"
)
_BOARD = re.compile(
    r"^\*\* Dealing (?P<street>[Ff]lop|[Tt]urn|[Rr]iver) \*\*[ :]*\[(?P<cards>[^\]]*)\]"
)
_DEAD = re.compile(r"^posts dead blind \[(?P<dead>[^+\]]+)\+(?P<live>[^\]]+)\]$")
_STREETS = {"Flop": 2, "Turn": 3, "River": 4}
_CARDS = re.compile(r"\[(?P<cards>[^\]]*)\]")
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|is all-In)\.?\s*"
    r"(?:[\[(] ?(?P<amount>[^\])]*?) ?[\])]|(?P<by>[\d.,]+) to (?P<to>[\d.,]+))?\.?\s*$"
)
_IMPLIED = re.compile(
    r"^(?P<kind>Blinds|Blinds-Antes|Stakes)\((?P<small>[\d.,]+)/(?P<big>[\d.,]+)(?: -[\d.,]+)?\)$"
)
_GLUED = re.compile(r"(?<=is sitting out)(?=\S)")
_UNSEATED = re.compile(r" (?:folds|checks|calls|bets|raises|is all-In|posts|shows)\b")
_PLAYERS = re.compile(r"^Total number of players ?: ?\d+/(?P<size>\d{1,2})$")
_UNKNOWN = Decimal("Infinity")  # a stack not written (see PartyHand.joining)
_MAX_JOINING = 10  # players without a seat line who join a hand (more: refused)
_WINS = re.compile(r" wins (?P<amount>[$€]?[\d.,]+)(?: USD| EUR| chips)?")
_BALANCE_NAME = re.compile(r"^(?P<name>\S.*?) balance [$€]?\s?\d")
_BALANCE = re.compile(r"^balance .*?, collected (?P<amount>[$€]?[\d.,]+)")
_RAKE = re.compile(
    r"^Main Pot: [$€]?\s?[\d.,]+(?: Side Pot \d+: [$€]?[\d.,]+)*"
    r"(?: Rake: (?P<rake>[$€]?[\d.,]+))?\s*$"
)
# Lines that say nothing of the play (the others are refused when not understood).
_NOTES = (
    "Game #",
    "#Game No",
    "Total number of players",
    "Trny:",
    "Blinds(",
    "Blinds-Antes(",
    "Stakes(",
    "Board:",
    "Table ",
    "** Dealing down cards",
    "** Summary",
    "Creating Main Pot",
    "Player ",
    "Congratulations",
    "There is no Small Blind",
    "Your time bank",
    "Creating ",
    "Tournament #",
    "(Hi: ",
    "(Lo: ",
    ">",  # (the client's messages: ">You have options at Table  11531 Table!.")
)
_PLAYER_NOTES = (
    "has joined the table",
    "has left the table",
    "will be activated",
    "could not respond in time",
    "did not respond in time",
    "is sitting out",
    "does not show cards",
    "doesn't show",
    "didn't bet",
    "sits out",
    "(folded)",
    "finished in",
    "is disconnected",
    "has been reconnected",
    "will be using his time bank",
    "will be using her time bank",
    "did not show his hand",
    "Forward Folds",
)


# The structures whose stated stakes are the blinds (fixed limit's may be the bets).
_BIG_LIMITS = ("No Limit", "Pot Limit")


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One PartyPoker hand's text read into the common record.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''***** Hand History for Game 12 *****
    ... $2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010
    ... Table Speed #1769729 (Real Money)
    ... Seat 1 is the button
    ... Seat 1: Ann ( $2 USD )
    ... Seat 2: Bob ( $2 USD )
    ... Ann posts small blind [$0.01 USD].
    ... Bob posts big blind [$0.02 USD].
    ... ** Dealing down cards **
    ... Ann raises [$0.05 USD]
    ... Bob folds
    ... Ann wins $0.08 USD''')
    >>> hand.site, hand.number, hand.total_pot, hand.rake, hand.collected
    ('PartyPoker', '12', 4, 0, {'Ann': 4})
    """
    # (Mac files glue a line to "X is sitting out": "Player3 is sitting outPlayer4 posts ...")
    lines = lines_of(text)
    head = _HEADER.match(lines[0]) if lines else None
    if head is None:
        raise PokerStarsError(f"{source}: hand {index + 1}: no PartyPoker header")
    return PartyHand(lines, head["id"], f"{source}: hand #{head['id']}", source, index).read()


def lines_of(text: str) -> list[str]:
    """A hand's lines as PartyPoker's clients write them, stripped (NUL characters at their
    start too), a line glued to "is sitting out" (Mac files) split from it."""
    return [line.strip(" \t\r\x00") for line in _GLUED.sub("\n", text).split("\n")]


@dataclasses.dataclass
class PartyHand:
    """A hand of PartyPoker's format, or of a site that writes one much like it (888's:
    ``site`` and ``game_of``, which reads the game: see :mod:`holdem.histories.pacific`)."""

    lines: list[str]
    id: str
    label: str
    source: str
    index: int
    site: str = "PartyPoker"
    game_of: Callable[[PartyHand], tuple[str, str, str | None]] | None = None
    counts_uncalled: Counts = None  # (the wins count the uncalled bet returned: unknown)
    chips: bool = False  # a point may separate thousands: a tournament's, 888's (_written.amount)
    stated: tuple[Decimal, Decimal] | None = None  # the blinds the game line states, if any

    def fail(self, reason: str) -> PokerStarsError:
        return PokerStarsError(f"{self.label}: {reason}")

    def amount(self, text: str | None) -> Decimal:
        value = amount(text, self.chips)
        if value is None:
            raise self.fail(f"not an amount: {text!r}")
        return value

    def read(self) -> StarsHand:
        title, game_line, tournament = (self.game_of or PartyHand.game)(self)
        self.chips = self.chips or tournament is not None
        button_at = next((m for m in map(_BUTTON.search, self.lines) if m is not None), None)
        if button_at is None:
            raise self.fail("no 'Seat N is the button' line")
        button = int(button_at["seat"])
        stacks: dict[str, Decimal] = {}
        seats: dict[str, int] = {}
        for line in self.lines:
            m = _SEAT.match(line)
            if m is not None:
                name = m["name"].strip()
                if name in seats:
                    raise self.fail(f"{name!r} is seated twice")
                seats[name] = int(m["seat"])
                stacks[name] = self.amount(m["stack"])
        if len(seats) < 2:
            raise self.fail("fewer than two seated players")
        unknown = self.joining(seats, stacks)  # (their stacks are not written)
        names = sorted(seats, key=len, reverse=True)  # (a name may start another's)
        self.lines = self.whole_names(names)
        boards: dict[int, list[str]] = {}
        for line in self.lines:
            b = _BOARD.match(line)
            if b is not None:
                boards[_STREETS[b["street"].capitalize()]] = read_cards(b["cards"], self.label)
        hand = Written(self.label, stacks, seats, button, boards)
        pockets: dict[str, list[str]] = {}
        won: dict[str, Decimal] = {}
        rake: Decimal | None = None
        summary = False
        posted = False
        dealt = False  # (the hole cards are dealt)
        out_of_it: set[str] = set()  # who folds before the deal: not dealt in
        implied = self.implied_blinds()
        if self.stated is None and title.endswith(_BIG_LIMITS):
            self.stated = self.blinds_called(names)  # (for a big blind all in for less)
        for line in self.lines[1:]:
            line = line.strip("\x00 ")
            if not line or line == game_line or _SEAT.match(line) or _BUTTON.fullmatch(line):
                continue
            dealt = dealt or line.startswith("** Dealing")
            if line.startswith("** Dealing down cards") and not posted and implied is not None:
                self.post_blinds(hand, implied)  # (old tournament files do not write them)
                posted = True
                continue
            b = _BOARD.match(line)
            if b is not None:
                hand.street(_STREETS[b["street"].capitalize()])
                continue
            if line.startswith("Main Pot:"):
                r = _RAKE.match(line)
                if r is None:
                    raise self.fail(f"a pot line not understood: {line[:80]!r}")
                rake = self.amount(r["rake"]) if r["rake"] else None
                continue
            if line.startswith("Dealt to "):
                rest = line[len("Dealt to ") :]
                who = next((n for n in names if rest.startswith(n + " ")), None)
                cards = _CARDS.search(rest)
                if who is not None and cards is not None and cards["cards"].strip():
                    pockets[who] = read_cards(cards["cards"], self.label)
                continue
            if " wins " in line:
                self.wins(line, names, won)
                continue
            who = next((n for n in names if line.startswith(n + " ")), None)
            if who is None:
                if line.startswith(_NOTES) or line.endswith(("starts.", "*****")):
                    continue
                if any(n for n in names if line.startswith(n + ": ")):
                    continue  # a player's chat
                if line.rstrip(".").endswith(_PLAYER_NOTES):
                    continue  # a player not seated joins the table, or leaves
                if _UNSEATED.search(line):
                    raise self.fail(f"a player not seated plays: {line[:80]!r}")
                raise self.fail(f"a line not understood: {line[:80]!r}")
            rest = line[len(who) + 1 :].strip()
            if (
                "cashed out" in rest.lower()
                or "cash-out" in rest.lower()
                or "cashout" in rest.lower()
            ):
                raise self.fail("a cash-out (not read)")
            if rest.startswith("posts dead blind "):  # (888: "[$0.01 + $0.02]")
                d = _DEAD.match(rest)
                if d is None:
                    raise self.fail(f"a post not understood: {line[:80]!r}")
                dead, live = self.amount(d["dead"]), self.amount(d["live"])
                hand.post(who, "small & big blinds", dead + live, live)
                continue
            if rest.startswith("posts "):
                p = _POST.match(rest)
                if p is None:
                    raise self.fail(f"a post not understood: {line[:80]!r}")
                chips = self.amount(p["amount"])
                if p["what"] == "big blind + dead":  # a big blind and a dead small blind
                    big = self.stakes(hand)[1]
                    hand.post(who, "small & big blinds", chips, big)
                    posted = True
                    continue
                what = {"ante": "the ante"}.get(p["what"], p["what"])
                hand.post(who, what, chips, owed=self.owed(hand, who, what, chips, title))
                posted = posted or what != "the ante"
                continue
            if rest.startswith("collected ["):  # (888)
                c = _CARDS.search(rest)
                won[who] = won.get(who, Decimal(0)) + self.amount(c["cards"] if c else None)
                continue
            if rest.startswith(("shows ", "mucks [")):
                cards = _CARDS.search(rest)
                if cards is not None:
                    pockets[who] = read_cards(cards["cards"], self.label)
                continue
            if rest.startswith(("balance ", "Cashed out ")):
                if rest.startswith("Cashed out "):
                    raise self.fail("a cash-out (not read)")
                summary = True  # (collected: the uncalled bet returned counted)
                c = _BALANCE.match(rest)
                if c is not None and self.amount(c["amount"]):
                    won[who] = won.get(who, Decimal(0)) + self.amount(c["amount"])
                cards = _CARDS.search(rest)  # (the cards shown, if any)
                if cards is not None and cards["cards"].strip():
                    pockets[who] = read_cards(cards["cards"], self.label)
                continue
            bare = rest.rstrip(".")
            if bare.startswith(_PLAYER_NOTES) or bare.endswith(_PLAYER_NOTES):
                continue
            a = _ACTION.match(rest)
            if a is None:
                raise self.fail(f"a line not understood: {line[:80]!r}")
            if a["verb"] == "is all-In" and a["amount"] is None:
                continue  # ("is all-In." alone: the all-in already written)
            if a["verb"] == "folds" and not dealt and who not in hand.put:
                out_of_it.add(who)  # (he will not post the big blind he owes: not dealt in)
                continue
            hand.act(
                who,
                a["verb"],
                None if a["amount"] is None else self.amount(a["amount"]),
                None if a["to"] is None else self.amount(a["to"]),
            )
        if not posted:
            raise self.fail("no blinds written (who posted them is not said)")
        small, big = self.stakes(hand)
        if title.endswith(" Limit") and not title.endswith(("No Limit", "Pot Limit")):
            small, big = big, 2 * big
        lines = hand.end(
            won,
            pockets,
            "",
            counts_uncalled=True if summary else self.counts_uncalled,
            tournament=tournament is not None,
            rake=rake,
        )
        number = "".join(c for c in self.id if c.isdigit())[:30] or "0"
        head = f"PokerStars Hand #{number}: "
        if tournament is not None:
            head += f"Tournament #{tournament}, "
        out = [f"{head}{title} ({small}/{big})", f"Table 'T' Seat #{button} is the button"]
        for name, seat in sorted(seats.items(), key=lambda s: s[1]):
            sitting_out = " is sitting out" if name in out_of_it else ""
            # (a stack not known is written as what he put in, then read as not known: None)
            chips = hand.put.get(name, Decimal(0)) if name in unknown else stacks[name]
            out.append(f"Seat {seat}: {name} ({chips} in chips){sitting_out}")
        out.extend(lines)
        record = parse_hand("\n".join(out), source=self.source, index=self.index)
        if unknown:
            seated = tuple(
                seat._replace(stack=None) if seat.name in unknown else seat for seat in record.seats
            )
            record = dataclasses.replace(record, seats=seated)
        return dataclasses.replace(record, site=self.site)

    def joining(self, seats: dict[str, int], stacks: dict[str, Decimal]) -> set[str]:
        """The players who join the table in the middle of the hand and post a big blind to
        be dealt in, their stacks not written (in ``stacks`` as ``inf``; the names returned):
        a player seated with nothing who "has joined the table" (the seat line written before
        he brought his chips), and a player with no seat line at all whose first line is his
        post (``Player4 posts big blind [$0.25 USD].``). The latter's seat is the one free
        seat (of the ``Total number of players : 5/6`` line's) between the players who act
        before and after him in the first round, a player who left the table in the hand
        freeing his (added to ``seats``; several free seats there: refused).

        :raises PokerStarsError: for the seat of a player who joins that the file does not
            tell.
        """
        joined = {
            line.split(" has joined the table", 1)[0]
            for line in self.lines
            if line.rstrip(".").endswith(" has joined the table")
        }
        unknown = {
            n
            for n in seats
            if stacks[n] == 0
            and n in joined
            and any(x.startswith(n + " posts ") for x in self.lines)
        }
        known = sorted(seats, key=len, reverse=True)
        newcomers: list[str] = []
        for line in self.lines[1:]:
            if any(line.startswith(n + " ") for n in (*known, *newcomers)):
                continue
            m = _UNSEATED.search(line)
            if m is None or " wins " in line or line.startswith(_NOTES):
                continue
            name = line[: m.start()]
            if name and line[m.start() + 1 :].startswith("posts big blind"):
                if len(newcomers) == _MAX_JOINING:  # (a table has no more free seats)
                    raise self.fail(f"more than {_MAX_JOINING} players without a seat line post")
                newcomers.append(name)
        for name in newcomers:
            seats[name] = self.seat_taken(name, seats)
            stacks[name] = _UNKNOWN
        for name in unknown:
            stacks[name] = _UNKNOWN
        return unknown | set(newcomers)

    def seat_taken(self, name: str, seats: dict[str, int]) -> int:
        """The seat of ``name``, who plays without a seat line: the one free seat between the
        players who act before and after him in the first round (see :meth:`joining`)."""
        size = next(
            (int(m["size"]) for m in map(_PLAYERS.match, self.lines) if m is not None), None
        )
        order: list[str] = []  # the first round's players, in the order they first act
        dealt = False
        for line in self.lines[1:]:
            if line.startswith("** Dealing"):
                if dealt:
                    break
                dealt = line.startswith("** Dealing down cards")
                continue
            who = next((n for n in (name, *seats) if line.startswith(n + " ")), None)
            if (
                dealt
                and who is not None
                and who not in order
                and _ACTION.match(line[len(who) + 1 :].strip())
            ):
                order.append(who)
        if size is None or name not in order or len(order) < 3:
            raise self.fail(f"{name!r} plays without a seat line, and his seat is not told")
        at = order.index(name)
        before, after = seats[order[at - 1]], seats[order[(at + 1) % len(order)]]
        left = {
            seats[n]
            for n in seats
            if any(line.startswith(f"{n} has left the table") for line in self.lines)
            and not any(
                line.startswith(n + " ")
                and "has left the table" not in line
                and "has joined the table" not in line
                for line in self.lines
            )
        }
        taken = {seat for n, seat in seats.items() if seat not in left}
        between = [
            seat
            for seat in range(1, size + 1)
            if seat not in taken and 0 < (seat - before) % size < (after - before) % size
        ]
        if len(between) != 1:
            raise self.fail(
                f"{name!r} plays without a seat line, and his seat is not told (between seats "
                f"{before} and {after}: {', '.join(map(str, between)) or 'none free'})"
            )
        for n in [n for n, seat in seats.items() if seat == between[0]]:
            del seats[n]  # (he left the table: his seat is the newcomer's)
        return between[0]

    def game(self) -> tuple[str, str, str | None]:
        """The header's game in PokerStars' words, the line that names it and the tournament's
        number (None at a cash table)."""
        for line in self.lines[1:6]:
            m = _GAME.search(line)
            if m is None or (" - " not in line and line[m.end() : m.end() + 1] != "-"):
                continue  # (not the game line: "... Omaha Hi-Saturday,February 18, ...")
            name = m["game"].lower().replace("'", "")
            if name in ("texas holdem", "holdem"):
                words = "Hold'em"
            elif name in _GAMES:
                words = _GAMES[name][0]
            else:
                raise self.fail(f"not a hold'em or Omaha hand ({m['game']})")
            found = _TOURNAMENT.search(line)
            tournament = None if found is None else (found["id"] or found["id2"] or "0")
            limit = _LIMIT.search(line.split(" - ")[0])
            if limit is None and _STAKES.match(line):  # "$15/$30 USD Texas Hold'em"
                return f"{words} Limit", line, tournament
            if limit is None:
                raise self.fail(f"a game without its structure: {line[:80]!r}")
            return f"{words} {_LIMITS[limit['limit']]}", line, tournament
        raise self.fail("no line names the game")

    def whole_names(self, names: list[str]) -> list[str]:
        """The lines with each name written whole, where the seat line cut it at a space, as
        seated (e-mailed hands: ``Seat 2: Hero ($100)``, then ``Hero Name raises 3.0 to 3.0``
        and the summary's ``Hero Name balance $100.57, ...``: ``Hero`` throughout)."""
        whole: dict[str, str] = {}
        for line in self.lines:
            m = _BALANCE_NAME.match(line)
            if m is None or m["name"] in names:
                continue
            cut = next((n for n in names if m["name"].startswith(n + " ")), None)
            if cut is not None:
                whole[m["name"]] = cut
        if not whole:
            return self.lines
        out = []
        for line in self.lines:
            for name, cut in whole.items():
                if line.startswith(name + " "):
                    line = cut + line[len(name) :]
                elif line.startswith(f"Dealt to {name} "):
                    line = f"Dealt to {cut}" + line[len("Dealt to ") + len(name) :]
            out.append(line)
        return out

    def wins(self, line: str, names: list[str], won: dict[str, Decimal]) -> None:
        """Each ``X wins $A ...`` of a line (several in some files) added to ``won``."""
        found = False
        for name in names:
            for m in re.finditer(rf"(?:^|(?<=[.\s]))(?:{re.escape(name)}){_WINS.pattern}", line):
                won[name] = won.get(name, Decimal(0)) + self.amount(m["amount"])
                found = True
        if not found:
            raise self.fail(f"a win not understood: {line[:80]!r}")

    def implied_blinds(self) -> tuple[Decimal, Decimal] | None:
        """The blinds of an old tournament hand that does not write who posts them, from its
        ``Blinds(300/600)`` (or ``Blinds-Antes(400/800 -25)``) line, or half its fixed-limit
        ``Stakes(200/400)``; None if no such line."""
        for line in self.lines[1:]:
            if line.startswith("** Dealing"):
                break
            m = _IMPLIED.match(line)
            if m is not None:
                small, big = self.amount(m["small"]), self.amount(m["big"])
                return (small / 2, big / 2) if m["kind"] == "Stakes" else (small, big)
        return None

    def post_blinds(self, hand: Written, blinds: tuple[Decimal, Decimal]) -> None:
        """The blinds posted where the button says: the small blind by the first player after
        the button (heads up: the button), the big blind by the next (all in if short); a
        player seated who never acts (moved to another table) is not in the hand."""
        dealt = [n for n in hand.seats if any(line.startswith(n + " ") for line in self.lines)]
        order = sorted(dealt, key=lambda n: (hand.seats[n] <= hand.button, hand.seats[n]))
        if len(order) == 2:
            order.reverse()  # heads up: the button posts the small blind
        for name, (what, chips) in zip(
            order, (("small blind", blinds[0]), ("big blind", blinds[1])), strict=False
        ):
            left = hand.stacks[name] - hand.put.get(name, Decimal(0))
            hand.post(name, what, min(chips, left))

    def blinds_called(self, names: list[str]) -> tuple[Decimal, Decimal] | None:
        """The blinds of a table whose game line does not state them (a cash table's buy-in):
        the small blind posted and the big blind that the first call before the flop puts in,
        by a player who posted nothing, before any bet or raise; None if no such call (or no
        small blind)."""
        small: Decimal | None = None
        posted: set[str] = set()
        dealt = False
        for line in self.lines[1:]:
            if line.startswith("** Dealing"):
                if dealt:
                    return None
                dealt = line.startswith("** Dealing down cards")
                continue
            who = next((n for n in names if line.startswith(n + " ")), None)
            if who is None:
                continue
            rest = line[len(who) + 1 :].strip()
            if rest.startswith("posts "):
                posted.add(who)
                p = _POST.match(rest)
                if p is not None and p["what"] == "small blind" and small is None:
                    small = self.amount(p["amount"])
                continue
            a = _ACTION.match(rest)
            if not dealt or a is None or a["verb"] in ("folds", "checks"):
                continue
            if a["verb"] != "calls" or a["amount"] is None or small is None:
                return None
            if who in posted:
                continue
            return small, self.amount(a["amount"])
        return None

    def owed(
        self, hand: Written, who: str, what: str, chips: Decimal, title: str
    ) -> Decimal | None:
        """The big blind the game line states, for a big blind all in for less at no or pot
        limit (the others still call the full blind: 888's ``Hero calls [$100]`` from the small
        blind of 100/200 after a big blind all in for 125); else None."""
        if what != "big blind" or self.stated is None or not title.endswith(_BIG_LIMITS):
            return None
        short = chips < self.stated[1] and chips == hand.stacks[who] - hand.put.get(who, 0)
        return self.stated[1] if short else None

    def stakes(self, hand: Written) -> tuple[Decimal, Decimal]:
        """The blinds posted so far (the first of each, not all in; if no big blind is, the
        blinds the game line states)."""
        small: Decimal | None = None
        big: Decimal | None = None
        for line in hand.posts + hand.play:
            if ": posts small blind " in line and small is None:
                small = self.amount(line.rsplit(" ", 1)[-1]) if "all-in" not in line else None
            elif ": posts big blind " in line and big is None and "all-in" not in line:
                big = self.amount(line.rsplit(" ", 1)[-1])
        if big is None and self.stated is not None:  # (a big blind all in for less)
            return self.stated
        if big is None:
            raise self.fail("no big blind posted: no stakes")
        return (small if small is not None else big / 2), big
