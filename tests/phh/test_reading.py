"""holdem.phh.reading: .phh and .phhs texts and files, every field checked."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from holdem.errors import PHHError
from holdem.phh import load, loads, replay

from _support import phh_cases as CASES

phh_text, one = CASES.phh_text, CASES.one


def test_pluribus_file_holds_twelve_tables_in_order() -> None:
    histories = load(CASES.PLURIBUS)
    assert [h.key for h in histories] == [str(k) for k in range(1, 13)]
    for k, history in enumerate(histories):
        assert history.index == k and history.fields["hand"] == k
        assert history.ante_trimming_status is True
        assert history.source == str(CASES.PLURIBUS)
        assert history.label == f"{CASES.PLURIBUS} [{k + 1}] (hand {k + 1} of the file)"


def test_an_omaha_file_in_dollars_and_cents_replays_as_pokerkit_plays_it() -> None:
    # A real pot-limit Omaha hand (PO) whose stacks are dollars and cents: played in cents,
    # given back in dollars, exactly as pokerkit 0.7.7 ends it.
    history = load(CASES.OMAHA)[0]
    assert history.variant == "PO" and history.starting_stacks[0] == Decimal("1259450.25")
    result = replay(history)
    assert result.complete
    pokerkit = pytest.importorskip("pokerkit")
    with open(CASES.OMAHA, "rb") as file:
        states = list(pokerkit.HandHistory.load(file))
    assert result.finishing_stacks is not None
    assert list(result.finishing_stacks) == states[-1].stacks


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'NT'\nantes = [0, 0", r"^x\.phh: not valid TOML"),
        (phh_text(variant="FB"), r"^x\.phh: unknown variant 'FB': holdem replays 'NT', 'FT', 'PT'"),
        (phh_text(variant=3), r"the field 'variant' must be a string"),
        (phh_text(starting_stacks=[100, 100]), r"antes has 3 entries for 2 players"),
        (
            phh_text().replace("[100, 100, 100]", "[100, 99.0000000000005, 100]"),
            r"starting_stacks\[1\] has more than 12 decimal places",
        ),
        (phh_text(starting_stacks=[100, True, 100]), r"starting_stacks\[1\] must be a number"),
        (phh_text(antes=[0, -1, 0]), r"antes\[1\] must not be negative"),
        (phh_text(min_bet="2"), r"min_bet must be a number of chips"),
        (phh_text(actions="p1 f"), r"'actions' must be an array of strings"),
        (phh_text(bring_in=1), r"the field 'bring_in' is not part of a NT hand"),
        (phh_text(ante_trimming_status=1), r"ante_trimming_status must be true or false"),
        (
            phh_text().replace("min_bet = 2", "min_bet = inf"),
            r"min_bet must be a finite number of chips",
        ),
        (phh_text(finishing_stacks=[1, 2]), r"finishing_stacks has 2 entries for 3 players"),
        ("a = 1\n[b]\nc = 2", r"a \.phhs file holds only tables"),
        (phh_text(starting_stacks=100), r"starting_stacks must be an array"),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(PHHError, match=message):
        loads(text, source="x.phh")


def test_integral_floats_are_chips() -> None:
    history = one(phh_text(starting_stacks=[100.0, 100, 1e2]))
    assert history.starting_stacks == (100, 100, 100)
    assert all(type(s) is int for s in history.starting_stacks)


def test_fixed_limit_fields() -> None:
    text = phh_text(variant="FT", actions=["p3 cbr 4", "p1 cbr 6"])
    with pytest.raises(PHHError, match="missing required field"):
        loads(text)  # min_bet is not how FT is described
    history = one(text.replace("min_bet = 2", "small_bet = 2\nbig_bet = 4"))
    assert (history.small_bet, history.big_bet, history.min_bet) == (2, 4, None)
    assert replay(history).hand.bets == (6, 2, 4)


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match="cannot read the file"):
        load(tmp_path / "missing.phh")
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PHHError, match="not UTF-8"):
        load(binary)
    empty = tmp_path / "empty.phhs"
    empty.write_text("# nothing\n")
    assert load(empty) == []
