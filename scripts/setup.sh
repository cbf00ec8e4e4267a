#!/usr/bin/env bash
# Installs what the site and its tests need on a fresh Debian machine:
# npm dependencies (npm ci, when package-lock.json changed since the last install),
# Chromium from Debian's package (Playwright drives /usr/bin/chromium, never a
# downloaded browser) and nginx from Debian's package (the production server test).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.installed-lock.sha
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi

# Debian packages the tests need: chromium (Playwright's browser) and nginx (the production
# web server the tests serve build/ with, deploy/nginx/). One apt-get update for both.
apt_packages=()
if [ "${SKIP_BROWSER_INSTALL:-}" != "1" ] && [ ! -x /usr/bin/chromium ]; then apt_packages+=(chromium); fi
if [ "${SKIP_BROWSER_INSTALL:-}" != "1" ] && [ ! -x /usr/sbin/nginx ]; then apt_packages+=(nginx); fi
if [ "${#apt_packages[@]}" -gt 0 ]; then
  echo "== installing Debian's ${apt_packages[*]}"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt_packages[@]}"
fi
