"""Exposed hole cards and misdeals in the other games: 3 to 6 hole cards, the reduced decks.

Oracle: the misdeal rules as the rule books state them for any game dealt from a deck
(Wikipedia, "Texas hold 'em" (misdeal): "If the first card dealt is exposed, then this is
considered a misdeal. [...] if any other hole card is exposed due to a dealer error, the deal
continues as usual. After completing the deal, the dealer replaces the exposed card with the top
card on the deck, and the exposed card is then used as the burn card. If more than one hole card
is exposed, a misdeal is declared"; Robert's Rules of Poker, "Misdeals": the first or second
card dealt face up is a misdeal), applied to the games' dealing: the hole cards go one at a time
round the table from seat 0, as many rounds as each player gets (Wikipedia "Omaha hold 'em":
four cards each; "Pineapple (poker)": three), then the burn before the first board card.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import ActionError, Card, CardError, EventKind, Exposure, Hand, Rules, parse_cards

# Omaha, three players: seat 0 As 2h 4c 6d, seat 1 Kd 3s 5c 7h, seat 2 7c 9d Jh Qs (dealt As Kd
# 7c, 2h 3s 9d, 4c 5c Jh, 6d 7h Qs); then the burn Qc, the flop 8h 5d 6h, a burn 4s, the turn
# Jc, a burn Tc, the river 2c.
OMAHA = "As Kd 7c 2h 3s 9d 4c 5c Jh 6d 7h Qs Qc 8h 5d 6h 4s Jc Tc 2c"
# Short deck, three players: seat 0 As Ts, seat 1 Kd 9h, seat 2 7c 8d; the burn Qc, the flop
# 8h 6d 6h, a burn 7s, the turn Jc, a burn Tc, the river 9c.
SHORT = "As Kd 7c Ts 9h 8d Qc 8h 6d 6h 7s Jc Tc 9c"


def burns(hand: Hand) -> list[Card]:
    return [e.cards[0] for e in hand.events if e.kind is EventKind.BURN]


def omaha(rules: Rules | str = "casino") -> Hand:
    return Hand([100, 100, 100], blinds=(1, 2), game="omaha", deck=OMAHA, rules=rules)


def test_the_deal_is_as_the_deck_says() -> None:
    hand = omaha()
    assert hand.hole_cards(0) == parse_cards("As 2h 4c 6d")
    assert hand.hole_cards(2) == parse_cards("7c 9d Jh Qs")


def test_first_card_exposed_in_omaha_is_a_misdeal() -> None:
    hand = omaha()
    assert hand.expose("As") is Exposure.MISDEAL
    assert hand.is_over and hand.is_misdeal and hand.payoffs == [0, 0, 0]
    assert hand.stacks == (100, 100, 100) and hand.pot_total == 0


@pytest.mark.parametrize(("card", "seat", "kept"), [
    ("5c", 1, "Kd 3s Qc 7h"),  # the third round of the deal
    ("Qs", 2, "7c 9d Jh Qc"),  # the last card dealt
    ("Kd", 1, "Qc 3s 5c 7h"),  # the second card dealt: a misdeal under Robert's Rules only
])  # fmt: skip
def test_another_card_exposed_in_omaha_is_replaced_by_the_top_card_and_burned(
    card: str, seat: int, kept: str
) -> None:
    hand = omaha()
    assert hand.expose(card) is Exposure.REPLACED
    assert hand.hole_cards(seat) == parse_cards(kept)  # Qc: the top card after the deal
    dealt = [e.cards for e in hand.events if e.kind is EventKind.DEAL_HOLE]
    assert dealt[seat] == parse_cards(kept)
    while not hand.is_over:
        hand.check_or_call()
    assert burns(hand) == [Card(card), Card("4s"), Card("Tc")]  # the exposed card burns first
    assert hand.board == parse_cards("8h 5d 6h Jc 2c")  # the board as it was
    assert sum(hand.payoffs) == 0
    assert omaha(Rules.preset("casino", misdeal_first_cards=2)).expose("Kd") is Exposure.MISDEAL


def test_two_exposed_cards_in_omaha_are_a_misdeal() -> None:
    hand = omaha()
    assert hand.expose("Jh") is Exposure.REPLACED
    assert hand.expose("6d") is Exposure.MISDEAL
    assert hand.is_over and hand.payoffs == [0, 0, 0] and hand.stacks == (100, 100, 100)


def test_a_player_s_own_exposure_and_one_after_the_action_play() -> None:
    hand = omaha()
    assert hand.expose("As", by="player") is Exposure.PLAYS
    assert hand.hole_cards(0) == parse_cards("As 2h 4c 6d") and not hand.is_over
    hand.call()
    assert hand.expose("Jh") is Exposure.PLAYS
    assert hand.hole_cards(2) == parse_cards("7c 9d Jh Qs")


def test_short_deck_follows_the_same_rules() -> None:
    def short() -> Hand:
        return Hand([100, 100, 100], blinds=(1, 2), game="short-deck", deck=SHORT)

    assert short().expose("As") is Exposure.MISDEAL
    hand = short()
    assert hand.expose("9h") is Exposure.REPLACED
    assert hand.hole_cards(1) == parse_cards("Kd Qc")
    while not hand.is_over:
        hand.check_or_call()
    assert burns(hand)[0] == Card("9h") and hand.board == parse_cards("8h 6d 6h Jc 9c")


def test_a_discarded_card_is_no_longer_a_hole_card() -> None:
    hand = Hand([100, 100], blinds=(1, 2), game="pineapple", seed=4)
    hand.check_or_call()
    hand.check_or_call()
    gone = hand.hole_cards(0)[1]
    hand.discard(gone, seat=0)
    before = hand.events
    with pytest.raises(CardError, match="not a hole card"):
        hand.expose(gone)
    assert hand.events == before
    assert hand.expose(hand.hole_cards(0)[0], by="player") is Exposure.PLAYS
    held = {*hand.hole_cards(0), *hand.hole_cards(1), gone}
    with pytest.raises(CardError, match="not a hole card"):
        hand.expose(next(Card(i) for i in range(52) if Card(i) not in held))


GAMES = {  # hole cards per seat, for each game of another size or deck
    "pineapple": 3, "crazy-pineapple": 3, "lazy-pineapple": 3, "double-holdem": 3,
    "omaha": 4, "omaha-5-hi-lo": 5, "omaha-6": 6, "short-deck": 2, "manila": 2, "royal": 2,
    "double-board": 2,
}  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(2, 4),
    st.lists(st.integers(0, 23), min_size=1, max_size=3, unique=True),
    st.integers(1, 2),
    st.integers(0, 999),
)
def test_exposures_during_the_deal_in_every_game(
    game: str, n: int, picks: list[int], first: int, seed: int
) -> None:
    # The rule as stated, counted from the dealing order: round r gives seat s card r * n + s.
    h = GAMES[game]
    rules = Rules.preset("casino", misdeal_first_cards=first)
    hand = Hand([50] * n, blinds=(1, 2), seed=seed, rules=rules, game=game)
    dealt = [hand.hole_cards(k % n)[k // n] for k in range(h * n)]
    picks = [p for p in picks if p < h * n]
    outcomes = []
    for p in picks:
        if hand.is_over:
            break
        outcomes.append(hand.expose(dealt[p]))
    for k, outcome in enumerate(outcomes):
        expected = Exposure.MISDEAL if picks[k] < first or k >= 1 else Exposure.REPLACED
        assert outcome is expected
    if Exposure.MISDEAL in outcomes:
        assert hand.is_over and hand.is_misdeal and hand.payoffs == [0] * n
        assert hand.stacks == (50,) * n
        with pytest.raises(ActionError):
            hand.check_or_call()
    elif outcomes:
        p = picks[0]
        seat = p % n
        now = hand.hole_cards(seat)
        assert dealt[p] not in now and len(now) == h
        assert [c for c in now if c not in dealt] == [now[p // n]]  # the top card, in its place
        while not hand.is_over:
            if hand.discarding:
                hand.discard(hand.hole_cards(hand.discarding[0])[0], hand.discarding[0])
            else:
                hand.check_or_call()
        assert burns(hand)[0] == dealt[p]
        assert dealt[p] not in hand.board and sum(hand.stacks) == 50 * n
