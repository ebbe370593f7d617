#!/usr/bin/env bash
# The suite once more (but its slow tests), as a platform without the peers sees it: a second venv
# (${PEERLESS_VENV:-.venv-peerless}) holding only what wheelhouse-config/test-requirements-nopeers.txt
# names (pytest, hypothesis, numpy: no phevaluator, treys, eval7, pokerkit, dask), and the same
# holdem. Every test file must collect; the tests that compare with a peer skip. (ci/test.sh runs
# the engine's tests on the hand kernel's plain-Python reference, with the peers.)
#
# The wheel is built by the main venv (its pinned Cython and setuptools), so the peerless venv
# needs no build tools. Extra arguments go to pytest.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

peerless="${PEERLESS_VENV:-.venv-peerless}"
case "$peerless" in
    /*) ;;
    *) peerless="$ROOT/$peerless" ;;
esac
if [ ! -x "$peerless/bin/python" ]; then
    log "creating $peerless"
    "$PY" -m venv "$peerless"  # the main venv's base interpreter: same Python, same wheel tag
fi
log "installing wheelhouse-config/test-requirements-nopeers.txt into $peerless"
pip_install "$peerless/bin/python" \
    -r wheelhouse-config/test-requirements-nopeers.txt

# The wheel ci/dist.sh built from the sdist (ci/all.sh runs it first), else one built here.
shopt -s nullglob
wheels=("$ROOT"/dist/*.whl)
if [ "${#wheels[@]}" -ne 1 ]; then
    rm -rf build/lib.* build/bdist.* build/peerless-wheel  # see ci/build.sh
    log "building the wheel"
    CFLAGS="${CFLAGS:--g0}" \
        "$PY" -m pip wheel --no-build-isolation --no-deps --quiet \
        --wheel-dir build/peerless-wheel .
    wheels=(build/peerless-wheel/*.whl)
fi
log "installing ${wheels[0]} into $peerless"
pip_install "$peerless/bin/python" --no-deps --force-reinstall "${wheels[0]}"

log "checking the peerless install"
"$peerless/bin/python" -P ci/check_install.py --no-peers

# The tests marked slow (exhaustive enumerations, long logged matches) ran in ci/test.sh on the
# same wheel's code; they check results, not how the package does without a peer: left out here.
VENV="$peerless" TEST_LOG=build/ci/pytest-peerless.log HOLDEM_PURE_PASS=0 \
    bash ci/test.sh -m "not slow" "$@"
