"""PokerStars' "All-in Cash Out" on a real hand: the hand played out, the pot awarded by the
cards, and the cash-out paid by the site outside the pot.

The oracle is the record. In the fpdb project's regression file
``cash/Stars/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt`` (AGPL, so read where it is and never
shipped; the tests run when ``HOLDEM_FPDB_CORPUS`` names a copy of its
``regression-test-files`` directory), hand #257180854570 is $0.05/$0.10 no limit: Player1
($13.53) and Player3 ($18.39) go to the river all in for $13.53 each, with the blinds' $0.15 a
total pot of $27.21, rake $1.25; Player3's tens full lose to Player1's queens full, Player1
collects $25.96 (= $27.21 - $1.25), and Player3 "cashed out the hand for $22.77 | Cash Out Fee
$0.46", the summary marking him "(cashed out)". The collected amount and the rake add up to the
pot without the cash-out: the site paid it, not the pot.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from holdem import phh, pokerstars
from holdem.errors import PokerStarsError

FPDB = os.environ.get("HOLDEM_FPDB_CORPUS")
PATH = "cash/Stars/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt"
NUMBER = "257180854570"

pytestmark = pytest.mark.skipif(
    FPDB is None, reason="HOLDEM_FPDB_CORPUS names no fpdb regression files"
)


def _text() -> str:
    assert FPDB is not None
    return (Path(FPDB) / PATH).read_bytes().decode("utf-8-sig")


def _hand() -> pokerstars.StarsHand:
    (hand,) = [h for h in pokerstars.loads(_text(), source=PATH).hands if h.number == NUMBER]
    return hand


def test_fpdb_the_cash_out_is_read_with_its_amount_and_its_fee() -> None:
    hand = _hand()
    assert hand.cash_outs == {"Player3": (2277, 46)}  # $22.77, fee $0.46 (not the fee alone)
    assert hand.not_awarded == {}  # the player who cashed out lost
    (action,) = [a for a in hand.actions if a.verb == "cash out"]
    assert (action.name, action.amount) == ("Player3", 2277)
    assert hand.collected == {"Player1": 2596} and (hand.total_pot, hand.rake) == (2721, 125)


def test_fpdb_the_engine_awards_the_pot_by_the_cards_and_the_cash_out_is_paid_beside_it() -> None:
    hand = _hand()
    checked = pokerstars.check(hand)
    names = list(checked.history.fields["players"])
    one, three = names.index("Player1"), names.index("Player3")
    assert checked.collected[one] == 2596 and checked.collected[three] == 0
    assert checked.replay.hand.rake == 125
    final = checked.replay.finishing_stacks
    assert final is not None
    assert (final[one], final[three]) == (2596, 1839 - 1353)  # Player1 all in for $13.53
    assert checked.cash_outs[three] == 2277 and checked.cash_out_fees[three] == 46
    assert sum(checked.cash_outs) == 2277 and sum(checked.cash_out_fees) == 46
    # What each ended with: Player3 his $4.86 behind and the $22.77 the site paid him.
    assert checked.ended[three] == 1839 - 1353 + 2277
    assert checked.ended[one] == 2596
    others = [k for k in range(len(names)) if k not in (one, three)]
    assert all(checked.ended[k] == final[k] for k in others)


def test_fpdb_the_phh_of_a_cash_out_hand_replays_and_keeps_the_cash_out() -> None:
    checked = pokerstars.check(_hand())
    names = list(checked.history.fields["players"])
    (again,) = phh.loads(phh.dumps_all([checked.history]))
    assert again.fields["_cash_outs"] == [2277 if nm == "Player3" else 0 for nm in names]
    assert again.fields["_cash_out_fees"] == [46 if nm == "Player3" else 0 for nm in names]
    assert "_not_awarded" not in again.fields
    assert again.finishing_stacks == checked.history.finishing_stacks
    played = phh.replay(again)
    assert played.matches is True
    assert played.finishing_stacks == again.finishing_stacks


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Player3 cashed out", "Player9 cashed out", "not seated"),
        ("for $22.77 |", "for $22.x7 |", "not an amount"),
        ("for $22.77 |", "for -$22.77 |", "not an amount"),
        ("| Cash Out Fee $0.46", "| Cash Out Fee", "cannot be read"),
        ("for $22.77 |", "for $22.77", "cannot be read"),
    ],
)
def test_fpdb_a_malformed_cash_out_line_is_refused(old: str, new: str, message: str) -> None:
    text = _text()
    assert text.count(old) == 1
    read = pokerstars.loads(text.replace(old, new), source=PATH)
    assert [h.number for h in read.hands if h.number == NUMBER] == []
    (refused,) = [r for r in read.refused if r.number == NUMBER]
    assert message in refused.reason
    with pytest.raises(PokerStarsError, match=message):
        pokerstars.parse_hand(text.replace(old, new), source=PATH)


def test_fpdb_a_cash_out_the_summary_gives_to_a_player_who_did_not_cash_out_is_refused() -> None:
    text = _text()
    cash_line = "Player3 cashed out the hand for $22.77 | Cash Out Fee $0.46"
    assert text.count(cash_line) == 1
    with pytest.raises(PokerStarsError, match="cashed out, but none did"):
        pokerstars.parse_hand(text.replace(cash_line, ""), source=PATH)


def test_fpdb_short_deck_cash_outs_stay_refused_as_another_game() -> None:
    assert FPDB is not None
    short_deck = "cash/Stars/Flop/6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt"
    read = pokerstars.load(Path(FPDB) / short_deck)
    assert read.hands == []
    assert read.refused and all("not a hold'em hand" in r.reason for r in read.refused)
