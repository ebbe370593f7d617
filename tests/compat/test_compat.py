"""Tests for holdem.compat: the drop-in shims give the numbers of the packages they replace.

Oracles are the real packages (test dependencies; each block is skipped when its package is
missing): phevaluator 0.6.0, eval7 0.1.11 and treys 0.1.8, called on the same random hands (a
million of 5, 6 and 7 cards each, drawn with numpy) and compared one by one with the shims'
per-call functions. treys evaluates a 7-card hand in ~30 us from Python, so its million-hand
oracle is treys' own lookup tables (``treys.lookup.LookupTable``: 5-card prime product -> rank)
taken as treys' ``_five`` does and minimised over every 5-card subset as its ``_six`` and
``_seven`` do, vectorised with numpy; that oracle is itself checked against
``treys.Evaluator().evaluate`` on 20,000 hands of each size. One hand of each of the 7,462
values (from all 2,598,960 five-card hands) covers the rare categories. The API surface (cards,
strings, classes, decks, errors) is compared with the packages too.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import itertools
import pickle
import random
import warnings
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import holdem
from holdem import CardError, HoldemError
from holdem.compat import CardKeyError, CompatTypeError, HandValueError, _native
from holdem.compat import eval7 as shim_eval7
from holdem.compat import phevaluator as shim_ph
from holdem.compat import treys as shim_treys
from holdem.errors import ArgumentTypeError

N_HANDS = 1_000_000
SIZES = (5, 6, 7)
NAMES = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]  # holdem's card indices


def _import(name: str) -> ModuleType:
    with warnings.catch_warnings():  # eval7 0.1.11 imports pyparsing's deprecated names
        warnings.simplefilter("ignore", DeprecationWarning)
        return pytest.importorskip(name)


@pytest.fixture(scope="module")
def phevaluator() -> ModuleType:
    return _import("phevaluator")


@pytest.fixture(scope="module")
def eval7() -> ModuleType:
    return _import("eval7")


@pytest.fixture(scope="module")
def treys() -> ModuleType:
    return _import("treys")


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    """A million random 7-card hands (uint8 card indices, distinct in a row); prefixes of 5, 6."""
    rng = np.random.default_rng(20_240_605)
    deck = np.tile(np.arange(52, dtype=np.uint8), (N_HANDS, 1))
    rows = np.arange(N_HANDS)
    for k in range(7):  # partial Fisher-Yates, one column at a time
        j = rng.integers(k, 52, N_HANDS)
        top = deck[rows, k].copy()
        deck[rows, k] = deck[rows, j]
        deck[rows, j] = top
    out = np.ascontiguousarray(deck[:, :7])
    assert all(len(set(row)) == 7 for row in out[:1000].tolist())
    return out


@pytest.fixture(scope="module")
def one_hand_per_value() -> np.ndarray:
    """One five-card hand of each of the 7,462 values (from all C(52, 5) hands)."""
    combos = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=2_598_960 * 5,
    ).reshape(-1, 5)
    values = holdem.evaluate_batch(combos)
    distinct, first = np.unique(values, return_index=True)
    assert distinct.tolist() == list(range(1, 7463))
    return combos[first]


# ---------------------------------------------------------------------------------------------
# phevaluator
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_phevaluator_million_hands(phevaluator: ModuleType, hands: np.ndarray, n: int) -> None:
    # phevaluator.evaluate_cards(*ints) is Card.to_id (the identity on ints) then this function.
    peer = getattr(importlib.import_module("phevaluator._pheval"), f"evaluate_{n}cards")
    rows = hands[:, :n].tolist()
    expected = [peer(*h) for h in rows]
    evaluate_cards = shim_ph.evaluate_cards
    got = [evaluate_cards(*h) for h in rows]
    assert got == expected


def test_phevaluator_input_forms(phevaluator: ModuleType, hands: np.ndarray) -> None:
    """Strings (both suit cases), Card objects and the public evaluate_Ncards, vs the package."""
    rng = random.Random(5)
    rows = hands[:10_000].tolist()
    for i, row in enumerate(rows):
        n = 5 + i % 3
        forms = [rng.randrange(4) for _ in range(n)]
        theirs = [
            (c, NAMES[c], NAMES[c].upper(), phevaluator.Card(c))[f]
            for c, f in zip(row[:n], forms, strict=True)
        ]
        ours = [
            (c, NAMES[c], NAMES[c].upper(), shim_ph.Card(c))[f]
            for c, f in zip(row[:n], forms, strict=True)
        ]
        expected = phevaluator.evaluate_cards(*theirs)
        assert shim_ph.evaluate_cards(*ours) == expected
        if i < 3000:
            fixed = getattr(shim_ph, f"evaluate_{n}cards")
            assert fixed(*ours) == getattr(phevaluator, f"evaluate_{n}cards")(*theirs)


def test_phevaluator_every_value(phevaluator: ModuleType, one_hand_per_value: np.ndarray) -> None:
    rows = one_hand_per_value.tolist()
    expected = [phevaluator.evaluate_cards(*h) for h in rows]
    assert sorted(expected) == list(range(1, 7463))
    assert [shim_ph.evaluate_cards(*(NAMES[c] for c in h)) for h in rows] == expected


def test_phevaluator_card_surface(phevaluator: ModuleType) -> None:
    Theirs, Ours = phevaluator.Card, shim_ph.Card
    for c in range(52):
        for form in (c, NAMES[c], NAMES[c].upper()):
            t, o = Theirs(form), Ours(form)
            assert (str(o), repr(o), o.id_, int(o), hash(o)) == (
                str(t),
                repr(t),
                t.id_,
                int(t),
                hash(t),
            )
            assert (o.describe_rank(), o.describe_suit(), o.describe_card()) == (
                t.describe_rank(),
                t.describe_suit(),
                t.describe_card(),
            )
            assert Ours.to_id(form) == Theirs.to_id(form) == c
        o = Ours(c)
        assert Ours(o) is o and Ours(NAMES[c]) is o
        assert isinstance(o, holdem.Card) and holdem.Card(o) == c
        for other in (c, c + 1, NAMES[c], NAMES[c].upper(), NAMES[(c + 1) % 52], Ours(c), None):
            their_other = Theirs(other) if isinstance(other, Ours) else other
            assert (o == other) == (Theirs(c) == their_other), (c, other)
            assert (o != other) == (Theirs(c) != their_other), (c, other)
    card = Ours("Ah")
    with pytest.raises(TypeError):
        card.x = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        del card.x  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(card)) is card
    assert len(set(shim_ph.sample_cards(7))) == 7
    assert all(0 <= c < 52 for c in shim_ph.sample_cards(52))


PH_BAD: list[tuple[tuple[Any, ...], type[Exception], type[Exception]]] = [
    # cards, the package's exception, ours (a subclass of the package's and of HoldemError)
    (("As", "Kd", "Qh", "Jc"), ValueError, CardError),
    (("As", "Kd", "Qh", "Jc", "Ts", "9s", "8s", "7s"), ValueError, CardError),
    (("As ", "Kd", "Qh", "Jc", "Ts"), ValueError, CardError),
    (("Xs", "Kd", "Qh", "Jc", "Ts"), KeyError, CardKeyError),
    (("as", "Kd", "Qh", "Jc", "Ts"), KeyError, CardKeyError),
    (("Ax", "Kd", "Qh", "Jc", "Ts"), KeyError, CardKeyError),
    ((1.0, 2, 3, 4, 5), TypeError, CompatTypeError),
    ((None, 2, 3, 4, 5), TypeError, CompatTypeError),
]


@pytest.mark.parametrize(("cards", "theirs", "ours"), PH_BAD)
def test_phevaluator_errors_match(
    phevaluator: ModuleType, cards: tuple[Any, ...], theirs: type[Exception], ours: type[Exception]
) -> None:
    with pytest.raises(theirs):
        phevaluator.evaluate_cards(*cards)
    with pytest.raises(ours) as info:
        shim_ph.evaluate_cards(*cards)
    assert isinstance(info.value, theirs) and isinstance(info.value, HoldemError)
    if len(cards) in (5, 6, 7):
        with pytest.raises(ours):
            shim_ph.Card(cards[0])


@pytest.mark.parametrize(
    ("cards", "named"),
    [
        (("As", "As", "Qh", "Jc", "Ts"), "duplicate card 'As'"),
        ((51, "AS", 3, 4, 5), "duplicate card 'AS'"),
        ((52, 2, 3, 4, 5), "52"),
        ((-1, 2, 3, 4, 5), "-1"),
        ((True, 2, 3, 4, 5), "True"),
        ((2**70, 2, 3, 4, 5), str(2**70)),
    ],
)
def test_phevaluator_input_it_does_not_check(cards: tuple[Any, ...], named: str) -> None:
    """A repeated card, an int outside 0..51 or a bool: phevaluator answers nonsense, we raise."""
    with pytest.raises(HoldemError, match=named):
        shim_ph.evaluate_cards(*cards)


def test_phevaluator_numpy_ints_and_holdem_cards() -> None:
    row = [np.int64(c) for c in (51, 47, 43, 39, 35)]
    assert shim_ph.evaluate_cards(*row) == 1
    assert shim_ph.evaluate_cards(*holdem.parse_cards("As Ks Qs Js Ts 2c 2d")) == 1


# ---------------------------------------------------------------------------------------------
# eval7
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_eval7_million_hands(eval7: ModuleType, hands: np.ndarray, n: int) -> None:
    theirs = np.array([eval7.Card(s) for s in NAMES], dtype=object)[hands[:, :n]].tolist()
    expected = [eval7.evaluate(h) for h in theirs]
    del theirs
    ours = np.array([shim_eval7.Card(s) for s in NAMES], dtype=object)[hands[:, :n]].tolist()
    evaluate = shim_eval7.evaluate
    got = [evaluate(h) for h in ours]
    assert got == expected


def test_eval7_every_value_and_handtype(eval7: ModuleType, one_hand_per_value: np.ndarray) -> None:
    rows = one_hand_per_value.tolist()
    expected = [eval7.evaluate([eval7.Card(NAMES[c]) for c in h]) for h in rows]
    got = [shim_eval7.evaluate(tuple(shim_eval7.Card(NAMES[c]) for c in h)) for h in rows]
    assert got == expected
    assert len(set(expected)) == 7462
    assert [shim_eval7.handtype(v) for v in got] == [eval7.handtype(v) for v in expected]
    assert set(map(shim_eval7.handtype, got)) == {
        "High Card",
        "Pair",
        "Two Pair",
        "Trips",
        "Straight",
        "Flush",
        "Full House",
        "Quads",
        "Straight Flush",
    }
    # Any iterable of cards, as a generator
    assert shim_eval7.evaluate(shim_eval7.Card(NAMES[c]) for c in rows[0]) == expected[0]


def test_eval7_card_surface(eval7: ModuleType) -> None:
    theirs = [eval7.Card(s) for s in NAMES]
    ours = [shim_eval7.Card(s) for s in NAMES]
    for c, (t, o) in enumerate(zip(theirs, ours, strict=True)):
        assert (str(o), repr(o), o.rank, o.suit, o.mask, hash(o)) == (
            str(t),
            repr(t),
            t.rank,
            t.suit,
            t.mask,
            hash(t),
        )
        assert o.index == c
        assert pickle.loads(pickle.dumps(o)) == o
    ops: list[Callable[[Any, Any], bool]] = [
        lambda a, b: a == b,
        lambda a, b: a != b,
        lambda a, b: a < b,
        lambda a, b: a <= b,
        lambda a, b: a > b,
        lambda a, b: a >= b,
    ]
    for i, j in itertools.product(range(52), repeat=2):
        for op in ops:
            assert op(ours[i], ours[j]) == op(theirs[i], theirs[j]), (i, j)
    assert [str(c) for c in sorted(ours)] == [str(c) for c in sorted(theirs)]
    for other in (51, "As", None):
        assert (ours[51] == other, ours[51] != other) == (theirs[51] == other, theirs[51] != other)
        with pytest.raises(TypeError):
            theirs[51] < other  # noqa: B015
        with pytest.raises(CompatTypeError):
            ours[51] < other  # noqa: B015
    assert shim_eval7.ranks == eval7.ranks and shim_eval7.suits == eval7.suits
    with pytest.raises(AttributeError):
        ours[0].rank = 3  # type: ignore[misc]


def test_eval7_deck(eval7: ModuleType) -> None:
    theirs, ours = eval7.Deck(), shim_eval7.Deck()
    assert repr(ours) == repr(theirs) and len(ours) == len(theirs) == 52
    assert [str(ours[i]) for i in range(52)] == [str(theirs[i]) for i in range(52)]
    for seed in range(5):
        random.seed(seed)
        theirs.shuffle()
        t = (theirs.peek(3), theirs.deal(5), theirs.sample(4), len(theirs))
        random.seed(seed)
        ours.shuffle()
        o = (ours.peek(3), ours.deal(5), ours.sample(4), len(ours))
        assert repr(o) == repr(t)
    before = list(ours.cards)
    with pytest.raises(ValueError):
        theirs.deal(100)
    with pytest.raises(CardError):
        ours.deal(100)
    with pytest.raises(CardError):
        ours.deal(-1)
    assert ours.cards == before


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: shim_eval7.Card("Xs"), CardError),
        (lambda: shim_eval7.Card("as"), CardError),
        (lambda: shim_eval7.Card("AS"), CardError),
        (lambda: shim_eval7.Card("As "), CardError),
        (lambda: shim_eval7.Card(51), CompatTypeError),
        (lambda: shim_eval7.Card(None), CompatTypeError),
        (
            lambda: shim_eval7.evaluate([shim_eval7.Card(s) for s in ("As", "Kd", "Qh", "Jc")]),
            CardError,
        ),
        (lambda: shim_eval7.evaluate([shim_eval7.Card(s) for s in NAMES[:8]]), CardError),
        (
            lambda: shim_eval7.evaluate(
                [shim_eval7.Card(s) for s in ("As", "As", "Qh", "Jc", "Tc")]
            ),
            CardError,
        ),
        (lambda: shim_eval7.evaluate([51, 47, 43, 39, 35]), CompatTypeError),
        (lambda: shim_eval7.evaluate(["As", "Ks", "Qs", "Js", "Ts"]), CompatTypeError),
        (lambda: shim_eval7.evaluate(5), CompatTypeError),
        (lambda: shim_eval7.handtype(0), HandValueError),
        (lambda: shim_eval7.handtype(8 << 24), HandValueError),
        (lambda: shim_eval7.handtype(1.5), CompatTypeError),
        (lambda: shim_eval7.handtype(True), CompatTypeError),
    ],
)
def test_eval7_bad_input(make: Callable[[], object], error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        make()
    assert isinstance(info.value, HoldemError)


def test_eval7_duplicate_named() -> None:
    cards = [shim_eval7.Card(s) for s in ("As", "Kd", "Qh", "Kd", "Tc")]
    with pytest.raises(CardError, match=r"duplicate card Card\(\"Kd\"\)"):
        shim_eval7.evaluate(cards)


# ---------------------------------------------------------------------------------------------
# treys
# ---------------------------------------------------------------------------------------------


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
    deck = shim_treys.Deck(7)
    before = list(deck.cards)
    for bad in (53, -1, 1.0, True):
        with pytest.raises(CardError):
            deck.draw(bad)  # type: ignore[arg-type]
    assert deck.cards == before
    with pytest.raises(ArgumentTypeError):
        shim_treys.Deck(1.5)  # type: ignore[arg-type]


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
        (lambda ev, c: shim_treys.Card.int_to_pretty_str(1.5), CompatTypeError, "1.5"),
        (lambda ev, c: shim_treys.Card.new("As "), CardKeyError, "'As '"),
    ],
)
def test_treys_input_it_does_not_check(
    call: Callable[[Any, Callable[[str], int]], object], error: type[Exception], named: str
) -> None:
    """Repeated cards, ints that are no card, bools, rank 0: treys answers nonsense, we raise."""
    with pytest.raises(error, match=named.replace("(", r"\(")):
        call(shim_treys.Evaluator(), shim_treys.Card.new)


# ---------------------------------------------------------------------------------------------
# All shims
# ---------------------------------------------------------------------------------------------


def test_shims_do_not_import_the_packages_they_replace() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import holdem.compat.treys, holdem.compat.phevaluator, holdem.compat.eval7; "
        "print(sorted({'treys', 'phevaluator', 'eval7'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_compiled_tables_against_rules() -> None:
    """eval7's value of each holdem value packs value_ranks; treys' ints follow treys' layout."""
    values = _native.eval7_values()
    assert len(values) == 7463 and values[0] == 0
    assert values == sorted(values) and len(set(values)) == 7463  # same order as holdem's
    primes = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for c, x in enumerate(_native.treys_cards()):
        rank, suit = c >> 2, c & 3
        assert x == (1 << (16 + rank)) | ((8 >> suit) << 12) | (rank << 8) | primes[rank]


def _doctest_modules() -> Iterator[ModuleType]:
    import holdem.compat

    yield from (holdem.compat, shim_ph, shim_eval7, shim_treys, _native)


@pytest.mark.parametrize("module", list(_doctest_modules()), ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
