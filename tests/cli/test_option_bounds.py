"""Every whole-number option of the ``holdem`` subcommands is checked where the command line is
read: a value out of its range is one line on stderr that names the option (as ``--stack``
does), exit status 2, before any work (issue 28: "errors that do not name ``--stack``", and an
unbounded ``--hands`` that ran on).
"""

from __future__ import annotations

import pytest

from holdem.cli import main

_CASES = [
    # (command line, the start of the one-line error after "error: ")
    ("match --agent call --agent random --hands 99999999999999999999", "argument --hands: "),
    ("match --agent call --agent random --hands 0", "argument --hands: "),
    ("match --agent call --agent random --threads 0", "argument --threads: "),
    ("match --agent call --agent random --seed -1", "argument --seed: "),
    ("match --agent call --agent random --blinds 2 1", "--blinds is SMALL BIG"),
    ("tournament --players 1", "argument --players: "),
    ("tournament --players 100001", "argument --players: "),
    ("tournament --buy-in -3", "argument --buy-in: "),
    ("tournament --table-size 11", "argument --table-size: "),
    ("tournament --hands-per-level 0", "argument --hands-per-level: "),
    ("tournament --deal-at -1", "argument --deal-at: "),
    ("tournament --late-registration -2", "argument --late-registration: "),
    ("tournament --reentries -1", "argument --reentries: "),
    ("tournament --seed -1", "argument --seed: "),
    ("tournament --levels 10/5", "argument --levels: "),
    ("play --ante -1", "argument --ante: "),
    ("play --seed -1", "argument --seed: "),
    ("play --blinds 5 1", "--blinds is SMALL BIG"),
    ("equity AhKh QsQd --seed 18446744073709551616", "argument --seed: "),
    ("equity AhKh QsQd --threads 0", "argument --threads: "),
    ("icm --stacks 10 20 --payouts 5 --seed -1", "argument --seed: "),
    ("range --heatmap --seed -1", "argument --seed: "),
    ("replay x.phh --seed -1", "argument --seed: "),
    ("acpc-client --gamedef x.game --port 70000", "argument --port: "),
    ("solve x.toml --exploitability 0", "argument --exploitability: "),
    ("solve x.toml --exploitability inf", "argument --exploitability: "),
    ("solve x.toml --memory-limit inf", "argument --memory-limit: "),  # was OverflowError
    ("solve x.toml --memory-limit 1e400", "argument --memory-limit: "),  # was OverflowError
    ("solve x.toml --time nan", "argument --time: "),
    ("solve x.toml --threads 0", "argument --threads: "),
    ("solve x.toml --threads 257", "argument --threads: "),
    ("solve x.toml --iterations -5", "argument --iterations: "),
]


@pytest.mark.parametrize(("line", "named"), _CASES)
def test_an_option_out_of_range_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], line: str, named: str
) -> None:
    try:
        code = main(line.split())
    except SystemExit as exc:  # (the parser's own error)
        code = exc.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.split("error: ", 1)[1].startswith(named), err


def test_the_limits_are_the_engines() -> None:
    """The command line's bounds are the library's (not imported at start-up: kept equal)."""
    from holdem.cli import _parser
    from holdem.engine.matches import MAX_HANDS
    from holdem.engine.tournament import MAX_ENTRANTS
    from holdem.solver import solving

    parser = _parser()
    for line, value in ((f"match --agent a --agent b --hands {MAX_HANDS}", MAX_HANDS),):
        assert parser.parse_args(line.split()).hands == value
    with pytest.raises(SystemExit):
        parser.parse_args(f"match --agent a --agent b --hands {MAX_HANDS + 1}".split())
    assert parser.parse_args(f"tournament --players {MAX_ENTRANTS}".split()).players == MAX_ENTRANTS
    with pytest.raises(SystemExit):
        parser.parse_args(f"tournament --players {MAX_ENTRANTS + 1}".split())
    most = solving._MAX_THREADS
    assert parser.parse_args(f"solve x.toml --threads {most}".split()).threads == most
    with pytest.raises(SystemExit):
        parser.parse_args(f"solve x.toml --threads {most + 1}".split())


def test_a_match_refuses_hands_and_threads_out_of_range_before_playing() -> None:
    """``match(hands=10**20)`` built a list of chunks for 10**20 hands (and ran on for ever);
    ``threads=0`` was taken as 1."""
    from holdem.engine.agents import call_agent
    from holdem.engine.matches import MAX_HANDS, match
    from holdem.errors import ArgumentError

    for kwargs in ({"hands": 10**20}, {"hands": MAX_HANDS + 1}, {"hands": 10, "threads": 0}):
        with pytest.raises(ArgumentError):
            match([call_agent, call_agent], **kwargs)  # type: ignore[arg-type]
