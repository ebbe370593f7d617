"""holdem.phh as a package: its public names, where they live, and its examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import holdem.phh
from holdem.errors import PHHError

PUBLIC = {
    "VARIANTS": "holdem.phh.model",
    "VARIANT_GAMES": "holdem.phh.model",
    "HandHistory": "holdem.phh.model",
    "load": "holdem.phh.reading",
    "loads": "holdem.phh.reading",
    "Replay": "holdem.phh.replaying",
    "replay": "holdem.phh.replaying",
    "from_hand": "holdem.phh.writing",
    "to_phh": "holdem.phh.writing",
    "dumps_all": "holdem.phh.writing",
    "from_table": "holdem.phh.writing",
    "dumps_table": "holdem.phh.writing",
    "seating": "holdem.phh.resuming",
}


def test_every_public_name_is_the_one_of_its_module() -> None:
    assert set(holdem.phh.__all__) == {*PUBLIC, "PHHError"}
    assert holdem.phh.PHHError is PHHError
    for name, module in PUBLIC.items():
        assert getattr(holdem.phh, name) is getattr(importlib.import_module(module), name)
        assert name in importlib.import_module(module).__all__


def test_the_examples_cover_the_package() -> None:
    # The examples run (and must pass) in tests/test_doctests.py, module by module; here: the
    # package keeps at least 20 of them, and every public module has some.
    names = [m.name for m in pkgutil.iter_modules(holdem.phh.__path__, "holdem.phh.")]
    finder = doctest.DocTestFinder()
    counts = {}
    for name in ["holdem.phh", *names]:
        tests = finder.find(importlib.import_module(name))
        counts[name] = sum(len(t.examples) for t in tests)
    assert sum(counts.values()) >= 20
    assert all(counts[m] > 0 for m in set(PUBLIC.values()) | {"holdem.phh"})
