"""The package's face (holdem/__init__.py): what ``import holdem`` loads, its names, its version."""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.metadata
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import holdem

from _support.paths import SOURCE

DISTRIBUTION = "holdem-engine"  # pyproject.toml's [project] name


def _run(code: str) -> str:
    """Run ``code`` in a fresh interpreter (``-P``: the current directory stays off sys.path)."""
    result = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


def test_version_is_the_installed_distributions() -> None:
    """The version in the package is the one its installed metadata (the wheel's) carries."""
    assert holdem.__version__ == importlib.metadata.version(DISTRIBUTION)


def test_import_does_not_load_numpy() -> None:
    """NumPy is an optional extra, imported only when a batch function is called."""
    code = "import sys, holdem; holdem.evaluate('AsKsQsJsTs'); print('numpy' in sys.modules)"
    assert _run(code) == "False"


def test_import_loads_only_cards_and_evaluator() -> None:
    """``import holdem`` stays fast: the rest of the API is loaded by its first use."""
    heavy = [
        "holdem.analysis.equity",
        "holdem.engine.hand",
        "holdem.phh",
        "holdem.analysis.ranges",
        "holdem.analysis.odds",
        "holdem.analysis.icm",
        "holdem.engine.rules",
        "holdem.engine.pots",
        "holdem.analysis.starting",
        "holdem.analysis._exact",
    ]
    code = f"import sys, holdem; print([m for m in {heavy!r} if m in sys.modules])"
    assert _run(code) == "[]"
    code = "import sys, holdem; holdem.Hand; print('holdem.engine.hand' in sys.modules)"
    assert _run(code) == "True"


# The package's one list of public names (holdem/__init__.py): the eager and the lazy map.
EAGER: dict[str, str] = vars(holdem)["_EAGER_MODULES"]
LAZY: dict[str, str] = vars(holdem)["_LAZY_MODULES"]
TYPED_FROM: dict[str, str] = vars(holdem)["_TYPED_FROM"]
MODULE_OF = {n: m for source in (EAGER, LAZY) for m, names in source.items() for n in names.split()}


def test_every_public_name_resolves() -> None:
    for name in holdem.__all__:
        assert getattr(holdem, name) is not None, name
    assert set(holdem.__all__) == {*MODULE_OF, "__version__"}
    assert len(MODULE_OF) == sum(len(n.split()) for s in (EAGER, LAZY) for n in s.values())
    with pytest.raises(AttributeError):
        getattr(holdem, "no_such_name")  # noqa: B009


@pytest.mark.parametrize("name", sorted(MODULE_OF))
def test_a_public_name_is_its_modules_object(name: str) -> None:
    module = importlib.import_module(MODULE_OF[name])
    assert getattr(holdem, name) is getattr(module, name)


def _stub() -> tuple[dict[str, tuple[str, str]], list[str]]:
    """The installed holdem/__init__.pyi: each name it imports (its module and the name there)
    and its ``__all__``."""
    tree = ast.parse(Path(holdem.__file__).with_suffix(".pyi").read_text(encoding="utf-8"))
    imported: dict[str, tuple[str, str]] = {}
    listed: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                imported[alias.asname or alias.name] = (node.module or "", alias.name)
                assert alias.asname == alias.name, f"{alias.name} is not re-exported as itself"
        elif isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__":
            listed = ast.literal_eval(node.value)
    return imported, listed


def test_the_typed_face_is_the_list_of_names() -> None:
    """holdem/__init__.pyi (written by ci/public_names.py) declares each public name, from its
    module in the maps (or the typed face of _TYPED_FROM), and no other: what a type checker
    sees of ``holdem`` is what ``import holdem`` gives."""
    imported, listed = _stub()
    assert sorted(listed) == sorted(holdem.__all__)
    assert set(imported) == set(MODULE_OF)
    for name, (module, original) in imported.items():
        assert original == name
        assert module == TYPED_FROM.get(name, MODULE_OF[name]), name
    assert set(TYPED_FROM) <= set(MODULE_OF)


def test_legal_discard_is_typed() -> None:
    """LegalDiscard reaches type checkers as the class it is (it was Any to mypy)."""
    imported, _ = _stub()
    assert imported["LegalDiscard"] == ("holdem.engine.events", "LegalDiscard")
    assert isinstance(holdem.LegalDiscard, type)


def _classes(path: Path) -> list[str]:
    """The public classes a module of holdem defines at its top level."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        names = [n.name for n in ast.parse(text).body if isinstance(n, ast.ClassDef)]
    else:
        names = re.findall(r"^(?:cdef )?class (\w+)", text, re.M)
    return [n for n in names if not n.startswith("_")]


def test_no_two_classes_share_a_name() -> None:
    """No two public classes of holdem share a name, but for the drop-in shims (holdem.compat
    gives the peers' own class names) and the hand kernel's plain-Python reference, which is the
    compiled kernel's twin by design (holdem.engine._kernel chooses one)."""
    twins = {SOURCE / "engine" / "_pystate.py"}
    where: dict[str, list[str]] = {}
    for path in sorted(SOURCE.rglob("*")):
        if path.suffix not in (".py", ".pyx") or path in twins or "compat" in path.parts:
            continue
        for name in _classes(path):
            where.setdefault(name, []).append(str(path.relative_to(SOURCE)))
    shared = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert not shared, shared
    assert {"Game", "SeatState", "EnvGame", "HandState"} <= set(where)


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        ("holdem.envs._game", "Game", "EnvGame"),
        ("holdem.engine.button", "Seat", "SeatState"),
    ],
)
def test_renamed_classes_keep_their_old_names_with_a_warning(
    module: str, old: str, new: str
) -> None:
    if module.startswith("holdem.envs"):
        pytest.importorskip("numpy")
    found = importlib.import_module(module)
    with pytest.warns(
        DeprecationWarning, match=rf"{module}\.{old} is deprecated.*use {module}\.{new}"
    ):
        value = getattr(found, old)
    assert value is getattr(found, new)


@pytest.mark.parametrize("name", ["equity", "icm"])
def test_functions_keep_their_names_after_their_modules_load(name: str) -> None:
    """Loading the module that defines ``holdem.equity`` leaves ``holdem.equity`` the function."""
    code = (
        f"import sys, holdem.analysis.{name}, holdem; "
        f"from holdem.analysis.{name} import {name} as f; "
        f"print(holdem.{name} is f, callable(holdem.{name}))"
    )
    assert _run(code) == "True True"


def test_no_module_shares_a_name_with_a_public_attribute() -> None:
    """In every package, a submodule's name is never also a public name of the package."""
    packages = [holdem] + [
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(holdem.__path__, "holdem.")
        if m.ispkg
    ]
    for package in packages:
        public = set(getattr(package, "__all__", ()))
        modules = {m.name for m in pkgutil.iter_modules(package.__path__)}
        assert not public & modules, (package.__name__, public & modules)


def test_dir_lists_the_public_names_only() -> None:
    """``dir(holdem)`` is ``__all__`` and the usual module dunders: no import or helper shows."""
    names = dir(holdem)
    assert names == sorted(names)
    assert set(holdem.__all__) <= set(names)
    assert {"__version__", "__doc__", "__all__", "__name__", "__file__"} <= set(names)
    for internal in ("Any", "TYPE_CHECKING", "importlib", "sys", "types", "_LAZY", "_core"):
        assert internal not in names, internal
    extra = set(names) - set(holdem.__all__)
    assert all(name.startswith("__") and name.endswith("__") for name in extra), extra
    for name in names:  # every listed name can be read
        getattr(holdem, name)


def _import_holdem_from(folder: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -c "import holdem"`` in ``folder`` (so ``folder/holdem`` comes first)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSAFEPATH", "PYTHONPATH")}
    return subprocess.run(
        [sys.executable, "-c", "import holdem"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _copy_installed_package(destination: Path, *, compiled: bool) -> Path:
    """Copy the installed package into ``destination/holdem``, its extensions only if asked."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)

    def ignore(_folder: str, names: list[str]) -> list[str]:
        return [n for n in names if n == "__pycache__" or (not compiled and n.endswith(suffixes))]

    return Path(
        shutil.copytree(Path(holdem.__file__).parent, destination / "holdem", ignore=ignore)
    )


def _compiled_cores(package: Path) -> list[Path]:
    """The compiled ``_core`` extension files in a package folder."""
    names = {"_core" + suffix for suffix in importlib.machinery.EXTENSION_SUFFIXES}
    return [path for path in package.iterdir() if path.name in names]


def test_importing_the_source_tree_says_what_is_missing(tmp_path: Path) -> None:
    """Run from a folder whose ``holdem`` has no compiled core, ``import holdem`` says so.

    The folder is a copy of the installed package without its compiled extensions: what a
    clone's root looks like to ``python -c "import holdem"`` (the current folder first on
    ``sys.path``, ahead of the installed package).
    """
    package = _copy_installed_package(tmp_path, compiled=False)
    assert (package / "__init__.py").is_file()
    assert not _compiled_cores(package)
    result = _import_holdem_from(tmp_path)
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: ")
    assert "source tree of holdem, not a built package" in last
    assert "compiled core" in last
    assert "pip install -e ." in last and "build_ext --inplace" in last
    assert str(package) in last  # names the folder that shadowed the installed package
    assert "circular import" not in result.stderr
    assert "partially initialized" not in result.stderr


def test_a_built_package_keeps_the_original_import_error(tmp_path: Path) -> None:
    """With a compiled core beside it that fails to load, the original error is re-raised."""
    package = _copy_installed_package(tmp_path, compiled=True)
    cores = _compiled_cores(package)
    assert len(cores) == 1
    cores[0].write_bytes(b"not a shared object")  # present, and unloadable
    result = _import_holdem_from(tmp_path)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines()[-1].startswith("ImportError: ")
    assert "source tree of holdem" not in result.stderr


def test_long_description_says_what_it_is_then_how_to_install() -> None:
    """The installed metadata's long description (the README) opens with what the package is,
    then the fresh-machine quick start, then how to install it with pip."""
    metadata = importlib.metadata.metadata(DISTRIBUTION)
    description = metadata.json["description"]
    assert isinstance(description, str)
    install = description.index("## Install")
    assert description.index("Texas hold'em") < description.index("## Quick start") < install
    section = description[install : description.index("## A short tour")]
    assert "pip install ." in section
    assert 'pip install ".[numpy]"' in section
    assert f"pip install {DISTRIBUTION}" in section
    assert "numpy" in (metadata.get_all("Provides-Extra") or [])  # the extra the README names
