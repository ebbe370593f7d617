"""Reading PokerStars hand histories: a file's text split into hands, each hand into its facts.

The text format is the one PokerStars writes (and the trackers and sites that copy it): a header
line, the table and seat lines, the posts, one section per street (``*** HOLE CARDS ***``,
``*** FLOP ***`` ...), the showdown and the ``*** SUMMARY ***``. :func:`parse_hand` reads one
hand into a :class:`StarsHand`: amounts are integers in the hand's smallest unit (a cent in a
``$0.01/$0.02`` game, a chip in a tournament), so that no floating point is ever involved.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from holdem._validate import check_int
from holdem.cards import Card, parse_cards
from holdem.errors import ArgumentTypeError, CardError, PokerStarsError
from holdem.pokerstars._amounts import most_places, read_amount, read_seat

__all__ = ["Action", "Seat", "StarsHand", "iter_hands", "parse_hand", "split_hands"]

# Bounds on what a hand may hold, so that a hostile file costs bounded time and memory.
_MAX_HAND_CHARS = 200_000
_MAX_DECIMALS = 6

# The sites that write this format, by the first words of their headers.
_SITES = {
    "PokerStars": "PokerStars",
    "POKERSTARS": "PokerStars",  # PokerTracker 2's export
    "Full Tilt": "Full Tilt",
    "Run It Once Poker": "Run It Once",
    "PokerBros": "PokerBros",
    "PokerMaster": "PokerMaster",
    "GGPoker": "GGPoker",  # holdem.histories.ggpoker's header ("Poker Hand #TM1:" as written)
}
_SITE_WORDS = "|".join(_SITES)
# A hand's header starts a line, after a byte-order mark and blanks if any (an archive's export
# indents its lines): the text's first line, or one after a line feed, which the search looks
# for first (a pattern that starts with one character is searched for that character alone).
_HAND_WORDS = (
    rf"\ufeff?[ \t]*(?:{_SITE_WORDS}) (?:Zoom |ZOOM |Home Game |Rush |Cash )?"
    r"(?:Hand|Game|GAME|HAND) #"
)
_FIRST_HAND = re.compile(_HAND_WORDS)
_NEXT_HAND = re.compile("\n" + _HAND_WORDS)
_HEADER = re.compile(
    rf"^(?P<site>{_SITE_WORDS}) (?P<kind>Zoom |ZOOM |Home Game |Rush |Cash )?"
    r"(?:Hand|Game|GAME|HAND) #(?P<number>\d{1,30}):\s*(?P<rest>.*)$"
)
_GAME = re.compile(
    r"(?P<name>(?:6\+ |Split )?Hold'em|(?:[56] Card )?Omaha(?: Hi/Lo)?) "
    r"(?P<limit>No Limit|Pot Limit|Limit)\b",
    re.IGNORECASE,
)
# The game of each name of the header (lowercase): a name of holdem.engine.variants.VARIANTS.
_GAMES = {
    "hold'em": "holdem",
    "6+ hold'em": "short-deck",
    "split hold'em": "double-board",
    "omaha": "omaha",
    "omaha hi/lo": "omaha-hi-lo",
    "5 card omaha": "omaha-5",
    "5 card omaha hi/lo": "omaha-5-hi-lo",
    "6 card omaha": "omaha-6",
    "6 card omaha hi/lo": "omaha-6-hi-lo",
}
# 6+ Hold'em's stakes: "(Button Blind $5 - Ante $5 USD)" (the button posts the one blind).
# (PokerStars writes a no-break space after "Blind" and "Ante" in some years.)
_BUTTON_STAKES = re.compile(r"\(Button Blind\s(?P<big>[^\s()]+)\s-\sAnte\s(?P<ante>[^\s()]+)")
# A mixed game's stakes follow its game in the parentheses: "Mixed NLH/PLO (Hold'em No Limit,
# $0.10/$0.25 USD)".
_MIXED_STAKES = re.compile(r", (?P<small>[^/()\s]+)/(?P<big>[^/()\s]+)(?:\s+[A-Z]{3})?\)")
_STAKES = re.compile(
    r"\((?P<small>[^/()\s]+)/(?P<big>[^/()\s]+)(?: - (?P<cap>[^/()\s]+) Cap -)?(?:\s+[A-Z]{3})?\)"
)
_LEVEL = re.compile(r"Level (?P<level>[IVXLCDM\d]+)")
_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+)")
_TIME = re.compile(
    r" - (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<zone>\S+)"
)
_TABLE = re.compile(
    r"^Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-[mM]ax)?.*?Seat #(?P<button>\d+) is the button"
)
_CARDS = re.compile(r"\[(?P<cards>[^\]]*)\]")
_STREET = re.compile(r"^\*\*\* (?P<name>[A-Z ]+?) \*\*\*(?P<rest>.*)$")
_TOTAL = re.compile(r"^Total pot (?P<pot>\S+)(?P<middle>.*?)\| Rake (?P<rake>\S+)(?P<tail>.*)$")
# "cashed out the hand for $22.77 | Cash Out Fee $0.46" (the rest of the line after the name)
_CASH_OUT = re.compile(r"^cashed out the hand for (?P<amount>\S+) \| Cash Out Fee (?P<fee>\S+)$")
_WON = re.compile(r" won \((?P<amount>[^)]+)\)")
_POT = re.compile(r"(?:Main|Side) pot(?:-\d+)? (\S+?)\.(?= |$)")  # "Side pot-1 $7.50."
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")

_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
# What a "posts ..." line posts, by its words.
_POST_KINDS = {
    "small blind": "small blind",
    "big blind": "big blind",
    "the ante": "ante",
    "small & big blinds": "dead blinds",
    "straddle": "straddle",
    "button blind": "button blind",  # 6+ Hold'em's one blind, posted by the button
}
# A board run more than once: "*** FIRST FLOP ***", "*** SECOND RIVER ***" ... (the run, from 0).
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_CARD_OF = {str(card): card for card in map(Card, range(52))}
_CAP_REACHED = re.compile(r" and has reached the \S+ cap$")


class Seat(NamedTuple):
    """A seat at the start of the hand: its number, the player's name and chips (``stack``
    None: not known, a player who joins in the middle of a hand of another site without his
    chips written; PHH's ``inf``).

    (A named tuple, as :class:`Action`: a hand has several, made as fast as a tuple.)
    """

    number: int
    name: str
    stack: int | None
    sitting_out: bool = False


class Action(NamedTuple):
    """One line of play: who (a name), the verb, and its amount or cards.

    Verbs: ``ante``, ``small blind``, ``big blind``, ``dead blinds`` (small and big together),
    ``straddle``, ``fold``, ``check``, ``call``, ``bet``, ``raise`` (``amount`` is the total of
    the round, as in "raises 4 to 6"), ``show``, ``muck``, ``uncalled`` (returned),
    ``collect``, ``cash out`` and ``board`` (``name`` is empty). ``street``: 0 pre-flop to 3,
    4 the showdown. ``run``: for a board run more than once, the board (from 0) that a
    ``board`` action deals ("*** SECOND RIVER ***" is run 1).

    A named tuple (a hand has a record per line: a tuple is made several times faster than a
    frozen dataclass), so ``action._replace(amount=...)`` gives a changed copy.
    """

    street: int
    name: str
    verb: str
    amount: int = 0
    cards: tuple[Card, ...] = ()
    all_in: bool = False
    run: int = 0


@dataclass(frozen=True, slots=True)
class StarsHand:
    """One PokerStars hand as the text gives it; amounts in units of ``unit`` (a decimal text).

    ``structure`` is ``'no-limit'``, ``'pot-limit'`` or ``'fixed-limit'``; ``small``/``big`` are
    the stakes of the header (the blinds, or in fixed limit the small and big bet). ``collected``
    is each name's total from the ``collected`` lines, ``total_pot`` and ``rake`` the summary's.
    ``known`` holds hole cards the text reveals (the hero's, shown and mucked hands).
    ``run_twice``: the board was run more than once (its ``board`` actions say which run);
    ``cap``: the most a player may put in the hand, in a capped no-limit or pot-limit game.
    ``pots``: each pot after the rake, main pot first, when the summary lists several ("Main
    pot $3. Side pot $3.43."), else empty. ``cash_outs``: each player who cashed out the hand
    ("All-in Cash Out": "X cashed out the hand for $A | Cash Out Fee $F") with the amount the
    site paid him, outside the pot, and its fee, ``(amount, fee)``; the hand is played out and
    the pots decided by the cards as usual. ``not_awarded``: what a player who cashed out won
    by the cards and was not paid (the summary's "won ($W) ... (pot not awarded as player cashed
    out)"; no "collected" line pays it). ``site``: the site that wrote the hand (PokerStars,
    Full Tilt, Run It Once, PokerBros, PokerMaster, GGPoker: the header's first words).
    ``game``: the game, a name of :data:`holdem.engine.variants.VARIANTS` (``holdem``,
    ``short-deck`` for 6+ Hold'em, ``double-board`` for Split Hold'em, ``omaha``,
    ``omaha-hi-lo``); the converter says which it can write as PHH.
    """

    number: str
    source: str
    index: int
    structure: str
    small: int
    big: int
    unit: str
    button: int
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    total_pot: int
    rake: int
    collected: dict[str, int] = field(default_factory=dict)
    known: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    table: str = ""
    seat_count: int | None = None
    tournament: str | None = None
    level: str | None = None
    date: str | None = None
    time: str | None = None
    time_zone: str | None = None
    currency_symbol: str = ""
    run_twice: bool = False
    cap: int | None = None
    pots: tuple[int, ...] = ()
    cash_outs: dict[str, tuple[int, int]] = field(default_factory=dict)
    not_awarded: dict[str, int] = field(default_factory=dict)
    site: str = "PokerStars"
    game: str = "holdem"

    @property
    def label(self) -> str:
        """The hand in messages: the file, its position in the file and the hand number."""
        return f"{self.source}: hand #{self.number}"


def split_hands(text: str) -> list[str]:
    """The hands of a file's text, each from its ``PokerStars ... Hand #`` header line.

    :raises ArgumentTypeError: if ``text`` is not a str.

    >>> len(split_hands("PokerStars Hand #1: ...\\n\\n\\nPokerStars Hand #2: ...\\n"))
    2
    """
    return list(iter_hands(text))


def iter_hands(text: str) -> Iterator[str]:
    """The hands of a file's text one at a time, as :func:`split_hands` gives them.

    :raises ArgumentTypeError: if ``text`` is not a str.
    """
    _check_text(text, "the text of hands")
    return _iter_hands(text)


def _check_text(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{what} is a str, got {type(text).__name__}")


def _iter_hands(text: str) -> Iterator[str]:
    start = 0 if _FIRST_HAND.match(text) is not None else -1
    for m in _NEXT_HAND.finditer(text):
        at = m.start() + 1  # (after the line feed)
        if start >= 0:
            # (a byte-order mark may open the text, or each of several files put together)
            yield text[start:at].strip().lstrip("\ufeff")
        start = at
    if start >= 0:
        yield text[start:].strip().lstrip("\ufeff")


def parse_hand(text: str, *, source: str = "<string>", index: int = 0) -> StarsHand:
    """One hand's text read into a :class:`StarsHand`.

    :raises PokerStarsError: for text that is not a hold'em hand PokerStars wrote, with the
        reason (another game, a malformed line, an amount or card that cannot be read).
    :raises ArgumentTypeError: for a text or source that is not a str, or an index no int.
    """
    _check_text(text, "a hand's text")
    _check_text(source, "a hand's source")
    check_int(index, "a hand's index", 0)
    return _Reader(text, source, index).read()


class _Reader:
    def __init__(self, text: str, source: str, index: int) -> None:
        if len(text) > _MAX_HAND_CHARS:
            raise PokerStarsError(
                f"{source}: hand {index + 1} is over {_MAX_HAND_CHARS} characters"
            )
        self.text = text.replace("\r", "") if "\r" in text else text  # (a search is cheaper)
        self.lines = [line for line in map(str.strip, self.text.split("\n")) if line]
        self.cancelled = "Hand cancelled" in text
        self.source = source
        self.index = index
        self.number = "?"
        self.decimals = 0
        self.names: list[str] = []
        self.seated: frozenset[str] = frozenset()
        self.plain = True
        self.pots: tuple[int, ...] = ()
        self.cash_outs: dict[str, tuple[int, int]] = {}
        self.not_awarded: dict[str, int] = {}

    def fail(self, message: str) -> PokerStarsError:
        return PokerStarsError(f"{self.source}: hand #{self.number}: {message}")

    # -- amounts and names ------------------------------------------------------------------

    def raw_amount(self, text: str) -> tuple[int, int]:
        """An amount's digits as (value, decimals): '$0.25' -> (25, 2) (what an amount is:
        :mod:`holdem.pokerstars._amounts`)."""
        value, places = read_amount(text)
        if places < 0:
            what = "not an amount" if places == -1 else "amount out of range"
            raise self.fail(f"{what}: {text!r}")
        return value, places

    def amount(self, text: str) -> int:
        """An amount in the hand's unit (10 ** -decimals)."""
        value, places = read_amount(text)
        if places != self.decimals:  # fewer decimals than the unit's, or no amount (refused)
            value, places = self.raw_amount(text)
            value *= 10 ** (self.decimals - places)
        return value

    def who(self, line: str) -> tuple[str, str] | None:
        """The player a line starts with (the longest seated name that fits) and the rest."""
        colon = line.find(": ")
        if colon > 0 and self.plain and line[:colon] in self.seated:
            return line[:colon], line[colon + 2 :].strip()  # "Name: verb ...", the usual line
        for name in self.names:  # longest first
            if line.startswith(name) and len(line) > len(name) and line[len(name)] in ": ":
                return name, line[len(name) :].lstrip(":").strip()
        return None

    def cards(self, text: str) -> tuple[Card, ...]:
        # The usual text, "Ah Kd": each card as it prints, looked up (what parse_cards reads)
        found = [_CARD_OF.get(token) for token in text.split(" ")]
        if None not in found and len(set(found)) == len(found):
            return tuple(found)  # type: ignore[arg-type]
        if "X" in text.upper():  # a card not shown ("[XX Qs]" in Hold'em Manager's export)
            shown = [token for token in text.split(" ") if token.upper() != "XX"]
            if len(shown) < len(text.split(" ")):
                return self.cards(" ".join(shown)) if shown else ()
        try:
            return tuple(parse_cards(text))
        except CardError as exc:
            raise self.fail(f"bad cards [{text}]: {exc}") from None

    # -- the hand ---------------------------------------------------------------------------

    def read(self) -> StarsHand:
        lines = self.lines
        if not lines:
            raise PokerStarsError(f"{self.source}: hand {self.index + 1} is empty")
        header = _HEADER.match(lines[0])
        if header is None:
            raise PokerStarsError(f"{self.source}: hand {self.index + 1}: no PokerStars header")
        self.number = header["number"]
        rest = header["rest"]
        game = _GAME.search(rest)
        if game is None:
            raise self.fail(f"not a hold'em or Omaha hand ({_game_name(rest)})")
        variant = _GAMES[game["name"].lower()]
        structure = {
            "no limit": "no-limit",
            "pot limit": "pot-limit",
            "limit": "fixed-limit",
        }[game["limit"].lower()]
        stakes: dict[str, str | None] | None = None
        if variant == "short-deck":  # one blind, the button's, as the stakes
            button = _BUTTON_STAKES.search(rest, game.end())
            if button is not None:
                stakes = {"small": button["big"], "big": button["big"], "cap": None}
        if stakes is None:
            found = _MIXED_STAKES.match(rest, game.end()) or _STAKES.search(rest, game.end())
            stakes = {"cap": None, **found.groupdict()} if found is not None else None
        if stakes is None:
            raise self.fail("no stakes in the header")
        # The hand's unit: the most decimals any amount of the hand has.
        self.decimals = max(
            [self.raw_amount(v)[1] for k, v in stakes.items() if v]
            + [_decimals(self.text, self.text.index(lines[0]) + len(lines[0]))]
        )
        if self.decimals > _MAX_DECIMALS:
            raise self.fail(f"amounts with more than {_MAX_DECIMALS} decimals")
        small, big, cap = stakes["small"] or "", stakes["big"] or "", stakes["cap"]
        symbol = small[0] if small[:1] in ("$", "€", "£", "¥") else ""
        tournament = _TOURNAMENT.search(rest)
        level = _LEVEL.search(rest)
        when = _TIME.search(rest)

        if len(lines) < 2:
            raise self.fail("no table line")
        table = _TABLE.match(lines[1])
        if table is None:
            raise self.fail(f"not a table line: {lines[1]!r}")
        seats, k = self.seats(lines, 2)
        self.names = sorted((s.name for s in seats), key=len, reverse=True)
        self.seated = frozenset(self.names)
        # Without a name holding ": ", "Name: ..." names its player at once.
        self.plain = not any(": " in name for name in self.names)
        actions, known, collected, total, rake, run_twice = self.body(lines, k)
        dealt = max(map(len, known.values()), default=0)
        if variant in ("omaha", "omaha-hi-lo") and dealt in (5, 6):
            # PokerMaster writes its 5-card Omaha as "Omaha Pot Limit": the cards say which
            variant = variant.replace("omaha", f"omaha-{dealt}", 1)
        return StarsHand(
            self.number,
            self.source,
            self.index,
            structure,
            self.amount(small),
            self.amount(big),
            _unit_text(self.decimals),
            int(table["button"]),
            tuple(seats),
            tuple(actions),
            total,
            rake,
            collected,
            known,
            table["table"],
            int(table["max"]) if table["max"] else None,
            tournament["id"] if tournament else None,
            level["level"] if level else None,
            when["date"] if when else None,
            when["time"] if when else None,
            when["zone"] if when else None,
            symbol,
            run_twice,
            self.amount(cap) if cap else None,
            self.pots,
            self.cash_outs,
            self.not_awarded,
            _SITES[header["site"]],
            variant,
        )

    def seats(self, lines: list[str], k: int) -> tuple[list[Seat], int]:
        seats: list[Seat] = []
        numbers: set[int] = set()
        names: set[str] = set()
        while k < len(lines):
            seat = read_seat(lines[k])  # "Seat 3: Ann ($2.50 in chips)": see _amounts
            if seat is None:
                break
            number, name, stack, rest = seat
            if number in numbers:
                raise self.fail(f"seat {number} is listed twice")
            if name in names:
                raise self.fail(f"{name!r} sits in two seats")
            numbers.add(number)
            names.add(name)
            seats.append(Seat(number, name, self.amount(stack), "sitting out" in rest))
            k += 1
        if len(seats) < 2:
            raise self.fail("fewer than two seated players")
        return seats, k

    def body(
        self, lines: list[str], k: int
    ) -> tuple[list[Action], dict[str, tuple[Card, ...]], dict[str, int], int, int, bool]:
        actions: list[Action] = []
        known: dict[str, tuple[Card, ...]] = {}
        collected: dict[str, int] = {}
        street = 0
        total = rake = -1
        run_twice = False
        in_summary = False
        plain, seated = self.plain, self.seated
        for line in lines[k:]:
            first = line[0]  # (a look at the first character spares most lines two searches)
            section = _STREET.match(line) if first == "*" else None
            if section is not None:
                name = section["name"]
                run = 0
                first, _, rest = name.partition(" ")
                if first in _RUNS and rest:
                    run_twice = True
                    run, name = _RUNS[first], rest
                if name in _STREETS:
                    street = _STREETS[name]
                    boards = _CARDS.findall(section["rest"])
                    if not boards:
                        raise self.fail(f"no cards on the {name.lower()} line")
                    dealt = self.cards(boards[-1])
                    actions.append(Action(street, "", "board", 0, dealt, False, run))
                elif name in ("SHOW DOWN", "SHOWDOWN"):
                    street = 4
                elif name == "SUMMARY":
                    in_summary = True
                elif name not in ("HOLE CARDS", "DEALING HANDS"):
                    raise self.fail(f"unknown section {line!r}")
                continue
            if in_summary:
                if line.startswith("Total pot ") or "mucked [" in line or "cashed out" in line:
                    total, rake = self.summary_line(line, known, total, rake)
                continue
            if first == "D" and line.startswith("Dealt to "):
                found = self.who(line[len("Dealt to ") :])
                cards = _CARDS.search(line)
                if found is not None and cards is not None and cards["cards"].strip():
                    known[found[0]] = self.cards(cards["cards"])
                continue
            uncalled = None
            if first == "U" and line.startswith("Uncalled bet ("):
                uncalled = _UNCALLED.match(line)
            if uncalled is not None:
                name = uncalled["name"].strip()
                if name not in self.names:
                    raise self.fail(f"uncalled bet returned to an unknown player {name!r}")
                actions.append(Action(street, name, "uncalled", self.amount(uncalled["amount"])))
                continue
            colon = line.find(": ")
            name = line[:colon] if colon > 0 and plain else ""
            if name and name in seated:  # "Name: verb ...", the usual line (who's first look)
                rest = line[colon + 2 :].strip()
            else:
                found = self.who(line)
                if found is None:
                    if " cashed out the hand " in line:
                        raise self.fail(f"a cash-out by a player not seated: {line!r}")
                    continue  # the dealer's and the site's notes ("Hand cancelled" is refused)
                name, rest = found
            action = self.player_line(street, name, rest)
            if action is None:
                continue
            # the cards or chips the line shows noted, and its action kept
            verb = action.verb
            if verb == "show" or (action.cards and (verb == "muck" or verb == "fold")):
                known[action.name] = action.cards
            elif verb == "collect":
                collected[action.name] = collected.get(action.name, 0) + action.amount
            actions.append(action)
        if self.cancelled:
            raise self.fail("the hand was cancelled")
        if total < 0:
            raise self.fail("no 'Total pot ... | Rake ...' line in the summary")
        return actions, known, collected, total, rake, run_twice

    def player_line(self, street: int, name: str, rest: str) -> Action | None:
        if rest == "folds":  # the most frequent lines first, whole
            return Action(street, name, "fold")
        if rest == "checks":
            return Action(street, name, "check")
        last = rest[-1:]  # (a look at the last character spares most lines two searches)
        all_in = last == "n" and rest.endswith("and is all-in")
        if all_in:
            rest = rest[: -len("and is all-in")].strip()
        elif last == "p" and rest.endswith(" cap"):
            # "raises $72 to $80 and has reached the $80 cap"
            capped = _CAP_REACHED.search(rest)
            if capped is not None:
                rest, all_in = rest[: capped.start()], True
        words = rest.split(" ")
        verb = words[0]
        if verb == "posts":
            what = _POST_KINDS.get(" ".join(words[1:-1]))
            if what is None:
                raise self.fail(f"unknown post {rest!r} by {name!r}")
            return Action(street, name, what, self.amount(words[-1]), (), all_in)
        if verb in ("folds", "checks") and (len(words) == 1 or words[1].startswith("[")):
            cards = _CARDS.search(rest)
            got = self.cards(cards["cards"]) if cards is not None else ()
            return Action(street, name, verb[:-1], 0, got)
        if verb in ("calls", "bets") and len(words) == 2:
            return Action(street, name, verb[:-1], self.amount(words[1]), (), all_in)
        if verb == "raises" and len(words) == 4 and words[2] == "to":
            return Action(street, name, "raise", self.amount(words[3]), (), all_in)
        if verb == "shows" and rest.startswith("shows ["):
            cards = _CARDS.search(rest)
            if cards is None:
                raise self.fail(f"cards cut short in {rest!r} by {name!r}")
            return Action(street, name, "show", 0, self.cards(cards["cards"]))
        if rest in ("mucks hand", "doesn't show hand"):
            return Action(street, name, "muck" if verb == "mucks" else "no show")
        if verb == "collected" and len(words) >= 4 and words[2] == "from":
            return Action(street, name, "collect", self.amount(words[1]))
        if verb == "cashed" and rest.startswith("cashed out the hand "):
            return self.cash_out(street, name, rest)
        return None  # chat, connections, sitting out, finishing places ...

    def cash_out(self, street: int, name: str, rest: str) -> Action:
        """A "cashed out the hand for $A | Cash Out Fee $F" line: ``name``'s cash-out noted in
        ``cash_outs`` as ``(A, F)``, and a ``cash out`` action of the amount A."""
        m = _CASH_OUT.match(rest)
        if m is None:
            raise self.fail(f"a cash-out line that cannot be read: {name!r} {rest!r}")
        if name in self.cash_outs:
            raise self.fail(f"{name!r} cashes out the hand twice")
        amount, fee = self.amount(m["amount"]), self.amount(m["fee"])
        self.cash_outs[name] = (amount, fee)
        return Action(street, name, "cash out", amount)

    def summary_line(
        self, line: str, known: dict[str, tuple[Card, ...]], total: int, rake: int
    ) -> tuple[int, int]:
        m = _TOTAL.match(line)
        if m is not None:
            if "pot" in m["middle"]:
                self.pots = tuple([self.amount(x) for x in _POT.findall(m["middle"])])
            return self.amount(m["pot"]), self.amount(m["rake"])
        if line.startswith("Seat ") and "cashed out" in line:
            # "Seat 6: X showed [..] and won ($71.68) with .. (pot not awarded as player cashed
            # out)", or "... and lost with .. (cashed out)": the player must have cashed out
            body = line.split(": ", 1)[1] if ": " in line else ""
            found = self.who(body)
            if found is None or found[0] not in self.cash_outs:
                raise self.fail(f"the summary says a player cashed out, but none did: {line!r}")
            won = _WON.search(line)
            if "pot not awarded" in line:
                if won is None:
                    raise self.fail(f"a pot not awarded without its amount: {line!r}")
                self.not_awarded[found[0]] = self.amount(won["amount"])
        if line.startswith("Seat ") and "mucked [" in line:
            body = line.split(": ", 1)[1] if ": " in line else ""
            found = self.who(body)
            cards = _CARDS.search(line)
            if found is not None and cards is not None:
                known.setdefault(found[0], self.cards(cards["cards"]))
        return total, rake


# The most decimals of the amounts of a text (from a position): the hand's unit.
_decimals = most_places


def _game_name(rest: str) -> str:
    """The game of a header without its tournament, buy-in, stakes and date."""
    head = rest.split(" - ")[0].split("(")[0]
    if head.startswith("Tournament #"):
        head = head.split(",", 1)[-1]
    words = [w for w in head.split() if not re.fullmatch(r"[$€£¥\d.+,]+|[A-Z]{3}|Freeroll", w)]
    return " ".join(words) or rest


def _unit_text(decimals: int) -> str:
    """The unit of ``decimals`` decimals as a decimal text: 2 -> '0.01', 0 -> '1'."""
    return "1" if decimals == 0 else "0." + "0" * (decimals - 1) + "1"
