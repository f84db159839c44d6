#!/usr/bin/env bash
# Restores a dump made by pg-backup.sh into a new, empty database.
#
#   scripts/backup/pg-restore.sh DUMP DATABASE_URL
#
# Create the database first, owned by the user the servers connect as, e.g.
#   psql "$ADMIN_URL" -c 'CREATE DATABASE loyalty_restored OWNER loyalty'
# and give that user's URL here: the restored tables, sequences and indexes belong to it
# (--no-owner --no-privileges: the dump's owners and grants are not replayed, so a dump
# restores on another cluster with other role names). Refuses a database that already has
# tables. One transaction: either everything is restored or nothing (--single-transaction
# --exit-on-error). Then point DATABASE_URL at it and start the servers.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 DUMP DATABASE_URL" >&2
  exit 2
fi
command -v pg_restore > /dev/null || { echo "pg-restore: pg_restore is not installed (apt-get install postgresql-client)" >&2; exit 1; }
dump=$1
url=$2
[ -f "$dump" ] || { echo "pg-restore: no dump at $dump" >&2; exit 1; }
tables=$(psql -X -At --no-password -v ON_ERROR_STOP=1 "$url" -c \
  "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
if [ "$tables" != 0 ]; then
  echo "pg-restore: the database already has $tables tables; restore into a new, empty database" >&2
  exit 1
fi
started=$EPOCHREALTIME
pg_restore --no-owner --no-privileges --single-transaction --exit-on-error --no-password \
  --dbname="$url" "$dump"
# Fresh planner statistics for the restored tables.
psql -X -q --no-password -v ON_ERROR_STOP=1 "$url" -c "ANALYZE" > /dev/null
echo "pg-restore: $dump restored in $(awk "BEGIN { printf \"%.2f\", $EPOCHREALTIME - $started }")s" >&2
