#!/usr/bin/env bash
# Static checks: ruff (lint + format), cython-lint, the kernel check, the package's typed face
# against its list of names, mypy --strict on the package, the tests and the ci/ helpers, and
# stubtest of the compiled modules' .pyi stubs against the installed build (run ci/build.sh
# first).
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv
shopt -s nullglob globstar

py_dirs=()
for d in holdem tests benchmarks ci docs/conf.py setup.py; do
    [ -e "$d" ] && py_dirs+=("$d")
done

log "ruff check ${py_dirs[*]}"
ruff check "${py_dirs[@]}"

if [ "${HOLDEM_LINT_FORMAT:-1}" = "1" ]; then
    log "ruff format --check ${py_dirs[*]}   (fix: ruff format ${py_dirs[*]}; skip: HOLDEM_LINT_FORMAT=0)"
    ruff format --check "${py_dirs[@]}"
fi

cython_files=(holdem/**/*.pyx holdem/**/*.pxd)
[ "${#cython_files[@]}" -gt 0 ] || die "no .pyx or .pxd under holdem/: nothing compiled to check?"
log "cython-lint ${cython_files[*]}"
cython-lint "${cython_files[@]}"

log "cython -a: no Python interaction inside the kernels"
"$PY" ci/check_kernels.py holdem/**/*.pyx

log "holdem/__init__.pyi is written from holdem/__init__.py's names (ci/public_names.py)"
"$PY" ci/public_names.py --check

log "mypy (strict; files and settings in pyproject.toml: holdem, tests, ci)"
mypy

# stubtest imports the module, so run it from an empty directory: it then inspects the
# installed compiled module and the .pyi shipped beside it, not the source tree.
modules=()
for pyx in holdem/**/*.pyx; do
    name="${pyx%.pyx}"
    modules+=("${name//\//.}")
done
log "stubtest ${modules[*]} (installed build)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && "$PY" -P -m mypy.stubtest --allowlist "$ROOT/ci/stubtest-allowlist.txt" "${modules[@]}")
