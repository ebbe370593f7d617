"""Cards, evaluation, ranges and the chunk runner against values of the wrong kind: each is the
package's own error with a clear message, never an AttributeError or a silent misreading.

Oracles: Python's own types (bytes iterate as small ints, a dict as its keys), and the range
grammar's definition (``str(range)`` parses back to an equal range).
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable

import pytest

import holdem
from holdem import Card, _parallel, evaluate, format_cards, parse_cards, parse_range, phh
from holdem._parallel import run_chunks, run_shared
from holdem.analysis.ranges import Range
from holdem.engine.agents import call_agent
from holdem.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    PHHError,
    RangeError,
    StartingHandError,
)


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
    monkeypatch.setattr(_parallel, "_team_started", 0)  # nor one of holdem._team's
    with pytest.raises(ArgumentError, match="cannot start a thread"):
        _parallel.team(2)


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


# -- issue 28, item 7: values of the wrong kind, each the package's own error -------------------

_BOARD = "AsKsQs2d3d"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: Range("x"), RangeError, r"Range\(\) takes another Range's items.*parse_range"),  # type: ignore[arg-type]
        (lambda: Range(None), RangeError, r"Range\(\) takes another Range's items"),  # type: ignore[arg-type]
        (lambda: Range(((("a", 1.0)),)), RangeError, "not a combo and weight"),  # type: ignore[arg-type]
        (lambda: Range((((5, 1), True),)), RangeError, "not a combo and weight"),
        (lambda: Range.from_combos(None), RangeError, "combos is a list or a mapping of combos"),  # type: ignore[arg-type]
        (lambda: Range.from_combos(5), RangeError, "combos is a list or a mapping of combos"),  # type: ignore[arg-type]
        (lambda: Range.from_combos("AsKs"), RangeError, "got 'AsKs'"),
        (lambda: holdem.showdown(_BOARD, None), ArgumentTypeError, "hands is a collection"),  # type: ignore[arg-type]
        (lambda: holdem.showdown(_BOARD, "AhAd"), ArgumentTypeError, "not the string 'AhAd'"),
        (lambda: holdem.outs("AhKh", "2h7hJc", None), ArgumentTypeError, "versus is a collect"),  # type: ignore[arg-type]
        (lambda: holdem.grid(5), StartingHandError, "values is a collection .* got 5"),  # type: ignore[arg-type]
        (lambda: holdem.class_shares(None), StartingHandError, "hands is a collection"),  # type: ignore[arg-type]
        (lambda: holdem.equity(["AhAd", "KhKd"], progress=5), ArgumentTypeError, "progress is"),  # type: ignore[arg-type]
        (lambda: holdem.match([call_agent] * 2, hands=4, progress=5), ArgumentTypeError, "progr"),  # type: ignore[arg-type]
    ],
)
def test_values_of_the_wrong_kind_are_the_packages_errors(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        call()
    assert isinstance(caught.value, holdem.HoldemError)


def test_evaluate_batch_refuses_ragged_rows_and_a_read_only_out() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(ArgumentError, match="rows of one length"):
        holdem.evaluate_batch([[0, 1, 2, 3, 4], [5, 6, 7, 8]])
    out = np.zeros(1, dtype=np.uint16)
    out.flags.writeable = False
    with pytest.raises(ArgumentError, match="out must be a writable array"):
        holdem.evaluate_batch(np.array([[0, 1, 2, 3, 4]], dtype=np.uint8), out=out)
    assert out.tolist() == [0]  # untouched
    with pytest.raises(ArgumentError, match="rows of one length"):
        holdem.evaluate_batch([[20, 21, 22, 23, 24], [25, 26]], game="short-deck")


def _phh(players: int, actions: list[str]) -> str:
    zeros = ", ".join(["0"] * players)
    return (
        'variant = "NT"\n'
        f"antes = [{zeros}]\n"
        f"blinds_or_straddles = [1, 2{', 0' * (players - 2)}]\n"
        "min_bet = 2\n"
        f"starting_stacks = [{', '.join(['100'] * players)}]\n"
        f"actions = [{', '.join(map(repr, actions))}]\n".replace("'", '"')
    )


def test_phh_with_more_unknown_cards_than_the_deck_holds() -> None:
    text = _phh(30, [f"d dh p{i + 1} ????" for i in range(30)])
    (history,) = phh.loads(text)
    with pytest.raises(PHHError, match="30 players and a board need 65 cards"):
        phh.replay(history, seed=1)


def test_phh_player_token_of_5000_digits_is_refused_in_a_short_message() -> None:
    text = _phh(2, ["d dh p1 ????", "d dh p2 ????", "p" + "9" * 5000 + " f"])
    (history,) = phh.loads(text)
    with pytest.raises(PHHError, match="is not a player") as caught:
        phh.replay(history, seed=1)
    assert len(str(caught.value)) < 300


# -- issue 28, item 8: a private kernel reached with bad sizes raises, never crashes -------------

_KERNEL_CALLS = [
    # the case: kind 0 with the tables of a ranking never built in this process
    "v.showdowns(0, 0, [[0, 1], [4, 5]], [8, 9, 10], [13, 14, 15, 16, 17, 18], 10, 1)",
    "v.showdowns(0, 63, [[0, 1], [4, 5]], [8, 9, 10], [13, 14, 15, 16, 17, 18], 0, 1)",
    "v.showdowns(9, -1, [[0, 1], [4, 5]], [8, 9, 10], [13, 14, 15, 16, 17, 18], 0, 1)",
    "v.showdowns(0, -1, [[0, 1, 2, 3, 6, 7, 11]] * 2, [8], [13, 14, 15, 16], 0, 1)",
    "v.showdowns(0, -1, [[0, 1], [4, 5, 6]], [8, 9, 10], [13, 14, 15, 16], 0, 1)",
    "v.showdowns(0, -1, [[0, 200], [4, 5]], [8, 9, 10], [13, 14, 15, 16], 10, 1)",
    "v.showdowns(0, -1, [[0, 1], [0, 5]], [8, 9, 10], [13, 14, 15, 16], 10, 1)",
    "v.showdowns(0, -1, [[0, 1], [4, 5]], [8, 9, 10, 11, 12, 20, 21], [13, 14], 0, 1)",
    "v.showdowns(1, -1, [[0, 1], [4, 5]], [8, 9, 10], [13, 14, 15, 16], 0, 1)",
    "v.showdowns(3, -1, [[0, 1], [4, 5]], [8, 9, 10], [13, 14, 15, 16], 0, 1)",
    "v.range_showdowns(0, 5, 2, [(2, bytes([0, 1]), [1.0])] * 2, [8, 9, 10], [13, 14], 0, 1)",
    "v.range_showdowns(0, -1, 9, [(2, bytes([0, 1]), [1.0])] * 2, [8, 9, 10], [13, 14], 0, 1)",
    "v.range_showdowns(0, -1, 2, [(2, bytes([0, 99]), [1.0])] * 2, [8, 9, 10], [13, 14], 10, 1)",
    "v.range_showdowns(0, -1, 2, [(2, bytes([0, 1]), [1.0])] * 2, list(range(8)), [13], 0, 1)",
]


def test_the_variant_kernels_check_sizes_in_their_wrappers() -> None:
    """Run in a child process: a crash there is a negative exit status, not a lost session."""
    code = (
        "from holdem.analysis import _variants as v\n"
        "import sys\n"
        f"for call in {_KERNEL_CALLS!r}:\n"
        "    try:\n"
        "        eval(call)\n"
        "    except ValueError as exc:\n"
        "        print('refused:', exc)\n"
        "    else:\n"
        "        print('accepted:', call)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    lines = done.stdout.splitlines()
    assert len(lines) == len(_KERNEL_CALLS), lines
    assert all(line.startswith("refused: ") for line in lines), lines
