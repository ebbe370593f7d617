"""holdem.stats' flags and totals on hands worked by hand (docs/guide/stats.md's definitions).

Each hand is small enough to read every flag off its actions with the page's definitions; the
amounts are worked out from the bets.
"""

from __future__ import annotations

import math

import pytest

from holdem.errors import PHHError
from holdem.phh import HandHistory, loads
from holdem.stats import Flags, Tracker, big_blind, hand_flags, player_stats

# Four players: p1 small blind (Ann), p2 big blind (Bob), p3 cutoff (Cy), p4 button (Di).
HEADER = """
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200]
players = ["Ann", "Bob", "Cy", "Di"]
"""


def hand(*actions: str, finishing: tuple[int, ...] | None = None) -> HandHistory:
    text = HEADER + "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n"
    if finishing is not None:
        text += f"finishing_stacks = {list(finishing)}\n"
    return loads(text)[0]


def flags(*actions: str, finishing: tuple[int, ...] | None = None) -> list[Flags]:
    return hand_flags(hand(*actions, finishing=finishing))


DEALT = ("d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????")


def test_a_steal_three_bet_and_fold() -> None:
    # Cy folds, Di (button) opens to 6 (a steal), Ann (small blind) 3-bets to 20, Bob folds,
    # Di folds: Ann gets her uncalled 14 back and collects the pot of 6 + 2 + 6 = 14.
    ann, bob, cy, di = flags(
        *DEALT, "p3 f", "p4 cbr 6", "p1 cbr 20", "p2 f", "p4 f", finishing=(208, 198, 200, 194)
    )
    assert (cy.steal_chance, cy.steal, cy.vpip) == (True, False, False)
    assert (di.steal_chance, di.steal, di.vpip, di.pfr) == (True, True, True, True)
    assert (di.fold_to_three_bet_chance, di.fold_to_three_bet) == (True, True)
    assert (di.four_bet_chance, di.four_bet) == (True, False)
    assert (ann.steal_chance, ann.fold_to_steal_chance, ann.fold_to_steal) == (False, True, False)
    assert (ann.three_bet_chance, ann.three_bet) == (True, True)
    # Bob's first turn comes after the 3-bet: no 3-bet chance, and no steal left to fold to.
    assert (bob.three_bet_chance, bob.fold_to_steal_chance, bob.vpip) == (False, False, False)
    assert [f.won for f in (ann, bob, cy, di)] == [8, -2, 0, -6]
    assert ann.collected == 14 and di.collected == 0
    assert ann.won_bb == 4.0 and not any(f.saw_flop or f.showdown for f in (ann, bob, cy, di))


# Cy and Di fold, Ann calls 2 (completes), Bob checks: a limped pot, nobody raised. On the flop
# Ann bets 2 (no c-bet: no preflop aggressor), Bob raises to 8, Ann calls. The turn: Ann checks,
# Bob bets 10 (his c-bet: the flop's last aggressor), Ann raises to 30 (a check-raise), Bob folds.
LIMPED = (
    *DEALT,
    "p3 f",
    "p4 f",
    "p1 cc",
    "p2 cc",
    "d db AcKd2h",
    "p1 cbr 2",
    "p2 cbr 8",
    "p1 cc",
    "d db 7s",
    "p1 cc",
    "p2 cbr 10",
    "p1 cbr 30",
    "p2 f",
)


def test_a_limped_pot_cbet_check_raise_and_donk_chance() -> None:
    ann, bob, cy, di = flags(*LIMPED, finishing=(220, 180, 200, 200))
    assert (ann.vpip, ann.pfr, bob.vpip) == (True, False, False)
    # Folded to Ann in the small blind: a steal chance, not taken (she completed).
    assert (ann.steal_chance, ann.steal, di.steal_chance, cy.steal_chance) == (
        True,
        False,
        True,
        True,
    )
    assert ann.cbet_chance == [False] * 4 and bob.cbet_chance[1] is False
    assert (bob.cbet_chance[2], bob.cbet[2]) == (True, True)
    assert (ann.fold_to_cbet_chance[2], ann.fold_to_cbet[2]) == (True, False)
    assert (ann.check_raise_chance[2], ann.check_raise[2]) == (True, True)
    # Ann acts first on the turn, before Bob (the flop's aggressor): a donk chance, checked.
    assert (ann.donk_bet_chance[2], ann.donk_bet[2]) == (True, False)
    assert (ann.bets, ann.raises, ann.calls, ann.checks) == (
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [1, 1, 0, 0],
        [0, 0, 1, 0],
    )
    assert (bob.bets, bob.raises, bob.checks, bob.folds) == (
        [0, 0, 1, 0],
        [0, 1, 0, 0],
        [1, 0, 0, 0],
        [0, 0, 1, 0],
    )
    assert ann.saw == [True, True, True, False] and cy.saw == [True, False, False, False]
    assert not ann.showdown and ann.won_when_saw_flop and not bob.won_when_saw_flop
    assert (ann.won, bob.won) == (20, -20)


def test_a_showdown_and_its_winner() -> None:
    # Di opens to 6, everyone folds to Bob who calls; both check down; Bob shows the better hand.
    ann, bob, _, di = flags(
        *DEALT,
        "p3 f",
        "p4 cbr 6",
        "p1 f",
        "p2 cc",
        "d db AcKd2h",
        "p2 cc",
        "p4 cc",
        "d db 7s",
        "p2 cc",
        "p4 cc",
        "d db 3c",
        "p2 cc",
        "p4 cc",
        "p4 sm QhQd",
        "p2 sm AhAd",
        finishing=(199, 207, 200, 194),
    )
    assert (bob.fold_to_steal_chance, bob.fold_to_steal) == (True, False)
    assert (di.cbet_chance[1], di.cbet[1]) == (True, False)
    assert bob.donk_bet_chance[1] and not bob.donk_bet[1]
    assert (bob.showdown, bob.won_at_showdown, di.showdown, di.won_at_showdown) == (
        True,
        True,
        True,
        False,
    )
    assert ann.showdown is False and bob.collected == 13


def test_totals_and_bb_per_100() -> None:
    first = hand(
        *DEALT, "p3 f", "p4 cbr 6", "p1 cbr 20", "p2 f", "p4 f", finishing=(208, 198, 200, 194)
    )
    second = hand(*DEALT, "p3 f", "p4 cbr 6", "p1 f", "p2 f", finishing=(199, 198, 200, 203))
    stats = player_stats([first, second])
    di = stats["Di"]
    assert (di.hands, di.steal.acts, di.steal.chances, di.steal.percent) == (2, 2, 2, 100.0)
    assert (di.fold_to_three_bet.acts, di.fold_to_three_bet.chances) == (1, 1)
    assert str(stats["Bob"].fold_to_steal) == "100.0% (1/1)"  # the first hand's 3-bet came first
    # Di won -3 and +1.5 big blinds: mean -0.75, sample deviation sqrt(((-2.25)^2 + 2.25^2)/1).
    assert di.bb_per_100 == pytest.approx(-75.0)
    assert di.bb_per_100_error == pytest.approx(100 * math.sqrt(2 * 2.25**2 / 1 / 2))
    assert di.won == -3 and stats["Cy"].vpip.percent == 0.0
    assert stats["Cy"].three_bet.percent is None and str(stats["Cy"].three_bet) == "- (0/0)"


def test_aggression_over_the_streets() -> None:
    h = hand(*LIMPED, finishing=(220, 180, 200, 200))
    stats = player_stats([h])
    ann, bob = stats["Ann"], stats["Bob"]
    assert ann.aggression_factor == 2.0  # a bet and a raise, one call (postflop)
    assert (ann.aggression_frequency.acts, ann.aggression_frequency.chances) == (2, 3)
    assert bob.aggression_factor is None  # no postflop call
    assert (bob.aggression_frequency.acts, bob.aggression_frequency.chances) == (2, 3)


def test_a_history_without_finishing_stacks_is_replayed() -> None:
    (ann, bob, cy, di) = flags(*DEALT, "p3 f", "p4 cbr 6", "p1 f", "p2 f")
    assert (ann.won, bob.won, cy.won, di.won) == (-1, -2, 0, 3)


def test_heads_up_positions() -> None:
    # PHH heads-up: p2 is the button and small blind, p1 the big blind (its blind is the
    # file's second entry).
    h = loads("""
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 5", "p1 f"]
finishing_stacks = [98, 102]
""")[0]
    bb, button = hand_flags(h)
    assert big_blind(h) == 2
    assert (button.steal_chance, button.steal, bb.fold_to_steal_chance, bb.fold_to_steal) == (
        True,
        True,
        True,
        True,
    )
    assert (bb.won_bb, button.won_bb) == (-1.0, 1.0)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("p9 cc", "not in the hand"),
        ("x1 cc", "unknown actor"),
        ("p4 zz", "does not write"),
        ("p4 cbr", "without its amount"),
        ("p4 cbr 1e999x", "not a number"),
    ],
)
def test_bad_actions_raise_and_leave_the_tracker_as_it_was(action: str, message: str) -> None:
    tracker = Tracker()
    tracker.add(hand(*DEALT, "p3 f", "p4 cbr 6", "p1 f", "p2 f", finishing=(199, 198, 200, 203)))
    bad = hand(*DEALT, "p3 f", finishing=(199, 198, 200, 203)).replace(
        actions=(*DEALT, "p3 f", action)
    )
    with pytest.raises(PHHError, match=message):
        tracker.add(bad)
    assert tracker.hands == 1 and tracker["Di"].hands == 1 and tracker["Di"].won == 3
