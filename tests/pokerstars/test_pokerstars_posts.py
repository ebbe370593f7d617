"""A straddle and "posts small & big blinds" in PokerStars text.

No real PokerStars hand with either post was found under a licence that lets it ship (the
public parser test corpora searched hold none in hold'em: see tests/data/pokerstars/README.md),
so the two hands here are written in PokerStars' format for this test, and the oracles are
outside the importer: the record's own arithmetic (what each player puts in adds up to the
summary's total pot, the collected amount and the rake to it too) and pokerkit 0.7.7, which
replays the written PHH to the same stacks.

- A straddle: Dave, first to act after the big blind, posts $0.20. He acts last before the flop
  and may check when no one raised (his option), as Robert's Rules of Poker give it.
- "posts small & big blinds": Erin, back after missing the blinds, posts $0.15 out of position:
  $0.10 is live (she may check when no one raised) and $0.05 is dead, in the pot and never part
  of her bet (Robert's Rules of Poker, "Button and blind use"). Had the importer made the whole
  $0.15 live, her call of the raise to $0.30 would be $0.15, not the $0.20 the text says, and
  the pot would not add up.
"""

from __future__ import annotations

import warnings

import pytest

from holdem import phh, pokerstars
from holdem.errors import PokerStarsError

STRADDLE = """\
PokerStars Hand #200000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2019/06/01 12:00:00 ET
Table 'Straddle I' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carol ($10 in chips)
Seat 4: Dave ($10 in chips)
Seat 5: Erin ($10 in chips)
Seat 6: Frank ($10 in chips)
Bob: posts small blind $0.05
Carol: posts big blind $0.10
Dave: posts straddle $0.20
*** HOLE CARDS ***
Erin: folds
Frank: calls $0.20
Alice: folds
Bob: calls $0.15
Carol: folds
Dave: checks
*** FLOP *** [2c 7d Jh]
Bob: checks
Dave: bets $0.40
Frank: calls $0.40
Bob: folds
*** TURN *** [2c 7d Jh] [Qs]
Dave: checks
Frank: checks
*** RIVER *** [2c 7d Jh Qs] [3h]
Dave: checks
Frank: checks
*** SHOW DOWN ***
Dave: shows [Ac Ad] (a pair of Aces)
Frank: shows [Kc Kd] (a pair of Kings)
Dave collected $1.43 from pot
*** SUMMARY ***
Total pot $1.50 | Rake $0.07
Board [2c 7d Jh Qs 3h]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carol (big blind) folded before Flop
Seat 4: Dave showed [Ac Ad] and won ($1.43) with a pair of Aces
Seat 5: Erin folded before Flop (didn't bet)
Seat 6: Frank showed [Kc Kd] and lost with a pair of Kings
"""

BOTH_BLINDS = """\
PokerStars Hand #200000000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2019/06/01 12:05:00 ET
Table 'Straddle I' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carol ($10 in chips)
Seat 4: Dave ($10 in chips)
Seat 5: Erin ($10 in chips)
Seat 6: Frank ($10 in chips)
Bob: posts small blind $0.05
Carol: posts big blind $0.10
Erin: posts small & big blinds $0.15
*** HOLE CARDS ***
Dave: folds
Erin: checks
Frank: raises $0.20 to $0.30
Alice: folds
Bob: folds
Carol: calls $0.20
Erin: calls $0.20
*** FLOP *** [2c 7d Jh]
Carol: checks
Erin: checks
Frank: bets $0.50
Carol: folds
Erin: folds
Uncalled bet ($0.50) returned to Frank
Frank collected $0.95 from pot
Frank: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0.05
Board [2c 7d Jh]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) folded on the Flop
Seat 4: Dave folded before Flop (didn't bet)
Seat 5: Erin folded on the Flop
Seat 6: Frank collected ($0.95)
"""


def _one(text: str) -> pokerstars.StarsHand:
    read = pokerstars.loads(text)
    assert read.refused == []
    (hand,) = read.hands
    return hand


def _pokerkit_stacks(history: phh.HandHistory) -> list[int]:
    notation = pytest.importorskip("pokerkit.notation")
    raked = ("_rake", "_rake_pots", "winnings")  # pokerkit 0.7.7 has no rake
    unraked = history.replace(fields={k: v for k, v in history.fields.items() if k not in raked})
    body = phh.dumps_all([unraked]).split("\n", 1)[1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = [state for state, _ in notation.HandHistory.loads(body).state_actions]
    ours = phh.replay(unraked, rules="pokerkit", seed=0, check=False).finishing_stacks
    assert ours is not None
    theirs = [int(x) for x in states[-1].stacks]
    assert theirs == list(ours)
    return theirs


def test_a_straddle_is_a_third_blind_and_the_straddler_has_the_option() -> None:
    hand = _one(STRADDLE)
    checked = pokerstars.check(hand)
    assert checked.replay.matches is True
    history = checked.history
    assert history.fields["players"] == ["Bob", "Carol", "Dave", "Erin", "Frank", "Alice"]
    assert history.blinds_or_straddles == (5, 10, 20, 0, 0, 0)
    assert "p3 cc" in history.actions[:12]  # Dave checks his option before the flop
    # Dave wins $0.20 + $0.20 + $0.20 + $0.10 + $0.40 + $0.40 = $1.50, less $0.07 rake.
    names = list(history.fields["players"])
    assert checked.collected[names.index("Dave")] == 143
    assert checked.replay.hand.rake == 7
    assert _pokerkit_stacks(history) == [980, 990, 1090, 1000, 940, 1000]


def test_small_and_big_blinds_posted_together_are_live_big_and_dead_small() -> None:
    hand = _one(BOTH_BLINDS)
    (post,) = [a for a in hand.actions if a.name == "Erin" and a.verb == "dead blinds"]
    assert post.amount == 15
    checked = pokerstars.check(hand)
    assert checked.replay.matches is True
    history = checked.history
    assert history.blinds_or_straddles == (5, 10, 0, -10, 0, 0)  # her live post, out of turn
    assert history.antes == (0, 0, 0, 5, 0, 0)  # the dead small blind, as pokerkit reads it
    assert history.fields["_dead_blinds_in_antes"] == [0, 0, 0, 5, 0, 0]
    names = list(history.fields["players"])
    assert checked.collected[names.index("Frank")] == 95 and checked.replay.hand.rake == 5
    # Erin put in $0.05 dead and $0.30 live: $0.35 of her $10.
    stacks = _pokerkit_stacks(history)
    assert stacks[names.index("Erin")] == 1000 - 35
    assert stacks[names.index("Frank")] == 1000 - 30 + 100


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Dave: posts straddle $0.20", "Bob: posts straddle $0.20"),  # a blind straddles
        (  # the straddle before the big blind
            "Carol: posts big blind $0.10\nDave: posts straddle $0.20",
            "Dave: posts straddle $0.20\nCarol: posts big blind $0.10",
        ),
    ],
)
def test_a_straddle_the_engine_cannot_play_is_refused_with_the_reason(old: str, new: str) -> None:
    assert old in STRADDLE
    hand = _one(STRADDLE.replace(old, new))
    with pytest.raises(PokerStarsError, match="straddle"):
        pokerstars.to_history(hand)
