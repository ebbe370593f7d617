#!/usr/bin/env bash
# Build the documentation site (docs/) into build/docs/html with warnings as errors, then run
# the examples of the guide's pages (docs/**/*.md) as doctests. Sphinx's autodoc imports the
# INSTALLED package (ci/build.sh installs it), as the tests do. Open build/docs/html/index.html.
# Extra arguments go to sphinx-build, e.g.  bash ci/docs.sh -E  (rebuild every page).
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

# -P: the repository root (whose holdem/ has no compiled core) stays off sys.path, here and in
# any subprocess; the doctree cache sits beside the output, so a rebuild reads only what changed.
export PYTHONSAFEPATH=1
out="$ROOT/build/docs"
mkdir -p "$out"

log "sphinx-build -W (warnings are errors) docs -> build/docs/html"
"$PY" -P -m sphinx -b html -W --keep-going -q -d "$out/doctrees" "$@" "$ROOT/docs" "$out/html"

log "the guide's examples (pytest --doctest-glob '*.md' docs)"
# The rootdir is docs/, so that the project's pytest settings (tests/ and its conftest) stay out.
(cd "$out" && "$PY" -P -m pytest -q -p no:cacheprovider --rootdir="$ROOT/docs" -c /dev/null \
    --doctest-glob='*.md' -o doctest_optionflags='ELLIPSIS NORMALIZE_WHITESPACE' \
    -W error "$ROOT/docs")

log "built: build/docs/html/index.html"
