#!/usr/bin/env bash
# Everything CI checks, in order: bootstrap, dist (the sdist, the wheel built from it, their
# checks), build (installs that wheel), docs (the site, warnings as errors, and its examples), test
# (the suite, and the engine's tests on the hand kernel's plain-Python reference), lint,
# test_peerless (the suite again without the peers, on the wheel dist built). Once
# the build is installed, every check runs even if an earlier one failed, so that one log shows
# every failure. Prints each step's time and status and, last, the summary
# line of each pytest run; exits non-zero if any step failed.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"

timings=()
failed=()
step() {
    local name="$1" start=$SECONDS status=0
    shift
    printf '\n[ci] ===== %s =====\n' "$name"
    bash "ci/$name.sh" "$@" || status=$?
    local outcome=ok
    if [ "$status" -ne 0 ]; then
        outcome="FAILED (exit $status)"
        failed+=("$name")
    fi
    timings+=("$(printf '%-14s %4ds  %s' "$name" $((SECONDS - start)) "$outcome")")
}

report() {
    printf '\n[ci] ===== timings =====\n'
    printf '[ci] %s\n' "${timings[@]}"
    printf '[ci] %-14s %4ds\n' total $((SECONDS - total_start))
    # Each pytest run's closing line, repeated so that they end the log: the run without peers
    # first (named), then the main run's line as pytest prints it, the log's last test line.
    local run summary
    for run in pytest-peerless pytest; do
        [ -f "build/ci/$run.log" ] || continue
        summary="$(grep -E '^(=+ )?([0-9]+ (passed|failed|errors?|skipped|deselected|xfailed|xpassed)|no tests ran)' \
            "build/ci/$run.log" | tail -n 1 || true)"
        [ -n "$summary" ] || continue
        if [ "$run" = pytest ]; then
            printf '\n%s\n' "$summary"
        else
            printf '\n[ci] %s: %s\n' "$run" "$summary"
        fi
    done
    if [ "${#failed[@]}" -gt 0 ]; then
        printf '\n[ci] FAILED: %s\n' "${failed[*]}"
        exit 1
    fi
}

total_start=$SECONDS
rm -f build/ci/pytest.log build/ci/pytest-peerless.log  # no summary from an earlier run
step bootstrap
[ "${#failed[@]}" -eq 0 ] || report
# The package is compiled once: dist builds the sdist and the wheel from it, and build installs
# that wheel (from the source tree instead if dist failed, so that the tests still run).
step dist
wheels=(dist/*.whl)
if [ "${#failed[@]}" -eq 0 ] && [ "${#wheels[@]}" -eq 1 ] && [ -f "${wheels[0]}" ]; then
    step build "${wheels[0]}"
else
    step build
fi
[[ " ${failed[*]} " == *" build "* ]] && report  # nothing to check without an installed build
step docs
step test
step lint
step test_peerless  # (on the wheel that dist built from the sdist)
report
