"""The other games the hand engine plays, in worked cases from their rule texts.

Sources: Wikipedia "Six-plus hold 'em" (short deck: 36 cards, A-6-7-8-9 a straight, a flush
beats a full house), "Omaha hold 'em" (exactly two hole cards and three board cards), Robert's
Rules of Poker "Omaha high-low eight or better" (the low qualifies with five different ranks
ace to eight; the pot is split in halves; "the odd chip goes to the high hand"), Wikipedia
"Pineapple (poker)" (three hole cards, one discarded: before the flop in Pineapple, after the
flop's betting in Crazy Pineapple, at the showdown in Lazy Pineapple), and Wikipedia "Texas
hold 'em", "Similar games" (Double Texas hold'em: the middle card plays with each of the other
two, the outer cards never together; double-board hold'em: half the pot for each board, or the
whole pot to the best hand on either board).
"""

from __future__ import annotations

import random

import pytest

from holdem import (
    ActionError,
    Card,
    CardError,
    EventKind,
    Hand,
    RulesError,
    Street,
    Table,
    parse_cards,
)
from holdem.engine.variants import VARIANTS, Discard, Variant, play_variant
from holdem.games import GAMES


def _check_down(hand: Hand) -> None:
    while hand.street < Street.SHOWDOWN:
        hand.check_or_call()


def test_short_deck_deals_only_six_to_ace_and_ranks_by_its_deck() -> None:
    for seed in range(50):
        hand = Hand([100] * 6, blinds=(1, 2), game="short-deck", seed=seed)
        cards = [c for i in range(6) for c in hand.hole_cards(i)]
        assert all(c.rank >= 4 for c in cards)  # 6 and up
    # A-6-7-8-9 is a straight; a flush beats a full house.
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="short-deck",
        hole_cards=[("As", "6d"), ("Kh", "Qd")],
        board="7c 8h 9s Kc Jh",
    )
    _check_down(hand)
    assert hand.payoffs == [2, -2]  # A-6-7-8-9 beats a pair of kings
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="short-deck",
        hole_cards=[("Ah", "6h"), ("Kd", "Ks")],
        board="Kh 9h 9c 7h Tc",
    )
    _check_down(hand)
    assert hand.payoffs == [2, -2]  # the flush beats kings full


def test_a_short_deck_refuses_a_card_below_six_and_too_many_players() -> None:
    with pytest.raises(CardError, match="not in the short-deck deck"):
        Hand([100, 100], blinds=(1, 2), game="short-deck", hole_cards=[("2s", "As"), None])
    with pytest.raises(RulesError, match="the deck has 36"):
        Hand([100] * 15, blinds=(1, 2), game="short-deck", seed=1)
    with pytest.raises(RulesError, match="unknown game"):
        Hand([100, 100], blinds=(1, 2), game="seven-card-stud")


def test_omaha_plays_exactly_two_hole_cards() -> None:
    # Four spades on the board and one in the hand is no flush in Omaha; the pair of aces wins.
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="omaha",
        hole_cards=[("As", "Kd", "Qc", "Jh"), ("Ad", "Ah", "7c", "8d")],
        board="2s 5s 9s Ts 3d",
    )
    assert len(hand.hole_cards(0)) == 4 and hand.game.omaha
    _check_down(hand)
    assert hand.payoffs == [-2, 2]


def test_omaha_six_cards_deal_and_refuse_more_players_than_the_deck_holds() -> None:
    hand = Hand([100] * 7, blinds=(1, 2), game="omaha-6", seed=9)
    assert {len(hand.hole_cards(i)) for i in range(7)} == {6}
    with pytest.raises(RulesError, match="8 players need 56 cards"):
        Hand([100] * 8, blinds=(1, 2), game="omaha-6", seed=9)


HI_LO_HOLES: list[tuple[str, ...] | None] = [
    ("Kd", "Kh", "8c", "8d"),  # high: three kings; no low (8 and 8 are one rank)
    ("Ac", "4d", "Jc", "Jd"),  # low 7-4-3-2-A
    ("Ah", "4s", "Qc", "Qd"),  # low 7-4-3-2-A, a tie with seat 1
]
HI_LO_BOARD = "2c 3d 7h 9s Ks"


def test_hi_lo_splits_in_halves_and_quarters_the_tied_low() -> None:
    hand = Hand(
        [100, 100, 100],
        ante=1,
        blinds=(1, 2),
        game="omaha-hi-lo",
        hole_cards=HI_LO_HOLES,
        board=HI_LO_BOARD,
    )
    _check_down(hand)  # pot 9: high 5 (the odd chip) to seat 0, low 4 split 2 + 2
    wins = {e.seat: e.amount for e in hand.events if e.kind is EventKind.WIN}
    assert wins == {0: 5, 1: 2, 2: 2}
    assert hand.payoffs == [2, -1, -1]


def test_hi_lo_odd_chips_high_half_first_then_left_of_the_button() -> None:
    hand = Hand(
        [100, 100, 100],
        forced_bets=[1, 2, 0],
        antes=[1, 0, 0],
        game="omaha-hi-lo",
        hole_cards=HI_LO_HOLES,
        board=HI_LO_BOARD,
    )
    _check_down(hand)  # pot 7: high 4 to seat 0; low 3 between seats 1 and 2: 2 to seat 1
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN] == [
        (0, 4),
        (1, 2),
        (2, 1),
    ]


def test_hi_lo_with_no_low_gives_the_whole_pot_to_the_high_hand() -> None:
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="omaha-hi-lo",
        hole_cards=[("Kd", "Kh", "8c", "8d"), ("Ac", "4d", "Jc", "Jd")],
        board="2c 9d Th Ts Ks",  # two board cards of eight or lower: no low at all
    )
    _check_down(hand)
    assert hand.payoffs == [2, -2]


def test_pineapple_discards_after_the_pre_flop_betting() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), game="pineapple", seed=5)
    assert {len(hand.hole_cards(i)) for i in range(3)} == {3}
    hand.fold()  # the button
    hand.call()
    hand.check()
    assert hand.discarding == (0, 1) and hand.actor is None and hand.board == ()
    with pytest.raises(ActionError, match=r"seats \[0, 1\] must discard first"):
        hand.check()
    with pytest.raises(ActionError, match="seat 2 has nothing to discard"):
        hand.discard(hand.hole_cards(2)[0], seat=2)
    other = next(c for c in map(Card, range(52)) if c not in hand.hole_cards(1))
    assert not hand.can_discard(other, seat=1)
    with pytest.raises(ActionError, match="seat 1 does not hold"):
        hand.discard(other, seat=1)
    kept = hand.hole_cards(1)[1:]
    hand.discard(hand.hole_cards(1)[0], seat=1)
    assert hand.hole_cards(1) == kept and hand.discarding == (0,)
    hand.discard(hand.hole_cards(0)[2])
    assert hand.street is Street.FLOP and len(hand.board) == 3 and hand.actor == 0
    # The other players do not see what a seat discarded.
    seen = [e for e in hand.view(0).events if e.kind is EventKind.DISCARD]
    assert [len(e.cards) for e in seen] == [0, 1]
    _check_down(hand)
    assert hand.is_over and sum(hand.payoffs) == 0


def test_crazy_pineapple_discards_after_the_flop_even_when_all_in() -> None:
    hand = Hand([50, 50], blinds=(1, 2), game="crazy-pineapple", seed=2)
    hand.all_in()
    hand.call()
    assert hand.street is Street.FLOP and len(hand.board) == 3 and hand.discarding == (0, 1)
    hand.discard(hand.hole_cards(0)[0])
    hand.discard(hand.hole_cards(1)[1])
    assert hand.is_over and len(hand.board) == 5
    kinds = [e.kind for e in hand.events]
    assert kinds.index(EventKind.DISCARD) > kinds.index(EventKind.DEAL_BOARD)
    assert {len(hand.hole_cards(i)) for i in range(2)} == {2}


def test_lazy_pineapple_plays_the_best_two_of_three_at_the_showdown() -> None:
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="lazy-pineapple",
        hole_cards=[("Ah", "Ad", "2c"), ("Kh", "Kd", "Qc")],
        board="3s 7d 9c Jh 4s",
    )
    _check_down(hand)
    assert hand.payoffs == [2, -2] and hand.discarding == ()


def test_double_holdem_outer_cards_never_play_together() -> None:
    # Seat 0's outer aces make no pair: its hands are A-T and T-A. Seat 1's 4-K pairs the 4.
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="double-holdem",
        hole_cards=[("Ah", "Tc", "Ad"), ("4c", "Kd", "Qs")],
        board="5c 6d 9h Js 4s",
    )
    _check_down(hand)
    assert hand.payoffs == [-2, 2]
    # The middle card plays with either outer card: T-9 pairs the board's nine, beating A-K.
    hand = Hand(
        [100, 100],
        blinds=(1, 2),
        game="double-holdem",
        hole_cards=[("2h", "Tc", "9d"), ("Ac", "Kd", "Qs")],
        board="5c 6d 9h Js 3s",
    )
    _check_down(hand)
    assert hand.payoffs == [2, -2]


def _double_board_deck(board1: str, board2: str) -> list[Card]:
    holes = parse_cards("Ah Kh Ad Kd")  # seat 0: Ah Ad; seat 1: Kh Kd
    b1, b2 = parse_cards(board1), parse_cards(board2)
    burns = parse_cards("2c 2d 2h")
    return [
        *holes, burns[0], *b1[:3], *b2[:3], burns[1], b1[3], b2[3], burns[2], b1[4], b2[4],
    ]  # fmt: skip


def test_double_board_half_the_pot_to_each_board() -> None:
    deck = _double_board_deck("3c 7d 9h Js 4s", "Kc 8d 5h Ts 6s")
    hand = Hand([100, 100], blinds=(1, 2), game="double-board", deck=deck)
    _check_down(hand)
    assert hand.boards == (
        tuple(parse_cards("3c 7d 9h Js 4s")),
        tuple(parse_cards("Kc 8d 5h Ts 6s")),
    )
    assert hand.payoffs == [0, 0]  # aces win the first board, three kings the second
    whole = VARIANTS["double-board"].with_options(split_boards=False)
    hand = Hand([100, 100], blinds=(1, 2), game=whole, deck=deck)
    _check_down(hand)
    assert hand.payoffs == [-2, 2]  # three kings on the second board is the best hand overall


def test_double_board_odd_chip_goes_to_the_first_board() -> None:
    b1, b2 = parse_cards("3c 7d 9h Js 4s"), parse_cards("Kc 8d 5h Ts 6s")
    holes = parse_cards("Ah Kh Qs Ad Kd Qh")  # seats 0, 1, 2: aces, kings, queens
    burns = parse_cards("2c 2d 2h")
    deck = [
        *holes, burns[0], *b1[:3], *b2[:3], burns[1], b1[3], b2[3], burns[2], b1[4], b2[4],
    ]  # fmt: skip
    hand = Hand([100] * 3, forced_bets=[1, 2, 0], antes=[1, 0, 0], game="double-board", deck=deck)
    hand.fold()  # the button
    hand.call()
    hand.check()
    _check_down(hand)  # pot 5: 3 on the first board (aces), 2 on the second (three kings)
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN] == [(0, 3), (1, 2)]
    assert hand.payoffs == [0, 0, 0]


def test_variant_objects_and_names() -> None:
    assert play_variant(None) is None and play_variant("holdem") is None
    assert play_variant(GAMES["royal"]) == Variant("royal", game=GAMES["royal"])
    assert Hand([100, 100], blinds=(1, 2), seed=1).game == VARIANTS["holdem"]
    with pytest.raises(RulesError, match="three hole cards"):
        Variant("x", discard=Discard.BEFORE_FLOP)
    with pytest.raises(RulesError, match="runs=1"):
        Hand([100, 100], blinds=(1, 2), game="pineapple", runs=2, seed=1)


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
def test_random_hands_keep_every_chip(name: str, structure: str) -> None:
    rng = random.Random(f"{name}/{structure}")
    for seed in range(40):
        n = rng.randint(2, 6)
        stacks = [rng.randint(1, 300) for _ in range(n)]
        hand = Hand(stacks, blinds=(1, 2), structure=structure, game=name, seed=seed)
        while not hand.is_over:
            if hand.discarding:
                seat = hand.discarding[-1]
                hand.discard(rng.choice(hand.hole_cards(seat)), seat=seat)
                continue
            legal = hand.legal_actions()
            roll = rng.random()
            if legal.fold and roll < 0.15:
                hand.fold()
            elif legal.min_raise_to is not None and roll > 0.6:
                hand.raise_to(legal.min_raise_to)
            else:
                hand.check_or_call()
        assert sum(hand.stacks) == sum(stacks) and sum(hand.payoffs) == 0
        assert all(len(b) == 5 for b in hand.boards) or sum(hand.folded) == n - 1


def test_a_table_deals_every_hand_of_its_game() -> None:
    table = Table(6, game="omaha-hi-lo", structure="fixed-limit", seed=4)
    for seat in range(1, 7):
        table.sit_down(seat, f"P{seat}", 200)
    for _ in range(5):
        hand = table.new_hand()
        assert hand.game == VARIANTS["omaha-hi-lo"]
        assert {len(hand.hole_cards(i)) for i in range(hand.players)} == {4}
        while not hand.is_over:
            hand.check_or_call()
    assert sum(table.stacks.values()) == 1200
    with pytest.raises(RulesError, match="need 56 cards"):
        Table(8, game="omaha-6")


def test_manila_deals_the_board_one_card_at_a_time_with_a_round_after_each() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), game="manila", structure="fixed-limit", seed=3)
    rounds: list[tuple[Street, int, int | None]] = []
    while not hand.is_over:
        legal = hand.legal_actions()
        key = (hand.street, len(hand.board), legal.min_raise_to)
        if not rounds or rounds[-1][:2] != key[:2]:
            rounds.append(key)
        hand.check_or_call()
    # Six betting rounds: pre-flop, then one after each board card (small bets on the first
    # three cards' rounds, big bets on the last two).
    assert rounds == [
        (Street.PREFLOP, 0, 4),
        (Street.FLOP, 1, 2),
        (Street.FLOP, 2, 2),
        (Street.FLOP, 3, 2),
        (Street.TURN, 4, 4),
        (Street.RIVER, 5, 4),
    ]
    burns = [e for e in hand.events if e.kind is EventKind.BURN]
    boards = [e for e in hand.events if e.kind is EventKind.DEAL_BOARD]
    assert len(burns) == 5 and [len(e.cards) for e in boards] == [1] * 5
    assert all(c.rank >= 5 for c in hand.board)  # sevens and up


def test_manila_all_in_deals_the_whole_board_and_its_options() -> None:
    hand = Hand([100, 100], blinds=(1, 2), game="manila", seed=3)
    hand.all_in()
    hand.call()
    assert hand.is_over and len(hand.board) == 5 and sum(hand.payoffs) == 0
    streets = VARIANTS["manila"].with_options(one_at_a_time=False)
    hand = Hand([100, 100], blinds=(1, 2), game=streets, seed=3)
    hand.call()
    hand.check()
    assert len(hand.board) == 3  # hold'em's flop, on the 32-card deck
    pineapple = VARIANTS["manila"].with_options(hole_cards=3, discard=Discard.BEFORE_FLOP)
    hand = Hand([100, 100], blinds=(1, 2), game=pineapple, seed=3)
    hand.call()
    hand.check()
    assert hand.discarding == (0, 1)
