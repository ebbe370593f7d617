"""Every module's docstring examples run once and give what they show (the installed modules).

This is the one place that runs the docstring examples of holdem's modules. A compiled module
also carries Cython's ``__test__`` dictionary, which repeats the docstrings of its functions
(without the signature line that ``embedsignature`` puts in front); doctest finds those
functions by themselves, so such a repeat is dropped here and each example runs exactly once.
"""

from __future__ import annotations

import collections
import doctest
import importlib
import pkgutil
import types

import pytest

import holdem
from holdem.errors import MissingDependencyError

MODULES = sorted(
    ["holdem"]
    + [
        m.name
        for m in pkgutil.walk_packages(holdem.__path__, "holdem.")
        if m.name != "holdem.__main__"
    ]
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Modules (a package counts with its submodules) whose docstrings show at least this many examples.
LEAST_EXAMPLES = {
    "holdem.analysis.icm": 5,
    "holdem.analysis.odds": 16,
    "holdem.analysis.starting": 10,
    "holdem.phh": 20,
    "holdem.compat": 1,
    "holdem.compat._native": 1,
    "holdem.compat.eval7": 1,
    "holdem.compat.phevaluator": 1,
    "holdem.compat.treys": 1,
}


def _sources(test: doctest.DocTest) -> tuple[str, ...]:
    return tuple(example.source for example in test.examples)


def _module(name: str) -> types.ModuleType | None:
    """The module, or None when it needs an optional extra that is not installed."""
    try:
        return importlib.import_module(name)
    except MissingDependencyError:
        return None


def docstring_tests(name: str) -> list[doctest.DocTest]:
    """The module's docstring tests that have examples, a ``__test__`` repeat of another dropped."""
    module = _module(name)
    if module is None:
        return []
    tests = [t for t in doctest.DocTestFinder().find(module) if t.examples]
    direct = {_sources(t) for t in tests if ".__test__." not in t.name}
    return [t for t in tests if ".__test__." not in t.name or _sources(t) not in direct]


def test_every_module_is_found() -> None:
    assert {
        "holdem",
        "holdem.engine.hand",
        "holdem._core",
        "holdem.analysis.equity",
        "holdem.acpc",
    } <= set(MODULES)


def test_no_example_runs_twice() -> None:
    """No docstring's examples are collected twice, in one module or across modules."""
    seen = collections.Counter(_sources(t) for name in MODULES for t in docstring_tests(name))
    assert [s for s, n in seen.items() if n > 1] == []


def test_a_compiled_repeat_is_dropped() -> None:
    """``holdem._core.evaluate`` has examples, which its ``__test__`` entry repeats."""
    found = doctest.DocTestFinder().find(importlib.import_module("holdem._core"))
    names = [t.name for t in found if t.examples]
    kept = [t.name for t in docstring_tests("holdem._core")]
    assert "holdem._core.evaluate" in kept
    repeats = [n for n in names if n.startswith("holdem._core.__test__.evaluate")]
    assert all(n not in kept for n in repeats)


@pytest.mark.parametrize(("prefix", "least"), sorted(LEAST_EXAMPLES.items()))
def test_modules_show_examples(prefix: str, least: int) -> None:
    names = [n for n in MODULES if n == prefix or n.startswith(prefix + ".")]
    assert sum(len(t.examples) for n in names for t in docstring_tests(n)) >= least


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    if _module(name) is None:
        pytest.skip(f"{name} needs an optional extra that is not installed")
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in docstring_tests(name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
