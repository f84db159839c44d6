#!/usr/bin/env bash
# Crash test (see scripts/crash/crash.py): SIGKILL the server under a write load on SQLite
# (CRASH_CYCLES, default 3), then stop PostgreSQL under load and start it again. Needs the
# debug binary (cargo build -p loyalty-api), the sqlite3 and psql tools, and root for
# pg_ctlcluster. CRASH_NO_PG=1 runs the SQLite part only.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${LOYALTY_BIN:-${CARGO_TARGET_DIR:-target}/debug/loyalty}
[ -x "$bin" ] || { echo "crash: no binary at $bin (cargo build -p loyalty-api)"; exit 1; }
for tool in sqlite3 python3 curl; do
  command -v "$tool" > /dev/null || { echo "crash: $tool is not installed"; exit 1; }
done
args=(--bin "$(realpath "$bin")" --sqlite-cycles "${CRASH_CYCLES:-3}" --port "${CRASH_PORT:-18240}")
if [ "${CRASH_NO_PG:-0}" != 1 ]; then
  # Starts the cluster if needed and sets the postgres user's password; prints the URL.
  admin_url=$(scripts/pg-start.sh | tail -n 1)
  args+=(--pg --pg-admin-url "$admin_url")
fi
exec python3 scripts/crash/crash.py "${args[@]}" "$@"
