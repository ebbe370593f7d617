"""The reader's memos of lines read before give what reading each line afresh gives, and its
actions are the ones the Action dataclass builds.

Oracle: the reader itself with its memos emptied before every hand (each line then read by the
general path: the regular expressions and :meth:`_Reader.player_line`), on every real
PokerStars file of tests/data/pokerstars (see its README for the sources), against the same
files read with memos that already hold every line of every file, and read in another order.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from holdem import pokerstars
from holdem.phh import HandHistory
from holdem.pokerstars import parsing

DATA = Path(__file__).resolve().parent.parent / "data" / "pokerstars"
FILES = sorted(DATA.rglob("*.txt"))


def _forget() -> None:
    parsing._AMOUNTS.clear()
    parsing._LINES.clear()
    parsing._SEATS.clear()


def _read_each_hand_afresh(path: Path) -> pokerstars.Read:
    """A file read with every memo emptied before each of its hands."""
    text = pokerstars._decode(path.read_bytes())
    read = pokerstars.Read()
    for index, part in enumerate(parsing.split_hands(text)):
        _forget()
        try:
            read.hands.append(pokerstars.parse_hand(part, source=str(path), index=index))
        except pokerstars.PokerStarsError as exc:
            number = part.split("#", 1)[1].split(":", 1)[0] if "#" in part else "?"
            read.refused.append(pokerstars.Refused(index, number, str(exc)))
    return read


@pytest.fixture(scope="module")
def afresh() -> dict[Path, pokerstars.Read]:
    return {path: _read_each_hand_afresh(path) for path in FILES}


def test_the_corpus_is_there(afresh: dict[Path, pokerstars.Read]) -> None:
    assert len(FILES) >= 20
    assert sum(len(read.hands) for read in afresh.values()) >= 100


@pytest.mark.parametrize("order", ["forward", "backward"])
def test_remembered_lines_read_as_fresh_ones(
    afresh: dict[Path, pokerstars.Read], order: str
) -> None:
    _forget()
    for path in FILES:  # every line of every file remembered
        pokerstars.load(path)
    assert parsing._LINES and parsing._SEATS
    files = FILES if order == "forward" else FILES[::-1]
    for path in files:
        warm = pokerstars.load(path)
        assert warm.hands == afresh[path].hands, path
        assert warm.refused == afresh[path].refused, path
        for ours, theirs in zip(warm.hands, afresh[path].hands, strict=True):
            assert ours.actions == theirs.actions
            assert ours.seats == theirs.seats
            assert ours.known == theirs.known and ours.collected == theirs.collected


def _outcome(part: str) -> object:
    try:
        return pokerstars.parse_hand(part)
    except pokerstars.PokerStarsError as exc:
        return str(exc)


def test_a_remembered_line_of_a_player_not_seated_is_read_afresh() -> None:
    # Each real hand with one player renamed on his seat line only: his remembered lines
    # ("Name: folds") then name nobody seated, and are read as the general path reads them.
    for path in FILES:
        text = pokerstars._decode(path.read_bytes())
        for part in parsing.split_hands(text):
            seat = next((ln for ln in part.split("\n") if " in chips" in ln), None)
            assert seat is not None
            name = seat.split(": ", 1)[1].rsplit(" (", 1)[0]
            moved = part.replace(seat, seat.replace(f": {name} (", f": {name}_z ("), 1)
            _forget()
            fresh = _outcome(moved)
            _outcome(part)  # its lines remembered
            assert _outcome(moved) == fresh


def test_each_action_is_the_one_the_dataclass_builds(
    afresh: dict[Path, pokerstars.Read],
) -> None:
    # The reader sets each Action's slots itself: the dataclass's own __init__ is the oracle.
    count = 0
    for read in afresh.values():
        for hand in read.hands:
            for a in hand.actions:
                built = parsing.Action(a.street, a.name, a.verb, a.amount, a.cards, a.all_in, a.run)
                assert type(a) is parsing.Action
                assert a == built and hash(a) == hash(built) and repr(a) == repr(built)
                count += 1
    assert count > 1000


def test_each_hand_and_history_is_the_one_the_dataclass_builds(
    afresh: dict[Path, pokerstars.Read],
) -> None:
    # The reader and to_history set each StarsHand's and HandHistory's slots themselves: the
    # dataclasses' own __init__ (and HandHistory's __post_init__ check) are the oracle.
    count = 0
    for read in afresh.values():
        for hand in read.hands:
            built = dataclasses.replace(hand)
            assert type(hand) is pokerstars.StarsHand and hand == built
            assert repr(hand) == repr(built)
            for seat in hand.seats:
                made = pokerstars.Seat(seat.number, seat.name, seat.stack, seat.sitting_out)
                assert type(seat) is pokerstars.Seat
                assert seat == made and hash(seat) == hash(made) and repr(seat) == repr(made)
            try:
                history = pokerstars.to_history(hand)
            except pokerstars.PokerStarsError:
                continue
            again = dataclasses.replace(history)
            assert type(history) is HandHistory and history == again
            assert repr(history) == repr(again)
            assert (history.source, history.index, history.key) == (
                again.source,
                again.index,
                again.key,
            )
            count += 1
    assert count > 100
