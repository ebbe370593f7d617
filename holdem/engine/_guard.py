"""The thread guard of tables and tournaments: one thread at a time in their state.

A :class:`~holdem.Table` or :class:`~holdem.Tournament` is not thread-safe. Each of its methods
that reads or changes state is :func:`exclusive`: a second thread that calls one while another
is inside gets a :class:`~holdem.TableError` at once, with nothing changed, rather than a table
that creates or loses chips.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from holdem.errors import TableError

__all__ = ["Guarded", "exclusive"]

_F = TypeVar("_F", bound=Callable[..., Any])


def exclusive(method: _F) -> _F:
    """Let one thread at a time into a table's or a tournament's state (``self._guard``, a
    re-entrant lock): a second thread gets a :class:`TableError` at once, before it changes
    anything, rather than a table that creates or loses chips. (Tables are not thread-safe:
    use each from one thread at a time.)"""

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        guard = self._guard
        if not guard.acquire(False):  # (positional: a keyword costs more than the rest of the call)
            raise TableError(
                f"{type(self).__name__} is in use by another thread: use it from one thread at "
                "a time (or behind a lock)"
            )
        try:
            return method(self, *args, **kwargs)
        finally:
            guard.release()

    return guarded  # type: ignore[return-value]


class Guarded:
    """A class whose methods are :func:`exclusive`: its lock (``_guard``), and copies made
    without it (a lock does not pickle: a copy gets its own)."""

    _guard: threading.RLock

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["_guard"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._guard = threading.RLock()
