#!/usr/bin/env bash
# Run the test suite against the INSTALLED package (ci/build.sh installs it).
#
# In a flat layout the source holdem/ sits in the repo root; if the root were on sys.path it
# would shadow the installed package. So: python -P (PYTHONSAFEPATH, exported for any
# subprocess too) keeps the cwd off sys.path, --import-mode=importlib keeps pytest from inserting
# tests/ or the root, and tests/conftest.py fails the session unless holdem._core is compiled and
# installed outside the source tree (HOLDEM_REQUIRE_INSTALLED=1).
#
# Extra arguments go to pytest, e.g.  bash ci/test.sh -m "not slow" -x
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

export PYTHONSAFEPATH=1
export HOLDEM_REQUIRE_INSTALLED=1

# A copy of the output is kept so that ci/all.sh can repeat pytest's summary line at the end.
log_dir="$ROOT/build/ci"
mkdir -p "$log_dir"

log "pytest (installed package)"
"$PY" -P -m pytest --import-mode=importlib --rootdir="$ROOT" "$@" 2>&1 | tee "$log_dir/pytest.log"
