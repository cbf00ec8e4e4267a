#!/usr/bin/env bash
# npm run start:prod: the site as visitors get it, on a fresh machine: install, build for production
# (with the search indexes) and serve it on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
SKIP_BROWSER_INSTALL=1 bash scripts/setup.sh
npx docusaurus build
exec npx docusaurus serve --port "${PORT:-3000}" --host 0.0.0.0 --no-open
