"""Property tests of the table (hypothesis): random sessions of players joining, leaving,
sitting out, coming back, buying chips and busting, with random hands in between.

Invariants (Robert's Rules of Poker "Button and blind use", the TDA rules, Wikipedia "Texas
hold 'em"):

* chips are conserved: the stacks on the table plus the chips taken away (and the house's
  rake, when the rules rake) equal every buy-in, with the board run once or several times;
* no player posts the big blind two hands running (heads-up included);
* dead button: the big blind moves to the next player who may take it, clockwise;
* heads-up, the button posts the small blind and acts first pre-flop;
* with three or more players the small blind (if any) is the first seat left of the button and
  the big blind the next; pre-flop the action starts left of the big blind, live posts or not;
* a new player, or one who owes blinds, is dealt in only as the big blind or with a post, never
  between the button and the big blind; the post is the big blind (live) and the small blind
  (dead) owed;
* a move the table refuses raises TableError and changes nothing.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import EventKind, Rake, Rules, Table, TableError
from holdem.engine.button import ButtonRule, MovedPlayers, plan_hand
from holdem.engine.table import PlayerInfo

from _support.random_play import play_randomly

SB, BB = 1, 2
OPS = ("sit", "sit", "leave", "sit_out", "come_back", "add", "hand", "hand", "hand", "hand")


def arc(seats: int, start: int, end: int) -> list[int]:
    """Table seats strictly clockwise after ``start`` and strictly before ``end``."""
    out = []
    s = start % seats + 1
    while s != end:
        out.append(s)
        s = s % seats + 1
    return out


class Session:
    def __init__(
        self,
        seats: int,
        rule: str,
        seed: int,
        rules: Rules | str = "casino",
        runs: int = 1,
        *,
        rebuys: bool = True,
        moved: str = "robert",
    ) -> None:
        self.t = Table(
            seats,
            blinds=(SB, BB),
            min_buy_in=10,
            max_buy_in=300,
            button_rule=rule,
            first_button=1,
            seed=seed,
            rules=rules,
            runs=runs,
            rebuys=rebuys,
            moved_players=moved,
        )
        self.moved = moved
        self.moved_in: set[str] = set()  # players seated as moved in since the last hand
        self.rule = rule
        self.seats = seats
        self.rng = random.Random(seed)
        self.bought = 0
        self.names = 0
        self.last_big: str | None = None
        self.hands = 0

    def conserved(self) -> None:
        t = self.t
        taken = sum(chips for _, chips in t.left)
        assert sum(t.stacks.values()) + taken + t.rake == self.bought

    def refused(self, call: Any, *args: Any, **kw: Any) -> None:
        before = self.t.players
        try:
            call(*args, **kw)
        except TableError:
            assert self.t.players == before

    def op(self, name: str, seat: int, value: int) -> None:
        t = self.t
        if name in ("sit", "move_in"):
            self.names += 1
            before = t.players
            buy_in = 10 + value % 300
            moved = name == "move_in"
            try:
                t.sit_down(
                    seat,
                    f"N{self.names}",
                    buy_in,
                    wait_for_big_blind=value % 2 == 0,
                    established=moved,
                )
            except TableError:
                assert t.players == before
            else:
                self.bought += buy_in
                if moved:
                    self.moved_in.add(f"N{self.names}")
        elif name == "leave":
            self.refused(t.leave, seat)
        elif name == "sit_out":
            self.refused(t.sit_out, seat)
        elif name == "come_back":
            self.refused(t.come_back, seat, wait_for_big_blind=value % 3 == 0)
        elif name == "add":
            before = t.players
            amount = 1 + value % 150
            try:
                t.add_chips(seat, amount)
            except TableError:
                assert t.players == before
            else:
                self.bought += amount
        else:
            self.hand()
        self.conserved()

    def hand(self) -> None:
        t = self.t
        before: dict[int, PlayerInfo] = t.players
        last = t.plan
        states = t.seat_states()
        try:
            hand = t.new_hand()
        except TableError:
            able = [p for p in before.values() if p.stack > 0 and not p.sitting_out]
            assert len(able) < 2 or t.hand is not None
            return
        self.hands += 1
        plan = t.plan
        assert plan is not None
        if last is not None and plan is not last:  # (a misdeal's hand is dealt again as it was)
            # The table's plan is the button rules' for these states, whether it worked it out
            # or gave again what it had worked out for the same states and last plan.
            assert plan == plan_hand(
                range(1, self.seats + 1),
                states,
                last,
                rule=ButtonRule(self.rule),
                moved=MovedPlayers(self.moved),
            )
        dealt = plan.dealt
        n = len(dealt)
        names = [before[s].name for s in dealt]
        for s in dealt:
            assert s in before and before[s].stack > 0 and not before[s].sitting_out
        # no big blind twice running
        big_name = before[plan.big_blind].name
        assert big_name != self.last_big
        # dead button: the small blind is the last big blind's player, or (TDA) a player moved
        # in to that seat since; Robert's Rules: never a player moved in
        if self.rule == "dead" and n > 2 and not plan.fresh and plan.small_blind is not None:
            small_name = before[plan.small_blind].name
            moved_in = self.moved == "tda" and small_name in self.moved_in
            assert small_name == self.last_big or moved_in, (small_name, self.last_big)
        self.moved_in.clear()
        self.last_big = big_name
        index = {s: i for i, s in enumerate(dealt)}
        big = index[plan.big_blind]
        forced = list(hand.forced_bets)
        if n == 2:
            assert plan.small_blind == plan.button
            assert dealt == (plan.big_blind, plan.button)
            assert forced == [BB, SB]
        else:
            if plan.small_blind is not None:
                assert index[plan.small_blind] == 0 and big == 1
                assert forced[:2] == [SB, BB] and not any(forced[2:])
            else:
                assert big == 0 and forced[0] == BB and not any(forced[1:])
            # dealt in order from the seat left of the button
            assert dealt == tuple(sorted(dealt, key=lambda s: (s - plan.button - 1) % self.seats))
        if self.rule == "dead" and last is not None and not plan.fresh and n > 2:
            for s in arc(self.seats, last.big_blind, plan.big_blind):
                p = before.get(s)
                assert p is None or p.sitting_out or p.stack == 0
        # posts
        posted = {e.seat: e.amount for e in hand.events if e.kind is EventKind.POST}
        dead = {e.seat: e.amount for e in hand.events if e.kind is EventKind.DEAD_BLIND}
        between = set(arc(self.seats, plan.button, plan.big_blind)) | {plan.button}
        for i, s in enumerate(dealt):
            p = before[s]
            owing = p.new or p.owes_big or p.owes_small
            if i in posted or i in dead:
                assert not plan.fresh and s not in between and owing
                owed_dead = min(SB, p.stack) if p.owes_small and not p.new else 0
                assert dead.get(i, 0) == owed_dead
                live = min(BB, p.stack - owed_dead) if p.new or p.owes_big else 0
                assert posted.get(i, 0) == live
            elif owing and not plan.fresh and n > 2 and last is not None:
                assert s == plan.big_blind, (s, p, plan)
        # pre-flop, the action starts left of the big blind (deep stacks: no one all-in yet)
        if all(st > 3 * BB for st in hand.stacks) and hand.actor is not None:
            assert hand.actor == (big + 1) % n
        play_randomly(hand, self.rng)
        assert t.hand is None
        after = t.players
        assert t.occupied == tuple(sorted(after))  # the seats, without the players' details
        for i, s in enumerate(dealt):
            if s in after and after[s].name == names[i]:
                assert after[s].stack == hand.stacks[i]
                assert not after[s].new


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seats=st.integers(2, 10),
    rule=st.sampled_from(("dead", "moving")),
    seed=st.integers(0, 2**16),
    ops=st.lists(
        st.tuples(st.sampled_from(OPS), st.integers(1, 10), st.integers(0, 10**6)),
        min_size=1,
        max_size=60,
    ),
)
def test_random_sessions(seats: int, rule: str, seed: int, ops: list[tuple[str, int, int]]) -> None:
    session = Session(seats, rule, seed)
    for s in range(1, min(seats, 4) + 1):
        session.op("sit", s, 100)
    for name, seat, value in ops:
        session.op(name, (seat - 1) % seats + 1, value)


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(3, 10), seed=st.integers(0, 2**16))
def test_full_tables_rotate_the_button_one_seat(seats: int, seed: int) -> None:
    t = Table(seats, blinds=(SB, BB), first_button=1 + seed % seats, seed=seed)
    for s in range(1, seats + 1):
        t.sit_down(s, f"P{s}", 200)
    rng = random.Random(seed)
    buttons, bigs = [], []
    for _ in range(2 * seats):
        hand = t.new_hand()
        assert t.plan is not None
        buttons.append(t.plan.button)
        bigs.append(t.plan.big_blind)
        while not hand.is_over:  # no raises: nobody goes broke
            if hand.legal_actions().call is not None and rng.random() < 0.5:
                hand.fold()
            else:
                hand.check_or_call()
    assert sum(t.stacks.values()) == 200 * seats
    for a, b in itertools.pairwise(buttons):
        assert b == a % seats + 1
    for a, b in itertools.pairwise(bigs):
        assert b == a % seats + 1
    assert sorted(buttons[:seats]) == list(range(1, seats + 1))  # everyone gets the button


def test_seeded_sessions() -> None:
    """A bounded seeded fuzz run of the same invariants (faster to reach rare paths)."""
    for seed in range(200):
        r = random.Random(seed)
        seats = r.randint(2, 10)
        session = Session(seats, r.choice(("dead", "moving")), seed)
        for s in range(1, min(seats, 4) + 1):
            session.op("sit", s, 100)
        for _ in range(60):
            session.op(r.choice(OPS), r.randint(1, seats), r.randint(0, 10**6))


def test_seeded_sessions_with_rake_and_runs() -> None:
    """The same invariants with a raked game (5%, capped) and the board run two or three times
    when everyone is all in: the house's chips are the only ones to leave the table."""
    raked = 0
    for seed in range(60):
        r = random.Random(seed)
        seats = r.randint(2, 6)
        rake = Rake(percent=r.choice((5, "2.5", 10)), cap=r.choice((None, 3, 8)))
        rules = Rules.preset("casino", rake=rake)
        session = Session(seats, r.choice(("dead", "moving")), seed, rules, r.choice((1, 2, 3)))
        for s in range(1, min(seats, 4) + 1):
            session.op("sit", s, 100)
        for _ in range(50):
            session.op(r.choice(OPS), r.randint(1, seats), r.randint(0, 10**6))
        raked += session.t.rake
        assert all(h.hand.rake >= 0 for h in session.t.history)
        assert session.t.rake == sum(h.hand.rake for h in session.t.history if h.hand.is_over)
    assert raked > 0


def test_seeded_sessions_with_busts_and_moves() -> None:
    """Players who go broke leave the table (no rebuys), and players sit down as moved in from
    another table (established, posting nothing), under either rule for the small blind's
    seat: the same invariants."""
    for seed in range(120):
        r = random.Random(seed)
        seats = r.randint(2, 10)
        moved = r.choice(("robert", "tda"))
        session = Session(seats, r.choice(("dead", "moving")), seed, rebuys=False, moved=moved)
        for s in range(1, min(seats, 4) + 1):
            session.op("sit", s, 100)
        for _ in range(60):
            session.op(r.choice(OPS + ("move_in",) * 2), r.randint(1, seats), r.randint(0, 10**6))
