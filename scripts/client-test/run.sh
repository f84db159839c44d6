#!/usr/bin/env bash
# The integrator's path, end to end, each part against the real server on a fresh demo database
# (SQLite), webhooks allowed to a local receiver:
#   1. test_examples.py: every operation's examples in openapi/openapi.json are accepted;
#   2. test_quickstart.py: the shell blocks of docs/integrations.md run as written;
#   3. test_client.py: a Python client generated from openapi/openapi.json with
#      openapi-python-client drives keys, sales, sync, signed webhooks (paused and resumed, a
#      burst, a test event) and the key rate limits (lowered for the test).
#
#   scripts/client-test/run.sh     # LOYALTY_BIN, CLIENT_TEST_PORT tune it
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bin=${LOYALTY_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/loyalty}
port=${CLIENT_TEST_PORT:-18400}
venv=${CLIENT_TEST_VENV:-$HOME/.cache/loyalty-client-venv}

# Pinned: the generator version this test was written against.
if ! "$venv/bin/openapi-python-client" --version 2>/dev/null | grep -q '0\.29\.1'; then
  echo "client-test: installing openapi-python-client 0.29.1 into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check openapi-python-client==0.29.1
fi
[ -x "$bin" ] || { echo "client-test: no binary at $bin (cargo build -p loyalty-api)"; exit 1; }
command -v jq > /dev/null || { echo "client-test: the quick start needs jq (apt-get install jq)"; exit 1; }

work=$(mktemp -d /tmp/loyalty-client.XXXXXX)
server=""
stop() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  server=""
}
cleanup() {
  stop
  rm -rf "$work"
}
trap cleanup EXIT

# A fresh demo server on $port, its database and log under $work/$1; more settings as arguments.
serve() {
  local name=$1
  shift
  stop
  mkdir -p "$work/$name"
  env DATABASE_URL="sqlite://$work/$name/client.db" LOYALTY_DEMO=1 LOYALTY_BIND="127.0.0.1:$port" \
    LOYALTY_JWT_SECRET=client-test-secret-0123456789abcdefghijkl LOYALTY_WEB_DIR="$work/no-web" \
    LOYALTY_WEBHOOK_ALLOW_PRIVATE=1 RUST_LOG=warn "$@" "$bin" serve > "$work/$name/server.log" 2>&1 &
  server=$!
  log="$work/$name/server.log"
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/api/v1/health" > /dev/null && return
    kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.5
  done
  echo "client-test: the server did not start"; cat "$log"; exit 1
}
failed() {
  echo "client-test: $1 failed; the server's log:"
  tail -n 50 "$log"
  exit 1
}

serve examples
"$venv/bin/python" scripts/client-test/test_examples.py "http://127.0.0.1:$port" openapi/openapi.json \
  || failed "the examples"

serve quickstart
"$venv/bin/python" scripts/client-test/test_quickstart.py "http://127.0.0.1:$port" docs/integrations.md \
  || failed "the quick start"

printf 'post_hooks: []\n' > "$work/generator.yaml"
"$venv/bin/openapi-python-client" generate --path openapi/openapi.json --output-path "$work/loyalty_client" \
  --meta none --config "$work/generator.yaml"
# Writes limited to 30 a minute per key, so the test reaches the limit quickly.
key_writes=30
serve client LOYALTY_KEY_WRITES_PER_MINUTE=$key_writes
PYTHONPATH="$work" CLIENT_TEST_KEY_WRITES=$key_writes "$venv/bin/python" scripts/client-test/test_client.py \
  "http://127.0.0.1:$port" \
  || failed "the generated client"
