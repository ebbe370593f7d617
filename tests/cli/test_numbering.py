"""One numbering of players in every message and output of the ``holdem`` command.

The command numbers players 1, 2, ... in the order of its command line ("player 1");
``replay`` names them as the hand history does (its ``players`` field, else PHH's p1 .. pn, as
the PHH specification numbers them from 1). The library keeps the API's 0-based positions.
Run through subprocesses, as a shell would run the command.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from holdem import icm
from holdem.analysis.odds import outs
from holdem.errors import CardError, ICMError

from _support import commands as COMMANDS

SENTENCE = "Players are numbered 1, 2, ... in the order the command line gives them."

holdem = COMMANDS.holdem


def no_zero_based(text: str) -> None:
    """Neither a 0-based reference nor another word for a player is left in ``text``."""
    for word in ("opposing hand", "seat ", "stack 0", "stack 1"):
        assert word not in text, (word, text)


@pytest.mark.parametrize("name", ["equity", "odds", "icm"])
def test_help_says_how_players_are_numbered(name: str) -> None:
    done = holdem(name, "--help")
    assert done.returncode == 0
    assert SENTENCE in " ".join(done.stdout.split())


def test_replay_help_says_players_go_by_their_names() -> None:
    text = " ".join(holdem("replay", "--help").stdout.split())
    assert "Players go by their names in the file (its 'players' field), else by PHH's p1" in text


def test_odds_numbers_the_opposing_hands_from_player_2() -> None:
    # --hand is player 1; the two --versus hands are players 2 and 3, and share the Qs.
    done = holdem("odds", "--hand", "AhKh", "--board", "2h7hJc", "--versus", "QsQd", "QsJd")
    assert done.returncode == 2
    assert "card Qs is in player 2's hand and in player 3's hand" in done.stderr
    no_zero_based(done.stderr)
    done = holdem("odds", "--hand", "AhKh", "--board", "2h7hJc", "--versus", "QsQd", "9c9d")
    assert done.returncode == 0
    assert "Versus player 2 QsQd, player 3 9c9d: behind now" in done.stdout
    # The library keeps the API's 0-based index into its ``versus`` argument.
    with pytest.raises(CardError, match=re.escape("in opposing hand 0 and in opposing hand 1")):
        outs("AhKh", "2h7hJc", ["QsQd", "QsJd"])


def test_icm_numbers_players_by_their_stacks() -> None:
    done = holdem("icm", "--stacks", "5000", "0", "3000", "--payouts", "50", "30")
    assert done.returncode == 2
    assert "player 2's stack is 0" in done.stderr  # the second stack of the command line
    no_zero_based(done.stderr)
    done = holdem("icm", "--stacks", "5000", "3000", "2000", "--payouts", "50", "30", "20")
    rows = [line.split() for line in done.stdout.splitlines()[1:4]]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("player", "1", "5000"),
        ("player", "2", "3000"),
        ("player", "3", "2000"),
    ]
    with pytest.raises(ICMError, match=re.escape("stack 1 is 0")):
        icm([5000, 0, 3000], [50, 30])


def test_equity_numbers_players_as_given() -> None:
    done = holdem("equity", "AhKh", "AhQd")
    assert done.returncode == 2
    assert "player 2's Ah is also in the hand of player 1" in done.stderr
    done = holdem("equity", "AhKh", "QsQd", "JJ")
    assert done.returncode == 0
    rows = [line.split()[:3] for line in done.stdout.splitlines()[2:]]
    assert rows == [["player", "1", "AhKh"], ["player", "2", "QsQd"], ["player", "3", "JJ"]]


def test_replay_names_the_players_of_the_file(tmp_path: Path) -> None:
    # p3 raises to 3, below the minimum raise (to 4 over the big blind of 2): the engine says
    # so of its seat 2, which is p3, named "Carol" by the file.
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        'starting_stacks = [100, 100, 100]\nplayers = ["Alice", "Bob", "Carol"]\n'
        'actions = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 cbr 3"]\n'
    )
    path = tmp_path / "named.phh"
    path.write_text(text)
    done = holdem("replay", str(path))
    assert done.returncode == 1
    assert "action 4 'p3 cbr 3' is illegal: Carol (p3) cannot raise to 3" in done.stderr
    no_zero_based(done.stderr)
    path.write_text(text.replace('players = ["Alice", "Bob", "Carol"]\n', ""))
    done = holdem("replay", str(path))
    assert "is illegal: p3 cannot raise to 3" in done.stderr
    no_zero_based(done.stderr)
