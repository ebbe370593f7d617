""":func:`load`: every hand of a file, a folder or a zip, whatever the site, one at a time."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from holdem._validate import check_path
from holdem.errors import HistoryError, HoldemError
from holdem.histories._sites import Site, sniff
from holdem.histories._sources import Source, chunks, head_text, sources
from holdem.phh import HandHistory
from holdem.pokerstars import Checked, StarsHand, check, to_history

__all__ = ["MAX_ERRORS", "MAX_HAND_CHARS", "Histories", "Loaded", "load"]

#: A hand's text longer than this is refused (its lines are not kept past it).
MAX_HAND_CHARS = 200_000
#: The errors a :class:`Histories` keeps (the count goes on past it).
MAX_ERRORS = 10_000


@dataclass(frozen=True, slots=True)
class Loaded:
    """One hand read: its ``site``, its ``file``, the common record (``hand``) and its PHH
    history (checked by a replay unless ``load(..., check=False)``; then ``checked`` is None).
    """

    site: str
    file: str
    hand: StarsHand
    history: HandHistory
    checked: Checked | None


class Histories:
    """The hands of a path, read one at a time as the object is iterated: an iterator, read
    once, as a file is.

    ``errors`` collects, as the reading goes, each hand (or file) that could not be read,
    converted or replayed exactly, as a :class:`~holdem.errors.HistoryError` (the first
    :data:`MAX_ERRORS` of them; ``error_count`` counts all); ``read`` counts the hands read,
    ``files`` the files opened and ``sites`` the hands read per site.
    """

    def __init__(
        self,
        path: str,
        *,
        check: bool = True,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        check_path(path, "histories.load")
        self.path = path
        self.check = check
        self.progress = progress
        self.errors: list[HistoryError] = []
        self.error_count = 0
        self.read = 0
        self.files = 0
        self.sites: dict[str, int] = {}
        self._stream: Iterator[Loaded] | None = None

    def __iter__(self) -> Iterator[Loaded]:
        return self

    def __next__(self) -> Loaded:
        if self._stream is None:
            self._stream = self._hands()
        return next(self._stream)

    def _error(self, error: HistoryError) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(error)

    def _hands(self) -> Iterator[Loaded]:
        files = list(_sizes(self.path)) if self.progress is not None else None
        total = sum(size for _, size in files) if files is not None else 0
        done = 0
        try:
            for source in sources(self.path):
                self.files += 1
                try:
                    site = _site_of(source)
                except HistoryError as exc:
                    self._error(exc)
                    continue
                report = None
                if self.progress is not None:
                    report = functools.partial(_report, self.progress, done, total)
                try:
                    yield from self._file(source, site, report)
                except HistoryError as exc:
                    self._error(exc)
                done += source.size
                if self.progress is not None:
                    self.progress(min(done, total), total)
        except HistoryError as exc:  # the folder or the archive itself
            self._error(exc)

    def _file(
        self, source: Source, site: Site, report: Callable[[int], None] | None
    ) -> Iterator[Loaded]:
        index = 0
        context: str | None = None  # the session's text the site's hands need (site.context)
        for number, text in _split(source, site, report):
            if not number:  # the text before the first hand (a site with a context)
                context = None if isinstance(text, HistoryError) else _context(site, text)
                continue
            if isinstance(text, HistoryError):
                self._error(text)
                index += 1
                continue
            own = text
            if site.context is not None:
                text = f"{context or ''}\n{own}"
                context = _context(site, own) or context
            try:
                hand = site.read(text, source.name, index)
                if self.check:
                    checked: Checked | None = check(hand)
                    history = checked.history  # type: ignore[union-attr]
                else:
                    checked, history = None, to_history(hand)
            except HoldemError as exc:
                self._error(HistoryError(source.name, number, _reason(str(exc), number)))
            else:
                self.read += 1
                self.sites[site.name] = self.sites.get(site.name, 0) + 1
                yield Loaded(site.name, source.name, hand, history, checked)
            index += 1


def load(
    path: str | os.PathLike[str],
    *,
    check: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Histories:
    """The hands of a hand history file, of each file of a folder (recursively) or of a zip
    archive, whatever the site (see :data:`holdem.histories.SITES`), read as they are iterated.

    Each file's site is sniffed from its first 64 KB. Each hand is read into the common record,
    its arithmetic checked against the file (the chips put in make the summary's total pot, the
    amounts collected and the rake add up to it) and replayed through the engine, which must pay
    each player what the file says (``check=False`` converts without these checks). A hand or a
    file that fails is set aside in the result's ``errors`` with the reason, and the reading
    goes on. Memory stays bounded whatever the size of the folder: one hand at a time.
    ``progress(done, total)`` is called as the bytes are read (it walks the folder once more
    first, for the total).

    :raises HistoryError: if ``path`` is neither a file nor a folder.
    :raises ArgumentTypeError: if it is no str, bytes or path-like object (ArgumentError: one
        holding a NUL character).

    >>> import tempfile, pathlib
    >>> folder = tempfile.mkdtemp()
    >>> _ = pathlib.Path(folder, "a.txt").write_text('''PokerStars Hand #7: Hold'em No Limit \\
    ... ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET
    ... Table 'T' 6-max Seat #1 is the button
    ... Seat 1: Ann ($2 in chips)
    ... Seat 2: Bob ($2 in chips)
    ... Ann: posts small blind $0.01
    ... Bob: posts big blind $0.02
    ... *** HOLE CARDS ***
    ... Ann: folds
    ... Uncalled bet ($0.01) returned to Bob
    ... Bob collected $0.02 from pot
    ... *** SUMMARY ***
    ... Total pot $0.02 | Rake $0''')
    >>> _ = pathlib.Path(folder, "b.txt").write_text("not a hand history")
    >>> hands = load(folder)
    >>> [(h.site, h.history.finishing_stacks) for h in hands]
    [('PokerStars', (201, 199))]
    >>> [e.reason for e in hands.errors]
    ['not a hand history of a known site']
    """
    where = os.fsdecode(check_path(path, "histories.load"))
    if not (os.path.isfile(where) or os.path.isdir(where)):
        raise HistoryError(where, "", "no such file or folder")
    return Histories(where, check=check, progress=progress)


def _context(site: Site, text: str) -> str | None:
    return None if site.context is None else site.context(text)


def _report(progress: Callable[[int, int], None], base: int, total: int, read: int) -> None:
    progress(min(base + read, total), total)


def _sizes(path: str) -> Iterator[tuple[str, int]]:
    try:
        for source in sources(path):
            yield source.name, source.size
    except HistoryError:
        return


def _site_of(source: Source) -> Site:
    site = sniff(head_text(source))
    if site is None:
        raise HistoryError(source.name, "", "not a hand history of a known site")
    return site


def _split(
    source: Source, site: Site, report: Callable[[int], None] | None
) -> Iterator[tuple[str, str | HistoryError]]:
    """Each hand of a file as ``(id, text)``; a hand over :data:`MAX_HAND_CHARS` as ``(id,
    error)``. Text before the first hand (a file's preamble) is skipped, or, for a site with a
    context, yielded as ``("", text)`` (at most :data:`MAX_HAND_CHARS` of it). At most one
    hand and one piece of the file are held at a time."""
    start = site_start(site)
    keep = site.context is not None  # the text before the first hand is yielded, id ""
    preamble = MAX_HAND_CHARS if keep else _TAIL  # what is kept of it
    buf = ""  # the text kept: from ``begin``, the current hand (or, before the first, a line)
    begin = 0
    number = ""  # the current hand's id ("" before the first hand)
    over = False  # the current hand (or kept preamble) is past its bound: skipped
    for piece in chunks(source, report):
        buf = buf[begin:] + piece
        begin = 0
        at = 1 if number else 0
        while (m := start.search(buf, begin + at)) is not None:
            found = m.start()
            if number:
                yield number, _piece(source, number, buf[begin:found], over)
            elif keep:
                yield "", _piece(source, "", buf[begin:found], over)
            begin, over, at = found, False, 1
            end = buf.find("\n", m.end(), m.end() + 500)  # (a start may span lines: WPN's)
            number = site.number(buf[found : end if end >= 0 else m.end() + 500])
        if len(buf) - begin > MAX_HAND_CHARS + _TAIL or (not number and len(buf) > preamble):
            over = over or bool(number) or keep
            # keep only the last line's start (a first line may straddle two pieces)
            cut = buf.rfind("\n", max(begin, len(buf) - _TAIL))
            if site.anywhere:  # (a hand may start anywhere: the last characters are kept)
                cut = max(begin, len(buf) - _TAIL)
            buf, begin = (buf[cut:] if cut >= 0 else _NOT_A_LINE_START), 0
    if number:
        yield number, _piece(source, number, buf[begin:], over)


# What a piece of a file keeps of an over-long hand or a preamble: its last _TAIL characters
# from a line's start; when those hold no line end, this (no hand starts there).
_TAIL = 1000
_NOT_A_LINE_START = "\0"


def site_start(site: Site) -> re.Pattern[str]:
    """The pattern of a hand's first line of ``site`` anywhere in a text (at a line start)."""
    pattern = _STARTS.get(site.name)
    if pattern is None:
        pattern = site.pattern()
        _STARTS[site.name] = pattern
    return pattern


_STARTS: dict[str, re.Pattern[str]] = {}


def _piece(source: Source, number: str, text: str, over: bool) -> str | HistoryError:
    if over or len(text) > MAX_HAND_CHARS:
        return HistoryError(source.name, number, f"the hand is over {MAX_HAND_CHARS} characters")
    return text.strip().lstrip("\ufeff")


def _reason(message: str, number: str) -> str:
    """A reader's message without the file and hand it names (the error says them)."""
    m = _NAMED.search(message)
    reason = message[m.end() :] if m else message.split(": ", 1)[-1]
    return _REPLAYED.sub("", reason)


_NAMED = re.compile(r"hand #(?:[A-Za-z]{0,4}\d[\d-]*|\w{1,60}): ")
_REPLAYED = re.compile(r"(?<=the hand: ).*?\[[^\]]*\] \(hand \d+ of the file\): ")
