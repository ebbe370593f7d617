"""Cards, evaluation, ranges and the chunk runner against values of the wrong kind: each is the
package's own error with a clear message, never an AttributeError or a silent misreading.

Oracles: Python's own types (bytes iterate as small ints, a dict as its keys), and the range
grammar's definition (``str(range)`` parses back to an equal range).
"""

from __future__ import annotations

import threading

import pytest

import holdem
from holdem import Card, _parallel, evaluate, format_cards, parse_cards, parse_range
from holdem._parallel import run_chunks, run_shared
from holdem.analysis.ranges import Range
from holdem.errors import ArgumentError, ArgumentTypeError, CardError


@pytest.mark.parametrize(
    "cards",
    [
        bytes([0, 5, 9, 13, 20]),
        bytearray([0, 5, 9, 13, 20]),
        memoryview(bytes([0, 5, 9, 13, 20])),
        {0: 1, 5: 1, 9: 1, 13: 1, 20: 1},
        {"As": 1, "Kd": 1, "Qh": 1, "Jc": 1, "Ts": 1},
    ],
)
def test_bytes_and_mappings_are_not_cards(cards: object) -> None:
    """``evaluate(bytes(...))`` read the bytes as card indices, and a dict as its keys."""
    with pytest.raises(CardError, match="not a card or a sequence of cards"):
        evaluate(cards)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="not a card or a sequence of cards"):
        parse_cards(cards)  # type: ignore[arg-type]


def test_lists_tuples_and_strings_are_still_cards() -> None:
    assert evaluate([0, 5, 9, 13, 20]) == evaluate((0, 5, 9, 13, 20)) == evaluate("2c3d4d5d7c")
    assert parse_cards(iter([51, 50])) == (Card("As"), Card("Ah"))


def test_format_cards_refuses_a_separator_that_is_not_a_str() -> None:
    with pytest.raises(ArgumentTypeError, match="sep must be a str"):
        format_cards("AsKd", sep=5)  # type: ignore[arg-type]
    assert format_cards("AsKd", sep="-") == "As-Kd"


def test_evaluate_batch_refuses_an_out_that_is_not_an_array() -> None:
    np = pytest.importorskip("numpy")
    for out in (list, [0], None.__class__, 3):
        with pytest.raises(ArgumentTypeError, match="out must be a NumPy array"):
            holdem.evaluate_batch([[0, 1, 2, 3, 5]], out=out)  # type: ignore[arg-type]
    out = np.zeros(1, dtype=np.uint16)
    assert holdem.evaluate_batch([[0, 1, 2, 3, 5]], out=out) is out


@pytest.mark.parametrize("weight", [1e-05, 5e-05, 1.5e-07, 1e-300, 5e-324, 0.1, 0.999])
def test_str_of_a_range_parses_back_whatever_its_weights(weight: float) -> None:
    """Weights below 1e-4 were written as ``1e-05``, which the grammar does not read."""
    r = Range.from_combos(["AsKs", "AhKh"], weight=weight)
    back = parse_range(str(r))
    assert back == r and back.weights == (weight, weight)


def test_str_of_the_empty_range_parses_back() -> None:
    empty = Range.from_combos([])
    assert len(empty) == 0
    assert parse_range(str(empty)) == empty
    with pytest.raises(holdem.RangeError):
        parse_range("")  # an empty text is still an error


def test_run_chunks_says_when_a_thread_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(_parallel, "_helpers_pool", None)  # no helper started yet
    with pytest.raises(ArgumentError, match="cannot start a thread"):
        run_chunks(abs, [(-1,), (-2,)], threads=2)
    with pytest.raises(ArgumentError, match="cannot start a thread"):
        run_shared(lambda: 1, 2)


class _Liar(int):
    """An int that says it is in every range."""

    def __lt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return False

    def __ge__(self, other: object) -> bool:
        return True


def test_ints_whose_comparisons_lie_are_checked_as_plain_ints() -> None:
    """``value_histogram`` enumerated hands of 9 cards, ``equity`` divided by zero samples and
    a Deck took a negative seed: each range check asked the lying int itself."""
    with pytest.raises(ArgumentError, match="n_cards must be an int from 5 to 7"):
        holdem.value_histogram(_Liar(9))
    with pytest.raises(ArgumentError, match="samples"):
        holdem.equity(["AsAd", "KhKs"], samples=_Liar(-5))
    with pytest.raises(ArgumentError, match="int >= 0"):
        holdem.Deck(seed=_Liar(-3))
    assert sum(holdem.value_histogram(_Liar(5))) == 2_598_960  # C(52, 5)
