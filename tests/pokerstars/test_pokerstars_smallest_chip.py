"""A split pot's odd chips in the table's smallest chip (pokerstars.converting's
smallest_chip_reading), on a hand small enough to count by hand.

Oracle: Robert's Rules of Poker, "Ties": an odd chip is broken down to the smallest unit used in
the game, and in a button game the first hand clockwise from the button gets it.
"""

from __future__ import annotations

import pytest

from holdem.errors import PokerStarsError
from holdem.pokerstars import check, parse_hand
from holdem.pokerstars.converting import smallest_chip_reading

# Heads up at $0.05/$0.10, every amount in nickels: the pot of $0.20 less a rake of $0.05 is
# $0.15, split. In nickels, the odd one goes to the first left of the button (heads up the
# button is the small blind: Bob, the big blind): Bob $0.10, Ann $0.05. In cents it would be
# 8 and 7.
HAND = """PokerStars Hand #7: Hold'em No Limit ($0.05/$0.10 USD) - 2008/01/07 22:59:37 ET
Table 'T' 9-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($4.50 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: calls $0.05
Bob: checks
*** FLOP *** [2d Ks Ad]
Bob: checks
Ann: checks
*** TURN *** [2d Ks Ad] [Kd]
Bob: checks
Ann: checks
*** RIVER *** [2d Ks Ad Kd] [2h]
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Jc 3s] (two pair, Kings and Deuces)
Ann: shows [Th 9d] (two pair, Kings and Deuces)
Bob collected {bob} from pot
Ann collected {ann} from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0.05
"""


def test_a_split_pot_s_odd_chip_is_the_tables_smallest_chip() -> None:
    hand = parse_hand(HAND.format(bob="$0.10", ann="$0.05"))
    assert hand.unit == "0.01"
    nickels = smallest_chip_reading(hand)
    assert nickels is not None
    assert (nickels.unit, nickels.small, nickels.big, nickels.rake) == ("0.05", 1, 2, 1)
    assert [s.stack for s in nickels.seats] == [100, 90]
    checked = check(hand)
    assert checked.history.fields["_unit"] == "0.05"
    assert checked.history.finishing_stacks == (90, 99)  # Bob, Ann (PHH heads up: p2 button)


def test_a_split_the_rules_do_not_give_so_is_refused() -> None:
    # the odd nickel to Ann, the button: neither in cents nor in nickels the rules' split
    with pytest.raises(PokerStarsError, match="award differs"):
        check(parse_hand(HAND.format(bob="$0.05", ann="$0.10")))
    # a hand not split has no such reading
    alone = HAND.format(bob="$0.15", ann="$0").replace("Ann collected $0 from pot\n", "")
    assert smallest_chip_reading(parse_hand(alone)) is None
