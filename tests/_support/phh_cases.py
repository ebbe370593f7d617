"""Shared cases of the PHH tests: the example files, small hands, random games, pokerkit.

Oracles from outside the project:

* the Pluribus hands in ``tests/data/phh/pluribus-100.phhs`` (from pokerkit's repository), with
  their published ``finishing_stacks``, and the other example files of pokerkit's repository;
* pokerkit 0.7.7 (the reference implementation of the PHH specification): hands it plays at
  random and writes with its own ``HandHistory.from_game_state``, and its reading of PHH text.
  It is reached through ``pytest.importorskip`` at the place of use, so that without pokerkit
  only the comparisons with it are skipped.
"""

from __future__ import annotations

import functools
import json
import random
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from holdem import Hand, Rules
from holdem.phh import HandHistory, loads

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
PLURIBUS = DATA / "pluribus-100.phhs"
DWAN_IVEY = DATA / "dwan-ivey-2009.phh"
OMAHA = DATA / "antonius-blom-2009.phh"
DEAL = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d"]


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
    """The one hand of a ``.phh`` text."""
    (history,) = loads(text)
    return history


# -- pokerkit ----------------------------------------------------------------------------------


@functools.cache
def pokerkit() -> SimpleNamespace:
    """pokerkit's classes for the tests (the calling test is skipped without pokerkit).

    ``history``: pokerkit's ``HandHistory`` taught the code PT for pot-limit hold'em, which
    pokerkit builds from its own mixins but does not name.
    """
    pk = pytest.importorskip("pokerkit")
    games = pytest.importorskip("pokerkit.games")

    # Pot-limit hold'em from pokerkit's own building blocks (pokerkit has no such class).
    mixins = (games.PotLimitPokerMixin, games.TexasHoldemMixin, games.UnfixedLimitHoldem)
    pot_limit = type("PotLimitTexasHoldem", mixins, {})
    # pokerkit's HandHistory, taught the code PT for that class.
    base = pk.HandHistory
    history = type(
        "PKHistoryPT",
        (base,),
        {
            "game_types": {**base.game_types, "PT": pot_limit},
            "variants": {**base.variants, pot_limit: "PT"},
            "required_field_names": {
                **base.required_field_names,
                "PT": base.required_field_names["NT"],
            },
        },
    )

    automation = pk.Automation
    automations = (
        automation.ANTE_POSTING,
        automation.BET_COLLECTION,
        automation.BLIND_OR_STRADDLE_POSTING,
        automation.CARD_BURNING,
        automation.HOLE_DEALING,
        automation.BOARD_DEALING,
        automation.RUNOUT_COUNT_SELECTION,
        automation.HAND_KILLING,
        automation.CHIPS_PUSHING,
        automation.CHIPS_PULLING,
    )
    return SimpleNamespace(
        module=pk,
        history=history,
        pot_limit=pot_limit,
        automations=automations,
    )


def pokerkit_stacks(text: str) -> list[int]:
    """The final stacks pokerkit computes for a PHH text (its HandHistory, default options)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(pokerkit().history.loads(text))
    return list(states[-1].stacks)


# -- random games -------------------------------------------------------------------------------


def random_game(rnd: random.Random) -> dict[str, Any]:
    """Random stakes: 2 to 9 players, the three structures, straddles, antes, short stacks.

    Antes come with stacks of at least four big blinds: with smaller stacks pokerkit's order of
    play after a short ante differs from the engine's ``pokerkit`` preset (a rules question for
    the preset, not for PHH).
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
    pk = pokerkit()
    rnd = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles its deck with the random module
    g = random_game(rnd)
    args = (pk.automations, g["trimming"], g["antes"], g["blinds"])
    cash = pk.module.Mode.CASH_GAME
    if g["variant"] == "FT":
        game = pk.module.FixedLimitTexasHoldem(*args, g["bb"], 2 * g["bb"], mode=cash)
    elif g["variant"] == "NT":
        game = pk.module.NoLimitTexasHoldem(*args, g["bb"], mode=cash)
    else:
        game = pk.pot_limit(*args, g["bb"], mode=cash)
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
        history = pk.history.from_game_state(
            game, state, finishing_stacks=stacks, ante_trimming_status=g["trimming"]
        )
        text: str = history.dumps()
    return text, stacks


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
    """A hand of a random game played here at random to its end."""
    rnd = random.Random(seed)
    g = random_game(rnd)
    structure = {"NT": "no-limit", "FT": "fixed-limit", "PT": "pot-limit"}[g["variant"]]
    n = g["n"]

    def reverse(values: list[int]) -> list[int]:  # heads-up, PHH's entries are reversed
        return values[::-1] if n == 2 else values

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
