"""holdem.compat.treys gives treys' ranks, classes, cards and decks.

Oracle: treys 0.1.8 (a test dependency; the comparisons are skipped without it). treys is too
slow from Python for a million hands of each size, so that oracle is treys' own lookup tables
(``treys.lookup.LookupTable``: 5-card prime product -> rank) taken as treys' ``_five`` does and
minimised over every 5-card subset as its ``_six`` and ``_seven`` do, vectorised with numpy; it
is itself checked against ``treys.Evaluator().evaluate`` on 20,000 hands of each size. One hand
of each of the 7,462 values covers the rare categories. Cards, classes, decks, the hand summary
and the errors are compared with treys too.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from holdem import CardError, HoldemError
from holdem.compat import CardKeyError, CompatTypeError, HandValueError
from holdem.compat import treys as shim_treys
from holdem.errors import ArgumentError, ArgumentTypeError

SIZES = (5, 6, 7)
NAMES = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]  # holdem's card indices


@pytest.fixture(scope="module")
def treys() -> ModuleType:
    module: ModuleType = pytest.importorskip("treys")
    return module


def treys_ranks(treys: ModuleType, hands: np.ndarray) -> np.ndarray:
    """treys' rank of each row (5-7 card indices), from treys' own lookup tables, vectorised.

    As treys' ``_five``: a flush (the cards share a suit bit) is looked up by the product of the
    rank primes of its rank bits in ``flush_lookup``, anything else by the product of the cards'
    primes in ``unsuited_lookup``; as ``_six``/``_seven``: the least over every 5-card subset.
    """
    table = treys.lookup.LookupTable()
    ints = np.array([treys.Card.new(s) for s in NAMES], dtype=np.int64)
    columns = [ints[hands[:, i]] for i in range(hands.shape[1])]  # one card of every hand
    prime = [c & 0xFF for c in columns]
    suit = [(c >> 12) & 0xF for c in columns]
    rankbit = [(c >> 16) & 0x1FFF for c in columns]

    def as_arrays(d: dict[int, int]) -> tuple[np.ndarray, np.ndarray]:
        keys = sorted(d)
        return np.array(keys, dtype=np.int64), np.array([d[k] for k in keys], dtype=np.int64)

    flushes, unsuited = as_arrays(table.flush_lookup), as_arrays(table.unsuited_lookup)

    def lookup(table: tuple[np.ndarray, np.ndarray], keys: np.ndarray) -> np.ndarray:
        k, v = table
        pos = np.clip(np.searchsorted(k, keys), 0, len(k) - 1)
        assert (k[pos] == keys).all()
        return v[pos]

    best = np.full(len(hands), 7463, dtype=np.int64)
    for a, b, c, d, e in itertools.combinations(range(hands.shape[1]), 5):
        flush = np.flatnonzero(suit[a] & suit[b] & suit[c] & suit[d] & suit[e])
        ranks = lookup(unsuited, prime[a] * prime[b] * prime[c] * prime[d] * prime[e])
        rank_or = (rankbit[a] | rankbit[b] | rankbit[c] | rankbit[d] | rankbit[e])[flush]
        products = [treys.Card.prime_product_from_rankbits(bits) for bits in rank_or.tolist()]
        ranks[flush] = lookup(flushes, np.array(products, dtype=np.int64))
        np.minimum(best, ranks, out=best)
    return best


@pytest.fixture(scope="module")
def treys_oracle(treys: ModuleType, hands: np.ndarray) -> dict[int, np.ndarray]:
    """treys' ranks of the million hands of each size; the oracle checked against treys itself."""
    evaluator = treys.Evaluator()
    ints = np.array([treys.Card.new(s) for s in NAMES], dtype=np.int64)
    oracle = {}
    for n in SIZES:
        oracle[n] = treys_ranks(treys, hands[:, :n])
        sample = ints[hands[:20_000, :n]].tolist()
        direct = [evaluator.evaluate(h[:2], h[2:]) for h in sample]
        assert direct == oracle[n][:20_000].tolist()
    return oracle


@pytest.mark.parametrize("n", SIZES)
def test_treys_million_hands(
    treys: ModuleType, hands: np.ndarray, treys_oracle: dict[int, np.ndarray], n: int
) -> None:
    ints = np.array([shim_treys.Card.new(s) for s in NAMES], dtype=np.int64)
    rows = ints[hands[:, :n]].tolist()
    evaluate = shim_treys.Evaluator().evaluate
    got = [evaluate(h[:2], h[2:]) for h in rows]
    assert got == treys_oracle[n].tolist()
    # Other splits of the same cards (treys adds hand + board): all on the board, 3 + rest.
    assert [evaluate([], h) for h in rows[:50_000]] == got[:50_000]
    assert [evaluate(tuple(h[:3]), tuple(h[3:])) for h in rows[:50_000]] == got[:50_000]


def test_treys_every_value_and_class(treys: ModuleType, one_hand_per_value: np.ndarray) -> None:
    theirs_ev, ours_ev = treys.Evaluator(), shim_treys.Evaluator()
    rows = [[treys.Card.new(NAMES[c]) for c in h] for h in one_hand_per_value.tolist()]
    expected = [theirs_ev.evaluate(h[:2], h[2:]) for h in rows]
    assert sorted(expected) == list(range(1, 7463))
    assert [ours_ev.evaluate(h[:2], h[2:]) for h in rows] == expected
    for rank in range(1, 7463):
        cls = ours_ev.get_rank_class(rank)
        assert cls == theirs_ev.get_rank_class(rank)
        assert ours_ev.class_to_string(cls) == theirs_ev.class_to_string(cls)
        pct = ours_ev.get_five_card_rank_percentage(rank)
        assert pct == theirs_ev.get_five_card_rank_percentage(rank)
    for name in dir(treys.lookup.LookupTable):
        if name.startswith(("MAX_", "RANK_CLASS")):
            assert getattr(shim_treys.LookupTable, name) == getattr(treys.lookup.LookupTable, name)
    assert ours_ev.table.MAX_PAIR == 6185


def test_treys_card_surface(treys: ModuleType) -> None:
    T, S = treys.Card, shim_treys.Card
    for s in NAMES:
        x = T.new(s)
        assert S.new(s) == x
        for fn in (
            "int_to_str",
            "int_to_pretty_str",
            "get_rank_int",
            "get_suit_int",
            "get_bitrank_int",
            "get_prime",
            "int_to_binary",
        ):
            assert getattr(S, fn)(x) == getattr(T, fn)(x), (fn, s)
    for name in (
        "STR_RANKS",
        "INT_RANKS",
        "PRIMES",
        "CHAR_RANK_TO_INT_RANK",
        "CHAR_SUIT_TO_INT_SUIT",
        "INT_SUIT_TO_CHAR_SUIT",
        "PRETTY_SUITS",
        "SUIT_COLORS",
    ):
        assert getattr(S, name) == getattr(T, name), name
    rng = random.Random(3)
    for _ in range(2000):
        strs = rng.sample(NAMES, rng.randrange(1, 8))
        assert S.hand_to_binary(strs) == T.hand_to_binary(strs)
        ints = T.hand_to_binary(strs)
        assert S.prime_product_from_hand(ints) == T.prime_product_from_hand(ints)
        bits = rng.randrange(1 << 13)
        assert S.prime_product_from_rankbits(bits) == T.prime_product_from_rankbits(bits)
        assert S.ints_to_pretty_str(ints) == T.ints_to_pretty_str(ints)
        assert _printed(S.print_pretty_cards, ints) == _printed(T.print_pretty_cards, ints)
        assert _printed(S.print_pretty_card, ints[0]) == _printed(T.print_pretty_card, ints[0])


def _printed(fn: Callable[..., object], *args: object) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(*args)
    return out.getvalue()


def test_treys_deck(treys: ModuleType) -> None:
    assert shim_treys.Deck.GetFullDeck() == treys.Deck.GetFullDeck()
    for seed in (0, 1, 42, 2**40):
        theirs, ours = treys.Deck(seed), shim_treys.Deck(seed)
        assert ours.cards == theirs.cards and str(ours) == str(theirs)
        assert [ours.draw(k) for k in (1, 2, 3, 0)] == [theirs.draw(k) for k in (1, 2, 3, 0)]
        theirs.shuffle()
        ours.shuffle()
        assert ours.draw(52) == theirs.draw(52)


def test_treys_deck_bad_input() -> None:
    deck = shim_treys.Deck(7)
    before = list(deck.cards)
    for bad in (53, -1, 1.0, True):
        with pytest.raises(CardError):
            deck.draw(bad)  # type: ignore[arg-type]
    assert deck.cards == before
    # A seed is checked as everywhere in holdem (treys takes whatever random.Random takes).
    with pytest.raises(ArgumentTypeError, match=r"1\.5"):
        shim_treys.Deck(1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="True"):
        shim_treys.Deck(True)
    with pytest.raises(ArgumentError, match="-1"):
        shim_treys.Deck(-1)


def test_treys_hand_summary(treys: ModuleType) -> None:
    rng = random.Random(11)
    theirs, ours = treys.Evaluator(), shim_treys.Evaluator()
    for players in (2, 3, 2, 4, 6) * 20:
        cards = treys.Card.hand_to_binary(rng.sample(NAMES, 5 + 2 * players))
        board, holes = cards[:5], [cards[5 + 2 * p : 7 + 2 * p] for p in range(players)]
        assert _printed(ours.hand_summary, board, holes) == _printed(
            theirs.hand_summary, board, holes
        )
    # A tie on the board: every player plays it
    board = treys.Card.hand_to_binary(["As", "Ks", "Qs", "Js", "Ts"])
    holes = [treys.Card.hand_to_binary(h) for h in (["2c", "3d"], ["4c", "5d"])]
    text = _printed(ours.hand_summary, board, holes)
    assert text == _printed(theirs.hand_summary, board, holes)
    assert "tied for the win with a Royal Flush" in text
    with pytest.raises(CardError):
        ours.hand_summary(board[:4], holes)


TREYS_BAD: list[tuple[Callable[[ModuleType], object], type[Exception], type[Exception]]] = [
    # a call on the module (treys or the shim), the package's exception, ours
    (lambda m: m.Card.new("Xs"), KeyError, CardKeyError),
    (lambda m: m.Card.new("aS"), KeyError, CardKeyError),
    (lambda m: m.Card.new(51), TypeError, CompatTypeError),
    (
        lambda m: m.Evaluator().evaluate([m.Card.new("As")], [m.Card.new("Ks")]),
        KeyError,
        CardKeyError,
    ),
    (
        lambda m: m.Evaluator().evaluate(
            m.Card.hand_to_binary(NAMES[:4]), m.Card.hand_to_binary(NAMES[4:8])
        ),
        KeyError,
        CardKeyError,
    ),
    (
        lambda m: m.Evaluator().evaluate(["As", "Ks"], ["Qs", "Js", "Ts"]),
        TypeError,
        CompatTypeError,
    ),
    (lambda m: m.Evaluator().get_rank_class(7463), Exception, HandValueError),
    (lambda m: m.Evaluator().class_to_string(10), KeyError, HandValueError),
]


@pytest.mark.parametrize(("call", "theirs", "ours"), TREYS_BAD)
def test_treys_errors_match(
    treys: ModuleType,
    call: Callable[[ModuleType], object],
    theirs: type[Exception],
    ours: type[Exception],
) -> None:
    with pytest.raises(theirs):
        call(treys)
    with pytest.raises(ours) as info:
        call(shim_treys)
    assert isinstance(info.value, theirs) and isinstance(info.value, HoldemError)


@pytest.mark.parametrize(
    ("call", "error", "named"),
    [
        (
            lambda ev, c: ev.evaluate([c("As"), c("As")], [c("Qh"), c("Jc"), c("Tc")]),
            CardError,
            "duplicate card",
        ),
        (
            lambda ev, c: ev.evaluate([c("As"), 12345], [c("Qh"), c("Jc"), c("Tc")]),
            CardError,
            "12345",
        ),
        (lambda ev, c: ev.evaluate([c("As"), -5], [c("Qh"), c("Jc"), c("Tc")]), CardError, "-5"),
        (
            lambda ev, c: ev.evaluate([c("As"), 2**80], [c("Qh"), c("Jc"), c("Tc")]),
            CardError,
            str(2**80),
        ),
        (
            lambda ev, c: ev.evaluate([c("As"), True], [c("Qh"), c("Jc"), c("Tc")]),
            CompatTypeError,
            "True",
        ),
        (lambda ev, c: ev.evaluate(None, [c("Qh"), c("Jc"), c("Tc")]), CompatTypeError, "None"),
        (lambda ev, c: ev.get_rank_class(0), HandValueError, "0"),
        (lambda ev, c: ev.get_rank_class(-1), HandValueError, "-1"),
        (lambda ev, c: ev.get_rank_class(5.0), CompatTypeError, "5.0"),
        (lambda ev, c: ev.get_five_card_rank_percentage(0), HandValueError, "0"),
        (lambda ev, c: ev.class_to_string(True), HandValueError, "True"),
        (lambda ev, c: shim_treys.Card.int_to_str(3), CardError, "3"),
        (lambda ev, c: shim_treys.Card.int_to_pretty_str(1.5), CompatTypeError, "1.5"),  # type: ignore[arg-type]
        (lambda ev, c: shim_treys.Card.new("As "), CardKeyError, "'As '"),
    ],
)
def test_treys_input_it_does_not_check(
    call: Callable[[Any, Callable[[str], int]], object], error: type[Exception], named: str
) -> None:
    """Repeated cards, ints that are no card, bools, rank 0: treys answers nonsense, we raise."""
    with pytest.raises(error, match=named.replace("(", r"\(")):
        call(shim_treys.Evaluator(), shim_treys.Card.new)
