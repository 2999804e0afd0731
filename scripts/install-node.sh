#!/usr/bin/env bash
# Puts Node 24 LTS on the PATH when the machine's Node is older than 22
# (Node 20 has had no security fixes since 2026-04-30), from the npm
# registry's `node` package, and prints the folder of its C headers:
# native packages (better-sqlite3) build against them where no prebuilt
# binary can be downloaded. `.ci/run` exports it as npm's `nodedir`:
#   export npm_config_nodedir="$(scripts/install-node.sh)"
set -euo pipefail

major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(major)" -lt 22 ]; then
  echo "Node $(node -v 2>/dev/null || echo "(none)") is too old: installing Node 24 LTS from the npm registry (npm install -g node@24)…" >&2
  # --force: the package replaces the `node` the system put on the PATH.
  npm install -g --force --no-audit --no-fund node@24 >&2
  hash -r
fi

# The registry's package carries the headers of the Node it installs, beside its binary.
headers="$(node -p 'require("path").join(process.execPath, "../../node_modules", `node-${process.platform}-${process.arch}`)')"
if [ -f "$headers/include/node/node.h" ]; then echo "$headers"; fi
