"""Hand ranges: the PokerStove / Equilab range grammar, with Pio and Equilab weights.

A range is a set of two-card *combos* (1,326 in all), each with a weight in (0, 1]. The text
form is a comma-separated list of:

====================  ==========================================================================
``AA``                a pair: its 6 combos
``AKs`` ``AKo``       suited (4 combos) or offsuit (12); ``AK`` is both (16)
``AsKs``              one combo
``QQ+``               a pair and every higher pair (QQ, KK, AA)
``ATs+`` ``K9o+``     the kicker up to one below the first card (ATs, AJs, AQs, AKs); ``AT+``
``A2s-A5s``           a span with the same first card and suitedness (either order); ``99-22``
``random``            every combo
``AKs:0.5``           a weight (Pio form, 0 to 1) on any item
``[75]AKo,KQo[/75]``  a weight in percent (Equilab form) on every item in the brackets
====================  ==========================================================================

Ranks are ``23456789TJQKA`` (either case), suits ``cdhs``. A combo named twice takes the later
weight; a weight of 0 removes it. Anything else is a :class:`~holdem.RangeError` that names the
item. ``str(range)`` is the canonical text (Pio weights), and parses back to an equal range
(the empty range is ``random:0``).

>>> r = parse_range("QQ+,AKs,[50]AKo[/50]")
>>> len(r), r.size
(34, 28.0)
>>> str(r)
'QQ+,AKs,AKo:0.5'
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations, pairwise

from holdem.analysis.starting import _PARTS, _combos_of
from holdem.cards import _RANK_OF, RANKS, Card, CardLike, parse_cards
from holdem.errors import CardError, RangeError

__all__ = ["Combo", "Range", "parse_range"]

#: One two-card hand, the higher card first (by index: rank, then suit c < d < h < s).
Combo = tuple[Card, Card]

_CLASS = re.compile(r"([2-9TJQKAtjqka])([2-9TJQKAtjqka])([sSoO]?)(\+?)")
_COMBO = re.compile(r"((?:10|[2-9TJQKAtjqka])[cdhs])((?:10|[2-9TJQKAtjqka])[cdhs])")
_OPEN = re.compile(r"^\[\s*([0-9]*\.?[0-9]+)\s*\]")
_CLOSE = re.compile(r"\[\s*/\s*([0-9]*\.?[0-9]+)\s*\]$")
_NUMBER = re.compile(r"[0-9]*\.?[0-9]+")
_ALL = tuple((b, a) for a, b in combinations(range(52), 2))  # every combo, higher card first


def _short(value: object) -> str:
    """``repr(value)``, cut to a length a message can hold."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_item(item: object) -> bool:
    """Whether ``item`` is one of a Range's items: ((high, low) card indexes, weight in (0, 1])."""
    if not isinstance(item, tuple) or len(item) != 2:
        return False
    combo, w = item
    if not isinstance(combo, tuple) or len(combo) != 2:
        return False
    a, b = combo
    ints = all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b))
    number = isinstance(w, float | int) and not isinstance(w, bool)
    return ints and number and 0 <= b < a < 52 and 0.0 < w <= 1.0


def _combo(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a > b else (b, a)


@dataclass(frozen=True)
class Range:
    """A weighted set of two-card combos; build one with :func:`parse_range` or ``from_combos``.

    Immutable and hashable; equal ranges hold the same combos with the same weights.

    :raises RangeError: for items that are not sorted, distinct combos with weights in (0, 1].

    >>> r = Range.from_combos(["AsKs", "AhKh"], weight=0.5)
    >>> str(r), len(r), r.size
    ('AsKs:0.5,AhKh:0.5', 2, 1.0)
    """

    _items: tuple[tuple[tuple[int, int], float], ...]

    def __post_init__(self) -> None:
        if not isinstance(self._items, tuple):
            raise RangeError(
                f"Range() takes another Range's items; read text with parse_range('QQ+,AKs') or "
                f"give combos to Range.from_combos, got {_short(self._items)}"
            )
        for item in self._items:
            if not _is_item(item):
                raise RangeError(f"not a combo and weight in (0, 1]: {_short(item)}")
        combos = [c for c, _ in self._items]
        if any(x >= y for x, y in pairwise(combos)):
            raise RangeError("a Range's combos are sorted and distinct: use Range.from_combos")

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_combos(
        cls,
        combos: Mapping[str | Iterable[CardLike], float] | Iterable[str | Iterable[CardLike]],
        weight: float = 1.0,
    ) -> Range:
        """A range of the given combos: two cards each (``'AsKs'`` or a pair of cards).

        A mapping gives each combo its weight; otherwise every combo gets ``weight``.

        :raises RangeError: for something that is not two cards, or a weight that is not a
            number from 0 to 1.

        >>> len(Range.from_combos({"AsKs": 1.0, "AhKh": 0.25}))
        2
        """
        if isinstance(combos, str) or not isinstance(combos, Mapping | Iterable):
            raise RangeError(
                f"combos is a list or a mapping of combos such as ['AsKs', 'AhKh'], got "
                f"{_short(combos)}"
            )
        pairs = combos.items() if isinstance(combos, Mapping) else ((c, weight) for c in combos)
        weights: dict[tuple[int, int], float] = {}
        for combo, w in pairs:
            try:
                cards = parse_cards(combo)
            except CardError as exc:
                raise RangeError(f"not a combo: {combo!r} ({exc})") from None
            if len(cards) != 2:
                raise RangeError(f"a combo is two cards, got {combo!r}")
            weights[_combo(cards[0], cards[1])] = _check_weight(w, repr(combo))
        return cls._from_dict(weights)

    @classmethod
    def _from_dict(cls, weights: Mapping[tuple[int, int], float]) -> Range:
        return cls(tuple(sorted((c, float(w)) for c, w in weights.items() if w > 0)))

    # -- reading ------------------------------------------------------------------------------

    @property
    def combos(self) -> tuple[Combo, ...]:
        """The combos, higher card first, in index order."""
        return tuple((Card(a), Card(b)) for (a, b), _ in self._items)

    @property
    def weights(self) -> tuple[float, ...]:
        """The combos' weights, in the order of :attr:`combos`."""
        return tuple(w for _, w in self._items)

    def items(self) -> tuple[tuple[Combo, float], ...]:
        """(combo, weight) pairs.

        >>> parse_range("AsKs:0.5").items()
        (((Card('As'), Card('Ks')), 0.5),)
        """
        return tuple(((Card(a), Card(b)), w) for (a, b), w in self._items)

    def weight(self, combo: str | Iterable[CardLike]) -> float:
        """The weight of one combo (0.0 when it is not in the range).

        :raises CardError: for an unknown or repeated card.
        :raises RangeError: for a number of cards other than two.

        >>> parse_range("AKs").weight("KsAs"), parse_range("AKs").weight("AsKd")
        (1.0, 0.0)
        """
        cards = parse_cards(combo)
        if len(cards) != 2:
            raise RangeError(f"a combo is two cards, got {combo!r}")
        key = _combo(cards[0], cards[1])
        return dict(self._items).get(key, 0.0)

    @property
    def size(self) -> float:
        """The weighted number of combos (the sum of the weights)."""
        return math.fsum(w for _, w in self._items)

    @property
    def is_random(self) -> bool:
        """True when the range holds all 1,326 combos at weight 1."""
        return len(self._items) == 1326 and all(w == 1.0 for _, w in self._items)

    def without(self, cards: str | Iterable[CardLike]) -> Range:
        """The range less every combo that holds one of ``cards`` (card removal).

        :raises CardError: for an unknown or repeated card.

        >>> len(parse_range("AA").without("As"))
        3
        """
        dead = {int(c) for c in parse_cards(cards)}
        return Range(tuple(item for item in self._items if not dead.intersection(item[0])))

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos)

    def __contains__(self, combo: object) -> bool:
        try:
            return self.weight(combo) > 0  # type: ignore[arg-type]
        except (CardError, RangeError, TypeError):
            return False

    def __str__(self) -> str:
        return _format(dict(self._items))

    def __repr__(self) -> str:
        return f"Range({str(self)!r})"


def _check_weight(w: object, what: str) -> float:
    # (compared as it is, not as a float: an int of 400 digits has none)
    if isinstance(w, bool) or not isinstance(w, int | float) or not 0 <= w <= 1:
        raise RangeError(f"a weight is a number from 0 to 1, got {w!r} for {what}")
    return float(w)


# -- parsing --------------------------------------------------------------------------------------


def parse_range(text: str | Range) -> Range:
    """A range from its text (see the module docstring for the grammar).

    :raises RangeError: for anything but a str or a Range, or text that cannot be read (the
        message names the item).

    >>> len(parse_range("random")), len(parse_range("AKs")), len(parse_range("QQ+"))
    (1326, 4, 18)
    >>> str(parse_range("A5s-A2s, 99-22, KTo-K8o:0.5"))
    '99-22,A5s-A2s,KTo-K8o:0.5'
    """
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise RangeError(f"a range is text such as 'QQ+,AKs', got {text!r}")
    if not text.strip():
        raise RangeError("an empty range (write 'random' for every hand)")
    weights: dict[tuple[int, int], float] = {}
    bracket: float | None = None
    for position, raw in enumerate(text.split(","), start=1):
        item = raw.strip()
        where = f"item {position} ({raw.strip()!r})"
        opened = _OPEN.match(item)
        if opened:
            if bracket is not None:
                raise RangeError(f"{where}: a bracket opened inside another one")
            bracket = _percent(opened.group(1), where)
            item = item[opened.end() :].strip()
        closed = _CLOSE.search(item)
        close_now = False
        if closed:
            if bracket is None:
                raise RangeError(f"{where}: '[/...]' closes a bracket that was not opened")
            if _percent(closed.group(1), where) != bracket:
                raise RangeError(f"{where}: the bracket closes with another weight than it opened")
            item = item[: closed.start()].strip()
            close_now = True
        weight = 1.0 if bracket is None else bracket
        if ":" in item:
            item, _, number = item.partition(":")
            item = item.strip()
            if bracket is not None:
                raise RangeError(f"{where}: a ':' weight inside an Equilab [..] bracket")
            if not _NUMBER.fullmatch(number.strip()):
                raise RangeError(f"{where}: the weight after ':' is not a number from 0 to 1")
            weight = float(number)
            if weight > 1.0:
                raise RangeError(f"{where}: a ':' weight is from 0 to 1, got {number.strip()}")
        if not item:
            raise RangeError(f"{where}: nothing to read")
        for combo in _expand(item, where):
            weights[combo] = weight
        if close_now:
            bracket = None
    if bracket is not None:
        raise RangeError("an Equilab bracket '[...]' is never closed with '[/...]'")
    return Range._from_dict(weights)


def _percent(number: str, where: str) -> float:
    value = float(number)
    if value > 100.0:
        raise RangeError(f"{where}: a bracket weight is a percentage from 0 to 100")
    return value / 100.0


def _parse_class(token: str, where: str) -> tuple[int, int, str, bool]:
    """(high rank, low rank, kind 'p'/'s'/'o'/'', plus) of a token such as 'ATs+'."""
    match = _CLASS.fullmatch(token)
    if match is None:
        raise RangeError(
            f"{where}: cannot read {token!r} (expected a hand class like 'AKs', 'QQ+', "
            "'A2s-A5s', a combo like 'AsKs', or 'random')"
        )
    a, b, suffix, plus = match.groups()
    hi, lo = _RANK_OF[a], _RANK_OF[b]
    if hi < lo:
        hi, lo = lo, hi
    kind = suffix.lower()
    if hi == lo:
        if kind:
            raise RangeError(f"{where}: a pair cannot be suited or offsuit ({token!r})")
        kind = "p"
    return hi, lo, kind, bool(plus)


def _expand(item: str, where: str) -> list[tuple[int, int]]:
    if item.lower() == "random":
        return list(_ALL)
    match = _COMBO.fullmatch(item)
    if match:
        a, b = Card(match.group(1)), Card(match.group(2))
        if a == b:
            raise RangeError(f"{where}: a combo of the same card twice")
        return [_combo(a, b)]
    if "-" in item:
        left, _, right = item.partition("-")
        h1, l1, k1, p1 = _parse_class(left.strip(), where)
        h2, l2, k2, p2 = _parse_class(right.strip(), where)
        if p1 or p2:
            raise RangeError(f"{where}: '+' cannot be used in a span")
        if k1 != k2 or (k1 != "p" and h1 != h2):
            raise RangeError(
                f"{where}: a span joins pairs ('99-22') or hands with the same first card "
                "and suitedness ('A2s-A5s', 'KTo-K8o')"
            )
        out: list[tuple[int, int]] = []
        if k1 == "p":
            for r in range(min(h1, h2), max(h1, h2) + 1):
                out += _combos_of(r, r, "p")
        else:
            for r in range(min(l1, l2), max(l1, l2) + 1):
                out += _combos_of(h1, r, k1)
        return out
    hi, lo, kind, plus = _parse_class(item, where)
    if not plus:
        return _combos_of(hi, lo, kind)
    out = []
    if kind == "p":
        for r in range(hi, 13):
            out += _combos_of(r, r, "p")
    else:
        for r in range(lo, hi):
            out += _combos_of(hi, r, kind)
    return out


# -- formatting -----------------------------------------------------------------------------------


def _format(weights: dict[tuple[int, int], float]) -> str:
    """The canonical text: per weight (1 first, then descending) pairs, suited, offsuit, combos."""
    if not weights:
        return "random:0"  # every combo at weight 0: no combo (an empty text is an error)
    values = set(weights.values())
    if len(weights) == 1326 and len(values) == 1:
        return "random" + _suffix(values.pop())
    by_weight: dict[float, list[str]] = {}
    # Whole classes at one weight become class tokens; the rest are written combo by combo.
    classes: dict[float, dict[str, list[tuple[int, int]]]] = {}
    loose: dict[float, list[tuple[int, int]]] = {}
    for hi, lo, kind in _PARTS.values():
        members = _combos_of(hi, lo, kind)
        got = [weights[c] for c in members if c in weights]
        if not got:
            continue
        if len(got) == len(members) and len(set(got)) == 1:
            classes.setdefault(got[0], {}).setdefault(kind, []).append((hi, lo))
        else:
            for c in members:
                if c in weights:
                    loose.setdefault(weights[c], []).append(c)
    for w in sorted(set(classes) | set(loose), key=lambda x: (x != 1.0, -x)):
        tokens = by_weight.setdefault(w, [])
        kinds = classes.get(w, {})
        tokens += _runs(kinds.get("p", []), "p")
        for kind in ("s", "o"):
            highs = sorted({h for h, _ in kinds.get(kind, [])}, reverse=True)
            for h in highs:
                tokens += _runs([(hh, lo) for hh, lo in kinds[kind] if hh == h], kind)
        tokens += [str(Card(a)) + str(Card(b)) for a, b in sorted(loose.get(w, []), reverse=True)]
    return ",".join(t + _suffix(w) for w, ts in by_weight.items() for t in ts)


def _suffix(w: float) -> str:
    if w == 1.0:
        return ""
    text = repr(w)
    if "e" in text:  # 1e-05: the grammar's numbers have no exponent; the same digits, positional
        text = format(Decimal(text), "f")
    return ":" + text


def _runs(classes: list[tuple[int, int]], kind: str) -> list[str]:
    """Tokens for classes (high, low) of one kind (and one high card unless pairs), high first."""
    if not classes:
        return []
    ranks = sorted((h if kind == "p" else lo for h, lo in classes), reverse=True)
    top = 12 if kind == "p" else classes[0][0] - 1
    sfx = "" if kind == "p" else kind

    def name(r: int) -> str:
        return RANKS[r] * 2 if kind == "p" else RANKS[classes[0][0]] + RANKS[r] + sfx

    tokens: list[str] = []
    i = 0
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] - 1:
            j += 1
        first, last = ranks[i], ranks[j]
        if first == last:
            tokens.append(name(first))
        elif first == top:
            tokens.append(name(last) + "+")
        else:
            tokens.append(f"{name(first)}-{name(last)}")
        i = j + 1
    return tokens
