"""Argument checks shared by the Python layer (one message and one error class per mistake), and
reading a text file with the error of the format that reads it."""

from __future__ import annotations

import operator
import os
import zipfile
from typing import Any, TypeGuard

from holdem.errors import ArgumentError, ArgumentTypeError, HoldemError


def is_int(value: object) -> TypeGuard[int]:
    """True for an int that is not a bool (chips, counts and card indices are never bools).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) within ``low..high`` (either bound may be None),
    as a plain int (an int subclass is converted with ``operator.index`` before it is compared).

    :raises ArgumentTypeError: if it is not an int (a float, a str, a bool ...).
    :raises ArgumentError: if it is out of range.

    >>> check_int(4, "threads", 1)
    4
    >>> check_int(0, "threads", 1)
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentError: threads must be an int >= 1, got 0
    """
    if not is_int(value):
        raise ArgumentTypeError(f"{what} must be an int{_bounds(low, high)}, got {value!r}")
    if type(value) is not int:
        value = operator.index(value)  # a plain int: a subclass's comparisons may lie
    if (low is not None and value < low) or (high is not None and value > high):
        raise ArgumentError(f"{what} must be an int{_bounds(low, high)}, got {value!r}")
    return value


#: The most samples a Monte Carlo job takes (equity of any game, double-board equity): 2**32,
#: a few minutes of one core for a hold'em hand (about 20 million samples a second), and the
#: most that sampling to a standard error draws. A job that could not finish is refused
#: before it starts.
MAX_SAMPLES = 1 << 32


def check_samples(samples: object, low: int = 1) -> int:
    """``samples``, a number of Monte Carlo samples: an int from ``low`` to
    :data:`MAX_SAMPLES`.

    :raises ArgumentTypeError: if it is not an int.
    :raises ArgumentError: if it is below ``low`` or above :data:`MAX_SAMPLES` (naming it).

    >>> check_samples(10**18)
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentError: samples is at most 2**32 (4,294,967,296: minutes of sampling \
on one core), got 1,000,000,000,000,000,000: ask for fewer samples, or for a standard error \
(stderr=)
    """
    value = check_int(samples, "samples", low)
    if value > MAX_SAMPLES:
        raise ArgumentError(
            f"samples is at most 2**32 ({MAX_SAMPLES:,}: minutes of sampling on one core), got "
            f"{value:,}: ask for fewer samples, or for a standard error (stderr=)"
        )
    return value


def check_collection(
    value: object, what: str, example: str, error: type[HoldemError] = ArgumentTypeError
) -> None:
    """Refuse ``value`` unless it is a collection (iterable, not a str or bytes): ``what`` is
    its name and ``example`` what one looks like, for the message.

    :raises HoldemError: ``error`` (by default :class:`ArgumentTypeError`) for None, a number,
        a str or anything else that cannot be iterated over.

    >>> check_collection(["AsKs"], "hands", "['AsKs', 'QdQc']")
    >>> check_collection(None, "hands", "['AsKs', 'QdQc']")
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentTypeError: hands is a collection such as ['AsKs', 'QdQc'], got None
    """
    if isinstance(value, str | bytes) or not hasattr(type(value), "__iter__"):
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        got = f"not the string {shown}" if isinstance(value, str) else f"got {shown}"
        raise error(f"{what} is a collection such as {example}, {got}")


class Lookup:
    """A mixin of the package's enumerations: looking up a value that is none of theirs
    (``Structure("x")``) raises :class:`ArgumentError`, a ValueError, naming the choices.

    >>> import enum
    >>> class Color(Lookup, enum.Enum):
    ...     RED = "red"
    >>> Color("blue")
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentError: 'blue' is not a Color: one of 'red'
    """

    @classmethod
    def _missing_(cls, value: object) -> Any:
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        choices = ", ".join(repr(member.value) for member in cls)  # type: ignore[attr-defined]
        raise ArgumentError(f"{shown} is not a {cls.__name__}: one of {choices}")


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


def check_seed(seed: object) -> int | None:
    """A seed: None (fresh entropy from the operating system) or an int from 0 to 2**64 - 1.

    The same check, message and errors everywhere a seed is taken (decks, hands, equity, ICM,
    hand histories, the drop-in shims).

    :raises ArgumentTypeError: for anything but None or an int (a float, a str, a bool).
    :raises ArgumentError: for an int out of 0 .. 2**64 - 1.

    >>> check_seed(None), check_seed(7)
    (None, 7)
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentTypeError: a seed is None or an int >= 0, got '7'
    """
    if seed is None:
        return None
    if not is_int(seed):
        raise ArgumentTypeError(f"a seed is None or an int >= 0, got {seed!r}")
    if type(seed) is not int:
        seed = operator.index(seed)  # a plain int: a subclass's comparisons may lie
    if seed < 0:
        raise ArgumentError(f"a seed is None or an int >= 0, got {seed!r}")
    if seed >= 2**64:  # (a kernel's 64-bit seed would wrap: 2**64 would deal as 0 does)
        raise ArgumentError(f"a seed is None or an int >= 0 and below 2**64, got {seed!r}")
    return seed


def check_path(path: object, where: str, error: type[HoldemError] = ArgumentError) -> str | bytes:
    """``path`` as ``os.fspath`` gives it, if it names a file: a str, bytes or path-like object
    without a NUL character (an int would be a file descriptor: ``True`` is standard output).

    :raises ArgumentTypeError: if it is none of those (``error`` if that is a TypeError).
    :raises error: if it holds a NUL character; ``where`` starts the message.

    >>> check_path("hands.txt", "load")
    'hands.txt'
    >>> check_path(True, "load")
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentTypeError: load: a path is a str, bytes or path-like object, got True
    """
    if not isinstance(path, str | bytes | os.PathLike):
        kind = error if issubclass(error, TypeError) else ArgumentTypeError
        raise kind(f"{where}: a path is a str, bytes or path-like object, got {path!r}")
    try:
        name = os.fspath(path)
    except TypeError as exc:  # a path-like object whose __fspath__ returns no str
        raise ArgumentTypeError(f"{where}: {exc}") from None
    if (isinstance(name, str) and "\0" in name) or (isinstance(name, bytes) and b"\0" in name):
        raise error(f"{where}: a path holds no NUL character, got {name!r}")
    return name


def read_text(
    path: str | os.PathLike[str],
    *,
    encoding: str,
    error: type[HoldemError],
    where: str,
    limit: int | None = None,
) -> str:
    """The whole text of a file, or ``error`` saying why not (``where`` starts the message).

    ``limit``: the most characters read; a longer file (or an endless one such as
    ``/dev/zero``) is refused after reading one character more, never read to its end.

    :raises error: if the file cannot be read (missing, a folder, no permission), is not text
        in ``encoding``, or is longer than ``limit``, or the path holds a NUL character.
    :raises ArgumentTypeError: if the path is no str, bytes or path-like object.
    """
    check_path(path, where, error)
    try:
        with open(path, encoding=encoding) as file:
            text = file.read(-1 if limit is None else limit + 1)
    except OSError as exc:
        raise error(f"{where}: cannot read the file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise error(f"{where}: not {encoding.upper()} text: {exc}") from None
    if limit is not None and len(text) > limit:
        raise error(f"{where}: longer than the {limit:,} characters read")
    return text


def read_arrays(np: Any, path: object, *, where: str) -> dict[str, Any]:
    """Every array of a NumPy ``.npz`` file, read at once (``np`` is the NumPy module).

    :raises ArgumentError: if the path is no path, or the file cannot be read (missing, a
        folder, no permission) or is not an ``.npz`` file of plain arrays; ``where`` starts the
        message.
    """
    check_path(path, where)
    try:
        with np.load(path, allow_pickle=False) as data:
            if not isinstance(data, np.lib.npyio.NpzFile):
                raise ArgumentError(f"{where}: {path!r} is not an .npz file")
            return {name: data[name] for name in data.files}
    except OSError as exc:
        raise ArgumentError(f"{where}: cannot read {path!r}: {exc.strerror or exc}") from None
    except (ValueError, EOFError, zipfile.BadZipFile) as exc:
        if isinstance(exc, HoldemError):
            raise
        raise ArgumentError(f"{where}: {path!r} is not an .npz file of arrays: {exc}") from None


def check_type(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """Refuse ``value`` unless it is an instance of ``kind``; ``what`` names it for the message.

    :raises ArgumentTypeError: if it is not.

    >>> check_type("AsKs", int, "a hand")
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentTypeError: a hand is an int, got a str: 'AsKs'
    """
    if not isinstance(value, kind):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        names = " or ".join(k.__name__ for k in kinds)
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        article = "an" if names[0] in "AEIOUaeiou" else "a"
        raise ArgumentTypeError(
            f"{what} is {article} {names}, got a {type(value).__name__}: {shown}"
        )


def length(value: object, what: str, error: type[HoldemError] = ArgumentTypeError) -> int:
    """``len(value)``, or ``error`` naming ``what`` if it has none (None, a number, an
    iterator) or one too large for an index (a ``range`` of 10**20 items: then
    :class:`ArgumentError` if ``error`` is a TypeError).

    >>> length([1, 2], "blinds")
    2
    >>> length(range(10**20), "blinds")
    Traceback (most recent call last):
    ...
    holdem.errors.ArgumentError: blinds has more than 2**63 items
    """
    try:
        return len(value)  # type: ignore[arg-type]
    except TypeError:
        raise error(f"{what} is a sequence, got {_shown(value)}") from None
    except OverflowError:  # a value error, whatever error says of a value of the wrong type
        too_long = ArgumentError if issubclass(error, TypeError) else error
        raise too_long(f"{what} has more than 2**63 items") from None


def _shown(value: object) -> str:
    text = repr(value) if not (is_int(value) and abs(value) > 10**100) else "a huge int"
    return text if len(text) <= 60 else text[:57] + "..."
