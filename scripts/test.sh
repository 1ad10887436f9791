#!/usr/bin/env bash
# Runs every test of the workspace (the README's test command). From a fresh clone
# it first installs missing Debian packages (PostgreSQL), provisions a supported
# Node and installs the dependencies. Extra
# arguments go to Vitest, e.g. `./scripts/test.sh packages/core`.
# Ends with a line `N passed, N failed` (and `, N skipped` when any).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/system-packages.sh"
source "$here/setup.sh"
cd "$orkeon_root"

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
status=0
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json="$results" "$@" || status=$?
node scripts/test-summary.mjs "$results" || status=$?
exit "$status"
