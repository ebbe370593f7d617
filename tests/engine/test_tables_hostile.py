"""Tables and tournaments against hostile use: a misdeal followed by a move, every refusal
leaving the state as it was, bad arguments, old pickle protocols and two threads on one table.

Oracles: the count of chips (every buy-in, rebuy and add-on is at a table, in a pot, with the
house or taken away), the pickled bytes of a table or tournament before and after a refused
call (the same bytes: nothing changed), and the rules' own texts (a misdealt hand is dealt again
with the same players: Robert's Rules of Poker, "Misdeals").
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from holdem import HoldemError, Table, Tournament
from holdem.engine.tournament import Break, Level
from holdem.errors import TableError
from holdem.phh import dumps_table

# -- helpers --------------------------------------------------------------------------------------


def snapshot(thing: object) -> bytes:
    """Everything a table or a tournament holds, as bytes (equal bytes: the same state).

    A table takes a finished hand back with the next call of any of its methods: taken back
    first, so that only the call under test can change what the bytes hold."""
    if isinstance(thing, Table):
        thing.stacks  # noqa: B018
    return pickle.dumps(thing, protocol=pickle.HIGHEST_PROTOCOL)


def all_in_or_call(hand: Any) -> None:
    """One action: all-in when the hand allows it, else check or call (nothing when no one is to
    act: another thread may have ended the hand since the caller looked)."""
    seat = hand.actor
    if seat is None:
        return
    if hand.can_raise_to(hand.stacks[seat] + hand.bets[seat]):
        hand.all_in()
    else:
        hand.check_or_call()


def table_chips(table: Table) -> int:
    """The chips at a table between hands: stacks plus what the house took."""
    return sum(table.stacks.values()) + table.rake


def tournament_chips(t: Tournament) -> int:
    """The chips at the tables of a tournament between rounds (no rake in a tournament)."""
    return sum(sum(table.stacks.values()) for table in t.tables.values())


# -- a misdeal, then a move (issue 28, hostile item 1) --------------------------------------------


def misdealt_table() -> Table:
    table = Table(6, blinds=(1, 2), seed=1, first_button=1)
    for seat in (1, 2, 3):
        table.sit_down(seat, f"p{seat}", 100)
    table.new_hand().misdeal()
    return table


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.leave(3),
        lambda t: t.add_chips(2, 10),
        lambda t: t.set_stakes((2, 4)),
    ],
    ids=["leave", "add_chips", "set_stakes"],
)
def test_a_player_of_a_misdealt_hand_waits_for_the_redeal(call: Callable[[Table], Any]) -> None:
    """A misdeal, then the player in seat 3 left: the redeal raised KeyError: 3 after clearing
    its flag (the next new_hand dealt hand 2). The same hand is dealt again, with the same
    players at the same stakes, before any of them leaves or buys chips."""
    table = misdealt_table()
    before = snapshot(table)
    with pytest.raises(TableError, match="misdeal"):
        call(table)
    assert snapshot(table) == before
    again = table.new_hand()
    assert table.hand_number == 1
    assert table.seat_map == (2, 3, 1)
    assert list(again.stacks) == [99, 98, 100]  # the same blinds, posted again
    while not again.is_over:
        again.fold()
    call(table)  # the hand is over: now it may
    assert table.hand_number == 1


def test_a_new_player_may_sit_down_after_a_misdeal() -> None:
    """Seating a new player does not change the misdealt hand: it is dealt again without him."""
    table = misdealt_table()
    table.sit_down(5, "new", 100)
    table.new_hand()
    assert table.hand_number == 1
    assert table.seat_map == (2, 3, 1)


def misdeal_at_the_three_handed_table(t: Tournament) -> dict[int, Any]:
    hands = t.deal_round()
    for hand in hands.values():
        if len(hand.stacks) == 3:
            hand.misdeal()
        while not hand.is_over:
            all_in_or_call(hand)
    return hands


def test_a_tournament_deals_a_misdealt_hand_again_before_moving_anyone() -> None:
    """Issue 28: a misdeal at the 3-handed table, an elimination at the other, end_round()
    moved a player of the misdealt hand and the next deal_round() raised KeyError: 1. The hand
    is dealt again at once, within the round; the players move after it."""
    t = Tournament(5, starting_stack=100, levels=[Level(1, 2)], table_size=3, seed=0)
    hands = misdeal_at_the_three_handed_table(t)
    misdealt = next(n for n, h in hands.items() if h.is_misdeal)
    assert t.end_round() == []
    assert t.round == 1
    assert t.players_left == 5  # nobody placed yet: the round is not over
    again = t.hands[misdealt]
    assert not again.is_over and not again.is_misdeal
    with pytest.raises(TableError, match="round is in play"):
        t.deal_round()
    while not again.is_over:
        again.fold()
    out = t.end_round()
    assert len(out) == 1 and t.players_left == 4
    assert tournament_chips(t) == t.chips_in_play
    t.play(all_in_or_call)
    assert t.is_over and tournament_chips(t) == t.chips_in_play


def test_play_round_plays_a_misdealt_hand_again() -> None:
    """play_round() goes on until every hand of the round, a redealt one included, is over."""
    t = Tournament(5, starting_stack=100, levels=[Level(1, 2)], table_size=3, seed=0)
    misdealt: list[int] = []

    def act(hand: Any) -> None:
        if len(hand.stacks) == 3 and not misdealt:
            misdealt.append(1)
            hand.misdeal()
        else:
            all_in_or_call(hand)

    t.play_round(act)
    assert misdealt and not t.hands and t.round == 1
    assert tournament_chips(t) == t.chips_in_play


# -- every refusal leaves the state as it was ------------------------------------------------------

BAD_VALUES: list[Any] = [0, -1, 1.5, True, None, "x", 10**30, 2**63, 7]


def table_call(table: Table, rng: random.Random) -> tuple[str, Callable[[], object], int]:
    """A call of a table's methods with good or bad arguments (drawn by ``rng``), and the
    chips it brings to the table if it succeeds."""
    seat: Any = rng.choice([*range(1, 7), *BAD_VALUES]) if rng.random() < 0.2 else rng.randint(1, 6)
    amount: Any = rng.choice(BAD_VALUES) if rng.random() < 0.3 else rng.randint(1, 200)
    hand = table.hand
    if hand is not None and rng.random() < 0.8:
        if rng.random() < 0.02:
            return "misdeal", hand.misdeal, 0
        if rng.random() < 0.3:
            return "all-in", lambda: all_in_or_call(hand), 0
        return "call", hand.check_or_call, 0
    name: Any = rng.choice(["p1", "p2", "p3", "p4", "p5", "p6", "", None])
    brought = amount if isinstance(amount, int) and not isinstance(amount, bool) else 0
    choices: list[tuple[str, Callable[[], object], int]] = [
        ("sit_down", lambda: table.sit_down(seat, name, amount), brought),
        ("leave", lambda: table.leave(seat), 0),
        ("sit_out", lambda: table.sit_out(seat), 0),
        ("come_back", lambda: table.come_back(seat), 0),
        ("add_chips", lambda: table.add_chips(seat, amount), brought),
        ("new_hand", table.new_hand, 0),
        ("new_hand", table.new_hand, 0),
        ("set_stakes", lambda: table.set_stakes((amount, 2 * brought), ante=rng.randint(-1, 1)), 0),
    ]
    what, call, chips = rng.choice(choices)
    return what, call, chips if what in ("sit_down", "add_chips") else 0


@pytest.mark.parametrize("seed", range(12))
def test_a_refused_table_call_changes_nothing(seed: int) -> None:
    """Seeded random calls, good and bad: every refusal is the package's own error and leaves
    the table exactly as it was (the same pickled bytes); chips come only from buy-ins."""
    rng = random.Random(seed)
    table = Table(6, blinds=(1, 2), min_buy_in=10, max_buy_in=200, seed=seed)
    refused = dealt = 0
    brought_in = 0
    for _ in range(400):
        what, call, chips = table_call(table, rng)
        before = snapshot(table)
        try:
            call()
        except HoldemError:
            refused += 1
            assert snapshot(table) == before, what
        else:
            brought_in += chips
            dealt += what == "new_hand"
        if table.hand is None:
            taken = sum(c for _, c in table.left)
            assert table_chips(table) + taken == brought_in
    assert refused and dealt


def tournament_call(t: Tournament, rng: random.Random) -> tuple[str, Callable[[], object]]:
    """A call of a tournament's methods with good or bad arguments (drawn by ``rng``)."""
    hands = [h for h in t.hands.values() if not h.is_over]
    if hands and rng.random() < 0.9:
        hand = rng.choice(hands)
        if rng.random() < 0.01:
            return "misdeal", hand.misdeal
        return "act", lambda: all_in_or_call(hand)
    name: Any = rng.choice(["P1", "P2", "P3", "P4", "P5", "P6", "P7", "new", "", None, 5])
    choices: list[tuple[str, Callable[[], object]]] = [
        ("deal_round", t.deal_round),
        ("deal_round", t.deal_round),
        ("end_round", t.end_round),
        ("end_round", t.end_round),
        ("rebuy", lambda: t.rebuy(name)),
        ("add_on", lambda: t.add_on(name)),
        ("register", lambda: t.register(name)),
        ("reenter", lambda: t.reenter(name)),
        ("icm", t.icm),
        ("deal", lambda: t.deal(rng.choice(["icm", "chips", "even", "x"]), left_to_play=1)),
    ]
    return rng.choice(choices)


def rebuys_at_once(name: str) -> bool:
    """P1 and P2 rebuy when they bust (a module-level function: it pickles)."""
    return name in ("P1", "P2")


@pytest.mark.parametrize("seed", range(8))
def test_a_refused_tournament_call_changes_nothing(seed: int) -> None:
    """Seeded random calls, good and bad: every refusal is the package's own error and leaves
    the tournament exactly as it was (the same pickled bytes); the chips at the tables between
    rounds are the chips it gave out."""
    from holdem.engine.schedule import Rebuys

    rng = random.Random(seed)
    t = Tournament(
        6,
        starting_stack=50,
        buy_in=10,
        levels=[Level(1, 2, hands=3), Level(2, 4, hands=3), Level(5, 10)],
        table_size=4,
        rebuys=Rebuys(cost=10, chips=50, levels=1, limit=2, add_on_cost=10, add_on_chips=50),
        on_bust=rebuys_at_once,
        late_registration=1,
        reentries=1,
        seed=seed,
    )
    refused = rounds = 0
    for _ in range(600):
        if t.is_over:
            break
        what, call = tournament_call(t, rng)
        before = snapshot(t)
        try:
            call()
        except HoldemError:
            refused += 1
            assert snapshot(t) == before, what
        else:
            rounds += what == "end_round"
        if not t.hands:
            assert tournament_chips(t) == t.chips_in_play
    assert refused and rounds


# -- bad arguments: the package's own errors (issue 28, hostile items 6 and 7) --------------------

LEVELS = [Level(1, 2)]


def tournament(**kwargs: Any) -> Callable[[], object]:
    kwargs.setdefault("players", 3)
    kwargs.setdefault("starting_stack", 100)
    kwargs.setdefault("levels", LEVELS)
    players = kwargs.pop("players")
    return lambda: Tournament(players, **kwargs)


@pytest.mark.parametrize(
    "make",
    [
        tournament(players=2.5),
        tournament(players=None),
        tournament(players="abc"),
        tournament(players=True),
        tournament(levels=[]),  # (levels=None is the default schedule: test_tournament.py)
        tournament(levels="L"),
        tournament(break_order=5),
        tournament(clock=5),
        tournament(rebuys=5),
        tournament(rng=5),
        tournament(seed=1.5),
        tournament(seed="x"),
        tournament(seed=2**64),
        tournament(on_bust=5),
        tournament(payouts=5),
        lambda: Table(blinds=None),  # type: ignore[arg-type]
        lambda: Table(blinds=5),  # type: ignore[arg-type]
        lambda: Table(blinds="12"),  # type: ignore[arg-type]
        lambda: Table(rng=5),  # type: ignore[arg-type]
        lambda: Table(seed="x"),  # type: ignore[arg-type]
        lambda: Table(seed=1.5),  # type: ignore[arg-type]
        lambda: Table(seed=-1),
        lambda: Table(seed=2**64),
        lambda: Table().set_stakes(None),  # type: ignore[arg-type]
        lambda: Table().set_stakes(5),  # type: ignore[arg-type]
    ],
)
def test_a_bad_argument_is_the_packages_own_error(make: Callable[[], object]) -> None:
    """Each raised TypeError, AttributeError or nothing at all (Table(rng=5) failed at the
    first hand; Table(seed='x') and Tournament(seed=1.5) were taken where Hand refuses them)."""
    with pytest.raises(HoldemError):
        make()


def test_a_clock_that_returns_no_number_is_refused() -> None:
    """A clock is read when the levels move: its time must be a finite number of seconds
    (a str failed with TypeError in the middle of deal_round)."""
    with pytest.raises(HoldemError, match="clock"):
        Tournament(3, starting_stack=100, levels=LEVELS, clock=lambda: float("nan"))
    times: Any = iter([0.0, "x"])
    t = Tournament(
        3, starting_stack=100, levels=[Level(1, 2, minutes=1)], clock=lambda: next(times)
    )
    with pytest.raises(HoldemError, match="clock"):
        t.deal_round()
    assert t.round == 0 and not t.hands


@pytest.mark.parametrize(
    ("stacks", "payouts"),
    [([10**400, 1], [1]), ([2**63, 1], [1]), ([10, 1], [10**400]), ([10, 1], [2**63])],
)
def test_icm_amounts_beyond_64_bits_are_refused(stacks: list[int], payouts: list[int]) -> None:
    """icm([10**400, 1], [1]) raised OverflowError (a stack turned into a float)."""
    from holdem.analysis.icm import icm
    from holdem.errors import ICMError

    with pytest.raises(ICMError, match="2\\*\\*63"):
        icm(stacks, payouts)


def test_a_seed_of_2_to_the_64_is_refused_not_wrapped() -> None:
    """equity(..., seed=2**64) dealt as seed=0 (the kernel's 64-bit seed wrapped)."""
    from holdem import equity
    from holdem.errors import ArgumentError

    with pytest.raises(ArgumentError, match="below 2\\*\\*64"):
        equity(["AsAh", "KsKh"], samples=1000, seed=2**64)
    assert equity(["AsAh", "KsKh"], samples=1000, seed=2**64 - 1) is not None


# -- sizes checked before the work (issue 28, hostile item 6) -------------------------------------


def _sizes() -> list[tuple[str, Callable[[], object]]]:
    from holdem.analysis.icm import finish_probabilities, icm, icm_exact_sets
    from holdem.analysis.payouts import even_chop, icm_chop, payout_table

    return [
        ("places", lambda: payout_table(2, 100, places=10**7)),  # was 16.8 s and 925 MB
        ("entrants", lambda: payout_table(10**9, 100)),
        ("places", lambda: payout_table(10**5, 100, percentages=[1] * 10**7)),
        ("places", lambda: Tournament(10, starting_stack=100, levels=LEVELS, paid=10**7)),
        ("players", lambda: even_chop(10**9, [1])),  # was MemoryError
        ("finishing chances", lambda: icm_chop([1] * 10**5, [1] * 10**5)),
        ("players", lambda: Tournament(10**7, starting_stack=1, levels=LEVELS)),
        ("players", lambda: Tournament(200_000, starting_stack=1, levels=LEVELS)),
        ("draws", lambda: icm(range(1, 10**6 + 1), [3, 2, 1], samples=10**7)),  # past 120 s
        ("2\\*\\*32", lambda: icm([1, 2, 3], [1], method="monte carlo", samples=10**18)),
        ("2\\*\\*64", lambda: icm_exact_sets(10**9, 10**9)),
        ("too many", lambda: finish_probabilities(list(range(1, 24)))),  # past 60 s
    ]


@pytest.mark.parametrize("index", range(12))
def test_a_size_beyond_what_can_finish_is_refused_before_the_work(index: int) -> None:
    """Each of these ran for seconds to minutes, or ran out of memory, before refusing (or
    never refused): each is now refused at once, by the package's own error."""
    match, call = _sizes()[index]
    with pytest.raises(HoldemError, match=match):
        call()


def test_a_large_field_keeps_its_default_monte_carlo_within_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The default samples of a large field shrink to the bound on the draws (at least 100),
    instead of 10,000 samples whatever the field (10**6 players: 10**10 draws, past 120 s).
    The bound is lowered here so that the test runs in a moment. A sample of many paid places
    draws every player's clock (10,000 draws here); of three places, it draws those (27 at
    most: a draw and a step over each player placed above, for each place)."""
    from holdem.analysis import icm as module

    monkeypatch.setattr(module, "_MAX_DRAWS", 2_000_000)
    n = 10_000
    result = module.icm([1] * (n - 1) + [n], [1] * 1000, seed=1)
    assert result.method == "monte carlo"
    assert result.samples == 200
    assert abs(sum(result.equity) - 1000) < 1e-6
    result = module.icm([1] * (n - 1) + [n], [3, 2, 1], seed=1)
    assert result.method == "monte carlo"
    assert result.samples == 2_000_000 // 27
    assert abs(sum(result.equity) - 6) < 1e-9


# -- copies by every pickle protocol (issue 28, hostile item 11) ----------------------------------


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_table_mid_hand_pickles_by_every_protocol(protocol: int) -> None:
    """Protocols 0 and 1 raised TypeError (a class with __slots__ and no __getstate__); the
    copy plays on exactly as the original does."""
    table = Table(6, blinds=(1, 2), seed=5, first_button=1)
    for seat in (1, 3, 4):
        table.sit_down(seat, f"p{seat}", 100)
    table.new_hand()
    copy = pickle.loads(pickle.dumps(table, protocol=protocol))
    for t in (table, copy):
        hand = t.hand
        while hand is not None and not hand.is_over:
            all_in_or_call(hand)
        for _ in range(5):
            if not t.is_over:
                t.play_hand(all_in_or_call)
    assert copy.stacks == table.stacks and copy.hand_number == table.hand_number
    assert dumps_table(copy) == dumps_table(table)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_tournament_pickles_by_every_protocol(protocol: int) -> None:
    t = Tournament(7, starting_stack=100, buy_in=10, levels=[Level(5, 10)], table_size=4, seed=2)
    t.play_round(all_in_or_call)
    copy = pickle.loads(pickle.dumps(t, protocol=protocol))
    t.play(all_in_or_call)
    copy.play(all_in_or_call)
    assert copy.standings == t.standings and copy.moves == t.moves


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_deck_and_the_acpc_generator_pickle_by_every_protocol(protocol: int) -> None:
    from holdem import Deck
    from holdem.acpc import MT19937

    deck, rng = Deck(seed=4), MT19937(5489)
    deck.deal(3)
    rng.next_uint32()
    deck2 = pickle.loads(pickle.dumps(deck, protocol=protocol))
    rng2 = pickle.loads(pickle.dumps(rng, protocol=protocol))
    assert deck2.deal(49) == deck.deal(49)
    assert [rng2.next_uint32() for _ in range(5)] == [rng.next_uint32() for _ in range(5)]


# -- levels by the clock follow the schedule (issue 28, "one level behind") -----------------------


def clocked(levels: list[Any], now: list[float]) -> Tournament:
    return Tournament(
        4, starting_stack=10**4, levels=levels, table_size=4, seed=1, clock=lambda: now[0]
    )


def fold_round(t: Tournament) -> int:
    """Deal a round at the clock's time, fold it out; returns the level it was dealt at."""
    hands = t.deal_round()
    level = t.level_number
    for hand in hands.values():
        while not hand.is_over:
            hand.fold()
    t.end_round()
    return level


def test_levels_by_the_clock_start_when_the_last_one_ran_out() -> None:
    """The issue's minimal case: hands at 610 s and 640 s with 5-minute levels came out at
    level II (timed from the first hand of each level); the schedule says III, as PokerStars'
    tournaments deal it (TDA: a new level starts when the clock reaches zero)."""
    now = [0.0]
    t = clocked([Level(k, 2 * k, minutes=5) for k in range(1, 6)], now)
    assert fold_round(t) == 1
    now[0] = 610.0
    assert fold_round(t) == 3
    now[0] = 640.0
    assert fold_round(t) == 3
    now[0] = 900.0  # 15 minutes: level IV, whenever the last hand was dealt
    assert fold_round(t) == 4
    now[0] = 10_000.0  # past the schedule: the last level stays
    assert fold_round(t) == 5


def test_a_break_by_the_clock_pauses_the_schedule() -> None:
    """A 5-minute break after level I (0-300 s) runs 300-600 s; level II runs 600-900 s."""
    now = [0.0]
    t = clocked([Level(1, 2, minutes=5), Break(5), Level(2, 4, minutes=5), Level(3, 6)], now)
    assert fold_round(t) == 1
    now[0] = 599.0
    with pytest.raises(TableError, match="break"):
        t.deal_round()
    now[0] = 650.0
    assert fold_round(t) == 2
    now[0] = 899.0
    assert fold_round(t) == 2
    now[0] = 900.0
    assert fold_round(t) == 3


# -- a player moved in under the moving button (issue 28) -----------------------------------------


@pytest.mark.parametrize("seat", [2, 4, 6])
@pytest.mark.parametrize("moved", ["robert", "tda"])
def test_a_player_moved_in_under_the_moving_button(moved: str, seat: int) -> None:
    """Seats 1, 3, 5 play a hand (button 1); seat 5 leaves and a player is moved in (from
    another table) to seat 2, 4 or 6: the moving button would give him the button (2) or the
    small blind (4, 6) on his first hand. 'tda' deals him in there (TDA 2013 rule 9); under
    'robert' (PokerStars' practice) the button and the small blind pass him by to the players
    who have played here: in seat 2 he is dealt in, in the big blind; in seats 4 and 6 (between
    the button and the small blind) he sits that hand out ("out of hand (moved from another
    table into small blind)"), and is dealt the next one. (Real PokerStars tables: see
    tests/engine/test_table_resume.py.)"""
    t = Table(6, blinds=(1, 2), button_rule="moving", moved_players=moved, first_button=1, seed=1)
    for s in (1, 3, 5):
        t.sit_down(s, f"p{s}", 100)
    t.play_hand(lambda hand: hand.fold())
    t.leave(5)
    t.sit_down(seat, "mover", 100, established=True)
    hand = t.new_hand()
    assert t.plan is not None
    if moved == "tda":
        assert seat in t.seat_map
        assert seat in (t.plan.button, t.plan.small_blind)
    elif seat == 2:
        assert (t.plan.button, t.plan.small_blind, t.plan.big_blind) == (3, 1, 2)
    else:
        assert seat not in t.seat_map and t.seat_map in ((1, 3), (3, 1))
    while not hand.is_over:
        hand.fold()
    t.new_hand()
    assert seat in t.seat_map


# -- two threads on one table or tournament (issue 28, hostile item 2) ----------------------------


def hammer(work: Callable[[int], None], threads: int = 3) -> list[BaseException]:
    """Run ``work(k)`` in several threads at once with a tiny switch interval; returns the
    exceptions that are not the package's own."""
    import sys
    import threading

    foreign: list[BaseException] = []

    def run(k: int) -> None:
        try:
            work(k)
        except BaseException as exc:  # anything that escaped the package's errors
            foreign.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        pool = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    return foreign


def test_threads_on_one_table_never_create_or_lose_chips() -> None:
    """125 of 663 tables ended with extra chips when threads shared them, and KeyError and
    "dictionary changed size during iteration" escaped. A table is not thread-safe, but a
    second thread now gets a TableError before it changes anything."""
    for seed in range(15):
        table = Table(6, blinds=(1, 2), seed=seed, auto_rebuy=100, min_buy_in=50)
        for s in range(1, 6):
            table.sit_down(s, f"p{s}", 100)
        added = [0]

        def work(k: int, table: Table = table, added: list[int] = added) -> None:
            rng = random.Random(k)
            for _ in range(60):
                try:
                    if rng.random() < 0.1:
                        table.add_chips(rng.randint(1, 5), 1)
                        added[0] += 1
                    elif rng.random() < 0.1:
                        table.sit_out(rng.randint(1, 5))
                        table.come_back(rng.randint(1, 5))
                    else:
                        table.play_hand(all_in_or_call)
                except HoldemError:
                    pass

        assert hammer(work) == []
        bought = sum(p.bought_in for p in table.players.values())
        if table.hand is None:
            assert table_chips(table) == bought


def test_threads_on_one_tournament_never_create_or_lose_chips() -> None:
    """A tournament shared by threads ended with 1,600 chips of 2,000."""
    for seed in range(6):
        t = Tournament(20, starting_stack=100, levels=[Level(5, 10)], table_size=6, seed=seed)

        def work(k: int, t: Tournament = t) -> None:
            rng = random.Random(k)
            for _ in range(400):
                try:
                    if t.is_over:
                        return
                    hands = [h for h in t.hands.values() if not h.is_over]
                    if hands:
                        all_in_or_call(rng.choice(hands))
                    elif rng.random() < 0.5:
                        t.end_round()
                    else:
                        t.deal_round()
                except HoldemError:
                    pass

        assert hammer(work) == []
        if not t.hands:
            assert tournament_chips(t) == t.chips_in_play == 2000
