"""The discard decision of the Pineapple games, as the drivers see it and take it.

Oracle: the games' published rules (Wikipedia, "Pineapple (poker)"): each player is dealt three
hole cards; in Pineapple each discards one of them after the pre-flop betting, before the flop;
in Crazy Pineapple after the flop's betting, before the turn; in Lazy Pineapple no one discards
(the best two of the three play at the showdown). A player discards one of his own cards,
face down: the others learn that he discarded, not what.

What is checked: ``Hand.legal_actions()`` and each seat's ``View`` offer the discard exactly
when and to whom the rules say, with the seat's own cards and no one else's; the match runner's
``apply_decision`` takes a card (or its name) and refuses anything else; the built-in bots
discard; a match, a :class:`holdem.Table` and ``Table.play_hand`` play the games to the end
with every chip accounted for.
"""

from __future__ import annotations

import pickle
import random

import pytest

from holdem import Card, EventKind, Hand, Legal, LegalDiscard, Street, Table
from holdem.engine.agents import Agent, EquityAgent, best_discard, bot, call_agent, random_agent
from holdem.engine.matches import apply_decision, match
from holdem.errors import ActionError

DISCARD_STREET = {"pineapple": Street.PREFLOP, "crazy-pineapple": Street.FLOP}
BOARD_AT_DISCARD = {"pineapple": 0, "crazy-pineapple": 3}


def play_to_discard(hand: Hand) -> None:
    """Check or call until some seat is to discard (or the hand is over)."""
    while not hand.is_over and not hand.discarding:
        hand.check_or_call()


@pytest.mark.parametrize("game", ["pineapple", "crazy-pineapple"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_discard_is_offered_when_the_rules_say(game: str, players: int) -> None:
    hand = Hand([100] * players, blinds=(1, 2), game=game, seed=players)
    while hand.actor is not None and not hand.discarding:
        legal = hand.legal_actions()
        assert legal.discard is None and hand.view(legal.seat).discarding == ()
        hand.check_or_call()
    # The betting of the discard's street is over; no board card of the next street yet.
    assert hand.street is DISCARD_STREET[game] and hand.actor is None
    assert len(hand.board) == BOARD_AT_DISCARD[game]
    assert hand.discarding == tuple(range(players))
    dealt = [hand.hole_cards(s) for s in range(players)]
    assert all(len(cards) == 3 for cards in dealt)
    for left in range(players, 0, -1):
        legal = hand.legal_actions()  # the first seat still to discard, with its own cards
        first = hand.discarding[0]
        assert legal == LegalDiscard(first, dealt[first]) and not legal.can_raise
        assert legal != Legal(first, False, False, None, None, None)  # a discard, not a pass
        assert tuple(legal) == (first, False, False, None, None, None)
        assert pickle.loads(pickle.dumps(legal)) == legal and legal.discard == dealt[first]
        for seat in range(players):
            view = hand.view(seat)
            assert view.discarding == hand.discarding and view.actor is None
            if seat in hand.discarding:
                assert view.legal == LegalDiscard(seat, dealt[seat])
                assert view.legal != LegalDiscard(seat, dealt[(seat + 1) % players])
            else:
                assert view.legal is None
            assert view.hole_cards == hand.hole_cards(seat)
        with pytest.raises(ActionError):
            hand.check_or_call()
        assert len(hand.discarding) == left
        hand.discard(dealt[first][left % 3], seat=first)
        assert len(hand.hole_cards(first)) == 2
    # Every seat has discarded: the next street is dealt and its betting begins.
    assert hand.street is Street(DISCARD_STREET[game] + 1)
    assert len(hand.board) == BOARD_AT_DISCARD[game] + (3 if game == "pineapple" else 1)
    assert hand.legal_actions().discard is None


def test_lazy_pineapple_and_other_games_never_offer_a_discard() -> None:
    for game in ("lazy-pineapple", "holdem", "omaha", "double-holdem", "manila"):
        hand = Hand([100, 100, 100], blinds=(1, 2), game=game, seed=5)
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal.discard is None and hand.view(legal.seat).legal == legal
            assert hand.view(legal.seat).discarding == ()
            hand.check_or_call()


def test_a_view_shows_no_other_seat_s_cards_or_discards() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), game="pineapple", seed=8)
    play_to_discard(hand)
    mine = hand.hole_cards(1)
    hand.discard(mine[0], seat=1)
    for seat in (0, 2):
        view = hand.view(seat)
        assert view.legal is not None and view.legal.discard == hand.hole_cards(seat)
        assert not set(view.legal.discard) & set(mine)
        for event in view.events:
            if event.seat == 1 and event.kind in (EventKind.DEAL_HOLE, EventKind.DISCARD):
                assert event.cards == ()  # what seat 1 was dealt and gave up: hidden
        assert view.shown == (None, None, None)
    own = hand.view(1)
    assert own.legal is None and own.discarding == (0, 2)
    assert [e.cards for e in own.events if e.kind is EventKind.DISCARD] == [(mine[0],)]


def test_folded_seats_do_not_discard_and_an_all_in_discards_before_the_run_out() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), game="pineapple", seed=2)
    hand.fold()  # seat 2 (the button) folds
    hand.raise_to(100)  # seat 0 moves all in
    hand.call()  # seat 1 calls all in
    assert hand.discarding == (0, 1) and hand.board == ()
    assert hand.legal_actions().seat == 0
    hand.discard(hand.hole_cards(0)[0])
    assert hand.legal_actions().seat == 1 and hand.view(2).legal is None
    hand.discard(hand.hole_cards(1)[2])
    assert hand.is_over and len(hand.board) == 5
    assert sum(hand.payoffs) == 0


def test_apply_decision_takes_a_card_and_refuses_anything_else() -> None:
    hand = Hand([100, 100], blinds=(1, 2), game="pineapple", seed=3)
    play_to_discard(hand)
    legal = hand.legal_actions()
    mine, other = hand.hole_cards(0), hand.hole_cards(1)
    before = hand.events
    for bad in ("call", "check", "fold", 4, other[0], str(other[1]), "discard", "d Zz", None):
        assert apply_decision(hand, bad, legal) is False
    assert hand.events == before and hand.discarding == (0, 1)
    assert apply_decision(hand, f"Discard {mine[1]}", legal) is True
    assert hand.hole_cards(0) == (mine[0], mine[2])
    legal = hand.legal_actions()
    assert legal.seat == 1 and apply_decision(hand, other[2], legal) is True
    assert hand.street is Street.FLOP and hand.legal_actions().discard is None
    assert apply_decision(hand, str(hand.hole_cards(1)[0]), hand.legal_actions()) is False


def test_best_discard_keeps_the_best_two() -> None:
    # Pre-flop: the pair of aces beats any other two of the three.
    hand = Hand(
        [100, 100], blinds=(1, 2), game="pineapple",
        hole_cards=[("As", "7d", "Ah"), ("Kc", "Qc", "2d")], seed=1,
    )  # fmt: skip
    play_to_discard(hand)
    assert best_discard(hand.view(0), hand.legal_actions()) == Card("7d")
    assert call_agent(hand.view(0), hand.legal_actions()) == Card("7d")
    hand.discard("7d")
    assert best_discard(hand.view(1), hand.legal_actions()) == Card("2d")  # keeps K-Q suited
    # On a flop of Kd 7d 2h, K-7 makes two pair: K-2 and 7-2 make smaller two pairs.
    hand = Hand(
        [100, 100], blinds=(1, 2), game="crazy-pineapple", board="Kd 7d 2h",
        hole_cards=[("Kh", "2c", "7s"), ("Ac", "Ad", "Qs")], seed=1,
    )  # fmt: skip
    play_to_discard(hand)
    assert len(hand.board) == 3
    assert best_discard(hand.view(0), hand.legal_actions()) == Card("2c")
    with pytest.raises(ActionError):
        best_discard(hand.view(0), Legal(0, True, True, None, None, None))


def test_the_bots_discard_one_of_their_own_cards() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), game="crazy-pineapple", seed=12)
    play_to_discard(hand)
    for agent in (bot("random", 1), bot("call"), bot("equity", 2), EquityAgent(3, samples=300)):
        legal = hand.legal_actions()
        for seat in hand.discarding:
            choice = agent(hand.view(seat), hand.view(seat).legal)  # type: ignore[arg-type]
            assert isinstance(choice, Card) and choice in hand.hole_cards(seat)
        assert legal.discard is not None
    picks = {random_agent(s)(hand.view(0), hand.legal_actions()) for s in range(40)}
    assert picks == set(hand.hole_cards(0))  # at random: each of the three, some time


def test_equity_agent_prefers_the_keep_with_the_best_equity() -> None:
    # Kh Ks 2c on a board of Ah Qh Jh: Kh-Ks is a pair of kings with draws to the royal flush
    # and to a straight, better than either keep with the deuce: 2c is the card to give up.
    hand = Hand(
        [100, 100], blinds=(1, 2), game="crazy-pineapple", board="Ah Qh Jh",
        hole_cards=[("Kh", "2c", "Ks"), ("7c", "7d", "3s")], seed=1,
    )  # fmt: skip
    play_to_discard(hand)
    assert EquityAgent(5, samples=2000)(hand.view(0), hand.legal_actions()) == Card("2c")


@pytest.mark.parametrize(
    "game", ["pineapple", "crazy-pineapple", "lazy-pineapple", "omaha", "manila", "double-holdem"]
)
def test_a_match_plays_the_game_with_the_bots(game: str) -> None:
    agents: list[Agent] = [bot("call"), bot("random", 4), EquityAgent(6, samples=200)]
    result = match(agents, hands=12, seed=3, game=game, duplicate=False)
    assert result.hands == 12 and sum(a.chips for a in result.agents) == 0
    again = match(agents[:2], hands=6, seed=3, game=game)
    assert again.hands == 6 and sum(a.chips for a in again.agents) == 0


def test_a_match_refuses_an_unknown_game() -> None:
    from holdem.errors import RulesError

    with pytest.raises(RulesError):
        match([call_agent, call_agent], hands=2, game="pinochle")


@pytest.mark.parametrize("game", ["pineapple", "crazy-pineapple"])
def test_a_table_plays_discards_through_play_hand(game: str) -> None:
    table = Table(4, blinds=(1, 2), game=game, seed=21, first_button=1, rebuys=False)
    for seat in range(1, 5):
        table.sit_down(seat, f"p{seat}", 200)
    rng = random.Random(2)
    agents = [bot("random", rng.randrange(100)) for _ in range(4)]
    seen: list[int] = []

    def act(hand: Hand) -> None:
        legal = hand.legal_actions()
        if legal.discard is not None:
            seen.append(legal.seat)
        decision = agents[legal.seat](hand.view(legal.seat), legal)
        assert apply_decision(hand, decision, legal)

    for _ in range(15):
        if table.is_over:
            break
        hand = table.play_hand(act)
        assert hand.is_over and sum(hand.payoffs) == 0
        shown = [e for e in hand.events if e.kind is EventKind.SHOW]
        assert all(len(e.cards) == 2 for e in shown)  # every hand shown has discarded
    assert table.hand_number >= 3 and seen and sum(table.stacks.values()) == 800
