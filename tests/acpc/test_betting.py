"""holdem.acpc.betting: betting strings played onto engine hands and read back from them.

Oracles: the dealer's logs (``_support.acpc_reference.LOGS``): each hand's betting string,
played here on the hand the dealer dealt, must end the hand, and be read back as the same string.
"""

from __future__ import annotations

import pytest

from holdem.acpc import (
    HOLDEM_LIMIT_2P,
    HOLDEM_NOLIMIT_2P,
    AcpcAction,
    AcpcError,
    GameDef,
    apply_betting,
    betting_of,
    deals,
    parse_state,
)

from _support import acpc_reference as REF


def test_apply_betting_errors_name_the_hand_and_action() -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    hand = game.new_hand()
    with pytest.raises(AcpcError, match=r"hand 7: round 0, action 1 \(r150\)"):
        apply_betting(hand, game, "r150", hand_id=7)  # below the minimum raise to 200
    assert hand.contributions == (100, 50) and hand.actor == 1  # nothing changed
    with pytest.raises(AcpcError, match="ends before"):
        apply_betting(game.new_hand(), game, "r300/c")
    with pytest.raises(AcpcError, match=r"after the round|engine is at"):
        apply_betting(game.new_hand(), game, "ccc")


@pytest.mark.parametrize("bad", ["cx", "c5", "r1.5", "f-"])
def test_malformed_betting_strings(bad: str) -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    with pytest.raises(AcpcError, match="bad betting"):
        apply_betting(game.new_hand(), game, bad)


@pytest.mark.parametrize(("log", "gamedef", "seed", "count"), REF.LOGS)
def test_betting_of_reads_back_the_logged_betting(
    log: str, gamedef: str, seed: int, count: int
) -> None:
    game = REF.game(gamedef)
    lines = [x for x in REF.lines(log) if x.startswith("STATE:")][:300]
    for line, (holes, board) in zip(lines, deals(game, seed), strict=False):
        state = parse_state(line)
        hand = game.new_hand(hole_cards=holes, board=board)
        apply_betting(hand, game, line.split(":")[2])  # the string as logged
        assert hand.is_over, line
        assert betting_of(hand, game) == state.betting, line
    assert len(lines) == min(300, count)


def test_limit_raises_have_no_size() -> None:
    game = GameDef.parse(HOLDEM_LIMIT_2P)
    hand = game.new_hand()
    apply_betting(hand, game, "rrc/r")
    assert hand.contributions == (40, 30) and hand.bets == (10, 0)  # the flop bet: 10
    assert betting_of(hand, game) == (
        (AcpcAction("r"), AcpcAction("r"), AcpcAction("c")),
        (AcpcAction("r"),),
    )
    assert str(AcpcAction("r", 300)) == "r300" and str(AcpcAction("f")) == "f"
