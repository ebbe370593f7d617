"""The ACPC dealer's betting rules, re-stated for the tests from its reference C code (game.c).

An oracle independent of the engine: it keeps the dealer's own state (``spent`` over the whole
hand, ``maxSpent``, ``minNoLimitRaiseTo``, actions per round) and answers what the dealer would
accept (``raiseIsValid``, ``isValidAction``), what it does (``doAction``) and the payoffs
(``valueOfState``, in exact fractions). Hands are ranked by treys, a peer (pure Python, so the
tests run wherever the core test requirements install).
"""

from __future__ import annotations

from fractions import Fraction

from treys import Card as TreysCard
from treys import Evaluator

from holdem.acpc import GameDef

_RANKS, _SUITS = "23456789TJQKA", "cdhs"
_TREYS = [TreysCard.new(_RANKS[i >> 2] + _SUITS[i & 3]) for i in range(52)]
_EVALUATOR = Evaluator()


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
        board = [_TREYS[c] for c in self.board[: sum(self.game.num_board_cards)]]
        return 7463 - _EVALUATOR.evaluate(board, [_TREYS[c] for c in self.holes[p]])

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
