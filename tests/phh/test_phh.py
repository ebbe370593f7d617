"""PHH hand histories: reading, strict replay, writing, round trips and ``holdem replay``.

Oracles from outside the project:

* the Pluribus hands in ``tests/data/phh/pluribus-100.phhs`` (from pokerkit's repository), with
  their published ``finishing_stacks``;
* pokerkit 0.7.7: hands it plays at random, written by its own ``HandHistory.from_game_state``,
  must replay here to pokerkit's finishing stacks; hands played here and written by
  :func:`holdem.phh.to_phh` must be read by pokerkit's ``HandHistory``, action for action, to
  the same stacks; and pokerkit's reading of the example files.
"""

from __future__ import annotations

import datetime
import doctest
import json
import random
import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem.phh
from holdem import Card, Hand, HoldemError, Rules
from holdem.cli import main
from holdem.engine.hand import EventKind
from holdem.phh import HandHistory, PHHError, dumps_all, from_hand, load, loads, replay, to_phh

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import (  # noqa: E402
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
)
from pokerkit import HandHistory as PKHistory  # noqa: E402
from pokerkit.games import (  # noqa: E402
    PotLimitPokerMixin,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
DEAL = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d"]
PLURIBUS = DATA / "pluribus-100.phhs"
DWAN_IVEY = DATA / "dwan-ivey-2009.phh"
OMAHA = DATA / "antonius-blom-2009.phh"


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):  # type: ignore[misc]
    """Pot-limit hold'em from pokerkit's own building blocks (pokerkit has no such class)."""


class PKHistoryPT(PKHistory):  # type: ignore[misc]
    """pokerkit's HandHistory, taught the code PT for the class above."""

    game_types: ClassVar[dict[str, Any]] = {**PKHistory.game_types, "PT": PotLimitTexasHoldem}
    variants: ClassVar[dict[Any, str]] = {**PKHistory.variants, PotLimitTexasHoldem: "PT"}
    required_field_names: ClassVar[dict[str, Any]] = {
        **PKHistory.required_field_names,
        "PT": PKHistory.required_field_names["NT"],
    }


def phh_text(**fields: Any) -> str:
    """A small NT hand (three players, blinds 1/2, 100 each) with some fields replaced.

    Written with ``json.dumps`` per value (valid TOML for these strings, numbers and arrays),
    not with the writer under test.
    """
    base: dict[str, Any] = {
        "variant": "NT",
        "antes": [0, 0, 0],
        "blinds_or_straddles": [1, 2, 0],
        "min_bet": 2,
        "starting_stacks": [100, 100, 100],
        "actions": DEAL,
    }
    base.update(fields)
    return "".join(f"{key} = {json.dumps(value)}\n" for key, value in base.items())


def one(text: str) -> HandHistory:
    (history,) = loads(text)
    return history


def pokerkit_stacks(text: str) -> list[int]:
    """The final stacks pokerkit computes for a PHH text (its HandHistory, default options)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(PKHistoryPT.loads(text))
    return list(states[-1].stacks)


# -- the module's own examples ---------------------------------------------------------------------


def test_doctests() -> None:
    result = doctest.testmod(holdem.phh, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0


# -- example files ---------------------------------------------------------------------------------


def test_pluribus_hands_replay_to_their_published_stacks() -> None:
    histories = load(PLURIBUS)
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
    history = load(PLURIBUS)[9]
    hand = replay(history).hand
    assert hand.board == tuple(Card(c) for c in ("8h", "Ah", "Ks", "4s", "Jh"))
    shows = [(e.seat, e.cards) for e in hand.events if e.kind is EventKind.SHOW]
    mucks = [e.seat for e in hand.events if e.kind is EventKind.MUCK]
    assert shows == [(0, (Card("Jd"), Card("Kc")))] and mucks == [1]


def test_dwan_ivey_against_pokerkit() -> None:
    (history,) = load(DWAN_IVEY)
    assert history.players == 3 and history.fields["players"][2] == "Tom Dwan"
    result = replay(history, seed=1)
    expected = pokerkit_stacks(DWAN_IVEY.read_text())
    assert list(result.finishing_stacks or ()) == expected
    # Dwan's 7-high straight beats Ivey's five-high straight: p3 wins, p2 (cards unknown) folded.
    assert result.hand.payoffs[2] > 0 > result.hand.payoffs[0]
    assert not result.guessed and result.matches is None
    # The shows come before the river in the file (an all-in run-out): the replay accepts it.
    assert [e.seat for e in result.hand.events if e.kind is EventKind.SHOW] == [0, 2]


def test_dwan_ivey_unknown_cards_are_drawn_from_the_rest_of_the_deck() -> None:
    (history,) = load(DWAN_IVEY)
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


def test_an_omaha_file_is_refused_by_its_variant() -> None:
    with pytest.raises(PHHError, match=r"antonius-blom-2009\.phh: unknown variant 'PO'"):
        load(OMAHA)


# -- pokerkit as the oracle ------------------------------------------------------------------------

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def random_game(rnd: random.Random) -> dict[str, Any]:
    """Random stakes: 2 to 9 players, the three structures, straddles, antes, short stacks.

    Antes come with stacks of at least four big blinds: with smaller stacks pokerkit's order of
    play after a short ante differs from the engine's ``pokerkit`` preset (a rules question for
    the preset, not for PHH; see the report of the PHH branch).
    """
    n = rnd.randint(2, 9)
    bb = rnd.choice([2, 4, 10])
    blinds = [bb // 2, bb] + [0] * (n - 2)
    if n > 3 and rnd.random() < 0.2:
        blinds[2] = 2 * bb
    antes = [0] * n
    kind = rnd.random()
    if kind < 0.2:
        antes = [rnd.choice([1, bb // 2])] * n
    elif kind < 0.3:
        antes[1 if n > 2 else 0] = bb  # a big-blind ante (heads-up, PHH's entries are reversed)
    low = 4 * bb if any(antes) else 1
    stacks = [
        rnd.choice([rnd.randint(low, 5 * bb), rnd.randint(20 * bb, 200 * bb)]) for _ in range(n)
    ]
    return {
        "variant": rnd.choice(["NT", "FT", "PT"]),
        "n": n,
        "bb": bb,
        "blinds": blinds,
        "antes": antes,
        "trimming": rnd.random() < 0.5,
        "stacks": stacks,
    }


def pokerkit_hand(seed: int) -> tuple[str, list[int]] | None:
    """A hand pokerkit plays at random, as pokerkit writes it, and pokerkit's final stacks.

    None when pokerkit itself fails the hand (an internal assertion, or chips it "burns" when
    every hand at a showdown is mucked).
    """
    rnd = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles its deck with the random module
    g = random_game(rnd)
    args = (_AUTOMATIONS, g["trimming"], g["antes"], g["blinds"])
    if g["variant"] == "FT":
        game = FixedLimitTexasHoldem(*args, g["bb"], 2 * g["bb"], mode=Mode.CASH_GAME)
    elif g["variant"] == "NT":
        game = NoLimitTexasHoldem(*args, g["bb"], mode=Mode.CASH_GAME)
    else:
        game = PotLimitTexasHoldem(*args, g["bb"], mode=Mode.CASH_GAME)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = game(g["stacks"], g["n"])
        try:
            while state.status:
                if state.actor_index is not None:
                    r = rnd.random()
                    if state.can_complete_bet_or_raise_to() and r < 0.35:
                        lo = state.min_completion_betting_or_raising_to_amount
                        hi = state.max_completion_betting_or_raising_to_amount
                        state.complete_bet_or_raise_to(rnd.choice([lo, hi, rnd.randint(lo, hi)]))
                    elif state.checking_or_calling_amount and r < 0.55:
                        state.fold()
                    else:
                        state.check_or_call()
                else:  # a showdown: a hand may be mucked at the river
                    show = len(state.board_cards) < 5 or rnd.random() < 0.8
                    state.show_or_muck_hole_cards(show)
        except AssertionError:
            return None
        stacks = list(state.stacks)
        if sum(stacks) != sum(g["stacks"]):
            return None
        history = PKHistoryPT.from_game_state(
            game, state, finishing_stacks=stacks, ante_trimming_status=g["trimming"]
        )
    return history.dumps(), stacks


def test_pokerkit_written_hands_replay_to_pokerkits_stacks() -> None:
    replayed = 0
    variants = set()
    shown = mucked = heads_up = 0
    for seed in range(400):
        made = pokerkit_hand(seed)
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


# Hands whose odd chips once went to another winner than pokerkit 0.7.7's (fixed by the
# preset's merge_pots: pokerkit rebuilds the pots from the winning seats before splitting).
@pytest.mark.parametrize("seed", [683, 1079])
def test_pokerkit_odd_chip_splits(seed: int) -> None:
    made = pokerkit_hand(seed)
    assert made is not None
    text, stacks = made
    assert list(replay(one(text), check=False).finishing_stacks or ()) == stacks


def play_random(hand: Hand, rnd: random.Random, *, free_folds: bool = True) -> None:
    """Random legal actions until the hand is over."""
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rnd.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and r < 0.3:
            lo, hi = legal.min_raise_to, legal.max_raise_to
            hand.raise_to(rnd.choice([lo, hi, rnd.randint(lo, hi)]))
        elif legal.fold and (legal.call or free_folds) and r < 0.5:
            hand.fold()
        else:
            hand.check_or_call()


def random_hand(seed: int, rules: str | Rules = "pokerkit") -> Hand:
    rnd = random.Random(seed)
    g = random_game(rnd)
    structure = {"NT": "no-limit", "FT": "fixed-limit", "PT": "pot-limit"}[g["variant"]]
    n = g["n"]
    reverse = (lambda v: v[::-1]) if n == 2 else (lambda v: v)
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    rules = rules.replace(ante_trimming=g["trimming"])
    if rules.name == "pokerkit":
        rules = rules.replace(dead_antes=not g["trimming"])
    hand = Hand(
        g["stacks"],
        forced_bets=reverse(g["blinds"]),
        antes=reverse(g["antes"]),
        structure=structure,
        rules=rules,
        seed=seed,
    )
    play_random(hand, rnd, free_folds=rules.fold_when_free)
    return hand


# Hands (seeds of random_hand) where the engine's pokerkit preset gives a split pot's odd chip
# to another winner than pokerkit 0.7.7 does. Seed 38 was one until the preset gained
# merge_pots; none is known now.
ODD_CHIP_DIFFERENCES: set[int] = set()


def test_hands_written_here_are_read_by_pokerkit() -> None:
    differ = set()
    for seed in range(300):
        hand = random_hand(seed)
        text = to_phh(hand)
        bets = sum(
            e.kind
            in (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)
            for e in hand.events
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = PKHistoryPT.loads(text)
            steps = list(history.state_actions)
        state = steps[-1][0]
        applied = sum(a is not None and a.split()[1] in ("f", "cc", "cbr") for _, a in steps)
        assert not state.status, (seed, text)
        assert applied == bets, (seed, text)  # pokerkit took every action as written, no repair
        if list(state.stacks) != list(hand.stacks):
            differ.add(seed)
    assert differ == ODD_CHIP_DIFFERENCES


# -- round trips -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["pokerkit", "casino", "acpc"])
def test_round_trip_write_read_replay(rules: str) -> None:
    for seed in range(150):
        hand = random_hand(seed, rules)
        history = from_hand(hand)
        text = history.dumps()
        again = one(text)
        assert again == history
        assert again.dumps() == text
        result = replay(again, rules=hand.rules, seed=seed)
        assert result.complete and not result.guessed
        if history.finishing_stacks is not None:
            assert result.matches is True
        assert result.hand.stacks == hand.stacks
        assert result.hand.payoffs == hand.payoffs

        def visible(h: Hand) -> list[Any]:
            return [e for e in h.events if e.kind is not EventKind.BURN]

        assert visible(result.hand) == visible(hand)
        assert from_hand(result.hand).actions == history.actions


def test_phhs_round_trip_keeps_every_hand_and_field() -> None:
    histories = load(PLURIBUS)
    text = dumps_all(histories)
    again = loads(text, source="again.phhs")
    assert again == histories
    assert [h.key for h in again] == [h.key for h in histories]
    hands = [random_hand(seed) for seed in range(5)]
    mixed = loads(dumps_all(hands))
    assert [h.actions for h in mixed] == [from_hand(h).actions for h in hands]


def test_other_fields_round_trip() -> None:
    fields = {
        "players": ['Ann "the rock"', "Bob\nBobson", "Çé 名\x7f"],
        "time": datetime.time(0, 0, 9),
        "day": 1,
        "winnings": [Decimal("2.50"), 0, Decimal("0.25")],
        "user": {"note": "x y", "odd key": [True, False]},
        "odd key": True,
    }
    history = one(phh_text()).replace(fields=fields)
    again = one(history.dumps())
    assert again == history
    assert again.fields["time"] == datetime.time(0, 0, 9)
    assert again.fields["winnings"] == [Decimal("2.50"), 0, Decimal("0.25")]
    assert list(again.fields) == list(fields)


@settings(max_examples=100, deadline=None)
@given(st.text())
def test_any_text_field_round_trips(value: str) -> None:
    history = one(phh_text()).replace(fields={"event": value, f"_{value}": [value, 1]})
    again = one(history.dumps())
    assert again.fields["event"] == value
    assert again.fields[f"_{value}"] == [value, 1]


def test_other_fields_cannot_shadow_the_game() -> None:
    with pytest.raises(PHHError, match=r"'min_bet' belong\(s\) to the hand's own attributes"):
        one(phh_text()).replace(fields={"min_bet": 3})


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


def test_fixed_limit_fields() -> None:
    text = phh_text(variant="FT", actions=["p3 cbr 4", "p1 cbr 6"])
    with pytest.raises(PHHError, match="missing required field"):
        loads(text)  # min_bet is not how FT is described
    history = one(text.replace("min_bet = 2", "small_bet = 2\nbig_bet = 4"))
    assert (history.small_bet, history.big_bet, history.min_bet) == (2, 4, None)
    assert replay(history).hand.bets == (6, 2, 4)


def test_a_free_fold_as_pokerkits_hand_histories_take_it() -> None:
    # pokerkit's HandHistory plays in cash-game mode, where folding instead of checking is taken.
    text = phh_text(actions=[*DEAL, "p3 cc", "p1 cc", "p2 f"])
    assert list(replay(one(text)).hand.folded) == [False, True, False]
    assert pokerkit_stacks(text)[1] == 98
    with pytest.raises(PHHError, match="'p2 f' is illegal: seat 1 may not fold when it can check"):
        replay(one(text), rules=Rules.preset("casino", fold_when_free=False))


def test_rules_option() -> None:
    history = one(phh_text(actions=["p3 f", "p1 f"]))
    for rules in ("casino", "acpc", Rules.preset("casino", cap=2)):
        assert replay(history, rules=rules).finishing_stacks == (99, 101, 100)
    with pytest.raises(HoldemError, match="unknown rule preset"):
        replay(history, rules="vegas")


# -- errors ----------------------------------------------------------------------------------------


DEAL2 = DEAL[:2]


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
        ([*DEAL, "p3 cbr 2.5"], r"'p3 cbr 2.5': the amount must be whole chips"),
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
    assert isinstance(info.value, HoldemError) and isinstance(info.value, ValueError)


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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'NT'\nantes = [0, 0", r"^x\.phh: not valid TOML"),
        (phh_text(variant="NS"), r"^x\.phh: unknown variant 'NS': holdem replays 'NT', 'FT', 'PT'"),
        (phh_text(variant=3), r"the field 'variant' must be a string"),
        (phh_text(starting_stacks=[100, 100]), r"antes has 3 entries for 2 players"),
        (phh_text(starting_stacks=[100, 99.5, 100]), r"starting_stacks\[1\] must be whole chips"),
        (phh_text(starting_stacks=[100, True, 100]), r"starting_stacks\[1\] must be a number"),
        (phh_text(antes=[0, -1, 0]), r"antes\[1\] must not be negative"),
        (phh_text(min_bet="2"), r"min_bet must be a number of chips"),
        (phh_text(actions="p1 f"), r"'actions' must be an array of strings"),
        (phh_text(bring_in=1), r"the field 'bring_in' is not part of a NT hand"),
        (phh_text(ante_trimming_status=1), r"ante_trimming_status must be true or false"),
        (phh_text().replace("min_bet = 2", "min_bet = inf"), r"min_bet must be whole chips"),
        (phh_text(finishing_stacks=[1, 2]), r"finishing_stacks has 2 entries for 3 players"),
        ("a = 1\n[b]\nc = 2", r"a \.phhs file holds only tables"),
        (phh_text(starting_stacks=100), r"starting_stacks must be an array"),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(PHHError, match=message):
        loads(text, source="x.phh")


def test_bad_setup_is_named() -> None:
    history = one(phh_text(starting_stacks=[100, 0, 100]))
    with pytest.raises(PHHError, match=r"cannot set up the hand: every seat needs chips"):
        replay(history)


def test_integral_floats_are_chips() -> None:
    history = one(phh_text(starting_stacks=[100.0, 100, 1e2]))
    assert history.starting_stacks == (100, 100, 100)
    assert all(type(s) is int for s in history.starting_stacks)


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match="cannot read the file"):
        load(tmp_path / "missing.phh")
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PHHError, match="not UTF-8"):
        load(binary)
    empty = tmp_path / "empty.phhs"
    empty.write_text("# nothing\n")
    assert load(empty) == []


def test_unwritable_value() -> None:
    with pytest.raises(PHHError, match="cannot write"):
        HandHistory("NT", (5, 5), (), fields={"x": object()}).dumps()


# -- the command line ------------------------------------------------------------------------------


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DWAN_IVEY), str(PLURIBUS)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 13
    assert lines[0].startswith(f"{DWAN_IVEY}: NT, 3 players: p1 -553500 (572100)")
    assert lines[1].startswith(f"{PLURIBUS} [1] (hand 1 of the file): NT, 6 players: p1 +310")
    assert all(line.endswith("matches the file's finishing_stacks") for line in lines[1:])


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", "--rules", "pokerkit", str(PLURIBUS)]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    histories = load(PLURIBUS)
    assert len(objects) == 12
    for obj, history in zip(objects, histories, strict=True):
        assert obj["file"] == str(PLURIBUS) and obj["key"] == history.key
        assert obj["index"] == history.index and obj["hand"] == history.fields["hand"]
        assert obj["finishing_stacks"] == list(history.finishing_stacks or ())
        assert all(type(s) is int for s in obj["finishing_stacks"])
        assert obj["matches"] is True and obj["complete"] is True and obj["rules"] == "pokerkit"
        assert sum(obj["payoffs"]) == 0


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.phhs"
    good = one(phh_text(actions=["p3 f", "p1 f"])).dumps()
    bad.write_text(f"[one]\n{good}\n[two]\n{phh_text(actions=['p1 f'])}")
    assert main(["replay", "--json", str(bad), str(OMAHA)]) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 1 and json.loads(out)["key"] == "one"
    assert f"holdem: error: {bad} [two] (hand 2 of the file): action 1 'p1 f' is illegal" in err
    assert "seat 0 acted out of turn: seat 2 is to act" in err
    assert "unknown variant 'PO'" in err


def test_cli_acpc_rules_and_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "split.phh"
    actions = ["d dh p1 7c2d", "d dh p2 AdKd", "d dh p3 AsKs", "p3 cc", "p1 f", "p2 cc"]
    actions += ["d db 2h3h4c", "p2 cc", "p3 cc", "d db 9d", "p2 cc", "p3 cc"]
    text = phh_text(actions=[*actions, "d db Tc", "p2 cc", "p3 cc"])
    path.write_text(text)
    runs = {}
    for rules in ("acpc", "pokerkit"):
        done = subprocess.run(
            [sys.executable, "-m", "holdem", "replay", "--json", "--rules", rules, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        runs[rules] = json.loads(done.stdout)
        assert runs[rules]["rules"] == rules
    # A pot of 1 + 2 + 2 = 5 split by two ace-king hands: 5/2 each with the ACPC dealer's
    # fractions; pokerkit gives the odd chip to the first winner after the button.
    assert runs["acpc"]["finishing_stacks"] == [99, "201/2", "201/2"]
    assert runs["pokerkit"]["finishing_stacks"] == [99, 101, 100] == pokerkit_stacks(text)
    done = subprocess.run(
        [sys.executable, "-m", "holdem", "replay", str(tmp_path / "none.phh")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "cannot read the file" in done.stderr


def test_unknown_board_cards_are_drawn() -> None:
    actions = [*DEAL, "p3 cbr 100", "p1 cc", "p2 f", "d db ??3h??", "d db ??", "d db Tc"]
    history = one(phh_text(actions=actions))
    result = replay(history, rng=random.Random(5))
    board = result.hand.board
    assert board[1] == Card("3h") and board[4] == Card("Tc") and result.guessed
    known = {Card(c) for c in ("As", "Ks", "Qh", "Qd", "7c", "2d", "3h", "Tc")}
    assert len(set(board)) == 5 and not {board[0], board[2], board[3]} & known
    with pytest.raises(PHHError, match="a seed or an rng, not both"):
        replay(history, seed=1, rng=random.Random(1))
