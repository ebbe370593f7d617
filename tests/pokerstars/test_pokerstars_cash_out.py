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
from holdem.errors import PHHError, PokerStarsError

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


def test_fpdb_short_deck_cash_outs_are_read_and_replayed() -> None:
    assert FPDB is not None
    short_deck = "cash/Stars/Flop/6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt"
    read = pokerstars.load(Path(FPDB) / short_deck)
    assert read.hands and not read.refused
    for hand in read.hands:
        assert hand.game == "short-deck"
        checked = pokerstars.check(hand)
        assert checked.history.variant == "NS"


# -- phh.replay of the converted hand: the cash-out checked against the play ------------------


def _converted() -> tuple[phh.HandHistory, list[str]]:
    """The hand converted to PHH and read back from its text, and its players in PHH order."""
    history = pokerstars.to_history(_hand())
    (again,) = phh.loads(phh.dumps_all([history]))
    return again, list(again.fields["players"])


def _with(history: phh.HandHistory, **fields: object) -> phh.HandHistory:
    return history.replace(fields={**history.fields, **fields})


def test_fpdb_replay_checks_the_cash_out_and_matches() -> None:
    history, names = _converted()
    played = phh.replay(history)
    assert played.matches is True and played.winnings_match is True
    assert played.cash_outs_match is True  # Player3 cashed out and lost: nothing not awarded
    three = names.index("Player3")
    assert history.fields["_cash_outs"][three] == 2277
    assert played.hand.folded[three] is False  # the player who cashed out saw the showdown


def test_fpdb_a_cash_out_larger_than_the_pot_is_refused() -> None:
    history, names = _converted()
    three = names.index("Player3")
    # The pot is $27.21: $22.77 and the $0.46 fee fit in it, ten times the cash-out does not.
    paid = [22770 if k == three else 0 for k in range(len(names))]
    with pytest.raises(PHHError, match=r"p\d cashed out for 22770 \(fee 46\), more than the pots"):
        phh.replay(_with(history, _cash_outs=paid))
    fees = [2721 if k == three else 0 for k in range(len(names))]  # fee + cash-out > $27.21
    with pytest.raises(PHHError, match="more than the pots"):
        phh.replay(_with(history, _cash_out_fees=fees))


def test_fpdb_a_cash_out_by_a_player_who_folded_is_refused() -> None:
    history, names = _converted()
    two = names.index("Player2")  # folded before the flop
    paid = [2277 if k == two else 0 for k in range(len(names))]
    fees = [46 if k == two else 0 for k in range(len(names))]
    with pytest.raises(PHHError, match=f"p{two + 1} cashed out, but folded"):
        phh.replay(_with(history, _cash_outs=paid, _cash_out_fees=fees))


def test_fpdb_a_pot_not_awarded_that_does_not_add_up_does_not_match() -> None:
    history, names = _converted()
    three = names.index("Player3")
    # Player3 lost: the engine awarded him nothing, so no pot can be "not awarded" to him.
    unpaid = [100 if k == three else 0 for k in range(len(names))]
    edited = _with(history, _not_awarded=unpaid)
    with pytest.raises(PHHError, match=r"_not_awarded is \[.*100.*\], but the engine awarded"):
        phh.replay(edited)
    played = phh.replay(edited, check=False)
    assert played.cash_outs_match is False and played.matches is False
    assert "DIFFERS from the file's _not_awarded" in played.describe()


def test_fpdb_a_cash_out_by_the_winner_needs_his_pot_not_awarded() -> None:
    history, names = _converted()
    one = names.index("Player1")
    # Say Player1, who won the $25.96 the record shows him collecting, had cashed out instead:
    # the pot the cards award him is then not paid to him, and _not_awarded must say so.
    paid = [2277 if k == one else 0 for k in range(len(names))]
    moved = _with(history, _cash_outs=paid, _cash_out_fees=[0] * len(names))
    played = phh.replay(moved, check=False)
    assert played.cash_outs_match is False and played.matches is False
    with pytest.raises(PHHError, match="_not_awarded is"):
        phh.replay(moved)
    unpaid = [2596 if k == one else 0 for k in range(len(names))]  # the record's collected
    assert phh.replay(_with(moved, _not_awarded=unpaid)).cash_outs_match is True
    short = [2595 if k == one else 0 for k in range(len(names))]
    assert phh.replay(_with(moved, _not_awarded=short), check=False).matches is False
