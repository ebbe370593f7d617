"""``holdem.match``: duplicate play, seat rotation, confidence intervals, and the same answer
inline, on threads and on a process pool (the chunks are seeded from the seed and their index).

Oracles: agents that play alike break even exactly under duplicate play (every deck is dealt
once per seat permutation); and an agent that folds to every bet against one that checks or
calls loses exactly its small blind as the button and breaks even in expectation as the big
blind (a showdown between two random hands), so -0.25 big blinds a hand: -250 mbb/hand.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from holdem import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    CardError,
    Legal,
    Street,
    View,
    match,
)
from holdem.engine.agents import call_agent, random_agent


def folder(view: View, legal: Legal) -> Any:
    """Checks when it can, else folds."""
    return "check" if legal.check else "fold"


def raiser(view: View, legal: Legal) -> Any:
    """Raises the minimum with a pair or an ace when it can, else calls or checks."""
    first, second = view.hole_cards
    strong = first.rank == second.rank or 12 in (first.rank, second.rank)
    if strong and legal.min_raise_to is not None:
        return legal.min_raise_to
    return "check" if legal.check else "call"


def test_alike_agents_break_even_exactly_in_duplicate() -> None:
    result = match([call_agent, call_agent, call_agent], hands=600, seed=3)
    assert result.hands == 600 and result.decks == 100 and result.duplicate
    for r in result.agents:
        assert r.chips == 0 and r.mbb_per_hand == 0 and r.mbb_ci95 == 0


def test_a_folder_loses_a_quarter_big_blind_a_hand() -> None:
    result = match([folder, call_agent], hands=6000, seed=11, chunk_decks=500)
    lose, win = result.agents
    assert lose.chips == -win.chips
    assert abs(lose.mbb_per_hand + 250) < lose.mbb_ci95 < 60
    assert lose.bb_per_100 == pytest.approx(lose.mbb_per_hand / 10)
    assert lose.bb_per_100_ci95 == pytest.approx(lose.mbb_ci95 / 10)
    # Without duplicate play the seats rotate: the same expectation, a wider interval.
    plain = match([folder, call_agent], hands=6000, seed=11, duplicate=False)
    assert plain.hands == 6000 and plain.decks == 6000
    assert abs(plain.agents[0].mbb_per_hand + 250) < plain.agents[0].mbb_ci95
    assert plain.agents[0].mbb_ci95 > lose.mbb_ci95


def test_the_answer_does_not_depend_on_the_executor() -> None:
    agents = [raiser, call_agent, folder]
    kwargs: dict[str, Any] = {"hands": 300, "seed": 5, "chunk_decks": 7}
    inline = match(agents, **kwargs)
    assert match(agents, threads=2, **kwargs) == inline
    with cf.ThreadPoolExecutor(2) as pool:
        assert match(agents, executor=pool, **kwargs) == inline
    with cf.ProcessPoolExecutor(2) as pool:
        assert match(agents, executor=pool, **kwargs) == inline
    assert match(agents, **{**kwargs, "seed": 6}) != inline


def test_progress(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[tuple[int, int]] = []
    match([folder, call_agent], hands=40, chunk_decks=5, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(k, 4) for k in range(1, 5)]
    match([folder, call_agent], hands=40, chunk_decks=5, progress=True)
    assert "4/4 chunks" in capsys.readouterr().err


def test_progress_into_a_pipe_is_plain_lines_at_a_low_rate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # capsys's stderr is no terminal: no carriage-return frames, a line per tenth of the chunks.
    match([folder, call_agent], hands=200, chunk_decks=1, progress=True)  # 100 chunks (decks)
    err = capsys.readouterr().err
    assert "\r" not in err
    assert err.splitlines() == [f"{10 * k}/100 chunks" for k in range(1, 11)]


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError):
        match([call_agent], hands=10)
    with pytest.raises(ArgumentError):
        match([call_agent] * 7, hands=10)
    with pytest.raises(ArgumentError):
        match([call_agent, call_agent], hands=0)
    with pytest.raises(ArgumentTypeError):
        match([call_agent, "call"], hands=10)  # type: ignore[list-item]


def test_on_a_dask_client() -> None:
    """A Dask client's executor (an in-process cluster, no socket, as the equity tests use):
    the same answer as inline."""
    distributed = pytest.importorskip("distributed")
    agents = [raiser, call_agent]
    kwargs: dict[str, Any] = {"hands": 200, "seed": 8, "chunk_decks": 20}
    inline = match(agents, **kwargs)
    with distributed.Client(
        processes=False,
        n_workers=1,
        threads_per_worker=2,
        dashboard_address=None,
    ) as client:
        assert match(agents, executor=client.get_executor(), **kwargs) == inline


def test_a_view_read_at_some_decisions_only_shows_each_of_them() -> None:
    """Each view shows the decision it was given for, whether the agent read the views before
    it or not: the seat to act is its own, the legal actions and the amount to call are the ones
    it was given, the board fits the street, and it sees its own hole cards only."""
    from holdem import Street
    from holdem.engine.agents import random_agent

    boards = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
    calls = [0]
    checked = [0]
    pick = random_agent(4)

    def sometimes(view: View, legal: Legal) -> Any:
        calls[0] += 1
        if calls[0] % 3 == 0:  # two decisions in three go unread
            checked[0] += 1
            assert view.actor == view.seat == legal.seat and view.legal == legal
            assert view.to_call == (legal.call or 0)
            assert len(view.board) == boards[view.street]
            assert len(view.hole_cards) == 2
            others = [cards for s, cards in enumerate(view.shown) if s != view.seat]
            assert all(cards is None for cards in others)  # no showdown before the end
        return pick(view, legal)

    match([sometimes, sometimes, call_agent], hands=300, seed=8, chunk_decks=9)
    assert checked[0] > 100


class _Unequal:
    """A decision whose comparisons give no truth value (as a NumPy array of two actions)."""

    def __eq__(self, other: object) -> bool:
        raise TypeError("no truth value")

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.parametrize("decision", [_Unequal(), None, 2.5, "raise"])
def test_a_decision_that_is_no_action_is_refused_by_name(decision: object) -> None:
    def agent(view: View, legal: Legal) -> object:
        return decision

    with pytest.raises(ActionError, match=r"agent 0 chose .*, not legal"):
        match([agent, call_agent], hands=2, seed=1)


def test_rotating_seats_give_the_same_answer_on_every_executor() -> None:
    """Without duplicate play (the seats rotate from deal to deal), three agents, and a seed
    whose chunks end mid-rotation: inline, on threads and on a process pool alike."""
    agents = [raiser, folder, call_agent]
    kwargs: dict[str, Any] = {"hands": 400, "seed": 9, "chunk_decks": 17, "duplicate": False}
    inline = match(agents, **kwargs)
    assert inline.hands == inline.decks == 400 and not inline.duplicate
    assert sum(r.chips for r in inline.agents) == 0 and inline.agents[0].chips != 0
    assert match(agents, threads=2, **kwargs) == inline
    with cf.ProcessPoolExecutor(2) as pool:
        assert match(agents, executor=pool, **kwargs) == inline
    # Each agent meets the others from every seat: a different order is a different answer.
    assert match([folder, raiser, call_agent], **kwargs) != inline


class Recorder:
    """call_agent with a hand_ended method: keeps the finished views it is given."""

    def __init__(self) -> None:
        self.ended: list[View] = []
        self.decisions = 0

    def __call__(self, view: View, legal: Legal) -> Any:
        self.decisions += 1
        return call_agent(view, legal)

    def hand_ended(self, view: View) -> None:
        self.ended.append(view)


@pytest.mark.parametrize("duplicate", [True, False])
def test_hand_ended_sees_every_hand_it_played_once_it_is_over(duplicate: bool) -> None:
    """Each agent's hand_ended gets one finished view per hand it played, in its seat: the
    stacks of those views add up to the agent's result (stacks of 200 a hand)."""
    recorders = [Recorder(), Recorder()]
    agents: list[Callable[[View, Legal], Any]] = [*recorders, folder]
    result = match(agents, hands=60, seed=5, duplicate=duplicate, threads=2, chunk_decks=3)
    for a in (0, 1):
        ended = recorders[a].ended
        assert len(ended) == result.hands
        assert all(v.street is Street.COMPLETE and v.actor is None for v in ended)
        assert sum(v.stacks[v.seat] - 200 for v in ended) == result.agents[a].chips
        assert len({v.seat for v in ended}) == 3  # every seat, as they rotate
        assert recorders[a].decisions > 0


def test_a_hand_ended_that_is_no_method_is_refused_before_any_hand() -> None:
    agent = Recorder()
    agent.hand_ended = 3  # type: ignore[assignment,method-assign]
    with pytest.raises(ArgumentTypeError, match="hand_ended"):
        match([agent, call_agent], hands=2)
    assert agent.decisions == 0


def test_the_decks_dealt_from_deals() -> None:
    """deals= deals each deck's cards: with the board given whole, calling stations split or win
    as the cards say, whatever the seed."""
    deals = [
        ([("As", "Ah"), ("7c", "2d")], ("Kd", "Qs", "9h", "4c", "3s")),  # aces win 200
        ([("7c", "2d"), ("As", "Ah")], ("Kd", "Qs", "9h", "4c", "3s")),  # aces win 200
        ([("Ts", "Th"), ("Td", "Tc")], ("Kd", "Qs", "9h", "4c", "3s")),  # a split
    ]
    for seed in (1, 2):
        result = match(
            [call_agent, call_agent], hands=3, duplicate=False, seed=seed, deals=deals,
            stacks=200, blinds=(1, 2),
        )  # fmt: skip
        # Deck 0: agent 0 in seat 0 holds the aces; deck 1: agent 1 in seat 0 holds 7-2, agent 0
        # in seat 1 the aces. Every hand goes to the showdown for the calling stations' 2 chips.
        assert [r.chips for r in result.agents] == [4, -4]


def test_bad_deals_and_showdowns() -> None:
    good = ([("As", "Ah"), None], ())
    with pytest.raises(ArgumentError, match="2 deals"):
        match([call_agent, call_agent], hands=3, duplicate=False, deals=[good, good])
    with pytest.raises(ArgumentError, match="deck 1 of deals"):
        match([call_agent, call_agent], hands=2, duplicate=False, deals=[good, "AsAh"])  # type: ignore[list-item]
    with pytest.raises(CardError, match="deck 0 of deals"):
        match([call_agent, call_agent], hands=1, deals=[([("As", "Ah"), ("As", "Kd")], ())])
    with pytest.raises(ArgumentTypeError, match="deals"):
        match([call_agent, call_agent], hands=1, deals=iter([good]))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="showdown"):
        match([call_agent, call_agent], hands=1, showdown="manual")  # type: ignore[arg-type]


def test_showdown_all_shows_every_hand_still_in() -> None:
    """With showdown='all' the loser's cards are in every seat's final view; with 'auto' the
    calling stations' losing hands are mucked."""
    for showdown, shown in (("all", True), ("auto", False)):
        agents = [Recorder(), Recorder()]
        match(agents, hands=40, seed=2, showdown=showdown)  # type: ignore[arg-type]
        views = [v for a in agents for v in a.ended if not any(v.folded)]
        assert views
        assert all(all(v.shown) for v in views) is shown


def test_no_chip_is_lost_to_the_acpc_rules_fractional_odd_chips() -> None:
    """Three-way pots split into thirds (the ``acpc`` rules): the chips won add up to 0
    exactly, and an agent's total keeps its fraction."""
    agents = [call_agent, random_agent(1), random_agent(2)]
    result = match(agents, hands=3000, seed=1, rules="acpc", stacks=[200, 70, 30], duplicate=False)
    chips = [r.chips for r in result.agents]
    assert sum(chips) == 0
    assert any(isinstance(c, Fraction) and c.denominator > 1 for c in chips)
