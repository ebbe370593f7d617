"""holdem.phh.replaying: strict replays of hand histories through the engine.

Oracles: the published ``finishing_stacks`` of the Pluribus hands, and pokerkit 0.7.7 (the PHH
reference implementation) on the example files, on hands it plays and writes itself, and on
small hands written here (see ``_support.phh_cases``).
"""

from __future__ import annotations

import random

import pytest

from holdem import Card, HoldemError, Rules
from holdem.engine.hand import EventKind
from holdem.errors import ArgumentError, ArgumentTypeError, PHHError
from holdem.phh import load, replay

from _support import phh_cases as CASES

phh_text, one, pokerkit_stacks = CASES.phh_text, CASES.one, CASES.pokerkit_stacks
DEAL: list[str] = CASES.DEAL
DEAL2 = DEAL[:2]


# -- example files ---------------------------------------------------------------------------------


def test_pluribus_hands_replay_to_their_published_stacks() -> None:
    histories = load(CASES.PLURIBUS)
    assert [h.key for h in histories] == [str(k) for k in range(1, 13)]
    for k, history in enumerate(histories):
        assert history.index == k and history.fields["hand"] == k
        assert history.ante_trimming_status is True
        result = replay(history)  # check=True: a mismatch raises
        assert result.complete and not result.guessed
        assert result.matches is True
        assert result.finishing_stacks == history.finishing_stacks
        assert sum(result.hand.payoffs) == 0


def test_pluribus_showdowns_use_the_files_cards() -> None:
    # Hand 9 (table [10]): p1 shows JdKc, p2 mucks; the board is 8hAhKs 4s Jh.
    history = load(CASES.PLURIBUS)[9]
    hand = replay(history).hand
    assert hand.board == tuple(Card(c) for c in ("8h", "Ah", "Ks", "4s", "Jh"))
    shows = [(e.seat, e.cards) for e in hand.events if e.kind is EventKind.SHOW]
    mucks = [e.seat for e in hand.events if e.kind is EventKind.MUCK]
    assert shows == [(0, (Card("Jd"), Card("Kc")))] and mucks == [1]


def test_dwan_ivey_against_pokerkit() -> None:
    (history,) = load(CASES.DWAN_IVEY)
    assert history.players == 3 and history.fields["players"][2] == "Tom Dwan"
    result = replay(history, seed=1)
    expected = pokerkit_stacks(CASES.DWAN_IVEY.read_text())
    assert list(result.finishing_stacks or ()) == expected
    # Dwan's 7-high straight beats Ivey's five-high straight: p3 wins, p2 (cards unknown) folded.
    assert result.hand.payoffs[2] > 0 > result.hand.payoffs[0]
    assert not result.guessed and result.matches is None
    # The shows come before the river in the file (an all-in run-out): the replay accepts it.
    assert [e.seat for e in result.hand.events if e.kind is EventKind.SHOW] == [0, 2]


def test_dwan_ivey_unknown_cards_are_drawn_from_the_rest_of_the_deck() -> None:
    (history,) = load(CASES.DWAN_IVEY)
    known = {Card(c) for c in ("Ac", "2d", "7h", "6h", "Jc", "3d", "5c", "4h", "Jh")}
    seen = set()
    for seed in range(40):
        hand = replay(history, seed=seed).hand
        cards = set(hand.hole_cards(1))
        assert len(cards) == 2 and not cards & known
        seen |= cards
        again = replay(history, seed=seed).hand
        assert again.hole_cards(1) == hand.hole_cards(1)  # reproducible from the seed
    assert len(seen) > 20


# -- pokerkit as the oracle ------------------------------------------------------------------------


def test_pokerkit_written_hands_replay_to_pokerkits_stacks() -> None:
    replayed = 0
    variants = set()
    shown = mucked = heads_up = 0
    for seed in range(400):
        made = CASES.pokerkit_hand(seed)
        if made is None:
            continue
        text, stacks = made
        history = one(text)
        result = replay(history, seed=seed)  # check=True: a mismatch with the file raises
        assert result.complete and result.matches is True, (seed, text)
        assert list(result.finishing_stacks or ()) == stacks
        replayed += 1
        variants.add(history.variant)
        kinds = [e.kind for e in result.hand.events]
        shown += EventKind.SHOW in kinds
        mucked += EventKind.MUCK in kinds
        heads_up += history.players == 2
    assert replayed >= 390 and variants == {"NT", "FT", "PT"}
    assert shown > 100 and mucked > 10 and heads_up > 25


# Hands whose odd chips go to the winner pokerkit 0.7.7 picks only because the pokerkit preset
# merges the pots before splitting them (pokerkit rebuilds the pots from the winning seats).
@pytest.mark.parametrize("seed", [683, 1079])
def test_pokerkit_odd_chip_splits(seed: int) -> None:
    made = CASES.pokerkit_hand(seed)
    assert made is not None
    text, stacks = made
    assert list(replay(one(text), check=False).finishing_stacks or ()) == stacks


# -- PHH semantics ---------------------------------------------------------------------------------


def test_heads_up_blinds_and_antes_are_reversed() -> None:
    text = phh_text(
        antes=[0, 3],
        blinds_or_straddles=[1, 2],
        starting_stacks=[50, 60],
        actions=["d dh p1 AsKs", "d dh p2 QhQd", "p2 f"],
    )
    hand = replay(one(text)).hand
    posts = [(e.kind, e.seat, e.amount) for e in hand.events if e.seat is not None][:3]
    assert posts == [
        (EventKind.ANTE, 0, 3),
        (EventKind.BLIND, 1, 1),
        (EventKind.BLIND, 0, 2),
    ]
    assert list(hand.stacks) == pokerkit_stacks(text)


def test_show_and_muck_order_does_not_matter() -> None:
    base = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 cc", "p1 cc", "p2 cc"]
    streets = ["d db 2h3h4c", "p1 cc", "p2 cc", "p3 cc", "d db 9d", "p1 cc", "p2 cc", "p3 cc"]
    streets += ["d db Tc", "p1 cc", "p2 cc", "p3 cc"]
    ends = [["p1 sm AsKs", "p2 sm QhQd", "p3 sm"], ["p3 sm", "p2 sm -", "p1 sm AsKs"]]
    results = []
    for end in ends:
        text = phh_text(actions=base + streets + end)
        results.append(replay(one(text)).finishing_stacks)
        assert list(results[-1] or ()) == pokerkit_stacks(text)
    assert results[0] == results[1] == (98, 104, 98)


def test_a_player_at_the_showdown_without_sm_shows() -> None:
    actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7c2d", "p3 cbr 100", "p1 cc", "p2 f"]
    text = phh_text(actions=[*actions, "d db 2h3h4c", "d db 9d", "d db Tc"])
    result = replay(one(text))
    assert result.finishing_stacks == (0, 98, 202)  # 7c2d pairs the deuce; AsKs does not
    # (pokerkit's own repair of such a file "shows" no cards, and splits the pot.)


def test_a_player_without_sm_shows_before_a_decision_written_for_later() -> None:
    # p1 shows first (nobody bet the river, he acts first); the file gives only p3's decision:
    # p1 shows, then p3's decision is his (it waited for its turn).
    actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7c2d", "p3 cbr 10", "p1 cc", "p2 f"]
    actions += ["d db 2h3h4c", "p1 cc", "p3 cbr 20", "p1 cc", "d db 9d", "p1 cc", "p3 cc"]
    actions += ["d db Tc", "p1 cc", "p3 cc", "p3 sm 7c2d"]
    text = phh_text(actions=actions)
    result = replay(one(text))
    assert result.finishing_stacks == (70, 98, 132)  # 7c2d pairs the deuce; AsKs does not
    assert list(result.finishing_stacks or ()) == pokerkit_stacks(text)


def test_shown_cards_fill_unknown_hole_cards() -> None:
    actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 100", "p1 cc", "p2 f"]
    actions += ["p1 sm AdAc", "p3 sm 7h7s", "d db 2h3h4c", "d db 9d", "d db Tc"]
    result = replay(one(phh_text(actions=actions)))
    assert result.hand.hole_cards(0) == (Card("Ad"), Card("Ac"))
    assert result.finishing_stacks == (202, 98, 0)
    assert not result.guessed


def test_unknown_cards_at_a_showdown_are_flagged() -> None:
    actions = ["d dh p1 ????", "d dh p2 QhQd", "d dh p3 7c2d", "p3 cbr 100", "p1 cc", "p2 f"]
    actions += ["d db 2h3h4c", "d db 9d", "d db Tc"]
    history = one(phh_text(actions=actions, finishing_stacks=[1, 98, 201]))
    result = replay(history, seed=3)
    assert result.guessed and result.matches is None  # no error: the file's cards are unknown


def test_a_voluntary_show_after_everyone_folds() -> None:
    actions = ["d dh p1 ????", "d dh p2 QhQd", "d dh p3 7c2d", "p3 f", "p1 f", "p2 sm QhQd"]
    assert replay(one(phh_text(actions=actions))).finishing_stacks == (99, 101, 100)


def test_a_partial_history_is_incomplete() -> None:
    actions = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 cbr 6", "# a comment", ""]
    result = replay(one(phh_text(actions=actions, finishing_stacks=[1, 2, 3])))
    assert not result.complete and result.finishing_stacks is None and result.matches is None
    assert result.hand.actor == 0
    assert "incomplete" in result.describe()


def test_pot_limit_variant_caps_the_raise() -> None:
    history = one(phh_text(variant="PT", actions=["d dh p1 AsKs", "d dh p2 QhQd", "p3 cbr 7"]))
    assert replay(history).hand.contributions == (1, 2, 7)  # the pot raise: call 2, then 2+5
    bad = history.replace(actions=("d dh p1 AsKs", "p3 cbr 8"))
    with pytest.raises(PHHError, match=r"action 2 'p3 cbr 8' is illegal: .*raise to 4 \.\. 7"):
        replay(bad)


def test_a_free_fold_as_pokerkits_hand_histories_take_it() -> None:
    # pokerkit's HandHistory plays in cash-game mode, where folding instead of checking is taken.
    text = phh_text(actions=[*DEAL, "p3 cc", "p1 cc", "p2 f"])
    assert list(replay(one(text)).hand.folded) == [False, True, False]
    with pytest.raises(PHHError, match="'p2 f' is illegal: seat 1 may not fold when it can check"):
        replay(one(text), rules=Rules.preset("casino", fold_when_free=False))
    assert pokerkit_stacks(text)[1] == 98


def test_rules_option() -> None:
    history = one(phh_text(actions=["p3 f", "p1 f"]))
    for rules in ("casino", "acpc", Rules.preset("casino", cap=2)):
        assert replay(history, rules=rules).finishing_stacks == (99, 101, 100)
    with pytest.raises(HoldemError, match="unknown rule preset"):
        replay(history, rules="vegas")
    with pytest.raises(ArgumentTypeError, match="rules must be a Rules or a preset name"):
        replay(history, rules=3)  # type: ignore[arg-type]


def test_unknown_board_cards_are_drawn() -> None:
    actions = [*DEAL, "p3 cbr 100", "p1 cc", "p2 f", "d db ??3h??", "d db ??", "d db Tc"]
    history = one(phh_text(actions=actions))
    result = replay(history, rng=random.Random(5))
    board = result.hand.board
    assert board[1] == Card("3h") and board[4] == Card("Tc") and result.guessed
    known = {Card(c) for c in ("As", "Ks", "Qh", "Qd", "7c", "2d", "3h", "Tc")}
    assert len(set(board)) == 5 and not {board[0], board[2], board[3]} & known
    with pytest.raises(ArgumentError, match="a seed or an rng, not both"):
        replay(history, seed=1, rng=random.Random(1))


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (-1, ArgumentError),
        (1.5, ArgumentTypeError),
        ("7", ArgumentTypeError),
        (True, ArgumentTypeError),
    ],
)
def test_bad_seeds(seed: object, error: type[Exception]) -> None:
    history = one(phh_text(actions=["p3 f", "p1 f"]))
    with pytest.raises(error, match=r"a seed is None or an int >= 0"):
        replay(history, seed=seed)  # type: ignore[arg-type]


# -- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (
            [*DEAL, "p3 cbr 3"],
            r"action 4 'p3 cbr 3' is illegal: seat 2 cannot raise to 3: .*4 \.\. 100",
        ),
        (
            [*DEAL, "p1 cc"],
            r"action 4 'p1 cc' is illegal: seat 0 acted out of turn: seat 2 is to act",
        ),
        ([*DEAL, "p3 cbr 101"], r"'p3 cbr 101' is illegal: .*raise to 4 \.\. 100"),
        (
            [*DEAL, "p3 cc", "p1 cc", "p2 cc", "p1 cc"],
            r"action 7 'p1 cc' is illegal: the flop has not",
        ),
        (
            [*DEAL, "d db 2h3h4h"],
            r"action 4 'd db 2h3h4h' is illegal: the pre-flop betting is not over",
        ),
        ([*DEAL, "p3 f", "p1 f", "p2 cc"], r"action 6 'p2 cc' is illegal: the hand is over"),
        (
            [*DEAL2, "p3 f", "d dh p3 2c2d"],
            r"action 4 'd dh p3 2c2d' is illegal: hole cards are dealt before",
        ),
        (
            [*DEAL2, "d dh p3 AsKd"],
            r"action 3 'd dh p3 AsKd': the card As was dealt already \(by 'd dh p1 AsKs'\)",
        ),
        ([*DEAL, "d dh p1 2c3c"], r"action 4 'd dh p1 2c3c': p1 was dealt hole cards already"),
        ([*DEAL, "p3 f", "p3 sm"], r"action 5 'p3 sm' is illegal: p3 has folded"),
        ([*DEAL, "p2 sm"], r"action 4 'p2 sm' is illegal: there is no showdown yet"),
        ([*DEAL, "p4 f"], r"action 4 'p4 f': there is no player p4: the hand has p1 \.\. p3"),
        ([*DEAL, "p3 pb"], r"'p3 pb': 'pb' \(draw or bring-in\) is not an action of hold'em"),
        ([*DEAL, "p3 sd AsKs"], r"'p3 sd AsKs': 'sd' \(draw or bring-in\) is not an action"),
        ([*DEAL, "p3 raise 6"], r"'p3 raise 6': a player's actions are 'f', 'cc', 'cbr AMOUNT'"),
        (
            [*DEAL, "p3 cbr 2.0000000000005"],
            r"'p3 cbr 2.0000000000005': the amount has more than 12 decimal places",
        ),
        ([*DEAL, "p3 cbr x"], r"'p3 cbr x': 'x' is not an amount"),
        ([*DEAL2, "d dh p3 7c"], r"'d dh p3 7c': a hold'em player is dealt 2 hole cards, not 1"),
        ([*DEAL2, "d dh p3 7c2X"], r"'7c2X' is not a run of cards"),
        ([*DEAL, "x y"], r"action 4 'x y': 'x' is not a player \(p1 \.\. p3\) or the dealer"),
        ([*DEAL, "d burn 2c"], r"the dealer's actions are 'd dh pN CARDS' and 'd db CARDS'"),
        ([*DEAL, "p3 cc", "p1 cc", "p2 cc", "d db 2h3h"], r"the flop is 3 card\(s\), not 2"),
    ],
)
def test_illegal_actions_name_the_hand_and_the_action(actions: list[str], message: str) -> None:
    history = one(phh_text(actions=actions)).replace(source="bad.phh")
    prefix = r"^bad\.phh: " + ("" if message.startswith("action") else r"action \d+ .*")
    with pytest.raises(PHHError, match=prefix + message) as info:
        replay(history)
    error: Exception = info.value
    assert isinstance(error, HoldemError) and isinstance(error, ValueError)


def test_sm_contradicting_the_dealt_cards() -> None:
    actions = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 cbr 100", "p1 cc", "p2 f"]
    history = one(phh_text(actions=[*actions, "p1 sm AsKd"]))
    with pytest.raises(PHHError, match=r"'p1 sm AsKd': p1 was dealt As Ks, not Kd"):
        replay(history)


def test_finishing_stacks_mismatch() -> None:
    history = one(phh_text(actions=["p3 f", "p1 f"], finishing_stacks=[99, 100, 101]))
    with pytest.raises(PHHError, match=r"ends with stacks \[99, 101, 100\], but the file's"):
        replay(history)
    assert replay(history, check=False).matches is False


def test_bad_setup_is_named() -> None:
    history = one(phh_text(starting_stacks=[100, 0, 100]))
    with pytest.raises(PHHError, match=r"cannot set up the hand: every seat needs chips"):
        replay(history)
