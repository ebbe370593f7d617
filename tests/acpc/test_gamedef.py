"""holdem.acpc.gamedef: the dealer's game definitions, and the games they make on the engine.

Oracles: the dealer's ``.game`` files (in its ``printGame`` layout) and its betting rules
re-stated from its reference C code in ``_support.acpc_reference`` (with treys ranking the hands).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from holdem import Card
from holdem.acpc import HOLDEM_LIMIT_2P, HOLDEM_NOLIMIT_2P, UNLIMITED, AcpcError, GameDef
from holdem.errors import ArgumentTypeError, CardError

from _support import acpc_reference as REF

DATA: Path = REF.DATA


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.game")))
def test_gamedef_files_round_trip(name: str) -> None:
    text = (DATA / name).read_text()
    game = GameDef.parse(text)
    assert game.dump() == text  # the files are in the dealer's printGame layout
    assert GameDef.parse(game.dump()) == game
    assert game.is_holdem and game.num_players == len(game.blind)


def test_gamedef_maps_positions_blinds_and_first_players() -> None:
    limit = GameDef.parse(HOLDEM_LIMIT_2P)
    hand = limit.new_hand()
    # Position 0 posts the big blind; position 1 is the button, posts the small and acts first.
    assert hand.forced_bets == (10, 5) and hand.actor == 1
    assert (hand.small_bet, hand.big_bet) == (10, 20) and hand.rules.cap == 4
    straddle = REF.game("holdem.nolimit.4p.straddle.game")
    hand = straddle.new_hand()
    assert hand.forced_bets == (50, 100, 200, 0) and hand.actor == 3  # firstPlayer = 4
    assert hand.legal_actions().min_raise_to == 400  # the dealer: twice the largest blind
    # A non-reversed heads-up game (blind = 5 10, firstPlayer = 1 2 2 2) maps by rotation.
    plain = GameDef.parse(HOLDEM_LIMIT_2P.replace("10 5", "5 10").replace("2 1 1 1", "1 2 2 2"))
    assert [plain.seat(p) for p in (0, 1)] == [1, 0]
    hand = plain.new_hand()
    assert hand.forced_bets == (10, 5) and plain.position(hand.actor or 0) == 0


def test_limit_games_play_with_the_dealers_int32_stacks() -> None:
    # The dealer's readGame: a game without a stack line gives every player INT32_MAX chips.
    game = GameDef.parse(HOLDEM_LIMIT_2P)
    assert game.stack is None and game.stacks == (2**31 - 1,) * 2 == (UNLIMITED,) * 2
    assert game.new_hand().starting_stacks == (2**31 - 1,) * 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("numPlayers = 2", "numPlayers = 1"), "number of players"),
        (("blind = 10 5", "blind = 10"), "blinds"),
        (("raiseSize = 10 10 20 20", "raiseSize = 10 10"), "raise sizes"),
        (("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1"), "first players"),
        (("numSuits = 4", "numSuits = 5"), "deck"),
        (("numRanks = 13", "numRanks = x"), "not integers"),
        (("limit\n", "fixed\n"), "unknown game definition line"),
        (("GAMEDEF\n", ""), "no GAMEDEF"),
    ],
)
def test_gamedef_errors(change: tuple[str, str], message: str) -> None:
    with pytest.raises(AcpcError, match=message):
        GameDef.parse(HOLDEM_LIMIT_2P.replace(*change, 1))


def test_gamedef_argument_and_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ArgumentTypeError, match="a game definition is text, got bytes"):
        GameDef.parse(HOLDEM_LIMIT_2P.encode())  # type: ignore[arg-type]
    with pytest.raises(AcpcError, match=r"game definition .*: cannot read the file"):
        GameDef.load(tmp_path / "missing.game")
    latin = tmp_path / "latin.game"
    latin.write_bytes(HOLDEM_LIMIT_2P.encode() + "# é\n".encode("latin-1"))
    with pytest.raises(AcpcError, match="not ASCII text"):
        GameDef.load(latin)


def test_gamedef_not_playable_by_the_engine() -> None:
    leduc = HOLDEM_LIMIT_2P.replace("numRounds = 4", "numRounds = 2").replace(
        "numBoardCards = 0 3 1 1", "numBoardCards = 0 1"
    )
    leduc = leduc.replace("raiseSize = 10 10 20 20", "raiseSize = 2 4")
    leduc = leduc.replace("firstPlayer = 2 1 1 1", "firstPlayer = 1 1").replace("3 4 4 4", "2 2")
    game = GameDef.parse(leduc)
    assert not game.is_holdem
    with pytest.raises(AcpcError, match="hold'em"):
        game.new_hand()
    odd_cap = GameDef.parse(HOLDEM_LIMIT_2P.replace("3 4 4 4", "1 4 4 4"))
    with pytest.raises(AcpcError, match="maxRaises"):
        odd_cap.rules()


def test_new_hand_errors() -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    with pytest.raises(AcpcError, match="1 hole-card entries for 2 positions"):
        game.new_hand(hole_cards=[None])
    with pytest.raises(CardError, match="dealt twice"):
        game.new_hand(hole_cards=[(Card("As"), Card("Kd")), (Card("As"), Card("Qd"))])


# -- the dealer's legal actions, by its own rules -------------------------------------------------


@pytest.mark.parametrize(
    "game",
    [REF.game(g) for _, g, _, _ in REF.LOGS] + [REF.SHORT_6P],
    ids=["limit2p", "nolimit2p", "sidepots3p", "sidepots4p", "straddle4p", "short6p"],
)
def test_legal_actions_match_the_dealer_rules(game: GameDef) -> None:
    rng = random.Random(2026)
    for _ in range(400):
        cards = rng.sample(range(52), 2 * game.num_players + 5)
        holes = [cards[2 * p : 2 * p + 2] for p in range(game.num_players)]
        board = cards[2 * game.num_players :]
        ref = REF.RefState(game, holes, board)
        hand = game.new_hand(
            hole_cards=[tuple(map(Card, h)) for h in holes], board=tuple(map(Card, board))
        )
        while not ref.finished:
            seat = hand.actor
            assert seat is not None and game.position(seat) == ref.current_player()
            assert hand.street == ref.round
            legal = hand.legal_actions()
            before = hand.contributions[seat] - hand.bets[seat]
            span = ref.raise_range()
            assert legal.fold == ref.can_fold()
            if span is None:
                assert legal.min_raise_to is None
            else:
                assert (legal.min_raise_to, legal.max_raise_to) == (
                    span[0] - before,
                    span[1] - before,
                )
            kind = rng.choice(["c", "c", "f", "r", "r"])
            if kind == "f" and ref.can_fold():
                ref.act("f")
                hand.fold()
            elif kind == "r" and span is not None:
                size = rng.choice([span[0], span[1], rng.randint(*span)])
                ref.act("r", size)
                hand.raise_to(size - before)
            else:
                ref.act("c")
                hand.check_or_call()
        assert hand.is_over
        for p in range(game.num_players):
            assert hand.payoffs[game.seat(p)] == ref.value(p)
