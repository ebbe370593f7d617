"""ACPC ``MATCHSTATE`` and ``STATE`` lines: parsed, written, built from an engine hand, logged."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from holdem.acpc.betting import (
    AcpcAction,
    _parse_betting,
    apply_betting,
    betting_of,
    betting_steps,
)
from holdem.acpc.gamedef import GameDef
from holdem.cards import RANKS, SUITS, Card, parse_cards
from holdem.engine.events import Street
from holdem.errors import AcpcError, ArgumentTypeError

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
    from holdem.engine.events import View
else:
    from holdem.engine.hand import Hand

__all__ = ["AcpcState", "format_value", "matchstates", "parse_state", "read_log", "state_of"]

_CARD = re.compile(f"[{RANKS}][{SUITS}]")
#: The longest line of a dealer log read (a STATE line of a long ten-player hand is a few
#: hundred characters); a longer one is refused before it is read whole.
MAX_LOG_LINE = 64 * 1024
# A hand number or position (the dealer's are 32-bit), and a payoff as the dealer logs it
# ("%.6f" with trailing zeros removed): bounded, so that no line costs more than its length.
_NUMBER = re.compile(r"[0-9]{1,10}\Z")
_VALUE = re.compile(r"-?[0-9]{1,20}(?:\.[0-9]{1,20})?\Z")


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
        """The engine hand of this state: its cards, then its betting applied.

        Hidden hole cards (a MATCHSTATE) and board cards still to come are dealt at random from
        ``rng`` (by default one seeded with the hand number).

        :raises AcpcError: if the state does not fit ``game`` (the number of positions, a game
            the engine cannot play) or its betting is not legal in it (an illegal action is an
            AcpcError naming the hand, not an ActionError).
        :raises CardError: for a card the state shows twice.
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

    :raises AcpcError: for a malformed line: not ASCII, not a STATE or MATCHSTATE, a bad hand
        number, betting, card or value (a value is a decimal as the dealer logs it, at most 20
        digits each side of the point), or entries that do not agree in number.
    :raises ArgumentTypeError: if ``line`` is not a str.

    >>> s = parse_state("MATCHSTATE:1:7:r300c/r900:|KsKd/Qs7h2d")
    >>> s.viewer, s.hand_id, s.round, [str(a) for a in s.betting[1]], s.hole_cards[0]
    (1, 7, 1, ['r900'], ())
    """
    if not isinstance(line, str):
        raise ArgumentTypeError(f"a state is a str, got {type(line).__name__}")
    text = line.rstrip("\r\n")
    if not text.isascii():
        raise AcpcError(f"not a STATE or MATCHSTATE line (not ASCII): {_cut(text)!r}")
    parts = text.split(":")
    viewer: int | None = None
    if parts[0] == "MATCHSTATE" and len(parts) in (5, 6):
        if not _NUMBER.match(parts[1]):
            raise AcpcError(f"bad MATCHSTATE position in {text!r}")
        viewer = int(parts[1])
        parts = parts[1:]
    elif parts[0] != "STATE" or len(parts) not in (4, 6):
        raise AcpcError(f"not a STATE or MATCHSTATE line: {_cut(text)!r}")
    if not _NUMBER.match(parts[1]):
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
        if not all(_VALUE.match(v) for v in value_text):
            raise AcpcError(f"bad values {_cut(parts[4])!r} in {_cut(text)!r}")
        values = tuple(Fraction(v) for v in value_text)
        names = tuple(parts[5].split("|"))
        if not len(values) == len(names) == len(holes):
            raise AcpcError(f"{len(holes)} positions but {len(values)} values in {text!r}")
    if viewer is not None and len(holes) <= viewer:
        raise AcpcError(f"position {viewer} has no hole-card entry in {text!r}")
    return AcpcState(int(parts[1]), betting, holes, board, viewer, values, names, value_text)


def _cut(text: str) -> str:
    """A line for a message, cut short."""
    return text if len(text) <= 200 else text[:197] + "..."


def read_log(path: str | Path) -> Iterator[AcpcState]:
    """The hands of a dealer log file, in order (comments and the SCORE line are skipped).

    :raises AcpcError: if the file cannot be read or is not ASCII text, for a line longer than
        :data:`MAX_LOG_LINE` characters (read no further), or for a malformed STATE line (as
        :func:`parse_state`); raised as the hands are read.
    """
    try:
        with open(path, encoding="ascii") as f:
            number = 0
            while line := f.readline(MAX_LOG_LINE + 1):
                number += 1
                if len(line) > MAX_LOG_LINE:
                    raise AcpcError(
                        f"log {str(path)!r}: line {number} is longer than {MAX_LOG_LINE:,} "
                        "characters"
                    )
                if line.startswith("STATE:"):
                    yield parse_state(line)
    except OSError as exc:
        raise AcpcError(f"cannot read log {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise AcpcError(f"log {str(path)!r} is not ASCII text: {exc}") from None


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

    >>> from holdem.acpc import HOLDEM_NOLIMIT_2P
    >>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    >>> hand = game.new_hand(hole_cards=[parse_cards("KsKd"), parse_cards("Ah2c")])
    >>> hand.fold()
    >>> str(state_of(hand, game, 3, names=("Alice", "Bob")))
    'STATE:3:f:KsKd|Ah2c:50|-50:Alice|Bob'
    >>> str(state_of(hand, game, 3, viewer=1))
    'MATCHSTATE:1:3:f:|Ah2c'
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


def matchstates(view: View, game: GameDef, hand_id: int) -> list[AcpcState]:
    """The ``MATCHSTATE`` lines the dealer sends the seat of ``view`` in hand ``hand_id``, from
    the hand's start to the view: one before each action of the view's events, and the state
    at the view (a finished hand's shows the cards the view saw shown).

    The seat's position is ``game.position(view.seat)``; the view is one of ``game``'s hands
    (:meth:`AcpcState.to_hand` of the last state tells whether it is).

    :raises AcpcError: for a view of another number of seats than the game's, or one of a
        showdown where a hand still in was not shown (the dealer shows them all: a hand dealt
        with ``showdown="all"``).

    >>> from holdem.acpc import HOLDEM_NOLIMIT_2P
    >>> game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    >>> hand = game.new_hand(hole_cards=[parse_cards("KsKd"), parse_cards("Ah2c")])
    >>> hand.raise_to(300), hand.fold()
    (None, None)
    >>> [str(s) for s in matchstates(hand.view(0), game, 7)]
    ['MATCHSTATE:0:7::KsKd|', 'MATCHSTATE:0:7:r300:KsKd|', 'MATCHSTATE:0:7:r300f:KsKd|']
    """
    n = game.num_players
    seat = view.seat
    if len(view.stacks) != n:
        raise AcpcError(f"a view of {len(view.stacks)} seats, the game has {n} positions")
    viewer = game.position(seat)
    dealt = view.board
    starts = [sum(game.num_board_cards[:r]) for r in range(game.num_rounds + 1)]
    holes = tuple(view.hole_cards if game.seat(p) == seat else () for p in range(n))
    states = []
    for rounds in betting_steps(view.events, n, game):
        betting = tuple(map(tuple, rounds))
        board = tuple(tuple(dealt[starts[r] : starts[r + 1]]) for r in range(len(betting)))
        states.append(AcpcState(hand_id, betting, holes, board, viewer))
    live = [not f for f in view.folded]
    if view.street is Street.COMPLETE and sum(live) > 1:  # a showdown: every live hand shown
        if any(live[s] and s != seat and not view.shown[s] for s in range(n)):
            raise AcpcError(
                f"hand {hand_id}: the ACPC dealer shows every hand at the showdown, this view "
                "does not (deal the hands with showdown='all')"
            )
        shown = tuple(
            view.hole_cards if s == seat else view.shown[s] or () for s in map(game.seat, range(n))
        )
        last = states[-1]
        states[-1] = AcpcState(hand_id, last.betting, shown, last.board, viewer)
    return states
