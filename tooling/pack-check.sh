#!/usr/bin/env bash
# Install a framework drop-in alone from its packed tarball into a blank project (with its workspace
# dependencies packed too, and only its peer framework from the registry), then run the first ```js
# example of its README there. Needs the registry; not part of `pnpm test`.
#   bash tooling/pack-check.sh ai-sdk "ai@^6"
#   bash tooling/pack-check.sh langchain "langchain@^1 @langchain/core@^1"
#   bash tooling/pack-check.sh openai-agents "@openai/agents@0.14.3 zod@^4"
set -euo pipefail
package="$1"
peers="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
packs="$work/packs"
mkdir -p "$packs"
for dir in tokenize compact trace "$package"; do
  (cd "$root/packages/$dir" && npx -y pnpm@10 pack --pack-destination "$packs" > /dev/null)
done
project="$work/project"
mkdir -p "$project"
cd "$project"
printf '{ "name": "blank", "private": true, "type": "module" }\n' > package.json
# shellcheck disable=SC2086
npm install --no-audit --no-fund --loglevel=error "$packs"/*.tgz $peers
awk '/^```js$/ { inside = 1; next } /^```$/ { if (inside) exit } inside { print }' "$root/packages/$package/README.md" > example.mjs
echo "--- $package: $(grep -c '' example.mjs) lines, installed: $(ls node_modules/@ctxkit | tr '\n' ' ')"
node example.mjs
echo "--- $package: the README example ran in $project"
