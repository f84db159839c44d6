#!/usr/bin/env bash
# Restores a backup made by sqlite-backup.sh. Stop `loyalty serve` first.
#
#   scripts/backup/sqlite-restore.sh BACKUP DB_PATH
#
# Checks the backup (PRAGMA integrity_check), then puts a copy of it at DB_PATH (or the path of
# a sqlite:// DATABASE_URL). A database already at DB_PATH is moved aside, together with its
# -wal and -shm files, to DB_PATH.before-restore-YYYYMMDDTHHMMSSZ(-wal, -shm): a -wal file
# left next to the restored file would be replayed into it on the next open, mixing newer
# pages from the old database into the backup (extra rows, a corrupt file). The server then
# starts on DB_PATH as usual (it switches the file to WAL mode and runs any newer migrations).
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BACKUP DB_PATH" >&2
  exit 2
fi
command -v sqlite3 > /dev/null || { echo "sqlite-restore: sqlite3 is not installed (apt-get install sqlite3)" >&2; exit 1; }
backup=$1
db=${2#sqlite://}
db=${db#sqlite:}
[ -f "$backup" ] || { echo "sqlite-restore: no backup file at $backup" >&2; exit 1; }
integrity=$(sqlite3 -readonly -bail "$backup" "PRAGMA integrity_check;")
if [ "$integrity" != ok ]; then
  echo "sqlite-restore: the backup failed PRAGMA integrity_check; not restoring it:" >&2
  echo "$integrity" | head -n 20 >&2
  exit 1
fi
mkdir -p "$(dirname "$db")"
tmp="$db.restoring.$$"
trap 'rm -f "$tmp"' EXIT
cp "$backup" "$tmp"
sync "$tmp"
aside="$db.before-restore-$(date -u +%Y%m%dT%H%M%SZ)"
for suffix in "" -wal -shm -journal; do
  if [ -e "$db$suffix" ]; then
    mv "$db$suffix" "$aside$suffix"
    echo "sqlite-restore: moved $db$suffix aside to $aside$suffix" >&2
  fi
done
mv "$tmp" "$db"
trap - EXIT
sync "$(dirname "$db")"
echo "sqlite-restore: $backup restored to $db" >&2
echo "$db"
