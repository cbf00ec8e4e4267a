#!/usr/bin/env bash
# The whole test suite, in the order a failure is cheapest to find:
# install, Strapi's source at the pin, type check, docs lint and unit tests, pages against that source,
# the pages' TypeScript examples compiled, the executed claims on a real Strapi 5.54.0, production
# build (log kept in build.log), checks on the build output, Playwright end-to-end tests against the
# served build, then the production nginx configuration serving the same build (HTTP checks and
# browser suites).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
# The Strapi 5.54.0 test application (strapi-app/): its types are checked with the rest, its claims run below.
bash scripts/setup-strapi.sh

echo "== Strapi's source at the pinned release (npm pack; cached in .cache/strapi-source)"
npm run --silent strapi-source

echo "== type check"
npm run --silent typecheck

echo "== lint: ESLint, stylelint, Prettier, spell check of docs/ (npm run lint)"
npm run --silent lint

echo "== docs lint and unit tests"
npm run --silent test:unit

echo "== every page against the pinned source (check:sources)"
npm run --silent test:sources

echo "== every TypeScript example compiles against the pinned packages' types (check:examples)"
npm run --silent check:examples

echo "== executed claims on a real Strapi 5.54.0 (strapi-app/, npm run test:strapi)"
npm run --silent test:strapi

echo "== production build (postbuild writes the CSP include deploy/nginx/csp.conf)"
npm run --silent build 2>&1 | tee build.log
test "${PIPESTATUS[0]}" -eq 0

echo "== build output checks"
STRAPI_CLAIMS_REQUIRED=1 npm run --silent test:build

echo "== end-to-end tests (Chromium)"
npm run --silent test:e2e

echo "== production web server (nginx, deploy/nginx)"
npm run --silent test:nginx
