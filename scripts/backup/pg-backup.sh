#!/usr/bin/env bash
# Online backup of the PostgreSQL database of `loyalty serve`, safe under load.
#
#   scripts/backup/pg-backup.sh DATABASE_URL DEST
#
# DATABASE_URL: postgres://user:password@host:5432/db (the server's own URL will do). DEST: the
# dump file to write, or an existing folder (the file is then DEST/loyalty-YYYYMMDDTHHMMSSZ.dump).
# An existing file is never overwritten. Prints the dump's path as the last line.
#
# How: pg_dump -Fc (custom format: compressed, restored with pg_restore, one table or all). It
# reads every table in one repeatable-read transaction, so the dump is one consistent snapshot
# of the moment it started, while the servers go on reading and writing (it only blocks schema
# changes, i.e. migrations of a server starting meanwhile wait for it). pg_dump must be of the
# server's major version or newer. The dump is then read back (pg_restore --list) before it is
# given its name. Restore: scripts/backup/pg-restore.sh.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 DATABASE_URL DEST" >&2
  exit 2
fi
command -v pg_dump > /dev/null || { echo "pg-backup: pg_dump is not installed (apt-get install postgresql-client)" >&2; exit 1; }
url=$1
dest=$2
case "$url" in
  postgres://* | postgresql://*) ;;
  *) echo "pg-backup: DATABASE_URL must start with postgres://" >&2; exit 2 ;;
esac
if [ -d "$dest" ]; then
  dest="${dest%/}/loyalty-$(date -u +%Y%m%dT%H%M%SZ).dump"
fi
[ ! -e "$dest" ] || { echo "pg-backup: $dest exists; not overwriting it" >&2; exit 1; }
tmp="$dest.partial.$$"
trap 'rm -f "$tmp"' EXIT
started=$EPOCHREALTIME
pg_dump --format=custom --no-password --file="$tmp" --dbname="$url"
dumped=$EPOCHREALTIME
entries=$(pg_restore --list "$tmp" | grep -c ' TABLE DATA ' || true)
[ "$entries" -gt 0 ] || { echo "pg-backup: the dump holds no table data" >&2; exit 1; }
sync "$tmp"
mv "$tmp" "$dest"
trap - EXIT
sync "$(dirname "$dest")"
echo "pg-backup: $(stat -c %s "$dest") bytes, $entries tables, dumped in $(awk "BEGIN { printf \"%.2f\", $dumped - $started }")s" >&2
echo "$dest"
