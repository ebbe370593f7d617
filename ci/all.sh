#!/usr/bin/env bash
# Everything CI checks, in order: bootstrap, build, test, test_peerless (the suite again without
# the peers, on the uncompiled engine), lint, dist. Prints each step's time and, last, the
# summary line of each pytest run.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"

timings=()
step() {
    local name="$1" start=$SECONDS
    shift
    printf '\n[ci] ===== %s =====\n' "$name"
    bash "ci/$name.sh" "$@"
    timings+=("$(printf '%-14s %4ds' "$name" $((SECONDS - start)))")
}

total_start=$SECONDS
step bootstrap
step build
step test
step test_peerless
step lint
step dist

printf '\n[ci] ===== timings =====\n'
printf '[ci] %s\n' "${timings[@]}"
printf '[ci] %-14s %4ds\n' total $((SECONDS - total_start))

# Each pytest run's closing line, repeated last so that they end the log.
for run in pytest pytest-peerless; do
    summary="$(grep -E '^(=+ )?([0-9]+ (passed|failed|errors?|skipped|deselected|xfailed|xpassed)|no tests ran)' \
        "build/ci/$run.log" | tail -n 1 || true)"
    if [ -n "$summary" ]; then
        printf '\n[ci] %s: %s\n' "$run" "$summary"
    fi
done
