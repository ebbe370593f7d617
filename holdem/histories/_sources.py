"""The files a path names (a file, a folder's files, a zip's members) as streams of text.

Nothing here holds more than a piece of a file (:data:`CHUNK_CHARS`) and its sniffed head
(:data:`HEAD_BYTES`) in memory: a folder or an archive of any size is read one file, one piece
at a time. The text is UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order
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

__all__ = ["CHUNK_CHARS", "HEAD_BYTES", "Source", "chunks", "sources"]

#: The bytes of a file's start that decide its encoding and its site.
HEAD_BYTES = 64 * 1024
#: The characters of a file read at a time (a file of one endless line costs no more).
CHUNK_CHARS = 1 << 20


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
        yield Source(where, size, lambda: open(where, "rb"))  # noqa: SIM115 (closed by chunks)
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
    """The encoding of a file that starts with ``head`` (a character cut at its end aside).

    >>> text = "Café 2€"
    >>> encoding(text.encode()), encoding(text.encode("cp1252")), encoding(b"\\xff\\xfeA\\x00")
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


def chunks(source: Source, progress: Callable[[int], None] | None = None) -> Iterator[str]:
    """The text of a file in pieces of :data:`CHUNK_CHARS` characters (line ends made
    ``"\\n"``), one at a time; ``progress`` is called with the characters read so far.

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
        try:
            while True:
                piece = text.read(CHUNK_CHARS)
                if not piece:
                    break
                read += len(piece)
                if progress is not None:
                    progress(read)
                yield piece
        except (OSError, zipfile.BadZipFile, EOFError) as exc:
            raise HistoryError(source.name, "", f"the file is cut short: {exc}") from None


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
