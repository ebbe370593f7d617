"""The ACPC dealer protocol 2.0.0: game definitions, MATCHSTATE/STATE strings, the dealer's deals.

The Annual Computer Poker Competition's dealer describes a game in a ``GAMEDEF`` file, talks to
players in ``MATCHSTATE`` lines and logs every hand as a ``STATE`` line. This module reads and
writes all three, builds the engine :class:`~holdem.engine.hand.Hand` of a hand (rules preset
``acpc``), applies a betting string to it and writes one back, and deals exactly as the dealer
does from its seed (MT19937). :mod:`holdem.acpc.client` plays as a client.

ACPC *positions* are numbered from the first seat after the button, like engine seats: in the
reverse-blind heads-up games position 0 posts the big blind and position 1 (the button) the small
blind and acts first before the flop, which is the engine's heads-up convention.

>>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
>>> state = parse_state("STATE:0:r300c/cr900f:Ah2c|KsKd/Qs7h2d:-300|300:Alice|Bob")
>>> hand = state.to_hand(game)
>>> hand.is_over, hand.payoffs
(True, [-300, 300])
>>> str(state_of(hand, game, 0, names=("Alice", "Bob")))
'STATE:0:r300c/cr900f:Ah2c|KsKd/Qs7h2d:-300|300:Alice|Bob'
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from holdem._validate import is_int
from holdem.cards import Card, parse_cards
from holdem.engine.hand import EventKind, Hand, Street
from holdem.engine.rules import Rules, Structure
from holdem.errors import AcpcError, ActionError

__all__ = [
    "HOLDEM_LIMIT_2P",
    "HOLDEM_NOLIMIT_2P",
    "MT19937",
    "AcpcAction",
    "AcpcError",
    "AcpcState",
    "GameDef",
    "apply_betting",
    "betting_of",
    "deal",
    "deals",
    "format_value",
    "parse_state",
    "read_log",
    "state_of",
]

#: ``INT32_MAX``: the dealer's stack when a game definition gives none (limit games).
UNLIMITED = 2**31 - 1
_MAX_ROUNDS = 4
_MAX_PLAYERS = 10
_MAX_SUITS = 4
_MAX_RANKS = 13
_NO_CAP = 255  # UINT8_MAX: no limit on the number of raises

HOLDEM_LIMIT_2P = """GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
"""The competition's heads-up limit hold'em (reverse blinds)."""

HOLDEM_NOLIMIT_2P = """GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
"""The competition's heads-up no-limit hold'em (reverse blinds, 200 big blinds)."""


# -- game definitions -----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class GameDef:
    """An ACPC game definition (the dealer's ``.game`` file), indexed by position.

    ``first_player`` is 1-based as in the file; ``stack`` is None when the file gives none (the
    dealer then plays with ``INT32_MAX`` chips); ``max_raises`` is None for no cap.

    >>> g = GameDef.parse(HOLDEM_LIMIT_2P)
    >>> g.limit, g.num_players, g.blind, g.raise_size, g.max_raises
    (True, 2, (10, 5), (10, 10, 20, 20), (3, 4, 4, 4))
    >>> GameDef.parse(g.dump()) == g
    True
    """

    limit: bool
    num_players: int
    num_rounds: int
    blind: tuple[int, ...]
    stack: tuple[int, ...] | None = None
    raise_size: tuple[int, ...] = ()
    first_player: tuple[int, ...] = ()
    max_raises: tuple[int, ...] | None = None
    num_suits: int = 4
    num_ranks: int = 13
    num_hole_cards: int = 2
    num_board_cards: tuple[int, ...] = (0, 3, 1, 1)

    @classmethod
    def parse(cls, text: str) -> GameDef:
        """A game definition from the text of a ``.game`` file (``GAMEDEF`` .. ``END GAMEDEF``)."""
        if not isinstance(text, str):
            raise AcpcError(f"a game definition is text, got {type(text).__name__}")
        items: dict[str, tuple[int, ...]] = {}
        limit: bool | None = None
        started = False
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            low = line.lower()
            if low.startswith("end gamedef"):
                break
            if low.startswith("gamedef"):
                started = True
                continue
            if low in ("limit", "nolimit"):
                limit = low == "limit"
                continue
            key, _, rest = line.partition("=")
            key = key.strip().lower()
            if key not in _KEYS:
                raise AcpcError(f"unknown game definition line {raw.strip()!r}")
            try:
                items[key] = tuple(int(v) for v in rest.split())
            except ValueError:
                raise AcpcError(f"game definition line {raw.strip()!r}: not integers") from None
        if not started:
            raise AcpcError("not a game definition: no GAMEDEF line")
        if limit is None:
            raise AcpcError("game definition says neither 'limit' nor 'nolimit'")

        def one(key: str, default: int | None = None) -> int:
            values = items.get(key)
            if not values:
                if default is None:
                    raise AcpcError(f"game definition lacks {_KEYS[key]}")
                return default
            return values[0]

        n, rounds = one("numplayers"), one("numrounds")
        game = cls(
            limit=limit,
            num_players=n,
            num_rounds=rounds,
            blind=items.get("blind", ())[:n],
            stack=items["stack"][:n] if "stack" in items else None,
            raise_size=items.get("raisesize", ())[:rounds] if limit else (),
            first_player=items.get("firstplayer", (1,) * rounds)[:rounds],
            max_raises=items["maxraises"][:rounds] if "maxraises" in items else None,
            num_suits=one("numsuits"),
            num_ranks=one("numranks"),
            num_hole_cards=one("numholecards"),
            num_board_cards=items.get("numboardcards", ())[:rounds],
        )
        game.check()
        return game

    @classmethod
    def load(cls, path: str | Path) -> GameDef:
        """A game definition from a ``.game`` file."""
        try:
            text = Path(path).read_text(encoding="ascii")
        except OSError as exc:
            raise AcpcError(f"cannot read game definition {str(path)!r}: {exc}") from None
        return cls.parse(text)

    def check(self) -> None:
        """Raise :class:`AcpcError` unless the dealer would accept this game (its sanity checks)."""
        n, rounds = self.num_players, self.num_rounds
        if not 1 <= rounds <= _MAX_ROUNDS:
            raise AcpcError(f"invalid number of rounds: {rounds}")
        if not 2 <= n <= _MAX_PLAYERS:
            raise AcpcError(f"invalid number of players: {n}")
        if len(self.blind) != n:
            raise AcpcError(f"read {len(self.blind)} blinds, need {n}")
        if self.stack is not None and len(self.stack) != n:
            raise AcpcError(f"read {len(self.stack)} stack sizes, need {n}")
        stacks = self.stacks
        for p in range(n):
            if self.blind[p] < 0 or self.blind[p] > stacks[p]:
                raise AcpcError(f"blind for player {p + 1} is negative or greater than its stack")
        if self.limit and len(self.raise_size) != rounds:
            raise AcpcError(f"read {len(self.raise_size)} raise sizes, need {rounds}")
        if len(self.first_player) != rounds or not all(1 <= f <= n for f in self.first_player):
            raise AcpcError(f"invalid first players {self.first_player} for {n} players")
        if self.max_raises is not None and len(self.max_raises) != rounds:
            raise AcpcError(f"read {len(self.max_raises)} max raises, need {rounds}")
        if not 1 <= self.num_suits <= _MAX_SUITS or not 1 <= self.num_ranks <= _MAX_RANKS:
            raise AcpcError(f"invalid deck: {self.num_suits} suits, {self.num_ranks} ranks")
        if not 1 <= self.num_hole_cards <= 3:
            raise AcpcError(f"invalid number of hole cards: {self.num_hole_cards}")
        if len(self.num_board_cards) != rounds:
            raise AcpcError(f"read {len(self.num_board_cards)} board card numbers, need {rounds}")
        dealt = self.num_hole_cards * n + sum(self.num_board_cards)
        if dealt > self.num_suits * self.num_ranks:
            raise AcpcError("too many hole and board cards for the deck")

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each position's stack (``INT32_MAX`` when the game gives none)."""
        return self.stack if self.stack is not None else (UNLIMITED,) * self.num_players

    def dump(self) -> str:
        """The game definition as the dealer prints it (``printGame``)."""
        lines = ["GAMEDEF", "limit" if self.limit else "nolimit"]
        lines.append(f"numPlayers = {self.num_players}")
        lines.append(f"numRounds = {self.num_rounds}")
        if self.stack is not None:
            lines.append("stack = " + " ".join(map(str, self.stack)))
        lines.append("blind = " + " ".join(map(str, self.blind)))
        if self.limit:
            lines.append("raiseSize = " + " ".join(map(str, self.raise_size)))
        if any(f != 1 for f in self.first_player):
            lines.append("firstPlayer = " + " ".join(map(str, self.first_player)))
        if self.max_raises is not None:
            lines.append("maxRaises = " + " ".join(map(str, self.max_raises)))
        lines.append(f"numSuits = {self.num_suits}")
        lines.append(f"numRanks = {self.num_ranks}")
        lines.append(f"numHoleCards = {self.num_hole_cards}")
        lines.append("numBoardCards = " + " ".join(map(str, self.num_board_cards)))
        lines.append("END GAMEDEF")
        return "\n".join(lines) + "\n"

    # -- the engine's view of the game ----------------------------------------------------------

    @property
    def is_holdem(self) -> bool:
        """True for Texas hold'em: 4 rounds, 2 hole cards, boards 0/3/1/1, a full deck."""
        return (
            self.num_rounds == 4
            and self.num_hole_cards == 2
            and self.num_board_cards == (0, 3, 1, 1)
            and self.num_suits == 4
            and self.num_ranks == 13
        )

    @property
    def _offset(self) -> int:
        # Engine seat 0 acts first after the flop: ACPC's firstPlayer of round 2.
        return self.first_player[1] - 1 if self.num_rounds > 1 else 0

    def position(self, seat: int) -> int:
        """The ACPC position of an engine seat (the identity for the competition's games)."""
        return (seat + self._offset) % self.num_players

    def seat(self, position: int) -> int:
        """The engine seat of an ACPC position."""
        return (position - self._offset) % self.num_players

    def rules(self) -> Rules:
        """The engine rules of this game: the ``acpc`` preset with this game's raise cap."""
        if not self.limit or self.max_raises is None:
            return Rules.preset("acpc", cap=None)
        caps = self.max_raises
        if caps[0] == _NO_CAP or len(set(caps[1:])) != 1:
            raise AcpcError(f"maxRaises {caps}: the engine needs one cap after the flop")
        cap = caps[1]
        forced = self.blind
        base = 1 + sum(1 for p, b in enumerate(forced) if b and p >= 2 and len(forced) > 2)
        if caps[0] + base == cap:
            return Rules.preset("acpc", cap=cap, cap_counts_blind=True)
        if caps[0] == cap:
            return Rules.preset("acpc", cap=cap, cap_counts_blind=False)
        raise AcpcError(f"maxRaises {caps}: the engine cannot cap the pre-flop round so")

    def new_hand(
        self,
        *,
        hole_cards: Sequence[Sequence[Card] | None] | None = None,
        board: Sequence[Card] = (),
        rng: random.Random | None = None,
    ) -> Hand:
        """An engine hand of this game; ``hole_cards`` by position (None: unknown, dealt at random).

        >>> hand = GameDef.parse(HOLDEM_NOLIMIT_2P).new_hand(hole_cards=[None, None])
        >>> hand.forced_bets, hand.actor
        ((100, 50), 1)
        """
        if not self.is_holdem:
            raise AcpcError("only Texas hold'em games map onto the engine")
        n = self.num_players
        forced = [self.blind[self.position(s)] for s in range(n)]
        stacks = [self.stacks[self.position(s)] for s in range(n)]
        first = (max(range(n), key=lambda i: (forced[i], i)) + 1) % n if max(forced) else 0
        if self.position(first) != self.first_player[0] - 1:
            raise AcpcError(
                f"firstPlayer {self.first_player}: the engine starts the pre-flop round with "
                f"position {self.position(first) + 1}"
            )
        seats: list[Sequence[Card] | None] | None = None
        if hole_cards is not None:
            if len(hole_cards) != n:
                raise AcpcError(f"{len(hole_cards)} hole-card entries for {n} positions")
            seats = [hole_cards[self.position(s)] for s in range(n)]
        if self.limit:
            return Hand(
                stacks,
                forced_bets=forced,
                structure=Structure.FIXED_LIMIT,
                small_bet=self.raise_size[0],
                big_bet=self.raise_size[2],
                rules=self.rules(),
                hole_cards=seats,
                board=board,
                rng=rng,
            )
        return Hand(
            stacks,
            forced_bets=forced,
            structure=Structure.NO_LIMIT,
            min_bet=max(max(forced), 1),
            rules=self.rules(),
            hole_cards=seats,
            board=board,
            rng=rng,
        )


_KEYS = {
    "stack": "stack",
    "blind": "blind",
    "raisesize": "raiseSize",
    "numplayers": "numPlayers",
    "numrounds": "numRounds",
    "firstplayer": "firstPlayer",
    "maxraises": "maxRaises",
    "numsuits": "numSuits",
    "numranks": "numRanks",
    "numholecards": "numHoleCards",
    "numboardcards": "numBoardCards",
}


# -- the dealer's random numbers and deals --------------------------------------------------------


class MT19937:
    """The Mersenne Twister as the dealer seeds it (``init_genrand``): 32-bit outputs.

    The generator itself is CPython's (the same MT19937); only the seeding differs from
    ``random.seed``, which uses ``init_by_array``.

    >>> rng = MT19937(5489)  # the reference implementation's default seed
    >>> rng.next_uint32()
    3499211612
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        if not is_int(seed) or not 0 <= seed < 2**32:
            raise AcpcError(f"the dealer's seed is a 32-bit unsigned int, got {seed!r}")
        mt = [seed]
        for i in range(1, 624):
            prev = mt[-1]
            mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
        self._random = random.Random()
        self._random.setstate((3, (*mt, 624), None))

    def next_uint32(self) -> int:
        """The next 32-bit output (``genrand_int32``)."""
        return self._random.getrandbits(32)


def deal(game: GameDef, rng: MT19937) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """One hand's cards as the dealer deals them: hole cards by position, then the whole board.

    The deck is built suit by suit (``cdhs``), deuce to ace; each card is ``deck[i]`` with
    ``i = next_uint32() % remaining``, and the last card moves into its place.

    >>> holes, board = deal(GameDef.parse(HOLDEM_LIMIT_2P), MT19937(21))
    >>> " ".join(map(str, holes[0])), " ".join(map(str, board))
    ('4s 3h', '2c Ad 5d 8d Ts')
    """
    deck = [
        Card(r * _MAX_SUITS + s)
        for s in range(_MAX_SUITS - game.num_suits, _MAX_SUITS)
        for r in range(_MAX_RANKS - game.num_ranks, _MAX_RANKS)
    ]
    remaining = len(deck)
    drawn: list[Card] = []
    for _ in range(game.num_hole_cards * game.num_players + sum(game.num_board_cards)):
        i = rng.next_uint32() % remaining
        drawn.append(deck[i])
        deck[i] = deck[remaining - 1]
        remaining -= 1
    k = game.num_hole_cards
    holes = tuple(tuple(drawn[p * k : p * k + k]) for p in range(game.num_players))
    return holes, tuple(drawn[game.num_players * k :])


def deals(
    game: GameDef, seed: int
) -> Iterator[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Every hand's cards of a match dealt with ``seed``, one hand after another (endless).

    >>> from itertools import islice
    >>> [str(h[0][1][0]) for h in islice(deals(GameDef.parse(HOLDEM_LIMIT_2P), 21), 2)]
    ['Qh', '3h']
    """
    rng = MT19937(seed)
    while True:
        yield deal(game, rng)


# -- MATCHSTATE and STATE strings -----------------------------------------------------------------


class AcpcAction(NamedTuple):
    """One action of a betting string: ``'f'``, ``'c'`` or ``'r'`` (``size``: the no-limit
    raise-to total over the whole hand, else None)."""

    kind: str
    size: int | None = None

    def __str__(self) -> str:
        return self.kind if self.size is None else f"{self.kind}{self.size}"


_ACTION = re.compile(r"([fcrkb])(\d*)")
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def _parse_betting(text: str) -> tuple[tuple[AcpcAction, ...], ...]:
    rounds: list[tuple[AcpcAction, ...]] = []
    for part in text.split("/"):
        actions: list[AcpcAction] = []
        pos = 0
        while pos < len(part):
            m = _ACTION.match(part, pos)
            if m is None:
                raise AcpcError(f"bad betting {text!r} at {part[pos:]!r}")
            kind = {"k": "c", "b": "r"}.get(m.group(1), m.group(1))
            digits = m.group(2)
            if digits and kind != "r":
                raise AcpcError(f"bad betting {text!r}: a size after {m.group(1)!r}")
            actions.append(AcpcAction(kind, int(digits) if digits else None))
            pos = m.end()
        rounds.append(tuple(actions))
    return tuple(rounds)


def _parse_cards(text: str, what: str) -> tuple[Card, ...]:
    cards = _CARD.findall(text)
    if "".join(cards) != text:
        raise AcpcError(f"bad {what} {text!r}")
    return tuple(parse_cards(cards)) if cards else ()


def format_value(value: int | Fraction) -> str:
    """A payoff as the dealer logs it: ``%.6f`` with trailing zeros (and point) removed.

    >>> format_value(Fraction(1123, 3)), format_value(Fraction(-739)), format_value(Fraction(1, 2))
    ('374.333333', '-739', '0.5')
    """
    q = round(Fraction(value) * 10**6)
    sign = "-" if q < 0 else ""
    whole, frac = divmod(abs(q), 10**6)
    text = f"{sign}{whole}.{frac:06d}".rstrip("0")
    return text.rstrip(".")


@dataclass(frozen=True, slots=True)
class AcpcState:
    """A parsed ``STATE`` (log) or ``MATCHSTATE`` (to a player) line.

    ``betting``: actions per round; ``hole_cards``: by position (empty when hidden); ``board``:
    cards per round; ``viewer``: the receiving position of a MATCHSTATE (None for a STATE);
    ``values`` and ``names``: the payoffs and names of a log line (by position), if any.
    """

    hand_id: int
    betting: tuple[tuple[AcpcAction, ...], ...]
    hole_cards: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]
    viewer: int | None = None
    values: tuple[Fraction, ...] | None = None
    names: tuple[str, ...] | None = None
    value_text: tuple[str, ...] | None = field(default=None, compare=False)

    @property
    def round(self) -> int:
        """The current round (0 = pre-flop), the number of ``/`` in the betting."""
        return len(self.betting) - 1

    def __str__(self) -> str:
        betting = "/".join("".join(map(str, r)) for r in self.betting)
        holes = "|".join("".join(map(str, h)) for h in self.hole_cards)
        board = "".join("/" + "".join(map(str, b)) for b in self.board[1:])
        board = "".join(map(str, self.board[0])) + board if self.board else ""
        head = "STATE" if self.viewer is None else f"MATCHSTATE:{self.viewer}"
        text = f"{head}:{self.hand_id}:{betting}:{holes}{board}"
        if self.values is not None:
            text += ":" + "|".join(format_value(v) for v in self.values)
        if self.names is not None:
            text += ":" + "|".join(self.names)
        return text

    def to_hand(self, game: GameDef, *, rng: random.Random | None = None) -> Hand:
        """The engine hand of this state: its cards, then its betting applied (ActionError-free).

        Hidden hole cards (a MATCHSTATE) and board cards still to come are dealt at random from
        ``rng`` (by default one seeded with the hand number).
        """
        n = game.num_players
        if len(self.hole_cards) != n:
            raise AcpcError(f"{len(self.hole_cards)} hole-card entries for {n} positions")
        holes: list[Sequence[Card] | None] = [h if h else None for h in self.hole_cards]
        board = [c for r in self.board for c in r]
        hand = game.new_hand(hole_cards=holes, board=board, rng=rng or random.Random(self.hand_id))
        apply_betting(hand, game, self.betting, hand_id=self.hand_id)
        return hand


def parse_state(line: str) -> AcpcState:
    """A ``STATE:...`` or ``MATCHSTATE:...`` line (a trailing ``:action`` of a reply is ignored).

    >>> s = parse_state("MATCHSTATE:1:7:r300c/r900:|KsKd/Qs7h2d")
    >>> s.viewer, s.hand_id, s.round, [str(a) for a in s.betting[1]], s.hole_cards[0]
    (1, 7, 1, ['r900'], ())
    """
    if not isinstance(line, str):
        raise AcpcError(f"a state is a str, got {type(line).__name__}")
    text = line.rstrip("\r\n")
    parts = text.split(":")
    viewer: int | None = None
    if parts[0] == "MATCHSTATE" and len(parts) in (5, 6):
        if not parts[1].isdigit():
            raise AcpcError(f"bad MATCHSTATE position in {text!r}")
        viewer = int(parts[1])
        parts = parts[1:]
    elif parts[0] != "STATE" or len(parts) not in (4, 6):
        raise AcpcError(f"not a STATE or MATCHSTATE line: {text!r}")
    if not parts[1].isdigit():
        raise AcpcError(f"bad hand number in {text!r}")
    betting = _parse_betting(parts[2])
    holes_text, *boards = parts[3].split("/")
    holes = tuple(_parse_cards(h, "hole cards") for h in holes_text.split("|"))
    board = (*((),), *(_parse_cards(b, "board cards") for b in boards))
    values: tuple[Fraction, ...] | None = None
    value_text: tuple[str, ...] | None = None
    names: tuple[str, ...] | None = None
    if viewer is None and len(parts) == 6:
        value_text = tuple(parts[4].split("|"))
        try:
            values = tuple(Fraction(v) for v in value_text)
        except ValueError:
            raise AcpcError(f"bad values {parts[4]!r} in {text!r}") from None
        names = tuple(parts[5].split("|"))
        if not len(values) == len(names) == len(holes):
            raise AcpcError(f"{len(holes)} positions but {len(values)} values in {text!r}")
    if viewer is not None and len(holes) <= viewer:
        raise AcpcError(f"position {viewer} has no hole-card entry in {text!r}")
    return AcpcState(int(parts[1]), betting, holes, board, viewer, values, names, value_text)


def read_log(path: str | Path) -> Iterator[AcpcState]:
    """The hands of a dealer log file, in order (comments and the SCORE line are skipped)."""
    with open(path, encoding="ascii") as f:
        for line in f:
            if line.startswith("STATE:"):
                yield parse_state(line)


# -- betting strings onto the engine and back -----------------------------------------------------


def apply_betting(
    hand: Hand,
    game: GameDef,
    betting: str | Sequence[Sequence[AcpcAction]],
    *,
    hand_id: int | None = None,
) -> None:
    """Play a betting string (whole-hand raise-to totals) on an engine hand of ``game``.

    Each round must start where the engine starts it; an action the engine refuses raises
    :class:`AcpcError` naming the hand, the round and the action.

    >>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    >>> hand = game.new_hand()
    >>> apply_betting(hand, game, "r250c/r500")
    >>> hand.bets, hand.contributions
    ((250, 0), (500, 250))
    """
    rounds = _parse_betting(betting) if isinstance(betting, str) else betting
    where = f"hand {hand_id}: " if hand_id is not None else ""
    for r, actions in enumerate(rounds):
        if actions and (hand.actor is None or hand.street != r):
            raise AcpcError(f"{where}round {r} has actions but the engine is at {hand.street.name}")
        for k, action in enumerate(actions):
            if hand.actor is None or hand.street != r:
                raise AcpcError(f"{where}action {k + 1} of round {r} ({action}) after the round")
            seat = hand.actor
            try:
                if action.kind == "f":
                    hand.fold()
                elif action.kind == "c":
                    hand.check_or_call()
                elif action.kind == "r" and not game.limit:
                    if action.size is None:
                        raise AcpcError(f"{where}a no-limit raise needs a size, round {r}")
                    before = hand.contributions[seat] - hand.bets[seat]
                    hand.raise_to(action.size - before)
                elif action.kind == "r":
                    legal = hand.legal_actions()
                    if legal.min_raise_to is None:
                        raise ActionError(f"seat {seat} may not raise")
                    hand.raise_to(legal.min_raise_to)
                else:
                    raise AcpcError(f"{where}unknown action {action!r}")
            except ActionError as exc:
                raise AcpcError(
                    f"{where}round {r}, action {k + 1} ({action}) of position "
                    f"{game.position(seat)}: {exc}"
                ) from None
        if r + 1 < len(rounds) and hand.street == r and hand.actor is not None:
            raise AcpcError(f"{where}round {r} ends before the engine's round does")


def betting_of(hand: Hand, game: GameDef) -> tuple[tuple[AcpcAction, ...], ...]:
    """The betting of an engine hand as ACPC actions per round (raises to whole-hand totals)."""
    n = hand.players
    spent = [0] * n
    street_bet = [0] * n
    rounds: list[list[AcpcAction]] = [[]]
    current = Street.PREFLOP
    for ev in hand.events:
        kind, seat = ev.kind, ev.seat
        if kind is EventKind.DEAL_BOARD:
            current = ev.street
            street_bet = [0] * n
            while len(rounds) <= current:
                rounds.append([])
            continue
        if seat is None:
            continue
        if kind in (EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE, EventKind.CALL):
            amount = int(ev.amount)
            spent[seat] += amount
            if kind is not EventKind.ANTE:
                street_bet[seat] += amount
            if kind is EventKind.CALL:
                rounds[current].append(AcpcAction("c"))
        elif kind is EventKind.CHECK:
            rounds[current].append(AcpcAction("c"))
        elif kind is EventKind.FOLD:
            rounds[current].append(AcpcAction("f"))
        elif kind in (EventKind.BET, EventKind.RAISE):
            to = int(ev.amount)
            spent[seat] += to - street_bet[seat]
            street_bet[seat] = to
            rounds[current].append(AcpcAction("r", None if game.limit else spent[seat]))
    return tuple(tuple(r) for r in rounds)


def state_of(
    hand: Hand,
    game: GameDef,
    hand_id: int,
    *,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> AcpcState:
    """The ``STATE`` (or, with a ``viewer`` position, ``MATCHSTATE``) of an engine hand.

    A STATE shows every hand; a MATCHSTATE shows the viewer's, and at a showdown those of every
    player who did not fold. A finished STATE carries the payoffs (and ``names`` if given).
    """
    betting = betting_of(hand, game)
    n = game.num_players
    live = [not f for f in hand.folded]
    showdown = hand.is_over and sum(live) > 1
    holes = []
    for p in range(n):
        s = game.seat(p)
        visible = viewer is None or p == viewer or (showdown and live[s])
        holes.append(hand.hole_cards(s) if visible else ())
    dealt = hand.board
    board = tuple(
        dealt[sum(game.num_board_cards[:r]) : sum(game.num_board_cards[: r + 1])]
        for r in range(len(betting))
    )
    values: tuple[Fraction, ...] | None = None
    if viewer is None and hand.is_over:
        payoffs = hand.payoffs
        values = tuple(Fraction(payoffs[game.seat(p)]) for p in range(n))
    return AcpcState(
        hand_id,
        betting,
        tuple(holes),
        board,
        viewer,
        values,
        tuple(names) if names is not None and viewer is None else None,
    )
