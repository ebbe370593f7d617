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
  :func:`holdem.evaluate.describe`'s) and ``mucks hand``.
* What each player collected: the difference of the history's ``finishing_stacks`` and what
  the player had left, else its ``winnings`` field, else what the engine's replay pays (when
  its showdown does not depend on an unknown card); the rake is the total pot less them.

Refused (:class:`~holdem.errors.HistoryError`): a board run more than once, a hand where a player
cashed out, the engine's own posts (``_posts``/``_dead_blinds``), an unknown (``inf``) stack,
an action PokerStars text cannot say, a hand whose winnings cannot be known.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from holdem._validate import check_type
from holdem.engine.rules import PRESETS
from holdem.errors import HistoryError, HoldemError
from holdem.evaluation import describe
from holdem.phh import HandHistory, replay
from holdem.phh._rules_field import RULES_FIELD, rules_in_file

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

    def write(self) -> str:
        h, n, names = self.h, self.n, self.names
        antes = self.per_player(h.antes, "antes")
        blinds = self.per_player(h.blinds_or_straddles, "blinds_or_straddles")
        dead = self.per_player(h.fields.get("_dead_blinds_in_antes") or (), "_dead_blinds")
        antes = [a - d for a, d in zip(antes, dead, strict=True)]
        seats = h.fields.get("seats") or list(range(1, n + 1))
        if len(seats) != n or not all(isinstance(s, int) and 0 < s < 100 for s in seats):
            raise self.fail(f"seats is not a seat number per player: {seats!r}")
        stacks = [self.chips(s, "starting_stacks") for s in h.starting_stacks]
        left = list(stacks)  # what each player has behind
        put = [0] * n  # what each player put in (forced bets included)
        street = [0] * n  # what each player put in on this street (live bets)
        returned = [0] * n
        lines = [self.header(blinds), self.table_line(seats[-1])]
        lines += [
            f"Seat {s}: {nm} ({self.money(st)} in chips)"
            for s, nm, st in zip(seats, names, stacks, strict=True)
        ]

        def post(k: int, amount: int, words: str, live: bool) -> None:
            paid = min(amount, left[k])
            if not paid:
                return  # (all in on the ante: PokerStars writes no post of nothing)
            left[k] -= paid
            put[k] += paid
            if live:
                street[k] += paid
            tail = " and is all-in" if paid and not left[k] else ""
            lines.append(f"{names[k]}: posts {words} {self.money(paid)}{tail}")

        for k in range(n):
            if antes[k]:
                post(k, antes[k], "the ante", False)
        small_at, big_at = (1, 0) if n == 2 else (0, 1)
        order = [small_at, big_at] + [k for k in range(n) if k not in (small_at, big_at)]
        for k in order:
            blind, dead_k = blinds[k], dead[k]
            if blind < 0 and dead_k:
                post(k, -blind + dead_k, "small & big blinds", False)
                street[k] += min(-blind, put[k])  # (the live part counts toward the bets)
            elif blind < 0:
                post(k, -blind, "big blind", True)
            elif blind > 0:
                if h.variant == "NS":  # 6+ Hold'em: the one blind, the button's
                    what = "button blind"
                elif k == small_at:
                    what = "small blind"
                else:
                    what = "big blind" if k == big_at else "straddle"
                post(k, blind, what, True)
            if dead_k and blind >= 0:
                post(k, dead_k, "small blind", False)
        lines.append("*** HOLE CARDS ***")
        # The bet to call pre-flop: the full blind due, even when its poster is all in for less
        # (when the history's rules say so: Rules.call_full_blind), else the largest posted.
        try:
            rules = rules_in_file(h.fields, h.label) if RULES_FIELD in h.fields else None
        except HoldemError as exc:
            raise self.fail(str(exc)) from None
        full_blind = (rules or PRESETS["pokerkit"]).call_full_blind
        due = [max([*blinds, 0]) if full_blind else 0]
        board: list[str] = []
        shown: list[str] = []
        showdown = False
        ended_street = False

        def end_street() -> None:
            ranked = sorted(street, reverse=True)
            if ranked[0] > ranked[1]:
                k = street.index(ranked[0])
                extra = ranked[0] - ranked[1]
                street[k] -= extra
                put[k] -= extra
                left[k] += extra
                returned[k] += extra
                lines.append(f"Uncalled bet ({self.money(extra)}) returned to {names[k]}")
            street[:] = [0] * n
            due[0] = 0

        for action in h.actions:
            words = action.split()
            if len(words) >= 3 and words[:2] == ["d", "dh"]:
                k = self.player(words[2])
                cards = self.known(words[3] if len(words) > 3 else "")
                if cards:
                    lines.append(f"Dealt to {names[k]} [{cards}]")
                continue
            if len(words) == 3 and words[:2] == ["d", "db"]:
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
            if len(words) < 2 or not words[0].startswith("p"):
                raise self.fail(f"an action PokerStars text cannot say: {action!r}")
            k = self.player(words[0])
            verb = words[1]
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
                else:
                    lines.append(f"{names[k]}: mucks hand")
                continue
            if verb == "f" and len(words) == 2:
                lines.append(f"{names[k]}: folds")
            elif verb == "cc" and len(words) == 2:
                owed = max(max(street), due[0]) - street[k]
                if owed <= 0:
                    lines.append(f"{names[k]}: checks")
                else:
                    paid = min(owed, left[k])
                    left[k] -= paid
                    put[k] += paid
                    street[k] += paid
                    tail = " and is all-in" if not left[k] else ""
                    lines.append(f"{names[k]}: calls {self.money(paid)}{tail}")
            elif verb == "cbr" and len(words) == 3:
                to = self.amount(words[2])
                add = to - street[k]
                if add <= 0 or add > left[k]:
                    raise self.fail(f"{action!r}: a bet of {add} with {left[k]} behind")
                top = max(max(street), due[0])
                left[k] -= add
                put[k] += add
                street[k] = to
                tail = " and is all-in" if not left[k] else ""
                if top == 0:
                    lines.append(f"{names[k]}: bets {self.money(add)}{tail}")
                else:
                    lines.append(
                        f"{names[k]}: raises {self.money(to - top)} to {self.money(to)}{tail}"
                    )
            else:
                raise self.fail(f"an action PokerStars text cannot say: {action!r}")
        if not ended_street:
            end_street()
        collected = self.collected(stacks, put)
        total = sum(put)
        rake = total - sum(collected)
        if rake < 0 or any(c < 0 for c in collected):
            raise self.fail(f"the players collect {sum(collected)}, more than the pot of {total}")
        for k in range(n):
            if collected[k]:
                lines.append(f"{names[k]} collected {self.money(collected[k])} from pot")
        lines.append("*** SUMMARY ***")
        lines.append(f"Total pot {self.money(total)} | Rake {self.money(rake)}")
        if board:
            lines.append(f"Board [{' '.join(board)}]")
        for k in range(n):
            role = " (button)" if k == n - 1 else ""
            role += " (small blind)" if k == small_at and blinds[k] > 0 else ""
            role += " (big blind)" if k == big_at and blinds[k] > 0 else ""
            line = f"Seat {seats[k]}: {names[k]}{role}"
            if collected[k]:
                line += f" collected ({self.money(collected[k])})"
            elif names[k] in shown:
                line += " showed and lost"
            elif any(a.split()[:2] == [f"p{k + 1}", "f"] for a in h.actions):
                line += " folded before Flop" if not board else " folded"
            lines.append(line)
        return "\n".join(lines)

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
        parts = [f"PokerStars Hand #{self.number}: "]
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

    def amount(self, text: str) -> int:
        return self.chips(self._decimal(text), "an action")

    def collected(self, stacks: list[Any], put: list[int]) -> list[int]:
        """What each player collected from the pots."""
        h = self.h
        finishing: Sequence[Any] | None = h.finishing_stacks
        winnings = h.fields.get("winnings")
        if finishing is None and isinstance(winnings, list | tuple) and len(winnings) == self.n:
            return [self.chips(w, "winnings") for w in winnings]
        if finishing is None:
            try:
                played = replay(h)
            except HoldemError as exc:
                raise self.fail(f"the hand does not replay: {exc}") from None
            if not played.complete or played.guessed or played.finishing_stacks is None:
                raise self.fail(
                    "the winnings are unknown (the hand is incomplete or its "
                    "showdown depends on unknown cards)"
                )
            finishing = played.finishing_stacks
        ended = [self.chips(f, "finishing_stacks") for f in finishing]
        return [f - (s - p) for f, s, p in zip(ended, stacks, put, strict=True)]
