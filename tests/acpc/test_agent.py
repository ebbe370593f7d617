"""holdem.acpc.agent: an ACPC client program playing a seat of holdem's match runner and LBR.

Oracles: the ACPC dealer's files. A client of its own (``_support/acpc_log_player.py``, a
separate program that reads nothing of holdem but the game definition) answers from a dealer's
transcript or log: the lines the match sends it must be, line for line, the dealer's
(transcripts), and the match's results the log's (3,000 hands each of limit and no-limit heads-up,
2,000 each three- and four-way with side pots).
Then bad clients: garbage, a closed connection, silence, a line without end: an AcpcError in
bounded time, the hand asked about unchanged.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import pickle
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from holdem import Hand
from holdem.acpc import GameDef, deals, parse_state
from holdem.acpc.agent import ClientAgent
from holdem.agent_eval import local_best_response
from holdem.engine.agents import call_agent, random_agent
from holdem.engine.events import is_pending, pending_view, settle_view
from holdem.engine.matches import Deal, apply_decision, match
from holdem.errors import AcpcError, ActionError, ArgumentError, ArgumentTypeError

from _support import acpc_reference as REF

PLAYER = Path(__file__).resolve().parents[1] / "_support" / "acpc_log_player.py"
NL2P = "holdem.nolimit.2p.reverse_blinds.game"


def _options(game: GameDef) -> dict[str, Any]:
    """The match options that deal the hands of ``game`` (a game of the dealer's logs)."""
    n = game.num_players
    forced = [b for b in (game.blind[game.position(s)] for s in range(n)) if b]
    options: dict[str, Any] = {
        "stacks": [game.stacks[game.position(s)] for s in range(n)],
        "blinds": tuple(sorted(forced) if n == 2 else forced),  # (small, big)
        "rules": game.rules(),
        "showdown": "all",
        "duplicate": False,
    }
    if game.limit:
        options["structure"] = "fixed-limit"
    return options


def _dealer_deals(game: GameDef, seed: int, hands: int) -> list[Deal]:
    return list(itertools.islice(deals(game, seed), hands))


def _player(game_file: Path, record: Path, **source: str) -> list[str]:
    """The command of the log player answering from ``source`` (log=, or transcript= and seat=)."""
    command = [sys.executable, "-P", str(PLAYER), "--game", str(game_file), "--port", "{port}"]
    command += ["--record", str(record)]
    for key, value in source.items():
        command += [f"--{key}", value]
    return command


# -- the dealer's files ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "gamedef", "seed"), REF.TRANSCRIPTS)
def test_the_lines_sent_are_the_dealers(name: str, gamedef: str, seed: int, tmp_path: Path) -> None:
    """Each client is sent exactly the dealer's lines of the transcript, and the match ends as
    the dealer's SCORE line says."""
    game = REF.game(gamedef)
    transcript = REF.DATA / f"{name}.gz"
    records = [tmp_path / f"seat{s}.txt" for s in (1, 2)]
    agents = [
        ClientAgent(
            game,
            _player(REF.DATA / gamedef, records[s], transcript=str(transcript), seat=str(s + 1)),
            timeout=30,
        )
        for s in range(2)
    ]
    with agents[0], agents[1]:
        result = match(agents, hands=20, deals=_dealer_deals(game, seed, 20), **_options(game))
    lines = REF.lines(name)
    for s in range(2):
        sent = [line.split(" ", 4)[4] for line in lines if line.startswith(f"TO {s + 1} ")]
        assert len(sent) > 40
        assert records[s].read_text(encoding="ascii").splitlines() == sent
    score = next(line for line in lines if line.startswith("SCORE:"))
    values = [int(v) for v in score.split(":")[1].split("|")]
    assert [a.chips for a in result.agents] == values


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "gamedef", "seed", "hands"), [log for log in REF.LOGS if "straddle" not in log[0]]
)  # (a match has no straddles)
def test_a_logged_match_is_played_again(
    name: str, gamedef: str, seed: int, hands: int, tmp_path: Path
) -> None:
    """Clients answering with the log's actions: the match plays the log's hands (3,000 heads-up,
    2,000 three- and four-way with side pots) and each client wins what the log says it won,
    odd chips split in fractions."""
    game = REF.game(gamedef)
    log = REF.DATA / f"{name}.gz"
    n = game.num_players
    agents = [
        ClientAgent(game, _player(REF.DATA / gamedef, tmp_path / f"{s}.txt", log=str(log)))
        for s in range(n)
    ]
    with contextlib.ExitStack() as stack:
        for agent in agents:
            stack.enter_context(agent)
        result = match(
            agents, hands=hands, deals=_dealer_deals(game, seed, hands), **_options(game)
        )
    won: dict[str, Fraction] = {}
    first: list[str] = []
    for line in REF.lines(name):
        if line.startswith("STATE:"):
            state = parse_state(line)
            assert state.values is not None and state.names is not None
            first = first or list(state.names)  # hand 0: player a in position a
            for who, value in zip(state.names, state.values, strict=True):
                won[who] = won.get(who, Fraction(0)) + value
    # The log's values are rounded to 6 decimals (a third of a chip is 0.333333): each hand's
    # by at most half a millionth. A chip of difference is thousands of times more.
    for outcome, who in zip(result.agents, first, strict=True):
        assert abs(outcome.chips - won[who]) <= Fraction(hands, 2 * 10**6), who
    assert all(won.values())
    assert (tmp_path / "0.txt").read_text(encoding="ascii").count("\n") > 2 * hands


# -- holdem's own client, and the local best response -----------------------------------------


def _holdem_client(game_file: Path, agent: str) -> list[str]:
    return [
        sys.executable, "-P", "-m", "holdem", "acpc-client", "--gamedef", str(game_file),
        "--port", "{port}", "--agent", agent, "--timeout", "30",
    ]  # fmt: skip


def test_holdems_client_plays_as_its_agent_does() -> None:
    """``holdem acpc-client --agent call`` in a seat: the same match as call_agent in it."""
    gamedef = NL2P
    game = REF.game(gamedef)
    options = _options(game)
    expected = match([call_agent, random_agent(5)], hands=60, seed=3, **options)
    with ClientAgent(game, _holdem_client(REF.DATA / gamedef, "call"), timeout=30) as client:
        played = match([client, random_agent(5)], hands=60, seed=3, **options)
    assert played == expected
    assert played.agents[0].chips != 0


def test_local_best_response_queries_a_client() -> None:
    """LBR asks the client about every pair it could hold (query): it wins from ``holdem
    acpc-client --agent call`` what it wins from call_agent."""
    gamedef = NL2P
    game = REF.game(gamedef)
    expected = local_best_response(call_agent, hands=2, seed=7, bet_fractions=("all-in",))
    with ClientAgent(game, _holdem_client(REF.DATA / gamedef, "call"), timeout=30) as client:
        found = local_best_response(client.query, hands=2, seed=7, bet_fractions=("all-in",))
    assert found == expected
    assert found.chips != 0


# -- bad clients ----------------------------------------------------------------------------------

_CONNECT = (
    "import socket, sys, time\n"
    "s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))\n"
    "s.sendall(b'VERSION:2.0.0\\r\\n')\n"
    "f = s.makefile('rb')\n"
)
BAD = {
    "garbage": _CONNECT + "f.readline(); s.sendall(b'\\xff\\xfe garbage\\r\\n'); time.sleep(30)",
    "another state": _CONNECT
    + "f.readline(); s.sendall(b'MATCHSTATE:1:9::|AsAd:c\\r\\n'); time.sleep(30)",
    "a bad action": _CONNECT
    + "line = f.readline().rstrip(); s.sendall(line + b':r12x\\r\\n'); time.sleep(30)",
    "closes": _CONNECT + "f.readline(); s.close()",
    "hangs": _CONNECT + "time.sleep(30)",
    "no end of line": _CONNECT + "f.readline(); s.sendall(b'#' * 40000); time.sleep(30)",
    "comments forever": _CONNECT
    + "f.readline()\nwhile True: s.sendall(b'# still thinking\\r\\n'); time.sleep(0.05)",
    "never connects": "import time; time.sleep(30)",
    "ends at once": "import sys; sys.exit(2)",
    "no version": "import socket, sys, time\n"
    "s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))\n"
    "s.sendall(b'HELLO\\r\\n'); time.sleep(30)",
}


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_client_is_an_error_in_bounded_time(kind: str) -> None:
    game = REF.game(NL2P)
    hand = Hand([20_000, 20_000], blinds=(50, 100), rules=game.rules(), showdown="all", seed=2)
    before = (hand.events, hand.stacks, hand.actor, hand.legal_actions())
    agent = ClientAgent(game, [sys.executable, "-c", BAD[kind], "{port}"], timeout=1.5)
    seat = hand.actor
    assert seat is not None
    players = [call_agent, call_agent]
    players[seat] = agent  # the client is the first to act
    views: list[object] = [None, None]
    with agent:
        with pytest.raises(AcpcError) as caught:
            hand.play_agents(players, views, pending_view, is_pending, settle_view, apply_decision)
        assert (hand.events, hand.stacks, hand.actor, hand.legal_actions()) == before
        with pytest.raises(AcpcError, match="plays no more"):  # and it plays on no more
            agent(hand.view(seat), hand.legal_actions())
    assert str(caught.value)


def test_the_hands_must_be_the_games() -> None:
    """A hand of other stakes or rules than the game's is refused before the client is asked."""
    game = REF.game(NL2P)
    with ClientAgent(game, _holdem_client(REF.DATA / NL2P, "call")) as agent:
        hand = Hand([200, 200], blinds=(1, 2), seed=1)
        with pytest.raises(AcpcError, match="not one of the game's"):
            agent(hand.view(1), hand.legal_actions())
        with pytest.raises(AcpcError, match="showdown='all'"):
            match([agent, call_agent], hands=40, stacks=20_000, blinds=(50, 100),
                  rules=game.rules(), duplicate=False)  # fmt: skip


def test_bad_arguments() -> None:
    game = REF.game(NL2P)
    with pytest.raises(ArgumentTypeError):
        ClientAgent("game")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        ClientAgent(game, "example_player {port}")
    with pytest.raises(ArgumentError, match="port"):
        ClientAgent(game, ["example_player", "127.0.0.1"])
    with pytest.raises(ArgumentError):
        ClientAgent(game, port=70_000)
    with pytest.raises(ArgumentError):
        ClientAgent(game, timeout=0)
    with ClientAgent(game) as agent:
        with pytest.raises(ArgumentTypeError, match="another process"):
            pickle.dumps(agent)
        hand = Hand([20_000, 20_000], blinds=(50, 100), rules=game.rules(), seed=1)
        with pytest.raises(ArgumentError, match="finished hand"):
            agent.hand_ended(hand.view(0))
        with pytest.raises(ArgumentError, match="seat 0 is not to act"):
            agent(hand.view(0), hand.legal_actions())
        with pytest.raises(ArgumentTypeError, match="a View and a Legal"):
            agent.query("view", hand.legal_actions())  # type: ignore[arg-type]


def test_an_agent_left_open_ends_its_program_when_collected() -> None:
    game = REF.game(NL2P)
    agent = ClientAgent(game, _holdem_client(REF.DATA / NL2P, "call"))
    process = agent._process
    assert process is not None and process.poll() is None
    del agent
    gc.collect()
    assert process.wait(timeout=20) is not None


def test_one_hand_at_a_time() -> None:
    """A second thread asking while the first waits for the client is refused at once."""
    game = REF.game(NL2P)
    hand = Hand([20_000, 20_000], blinds=(50, 100), rules=game.rules(), seed=1)
    with ClientAgent(game, timeout=3) as agent:  # no client connects: the first call waits

        def wait() -> None:
            with pytest.raises(AcpcError, match="no ACPC client connected"):
                agent(hand.view(1), hand.legal_actions())

        first = threading.Thread(target=wait)
        first.start()
        while not agent._lock.locked():
            pass
        with pytest.raises(AcpcError, match="one hand at a time"):
            agent(hand.view(1), hand.legal_actions())
        first.join()


def test_a_program_started_elsewhere_and_one_thread_only() -> None:
    """Without a command the agent waits for a program to connect to its port; once it played
    from one thread, it refuses to be asked from another (a match on threads)."""
    game = REF.game(NL2P)
    hand = Hand([20_000, 20_000], blinds=(50, 100), rules=game.rules(), seed=1)
    with ClientAgent(game, timeout=30) as agent:
        program = [
            part.replace("{port}", str(agent.port))
            for part in _holdem_client(REF.DATA / NL2P, "call")
        ]
        process = subprocess.Popen(program)
        assert agent(hand.view(1), hand.legal_actions()) == "call"
        with pytest.raises(ArgumentError, match="asked already"):  # (not a wait for an answer)
            agent(hand.view(1), hand.legal_actions())
        errors: list[BaseException] = []

        def ask() -> None:
            try:
                agent(hand.view(1), hand.legal_actions())
            except AcpcError as exc:
                errors.append(exc)

        other = threading.Thread(target=ask)
        other.start()
        other.join()
        assert len(errors) == 1 and "one thread" in str(errors[0])
        hand.check_or_call()  # the button's call; the big blind checks, then on the flop
        hand.check_or_call()
        hand.check_or_call()
        assert agent(hand.view(1), hand.legal_actions()) == "check"  # it still plays
    assert process.wait(timeout=20) == 0


def test_an_illegal_answer_is_the_runners_action_error(tmp_path: Path) -> None:
    """A well-formed action the hand does not allow (a raise below the minimum: the big blind,
    seat 0, checks its option after the button's call)."""
    game = REF.game(NL2P)
    answer = "f.readline(); line = f.readline().rstrip(); s.sendall(line + b':r101\\r\\n')"
    code = _CONNECT + answer + "; f.read()"
    agent = ClientAgent(game, [sys.executable, "-c", code, "{port}"], timeout=5)
    with agent, pytest.raises(ActionError, match="agent 0 chose 101, not legal"):
        match([agent, call_agent], hands=1, stacks=20_000, blinds=(50, 100),
                  rules=game.rules(), duplicate=False, showdown="all", seed=1)  # fmt: skip
