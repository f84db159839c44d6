#!/usr/bin/env bash
# Online backup of the SQLite database of a running `loyalty serve` (WAL mode), safe under load.
#
#   scripts/backup/sqlite-backup.sh DB_PATH DEST
#
# DB_PATH: the database file (or its DATABASE_URL, sqlite://...). DEST: the backup file to write,
# or an existing folder (the file is then DEST/loyalty-YYYYMMDDTHHMMSSZ.db). An existing file is
# never overwritten. Prints the backup's path as the last line; exit status 0 only when the copy
# passed PRAGMA integrity_check and foreign_key_check.
#
# How: `VACUUM INTO` in one read transaction of the live database. In WAL mode that reads one
# consistent snapshot, the committed writes of the main file and of the -wal file alike, while
# the server goes on writing (readers and the writer do not block each other); the copy is one
# self-contained, compacted file (no -wal to carry along). `.backup` (the online backup API) is
# not used: the sqlite3 tool copies 100 pages a step and starts over whenever another process
# writes between two steps, so under a steady load a large database may take very long or
# never finish. A plain `cp` of the file is not a backup: it misses what is still in the -wal
# and may copy a page in the middle of a checkpoint.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 DB_PATH DEST" >&2
  exit 2
fi
command -v sqlite3 > /dev/null || { echo "sqlite-backup: sqlite3 is not installed (apt-get install sqlite3)" >&2; exit 1; }
db=${1#sqlite://}
db=${db#sqlite:}
dest=$2
# sqlite3 would create an empty database at a wrong path; refuse instead.
[ -f "$db" ] || { echo "sqlite-backup: no database file at $db" >&2; exit 1; }
if [ -d "$dest" ]; then
  dest="${dest%/}/loyalty-$(date -u +%Y%m%dT%H%M%SZ).db"
fi
[ ! -e "$dest" ] || { echo "sqlite-backup: $dest exists; not overwriting it" >&2; exit 1; }
tmp="$dest.partial.$$"
trap 'rm -f "$tmp"' EXIT
sql_tmp=${tmp//\'/\'\'}
started=$EPOCHREALTIME
# -readonly: the backup never writes to the live database. The timeout covers the rare moment a
# reader must wait (WAL recovery after a crash).
sqlite3 -readonly -bail "$db" ".timeout 30000" "VACUUM INTO '$sql_tmp';"
copied=$EPOCHREALTIME
integrity=$(sqlite3 -readonly -bail "$tmp" "PRAGMA integrity_check;")
if [ "$integrity" != ok ]; then
  echo "sqlite-backup: the copy failed PRAGMA integrity_check:" >&2
  echo "$integrity" | head -n 20 >&2
  exit 1
fi
fk=$(sqlite3 -readonly -bail "$tmp" "PRAGMA foreign_key_check;")
if [ -n "$fk" ]; then
  echo "sqlite-backup: the copy failed PRAGMA foreign_key_check:" >&2
  echo "$fk" | head -n 20 >&2
  exit 1
fi
sync "$tmp"
mv "$tmp" "$dest"
trap - EXIT
sync "$(dirname "$dest")"
echo "sqlite-backup: $(stat -c %s "$dest") bytes, copied in $(awk "BEGIN { printf \"%.2f\", $copied - $started }")s, integrity ok" >&2
echo "$dest"
