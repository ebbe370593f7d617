"""PokerStars' mixed games (Mixed NLH/PLO): the stakes follow the game in the header's
parentheses, "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)", and the hand is the game it
names.

The oracle is the record: the hand replays to each player's collected amount and the summary's
pot and rake (pokerstars.check), and pokerkit 0.7.7 replays the converted PHH to the same
finishing stacks. fpdb's regression file (AGPL, so read where it is and never shipped) is
checked when ``HOLDEM_FPDB_CORPUS`` names a copy of its ``regression-test-files`` directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from holdem import pokerstars
from holdem.errors import PokerStarsError

from _support.site_files import pokerkit_and_ours

FPDB = os.environ.get("HOLDEM_FPDB_CORPUS")

# A hand written for this test in the format of PokerStars' mixed tables.
HEADER = "PokerStars Hand #7: Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2012/04/15"
MIXED = (
    HEADER
    + """ 21:33:56 ET
Table 'Mixed' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bob ($25 in chips)
Seat 3: Cy ($10.50 in chips)
Bob: posts small blind $0.10
Cy: posts big blind $0.25
*** HOLE CARDS ***
Ann: raises $0.50 to $0.75
Bob: folds
Cy: calls $0.50
*** FLOP *** [2c 6s 7c]
Cy: checks
Ann: bets $1
Cy: folds
Uncalled bet ($1) returned to Ann
Ann collected $1.55 from pot
*** SUMMARY ***
Total pot $1.60 | Rake $0.05
Board [2c 6s 7c]
Seat 1: Ann (button) collected ($1.55)"""
)


def test_a_mixed_header_gives_its_game_and_stakes() -> None:
    hand = pokerstars.parse_hand(MIXED)
    assert (hand.game, hand.structure, hand.small, hand.big, hand.unit) == (
        "holdem",
        "no-limit",
        10,
        25,
        "0.01",
    )
    assert hand.cap is None and [s.stack for s in hand.seats] == [2000, 2500, 1050]
    checked = pokerstars.check(hand)
    assert checked.collected == (0, 0, 155)  # Bob, Cy, Ann
    assert checked.history.finishing_stacks == (2490, 975, 2080)


def test_a_mixed_header_without_stakes_is_refused_with_the_reason() -> None:
    text = MIXED.replace("(Hold'em No Limit, $0.10/$0.25 USD)", "(Hold'em No Limit)")
    with pytest.raises(PokerStarsError, match="no stakes in the header"):
        pokerstars.parse_hand(text)


@pytest.mark.skipif(FPDB is None, reason="HOLDEM_FPDB_CORPUS names no fpdb regression files")
def test_fpdb_mixed_nlh_plo_hand_reads_and_replays() -> None:
    assert FPDB is not None
    notation = pytest.importorskip("pokerkit.notation")
    path = Path(FPDB) / "cash/Stars/Flop/NLH-PLO-6max-USD-0.10-0.20-201204.txt"
    read = pokerstars.load(path)
    assert read.refused == [] and len(read.hands) == 1
    hand = read.hands[0]
    assert (hand.game, hand.structure, hand.small, hand.big) == ("holdem", "no-limit", 10, 25)
    checked = pokerstars.check(hand)
    assert (hand.total_pot, hand.rake) == (360, 16)
    both = pokerkit_and_ours(notation, checked.history)
    assert both is not None and both[0] == both[1]
