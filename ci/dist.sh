#!/usr/bin/env bash
# Build the sdist, then the wheel FROM the sdist (proves the sdist is complete), check both,
# and check the cibuildwheel configuration for every platform (no wheels are built here).
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"
require_venv

export CFLAGS="${CFLAGS:--g0}"
rm -rf dist
# --no-isolation: build with the venv's Cython/setuptools (fast, no index); `build` still checks
# that they satisfy [build-system] requires. Set HOLDEM_DIST_ISOLATION=1 for an isolated build.
iso=(--no-isolation)
[ "${HOLDEM_DIST_ISOLATION:-0}" = "1" ] && iso=()

log "python -m build --sdist"
"$PY" -m build "${iso[@]}" --sdist --outdir dist/ .
sdists=(dist/*.tar.gz)
[ "${#sdists[@]}" -eq 1 ] || die "expected one sdist in dist/, found: ${sdists[*]}"
sdist="${sdists[0]}"

log "python -m build --wheel from $sdist"
"$PY" -m build "${iso[@]}" --wheel --outdir dist/ "$sdist"

log "checking the contents of the sdist and the wheel"
"$PY" - "$sdist" dist/*.whl <<'PY'
import re
import sys
import tarfile
import zipfile

sdist_path, wheel_path = sys.argv[1], sys.argv[2]
with tarfile.open(sdist_path) as tar:
    sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
with zipfile.ZipFile(wheel_path) as whl:
    wheel = set(whl.namelist())

problems = []
for need in ["pyproject.toml", "setup.py", "LICENSE", "README.md", "holdem/__init__.py",
             "holdem/_core.pyx", "holdem/_core.pxd", "holdem/_core.pyi", "holdem/py.typed",
             "tests/conftest.py", "wheelhouse-config/cibuildwheel.toml",
             "wheelhouse-config/build-constraints.txt",
             "wheelhouse-config/test-requirements.txt",
             "wheelhouse-config/test-requirements-core.txt"]:
    if need not in sdist:
        problems.append(f"sdist lacks {need}")
generated = re.compile(r"\.(c|so|pyd|html|o|obj)$|__pycache__")
problems += [f"sdist ships generated file {n}" for n in sorted(sdist) if generated.search(n)]

for need in ["holdem/__init__.py", "holdem/_core.pyi", "holdem/py.typed", "holdem/_core.pxd"]:
    if need not in wheel:
        problems.append(f"wheel lacks {need}")
if not any(re.fullmatch(r"holdem/_core\..*(so|pyd)", n) for n in wheel):
    problems.append("wheel lacks the compiled holdem._core")
problems += [f"wheel ships {n}" for n in sorted(wheel) if re.search(r"\.(c|html)$", n)]
problems += [f"wheel ships {n}" for n in sorted(wheel) if n.startswith(("tests/", "ci/"))]

# Every console script must point at a module that the wheel contains.
with zipfile.ZipFile(wheel_path) as whl:
    entry_points = [n for n in whl.namelist() if n.endswith(".dist-info/entry_points.txt")]
    text = whl.read(entry_points[0]).decode() if entry_points else ""
for line in text.splitlines():
    if "=" in line and ":" in line:
        script, target = (part.strip() for part in line.split("=", 1))
        module = target.split(":", 1)[0].replace(".", "/")
        if f"{module}.py" not in wheel and f"{module}/__init__.py" not in wheel:
            problems.append(f"console script {script!r} -> {target}: module not in the wheel")

print(f"sdist: {len(sdist)} files; wheel: {len(wheel)} files")
if problems:
    sys.exit("FAIL:\n  " + "\n  ".join(problems))
print("OK")
PY

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
