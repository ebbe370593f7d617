"""holdem.phh against hostile or lossy input: huge numbers, deep or large TOML, and hands whose
history must survive a write and a replay unchanged.

Oracles: the chip limit of the engine (2**60), TOML's grammar (the texts are built by hand),
and the engine itself: a hand written with ``to_phh`` and replayed must end with the stacks it
ended with (its payoffs sum to zero).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from holdem import Hand, Rules
from holdem.errors import PHHError
from holdem.phh import load, loads, replay, to_phh
from holdem.phh._toml import MAX_DEPTH, MAX_DOTS, MAX_TEXT

from _support import phh_cases as CASES

phh_text = CASES.phh_text


# -- numbers beyond the chip limit are refused before they are converted ---------------------------


def _raw(field: str, literal: str) -> str:
    """A small hand with one field's TOML value replaced by ``literal`` (not JSON-quoted)."""
    lines = phh_text().splitlines()
    return (
        "\n".join(
            f"{field} = {literal}" if line.startswith(f"{field} =") else line for line in lines
        )
        + "\n"
    )


@pytest.mark.parametrize("number", ["1e1000000", "1e10000000", "1.5e400", "9e18"])
@pytest.mark.parametrize(
    ("field", "template"),
    [
        ("starting_stacks", "[100, {}, 100]"),
        ("antes", "[0, {}, 0]"),
        ("blinds_or_straddles", "[1, {}, 0]"),
        ("min_bet", "{}"),
    ],
)
def test_a_huge_decimal_amount_is_refused_by_its_size(
    field: str, template: str, number: str
) -> None:
    """``1e1000000`` took 32 s to become an int (``1e10000000`` more than ten minutes) and was
    then refused with a plain ValueError; it is refused from its exponent, with PHHError."""
    with pytest.raises(PHHError, match="too large: at most 2\\*\\*60 chips"):
        loads(_raw(field, template.format(number)))


def test_an_int_beyond_the_chip_limit_or_the_parser_limit_is_a_phh_error() -> None:
    with pytest.raises(PHHError, match="too large"):
        loads(_raw("min_bet", str(2**60 + 1)))
    with pytest.raises(PHHError, match="not read"):  # 5,000 digits: beyond int()'s own limit
        loads(_raw("min_bet", "1" * 5000))
    with pytest.raises(PHHError, match="not read"):  # beyond what a Decimal can hold
        loads(_raw("min_bet", "1e99999999999999999999"))
    assert loads(_raw("min_bet", str(2**60)))[0].min_bet == 2**60


@pytest.mark.parametrize("amount", ["1e1000000", "1" * 5000, "9" * 100, "1e19"])
def test_a_huge_bet_in_an_action_is_refused_by_its_size(amount: str) -> None:
    history = loads(phh_text(actions=[*CASES.DEAL, f"p3 cbr {amount}"]))[0]
    with pytest.raises(PHHError, match="too large"):
        replay(history)


# -- TOML that would cost the parser far more than its size ---------------------------------------


def test_deep_nesting_is_refused_before_parsing() -> None:
    """2,000 nested brackets raised RecursionError from the parser."""
    text = phh_text() + "x = " + "[" * 2000 + "]" * 2000 + "\n"
    with pytest.raises(PHHError, match=f"nested more than {MAX_DEPTH} deep"):
        loads(text)
    inline = phh_text() + "x = " + "{a = " * 100 + "1" + "}" * 100 + "\n"
    with pytest.raises(PHHError, match="nested more than"):
        loads(inline)


def test_nesting_within_the_bound_is_read() -> None:
    depth = MAX_DEPTH - 1
    text = phh_text() + "x = " + "[" * depth + "1" + "]" * depth + "\n"
    value = loads(text)[0].fields["x"]
    for _ in range(depth):
        assert isinstance(value, list)
        (value,) = value
    assert value == 1


def test_long_dotted_keys_are_refused_before_parsing() -> None:
    key = ".".join(["a"] * (MAX_DOTS + 2))
    with pytest.raises(PHHError, match="dotted parts"):
        loads(phh_text() + f"{key} = 1\n")
    # dots inside strings and comments are not keys
    text = phh_text(event="a." * 50) + "# " + "." * 100 + "\n"
    assert loads(text)[0].fields["event"] == "a." * 50


def test_brackets_in_strings_and_comments_do_not_count() -> None:
    text = phh_text(event="[" * 100, note='quote \\" then [[[' + "{" * 50) + "# " + "[" * 99 + "\n"
    text += "literal = '''" + "[" * 80 + "'''\n"
    history = loads(text)[0]
    assert history.fields["event"] == "[" * 100
    assert history.fields["literal"] == "[" * 80


def test_a_text_beyond_the_size_bound_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match="characters"):
        loads("#" * (MAX_TEXT + 1))
    path = tmp_path / "big.phhs"
    path.write_text("#" * (MAX_TEXT + 1), encoding="utf-8")
    with pytest.raises(PHHError, match="longer than"):
        load(path)


def test_a_text_that_is_not_a_str_is_a_phh_error() -> None:
    with pytest.raises(PHHError, match="is a str"):
        loads(b"variant = 'NT'")  # type: ignore[arg-type]


# -- what a hand writes, its replay plays back unchanged -------------------------------------------


def _play_out(hand: Hand, rng: random.Random | None = None) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        x = rng.random() if rng is not None else 1.0
        if legal.fold and x < 0.25:
            hand.fold()
        elif legal.min_raise_to is not None and legal.max_raise_to is not None and x < 0.55:
            assert rng is not None
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()


def test_ante_trimming_with_a_short_big_blind_ante_replays_its_own_file() -> None:
    """The big blind owes an ante of 3 with a stack of 3: trimmed to 2, its blind gets nothing.
    The file must give the antes due (2, 3, 2), not those posted, for the replay to trim them
    the same way (with the posted ones it took a blind of 1 from the trimmed chip)."""
    rules = Rules.preset("casino", ante_trimming=True)
    hand = Hand([20, 3, 20], blinds=(1, 4), ante=2, big_blind_ante=1, rules=rules, seed=1)
    _play_out(hand)
    text = to_phh(hand)
    assert "antes = [2, 3, 2]" in text
    again = replay(loads(text)[0], rules="casino")
    assert again.finishing_stacks == hand.stacks
    assert again.hand.payoffs == hand.payoffs


def test_replay_keeps_live_antes_the_caller_asked_for() -> None:
    """Under the pokerkit preset a replay plays antes as dead money, as pokerkit does, unless
    the caller's rules say otherwise: a hand played with ``dead_antes=False`` replays to the
    same stacks (54 of 2,000 random hands came back with other stacks)."""
    rules = Rules.preset("pokerkit", dead_antes=False)
    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        stacks = [rng.randint(2, 60) for _ in range(rng.randint(3, 6))]
        hand = Hand(stacks, blinds=(1, 2), ante=rng.randint(1, 5), rules=rules, seed=seed)
        _play_out(hand, rng)
        again = replay(loads(to_phh(hand))[0], rules=rules)
        assert again.finishing_stacks == hand.stacks, seed
        checked += 1
    assert checked == 300


def test_a_replay_with_unknown_cards_writes_them_unknown() -> None:
    text = phh_text(
        actions=[
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 7c2d",
            "p3 f",
            "p1 cc",
            "p2 cc",
            "d db ??????",
            "p1 cc",
            "p2 cc",
        ]
    )
    replayed = replay(loads(text)[0], seed=5).hand
    written = to_phh(replayed)
    assert '"d dh p1 ????"' in written and '"d dh p2 ????"' in written
    assert '"d dh p3 7c2d"' in written
    assert '"d db ??????"' in written
    # the stand-ins the replay drew appear nowhere in what it writes
    for seat in (0, 1):
        for card in replayed.hole_cards(seat):
            assert str(card) not in written
