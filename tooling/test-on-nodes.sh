#!/usr/bin/env bash
# The unit tests once more on the Node lines users run (22 and 24 LTS; the suite above ran on the
# machine's own Node), with Node binaries installed from the npm registry as optional dependencies
# (node-22, node-24). On a platform those packages do not ship for, say so and skip.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for version in 22 24; do
  bin="$PWD/node_modules/node-$version/bin"
  if [ ! -x "$bin/node" ]; then
    echo "unit tests on Node $version: skipped (no node-$version binary for this platform)"
    continue
  fi
  echo "unit tests on Node $("$bin/node" --version)"
  if ! PATH="$bin:$PATH" npx -y pnpm@10 -r --workspace-concurrency=1 run test >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "unit tests failed on Node $version"
    exit 1
  fi
  grep -E 'Test Files|Tests ' "$log" | sed 's/\x1b\[[0-9;]*m//g'
done
