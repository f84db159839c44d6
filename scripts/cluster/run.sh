#!/usr/bin/env bash
# Three instances on one PostgreSQL behind HAProxy (deploy/haproxy.cfg), on loopback ports
# 18300 (HAProxy) and 18301-18303. Without arguments: the cluster test (scripts/cluster/cluster.py);
# with --serve: the cluster stays up until Ctrl-C. Needs the binary (LOYALTY_BIN), haproxy,
# psql and root for pg_ctlcluster (scripts/pg-start.sh starts PostgreSQL if it is not running).
# The instances read from the streaming replica on port 5433 (scripts/replica-start.sh starts it,
# or makes it; the test stops and starts it, and leaves it running).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${LOYALTY_BIN:-${CARGO_TARGET_DIR:-target}/debug/loyalty}
[ -x "$bin" ] || { echo "cluster: no binary at $bin (cargo build -p loyalty-api)"; exit 1; }
for tool in haproxy psql python3; do
  command -v "$tool" > /dev/null || { echo "cluster: $tool is not installed (apt-get install haproxy postgresql-client)"; exit 1; }
done
admin_url=$(scripts/pg-start.sh | tail -n 1)
replica_url=$(scripts/replica-start.sh | tail -n 1)
exec python3 scripts/cluster/cluster.py --bin "$bin" --pg-admin-url "$admin_url" --replica-url "$replica_url" "$@"
