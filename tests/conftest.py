"""Session checks shared by every test: the compiled core is the one under test.

holdem has no pure-Python fallback for its core, so ``holdem._core`` must always be a compiled
extension module (the hand engine's kernel may be either: ``HOLDEM_PURE_KERNEL=1`` bases
``holdem.Hand`` on its plain-Python reference, and the report header says which one is under
test). With
``HOLDEM_REQUIRE_INSTALLED=1`` (set by ``ci/test.sh`` and by the release-wheel tests in
``wheelhouse-config/cibuildwheel.toml``) it must also be the installed one, not a build left in the
source tree: in a flat layout the source ``holdem/`` shadows an installed package whenever the repo
root is on ``sys.path``. Without the variable an in-place or editable development build is accepted.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

SOURCE_PACKAGE = Path(__file__).resolve().parent.parent / "holdem"


def _module_path(name: str) -> Path:
    return Path(importlib.import_module(name).__file__ or "").resolve()


def _core_path() -> Path:
    return _module_path("holdem._core")


def pytest_report_header() -> list[str]:
    lines = []
    for name in ("holdem._core", "holdem.engine.hand"):
        try:
            lines.append(f"{name}: {_module_path(name)}")
        except ImportError as exc:
            lines.append(f"{name}: cannot import: {exc}")
    try:
        from holdem.engine._kernel import kernel

        lines.append(f"hand kernel: {kernel.__name__} ({kernel.__file__})")
    except ImportError as exc:
        lines.append(f"hand kernel: cannot import: {exc}")
    return lines


@pytest.fixture(scope="session", autouse=True)
def _compiled_core_under_test() -> None:
    """Stop the whole session (not test by test) if the wrong holdem._core was imported."""
    path = _core_path()
    if not path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        pytest.exit(f"holdem._core is not a compiled extension module: {path}", returncode=3)
    if os.environ.get("HOLDEM_REQUIRE_INSTALLED") == "1" and path.is_relative_to(SOURCE_PACKAGE):
        pytest.exit(
            f"holdem._core was imported from the source tree ({path}), not from an installed "
            "package: run the tests with `bash ci/test.sh` (it keeps the repo root off "
            "sys.path) after a regular install with `bash ci/build.sh` (an editable install "
            "also points into the source tree)",
            returncode=3,
        )
