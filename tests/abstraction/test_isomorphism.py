"""The hand-isomorphism indexer against Waugh's published counts and plain enumeration.

The oracles: the class counts that Waugh (2013) publishes, and enumerations written here: every
hand of a round is indexed, the suit renamings (two that generate all 24) must not change the
index, and every index comes back from its canonical hand.
"""

from __future__ import annotations

import itertools
import pickle
from collections import Counter

import pytest

from holdem import Card, CardError
from holdem.abstraction.isomorphism import HandIndexer
from holdem.errors import ArgumentError, ArgumentTypeError

np = pytest.importorskip("numpy")

# Two suit renamings that generate every one of the 24: a swap and a 4-cycle.
GENERATORS = ((1, 0, 2, 3), (1, 2, 3, 0))


def renamed(cards: object, perm: tuple[int, ...]) -> object:
    arr = np.asarray(cards)
    return (arr >> 2) * 4 + np.asarray(perm, dtype=arr.dtype)[arr & 3]


def test_the_published_counts_of_the_four_rounds() -> None:
    # Waugh (2013), table 1: hold'em with the turn and the river as rounds of their own
    ix = HandIndexer((2, 3, 1, 1))
    assert [ix.size(r) for r in range(4)] == [169, 1_286_792, 55_190_538, 2_428_287_420]


def test_the_published_counts_of_the_streets() -> None:
    # the board as one set: the counts issue 30 cites from the same paper
    sizes = [HandIndexer.street(n).size(-1) for n in (0, 3, 4, 5)]
    assert sizes == [169, 1_286_792, 13_960_050, 123_156_254]


def test_preflop_classes_hold_the_combos_of_pairs_suited_and_offsuit_hands() -> None:
    ix = HandIndexer.street(0)
    holes = list(itertools.combinations(range(52), 2))
    classes: dict[int, list[tuple[int, int]]] = {}
    for hole in holes:
        classes.setdefault(ix.index(hole), []).append(hole)
    assert sorted(classes) == list(range(169))
    shapes: Counter[tuple[str, int]] = Counter()
    for combos in classes.values():
        ranks = {frozenset(c >> 2 for c in combo) for combo in combos}
        assert len(ranks) == 1  # one class, one pair of ranks
        pair = len(next(iter(ranks))) == 1
        suited = all(a & 3 == b & 3 for a, b in combos)
        kind = "pair" if pair else "suited" if suited else "offsuit"
        shapes[kind, len(combos)] += 1
    assert shapes == {("pair", 6): 13, ("suited", 4): 78, ("offsuit", 12): 78}


@pytest.mark.parametrize("rounds", [(1, 1), (2, 1), (1, 1, 1), (1, 2)])
def test_small_games_against_the_orbits_counted_plainly(rounds: tuple[int, ...]) -> None:
    # every hand, and its class as the least of its 24 renamings: the classes counted plainly
    ix = HandIndexer(rounds)
    perms = list(itertools.permutations(range(4)))
    hands = []

    def deal(i: int, used: frozenset[int], acc: tuple[tuple[int, ...], ...]) -> None:
        if i == len(rounds):
            hands.append(acc)
            return
        for comb in itertools.combinations([c for c in range(52) if c not in used], rounds[i]):
            deal(i + 1, used | set(comb), (*acc, comb))

    deal(0, frozenset(), ())
    orbit_of = {}
    index_of_orbit: dict[tuple[tuple[int, ...], ...], int] = {}
    for hand in hands:
        orbit = min(
            tuple(tuple(sorted((c >> 2) * 4 + p[c & 3] for c in rnd)) for rnd in hand)
            for p in perms
        )
        index = ix.index([c for rnd in hand for c in rnd])
        # one class, one index; two classes, two indices
        assert index_of_orbit.setdefault(orbit, index) == index
        orbit_of[index] = orbit
    assert len(index_of_orbit) == ix.size(-1) == len(orbit_of)
    assert sorted(orbit_of) == list(range(ix.size(-1)))


def test_every_flop_index_comes_back_from_its_canonical_hand() -> None:
    ix = HandIndexer.street(3)
    n = ix.size(1)
    hands = ix.unindex_batch(1, np.arange(n), threads=2)
    assert ((hands >= 0) & (hands < 52)).all()
    s = np.sort(hands, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()  # five distinct cards
    assert (ix.index_batch(hands, threads=2) == np.arange(n)).all()


@pytest.mark.slow
def test_every_flop_hand_is_in_range_and_its_renamings_share_its_index() -> None:
    # all C(52, 2) * C(50, 3) = 25,989,600 hands, by first hole card
    ix = HandIndexer.street(3)
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    seen = np.zeros(ix.size(1), dtype=bool)
    rows = 0
    for a in range(52):
        for b in range(a + 1, 52):
            keep = ~((flops == a) | (flops == b)).any(axis=1)
            board = flops[keep]
            hands = np.empty((len(board), 5), dtype=np.uint8)
            hands[:, 0], hands[:, 1], hands[:, 2:] = a, b, board
            idx = ix.index_batch(hands)
            for perm in GENERATORS:
                assert (ix.index_batch(renamed(hands, perm)) == idx).all()
            assert idx.min() >= 0 and idx.max() < ix.size(1)
            seen[idx] = True
            rows += len(hands)
    assert rows == 25_989_600
    assert seen.all()


@pytest.mark.parametrize("board", [0, 3, 4, 5])
def test_renamings_and_reorders_keep_the_index_on_a_sample(board: int) -> None:
    ix = HandIndexer.street(board)
    rng = np.random.default_rng(30 + board)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, : 2 + board].astype(np.uint8)
    idx = ix.index_batch(hands)
    assert idx.min() >= 0 and idx.max() < ix.size(-1)
    for perm in GENERATORS:
        assert (ix.index_batch(renamed(hands, perm)) == idx).all()
    shuffled = hands.copy()
    shuffled[:, :2] = shuffled[:, 1::-1]
    shuffled[:, 2:] = shuffled[:, :1:-1]
    assert (ix.index_batch(shuffled) == idx).all()
    # and the canonical hand is in the same class
    back = ix.unindex_batch(-1, idx)
    assert (ix.index_batch(back) == idx).all()


def test_a_sample_of_river_indices_of_the_four_rounds_comes_back() -> None:
    ix = HandIndexer()
    rng = np.random.default_rng(7)
    for r in range(4):
        idx = rng.integers(0, ix.size(r), 50_000)
        hands = ix.unindex_batch(r, idx)
        assert (ix.index_batch(hands) == idx).all()
        for perm in GENERATORS:
            assert (ix.index_batch(renamed(hands, perm)) == idx).all()


def test_the_per_hand_and_the_batch_forms_agree() -> None:
    ix = HandIndexer()
    hand = "As Kd 7h 7c 2s Td 9h"
    cards = [int(Card(t)) for t in hand.split()]
    assert ix.index(hand) == int(ix.index_batch(np.array([cards]))[0])
    assert ix.canonical(hand) == ix.unindex(3, ix.index(hand))
    assert [int(c) for c in ix.unindex(3, ix.index(hand))] == ix.unindex_batch(3, [ix.index(hand)])[
        0
    ].tolist()


def test_the_order_within_a_round_does_not_matter_but_the_rounds_do() -> None:
    ix = HandIndexer()
    assert ix.index("AsKs Qh7h2c") == ix.index("KsAs 2cQh7h")
    assert ix.index("AsKs Qh7h2c Td") != ix.index("AsKs Qh7hTd 2c")
    river = HandIndexer.street(5)
    assert river.index("AsKs Qh7h2c Td 3d") == river.index("AsKs 3d Td 2c Qh 7h")


def test_bad_input_raises() -> None:
    ix = HandIndexer()
    with pytest.raises(CardError):
        ix.index("AsAs")
    with pytest.raises(CardError):
        ix.index("AsXx")
    with pytest.raises(ArgumentError):
        ix.index("AsKsQs")  # three cards end no round
    with pytest.raises(ArgumentError):
        ix.unindex(0, 169)
    with pytest.raises(ArgumentError):
        ix.unindex(0, -1)
    with pytest.raises(ArgumentError):
        ix.size(4)
    with pytest.raises(ArgumentTypeError):
        ix.size(True)
    with pytest.raises(ArgumentError):
        HandIndexer((2, 3, 1, 1, 1))
    with pytest.raises(ArgumentError):
        HandIndexer((7, 7))
    with pytest.raises(ArgumentError):
        HandIndexer((2, 0))
    with pytest.raises(ArgumentTypeError):
        HandIndexer("231")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        HandIndexer.street(2)
    with pytest.raises(CardError, match="row 1"):
        ix.index_batch(np.array([[0, 1], [5, 5]]))
    with pytest.raises(CardError):
        ix.index_batch(np.array([[0, 52]]))
    with pytest.raises(ArgumentError):
        ix.index_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ArgumentError, match=r"indices\[1\]"):
        ix.unindex_batch(0, np.array([0, 169]))
    with pytest.raises(ArgumentError):
        ix.unindex_batch(0, np.array([0.5]))


def test_empty_batches() -> None:
    ix = HandIndexer()
    assert ix.index_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    assert ix.unindex_batch(1, np.zeros(0, dtype=np.int64)).shape == (0, 5)


def test_an_indexer_pickles_as_its_rounds() -> None:
    ix = HandIndexer((2, 4))
    back = pickle.loads(pickle.dumps(ix))
    assert back.rounds == (2, 4) and back.index("AsKs 2c3c4c5d") == ix.index("AsKs 2c3c4c5d")
