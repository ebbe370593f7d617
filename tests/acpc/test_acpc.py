"""ACPC interop against the real dealer's logs, transcripts and rules.

Oracles: the five dealer logs (11,000 hands: deals, betting, payoffs, the exact STATE lines), the
dealer's MATCHSTATE transcripts, numpy's legacy MT19937 seeding, and the dealer's betting rules
re-stated from its C code in ``_acpc_reference`` (with phevaluator ranking the hands).
"""

from __future__ import annotations

import gzip
import importlib.util
import random
import socket
import sys
import threading
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from holdem import Card
from holdem.acpc import (
    HOLDEM_LIMIT_2P,
    HOLDEM_NOLIMIT_2P,
    MT19937,
    AcpcError,
    GameDef,
    apply_betting,
    deals,
    format_value,
    parse_state,
    state_of,
)
from holdem.acpc.client import Client, call_agent, load_agent, random_agent
from holdem.cli import main


def _load_helper(name: str) -> ModuleType:
    """A helper module beside this file (with --import-mode=importlib it is not on sys.path)."""
    path = Path(__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


RefState = _load_helper("_acpc_reference").RefState

DATA = Path(__file__).resolve().parents[1] / "data" / "acpc"

LOGS = [
    ("limit2p.seed21.3000hands.log", "holdem.limit.2p.reverse_blinds.game", 21, 3000),
    ("nolimit2p.seed99.3000hands.log", "holdem.nolimit.2p.reverse_blinds.game", 99, 3000),
    ("nolimit3p-sidepots.seed5.2000hands.log", "holdem.nolimit.3p.sidepots.game", 5, 2000),
    ("nolimit4p-sidepots.seed8.2000hands.log", "holdem.nolimit.4p.sidepots.game", 8, 2000),
    ("nolimit4p-straddle.seed12.1000hands.log", "holdem.nolimit.4p.straddle.game", 12, 1000),
]
TRANSCRIPTS = [
    ("limit2p.seed3.20hands.transcript.txt", "holdem.limit.2p.reverse_blinds.game", 3),
    ("nolimit2p.seed4.20hands.transcript.txt", "holdem.nolimit.2p.reverse_blinds.game", 4),
]
SHORT_6P = GameDef.parse(
    "GAMEDEF\nnolimit\nnumPlayers = 6\nnumRounds = 4\nstack = 500 130 700 250 90 1000\n"
    "blind = 5 10 0 0 0 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
    "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
)


def _lines(name: str) -> list[str]:
    with gzip.open(DATA / f"{name}.gz", "rt", encoding="ascii") as f:
        return f.read().splitlines()


def _game(name: str) -> GameDef:
    return GameDef.load(DATA / name)


# -- game definitions -----------------------------------------------------------------------------


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
    straddle = _game("holdem.nolimit.4p.straddle.game")
    hand = straddle.new_hand()
    assert hand.forced_bets == (50, 100, 200, 0) and hand.actor == 3  # firstPlayer = 4
    assert hand.legal_actions().min_raise_to == 400  # the dealer: twice the largest blind
    # A non-reversed heads-up game (blind = 5 10, firstPlayer = 1 2 2 2) maps by rotation.
    plain = GameDef.parse(HOLDEM_LIMIT_2P.replace("10 5", "5 10").replace("2 1 1 1", "1 2 2 2"))
    assert [plain.seat(p) for p in (0, 1)] == [1, 0]
    hand = plain.new_hand()
    assert hand.forced_bets == (10, 5) and plain.position(hand.actor or 0) == 0


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


# -- the dealer's random numbers ------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 3, 21, 99, 2**32 - 1])
def test_mt19937_matches_numpy_legacy_seeding(seed: int) -> None:
    np = pytest.importorskip("numpy")
    expected = np.random.RandomState(seed)._bit_generator.random_raw(2000)
    rng = MT19937(seed)
    assert [rng.next_uint32() for _ in range(2000)] == [int(x) for x in expected]


@pytest.mark.parametrize("seed", [-1, 2**32, 1.5, True, "7"])
def test_mt19937_rejects_bad_seeds(seed: object) -> None:
    with pytest.raises(AcpcError, match="seed"):
        MT19937(seed)  # type: ignore[arg-type]


# -- the logs: 11,000 hands -----------------------------------------------------------------------


@pytest.mark.parametrize(("log", "gamedef", "seed", "count"), LOGS)
def test_log_replay_deals_payoffs_and_lines(log: str, gamedef: str, seed: int, count: int) -> None:
    game = _game(gamedef)
    lines = [line for line in _lines(log) if line.startswith("STATE:")]
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
    for log, _, _, _ in LOGS:
        lines = _lines(log)
        totals = [Fraction(0)] * len(parse_state(next(x for x in lines if x[:2] == "ST")).names)
        names: dict[str, Fraction] = {}
        for line in lines:
            if line.startswith("STATE:"):
                state = parse_state(line)
                assert state.values is not None and state.names is not None
                assert sum(state.values) == 0 or abs(sum(state.values)) < Fraction(1, 10**5)
                for name, value in zip(state.names, state.values, strict=True):
                    names[name] = names.get(name, Fraction(0)) + value
        score = next(x for x in lines if x.startswith("SCORE:"))
        values, who = score.split(":")[1:]
        for name, printed in zip(who.split("|"), values.split("|"), strict=True):
            assert abs(names[name] - Fraction(printed)) < Fraction(1, 10**3), (log, name)
        assert len(totals) == len(names)


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


# -- the transcripts: what each player sees -------------------------------------------------------


@pytest.mark.parametrize(("name", "gamedef", "seed"), TRANSCRIPTS)
def test_transcript_views(name: str, gamedef: str, seed: int) -> None:
    game = _game(gamedef)
    dealt = deals(game, seed)
    cards: dict[int, tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = {}
    sent = 0
    for line in _lines(name):
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
        for p, shown in enumerate(view.shown):
            assert shown is None or p == game.seat(viewer) or mine.is_over
        for ev in view.events:
            if ev.cards and ev.seat is not None and ev.seat != game.seat(viewer):
                assert mine.is_over and ev.kind.value == "show"
        sent += 1
    assert sent > 100


@pytest.mark.parametrize(("name", "gamedef", "seed"), TRANSCRIPTS)
def test_transcript_replies(name: str, gamedef: str, seed: int) -> None:
    """The client answers each TO line with the FROM line, given the same decision."""
    game = _game(gamedef)
    lines = _lines(name)
    replies = 0
    for k, line in enumerate(lines):
        if not line.startswith("FROM "):
            continue
        reply = line.split(" ", 4)[4]
        asked, action = reply.rsplit(":", 1)
        state = parse_state(asked)
        ref = RefState(game, [[0, 1]] * game.num_players, [])
        for actions in state.betting:
            for a in actions:
                ref.act(a.kind, a.size or 0)
        before = ref.round_start[state.viewer or 0]

        def agent(view: object, legal: object, action: str = action, before: int = before):
            if action == "f":
                return "fold"
            if action == "c":
                return "check" if legal.check else "call"  # type: ignore[attr-defined]
            if game.limit:
                return legal.min_raise_to  # type: ignore[attr-defined]
            return int(action[1:]) - before

        assert Client(game, agent).respond(asked) == reply, lines[k]
        replies += 1
    assert replies > 50


# -- the dealer's legal actions, by its own rules -------------------------------------------------


@pytest.mark.parametrize(
    "game",
    [_game(g) for _, g, _, _ in LOGS] + [SHORT_6P],
    ids=["limit2p", "nolimit2p", "sidepots3p", "sidepots4p", "straddle4p", "short6p"],
)
def test_legal_actions_match_the_dealer_rules(game: GameDef) -> None:
    rng = random.Random(2026)
    for _ in range(400):
        cards = rng.sample(range(52), 2 * game.num_players + 5)
        holes = [cards[2 * p : 2 * p + 2] for p in range(game.num_players)]
        board = cards[2 * game.num_players :]
        ref = RefState(game, holes, board)
        hand = game.new_hand(hole_cards=[tuple(map(Card, h)) for h in holes], board=board)
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


# -- the client against a loopback dealer ---------------------------------------------------------


class LoopbackDealer:
    """A minimal dealer from the protocol: one listening port per seat, seats rotate each hand."""

    def __init__(self, game: GameDef, hands: int, seed: int) -> None:
        self.game, self.hands, self.rng = game, hands, random.Random(seed)
        self.listeners = [socket.create_server(("127.0.0.1", 0)) for _ in range(game.num_players)]
        for s in self.listeners:
            s.settimeout(20)
        self.ports = [s.getsockname()[1] for s in self.listeners]
        self.invalid: list[str] = []
        self.values: list[list[Fraction]] = []  # per hand, by seat
        self.error: BaseException | None = None

    def _matchstate(self, ref: RefState, hand_id: int, p: int) -> str:
        g = self.game
        betting = "/".join(
            "".join(k + (str(size) if k == "r" and not g.limit else "") for k, size, _ in r)
            for r in ref.actions[: ref.round + 1]
        )
        showdown = ref.finished and sum(ref.folded) + 1 < g.num_players
        holes = "|".join(
            "".join(str(Card(c)) for c in ref.holes[q])
            if q == p or (showdown and not ref.folded[q])
            else ""
            for q in range(g.num_players)
        )
        board, start = "", 0
        for r in range(ref.round + 1):
            count = g.num_board_cards[r]
            board += ("/" if r else "") + "".join(
                str(Card(c)) for c in ref.board[start : start + count]
            )
            start += count
        return f"MATCHSTATE:{p}:{hand_id}:{betting}:{holes}{board}"

    def run(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _run(self) -> None:
        g, n = self.game, self.game.num_players
        conns = [s.accept()[0] for s in self.listeners]
        files = [c.makefile("rwb") for c in conns]
        for c in conns:
            c.settimeout(20)
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for f in files:
            assert f.readline().strip() == b"VERSION:2.0.0"
        for hand_id in range(self.hands):
            cards = self.rng.sample(range(52), 2 * n + 5)
            ref = RefState(g, [cards[2 * p : 2 * p + 2] for p in range(n)], cards[2 * n :])
            player0 = hand_id % n  # the seat of position 0
            while True:
                sent = {}
                for seat, f in enumerate(files):
                    p = (seat - player0) % n
                    sent[p] = self._matchstate(ref, hand_id, p)
                    f.write(sent[p].encode() + b"\r\n")
                    f.flush()
                if ref.finished:
                    break
                p = ref.current_player()
                line = files[(p + player0) % n].readline().decode().rstrip("\r\n")
                head, _, action = line.rpartition(":")
                kind, size = action[:1], int(action[1:] or 0)
                if head != sent[p] or not ref.is_valid(kind, size):
                    self.invalid.append(line)
                    kind, size = "c", 0
                ref.act(kind, size)
            self.values.append([ref.value((seat - player0) % n) for seat in range(n)])
        for c in conns:
            c.close()
        for s in self.listeners:
            s.close()


@pytest.mark.parametrize(
    ("game", "hands"),
    [
        (GameDef.parse(HOLDEM_LIMIT_2P), 40),
        (GameDef.parse(HOLDEM_NOLIMIT_2P), 40),
        (_game("holdem.nolimit.3p.sidepots.game"), 30),
        (SHORT_6P, 20),
    ],
    ids=["limit2p", "nolimit2p", "sidepots3p", "short6p"],
)
def test_client_plays_a_loopback_dealer(game: GameDef, hands: int) -> None:
    dealer = LoopbackDealer(game, hands, seed=hands)
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


def test_client_rejects_illegal_agent_decisions() -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    with pytest.raises(AcpcError, match="not legal"):
        Client(game, lambda view, legal: "check").respond("MATCHSTATE:1:0::|AsAd")
    with pytest.raises(AcpcError, match="not legal"):
        Client(game, lambda view, legal: 150).respond("MATCHSTATE:1:0::|AsAd")
    with pytest.raises(AcpcError, match="not legal"):
        Client(game, lambda view, legal: 2.5).respond("MATCHSTATE:1:0::|AsAd")  # type: ignore
    assert Client(game).respond("# comment") is None
    assert Client(game).respond("MATCHSTATE:0:0::KhKd|") is None  # not its turn


def test_load_agent() -> None:
    assert load_agent("call") is call_agent
    assert callable(load_agent("random"))
    assert load_agent("holdem.acpc.client:call_agent") is call_agent
    for bad in ("nomodule", "holdem.nothere:x", "holdem.acpc.client:nothere", "holdem:__doc__"):
        with pytest.raises(AcpcError):
            load_agent(bad)


def test_cli_acpc_client(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = GameDef.parse(HOLDEM_NOLIMIT_2P)
    path = tmp_path / "nl.game"
    path.write_text(game.dump())
    dealer = LoopbackDealer(game, 5, seed=1)
    thread = threading.Thread(target=dealer.run, daemon=True)
    thread.start()
    other = threading.Thread(
        target=lambda: Client(game).run("127.0.0.1", dealer.ports[1], timeout=20), daemon=True
    )
    other.start()
    argv = ["acpc-client", "--gamedef", str(path), "--port", str(dealer.ports[0])]
    assert main([*argv, "--agent", "random", "--timeout", "20"]) == 0
    thread.join(30)
    other.join(30)
    assert dealer.error is None and dealer.invalid == []
    total = sum(v[0] for v in dealer.values)
    assert capsys.readouterr().out.strip() == f"5 hands, total {float(total):+g} chips"
