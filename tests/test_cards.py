"""Tests for holdem's card layer: Card, parse_cards, format_cards, Deck.

Oracles from outside the project: the card encoding of phevaluator and of the ACPC dealer (index =
rank * 4 + suit, ranks 2..A = 0..12, suits c, d, h, s = 0..3), written out below and checked
against phevaluator's own ``Card``; treys' and eval7's card tokens; plain combinatorics. The
peers are reached through ``pytest.importorskip``: without them only those comparisons skip.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem import Card, CardError, Deck, HoldemError, format_cards, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError

ALL = range(52)
# The published encoding's name for each index (phevaluator.Card(i) prints the same, checked in
# test_encoding_is_phevaluators) and the index of each name.
TOKEN = {i: "23456789TJQKA"[i // 4] + "cdhs"[i % 4] for i in ALL}
INDEX = {token: i for i, token in TOKEN.items()}

# Every way Card's docstring promises to spell a rank / a suit ('As', 'Td', '10d', 'tD', 'A♠').
RANK_SPELLINGS = {
    "2": ["2"],
    "3": ["3"],
    "4": ["4"],
    "5": ["5"],
    "6": ["6"],
    "7": ["7"],
    "8": ["8"],
    "9": ["9"],
    "T": ["T", "t", "10"],
    "J": ["J", "j"],
    "Q": ["Q", "q"],
    "K": ["K", "k"],
    "A": ["A", "a"],
}
SUIT_SPELLINGS = {
    "c": ["c", "C", "♣", "♧"],
    "d": ["d", "D", "♦", "♢"],
    "h": ["h", "H", "♥", "♡"],
    "s": ["s", "S", "♠", "♤"],
}


# ---------------------------------------------------------------------------------------- hierarchy
def test_error_hierarchy() -> None:
    assert issubclass(HoldemError, Exception)
    assert issubclass(CardError, HoldemError)
    assert issubclass(CardError, ValueError)


def test_constants() -> None:
    assert holdem.RANKS == "23456789TJQKA"
    assert holdem.SUITS == "cdhs"


# ----------------------------------------------------------------------------------------- encoding
def test_encoding_is_phevaluators() -> None:
    """The table above is phevaluator's encoding: its Card(i) prints TOKEN[i] and back."""
    phevaluator = pytest.importorskip("phevaluator")
    for i in ALL:
        assert str(phevaluator.Card(i)) == TOKEN[i]
        assert INDEX[TOKEN[i]] == i


@pytest.mark.parametrize("i", ALL)
def test_index_matches_the_encoding(i: int) -> None:
    token = TOKEN[i]
    c = Card(token)
    # the encoding's index for the token is our index
    assert int(c) == INDEX[token] == i
    assert Card(i) == c
    # rank/suit from the token's characters, positions in the published orders
    assert c.rank == "23456789TJQKA".index(token[0])
    assert c.suit == "cdhs".index(token[1])
    assert int(c) == c.rank * 4 + c.suit


@pytest.mark.parametrize("i", ALL)
def test_str_repr_round_trip(i: int) -> None:
    c = Card(i)
    token = TOKEN[i]
    assert str(c) == token
    assert repr(c) == f"Card('{token}')"
    assert eval(repr(c), {"Card": Card}) == c
    assert Card(str(c)) == c
    assert Card(c) == c


def test_tokens_agree_with_treys() -> None:
    treys = pytest.importorskip("treys")
    for i in ALL:
        assert treys.Card.int_to_str(treys.Card.new(str(Card(i)))) == TOKEN[i]


def test_tokens_agree_with_eval7() -> None:
    with warnings.catch_warnings():  # eval7 0.1.11 imports pyparsing's deprecated names
        warnings.simplefilter("ignore", DeprecationWarning)
        eval7 = pytest.importorskip("eval7")
    for i in ALL:
        assert str(eval7.Card(str(Card(i)))) == TOKEN[i]


def test_card_is_an_int() -> None:
    c = Card("As")
    assert isinstance(c, int)
    assert c == 51
    assert hash(c) == hash(51)
    assert list(range(100, 152))[c] == 151
    by_int: dict[int, int] = {c: 1}
    assert by_int[51] == 1
    assert sorted([Card("Kd"), Card("2c"), Card("As")]) == [0, 45, 51]


def test_all_52_distinct() -> None:
    cards = [Card(i) for i in ALL]
    assert len({str(c) for c in cards}) == 52
    assert len({(c.rank, c.suit) for c in cards}) == 52
    assert Counter(c.rank for c in cards) == {r: 4 for r in range(13)}
    assert Counter(c.suit for c in cards) == {s: 13 for s in range(4)}


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("As", "As"),
        ("Td", "Td"),
        ("10d", "Td"),
        ("tD", "Td"),
        ("td", "Td"),
        ("TD", "Td"),
        ("10D", "Td"),
        ("as", "As"),
        ("AS", "As"),
        ("kH", "Kh"),
        ("2c", "2c"),
        ("9S", "9s"),
        ("A♠", "As"),
        ("A♣", "Ac"),
        ("A♦", "Ad"),
        ("A♥", "Ah"),
        ("10♥", "Th"),
        ("t♣", "Tc"),
        ("a♤", "As"),
        ("K♡", "Kh"),
        ("Q♢", "Qd"),
        ("J♧", "Jc"),
    ],
)
def test_token_spellings(token: str, expected: str) -> None:
    c = Card(token)
    assert int(c) == INDEX[expected]
    assert str(c) == expected


@given(
    rank=st.sampled_from(sorted(RANK_SPELLINGS)),
    suit=st.sampled_from(sorted(SUIT_SPELLINGS)),
    data=st.data(),
)
def test_token_spellings_property(rank: str, suit: str, data: st.DataObject) -> None:
    r = data.draw(st.sampled_from(RANK_SPELLINGS[rank]))
    s = data.draw(st.sampled_from(SUIT_SPELLINGS[suit]))
    assert int(Card(r + s)) == INDEX[rank + suit]


# ---------------------------------------------------------------------------------------- bad input
BAD_TOKENS = ["1s", "Ax", "AsK", "", "11d", "A", "s", "Zs", "sA", "1", "10", "♠A", "AA", "Asd"]
BAD_VALUES = [52, -1, 100, True, False, 3.0, 0.0, None]


def _named(bad: object, message: str) -> bool:
    if bad == "":
        return "''" in message or '""' in message or "empty" in message.lower()
    return str(bad) in message or repr(bad) in message


@pytest.mark.parametrize("bad", BAD_TOKENS)
def test_bad_token_raises_card_error(bad: str) -> None:
    with pytest.raises(CardError) as info:
        Card(bad)
    assert _named(bad, str(info.value)), str(info.value)


@pytest.mark.parametrize("bad", BAD_VALUES, ids=repr)
def test_bad_value_raises_card_error(bad: object) -> None:
    with pytest.raises(CardError) as info:
        Card(bad)  # type: ignore[arg-type]
    assert _named(bad, str(info.value)), str(info.value)


def test_card_error_is_catchable_as_value_error() -> None:
    with pytest.raises(ValueError):
        Card("Xx")
    with pytest.raises(HoldemError):
        Card(52)


# ------------------------------------------------------------------------------------- parse/format
AS_KD = (INDEX["As"], INDEX["Kd"])


@pytest.mark.parametrize(
    "text",
    [
        "AsKd",
        "As Kd",
        "As,Kd",
        "As, Kd",
        "as kd",
        "A♠K♦",
        "A♤ K♢",
        ["As", "Kd"],
        ("As", "Kd"),
        [51, 45],
        (51, "Kd"),
        [Card("As"), Card("Kd")],
    ],
    ids=repr,
)
def test_parse_cards_forms(text: object) -> None:
    got = parse_cards(text)  # type: ignore[arg-type]
    assert isinstance(got, tuple)
    assert got == AS_KD
    assert all(type(c) is Card for c in got)


def test_parse_cards_ten_spelled_10() -> None:
    assert parse_cards("10dJc") == (INDEX["Td"], INDEX["Jc"])
    assert parse_cards("10d 10c 10s") == tuple(INDEX[t] for t in ("Td", "Tc", "Ts"))


def test_parse_cards_generator() -> None:
    assert parse_cards(i for i in (0, 1, 2)) == (0, 1, 2)


def test_parse_cards_keeps_order() -> None:
    tokens = ["7h", "2c", "As", "Td", "Kc"]
    assert parse_cards(" ".join(tokens)) == tuple(INDEX[t] for t in tokens)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("AsAs", "As"),
        ("As Kd As", "As"),
        (["As", 51], "As"),
        ([0, 0], "2c"),
        ("Kd, kd", "Kd"),
        ("A♠ As", "As"),
    ],
    ids=repr,
)
def test_parse_cards_duplicate(text: object, token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)  # type: ignore[arg-type]
    msg = str(info.value)
    assert token in msg or str(INDEX[token]) in msg, msg


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("AsXx", "Xx"),
        ("As 1s", "1s"),
        ("AsK", "K"),
        ("As, Kd, Qz", "Qz"),
        (["As", "Ax"], "Ax"),
        ([51, 52], "52"),
        ([51, -1], "-1"),
        ([51, True], "True"),
        ([51, 3.0], "3.0"),
        ([51, None], "None"),
    ],
    ids=repr,
)
def test_parse_cards_bad_token(text: object, bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)  # type: ignore[arg-type]
    assert bad in str(info.value), str(info.value)


def test_format_cards() -> None:
    cards = parse_cards("As Kd 10c")
    assert format_cards(cards) == "As Kd Tc"
    assert format_cards(cards, sep="") == "AsKdTc"
    assert format_cards(cards, sep=", ") == "As, Kd, Tc"
    assert format_cards([51, 0]) == "As 2c"
    assert format_cards(()) == ""


@given(
    st.lists(st.integers(0, 51), unique=True, min_size=1, max_size=52),
    st.sampled_from([" ", ",", ", ", ""]),
)
def test_parse_format_round_trip(indices: list[int], sep: str) -> None:
    cards = parse_cards(indices)
    assert cards == tuple(indices)
    text = format_cards(cards, sep=sep)
    assert text == sep.join(TOKEN[i] for i in indices)
    assert parse_cards(text) == cards
    assert parse_cards([TOKEN[i] for i in indices]) == cards


@given(st.lists(st.integers(0, 51), min_size=2, max_size=10).filter(lambda x: len(set(x)) < len(x)))
def test_parse_duplicates_property(indices: list[int]) -> None:
    with pytest.raises(CardError):
        parse_cards(indices)
    with pytest.raises(CardError):
        parse_cards(" ".join(TOKEN[i] for i in indices))


# --------------------------------------------------------------------------------------------- Deck
def test_deck_has_52_distinct_cards() -> None:
    d = Deck(seed=1)
    assert len(d) == 52
    rem = d.remaining
    assert isinstance(rem, tuple)
    assert len(rem) == 52
    assert sorted(rem) == list(ALL)
    assert all(type(c) is Card for c in rem)
    assert d.burned == ()


def test_deck_seed_reproducible_and_seeds_differ() -> None:
    assert Deck(seed=7).remaining == Deck(seed=7).remaining
    assert Deck(7).remaining == Deck(seed=7).remaining
    orders = {Deck(seed=s).remaining for s in range(20)}
    assert len(orders) == 20  # equal orders from different seeds: probability ~ 190/52!
    # a seeded deck is shuffled (identity order has probability 1/52!)
    assert all(o != tuple(ALL) for o in orders)


def test_deck_seed_dealing_reproducible() -> None:
    a, b = Deck(seed=2024), Deck(seed=2024)
    assert a.deal(5) == b.deal(5)
    assert a.burn() == b.burn()
    assert a.remaining == b.remaining


def test_deck_unseeded_decks_differ() -> None:
    # Two OS-entropy shuffles coincide with probability 1/52! (about 1e-68).
    a, b, c = Deck(), Deck(), Deck(seed=None)
    assert a.remaining != b.remaining
    assert b.remaining != c.remaining
    assert sorted(a.remaining) == list(ALL)


def test_deck_seeded_shuffle_is_not_biased() -> None:
    """Position of every card over 5,200 seeded decks: a chi-square test (deterministic: fixed
    seeds).

    For a uniform shuffle each (card, position) cell has expectation 100; the test looks at the
    first and last
    position (52 cells each) and asks for chi-square < 110 with 51 degrees of freedom (p ~ 1e-6 for
    a fair
    shuffle), which catches e.g. a missing or one-pass-swap shuffle.
    """
    n = 5200
    first: Counter[int] = Counter()
    last: Counter[int] = Counter()
    for s in range(n):
        rem = Deck(seed=s).remaining
        first[rem[0]] += 1
        last[rem[-1]] += 1
    for counts in (first, last):
        expected = n / 52
        chi2 = sum((counts.get(c, 0) - expected) ** 2 / expected for c in ALL)
        assert chi2 < 110, chi2


def test_deck_deal_burn_bookkeeping() -> None:
    d = Deck(seed=3)
    order = d.remaining
    hole = d.deal(2)
    assert hole == order[:2]
    assert all(type(c) is Card for c in hole)
    assert len(d) == 50
    assert d.remaining == order[2:]
    b = d.burn()
    assert type(b) is Card
    assert b == order[2]
    assert d.burned == (order[2],)
    flop = d.deal(3)
    assert flop == order[3:6]
    one = d.deal()
    assert one == order[6:7]
    assert isinstance(one, tuple)
    b2 = d.burn()
    assert d.burned == (order[2], order[7])
    assert b2 == order[7]
    assert len(d) == 52 - 8
    assert d.remaining == order[8:]


def test_deck_over_dealing_raises_and_leaves_deck_unchanged() -> None:
    d = Deck(seed=11)
    d.deal(45)
    d.burn()
    before = (d.remaining, d.burned, len(d))
    assert before[2] == 6
    with pytest.raises(CardError, match="cannot deal 7 cards: 6 remain"):
        d.deal(7)
    assert (d.remaining, d.burned, len(d)) == before
    assert d.deal(6) == before[0]
    assert len(d) == 0
    with pytest.raises(CardError):
        d.deal()
    with pytest.raises(CardError):
        d.burn()
    assert d.remaining == ()
    assert d.burned == before[1]


@pytest.mark.parametrize(
    ("n", "error"),
    [
        (-1, ArgumentError),
        (1.5, ArgumentTypeError),
        (True, ArgumentTypeError),
        ("2", ArgumentTypeError),
    ],
)
def test_deck_deal_bad_count(n: object, error: type[Exception]) -> None:
    d = Deck(seed=3)
    with pytest.raises(error, match="the number of cards must be an int >= 0"):
        d.deal(n)  # type: ignore[arg-type]
    assert len(d) == 52


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (-1, ArgumentError),
        (1.5, ArgumentTypeError),
        (True, ArgumentTypeError),
        ("7", ArgumentTypeError),
    ],
)
def test_deck_bad_seed(seed: object, error: type[Exception]) -> None:
    """A seed is None or an int >= 0 here as everywhere (the same check as equity and ICM)."""
    with pytest.raises(error, match="a seed is None or an int >= 0"):
        Deck(seed=seed)  # type: ignore[arg-type]


def test_deck_from_order() -> None:
    order = [TOKEN[i] for i in reversed(ALL)]
    d = Deck.from_order(order)
    assert d.remaining == tuple(reversed(ALL))
    assert d.deal(2) == (51, 50)
    assert d.burn() == 49
    d2 = Deck.from_order(list(range(52)))
    assert d2.deal(52) == tuple(ALL)


def test_deck_from_order_rejects_duplicates() -> None:
    with pytest.raises(CardError):
        Deck.from_order([0, 1, 2, 1])
    with pytest.raises(CardError):
        Deck.from_order(["As", "Xx"])


@settings(max_examples=200)
@given(
    st.integers(0, 2**32 - 1), st.lists(st.one_of(st.just("burn"), st.integers(1, 10)), max_size=20)
)
def test_deck_operations_property(seed: int, ops: list[object]) -> None:
    """Whatever is dealt/burned, dealt + burned + remaining is always the shuffled order, nothing
    lost."""
    d = Deck(seed=seed)
    order = d.remaining
    taken: list[int] = []
    burned: list[int] = []
    for op in ops:
        if op == "burn":
            if len(d) == 0:
                with pytest.raises(CardError):
                    d.burn()
                continue
            c = d.burn()
            taken.append(c)
            burned.append(c)
        else:
            n = int(op)  # type: ignore[call-overload]
            if n > len(d):
                snapshot = (d.remaining, d.burned)
                with pytest.raises(CardError):
                    d.deal(n)
                assert (d.remaining, d.burned) == snapshot
                continue
            taken.extend(d.deal(n))
        assert tuple(taken) + d.remaining == order
        assert d.burned == tuple(burned)
        assert len(d) == len(d.remaining) == 52 - len(taken)


# ----------------------------------------------------------------------------------- starting hands
def test_two_card_combinations_counts() -> None:
    """Combinatorics of hole cards through Card.rank/.suit: 1,326 combos, 169 classes (13+78+78)."""
    combos = list(itertools.combinations([Card(i) for i in ALL], 2))
    assert len(combos) == math.comb(52, 2) == 1326
    classes: Counter[tuple[int, int, bool]] = Counter()
    for a, b in combos:
        hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
        classes[(hi, lo, a.suit == b.suit and hi != lo)] += 1
    assert len(classes) == 169
    pairs = [k for k in classes if k[0] == k[1]]
    suited = [k for k in classes if k[2]]
    offsuit = [k for k in classes if k[0] != k[1] and not k[2]]
    assert (len(pairs), len(suited), len(offsuit)) == (13, 78, 78)
    assert {classes[k] for k in pairs} == {6}
    assert {classes[k] for k in suited} == {4}
    assert {classes[k] for k in offsuit} == {12}
