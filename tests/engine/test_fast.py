"""``holdem.engine._fast.legal_of``: the Legal it gives is the one the NamedTuple's own
constructor builds from the same fields, whether it is made afresh or given again from the
memo of the ones it made lately; a value that is not None or an exact int is kept as given,
instances of a class with a ``__dict__`` are never shared, and an instance a caller holds
never changes."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from holdem import Legal
from holdem.engine._fast import legal_of


def _fields(rng: random.Random) -> tuple[Any, ...]:
    def amount() -> int | None:
        pick = rng.randrange(6)
        if pick == 0:
            return None
        if pick == 1:
            return rng.randrange(-3, 3)  # (hash(-1) == hash(-2): the memo must compare values)
        if pick == 2:
            return rng.choice([2**62, 2**64 + 1, 10**30])  # made afresh: equal, not the same
        return rng.randrange(300)

    return (rng.randrange(12), rng.random() < 0.5, rng.random() < 0.5, amount(), amount(), amount())


def test_equal_to_the_namedtuple_made_from_the_same_fields() -> None:
    rng = random.Random(7)
    pool = [_fields(rng) for _ in range(40)]  # few enough to come back often (the memo hit)
    for _ in range(20_000):
        fields = rng.choice(pool) if rng.random() < 0.8 else _fields(rng)
        # Big ints rebuilt as new objects, so that equal values are not the same object.
        fields = tuple(int(str(v)) if type(v) is int and v > 2**30 else v for v in fields)
        got = legal_of(Legal, *fields)
        want = Legal(*fields)
        assert type(got) is Legal and got == want
        assert [type(v) for v in got] == [type(v) for v in want]


class _Chips(int):
    """An int subclass: never swapped for an equal exact int."""


def test_a_value_that_is_not_an_exact_int_is_kept() -> None:
    first = legal_of(Legal, 0, True, False, 5, 7, 9)
    assert first == (0, True, False, 5, 7, 9)
    for fields in [(_Chips(5), 7, 9), (5, _Chips(7), 9), (5, 7, _Chips(9))]:
        again = legal_of(Legal, 0, True, False, *fields)
        assert again == first
        assert [type(v) for v in again[3:]] == [type(v) for v in fields]


class _Open(NamedTuple):
    seat: int
    fold: bool
    check: bool
    call: int | None
    lo: int | None
    hi: int | None


class _WithDict(_Open):
    """A subclass without __slots__: its instances have a __dict__."""


def test_instances_with_a_dict_are_never_shared() -> None:
    a = legal_of(_WithDict, 1, False, True, None, 4, 200)
    b = legal_of(_WithDict, 1, False, True, None, 4, 200)
    assert a == b and a is not b
    a.note = "mine"  # type: ignore[attr-defined]
    assert not hasattr(b, "note")
    # An equal instance of another class is not given for this one.
    c = legal_of(_Open, 1, False, True, None, 4, 200)
    d = legal_of(Legal, 1, False, True, None, 4, 200)
    assert type(c) is _Open and type(d) is Legal and c == d


def test_an_instance_the_caller_holds_never_changes() -> None:
    """The memo reuses in place only an instance that no one else holds: every instance kept
    here keeps its fields while the others, dropped at once, are made again and again."""
    rng = random.Random(11)
    kept = []
    for _ in range(20_000):
        fields = _fields(rng)
        got = legal_of(Legal, *fields)
        assert got == Legal(*fields)
        if rng.random() < 0.05:
            kept.append((got, Legal(*fields)))
    assert len(kept) > 500
    for got, want in kept:
        assert got == want and [type(v) for v in got] == [type(v) for v in want]
