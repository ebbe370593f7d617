"""Real hand histories as the public PHH data set and pokerkit write them: decimal amounts,
``inf`` stacks, a negative blind (a post), a missing action, half chips, a big-blind ante.

Oracles: the amounts the records themselves give (a raise everyone folds to wins the blinds),
the records' own ``finishing_stacks``, and pokerkit 0.7.7 (the PHH specification's authors'
reader) replaying the same text with exact decimals.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from holdem.errors import PHHError
from holdem.phh import HandHistory, load, replay

from _support import pokerkit_driver as DRIVER

DATA = Path(__file__).parent.parent / "data" / "phh"
HANDHQ = DATA / "phh-dataset" / "handhq-ipn-100nl.phhs"
WSOP_2019 = DATA / "phh-dataset" / "wsop-2019-42-3-00-01-07.phh"
WSOP_2023 = DATA / "pokerkit" / "wsop-2023-43-5.phhs"
HALF_CHIPS = DATA / "pokerkit" / "pluribus-half-chips.phhs"


by_key: Callable[[Path], dict[str | None, HandHistory]] = DRIVER.by_key
pokerkit_payoffs: Callable[[HandHistory], list[Decimal]] = DRIVER.pokerkit_payoffs


def test_decimal_amounts_and_unknown_stacks() -> None:
    hands = by_key(HANDHQ)
    # Hand 3: p3 raises to $3.50 and everyone folds: he wins the blinds, $0.50 and $1.
    result = replay(hands["3"])
    assert result.complete and not result.guessed and result.matches is None
    assert result.payoffs == (Decimal("-0.50"), Decimal("-1"), Decimal("1.50"), 0, 0, 0)
    assert all(isinstance(p, Decimal) for p in result.payoffs)  # never a float
    assert result.finishing_stacks == (Decimal("Infinity"),) * 6  # unknown stacks stay unknown
    assert result.hand.payoffs == [-50, -100, 150, 0, 0, 0]  # the engine counts cents
    data = json.loads(json.dumps(result.as_dict()))
    assert data["payoffs"] == ["-0.50", "-1.00", "1.50", "0.00", "0.00", "0.00"]
    assert data["finishing_stacks"] == ["inf"] * 6
    # Hand 27: p6 limps, the big blind raises to $3, p6 re-raises to $24.55 and the big blind
    # folds: p6 wins the $3 and the small blind's $0.50.
    assert replay(hands["27"]).payoffs[5] == Decimal("3.50")
    # Hand 22 stops at the river card: replayed as far as it goes.
    assert not replay(hands["22"]).complete


def test_a_negative_blind_is_a_post() -> None:
    # Hand 33: p5, who has just sat down, posts $1 live (blinds_or_straddles -1) and calls
    # nothing more; p6 raises to $4 and everyone folds, p5 too: p5 loses his post, p6 wins it
    # and the blinds.
    result = replay(by_key(HANDHQ)["33"])
    assert result.payoffs[:6] == (
        Decimal("-0.50"),
        Decimal("-1"),
        0,
        0,
        Decimal("-1"),
        Decimal("2.50"),
    )
    assert [e.kind.name for e in result.hand.events if e.seat == 4][:2] == ["POST", "DEAL_HOLE"]


@pytest.mark.parametrize("key", ["3", "9", "27", "33"])
def test_the_handhq_hands_agree_with_pokerkit(key: str) -> None:
    history = by_key(HANDHQ)[key]
    assert list(replay(history).payoffs) == pokerkit_payoffs(history)


def test_a_missing_action_is_refused_or_repaired() -> None:
    (history,) = load(WSOP_2019)
    # p8 never acts after p7's raise: a strict replay names the hand and the missing player.
    with pytest.raises(PHHError, match=r"wsop-2019-42-3-00-01-07\.phh: action 14 'p1 cc'") as e:
        replay(history)
    assert "p8" in str(e.value) and "missing" in str(e.value)
    result = replay(history, lenient=True, check=False)
    assert result.repairs == ("before action 14: p8 folds (missing)",)
    assert result.finishing_stacks is not None and result.finishing_stacks[7] == 7_300_000
    pk_stacks = [
        s + p for s, p in zip(history.starting_stacks, pokerkit_payoffs(history), strict=True)
    ]
    assert list(result.finishing_stacks) == pk_stacks  # pokerkit's repair gives the same
    assert "repaired: before action 14: p8 folds" in result.describe()


def test_half_chips_of_split_pots() -> None:
    hands = load(HALF_CHIPS)
    assert len(hands) == 8
    for history in hands:
        assert history.finishing_stacks is not None
        assert any(s % 1 for s in history.finishing_stacks)  # a half chip in the record
        result = replay(history)  # played in tenths of a chip, the record's smallest unit
        assert result.matches is True, history.key


@pytest.mark.parametrize("rules", ["casino", "pokerkit"])
def test_wsop_2023_big_blind_ante(rules: str) -> None:
    hands = by_key(WSOP_2023)
    for key, history in hands.items():
        assert replay(history, rules=rules).matches is True, key
    # The big blind is all in and loses: under the casino rules his big-blind ante is dead
    # money, as the record has it (he ends with nothing).
    allin = hands["test_2023_43_5.test_68_02_51_10".replace("02_51_10", "03_02_41")]
    assert replay(allin, rules=rules).finishing_stacks == allin.finishing_stacks
    assert allin.finishing_stacks is not None and allin.finishing_stacks[1] == 0


def test_repeated_show_in_an_all_in_run_out() -> None:
    # The data set shows an all-in hand again after each card of the run-out (pokerkit asks a
    # hand shown face down, "sm ????", street by street): the repeats change nothing.
    (history,) = load(WSOP_2019)
    stacks = list(history.starting_stacks)
    stacks[0] = stacks[1] = stacks[6] = 1_150_000  # p7's raise puts p1, p2 and p7 all in
    once = (*history.actions[:13], "p8 f", "p1 cc", "p2 cc", "p1 sm", "p2 sm", "p7 sm")
    shows = ("p1 sm QdJd", "p2 sm Ac7c", "p7 sm 3s3c")
    run_out = ("d db ThJc5h", *shows, "d db 6c", *shows, "d db 8s")
    plain = history.replace(
        starting_stacks=tuple(stacks),
        actions=(*once[:-3], *shows, "d db ThJc5h", "d db 6c", "d db 8s"),
        finishing_stacks=None,
    )
    repeated = plain.replace(actions=(*once[:-3], *shows, *run_out))
    result = replay(repeated)
    assert result.complete and result.finishing_stacks == replay(plain).finishing_stacks
    expected = [s + p for s, p in zip(plain.starting_stacks, pokerkit_payoffs(plain), strict=True)]
    assert list(result.finishing_stacks or ()) == expected
