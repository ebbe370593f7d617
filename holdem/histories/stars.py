"""A PHH hand history written as PokerStars text: :func:`write_stars`.

Any hand the engine played (a :class:`~holdem.Table` writes PHH, :func:`holdem.phh.from_table`)
or read from any site (:attr:`holdem.histories.Loaded.history`) becomes the text PokerStars
writes, for tools that read nothing else. :func:`holdem.pokerstars.parse_hand` reads it back to
the same record: the same players, seats, stacks, forced bets, actions, known cards, amounts
collected, total pot and rake.

What is written, and how:

* Amounts in the hand's unit (the ``_unit`` field a converted hand carries, ``0.01`` for cents;
  an amount with decimals sets its own), each with all the unit's decimals (``$2.00``, so that
  the reader finds the same unit) and the ``currency_symbol`` field before it.
* The header ``PokerStars Hand #N: [Tournament #T, ]Hold'em No Limit (s/b) - [Level L - ]date``
  (``hand``, ``event``'s tournament number, ``_level``, ``year``/``month``/``day``); the
  table line from ``table`` and ``seat_count``; the seats from ``seats`` (1, 2 ... without it),
  the button the last player's (PHH's order ends at the button).
* Posts: antes first, then the small and the big blind, straddles and live posts (a negative
  entry of ``blinds_or_straddles``), a dead blind (``_dead_blinds_in_antes``) as a small blind
  posted out of position, or "small & big blinds" with a live post.
* Every hole card the history knows as a ``Dealt to`` line; bets and raises as PokerStars words
  them (``raises $0.04 to $0.06``, ``and is all-in``); an uncalled bet returned at the end of
  its street; the showdown's ``shows [Ah Kh] (pair of aces, ...)`` (the words are
  :func:`holdem.evaluate.describe`'s) and ``mucks hand`` (a player whose cards the history
  does not know: no line when he is the last one left, or shows on an all-in run-out's
  earlier street); in the summary, the street each player folded on.
* The chips come from the engine: the hand is replayed (:func:`holdem.phh.replay`, by the
  rules its ``_rules`` field records) and its events say each post, call, bet, raise and
  uncalled bet, and whether it put the player all in; the writer keeps no account of its own.
* What each player collected: the difference of the history's ``finishing_stacks`` and what
  the player had left, else what the engine's replay paid (the rake its ``winnings`` or
  ``_rake`` imply taken), else, for a showdown that depends on a card the history does not
  know, its ``winnings`` field; the rake is the total pot less them.
* The hand number: the ``hand`` field when it is a number, as PokerStars numbers its hands,
  else the hand's place in its file.

Refused (:class:`~holdem.errors.HistoryError`): a board run more than once, a hand where a player
cashed out, the engine's own posts (``_posts``/``_dead_blinds``), an unknown (``inf``) stack,
an action PokerStars text cannot say, a hand the engine does not replay (an action out of turn
or missing, an amount the rules do not allow) or that stops before its end, a hand whose
winnings cannot be known.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from holdem._validate import check_type
from holdem.engine.events import Event, EventKind, Street
from holdem.errors import HistoryError, HoldemError
from holdem.evaluation import describe
from holdem.phh import HandHistory, Replay, replay

__all__ = ["write_stars"]

_GAMES = {
    "NT": "Hold'em No Limit",
    "PT": "Hold'em Pot Limit",
    "FT": "Hold'em Limit",
    "NS": "6+ Hold'em No Limit",
    "PO": "Omaha Pot Limit",
    "FO/8": "Omaha Hi/Lo Limit",
}
_STREET_NAMES = {3: "FLOP", 4: "TURN", 5: "RIVER"}
_FOLDED_ON = {
    Street.PREFLOP: " folded before Flop",
    Street.FLOP: " folded on the Flop",
    Street.TURN: " folded on the Turn",
    Street.RIVER: " folded on the River",
}
_LIVE_POSTS = frozenset({EventKind.BLIND, EventKind.STRADDLE, EventKind.POST})
_FORCED = _LIVE_POSTS | {EventKind.ANTE, EventKind.DEAD_BLIND}
_VERBS = {
    "f": frozenset({EventKind.FOLD}),
    "cc": frozenset({EventKind.CHECK, EventKind.CALL}),
    "cbr": frozenset({EventKind.BET, EventKind.RAISE}),
}
_BETTING = frozenset().union(*_VERBS.values())
_STREET_ENDS = frozenset(
    {EventKind.BURN, EventKind.DEAL_BOARD, EventKind.SHOW, EventKind.MUCK, EventKind.WIN}
)
_REFUSED_FIELDS = {
    "_runs": "a board run more than once",
    "_cash_outs": "a hand where a player cashed out",
    "_posts": "the engine's live posts",
    "_dead_blinds": "the engine's dead blinds",
    "_cap": "a capped table",
}


def write_stars(history: HandHistory) -> str:
    """The hand as PokerStars writes it (one hand's text, no blank line after it).

    :raises HistoryError: for a hand PokerStars text cannot say (see the module), or a history
        whose actions do not add up (a call with nothing to call cannot happen).
    :raises ArgumentTypeError: for a history that is not a HandHistory.

    >>> from holdem.phh import loads
    >>> h = loads('''
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsKs", "d dh p2 ????", "p2 cbr 6", "p1 f"]
    ... players = ["Ann", "Bob"]
    ... ''')[0]
    >>> print(write_stars(h))  # doctest: +NORMALIZE_WHITESPACE
    PokerStars Hand #1: Hold'em No Limit (1/2)
    Table 'holdem' Seat #2 is the button
    Seat 1: Ann (100 in chips)
    Seat 2: Bob (100 in chips)
    Bob: posts small blind 1
    Ann: posts big blind 2
    *** HOLE CARDS ***
    Dealt to Ann [As Ks]
    Bob: raises 4 to 6
    Ann: folds
    Uncalled bet (4) returned to Bob
    Bob collected 4 from pot
    *** SUMMARY ***
    Total pot 4 | Rake 0
    Seat 1: Ann (big blind) folded before Flop
    Seat 2: Bob (button) (small blind) collected (4)
    """
    check_type(history, HandHistory, "a history")
    return _Writer(history).write()


class _Writer:
    def __init__(self, history: HandHistory) -> None:
        self.h = history
        self.number = str(history.fields.get("hand", history.index + 1))
        # (PokerStars numbers its hands: another site's hand id is not written)
        self.written_number = (
            self.number
            if self.number.isdecimal() and self.number.isascii()
            else str(history.index + 1)
        )
        for name, what in _REFUSED_FIELDS.items():
            if history.fields.get(name) not in (None, 1):
                raise self.fail(f"PokerStars text is not written for {what}")
        if history.variant not in _GAMES:
            raise self.fail(f"PokerStars text is not written for the variant {history.variant}")
        self.n = history.players
        self.names = history.names
        places = [self._places(history.fields.get("_unit"))]
        amounts: list[Any] = [
            *history.starting_stacks,
            *history.antes,
            *history.blinds_or_straddles,
            history.min_bet,
            history.small_bet,
            history.big_bet,
        ]
        for action in history.actions:
            words = action.split()
            if not self.sayable(words):
                raise self.fail(f"an action PokerStars text cannot say: {action!r}")
            if len(words) == 3 and words[1] == "cbr":
                amounts.append(self._decimal(words[2]))
        for value in amounts:
            if isinstance(value, Decimal):
                if not value.is_finite():
                    raise self.fail("PokerStars text is not written for an unknown (inf) stack")
                places.append(max(0, -int(value.as_tuple().exponent)))
        unit_text = history.fields.get("_unit")
        self.scale = Decimal(unit_text) if isinstance(unit_text, str) else Decimal(1)
        self.places = max(places)
        # the history's amounts times this are whole numbers (1 unless they have decimals)
        self.factor = 10 ** max(places[1:] or [0])
        self.symbol = str(history.fields.get("currency_symbol") or "")

    # -- amounts ---------------------------------------------------------------------------

    def fail(self, reason: str) -> HistoryError:
        return HistoryError(self.h.source, self.number, reason)

    def _places(self, unit: object) -> int:
        if unit is None:
            return 0
        if not isinstance(unit, str):
            raise self.fail(f"_unit is not a decimal's text: {unit!r}")
        value = self._decimal(unit)
        if value <= 0:
            raise self.fail(f"_unit is not a positive amount: {unit!r}")
        return max(0, -int(value.normalize().as_tuple().exponent))

    def _decimal(self, text: str) -> Decimal:
        if len(text) > 40:
            raise self.fail(f"not an amount: {text[:40]!r}...")
        try:
            value = Decimal(text)
        except ArithmeticError:
            raise self.fail(f"not an amount: {text!r}") from None
        if not value.is_finite():
            raise self.fail(f"not an amount: {text!r}")
        return value

    def chips(self, value: Any, what: str) -> int:
        """An amount of the history in whole units (times :attr:`factor`)."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fail(f"{what} holds {value!r}, not an amount")
        whole = Decimal(value) * self.factor
        if not whole.is_finite() or whole != whole.to_integral_value():
            raise self.fail(f"{what} holds {value!r}, not an amount")
        return int(whole)

    def money(self, value: int) -> str:
        """An amount in whole units as the text writes it (``$0.25``)."""
        real = Decimal(value) / self.factor * self.scale
        return f"{self.symbol}{real:.{self.places}f}"

    # -- the hand ----------------------------------------------------------------------------

    def per_player(self, values: Sequence[Any], name: str) -> list[Any]:
        """A per-player list in PHH order (heads-up, PHH's forced bets are the button's first)."""
        out = [self.chips(v, name) for v in values] if values else [0] * self.n
        if len(out) != self.n:
            raise self.fail(f"{name} has {len(out)} entries for {self.n} players")
        return out[::-1] if self.n == 2 else out

    def replayed(self) -> Replay:
        """The hand played through the engine: its events say every post, call, bet, raise and
        uncalled bet in chips, and whether it put the player all in."""
        try:
            played = replay(self.h, seed=0, check=False)
        except HoldemError as exc:
            raise self.fail(f"the hand does not replay: {exc}") from None
        if not played.complete:
            raise self.fail("the hand stops before its end: its last actions are missing")
        return played

    def engine_chips(self, played: Replay, value: int | Fraction) -> int:
        """An amount of the engine's (in the replay's unit) in the writer's whole units."""
        units = played.units
        return self.chips(value if units is None else units.back(value), "the replay")

    def write(self) -> str:
        h, n, names = self.h, self.n, self.names
        blinds = self.per_player(h.blinds_or_straddles, "blinds_or_straddles")
        dead = self.per_player(h.fields.get("_dead_blinds_in_antes") or (), "_dead_blinds")
        seats = h.fields.get("seats") or list(range(1, n + 1))
        if len(seats) != n or not all(isinstance(s, int) and 0 < s < 100 for s in seats):
            raise self.fail(f"seats is not a seat number per player: {seats!r}")
        stacks = [self.chips(s, "starting_stacks") for s in h.starting_stacks]
        played = self.replayed()
        events = played.hand.events
        lines = [self.header(blinds), self.table_line(seats[-1])]
        lines += [
            f"Seat {s}: {nm} ({self.money(st)} in chips)"
            for s, nm, st in zip(seats, names, stacks, strict=True)
        ]
        lines += self.posts(played, blinds, dead)
        lines.append("*** HOLE CARDS ***")
        # The bet a raise is over pre-flop: the largest live post, or the full blind due even
        # when its poster is all in for less (Rules.call_full_blind).
        posted = [self.engine_chips(played, e.amount) for e in events if e.kind in _LIVE_POSTS]
        top = max([*posted, *blinds, 0] if played.hand.rules.call_full_blind else [*posted, 0])
        board: list[str] = []
        shown: list[str] = []
        mucked: list[str] = []
        folded = {e.seat: e.street for e in events if e.kind is EventKind.FOLD}
        gave_up = set(folded)  # folded or mucked
        showdown = False
        ended_street = False
        at = 0  # the next event of the replay's log not yet written
        returned: list[Event] = []

        def advance(stop: frozenset[EventKind]) -> Event | None:
            """The next event of a kind in ``stop`` (left in the log), the uncalled bets before
            it kept to be written at the street's end."""
            nonlocal at
            while at < len(events):
                event = events[at]
                if event.kind in stop:
                    return event
                if event.kind is EventKind.RETURN:
                    returned.append(event)
                at += 1
            return None

        def end_street() -> None:
            nonlocal top
            advance(_BETTING | _STREET_ENDS)
            for event in returned:
                back = self.money(self.engine_chips(played, event.amount))
                lines.append(f"Uncalled bet ({back}) returned to {names[event.seat or 0]}")
            returned.clear()
            top = 0

        last_show = {
            self.player(a.split()[0]): i
            for i, a in enumerate(h.actions)
            if a.split()[1:2] == ["sm"]
        }
        for number, action in enumerate(h.actions):
            words = action.split()
            if words[:2] == ["d", "dh"]:
                k = self.player(words[2])
                cards = self.known(words[3] if len(words) > 3 else "")
                if cards:
                    lines.append(f"Dealt to {names[k]} [{cards}]")
                continue
            if words[:2] == ["d", "db"]:
                if not ended_street:
                    end_street()
                ended_street = False
                dealt = self.split_cards(words[2])
                earlier = list(board)
                board += dealt
                name = _STREET_NAMES.get(len(board))
                if name is None:
                    raise self.fail(f"a board of {len(board)} cards")
                shown_board = (
                    f"[{' '.join(earlier)}] [{' '.join(dealt)}]"
                    if earlier
                    else f"[{' '.join(dealt)}]"
                )
                lines.append(f"*** {name} *** {shown_board}")
                continue
            k, verb = self.player(words[0]), words[1]  # (checked by sayable)
            if verb == "sm":
                if not showdown:
                    if not ended_street:
                        end_street()
                    ended_street = True
                    showdown = True
                    lines.append("*** SHOW DOWN ***")
                cards = self.known(words[2] if len(words) > 2 else "")
                if cards:  # (all, or some: "shows [Ah]" of a player who shows one card)
                    lines.append(f"{names[k]}: shows [{cards}] ({self.made(cards, board)})")
                    shown.append(names[k])
                elif len(words) == 2 or (
                    last_show[k] == number and any(j not in gave_up for j in range(n) if j != k)
                ):
                    lines.append(f"{names[k]}: mucks hand")
                    mucked.append(names[k])
                    gave_up.add(k)
                # (else a show of cards the history does not know, "sm ????": on an all-in
                # run-out's earlier street, or of the last hand left, which wins unshown: no line)
                continue
            event = advance(_BETTING)
            if event is None or event.seat != k or event.kind not in _VERBS[verb]:
                raise self.fail(f"{action!r} is not what the engine's replay played")
            at += 1
            amount = self.engine_chips(played, event.amount)
            tail = " and is all-in" if event.all_in else ""
            if event.kind is EventKind.FOLD:
                lines.append(f"{names[k]}: folds")
            elif event.kind is EventKind.CHECK:
                lines.append(f"{names[k]}: checks")
            elif event.kind is EventKind.CALL:
                lines.append(f"{names[k]}: calls {self.money(amount)}{tail}")
            elif event.kind is EventKind.BET:
                lines.append(f"{names[k]}: bets {self.money(amount)}{tail}")
                top = amount
            else:
                raise_by = self.money(amount - top)
                lines.append(f"{names[k]}: raises {raise_by} to {self.money(amount)}{tail}")
                top = amount
        if not ended_street:
            end_street()
        put = [self.engine_chips(played, c) for c in played.hand.contributions]
        collected = self.collected(played, stacks, put)
        total = sum(put)
        rake = total - sum(collected)
        for k, got in enumerate(collected):
            if got < 0:
                raise self.fail(
                    f"the finishing stacks do not add up: {names[k]} ends with "
                    f"{self.money(-got)} less than his stack less what he put in"
                )
        if rake < 0:
            raise self.fail(f"the players collect {sum(collected)}, more than the pot of {total}")
        for k in range(n):
            if collected[k]:
                lines.append(f"{names[k]} collected {self.money(collected[k])} from pot")
        lines.append("*** SUMMARY ***")
        lines.append(f"Total pot {self.money(total)} | Rake {self.money(rake)}")
        if board:
            lines.append(f"Board [{' '.join(board)}]")
        small_at, big_at = (1, 0) if n == 2 else (0, 1)
        for k in range(n):
            role = " (button)" if k == n - 1 else ""
            role += " (small blind)" if k == small_at and blinds[k] > 0 else ""
            role += " (big blind)" if k == big_at and blinds[k] > 0 else ""
            line = f"Seat {seats[k]}: {names[k]}{role}"
            if collected[k]:
                line += f" collected ({self.money(collected[k])})"
            elif names[k] in shown:
                line += " showed and lost"
            elif names[k] in mucked:
                line += " mucked"
            elif k in folded:
                line += _FOLDED_ON.get(folded[k], " folded")
            lines.append(line)
        return "\n".join(lines)

    def posts(self, played: Replay, blinds: list[int], dead: list[int]) -> list[str]:
        """The forced bets as PokerStars words them, in the chips the engine's replay took: the
        antes first, then the small and the big blind, the straddles and live posts; a dead
        blind (in the history's antes) as a small blind posted out of position, or with a live
        post as "small & big blinds"."""
        n, names, antes = self.n, self.names, self.per_player(self.h.antes, "antes")
        paid_ante, paid_live, all_in = [0] * n, [0] * n, [False] * n
        for event in played.hand.events:
            if event.kind in _FORCED and event.seat is not None:
                paid = self.engine_chips(played, event.amount)
                if event.kind in _LIVE_POSTS:
                    paid_live[event.seat] += paid
                else:
                    paid_ante[event.seat] += paid
                all_in[event.seat] = all_in[event.seat] or event.all_in
        # (a dead blind is in the history's antes: what the seat paid over its ante)
        ante = [min(paid, a - d) for paid, a, d in zip(paid_ante, antes, dead, strict=True)]
        dead_paid = [paid - a for paid, a in zip(paid_ante, ante, strict=True)]
        posts = [(k, ante[k], "the ante") for k in range(n)]
        small_at, big_at = (1, 0) if n == 2 else (0, 1)
        for k in [small_at, big_at] + [k for k in range(n) if k not in (small_at, big_at)]:
            if blinds[k] < 0 and dead_paid[k]:
                posts.append((k, paid_live[k] + dead_paid[k], "small & big blinds"))
                continue
            if blinds[k] < 0:
                what = "big blind"
            elif self.h.variant == "NS":  # 6+ Hold'em: the one blind, the button's
                what = "button blind"
            elif k == small_at:
                what = "small blind"
            else:
                what = "big blind" if k == big_at else "straddle"
            posts.append((k, paid_live[k], what))
            posts.append((k, dead_paid[k], "small blind"))
        posts = [post for post in posts if post[1]]  # (all in on the ante: no post of nothing)
        last = {k: i for i, (k, _, _) in enumerate(posts)}
        return [
            f"{names[k]}: posts {what} {self.money(paid)}"
            + (" and is all-in" if all_in[k] and last[k] == i else "")
            for i, (k, paid, what) in enumerate(posts)
        ]

    def made(self, cards: str, board: list[str]) -> str:
        """The hand a player shows, in words (PokerStars writes one after the cards)."""
        game = {"NT": "holdem", "FT": "holdem", "PT": "holdem", "NS": "short-deck"}.get(
            self.h.variant
        )
        hole = cards.split()
        if game is None or len(hole) != 2 or len(board) < 3:
            return "shown"
        try:
            return describe([*hole, *board], game).lower()
        except HoldemError:
            return "shown"

    def header(self, blinds: list[Any]) -> str:
        h = self.h
        fields = h.fields
        parts = [f"PokerStars Hand #{self.written_number}: "]
        event = fields.get("event")
        if isinstance(event, str) and "tournament #" in event:
            parts.append(f"Tournament #{event.rsplit('#', 1)[1]}, ")
        game = _GAMES[h.variant]
        if h.variant in ("FT", "FO/8"):
            small_bet = self.chips(h.small_bet or 0, "small_bet")
            stakes = f"{self.money(small_bet)}/{self.money(self.chips(h.big_bet or 0, 'big_bet'))}"
        elif h.variant == "NS":
            ante = max([self.chips(a, "antes") for a in h.antes] or [0])
            blind = self.chips(h.min_bet or 0, "min_bet")
            return "".join(parts) + (
                f"{game} (Button Blind {self.money(blind)} - Ante {self.money(ante)})" + self.when()
            )
        else:
            small_at = 1 if self.n == 2 else 0
            big = self.chips(h.min_bet or 0, "min_bet")
            small = blinds[small_at] if blinds[small_at] > 0 else big // 2
            stakes = f"{self.money(small)}/{self.money(big)}"
        parts.append(f"{game} ({stakes})")
        level = fields.get("_level")
        if level is not None:
            parts.append(f" - Level {level}")
        return "".join(parts) + self.when()

    def when(self) -> str:
        f = self.h.fields
        if not all(isinstance(f.get(k), int) for k in ("year", "month", "day")):
            return ""
        zone = f.get("time_zone_abbreviation") or "ET"
        return f" - {f['year']:04d}/{f['month']:02d}/{f['day']:02d} 00:00:00 {zone}"

    def table_line(self, button: int) -> str:
        f = self.h.fields
        table = str(f.get("table") or "holdem").replace("'", "")
        count = f.get("seat_count")
        size = f"{count}-max " if isinstance(count, int) else ""
        return f"Table '{table}' {size}Seat #{button} is the button"

    def sayable(self, words: list[str]) -> bool:
        """Whether PokerStars text has words for a PHH action (split): a deal, a fold, a check
        or call, a bet or raise, a show or muck (the player checked to be one of the hand's)."""
        if words[:2] == ["d", "dh"]:
            return len(words) in (3, 4) and self.player(words[2]) >= 0
        if words[:2] == ["d", "db"]:
            return len(words) == 3
        if len(words) < 2 or not words[0].startswith("p"):
            return False
        self.player(words[0])
        return {"f": 2, "cc": 2, "cbr": 3}.get(words[1]) == len(words) or (
            words[1] == "sm" and len(words) in (2, 3)
        )

    def player(self, word: str) -> int:
        if not word.startswith("p") or not word[1:].isdigit() or not 0 < int(word[1:]) <= self.n:
            raise self.fail(f"not a player: {word!r}")
        return int(word[1:]) - 1

    def split_cards(self, text: str) -> list[str]:
        """A PHH card text (``AsKd``, ``??`` for an unknown card) as its cards."""
        if len(text) % 2 or len(text) > 20:
            raise self.fail(f"not cards: {text[:20]!r}")
        return [text[i : i + 2] for i in range(0, len(text), 2)]

    def known(self, text: str) -> str:
        """The cards of a PHH card text that are known, spaced as PokerStars writes them."""
        return " ".join(c for c in self.split_cards(text) if "?" not in c)

    def collected(self, played: Replay, stacks: list[int], put: list[int]) -> list[int]:
        """What each player collected from the pots: by the history's ``finishing_stacks``, else
        what the engine's replay paid (the rake the history's ``winnings`` or ``_rake`` imply
        taken), else the history's ``winnings`` (a showdown that depends on an unknown card)."""
        h = self.h
        if h.finishing_stacks is not None:
            ended = [self.chips(f, "finishing_stacks") for f in h.finishing_stacks]
            return [f - (s - p) for f, s, p in zip(ended, stacks, put, strict=True)]
        if not played.guessed and played.winnings_match is not False:
            won = [0] * self.n
            for event in played.hand.events:
                if event.kind is EventKind.WIN and event.seat is not None:
                    won[event.seat] += self.engine_chips(played, event.amount)
            return won
        winnings = h.fields.get("winnings")
        if isinstance(winnings, list | tuple) and len(winnings) == self.n:
            return [self.chips(w, "winnings") for w in winnings]
        raise self.fail(
            "the winnings are unknown (its showdown depends on cards the history does not know)"
        )
