#!/usr/bin/env bash
# Installs what the site and its tests need on a fresh Debian machine:
# npm dependencies (npm ci, when package-lock.json changed since the last install)
# and Chromium from Debian's package (Playwright drives /usr/bin/chromium, never a
# downloaded browser).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.installed-lock.sha
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi

if [ "${SKIP_BROWSER_INSTALL:-}" != "1" ] && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
fi
