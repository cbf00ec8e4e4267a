#!/usr/bin/env bash
# Serves build/ with the production nginx configuration (deploy/nginx/server.conf, the file
# site.conf includes) on a loopback port, then runs against it: the HTTP checks of
# scripts/nginx.test.ts (routes, redirects, 404, cache rules, compression, security headers) and
# the browser suites listed in NGINX_SPECS (Playwright with E2E_BASE_URL, no docusaurus serve).
# Needs a build with its CSP include (npm run build writes deploy/nginx/csp.conf).
#   NGINX_PORT   loopback port (default 3290)
#   BUILD_DIR    folder to serve (default build)
#   NGINX_SPECS  e2e spec files to run against nginx (default below); "none" skips the browser run
set -euo pipefail
cd "$(dirname "$0")/.."

port=${NGINX_PORT:-3290}
build_dir=$(realpath "${BUILD_DIR:-build}")
nginx_bin=${NGINX_BIN:-/usr/sbin/nginx}
test -f deploy/nginx/csp.conf || { echo "deploy/nginx/csp.conf is missing: run npm run build (or npx tsx scripts/csp.ts)"; exit 1; }
test -f "$build_dir/index.html" || { echo "no build in $build_dir"; exit 1; }

tmp=$(mktemp -d)
stop() {
  if [ -f "$tmp/nginx.pid" ]; then kill "$(cat "$tmp/nginx.pid")" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap stop EXIT

# nginx resolves the relative includes of deploy/nginx against its configuration folder, as
# /etc/nginx in production: the temp folder holds a link named like the production folder.
ln -s "$PWD/deploy/nginx" "$tmp/strapi-contributor-docs"
user_line=""
if [ "$(id -u)" = 0 ]; then user_line="user root;"; fi
mime_types=/etc/nginx/mime.types

# 1. The production file itself parses (nginx -t opens files but binds no port).
cat > "$tmp/site-check.conf" <<CONF
$user_line
pid $tmp/check.pid;
error_log $tmp/check-error.log;
events {}
http {
    include $mime_types;
    access_log off;
    include strapi-contributor-docs/site.conf;
}
CONF
"$nginx_bin" -t -q -p "$tmp" -c "$tmp/site-check.conf"

# 2. The same server.conf on a loopback port, serving this build.
cat > "$tmp/nginx.conf" <<CONF
$user_line
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log warn;
events { worker_connections 256; }
http {
    include $mime_types;
    default_type application/octet-stream;
    access_log $tmp/access.log;
    client_body_temp_path $tmp/client_body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/fastcgi;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    sendfile on;
    server {
        listen 127.0.0.1:$port;
        server_name localhost;
        root $build_dir;
        include strapi-contributor-docs/server.conf;
    }
}
CONF
# nginx binds its port before it detaches, so it answers as soon as this returns.
"$nginx_bin" -p "$tmp" -c "$tmp/nginx.conf"
base="http://127.0.0.1:$port"
echo "nginx serves $build_dir on $base"

echo "== nginx: HTTP checks"
NGINX_URL="$base" BUILD_DIR="$build_dir" npx tsx --test scripts/nginx.test.ts

# The route and chrome suites (every page, mermaid), the security and hostile-input suites, the
# readers' tools (Copy page, the diagram's full-size view) and the search suites when there are any:
# each fails on a CSP violation through the console fixture.
shopt -s nullglob
search_specs=(e2e/search*.spec.ts)
specs=${NGINX_SPECS:-"e2e/routes.spec.ts e2e/chrome.spec.ts e2e/security.spec.ts e2e/hostile-input.spec.ts e2e/readers.spec.ts ${search_specs[*]}"}
if [ "$specs" != "none" ]; then
  echo "== nginx: browser suites ($specs)"
  # shellcheck disable=SC2086
  E2E_BASE_URL="$base" npx playwright test $specs
fi
