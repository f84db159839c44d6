#!/usr/bin/env bash
# The integrator's path, end to end: generate a Python client from openapi/openapi.json with
# openapi-python-client and run scripts/client-test/test_client.py with it against the real
# server on a fresh demo database (SQLite), webhooks allowed to a local receiver.
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

work=$(mktemp -d /tmp/loyalty-client.XXXXXX)
server=""
cleanup() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

printf 'post_hooks: []\n' > "$work/generator.yaml"
"$venv/bin/openapi-python-client" generate --path openapi/openapi.json --output-path "$work/loyalty_client" \
  --meta none --config "$work/generator.yaml"

DATABASE_URL="sqlite://$work/client.db" LOYALTY_DEMO=1 LOYALTY_BIND="127.0.0.1:$port" \
  LOYALTY_JWT_SECRET=client-test-secret-0123456789abcdefghijkl LOYALTY_WEB_DIR="$work/no-web" \
  LOYALTY_WEBHOOK_ALLOW_PRIVATE=1 RUST_LOG=warn "$bin" serve > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/api/v1/health" > /dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.5
done

PYTHONPATH="$work" "$venv/bin/python" scripts/client-test/test_client.py "http://127.0.0.1:$port" \
  || { echo "client-test: failed; the server's log:"; tail -n 50 "$work/server.log"; exit 1; }
