"""Build the compiled extensions of holdem: the one place for extensions and compiler directives.

Everything else (metadata, package data, tool settings) lives in pyproject.toml. ci/check_kernels.py
loads this file (without building) to annotate the kernels with the same directives.

Environment switches:

* ``HOLDEM_DEBUG=1``: turn bounds, wraparound and initialisation checks back on and compile with
  ``-O0 -g`` and C asserts on (``/Od /Zi`` on MSVC), for debugging a crash or an out-of-bounds
  access.
* ``HOLDEM_ANNOTATE=1``: also write the ``cython -a`` HTML report (look for yellow lines inside
  the kernels), as ``build/cython-release/holdem/_core.html`` (``cython-debug`` with HOLDEM_DEBUG).

Generated C goes to ``build/cython-{release,debug}/``, never into the source tree, and a change of
mode (or compiler) forces a full recompile, so a debug build never lingers as a stale release one.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from Cython.Build import cythonize
except ImportError as exc:  # the C sources are not shipped: Cython is required to build
    raise SystemExit(
        "holdem-engine needs Cython>=3.1 to build (it is in [build-system] requires; with "
        "--no-build-isolation install it first: pip install 'Cython>=3.1' 'setuptools>=77')"
    ) from exc


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _flag("HOLDEM_DEBUG")
ANNOTATE = _flag("HOLDEM_ANNOTATE")
MODE = "debug" if DEBUG else "release"

# One Extension per compiled module: every .pyx under holdem/ (holdem/analysis/_exact.pyx is
# holdem.analysis._exact). Sorted: the same order everywhere. The include directory is the
# project root, where `cdef extern from "holdem/_core.h"` finds the header (the build runs there,
# from a clone or from the unpacked sdist).
#
# And one more: Cython's shared utility module (Cython >= 3.1), the helpers every module would
# otherwise carry a copy of (typed memoryviews, function objects, argument parsing), generated
# by cythonize into the build directory and imported by the others: half the C to compile (a
# clean build 58-60 s -> 27-35 s on 2 cores), the same instructions a hand (callgrind).
SHARED_UTILITY = "holdem._cyutility"
EXTENSIONS = [
    Extension(".".join(pyx.with_suffix("").parts), [pyx.as_posix()], include_dirs=["."])
    for pyx in sorted(Path("holdem").rglob("*.pyx"))
] + [Extension(SHARED_UTILITY, sources=["holdem/_cyutility.c"])]


def compiler_directives(debug: bool) -> dict[str, object]:
    """The Cython directives of the .pyx modules, for a debug or a release build."""
    return {
        "language_level": 3,
        # Checks off in release builds; HOLDEM_DEBUG=1 turns them back on.
        "boundscheck": debug,
        "wraparound": debug,
        "initializedcheck": debug,
        # C semantics for / and % on C integers in both modes (no ZeroDivisionError check); the
        # same setting in debug and release keeps results identical.
        "cdivision": True,
        # Docstrings carry the Python signature (help(), IDEs) ...
        "embedsignature": True,
        # ... and def functions are real function objects, so inspect.signature() works on them
        # and `python -m mypy.stubtest` can compare argument names and defaults with the .pyi.
        "binding": True,
        # The modules hold no unsynchronised mutable state after import (tables are built once
        # at import time) and the kernels run without the GIL: declare them safe for
        # free-threaded CPython (cp314t) so importing them does not switch the GIL back on.
        "freethreading_compatible": True,
    }


COMPILER_DIRECTIVES = compiler_directives(DEBUG)

# Optimisation flags, per compiler family, applied in BuildExt (the compiler is only known
# there). No -march=native: wheels must run on any CPU of their platform tag. A release build
# carries no debug information whatever CFLAGS say (Python's own CFLAGS often hold -g: a plain
# `pip install .` was 33 MB instead of 11): -g0 comes after them on the command line, so it wins.
UNIX_ARGS = ["-O0", "-g", "-UNDEBUG"] if DEBUG else ["-O3", "-g0"]
MSVC_ARGS = ["/Od", "/Zi"] if DEBUG else ["/O2"]
MSVC_LINK_ARGS = ["/DEBUG"] if DEBUG else []


class BuildExt(build_ext):
    """build_ext that adds optimisation flags for the compiler actually in use, and compiles the
    extensions in parallel, one at a time per CPU, unless ``--parallel`` says otherwise."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        compiler_type = self.compiler.compiler_type
        msvc = compiler_type == "msvc"
        for ext in self.extensions:
            ext.extra_compile_args = [*ext.extra_compile_args, *(MSVC_ARGS if msvc else UNIX_ARGS)]
            if msvc:
                ext.extra_link_args = [*ext.extra_link_args, *MSVC_LINK_ARGS]
        # Flags are not part of setuptools' up-to-date check: recompile when the mode changed.
        stamp = Path(self.build_temp) / "holdem-build-mode.txt"
        signature = f"{MODE} {compiler_type}\n"
        if not stamp.is_file() or stamp.read_text() != signature:
            self.force = True
        super().build_extensions()
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(signature)


def _cythonize(extensions: list[Extension]) -> list[Extension]:
    return cythonize(  # type: ignore[no-any-return]
        extensions,
        compiler_directives=COMPILER_DIRECTIVES,
        annotate=ANNOTATE,
        # One C tree per mode: the directives differ, and Cython only compares timestamps.
        build_dir=f"build/cython-{MODE}",
        # Regenerate when a report is asked for (an up-to-date .c would otherwise be kept).
        force=ANNOTATE,
        shared_utility_qualified_name=SHARED_UTILITY,
    )


# setuptools' build backend runs this file as __main__ (so does `python setup.py`); loading it
# under another name (ci/check_kernels.py) reads the settings above without building.
if __name__ == "__main__":
    setup(
        ext_modules=_cythonize(EXTENSIONS),
        cmdclass={"build_ext": BuildExt},
    )
