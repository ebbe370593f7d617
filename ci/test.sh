#!/usr/bin/env bash
# Run the test suite against the INSTALLED package (ci/build.sh installs it).
#
# In a flat layout the source holdem/ sits in the repo root; if the root were on sys.path it
# would shadow the installed package. So: python -P (PYTHONSAFEPATH, exported for any
# subprocess too) keeps the cwd off sys.path, --import-mode=importlib (in pyproject.toml's
# addopts) keeps pytest from inserting tests/ or the root, and tests/conftest.py fails the
# session unless holdem._core is compiled and installed outside the source tree
# (HOLDEM_REQUIRE_INSTALLED=1).
#
# On a venv made by the README's first command (the package and NumPy only), the first run
# installs what the tests need (wheelhouse-config/test-requirements.txt: pytest, hypothesis and
# the peers used as oracles); a venv made by ci/bootstrap.sh has them already.
#
# Extra arguments go to pytest, e.g.  bash ci/test.sh -m "not slow" -x (then only that run: the
# second run, of the engine's tests on the hand kernel's plain-Python reference, is skipped).
# TEST_LOG (default build/ci/pytest.log) names the copy of the output that ci/all.sh reads.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

if ! "$PY" -c 'import pytest, hypothesis, numpy' 2>/dev/null; then
    log "installing the test requirements into $VENV"
    pip_install "$PY" -r wheelhouse-config/test-requirements.txt numpy
fi

export PYTHONSAFEPATH=1
export HOLDEM_REQUIRE_INSTALLED=1

log_file="${TEST_LOG:-build/ci/pytest.log}"
case "$log_file" in
    /*) ;;
    *) log_file="$ROOT/$log_file" ;;
esac
mkdir -p "$(dirname "$log_file")"

# The tests run on every CPU (pytest-xdist, one worker a CPU) unless the caller names -n or
# -p no:xdist himself; HOLDEM_TEST_WORKERS=0 runs them in this process.
workers=()
if "$PY" -c 'import xdist' 2>/dev/null && [[ " $* " != *" -n"* && " $* " != *"no:xdist"* ]]; then
    workers=(-n "${HOLDEM_TEST_WORKERS:-auto}")
fi

log "pytest (installed package, $VENV)"
"$PY" -P -m pytest --rootdir="$ROOT" ${workers[@]+"${workers[@]}"} "$@" 2>&1 | tee "$log_file"

# The engine's tests once more on the hand kernel's plain-Python reference
# (holdem/engine/_pystate.py), with the peers as oracles: HOLDEM_PURE_KERNEL=1 bases holdem.Hand
# on it. Skipped when the caller names its own tests, or with HOLDEM_PURE_PASS=0.
if [ "${HOLDEM_PURE_PASS:-1}" = "1" ] && { [ "$#" -eq 0 ] || { [ "$#" -eq 1 ] && [ "$1" = "-q" ]; }; }; then
    log "pytest on the hand kernel's reference (HOLDEM_PURE_KERNEL=1)"
    HOLDEM_PURE_KERNEL=1 "$PY" -P -m pytest --rootdir="$ROOT" ${workers[@]+"${workers[@]}"} -q \
        tests/engine tests/phh tests/pokerstars tests/acpc tests/envs tests/test_fuzz.py tests/test_doctests.py \
        2>&1 | tee "${log_file%.log}-pure.log" | tail -n 3
fi
