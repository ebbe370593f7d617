"""A user's code type-checks: ``holdem.Hand`` as its rules make the chips, and the batch arrays.

Under the ``casino`` and ``pokerkit`` presets the chips stay whole, so ``hand.stacks`` and
``hand.payoffs`` are ints to a type checker (``Hand[int]``); under ``acpc`` (exact fractions,
the ACPC dealer's split of an odd pot) or a ``Rules`` value they may be Fractions
(``Hand[int | Fraction]``). The batch functions return typed NumPy arrays (uint16 values, bool
winner flags), and ``evaluate`` takes cards, not floats. mypy --strict (its API, as a user runs
it on the installed package) must accept the first script and refuse each error of the second.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import textwrap
from pathlib import Path

import pytest

import holdem
from holdem import Hand

ACCEPTED = """
from fractions import Fraction

import numpy as np
import numpy.typing as npt

import holdem
from holdem import Hand


def total(hand: Hand[int]) -> int:
    return sum(hand.stacks)


hand = Hand([200, 200], blinds=(1, 2), seed=1)
stack: int = hand.stacks[0]
hand.fold()
won: list[int] = hand.payoffs
also: int = total(holdem.Hand([100, 100, 100], blinds=(1, 2), rules="pokerkit", seed=2))
exact = Hand([100, 100], blinds=(1, 2), rules="acpc", seed=3)
chips: int | Fraction = exact.stacks[0]
anything: Hand = exact

rows: npt.NDArray[np.uint8] = np.zeros((2, 7), dtype=np.uint8)
values: npt.NDArray[np.uint16] = holdem.evaluate_batch(rows)
both, winners = holdem.showdown_batch(rows[:, :5], [[50, 51], [48, 49]])
flags: npt.NDArray[np.bool_] = winners
one: int = holdem.evaluate(["As", 50, holdem.Card("Qs"), np.uint8(47), "Ts"])
"""

REFUSED = """
import numpy as np
import numpy.typing as npt

from holdem import Hand, evaluate, evaluate_batch

hand = Hand([200, 200], blinds=(1, 2), rules="acpc", seed=1)
stack: int = hand.stacks[0]
values: npt.NDArray[np.int64] = evaluate_batch([[0, 1, 2, 3, 4]])
evaluate(7.5)
"""


def test_mypy_strict_on_a_users_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api = pytest.importorskip("mypy.api")
    pytest.importorskip("numpy")  # the scripts use NumPy's types
    # From an empty folder, as a user's project: the installed holdem (not a source tree in the
    # current folder) and no configuration file but the command line's.
    monkeypatch.chdir(tmp_path)
    good, bad = tmp_path / "good.py", tmp_path / "bad.py"
    good.write_text(textwrap.dedent(ACCEPTED))
    bad.write_text(textwrap.dedent(REFUSED))
    common = ["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache")]
    out, err, status = api.run([*common, "good.py"])
    assert (status, out, err) == (0, "", "")
    out, err, status = api.run([*common, "bad.py"])
    assert status == 1
    errors = out.strip().splitlines()
    # One error a line (the texts of NumPy's types vary with its version: key words only).
    assert [e.split(": error: ")[0] for e in errors] == ["bad.py:8", "bad.py:9", "bad.py:10"]
    assert '"int | Fraction", variable has type "int")  [assignment]' in errors[0]
    assert "_16Bit" in errors[1] and "_64Bit" in errors[1] and errors[1].endswith("[assignment]")
    assert 'to "evaluate" has incompatible type "float"' in errors[2]


def test_hand_is_subscriptable_at_run_time() -> None:
    assert Hand[int].__origin__ is Hand  # type: ignore[attr-defined]
    assert holdem.Hand is Hand and type(Hand([10, 10], blinds=(1, 2), seed=0)) is Hand


def _init_parameters(tree: ast.Module, cls: str) -> list[list[tuple[str, str | None]]]:
    """Each ``__init__`` of class ``cls`` (its overloads too): its parameters and defaults."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    args = item.args
                    names = [a.arg for a in args.args[1:]] + [a.arg for a in args.kwonlyargs]
                    defaults = [None] * (len(args.args) - 1 - len(args.defaults)) + [
                        ast.unparse(d) for d in args.defaults
                    ]
                    defaults += [None if d is None else ast.unparse(d) for d in args.kw_defaults]
                    found.append(list(zip(names, defaults, strict=True)))
    return found


def test_the_stubs_overloads_take_the_parameters_of_hand_init() -> None:
    """The typed view (``_typed_hand.pyi``) and the engine's ``Hand.__init__`` (the hand
    kernel's: the reference's in plain Python, and the compiled one's signature) stay in
    step."""
    spec = importlib.util.find_spec("holdem.engine")
    assert spec is not None and spec.submodule_search_locations
    folder = Path(next(iter(spec.submodule_search_locations)))
    (real,) = _init_parameters(ast.parse((folder / "_pystate.py").read_text()), "HandState")
    base = Hand.__mro__[1]  # the kernel's HandState
    if base.__module__ == "holdem.engine._state":  # compiled: the signature Cython embeds
        first = (base.__doc__ or "").splitlines()[0]
        tree = ast.parse(f"def f({first[first.index('(') + 1 : first.rindex(')')]}): pass")
        args = tree.body[0].args  # type: ignore[attr-defined]
        compiled = [a.arg for a in [*args.args, *args.kwonlyargs]]
        assert compiled == [name for name, _ in real]
    assert list(inspect.signature(Hand).parameters) == [name for name, _ in real]
    overloads = _init_parameters(ast.parse((folder / "_typed_hand.pyi").read_text()), "Hand")
    assert len(overloads) == 2
    for overload in overloads:
        assert [name for name, _ in overload] == [name for name, _ in real]
        for (name, default), (_, real_default) in zip(overload, real, strict=True):
            # "..." stands for a default the stub does not spell out.
            assert default in (real_default, "...") or name == "rules", name


def test_both_kernels_have_the_same_public_face() -> None:
    """The compiled kernel and its plain-Python reference: the same public names, each with the
    same docstring (the compiled one's first line is the signature Cython embeds)."""
    from holdem.engine import _pystate

    compiled = pytest.importorskip("holdem.engine._state")
    a, b = compiled.HandState, _pystate.HandState

    def public(cls: type) -> set[str]:
        return {n for n in dir(cls) if not n.startswith("_")}

    assert public(a) == public(b)
    for name in sorted(public(a)):
        doc = inspect.getdoc(getattr(a, name)) or ""
        if doc.startswith(f"HandState.{name}("):
            doc = doc.partition("\n")[2]
        assert doc.strip() == (inspect.getdoc(getattr(b, name)) or "").strip(), name
