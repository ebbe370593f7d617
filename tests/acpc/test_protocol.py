"""holdem.acpc.protocol: STATE and MATCHSTATE lines against the real dealer's logs and transcripts.

Oracles: the five dealer logs (11,000 hands: deals, betting, payoffs, the exact STATE lines) and
the dealer's MATCHSTATE transcripts (what each player is sent), in ``tests/data/acpc``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from holdem import Card
from holdem.acpc import (
    HOLDEM_NOLIMIT_2P,
    GameDef,
    apply_betting,
    deals,
    format_value,
    parse_state,
    read_log,
    state_of,
)
from holdem.errors import AcpcError, ArgumentTypeError

from _support import acpc_reference as REF

# -- the logs: 11,000 hands -----------------------------------------------------------------------


@pytest.mark.parametrize(("log", "gamedef", "seed", "count"), REF.LOGS)
def test_log_replay_deals_payoffs_and_lines(log: str, gamedef: str, seed: int, count: int) -> None:
    game = REF.game(gamedef)
    lines = [line for line in REF.lines(log) if line.startswith("STATE:")]
    assert len(lines) == count
    dealt = deals(game, seed)
    for number, line in enumerate(lines):
        state = parse_state(line)
        assert state.hand_id == number
        holes, board = next(dealt)
        # The deal from the seed: every hole card, and the board as far as the hand went.
        assert state.hole_cards == holes, line
        shown = tuple(c for r in state.board for c in r)
        assert shown == board[: len(shown)], line
        # The engine, given these cards and this betting, ends the hand with these payoffs...
        hand = game.new_hand(hole_cards=holes, board=board)
        apply_betting(hand, game, state.betting, hand_id=number)
        assert hand.is_over, line
        assert state.values is not None and state.value_text is not None
        for position, printed in enumerate(state.values):
            exact = Fraction(hand.payoffs[game.seat(position)])
            assert abs(exact - printed) <= Fraction(1, 10**6), line
            assert format_value(exact) == state.value_text[position], line
        # ... and writes the dealer's exact log line.
        assert str(state_of(hand, game, number, names=state.names)) == line


def test_log_scores_add_up() -> None:
    for log, _, _, _ in REF.LOGS:
        lines = REF.lines(log)
        first = parse_state(next(x for x in lines if x[:2] == "ST"))
        assert first.names is not None
        totals = [Fraction(0)] * len(first.names)
        names: dict[str, Fraction] = {}
        for line in lines:
            if line.startswith("STATE:"):
                state = parse_state(line)
                assert state.values is not None and state.names is not None
                total = sum(state.values, Fraction(0))
                assert total == 0 or abs(total) < Fraction(1, 10**5)
                for name, value in zip(state.names, state.values, strict=True):
                    names[name] = names.get(name, Fraction(0)) + value
        score = next(x for x in lines if x.startswith("SCORE:"))
        values, who = score.split(":")[1:]
        for name, printed in zip(who.split("|"), values.split("|"), strict=True):
            assert abs(names[name] - Fraction(printed)) < Fraction(1, 10**3), (log, name)
        assert len(totals) == len(names)


def test_read_log(tmp_path: Path) -> None:
    log, _, _, count = REF.LOGS[2]
    lines = REF.lines(log)
    path = tmp_path / "match.log"
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    states = list(read_log(path))
    assert len(states) == count  # the comment lines and the SCORE line are skipped
    assert [str(s) for s in states] == [x for x in lines if x.startswith("STATE:")]
    with pytest.raises(AcpcError, match="cannot read log"):
        list(read_log(tmp_path / "missing.log"))
    latin = tmp_path / "latin.log"
    latin.write_bytes(b"# \xe9\n")
    with pytest.raises(AcpcError, match="not ASCII text"):
        list(read_log(latin))


# -- strings --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        "STATE:0:cx:AsKs|QsJs:0|0:a|b",
        "STATE:x:cc:AsKs|QsJs:0|0:a|b",
        "STATE:0:cc:AsKz|QsJs:0|0:a|b",
        "STATE:0:cc:AsKs|QsJs:1x|0:a|b",
        "STATE:0:cc:AsKs|QsJs:1|0|5:a|b",
        "STATE:0:cc:AsKs|QsJs:1|-1:a|b|c",
        "MATCHSTATE:2:0:cc:AsKs|",
        "MATCHSTATE:0:0:cc",
        "STATE:0:c5:AsKs|QsJs:0|0:a|b",
        "HELLO",
    ],
)
def test_parse_state_errors(bad: str) -> None:
    with pytest.raises(AcpcError):
        parse_state(bad)


def test_parse_state_takes_a_str() -> None:
    with pytest.raises(ArgumentTypeError, match="a state is a str, got bytes"):
        parse_state(b"STATE:0:cc:AsKs|QsJs:0|0:a|b")  # type: ignore[arg-type]


def test_to_hand_errors() -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    with pytest.raises(AcpcError, match="3 hole-card entries for 2 positions"):
        parse_state("STATE:0:cf:AsKs|QsJs|2c2d:0|0|0:a|b|c").to_hand(game)
    with pytest.raises(AcpcError, match=r"hand 4: round 0, action 1 \(r150\)"):
        parse_state("MATCHSTATE:0:4:r150:AsKs|").to_hand(game)


# -- the transcripts: what each player sees -------------------------------------------------------


@pytest.mark.parametrize(("name", "gamedef", "seed"), REF.TRANSCRIPTS)
def test_transcript_views(name: str, gamedef: str, seed: int) -> None:
    game = REF.game(gamedef)
    dealt = deals(game, seed)
    cards: dict[int, tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = {}
    sent = 0
    for line in REF.lines(name):
        if not line.startswith("TO "):
            continue
        text = line.split(" ", 4)[4]
        state = parse_state(text)
        assert str(state) == text
        while state.hand_id not in cards:
            cards[len(cards)] = next(dealt)
        holes, board = cards[state.hand_id]
        viewer = state.viewer
        assert viewer is not None
        # The dealer's message equals what the engine writes for this viewer.
        hand = game.new_hand(hole_cards=holes, board=board)
        apply_betting(hand, game, state.betting)
        assert str(state_of(hand, game, state.hand_id, viewer=viewer)) == text
        # A player sees its own hole cards; others' only at the end of a showdown.
        assert state.hole_cards[viewer] == holes[viewer]
        for p, shown in enumerate(state.hole_cards):
            if p != viewer and shown:
                assert hand.is_over and not hand.folded[game.seat(p)], text
                assert shown == holes[p]
        # The client's engine hand, built from the message alone, shows the same to the viewer.
        mine = state.to_hand(game)
        view = mine.view(game.seat(viewer))
        assert view.hole_cards == holes[viewer]
        assert view.board == hand.board and view.street == hand.street
        assert view.bets == hand.bets and view.folded == hand.folded
        for p, seen in enumerate(view.shown):
            assert seen is None or p == game.seat(viewer) or mine.is_over
        for ev in view.events:
            if ev.cards and ev.seat is not None and ev.seat != game.seat(viewer):
                assert mine.is_over and ev.kind.value == "show"
        sent += 1
    assert sent > 100
