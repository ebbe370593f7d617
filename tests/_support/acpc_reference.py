"""The ACPC dealer as an oracle for the tests: its rules, its files, a dealer on a socket.

* ``RefState``: the dealer's betting rules, re-stated from its reference C code (game.c). An
  oracle independent of the engine: it keeps the dealer's own state (``spent`` over the whole
  hand, ``maxSpent``, ``minNoLimitRaiseTo``, actions per round) and answers what the dealer
  would accept (``raiseIsValid``, ``isValidAction``), what it does (``doAction``) and the payoffs
  (``valueOfState``, in exact fractions). Hands are ranked by treys, a peer reached through
  ``pytest.importorskip`` when a payoff needs it, so that without treys only the tests that
  compare payoffs are skipped.
* The dealer's files in ``tests/data/acpc``: game definitions, logs of 11,000 hands (``LOGS``:
  file, game, seed, hands) and MATCHSTATE transcripts (``TRANSCRIPTS``).
* ``LoopbackDealer``: a minimal dealer from the protocol, on 127.0.0.1, for the client's tests.
"""

from __future__ import annotations

import functools
import gzip
import random
import socket
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from holdem.acpc import GameDef
from holdem.cards import RANKS, SUITS, Card

DATA = Path(__file__).resolve().parents[1] / "data" / "acpc"

LOGS = [
    ("limit2p.seed21.3000hands.log", "holdem.limit.2p.reverse_blinds.game", 21, 3000),
    ("nolimit2p.seed99.3000hands.log", "holdem.nolimit.2p.reverse_blinds.game", 99, 3000),
    ("nolimit3p-sidepots.seed5.2000hands.log", "holdem.nolimit.3p.sidepots.game", 5, 2000),
    ("nolimit4p-sidepots.seed8.2000hands.log", "holdem.nolimit.4p.sidepots.game", 8, 2000),
    ("nolimit4p-straddle.seed12.1000hands.log", "holdem.nolimit.4p.straddle.game", 12, 1000),
]
TRANSCRIPTS = [
    ("limit2p.seed3.20hands.transcript.txt", "holdem.limit.2p.reverse_blinds.game", 3),
    ("nolimit2p.seed4.20hands.transcript.txt", "holdem.nolimit.2p.reverse_blinds.game", 4),
]
SHORT_6P = GameDef.parse(
    "GAMEDEF\nnolimit\nnumPlayers = 6\nnumRounds = 4\nstack = 500 130 700 250 90 1000\n"
    "blind = 5 10 0 0 0 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
    "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
)


def lines(name: str) -> list[str]:
    """The lines of a gzipped log or transcript of ``tests/data/acpc``."""
    with gzip.open(DATA / f"{name}.gz", "rt", encoding="ascii") as f:
        return f.read().splitlines()


def game(name: str) -> GameDef:
    """A game definition of ``tests/data/acpc``."""
    return GameDef.load(DATA / name)


@functools.cache
def _treys() -> tuple[list[int], Any]:
    """treys' card of each card index (rank * 4 + suit), and its evaluator (or a skip)."""
    treys = pytest.importorskip("treys")
    cards = [treys.Card.new(RANKS[i >> 2] + SUITS[i & 3]) for i in range(52)]
    return cards, treys.Evaluator()


class RefState:
    """One hand by the dealer's rules; cards by position (ints rank*4+suit) and the full board."""

    def __init__(self, game: GameDef, holes: list[list[int]], board: list[int]) -> None:
        self.game = game
        self.n = game.num_players
        self.stack = list(game.stacks)
        self.holes = holes
        self.board = board
        self.spent = list(game.blind)
        self.max_spent = max(self.spent)
        if game.limit:
            self.min_raise_to = 0
        else:
            self.min_raise_to = 2 * self.max_spent if self.max_spent else 1
        self.folded = [False] * self.n
        self.round = 0
        self.actions: list[list[tuple[str, int, int]]] = [[] for _ in range(game.num_rounds)]
        self.finished = False
        self.round_start = [0] * self.n  # spent by each position before the round (blinds: 0)

    # -- who acts ----------------------------------------------------------------------------------

    def _next_player(self, p: int) -> int:
        while True:
            p = (p + 1) % self.n
            if not self.folded[p] and self.spent[p] < self.stack[p]:
                return p

    def current_player(self) -> int:
        acts = self.actions[self.round]
        if acts:
            return self._next_player(acts[-1][2])
        return self._next_player(self.game.first_player[self.round] - 1 + self.n - 1)

    def num_raises(self) -> int:
        return sum(1 for a in self.actions[self.round] if a[0] == "r")

    def num_acting(self) -> int:
        return sum(1 for p in range(self.n) if not self.folded[p] and self.spent[p] < self.stack[p])

    def num_called(self) -> int:
        ret = 0
        for kind, _, p in reversed(self.actions[self.round]):
            if kind == "r":
                return ret + (1 if self.spent[p] < self.stack[p] else 0)
            if kind == "c" and self.spent[p] < self.stack[p]:
                ret += 1
        return ret

    # -- what is valid ---------------------------------------------------------------------------

    def raise_range(self) -> tuple[int, int] | None:
        """(min, max) raise-to over the whole hand (limit: both the one raise), or None."""
        g = self.game
        caps = g.max_raises
        if caps is not None and self.num_raises() >= caps[self.round]:
            return None
        if self.num_acting() <= 1:
            return None
        p = self.current_player()
        if g.limit:
            to = min(self.max_spent + g.raise_size[self.round], self.stack[p])
            return to, to
        lo, hi = self.min_raise_to, self.stack[p]
        if lo > hi:
            if self.max_spent >= hi:
                return None
            lo = hi
        return lo, hi

    def can_fold(self) -> bool:
        p = self.current_player()
        return not (self.spent[p] == self.max_spent or self.spent[p] == self.stack[p])

    def is_valid(self, kind: str, size: int = 0) -> bool:
        if self.finished:
            return False
        if kind == "f":
            return self.can_fold()
        if kind == "c":
            return True
        rng = self.raise_range()
        if rng is None:
            return False
        return self.game.limit or rng[0] <= size <= rng[1]

    # -- doing it ----------------------------------------------------------------------------------

    def act(self, kind: str, size: int = 0) -> None:
        if not self.is_valid(kind, size):
            raise ValueError(f"invalid ACPC action {kind}{size or ''}")
        g, p = self.game, self.current_player()
        self.actions[self.round].append((kind, size, p))
        if kind == "f":
            self.folded[p] = True
        elif kind == "c":
            self.spent[p] = min(self.max_spent, self.stack[p])
        else:
            if not g.limit:
                if 2 * size - self.max_spent > self.min_raise_to:
                    self.min_raise_to = 2 * size - self.max_spent
                self.max_spent = size
            else:
                self.max_spent = min(self.max_spent + g.raise_size[self.round], self.stack[p])
            self.spent[p] = self.max_spent
        if sum(self.folded) + 1 >= self.n:
            self.finished = True
        elif self.num_called() >= self.num_acting():
            if self.num_acting() > 1:
                if self.round + 1 < g.num_rounds:
                    self.round += 1
                    self.round_start = list(self.spent)
                    self.min_raise_to = max([1, *g.blind]) + self.max_spent
                else:
                    self.finished = True
            else:
                self.finished = True
                self.round = g.num_rounds - 1

    # -- payoffs ---------------------------------------------------------------------------------

    def _rank(self, p: int) -> int:
        cards, evaluator = _treys()
        board = [cards[c] for c in self.board[: sum(self.game.num_board_cards)]]
        rank: int = evaluator.evaluate(board, [cards[c] for c in self.holes[p]])
        return 7463 - rank

    def value(self, player: int) -> Fraction:
        if self.folded[player]:
            return Fraction(-self.spent[player])
        if sum(self.folded) + 1 == self.n:
            return Fraction(sum(self.spent[p] for p in range(self.n) if p != player))
        entries = [
            [self.spent[p], -1 if self.folded[p] else self._rank(p), p == player]
            for p in range(self.n)
            if self.spent[p]
        ]
        value = Fraction(0)
        while True:
            size = min(e[0] for e in entries)
            win = max(e[1] for e in entries)
            winners = sum(1 for e in entries if e[1] == win)
            mine = next(e for e in entries if e[2])
            if mine[1] == win:
                value += Fraction(size * (len(entries) - winners), winners)
            else:
                value -= size
            for e in entries:
                e[0] -= size
            if mine[0] == 0:
                return value
            entries = [e for e in entries if e[0]]


# -- a dealer on a socket ------------------------------------------------------------------------


class LoopbackDealer:
    """A minimal dealer from the protocol: one listening port per seat, seats rotate each hand."""

    def __init__(self, game: GameDef, hands: int, seed: int) -> None:
        self.game, self.hands, self.rng = game, hands, random.Random(seed)
        self.listeners = [socket.create_server(("127.0.0.1", 0)) for _ in range(game.num_players)]
        for s in self.listeners:
            s.settimeout(20)
        self.ports = [s.getsockname()[1] for s in self.listeners]
        self.invalid: list[str] = []
        self.values: list[list[Fraction]] = []  # per hand, by seat
        self.error: BaseException | None = None

    def _matchstate(self, ref: RefState, hand_id: int, p: int) -> str:
        g = self.game
        betting = "/".join(
            "".join(k + (str(size) if k == "r" and not g.limit else "") for k, size, _ in r)
            for r in ref.actions[: ref.round + 1]
        )
        showdown = ref.finished and sum(ref.folded) + 1 < g.num_players
        holes = "|".join(
            "".join(str(Card(c)) for c in ref.holes[q])
            if q == p or (showdown and not ref.folded[q])
            else ""
            for q in range(g.num_players)
        )
        board, start = "", 0
        for r in range(ref.round + 1):
            count = g.num_board_cards[r]
            board += ("/" if r else "") + "".join(
                str(Card(c)) for c in ref.board[start : start + count]
            )
            start += count
        return f"MATCHSTATE:{p}:{hand_id}:{betting}:{holes}{board}"

    def run(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _run(self) -> None:
        g, n = self.game, self.game.num_players
        conns = [s.accept()[0] for s in self.listeners]
        files = [c.makefile("rwb") for c in conns]
        for c in conns:
            c.settimeout(20)
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for f in files:
            assert f.readline().strip() == b"VERSION:2.0.0"
        for hand_id in range(self.hands):
            cards = self.rng.sample(range(52), 2 * n + 5)
            ref = RefState(g, [cards[2 * p : 2 * p + 2] for p in range(n)], cards[2 * n :])
            player0 = hand_id % n  # the seat of position 0
            while True:
                sent = {}
                for seat, f in enumerate(files):
                    p = (seat - player0) % n
                    sent[p] = self._matchstate(ref, hand_id, p)
                    f.write(sent[p].encode() + b"\r\n")
                    f.flush()
                if ref.finished:
                    break
                p = ref.current_player()
                line = files[(p + player0) % n].readline().decode().rstrip("\r\n")
                head, _, action = line.rpartition(":")
                kind, size = action[:1], int(action[1:] or 0)
                if head != sent[p] or not ref.is_valid(kind, size):
                    self.invalid.append(line)
                    kind, size = "c", 0
                ref.act(kind, size)
            self.values.append([ref.value((seat - player0) % n) for seat in range(n)])
        for c in conns:
            c.close()
        for s in self.listeners:
            s.close()
