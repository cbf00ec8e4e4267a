#!/usr/bin/env bash
# Installs the Strapi 5.54.0 test application (strapi-app/) when its package-lock.json changed since
# the last install: npm ci there, as scripts/setup.sh does for the site. better-sqlite3 has no
# prebuilt binary reachable here and compiles from source (about a minute), against the node headers
# npm is configured with.
# It also installs Debian's postgresql package when its binaries are missing: the scheduling claims
# run on a private PostgreSQL cluster whatever the default database (strapi-app/harness/postgres.ts).
set -euo pipefail
cd "$(dirname "$0")/../strapi-app"

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "== installing Debian's postgresql (the scheduling claims need a PostgreSQL server)"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql
fi

stamp=node_modules/.installed-lock.sha
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== npm ci (strapi-app: Strapi 5.54.0 for the executed claims)"
  start=$(date +%s)
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
  echo "== strapi-app installed in $(( $(date +%s) - start )) s"
fi
