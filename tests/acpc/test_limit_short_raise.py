"""Fixed limit with stacks: the ACPC dealer lets a player raise who cannot cover the bet.

The oracle is the dealer's reference code (``game.c``), re-stated in
``_support.acpc_reference.RefState``: ``raiseIsValid`` looks only at the cap and at the players
still able to act in a limit game, never at the raiser's stack; ``doAction`` then sets the bet
to ``min(maxSpent + raiseSize, stack)``, which is *lower* than before when the raiser's stack is,
and a call sets the caller's spending to the bet, so a player who had put in more takes the
excess back when he calls. The game is one of our own: limit, three players, stacks
1000/400/150. At every decision the engine (the ``acpc``
preset, through :meth:`GameDef.new_hand`) must offer exactly the actions the dealer accepts, and
after every action hold what the dealer holds; the payoffs must be the dealer's. The client must
play such hands against a loopback dealer without dying.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from holdem import Card, Hand, Rules
from holdem.acpc import GameDef
from holdem.acpc.client import Client, random_agent

from _support import acpc_reference as REF

SHORT_LIMIT_3P = GameDef.parse(
    "GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 4\nstack = 1000 400 150\nblind = 5 10 0\n"
    "raiseSize = 10 10 20 20\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\n"
    "numRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
)


def deal(rng: random.Random, n: int) -> tuple[list[list[int]], list[int]]:
    cards = rng.sample(range(52), 2 * n + 5)
    return [cards[2 * p : 2 * p + 2] for p in range(n)], cards[2 * n :]


def play_both(seed: int, game: GameDef = SHORT_LIMIT_3P) -> tuple[Hand, Any, int]:
    """One random hand played by the engine and by the dealer's rules, compared at every step;
    the number of raises made by a player who could not cover the bet."""
    rng = random.Random(seed)
    n = game.num_players
    holes, board = deal(rng, n)
    ref = REF.RefState(game, holes, board)
    hand = game.new_hand(
        hole_cards=[[Card(c) for c in h] for h in holes], board=[Card(c) for c in board]
    )
    short_raises = 0
    while not ref.finished:
        p = ref.current_player()
        assert hand.actor == game.seat(p) and hand.street == ref.round
        legal = hand.legal_actions()
        dealer = {k for k in "fcr" if ref.is_valid(k)}
        engine = {"c"} | ({"f"} if legal.fold else set()) | ({"r"} if legal.can_raise else set())
        assert engine == dealer, (ref.actions, ref.spent)
        kind = rng.choice([k for k in sorted(dealer) for _ in range({"f": 1, "c": 3, "r": 5}[k])])
        if kind == "r" and ref.spent[p] < ref.max_spent and ref.stack[p] <= ref.max_spent:
            short_raises += 1
        ref.act(kind)
        if kind == "f":
            hand.fold()
        elif kind == "c":
            hand.check_or_call()
        else:
            assert legal.min_raise_to is not None
            hand.raise_to(legal.min_raise_to)
        if not ref.finished:  # (at the end the engine has given back an uncalled bet)
            assert [hand.contributions[game.seat(q)] for q in range(n)] == ref.spent
    assert hand.is_over or hand.actor is None
    return hand, ref, short_raises


def test_every_decision_as_the_dealer() -> None:
    short = 0
    for seed in range(1200):
        _, _, count = play_both(seed)
        short += count
    assert short >= 20  # the dealer's short raise came up, and was played as the dealer plays it


def test_payoffs_as_the_dealer() -> None:
    pytest.importorskip("treys")  # the oracle ranks showdown hands with treys
    for seed in range(200):
        hand, ref, _ = play_both(seed)
        n = SHORT_LIMIT_3P.num_players
        assert [hand.payoffs[SHORT_LIMIT_3P.seat(p)] for p in range(n)] == [
            ref.value(p) for p in range(n)
        ]


def test_a_short_raise_lowers_the_bet_and_a_call_takes_the_excess_back() -> None:
    # Stacks 1000/400/150 (positions 0, 1, 2; position 2 is the button and acts first).
    rules = Rules.preset("acpc", cap=None)
    hand = Hand([1000, 400, 150], forced_bets=[5, 10, 0], structure="fixed-limit",
                small_bet=100, rules=rules, seed=1)  # fmt: skip
    hand.call()  # the button calls 10
    hand.raise_to(110)  # the small blind raises
    hand.raise_to(210)  # the big blind raises
    legal = hand.legal_actions()  # the button, 10 in and 140 behind, cannot cover 210
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (140, 150, 150)
    hand.raise_to(150)  # all-in: the bet comes down to 150
    assert hand.bets == (110, 210, 150)
    hand.check_or_call()  # the small blind: 40 more
    assert hand.legal_actions().fold  # the big blind may fold its 210, call or raise
    hand.check_or_call()  # the big blind calls: 60 back
    assert hand.contributions == (150, 150, 150) and hand.stacks == (850, 250, 0)
    assert hand.street.name == "FLOP"


def test_a_fold_over_a_lowered_bet_leaves_the_excess_to_the_pot() -> None:
    """The dealer's STATE ``rcc/ccrcrrcrcc/rcrrrcf/rrf`` of the game above (issue 28): on the
    river the short stack raises all-in for less than the bet, the player who had put in more
    folds, and the all-in player takes the whole pot, the folder's excess included: the
    dealer's reference pays -120|-160|280 (it paid -120|-150|270 when the excess went back)."""
    from holdem.acpc import apply_betting

    betting = "rcc/ccrcrrcrcc/rcrrrcf/rrf"
    rng = random.Random(0)
    holes, board = deal(rng, 3)
    ref = REF.RefState(SHORT_LIMIT_3P, holes, board)
    for action in betting.replace("/", ""):
        ref.act(action)
    hand = SHORT_LIMIT_3P.new_hand()
    apply_betting(hand, SHORT_LIMIT_3P, betting)
    paid = [hand.payoffs[SHORT_LIMIT_3P.seat(p)] for p in range(3)]
    assert paid == [ref.value(p) for p in range(3)] == [-120, -160, 280]
    assert not any(e.kind.name == "RETURN" and e.street.name == "RIVER" for e in hand.events)


def test_other_presets_refuse_it() -> None:
    hand = Hand([1000, 400, 150], forced_bets=[5, 10, 0], structure="fixed-limit",
                small_bet=100, rules=Rules.preset("casino", cap=None, complete_short_blind=False),
                seed=1)  # fmt: skip
    hand.call()
    hand.raise_to(110)
    hand.raise_to(210)
    assert hand.legal_actions().min_raise_to is None


def test_client_plays_the_short_stacked_limit_game() -> None:
    pytest.importorskip("treys")  # the loopback dealer ranks the showdown hands with treys
    hands = 150
    game = SHORT_LIMIT_3P
    dealer = REF.LoopbackDealer(game, hands, seed=7)
    thread = threading.Thread(target=dealer.run, daemon=True)
    thread.start()
    clients = [Client(game, random_agent(seat + 1)) for seat in range(game.num_players)]
    results: list[list[object]] = [[] for _ in clients]

    def play(seat: int) -> None:
        results[seat] = list(clients[seat].run("127.0.0.1", dealer.ports[seat], timeout=20))

    players = [threading.Thread(target=play, args=(s,), daemon=True) for s in range(len(clients))]
    for t in players:
        t.start()
    for t in [thread, *players]:
        t.join(120)
        assert not t.is_alive()
    assert dealer.error is None, dealer.error
    assert dealer.invalid == []
    for seat, client in enumerate(clients):
        assert [r.hand_id for r in client.results] == list(range(hands))
        assert [r.payoff for r in client.results] == [v[seat] for v in dealer.values]
