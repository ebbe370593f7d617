"""PHH hand histories: read .phh and .phhs files, replay them through the engine, write hands.

The Poker Hand History format (github.com/uoftcprg/phh-std) is TOML: one hand per ``.phh``
file, several hands as tables of a ``.phhs`` file. holdem reads the hold'em variants ``NT``
(no limit) and ``FT`` (fixed limit) of the specification, and ``PT`` for pot-limit hold'em (not
in the specification: holdem's own code, named after its ``PO`` for pot-limit Omaha). Seats are
PHH's players: ``p1`` is seat 0 (the small blind), the last player is the button.

A replay is strict: every action goes through a :class:`~holdem.Hand` (by default with the
``pokerkit`` rules, the reference implementation of PHH), and one the rules do not allow raises
a :class:`PHHError` that names the hand and the action. Cards come from the ``d dh`` and
``d db`` actions (and from ``sm``, showing hole cards the dealing left unknown); unknown
``??`` cards are drawn at random from the rest of the deck.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 QdQc", "p3 cbr 6", "p1 f", "p2 f"]
... ''')[0]
>>> result = replay(history)
>>> result.finishing_stacks, result.complete
((99, 98, 103), True)
>>> print(to_phh(result.hand, players=["Ann", "Bob", "Cy"]))  # doctest: +ELLIPSIS
variant = "NT"
...
actions = [
  "d dh p1 AsKs",
  "d dh p2 ...",
  "d dh p3 QdQc",
  "p3 cbr 6",
  "p1 f",
  "p2 f",
]
players = ["Ann", "Bob", "Cy"]
finishing_stacks = [99, 98, 103]
<BLANKLINE>
"""

from __future__ import annotations

import dataclasses
import random
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from holdem.cards import Card, format_cards
from holdem.engine.hand import EventKind, Hand, Street
from holdem.engine.rules import Rules, Structure
from holdem.errors import HoldemError, PHHError
from holdem.phh._toml import toml_key, toml_value

__all__ = [
    "VARIANTS",
    "HandHistory",
    "PHHError",
    "Replay",
    "dumps_all",
    "from_hand",
    "load",
    "loads",
    "replay",
    "to_phh",
]

#: The variant codes holdem plays, and their betting structures (``PT`` is holdem's own).
VARIANTS: dict[str, Structure] = {
    "NT": Structure.NO_LIMIT,
    "FT": Structure.FIXED_LIMIT,
    "PT": Structure.POT_LIMIT,
}
_CODES = {structure: code for code, structure in VARIANTS.items()}

# The fields that build and play the hand, in the order pokerkit writes them.
_GAME_FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)
# Fields of other variants (stud's bring-in): a hold'em history must not have them.
_FOREIGN_FIELDS = ("bring_in",)


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as PHH describes it: the game, the starting stacks and the actions.

    Amounts are per player in PHH order (``p1`` first), with PHH's conventions: heads-up, the
    engine reverses ``antes`` and ``blinds_or_straddles`` (the button posts the second entry).
    ``fields`` holds every other field of the file (``players``, ``event``, ``hand`` ...) in file
    order, ``finishing_stacks`` apart. ``source``, ``index`` and ``key`` say where the hand came
    from: the file, its position in the file (from 0) and its table name in a ``.phhs`` file.
    """

    variant: str
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    antes: tuple[int, ...] = ()
    blinds_or_straddles: tuple[int, ...] = ()
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    ante_trimming_status: bool = False
    finishing_stacks: tuple[int, ...] | None = None
    fields: Mapping[str, Any] = field(default_factory=dict, hash=False)
    source: str = field(default="<string>", compare=False)
    index: int = field(default=0, compare=False)
    key: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        reserved = sorted(set(self.fields) & {*_GAME_FIELDS, "finishing_stacks"})
        if reserved:
            raise PHHError(
                f"{self.label}: {', '.join(map(repr, reserved))} belong(s) to the hand's own "
                "attributes, not to its other fields"
            )

    @property
    def label(self) -> str:
        """The hand's name in messages: the file, and the table of a ``.phhs`` file.

        >>> HandHistory("NT", (10, 10), (), source="a.phhs", index=2, key="3").label
        'a.phhs [3] (hand 3 of the file)'
        """
        if self.key is None:
            return self.source
        return f"{self.source} [{self.key}] (hand {self.index + 1} of the file)"

    @property
    def players(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    def replace(self, **changes: Any) -> HandHistory:
        """A copy with some fields changed.

        >>> HandHistory("NT", (10, 10), ()).replace(min_bet=2).min_bet
        2
        """
        return dataclasses.replace(self, **changes)

    def dumps(self) -> str:
        """This hand as the text of a ``.phh`` file (TOML).

        >>> print(HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2).dumps())
        variant = "NT"
        ante_trimming_status = false
        antes = [0, 0]
        blinds_or_straddles = [1, 2]
        min_bet = 2
        starting_stacks = [10, 10]
        actions = [
          "p2 f",
        ]
        <BLANKLINE>
        """
        lines = []
        for name in _GAME_FIELDS:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "actions":
                body = "".join(f"  {toml_value(a)},\n" for a in value)
                lines.append(f"actions = [\n{body}]")
            else:
                lines.append(f"{name} = {toml_value(value)}")
        extra = dict(self.fields)
        if self.finishing_stacks is not None:
            extra["finishing_stacks"] = self.finishing_stacks
        try:
            lines.extend(
                f"{toml_key(k)} = {toml_value(v)}" for k, v in extra.items() if v is not None
            )
        except TypeError as exc:
            raise PHHError(f"{self.label}: {exc}") from None
        return "\n".join(lines) + "\n"


# -- reading ------------------------------------------------------------------------------------


def loads(text: str, *, source: str = "<string>") -> list[HandHistory]:
    """The hands of a ``.phh`` text (one hand) or a ``.phhs`` text (one TOML table per hand).

    Bad TOML, a missing or ill-typed field, or chips that are not whole numbers raise a
    :class:`PHHError` naming ``source`` (and the hand, in a ``.phhs`` text).

    >>> text = '''
    ... [first]
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [5, 5]
    ... actions = []
    ... '''
    >>> [(h.key, h.label) for h in loads(text, source="x.phhs")]
    [('first', 'x.phhs [first] (hand 1 of the file)')]
    """
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{source}: not valid TOML: {exc}") from None
    if "variant" in document or not document:
        if not document:
            return []
        return [_history(document, source, 0, None)]
    hands = []
    for index, (key, table) in enumerate(document.items()):
        if not isinstance(table, dict):
            raise PHHError(
                f"{source}: a .phhs file holds only tables (one per hand), but {key!r} is "
                f"{table!r}; a .phh file needs a 'variant' field"
            )
        hands.append(_history(table, source, index, key))
    return hands


def load(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` or ``.phhs`` file (see :func:`loads`).

    >>> load("no-such-file.phh")
    Traceback (most recent call last):
    ...
    holdem.errors.PHHError: no-such-file.phh: cannot read the file: No such file or directory
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PHHError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise PHHError(f"{path}: not UTF-8 text: {exc}") from None
    return loads(text, source=str(path))


def _history(table: dict[str, Any], source: str, index: int, key: str | None) -> HandHistory:
    where = HandHistory("", (), (), source=source, index=index, key=key).label
    table = dict(table)

    def fail(message: str) -> PHHError:
        return PHHError(f"{where}: {message}")

    variant = table.pop("variant", None)
    if not isinstance(variant, str):
        raise fail(f"the field 'variant' must be a string such as 'NT', got {variant!r}")
    if variant not in VARIANTS:
        raise fail(
            f"unknown variant {variant!r}: holdem replays {', '.join(map(repr, VARIANTS))} "
            "(no-limit, fixed-limit and pot-limit Texas hold'em)"
        )
    for name in _FOREIGN_FIELDS:
        if name in table:
            raise fail(f"the field {name!r} is not part of a {variant} hand")
    required: tuple[str, ...] = ("antes", "blinds_or_straddles", "starting_stacks", "actions")
    required += ("small_bet", "big_bet") if variant == "FT" else ("min_bet",)
    missing = [name for name in required if name not in table]
    if missing:
        raise fail(f"missing required field(s) {', '.join(map(repr, missing))}")
    stacks = _chips_list(table.pop("starting_stacks"), "starting_stacks", fail)
    n = len(stacks)
    lists = {}
    for name in ("antes", "blinds_or_straddles"):
        lists[name] = _chips_list(table.pop(name), name, fail)
        if len(lists[name]) != n:
            raise fail(f"{name} has {len(lists[name])} entries for {n} players")
    actions = table.pop("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail(f"the field 'actions' must be an array of strings, got {actions!r}")
    bets: dict[str, int | None] = {}
    for name in ("min_bet", "small_bet", "big_bet"):
        bets[name] = _chips(table.pop(name), name, fail) if name in table else None
    trimming = table.pop("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise fail(f"ante_trimming_status must be true or false, got {trimming!r}")
    finishing = table.pop("finishing_stacks", None)
    if finishing is not None:
        finishing = _chips_list(finishing, "finishing_stacks", fail)
        if len(finishing) != n:
            raise fail(f"finishing_stacks has {len(finishing)} entries for {n} players")
    return HandHistory(
        variant,
        stacks,
        tuple(actions),
        lists["antes"],
        lists["blinds_or_straddles"],
        ante_trimming_status=trimming,
        finishing_stacks=finishing,
        fields=table,
        source=source,
        index=index,
        key=key,
        min_bet=bets["min_bet"],
        small_bet=bets["small_bet"],
        big_bet=bets["big_bet"],
    )


def _chips(value: object, what: str, fail: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise fail(f"{what} must be a number of chips, got {value!r}")
    if isinstance(value, int):
        number = value
    else:
        exact = Decimal(str(value)) if isinstance(value, float) else value
        if not exact.is_finite() or exact != exact.to_integral_value():
            raise fail(f"{what} must be whole chips (holdem counts integers), got {value}")
        number = int(exact)
    if number < 0:
        raise fail(f"{what} must not be negative, got {value}")
    return number


def _chips_list(value: object, what: str, fail: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise fail(f"{what} must be an array of numbers, got {value!r}")
    return tuple(_chips(v, f"{what}[{i}]", fail) for i, v in enumerate(value))


# -- actions ------------------------------------------------------------------------------------

_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_CARD_TOKEN = re.compile(r"\?\?|[2-9TJQKA][cdhs]")


class _Action(NamedTuple):
    """One parsed action: its position in ``actions``, its text, what and who."""

    number: int  # 1-based
    text: str
    verb: str  # '' (no-op), 'dh', 'db', 'f', 'cc', 'cbr', 'sm'
    seat: int | None = None
    cards: tuple[Card | None, ...] | None = None  # None: a muck, or no cards given
    amount: int = 0


def _parse_actions(history: HandHistory) -> list[_Action]:
    out = []
    n = history.players
    for number, text in enumerate(history.actions, 1):

        def fail(message: str, text: str = text, number: int = number) -> PHHError:
            return PHHError(f"{history.label}: action {number} {text!r}: {message}")

        words = text.split("#", 1)[0].split()
        if not words:
            out.append(_Action(number, text, ""))
            continue
        actor, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
        if actor == "d":
            if verb == "db" and len(args) == 1:
                out.append(_Action(number, text, "db", None, _cards(args[0], fail)))
                continue
            if verb == "dh" and len(args) == 2:
                seat = _seat(args[0], n, fail)
                cards = _cards(args[1], fail)
                if len(cards) != 2:
                    raise fail(f"a hold'em player is dealt 2 hole cards, not {len(cards)}")
                out.append(_Action(number, text, "dh", seat, cards))
                continue
            raise fail("the dealer's actions are 'd dh pN CARDS' and 'd db CARDS'")
        seat = _seat(actor, n, fail)
        if verb in ("f", "cc") and not args:
            out.append(_Action(number, text, verb, seat))
        elif verb == "cbr" and len(args) == 1:
            amount = args[0].replace(",", "")
            try:
                value: object = int(amount)
            except ValueError:
                try:
                    value = Decimal(amount)
                except ArithmeticError:
                    raise fail(f"{args[0]!r} is not an amount") from None
            out.append(_Action(number, text, "cbr", seat, None, _chips(value, "the amount", fail)))
        elif verb == "sm" and len(args) <= 1:
            if not args:
                out.append(_Action(number, text, "sm", seat, None))  # a muck
            elif args[0] == "-":
                out.append(_Action(number, text, "sm", seat, ()))  # show the cards dealt
            else:
                cards = _cards(args[0], fail)
                if len(cards) != 2:
                    raise fail(f"a hold'em player shows 2 hole cards, not {len(cards)}")
                out.append(_Action(number, text, "sm", seat, cards))
        elif verb in ("sd", "pb"):
            raise fail(f"{verb!r} (draw or bring-in) is not an action of hold'em")
        else:
            raise fail("a player's actions are 'f', 'cc', 'cbr AMOUNT' and 'sm [CARDS]'")
    return out


def _show(cards: Iterable[Card | None]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)


def _seat(word: str, n: int, fail: Any) -> int:
    found = _PLAYER.match(word)
    if found is None:
        raise fail(f"{word!r} is not a player (p1 .. p{n}) or the dealer (d)")
    seat = int(found.group(1)) - 1
    if seat >= n:
        raise fail(f"there is no player {word}: the hand has p1 .. p{n}")
    return seat


def _cards(word: str, fail: Any) -> tuple[Card | None, ...]:
    tokens = _CARD_TOKEN.findall(word)
    if not tokens or "".join(tokens) != word:
        raise fail(f"{word!r} is not a run of cards such as 'AsKd' (or '??' for unknown ones)")
    return tuple(None if t == "??" else Card(t) for t in tokens)


# -- replay -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed hand: the engine's :class:`~holdem.Hand` and the verdict on the file.

    ``complete``: the hand reached its end (a history may stop earlier). ``finishing_stacks``:
    every seat's chips at the end (None unless complete). ``guessed``: a showdown depended on a
    card the file left unknown (drawn at random). ``matches``: whether ``finishing_stacks``
    equals the file's (None when the file has none, or the hand is incomplete or guessed).
    """

    history: HandHistory
    hand: Hand
    complete: bool
    finishing_stacks: tuple[int | Fraction, ...] | None
    guessed: bool
    matches: bool | None

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data: the hand's identification, stacks and verdict.

        Chips are ints (a fraction, possible with the ``acpc`` rules' split pots, is a string
        such as ``"201/2"``); ``hand`` is the file's ``hand`` field, ``key`` the ``.phhs`` table.
        """
        history, hand = self.history, self.hand
        stacks = self.finishing_stacks
        hand_field = history.fields.get("hand")
        return {
            "file": history.source,
            "index": history.index,
            "key": history.key,
            "hand": hand_field if isinstance(hand_field, int | str) else None,
            "variant": history.variant,
            "players": history.players,
            "rules": hand.rules.name,
            "complete": self.complete,
            "starting_stacks": list(history.starting_stacks),
            "finishing_stacks": None if stacks is None else [_json(s) for s in stacks],
            "payoffs": [_json(p) for p in hand.payoffs] if self.complete else None,
            "board": format_cards(hand.board, ""),
            "file_finishing_stacks": history.finishing_stacks and list(history.finishing_stacks),
            "matches": self.matches,
            "guessed": self.guessed,
        }

    def describe(self) -> str:
        """One readable line: the hand, how it ended, and the check against the file.

        >>> history = HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2)
        >>> replay(history.replace(source="x.phh")).describe()
        'x.phh: NT, 2 players: p1 +1 (11), p2 -1 (9)'
        """
        history = self.history
        head = f"{history.label}: {history.variant}, {history.players} players"
        if not self.complete:
            return f"{head}: incomplete (the actions stop before the end of the hand)"
        stacks = self.finishing_stacks or ()
        payoffs = self.hand.payoffs
        parts = [
            f"p{i + 1} {p:+} ({s})" for i, (p, s) in enumerate(zip(payoffs, stacks, strict=True))
        ]
        line = f"{head}: {', '.join(parts)}"
        if self.matches:
            line += "; matches the file's finishing_stacks"
        elif self.guessed:
            line += "; the showdown used cards the file leaves unknown (drawn at random)"
        return line


def _json(value: int | Fraction) -> int | str:
    return value if isinstance(value, int) else str(value)


def _rules_for(history: HandHistory, rules: Rules | str) -> Rules:
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    if not isinstance(base, Rules):
        raise PHHError(f"rules must be a Rules or a preset name, got {rules!r}")
    trimming = history.ante_trimming_status
    if base.name == "pokerkit":
        # pokerkit 0.7.7 keeps antes as dead money in the main pot unless they are trimmed, and
        # its HandHistory plays in cash-game mode, where a fold with nothing to call is taken.
        return base.replace(ante_trimming=trimming, dead_antes=not trimming, fold_when_free=True)
    return base.replace(ante_trimming=trimming)


def _heads_up(values: tuple[int, ...]) -> list[int]:
    return list(reversed(values)) if len(values) == 2 else list(values)


def replay(
    history: HandHistory,
    *,
    rules: Rules | str = "pokerkit",
    seed: int | None = None,
    rng: random.Random | None = None,
    check: bool = True,
) -> Replay:
    """Play a hand history through the engine, action by action.

    An action the rules do not allow (out of turn, a bad amount, a board dealt too early, a card
    dealt twice ...) raises a :class:`PHHError` naming the hand and the action. With ``check``
    (the default), finishing stacks that differ from the file's ``finishing_stacks`` raise too.
    Unknown cards are drawn from ``rng`` or ``seed``. Showdown: the ``sm`` actions show or muck
    (in any order); a player at the showdown without one shows.

    >>> text = '''variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [20, 20]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]'''
    >>> replay(loads(text)[0]).finishing_stacks  # heads-up, the button (p2) posts the 1
    (21, 19)
    """
    if history.variant not in VARIANTS:
        raise PHHError(f"{history.label}: unknown variant {history.variant!r}")
    actions = _parse_actions(history)
    hole, board, used = _deal(history, actions)
    structure = VARIANTS[history.variant]
    fixed = structure is Structure.FIXED_LIMIT
    if rng is None:
        rng = random.Random(seed)
    elif seed is not None:
        raise PHHError("give a seed or an rng, not both")
    # Unknown cards: drawn from the rest of the deck (the engine draws the burns).
    pool = [Card(i) for i in range(52) if Card(i) not in used]
    fill = iter(
        rng.sample(
            pool,
            sum(c is None for c in board)
            + 5
            - len(board)
            + sum(c is None for pair in hole for c in pair),
        )
    )
    hole_cards = [tuple(c if c is not None else next(fill) for c in pair) for pair in hole]
    full_board = [c if c is not None else next(fill) for c in board]
    full_board += [next(fill) for _ in range(5 - len(board))]
    try:
        hand = Hand(
            history.starting_stacks,
            forced_bets=_heads_up(history.blinds_or_straddles),
            antes=_heads_up(history.antes),
            structure=structure,
            small_bet=history.small_bet if fixed else None,
            big_bet=history.big_bet if fixed else None,
            min_bet=None if fixed else history.min_bet,
            rules=_rules_for(history, rules),
            hole_cards=hole_cards,
            board=full_board,
            rng=rng,
            showdown="manual",
        )
    except HoldemError as exc:
        raise PHHError(f"{history.label}: cannot set up the hand: {exc}") from None
    _play(history, hand, actions)
    complete = hand.is_over
    guessed = False
    if complete and sum(1 for e in hand.events if e.kind is EventKind.SHOW) >= 2:
        shown = {e.seat for e in hand.events if e.kind is EventKind.SHOW}
        guessed = any(c not in used for c in hand.board) or any(
            c not in used for s in shown if s is not None for c in hand.hole_cards(s)
        )
    stacks = tuple(int(s) if isinstance(s, int) else s for s in hand.stacks) if complete else None
    matches = None
    if stacks is not None and history.finishing_stacks is not None and not guessed:
        matches = stacks == history.finishing_stacks
        if check and not matches:
            raise PHHError(
                f"{history.label}: the replay ends with stacks {list(stacks)}, "
                f"but the file's finishing_stacks are {list(history.finishing_stacks)}"
            )
    return Replay(history, hand, complete, stacks, guessed, matches)


def _deal(
    history: HandHistory, actions: list[_Action]
) -> tuple[list[list[Card | None]], list[Card | None], set[Card]]:
    """The hole cards and board the file gives (None: unknown), checked for duplicates."""
    n = history.players
    hole: list[list[Card | None]] = [[None, None] for _ in range(n)]
    dealt = [False] * n
    board: list[Card | None] = []
    seen: dict[Card, str] = {}

    def fail(action: _Action, message: str) -> PHHError:
        return PHHError(f"{history.label}: action {action.number} {action.text!r}: {message}")

    def note(action: _Action, cards: Iterable[Card | None]) -> None:
        for c in cards:
            if c is None:
                continue
            if c in seen and seen[c] != action.text:
                raise fail(action, f"the card {c} was dealt already (by {seen[c]!r})")
            seen[c] = action.text

    for action in actions:
        if action.verb == "dh":
            assert action.seat is not None and action.cards is not None
            if dealt[action.seat]:
                raise fail(action, f"p{action.seat + 1} was dealt hole cards already")
            dealt[action.seat] = True
            note(action, action.cards)
            hole[action.seat] = list(action.cards)
        elif action.verb == "db":
            assert action.cards is not None
            want = 3 if not board else 1
            if len(board) >= 5:
                raise fail(action, "the board has five cards already")
            if len(action.cards) != want:
                street = "flop" if want == 3 else ("turn" if len(board) == 3 else "river")
                raise fail(action, f"the {street} is {want} card(s), not {len(action.cards)}")
            note(action, action.cards)
            board.extend(action.cards)
        elif action.verb == "sm" and action.cards:
            assert action.seat is not None
            mine = hole[action.seat]
            for k, c in enumerate(action.cards):
                if c is None:
                    continue
                if mine[k] is None:
                    note(action, (c,))
                    mine[k] = c
                elif mine[k] != c:
                    raise fail(action, f"p{action.seat + 1} was dealt {_show(mine)}, not {c}")
    used = set(seen)
    return hole, board, used


def _play(history: HandHistory, hand: Hand, actions: list[_Action]) -> None:
    """Apply the actions to the hand, in order; an illegal one raises a PHHError."""
    announced = 0  # board cards the file has dealt so far
    betting = False
    pending: dict[int, _Action] = {}  # show or muck decisions waiting for their turn

    def fail(action: _Action, message: str) -> PHHError:
        return PHHError(
            f"{history.label}: action {action.number} {action.text!r} is illegal: {message}"
        )

    def settle() -> None:
        while hand.street is Street.SHOWDOWN and hand.actor in pending:
            action = pending.pop(hand.actor)
            try:
                if action.cards is None:
                    hand.muck()
                else:
                    hand.show()
            except HoldemError as exc:
                raise fail(action, str(exc)) from None

    for action in actions:
        verb, seat = action.verb, action.seat
        if verb == "":
            continue
        if verb == "dh":
            if betting:
                raise fail(action, "hole cards are dealt before the betting starts")
            continue
        if verb == "db":
            assert action.cards is not None
            if len(hand.board) < announced + len(action.cards):
                street = ("pre-flop", "flop", "turn", "river")[min(hand.street, Street.RIVER)]
                raise fail(action, f"the {street} betting is not over")
            announced += len(action.cards)
            continue
        assert seat is not None
        if verb == "sm":
            if hand.folded[seat]:
                raise fail(action, f"p{seat + 1} has folded")
            if hand.street < Street.SHOWDOWN:
                raise fail(action, "there is no showdown yet: the betting is not over")
            if hand.street is Street.COMPLETE:
                if not [e for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)]:
                    continue  # everyone else folded: the winner may show (it changes nothing)
                raise fail(action, "the showdown is over")
            done = {e.seat for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)}
            if seat in pending or seat in done:
                raise fail(action, f"p{seat + 1} has shown or mucked already")
            pending[seat] = action
            settle()
            continue
        betting = True
        if announced < len(hand.board):
            street = ("flop", "turn", "river")[max(announced - 2, 0)]
            raise fail(action, f"the {street} has not been dealt (a 'd db' action is missing)")
        try:
            if verb == "f":
                hand.fold(seat)
            elif verb == "cc":
                hand.check_or_call(seat)
            else:
                hand.raise_to(action.amount, seat)
        except HoldemError as exc:
            raise fail(action, str(exc)) from None
        settle()
    if pending:
        action = min(pending.values())
        raise fail(action, f"p{(action.seat or 0) + 1} cannot show or muck now")
    while hand.street is Street.SHOWDOWN:  # no decision in the file: the player shows
        hand.show()


# -- writing ------------------------------------------------------------------------------------

_BETTING = (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)


def from_hand(hand: Hand, **fields: Any) -> HandHistory:
    """The hand history of a hand played by the engine (over or not), with extra ``fields``.

    Actions: ``d dh`` for every seat, then the betting with ``d db`` before each street; the
    showdown's ``sm`` actions follow the last betting action, before an all-in run-out (as
    pokerkit writes them). ``finishing_stacks`` is set once the hand is over.

    >>> hand = Hand([50, 50], blinds=(1, 2), seed=7)
    >>> hand.fold()
    >>> h = from_hand(hand, players=["Ann", "Bob"])
    >>> h.blinds_or_straddles, h.actions[-1], h.finishing_stacks
    ((1, 2), 'p2 f', (51, 49))
    """
    code = _CODES[hand.structure]
    n = hand.players
    antes = [0] * n
    lines: list[str] = []
    shows: list[str] = []
    last_bet = -1
    for event in hand.events:
        kind, seat = event.kind, event.seat
        player = f"p{(seat or 0) + 1}"
        if kind is EventKind.ANTE:
            antes[seat or 0] = int(event.amount)
        elif kind is EventKind.DEAL_HOLE:
            lines.append(f"d dh {player} {format_cards(event.cards, '')}")
            last_bet = len(lines)
        elif kind is EventKind.DEAL_BOARD:
            lines.append(f"d db {format_cards(event.cards, '')}")
        elif kind is EventKind.FOLD:
            lines.append(f"{player} f")
        elif kind in (EventKind.CHECK, EventKind.CALL):
            lines.append(f"{player} cc")
        elif kind in (EventKind.BET, EventKind.RAISE):
            lines.append(f"{player} cbr {event.amount}")
        elif kind is EventKind.SHOW:
            shows.append(f"{player} sm {format_cards(event.cards, '')}")
        elif kind is EventKind.MUCK:
            shows.append(f"{player} sm")
        if kind in _BETTING:
            last_bet = len(lines)
    lines[last_bet:last_bet] = shows
    finishing = None
    if hand.is_over and all(isinstance(s, int) for s in hand.stacks):
        finishing = tuple(int(s) for s in hand.stacks)
    fixed = hand.structure is Structure.FIXED_LIMIT
    fields.setdefault("finishing_stacks", finishing)
    finishing = fields.pop("finishing_stacks")
    return HandHistory(
        code,
        hand.starting_stacks,
        tuple(lines),
        tuple(_heads_up(tuple(antes))),
        tuple(_heads_up(hand.forced_bets)),
        ante_trimming_status=hand.rules.ante_trimming,
        finishing_stacks=None if finishing is None else tuple(finishing),
        fields=fields,
        small_bet=hand.small_bet if fixed else None,
        big_bet=hand.big_bet if fixed else None,
        min_bet=None if fixed else hand.min_bet,
    )


def to_phh(hand: Hand, **fields: Any) -> str:
    """A played hand as the text of a ``.phh`` file (see :func:`from_hand`).

    >>> hand = Hand([50, 50], blinds=(1, 2), seed=7)
    >>> hand.fold()
    >>> replay(loads(to_phh(hand))[0]).finishing_stacks == hand.stacks
    True
    """
    return from_hand(hand, **fields).dumps()


def dumps_all(histories: Iterable[HandHistory | Hand]) -> str:
    """Several hands as ``.phhs`` text: one table per hand, named by its key or number from 1.

    >>> history = HandHistory("NT", (5, 5), (), (0, 0), (1, 2), min_bet=2)
    >>> loads(dumps_all([history, history]))[1].key
    '2'
    """
    parts = []
    for number, item in enumerate(histories, 1):
        history = from_hand(item) if isinstance(item, Hand) else item
        key = history.key if history.key is not None else str(number)
        parts.append(f"[{toml_key(key)}]\n{history.dumps()}")
    return "\n".join(parts)
