"""A table seated as a real hand left it (Table.from_history), and the table's chip ledger.

Oracle: real PokerStars sessions (the shared corpus, ../shared/corpus/pokerstars, from fpdb-3's
regression files, AGPL-3.0, read in place; skipped when absent, or from HOLDEM_CORPUS). A file
holds one table's hands one after the other: a table seated from hand k, with the players of
hand k+1 seated as its text shows them (a player who left leaves, one who came sits down, one
who sits out sits out), deals its next hand with the button, the small blind and the big blind
where hand k+1 of the file has them. Only hands that follow each other are compared: every
player of hand k+1 who played hand k starts it with the chips he finished hand k with (a hand
missing from the file, or chips moved between, would break that).
"""

from __future__ import annotations

import itertools
import os
import pickle
import random
from decimal import Decimal
from pathlib import Path

import pytest

from holdem import Hand, Table, TableError, pokerstars
from holdem.engine.button import ACTIVE, ButtonRule, MovedPlayers, SeatState, plan_hand
from holdem.errors import ArgumentTypeError
from holdem.phh import HandHistory

from _support.paths import CORPUS

FOLDER = Path(os.environ.get("HOLDEM_CORPUS", CORPUS)) / "pokerstars"


def _positions(hand: pokerstars.StarsHand) -> tuple[int, int | None, int | None]:
    """The button, small blind and big blind seats of a PokerStars hand (the blinds in their
    places: the first of each posted; a player's post out of position comes after them)."""
    seat = {s.name: s.number for s in hand.seats}
    small = [a.name for a in hand.actions if a.verb == "small blind"]
    big = [a.name for a in hand.actions if a.verb == "big blind"]
    return hand.button, seat[small[0]] if small else None, seat[big[0]] if big else None


def _follows(a: pokerstars.StarsHand, b: pokerstars.StarsHand) -> bool:
    """Hand ``b`` is the hand after ``a`` at the same table (see the module's notes)."""
    if a.table != b.table or a.tournament != b.tournament:
        return False
    history = pokerstars.to_history(a)
    assert history.finishing_stacks is not None
    finished = dict(zip(history.names, history.finishing_stacks, strict=True))
    return all(finished[s.name] == s.stack for s in b.seats if s.name in finished)


def _seat_as_next(table: Table, b: pokerstars.StarsHand) -> None:
    """Bring the table to hand ``b``'s seating: who left, who came, who sits out."""
    dealt = set(pokerstars.players_in_order(b))
    seats = {s.number: s for s in b.seats}
    for s, p in table.players.items():
        if s not in seats or seats[s].name != p.name:
            table.leave(s)
    for s, seat in seats.items():
        here = table.players.get(s)
        if here is None:
            posts = any(
                x.name == seat.name and x.verb in ("small blind", "big blind", "dead blinds")
                for x in b.actions
            )
            assert seat.stack is not None  # (PokerStars text writes every stack)
            table.sit_down(
                s,
                seat.name,
                seat.stack,
                wait_for_big_blind=not posts,
                established=b.tournament is not None,  # moved in from another table
            )
            if seat.sitting_out and seat.name not in dealt:
                table.sit_out(s)
        elif seat.name not in dealt and not here.sitting_out:
            table.sit_out(s)
        elif seat.name in dealt and here.sitting_out:
            table.come_back(s)


def _pairs() -> list[tuple[str, pokerstars.StarsHand, pokerstars.StarsHand]]:
    out: list[tuple[str, pokerstars.StarsHand, pokerstars.StarsHand]] = []
    for path in sorted(FOLDER.glob("*/*.txt")):
        try:
            hands = pokerstars.load(path).hands
        except pokerstars.PokerStarsError:  # another site's text: not PokerStars'
            continue
        out.extend((path.name, a, b) for a, b in itertools.pairwise(hands) if _follows(a, b))
    return out


@pytest.mark.skipif(not FOLDER.is_dir(), reason="the shared corpus is absent")
def test_the_next_hand_of_real_pokerstars_tables() -> None:
    pairs = _pairs()
    assert len(pairs) > 800  # 13 files of consecutive hands, cash games and tournaments
    wrong = []
    for name, a, b in pairs:
        table = Table.from_history(a, seed=0, min_buy_in=1, max_buy_in=10**12)
        assert table.button == a.button
        assert table.button_rule.value == "moving"  # PokerStars' tables move the button
        _seat_as_next(table, b)
        table.new_hand()
        plan = table.plan
        assert plan is not None
        if (plan.button, plan.small_blind, plan.big_blind) != _positions(b):
            wrong.append((name, b.number, plan.button, plan.small_blind, plan.big_blind))
    assert wrong == []


@pytest.mark.skipif(not FOLDER.is_dir(), reason="the shared corpus is absent")
def test_a_real_table_seated_from_its_phh_record() -> None:
    """The same, through the PHH history a PokerStars hand converts to (which names neither
    the button's seat when it is dead, nor the players sitting out): every hand of a cash
    session whose button is on a player dealt in and with no one sitting out."""
    path = FOLDER / "cash" / "NLHE-6max-USD-0.05-0.10-200911.txt"
    if not path.exists():
        pytest.skip("the file is absent")
    hands = pokerstars.load(path).hands
    compared = 0
    for a, b in itertools.pairwise(hands):
        dealt = pokerstars.players_in_order(a)
        if not _follows(a, b) or len(dealt) != len(a.seats):
            continue
        history = pokerstars.to_history(a)
        table = Table.from_history(history, button_rule="moving", min_buy_in=1, max_buy_in=10**9)
        seats = history.fields["seats"]
        assert table.stacks == dict(zip(seats, history.finishing_stacks or (), strict=True))
        _seat_as_next(table, b)
        table.new_hand()
        plan = table.plan
        assert plan is not None
        assert (plan.button, plan.small_blind, plan.big_blind) == _positions(b), b.number
        compared += 1
    assert compared > 50


# -- a PHH record -------------------------------------------------------------------------------


def record(**changes: object) -> HandHistory:
    """Seats 2, 4, 6 of 6: the button (6) folds, the small blind (2) folds to the big (4)."""
    base = HandHistory(
        "NT",
        (100, 100, 100),
        ("d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"),
        (0, 0, 0),
        (1, 2, 0),
        min_bet=2,
        finishing_stacks=(99, 101, 100),
        fields={"seats": [2, 4, 6], "seat_count": 6, "players": ["Ann", "Bob", "Cy"]},
    )
    return base.replace(**changes)


def test_seated_from_a_phh_record() -> None:
    table = Table.from_history(record(), seed=1, min_buy_in=10, max_buy_in=200)
    assert table.seats == 6 and table.blinds == (1, 2)
    assert table.button == 6 and table.hand_number == 0
    assert {s: (p.name, p.stack) for s, p in table.players.items()} == {
        2: ("Ann", 99),
        4: ("Bob", 101),
        6: ("Cy", 100),
    }
    hand = table.new_hand()
    assert (table.button, table.plan.small_blind, table.plan.big_blind) == (2, 4, 6)  # type: ignore[union-attr]
    assert table.seat_map == (4, 6, 2) and list(hand.stacks) == [100, 98, 99]
    assert [(e.kind, e.name, e.amount) for e in table.ledger] == [
        ("buy-in", "Ann", 99),
        ("buy-in", "Bob", 101),
        ("buy-in", "Cy", 100),
    ]


def test_a_dead_button_and_a_player_sitting_out() -> None:
    """The record's button was dead in seat 1; Dee sat out in seat 3 owing the big blind.
    Dead button (Robert's Rules): the big blind moves one player (4 -> 6), the small blind is
    the last big blind's (4), the button the last small blind's seat (2); the small blind
    passes Dee's seat, so he owes it too, and posts both (the big live, the small dead) when he
    comes back, where he may be dealt in."""
    table = Table.from_history(
        record(), button=1, sitting_out={3: ("Dee", 80)}, owes={3: (False, True)}, seed=1
    )
    assert table.button == 1
    dee = table.players[3]
    assert dee.sitting_out and dee.owes_big and not dee.owes_small and not dee.new
    hand = table.new_hand()
    plan = table.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 4, 6)
    assert 3 not in plan.dealt and table.players[3].owes_small
    while not hand.is_over:
        hand.fold()
    table.come_back(3)
    table.new_hand()
    plan = table.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (4, 6, 2)
    assert 3 in plan.dealt and plan.posts.get(3) == (1, 1)


def test_a_record_that_cannot_seat_a_table() -> None:
    with pytest.raises(TableError, match="finishing stacks"):
        Table.from_history(record(finishing_stacks=None))
    with pytest.raises(TableError, match="whole chips"):
        Table.from_history(record(finishing_stacks=(Decimal("99.5"), 101, 100)))
    with pytest.raises(TableError, match="whole chips"):
        Table.from_history(record(finishing_stacks=(Decimal("Infinity"), 101, 100)))
    with pytest.raises(TableError, match="seats"):
        Table.from_history(record(fields={"seats": [2, 2, 6]}))
    with pytest.raises(TableError, match="seat_count"):
        Table.from_history(record(fields={"seats": [2, 4, 9], "seat_count": 6}))
    with pytest.raises(TableError, match="not a free seat"):
        Table.from_history(record(), sitting_out={4: ("Dee", 80)})
    with pytest.raises(TableError, match="button"):
        Table.from_history(record(), button=7)
    with pytest.raises(TableError, match="no big blind"):
        Table.from_history(record(blinds_or_straddles=(0, 0, 0)))
    with pytest.raises(TableError, match="owes"):
        Table.from_history(record(), owes={4: (True, True)})
    with pytest.raises(ArgumentTypeError, match="HandHistory"):
        Table.from_history({"seats": [1, 2]})


def test_a_player_who_lost_every_chip_in_the_record() -> None:
    busted = record(finishing_stacks=(0, 200, 100))
    cash = Table.from_history(busted, seed=1)  # rebuys: he stays, sitting out, until he buys
    assert cash.players[2].stack == 0 and cash.players[2].sitting_out
    cash.add_chips(2, 100)
    assert not cash.players[2].sitting_out
    assert [e.kind for e in cash.ledger] == ["buy-in", "buy-in", "rebuy"]
    gone = Table.from_history(busted, seed=1, rebuys=False)
    assert 2 not in gone.players and gone.busted == ("Ann",)


# -- a player moved in under PokerStars' moving button -------------------------------------------


def test_the_moving_button_passes_a_player_moved_in_by() -> None:
    """A real hand (NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt of the corpus, table 48, hand
    30715143285): button 2, small blind 4, big blind 6 (seats 1, 2, 4, 6); seat 2 busts;
    players moved from other tables sit in seats 3 and 5. PokerStars: the button goes to
    seat 4 (not to 3, moved in), the small blind to 6 (5, moved in, sits the hand out, "out
    of hand (moved from another table into small blind)"), the big blind to 1; seat 3 plays."""
    order = range(1, 7)
    states = {s: SeatState(s, ACTIVE) for s in (1, 2, 4, 6)}
    last = plan_hand(order, states, None, rule=ButtonRule.MOVING, first_button=2)
    assert last is not None and (last.button, last.small_blind, last.big_blind) == (2, 4, 6)
    del states[2]
    states[3] = SeatState("from table 12", ACTIVE, moved=True)
    states[5] = SeatState("from table 30", ACTIVE, moved=True)
    plan = plan_hand(order, states, last, rule=ButtonRule.MOVING, moved=MovedPlayers.ROBERT)
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (4, 6, 1)
    assert plan.dealt == (6, 1, 3, 4)


def test_a_player_moved_in_is_passed_by_until_he_is_dealt_a_hand() -> None:
    """The corpus's table 11 (AllinLotsRebuy, hands 95143913174 and 50411262384): button 6,
    players moved in to seats 1 and 2 sit out ("out of hand"), small blind 3, big blind 4;
    the next hand's button goes to seat 3, not to seat 1 (he has not played a hand there yet),
    and seats 1 and 2 are dealt in."""
    t = Table(6, blinds=(1, 2), button_rule="moving", first_button=5, seed=2)
    for s in (3, 4, 5, 6):
        t.sit_down(s, f"S{s}", 100)
    t.play_hand(lambda hand: hand.fold())  # button 5
    t.sit_down(1, "M1", 100, established=True)
    t.sit_down(2, "M2", 100, established=True)
    t.play_hand(lambda hand: hand.fold())
    plan = t.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (6, 3, 4)
    assert 1 not in plan.dealt and 2 not in plan.dealt
    t.play_hand(lambda hand: hand.fold())
    plan = t.plan
    assert plan is not None
    assert (plan.button, plan.small_blind, plan.big_blind) == (3, 4, 5)
    assert plan.dealt == (4, 5, 6, 1, 2, 3)


# -- the ledger and the stack adjustments ---------------------------------------------------------


def balanced(table: Table) -> bool:
    """The ledger adds up to the chips the table holds and the house took. (With a hand in
    play the table's stacks are those it was dealt with: the hand keeps its own chips.)"""
    return sum(e.amount for e in table.ledger) == sum(table.stacks.values()) + table.rake


def test_adjustments_are_booked() -> None:
    t = Table(6, blinds=(1, 2), first_button=1, seed=3, min_buy_in=40, max_buy_in=200)
    t.sit_down(1, "Ann", 100)
    t.sit_down(2, "Bob", 100)
    t.sit_down(3, "Cy", 100)
    t.add_on(1, 50)
    t.play_hand(lambda hand: hand.check_or_call())
    t.correct(2, 7, "a pot pushed short")
    t.correct(3, -t.stacks[3], "the floor voids his chips")  # to 0: broke, sitting out
    assert t.players[3].sitting_out and t.players[3].stack == 0
    t.rebuy(3, 40)
    taken = t.cash_out(2)
    kinds = [(e.kind, e.name, e.reason) for e in t.ledger]
    assert kinds == [
        ("buy-in", "Ann", ""),
        ("buy-in", "Bob", ""),
        ("buy-in", "Cy", ""),
        ("top-up", "Ann", ""),
        ("correction", "Bob", "a pot pushed short"),
        ("correction", "Cy", "the floor voids his chips"),
        ("rebuy", "Cy", ""),
        ("cash-out", "Bob", ""),
    ]
    assert t.ledger[-1].amount == -taken and t.ledger[4].hand == 1
    assert balanced(t)


def test_adjustments_refused_mid_hand_leave_the_table_as_it_was() -> None:
    t = Table(6, blinds=(1, 2), first_button=1, seed=3, min_buy_in=40, max_buy_in=200)
    for s in (1, 2, 3):
        t.sit_down(s, f"P{s}", 100)
    t.sit_down(5, "Out", 100)
    t.sit_out(5)
    hand = t.new_hand()
    hand.check_or_call()
    before = pickle.dumps((t.players, t.ledger, t.left, hand.stacks))
    for call, match in (
        (lambda: t.correct(1, 5, "a miscount"), "in the hand in play"),
        (lambda: t.cash_out(2), "in the hand in play"),
        (lambda: t.add_chips(3, 10), "in the hand in play"),
        (lambda: t.correct(5, -101, "too much"), "would leave -1"),
        (lambda: t.correct(5, 0, "nothing"), "nonzero"),
        (lambda: t.correct(5, 1.5, "a float"), "nonzero int"),  # type: ignore[arg-type]
        (lambda: t.correct(5, True, "a bool"), "nonzero int"),
        (lambda: t.correct(5, 10**30, "absurd"), "nonzero int"),
        (lambda: t.correct(5, 1, ""), "reason"),
        (lambda: t.correct(5, 1, None), "reason"),  # type: ignore[arg-type]
        (lambda: t.correct(4, 1, "empty seat"), "empty"),
    ):
        with pytest.raises(TableError, match=match):
            call()
        assert pickle.dumps((t.players, t.ledger, t.left, hand.stacks)) == before
    assert balanced(t)
    t.correct(5, -30, "a player not in the hand: between his hands")  # allowed mid-hand
    assert t.players[5].stack == 70 and balanced(t)


def test_fuzzed_sessions_keep_every_chip_accounted_for() -> None:
    """Seeded: random hands, buy-ins, rebuys, top-ups, corrections, cash-outs and automatic
    rebuys; after every step the ledger adds up to the chips the table holds."""
    for seed in range(30):
        rng = random.Random(seed)

        def act(hand: Hand, rng: random.Random = rng) -> None:
            rng.choice((hand.fold, hand.check_or_call))()

        t = Table(
            6,
            blinds=(1, 2),
            seed=seed,
            min_buy_in=20,
            max_buy_in=200,
            auto_rebuy=rng.choice((0, 0, 50)),
            rebuys=rng.random() < 0.8,
        )
        names = iter(f"P{k}" for k in range(10_000))
        for s in rng.sample(range(1, 7), 3):
            t.sit_down(s, next(names), rng.randint(20, 200))
        for _ in range(40):
            move = rng.random()
            seats = list(t.players)
            try:
                if move < 0.5:
                    t.play_hand(act)
                elif move < 0.6 and len(seats) < 6:
                    free = [s for s in range(1, 7) if s not in seats]
                    t.sit_down(rng.choice(free), next(names), rng.randint(20, 200))
                elif move < 0.7 and seats:
                    t.add_chips(rng.choice(seats), rng.randint(1, 200))
                elif move < 0.85 and seats:
                    s = rng.choice(seats)
                    t.correct(s, rng.randint(-t.stacks[s], 50) or 1, "fuzz")
                elif seats:
                    t.cash_out(rng.choice(seats))
            except TableError:
                pass
            assert balanced(t), (seed, t.ledger)
