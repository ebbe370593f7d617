"""The replay's own readings give what the standard ones give.

Oracles: the engine's log of a finished hand (its ``WIN`` events) for each hand of the shipped
real data (tests/data: the PHH data set's hands and real PokerStars hands, see their READMEs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import phh, pokerstars
from holdem.engine.events import EventKind
from holdem.errors import HoldemError
from holdem.pokerstars import parsing

DATA = Path(__file__).resolve().parent.parent / "data"


def _won_by_events(hand: Any) -> list[Any]:
    won: list[Any] = [0] * hand.players
    for event in hand.events:
        if event.kind is EventKind.WIN:
            won[event.seat] += event.amount
    return won


def _replays() -> list[phh.Replay]:
    done = []
    for path in sorted((DATA / "phh").rglob("*.phh*")):
        for history in phh.load(path):
            try:
                done.append(phh.replay(history, seed=0, check=False))
            except HoldemError:
                continue
    for path in sorted((DATA / "pokerstars").rglob("*.txt")):
        done.extend(pokerstars.check(h).replay for h in pokerstars.load(path).hands)
    return done


def test_what_a_seat_won_is_its_stacks_and_contributions() -> None:
    """``check_winnings`` reads what each seat won from the pots off its stacks: its stack at
    the end less at the start, plus its contributions, is the sum of its WIN events."""
    replays = [r for r in _replays() if r.complete]
    assert len(replays) >= 100
    for done in replays:
        hand = done.hand
        formula = [
            end - start + put_in
            for end, start, put_in in zip(
                hand.stacks, hand.starting_stacks, hand.contributions, strict=True
            )
        ]
        assert formula == _won_by_events(hand), done.history.label


_WORDS = ["d", "dh", "db", "p1", "p2", "p3", "p9", "p10", "p0", "p01", "f", "cc", "cbr", "sm"]
_WORDS += ["-", "AsKd", "2c", "Th9h8h", "????", "??", "Ks??", "1", "0", "250", "007", "1,000"]
_WORDS += ["2.5", "1e3", "-4", "99999999999999999999", "T", "As Kd", "#", "x", "AsAs", "QcJc5"]


def _regex_amount(text: str) -> tuple[int, int] | None:
    """An amount read by the PokerStars reader's regular expression (None: refused)."""
    m = parsing._AMOUNT.match(text.strip())
    if m is None or m["sign"]:
        return None
    whole, frac = m["int"].replace(",", ""), m["frac"] or ""
    if len(whole) > parsing._MAX_AMOUNT_DIGITS or len(frac) > parsing._MAX_DECIMALS:
        return None
    return int(whole + frac), len(frac)


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="$€£¥0123456789.,- USD٣", max_size=22))
def test_quick_amount_reading_gives_the_regular_expressions_reading(text: str) -> None:
    """A PokerStars amount in the usual shape, read in one pass: what the regular expression
    reads (any other text is left to it)."""
    quick = parsing._plain_amount(text)
    if quick is not None:
        assert quick == _regex_amount(text)


def test_quick_amount_reading_of_real_amounts() -> None:
    assert parsing._plain_amount("$0.25") == (25, 2) == _regex_amount("$0.25")
    assert parsing._plain_amount("1500") == (1500, 0) == _regex_amount("1500")
    assert parsing._plain_amount("€10.5") == (105, 1) == _regex_amount("€10.5")
    for text in ("$1,000", "5.", "$", "", "1.2.3", "-5", "$5 USD", "1" * 16):
        assert parsing._plain_amount(text) is None
