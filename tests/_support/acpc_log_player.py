"""An ACPC client that plays the actions of a dealer's log or transcript: a program of its own.

Run as ``python -P tests/_support/acpc_log_player.py --game G (--log L | --transcript T --seat S)
--port P --record R``: it connects to 127.0.0.1:P, sends ``VERSION:2.0.0``, writes every line it
is sent to R, and answers from the file:

* ``--transcript``: the dealer's stderr transcript; it answers a line exactly when the
  transcript's player ``S`` answered that line (``FROM S``), with that answer;
* ``--log``: a dealer log; it answers a line when the dealer's own rules (the reference
  re-statement ``RefState``, from the dealer's game.c) make its position the one to act, with the
  log's next action of that hand, after checking that its cards, the board and the betting so far
  are the log's (exit code 3 otherwise).

It reads nothing of holdem but the game definition's parser; the test compares what it was sent,
and what the match made of its answers, with the dealer's files.
"""

from __future__ import annotations

import argparse
import gzip
import socket
import sys
from pathlib import Path
from typing import NoReturn

from holdem.acpc import GameDef

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _support.acpc_reference import RefState


def _lines(path: str) -> list[str]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="ascii") as f:
        return f.read().splitlines()


def _actions(betting: str) -> list[tuple[str, int]]:
    """The actions of a betting string, all rounds in one list: (kind, size)."""
    out: list[tuple[str, int]] = []
    i = 0
    text = betting.replace("/", "")
    while i < len(text):
        kind = text[i]
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        out.append((kind, int(text[i + 1 : j] or 0)))
        i = j
    return out


def _fail(message: str) -> NoReturn:
    print(f"acpc_log_player: {message}", file=sys.stderr)
    sys.exit(3)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", required=True)
    parser.add_argument("--log")
    parser.add_argument("--transcript")
    parser.add_argument("--seat")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--record", required=True)
    args = parser.parse_args()
    game = GameDef.load(args.game)
    answers: dict[str, str] = {}
    hands: dict[int, list[str]] = {}
    if args.transcript:
        for line in _lines(args.transcript):
            words = line.split(" ", 4)
            if words[0] == "FROM" and words[1] == args.seat:
                answer = words[4]
                answers[answer.rsplit(":", 1)[0]] = answer
    else:
        for line in _lines(args.log):
            if line.startswith("STATE:"):
                parts = line.split(":")
                hands[int(parts[1])] = parts
    sock = socket.create_connection(("127.0.0.1", args.port), timeout=60)
    stream = sock.makefile("rwb")
    stream.write(b"VERSION:2.0.0\r\n")
    stream.flush()
    with open(args.record, "w", encoding="ascii") as record:
        for raw in stream:
            state = raw.decode("ascii").rstrip("\r\n")
            record.write(state + "\n")
            record.flush()
            reply = answers.get(state) if args.transcript else _from_log(game, hands, state)
            if reply is not None:
                stream.write(reply.encode("ascii") + b"\r\n")
                stream.flush()


def _from_log(game: GameDef, hands: dict[int, list[str]], state: str) -> str | None:
    """The log's answer to ``state`` when the position is to act, else None."""
    _, position, hand_id, betting, cards = state.split(":")
    pos, parts = int(position), hands.get(int(hand_id))
    if parts is None:
        _fail(f"hand {hand_id} is not in the log: {state}")
    logged_betting, logged_cards = parts[2], parts[3]
    holes, *boards = cards.split("/")
    logged_holes, *logged_boards = logged_cards.split("/")
    if holes.split("|")[pos] != logged_holes.split("|")[pos]:
        _fail(f"other hole cards than the log's {logged_cards}: {state}")
    if boards != logged_boards[: len(boards)]:
        _fail(f"another board than the log's {logged_cards}: {state}")
    mine, logged = _actions(betting), _actions(logged_betting)
    if logged[: len(mine)] != mine:
        _fail(f"another betting than the log's {logged_betting}: {state}")
    ref = RefState(game, [[0, 1]] * game.num_players, [])
    for kind, size in mine:
        ref.act(kind, size)
    if ref.finished or ref.current_player() != pos:
        return None
    kind, size = logged[len(mine)]
    return f"{state}:{kind}{size if kind == 'r' and not game.limit else ''}"


if __name__ == "__main__":
    main()
