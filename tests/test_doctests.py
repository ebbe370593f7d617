"""Every module's docstring examples run and give what they show (the installed build's modules)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import holdem

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(holdem.__path__, "holdem.") if m.name != "holdem.__main__"
)


def test_every_module_is_found() -> None:
    assert {"holdem.engine.hand", "holdem._core", "holdem.analysis.equity", "holdem.acpc"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
