"""Every hand-ranking, kicker, tie and best-five example of five public rules texts, as tests.

Each test asserts the outcome its source states; the quote is in the comments. Sources:
- Wikipedia, "Texas hold 'em" (sample showdown, sample hand, kickers and ties, starting hands);
- "Texas Hold'em: Set-Up and Play", a fixed-limit rules page (its card pictures are lost: only
  the captions remain);
- Wikipedia, "List of poker hands" (the hand-ranking sections, examples given by rank only);
- the Wizard of Odds, "Texas Hold'em" (rules 13 to 15 and three showdown examples, ranks only);
- "Hold'em Poker Policies", a paraphrase of the Wikipedia article (flush on the board, the lowest
  nuts).
Where a source gives ranks without suits, the test either picks suits that keep the hand what the
source says it is (no accidental flush), or runs every suit assignment matching the source's
description and asserts the outcome for all of them. Cards are read with the published encoding
(index = rank * 4 + suit, suits c, d, h, s), independently of holdem's parser; phevaluator and
treys, reached through ``pytest.importorskip``, check the suit assignments and one nut hand.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import numpy as np
import pytest

import holdem
from holdem import Category, Deck

RANK_OF = {
    "2": 0,
    "3": 1,
    "4": 2,
    "5": 3,
    "6": 4,
    "7": 5,
    "8": 6,
    "9": 7,
    "10": 8,
    "T": 8,
    "J": 9,
    "Q": 10,
    "K": 11,
    "A": 12,
}
TOKEN = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # the name of each card index


def ids(text: str) -> list[int]:
    """Card indices from 'As Kd ...' by the published encoding (independent of holdem's parser)."""
    return [TOKEN.index(t) for t in text.split()]


def names(cards: Sequence[int]) -> set[str]:
    return {TOKEN[int(c)] for c in cards}


def ranked(text: str, suit: str | None = None) -> list[int]:
    """A five-card hand from ranks only ('Q J 10 9 8'). With ``suit``: all of that suit. Without:
    suits chosen so the hand is not a flush (k-th card of a rank gets suit k; if that makes five
    of a suit, the last moves)."""
    rs = [RANK_OF[x] for x in text.split()]
    if suit is not None:
        return [r * 4 + "cdhs".index(suit) for r in rs]
    seen: Counter[int] = Counter()
    suits = []
    for r in rs:
        suits.append(seen[r])
        seen[r] += 1
    if len(set(suits)) == 1:
        suits[-1] = (suits[-1] + 1) % 4
    return [r * 4 + s for r, s in zip(rs, suits, strict=True)]


def value(cards: Sequence[int]) -> int:
    return holdem.evaluate(list(cards))


def desc(cards: Sequence[int] | str) -> str:
    return holdem.describe(cards if isinstance(cards, str) else list(cards)).lower()


def phevaluator_categories() -> tuple[Callable[..., int], Callable[[int], Category]]:
    """phevaluator's 7-card evaluator (1 = best) and the category of its ranks by treys'
    published bounds; skips the test without phevaluator or treys."""
    pheval = pytest.importorskip("phevaluator._pheval")
    bounds = pytest.importorskip("treys.lookup").LookupTable
    tops = [
        bounds.MAX_STRAIGHT_FLUSH,
        bounds.MAX_FOUR_OF_A_KIND,
        bounds.MAX_FULL_HOUSE,
        bounds.MAX_FLUSH,
        bounds.MAX_STRAIGHT,
        bounds.MAX_THREE_OF_A_KIND,
        bounds.MAX_TWO_PAIR,
        bounds.MAX_PAIR,
        bounds.MAX_HIGH_CARD,
    ]

    def category_of(rank: int) -> Category:
        for i, top in enumerate(tops):
            if rank <= top:
                return Category(8 - i)
        raise AssertionError(rank)

    return pheval.evaluate_7cards, category_of


def flush(cards: Sequence[int]) -> bool:
    """Five or more cards of one suit."""
    return max(Counter(c % 4 for c in cards).values()) >= 5


@cache
def all_five_card_values() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(hands, values, categories) for all C(52,5) hands."""
    n = math.comb(52, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)), np.uint8, count=5 * n
    )
    hands = flat.reshape(n, 5)
    values = holdem.evaluate_batch(hands).astype(np.int64)
    cat_of_value = np.array([0] + [int(holdem.category(v)) for v in range(1, 7463)])
    return hands, values, cat_of_value[values]


# ========================================================== Wikipedia, "Texas hold 'em"
def test_wikipedia_sample_showdown() -> None:
    # Wikipedia "Sample showdown": Board 4♣ K♠ 4♥ 8♠ 7♠; Bob A♣ 4♦; Carol A♠ 9♠; Ted K♥ K♦; Alice 5♦
    # 6♦. "In this case, Ted's Full House is the best hand, with Carol in 2nd, Alice in 3rd and Bob
    # last."
    board = ids("4c Ks 4h 8s 7s")
    bob, carol, ted, alice = ids("Ac 4d"), ids("As 9s"), ids("Kh Kd"), ids("5d 6d")
    sd = holdem.showdown(board, [bob, carol, ted, alice])
    assert sd.winners == (2,)
    assert tuple(tuple(g) for g in sd.order) == ((2,), (1,), (3,), (0,))

    # "Bob 4♣4♥4♦A♣K♠ Three fours, with ace, king kickers"
    assert names(holdem.best_five(board + bob)) == {"4c", "4h", "4d", "Ac", "Ks"}
    d = desc(board + bob)
    assert "three" in d and "fours" in d and "ace" in d and "king" in d and "kicker" in d, d
    assert d.index("ace") < d.index("king"), d
    # "Carol A♠K♠9♠8♠7♠ Ace-high flush"
    assert names(holdem.best_five(board + carol)) == {"As", "Ks", "9s", "8s", "7s"}
    d = desc(board + carol)
    assert "ace-high" in d and "flush" in d, d
    # "Ted K♠K♥K♦4♣4♥ Full house, kings full of fours"
    assert names(holdem.best_five(board + ted)) == {"Ks", "Kh", "Kd", "4c", "4h"}
    assert [c.rank for c in holdem.best_five(board + ted)] == [11, 11, 11, 2, 2]
    d = desc(board + ted)
    assert "full house" in d and "kings full of fours" in d, d
    # "Alice 8♠7♠6♦5♦4♥ 8-high straight" (the article shows 4♥; 4♣ makes the same straight)
    best = holdem.best_five(board + alice)
    assert [c.rank for c in best] == [6, 5, 4, 3, 2]
    assert {"8s", "7s", "6d", "5d"} <= names(best) and names(best) & {"4h", "4c"}
    d = desc(board + alice)
    assert "straight" in d and ("8-high" in d or "eight-high" in d), d


def test_wikipedia_sample_hand_showdown() -> None:
    # Wikipedia "Sample hand": final board 9♣ K♣ 3♥ 5♠ 9♦. "Bob shows his hand of Q♠ 9♥, so the best
    # five-card hand he can make is 9♣ 9♦ 9♥ K♣ Q♠, for three nines, with a king-queen kicker. Carol
    # shows her cards of K♠ J♥, making her final hand K♣ K♠ 9♣ 9♦ J♥ for two pair, kings and nines,
    # with a jack kicker. Bob wins the showdown and the $26 pot."
    board = ids("9c Kc 3h 5s 9d")
    bob, carol = ids("Qs 9h"), ids("Ks Jh")
    sd = holdem.showdown(board, [bob, carol])
    assert sd.winners == (0,)
    assert names(holdem.best_five(board + bob)) == {"9c", "9d", "9h", "Kc", "Qs"}
    assert [c.rank for c in holdem.best_five(board + bob)] == [7, 7, 7, 11, 10]
    assert names(holdem.best_five(board + carol)) == {"Kc", "Ks", "9c", "9d", "Jh"}
    assert [c.rank for c in holdem.best_five(board + carol)] == [11, 11, 7, 7, 9]
    d = desc(board + bob)
    assert "nines" in d and "king-queen" in d and "kicker" in d, d
    assert holdem.category(value(board + bob)) is Category.THREE_OF_A_KIND
    d = desc(board + carol)
    assert "kings and nines" in d and "jack kicker" in d, d
    assert holdem.category(value(board + carol)) is Category.TWO_PAIR


def test_wikipedia_sample_hand_alice_flush_draw() -> None:
    # Wikipedia: "Alice's holding was A♣ 7♣; she was hoping the river card would be a club to make
    # her hand a flush".
    alice, turn_board = ids("Ac 7c"), ids("9c Kc 3h 5s")
    used = set(alice + turn_board)
    clubs = [c for c in range(0, 52, 4) if c not in used]
    assert len(clubs) == 9
    for river in clubs:
        assert holdem.category(value(alice + turn_board + [river])) is Category.FLUSH
    # with the actual river 9♦ she has no flush
    assert holdem.category(value(alice + turn_board + ids("9d"))) is Category.ONE_PAIR


def test_wikipedia_kicker_definition() -> None:
    # Wikipedia: "For instance, in the hand A-A-A-K-Q, the king and queen are kickers."
    hand = ids("As Ah Ad Kc Qh")
    d = desc(hand)
    assert "aces" in d and "king" in d and "queen" in d and "kicker" in d, d
    # kickers break ties between equal trips
    assert value(hand) > value(ids("As Ah Ad Kc Jh")) > value(ids("As Ah Ad Qc Jh"))
    assert holdem.category(value(hand)) is holdem.category(value(ids("As Ah Ad Qc Jh")))


KICKERS_BOARD, KICKERS_BOB, KICKERS_CAROL = ids("8s Qc 8h 4c"), ids("Kh Qs"), ids("Qh Td")


def test_wikipedia_kickers_after_the_turn() -> None:
    # Wikipedia "Kickers and ties": board after the turn 8♠ Q♣ 8♥ 4♣; Bob K♥ Q♠; Carol Q♥ 10♦. "Bob
    # is in the lead with a hand of Q♠ Q♣ 8♠ 8♥ K♥, making two pair, queens and eights, with a king
    # kicker. This beats Carol's hand of Q♥ Q♣ 8♠ 8♥ 10♦ by virtue of his king kicker."  (six cards
    # each)
    sd = holdem.showdown(KICKERS_BOARD, [KICKERS_BOB, KICKERS_CAROL])
    assert sd.winners == (0,)
    assert names(holdem.best_five(KICKERS_BOARD + KICKERS_BOB)) == {"Qs", "Qc", "8s", "8h", "Kh"}
    assert names(holdem.best_five(KICKERS_BOARD + KICKERS_CAROL)) == {"Qh", "Qc", "8s", "8h", "Td"}
    d = desc(KICKERS_BOARD + KICKERS_BOB)
    assert "queens and eights" in d and "king kicker" in d, d


def test_wikipedia_kickers_river_ace_ties() -> None:
    # Wikipedia: "Suppose the final card were the A♠ [...] making their hands both two pair, queens
    # and eights, with an ace kicker. Bob's king no longer plays [...] They therefore tie and split
    # the pot."
    board = KICKERS_BOARD + ids("As")
    sd = holdem.showdown(board, [KICKERS_BOB, KICKERS_CAROL])
    assert tuple(sorted(sd.winners)) == (0, 1)
    assert sd.values[0] == sd.values[1]
    for hole in (KICKERS_BOB, KICKERS_CAROL):
        d = desc(board + hole)
        assert "queens and eights" in d and "ace kicker" in d, d
    bob_best = holdem.best_five(board + KICKERS_BOB)
    assert "Kh" not in names(bob_best)
    assert names(bob_best) == {"Qs", "Qc", "8s", "8h", "As"}


def test_wikipedia_kickers_other_rivers() -> None:
    # Wikipedia: "had the last card been a jack or lower (except an eight or a queen which would
    # make a full house, or a ten which would give Carol a higher second pair), Bob's king would
    # have stayed in game and he would have won."
    used = set(KICKERS_BOARD + KICKERS_BOB + KICKERS_CAROL)
    checked: Counter[str] = Counter()
    for river in (c for c in range(52) if c not in used):
        rank = "23456789TJQKA"[river // 4]
        board = [*KICKERS_BOARD, river]
        sd = holdem.showdown(board, [KICKERS_BOB, KICKERS_CAROL])
        if rank in "J9765432":
            assert sd.winners == (0,), (rank, sd)
            checked["bob"] += 1
        elif rank == "T":
            assert sd.winners == (1,), sd
            assert "queens and tens" in desc(board + KICKERS_CAROL)
            checked["carol"] += 1
        elif rank in "8Q":
            assert holdem.category(sd.values[0]) is Category.FULL_HOUSE
            assert holdem.category(sd.values[1]) is Category.FULL_HOUSE
            checked["full house"] += 1
        elif rank == "A":  # as with the A♠: "They therefore tie"
            assert tuple(sorted(sd.winners)) == (0, 1)
            checked["tie"] += 1
    assert checked == {"bob": 31, "carol": 3, "full house": 3, "tie": 4}


def test_wikipedia_playing_the_board() -> None:
    # Wikipedia: "If the five community cards form the player's best hand, then the player is said
    # to be playing the board and can only hope to split the pot, because each other player can also
    # use the same five cards".
    rng = np.random.default_rng(2010)
    n, p = 200_000, 4
    deals = np.stack([rng.permutation(52)[: 5 + 2 * p] for _ in range(n)]).astype(np.uint8)
    boards = np.ascontiguousarray(deals[:, :5])
    hands = np.ascontiguousarray(deals[:, 5:].reshape(n, p, 2))
    values, winners = holdem.showdown_batch(boards, hands)
    board_values = holdem.evaluate_batch(boards)
    plays = values[:, 0] == board_values
    assert plays.sum() > 1000
    assert np.all(values[plays] >= board_values[plays, None])
    sole_winner = winners[:, 0] & (winners.sum(axis=1) == 1)
    assert not sole_winner[plays].any()
    # and with everybody on the board, everybody splits
    all_play = np.all(values == board_values[:, None], axis=1)
    assert all_play.any()
    assert winners[all_play].all()


def test_wikipedia_equal_starting_hands() -> None:
    # Wikipedia: "although J♥ J♣ and J♦ J♠ are distinct combinations of cards, they are of equal
    # value as starting hands." Renaming suits (hearts<->diamonds, clubs<->spades) maps every deal
    # of one onto a deal of the other.
    swap = {0: 3, 1: 2, 2: 1, 3: 0}  # c<->s, d<->h
    a, b = ids("Jh Jc"), ids("Jd Js")
    assert sorted((c // 4) * 4 + swap[c % 4] for c in a) == sorted(b)
    rest = [c for c in range(52) if c // 4 != 9]
    rng = np.random.default_rng(5)
    for _ in range(5_000):
        board = rng.choice(rest, 5, replace=False).tolist()
        mapped = [(c // 4) * 4 + swap[c % 4] for c in board]
        assert value(a + board) == value(b + mapped)


def test_wikipedia_card_rank_order() -> None:
    # Wikipedia, the infobox: "Card rank (highest to lowest) A K Q J 10 9 8 7 6 5 4 3 2"
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    cards = [holdem.Card(r + "s") for r in order]
    assert [c.rank for c in cards] == sorted((c.rank for c in cards), reverse=True)
    assert len({c.rank for c in cards}) == 13
    # and in play: a pair of each rank beats the pair of the next lower rank (same kickers where
    # possible)
    pairs = [
        value(ranked(f"{r} {r} 2 3 4" if r not in ["2", "3", "4"] else f"{r} {r} 5 6 7"))
        for r in order
    ]
    assert pairs == sorted(pairs, reverse=True) and len(set(pairs)) == 13


def test_wikipedia_burns_and_deal_order_on_a_deck() -> None:
    # Wikipedia: "the player in the small blind receiving the first card and the player in the
    # button seat receiving the last card dealt"; "the dealer will burn a card before the flop,
    # turn, and river".
    players = 4  # seats clockwise from the small blind: SB, BB, UTG, button
    d = Deck(seed=2024)
    order = d.remaining
    holes: list[list[int]] = [[] for _ in range(players)]
    for _ in range(2):
        for seat in range(players):
            holes[seat].extend(d.deal(1))
    d.burn()
    flop = d.deal(3)
    d.burn()
    turn = d.deal(1)
    d.burn()
    river = d.deal(1)
    assert holes[0] == [order[0], order[players]]  # small blind got the first card
    assert holes[-1][-1] == order[2 * players - 1]  # button got the last
    assert d.burned == (order[2 * players], order[2 * players + 4], order[2 * players + 6])
    assert flop == order[2 * players + 1 : 2 * players + 4]
    assert turn + river == (order[2 * players + 5], order[2 * players + 7])
    assert len(d) == 52 - 2 * players - 8
    # "a standard 52-card deck containing no jokers"
    assert sorted(order) == list(range(52))


# =============================================================== "Texas Hold'em: Set-Up and Play"
def test_set_up_and_play_two_pair_example() -> None:
    # Set-Up and Play "How to make a hand": "Final Hand A | Final Hand B | Two pair (Q's and 3's
    # with a K) | Two pair (K's and 3's with an A)". The card pictures are lost; these hands carry
    # the captions.
    a, b = ids("Qs Qh 3c 3d Kc"), ids("Ks Kh 3h 3s Ad")
    assert holdem.category(value(a)) is holdem.category(value(b)) is Category.TWO_PAIR
    assert value(b) > value(a)
    d = desc(a)
    assert "queens and threes" in d and "king kicker" in d, d
    d = desc(b)
    assert "kings and threes" in d and "ace kicker" in d, d


SET_UP_AND_PLAY_BEST = [
    # Set-Up and Play "Ranking of hands": "(the best straight flush hand: A-K-Q-J-T, all of the same
    # suit)" ...
    (Category.STRAIGHT_FLUSH, "As Ks Qs Js Ts"),  # "A-K-Q-J-T, all of the same suit"
    (Category.FOUR_OF_A_KIND, "As Ah Ad Ac Ks"),  # "A-A-A-A-K"
    (Category.FULL_HOUSE, "As Ah Ad Ks Kh"),  # "A-A-A-K-K"
    (Category.STRAIGHT, "As Kd Qh Jc Ts"),  # "A-K-Q-J-T"
    (Category.THREE_OF_A_KIND, "As Ah Ad Ks Qh"),  # "A-A-A-K-Q"
    (Category.TWO_PAIR, "As Ah Ks Kh Qd"),  # "A-A-K-K-Q"
    (Category.ONE_PAIR, "As Ah Ks Qd Jc"),  # "A-A-K-Q-J"
    (Category.HIGH_CARD, "As Kd Qh Jc 9s"),  # "No-pair (the best high hand: A-K-Q-J-9)"
]


@pytest.mark.parametrize(
    ("cat", "best"), SET_UP_AND_PLAY_BEST, ids=[c.name for c, _ in SET_UP_AND_PLAY_BEST]
)
def test_set_up_and_play_best_of_each_category(cat: Category, best: str) -> None:
    _, values, cats = all_five_card_values()
    v = value(ids(best))
    assert holdem.category(v) is cat
    assert v == values[cats == int(cat)].max()


def test_set_up_and_play_best_flush_is_any_ace_high_flush() -> None:
    # Set-Up and Play: "Flush (the best flush hand: any Ace-high flush)": every ace-high flush beats
    # every other flush.
    hands, values, cats = all_five_card_values()
    flush = cats == int(Category.FLUSH)
    ace_high = flush & (hands.max(axis=1) // 4 == 12)
    assert ace_high.sum() == 4 * (math.comb(12, 4) - 2)  # A + 4 of 12 ranks, minus A2345 and AKQJT
    assert values[ace_high].min() > values[flush & ~ace_high].max()


# ========================================================== the Wizard of Odds, "Texas Hold'em"
WIZARD_RANKING = [
    # Wizard of Odds rule 13, in its order (ranks only on the page; suits chosen here)
    (Category.STRAIGHT_FLUSH, ranked("5 6 7 8 9", suit="h")),  # "For example 5, 6, 7, 8, 9."
    (Category.FOUR_OF_A_KIND, ranked("Q Q Q Q 4")),  # "For example Q, Q, Q, Q ,4."
    (Category.FULL_HOUSE, ranked("6 6 6 J J")),  # "For example 6, 6, 6, J , J."
    (Category.FLUSH, ranked("A Q 8 4 3", suit="d")),  # "For example A, Q, 8, 4 , 3."
    (Category.STRAIGHT, ranked("8 9 10 J Q")),  # "For example 8, 9, 10, J, Q."
    (Category.THREE_OF_A_KIND, ranked("5 5 5 Q 2")),  # "For example 5, 5, 5, Q ,2 ."
    (Category.TWO_PAIR, ranked("8 8 2 2 Q")),  # "For example 8, 8, 2, 2 ,Q ."
    (Category.ONE_PAIR, ranked("7 7 2 5 A")),  # "For example 7, 7, 2, 5 ,A ."
    (
        Category.HIGH_CARD,
        ranked("K Q 7 5 4"),
    ),  # "A king high hand for example might be K, Q, 7, 5 ,4"
]


def test_wizard_category_examples() -> None:
    vals = [value(h) for _, h in WIZARD_RANKING]
    assert [holdem.category(v) for v in vals] == [c for c, _ in WIZARD_RANKING]
    assert vals == sorted(vals, reverse=True) and len(set(vals)) == len(vals)
    assert "king" in desc(WIZARD_RANKING[-1][1])


def _suit_assignments(rank_text: str) -> Iterator[list[int]]:
    ranks = [RANK_OF[x] for x in rank_text.split()]
    for suits in itertools.product(range(4), repeat=len(ranks)):
        cards = [r * 4 + s for r, s in zip(ranks, suits, strict=True)]
        if len(set(cards)) == len(cards):
            yield cards


def _flush_ranks(cards: Sequence[int]) -> list[int]:
    by_suit = Counter(c % 4 for c in cards)
    suit, n = by_suit.most_common(1)[0]
    assert n >= 5
    return sorted((c // 4 for c in cards if c % 4 == suit), reverse=True)[:5]


#: Whether a player's seven cards (board and hole cards) make the hand an example describes.
Classifier = Callable[[list[int]], bool]


def by_counting(with_flush: bool) -> Classifier:
    """A player's hand by counting suits: for ranks that allow no straight and no better hand
    than the example's, a flush (``with_flush``) or the example's pair or two pair (not)."""
    return lambda cards: flush(cards) == with_flush


def by_phevaluator(cat: Category) -> Classifier:
    """A player's hand is ``cat`` by phevaluator and treys' bounds (skips without them)."""
    ph7, category_of = phevaluator_categories()
    return lambda cards: category_of(ph7(*cards)) is cat


def _assignments(
    rank_text: str, classify: Classifier, also: Callable[[list[int]], bool] = lambda _: True
) -> list[list[int]]:
    """The suit assignments of nine ranks (board, player 1, player 2) in which both players
    have the example's hand (and ``also`` holds)."""
    return [
        cards
        for cards in _suit_assignments(rank_text)
        if classify(cards[:7]) and classify(cards[:5] + cards[7:9]) and also(cards)
    ]


def _check_all(deals: list[list[int]], expected_winners: tuple[bool, bool]) -> None:
    assert deals, "no suit assignment matches the example"
    arr = np.array(deals, dtype=np.uint8)
    boards = np.ascontiguousarray(arr[:, :5])
    hands = np.ascontiguousarray(arr[:, 5:].reshape(-1, 2, 2))
    _, winners = holdem.showdown_batch(boards, hands)
    assert np.all(winners == np.array(expected_winners)), np.flatnonzero(
        ~np.all(winners == expected_winners, 1)
    )
    for deal in deals[:: max(1, len(deals) // 200)]:
        sd = holdem.showdown(deal[:5], [deal[5:7], deal[7:9]])
        assert tuple(sorted(sd.winners)) == tuple(i for i in (0, 1) if expected_winners[i])


def test_wizard_example_1_flush_second_card() -> None:
    # Wizard of Odds, example 1: "Board: A, 2, 4, 5, 6 / Player 1: J, 6 / Player 2: 7, Q" - "Player
    # 1 wins. Both have an ace high flush, so the second highest card is considered. Player 1's jack
    # beats player 2's 7." These ranks make no straight and at most a pair: a player with five cards
    # of a suit has a flush (phevaluator agrees below).
    def ace_jack_vs_ace_seven(cards: list[int]) -> bool:  # as the example says
        f1, f2 = _flush_ranks(cards[:7]), _flush_ranks(cards[:5] + cards[7:9])
        return f1[:2] == [12, 9] and f2[:2] == [12, 5]

    ranks = "A 2 4 5 6 J 6 7 Q"
    deals = _assignments(ranks, by_counting(with_flush=True), ace_jack_vs_ace_seven)
    _check_all(deals, (True, False))
    assert deals == _assignments(ranks, by_phevaluator(Category.FLUSH), ace_jack_vs_ace_seven)


def test_wizard_example_2_pair_kickers() -> None:
    # Wizard of Odds, example 2: "Board: J, A, 7, 5, 6 / Player 1: 2, J / Player 2: 10, J" - "Player
    # 2 wins. Both have a pair of jacks so the singletons are considered. [...] Player 1's second
    # highest singleton is a 7, compared to player 2's 10. A 10 beats a 7 so player 2 wins." These
    # ranks make a pair of jacks and no straight: a player without a flush has one pair (phevaluator
    # agrees below).
    ranks = "J A 7 5 6 2 J 10 J"
    deals = _assignments(ranks, by_counting(with_flush=False))
    _check_all(deals, (False, True))
    d = desc(deals[0][:5] + deals[0][7:9])
    assert "jacks" in d, d  # "Both have a pair of jacks"
    assert deals == _assignments(ranks, by_phevaluator(Category.ONE_PAIR))


def test_wizard_example_3_unused_cards_do_not_play() -> None:
    # Wizard of Odds, example 3: "Board: A, A, K, Q, J / Player 1: Q, J / Player 2: Q, 2" - "Tie.
    # Both have a two pair of aces and queens, with a king singleton. [...] Only the top five cards
    # matter. The jacks and deuce are irrelevant." (rule 15: "whether the two unused cards in a
    # player's hand are used to break a tie. The answer is a firm NO.") These ranks make two pair at
    # best and no straight: a player without a flush has two pair (phevaluator agrees below).
    ranks = "A A K Q J Q J Q 2"
    deals = _assignments(ranks, by_counting(with_flush=False))
    _check_all(deals, (True, True))
    d = desc(deals[0][:5] + deals[0][5:7])
    # "two pair of aces and queens, with a king singleton"
    assert "aces and queens" in d and "king" in d, d
    assert deals == _assignments(ranks, by_phevaluator(Category.TWO_PAIR))


def test_wizard_only_flush_tie_is_on_the_board() -> None:
    # Wizard of Odds, example 1: "The only way to have a flush tie is if the flush is entirely on
    # the board and no hole cards are higher than the lowest card on the board in the same suit."
    rng = np.random.default_rng(303)
    deals = []
    for _ in range(60_000):
        suit = int(rng.integers(4))
        k = int(rng.integers(3, 6))  # 3, 4 or 5 board cards of the suit
        suited = [r * 4 + suit for r in rng.choice(13, k, replace=False)]
        others = [c for c in range(52) if c % 4 != suit]
        board = suited + rng.choice(others, 5 - k, replace=False).tolist()
        rest = [c for c in range(52) if c not in board]
        deals.append(board + rng.choice(rest, 4, replace=False).tolist())
    arr = np.array(deals, dtype=np.uint8)
    values, winners = holdem.showdown_batch(
        np.ascontiguousarray(arr[:, :5]), np.ascontiguousarray(arr[:, 5:].reshape(-1, 2, 2))
    )
    cat_of_value = np.array([0] + [int(holdem.category(v)) for v in range(1, 7463)])
    cats = cat_of_value[values.astype(np.int64)]
    both_flush = (cats == int(Category.FLUSH)).all(axis=1)
    tie = values[:, 0] == values[:, 1]
    assert np.array_equal(winners[:, 0] & winners[:, 1], tie)
    seen_ties = 0
    for i in np.flatnonzero(both_flush):
        board = arr[i, :5].tolist()
        suits = Counter(c % 4 for c in board)
        suit, n = suits.most_common(1)[0]
        lowest = min(c // 4 for c in board if c % 4 == suit)
        holes_above = [c for c in arr[i, 5:].tolist() if c % 4 == suit and c // 4 > lowest]
        rule = n == 5 and not holes_above
        assert bool(tie[i]) == rule, names(arr[i])
        seen_ties += int(tie[i])
    assert seen_ties > 100


# ============================================================= Wikipedia, "List of poker hands"
POKER_HANDS_CHAIN = [
    # one example per category, in the article's order (its own example hands)
    (Category.STRAIGHT_FLUSH, ranked("Q J 10 9 8", suit="c")),  # "such as Q J 10 9 8"
    (Category.FOUR_OF_A_KIND, ranked("9 9 9 9 J")),  # "such as 9 9 9 9 J"
    (Category.FULL_HOUSE, ranked("3 3 3 6 6")),  # "such as 3 3 3 6 6"
    (Category.FLUSH, ranked("Q 10 7 6 4", suit="h")),  # "such as Q 10 7 6 4"
    (Category.STRAIGHT, ranked("Q J 10 9 8")),  # "such as Q J 10 9 8"
    (Category.THREE_OF_A_KIND, ranked("2 2 2 K 6")),  # "such as 2 2 2 K 6"
    (Category.TWO_PAIR, ranked("J J 4 4 9")),  # "such as J J 4 4 9"
    (Category.ONE_PAIR, ranked("4 4 K 10 5")),  # "such as 4 4 K 10 5"
    (Category.HIGH_CARD, ranked("K J 8 7 3")),  # "such as K J 8 7 3"
]


def test_poker_hands_category_examples_and_order() -> None:
    vals = [value(h) for _, h in POKER_HANDS_CHAIN]
    assert [holdem.category(v) for v in vals] == [c for c, _ in POKER_HANDS_CHAIN]
    assert vals == sorted(vals, reverse=True)


def test_poker_hands_every_category_above_the_next() -> None:
    # List of poker hands: quads "ranks above a full house and below a straight flush"; full house
    # "ranks below a four of a kind and above a flush"; flush "ranks above a straight and below a
    # full house"; straight "ranks above three of a kind and below a flush"; trips "ranks above two
    # pair and below a straight"; two pair "ranks above one pair and below three of a kind"; one
    # pair "ranks above any high card hand, but below all other poker hands".
    _, values, cats = all_five_card_values()
    for c in range(8):
        assert values[cats == c + 1].min() > values[cats == c].max(), Category(c + 1)


POKER_HANDS_DEFEATS = [
    # (winner, loser, quote from the article)
    (ranked("7 7 7 7 J"), ranked("7 7 7 7 10"), "7 7 7 7 J defeats 7 7 7 7 10"),
    (ranked("7 7 7 4 4"), ranked("6 6 6 A A"), "7 7 7 4 4 defeats 6 6 6 A A"),
    (ranked("5 5 5 Q Q"), ranked("5 5 5 J J"), "5 5 5 Q Q defeats 5 5 5 J J"),
    (ranked("Q Q Q 7 4"), ranked("J J J A K"), "Q Q Q 7 4 defeats J J J A K"),
    (ranked("4 4 4 8 6"), ranked("4 4 4 6 5"), "4 4 4 8 6 defeats 4 4 4 6 5"),
    (ranked("10 10 8 8 4"), ranked("8 8 4 4 10"), "10 10 8 8 4 defeats 8 8 4 4 10"),
    (ranked("10 10 8 8 4"), ranked("10 10 4 4 8"), "10 10 8 8 4 defeats 10 10 4 4 8"),
    (ranked("10 10 8 8 A"), ranked("10 10 8 8 4"), "10 10 8 8 4 loses to 10 10 8 8 A"),
    (
        ranked("A K Q J 10"),
        ranked("K Q J 10 9"),
        "A K Q J 10 is an ace-high straight, and ranks above a king-high "
        "straight such as K Q J 10 9",
    ),
    (ranked("K Q J 10 9"), ranked("5 4 3 2 A"), "5 4 3 2 A [...] a five-high straight"),
    (
        ranked("6 5 4 3 2", suit="s"),
        ranked("5 4 3 2 A", suit="s"),
        "5 4 3 2 A is a 5-high straight flush",
    ),
    (ranked("5 4 3 2 A", suit="s"), ranked("A A A A K"), "[quads] below a straight flush"),
    # kickers "compared in descending order" (one pair) / high cards "the next highest ranking card
    # [...] and so on"
    (ranked("4 4 K 10 5"), ranked("4 4 K 9 8"), "the kickers are compared in descending order"),
    (ranked("K J 8 7 3"), ranked("K J 8 7 2"), "and so on until a difference is found"),
    (
        ranked("K J 8 7 3"),
        ranked("K J 8 6 5"),
        "the next highest ranking card from each hand is compared",
    ),
    (
        ranked("Q 10 7 6 4", suit="d"),
        ranked("Q 10 7 6 3", suit="d"),
        "Two flushes are compared as if they were high card hands",
    ),
    (
        ranked("Q 10 7 6 4", suit="d"),
        ranked("Q 9 7 6 4", suit="c"),
        "the second-highest ranking card is compared",
    ),
]


@pytest.mark.parametrize(
    ("winner", "loser", "quote"), POKER_HANDS_DEFEATS, ids=[q for _, _, q in POKER_HANDS_DEFEATS]
)
def test_poker_hands_defeats(winner: list[int], loser: list[int], quote: str) -> None:
    assert value(winner) > value(loser), quote


def test_poker_hands_same_quads_on_board_kicker_decides() -> None:
    # List of poker hands: "In community-card games (such as Texas Hold 'em) [...] it is possible
    # for two or more players to obtain the same quad; in this instance, the unmatched card acts as
    # a kicker, so 7 7 7 7 J defeats 7 7 7 7 10."
    sd = holdem.showdown(ids("7c 7d 7h 7s 2c"), [ids("Jd 3h"), ids("Td 3s")])
    assert sd.winners == (0,)
    d = desc(
        ranked("9 9 9 9 J")
    )  # "Four of a kind, also known as quads, is a poker hand such as 9 9 9 9 J"
    assert ("four of a kind" in d or "quads" in d) and "nines" in d, d


POKER_HANDS_TIES = [
    (
        ranked("10 9 8 7 6", suit="h"),
        ranked("10 9 8 7 6", suit="s"),
        "two otherwise identical straight flushes tie (so 10 9 8 7 6 ties with 10 9 8 7 6)",
    ),
    (
        ranked("Q 10 7 6 4", suit="c"),
        ranked("Q 10 7 6 4", suit="d"),
        "If the two flushes contain the same five ranks of cards, they are tied",
    ),
    (
        ids("Qs Jh Td 9c 8c"),
        ids("Qh Jd Tc 9s 8d"),
        "Two straights with the same high card are of equal value",
    ),
]


@pytest.mark.parametrize(
    ("a", "b", "quote"), POKER_HANDS_TIES, ids=[q for _, _, q in POKER_HANDS_TIES]
)
def test_poker_hands_ties(a: list[int], b: list[int], quote: str) -> None:
    assert value(a) == value(b), quote
    assert desc(a) == desc(b)


def test_poker_hands_royal_and_steel_wheel() -> None:
    # List of poker hands: "An ace-high straight flush such as A K Q J 10 is known as a royal flush,
    # and is the highest ranking standard poker hand." / "5 4 3 2 A is a 5-high straight flush, also
    # known as a "steel wheel"."
    royal = ranked("A K Q J 10", suit="s")
    assert value(royal) == holdem.N_VALUES == 7462
    d = desc(royal)
    assert "royal flush" in d or ("straight flush" in d and "ace-high" in d), d
    steel = ranked("5 4 3 2 A", suit="h")
    assert holdem.category(value(steel)) is Category.STRAIGHT_FLUSH
    _, values, cats = all_five_card_values()
    assert value(steel) == values[cats == int(Category.STRAIGHT_FLUSH)].min()
    d = desc(steel)
    assert "straight flush" in d and ("5-high" in d or "five-high" in d or "steel wheel" in d), d
    assert [c.rank for c in holdem.best_five(steel)] == [3, 2, 1, 0, 12]


def test_poker_hands_wheel_and_no_wrap_around() -> None:
    # List of poker hands: "The ace may also be played as a low card in a five-high straight such as
    # 5 4 3 2 A, which is colloquially known as a wheel. The ace may not "wrap around", or play both
    # high and low: 3 2 A K Q is not a straight, but just ace-high no pair."
    wheel = ranked("5 4 3 2 A")
    assert holdem.category(value(wheel)) is Category.STRAIGHT
    _, values, cats = all_five_card_values()
    assert value(wheel) == values[cats == int(Category.STRAIGHT)].min()
    d = desc(wheel)
    assert "5-high" in d or "five-high" in d or "wheel" in d, d
    wrap = ranked("3 2 A K Q")
    assert holdem.category(value(wrap)) is Category.HIGH_CARD
    assert "ace" in desc(wrap)


@pytest.mark.parametrize(
    ("hand", "phrases", "quote"),
    [
        (ranked("Q Q Q 9 9"), ["queens full of nines"], '"Queens full of nines"'),
        (ranked("K K 9 9 5"), ["kings and nines"], '"Kings and nines"'),
        (ranked("Q 9 7 4 3", suit="s"), ["queen-high"], '"queen-high flush" to describe Q 9 7 4 3'),
        (
            ranked("K 10 5 3 2", suit="d"),
            ["king-ten", "king-high"],
            '"king-ten-high flush" or just "king-ten flush"',
        ),
        (ranked("K Q 9 5 4", suit="c"), ["king-queen", "king-high"], '"king-queen-high flush"'),
        (
            ranked("10 9 8 7 6"),
            ["ten-high", "straight to the ten"],
            '"ten-high straight" or "straight to the ten"',
        ),
        (ranked("A K Q J 10"), ["ace-high"], "an ace-high straight"),
        (ranked("K Q J 10 9"), ["king-high"], "a king-high straight"),
        (ranked("K J 8 7 3"), ["king"], '"king high"'),
        (ranked("A Q 8 7 3"), ["ace"], '"ace-queen high"'),
        (ranked("2 2 2 K 6"), ["deuces", "twos"], "Three of a kind [...] such as 2 2 2 K 6"),
        (ranked("4 4 K 10 5"), ["fours"], "One pair is a poker hand such as 4 4 K 10 5"),
    ],
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_poker_hands_names(hand: list[int], phrases: list[str], quote: str) -> None:
    d = desc(hand)
    assert any(p in d for p in phrases), (d, quote)


# ===================================================================== "Hold'em Poker Policies"
def test_policies_flush_on_board() -> None:
    # Policies: "If there may be a flush on board, (i.e. if all the board cards are the exact same
    # go well with), then under cards in that suit don't play, and if no one has a card in the flush
    # suit beating the board, then the pot is split."
    board = ids("Ah Kh 9h 6h 3h")
    under, no_heart, pair = ids("2h Qc"), ids("4d 5c"), ids("Qs Qd")
    sd = holdem.showdown(board, [under, no_heart, pair])
    assert tuple(sorted(sd.winners)) == (0, 1, 2)
    # "the flush is awarded to the gambler with the highest flush card which completes a flush and
    # beats the board's flush cards"
    four = ids("4h 2c")  # 4h is above the board's lowest heart (3h)
    seven = ids("7h 2s")
    assert holdem.showdown(board, [under, no_heart, pair, four]).winners == (3,)
    assert holdem.showdown(board, [under, no_heart, pair, four, seven]).winners == (4,)


def test_policies_straight_flush_exception() -> None:
    # Policies: "The sole exception to this rule is the case of a straight-flush."
    board = ids("9h 8h 6h 3h 2h")
    sd = holdem.showdown(board, [ids("Ah Kc"), ids("7h 5h")])
    assert sd.winners == (1,)
    assert holdem.category(sd.values[1]) is Category.STRAIGHT_FLUSH


def test_policies_lowest_nuts_is_three_queens() -> None:
    """Policies: "The lowest attainable nuts is 3 queens (this occurs with, for example, two
    three 7 eight Q on the board, with no more than two cards of any one suit)."

    A paired board always allows quads and a board with three cards of a suit a flush, so the
    lowest nuts are on an unpaired board with at most two cards of a suit; there no flush is
    possible and the nuts depend on the ranks only. All C(13,5) = 1,287 rank sets x C(47,2) =
    1,081 hole pairs are evaluated.
    """
    rank_sets = list(itertools.combinations(range(13), 5))
    pairs = np.array(list(itertools.combinations(range(47), 2)))
    nuts_by_pattern = []
    for pattern in ([0, 1, 2, 3, 0], [2, 2, 3, 1, 1]):
        boards = np.array(
            [[r * 4 + s for r, s in zip(rs, pattern, strict=True)] for rs in rank_sets],
            dtype=np.uint8,
        )
        rest = np.array(
            [np.setdiff1d(np.arange(52), b) for b in boards], dtype=np.uint8
        )  # (1287, 47)
        holes = rest[:, pairs]  # (1287, 1081, 2)
        sevens = np.concatenate(
            [np.broadcast_to(boards[:, None, :], (len(boards), len(pairs), 5)), holes], axis=2
        )
        values = holdem.evaluate_batch(np.ascontiguousarray(sevens.reshape(-1, 7))).reshape(
            len(boards), len(pairs)
        )
        nuts_by_pattern.append(values.max(axis=1))
        if pattern == [0, 1, 2, 3, 0]:
            example_board = rank_sets.index((0, 1, 5, 6, 10))  # 2 3 7 8 Q
            best_hole = holes[example_board, values[example_board].argmax()].tolist()
            example_cards = boards[example_board].tolist()
    assert np.array_equal(nuts_by_pattern[0], nuts_by_pattern[1])
    nuts = nuts_by_pattern[0]
    lowest = int(nuts.min())
    assert holdem.category(lowest) is Category.THREE_OF_A_KIND
    assert "queens" in holdem.describe(lowest).lower()
    assert int(nuts[example_board]) == lowest
    assert [c.rank for c in holdem.best_five(example_cards + best_hole)] == [10, 10, 10, 6, 5]
    # the same nuts for the example's board through phevaluator
    ph7, _ = phevaluator_categories()
    unseen = [c for c in range(52) if c not in example_cards]
    holes_left = itertools.combinations(unseen, 2)
    assert lowest == 7463 - min(ph7(*example_cards, a, b) for a, b in holes_left)
