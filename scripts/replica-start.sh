#!/usr/bin/env bash
# Makes a streaming replica of the machine's PostgreSQL (started by scripts/pg-start.sh) with
# pg_basebackup -R, runs it as the postgres user on another port (5433) and prints its URL, to
# export as LOYALTY_READ_DATABASE_URL (or TEST_REPLICA_URL for the replica tests). Safe to run
# twice: a running replica is left as it is, a stopped one is started again.
# `scripts/replica-start.sh stop` (`just replica-stop`) stops it; `remove` also drops its copy and
# its slot; REPLICA_FRESH=1 remakes the copy.
#
# The replica holds a replication slot (`loyalty_replica`), so the primary keeps the WAL it has
# not received while it is stopped (without it, a busy primary recycles that WAL within seconds
# and the replica can never catch up), at most 2 GB (`max_slot_wal_keep_size`, set here): past
# that the slot is lost and the next start makes a fresh copy.
set -euo pipefail
slot=loyalty_replica
port=${REPLICA_PORT:-5433}
dir=${REPLICA_DIR:-/var/lib/postgresql/loyalty-replica}
version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
if [ -z "$version" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
bin=/usr/lib/postgresql/$version/bin
as_postgres() { su postgres -c "$*"; }
running() { [ -f "$dir/postmaster.pid" ] && as_postgres "$bin/pg_ctl -D $dir status" >/dev/null 2>&1; }

drop_slot() {
  as_postgres "psql -qAtc \"SELECT pg_drop_replication_slot('$slot') FROM pg_replication_slots WHERE slot_name = '$slot' AND NOT active\"" >/dev/null
}

case "${1:-}" in
  stop | remove)
    if running; then
      as_postgres "$bin/pg_ctl -D $dir -m fast -w stop" >&2
    else
      echo "the replica is not running" >&2
    fi
    if [ "$1" = remove ]; then
      drop_slot
      rm -rf "$dir"
    fi
    exit 0
    ;;
esac

scripts/pg-start.sh >/dev/null
# A stopped copy whose slot is gone or lost (past max_slot_wal_keep_size) cannot catch up.
slot_state=$(as_postgres "psql -Atc \"SELECT wal_status FROM pg_replication_slots WHERE slot_name = '$slot'\"")
if [ "${REPLICA_FRESH:-0}" = 1 ] || { ! running && { [ -z "$slot_state" ] || [ "$slot_state" = lost ]; }; }; then
  running && as_postgres "$bin/pg_ctl -D $dir -m fast -w stop" >&2
  rm -rf "$dir"
fi

if ! running; then
  if [ ! -f "$dir/standby.signal" ]; then
    # The primary takes replication connections from 127.0.0.1 (Debian's pg_hba.conf has the
    # entry; added when missing) and wal_level must be replica or logical (the default).
    hba=$(as_postgres "psql -Atc 'SHOW hba_file'")
    if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32' "$hba"; then
      echo "host replication all 127.0.0.1/32 scram-sha-256" >>"$hba"
      as_postgres "psql -qc 'SELECT pg_reload_conf()'" >/dev/null
    fi
    level=$(as_postgres "psql -Atc 'SHOW wal_level'")
    if [ "$level" = minimal ]; then
      echo "the primary's wal_level is minimal: set wal_level = replica and restart it" >&2
      exit 1
    fi
    if [ "$(as_postgres "psql -Atc 'SHOW max_slot_wal_keep_size'")" = -1 ]; then
      as_postgres "psql -qc \"ALTER SYSTEM SET max_slot_wal_keep_size = '2GB'\"" >/dev/null
      as_postgres "psql -qc 'SELECT pg_reload_conf()'" >/dev/null
    fi
    drop_slot
    rm -rf "$dir"
    install -d -o postgres -g postgres -m 700 "$dir"
    # -R writes standby.signal and primary_conninfo (with this connection's password);
    # -X stream copies the WAL written meanwhile, so the copy starts consistent; -C -S makes the
    # slot the replica then streams from.
    as_postgres "$bin/pg_basebackup -d 'host=127.0.0.1 port=5432 user=postgres password=postgres' \
      -D $dir -R -X stream -C -S $slot -c fast" >&2
    # Debian keeps the configuration in /etc, outside the data directory the copy took: the
    # replica gets a few lines of its own, and the primary's client rules.
    conf=$(dirname "$hba")
    cp "$conf/pg_hba.conf" "$conf/pg_ident.conf" "$dir/"
    cat >"$dir/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '/var/run/postgresql'
hot_standby = on
hot_standby_feedback = on
max_connections = 100
CONF
    chown postgres:postgres "$dir"/*.conf
  fi
  as_postgres "$bin/pg_ctl -D $dir -l $dir/replica.log -w -t 60 start" >&2
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" >&2 && break
  sleep 1
done
if [ "$(as_postgres "psql -p $port -Atc 'SELECT pg_is_in_recovery()'")" != t ]; then
  echo "the server on port $port is not a standby" >&2
  exit 1
fi
echo "postgres://postgres:postgres@127.0.0.1:$port/postgres"
