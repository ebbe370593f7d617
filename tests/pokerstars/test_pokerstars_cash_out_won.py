"""A player who cashed out ("All-in Cash Out") and then won: the pot is not awarded.

fpdb's one hold'em cash-out hand (tests/pokerstars/test_pokerstars_cash_out.py) is one its
player lost. No real hold'em hand where the player who cashed out wins was found under a
licence that lets it ship (fpdb's are Omaha), so the hand here is written for the test in the
format PokerStars gives such a hand (the summary's "won ($X) ... (pot not awarded as player
cashed out)" and no "collected" line for him). The oracle is the record's arithmetic: Bob
($60) and Erin go all in on the turn, $1 + 2 x $3.50 + 2 x $22.60 + 2 x $33.90 = $121 in the
pot, rake $3; Erin's ace kicker beats Bob's nine on Jd 7c 2h 7h 3d, so the cards give her the
$118 the site did not pay, and she ends with $147.11 - $60 + $55 (the cash-out).
"""

from __future__ import annotations

import pytest

from holdem import phh, pokerstars
from holdem.errors import PokerStarsError

HAND = """\
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
"""  # noqa: E501 (the summary's line as PokerStars writes it)


def _hand(text: str = HAND) -> pokerstars.StarsHand:
    read = pokerstars.loads(text)
    assert read.refused == []
    (hand,) = read.hands
    return hand


def test_a_pot_won_by_a_player_who_cashed_out_is_not_awarded() -> None:
    hand = _hand()
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
    history = pokerstars.check(_hand()).history
    (again,) = phh.loads(phh.dumps_all([history]))
    assert again.fields["_not_awarded"] == history.fields["_not_awarded"]
    assert phh.replay(again).matches is True


def test_a_pot_not_awarded_to_a_player_who_did_not_cash_out_is_refused() -> None:
    line = "Erin cashed out the hand for $55 | Cash Out Fee $0.56"
    assert HAND.count(line) == 1
    with pytest.raises(PokerStarsError, match="cashed out, but none did"):
        pokerstars.parse_hand(HAND.replace(line, ""))
