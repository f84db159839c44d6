#!/usr/bin/env bash
# Starts the machine's PostgreSQL (Debian's cluster) for the test suite and prints the URL to
# export as TEST_DATABASE_URL. Safe to run twice.
set -euo pipefail
version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
if [ -z "$version" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
if ! pg_lsclusters -h | awk '{print $4}' | grep -q online; then
  # Only the URL goes to stdout (callers capture it); pg_ctlcluster may print notes such as
  # "Removed stale pid file".
  pg_ctlcluster "$version" main start >&2
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 >&2 && break
  sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:5432/postgres"
