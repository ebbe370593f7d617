"""The replay's own versions of standard steps give what the standard ones give.

Oracles: the standard library's ``random.Random`` (its ``sample`` and a generator seeded
anew), and the engine's log of a finished hand (its ``WIN`` events) for each hand of the shipped
real data (tests/data: the PHH data set's hands and real PokerStars hands, see their READMEs).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import phh, pokerstars
from holdem.engine.events import EventKind
from holdem.errors import HoldemError
from holdem.phh._actions import _hole_count, _line, _parse, _Refused
from holdem.phh._dealt import Later, sample, seeded, seeded_sample
from holdem.pokerstars import parsing

DATA = Path(__file__).resolve().parent.parent / "data"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_sample_draws_what_random_sample_draws(seed: int, n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    population = [f"c{i}" for i in range(n)]
    ours, theirs = random.Random(seed), random.Random(seed)
    assert sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()  # the generator left as Random.sample leaves it


def test_sample_every_size_of_a_deck() -> None:
    deck = list(range(52))
    for k in range(53):
        for seed in range(5):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert sample(ours, deck, k) == theirs.sample(deck, k)
            assert ours.random() == theirs.random()


def test_sample_of_another_generator_class_is_its_own() -> None:
    class Reversed(random.Random):
        def reversed_sample(self, population: list[int], k: int) -> list[int]:
            return list(reversed(super().sample(population, k)))

        sample = reversed_sample  # type: ignore[assignment]

    deck = list(range(52))
    assert sample(Reversed(3), deck, 9) == Reversed(3).sample(deck, 9)


def test_sample_refuses_as_random_sample_does() -> None:
    with pytest.raises(ValueError, match="Sample larger than population"):
        sample(random.Random(0), [1, 2], 3)


def test_seeded_is_a_new_generator_seeded_so() -> None:
    for seed in (0, 1, 12345, 2**40):
        first, second = seeded(seed), seeded(seed)
        assert first is not second
        expected = random.Random(seed)
        assert [first.random() for _ in range(5)] == [expected.random() for _ in range(5)]
        assert second.getstate() == random.Random(seed).getstate()  # not moved by the first
        assert second.gauss(0, 1) == random.Random(seed).gauss(0, 1)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**70), st.integers(0, 200), st.data())
def test_seeded_sample_draws_what_a_seeded_generator_draws(
    seed: int, n: int, data: st.DataObject
) -> None:
    # Up to 200 items: both of Random.sample's ways (a pool, or a set of the indices drawn).
    k = data.draw(st.integers(0, n))
    population = [f"c{i}" for i in range(n)]
    theirs = random.Random(seed)
    expected = theirs.sample(population, k)
    drawn = seeded_sample(seed, population, k)
    if drawn is None:  # more words than kept: only for a large sample
        assert k > 52
        return
    assert drawn[0] == expected
    # The generator made afterwards is in the state Random.sample left its own in.
    assert Later(drawn[1], seed).generator().getstate() == theirs.getstate()


def test_seeded_sample_every_size_of_a_deck() -> None:
    deck = list(range(52))
    for seed in (0, 1, 7, 2**40):
        for k in range(53):
            theirs = random.Random(seed)
            drawn = seeded_sample(seed, deck, k)
            assert drawn is not None and drawn[0] == theirs.sample(deck, k)
            assert Later(drawn[1], seed).generator().random() == theirs.random()
    assert seeded_sample(0, deck, 53) is None  # (sample raises: refused to the caller)


def test_seeded_sample_keeps_a_bounded_memo() -> None:
    from holdem.phh import _dealt

    for seed in range(300):
        assert seeded_sample(seed, [1, 2, 3], 2) is not None
    assert len(_dealt._WORDS) <= 64
    assert all(len(words) == _dealt._WORDS_KEPT for words in _dealt._WORDS.values())


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


def _general(text: str, n: int, holes: int, who: str) -> tuple[Any, ...]:
    return (text, *_parse(text, n, holes, who))


def test_quick_line_reading_gives_the_general_reading_on_real_files() -> None:
    """Every action line of the shipped PHH files (the PHH data set's, pokerkit's, Pluribus'):
    the one-pass reading of the usual shapes gives what the general reader gives."""
    lines = 0
    for path in sorted((DATA / "phh").rglob("*.phh*")):
        for history in phh.load(path):
            n, holes = history.players, _hole_count(history.variant)
            for text in history.actions:
                assert _line(text, n, holes, "a hold'em") == _general(text, n, holes, "a hold'em")
                lines += 1
    assert lines > 1000


_WORDS = ["d", "dh", "db", "p1", "p2", "p3", "p9", "p10", "p0", "p01", "f", "cc", "cbr", "sm"]
_WORDS += ["-", "AsKd", "2c", "Th9h8h", "????", "??", "Ks??", "1", "0", "250", "007", "1,000"]
_WORDS += ["2.5", "1e3", "-4", "99999999999999999999", "T", "As Kd", "#", "x", "AsAs", "QcJc5"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=0, max_size=5), st.sampled_from([" ", "  "]))
def test_quick_line_reading_gives_the_general_reading(words: list[str], sep: str) -> None:
    """Lines made of PHH's words, well formed or not: the same reading, or the same refusal."""
    text = sep.join(words)
    for n, holes in ((3, 2), (10, 2), (2, 4)):
        try:
            expected = _general(text, n, holes, "a hold'em")
        except _Refused as exc:
            with pytest.raises(_Refused) as raised:
                _line(text, n, holes, "a hold'em")
            assert str(raised.value) == str(exc)
        else:
            assert _line(text, n, holes, "a hold'em") == expected


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
