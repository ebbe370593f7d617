"""iPoker's hand histories (XML): read into the common record through PokerStars' reader.

iPoker (and its skins: William Hill, Betfair, Titan, bet365, Unibet...) writes a session as
one XML document: ``<session><general>`` (the session's game, stakes, table, currency and the
hero's ``<nickname>``) and one ``<game gamecode="...">`` per hand. A hand is read with the
session's ``<general>`` before it (:func:`context` finds it; :func:`holdem.histories.load`
carries it from the file's head, or from a later ``<session>`` in the same file, to each
hand). The XML is parsed by :mod:`xml.etree.ElementTree` over that bounded text only, and any
declaration (``<!DOCTYPE``, ``<!ENTITY``: a DTD, entities) is refused before parsing: a hostile
file costs the time and memory of its size, no more. These are the format's ways, each read
here and nowhere else:

* ``<gametype>Holdem NL $0.05/$0.10</gametype>``: the game (``Holdem``, ``Omaha``, ``Omaha
  Hi-Lo``; ``Six Plus Holdem``, stud games and 5-card Omaha's bare ``PL`` are refused), the
  structure (``NL``, ``SL`` and ``БЛ`` are no limit, ``PL`` and ``Pot limit`` pot limit,
  ``L`` fixed limit, where the stakes are the small and the big bet), and the stakes, with the
  currency sign before or after (``€0.10``, ``RSD1``), a decimal comma or none (a tournament's
  chips a point between thousands: ``1.500``, iPoker.it). A tournament's
  (``Holdem NL``) has no stakes: the blinds posted are the hand's, and the tournament's number
  is the ``<tournamentcode>`` or the ``(#16727068)`` of its name. ``LH 20/40 x2 Limit
  $10.00/$20.00`` (an older fixed-limit title): the bets are the two numbers after ``LH``.
* ``<player seat= name= chips= dealer= win= bet=/>``: ``chips`` is the stack at the start,
  ``dealer="1"`` the button (no player is, in some tournament files: the button is then the
  seat dealt in before the small blind's), ``bet`` all the player put in (an uncalled bet
  included) and ``win`` what he won, after the rake. Every player's actions must add up to
  his ``bet`` (checked; a tournament of 2011 counts some player's ante twice or not at all in
  his ``bet``, 28,105 of a stack of 28,005: a bet off by the player's ante is taken as the
  actions say when the actions of all add up to the amounts won; newer clients, of 2017 and
  2019, count a blind twice in the bet of a player who then raises before the flop: 17.50 of
  a small blind of 2.50 and a pot-sized raise to 15, taken as the actions say); the uncalled
  bet is the excess of the most put in over the second most (dead blinds aside); the rake is
  the pot less the amounts won (never written; it must not be negative).
* ``<action no= player= type= sum=/>``, in the order of ``no`` (a round lists each player's
  actions together): type 0 folds, 1 and 2 post the small and the big blind, 3 calls (``sum``:
  the chips added), 4 checks, 5 bets, 23 raises *to* ``sum``, 6 raises by adding ``sum``
  (the call and the raise: a small blind of 10 at 10/20 raising with ``sum`` 30 to 40, then
  called with 20, its ``bet`` 60 with a bet of 20 after the flop), 7 goes all in (``sum``:
  the chips added; a bet, call or raise as the bets stand), 15 posts an ante; 8 and 9 (a
  player sitting out, ``sum`` 0) are not in the hand.
* Any other element in a ``<game>`` is refused (its meaning unknown).
* ``<cards type="Pocket" player="P">SA H10</cards>`` (suit first, ``10`` for ten; ``X X``
  when unknown): the hero's are dealt to him, another player's known cards shown at the
  showdown; ``<cards type="Flop">``, ``Turn`` and ``River`` the board.

Games: hold'em of the three structures, pot-limit Omaha and fixed-limit Omaha hi-lo. The rules:
in fixed limit an all-in of half a bet or more counts as the full bet it reached for, the next
raise a level above it (a river all-in of 0.13 at 0.10/0.20 raised to 0.40:
``holdem.LimitAllIn.LEVEL``, :data:`holdem.pokerstars.converting.SITE_RULES`).
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from holdem.errors import PokerStarsError
from holdem.histories._written import Written, amount
from holdem.pokerstars import StarsHand, parse_hand

__all__ = ["ID", "START", "context", "read"]

#: The start of a hand (anywhere in a line: iPoker writes whole sessions on one line too).
START = re.compile(r"<game gamecode=\"\d")
#: The hand's id in its first characters.
ID = re.compile(r"gamecode=\"(\d{1,30})\"")

#: The longest text :func:`read` parses (a session's head and one hand are a few KB).
MAX_CHARS = 400_000

_SESSION = re.compile(r"<session\b[^>]*>\s*(<general>.*?</general>)", re.S)
_GAME_ELEMENT = re.compile(r"<game .*?</game>", re.S)
# The elements of a <game> (others, whose meaning is not known, are refused).
_KNOWN = frozenset(
    {
        "game",
        "general",
        "players",
        "player",
        "startdate",
        "round",
        "action",
        "cards",
        "servername",
        "smallblind",
        "bigblind",
        "ante",
        "tablesize",
    }
)
_DECLARATION = re.compile(r"<!(?!--)")
_GAMES = {
    "holdem": ("Hold'em", "holdem"),
    "omaha": ("Omaha", "omaha"),
    "omaha hi-lo": ("Omaha Hi/Lo", "omaha-hi-lo"),
    "omaha hilow": ("Omaha Hi/Lo", "omaha-hi-lo"),
}
_LIMITS = {
    "nl": "No Limit",
    "sl": "No Limit",
    "бл": "No Limit",
    "no limit": "No Limit",
    "pl": "Pot Limit",
    "pot limit": "Pot Limit",
    "l": "Limit",
    "limit": "Limit",
}
_GAMETYPE = re.compile(
    r"^(?P<game>Holdem|Omaha(?: Hi-Lo| HiLow)?|Six Plus Holdem|\d Card Stud.*?|)\s*"
    r"(?P<limit>NL|SL|БЛ|PL|L|No limit|Pot limit|Limit)\b\s*"
    r"(?:(?P<small>[^\s/]+)/(?P<big>[^\s/]+))?(?:\s+Ante\s+\S+)?\s*$",
    re.IGNORECASE,
)
_OLD_LIMIT = re.compile(r"^LH (?P<small>[\d.,]+)/(?P<big>[\d.,]+)\b")
_TOURNAMENT = re.compile(r"\(#(?P<id>\d{1,20})\)")
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
_RANKS = frozenset("23456789TJQKA")
_SHOWN = re.compile(r"^[SHDC](?:[2-9JQKA]|10)$")


def context(text: str) -> str | None:
    """The session's ``<general>`` block in ``text`` (the last one), or None if it has none.

    >>> context('<session sessioncode="1"><general><gametype>Holdem NL</gametype></general>')
    '<general><gametype>Holdem NL</gametype></general>'
    """
    last = None
    for found in _SESSION.finditer(text):
        last = found
    return None if last is None else last[1]


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One iPoker hand read into the common record: ``text`` holds the session's ``<general>``
    block, then the hand's ``<game>`` element.

    :raises PokerStarsError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''<general><gametype>Holdem NL $1/$2</gametype><tablename>T, 1</tablename>
    ... <nickname>Ann</nickname></general>
    ... <game gamecode="77"><general><players>
    ... <player seat="1" name="Ann" chips="$100" dealer="1" win="$5.90" bet="$4"/>
    ... <player seat="2" name="Bob" chips="$100" dealer="0" win="$0" bet="$2"/>
    ... </players></general>
    ... <round no="0"><action no="1" player="Ann" type="1" sum="$1"/>
    ... <action no="2" player="Bob" type="2" sum="$2"/></round>
    ... <round no="1"><cards type="Pocket" player="Ann">SA H10</cards>
    ... <action no="3" player="Ann" type="3" sum="$1"/>
    ... <action no="4" player="Bob" type="4" sum="$0"/></round>
    ... <round no="2"><cards type="Flop" player="">D9 C10 CJ</cards>
    ... <action no="5" player="Bob" type="4" sum="$0"/>
    ... <action no="6" player="Ann" type="5" sum="$2"/>
    ... <action no="7" player="Bob" type="0" sum="$0"/></round></game>''')
    >>> hand.site, hand.number, hand.total_pot, hand.rake, hand.collected  # (Ann's $2 back)
    ('iPoker', '77', 400, 10, {'Ann': 390})
    """
    start = START.search(text)
    game_at = start.start() if start is not None else -1
    m = ID.search(text, game_at) if game_at >= 0 else None
    label = f"{source}: hand #{m[1] if m else index + 1}"
    if len(text) > MAX_CHARS:
        raise PokerStarsError(f"{label}: over {MAX_CHARS} characters")
    if _DECLARATION.search(text):
        raise PokerStarsError(f"{label}: an XML declaration (a DTD or an entity): refused")
    session = context("<session>" + text[:game_at]) if game_at >= 0 else None
    if session is None:
        session = _first_general(text[: max(game_at, 0)])
    element = _GAME_ELEMENT.search(text, max(game_at, 0))
    if session is None or m is None:
        raise PokerStarsError(f"{label}: no session <general> block before the <game>")
    if element is not None:
        game_text = element[0]
    elif text.rstrip().endswith("</round>"):  # a file cut after the hand's last round
        game_text = text[game_at:] + "</game>"
    else:
        raise PokerStarsError(f"{label}: the <game> element is cut short")
    general = _xml(session, label)
    game = _xml(game_text, label)
    for node in game.iter():
        if node.tag not in _KNOWN:
            raise PokerStarsError(
                f"{label}: an element the reader does not know: <{node.tag[:40]}>"
            )
    return _Hand(general, game, m[1], label, source, index).read()


def _first_general(text: str) -> str | None:
    at = text.find("<general>")
    end = text.find("</general>", at)
    return text[at : end + len("</general>")] if at >= 0 and end >= 0 else None


def _xml(text: str, label: str) -> ET.Element:
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        raise PokerStarsError(f"{label}: not well-formed XML ({exc})") from None


@dataclasses.dataclass
class _Hand:
    general: ET.Element
    game: ET.Element
    number: str
    label: str
    source: str
    index: int
    button: int = 0

    def fail(self, reason: str) -> PokerStarsError:
        return PokerStarsError(f"{self.label}: {reason}")

    def amount(self, text: str | None) -> Decimal:
        """An amount as written (``$0.25``, ``0,25€``, ``RSD1``, ``1 000``) as a decimal; a
        tournament's chips may have a point between thousands (``1.500``, iPoker.it)."""
        value = amount(text, self.tournament() is not None)
        if value is None:
            raise self.fail(f"not an amount: {text!r}")
        return value

    def read(self) -> StarsHand:
        title, game, stakes = self.game_type()
        players = self.game.findall("./general/players/player")
        if len(players) < 2:
            raise self.fail("fewer than two players")
        if not self.game.findall("./round"):
            raise self.fail("a hand without its rounds")
        seats: dict[str, tuple[int, Decimal, Decimal, Decimal]] = {}
        button = 0
        for p in players:
            name = p.get("name") or ""
            if not name and not self.amount(p.get("chips")) and not self.amount(p.get("bet")):
                continue  # an empty seat
            if p.get("win") is None or p.get("bet") is None:
                raise self.fail(
                    "a player without his amounts won and put in (a partial export): nothing to "
                    "check the hand against"
                )
            if not name or name != name.strip() or any(c in name for c in "\n\r\t()"):
                raise self.fail(f"a player's name that cannot be read: {name!r}")
            if name in seats:
                raise self.fail(f"{name!r} is seated twice")
            try:
                seat = int(p.get("seat") or "")
            except ValueError:
                raise self.fail(f"{name!r} has no seat number") from None
            if not 0 < seat < 100:
                raise self.fail(f"{name!r} has no seat number")
            seats[name] = (
                seat,
                self.amount(p.get("chips")),
                self.amount(p.get("win")),
                self.amount(p.get("bet")),
            )
            if p.get("dealer") == "1":
                button = seat
        actions = self.actions(seats)
        if not button:
            button = self.button_of(actions, seats)
        self.button = button
        hero = (self.general.findtext("nickname") or "").strip()
        lines, put = self.play(actions, seats, hero)
        antes = {a[2]: a[4] for a in actions if a[3] == 15}
        # (tournaments of 2011 count a player's ante twice or not at all in some "bet"s, where
        # his actions, his chips and the amounts won agree: then the bet is the one wrong)
        wrong_ante = self.tournament() is not None and sum(put.values()) == sum(
            w for _, _, w, _ in seats.values()
        )
        # (newer clients, 2017 and 2019, count a blind twice in the bet of a player who then
        # raises pre-flop: "bet" 17.50 of a small blind of 2.50 and a pot-sized raise to 15)
        blind = {a[2]: a[4] for a in actions if a[3] in (1, 2)}
        raised = {a[2] for a in actions if a[3] == 23 and a[1] == 1}
        for name, (_, _, _, bet) in seats.items():
            off = abs(put.get(name, Decimal(0)) - bet)
            twice = name in raised and bet - put.get(name, Decimal(0)) == blind.get(name)
            if off and not twice and not (wrong_ante and off == antes.get(name)):
                raise self.fail(
                    f"{name!r}'s actions put in {put.get(name, 0)}, the file says {bet}"
                )
        if not stakes:
            stakes = self.posted(actions, game)
        table = (self.general.findtext("tablename") or "").replace("'", "")
        tournament = self.tournament()
        head = f"PokerStars Hand #{self.number}: "
        if tournament is not None:
            head += f"Tournament #{tournament}, {title} ({stakes[0]}/{stakes[1]})"
        else:
            head += f"{title} ({stakes[0]}/{stakes[1]})"
        out = [head, f"Table '{table}' Seat #{button} is the button"]
        for name, (seat, chips, _, _) in sorted(seats.items(), key=lambda s: s[1][0]):
            out.append(f"Seat {seat}: {name} ({chips} in chips)")
        out.extend(lines)
        hand = parse_hand("\n".join(out), source=self.source, index=self.index)
        return dataclasses.replace(hand, site="iPoker", number=self.number, currency_symbol="")

    def game_type(self) -> tuple[str, str, tuple[Decimal, Decimal] | None]:
        """The header's game in PokerStars' words, the record's game and the stakes (None in a
        tournament)."""
        text = " ".join((self.general.findtext("gametype") or "").split())
        old = _OLD_LIMIT.match(text)
        if old is not None:
            return (
                "Hold'em Limit",
                "holdem",
                (
                    self.amount(old["small"]),
                    self.amount(old["big"]),
                ),
            )
        m = _GAMETYPE.match(text)
        if m is None:
            raise self.fail(f"a game that cannot be read: {text!r}")
        name = m["game"].lower()
        if name not in _GAMES:
            raise self.fail(f"not a hold'em or Omaha hand ({text})")
        words, game = _GAMES[name]
        limit = _LIMITS[m["limit"].lower()]
        stakes = None
        if m["small"] is not None:
            stakes = (self.amount(m["small"]), self.amount(m["big"]))
        return f"{words} {limit}", game, stakes

    def tournament(self) -> str | None:
        code = (self.general.findtext("tournamentcode") or "").strip()
        if not code:
            code = (self.general.findtext("tourcode") or "").strip()
        if code.isdigit():
            return code
        name = self.general.findtext("tournamentname")
        if name is None:
            return None
        found = _TOURNAMENT.search(name)
        return found["id"] if found else "0"

    def actions(
        self, seats: dict[str, tuple[int, Decimal, Decimal, Decimal]]
    ) -> list[tuple[int, int, str, int, Decimal]]:
        """Each action as ``(no, round, player, type, sum)``, in the order of ``no``."""
        out = []
        for r in self.game.iter("round"):
            try:
                number = int(r.get("no") or "")
            except ValueError:
                raise self.fail("a round without its number") from None
            for a in r.iter("action"):
                name = a.get("player") or ""
                if name not in seats:
                    raise self.fail(f"an action by a player not seated: {name!r}")
                try:
                    no, kind = int(a.get("no") or ""), int(a.get("type") or "")
                except ValueError:
                    raise self.fail(f"an action that cannot be read by {name!r}") from None
                out.append((no, number, name, kind, self._sum(a.get("sum"), kind)))
        out.sort(key=lambda a: a[0])
        if len({a[0] for a in out}) != len(out):
            raise self.fail("two actions with the same number")
        return out

    def button_of(
        self,
        actions: list[tuple[int, int, str, int, Decimal]],
        seats: dict[str, tuple[int, Decimal, Decimal, Decimal]],
    ) -> int:
        """The button's seat when no player is the dealer (some tournament files): the seat
        dealt in before the small blind's (heads up, the small blind's own).

        :raises PokerStarsError: if no small blind is posted either.
        """
        small = next((a[2] for a in actions if a[3] == 1), None)
        if small is None:
            raise self.fail("no player is the dealer (the button), and no small blind says it")
        dealt = {c.get("player") for c in self.game.iter("cards") if c.get("type") == "Pocket"}
        order = sorted(seats[n][0] for n in seats if n in dealt or n == small)
        at = order.index(seats[small][0])
        return order[at] if len(order) == 2 else order[at - 1]

    def _sum(self, text: str | None, kind: int) -> Decimal:
        if text == "DP":
            raise self.fail(
                "an all-in by disconnection protection (sum 'DP', no chips put in): the engine "
                "has no such all-in"
            )
        del kind
        return self.amount(text or "0")

    def posted(
        self, actions: list[tuple[int, int, str, int, Decimal]], game: str
    ) -> tuple[Decimal, Decimal]:
        """A tournament's stakes: the blinds posted (fixed limit: the big blind and twice
        it)."""
        small = next((a[4] for a in actions if a[3] == 1), None)
        big = next((a[4] for a in actions if a[3] == 2), None)
        if big is None:
            raise self.fail("a tournament hand without a big blind: no stakes")
        del game
        return (small if small is not None else big / 2), big

    def play(
        self,
        actions: list[tuple[int, int, str, int, Decimal]],
        seats: dict[str, tuple[int, Decimal, Decimal, Decimal]],
        hero: str,
    ) -> tuple[list[str], dict[str, Decimal]]:
        """The hand's lines from the posts to the summary, and what each player put in."""
        cards = self.cards()
        boards = {r: c for r, c in cards.items() if isinstance(r, int)}
        pockets = {n: c for n, c in cards.items() if isinstance(n, str)}
        hand = Written(
            self.label,
            {n: s[1] for n, s in seats.items()},
            {n: s[0] for n, s in seats.items()},
            self.button,
            boards,
        )
        small = next((a[4] for a in actions if a[3] == 1), None)
        big = min((a[4] for a in actions if a[3] == 2), default=None)
        for _no, rnd, name, kind, chips in actions:
            if kind in (8, 9):
                if name in hand.put:
                    raise self.fail(
                        f"{name!r} posts, then sits out (not dealt in): the engine has no place "
                        "for the chips of a player who is not in the hand"
                    )
                continue
            if rnd >= 2:
                hand.street(rnd)
            if kind in (1, 2, 15):
                what = {1: "small blind", 2: "big blind", 15: "the ante"}[kind]
                if kind == 2 and small is not None and big is not None and chips == small + big:
                    hand.post(name, "small & big blinds", chips, big)  # (a dead small blind)
                else:
                    hand.post(name, what, chips)
            elif kind == 0:
                hand.fold(name)
            elif kind == 4:
                hand.check(name)
            elif kind == 23:
                hand.raise_to(name, chips)
            elif kind in (3, 5, 6, 7):
                hand.adds(name, chips)
            else:
                raise self.fail(f"an action of an unknown type {kind} by {name!r}")
        won = {n: w for n, (_, _, w, _) in seats.items() if w > 0}
        counts = False if self.general.findtext("uncalled_bet_enabled") == "true" else None
        lines = hand.end(
            won, pockets, hero, counts_uncalled=counts, tournament=self.tournament() is not None
        )
        return lines, hand.put

    def cards(self) -> dict[int | str, list[str]]:
        """The board of each round (2: the flop...) and each player's known pocket cards."""
        out: dict[int | str, list[str]] = {}
        rounds = {"Flop": 2, "Turn": 3, "River": 4}
        for c in self.game.iter("cards"):
            words = (c.text or "").split()
            kind = c.get("type") or ""
            if kind == "Pocket":
                if all(w.upper() == "X" for w in words):
                    continue
                out[c.get("player") or ""] = [self.card(w) for w in words]
            elif kind in rounds:
                out[rounds[kind]] = [self.card(w) for w in words]
        return out

    def card(self, word: str) -> str:
        """``SA`` -> ``As``, ``H10`` -> ``Th``."""
        if not _SHOWN.match(word):
            raise self.fail(f"not a card: {word[:10]!r}")
        rank = "T" if word[1:] == "10" else word[1:]
        if rank not in _RANKS:  # pragma: no cover (the pattern admits only ranks)
            raise self.fail(f"not a card: {word!r}")
        return rank + _SUITS[word[0]]
