"""The preflop tables (holdem.analysis.preflop): the shipped heads-up matrix against published
figures and against holdem.equity's exact enumeration; the multiway figures against new runs."""

from __future__ import annotations

import random

import pytest

import holdem
from holdem.analysis import preflop
from holdem.errors import ArgumentError, StartingHandError


def test_aces_against_kings_as_published() -> None:
    # Kevin Gong, "Calling Pre-Flop All-In with KK or AK" (kevingong.com/Math/KKPreflop.html):
    # AA is an 81.946031% favourite against KK when the suits are not known.
    table = preflop.heads_up_table()
    assert abs(100 * table.equity("AA", "KK") - 81.946031) < 1e-4
    assert table.equity("KK", "AA") == pytest.approx(1 - table.equity("AA", "KK"), abs=1e-15)


def test_a_sample_of_matchups_against_exact_equity() -> None:
    table = preflop.heads_up_table()
    draw = random.Random(2024)
    pairs = [("AKs", "QQ"), ("72o", "AA"), ("T9s", "T9s"), ("22", "AKo")]
    pairs += [(draw.choice(holdem.CLASSES), draw.choice(holdem.CLASSES)) for _ in range(8)]
    for a, b in pairs:
        r = holdem.equity([a, b], exact=True)
        i, j = holdem.CLASSES.index(a), holdem.CLASSES.index(b)
        assert table.deals[i][j] * preflop.BOARDS == r.showdowns
        assert table.wins[i][j] == round(r[0].wins) and table.ties[i][j] == round(r[0].ties)
        assert table.equity(a, b) == pytest.approx(r[0].equity, abs=1e-12)


def test_matrix_shape_and_symmetry() -> None:
    m = preflop.heads_up_table().matrix()
    assert len(m) == 169 and all(len(row) == 169 for row in m)
    for i in range(169):
        assert m[i][i] == 0.5
        for j in range(i + 1, 169):
            assert m[i][j] + m[j][i] == pytest.approx(1.0, abs=1e-12)


def test_rows_recomputed_equal_the_shipped_table() -> None:
    table = preflop.heads_up_table()
    for i in (160, 168):  # short rows: the last classes against themselves and what follows
        row, counts = preflop._row(i)
        assert row == i
        for j, deals, wins, ties in counts:
            assert (table.deals[i][j], table.wins[i][j], table.ties[i][j]) == (
                deals,
                round(wins),
                round(ties),
            )


def test_one_random_opponent_is_exact() -> None:
    for hand in ("AA", "72o", "JTs"):
        r = preflop.random_opponents(hand)
        e = holdem.equity([holdem.class_combos(hand)[0], "random"], exact=True)[0]
        assert r.opponents == 1 and r.stderr == 0.0
        assert r.equity == pytest.approx(e.equity, abs=1e-12)
        assert r.win == pytest.approx(e.win, abs=1e-12) and r.tie == pytest.approx(e.tie, abs=1e-12)
    p = holdem.preflop_equity("AA")
    assert p.exact and round(100 * p.equity, 2) == 85.20  # the Wizard of Odds' figure


@pytest.mark.parametrize(("hand", "opponents"), [("AA", 2), ("72o", 4), ("KQs", 9)])
def test_multiway_figures_agree_with_a_new_run(hand: str, opponents: int) -> None:
    shipped = preflop.random_opponents(hand, opponents)
    assert 0 < shipped.stderr <= holdem.DEFAULT_STDERR and shipped.samples > 0
    fresh = holdem.preflop_equity(hand, opponents, samples=300_000, seed=7)
    spread = (shipped.stderr**2 + fresh.stderr**2) ** 0.5
    assert abs(shipped.equity - fresh.equity) <= 5 * spread
    read = holdem.preflop_equity(hand, opponents)
    assert not read.exact and (read.equity, read.stderr) == (shipped.equity, shipped.stderr)


def test_bad_arguments() -> None:
    with pytest.raises(StartingHandError):
        preflop.random_opponents("AKx")
    with pytest.raises(ArgumentError):
        preflop.random_opponents("AA", 10)
    with pytest.raises(StartingHandError):
        preflop.heads_up_table().equity("AA", "K")
    with pytest.raises(ArgumentError):
        preflop.compute_heads_up(threads=0)


def test_deals_counted_together_equal_deals_counted_one_by_one() -> None:
    """Deals alike in ranks share their count as if no flush were made: counted in one call
    (ranks repeated, interleaved with others), each deal gives what it gives alone."""
    import array

    from holdem import Card
    from holdem.analysis import _exact

    deals = ["AsKs QhQd", "AhKh QsQd", "AsKd QhQc", "7c2d 7h2s", "AsKs QhQc", "7d2d 7h2h"]
    hands = [bytes(int(Card(d[i : i + 2])) for i in (0, 2, 5, 7)) for d in deals]
    weights = [1.0, 2.0, 3.0, 5.0, 7.0, 11.0]
    _, *one = _exact.enumerate_classes(2, b"".join(hands), array.array("d", weights), b"", b"")
    alone: list[list[list[float]]] = []
    for h, w in zip(hands, weights, strict=True):
        _, *counts = _exact.enumerate_classes(2, h, array.array("d", [w]), b"", b"")
        alone.append(counts)
    for k in range(3):  # wins, ties, equity units
        for p in (0, 1):
            assert one[k][p] == sum(a[k][p] for a in alone)
