"""ACPC game definitions: the dealer's ``.game`` files read, checked, written and played.

A game definition describes the game the dealer runs (players, rounds, blinds, stacks, raise
sizes and caps, the deck); :class:`GameDef` reads and writes it as the ACPC dealer's reference
code does (``readGame``, ``printGame``) and maps it onto an engine hand. ACPC *positions* are
numbered from the first seat after the button, like engine seats.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from holdem._validate import read_text
from holdem.cards import Card
from holdem.engine.rules import Rules, Structure
from holdem.errors import AcpcError, ArgumentTypeError

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
else:
    from holdem.engine.hand import Hand

__all__ = ["HOLDEM_LIMIT_2P", "HOLDEM_NOLIMIT_2P", "UNLIMITED", "GameDef"]

#: ``INT32_MAX``: the dealer's stack when a game definition gives none (limit games).
UNLIMITED = 2**31 - 1
_MAX_ROUNDS = 4
_MAX_PLAYERS = 10
_MAX_SUITS = 4
_MAX_RANKS = 13
_NO_CAP = 255  # UINT8_MAX: no limit on the number of raises
_INT = re.compile(r"[-+]?[0-9]{1,10}\Z")  # what the dealer's %d reads into a 32-bit int
_MAX_TEXT = 64 * 1024  # characters of a .game file read at most (the dealer's are a few lines)

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
        """A game definition from the text of a ``.game`` file (``GAMEDEF`` .. ``END GAMEDEF``).

        :raises AcpcError: for an unknown or malformed line, a missing field, or a game the
            dealer would refuse (see :meth:`check`).
        :raises ArgumentTypeError: if ``text`` is not a str.

        >>> GameDef.parse("GAMEDEF\\nlimit\\nnumPlayers = 2\\nEND GAMEDEF")
        Traceback (most recent call last):
        ...
        holdem.errors.AcpcError: game definition lacks numRounds
        """
        if not isinstance(text, str):
            raise ArgumentTypeError(f"a game definition is text, got {type(text).__name__}")
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
                raise AcpcError(f"unknown game definition line {_cut(raw.strip())!r}")
            values = rest.split()
            if not all(_INT.match(v) and -UNLIMITED - 1 <= int(v) <= UNLIMITED for v in values):
                raise AcpcError(
                    f"game definition line {_cut(raw.strip())!r}: not integers "
                    "(each a 32-bit int, as the dealer reads it)"
                )
            items[key] = tuple(int(v) for v in values)
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
        """A game definition from a ``.game`` file.

        :raises AcpcError: if the file cannot be read, is not ASCII text or is longer than a
            game definition can be (64 KiB), and as :meth:`parse`.
        """
        where = f"game definition {str(path)!r}"
        text = read_text(path, encoding="ascii", error=AcpcError, where=where, limit=_MAX_TEXT)
        return cls.parse(text)

    def check(self) -> None:
        """Check the game as the dealer does before it plays (the sanity checks of ``readGame``).

        :raises AcpcError: naming the first check the game fails (players, rounds, blinds,
            stacks, raise sizes, first players, caps, the deck).
        """
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
        """The engine rules of this game: the ``acpc`` preset with this game's raise cap.

        :raises AcpcError: if the game's ``maxRaises`` cannot be one engine cap (a different cap
            per round after the flop, or a pre-flop cap that is neither the same nor one less).
        """
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

        :raises AcpcError: if the game is not Texas hold'em, its caps or first players do not map
            onto the engine, or ``hole_cards`` has not one entry per position.
        :raises CardError: for a card dealt twice.

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
                river_bet=self.raise_size[3],
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


def _cut(text: str) -> str:
    """A line for a message, cut short."""
    return text if len(text) <= 80 else text[:77] + "..."
