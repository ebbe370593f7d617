# shellcheck shell=bash
# Sourced by the ci/*.sh scripts: repo root, the virtual environment, logging.
# VENV (default .venv, relative to the repo root) names the environment every script uses;
# point it at an existing one to reuse it, e.g. VENV=../venv bash ci/test.sh.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

VENV="${VENV:-.venv}"
case "$VENV" in
    /*) ;;
    *) VENV="$ROOT/$VENV" ;;
esac
export VENV
PY="$VENV/bin/python"

log() { printf '\n[ci] %s\n' "$*"; }
die() { printf '\n[ci] ERROR: %s\n' "$*" >&2; exit 1; }

# This kind of machine's pip configuration names extra local indexes that may not exist; pip
# then warns once per package. Drop that noise, keep everything else (and pip's exit status).
# Usage: pip_install PYTHON ARGS... (quiet `PYTHON -m pip install ARGS...`)
pip_install() {
    local python="$1"
    shift
    "$python" -m pip install --quiet "$@" 2>&1 \
        | { grep -v 'is ignored: it is neither a file nor a directory' || true; }
}

require_venv() {
    [ -x "$PY" ] || die "no Python at $PY: run 'bash ci/bootstrap.sh' first (or set VENV)"
    export PATH="$VENV/bin:$PATH"
    export PIP_DISABLE_PIP_VERSION_CHECK=1
}
