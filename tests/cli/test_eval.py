"""The ``holdem eval`` subcommand.

Oracles: the sample hand of Wikipedia's "Texas hold 'em" article (Bob's best five cards and
their name), the hand-ranking order of the same article, and phevaluator's values (reached
through ``pytest.importorskip``: ours == 7463 - theirs).
"""

from __future__ import annotations

import json
import shlex

import pytest

import holdem
from holdem.cli import main


def run(capsys: pytest.CaptureFixture[str], command: str) -> tuple[int, str, str]:
    """Run ``holdem`` with one command line; the exit status, stdout and stderr."""
    code = main(shlex.split(command))
    out, err = capsys.readouterr()
    return code, out, err


def test_sample_hand_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    # Wikipedia "Texas hold 'em", sample hand: board 9c Kc 3h 5s 9d, Bob Qs 9h: "the best
    # five-card hand he can make is 9c 9d 9h Kc Qs, for three nines, with a king-queen kicker".
    code, out, err = run(capsys, "eval Qs 9h 9c Kc 3h 5s 9d")
    assert code == 0 and err == ""
    assert out.startswith("Three of a kind, nines, king-queen kickers  (value ")
    best = out.rstrip().partition(" of 7462; best five: ")[2].rstrip(")").split()
    assert sorted(best[:3]) == ["9c", "9d", "9h"] and best[3:] == ["Kc", "Qs"]
    code, out, _ = run(capsys, "eval Qs9h9cKc3h5s9d --json")
    data = json.loads(out)
    assert code == 0 and list(data) == ["cards", "value", "category", "description", "best_five"]
    assert data["cards"] == "Qs 9h 9c Kc 3h 5s 9d" and data["category"] == "Three of a kind"
    assert data["best_five"].split() == best


def test_json_is_what_the_library_says(capsys: pytest.CaptureFixture[str]) -> None:
    cards = "Kh Kd 4c 4s Ks 2d 7h"
    code, out, _ = run(capsys, f"eval {cards} --json")
    value = holdem.evaluate(cards)
    assert code == 0
    assert json.loads(out) == {
        "cards": cards,
        "value": value,
        "category": holdem.category(value).label,
        "description": holdem.describe(value),
        "best_five": holdem.format_cards(holdem.best_five(cards)),
    }


def test_ranking_order_of_the_categories(capsys: pytest.CaptureFixture[str]) -> None:
    # Wikipedia "Texas hold 'em" ranks the hands: straight flush, four of a kind, full house,
    # flush, straight, three of a kind, two pair, one pair, high card.
    hands = [
        "9h 8h 7h 6h 5h",
        "Qs Qh Qd Qc 4h",
        "6s 6h 6d Jc Jh",
        "Ad Qd 8d 4d 3d",
        "Qc Jd Th 9s 8c",
        "5s 5h 5d Qc 2h",
        "8s 8h 2d 2c Qh",
        "7s 7h 2d 5c Ah",
        "Ks Qh 7d 5c 4h",
    ]
    values = []
    for hand in hands:
        code, out, _ = run(capsys, f"eval {hand} --json")
        assert code == 0
        values.append(json.loads(out)["value"])
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_values_agree_with_phevaluator(capsys: pytest.CaptureFixture[str]) -> None:
    pheval = pytest.importorskip("phevaluator")
    for hand in ("As Ks Qs Js Ts", "7s 5d 4c 3h 2s", "Ah Ad Kc Ks 2d 2h 9c", "Tc 9d 8h 7s 6c 2d"):
        code, out, _ = run(capsys, f"eval {hand} --json")
        assert code == 0
        assert json.loads(out)["value"] == 7463 - pheval.evaluate_cards(*hand.split())


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("eval As Ks Qs Jx Ts", "unknown card 'Jx'"),
        ("eval As Ks Qs Js", "5, 6 or 7 cards"),
        ("eval As Ks Qs Js As", "duplicate card"),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], command: str, message: str) -> None:
    code, out, err = run(capsys, command)
    assert code == 2 and out == ""
    assert err.startswith("holdem: error:") and message in err
