"""The package's face (holdem/__init__.py): what ``import holdem`` loads, its names, its version."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.metadata
import os
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import holdem

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


def test_every_public_name_resolves() -> None:
    for name in holdem.__all__:
        assert getattr(holdem, name) is not None, name
    assert set(holdem.__all__) <= set(dir(holdem))
    assert set(holdem._LAZY) <= set(holdem.__all__)  # every lazily loaded name is public
    with pytest.raises(AttributeError):
        holdem.no_such_name  # noqa: B018


@pytest.mark.parametrize("name", sorted(holdem._LAZY))
def test_a_lazy_name_is_its_modules_object(name: str) -> None:
    module = importlib.import_module(holdem._LAZY[name])
    assert getattr(holdem, name) is getattr(module, name)


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
