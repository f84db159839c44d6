#!/usr/bin/env bash
# Lighthouse (issue #18) on a running server: mobile emulation on /, /login and /check-points,
# three runs each, the median per category. Prints a table, writes summary.json and summary.md
# (and each run's report) to the output directory, and exits 1 when a median is below its
# threshold.
#
#   scripts/lighthouse/run.sh [BASE_URL]        # default http://127.0.0.1:8080
#   scripts/lighthouse/run.sh --serve           # starts $LOYALTY_BIN (default
#                                               # target/release/loyalty) on a fresh demo
#                                               # database on 127.0.0.1:$LIGHTHOUSE_PORT
#                                               # (default 8196) with web/dist, then stops it
#
# Options (environment):
#   LIGHTHOUSE_ENFORCE=0                 report only, exit 0 whatever the scores (default 1)
#   LIGHTHOUSE_MIN_PERFORMANCE=90        thresholds on the medians, 0-100
#   LIGHTHOUSE_MIN_ACCESSIBILITY=100
#   LIGHTHOUSE_MIN_BEST_PRACTICES=100
#   LIGHTHOUSE_MIN_SEO=                  unset: SEO is shown, not enforced
#   LIGHTHOUSE_RUNS=3                    runs per page
#   LIGHTHOUSE_PAGES="/ /login /check-points"
#   LIGHTHOUSE_OUT=target/lighthouse     output directory
#   CHROME_PATH=/usr/bin/chromium        Debian's Chromium; no browser is ever downloaded
#
# Needs web/node_modules (lighthouse and chrome-launcher are devDependencies of the web app).
# Performance is measured against whatever binary serves BASE_URL: use a release build for
# numbers that mean something (a debug build serves the same files, more slowly).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$CHROME_PATH" ] || { echo "no Chromium at $CHROME_PATH (apt-get install chromium)"; exit 2; }
[ -d "$root/web/node_modules/lighthouse" ] || { echo "web/node_modules/lighthouse is missing: run 'just web-deps'"; exit 2; }
if [ "${1:-}" = "--serve" ]; then
  bin=${LOYALTY_BIN:-$root/target/release/loyalty}
  port=${LIGHTHOUSE_PORT:-8196}
  [ -x "$bin" ] || { echo "no server binary at $bin (cargo build --release -p loyalty-api)"; exit 2; }
  [ -f "$root/web/dist/index.html" ] || { echo "web/dist is not built (just build-web)"; exit 2; }
  # Another server on the port would be measured in place of ours: refuse.
  if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
    echo "127.0.0.1:$port is taken by another server: set LIGHTHOUSE_PORT"
    exit 2
  fi
  work=$(mktemp -d)
  DATABASE_URL="sqlite://$work/lighthouse.db" LOYALTY_DEMO=1 LOYALTY_BIND="127.0.0.1:$port" \
    LOYALTY_WEB_DIR="$root/web/dist" "$bin" serve > "$work/server.log" 2>&1 &
  server=$!
  cleanup() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -rf "$work"
  }
  trap cleanup EXIT
  for _ in $(seq 1 60); do
    curl -sf "http://127.0.0.1:$port/api/v1/health" > /dev/null && break
    if ! kill -0 "$server" 2>/dev/null; then cat "$work/server.log"; exit 1; fi
    sleep 0.5
  done
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  base="http://127.0.0.1:$port"
else
  base=${1:-${LIGHTHOUSE_URL:-http://127.0.0.1:8080}}
fi
curl -sf -o /dev/null "$base/" || { echo "nothing answers at $base/"; exit 2; }
node "$root/scripts/lighthouse/run.mjs" "$base"
