"""holdem.phh.replay and a file's cash-outs: the user-defined fields ``_cash_outs``,
``_cash_out_fees`` and ``_not_awarded`` (PokerStars' "All-in Cash Out", as
:func:`holdem.pokerstars.to_history` writes them) checked and compared with the play.

Oracle for the play: pokerkit 0.7.7 (the PHH reference implementation) computes the same
finishing stacks for the hand used here; the real hand of fpdb's regression files is in
tests/pokerstars/test_pokerstars_cash_out.py.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from holdem.errors import PHHError
from holdem.phh import HandHistory, replay

from _support import phh_cases as CASES

# p3 folds, p1 (AsKs) is all in for 100 pre-flop, p2 (QhQd) calls: the queens hold on the
# board and p2 wins the pot of 200; p2 could cash out, all in with the board to come.
ALL_IN = [*CASES.DEAL, "p3 f", "p1 cbr 100", "p2 cc", "d db 2c3d8h", "d db 9s", "d db Jc"]
ALL_IN += ["p1 sm AsKs", "p2 sm QhQd"]
# Everyone checks or calls to the river, where p1 bets and p2 calls: no cash-out is possible.
RIVER_BET = [*CASES.DEAL, "p3 cc", "p1 cc", "p2 cc", "d db 2c3d8h", "p1 cc", "p2 cc", "p3 cc"]
RIVER_BET += ["d db 9s", "p1 cc", "p2 cc", "p3 cc", "d db Jc", "p1 cbr 10", "p2 cc", "p3 f"]


def _history(actions: list[str], **fields: Any) -> HandHistory:
    history: HandHistory = CASES.one(CASES.phh_text(actions=actions))
    return history.replace(fields={**history.fields, **fields})


def test_the_hand_is_the_oracles() -> None:
    assert CASES.pokerkit_stacks(CASES.phh_text(actions=ALL_IN)) == [0, 200, 100]
    assert replay(_history(ALL_IN)).finishing_stacks == (0, 200, 100)


def test_a_cash_out_by_the_loser_matches() -> None:
    history = _history(ALL_IN, _cash_outs=[15, 0, 0], _cash_out_fees=[1, 0, 0])
    played = replay(history.replace(finishing_stacks=(0, 200, 100)))
    assert played.matches is True and played.cash_outs_match is True


def test_a_cash_out_by_the_winner_needs_the_pot_not_awarded() -> None:
    history = _history(ALL_IN, _cash_outs=[0, 180, 0], _cash_out_fees=[0, 2, 0])
    history = history.replace(finishing_stacks=(0, 200, 100))
    with pytest.raises(PHHError, match=r"_not_awarded is \[0, 0, 0\], but the engine awarded"):
        replay(history)
    played = replay(history, check=False)
    assert played.cash_outs_match is False and played.matches is False
    assert played.as_dict()["cash_outs_match"] is False
    assert "DIFFERS from the file's _not_awarded" in played.describe()
    paid = history.replace(fields={**history.fields, "_not_awarded": [0, 200, 0]})
    assert replay(paid).matches is True and replay(paid).cash_outs_match is True
    assert replay(paid).as_dict()["cash_outs_match"] is True
    wrong = history.replace(fields={**history.fields, "_not_awarded": [0, 198, 0]})
    assert replay(wrong, check=False).cash_outs_match is False
    # Without finishing stacks to compare, the pot not awarded is still compared.
    bare = wrong.replace(finishing_stacks=None)
    assert replay(bare, check=False).matches is False
    with pytest.raises(PHHError, match="_not_awarded is"):
        replay(bare)


def test_decimal_amounts_are_compared_exactly() -> None:
    text = (
        CASES.phh_text(actions=ALL_IN)
        .replace("100", "1.00")
        .replace("min_bet = 2", "min_bet = 0.02")
    )
    text = text.replace("[1, 2, 0]", "[0.01, 0.02, 0]")
    history: HandHistory = CASES.one(text)
    cash = {"_cash_outs": [0, Decimal("1.80"), 0], "_not_awarded": [0, Decimal("2.00"), 0]}
    assert replay(history.replace(fields={**history.fields, **cash})).cash_outs_match is True
    cash["_not_awarded"] = [0, Decimal("1.999"), 0]
    played = replay(history.replace(fields={**history.fields, **cash}), check=False)
    assert played.cash_outs_match is False


def test_the_cash_out_and_its_fee_fit_in_the_pots_the_player_could_win() -> None:
    assert replay(_history(ALL_IN, _cash_outs=[190, 0, 0], _cash_out_fees=[10, 0, 0])).complete
    with pytest.raises(PHHError, match=r"p1 cashed out for 190 \(fee 11\), more than the pots p1"):
        replay(_history(ALL_IN, _cash_outs=[190, 0, 0], _cash_out_fees=[11, 0, 0]))
    with pytest.raises(PHHError, match=r"more than the pots p1 could win \(200\)"):
        replay(_history(ALL_IN, _cash_outs=[201, 0, 0]))


@pytest.mark.parametrize(
    ("actions", "cashed", "message"),
    [
        (ALL_IN, [0, 0, 5], "p3 cashed out, but folded"),
        (RIVER_BET, [5, 0, 0], "the betting was not over before the river"),
        ([*CASES.DEAL, "p3 f", "p1 f"], [0, 5, 0], "p2 cashed out, but the hand did not reach"),
    ],
)
def test_a_cash_out_the_play_does_not_allow_is_refused(
    actions: list[str], cashed: list[int], message: str
) -> None:
    history = _history(actions, _cash_outs=cashed)
    with pytest.raises(PHHError, match=message):
        replay(history)
    with pytest.raises(PHHError, match=message):
        replay(history, check=False)
    assert replay(_history(actions)).complete  # the same hand without the cash-out


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"_cash_outs": [5, 0]},
            r"_cash_outs is a list of 3 amounts \(one per player\), got a list of 2",
        ),
        ({"_cash_outs": [0] * 100_000}, "got a list of 100000"),
        ({"_cash_outs": 5}, "_cash_outs is a list of 3 amounts.*got int"),
        ({"_cash_outs": "5, 0, 0"}, "got str"),
        ({"_cash_outs": [True, 0, 0]}, "_cash_outs gives p1 True, not an amount from 0"),
        ({"_cash_outs": [-1, 0, 0]}, "_cash_outs gives p1 -1, not an amount"),
        ({"_cash_outs": [0, 2**60, 0]}, f"gives p2 {2**60}, not an amount"),
        ({"_cash_outs": [0, 0, Decimal("1e999999")]}, "gives p3 Decimal"),
        ({"_cash_outs": [Decimal("NaN"), 0, 0]}, "gives p1 Decimal.'NaN'."),
        ({"_cash_outs": [Decimal("Infinity"), 0, 0]}, "gives p1 Decimal.'Infinity'."),
        ({"_cash_outs": [1.5, 0, 0]}, "gives p1 1.5, not an amount"),
        ({"_cash_outs": [[5], 0, 0]}, "gives p1 list, not an amount"),
        ({"_cash_outs": [5, 0, 0], "_cash_out_fees": [-1, 0, 0]}, "_cash_out_fees gives p1 -1"),
        ({"_cash_outs": [5, 0, 0], "_not_awarded": [0, 0]}, "_not_awarded is a list of 3"),
        ({"_not_awarded": [0, 200, 0]}, "_not_awarded without _cash_outs"),
        ({"_cash_out_fees": [1, 0, 0]}, "_cash_out_fees without _cash_outs"),
        ({"_cash_outs": [5, 0, 0], "_cash_out_fees": [0, 1, 0]}, "gives p2 a fee, but no cash-out"),
        (
            {"_cash_outs": [5, 0, 0], "_not_awarded": [0, 200, 0]},
            "gives p2 a pot not awarded, but p2 did not cash out",
        ),
    ],
)
def test_bad_cash_out_fields_are_refused(fields: dict[str, Any], message: str) -> None:
    history = _history(ALL_IN, **fields)
    before = dict(history.fields)
    for check in (True, False):
        with pytest.raises(PHHError, match=message):
            replay(history, check=check)
    assert history.fields == before
    # An incomplete hand's fields are checked too.
    with pytest.raises(PHHError, match=message):
        replay(_history(ALL_IN[:5], **fields))


def test_an_incomplete_hand_compares_no_cash_out() -> None:
    played = replay(_history(ALL_IN[:5], _cash_outs=[0, 5, 0], _not_awarded=[0, 3, 0]))
    assert not played.complete and played.cash_outs_match is None and played.matches is None


def test_a_file_without_cash_outs_compares_none() -> None:
    played = replay(_history(ALL_IN).replace(finishing_stacks=(0, 200, 100)))
    assert played.matches is True and played.cash_outs_match is None
