"""The files a path names (a file, a folder's files, a zip's members) as streams of text lines.

Nothing here holds more than one line (cut at :data:`MAX_LINE_CHARS`) and the sniffed head of
a file (:data:`HEAD_BYTES`) in memory: a folder or an archive of any size is read one file, one
line at a time. The text is UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order
mark, or, when the head is not UTF-8, Windows-1252: the encodings the sites have written.
"""

from __future__ import annotations

import codecs
import io
import os
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO

from holdem.errors import HistoryError

__all__ = ["HEAD_BYTES", "MAX_LINE_CHARS", "Source", "lines", "sources"]

#: The bytes of a file's start that decide its encoding and its site.
HEAD_BYTES = 64 * 1024
#: A line longer than this is cut in pieces of this length (each piece read as a line of its
#: own, never joined), so that one endless line costs bounded memory.
MAX_LINE_CHARS = 64 * 1024


@dataclass(frozen=True, slots=True)
class Source:
    """One file to read: its name in messages, its size in bytes and how to open it (binary)."""

    name: str
    size: int
    open: Callable[[], IO[bytes]]


def sources(path: str | os.PathLike[str]) -> Iterator[Source]:
    """The files of ``path``: the file itself, a folder's files (sorted, recursively) or a zip
    archive's members (a ``.zip`` file or any file that starts as one).

    :raises HistoryError: if the path cannot be read (no such file, no permission).
    """
    where = os.fspath(path)
    if os.path.isdir(where):
        yield from _folder(where)
    elif os.path.isfile(where):
        yield from _file(where)
    else:
        raise HistoryError(where, "", "no such file or folder")


def _folder(root: str) -> Iterator[Source]:
    for folder, subfolders, names in os.walk(root):
        subfolders.sort()
        for name in sorted(names):
            if not name.startswith("."):  # .DS_Store and the like
                yield from _file(os.path.join(folder, name))


def _file(where: str) -> Iterator[Source]:
    try:
        size = os.path.getsize(where)
        is_zip = zipfile.is_zipfile(where)
    except OSError as exc:
        raise HistoryError(where, "", f"cannot read the file: {exc.strerror or exc}") from None
    if not is_zip:
        yield Source(where, size, lambda: open(where, "rb"))  # noqa: SIM115 (closed by lines)
        return
    try:
        archive = zipfile.ZipFile(where)
    except (OSError, zipfile.BadZipFile) as exc:
        raise HistoryError(where, "", f"cannot read the zip archive: {exc}") from None
    with archive:
        for info in archive.infolist():
            base = info.filename.rsplit("/", 1)[-1]
            if info.is_dir() or base.startswith(".") or "__MACOSX/" in info.filename:
                continue
            yield Source(
                f"{where}/{info.filename}",
                info.file_size,
                lambda info=info: archive.open(info),  # type: ignore[misc]
            )


def encoding(head: bytes) -> str:
    """The encoding of a file that starts with ``head``.

    >>> encoding("é".encode()), encoding("é".encode("cp1252")), encoding(b"\\xff\\xfeA\\x00")
    ('utf-8-sig', 'cp1252', 'utf-16')
    """
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8-sig"


def head_text(source: Source) -> str:
    """The decoded start of a file (its first :data:`HEAD_BYTES` bytes).

    :raises HistoryError: if the file cannot be read.
    """
    try:
        with source.open() as file:
            head = file.read(HEAD_BYTES)
    except (OSError, zipfile.BadZipFile, RuntimeError) as exc:
        raise HistoryError(source.name, "", f"cannot read the file: {exc}") from None
    return head.decode(encoding(head), errors="replace").lstrip("\ufeff")


def lines(source: Source, progress: Callable[[int], None] | None = None) -> Iterator[str]:
    """The lines of a file without their line ends, one at a time; a line longer than
    :data:`MAX_LINE_CHARS` comes in pieces, each but the first marked by a leading ``"\\0"``
    (no line of a hand history starts with one). ``progress`` is called with the characters
    read so far, about every megabyte.

    :raises HistoryError: if the file cannot be read.
    """
    try:
        binary = source.open()
    except (OSError, zipfile.BadZipFile, RuntimeError) as exc:
        raise HistoryError(source.name, "", f"cannot read the file: {exc}") from None
    with binary:
        head = binary.read(HEAD_BYTES)
        rest = io.BufferedReader(_Prefixed(head, binary))
        text = io.TextIOWrapper(rest, encoding=encoding(head), errors="replace", newline=None)
        read = 0
        reported = 0
        whole = True  # the previous piece ended its line
        try:
            while True:
                piece = text.readline(MAX_LINE_CHARS)
                if not piece:
                    break
                read += len(piece)
                if progress is not None and read - reported >= 1 << 20:
                    reported = read
                    progress(read)
                ends = piece.endswith("\n")
                body = piece.rstrip("\r\n")
                yield body if whole else "\0" + body
                whole = ends
        except (OSError, zipfile.BadZipFile, EOFError) as exc:
            raise HistoryError(source.name, "", f"the file is cut short: {exc}") from None
        if progress is not None:
            progress(read)


class _Prefixed(io.RawIOBase):
    """A binary stream that gives ``head`` and then the rest of ``stream``."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = head
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.stream.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        return n
