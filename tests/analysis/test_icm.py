"""ICM: the Malmuth-Harville model against a published example and a brute-force oracle.

Oracles:
- the worked example of stacks 50/30/20 and payouts 70/30 -> 45.178571 / 32.25 / 22.571429,
  also summed here over every finishing order in fractions;
- every finishing order enumerated in this file with exact fractions (the model's definition:
  P(order) = product over places of stack / chips of the players not yet placed), for small
  fields, and in floats for 8 players;
- closed forms for the first two places of a large field;
- invariants: each place is filled once, each player finishes once, equities sum to the pool,
  equal stacks get equal shares.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import random
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem.analysis.icm import ICMError, finish_probabilities, icm, icm_exact_sets
from holdem.errors import ArgumentError, ArgumentTypeError, MissingDependencyError

# holdem.icm is also the name of the function the package exports; this is the module.
icm_module = importlib.import_module("holdem.analysis.icm")


def brute_force(stacks: list[int], exact: bool = True) -> list[list[Fraction | float]]:
    """P(player i finishes in place k), summed over every finishing order."""
    n = len(stacks)
    one = Fraction(1) if exact else 1.0
    probs: list[list[Fraction | float]] = [[one * 0] * n for _ in range(n)]
    for order in itertools.permutations(range(n)):
        p = one
        left = sum(stacks)
        for player in order:
            p = p * stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            probs[player][place] += p
    return probs


def test_docstrings_have_examples() -> None:
    """The module documents itself with examples (tests/test_doctests.py runs them)."""
    found = doctest.DocTestFinder().find(icm_module)
    assert sum(len(t.examples) for t in found) >= 5


def test_published_example() -> None:
    """Stacks 50/30/20, payouts 70/30: 45.178571 / 32.25 / 22.571429."""
    result = icm([50, 30, 20], [70, 30])
    assert [round(e, 6) for e in result.equity] == [45.178571, 32.25, 22.571429]
    assert result.method == "exact"
    # and exactly what the definition gives, in fractions
    oracle = brute_force([50, 30, 20])
    for i in range(3):
        assert result.equity[i] == pytest.approx(float(70 * oracle[i][0] + 30 * oracle[i][1]))


@pytest.mark.parametrize("seed", range(8))
def test_against_every_finishing_order(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.randint(1, 10_000) for _ in range(n)]
    payouts = sorted((rng.randint(0, 1000) for _ in range(rng.randint(1, n))), reverse=True)
    oracle = brute_force(stacks)
    for probs in (
        finish_probabilities(stacks),
        icm_module._exact_sparse(tuple(stacks), n),
        icm_module._exact_dense(tuple(stacks), n),
    ):
        for i in range(n):
            for k in range(n):
                assert probs[i][k] == pytest.approx(float(oracle[i][k]), abs=1e-12)
    result = icm(stacks, payouts, method="exact")
    for i in range(n):
        expected = sum(oracle[i][k] * payouts[k] for k in range(len(payouts)))
        assert result.equity[i] == pytest.approx(float(expected), rel=1e-12, abs=1e-9)
        assert len(result.places[i]) == len(payouts)


def test_eight_players_against_every_order() -> None:
    """A full table of the size the Wizard of Odds' calculator takes (up to 9): 40,320 orders."""
    stacks = [1200, 800, 3000, 450, 2500, 990, 1770, 610]
    oracle = brute_force(stacks, exact=False)
    for probs in (
        icm_module._exact_sparse(tuple(stacks), 8),
        icm_module._exact_dense(tuple(stacks), 8),
    ):
        for i in range(8):
            assert probs[i] == pytest.approx(oracle[i], abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 10**6), min_size=1, max_size=9),
    st.lists(st.integers(0, 10**4) | st.floats(0, 1e4), min_size=1, max_size=9),
)
def test_invariants(stacks: list[int], payouts: list[int | float]) -> None:
    payouts = payouts[: len(stacks)]
    result = icm(stacks, payouts)
    n, m = len(stacks), len(payouts)
    assert sum(result.equity) == pytest.approx(sum(payouts), rel=1e-9, abs=1e-9)
    for k in range(m):  # each paid place is filled exactly once
        assert sum(result.places[i][k] for i in range(n)) == pytest.approx(1.0, abs=1e-12)
    full = finish_probabilities(stacks)
    for row in full:  # each player finishes exactly once
        assert sum(row) == pytest.approx(1.0, abs=1e-12)
        assert all(0 <= p <= 1 for p in row)
    # A bigger stack never has a smaller chance to win nor a smaller equity (payouts sorted).
    order = sorted(range(n), key=lambda i: stacks[i])
    for lo, hi in itertools.pairwise(order):
        assert full[hi][0] >= full[lo][0]
    ranked = icm(stacks, sorted(payouts, reverse=True))
    for lo, hi in itertools.pairwise(order):
        assert ranked.equity[hi] >= ranked.equity[lo] - 1e-9


@pytest.mark.parametrize("n", [2, 5, 9, 13])
def test_equal_stacks_equal_shares(n: int) -> None:
    payouts = [50, 30, 20, 10, 5, 3, 2, 1, 1, 1, 1, 1, 1][:n]
    result = icm([1000] * n, payouts)
    for e in result.equity:
        assert e == pytest.approx(sum(payouts) / n, rel=1e-12)
    for row in result.places:
        assert row == pytest.approx([1 / n] * len(payouts), rel=1e-12)


def test_large_field_first_two_places_closed_form() -> None:
    """200 players, 3 paid: place 1 = s_i / S; place 2 = sum_j s_j / S * s_i / (S - s_j)."""
    rng = random.Random(7)
    stacks = [rng.randint(100, 5000) for _ in range(200)]
    result = icm(stacks, [50, 30, 20])
    assert result.method == "exact"
    total = sum(stacks)
    for i in (0, 17, 199):
        assert result.places[i][0] == pytest.approx(stacks[i] / total, rel=1e-12)
        second = sum(
            stacks[j] / total * stacks[i] / (total - stacks[j]) for j in range(200) if j != i
        )
        assert result.places[i][1] == pytest.approx(second, rel=1e-12)
    assert sum(result.equity) == pytest.approx(100.0, rel=1e-12)


def test_sixteen_players_dense_and_sparse_agree() -> None:
    """All places of 16 players: the NumPy form and the pure-Python form of the programme."""
    stacks = tuple(range(100, 1700, 100))
    dense = icm_module._exact_dense(stacks, 16)
    sparse = icm_module._exact_sparse(stacks, 16)
    for a, b in zip(dense, sparse, strict=True):
        assert a == pytest.approx(b, abs=1e-12)
    assert icm_exact_sets(16, 16) == 2**16 - 1 - 16


def test_monte_carlo_agrees_within_its_error_and_is_reproducible() -> None:
    stacks, payouts = [50, 30, 20, 40, 10], [50, 30, 20]
    exact = icm(stacks, payouts, method="exact")
    mc = icm(stacks, payouts, method="monte carlo", samples=200_000, seed=11)
    assert mc.method == "monte carlo" and mc.samples == 200_000 and mc.stderr is not None
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert 0 < s < 0.2
        assert abs(e - m) < 4.5 * s
    for row_e, row_m in zip(exact.places, mc.places, strict=True):
        assert row_m == pytest.approx(row_e, abs=0.006)
    again = icm(stacks, payouts, method="monte carlo", samples=200_000, seed=11)
    assert again == mc
    assert sum(mc.equity) == pytest.approx(100.0, rel=1e-12)


def test_auto_switches_to_monte_carlo_for_a_big_exact_job() -> None:
    stacks = list(range(1, 41))  # 40 players, 30 places: far too many sets
    result = icm(stacks, [1.0] * 30, samples=2_000, seed=1)
    assert result.method == "monte carlo"
    with pytest.raises(ICMError, match="too many to do exactly"):
        icm(stacks, [1.0] * 30, method="exact")


def test_json_form_and_exports() -> None:
    data = icm([50, 30, 20], [70, 30]).to_dict()
    assert data["method"] == "exact" and data["stderr"] is None
    assert len(data["places"]) == 3 and len(data["places"][0]) == 2
    assert holdem.icm is icm and holdem.ICMError is ICMError


@pytest.mark.parametrize(
    ("stacks", "payouts", "error", "match"),
    [
        ([50, -30, 20], [70, 30], ICMError, "stack 1 is -30"),
        ([50, 0, 20], [70, 30], ICMError, "stack 1 is 0"),
        ([50, 30.5, 20], [70, 30], ArgumentTypeError, "stack 1 must be an int"),
        ([50, 30.0, 20], [70, 30], ArgumentTypeError, "stack 1 must be an int"),
        ([50, True, 20], [70, 30], ArgumentTypeError, "stack 1 must be an int"),
        ("50 30 20", [70, 30], ArgumentTypeError, "sequence of ints"),
        ([], [70], ICMError, "at least one player"),
        ([50, 30, 20], [70, True], ArgumentTypeError, "payout 2 must be an int or a float"),
        ([50, 30, 20], [70, -1], ICMError, "payout 2 must be finite and not negative"),
        ([50, 30, 20], [70, float("nan")], ICMError, "payout 2 must be finite"),
        ([50, 30, 20], [70, "30"], ArgumentTypeError, "payout 2 must be an int or a float"),
        ([50, 30, 20], [], ICMError, "at least one paid place"),
        ([50, 30], [50, 30, 20], ICMError, "3 payouts for 2 players"),
    ],
)
def test_bad_input(stacks: object, payouts: object, error: type[Exception], match: str) -> None:
    before = (list(stacks) if isinstance(stacks, list) else stacks, payouts)
    with pytest.raises(error, match=match) as info:
        icm(stacks, payouts)  # type: ignore[arg-type]
    builtin = TypeError if error is ArgumentTypeError else ValueError
    assert isinstance(info.value, holdem.HoldemError) and isinstance(info.value, builtin)
    assert (stacks, payouts) == before  # nothing changed


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"method": "fast"}, ICMError, "method must be"),
        ({"method": "monte carlo", "samples": 1}, ArgumentError, "samples must be an int >= 2"),
        ({"method": "monte carlo", "samples": 10.5}, ArgumentTypeError, "samples must be an int"),
        ({"method": "monte carlo", "seed": "x"}, ArgumentTypeError, "a seed is None or an int"),
        ({"method": "monte carlo", "seed": -1}, ArgumentError, "a seed is None or an int >= 0"),
    ],
)
def test_bad_options(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        icm([50, 30, 20], [70, 30], **kwargs)  # type: ignore[arg-type]


def test_monte_carlo_without_numpy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` now raises ImportError
    with pytest.raises(MissingDependencyError, match=r'pip install "holdem-engine\[numpy\]"'):
        icm([50, 30, 20], [70, 30], method="monte carlo", samples=100, seed=1)


def test_finish_probabilities_bad_places() -> None:
    with pytest.raises(ICMError, match="places must be an int from 1 to 3"):
        finish_probabilities([50, 30, 20], places=4)
    with pytest.raises(ArgumentTypeError, match="places must be an int"):
        finish_probabilities([50, 30, 20], places=True)
    assert len(finish_probabilities([50, 30, 20], places=2)[0]) == 2
    assert finish_probabilities([7]) == ((1.0,),)
