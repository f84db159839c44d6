#!/usr/bin/env bash
# Runs the Playwright suite against the real binary on a fresh demo database, then stops it.
# E2E_SHARDS=N splits the suite's files into N shards run side by side, each against its own
# server and its own fresh demo database (port E2E_PORT, E2E_PORT+1, ...): no shard sees
# another's changes, so tests that change owner-wide settings stay as isolated as in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LOYALTY_BIN:-target/debug/loyalty}
port=${E2E_PORT:-8181}
shards=${E2E_SHARDS:-1}
work=$(mktemp -d)
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# start_server N PORT: a server on a fresh demo database in $work/N; sets up E2E_* for it.
start_server() {
  local n=$1 p=$2 dir="$work/$1"
  mkdir -p "$dir"
  # Another server on the port would be tested in place of this one: refuse.
  if curl -s -o /dev/null "http://127.0.0.1:$p/"; then
    echo "127.0.0.1:$p is taken by another server: set E2E_PORT"
    exit 2
  fi
  DATABASE_URL="sqlite://$dir/e2e.db" LOYALTY_DEMO=1 LOYALTY_BIND="127.0.0.1:$p" LOYALTY_WEB_DIR="${LOYALTY_WEB_DIR:-web/dist}" \
    LOYALTY_LOGIN_PER_ACCOUNT=1000 LOYALTY_LOGIN_PER_CLIENT=1000 \
    LOYALTY_REGISTER_PER_CLIENT=1000 LOYALTY_REGISTER_PER_HOUR=1000 LOYALTY_PUBLIC_PER_CLIENT=1000 LOYALTY_PUBLIC_PER_PHONE=1000 \
    "$bin" serve > "$dir/server.log" 2>&1 &
  local server=$!
  servers+=("$server")
  for _ in $(seq 1 60); do
    curl -sf "http://127.0.0.1:$p/api/v1/health" > /dev/null && break
    if ! kill -0 "$server" 2>/dev/null; then cat "$dir/server.log"; exit 1; fi
    sleep 0.5
  done
  curl -sf "http://127.0.0.1:$p/api/v1/health" > /dev/null || { echo "server did not start"; cat "$dir/server.log"; exit 1; }
  # A store's registration token, for the join-from-QR flow: the owner's QR code encodes it.
  local base="http://127.0.0.1:$p/api/v1" owner_token store_id
  owner_token=$(curl -sf -H 'content-type: application/json' -d '{"email":"owner@demo.ly","password":"demo1234"}' \
    "$base/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  store_id=$(curl -sf -H "authorization: Bearer $owner_token" "$base/store-owner/stores" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')
  curl -sf -H "authorization: Bearer $owner_token" -H 'content-type: application/json' \
    -d "{\"store_id\": $store_id}" "$base/qr-code/generate" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["registration_url"].rsplit("/join/", 1)[1])' \
    > "$dir/join-token"
}

# run_shard N ARGS...: Playwright against server N (its shard of the files when there are several).
run_shard() {
  local n=$1 dir="$work/$1"
  shift
  local shard=()
  [ "$shards" -eq 1 ] || shard=("--shard=$n/$shards")
  # The database file, for the few tests that arrange what no endpoint does (a plan that ends
  # in six days).
  (cd web && E2E_BASE_URL="http://127.0.0.1:$((port + n - 1))" E2E_JOIN_TOKEN=$(cat "$dir/join-token") \
    E2E_DB_PATH="$dir/e2e.db" npx playwright test --output="$dir/test-results" "${shard[@]}" "$@") || {
    local status=$?
    echo "--- server log (shard $n) ---"
    tail -n 50 "$dir/server.log"
    return $status
  }
}

for n in $(seq 1 "$shards"); do start_server "$n" $((port + n - 1)); done
if [ "$shards" -eq 1 ]; then
  run_shard 1 "$@"
  exit 0
fi
# Side by side, each shard's output kept whole and printed when it ends.
pids=()
for n in $(seq 1 "$shards"); do
  run_shard "$n" "$@" > "$work/shard-$n.log" 2>&1 &
  pids+=("$!")
done
status=0
for n in $(seq 1 "$shards"); do
  shard_status=0
  wait "${pids[$((n - 1))]}" || shard_status=$?
  echo "=== shard $n of $shards (exit $shard_status) ==="
  cat "$work/shard-$n.log"
  [ "$shard_status" -eq 0 ] || status=$shard_status
done
exit "$status"
