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
import math
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


# -- large fields: exact for two places, bounded Monte Carlo past them (issue 28) ----------------


@pytest.mark.parametrize("seed", range(12))
def test_two_places_in_closed_form_against_every_order_and_the_sets(seed: int) -> None:
    """One or two paid places take the closed form (no sets): the same as every finishing
    order summed in fractions, and as both forms of the programme over the sets."""
    rng = random.Random(100 + seed)
    n = rng.randint(1, 7)
    stacks = tuple(rng.choice([1, 2, 3, 10**6, 2**55]) * rng.randint(1, 50) for _ in range(n))
    oracle = brute_force(list(stacks))
    for places in range(1, min(2, n) + 1):
        got = icm_module._exact_top_two(stacks, places)
        sparse = icm_module._exact_sparse(stacks, places)
        assert tuple(map(tuple, got)) == finish_probabilities(stacks, places)  # the route taken
        for i in range(n):
            assert got[i] == pytest.approx([float(p) for p in oracle[i][:places]], abs=1e-15)
            assert got[i] == pytest.approx(sparse[i], abs=1e-15)
        if sum(stacks) < 2**53:  # (the NumPy form counts the chips in floats)
            dense = icm_module._exact_dense(stacks, places)
            for i in range(n):
                assert got[i] == pytest.approx(dense[i], abs=1e-15)


def test_two_places_of_a_million_players_are_exact() -> None:
    """Two paid places of a million players were Monte Carlo (the sets: a million of them,
    each extended by a million players); they are exact now, by the closed form: here checked
    against the sum over the other players (correctly rounded) for a few of them."""
    n = 10**6
    result = icm(range(1, n + 1), [3, 2])
    assert result.method == "exact" and result.samples is None
    total = n * (n + 1) // 2
    for i in (1, 2, 500_000, n):
        first = i / total
        second = first * math.fsum(j / (total - j) for j in range(1, n + 1) if j != i)
        assert result.places[i - 1][0] == pytest.approx(first, rel=1e-12)
        assert result.places[i - 1][1] == pytest.approx(second, rel=1e-9)
        assert result.equity[i - 1] == pytest.approx(3 * first + 2 * second, rel=1e-9)
    assert sum(result.equity) == pytest.approx(5.0, rel=1e-12)


def test_chips_past_2_to_the_53_are_counted_exactly() -> None:
    """The NumPy form of the programme counted the chips left in floats: past 2**53 chips the
    difference was rounded (13 players with stacks near 2**60: chances off by a few percent,
    0.3984 for 0.4080 in a smaller case). Such a field takes the pure-Python form, whose chips
    are ints: the same as it, and as every finishing order where those can be counted."""
    rng = random.Random(4)
    stacks = [rng.randint(1, 50) * rng.choice([1, 3, 2**55]) for _ in range(13)]
    assert sum(stacks) > 2**53 and icm_exact_sets(13, 13) > 4096
    got = finish_probabilities(stacks)
    sparse = icm_module._exact_sparse(tuple(stacks), 13)
    for a, b in zip(got, sparse, strict=True):
        assert a == pytest.approx(b, abs=1e-12)
    small = (114, 1, 102, 792633534417207296, 33)
    oracle = brute_force(list(small))
    result = icm(small, [50, 30, 20, 10, 5], method="exact")
    for i in range(5):
        assert result.places[i] == pytest.approx([float(p) for p in oracle[i]], abs=1e-12)


class _CountingRng:
    """A NumPy generator that counts the numbers it draws."""

    def __init__(self, rng: object) -> None:
        self.rng = rng
        self.drawn = 0

    def random(self, size: int) -> object:
        self.drawn += size
        return self.rng.random(size)  # type: ignore[attr-defined]

    def standard_exponential(self, shape: tuple[int, int]) -> object:
        self.drawn += shape[0] * shape[1]
        return self.rng.standard_exponential(shape)  # type: ignore[attr-defined]


def test_three_places_of_a_million_players_end_in_bounded_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``icm(range(1, 10**6 + 1), [3, 2, 1])`` took 212 s: its Monte Carlo drew every player's
    clock in each sample (10**9 draws). A sample now draws the paid places only: the random
    numbers drawn are counted here (a few per sample, not a million), and the places it
    finds agree with the exact chances of the first two places within their errors."""
    import numpy as np

    made: list[_CountingRng] = []
    default_rng = np.random.default_rng

    def counting(seed: object) -> _CountingRng:
        made.append(_CountingRng(default_rng(seed)))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(np.random, "default_rng", counting)
    n = 10**6
    result = icm(range(1, n + 1), [3, 2, 1], seed=3)
    (rng,) = made
    assert result.method == "monte carlo" and result.samples is not None
    samples = result.samples
    assert samples >= 100_000
    assert 3 * samples <= rng.drawn <= 3 * samples + 1_000  # (a redraw on a rounded border)
    assert samples * icm_module._draws_each(n, 3) <= icm_module._MAX_DRAWS
    assert math.fsum(result.equity) == pytest.approx(6.0, rel=1e-12)
    for k in range(3):  # each place filled once in every sample
        assert math.fsum(row[k] for row in result.places) == pytest.approx(1.0, rel=1e-12)
    # The top tenth of the stacks: its chance of each of the first two places, exactly (the
    # closed form) and as sampled.
    exact = icm(range(1, n + 1), [3, 2])
    top = range(9 * n // 10, n)
    for k in range(2):
        p = sum(exact.places[i][k] for i in top)
        got = sum(result.places[i][k] for i in top)
        assert abs(got - p) < 5 * (p * (1 - p) / samples) ** 0.5


@pytest.mark.parametrize(
    "stacks",
    [
        tuple(range(1, 41)),  # 40 players, 3 paid: a sample draws the paid places
        (10**6,) + (1,) * 39,  # one stack holds nearly every chip
        (2**62, 2**62 - 1, 2**61 + 3) + (1,) * 37,  # chips past 2**53: borders round
    ],
)
def test_drawing_the_paid_places_agrees_with_the_exact_chances(stacks: tuple[int, ...]) -> None:
    """The Monte Carlo that draws only the paid places (each in proportion to the chips of the
    players not yet placed) against the exact programme, place by place within five standard
    errors, and never one player in two places of a sample."""
    import numpy as np

    assert icm_module._draws_each(len(stacks), 3) < len(stacks)
    exact = icm(stacks, [50, 30, 20], method="exact")
    samples = 200_000
    line = icm_module._ChipLine(np, np.asarray(stacks, dtype=np.float64))
    paid = line.draw(np.random.default_rng(5), 3, samples)
    ordered = np.sort(paid, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all()
    for k in range(3):
        seen = np.bincount(paid[:, k], minlength=len(stacks)) / samples
        for i, p in enumerate(seen):
            q = exact.places[i][k]
            # (five counts more: a place that few samples reach is far from a normal law)
            assert abs(p - q) <= 5 * (q * (1 - q) / samples) ** 0.5 + 5 / samples
    mc = icm(stacks, [50, 30, 20], method="monte carlo", samples=samples, seed=2)
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr or (), strict=True):
        assert abs(e - m) <= 5 * s + 1e-9
