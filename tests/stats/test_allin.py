"""All-in adjusted winnings (holdem.stats, docs/guide/stats.md) against an outside oracle.

The hands go all-in on the turn, so every river can be counted: phevaluator (a test
dependency) ranks each player's seven cards, and the test adds up each pot's wins and ties by
hand, side pots included; the rake comes off each pot in proportion. Hands that do not qualify
(betting on the river, a hand not shown, two players with chips behind) keep their winnings.
"""

from __future__ import annotations

import pytest

from holdem.errors import ArgumentError
from holdem.phh import loads
from holdem.stats import Tracker, hand_flags

phevaluator = pytest.importorskip("phevaluator")

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


def history(stacks: list[int], actions: list[str], finishing: list[int]) -> object:
    n = len(stacks)
    text = (
        'variant = "NT"\n'
        f"antes = {[0] * n}\n"
        f"blinds_or_straddles = {[1, 2] + [0] * (n - 2)}\n"
        "min_bet = 2\n"
        f"starting_stacks = {stacks}\n"
        f"players = {[f'P{k + 1}' for k in range(n)]}\n"
        f"actions = {actions}\n"
        f"finishing_stacks = {finishing}\n"
    )
    return loads(text)[0]


def river_values(holes: list[str], turn: str, pots: list[tuple[int, list[int]]]) -> list[float]:
    """Each player's expected chips from the pots, every river counted (phevaluator ranks)."""
    cards = [turn[i : i + 2] for i in range(0, len(turn), 2)]
    used = set(cards) | {h[i : i + 2] for h in holes for i in (0, 2)}
    rivers = [c for c in DECK if c not in used]
    got = [0.0] * len(holes)
    for river in rivers:
        ranks = [
            phevaluator.evaluate_cards(h[:2], h[2:], *cards, river) for h in holes
        ]  # lower is better
        for amount, seats in pots:
            best = min(ranks[k] for k in seats)
            winners = [k for k in seats if ranks[k] == best]
            for k in winners:
                got[k] += amount / len(winners)
    return [g / len(rivers) for g in got]


def test_heads_up_all_in_on_the_turn_with_rake() -> None:
    holes = ["AhKh", "QsQd"]
    actions = [
        "d dh p1 AhKh", "d dh p2 QsQd", "p2 cc", "p1 cc", "d db 2h7hJc", "p1 cc", "p2 cc",
        "d db 3s", "p1 cbr 50", "p2 cbr 98", "p1 cc", "d db 9d",
        "p2 sm QsQd", "p1 sm AhKh",
    ]  # fmt: skip
    # Queens hold: the pot of 200 less a rake of 4 to p2.
    flags = hand_flags(history([100, 100], actions, [0, 196]))
    pot, rake = 200, 4
    # PHH heads-up: p1 is the big blind, p2 the button; both put in 100.
    expected = river_values(holes, "2h7hJc3s", [(pot, [0, 1])])
    for k, f in enumerate(flags):
        assert f.all_in_ev is not None
        assert f.all_in_ev == pytest.approx(expected[k] * (pot - rake) / pot - 100, abs=1e-9)
        assert f.won_adjusted == f.all_in_ev and f.won == [-100, 96][k]
    assert sum(f.all_in_ev for f in flags if f.all_in_ev is not None) == pytest.approx(-rake)


def test_three_players_all_in_on_the_turn_make_a_side_pot() -> None:
    holes = ["AhKh", "QsQd", "7c7d"]
    actions = [
        "d dh p1 AhKh", "d dh p2 QsQd", "d dh p3 7c7d", "p3 cc", "p1 cc", "p2 cc",
        "d db 2h8hJc", "p1 cc", "p2 cc", "p3 cc", "d db 3s",
        "p1 cbr 40", "p2 cbr 80", "p3 cc", "d db 9d",
        "p1 sm AhKh", "p2 sm QsQd", "p3 sm 7c7d",
    ]  # fmt: skip
    # p1 (42 in all) is all-in for 40 more; p2 raises to 80, p3 calls all-in for his 80 (82
    # in all), the rest of p2's bet has no caller (p2 has chips behind: the one left).
    stacks = [42, 200, 82]
    put_in = [42, 82, 82]
    pots = [(3 * 42, [0, 1, 2]), (2 * 40, [1, 2])]
    expected = river_values(holes, "2h8hJc3s", pots)
    finishing = [0, 200 - 82 + 206, 0]  # queens hold everything (no rake)
    flags = hand_flags(history(stacks, actions, finishing))
    for k, f in enumerate(flags):
        assert f.all_in_ev == pytest.approx(expected[k] - put_in[k], abs=1e-9), k
    assert sum(f.all_in_ev or 0 for f in flags) == pytest.approx(0, abs=1e-9)
    tracker = Tracker()
    tracker.add(history(stacks, actions, finishing))
    assert tracker["P1"].won_adjusted == pytest.approx(flags[0].all_in_ev)


@pytest.mark.parametrize(
    "actions",
    [
        # the betting went on to the river
        ["d dh p1 AhKh", "d dh p2 QsQd", "p2 cc", "p1 cc", "d db 2h7hJc", "p1 cc", "p2 cc",
         "d db 3s", "p1 cc", "p2 cc", "d db 9d", "p1 cbr 98", "p2 cc",
         "p1 sm AhKh", "p2 sm QsQd"],
        # a hand never shown
        ["d dh p1 ????", "d dh p2 QsQd", "p2 cbr 100", "p1 cc", "d db 2h7hJc", "d db 3s",
         "d db 9d", "p1 sm", "p2 sm QsQd"],
        # both keep chips behind (check down)
        ["d dh p1 AhKh", "d dh p2 QsQd", "p2 cc", "p1 cc", "d db 2h7hJc", "p1 cc", "p2 cc",
         "d db 3s", "p1 cc", "p2 cc", "d db 9d", "p1 cc", "p2 cc",
         "p1 sm AhKh", "p2 sm QsQd"],
    ],
)  # fmt: skip
def test_hands_that_do_not_qualify_keep_their_winnings(actions: list[str]) -> None:
    last = [a for a in actions if "cbr" in a]
    put = int(last[-1].split()[-1]) if last else 2
    flags = hand_flags(history([100, 100], actions, [100 - put, 100 + put]))
    for f in flags:
        assert f.all_in_ev is None and f.won_adjusted == float(f.won)


def test_positions_name_every_seat_from_the_blinds_to_the_button() -> None:
    names = [f"P{k + 1}" for k in range(6)]
    actions = [f"d dh p{k + 1} ????" for k in range(6)] + [f"p{k} f" for k in (3, 4, 5, 6, 1)]
    flags = hand_flags(history([100] * 6, actions, [99, 101, 100, 100, 100, 100]))
    assert [f.name for f in flags] == names
    assert [f.position for f in flags] == ["SB", "BB", "UTG", "HJ", "CO", "BTN"]
    assert all(f.all_in_ev is None and f.won_adjusted == f.won for f in flags)


def test_positional_splits_rows_and_the_dataframe() -> None:
    actions = [f"d dh p{k + 1} ????" for k in range(3)]
    tracker = Tracker(by_position=True)
    # Three hands of three players; the seats rotate, so each player sits each position once.
    for shift in range(3):
        names = [f"P{(k + shift) % 3 + 1}" for k in range(3)]
        text = (
            'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
            f"starting_stacks = [100, 100, 100]\nplayers = {names}\n"
            f"actions = {[*actions, 'p3 cbr 6', 'p1 f', 'p2 f']}\n"
            "finishing_stacks = [99, 98, 103]\n"
        )
        tracker.add(loads(text)[0])
    split = tracker.positions["P1"]
    assert sorted(split) == ["BB", "BTN", "SB"] and all(s.hands == 1 for s in split.values())
    assert split["BTN"].won == 3 and split["SB"].won == -1 and split["BB"].won == -2
    assert split["BTN"].steal.percent == 100.0 and split["BB"].fold_to_steal.percent == 100.0
    rows = tracker.rows(by_position=True)
    assert [(r["player"], r["position"]) for r in rows[:3]] == [
        ("P1", "BTN"), ("P1", "SB"), ("P1", "BB"),
    ]  # fmt: skip
    assert [r["player"] for r in tracker.rows()] == ["P1", "P2", "P3"]
    assert tracker.rows()[0]["vpip"] == pytest.approx(100 / 3)
    with pytest.raises(ArgumentError):
        Tracker().rows(by_position=True)
    pandas = pytest.importorskip("pandas")
    frame = tracker.to_dataframe(by_position=True)
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 9
    assert frame.loc[(frame.player == "P2") & (frame.position == "BTN"), "won"].item() == 3
