"""The real hand history files of the corpus's sites, as the histories tests read them."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from holdem import phh
from holdem.histories import HistoryError, load
from holdem.phh import HandHistory


def file_text(path: Path) -> str:
    """A file's text as a plain scan reads it: UTF-16 with a byte-order mark, UTF-8 (with or
    without one), else Windows-1252."""
    data = path.read_bytes()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def pokerkit_and_ours(notation: Any, history: HandHistory) -> tuple[list[Any], list[Any]] | None:
    """The finishing stacks of ``history`` replayed by pokerkit 0.7.7 (``notation``: its
    ``pokerkit.notation``) and by the engine under pokerkit's rules, the rake left out (pokerkit
    has no rake field); None if pokerkit cannot read it (a raise no one can call: the sites
    allow it, pokerkit does not)."""
    raked = ("_rake", "_rake_pots", "winnings")
    unraked = history.replace(fields={k: v for k, v in history.fields.items() if k not in raked})
    body = phh.dumps_all([unraked]).split("\n", 1)[1]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = [s for s, _ in notation.HandHistory.loads(body).state_actions]
    except ValueError:
        return None
    ours = phh.replay(unraked, rules="pokerkit", seed=0, check=False).finishing_stacks
    assert ours is not None
    return list(states[-1].stacks), list(ours)


def hostile_errors(text: str, path: Path) -> list[HistoryError]:
    """What :func:`holdem.histories.load` makes of a hostile file of ``text`` written at
    ``path``: no hand, and at least one error, each a HistoryError with its reason (asserted)."""
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    hands = load(path)
    assert list(hands) == []
    assert hands.errors and all(isinstance(e, HistoryError) and e.reason for e in hands.errors)
    return list(hands.errors)


def pokerkit_agrees(notation: Any, paths: Iterable[Path]) -> tuple[int, int]:
    """Every hand :func:`holdem.histories.load` reads of ``paths`` replayed by pokerkit 0.7.7
    (``notation``: its ``pokerkit.notation``) and by the engine to the same finishing stacks
    (asserted, hand by hand; pot-limit hold'em and short deck left out: pokerkit 0.7.7 plays
    neither): how many hands were compared, and how many pokerkit could not read."""
    compared = unparsed = 0
    for path in paths:
        for loaded in load(path):
            if loaded.history.variant in ("PT", "NS"):
                continue
            got = pokerkit_and_ours(notation, loaded.history)
            if got is None:
                unparsed += 1
                continue
            assert got[0] == got[1], loaded.hand.label
            compared += 1
    return compared, unparsed


def counts_as_measured(
    paths: Iterable[Path], header: re.Pattern[str], site: str, reasons: tuple[str, ...]
) -> dict[str, tuple[int, int]]:
    """Each file of ``paths`` read by :func:`holdem.histories.load`, as ``{name: (hands read,
    hands refused)}``. Asserted for each file: no hand lost (the hands read and refused are
    the ``header`` lines a plain scan of the file counts), every hand read is of ``site``, and
    every refusal gives one of ``reasons`` (without naming the hand again: the error does)."""
    seen: dict[str, tuple[int, int]] = {}
    for path in paths:
        hands = load(path)
        got = list(hands)
        errors = [e for e in hands.errors if e.hand]
        assert len(got) + len(errors) == len(header.findall(file_text(path))), path
        assert {h.site for h in got} <= {site}, path
        for error in errors:
            assert any(r in error.reason for r in reasons), error
            assert "hand #" not in error.reason, error
        seen[path.name] = (len(got), len(errors))
    return seen
