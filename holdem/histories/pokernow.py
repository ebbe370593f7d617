"""PokerNow's game log (the CSV "log" export) read into the common record.

PokerNow (pokernow.club) exports a game's log as CSV with the columns ``entry,at,order``: one
event a row, the newest first, ``order`` increasing with time. A hand is the rows from
``-- starting hand #N (id: ...)  (No Limit Texas Hold'em) (dealer: "name @ id") --`` to
``-- ending hand #N --``; the file is split at its ``-- ending hand`` rows (the first row of
each hand, newest first), and rows outside a hand (seats requested, players joining, chat)
are left out. The rows read:

* ``Player stacks: #1 "ann @ a1" (2040) | #6 "bob @ b2" (1960)``: the seats and stacks;
  players are named as the log names them (``name @ id``).
* ``"ann @ a1" posts a small blind of 10`` (``a big blind``, ``a straddle``, ``an ante``);
  ``folds``, ``checks``, ``calls 50`` (the amount a call brings the player's bet *to*, as
  PokerNow writes it), ``bets 60``, ``raises to 50``, each perhaps ``and go all in``;
  ``shows a Q♥, 7♥.``; ``collected 1160 from pot [with ...]``.
* ``Your hand is A♦, 7♠``: the cards of the log's owner, who is not named: they are his when
  every other player of the hand showed other cards (a showdown the owner lost without
  showing is decided by them). At a showdown, a player still in who shows nothing mucks.
* ``Flop:  [Q♦, 10♦, 10♣]``, ``Turn: Q♦, 10♦, 10♣ [2♥]``, ``River: ... [Q♠]`` (a card ``10♦``
  is ``Td``); ``Uncalled bet of 30 returned to "ann @ a1"``.

The hand's id is its number; there is no rake (the total pot is the chips put in). Amounts may
have decimals (PokerNow's "cents" option): they are read exactly into integers of the hand's
smallest unit. A dead button's hand has its button just before the small blind.

Refused, with the reason: other games (Omaha hi-lo, limit), a board run twice, an unknown
post, a hand without its start or its end (a log in oldest-first order), a row that is not CSV
or holds a NUL byte.
"""

from __future__ import annotations

import csv
import re
from decimal import Decimal

from holdem.cards import Card
from holdem.errors import HistoryError
from holdem.phh._units import _places, _scaled
from holdem.pokerstars import Action, Seat, StarsHand

__all__ = ["START", "read"]

#: A hand's first row in the export (the newest first): its end.
START = re.compile(r'[ \t]*"?-- ending hand #')

_STARTING = re.compile(
    r"^-- starting hand #(?P<number>\d{1,18})(?: \(id: [^)]*\))?\s+\((?P<game>[^()]*)\)"
    r' \((?:dealer: "(?P<dealer>.+)"|dead button)\) --$'
)
_ENDING = re.compile(r"^-- ending hand #(?P<number>\d{1,18}) --$")
_STACK = re.compile(r'^#(?P<seat>\d{1,2}) "(?P<name>.+)" \((?P<stack>[^()]+)\)$')
_BOARD = re.compile(r"^(?P<street>Flop|Turn|River)(?P<run>[^:]*):\s+(?P<cards>.*)$")
_UNCALLED = re.compile(r'^Uncalled bet of (?P<amount>\S+) returned to "(?P<name>.+)"$')
_POSTS = {
    "posts a small blind of ": "small blind",
    "posts a big blind of ": "big blind",
    "posts a straddle of ": "straddle",
    "posts an ante of ": "ante",
}
_GAMES = {
    "No Limit Texas Hold'em": ("holdem", "no-limit"),
    "Pot Limit Texas Hold'em": ("holdem", "pot-limit"),
    "Pot Limit Omaha Hi": ("omaha", "pot-limit"),
}
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_CARD_OF = {str(card): card for card in map(Card, range(52))}
_ALL_IN = " and go all in"
_MAX_DIGITS = 15
_MAX_DECIMALS = 6
_MAX_ROWS = 5_000


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One hand of a PokerNow log (its rows, in any order) read into the common record.

    :raises HistoryError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''"-- ending hand #3 --",2023-01-14T21:48:30.723Z,6
    ... \"\"\"ann @ a1\"\" collected 40 from pot",2023-01-14T21:48:30.723Z,5
    ... "Uncalled bet of 30 returned to \"\"ann @ a1\"\"",2023-01-14T21:48:30.723Z,4
    ... \"\"\"bob @ b2\"\" folds",2023-01-14T21:48:29.857Z,3
    ... \"\"\"ann @ a1\"\" raises to 50",2023-01-14T21:48:27.781Z,2
    ... \"\"\"bob @ b2\"\" posts a big blind of 20",2023-01-14T21:48:21.544Z,1
    ... \"\"\"ann @ a1\"\" posts a small blind of 10",2023-01-14T21:48:21.544Z,1
    ... "Player stacks: #1 \"\"ann @ a1\"\" (1980) | #6 \"\"bob @ b2\"\" (2020)",t,0
    ... "-- starting hand #3 (id: 5tj)  (No Limit Texas Hold'em) (dealer: \"\"ann @ a1\"\") --",\\
    ... 2023-01-14T21:48:21.544Z,0''')
    >>> hand.site, hand.number, hand.button, hand.collected, hand.date
    ('PokerNow', '3', 1, {'ann @ a1': 40}, '2023/01/14')
    """
    return _Reader(source, index).read(text)


class _Reader:
    def __init__(self, source: str, index: int) -> None:
        self.source = source
        self.index = index
        self.number = ""
        self.amounts: list[tuple[str, Decimal]] = []

    def fail(self, reason: str) -> HistoryError:
        return HistoryError(self.source, self.number or str(self.index + 1), reason)

    def rows(self, text: str) -> list[tuple[int, int, str, str]]:
        """The rows as ``(order, position, entry, at)``, oldest first."""
        if "\0" in text:
            raise self.fail("a NUL byte: not a text log")
        out = []
        try:
            for k, row in enumerate(csv.reader(text.splitlines())):
                if k >= _MAX_ROWS:
                    raise self.fail(f"a hand of more than {_MAX_ROWS} rows")
                if not row or row == ["entry", "at", "order"]:
                    continue
                if len(row) != 3 or not row[2].strip().isdigit() or len(row[2]) > 30:
                    raise self.fail(f"not a row of entry, at, order: {_short(row)}")
                out.append((int(row[2]), -k, row[0].strip(), row[1].strip()))
        except csv.Error as exc:
            raise self.fail(f"not CSV: {exc}") from None
        out.sort()  # (rows of one instant keep the file's order: the newest first, reversed)
        return out

    def amount(self, text: str) -> Decimal:
        text = text.strip()
        if not re.fullmatch(r"\d{1,30}(?:\.\d{1,30})?", text):
            raise self.fail(f"not an amount: {_short(text)}")
        value = Decimal(text)
        whole, _, frac = text.partition(".")
        if len(whole.lstrip("0")) > _MAX_DIGITS or len(frac) > _MAX_DECIMALS:
            raise self.fail(f"an amount out of range: {_short(text)}")
        return value

    def cards(self, text: str) -> tuple[Card, ...]:
        cards = []
        for word in text.replace("[", "").replace("]", "").split(","):
            word = word.strip().rstrip(".")
            rank, suit = word[:-1], _SUITS.get(word[-1:], "?")
            card = _CARD_OF.get(("T" if rank == "10" else rank) + suit)
            if card is None:
                raise self.fail(f"not a card: {_short(word)}")
            cards.append(card)
        return tuple(cards)

    def read(self, text: str) -> StarsHand:
        rows = self.rows(text)
        starts = [k for k, r in enumerate(rows) if r[2].startswith("-- starting hand #")]
        ends = [k for k, r in enumerate(rows) if r[2].startswith("-- ending hand #")]
        if len(ends) != 1:
            raise self.fail("a hand without its end")
        if not starts or starts[-1] > ends[0]:
            raise self.fail("a hand without its start (a log read oldest first?)")
        start, end = starts[-1], ends[0]
        head = _STARTING.match(rows[start][2])
        tail = _ENDING.match(rows[end][2])
        if head is None or tail is None:
            raise self.fail(f"a hand's first or last row that cannot be read: {rows[start][2]!r}")
        self.number = head["number"]
        if tail["number"] != head["number"]:
            raise self.fail(f"hand #{head['number']} ends as hand #{tail['number']}")
        game = _GAMES.get(head["game"])
        if game is None:
            raise self.fail(f"not a game read ({_short(head['game'])})")
        body = [r[2] for r in rows[start + 1 : end]]
        stacks = next((k for k, e in enumerate(body) if e.startswith("Player stacks: ")), None)
        if stacks is None:
            raise self.fail("no 'Player stacks' row in the hand")
        seats = self.seats(body[stacks][len("Player stacks: ") :])
        del body[stacks]
        names = sorted((name for _, name, _ in seats), key=len, reverse=True)
        events: list[tuple[int, str, str, Decimal | None, tuple[Card, ...], bool]] = []
        street = 0
        for entry in body:
            found = next((n for n in names if entry.startswith(f'"{n}" ')), None)
            if found is not None:
                events.append(self.player_row(street, found, entry[len(found) + 3 :]))
                continue
            board = _BOARD.match(entry)
            if board is not None:
                if board["run"].strip():
                    raise self.fail("a board run twice (not read)")
                street = ("Flop", "Turn", "River").index(board["street"]) + 1
                shown = board["cards"].rsplit("[", 1)[-1]
                events.append((street, "", "board", None, self.cards(shown), False))
                continue
            uncalled = _UNCALLED.match(entry)
            if uncalled is not None:
                if uncalled["name"] not in names:
                    raise self.fail(f"an uncalled bet returned to {_short(uncalled['name'])}")
                amount = self.amount(uncalled["amount"])
                events.append((street, uncalled["name"], "uncalled", amount, (), False))
            if entry.startswith("Your hand is "):
                events.append((street, "", "yours", None, self.cards(entry[13:]), False))
            # (anything else: chat, players joining or leaving, the admin's notes)
        return self.record(head, rows[start][3], seats, events, game)

    def seats(self, text: str) -> list[tuple[int, str, Decimal]]:
        seats = []
        for part in text.split(" | "):
            m = _STACK.match(part.strip())
            if m is None:
                raise self.fail(f"a seat that cannot be read: {_short(part)}")
            seats.append((int(m["seat"]), m["name"], self.amount(m["stack"])))
        if len({s for s, _, _ in seats}) != len(seats) or len({n for _, n, _ in seats}) != len(
            seats
        ):
            raise self.fail("a seat or a player listed twice")
        if len(seats) < 2:
            raise self.fail("fewer than two players")
        return seats

    def player_row(
        self, street: int, name: str, rest: str
    ) -> tuple[int, str, str, Decimal | None, tuple[Card, ...], bool]:
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: -len(_ALL_IN)]
        for words, verb in _POSTS.items():
            if rest.startswith(words):
                return street, name, verb, self.amount(rest[len(words) :]), (), all_in
        if rest.startswith("posts "):
            raise self.fail(f"an unknown post: {_short(rest)}")
        if rest in ("folds", "checks"):
            return street, name, rest[:-1], None, (), False
        for words, verb in (("calls ", "call"), ("bets ", "bet"), ("raises to ", "raise")):
            if rest.startswith(words):
                return street, name, verb, self.amount(rest[len(words) :]), (), all_in
        if rest.startswith("shows a "):
            return street, name, "show", None, self.cards(rest[len("shows a ") :]), False
        if rest.startswith("collected "):
            amount = rest[len("collected ") :].split(" ", 1)[0]
            return street, name, "collect", self.amount(amount), (), False
        return street, name, "note", None, (), False  # (other rows of a player: not the game's)

    def record(
        self,
        head: re.Match[str],
        at: str,
        seats: list[tuple[int, str, Decimal]],
        events: list[tuple[int, str, str, Decimal | None, tuple[Card, ...], bool]],
        game: tuple[str, str],
    ) -> StarsHand:
        amounts = [s for _, _, s in seats] + [e[3] for e in events if e[3] is not None]
        places = max(_places(a) for a in amounts)

        def units(value: Decimal) -> int:
            return _scaled(value, places)

        actions: list[Action] = []
        known: dict[str, tuple[Card, ...]] = {}
        collected: dict[str, int] = {}
        street_in = {name: 0 for _, name, _ in seats}
        small = big = 0
        last_street = 0
        yours: tuple[Card, ...] = ()
        for street, name, verb, value, cards, all_in in events:
            if street != last_street:
                street_in = dict.fromkeys(street_in, 0)
                last_street = street
            amount = units(value) if value is not None else 0
            if verb == "call":  # PokerNow's call: the bet it brings the player to
                added = amount - street_in[name]
                if added <= 0:
                    raise self.fail(f"{name!r} calls {value} with {street_in[name]} in")
                street_in[name] = amount
                amount = added
            elif verb in ("bet", "raise"):
                street_in[name] = amount if verb == "raise" else street_in[name] + amount
            elif verb in ("small blind", "big blind", "straddle"):
                street_in[name] += amount
                if verb == "small blind" and not small:
                    small = amount
                elif verb == "big blind" and not big:
                    big = amount
            elif verb == "show":
                known[name] = cards
            elif verb == "collect":
                collected[name] = collected.get(name, 0) + amount
            elif verb in ("note", "yours"):
                if verb == "yours":
                    yours = cards
                continue
            actions.append(Action(street, name, verb, amount, cards, all_in))
        if not big:
            raise self.fail("no big blind posted")
        if yours and yours not in known.values():
            # the log's owner's cards ("Your hand is"): theirs are not among those shown, so
            # when all players but one showed, that one is the owner
            hidden = [name for _, name, _ in seats if name not in known]
            if len(hidden) == 1:
                known[hidden[0]] = yours
        if any(a.verb == "show" for a in actions):
            # a showdown: a player still in who shows nothing mucks (PokerNow writes no row)
            folded = {a.name for a in actions if a.verb == "fold"}
            after = max(k for k, a in enumerate(actions) if a.verb == "show") + 1
            for _, name, _ in seats:
                if (
                    name not in folded
                    and name not in known
                    and any(a.name == name for a in actions)
                ):
                    actions.insert(after, Action(actions[after - 1].street, name, "muck"))
        button = self.button(head, seats, actions)
        date = time = zone = None
        if re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.{0,10}", at):
            date, time, zone = at[:10].replace("-", "/"), at[11:19], "UTC"
        total = sum(collected.values())
        return StarsHand(
            head["number"],
            self.source,
            self.index,
            game[1],
            small or big // 2,
            big,
            "1" if not places else f"{Decimal(1).scaleb(-places):f}",
            button,
            tuple(Seat(s, name, units(stack)) for s, name, stack in seats),
            tuple(actions),
            total,
            0,
            collected,
            known,
            date=date,
            time=time,
            time_zone=zone,
            site="PokerNow",
            game=game[0],
        )

    def button(
        self, head: re.Match[str], seats: list[tuple[int, str, Decimal]], actions: list[Action]
    ) -> int:
        """The dealer's seat; with a dead button, the seat just before the small blind's."""
        seat_of = {name: s for s, name, _ in seats}
        if head["dealer"] is not None:
            if head["dealer"] not in seat_of:
                raise self.fail(f"the dealer {_short(head['dealer'])} is not seated")
            return seat_of[head["dealer"]]
        small = next((a.name for a in actions if a.verb == "small blind"), None)
        if small is None:
            raise self.fail("a dead button and no small blind")
        order = sorted(seat_of.values())
        if len(order) == 2:
            return seat_of[small]
        return order[order.index(seat_of[small]) - 1]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
