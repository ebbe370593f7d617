"""holdem.acpc.client: the client's replies to the dealer's transcripts, and a loopback match.

Oracles: the dealer's MATCHSTATE transcripts (its messages and the players' replies), and a
loopback dealer that applies the dealer's own rules (``_support.acpc_reference``, with treys ranking
the hands, through ``pytest.importorskip``).
"""

from __future__ import annotations

import threading

import pytest

from holdem.acpc import HOLDEM_LIMIT_2P, HOLDEM_NOLIMIT_2P, AcpcError, GameDef, parse_state
from holdem.acpc.client import Client, Decision, call_agent, load_agent, random_agent
from holdem.engine.hand import Legal, View
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError

from _support import acpc_reference as REF

# -- the transcripts: what each player answers ----------------------------------------------------


@pytest.mark.parametrize(("name", "gamedef", "seed"), REF.TRANSCRIPTS)
def test_transcript_replies(name: str, gamedef: str, seed: int) -> None:
    """The client answers each TO line with the FROM line, given the same decision."""
    game = REF.game(gamedef)
    lines = REF.lines(name)
    replies = 0
    for k, line in enumerate(lines):
        if not line.startswith("FROM "):
            continue
        reply = line.split(" ", 4)[4]
        asked, action = reply.rsplit(":", 1)
        state = parse_state(asked)
        ref = REF.RefState(game, [[0, 1]] * game.num_players, [])
        for actions in state.betting:
            for a in actions:
                ref.act(a.kind, a.size or 0)
        before = ref.round_start[state.viewer or 0]

        def agent(view: View, legal: Legal, action: str = action, before: int = before) -> Decision:
            if action == "f":
                return "fold"
            if action == "c":
                return "check" if legal.check else "call"
            if game.limit:
                assert legal.min_raise_to is not None
                return legal.min_raise_to
            return int(action[1:]) - before

        assert Client(game, agent).respond(asked) == reply, lines[k]
        replies += 1
    assert replies > 50


# -- the client against a loopback dealer ---------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "hands"),
    [
        (GameDef.parse(HOLDEM_LIMIT_2P), 40),
        (GameDef.parse(HOLDEM_NOLIMIT_2P), 40),
        (REF.game("holdem.nolimit.3p.sidepots.game"), 30),
        (REF.SHORT_6P, 20),
    ],
    ids=["limit2p", "nolimit2p", "sidepots3p", "short6p"],
)
def test_client_plays_a_loopback_dealer(game: GameDef, hands: int) -> None:
    pytest.importorskip("treys")  # the loopback dealer ranks the showdown hands with treys
    dealer = REF.LoopbackDealer(game, hands, seed=hands)
    thread = threading.Thread(target=dealer.run, daemon=True)
    thread.start()
    clients = [
        Client(game, random_agent(seat) if seat else call_agent) for seat in range(game.num_players)
    ]
    results: list[list[object]] = [[] for _ in clients]

    def play(seat: int) -> None:
        results[seat] = list(clients[seat].run("127.0.0.1", dealer.ports[seat], timeout=20))

    players = [threading.Thread(target=play, args=(s,), daemon=True) for s in range(len(clients))]
    for t in players:
        t.start()
    for t in [thread, *players]:
        t.join(60)
        assert not t.is_alive()
    assert dealer.error is None, dealer.error
    assert dealer.invalid == []  # the dealer saw only legal actions
    assert len(dealer.values) == hands
    for seat, client in enumerate(clients):
        assert [r.hand_id for r in client.results] == list(range(hands))
        assert [r.payoff for r in client.results] == [v[seat] for v in dealer.values]
    assert sum(sum(v) for v in dealer.values) == 0


# -- errors ---------------------------------------------------------------------------------------


def test_client_rejects_illegal_agent_decisions() -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    with pytest.raises(ActionError, match="not legal"):
        Client(game, lambda view, legal: "check").respond("MATCHSTATE:1:0::|AsAd")
    with pytest.raises(ActionError, match="not legal"):
        Client(game, lambda view, legal: 150).respond("MATCHSTATE:1:0::|AsAd")
    with pytest.raises(ActionError, match="not legal"):
        Client(game, lambda view, legal: 2.5).respond("MATCHSTATE:1:0::|AsAd")  # type: ignore[arg-type, return-value]
    assert Client(game).respond("# comment") is None
    assert Client(game).respond("MATCHSTATE:0:0::KhKd|") is None  # not its turn


def test_client_argument_errors() -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    with pytest.raises(ArgumentTypeError, match="game must be a GameDef"):
        Client(HOLDEM_NOLIMIT_2P)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="agent must be callable"):
        Client(game, "call")  # type: ignore[arg-type]
    for port, error in ((0, ArgumentError), (65536, ArgumentError), ("80", ArgumentTypeError)):
        with pytest.raises(error, match="port must be an int"):
            Client(game).run("127.0.0.1", port)  # type: ignore[arg-type]
    with pytest.raises(AcpcError, match="the dealer sends MATCHSTATE lines"):
        Client(game).respond("STATE:0:cc:AsKs|QsJs:0|0:a|b")
    with pytest.raises(ArgumentError, match="a seed is None or an int >= 0"):
        random_agent(-1)


def test_load_agent() -> None:
    assert load_agent("call") is call_agent
    assert callable(load_agent("random"))
    assert load_agent("holdem.acpc.client:call_agent") is call_agent
    assert load_agent("holdem.engine.agents:call_agent") is call_agent
    for bad in ("nomodule", "holdem.nothere:x", "holdem.acpc.client:nothere", "holdem:__doc__"):
        with pytest.raises(ArgumentError):
            load_agent(bad)


def test_the_agent_protocol_is_the_engines() -> None:
    """The client takes the engine's agents: its names are the engine's own objects."""
    from holdem.engine import agents

    assert call_agent is agents.call_agent and random_agent is agents.random_agent
    assert Decision == agents.Decision
    assert Client(GameDef.parse(HOLDEM_NOLIMIT_2P)).agent is agents.call_agent
