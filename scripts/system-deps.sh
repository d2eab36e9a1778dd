#!/usr/bin/env bash
# Makes sure the system packages the test suite needs are present: Debian's Chromium (the e2e
# browser; Playwright never downloads one here) and espeak-ng (speech for the fake microphone).
# nginx is wanted, not required: the scaled-out e2e run (docs/deploy.md) puts it in front of
# three API processes and skips, saying so, where it is missing. chromium-headless-shell (the
# same Chromium without its desktop shell) is wanted too: the e2e runs use it when present, since
# it spends about a fifth less CPU for the same tests (docs/testing.md), and the full Chromium
# otherwise.
# As root with apt-get it installs what is missing; otherwise it stops with one clear line.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
wanted=()
[ -x /usr/sbin/nginx ] || wanted+=(nginx)
[ -x /usr/bin/chromium-headless-shell ] || wanted+=(chromium-headless-shell)

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1 && [ $((${#missing[@]} + ${#wanted[@]})) -gt 0 ]; then
  echo "Installing system packages: ${missing[*]} ${wanted[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" "${wanted[@]}" >/dev/null
  exit 0
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Missing system packages: ${missing[*]}. Install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}) and run the tests again." >&2
exit 1
