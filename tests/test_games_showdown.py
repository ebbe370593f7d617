"""Showdown batches and outs in the other games (short deck, Manila, Royal, Omaha).

Oracles: pokerkit 0.7.7's ``ShortDeckHoldemHand``, ``OmahaHoldemHand`` and
``OmahaEightOrBetterLowHand`` (who wins each showdown), and hands worked by hand from the
rules (Wikipedia "Six-plus hold 'em": a flush beats a full house, A-6-7-8-9 is a straight).
"""

from __future__ import annotations

import numpy as np
import pytest

import holdem
from holdem import Card, CardError, Standing
from holdem.errors import ArgumentError


def text(cards: list[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def deal(rng: np.random.Generator, n: int, deck: list[int], k: int) -> np.ndarray:
    order = np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]
    return np.asarray(deck, dtype=np.uint8)[order]


def winners_of(hands: list[object]) -> list[bool]:
    best = max(hands)  # type: ignore[type-var]
    return [h == best for h in hands]


def test_short_deck_showdown_batch_against_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    deck = list(range(16, 52))
    cards = deal(np.random.default_rng(4), 400, deck, 5 + 3 * 2)
    boards = np.ascontiguousarray(cards[:, :5])
    hands = np.ascontiguousarray(cards[:, 5:].reshape(-1, 3, 2))
    values, winners = holdem.showdown_batch(boards, hands, game="short-deck", threads=2)
    assert values.shape == winners.shape == (400, 3)
    for r in range(400):
        theirs = [
            pokerkit.ShortDeckHoldemHand.from_game(text(hands[r, p].tolist()),
                                                   text(boards[r].tolist()))
            for p in range(3)
        ]  # fmt: skip
        assert winners[r].tolist() == winners_of(theirs)
        for p in range(3):
            cards7 = [*hands[r, p].tolist(), *boards[r].tolist()]
            assert values[r, p] == holdem.evaluate(cards7, game="short-deck")


def test_game_showdown_batch_shapes_and_bad_rows() -> None:
    # The same hands on every board, boards of 3 cards, and Royal hold'em's deck.
    boards = np.array([[48, 44, 40], [49, 45, 41]], dtype=np.uint8)  # AKQ flops
    hands = np.array([[36, 37], [50, 46]], dtype=np.uint8)  # TT; AK
    values, winners = holdem.showdown_batch(boards, hands, game="royal")
    assert winners.tolist() == [[False, True], [False, True]]
    # AK on AKQ: two pair, aces and kings, against a pair of tens.
    assert holdem.category(int(values[0, 1]), game="royal") == holdem.Category.TWO_PAIR
    assert holdem.category(int(values[0, 0]), game="royal") == holdem.Category.ONE_PAIR
    bad = boards.copy()
    bad[1, 0] = 0  # a deuce: not in Royal hold'em's deck
    with pytest.raises(CardError, match="board 1"):
        holdem.showdown_batch(bad, hands, game="royal")
    with pytest.raises(CardError, match="board 0"):
        holdem.showdown_batch(boards, [[48, 37], [50, 46]], game="royal")
    with pytest.raises(ArgumentError):
        holdem.showdown_batch(boards, [[48, 37, 1, 2]], game="royal")
    with pytest.raises(ArgumentError):
        holdem.showdown_batch(boards, hands, game="no-such-game")


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_omaha_showdown_batch_against_pokerkit(n_hole: int) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    cards = deal(np.random.default_rng(n_hole), 60, list(range(52)), 5 + 3 * n_hole)
    boards = np.ascontiguousarray(cards[:, :5])
    hands = np.ascontiguousarray(cards[:, 5:].reshape(-1, 3, n_hole))
    high, high_winners = holdem.showdown_batch(boards, hands, game="omaha")
    values, winners = holdem.showdown_batch(boards, hands, game="omaha-hi-lo")
    assert values.shape == winners.shape == (60, 3, 2)
    assert (values[:, :, 0] == high).all() and (winners[:, :, 0] == high_winners).all()
    for r in range(60):
        board = text(boards[r].tolist())
        holes = [text(hands[r, p].tolist()) for p in range(3)]
        his = [pokerkit.OmahaHoldemHand.from_game(h, board) for h in holes]
        assert high_winners[r].tolist() == winners_of(his)
        lows = []
        for h in holes:
            try:
                lows.append(pokerkit.OmahaEightOrBetterLowHand.from_game(h, board))
            except ValueError:  # no low
                lows.append(None)
        made = [x for x in lows if x is not None]
        expected = [x is not None and x == max(made) for x in lows] if made else [False] * 3
        assert winners[r, :, 1].tolist() == expected
        assert [v > 0 for v in values[r, :, 1].tolist()] == [x is not None for x in lows]


def test_omaha_showdown_batch_per_board_hands_and_bad_rows() -> None:
    cards = deal(np.random.default_rng(7), 50, list(range(52)), 4 + 2 * 4)
    boards = np.ascontiguousarray(cards[:, :4])
    hands = np.ascontiguousarray(cards[:, 4:].reshape(-1, 2, 4))
    values, _ = holdem.showdown_batch(boards, hands, game="omaha")
    for r in range(50):
        for p in range(2):
            assert values[r, p] == holdem.evaluate_omaha(hands[r, p].tolist(), boards[r].tolist())
    hands[17, 1, 2] = boards[17, 0]
    with pytest.raises(CardError, match="board 17"):
        holdem.showdown_batch(boards, hands, game="omaha")
    with pytest.raises(ArgumentError):
        holdem.showdown_batch(boards, hands[:, :, :3], game="omaha")


def test_outs_in_short_deck_by_the_rules() -> None:
    # 9h8h on Kh7h6c against AsAd, short deck (36 cards, 29 unseen): every heart left makes a
    # flush (or straight flush) and wins; a ten makes T-9-8-7-6 and the last ace A-6-7-8-9
    # (the aces' three of a kind is below a straight); the aces cannot beat a flush (a flush
    # beats a full house).
    o = holdem.outs("9h8h", "Kh7h6c", ["AsAd"], game="short-deck")
    hearts = {Card(f"{r}h") for r in "6TJQA"}
    straights = {Card("Tc"), Card("Td"), Card("Ts"), Card("Ac")}
    assert o.unseen == 29 and set(o.wins) == hearts | straights and o.ties == ()
    assert o.standing is Standing.BEHIND
    with pytest.raises(CardError, match="not in this game's deck"):
        holdem.outs("9h8h", "Kh7h2c", ["AsAd"], game="short-deck")


def test_outs_in_omaha_hi_lo_scoop_and_split() -> None:
    # As2sKdQd vs KsKh9c9d on 3s4d8h Kc: As2s and 3-4-8 already make 8-4-3-2-A, the only low
    # (the kings' hole has no card below nine), so the hand has half the pot now; the kings'
    # three of a kind takes the high half unless a five makes A-2-3-4-5 (a straight): a scoop.
    o = holdem.outs("As2sKdQd", "3s4d8hKc", ["KsKh9c9d"], game="omaha-hi-lo")
    assert o.unseen == 52 - 8 - 4 and o.standing is Standing.TIED
    assert set(o.wins) == {Card("5c"), Card("5d"), Card("5h"), Card("5s")}
    assert len(o.ties) == 40 - 4
    high = holdem.outs("As2sKdQd", "3s4d8hKc", ["KsKh9c9d"], game="omaha")
    assert set(high.wins) == {Card("5c"), Card("5d"), Card("5h"), Card("5s")}
    cats = holdem.next_card_categories("As2sKdQd", "3s4d8hKc", game="omaha")
    assert set(cats[holdem.Category.STRAIGHT]) == set(high.wins)
