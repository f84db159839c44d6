#!/usr/bin/env bash
# Smoke test of the container image: build it (scripts/container/build.sh), run it in demo mode
# with a named volume for /data, and check that
#   - GET /api/v1/ready answers 200,
#   - the demo cashier signs in (POST /api/v1/auth/login),
#   - the server process runs as a non-root uid (the image's user loyalty, 10001),
#   - the web app's index is served at /,
#   - the image's HEALTHCHECK passes,
#   - SIGTERM stops it cleanly, and a new container on the same volume keeps the data.
# Then it removes the containers and the volume (the image stays, for the layer cache).
#   scripts/container/run.sh              build, then test
#   CONTAINER_SKIP_BUILD=1 scripts/container/run.sh   test the image already built
# CONTAINER_PORT (18480) is the host port; LOYALTY_IMAGE the tag (localhost/loyalty:smoke).
set -euo pipefail
SECONDS=0
cd "$(dirname "$0")/../.."
image=${LOYALTY_IMAGE:-localhost/loyalty:smoke}
port=${CONTAINER_PORT:-18480}
name="loyalty-smoke-$$"
volume="loyalty-smoke-data-$$"

if [ "${CONTAINER_SKIP_BUILD:-0}" != 1 ]; then
  scripts/container/build.sh "$image"
  build_seconds=$SECONDS
fi
# shellcheck source=scripts/container/lib.sh
source scripts/container/lib.sh
# Only the probe for the flags this machine needs (the base images were settled by the build).
tmp_dir=$(mktemp -d)
probe_podman "$image"
rm -rf "$tmp_dir"

work=$(mktemp -d)
cleanup() {
  pm rm -f -t 0 "$name" > /dev/null 2>&1 || true
  pm volume rm -f "$volume" > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# podman 4.3 schedules a HEALTHCHECK with a systemd timer and, on a machine without systemd, logs
# that it cannot add, start or remove one: noise, dropped here (the test runs the check itself).
pmq() {
  local rc=0
  pm "$@" 2> "$work/podman.err" || rc=$?
  grep -v 'unable to get systemd connection' "$work/podman.err" >&2 || true
  return $rc
}

fail() {
  echo "FAIL: $*"
  echo "--- container log (last 40 lines) ---"
  pm logs --tail 40 "$name" 2>&1 || true
  exit 1
}

base="http://127.0.0.1:$port"
secret=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
start() {
  # -p publishes through podman's bridge network (netavark). LOYALTY_PUBLIC_URL: what the QR
  # codes would encode for this published port. --health-interval=disable: no timer for the
  # HEALTHCHECK (the test runs it itself). One signing secret for both containers, so a token of
  # the first is still good in the second if, and only if, its session (in the database) is.
  pmq run -d --name "$name" "${LIMITS[@]}" --health-interval=disable -p "127.0.0.1:$port:8080" \
    -v "$volume:/data" -e LOYALTY_DEMO=1 -e LOYALTY_JWT_SECRET="$secret" -e LOYALTY_PUBLIC_URL="$base" \
    "$image" > /dev/null || fail "podman run failed"
  local status=""
  for _ in $(seq 1 120); do
    status=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/v1/ready" || true)
    [ "$status" = 200 ] && return 0
    [ "$(pm inspect --format '{{.State.Running}}' "$name")" = true ] || fail "the container exited"
    sleep 0.5
  done
  fail "GET /api/v1/ready answered ${status:-nothing} after 60 s"
}

log "starting $image as $name (demo mode, volume $volume, port $port)"
pm volume create "$volume" > /dev/null
start
echo "ok: GET /api/v1/ready answers 200"

login() {
  curl -s -o "$work/login.json" -w '%{http_code}' -H 'content-type: application/json' \
    -d '{"email":"cashier@demo.ly","password":"demo1234"}' "$base/api/v1/auth/login" || true
}
status=$(login)
[ "$status" = 200 ] || fail "POST /api/v1/auth/login answered $status: $(head -c 300 "$work/login.json")"
token=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["data"]["token"])' "$work/login.json") \
  || fail "the login answer has no token: $(head -c 300 "$work/login.json")"
echo "ok: the demo cashier signs in (200, a token)"

# The server is the container's first process; rootful podman shares the host's uids, so its
# /proc status is the truth (the exec'd `id` would only show the image's default user).
pid=$(pm inspect --format '{{.State.Pid}}' "$name")
uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$pid/status")
comm=$(cat "/proc/$pid/comm")
[ "$comm" = loyalty ] || fail "the container's first process is $comm, not loyalty"
for uid in $uids; do
  [ "$uid" != 0 ] || fail "the server runs with uid 0 (real, effective, saved, fs: $uids)"
done
echo "ok: the server (pid $pid on the host) runs as uid ${uids%% *}, not root ($(pm exec "$name" id -un))"

status=$(curl -s -o "$work/index.html" -w '%{http_code}' "$base/" || true)
[ "$status" = 200 ] || fail "GET / answered $status"
if ! grep -qi '<!doctype html>' "$work/index.html" || ! grep -q '<div id="root">' "$work/index.html"; then
  fail "GET / is not the web app's index: $(head -c 300 "$work/index.html")"
fi
asset=$(grep -oE '/assets/index-[A-Za-z0-9_-]+\.js' "$work/index.html" | head -n 1)
status=$(curl -s -o /dev/null -w '%{http_code}' "$base$asset" || true)
[ "$status" = 200 ] || fail "GET $asset (the app's script) answered $status"
echo "ok: GET / serves the web app's index, and its script $asset"

if [ "$(pm image inspect --format '{{if .HealthCheck}}yes{{end}}' "$image")" = yes ]; then
  pm healthcheck run "$name" > /dev/null || fail "the image's HEALTHCHECK fails"
  echo "ok: the image's HEALTHCHECK passes"
else
  fail "the image has no HEALTHCHECK (built in the OCI format?)"
fi

pm exec "$name" test -s /data/loyalty.db || fail "no database in /data"
stop_start=$SECONDS
pmq stop -t 20 "$name" > /dev/null
stop_seconds=$((SECONDS - stop_start))
code=$(pm inspect --format '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "after SIGTERM the server exited with $code"
[ "$stop_seconds" -lt 15 ] || fail "the server took ${stop_seconds}s to stop on SIGTERM"
echo "ok: SIGTERM stops it in ${stop_seconds}s with exit code 0"
pmq rm "$name" > /dev/null
start
status=$(curl -s -o "$work/user.json" -w '%{http_code}' -H "authorization: Bearer $token" "$base/api/v1/auth/user" || true)
[ "$status" = 200 ] || fail "in a new container on the same volume, the first container's session answered $status"
echo "ok: a new container on the same volume comes up ready, and the session signed in before is still there"

log "smoke test passed (${build_seconds:-0}s build, $((SECONDS - ${build_seconds:-0}))s test)"
