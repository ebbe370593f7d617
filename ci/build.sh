#!/usr/bin/env bash
# Build and install holdem into the venv (a regular install, not editable), then prove that the
# installed holdem._core is a compiled extension module that lives outside the source tree.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

# -g0: no debug info, about half the compile time (HOLDEM_DEBUG=1 adds -g back, see setup.py).
export CFLAGS="${CFLAGS:--g0}"

# setuptools copies into build/lib.* and never removes from it: a module that was moved or deleted
# would still ship. Start that tree afresh (the object files in build/temp.* stay, for speed).
rm -rf build/lib.* build/bdist.*

log "pip install --no-build-isolation . (CFLAGS=$CFLAGS)"
# No build isolation: use the venv's Cython and setuptools (bootstrap.sh installs them), which
# is faster and needs no index. --force-reinstall: the version does not change between builds.
"$PY" -m pip install --no-build-isolation --no-deps --force-reinstall --quiet .

log "checking the installed compiled modules"
# Run from an empty directory with -P (safe path) so the source tree cannot shadow the install.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && HOLDEM_SOURCE_PACKAGE="$ROOT/holdem" "$PY" -P - <<'PY'
import importlib.machinery
import os
import sys
from pathlib import Path

import importlib

source = Path(os.environ["HOLDEM_SOURCE_PACKAGE"]).resolve()
# The evaluator core, and the hand engine's modules that are compiled for speed.
for name in ("holdem._core", "holdem.engine.hand", "holdem.engine.pots"):
    path = Path(importlib.import_module(name).__file__ or "").resolve()
    print(f"{name}: {path}")
    if not path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        sys.exit(f"FAIL: {name} is not a compiled extension module: {path}")
    if path.is_relative_to(source):
        sys.exit(f"FAIL: {name} was imported from the source package {source}, not the install")
print("OK: compiled extensions, installed outside the source package")
PY
)
