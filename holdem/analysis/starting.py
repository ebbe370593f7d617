"""Starting hands: the 169 classes of two hole cards, their 1,326 combos, and the 13x13 grid.

A class is named by its ranks, higher first, and ``s`` (suited: 4 combos) or ``o`` (offsuit:
12 combos); a pair has no suffix (6 combos): ``'AA'``, ``'AKs'``, ``'AKo'``. In the grid the
pairs run down the diagonal, suited classes sit above it and offsuit classes below, ranks from
ace to deuce along both sides.

>>> len(CLASSES), sum(combo_count(c) for c in CLASSES)
(169, 1326)
>>> hand_class("Kh Ah"), hand_class("7c2d"), class_combos("AKs")[0]
('AKs', '72o', (Card('Ac'), Card('Kc')))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import combinations

from holdem._validate import check_collection, is_int
from holdem.cards import _RANK_OF, RANKS, Card, CardLike, parse_cards
from holdem.errors import CardError, StartingHandError

__all__ = [
    "CLASSES",
    "GRID_RANKS",
    "StartingHandError",
    "all_combos",
    "class_at",
    "class_combos",
    "class_shares",
    "combo_count",
    "grid",
    "grid_position",
    "hand_class",
    "normalize_class",
]

GRID_RANKS = RANKS[::-1]
"""The ranks along each side of the grid, highest first: ``'AKQJT98765432'``."""


def class_at(row: int, col: int) -> str:
    """The class in a cell of the grid: pairs on the diagonal, suited above, offsuit below.

    :raises StartingHandError: if ``row`` or ``col`` is not an int from 0 to 12.

    >>> class_at(0, 0), class_at(0, 1), class_at(1, 0), class_at(12, 12)
    ('AA', 'AKs', 'AKo', '22')
    """
    for what, i in (("row", row), ("col", col)):
        if not is_int(i) or not 0 <= i < 13:
            raise StartingHandError(f"{what} must be an int from 0 to 12, got {i!r}")
    if row == col:
        return GRID_RANKS[row] * 2
    if row < col:
        return GRID_RANKS[row] + GRID_RANKS[col] + "s"
    return GRID_RANKS[col] + GRID_RANKS[row] + "o"


CLASSES: tuple[str, ...] = tuple(class_at(r, c) for r in range(13) for c in range(13))
"""The 169 classes in grid order, row by row: ``'AA', 'AKs', 'AQs', ..., '32o', '22'``."""

_POSITION = {name: divmod(i, 13) for i, name in enumerate(CLASSES)}


def _combos_of(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    """The combos of a class as card indices, higher card first, in suit order c, d, h, s.

    ``hi`` and ``lo`` are ranks (0 = deuce ... 12 = ace, ``hi >= lo``); ``kind`` is ``'p'`` (a
    pair), ``'s'`` (suited), ``'o'`` (offsuit) or ``''`` (both, as a range's ``'AK'``).
    """
    if hi == lo:
        return [(4 * hi + t, 4 * hi + s) for s, t in combinations(range(4), 2)]
    return [
        (4 * hi + s, 4 * lo + t)
        for s in range(4)
        for t in range(4)
        if (s == t and kind != "o") or (s != t and kind != "s")
    ]


def _parts(name: str) -> tuple[int, int, str]:
    """(high rank, low rank, kind) of a canonical class name: ``'AKs'`` -> ``(12, 11, 's')``."""
    return _RANK_OF[name[0]], _RANK_OF[name[1]], name[2] if len(name) == 3 else "p"


#: Every class's (high rank, low rank, kind), in grid order.
_PARTS = {name: _parts(name) for name in CLASSES}


def normalize_class(name: str) -> str:
    """The canonical name of a class, from any case or rank order: ``'kas'`` -> ``'AKs'``.

    :raises StartingHandError: for anything that is not one of the 169 class names.

    >>> normalize_class("kas"), normalize_class("tt"), normalize_class("T9O")
    ('AKs', 'TT', 'T9o')
    """
    if not isinstance(name, str):
        raise StartingHandError(f"a starting-hand class is a string like 'AKs', got {name!r}")
    text = name.strip()
    ranks = text[:2].upper()
    suffix = text[2:].lower()
    if len(text) in (2, 3) and all(r in _RANK_OF for r in ranks) and suffix in ("", "s", "o"):
        hi, lo = sorted(ranks, key=_RANK_OF.__getitem__, reverse=True)
        if hi == lo and not suffix:
            return hi + lo
        if hi != lo and suffix:
            return hi + lo + suffix
        if hi != lo:
            raise StartingHandError(
                f"{name!r} is two classes, {hi}{lo}s and {hi}{lo}o: name one (a class of two "
                "ranks ends in s, suited, or o, offsuit)"
            )
        raise StartingHandError(f"{name!r}: a pair is neither suited nor offsuit; write {hi}{lo}")
    raise StartingHandError(
        f"unknown starting-hand class {name!r} (two ranks from 2-9, T, J, Q, K, A, then s or o "
        "unless a pair: 'AA', 'AKs', 'T9o')"
    )


def grid_position(name: str) -> tuple[int, int]:
    """The (row, col) of a class in the grid, 0-based from the top left (AA).

    :raises StartingHandError: as :func:`normalize_class`.

    >>> grid_position("AKs"), grid_position("AKo"), grid_position("22")
    ((0, 1), (1, 0), (12, 12))
    """
    return _POSITION[normalize_class(name)]


def combo_count(name: str) -> int:
    """How many two-card combos a class has: 6 for a pair, 4 suited, 12 offsuit.

    :raises StartingHandError: as :func:`normalize_class`.

    >>> combo_count("QQ"), combo_count("QJs"), combo_count("QJo")
    (6, 4, 12)
    """
    canonical = normalize_class(name)
    return 6 if len(canonical) == 2 else 4 if canonical[2] == "s" else 12


def class_combos(name: str) -> tuple[tuple[Card, Card], ...]:
    """The combos of a class, each as (higher card, lower card), in suit order c, d, h, s.

    :raises StartingHandError: as :func:`normalize_class`.

    >>> [f"{a}{b}" for a, b in class_combos("JJ")]
    ['JdJc', 'JhJc', 'JsJc', 'JhJd', 'JsJd', 'JsJh']
    """
    return tuple((Card(a), Card(b)) for a, b in _combos_of(*_PARTS[normalize_class(name)]))


def all_combos() -> tuple[tuple[Card, Card], ...]:
    """All 1,326 two-card combos, class by class in grid order.

    >>> combos = all_combos()
    >>> len(combos), len({frozenset(c) for c in combos})
    (1326, 1326)
    """
    return tuple(combo for name in CLASSES for combo in class_combos(name))


def hand_class(cards: str | Iterable[CardLike]) -> str:
    """The class of two hole cards.

    :raises CardError: for an unknown or repeated card, or a number of cards other than two.

    >>> hand_class("As Ad"), hand_class("9h Th"), hand_class([Card("2c"), Card("Ks")])
    ('AA', 'T9s', 'K2o')
    """
    hole = parse_cards(cards)
    if len(hole) != 2:
        raise CardError(f"a starting hand is two cards, got {len(hole)}")
    a, b = sorted(hole, reverse=True)
    if a.rank == b.rank:
        return RANKS[a.rank] * 2
    return RANKS[a.rank] + RANKS[b.rank] + ("s" if a.suit == b.suit else "o")


def class_shares(
    hands: Mapping[str | tuple[CardLike, CardLike], float] | Iterable[str | Iterable[CardLike]],
) -> dict[str, float]:
    """The share of each class's combos that a set of hands holds (weighted, if a mapping).

    ``hands`` is an iterable of two-card hands, or a mapping hand -> weight (0 to 1, as ranges
    weight their combos). The result maps each class met to ``sum of weights / combos of the
    class``, ready for :func:`grid`; a hand given twice is an error.

    :raises CardError: for an unknown or repeated card, or a hand that is not two cards.
    :raises StartingHandError: for a str or None instead of a collection, a hand given twice, or a
        weight that is not a number from 0 to 1.

    >>> class_shares(["AhAd", "AsAc", "AhKh"])
    {'AA': 0.3333333333333333, 'AKs': 0.25}
    >>> class_shares({"AhKd": 0.5, "AsKs": 1.0})
    {'AKs': 0.25, 'AKo': 0.041666666666666664}
    """
    items: Iterable[tuple[object, float]]
    if isinstance(hands, Mapping):
        items = hands.items()
    else:
        check_collection(hands, "hands", "['AhAd', 'AhKh']", StartingHandError)
        items = ((hand, 1.0) for hand in hands)
    totals: dict[str, float] = {}
    seen: set[frozenset[int]] = set()
    for hand, weight in items:
        hole = parse_cards(hand)  # type: ignore[arg-type]
        if len(hole) != 2:
            raise CardError(f"a starting hand is two cards, got {len(hole)} in {hand!r}")
        key = frozenset(hole)
        if key in seen:
            raise StartingHandError(f"hand {hand!r} is given twice")
        seen.add(key)
        if isinstance(weight, bool) or not isinstance(weight, int | float) or not 0 <= weight <= 1:
            raise StartingHandError(f"the weight of {hand!r} must be from 0 to 1, got {weight!r}")
        name = hand_class(hole)
        totals[name] = totals.get(name, 0.0) + weight
    return {
        name: totals[name] / combo_count(name) for name in sorted(totals, key=_POSITION.__getitem__)
    }


def grid(
    values: Mapping[str, object] | Iterable[str] | None = None,
    *,
    fmt: str | Callable[[object], str] | None = None,
    missing: str = ".",
    headers: bool = False,
) -> str:
    """The 13x13 grid as text: class labels, a set of classes marked, or a value per class.

    - ``values=None``: every cell shows its class label.
    - a set (any iterable of class names, not a mapping): the named classes show their label,
      the others ``missing``.
    - a mapping class -> value: each cell shows its value (``format(value, fmt)`` if ``fmt`` is a
      format spec such as ``".1f"``, ``fmt(value)`` if it is a callable, else ``str``), and
      ``missing`` where the mapping has no entry.

    Columns are right-aligned to the widest cell; ``headers`` adds the ranks above and beside.
    Class names in ``values`` may be in any case or rank order; an unknown one is an error.

    :raises StartingHandError: for an unknown class, a class given twice, ``values`` that is a
        str or no collection (a number), a bad ``fmt`` or ``missing``, or a value that ``fmt``
        cannot format.

    >>> print(grid({"AA", "AKs", "KK", "AKo"}).splitlines()[0])
     AA AKs   .   .   .   .   .   .   .   .   .   .   .
    >>> print(grid({"AA": 6, "KK": 6}, headers=True).splitlines()[1])
    A 6 . . . . . . . . . . . .
    """
    if not isinstance(missing, str):
        raise StartingHandError(f"missing must be a string, got {missing!r}")
    cells: dict[str, str]
    if values is None:
        cells = {name: name for name in CLASSES}
    elif isinstance(values, Mapping):
        render = _renderer(fmt)
        cells = {}
        for key, value in values.items():
            name = normalize_class(key)
            if name in cells:
                raise StartingHandError(f"class {name} appears twice in the values ({key!r})")
            cells[name] = render(value)
    else:
        check_collection(
            values, "values", "{'AA', 'AKs'} (split a comma list first)", StartingHandError
        )
        cells = {name: name for name in map(normalize_class, values)}
    text = [[cells.get(class_at(r, c), missing) for c in range(13)] for r in range(13)]
    width = max(len(cell) for row in text for cell in row)
    lines = []
    if headers:
        lines.append("  " + " ".join(rank.rjust(width) for rank in GRID_RANKS))
        lines += [
            GRID_RANKS[r] + " " + " ".join(cell.rjust(width) for cell in row)
            for r, row in enumerate(text)
        ]
    else:
        lines += [" ".join(cell.rjust(width) for cell in row) for row in text]
    return "\n".join(line.rstrip() for line in lines)


def _renderer(fmt: str | Callable[[object], str] | None) -> Callable[[object], str]:
    if fmt is None:
        return str
    if isinstance(fmt, str):
        spec = fmt

        def render(value: object) -> str:
            try:
                return format(value, spec)
            except (TypeError, ValueError) as exc:
                raise StartingHandError(f"cannot format {value!r} with {spec!r}: {exc}") from None

        return render
    if callable(fmt):
        return fmt
    raise StartingHandError(f"fmt must be a format spec, a callable or None, got {fmt!r}")
