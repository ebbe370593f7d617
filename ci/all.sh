#!/usr/bin/env bash
# Everything CI checks, in order: bootstrap, build, test, lint, dist. Prints each step's time
# and, last, pytest's summary line.
set -euo pipefail
# shellcheck source=ci/_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"

timings=()
step() {
    local name="$1" start=$SECONDS
    shift
    printf '\n[ci] ===== %s =====\n' "$name"
    bash "ci/$name.sh" "$@"
    timings+=("$(printf '%-10s %4ds' "$name" $((SECONDS - start)))")
}

total_start=$SECONDS
step bootstrap
step build
step test
step lint
step dist

printf '\n[ci] ===== timings =====\n'
printf '[ci] %s\n' "${timings[@]}"
printf '[ci] %-10s %4ds\n' total $((SECONDS - total_start))

# pytest's closing line, repeated last so it ends the log.
summary="$(grep -E '^(=+ )?([0-9]+ (passed|failed|errors?|skipped|deselected|xfailed|xpassed)|no tests ran)' \
    build/ci/pytest.log | tail -n 1 || true)"
if [ -n "$summary" ]; then
    printf '\n%s\n' "$summary"
fi
