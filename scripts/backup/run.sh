#!/usr/bin/env bash
# Backup test (see scripts/backup/backup_test.py): an online backup under a write load, SQLite
# (VACUUM INTO) and PostgreSQL (pg_dump -Fc), restored with the operator scripts of this folder
# and checked: integrity, a consistent snapshot, every write acknowledged before the backup,
# nothing from after it, a working server on the copy. Needs the debug binary
# (cargo build -p loyalty-api), the sqlite3, psql, pg_dump and pg_restore tools, and root for
# scripts/pg-start.sh. BACKUP_NO_PG=1 runs the SQLite part only; BACKUP_PORT (18260) is the first
# of four ports.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${LOYALTY_BIN:-${CARGO_TARGET_DIR:-target}/debug/loyalty}
[ -x "$bin" ] || { echo "backup: no binary at $bin (cargo build -p loyalty-api)"; exit 1; }
tools=(sqlite3 python3)
[ "${BACKUP_NO_PG:-0}" = 1 ] || tools+=(psql pg_dump pg_restore)
for tool in "${tools[@]}"; do
  command -v "$tool" > /dev/null || { echo "backup: $tool is not installed"; exit 1; }
done
args=(--bin "$(realpath "$bin")" --port "${BACKUP_PORT:-18260}")
if [ "${BACKUP_NO_PG:-0}" != 1 ]; then
  # Starts the cluster if needed and sets the postgres user's password; prints the URL.
  admin_url=$(scripts/pg-start.sh | tail -n 1)
  args+=(--pg --pg-admin-url "$admin_url" --pg-db loyalty_backup)
fi
exec python3 scripts/backup/backup_test.py "${args[@]}" "$@"
