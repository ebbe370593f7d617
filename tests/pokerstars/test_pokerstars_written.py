"""Hands written in PokerStars' format, for what no real hand that may ship shows.

No real PokerStars hold'em hand with a straddle or "posts small & big blinds", nor one where a
player who cashed out wins, was found in a public collection whose licence lets it ship (see
tests/data/pokerstars/README.md; fpdb's cash-out winners are Omaha, and fpdb is AGPL). So the
hands here are written for the test, and the oracles are outside the importer: the record's own
arithmetic (what each player puts in adds up to the summary's total pot, the collected amounts
and the rake to it too), the cards, and pokerkit 0.7.7, which replays the written PHH to the
same stacks.

- A straddle: Dave, first to act after the big blind, posts $0.20. He acts last before the flop
  and may check when no one raised (his option), as Robert's Rules of Poker give it.
- "posts small & big blinds": Erin, back after missing the blinds, posts $0.15 out of position:
  $0.10 is live (she may check when no one raised) and $0.05 is dead, in the pot and never part
  of her bet (Robert's Rules of Poker, "Button and blind use"). Had the importer made the whole
  $0.15 live, her call of the raise to $0.30 would be $0.15, not the $0.20 the text says, and
  the pot would not add up.
- A cash-out won: Bob ($60) and Erin go all in on the turn, $1 + 2 x $3.50 + 2 x $22.60 + 2 x
  $33.90 = $121 in the pot, rake $3; Erin's ace kicker beats Bob's nine on Jd 7c 2h 7h 3d, so
  the cards give her the $118 the site did not pay ("pot not awarded as player cashed out", and
  no "collected" line for her), and she ends with $147.11 - $60 + $55 (the cash-out).
"""

from __future__ import annotations

import warnings

import pytest

from holdem import phh, pokerstars
from holdem.errors import PokerStarsError

_SIX_SEATS = """\
Table 'Straddle I' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carol ($10 in chips)
Seat 4: Dave ($10 in chips)
Seat 5: Erin ($10 in chips)
Seat 6: Frank ($10 in chips)
Bob: posts small blind $0.05
Carol: posts big blind $0.10
"""

STRADDLE = (
    """\
PokerStars Hand #200000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2019/06/01 12:00:00 ET
"""
    + _SIX_SEATS
    + """\
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
)

BOTH_BLINDS = (
    """\
PokerStars Hand #200000000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2019/06/01 12:05:00 ET
"""
    + _SIX_SEATS
    + """\
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
)

CASH_OUT_WON = """\
PokerStars Hand #200000000003:  Hold'em No Limit ($0.50/$1.00 USD) - 2020/04/20 13:55:03 ET
Table 'Cash Out I' 6-max Seat #1 is the button
Seat 1: Alice ($120 in chips)
Seat 3: Bob ($60 in chips)
Seat 4: Carol ($100 in chips)
Seat 5: Dave ($100 in chips)
Seat 6: Erin ($147.11 in chips)
Bob: posts small blind $0.50
Carol: posts big blind $1
*** HOLE CARDS ***
Dave: folds
Erin: raises $2.50 to $3.50
Alice: folds
Bob: calls $3
Carol: folds
*** FLOP *** [Jd 7c 2h]
Bob: checks
Erin: bets $5
Bob: raises $17.60 to $22.60
Erin: calls $17.60
*** TURN *** [Jd 7c 2h] [7h]
Bob: bets $33.90 and is all-in
Erin: calls $33.90
*** RIVER *** [Jd 7c 2h 7h] [3d]
*** SHOW DOWN ***
Bob: shows [Jc 9d] (two pair, Jacks and Sevens)
Erin: shows [Js Ac] (two pair, Jacks and Sevens - Ace kicker)
Erin cashed out the hand for $55 | Cash Out Fee $0.56
*** SUMMARY ***
Total pot $121 | Rake $3
Board [Jd 7c 2h 7h 3d]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 3: Bob (small blind) showed [Jc 9d] and lost with two pair, Jacks and Sevens
Seat 4: Carol (big blind) folded before Flop
Seat 5: Dave folded before Flop (didn't bet)
Seat 6: Erin showed [Js Ac] and won ($118) with two pair, Jacks and Sevens (pot not awarded as player cashed out)
"""  # noqa: E501 (the summary's last line as PokerStars writes it)


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


# -- a cash-out won --------------------------------------------------------------------------


def test_a_pot_won_by_a_player_who_cashed_out_is_not_awarded() -> None:
    hand = _one(CASH_OUT_WON)
    assert hand.cash_outs == {"Erin": (5500, 56)}
    assert hand.not_awarded == {"Erin": 11800} and hand.collected == {}
    assert (hand.total_pot, hand.rake) == (12100, 300)
    checked = pokerstars.check(hand)
    assert checked.replay.matches is True
    names = list(checked.history.fields["players"])
    erin, bob = names.index("Erin"), names.index("Bob")
    assert checked.collected[erin] == 11800  # the engine awards the pot by the cards
    assert checked.ended[erin] == 14711 - 6000 + 5500 and checked.ended[bob] == 0
    assert checked.history.fields["_not_awarded"][erin] == 11800


def test_the_phh_of_a_pot_not_awarded_replays() -> None:
    history = pokerstars.check(_one(CASH_OUT_WON)).history
    (again,) = phh.loads(phh.dumps_all([history]))
    assert again.fields["_not_awarded"] == history.fields["_not_awarded"]
    assert phh.replay(again).matches is True


def test_a_pot_not_awarded_to_a_player_who_did_not_cash_out_is_refused() -> None:
    line = "Erin cashed out the hand for $55 | Cash Out Fee $0.56"
    assert CASH_OUT_WON.count(line) == 1
    with pytest.raises(PokerStarsError, match="cashed out, but none did"):
        pokerstars.parse_hand(CASH_OUT_WON.replace(line, ""))
