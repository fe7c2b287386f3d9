#!/usr/bin/env bash
# Builds the production file set the way the Dockerfile's last stage holds it (production dependencies,
# dist/api, site/dist) in a temporary folder, starts it with plain `node` as the image would, and checks
# /healthz and the home page. Docker is not needed: this is what can be tried without it (docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
target=$(mktemp -d /tmp/clinic-production-XXXXXX)
cp package.json package-lock.json "$target/"
(cd "$target" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
mkdir -p "$target/site"
cp -r dist "$target/dist"
cp -r site/dist "$target/site/dist"
port=${PORT:-3999}
data=$(mktemp -d /tmp/clinic-production-data-XXXXXX)
(cd "$target" && NODE_ENV=production MALLOC_ARENA_MAX=1 PORT=$port DATA_DIR=$data SMTP_URL=smtp://127.0.0.1:9 \
  ADMIN_EMAIL=owner@clinic.test ADMIN_PASSWORD=try-production-Password-2026 \
  node --max-semi-space-size=2 --max-old-space-size=192 --liftoff-only dist/api/server.js >"$data/server.log" 2>&1) &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 1; done
curl -fsS "http://127.0.0.1:$port/healthz"; echo
curl -fsS -o /dev/null -w 'home page: %{http_code}, %{size_download} bytes\n' "http://127.0.0.1:$port/"
echo "production node_modules: $(du -sh "$target/node_modules" | cut -f1) ($(ls "$target/node_modules" | wc -l) top-level packages)"
echo "resident memory after start: $(( $(ps -o rss= -p "$(pgrep -P $pid node || echo $pid)" | tail -1) / 1024 )) MB"
