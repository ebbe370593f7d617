#!/usr/bin/env bash
# Create (or update) the virtual environment at ${VENV:-.venv} with everything the other ci/
# scripts need: test requirements, linters, type checker, documentation, build and release tools.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"

PYTHON="${PYTHON:-python3}"
if [ ! -x "$PY" ]; then
    log "creating $VENV with $($PYTHON --version 2>&1)"
    "$PYTHON" -m venv "$VENV"
fi
require_venv

"$PY" -c 'import sys; assert sys.version_info >= (3, 11), f"Python >= 3.11 needed, got {sys.version}"'

log "upgrading pip"
pip_install "$PY" --upgrade pip

log "installing the build tools (pinned), test, lint, docs and dist tools"
pip_install "$PY" --upgrade \
    -c wheelhouse-config/build-constraints.txt \
    -r wheelhouse-config/test-requirements.txt \
    -r wheelhouse-config/docs-requirements.txt \
    Cython setuptools numpy \
    ruff cython-lint pycodestyle mypy \
    build twine check-wheel-contents \
    "cibuildwheel==4.3.3"  # same version as pypa/cibuildwheel in .github/workflows/wheels.yml

"$PY" -m pip list --format=freeze | grep -iE '^(cython|setuptools|numpy|pytest|hypothesis|mypy|ruff|cython-lint|sphinx|myst-parser|furo|build|twine|check-wheel-contents|cibuildwheel|phevaluator|treys|eval7|pokerkit)==' || true
