"""Names kept for one release after they moved or were renamed: each use warns.

A module whose names moved gives them through its ``__getattr__`` (PEP 562) with
:class:`Moved`: the old name still reaches the same object, with a :class:`DeprecationWarning`
that names the new place. They are removed in the next release.
"""

from __future__ import annotations

import warnings

__all__ = ["Moved", "warn"]


def warn(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated and that ``new`` replaces it (``stacklevel`` counted from
    the caller of this function's caller, by default the user's code)."""
    warnings.warn(
        f"{old} is deprecated and will be removed in the next release: use {new}",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


class Moved:
    """A module's ``__getattr__`` for its names that moved: ``names`` maps each old name to its
    new place (said in the warning) and its object.

    >>> import warnings
    >>> getattr_ = Moved("example", {"old": ("example.new", 42)})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getattr_("old"), str(caught[0].message)
    (42, 'example.old is deprecated and will be removed in the next release: use example.new')
    """

    __slots__ = ("module", "names")

    def __init__(self, module: str, names: dict[str, tuple[str, object]]) -> None:
        self.module = module
        self.names = names

    def __call__(self, name: str) -> object:
        """The object ``name`` stands for, with its warning.

        :raises AttributeError: for a name that did not move (the module has no such name).
        """
        found = self.names.get(name)
        if found is None:
            raise AttributeError(f"module {self.module!r} has no attribute {name!r}")
        warn(f"{self.module}.{name}", found[0])
        return found[1]
