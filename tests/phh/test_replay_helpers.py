"""The replay's own readings give what the standard ones give.

Oracles: the engine's log of a finished hand (its ``WIN`` events) for each hand of the shipped
real data (tests/data: the PHH data set's hands and real PokerStars hands, see their READMEs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from holdem import phh, pokerstars
from holdem.engine.events import EventKind
from holdem.errors import HoldemError

DATA = Path(__file__).resolve().parent.parent / "data"


def _won_by_events(hand: Any) -> list[Any]:
    won: list[Any] = [0] * hand.players
    for event in hand.events:
        if event.kind is EventKind.WIN:
            won[event.seat] += event.amount
    return won


def _replays() -> list[phh.Replay]:
    done = []
    for path in sorted((DATA / "phh").rglob("*.phh*")):
        for history in phh.load(path):
            try:
                done.append(phh.replay(history, seed=0, check=False))
            except HoldemError:
                continue
    for path in sorted((DATA / "pokerstars").rglob("*.txt")):
        done.extend(pokerstars.check(h).replay for h in pokerstars.load(path).hands)
    return done


def test_what_a_seat_won_is_its_stacks_and_contributions() -> None:
    """``check_winnings`` reads what each seat won from the pots off its stacks: its stack at
    the end less at the start, plus its contributions, is the sum of its WIN events."""
    replays = [r for r in _replays() if r.complete]
    assert len(replays) >= 100
    for done in replays:
        hand = done.hand
        formula = [
            end - start + put_in
            for end, start, put_in in zip(
                hand.stacks, hand.starting_stacks, hand.contributions, strict=True
            )
        ]
        assert formula == _won_by_events(hand), done.history.label
