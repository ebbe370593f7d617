"""Which hand kernel the engine runs on: the compiled :mod:`holdem.engine._state`, or its
reference in plain Python, :mod:`holdem.engine._pystate`.

The one switch is the environment variable ``HOLDEM_PURE_KERNEL`` (``1``: the reference), read
when holdem is first imported: :class:`holdem.Hand` is a plain-Python class over the chosen
kernel's ``HandState``. CI runs the engine's tests once on each kernel.
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["kernel"]


def _choose() -> ModuleType:
    if os.environ.get("HOLDEM_PURE_KERNEL", "").strip().lower() in {"1", "true", "yes", "on"}:
        from holdem.engine import _pystate

        return _pystate
    try:
        from holdem.engine import _state
    except ImportError:  # (an uncompiled checkout: the reference)
        from holdem.engine import _pystate

        return _pystate
    return _state


#: The kernel's module: its ``HandState`` and its pot functions.
kernel: ModuleType = _choose()
#: The kernel's hand state: the base of :class:`holdem.Hand`.
HandState: type = kernel.HandState
