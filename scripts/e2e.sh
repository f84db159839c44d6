#!/usr/bin/env bash
# Runs the Playwright suite against the real binary on a fresh demo database, then stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LOYALTY_BIN:-target/debug/loyalty}
port=${E2E_PORT:-8181}
# Another server on the port would be tested in place of this one: refuse.
if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
  echo "127.0.0.1:$port is taken by another server: set E2E_PORT"
  exit 2
fi
work=$(mktemp -d)
log="$work/server.log"
DATABASE_URL="sqlite://$work/e2e.db" LOYALTY_DEMO=1 LOYALTY_BIND="127.0.0.1:$port" LOYALTY_WEB_DIR="${LOYALTY_WEB_DIR:-web/dist}" \
  LOYALTY_LOGIN_PER_ACCOUNT=1000 LOYALTY_LOGIN_PER_CLIENT=1000 \
  LOYALTY_REGISTER_PER_CLIENT=1000 LOYALTY_REGISTER_PER_HOUR=1000 LOYALTY_PUBLIC_PER_CLIENT=1000 LOYALTY_PUBLIC_PER_PHONE=1000 "$bin" serve > "$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$port/api/v1/health" > /dev/null && break
  if ! kill -0 "$server" 2>/dev/null; then cat "$log"; exit 1; fi
  sleep 0.5
done
curl -sf "http://127.0.0.1:$port/api/v1/health" > /dev/null || { echo "server did not start"; cat "$log"; exit 1; }
# A store's registration token, for the join-from-QR flow: the owner's QR code encodes it.
base="http://127.0.0.1:$port/api/v1"
owner_token=$(curl -sf -H 'content-type: application/json' -d '{"email":"owner@demo.ly","password":"demo1234"}' \
  "$base/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
store_id=$(curl -sf -H "authorization: Bearer $owner_token" "$base/store-owner/stores" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')
E2E_JOIN_TOKEN=$(curl -sf -H "authorization: Bearer $owner_token" -H 'content-type: application/json' \
  -d "{\"store_id\": $store_id}" "$base/qr-code/generate" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["registration_url"].rsplit("/join/", 1)[1])')
export E2E_JOIN_TOKEN
# The database file, for the few tests that arrange what no endpoint does (a plan that ends in
# six days).
export E2E_DB_PATH="$work/e2e.db"
cd web
E2E_BASE_URL="http://127.0.0.1:$port" npx playwright test --output="$work/test-results" "$@" || { status=$?; echo "--- server log ---"; tail -n 50 "$log"; exit $status; }
