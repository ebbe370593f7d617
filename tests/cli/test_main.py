"""The ``holdem`` command as a whole: ``--version``, every subcommand's help page, Ctrl-C and a
closed pipe, run through subprocesses as a shell would run them.

Oracles: the installed distribution's metadata for the version (``importlib.metadata``), the
POSIX shell's exit statuses of a command ended by a signal (128 + the signal's number: 130 for
SIGINT, 141 for SIGPIPE), and the argparse layout of a help page (usage, description, options,
epilog, separated by blank lines).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import re
import selectors
import shlex
import sys
import time

import pytest

from holdem.analysis.equity import DEFAULT_STDERR
from holdem.cli import _parser

from _support import commands as COMMANDS

SUBCOMMANDS = ("eval", "equity", "odds", "icm", "range", "acpc-client", "replay", "solve")

holdem, start, ctrl_c = COMMANDS.holdem, COMMANDS.start, COMMANDS.ctrl_c


def test_version() -> None:
    done = holdem("--version")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"holdem {importlib.metadata.version('holdem-engine')}\n"


def test_every_subcommand_is_listed() -> None:
    done = holdem("--help")
    assert done.returncode == 0
    for name in SUBCOMMANDS:
        assert f"    {name} " in done.stdout


def _every_subcommand() -> dict[str, argparse.ArgumentParser]:
    """The parser of each subcommand, by name."""
    parser = _parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def test_no_help_page_shows_a_doubled_percent_sign() -> None:
    pages = _every_subcommand()
    assert {"tournament", "match", "play", "icm"} <= set(pages)
    for name, sub in pages.items():
        page = sub.format_help()
        assert "%%" not in page, name
    assert "about 10% of the field paid" in " ".join(pages["tournament"].format_help().split())


@pytest.mark.parametrize("name", sorted(_every_subcommand()))
def test_an_unreadable_command_line_is_one_line(name: str) -> None:
    done = holdem(name, "--no-such-option")
    assert done.returncode == 2
    assert re.match(rf"holdem( {name})?: error: ", done.stderr), done.stderr
    assert done.stderr.count("\n") == 1 and "usage:" not in done.stderr, done.stderr


def test_play_lists_the_rule_presets() -> None:
    from holdem.engine.rules import PRESETS

    text = " ".join(_every_subcommand()["play"].format_help().split())
    assert f"--rules {{{','.join(PRESETS)}}}" in text, text


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_help_has_a_description_and_examples(name: str) -> None:
    done = holdem(name, "--help")
    assert done.returncode == 0 and done.stderr == ""
    blocks = [b for b in done.stdout.split("\n\n") if b.strip()]
    assert blocks[0].startswith(f"usage: holdem {name} ")
    description = blocks[1]
    assert not description.startswith(("positional arguments:", "options:"))
    assert len(description.split()) >= 8  # a sentence, not a stray word
    examples = blocks[-1].splitlines()
    assert examples[0] == "examples:" and len(examples) >= 2
    for line in examples[1:]:
        words = shlex.split(line)
        assert words[:2] == ["holdem", name]
        args = _parser().parse_args(words[1:])  # each example is a valid command line
        assert args.command == name
    assert max(len(line) for line in done.stdout.splitlines()) <= 100


def test_every_option_has_help() -> None:
    for name in SUBCOMMANDS:
        options = holdem(name, "--help").stdout.partition("options:")[2].partition("\n\n")[0]
        entries = [e for e in options.split("\n  -") if e.strip()]
        for entry in entries:
            # The help text follows the flags after two spaces, or on the next, indented line.
            assert re.search(r"\S {2,}\S|\n {20,}\S", entry), f"{name} -{entry} has no help"


def test_icm_method_has_help() -> None:
    text = " ".join(holdem("icm", "--help").stdout.split())
    assert "--method {auto,exact,monte-carlo} exact (every finishing order)" in text


def test_equity_help_shows_the_real_stderr_default() -> None:
    text = " ".join(holdem("equity", "--help").stdout.split())
    assert DEFAULT_STDERR == 0.0005  # the default the help page must show
    assert f"(default {DEFAULT_STDERR}," in text and "0.001" not in text
    assert "standard error (the statistical error of the estimate)" in text
    # The progress bar's stream is named in words, apart from the statistical standard error.
    assert "progress bar on the terminal's error stream" in text
    assert "stderr is" not in text and "on stderr" not in text


def _read_until(stream: object, marker: bytes, seconds: float) -> bytes:
    """Bytes read from a pipe until ``marker`` appears (or the time is up)."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    sel = selectors.DefaultSelector()
    sel.register(fd, selectors.EVENT_READ)
    seen = b""
    end = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < end:
        if sel.select(timeout=0.1):
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            seen += chunk
    sel.close()
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("threads", ["1", "2"])
def test_ctrl_c_ends_a_long_equity_quietly(threads: str) -> None:
    # Four ranges with a huge sample count would run for hours; the progress bar (drawn on
    # stderr once the run has started) tells the test that the work is under way.
    proc = start(
        "equity", "QQ+,AKs", "random", "22+,A2s+", "random",
        "--samples", "2000000000", "--seed", "1", "--threads", threads, "--progress",
    )  # fmt: skip
    assert proc.stderr is not None
    started = _read_until(proc.stderr, b"%", 60)
    assert b"%" in started, started
    out, err = ctrl_c(proc)
    assert proc.returncode == 130
    text = (started + err).decode()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert out == b""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
@pytest.mark.parametrize("args", [("range", "--grid"), ("odds", "--table")])
def test_a_closed_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    # `holdem range --grid | head -1`: the reader takes one line and goes away.
    proc = start(*args)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    status = proc.wait(timeout=60)
    assert first.strip()
    assert b"Traceback" not in err and b"Exception ignored" not in err and err == b""
    assert status in (0, 141)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_a_pipe_closed_before_any_output_gives_status_141() -> None:
    # The reader goes away before the command writes a byte (it is still importing), so the
    # first write meets the closed pipe: exit status 141, nothing on stderr.
    proc = start("range", "QQ+,AKs", "--grid")
    assert proc.stdout is not None
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 141 and err == b""
