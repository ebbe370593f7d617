#!/usr/bin/env bash
# Build the sdist, then the wheel FROM the sdist (proves the sdist is complete), check both
# (ci/check_dist.py, check-wheel-contents, twine), and check the cibuildwheel configuration for
# every platform (no wheels are built here).
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

# -g0: no debug information, as in the release wheels (wheelhouse-config/cibuildwheel.toml);
# ci/check_dist.py bounds the wheel's size.
export CFLAGS="${CFLAGS:--g0}"
rm -rf dist
# --no-isolation: build with the venv's Cython/setuptools (fast, no index); `build` still checks
# that they satisfy [build-system] requires. HOLDEM_DIST_ISOLATION=1: an isolated build, with the
# pinned build tools (as the release wheels are built).
iso=(--no-isolation)
if [ "${HOLDEM_DIST_ISOLATION:-0}" = "1" ]; then
    iso=()
    export PIP_CONSTRAINT="$ROOT/wheelhouse-config/build-constraints.txt"
fi

log "python -m build --sdist"
"$PY" -m build "${iso[@]}" --sdist --outdir dist/ .
sdists=(dist/*.tar.gz)
[ "${#sdists[@]}" -eq 1 ] || die "expected one sdist in dist/, found: ${sdists[*]}"
sdist="${sdists[0]}"

log "python -m build --wheel from $sdist"
"$PY" -m build "${iso[@]}" --wheel --outdir dist/ "$sdist"

log "checking the sdist and the wheel (contents, version, size)"
wheels=(dist/*.whl)
[ "${#wheels[@]}" -eq 1 ] || die "expected one wheel in dist/, found: ${wheels[*]}"
"$PY" ci/check_dist.py "$sdist" "${wheels[0]}"

log "check-wheel-contents"
check-wheel-contents dist/*.whl

log "twine check --strict"
twine check --strict dist/*

config=wheelhouse-config/cibuildwheel.toml
for platform in linux macos windows; do
    case "$platform" in
        linux) archs=x86_64,aarch64 ;;
        macos) archs=x86_64,arm64 ;;
        windows) archs=AMD64 ;;
    esac
    log "cibuildwheel --print-build-identifiers --platform $platform --archs $archs (from the sdist)"
    # Given the sdist, cibuildwheel unpacks it and reads the config from inside it, as the
    # release workflow does.
    ids="$(cibuildwheel --print-build-identifiers --platform "$platform" --archs "$archs" \
        --config-file "$config" "$sdist")"
    echo "$ids" | tr '\n' ' '
    echo
    [ -n "$ids" ] || die "cibuildwheel selected no builds for $platform"
done
