#!/usr/bin/env bash
# Messages process test (issue #39; see scripts/messages/messages.py): the real server on SQLite
# sends customer messages through `loyalty fake-provider`; it is killed with SIGKILL while
# sending and started again; every message must reach the provider exactly once. Needs the
# debug binary (cargo build -p loyalty-api) and the sqlite3 tool.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${LOYALTY_BIN:-${CARGO_TARGET_DIR:-target}/debug/loyalty}
[ -x "$bin" ] || { echo "messages: no binary at $bin (cargo build -p loyalty-api)"; exit 1; }
for tool in sqlite3 python3; do
  command -v "$tool" > /dev/null || { echo "messages: $tool is not installed"; exit 1; }
done
exec python3 scripts/messages/messages.py --bin "$(realpath "$bin")" --port "${MESSAGES_PORT:-18260}" "$@"
