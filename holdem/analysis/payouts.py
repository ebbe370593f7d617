"""Tournament prize money: how many places are paid, what each earns, and deals at the end.

Every amount is a whole number of units (dollars, cents, points: whatever the prize pool is
counted in), and the amounts of a payout table or a deal add up to the prize pool exactly.
Rounding is by largest remainders (Hamilton's method): each share is rounded down, and the units
left over go one each to the shares with the largest fractions, ties to the better place (or,
in a deal, to the bigger stack, then to the player listed first).

* **How many are paid**: "close to 10% of players will be paid in a tournament", or one table
  (nine players) for each 100 entrants (Wikipedia, "Texas hold 'em", Tournaments, after Andrew
  Glazer): :func:`paid_places`.
* **What each place earns**: a table of percentages of one's own, or by default a standard
  harmonic structure, place ``k`` earning in proportion to ``1 / k`` (50/25/16.7 ... before
  rounding): :func:`payout_table`.
* **Deals** (a "chop": Wikipedia, "Texas hold 'em" -- play goes on "until one player has
  accumulated all the chips in play or a deal is made among the remaining players to 'chop' the
  remaining prize pool"): the chip chop (each player is paid the next prize to be won, and the
  rest is shared in proportion to the chips, as card rooms compute it), the proportional chop,
  the equal chop and the ICM chop (each player's prize equity by the Independent Chip Model,
  optionally with a sum left to play for): :func:`chip_chop`, :func:`icm_chop`, :func:`even_chop`.

>>> payout_table(100, 10_000)
(3414, 1707, 1138, 854, 683, 569, 488, 427, 379, 341)
>>> chip_chop([15000, 12000, 10000, 6000, 500], [200, 150, 100, 63, 57])
(155, 136, 123, 96, 60)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeGuard

from holdem._validate import is_int, length
from holdem.errors import ArgumentTypeError, ICMError

__all__ = [
    "chip_chop",
    "even_chop",
    "icm_chop",
    "paid_places",
    "payout_table",
    "split_exactly",
]


MAX_PLACES = 10_000
"""The most places a payout table pays (10% of 100,000 entrants): its exact rounding grows
faster than the table."""

MAX_PLAYERS = 1_000_000
"""The most players a deal shares prizes among, and the most entrants a payout table takes."""


def _whole(value: object, what: str, low: int = 0) -> int:
    if not is_int(value):
        raise ArgumentTypeError(f"{what} must be an int, got {value!r}")
    number = int(value)
    if number < low:
        raise ICMError(f"{what} must be at least {low}, got {number}")
    return number


def _sequence(value: object) -> TypeGuard[Sequence[object]]:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def split_exactly(total: int, weights: Sequence[int | float | Fraction]) -> tuple[int, ...]:
    """Split ``total`` units in proportion to ``weights``, in whole units that add up to it.

    Each share is rounded down; the units left over go one each to the largest fractions,
    ties to the earlier share (largest remainders, Hamilton's method). Non-increasing weights
    give non-increasing shares.

    :raises ArgumentTypeError: for a total that is not an int, or weights that are not numbers.
    :raises ICMError: for a negative total or weight, no weights, or weights that sum to 0.

    >>> split_exactly(100, [1, 1, 1])
    (34, 33, 33)
    >>> split_exactly(10, [0.5, 0.3, 0.2])
    (5, 3, 2)
    """
    total = _whole(total, "the total")
    if not _sequence(weights) or not weights:
        raise ICMError(f"weights must be a non-empty sequence of numbers, got {weights!r}")
    exact: list[Fraction] = []
    for i, w in enumerate(weights):
        if not (is_int(w) or isinstance(w, float | Fraction)):
            raise ArgumentTypeError(f"weight {i + 1} must be a number, got {w!r}")
        if isinstance(w, float) and not math.isfinite(w):
            raise ICMError(f"weight {i + 1} must be finite, got {w!r}")
        if w < 0:
            raise ICMError(f"weight {i + 1} must not be negative, got {w!r}")
        exact.append(Fraction(w))
    # In integers over one common denominator: share i is total * a[i] / whole exactly, its
    # floor and its remainder (the fraction's numerator) ints. (Comparing the fractions
    # themselves cross-multiplied their denominators at every step of the sort: 10,000
    # harmonic places, whose denominators reach lcm(1..10000), took over a minute.)
    common = functools.reduce(math.lcm, (w.denominator for w in exact), 1)
    scaled = [w.numerator * (common // w.denominator) for w in exact]
    whole = sum(scaled)
    if whole == 0:
        raise ICMError("the weights sum to 0: nothing to split by")
    shares = []
    remainders = []
    for a in scaled:
        share, remainder = divmod(total * a, whole)
        shares.append(share)
        remainders.append(remainder)
    left = total - sum(shares)  # (fewer than the shares: each remainder is below one unit)
    order = sorted(range(len(shares)), key=lambda i: (-remainders[i], i))
    for i in order[:left]:
        shares[i] += 1
    return tuple(shares)


def paid_places(entrants: int, *, fraction: float = 0.10, minimum: int = 3) -> int:
    """How many places a field of ``entrants`` pays: ``fraction`` of the field, rounded up.

    "A good rule of thumb is that close to 10% of players will be paid in a tournament"
    (Wikipedia, "Texas hold 'em", Tournaments); ``minimum`` places are paid in a small field
    (a single table pays three by custom), and never the whole field when it has two or more.

    :raises ArgumentTypeError: for ``entrants`` or ``minimum`` that is not an int, or a
        ``fraction`` that is not a number.
    :raises ICMError: for fewer than 1 entrant, a ``fraction`` not in (0, 1], or ``minimum``
        below 1.

    >>> paid_places(9), paid_places(100), paid_places(101), paid_places(2)
    (3, 10, 11, 1)
    """
    n = _whole(entrants, "entrants", 1)
    low = _whole(minimum, "minimum", 1)
    number: object = fraction
    if not isinstance(number, int | float) or isinstance(number, bool):
        raise ArgumentTypeError(f"fraction must be a number, got {fraction!r}")
    if not 0 < fraction <= 1:
        raise ICMError(f"fraction must be in (0, 1], got {fraction!r}")
    paid = max(low, math.ceil(Fraction(fraction).limit_denominator(10**6) * n))
    return max(1, min(paid, n - 1 if n > 1 else 1))


def payout_table(
    entrants: int,
    prize_pool: int,
    *,
    percentages: Sequence[int | float | Fraction] | None = None,
    places: int | None = None,
) -> tuple[int, ...]:
    """The prize of each paid place, best first, in whole units that add up to ``prize_pool``.

    ``percentages``: a table of one's own (any positive numbers, best place first: they are
    scaled to the pool); by default ``places`` (:func:`paid_places` of the field) are paid by
    the harmonic structure, place ``k`` in proportion to ``1 / k``. Units left by rounding go
    to the largest fractions, ties to the better place (:func:`split_exactly`).

    :raises ArgumentTypeError: for numbers that are not ints (the percentages: not numbers).
    :raises ICMError: for fewer than 1 entrant or more than :data:`MAX_PLAYERS`, a negative
        pool, more places than entrants or than :data:`MAX_PLACES`, both ``percentages`` and
        ``places``, or percentages that are not positive and
        non-increasing.

    >>> payout_table(9, 900)
    (491, 245, 164)
    >>> payout_table(9, 900, percentages=[50, 30, 20])
    (450, 270, 180)
    """
    n = _whole(entrants, "entrants", 1)
    if n > MAX_PLAYERS:
        raise ICMError(f"a payout table takes at most {MAX_PLAYERS:,} entrants, got {n:,}")
    pool = _whole(prize_pool, "the prize pool")
    if percentages is not None and places is not None:
        raise ICMError("give percentages or places, not both")
    if percentages is None:
        m = paid_places(n) if places is None else _whole(places, "places", 1)
        _check_places(m, n)
        weights: list[Fraction] = [Fraction(1, k) for k in range(1, m + 1)]
    else:
        if not _sequence(percentages):
            raise ICMError(f"percentages must be a sequence of numbers, got {percentages!r}")
        _check_places(len(percentages), n)
        weights = []
        for i, p in enumerate(percentages):
            if not (is_int(p) or isinstance(p, float | Fraction)):
                raise ArgumentTypeError(f"percentage {i + 1} must be a number, got {p!r}")
            if not p > 0 or (isinstance(p, float) and not math.isfinite(p)):
                raise ICMError(f"percentage {i + 1} must be positive, got {p!r}")
            weights.append(Fraction(p))
        if not weights:
            raise ICMError("percentages must name at least one paid place")
        if any(a < b for a, b in itertools.pairwise(weights)):
            raise ICMError(f"a better place never earns less: got {list(percentages)}")
    if len(weights) > n:
        raise ICMError(f"{len(weights)} paid places for {n} entrants: at most one a player")
    return split_exactly(pool, weights)


def _check_places(places: int, entrants: int) -> None:
    """Refuse a table of more places than entrants, or than :data:`MAX_PLACES`, before it is
    made."""
    if places > entrants:
        raise ICMError(f"{places:,} paid places for {entrants:,} entrants: at most one a player")
    if places > MAX_PLACES:
        raise ICMError(f"a payout table pays at most {MAX_PLACES:,} places, got {places:,}")


def _deal_inputs(stacks: object, payouts: object) -> tuple[list[int], list[int]]:
    if not _sequence(stacks) or not length(stacks, "stacks", ICMError):
        raise ICMError(f"stacks must be a non-empty sequence of ints, got {stacks!r}")
    if not _sequence(payouts) or not length(payouts, "payouts", ICMError):
        raise ICMError(f"payouts must be a non-empty sequence of ints, got {payouts!r}")
    if len(stacks) > MAX_PLAYERS:
        raise ICMError(f"a deal is for at most {MAX_PLAYERS:,} players, got {len(stacks):,}")
    if len(payouts) > len(stacks):
        raise ICMError(f"{len(payouts)} prizes for {len(stacks)} players: at most one a player")
    chips = [_whole(s, f"stack {i + 1}", 1) for i, s in enumerate(stacks)]
    prizes = [_whole(p, f"payout {i + 1}") for i, p in enumerate(payouts)]
    if len(prizes) > len(chips):
        raise ICMError(f"{len(prizes)} prizes for {len(chips)} players: at most one a player")
    return chips, prizes


def _by_stack(total: int, weights: Sequence[Fraction | float], stacks: Sequence[int]) -> list[int]:
    """Largest remainders, with ties to the bigger stack, then to the player listed first."""
    quotas = [Fraction(w) for w in weights]
    whole = sum(quotas)
    quotas = [total * q / whole for q in quotas] if whole else [Fraction(0)] * len(quotas)
    shares = [math.floor(q) for q in quotas]
    left = total - sum(shares)
    order = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - shares[i]), -stacks[i], i))
    for i in order[:left]:
        shares[i] += 1
    return shares


def chip_chop(
    stacks: Sequence[int], payouts: Sequence[int], *, method: str = "next prize"
) -> tuple[int, ...]:
    """A chip-count deal: each player's share of the prizes left, in whole units.

    ``stacks``: the chips of the players left; ``payouts``: the prizes still to be won, best
    first (at most one a player; places beyond them pay nothing). ``method="next prize"`` (the
    card rooms' chip-count deal): every player is paid the prize the next player out would win,
    and the rest is shared in proportion to the chips; ``"proportional"``: all of it in
    proportion to the chips. The shares add up to ``sum(payouts)`` exactly.

    :raises ArgumentTypeError: for stacks or payouts that are not ints.
    :raises ICMError: for no stacks or payouts, a stack below 1, a negative payout, more
        payouts than players, or an unknown method.

    >>> chip_chop([400, 300, 200, 100], [1600, 1000, 600, 400])
    (1200, 1000, 800, 600)
    >>> chip_chop([400, 300, 200, 100], [1600, 1000, 600, 400], method="proportional")
    (1440, 1080, 720, 360)
    """
    chips, prizes = _deal_inputs(stacks, payouts)
    if method not in ("next prize", "proportional"):
        raise ICMError(f"method must be 'next prize' or 'proportional', got {method!r}")
    total = sum(prizes)
    n = len(chips)
    floor = prizes[n - 1] if method == "next prize" and len(prizes) == n else 0
    rest = _by_stack(total - n * floor, [Fraction(c) for c in chips], chips)
    return tuple(floor + r for r in rest)


def even_chop(players: int, payouts: Sequence[int]) -> tuple[int, ...]:
    """An equal deal: the prizes left shared equally, the odd units one each to the first.

    :raises ArgumentTypeError: for numbers that are not ints.
    :raises ICMError: for fewer than 1 player or more than :data:`MAX_PLAYERS`, no payouts, a
        negative payout, or more payouts than players.

    >>> even_chop(4, [1600, 1000, 600, 400]), even_chop(3, [50, 30, 20])
    ((900, 900, 900, 900), (34, 33, 33))
    """
    if _whole(players, "players", 1) > MAX_PLAYERS:
        raise ICMError(f"a deal is for at most {MAX_PLAYERS:,} players, got {players:,}")
    _, prizes = _deal_inputs([1] * players, payouts)
    return split_exactly(sum(prizes), [1] * players)


def icm_chop(
    stacks: Sequence[int],
    payouts: Sequence[int],
    *,
    left_to_play: int = 0,
    method: str = "auto",
) -> tuple[int, ...]:
    """An ICM deal: each player's prize equity by the Independent Chip Model, in whole units.

    ``payouts``: the prizes still to be won, best first. ``left_to_play``: a sum kept back from
    the first prize for the players to play on for (a deal "with something left to play for",
    as card rooms run them): the deal shares the prizes less that sum, and the winner of the
    play-on takes it later. The shares add up to ``sum(payouts) - left_to_play`` exactly;
    rounding by largest remainders, ties to the bigger stack.

    ``method``: as :func:`~holdem.icm` (exact up to large final tables).

    :raises ArgumentTypeError: for stacks, payouts or ``left_to_play`` that are not ints.
    :raises ICMError: for no stacks or payouts, a stack below 1, a negative payout, more
        payouts than players, or ``left_to_play`` that is negative or more than the first
        prize less the second (the first place must still earn the most).

    >>> icm_chop([50, 30, 20], [70, 30])
    (45, 32, 23)
    >>> icm_chop([5000, 3000, 2000], [50, 30, 20], left_to_play=10)
    (33, 30, 27)
    """
    from holdem.analysis.icm import icm

    chips, prizes = _deal_inputs(stacks, payouts)
    keep = _whole(left_to_play, "left_to_play")
    second = prizes[1] if len(prizes) > 1 else 0
    if keep > prizes[0] - second:
        raise ICMError(
            f"left_to_play is at most the first prize less the second ({prizes[0] - second}), "
            f"got {keep}"
        )
    shared = [prizes[0] - keep, *prizes[1:]]
    if not any(shared):
        return tuple(0 for _ in chips)
    result = icm(chips, shared, method=method)
    return tuple(_by_stack(sum(shared), list(result.equity), chips))
