#!/usr/bin/env bash
# npm start: the live-reloading preview for writing pages. Installs what is missing on a fresh
# clone (npm ci when package-lock.json changed since the last install; no browser), then runs
# `docusaurus start` on http://localhost:${PORT:-3000}: a saved page shows in the open browser
# without a reload, and search answers from the current pages (src/plugins/search-index).
# The production build, served: npm run start:prod (scripts/serve.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
SKIP_BROWSER_INSTALL=1 bash scripts/setup.sh
# No "update available" banner: Docusaurus is pinned at 3.1.1 (docs-dev/dependencies.md).
export NO_UPDATE_NOTIFIER=1
exec npx docusaurus start --port "${PORT:-3000}" --host "${HOST:-0.0.0.0}" --no-open
