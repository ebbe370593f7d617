"""holdem.compat and its compiled module holdem.compat._native, for all three shims.

The tables of holdem.compat._native follow the published layouts: eval7's packed value
(category << 24, then four bits a deciding rank) and treys' card int (the rank's bit at
16 + rank, the suit's bit at 12..15 with c = 8, d = 4, h = 2, s = 1, the rank at 8..11 and the
rank's prime at 0..5), written out here from those layouts rather than taken from the package.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

import holdem.compat
from holdem import CardError
from holdem.compat import CardKeyError, CompatTypeError, _native
from holdem.compat import eval7 as shim_eval7
from holdem.compat import phevaluator as shim_ph
from holdem.compat import treys as shim_treys

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def test_shims_do_not_import_the_packages_they_replace() -> None:
    code = (
        "import sys; import holdem.compat.treys, holdem.compat.phevaluator, holdem.compat.eval7; "
        "print(sorted({'treys', 'phevaluator', 'eval7'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_compiled_tables_against_rules() -> None:
    """eval7's value of each holdem value packs value_ranks; treys' ints follow treys' layout."""
    values = _native.eval7_values()
    assert len(values) == 7463 and values[0] == 0
    assert values == sorted(values) and len(set(values)) == 7463  # same order as holdem's
    for c, x in enumerate(_native.treys_cards()):
        rank, suit = c >> 2, c & 3
        assert x == (1 << (16 + rank)) | ((8 >> suit) << 12) | (rank << 8) | PRIMES[rank]
    assert _native.PRIMES == PRIMES


def test_card_indices() -> None:
    """The index of each card form, and the error of each bad one."""
    names = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]
    for c, x in enumerate(_native.treys_cards()):
        assert _native.treys_card_index(x) == c
        assert _native.phevaluator_card_index(names[c]) == c
        assert _native.phevaluator_card_index(names[c].upper()) == c
        assert _native.phevaluator_card_index(c) == c
    bad: Any
    for bad, error in [(3, CardError), (2**80, CardError), (1.5, CompatTypeError),
                       (True, CompatTypeError), ("As", CompatTypeError)]:  # fmt: skip
        with pytest.raises(error):
            _native.treys_card_index(bad)
    for bad, error in [(52, CardError), ("As ", CardError), ("Xs", CardKeyError),
                       (None, CompatTypeError), (False, CompatTypeError)]:  # fmt: skip
        with pytest.raises(error):
            _native.phevaluator_card_index(bad)


@pytest.mark.parametrize(
    "module", [holdem.compat, shim_ph, shim_eval7, shim_treys, _native], ids=lambda m: m.__name__
)
def test_every_shim_module_has_examples(module: ModuleType) -> None:
    """Each module documents itself with examples (tests/test_doctests.py runs them)."""
    examples = sum(len(t.examples) for t in doctest.DocTestFinder().find(module))
    assert examples > 0
