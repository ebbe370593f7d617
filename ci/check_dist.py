"""Check the built sdist and wheel: what they ship, their version, and the wheel's size.

The sdist must hold everything a release wheel is built and tested from; neither may ship
generated files; every console script must point into the wheel; both carry the version of
holdem/__init__.py; and the wheel is small enough to have no debug information in it (a wheel
built with ``-g`` is several times larger than one built with ``-g0``).

Usage: python ci/check_dist.py dist/holdem_engine-X.tar.gz dist/holdem_engine-X-*.whl
"""

from __future__ import annotations

import argparse
import ast
import email.parser
import re
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Upper bound for the wheel, in bytes: a -g0 build (CFLAGS=-g0) of one CPython version for
# Linux x86_64 sits under it, a build with debug information far over it (CPython 3.11 on
# Linux x86_64, when it compiled 27 modules: 3,330,755 bytes with -g0, 15,176,824 with -g).
MAX_WHEEL_BYTES = 4_000_000

SDIST_NEEDS = [
    "pyproject.toml",
    "setup.py",
    "LICENSE",
    "README.md",
    "holdem/__init__.py",
    "holdem/_core.pyx",
    "holdem/_core.pxd",
    "holdem/_core.pyi",
    "holdem/_core.h",
    "holdem/analysis/preflop_tables.json.gz",
    "holdem/py.typed",
    "tests/conftest.py",
    "tests/_support/__init__.py",  # the helpers the test modules import
    "wheelhouse-config/cibuildwheel.toml",
    "wheelhouse-config/build-constraints.txt",
    "wheelhouse-config/test-requirements.txt",
    "wheelhouse-config/test-requirements-core.txt",
    "wheelhouse-config/test-requirements-nopeers.txt",
    "wheelhouse-config/docs-requirements.txt",
    "docs/conf.py",
    "docs/index.md",
]
WHEEL_NEEDS = [
    "holdem/__init__.py",
    "holdem/_core.pyi",
    "holdem/__init__.pyi",  # the package's typed face (written by ci/public_names.py)
    "holdem/engine/_typed_hand.pyi",  # the type checkers' Hand (holdem/__init__.pyi imports it)
    "holdem/py.typed",
    "holdem/_core.pxd",
    "holdem/_core.h",
    "holdem/analysis/preflop_tables.json.gz",  # holdem.analysis.preflop's tables
]
GENERATED = re.compile(r"\.(c|so|pyd|html|o|obj)$|__pycache__")


def source_version() -> str:
    """``__version__`` of holdem/__init__.py, read as a literal (holdem is not imported)."""
    tree = ast.parse((ROOT / "holdem" / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise SystemExit("FAIL: holdem/__init__.py has no __version__ literal")


def metadata_version(text: str) -> str:
    return email.parser.HeaderParser().parsestr(text)["Version"] or ""


def check(sdist_path: Path, wheel_path: Path) -> list[str]:
    problems: list[str] = []
    with tarfile.open(sdist_path) as tar:
        sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
        top = tar.getnames()[0].split("/", 1)[0]
        member = tar.extractfile(f"{top}/PKG-INFO")
        pkg_info = member.read().decode() if member else ""
    with zipfile.ZipFile(wheel_path) as whl:
        wheel = set(whl.namelist())
        metadata = [n for n in wheel if n.endswith(".dist-info/METADATA")]
        wheel_metadata = whl.read(metadata[0]).decode() if metadata else ""
        entry_points = [n for n in wheel if n.endswith(".dist-info/entry_points.txt")]
        scripts = whl.read(entry_points[0]).decode() if entry_points else ""

    problems += [f"sdist lacks {need}" for need in SDIST_NEEDS if need not in sdist]
    problems += [f"sdist ships generated file {n}" for n in sorted(sdist) if GENERATED.search(n)]

    problems += [f"wheel lacks {need}" for need in WHEEL_NEEDS if need not in wheel]
    if not any(re.fullmatch(r"holdem/_core\..*(so|pyd)", n) for n in wheel):
        problems.append("wheel lacks the compiled holdem._core")
    problems += [f"wheel ships {n}" for n in sorted(wheel) if re.search(r"\.(c|html)$", n)]
    problems += [f"wheel ships {n}" for n in sorted(wheel) if n.startswith(("tests/", "ci/"))]

    # Every console script must point at a module that the wheel contains.
    for line in scripts.splitlines():
        if "=" in line and ":" in line:
            script, target = (part.strip() for part in line.split("=", 1))
            module = target.split(":", 1)[0].replace(".", "/")
            if f"{module}.py" not in wheel and f"{module}/__init__.py" not in wheel:
                problems.append(f"console script {script!r} -> {target}: module not in the wheel")

    version = source_version()
    for what, found in [
        ("sdist PKG-INFO", metadata_version(pkg_info)),
        ("wheel METADATA", metadata_version(wheel_metadata)),
    ]:
        print(f"{what}: Version {found}")
        if found != version:
            problems.append(f"{what} says version {found!r}, holdem.__version__ is {version!r}")

    size = wheel_path.stat().st_size
    print(f"wheel: {wheel_path.name}, {size:,} bytes (bound {MAX_WHEEL_BYTES:,})")
    if size > MAX_WHEEL_BYTES:
        problems.append(
            f"wheel is {size:,} bytes, over {MAX_WHEEL_BYTES:,}: built with debug information? "
            "(CFLAGS=-g0 leaves it out)"
        )
    print(f"sdist: {len(sdist)} files; wheel: {len(wheel)} files")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sdist", type=Path)
    parser.add_argument("wheel", type=Path)
    args = parser.parse_args()
    problems = check(args.sdist, args.wheel)
    if problems:
        print("FAIL:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
