"""Property tests of the hand engine (hypothesis): invariants at every step of random hands.

* chips are conserved at every step (stacks + everything put in = the starting stacks);
* a legal action never raises, and the predicates agree with ``legal_actions()``;
* an illegal action (out of turn, below the minimum, above the maximum or the stack, a check
  facing a bet, a call with nothing to call, a fold when checking is free under ``pokerkit``,
  acting after the end, negative, fractional, boolean, float or str amounts, a muck that would
  leave a pot to no one) raises :class:`holdem.ActionError` and leaves the hand exactly as it was;
* a seat's view shows its own hole cards, the board and the cards shown at the showdown, never
  another seat's hidden cards, a burned card or an undealt one.
"""

from __future__ import annotations

import copy
import pickle
import weakref
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import ActionError, Card, EventKind, Hand, HoldemError, Street

PRESETS = ("casino", "pokerkit", "acpc")
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")
SHOWDOWNS = ("auto", "all", "manual")


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A fresh random hand: 2 to 7 players, short and deep stacks, every preset and structure."""
    n = draw(st.integers(2, 7))
    bb = draw(st.sampled_from((2, 4, 10)))
    stacks = draw(
        st.lists(
            st.one_of(st.integers(1, 3 * bb), st.integers(3 * bb, 200 * bb)), min_size=n, max_size=n
        )
    )
    blinds: tuple[int, ...] = draw(st.sampled_from(((bb // 2, bb), (bb // 2, bb), (1, bb), ())))
    straddles: tuple[int, ...] = ()
    if blinds and n >= 4 and draw(st.booleans()):
        straddles = (2 * bb,)
    ante = draw(st.sampled_from((0, 0, 1))) if blinds else 1
    structure = draw(st.sampled_from(STRUCTURES))
    size: dict[str, Any] = {"small_bet": bb} if structure == "fixed-limit" else {"min_bet": bb}
    return Hand(
        stacks,
        blinds=blinds,
        straddles=straddles,
        ante=ante,
        structure=structure,
        **size,
        rules=draw(st.sampled_from(PRESETS)),
        seed=draw(st.integers(0, 2**32)),
        showdown=draw(st.sampled_from(SHOWDOWNS)),
    )


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything an action could change."""
    try:
        legal: Any = hand.legal_actions()
    except ActionError:
        legal = None
    return (
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        hand.pots,
        hand.board,
        hand.events,
        hand.actor,
        hand.street,
        hand.is_over,
        legal,
        [hand.view(i) for i in range(hand.players)],
    )


def check_conserved(hand: Hand, total: int) -> None:
    if hand.is_over:
        assert sum(hand.payoffs) == 0
        assert sum(hand.stacks) == total
        assert all(s >= 0 for s in hand.stacks)
    else:
        assert sum(hand.stacks) + hand.pot_total == total
        assert sum(hand.contributions) == hand.pot_total
        assert sum(p.amount for p in hand.pots) == hand.pot_total


def check_views(hand: Hand) -> None:
    """No view shows a card its seat may not see."""
    shown: dict[int, tuple[Card, ...]] = {}
    for event in hand.events:
        if event.kind is EventKind.SHOW:
            assert event.seat is not None
            shown[event.seat] = event.cards
    public = set(hand.board) | {c for cards in shown.values() for c in cards}
    for seat in range(hand.players):
        view = hand.view(seat)
        mine = set(hand.hole_cards(seat))
        assert set(view.hole_cards) == mine
        seen = set(view.hole_cards) | set(view.board)
        seen |= {c for cards in view.shown if cards for c in cards}
        seen |= {c for event in view.events for c in event.cards}
        assert seen <= mine | public, (seat, seen - mine - public)
        for other, cards in enumerate(view.shown):
            assert (cards is not None) == (other in shown)
        for event in view.events:
            if event.kind is EventKind.BURN:
                assert not event.cards


def illegal_attempts(hand: Hand) -> list[tuple[str, Callable[[], object]]]:
    """Actions that must be refused now."""
    out: list[tuple[str, Callable[[], object]]] = [
        (f"raise to {bad!r}", lambda bad=bad: hand.raise_to(bad))  # type: ignore[misc]
        for bad in (-1, 2.5, 10.0, True, False, "10", None, Fraction(7, 2))
    ]
    if hand.street >= Street.SHOWDOWN:
        out += [("fold", hand.fold), ("check", hand.check), ("call", hand.call)]
        out += [("check or call", hand.check_or_call), ("all in", hand.all_in)]
        out.append(("raise", lambda: hand.raise_to(1)))
        if hand.is_over:
            out += [("show", hand.show), ("muck", hand.muck)]
        return out
    legal = hand.legal_actions()
    seat = legal.seat
    other = (seat + 1) % hand.players
    out += [
        ("fold out of turn", lambda: hand.fold(seat=other)),
        ("call out of turn", lambda: hand.check_or_call(seat=other)),
        ("raise out of turn", lambda: hand.raise_to(legal.min_raise_to or 1, seat=other)),
        ("no such seat", lambda: hand.check_or_call(seat=hand.players)),
        ("show before the showdown", hand.show),
        ("muck before the showdown", hand.muck),
    ]
    if legal.call is not None:
        out.append(("check facing a bet", hand.check))
    else:
        out.append(("call with nothing to call", hand.call))
    if not legal.fold:
        out.append(("fold when checking is free", hand.fold))
    stack = int(hand.stacks[seat]) + hand.bets[seat]
    if legal.min_raise_to is None:
        out.append(("raise when no raise is allowed", lambda: hand.raise_to(stack)))
    else:
        assert legal.max_raise_to is not None
        out.append(("below the minimum", lambda: hand.raise_to(legal.min_raise_to - 1)))  # type: ignore[operator]
        out.append(("above the maximum", lambda: hand.raise_to(legal.max_raise_to + 1)))  # type: ignore[operator]
        out.append(("above the stack", lambda: hand.raise_to(stack + 1)))
    return out


def legal_choices(hand: Hand) -> list[tuple[str, Callable[[], object]]]:
    """Every kind of legal action now."""
    if hand.street is Street.SHOWDOWN:
        return [("show", hand.show), ("muck", hand.muck)]  # muck may be refused: checked below
    legal = hand.legal_actions()
    assert hand.can_fold() == legal.fold
    assert hand.can_check() == legal.check
    assert hand.can_call() == (legal.call is not None)
    assert legal.check != (legal.call is not None)
    out: list[tuple[str, Callable[[], object]]] = [("check or call", hand.check_or_call)]
    out.append(("check", hand.check) if legal.check else ("call", hand.call))
    if legal.fold:
        out.append(("fold", hand.fold))
    if legal.min_raise_to is not None:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        assert hi is not None and lo <= hi
        assert hi <= int(hand.stacks[legal.seat]) + hand.bets[legal.seat]
        assert hand.can_raise_to(lo) and hand.can_raise_to(hi)
        assert not hand.can_raise_to(lo - 1) and not hand.can_raise_to(hi + 1)
        mid = (lo + hi) // 2
        out += [("min raise", lambda: hand.raise_to(lo)), ("max raise", lambda: hand.raise_to(hi))]
        out.append(("mid raise", lambda: hand.raise_to(mid, seat=legal.seat)))
        if hi == int(hand.stacks[legal.seat]) + hand.bets[legal.seat]:
            out.append(("all in", hand.all_in))
    else:
        assert not hand.can_raise_to(int(hand.stacks[legal.seat]) + hand.bets[legal.seat])
    return out


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(hand=hands(), data=st.data())
def test_random_hands_keep_every_invariant(hand: Hand, data: st.DataObject) -> None:
    total = sum(hand.starting_stacks)
    for _ in range(400):
        check_conserved(hand, total)
        check_views(hand)
        before = snapshot(hand)
        attempts = illegal_attempts(hand)
        name, attempt = data.draw(st.sampled_from(attempts), label="illegal")
        with pytest.raises(ActionError):
            attempt()
        assert snapshot(hand) == before, name
        if hand.is_over:
            break
        name, action = data.draw(st.sampled_from(legal_choices(hand)), label="legal")
        if name == "muck":
            try:
                action()
            except ActionError:  # the last one who could win a pot may not muck
                assert snapshot(hand) == before
                hand.show()
        else:
            action()
    assert hand.is_over
    check_conserved(hand, total)
    check_views(hand)


def test_errors_are_holdem_and_value_errors() -> None:
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=3)
    with pytest.raises(ActionError) as info:
        hand.raise_to(3)
    assert {HoldemError, ValueError} <= set(type(info.value).__mro__)
    assert "4" in str(info.value)  # it says what would be legal: raise to 4 .. 100


def test_a_hand_pickles_copies_and_takes_weak_references() -> None:
    """The same whether the engine is compiled or runs as plain Python."""
    hand = Hand([100, 100, 100], blinds=(1, 2), seed=3)
    hand.raise_to(6)
    for twin in (pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand)):
        assert snapshot(twin) == snapshot(hand)
        twin.fold()
        assert twin.actor == 1 and hand.actor == 0  # independent of the original
    assert weakref.ref(hand)() is hand
