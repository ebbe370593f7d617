#!/usr/bin/env bash
# Build and install holdem into the venv (a regular install, not editable), then prove that the
# installed compiled modules are extension modules that live outside the source tree
# (ci/check_install.py). Usage: bash ci/build.sh [WHEEL] (with a wheel: install it, no build).
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

# -g0: no debug information, a faster compile (HOLDEM_DEBUG=1 adds -g back, see setup.py).
export CFLAGS="${CFLAGS:--g0}"

# setuptools copies into build/lib.* and never removes from it: a module that was moved or deleted
# would still ship. Start that tree afresh (the object files in build/temp.* stay, for speed).
rm -rf build/lib.* build/bdist.*

if [ "$#" -eq 1 ]; then
    # A wheel already built (ci/all.sh passes the one ci/dist.sh built from the sdist: the
    # package is compiled once a CI run, and the tests run on what would ship).
    [ -f "$1" ] || die "no wheel at $1"
    log "pip install $1"
    "$PY" -m pip install --no-deps --force-reinstall --quiet "$1"
else
    log "pip install --no-build-isolation . (CFLAGS=$CFLAGS)"
    # No build isolation: use the venv's Cython and setuptools (bootstrap.sh installs them),
    # which is faster and needs no index. --force-reinstall: the version does not change
    # between builds.
    "$PY" -m pip install --no-build-isolation --no-deps --force-reinstall --quiet .
fi

log "checking the installed modules"
"$PY" -P ci/check_install.py
