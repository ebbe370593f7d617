"""The Independent Chip Model (Malmuth-Harville): finishing places and prize equity from stacks.

A player wins the tournament with probability stack / total chips; given who finished above,
each remaining player takes the next place with probability proportional to their stack. A
player's prize equity is the sum over places of P(place) x payout.

Exact results come from a dynamic programme over the sets of players that fill the top places
(the state is the set, not its order): ``m`` paid places of ``n`` players need the sets of up
to ``m - 1`` players (:func:`icm_exact_sets`), each extended by every other player. With NumPy
it runs over all 2^n sets as arrays (``benchmarks/icm.py`` times it for growing fields).
Without NumPy, or for more than :data:`DENSE_PLAYERS` players, pure Python visits only the sets
needed: few paid places stay exact for large fields (3 places of 200 players: 20,101 sets).
One or two paid places need no sets at all: place 1 is ``s_i / S`` and place 2 is
``s_i / S * sum over j != i of s_j / (S - s_j)``, a sum over the field that leaves out one
player, so any field is exact in time and memory in proportion to its players.
Where the exact method would be slow (more than 20 players, or no NumPy, and more than
:data:`SPARSE_STEPS` set extensions), ``"auto"`` switches to Monte Carlo: finishing orders drawn
from the same model, with a standard error for each equity; it needs NumPy. Its work is bounded
(200 million draws at most: a minute or so): for many paid places a sample draws every player's
clock (independent exponential clocks with rates equal to the stacks ring in a Harville
order: ``n`` draws), for few paid places of a large field it draws only the paid places, each
player in proportion to the chips of those not yet placed (about ``m`` draws).

>>> result = icm([50, 30, 20], [70, 30])
>>> [round(e, 6) for e in result.equity]
[45.178571, 32.25, 22.571429]
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from math import isfinite
from typing import Any

from holdem._validate import check_samples, check_seed, is_int, length
from holdem.errors import ArgumentError, ArgumentTypeError, ICMError, MissingDependencyError

__all__ = [
    "DENSE_PLAYERS",
    "ICM",
    "SPARSE_STEPS",
    "ICMError",
    "finish_probabilities",
    "icm",
    "icm_exact_sets",
]

DENSE_PLAYERS = 22
"""Up to this many players (with NumPy) the exact method may visit all 2^n sets as arrays."""

SPARSE_STEPS = 5_000_000
"""Set extensions (sets x players) that ``method="auto"`` still does exactly in pure Python."""

# Up to this many players the sparse programme makes every player's bit up front.
_BITS_UP_FRONT = 1024
# The largest stack or payout: sums of a field's amounts stay far inside a float's range.
_MAX_AMOUNT = 2**63 - 1
# Set extensions (sets x players) at most for the exact method in pure Python (about ten
# seconds: 23 players' every place, 193 million, ran past a minute).
_EXACT_STEPS = 10 * SPARSE_STEPS
# Sets counted at most (icm_exact_sets): past that, the count alone would be a huge number.
_MAX_SETS = 2**64
# Draws at most of a Monte Carlo run (about a minute of one core; 10**9 took 212 s): samples x
# players when a sample draws every player's clock, samples x paid places when it draws the
# paid places only.
_MAX_DRAWS = 200_000_000
# The draws of a default Monte Carlo run (seconds), at least 10,000 samples.
_DEFAULT_DRAWS = 20_000_000
# Players x paid places at most for Monte Carlo: its counts and its result grow with that table.
_MAX_CELLS = 10_000_000


def _stacks(stacks: object) -> tuple[int, ...]:
    if isinstance(stacks, str | bytes) or not isinstance(stacks, Sequence):
        raise ArgumentTypeError(f"stacks must be a sequence of ints, got {stacks!r}")
    if length(stacks, "stacks", ICMError) == 0:
        raise ICMError("stacks must name at least one player")
    for i, s in enumerate(stacks):
        if not is_int(s):
            raise ArgumentTypeError(f"stack {i} must be an int number of chips, got {s!r}")
        s = operator.index(s)  # a plain int: a subclass's comparisons may lie
        if s <= 0:
            raise ICMError(
                f"stack {i} is {s}: every stack must be positive (leave busted players out)"
            )
        if s > _MAX_AMOUNT:
            raise ICMError(f"stack {i} is {s}: at most 2**63 - 1 chips")
    return tuple(int(s) for s in stacks)


def _payouts(payouts: object, players: int) -> tuple[int | float, ...]:
    if isinstance(payouts, str | bytes) or not isinstance(payouts, Sequence):
        raise ArgumentTypeError(f"payouts must be a sequence of numbers, got {payouts!r}")
    if length(payouts, "payouts", ICMError) == 0:
        raise ICMError("payouts must name at least one paid place")
    if len(payouts) > players:
        raise ICMError(f"{len(payouts)} payouts for {players} players: at most one a player")
    for i, p in enumerate(payouts):
        if not (is_int(p) or isinstance(p, float)):
            raise ArgumentTypeError(f"payout {i + 1} must be an int or a float, got {p!r}")
        if not 0 <= p <= _MAX_AMOUNT or not isfinite(p):  # (an int first: no float overflow)
            raise ICMError(
                f"payout {i + 1} must be finite and not negative (at most 2**63 - 1), got {p!r}"
            )
    return tuple(payouts)


def icm_exact_sets(players: int, places: int) -> int:
    """How many player sets the exact method visits for ``places`` places of ``players``.

    :raises ArgumentTypeError: if either is not an int.
    :raises ICMError: for ``players`` < 1, ``places`` not from 1 to ``players``, or a count
        beyond 2**64.

    >>> icm_exact_sets(9, 9), icm_exact_sets(200, 3)
    (502, 20101)
    """
    for what, value in (("players", players), ("places", places)):
        if not is_int(value):
            raise ArgumentTypeError(f"{what} must be an int, got {value!r}")
    if players < 1:
        raise ICMError(f"players must be a positive int, got {players!r}")
    if not 1 <= places <= players:
        raise ICMError(f"places must be an int from 1 to {players}, got {places!r}")
    sets = _sets(players, places)
    if sets is None:
        raise ICMError(
            f"{places:,} places of {players:,} players need more than 2**64 sets: too many to count"
        )
    return sets


def _sets(players: int, places: int) -> int | None:
    """:func:`icm_exact_sets` for checked arguments, or None past 2**64 (counted in at most
    a few hundred steps, whatever the sizes)."""
    # The last place needs no set of its own: it is 1 minus the others.
    total, term = 0, 1  # term: comb(players, k)
    for k in range(min(places, players - 1)):
        total += term
        if total > _MAX_SETS:
            return None
        term = term * (players - k) // (k + 1)
    return total


def _exact_sparse(stacks: tuple[int, ...], places: int) -> list[list[float]]:
    """probs[i][k]: the chance that player i finishes in place k + 1, for k < places (only the
    sets that occur are visited: best for few paid places of many players)."""
    n = len(stacks)
    total = sum(stacks)
    probs = [[0.0] * places for _ in range(n)]
    # Each player's bit (1 << i) made up front is the fastest test for a small field; for a
    # large one it would take memory quadratic in the field (200,000 players: gigabytes), so
    # there a set's members are listed instead, and a bit is made only to extend a set.
    small = n <= _BITS_UP_FRONT
    players = [(i, 1 << i if small else 0, s, probs[i]) for i, s in enumerate(stacks)]
    # The sets of players in the top k places (as bit sets): their probability and chips.
    layer_p: dict[int, float] = {0: 1.0}
    layer_c: dict[int, int] = {0: 0}
    for k in range(min(places, n - 1)):
        next_p: dict[int, float] = {}
        next_c: dict[int, int] = {}
        last = k + 1 == places
        for mask, p in layer_p.items():
            chips = layer_c[mask]
            scale = p / (total - chips)
            taken = () if small else _members(mask)
            for i, bit, s, row in players:
                if (mask & bit) if small else (i in taken):
                    continue
                q = scale * s
                row[k] += q
                if not last:
                    key = mask | 1 << i
                    if key in next_p:
                        next_p[key] += q
                    else:
                        next_p[key] = q
                        next_c[key] = chips + s
        layer_p, layer_c = next_p, next_c
    _last_place(probs, places)
    return probs


def _members(mask: int) -> set[int]:
    """The players of a bit set (the cost grows with the members, not with the highest one).

    >>> sorted(_members(0b10110))
    [1, 2, 4]
    """
    out = set()
    while mask:
        low = mask & -mask
        out.add(low.bit_length() - 1)
        mask ^= low
    return out


def _exact_dense(stacks: tuple[int, ...], places: int) -> list[list[float]]:
    """The same programme over all 2^n sets at once, in NumPy (fast up to about 22 players)."""
    import numpy as np

    n = len(stacks)
    total = float(sum(stacks))
    chips_of = np.asarray(stacks, dtype=np.float64)
    sets = np.arange(1 << n, dtype=np.int64)
    chips = np.zeros(1 << n)
    size = np.zeros(1 << n, dtype=np.int8)
    for i in range(n):
        member = (sets >> i) & 1
        chips += chips_of[i] * member
        size += member.astype(np.int8)
    by_size = np.argsort(size, kind="stable")
    starts = np.concatenate(([0], np.cumsum(np.bincount(size, minlength=n + 1))))
    prob = np.zeros(1 << n)
    prob[0] = 1.0
    probs = np.zeros((n, places))
    for k in range(min(places, n - 1)):
        layer = by_size[starts[k] : starts[k + 1]]
        scale = prob[layer] / (total - chips[layer])
        for i in range(n):
            free = (layer >> i) & 1 == 0
            q = scale[free] * chips_of[i]
            probs[i, k] = q.sum()
            if k + 1 < places:
                prob[layer[free] | (1 << i)] += q
    rows: list[list[float]] = probs.tolist()
    _last_place(rows, places)
    return rows


def _last_place(probs: list[list[float]], places: int) -> None:
    """When every place is asked for, the last is whoever did not finish above it."""
    n = len(probs)
    if places == n:
        for row in probs:
            row[n - 1] = max(0.0, 1.0 - sum(row[: n - 1]))


def _numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:  # pragma: no cover - exercised only without numpy
        return False
    return True


def _exact_top_two(stacks: tuple[int, ...], places: int) -> list[list[float]]:
    """probs[i][k] for one or two paid places, in closed form (no set of players needed).

    Place 1 is ``s_i / S``; place 2 is ``s_i / S`` times the sum over the other players ``j``
    of ``s_j / (S - s_j)`` (player ``j`` first, then ``i`` among the chips left), taken as
    the sums of the players before ``i`` and after it (no subtraction, so no cancellation).

    >>> [[round(p, 6) for p in row] for row in _exact_top_two((50, 30, 20), 2)]
    [[0.5, 0.339286], [0.3, 0.375], [0.2, 0.285714]]
    """
    n = len(stacks)
    total = sum(stacks)
    if places == 1:
        return [[s / total] for s in stacks]
    share = [s / (total - s) for s in stacks]  # s_j / (S - s_j): never a division by 0 (n > 1)
    after = [0.0] * (n + 1)  # after[i]: the sum of share[i:], from the back
    for i in range(n - 1, -1, -1):
        after[i] = after[i + 1] + share[i]
    probs = []
    before = 0.0
    for i, s in enumerate(stacks):
        probs.append([s / total, s / total * (before + after[i + 1])])
        before += share[i]
    _last_place(probs, places)
    return probs


def _exact(stacks: tuple[int, ...], places: int) -> list[list[float]]:
    """Exact finishing probabilities, by whichever form of the programme costs less."""
    n = len(stacks)
    if places <= 2:
        return _exact_top_two(stacks, places)
    sets = _sets(n, places)
    # (the NumPy form counts chips in floats: exact up to 2**53 chips in all)
    dense = n <= DENSE_PLAYERS and sum(stacks) <= 2**53 and _numpy_available()
    if sets is not None and sets > 4096 and dense:
        return _exact_dense(stacks, places)
    if sets is None or sets * n > _EXACT_STEPS:
        count = "more than 2**64" if sets is None else f"{sets:,}"
        raise ICMError(
            f"{places} places of {n} players need {count} sets of players, too many to do "
            "exactly here: use method='monte carlo' (or fewer paid places)"
        )
    return _exact_sparse(stacks, places)


def _exact_is_fast(players: int, places: int, chips: int) -> bool:
    """Whether the exact method takes about a second or less (``chips`` in all)."""
    if places <= 2 or (players <= 20 and chips <= 2**53 and _numpy_available()):
        return True
    sets = _sets(players, places)
    return sets is not None and sets * players <= SPARSE_STEPS


def _draws_each(players: int, places: int) -> int:
    """The draws of one Monte Carlo sample: every player's clock, or the paid places only
    (each place a draw and a pass over the places above it) when that is less work."""
    return min(players, places * (places // 2 + 8))


def _monte_carlo(
    stacks: tuple[int, ...], payouts: tuple[float, ...], samples: int, seed: int | None
) -> tuple[list[list[float]], list[float], list[float]]:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - exercised only without numpy
        raise MissingDependencyError(
            'Monte Carlo ICM needs NumPy: pip install "holdem-engine[numpy]"'
        ) from None
    n, m = len(stacks), len(payouts)
    rng = np.random.default_rng(seed)
    rate = np.asarray(stacks, dtype=np.float64)
    prize = np.asarray(payouts, dtype=np.float64)
    counts = np.zeros(n * m)
    sums = np.zeros(n)
    squares = np.zeros(n)
    each = _draws_each(n, m)
    line = _ChipLine(np, rate) if each < n else None
    chunk = max(1, min(samples, 2_000_000 // each))
    done = 0
    while done < samples:
        size = min(chunk, samples - done)
        # paid[r, k]: the player in place k + 1 of sample r; a player takes one prize at most.
        paid = _clocks(np, rng, rate, m, size) if line is None else line.draw(rng, m, size)
        players = paid.ravel()
        won = np.broadcast_to(prize, (size, m)).ravel()
        sums += np.bincount(players, weights=won, minlength=n)
        squares += np.bincount(players, weights=won * won, minlength=n)
        counts += np.bincount(players * m + np.tile(np.arange(m), size), minlength=n * m)
        done += size
    mean = sums / samples
    var = np.maximum(squares / samples - mean * mean, 0.0)
    stderr = np.sqrt(var / max(1, samples - 1))
    return (counts.reshape(n, m) / samples).tolist(), mean.tolist(), stderr.tolist()


def _clocks(np: Any, rng: Any, rate: Any, m: int, size: int) -> Any:
    """The paid places of ``size`` samples, each by every player's clock: the first ring of
    independent exponential clocks with rates s_i is player i's with chance s_i / sum(s); by
    memorylessness the rest ring in Harville order as well."""
    rings = rng.standard_exponential((size, len(rate))) / rate
    if m < len(rate):  # only the paid places need sorting
        top = np.argpartition(rings, m - 1, axis=1)[:, :m]
        return np.take_along_axis(
            top, np.argsort(np.take_along_axis(rings, top, axis=1), axis=1), axis=1
        )
    return np.argsort(rings, axis=1)


class _ChipLine:
    """The players' stacks laid end to end on a line of chips: a point drawn uniformly on the
    line of the players not yet placed falls in a player's stretch with the chance the model
    gives that player for the next place (Harville: in proportion to the chips)."""

    def __init__(self, np: Any, rate: Any) -> None:
        self.np = np
        self.stack = rate
        self.end = np.cumsum(rate)  # player i's stretch: [end[i] - stack[i], end[i])
        self.start = self.end - rate
        self.total = float(self.end[-1])
        # guide[g]: the first player whose stretch ends past g / G of the line (Chen and Asau's
        # guide table: a draw starts its search there and moves on about once).
        self.buckets = 2 * len(rate)
        marks = np.arange(self.buckets, dtype=np.float64) * (self.total / self.buckets)
        self.guide = np.searchsorted(self.end, marks, side="right")

    def draw(self, rng: Any, m: int, size: int) -> Any:
        """The players of places 1 to ``m`` in ``size`` samples (one row each)."""
        np = self.np
        paid = np.empty((size, m), dtype=np.int64)
        taken = np.zeros(size)  # the chips of the players placed so far in each sample
        rows = np.arange(size)
        for k in range(m):
            todo = rows
            while len(todo):
                u = rng.random(len(todo)) * (self.total - taken[todo])
                if k:
                    # Step over the stretches of the players placed above, in the line's order.
                    above = paid[todo, :k]
                    above = np.take_along_axis(above, np.argsort(above, axis=1), axis=1)
                    for j in range(k):
                        p = above[:, j]
                        u += np.where(u >= self.start[p], self.stack[p], 0.0)
                who = self._find(u)
                # A point on the border of a stretch that rounding moved into a placed
                # player's: drawn again (chips beyond 2**53 are not exact in a float).
                again = (paid[todo, :k] == who[:, None]).any(axis=1) if k else None
                keep = todo if again is None else todo[~again]
                paid[keep, k] = who if again is None else who[~again]
                taken[keep] += self.stack[paid[keep, k]]
                todo = todo[again] if again is not None else todo[:0]
        return paid

    def _find(self, u: Any) -> Any:
        """The player whose stretch holds each point of ``u``."""
        np = self.np
        g = (u * (self.buckets / self.total)).astype(np.int64)
        who = self.guide[np.clip(g - 1, 0, self.buckets - 1)]  # (a bucket early: rounding)
        last = len(self.end) - 1
        for _ in range(2):
            behind = np.flatnonzero((self.end[who] <= u) & (who < last))
            if not len(behind):
                return who
            who[behind] += 1
        behind = np.flatnonzero((self.end[who] <= u) & (who < last))
        if len(behind):  # a crowded bucket: search the rest
            who[behind] = np.minimum(np.searchsorted(self.end, u[behind], side="right"), last)
        return who


@dataclass(frozen=True)
class ICM:
    """Prize equity by the Independent Chip Model.

    ``places[i][k]`` is the chance that player ``i`` finishes in place ``k + 1`` (for the paid
    places); ``equity[i]`` the expected prize. ``method`` is ``"exact"`` or ``"monte carlo"``;
    a Monte Carlo result also has ``samples`` and ``stderr`` (one standard error an equity).
    """

    stacks: tuple[int, ...]
    payouts: tuple[int | float, ...]
    places: tuple[tuple[float, ...], ...]
    equity: tuple[float, ...]
    method: str
    samples: int | None = None
    stderr: tuple[float, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "stacks": list(self.stacks),
            "payouts": list(self.payouts),
            "places": [list(row) for row in self.places],
            "equity": list(self.equity),
            "method": self.method,
            "samples": self.samples,
            "stderr": None if self.stderr is None else list(self.stderr),
        }


def finish_probabilities(
    stacks: Sequence[int], places: int | None = None
) -> tuple[tuple[float, ...], ...]:
    """Each player's chance of finishing in places 1 to ``places`` (all places by default).

    Exact; the cost is :func:`icm_exact_sets` (``players``, ``places``) sets times the players.

    :raises ArgumentTypeError: for stacks that are not a sequence of ints, or ``places`` that
        is not an int.
    :raises ICMError: for no stacks, a stack that is not positive, ``places`` not from 1 to the
        number of players, or a field too large to do exactly.

    >>> [[round(p, 4) for p in row] for row in finish_probabilities([50, 30, 20])]
    [[0.5, 0.3393, 0.1607], [0.3, 0.375, 0.325], [0.2, 0.2857, 0.5143]]
    """
    chips = _stacks(stacks)
    m = len(chips) if places is None else places
    icm_exact_sets(len(chips), m)  # checks places
    return tuple(tuple(row) for row in _exact(chips, m))


def icm(
    stacks: Sequence[int],
    payouts: Sequence[int | float],
    *,
    method: str = "auto",
    samples: int | None = None,
    seed: int | None = None,
) -> ICM:
    """Prize equity of each stack for the payouts of places 1, 2, ... (Malmuth-Harville).

    ``method``: ``"exact"``, ``"monte carlo"`` (``samples`` finishing orders, by default 20
    million divided by the number of players and at least 10,000, reproducible with ``seed``;
    needs NumPy) or ``"auto"`` (exact where that is quick, see the module's notes). Stacks are
    positive ints (chips), payouts ints or floats; the equities sum to the prize pool.

    :raises ArgumentTypeError: for stacks or payouts that are not sequences of numbers (stacks
        of ints), or ``samples`` that is not an int.
    :raises ICMError: for no stacks or payouts, a stack that is not positive, a payout that is
        negative or not finite, more payouts than players, a ``method`` that is not one of the
        three, a field too large for ``method="exact"``, or (Monte Carlo) more than ten million
        players x paid places.
    :raises ArgumentError: for ``samples`` < 2 or above 2**32, or (Monte Carlo) more than a
        billion samples x players (about a minute of work).
    :raises ArgumentTypeError, ArgumentError: for a seed that is not None or an int >= 0.
    :raises MissingDependencyError: for Monte Carlo without NumPy.

    >>> r = icm([5000, 3000, 2000], [50, 30, 20])
    >>> [round(x, 4) for x in r.equity], round(sum(r.equity), 9)
    ([38.3929, 32.75, 28.8571], 100.0)
    """
    chips = _stacks(stacks)
    prizes = _payouts(payouts, len(chips))
    check_seed(seed)  # whatever the method: a bad seed is never silently ignored
    if samples is not None:
        check_samples(samples, 2)
    if method not in ("auto", "exact", "monte carlo"):
        raise ICMError(f"method must be 'auto', 'exact' or 'monte carlo', got {method!r}")
    if method == "auto":
        fast = _exact_is_fast(len(chips), len(prizes), sum(chips))
        method = "exact" if fast else "monte carlo"
    if method == "exact":
        probs = _exact(chips, len(prizes))  # checked by _exact: it refuses hopeless sizes
        equity = [sum(p * x for p, x in zip(row, prizes, strict=True)) for row in probs]
        return ICM(
            stacks=chips,
            payouts=prizes,
            places=tuple(tuple(row) for row in probs),
            equity=tuple(equity),
            method="exact",
        )
    cells = len(chips) * len(prizes)
    if cells > _MAX_CELLS:
        raise ICMError(
            f"{len(prizes):,} paid places of {len(chips):,} players make a table of {cells:,} "
            f"finishing chances, more than the {_MAX_CELLS:,} kept in memory: pay fewer places"
        )
    each = _draws_each(len(chips), len(prizes))
    if samples is None:  # (at least 100 samples, within the bound on the work)
        samples = max(100, min(max(10_000, _DEFAULT_DRAWS // each), _MAX_DRAWS // each))
    if samples * each > _MAX_DRAWS:  # (a bad sample count: ArgumentError, as everywhere)
        raise ArgumentError(
            f"{samples:,} samples of {len(prizes):,} paid places of {len(chips):,} players are "
            f"{samples * each:,} draws, more than the {_MAX_DRAWS:,} done in about a minute: "
            "ask for fewer samples"
        )
    probs, mean, stderr = _monte_carlo(chips, tuple(map(float, prizes)), samples, seed)
    return ICM(
        stacks=chips,
        payouts=prizes,
        places=tuple(tuple(row) for row in probs),
        equity=tuple(mean),
        method="monte carlo",
        samples=samples,
        stderr=tuple(stderr),
    )
