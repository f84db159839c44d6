#!/usr/bin/env bash
# `just bench` (issue #8): the release binary against the limits of this machine.
#
# Builds `loyalty` and `loyalty-bench` in release mode, prepares a large database per backend
# (generated once, reused while its version and size match; every run starts from a fresh copy
# of it), starts `loyalty serve` on the copy and measures each scenario with wrk against a
# baseline measured in the same run. Prints a table and writes it into docs/benchmarks.md.
#
# Options (environment; the defaults are the full run):
#   BENCH_BACKENDS="sqlite postgres"   BENCH_SCENARIOS="web invoice redeem lookup signin limits mixed openloop cluster dashboards export import apikey webhooks programs replica"
#   (PostgreSQL only: limits, lookup and sign-in with the limits shared vs in process; cluster, after
#   mixed, the same mixed load through HAProxy on three instances, and with openloop the open-loop
#   capacity of three instances over one. openloop needs invoice and lookup first: its rates are
#   half of theirs)
#   BENCH_DURATION=30s (per scenario)  BENCH_MIXED_DURATION=60s  BENCH_MIXED_CONNECTIONS=1500
#   BENCH_CONNECTIONS=64               BENCH_DASHBOARD_DURATION=5s  BENCH_PG_RAW_CLIENTS=16
#   BENCH_STORES=50 BENCH_OWNERS=10 BENCH_CUSTOMERS=100000 BENCH_INVOICES=1000000 BENCH_BIG_STORE=20000
#   BENCH_PORT=18089  BENCH_WRITE_DOCS=1 (0: print only)  BENCH_RUST_LOG=warn  BENCH_SKIP_BUILD=0
#   BENCH_OPEN_DURATION=60s (open loop at a set rate)  BENCH_OPEN_RATE=500 (the mix's requests/s)
#   BENCH_CAPACITY_STEP=10s (each try of the capacity search)
#   replica (PostgreSQL only; skipped without a standby at BENCH_REPLICA_URL, default `just replica-start`'s
#   postgres://postgres:postgres@127.0.0.1:5433): sales with the dashboards and an export beside them read on the
#   replica, then on the primary; BENCH_REPLICA_PAUSE=0 (seconds each reader waits after each request),
#   BENCH_REPLICA_READERS="dashboards export" (which readers run beside the sales)
# A quick run: BENCH_BACKENDS=sqlite BENCH_DURATION=5s BENCH_MIXED_DURATION=10s just bench
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
work=$target/bench
logs=$work/logs
mkdir -p "$logs"

backends=${BENCH_BACKENDS:-sqlite postgres}
backends=${backends//,/ }
big_store=${BENCH_BIG_STORE:-20000}
export BENCH_BIG_STORE=$big_store
scenarios=${BENCH_SCENARIOS:-web invoice redeem lookup signin limits mixed openloop cluster dashboards export import apikey webhooks programs replica}
scenarios=${scenarios//,/ }
duration=${BENCH_DURATION:-30s}
mixed_duration=${BENCH_MIXED_DURATION:-60s}
mixed_conns=${BENCH_MIXED_CONNECTIONS:-1500}
open_duration=${BENCH_OPEN_DURATION:-60s}
open_rate=${BENCH_OPEN_RATE:-500}
capacity_step=${BENCH_CAPACITY_STEP:-10s}
conns=${BENCH_CONNECTIONS:-64}
dash_duration=${BENCH_DASHBOARD_DURATION:-5s}
pg_raw_clients=${BENCH_PG_RAW_CLIENTS:-16}
port=${BENCH_PORT:-18089}
write_docs=${BENCH_WRITE_DOCS:-1}
size=(--stores "${BENCH_STORES:-50}" --owners "${BENCH_OWNERS:-10}" --customers "${BENCH_CUSTOMERS:-100000}"
  --invoices "${BENCH_INVOICES:-1000000}")
cores=$(nproc)
bench_bin=$target/release/loyalty-bench
server_bin=$target/release/loyalty
export BENCH_LUA_DIR=$root/scripts/bench/wrk
export BENCH_RUN_ID
BENCH_RUN_ID=$(date +%s)-$RANDOM

has() { [[ " $scenarios " == *" $1 "* ]]; }
log() { printf '\n== %s\n' "$*" >&2; }
# "30s" / "2m" / "45" -> seconds
secs() {
  local v=$1
  case $v in
    *m) echo $((${v%m} * 60)) ;;
    *s) echo "${v%s}" ;;
    *) echo "$v" ;;
  esac
}
calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }
ge() { awk "BEGIN { exit !(($1) >= ($2)) }"; }
lt() { awk "BEGIN { exit !(($1) < ($2)) }"; }

# ---------------------------------------------------------------- tools and builds

if ! command -v wrk >/dev/null; then
  log "installing wrk (Debian)"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get install -y wrk >&2 || { $sudo_cmd apt-get update >&2 && $sudo_cmd apt-get install -y wrk >&2; }
fi
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
if has openloop && ! command -v oha >/dev/null; then
  log "installing oha (crates.io), the open-loop client"
  cargo install oha --locked --version 1.16.0 >&2
fi
if [ "${BENCH_SKIP_BUILD:-0}" = 1 ]; then
  log "using the release binaries already built (BENCH_SKIP_BUILD=1)"
else
  log "building the release binaries"
  cargo build --release -p loyalty-api -p loyalty-bench >&2
fi

results=$work/results.tsv
: >"$results"
# backend scenario rate p50 p99 baseline baseline_rate ratio goal met note
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" | tee -a "$results" >&2; }
verdict() { if "$@"; then echo yes; else echo NO; fi; }

# ---------------------------------------------------------------- 7. web

if has web; then
  log "web: gzip sizes of web/dist"
  if [ ! -f web/dist/index.html ]; then
    (cd web && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build) >&2
  fi
  python3 scripts/bench/web-sizes.py web/dist >"$work/web.txt"
  cat "$work/web.txt" >&2
  read -r _ _ raw gz _ < <(grep '^WEB first-page-js ' "$work/web.txt")
  read -r _ _ _ css_gz < <(grep '^WEB first-page-css ' "$work/web.txt")
  kb=$(calc "$gz / 1024")
  row "-" "7. web: login page JS (gzip)" "-" "-" "-" "-" "-" "-" "< 150 KB" \
    "$(verdict lt "$kb" 150)" "${kb} KB JS gzip (raw $(calc "$raw / 1024") KB) + $(calc "$css_gz / 1024") KB CSS gzip; lazy routes below"
fi

argon_ms=$("$bench_bin" argon2 | awk '{print $2}')
log "one argon2id hash: $argon_ms ms on one core; $cores cores"

# ---------------------------------------------------------------- server and load helpers

server_pids=()
stop_server() { # every server started, and the balancer
  local pid
  for pid in "${server_pids[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  server_pids=()
}
trap stop_server EXIT

# One signing secret per run: the cluster's instances accept the tokens the single server made.
jwt_secret=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
start_server() { # url backend [port]
  DATABASE_URL=$1 LOYALTY_BIND=127.0.0.1:${3:-$port} LOYALTY_JWT_SECRET=$jwt_secret LOYALTY_TRUSTED_PROXIES=127.0.0.1 \
    LOYALTY_LIMITS=${limits_at:-database} \
    LOYALTY_LOGIN_PER_ACCOUNT=1000000000 LOYALTY_LOGIN_PER_CLIENT=1000000000 \
    LOYALTY_REGISTER_PER_CLIENT=1000000000 LOYALTY_REGISTER_PER_HOUR=1000000000 LOYALTY_PUBLIC_PER_CLIENT=1000000000 LOYALTY_PUBLIC_PER_PHONE=1000000000 \
    LOYALTY_WEB_DIR=$root/web/dist RUST_LOG=${BENCH_RUST_LOG:-warn} LOYALTY_WEBHOOK_ALLOW_PRIVATE=1 \
    "$server_bin" serve >"$logs/server-$2.log" 2>&1 &
  local pid=$!
  server_pids+=("$pid")
  # Up to three minutes: a new migration over the bench's 1,000,000 invoices runs first (the
  # monthly partitions took 35 s); a server that exits stops the wait at once.
  for _ in $(seq 1 900); do
    curl -sf "http://127.0.0.1:${3:-$port}/api/v1/ready" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$logs/server-$2.log" >&2; return 1; }
    sleep 0.2
  done
  echo "the server did not start" >&2
  return 1
}

# cpu_ms pid... -> user + system CPU milliseconds these processes have used so far
cpu_ms() {
  local ticks
  ticks=$(getconf CLK_TCK)
  cat "${@/#//proc/}" 2>/dev/null | sed 's/^[0-9]* ([^)]*) //' | awk -v t="$ticks" '{s += $12 + $13} END {printf "%.0f", s * 1000 / t}'
}
pg_pids() { pgrep -u postgres -d ' ' postgres | sed 's/\([0-9]*\)/\1\/stat/g'; }

# Issue #20: the server's peak resident memory over a stretch. peak_from starts the stretch
# (writing 5 to clear_refs resets VmHWM to the current RSS); peak_mb reads the peak since, MB.
peak_from() { echo 5 >"/proc/${server_pids[0]}/clear_refs" 2>/dev/null || true; }
peak_mb() { awk '/^VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/${server_pids[0]}/status" 2>/dev/null || echo 0; }
memory_row() { # title peak_mb
  row "$label" "13. server peak resident memory: $1" "-" "-" "-" "-" "-" "-" "< 256 MB" "$(verdict lt "$2" 256)" \
    "$2 MB (VmHWM of the one server process, reset before the stretch)"
}

login() {
  curl -sf -X POST "http://127.0.0.1:$port/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"demo1234\"}" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["token"])'
}

# wrk_run name script connections duration [VAR=value ...] -> prints the RESULT fields after the name
wrk_run() {
  local name=$1 script=$2 c=$3 d=$4
  shift 4
  local threads=2
  [ "$c" -ge 2 ] || threads=1
  env BENCH_NAME="$name" "$@" wrk -t"$threads" -c"$c" -d"$d" --timeout 10s --latency \
    -s "$BENCH_LUA_DIR/$script" "http://127.0.0.1:$port" >"$logs/wrk-$backend-$name.log" 2>&1 || true
  local line
  line=$(grep '^RESULT ' "$logs/wrk-$backend-$name.log" | tail -n 1 || true)
  [ -n "$line" ] || { cat "$logs/wrk-$backend-$name.log" >&2; line="RESULT $name 0 0 0 0 0 0 0 0"; }
  echo "${line#RESULT "$name" }"
}

# ---------------------------------------------------------------- open loop (issue #20)
# oha sends requests at a set rate whatever the answers' latency (-q) and counts each request's
# latency from the moment it was due (--latency-correction), as tills that each send a request
# now and then do; wrk's closed loop (every connection always busy) cannot show that.
open_stores=5 # sales and redemptions spread over the first stores, each its cashier's
share_of() { awk "BEGIN { n = int($1 * $2); print (n > 0 ? n : 1) }"; } # connections, share -> at least 1
cashier_token() { awk -v k="$1" '/cashiers = \{/ {f = 1; next} f && /^ *"/ {n++; if (n == k) {gsub(/[", ]/, ""); print; exit}}' "$BENCH_TOKENS"; }
oha_part() { # tag rate connections duration path [oha options...]: one client, in the background
  local tag=$1 rate=$2 c=$3 d=$4 path=$5
  shift 5
  rm -f "$work/oha-$tag.db" "$work/oha-$tag.json"
  oha -z "$d" -q "$rate" -c "$c" --latency-correction --no-tui -t 10s --output-format json \
    --db-url "$work/oha-$tag.db" "$@" "http://127.0.0.1:$port$path" >"$work/oha-$tag.json" 2>"$logs/oha-$backend-$tag.err" &
  oha_pids+=("$!")
  oha_tags+=("$work/oha-$tag")
}
# openloop name rate duration connections "lookup=0.70 invoice=0.20 ..." -> "rate p50 p99 2xx 4xx 5xx errors answers"
# The mix's shares of the rate and of the connections go to one client per kind (per store for
# sales and redemptions: a cashier sells in its own store only).
openloop() {
  local name=$1 rate=$2 d=$3 conns=$4 mix=$5 item kind share r c k
  oha_pids=() oha_tags=()
  [ -f "$work/bodies/lookup.txt" ] || python3 scripts/bench/oha-bodies.py "$BENCH_FIXTURE" "$work/bodies" "$open_stores"
  for item in $mix; do
    kind=${item%=*} share=${item#*=}
    case $kind in
      lookup)
        oha_part "$name-lookup" "$(calc "$rate * $share")" "$(share_of "$conns" "$share")" \
          "$d" /api/v1/public/points -m POST -T application/json -Z "$work/bodies/lookup.txt" ;;
      invoice | redeem)
        r=$(calc "$rate * $share / $open_stores")
        c=$(share_of "$conns" "$share / $open_stores")
        path=$([ "$kind" = invoice ] && echo /api/v1/invoices || echo /api/v1/redemptions)
        for k in $(seq 1 "$open_stores"); do
          oha_part "$name-$kind$k" "$r" "$c" "$d" "$path" -m POST -T application/json \
            -H "Authorization: Bearer $(cashier_token "$k")" -Z "$work/bodies/$kind-$k.txt"
        done ;;
      signin)
        oha_part "$name-signin" "$(calc "$rate * $share")" "$(share_of "$conns" "$share")" \
          "$d" /api/v1/auth/login -m POST -T application/json -d '{"email":"cashier1@bench.ly","password":"demo1234"}' ;;
    esac
  done
  wait "${oha_pids[@]}" || true
  python3 scripts/bench/oha-merge.py "$(secs "$d")" "${oha_tags[@]}"
}
# capacity name goal_ms start_rate connections mix -> "rate p99": the highest rate tried that held
# (p99 under the goal, no 5xx, no errors, 95 % of the rate answered); doubling, then two halvings
# of the gap between the last rate held and the first that was not.
capacity() {
  local name=$1 goal=$2 rate=$3 conns=$4 mix=$5 held=0 held_p99=- failed=0 step got p50 p99 c2 c4 c5 err n
  for step in 1 2 3 4 5 6 7 8 9 10; do
    read -r got p50 p99 c2 c4 c5 err n < <(openloop "$name" "$rate" "$capacity_step" "$conns" "$mix")
    log "$backend: capacity $name at $rate/s: $got/s answered, p99 $p99 ms, 5xx $c5, errors $err"
    if lt "$p99" "$goal" && [ $((c5 + err)) -eq 0 ] && ge "$got" "$(calc "$rate * 0.95")"; then
      held=$rate held_p99=$p99
    else
      failed=$rate
    fi
    if [ "$failed" = 0 ]; then
      rate=$((rate * 2))
    elif [ "$step" -ge 10 ] || [ $((failed - held)) -le $((held / 8 + 1)) ]; then
      break
    else
      rate=$(((held + failed) / 2))
    fi
  done
  echo "$held $held_p99"
}

# raw_run scenario -> "rate p50 p99 errors count"
raw_run() {
  local scenario=$1 t=$(secs "$duration")
  if [ "$backend" = sqlite ]; then
    local threads=1
    [ "$scenario" != lookup ] || threads=$cores
    "$bench_bin" raw "$scenario" --database-url "$db_url" --seconds "$t" --threads "$threads" \
      2>"$logs/raw-$backend-$scenario.err" | awk '/^RESULT/ {print $3, $4, $5, $6, $7}'
  else
    local script=$scenario hot=0
    case $scenario in redeem-hot) script=redeem hot=1 ;; esac
    rm -f "$work"/pgb-"$scenario".*
    # shellcheck disable=SC2046
    pgbench -n -M prepared -c "$pg_raw_clients" -j 2 -T "$t" -D hot=$hot $(pg_vars) \
      -f "scripts/bench/pgbench/$script.sql" --log --log-prefix="$work/pgb-$scenario" "$db_url" \
      >"$logs/pgbench-$scenario.log" 2>&1 || true
    local tps failed
    tps=$(awk '/^tps = / {printf "%.1f\n", $3}' "$logs/pgbench-$scenario.log" | tail -n 1)
    failed=$(awk '/number of failed transactions/ {print $5}' "$logs/pgbench-$scenario.log" | tail -n 1)
    [ -n "$tps" ] || { tail -n 5 "$logs/pgbench-$scenario.log" >&2; tps=0; }
    cat "$work"/pgb-"$scenario".* 2>/dev/null | awk '{print $3}' | sort -n >"$work/pgb-lat.txt"
    local n p50 p99
    n=$(wc -l <"$work/pgb-lat.txt")
    p50=$(awk -v n="$n" 'NR == int(n * 0.50) + 1 {printf "%.3f", $1 / 1000}' "$work/pgb-lat.txt")
    p99=$(awk -v n="$n" 'NR == int(n * 0.99) + 1 {printf "%.3f", $1 / 1000}' "$work/pgb-lat.txt")
    echo "$tps ${p50:-0} ${p99:-0} ${failed:-0} $n"
  fi
}

pg_vars() {
  grep -o '[a-z_0-9]* = [0-9]*' "$work/fixture-$backend.lua" | awk '{printf "-D %s=%s ", $1, $3}'
}
fx() { grep -o "$1 = [0-9]*" "$work/fixture-$backend.lua" | awk '{print $3}'; }
sql() { "$bench_bin" scalar --database-url "$db_url" "$1"; }

# ---------------------------------------------------------------- per backend

machine_load=$(cut -d' ' -f1-3 /proc/loadavg)
for backend in $backends; do
  log "$backend: preparing the large database"
  case $backend in
    sqlite)
      pristine=sqlite://$work/loyalty-bench.db
      # A reused data set takes newer migrations (indexes); one whose migrations are not these
      # (the folders were renamed in #33) is made again.
      if ! "$bench_bin" status --database-url "$pristine" "${size[@]}" >"$work/fixture-$backend.lua" 2>/dev/null \
        || ! DATABASE_URL=$pristine "$server_bin" migrate >&2; then
        rm -f "$work"/loyalty-bench.db "$work"/loyalty-bench.db-*
        DATABASE_URL=$pristine "$server_bin" seed-demo >&2
        "$bench_bin" prepare --database-url "$pristine" "${size[@]}" >"$work/fixture-$backend.lua"
      fi
      rm -f "$work"/loyalty-bench-run.db "$work"/loyalty-bench-run.db-*
      cp "$work/loyalty-bench.db" "$work/loyalty-bench-run.db"
      db_url=sqlite://$work/loyalty-bench-run.db
      ;;
    postgres)
      admin_url=$(scripts/pg-start.sh)
      base=${admin_url%/*}
      pristine=$base/loyalty_bench
      if ! "$bench_bin" status --database-url "$pristine" "${size[@]}" >"$work/fixture-$backend.lua" 2>/dev/null \
        || ! DATABASE_URL=$pristine "$server_bin" migrate >&2; then
        psql "$admin_url" -qAt -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS loyalty_bench WITH (FORCE)" >&2
        psql "$admin_url" -qAt -v ON_ERROR_STOP=1 -c "CREATE DATABASE loyalty_bench" >&2
        DATABASE_URL=$pristine "$server_bin" seed-demo >&2
        "$bench_bin" prepare --database-url "$pristine" "${size[@]}" >"$work/fixture-$backend.lua"
      fi
      # Each run copies this database: vacuumed once here (after a migration rewrote tables, as
      # the monthly partitions did), so autovacuum does not run inside every copy's measurements.
      psql "$pristine" -qAt -v ON_ERROR_STOP=1 -c "VACUUM (ANALYZE)" >&2
      psql "$admin_url" -qAt -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS loyalty_bench_run WITH (FORCE)" >&2
      psql "$admin_url" -qAt -v ON_ERROR_STOP=1 -c "CREATE DATABASE loyalty_bench_run TEMPLATE loyalty_bench" >&2
      db_url=$base/loyalty_bench_run
      ;;
    *)
      echo "unknown backend $backend (sqlite, postgres)" >&2
      exit 2
      ;;
  esac
  export BENCH_FIXTURE=$work/fixture-$backend.lua BENCH_TOKENS=$work/tokens-$backend.lua
  label=$backend
  if has lookup; then
    # Issue #37: the counter's search in a store of BENCH_BIG_STORE customers (row 3i), on
    # this run's copy only; the server writes their search text when it starts.
    big_count=$("$bench_bin" big-store --database-url "$db_url" --customers "$big_store")
  fi

  start_server "$db_url" "$backend"
  log "$backend: signing in the POS users, an owner and the admin"
  stores=$(fx 'stores')
  {
    echo "return {"
    echo "  cashiers = {"
    for k in $(seq 1 "$stores"); do echo "    \"$(login "cashier$k@bench.ly")\","; done
    echo "  },"
    echo "  owner = \"$(login owner1@bench.ly)\","
    echo "  admin = \"$(login admin@demo.ly)\","
    echo "}"
  } >"$BENCH_TOKENS"
  owner_token=$(grep -o 'owner = "[^"]*"' "$BENCH_TOKENS" | cut -d'"' -f2)
  admin_token=$(grep -o 'admin = "[^"]*"' "$BENCH_TOKENS" | cut -d'"' -f2)
  base_name=$([ "$backend" = sqlite ] && echo "tight loop, 1 thread" || echo "pgbench -c $pg_raw_clients")

  if has dashboards; then
    log "$backend: 6. dashboards (first, on the data set as generated)"
    peak_from
    for d in "admin overview|/api/v1/admin/overview|$admin_token" \
      "admin analytics|/api/v1/admin/analytics|$admin_token" \
      "owner customers overview (5 stores)|/api/v1/customers/store-owner-overview|$owner_token"; do
      IFS='|' read -r title path token <<<"$d"
      read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run "dash-${path##*/}" get.lua 1 "$dash_duration" BENCH_PATH="$path" BENCH_TOKEN="$token")
      row "$label" "6. $title, 1 conn" "$rate" "$p50" "$p99" "-" "-" "-" "< 100 ms" \
        "$(verdict eval "lt $p99 100 && [ $((c4 + c5)) -eq 0 ] && [ $n -gt 0 ]")" "$n requests, non-2xx $((c4 + c5))"
    done
    memory_row "the dashboards' reads over the whole data set" "$(peak_mb)"
  fi

  if has export; then
    log "$backend: 11. export: every invoice in one CSV file (the admin's), server memory"
    pid=${server_pids[0]}
    # Peak resident memory from here on: writing 5 to clear_refs resets VmHWM to the current RSS.
    echo 5 >"/proc/$pid/clear_refs" 2>/dev/null || true
    rss0=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
    t0=$(date +%s.%N)
    curl -sf -H "Authorization: Bearer $admin_token" -D "$work/export.headers" -o "$work/export.csv" \
      "http://127.0.0.1:$port/api/v1/exports/invoices" || true
    t1=$(date +%s.%N)
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
    expected=$(tr -d '\r' <"$work/export.headers" | awk -F': ' 'tolower($1) == "x-export-rows" {print $2}')
    lines=$(wc -l <"$work/export.csv")
    rows=$((lines - 1))
    secs=$(calc "$t1 - $t0")
    # The export's own memory: the peak over what the server held before it (which is mostly
    # what earlier requests left in the allocator, e.g. the sign-ins' argon2 buffers).
    added_mb=$(calc "($hwm - $rss0) / 1024")
    row "$label" "11. export every invoice as CSV (admin), rows/s" "$(calc "$rows / $secs")" "-" "-" "-" "-" "-" \
      "< 100 MB added" "$(verdict eval "lt $added_mb 100 && [ $rows -eq ${expected:-0} ] && [ $rows -gt 0 ]")" \
      "$rows of ${expected:-?} rows in $secs s, $(calc "$(stat -c %s "$work/export.csv") / 1048576") MB file; peak RSS +$added_mb MB (from $(calc "$rss0 / 1024") to $(calc "$hwm / 1024") MB)"
    rm -f "$work/export.csv"
  fi

  if has apikey; then
    log "$backend: 8. authenticating with an API key instead of a session token"
    api_key=$(curl -sf -X POST "http://127.0.0.1:$port/api/v1/store-owner/api-keys" -H "Authorization: Bearer $owner_token" \
      -H 'Content-Type: application/json' -d "{\"name\": \"bench $BENCH_RUN_ID\", \"scopes\": [\"customers:read\"]}" |
      python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["secret"])')
    read -r t_rate t_p50 t_p99 _ < <(wrk_run auth-token get.lua "$conns" "$duration" BENCH_PATH=/api/v1/loyalty-config BENCH_TOKEN="$owner_token")
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run auth-key get.lua "$conns" "$duration" BENCH_PATH=/api/v1/loyalty-config BENCH_TOKEN="$api_key")
    ratio=$(calc "$rate / ($t_rate + 0.000001)")
    row "$label" "8. owner's loyalty settings with an API key, $conns conns" "$rate" "$p50" "$p99" \
      "the same with a session token (p50 $t_p50, p99 $t_p99)" "$t_rate" "$ratio" ">= 0.90" \
      "$(verdict eval "ge $ratio 0.90 && [ $((c4 + c5 + sock)) -eq 0 ]")" "$n requests, 4xx $c4, 5xx $c5"
  fi

  if has invoice; then
    log "$backend: 1. create invoice"
    read -r b_rate b_p50 b_p99 b_err _ < <(raw_run invoice)
    app_cpu0=$(cpu_ms "${server_pids[0]}/stat")
    # shellcheck disable=SC2046
    pg_cpu0=$(if [ "$backend" = postgres ]; then cpu_ms $(pg_pids); else echo 0; fi)
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run invoice invoice.lua "$conns" "$duration")
    sleep 1 # requests in flight when wrk stopped
    app_cpu=$(($(cpu_ms "${server_pids[0]}/stat") - app_cpu0))
    # shellcheck disable=SC2046
    pg_cpu=$(if [ "$backend" = postgres ]; then echo $(($(cpu_ms $(pg_pids)) - pg_cpu0)); else echo 0; fi)
    invoice_rate=$rate
    ledger_ok=$("$bench_bin" check --database-url "$db_url" >"$logs/check-$backend-invoice.txt" 2>&1 && echo ok || echo BROKEN)
    ratio=$(calc "$rate / ($b_rate + 0.000001)")
    met=$(verdict eval "ge $ratio 0.70 && lt $p99 20 && [ $((c4 + c5 + sock)) -eq 0 ] && [ $ledger_ok = ok ]")
    row "$label" "1. create invoice (Idempotency-Key), $conns conns" "$rate" "$p50" "$p99" \
      "raw tx ($base_name; p50 $b_p50, p99 $b_p99, err $b_err)" "$b_rate" "$ratio" ">= 0.70, p99 < 20 ms, 0 errors" "$met" \
      "$n requests, 4xx $c4, 5xx $c5, socket errors $sock; ledger sums $ledger_ok"
    per_sale=$(calc "($app_cpu + $pg_cpu) / ($n + 0.000001)")
    row "$label" "1b. CPU per sale during row 1 (for sizing, docs/deploy.md)" "$(calc "1000 / ($per_sale + 0.000001)")" "-" "-" \
      "-" "-" "-" "-" "-" "server $(calc "$app_cpu / ($n + 0.000001)") ms + PostgreSQL $(calc "$pg_cpu / ($n + 0.000001)") ms CPU per sale (user + system, all its processes): rate = sales per second per core"
  fi

  if has redeem; then
    log "$backend: 2. redeem reward (spread, hot customer, draining)"
    read -r b_rate b_p50 b_p99 b_err _ < <(raw_run redeem)
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run redeem-spread redeem.lua "$conns" "$duration")
    ratio=$(calc "$rate / ($b_rate + 0.000001)")
    met=$(verdict eval "ge $ratio 0.70 && [ $((c5 + sock)) -eq 0 ]")
    row "$label" "2a. redeem, random customers, $conns conns" "$rate" "$p50" "$p99" \
      "raw tx ($base_name; p50 $b_p50, p99 $b_p99, err $b_err)" "$b_rate" "$ratio" ">= 0.70" "$met" \
      "$n requests, 2xx $c2, 4xx $c4 (not enough points), 5xx $c5, socket errors $sock"

    hot=$(fx hot_customer)
    read -r b_rate b_p50 b_p99 b_err _ < <(raw_run redeem-hot)
    before=$(sql "SELECT loyalty_points AS v FROM customers WHERE id = $hot")
    before_n=$(sql "SELECT COUNT(*) AS v FROM redemptions WHERE customer_id = $hot")
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run redeem-hot redeem.lua "$conns" "$duration" BENCH_REDEEM_CUSTOMER=1)
    sleep 1 # requests in flight when wrk stopped still finish on the server (wrk does not count them)
    after=$(sql "SELECT loyalty_points AS v FROM customers WHERE id = $hot")
    done_n=$(($(sql "SELECT COUNT(*) AS v FROM redemptions WHERE customer_id = $hot") - before_n))
    exact=$([ $((done_n * $(fx reward_cost))) -eq $((before - after)) ] && [ "$done_n" -ge "$c2" ] &&
      [ "$done_n" -le $((c2 + conns)) ] && [ "$after" -ge 0 ] && echo exact || echo WRONG)
    ratio=$(calc "$rate / ($b_rate + 0.000001)")
    met=$(verdict eval "ge $ratio 0.70 && [ $exact = exact ] && [ $((c5 + sock)) -eq 0 ]")
    row "$label" "2b. redeem, all on one customer, $conns conns" "$rate" "$p50" "$p99" \
      "raw tx on that customer ($base_name; p50 $b_p50, p99 $b_p99)" "$b_rate" "$ratio" ">= 0.70, exact" "$met" \
      "$done_n redemptions x $(fx reward_cost) = $((before - after)) points removed ($exact; wrk saw $c2 answers 2xx); 5xx $c5"

    drain=$(fx drain_customer)
    before=$(sql "SELECT loyalty_points AS v FROM customers WHERE id = $drain")
    before_n=$(sql "SELECT COUNT(*) AS v FROM redemptions WHERE customer_id = $drain")
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run redeem-drain redeem.lua "$conns" 3s BENCH_REDEEM_CUSTOMER=2)
    sleep 1
    after=$(sql "SELECT loyalty_points AS v FROM customers WHERE id = $drain")
    done_n=$(($(sql "SELECT COUNT(*) AS v FROM redemptions WHERE customer_id = $drain") - before_n))
    cost=$(fx reward_cost)
    exact=$([ $((done_n * cost)) -eq $((before - after)) ] && [ "$done_n" -eq "$c2" ] && [ "$after" -ge 0 ] &&
      [ "$after" -lt "$cost" ] && echo exact || echo WRONG)
    row "$label" "2c. redeem until a balance runs out, $conns conns" "$rate" "$p50" "$p99" "-" "-" "-" \
      "balance never < 0, exact" "$(verdict [ "$exact" = exact ])" \
      "balance $before -> $after: $c2 successes x $cost = $((before - after)) ($exact); $c4 refused (409); 5xx $c5"
  fi

  if has lookup || has signin; then
    lookup_threads=$([ "$backend" = sqlite ] && echo "tight loop, $cores threads" || echo "pgbench -c $pg_raw_clients")
  fi
  if has lookup; then
    log "$backend: 3. public points lookup"
    read -r b_rate b_p50 b_p99 b_err _ < <(raw_run lookup)
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run lookup lookup.lua "$conns" "$duration")
    lookup_rate=$rate
    ratio=$(calc "$rate / ($b_rate + 0.000001)")
    met=$(verdict eval "ge $ratio 0.60 && lt $p99 5 && [ $((c4 + c5 + sock)) -eq 0 ]")
    row "$label" "3. public points lookup, $conns conns" "$rate" "$p50" "$p99" \
      "raw read tx ($lookup_threads; p50 $b_p50, p99 $b_p99)" "$b_rate" "$ratio" ">= 0.60, p99 < 5 ms" "$met" \
      "$n requests, 4xx $c4 (429s would count here), 5xx $c5, socket errors $sock"
    # Issue #20: the HTTP floor, the same client, connections and length on the smallest
    # answer, as the lookup's and the counter's search's baseline.
    log "$backend: 3f. the HTTP floor and the counter's customer search"
    read -r m_rate m_p50 m_p99 _ m4 m5 m_sock m_n < <(wrk_run meta meta.lua "$conns" "$duration")
    row "$label" "3f. HTTP floor: GET /api/v1/meta, $conns conns" "$m_rate" "$m_p50" "$m_p99" "-" "-" "-" \
      "-" "-" "$m_n requests, 4xx $m4, 5xx $m5, socket errors $m_sock; the baseline of 3g and 3h"
    f_ratio=$(calc "$rate / ($m_rate + 0.000001)")
    goal=$([ "$backend" = sqlite ] && echo ">= 0.50" || echo "(SQLite's goal)")
    met=$([ "$backend" = sqlite ] && verdict ge "$f_ratio" 0.50 || echo "-")
    row "$label" "3g. public lookup vs the HTTP floor, $conns conns" "$rate" "$p50" "$p99" \
      "GET /api/v1/meta (p50 $m_p50, p99 $m_p99)" "$m_rate" "$f_ratio" "$goal" "$met" "the lookup of row 3"
    read -r s_rate s_p50 s_p99 _ s4 s5 s_sock s_n < <(wrk_run search search.lua "$conns" "$duration")
    s_ratio=$(calc "$s_rate / ($m_rate + 0.000001)")
    goal=$([ "$backend" = sqlite ] && echo ">= 0.40" || echo "(SQLite's goal)")
    met=$([ "$backend" = sqlite ] && verdict eval "ge $s_ratio 0.40 && [ $((s4 + s5 + s_sock)) -eq 0 ]" || echo "-")
    row "$label" "3h. cashier's customer search vs the HTTP floor, $conns conns" "$s_rate" "$s_p50" "$s_p99" \
      "GET /api/v1/meta (p50 $m_p50, p99 $m_p99)" "$m_rate" "$s_ratio" "$goal" "$met" \
      "$s_n requests (POST /customers/search, a phone's first digits), 4xx $s4, 5xx $s5, socket errors $s_sock"
    read -r s_rate s_p50 s_p99 _ s4 s5 s_sock s_n < <(wrk_run search-big search-big.lua "$conns" "$duration")
    s_ratio=$(calc "$s_rate / ($m_rate + 0.000001)")
    goal=$([ "$backend" = sqlite ] && echo ">= 0.30" || echo "(SQLite's goal)")
    met=$([ "$backend" = sqlite ] && verdict eval "ge $s_ratio 0.30 && [ $((s4 + s5 + s_sock)) -eq 0 ]" || echo "-")
    row "$label" "3i. search in a store of $big_count customers vs the HTTP floor, $conns conns" "$s_rate" "$s_p50" \
      "$s_p99" "GET /api/v1/meta (p50 $m_p50, p99 $m_p99)" "$m_rate" "$s_ratio" "$goal" "$met" \
      "$s_n requests (a phone's first digits or a name's words, half each), 4xx $s4, 5xx $s5, socket errors $s_sock"
  fi

  if has signin; then
    log "$backend: 4. sign-in"
    ideal=$(calc "$cores * 1000 / $argon_ms")
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run signin login.lua 16 "$duration")
    ratio=$(calc "$rate / $ideal")
    row "$label" "4a. sign-in, 16 conns" "$rate" "$p50" "$p99" "$cores cores / one argon2 hash ($argon_ms ms)" "$ideal" \
      "$ratio" ">= 0.80" "$(verdict eval "ge $ratio 0.80 && [ $((c4 + c5 + sock)) -eq 0 ]")" "$n requests, 4xx $c4, 5xx $c5"
    read -r q_rate q_p50 q_p99 _ < <(wrk_run lookup-quiet lookup.lua 16 "$duration")
    wrk_run signin-flood login.lua "$conns" "$duration" >"$work/flood.txt" &
    flood_pid=$!
    read -r f_rate f_p50 f_p99 f2 f4 f5 fsock _ < <(wrk_run lookup-flooded lookup.lua 16 "$duration")
    wait "$flood_pid" || true
    read -r s_rate _ s_p99 _ < "$work/flood.txt"
    ratio=$(calc "$f_p99 / ($q_p99 + 0.000001)")
    row "$label" "4b. lookup p99 under a sign-in flood ($conns conns)" "$f_rate" "$f_p50" "$f_p99" \
      "lookup alone, 16 conns (p50 $q_p50)" "p99 $q_p99" "$ratio" "p99 <= 2x alone" "$(verdict ge 2 "$ratio")" \
      "flood: $s_rate sign-ins/s (p99 $s_p99 ms); lookups $f_rate/s vs $q_rate/s alone; lookup 5xx $f5"
  fi

  if has limits && [ "$backend" = postgres ]; then
    log "$backend: 3c/4c. limits counted in PostgreSQL (shared by instances) vs in process, same run"
    # Lookups from 5,000 customers' addresses, as in a city (one address would make one hot row).
    read -r ls_rate ls_p50 ls_p99 _ _ ls5 _ ls_n < <(wrk_run lookup-shared lookup.lua "$conns" "$duration" BENCH_CLIENTS=5000)
    read -r ss_rate ss_p50 ss_p99 _ _ ss5 _ ss_n < <(wrk_run signin-shared login.lua 16 "$duration")
    stop_server
    limits_at=process start_server "$db_url" "$backend-process"
    read -r lp_rate lp_p50 lp_p99 _ < <(wrk_run lookup-process lookup.lua "$conns" "$duration" BENCH_CLIENTS=5000)
    read -r sp_rate sp_p50 sp_p99 _ < <(wrk_run signin-process login.lua 16 "$duration")
    stop_server
    start_server "$db_url" "$backend"
    ratio=$(calc "$ls_rate / ($lp_rate + 0.000001)")
    row "$label" "3c. public lookup, limits shared in PostgreSQL, $conns conns" "$ls_rate" "$ls_p50" "$ls_p99" \
      "limits in process (LOYALTY_LIMITS=process; p50 $lp_p50, p99 $lp_p99)" "$lp_rate" "$ratio" ">= 0.90" \
      "$(verdict eval "ge $ratio 0.90 && [ $ls5 -eq 0 ]")" "$ls_n requests from 5,000 client addresses, 5xx $ls5; two limits per lookup (client, phone), one statement"
    ratio=$(calc "$ss_rate / ($sp_rate + 0.000001)")
    row "$label" "4c. sign-in, limits shared in PostgreSQL, 16 conns" "$ss_rate" "$ss_p50" "$ss_p99" \
      "limits in process (p50 $sp_p50, p99 $sp_p99)" "$sp_rate" "$ratio" ">= 0.90" \
      "$(verdict eval "ge $ratio 0.90 && [ $ss5 -eq 0 ]")" "$ss_n requests, 5xx $ss5"
  fi

  if has mixed; then
    log "$backend: 5. mixed load, $mixed_conns connections, $mixed_duration"
    peak_from
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run mixed mixed.lua "$mixed_conns" "$mixed_duration")
    ledger_ok=$("$bench_bin" check --database-url "$db_url" >"$logs/check-$backend-mixed.txt" 2>&1 && echo ok || echo BROKEN)
    row "$label" "5. mixed 70/20/8/2, $mixed_conns conns, $mixed_duration" "$rate" "$p50" "$p99" "-" "-" "-" \
      "p99 < 1 s, 0 5xx" "$(verdict eval "lt $p99 1000 && [ $c5 -eq 0 ]")" \
      "$n requests, 2xx $c2, 4xx $c4, 5xx $c5, socket errors/timeouts $sock; ledger sums $ledger_ok"
    mixed_rate=$rate
    memory_row "the mixed load, $mixed_conns conns" "$(peak_mb)"
  fi

  if has openloop; then
    mix="lookup=0.70 invoice=0.20 redeem=0.08 signin=0.02"
    log "$backend: 14. open loop: the mix at $open_rate requests/s on $mixed_conns connections, $open_duration"
    # A fresh server (same database and signing secret), so its peak memory is this load's own
    # and not what the closed-loop mix before it left.
    stop_server
    start_server "$db_url" "$backend"
    peak_from
    read -r rate p50 p99 c2 c4 c5 err n < <(openloop open-mixed "$open_rate" "$open_duration" "$mixed_conns" "$mix")
    ledger_ok=$("$bench_bin" check --database-url "$db_url" >"$logs/check-$backend-open.txt" 2>&1 && echo ok || echo BROKEN)
    row "$label" "14a. open loop: mix 70/20/8/2 at $open_rate/s, $mixed_conns conns, $open_duration" "$rate" "$p50" "$p99" \
      "-" "-" "-" "p99 < 250 ms, 0 errors" "$(verdict eval "lt $p99 250 && [ $((c5 + err)) -eq 0 ]")" \
      "$n answers, 2xx $c2, 4xx $c4 (redemptions without enough points), 5xx $c5, errors $err; ledger sums $ledger_ok"
    memory_row "the open-loop mix, $mixed_conns conns" "$(peak_mb)"
    if [ -n "${invoice_rate:-}" ]; then
      half=$(calc "${invoice_rate} / 2")
      read -r rate p50 p99 c2 c4 c5 err n < <(openloop open-invoice "$half" "$open_duration" "$conns" "invoice=1")
      row "$label" "14b. open loop: sales at half of row 1's maximum, $conns conns, $open_duration" "$rate" "$p50" "$p99" \
        "create invoice, closed loop (row 1)" "$invoice_rate" "$(calc "$rate / ($invoice_rate + 0.000001)")" "p99 < 20 ms, 0 errors" \
        "$(verdict eval "lt $p99 20 && [ $((c5 + err)) -eq 0 ]")" "$n answers at $half/s asked, 2xx $c2, 4xx $c4, 5xx $c5, errors $err"
    fi
    if [ -n "${lookup_rate:-}" ]; then
      half=$(calc "${lookup_rate} / 2")
      read -r rate p50 p99 c2 c4 c5 err n < <(openloop open-lookup "$half" "$open_duration" "$conns" "lookup=1")
      row "$label" "14c. open loop: lookups at half of row 3's maximum, $conns conns, $open_duration" "$rate" "$p50" "$p99" \
        "public lookup, closed loop (row 3)" "$lookup_rate" "$(calc "$rate / ($lookup_rate + 0.000001)")" "p99 < 5 ms, 0 errors" \
        "$(verdict eval "lt $p99 5 && [ $((c4 + c5 + err)) -eq 0 ]")" "$n answers at $half/s asked, 2xx $c2, 4xx $c4, 5xx $c5, errors $err"
    fi
    log "$backend: 15. capacity: the highest rate each open-loop scenario holds under its goal ($capacity_step a try)"
    read -r cap cap_p99 < <(capacity cap-mixed 250 250 "$mixed_conns" "$mix")
    mixed_capacity=$cap
    row "$label" "15a. capacity: mix 70/20/8/2, $mixed_conns conns" "$cap" "-" "$cap_p99" "-" "-" "-" "the figure to track" "-" \
      "the highest rate tried with p99 < 250 ms, no 5xx or errors"
    read -r cap cap_p99 < <(capacity cap-invoice 20 100 "$conns" "invoice=1")
    row "$label" "15b. capacity: sales, $conns conns" "$cap" "-" "$cap_p99" "-" "-" "-" "the figure to track" "-" \
      "the highest rate tried with p99 < 20 ms, no 5xx or errors"
    read -r cap cap_p99 < <(capacity cap-lookup 5 1000 "$conns" "lookup=1")
    row "$label" "15c. capacity: public lookups, $conns conns" "$cap" "-" "$cap_p99" "-" "-" "-" "the figure to track" "-" \
      "the highest rate tried with p99 < 5 ms, no 5xx or errors"
  fi

  if has cluster && [ "$backend" = postgres ]; then
    log "$backend: 10. the mixed load through HAProxy on three instances, the same database"
    command -v haproxy >/dev/null || { echo "cluster: haproxy is not installed (apt-get install haproxy)" >&2; exit 1; }
    stop_server
    for k in 1 2 3; do start_server "$db_url" "$backend-cluster$k" $((port + 10 + k)); done
    # deploy/haproxy.cfg, as in production and in `just cluster-test`, listening where the single server did.
    LB_BIND=127.0.0.1:$port LB_STATS=$work/haproxy.sock APP1=127.0.0.1:$((port + 11)) APP2=127.0.0.1:$((port + 12)) \
      APP3=127.0.0.1:$((port + 13)) haproxy -db -f deploy/haproxy.cfg >"$logs/haproxy.log" 2>&1 &
    server_pids+=("$!")
    for _ in $(seq 1 100); do
      up=$(python3 -c 'import socket, sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b"show stat\n"); print(s.makefile().read())' "$work/haproxy.sock" 2>/dev/null | grep -c ',UP,' || true)
      [ "${up:-0}" -ge 3 ] && break
      sleep 0.2
    done
    read -r c_rate c_p50 c_p99 cc2 cc4 cc5 csock cn < <(wrk_run mixed-cluster mixed.lua "$mixed_conns" "$mixed_duration")
    if has openloop && [ -n "${mixed_capacity:-}" ]; then
      read -r cap cap_p99 < <(capacity cap-mixed-cluster 250 "$(((mixed_capacity + 1) / 2))" "$mixed_conns" "$mix")
      row "$label" "10b. capacity: open-loop mix through HAProxy on 3 instances, $mixed_conns conns" "$cap" "-" "$cap_p99" \
        "one instance (row 15a)" "$mixed_capacity" "$(calc "$cap / ($mixed_capacity + 0.000001)")" "the figure to track" "-" \
        "the highest rate tried with p99 < 250 ms, no 5xx or errors; all on the same $cores cores"
    fi
    ledger_ok=$("$bench_bin" check --database-url "$db_url" >"$logs/check-$backend-cluster.txt" 2>&1 && echo ok || echo BROKEN)
    ratio=$(calc "$c_rate / (${mixed_rate:-0} + 0.000001)")
    row "$label" "10. mixed 70/20/8/2 through HAProxy on 3 instances, $mixed_conns conns, $mixed_duration" "$c_rate" \
      "$c_p50" "$c_p99" "one instance (row 5)" "${mixed_rate:-0}" "$ratio" ">= 0.80 on one machine, 0 5xx" \
      "$(verdict eval "ge $ratio 0.80 && [ $cc5 -eq 0 ]")" \
      "$cn requests, 2xx $cc2, 4xx $cc4, 5xx $cc5, socket errors/timeouts $csock; ledger sums $ledger_ok; all on the same $cores cores"
    stop_server
    start_server "$db_url" "$backend"
  fi

  if has webhooks; then
    log "$backend: 9. webhooks: sales with an endpoint subscribed, then the deliveries"
    receiver_port=$((port + 1))
    "$bench_bin" receiver --port "$receiver_port" >"$logs/receiver-$backend.log" 2>&1 &
    receiver_pid=$!
    sleep 0.5
    # Every owner subscribes, so every sale of the load writes an event.
    for k in $(seq 1 "$(fx 'owners')"); do
      curl -sf -X POST "http://127.0.0.1:$port/api/v1/store-owner/webhooks" -H "Authorization: Bearer $(login "owner$k@bench.ly")" \
        -H 'Content-Type: application/json' \
        -d "{\"url\": \"http://127.0.0.1:$receiver_port/hook\", \"events\": [\"invoice.created\"]}" >/dev/null
    done
    started=$(date +%s.%N)
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run invoice-hooked invoice.lua "$conns" "$duration")
    loaded=$(date +%s.%N)
    for _ in $(seq 1 600); do
      # The backlog: events not yet fanned out (the outbox) and deliveries not yet sent.
      [ "$(sql "SELECT (SELECT COUNT(*) FROM webhook_events WHERE fan_out IS NOT NULL) + (SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending') AS v")" -eq 0 ] && break
      sleep 0.2
    done
    drained=$(date +%s.%N)
    events=$(sql "SELECT COUNT(*) AS v FROM webhook_deliveries")
    delivered=$(sql "SELECT COUNT(*) AS v FROM webhook_deliveries WHERE status = 'succeeded'")
    # 9c: one endpoint's whole backlog due at once (the owner with the most deliveries, every one
    # of them sent again): how fast deliveries to a single endpoint go, its concurrency the default.
    endpoint=$(sql "SELECT endpoint_id AS v FROM webhook_deliveries GROUP BY endpoint_id ORDER BY COUNT(*) DESC LIMIT 1")
    backlog=$(sql "SELECT COUNT(*) AS v FROM webhook_deliveries WHERE endpoint_id = $endpoint")
    again="UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = created_at, locked_until = NULL WHERE endpoint_id = $endpoint"
    one_started=$(date +%s.%N)
    if [ "$backend" = postgres ]; then
      sql "WITH again AS ($again RETURNING 1) SELECT COUNT(*) AS v FROM again" >/dev/null
    else
      # SQLite makes every change of an UPDATE ... RETURNING at its first row.
      sql "$again RETURNING 0 AS v" >/dev/null
    fi
    for _ in $(seq 1 600); do
      [ "$(sql "SELECT COUNT(*) AS v FROM webhook_deliveries WHERE endpoint_id = $endpoint AND status = 'pending'")" -eq 0 ] && break
      sleep 0.1
    done
    one_drained=$(date +%s.%N)
    one_sent=$(sql "SELECT COUNT(*) AS v FROM webhook_deliveries WHERE endpoint_id = $endpoint AND status = 'succeeded'")
    kill "$receiver_pid" 2>/dev/null || true
    wait "$receiver_pid" 2>/dev/null || true
    drain=$(calc "$drained - $loaded")
    invoice_alone=${invoice_rate:-0}
    ratio=$(calc "$rate / ($invoice_alone + 0.000001)")
    met=$(verdict eval "ge $ratio 0.90 && [ $((c5 + sock)) -eq 0 ]")
    # Without row 1 in the same run there is no baseline to compare with.
    [ -n "${invoice_rate:-}" ] || { invoice_alone="-" ratio="-" met="-"; }
    row "$label" "9a. create invoice with every owner subscribed to a webhook, $conns conns" "$rate" "$p50" "$p99" \
      "create invoice without webhooks (row 1)" "$invoice_alone" "$ratio" ">= 0.90" \
      "$met" "$n requests, 5xx $c5; $events events written"
    row "$label" "9b. webhook deliveries to a local endpoint" "$(calc "$delivered / ($drained - $started)")" "-" "-" \
      "events written per second during 9a" "$(calc "$events / ($loaded - $started)")" "-" \
      "all delivered, backlog empty <= 10 s after the load" \
      "$(verdict eval "[ $delivered -eq $events ] && lt $drain 10")" \
      "$delivered of $events delivered; backlog emptied $drain s after the load stopped"
    one_rate=$(calc "$one_sent / ($one_drained - $one_started)")
    row "$label" "9c. webhook deliveries to one endpoint: its backlog of $backlog due at once" "$one_rate" "-" "-" \
      "400 events within 5 s (issue #36)" "80" "$(calc "$one_rate / 80")" ">= 1, all delivered" \
      "$(verdict eval "[ $one_sent -eq $backlog ] && ge $one_rate 80")" \
      "$one_sent of $backlog delivered in $(calc "$one_drained - $one_started") s, LOYALTY_WEBHOOK_CONCURRENCY default (8 at once)"
  fi

  if has programs; then
    log "$backend: 9d. sales with every owner's tiers and every store's stamp card on (issue #38)"
    tiers='{"tiers": [{"name_en": "Silver", "name_ar": "فضي", "min_spend": "0", "multiplier": "1.0"}, {"name_en": "Gold", "name_ar": "ذهبي", "min_spend": "200", "multiplier": "1.5"}, {"name_en": "Platinum", "name_ar": "بلاتيني", "min_spend": "1000", "multiplier": "2.0"}]}'
    for k in $(seq 1 "$(fx 'owners')"); do
      token=$(login "owner$k@bench.ly")
      curl -sf -X PUT "http://127.0.0.1:$port/api/v1/loyalty-tiers" -H "Authorization: Bearer $token" \
        -H 'Content-Type: application/json' -d "$tiers" >/dev/null
      for store in $(curl -sf "http://127.0.0.1:$port/api/v1/store-owner/stores" -H "Authorization: Bearer $token" \
        | python3 -c 'import json,sys; print(" ".join(str(s["id"]) for s in json.load(sys.stdin)["data"]))'); do
        curl -sf -X PUT "http://127.0.0.1:$port/api/v1/stores/$store/stamp-card" -H "Authorization: Bearer $token" \
          -H 'Content-Type: application/json' \
          -d '{"min_total": "5", "stamps_required": 10, "reward_name": "Free coffee", "expires_after_days": 90}' >/dev/null
      done
    done
    read -r rate p50 p99 c2 c4 c5 sock n < <(wrk_run invoice-programs invoice.lua "$conns" "$duration")
    stamps=$(sql "SELECT COUNT(*) AS v FROM stamp_events")
    tiered=$(sql "SELECT COUNT(*) AS v FROM customers WHERE tier_level IS NOT NULL")
    # Off again, so the rows after this one sell as before.
    for k in $(seq 1 "$(fx 'owners')"); do
      token=$(login "owner$k@bench.ly")
      curl -sf -X PUT "http://127.0.0.1:$port/api/v1/loyalty-tiers" -H "Authorization: Bearer $token" \
        -H 'Content-Type: application/json' -d '{"tiers": []}' >/dev/null
      for store in $(curl -sf "http://127.0.0.1:$port/api/v1/store-owner/stores" -H "Authorization: Bearer $token" \
        | python3 -c 'import json,sys; print(" ".join(str(s["id"]) for s in json.load(sys.stdin)["data"]))'); do
        curl -sf -X DELETE "http://127.0.0.1:$port/api/v1/stores/$store/stamp-card" -H "Authorization: Bearer $token" >/dev/null
      done
    done
    invoice_alone=${invoice_rate:-0}
    ratio=$(calc "$rate / ($invoice_alone + 0.000001)")
    met=$(verdict eval "ge $ratio 0.90 && [ $((c5 + sock)) -eq 0 ]")
    [ -n "${invoice_rate:-}" ] || { invoice_alone="-" ratio="-" met="-"; }
    row "$label" "9d. create invoice with tiers and a stamp card on, $conns conns" "$rate" "$p50" "$p99" \
      "create invoice without them (row 1)" "$invoice_alone" "$ratio" ">= 0.90" \
      "$met" "$n requests, 5xx $c5; $stamps stamps earned, $tiered customers holding a tier"
  fi

  if has replica; then
    # Issue #40, item 4: the owner's and the admin's dashboards and an export running beside
    # sales at capacity, read on the streaming replica (`just replica-start`, which copies the
    # whole cluster: this run's database is there under the same name), against sales alone;
    # then the same with the server reading the primary (no LOYALTY_READ_DATABASE_URL).
    replica_server=${BENCH_REPLICA_URL:-postgres://postgres:postgres@127.0.0.1:5433}
    if [ "$backend" != postgres ]; then
      log "$backend: 16. read replica: skipped (PostgreSQL only: SQLite has no replica)"
    elif [ "$(psql "$replica_server/postgres" -qAtc 'SELECT pg_is_in_recovery()' 2>/dev/null)" != t ]; then
      log "$backend: 16. read replica: skipped: no standby answers at $replica_server (just replica-start makes one)"
    else
      log "$backend: 16. sales at capacity with the dashboards and an export beside them: on the replica, then on the primary"
      replica_db=$replica_server/${db_url##*/}
      replica_pause=${BENCH_REPLICA_PAUSE:-0}
      replica_readers=${BENCH_REPLICA_READERS:-dashboards export}
      exporter_token=$(login owner2@bench.ly)
      # Waits (up to 5 min) until the replica has replayed what the primary has written so far.
      replica_wait() {
        local lsn t0
        t0=$(date +%s.%N)
        lsn=$(psql "$db_url" -qAtc 'SELECT pg_current_wal_lsn()')
        for _ in $(seq 1 1500); do
          [ "$(psql "$replica_server/postgres" -qAtc "SELECT pg_last_wal_replay_lsn() >= '$lsn'" 2>/dev/null)" = t ] &&
            { log "$backend: the replica caught up in $(calc "$(date +%s.%N) - $t0") s"; return 0; }
          sleep 0.2
        done
        log "$backend: the replica did not catch up within 5 minutes"
      }
      # The replica's processes (its postmaster, found from its startup process, and children), as pid/stat.
      replica_stats() {
        local pm
        pm=$(ps -o ppid= -p "$(psql "$replica_server/postgres" -qAtc "SELECT pid FROM pg_stat_activity WHERE backend_type = 'startup'")" | tr -d ' ')
        echo "$pm/stat $(pgrep -P "$pm" -d ' ' | sed 's/\([0-9]*\)/\1\/stat/g')"
      }
      rows_read() { # url -> transactions committed and rows read in this run's database so far
        psql "$1" -qAtF ' ' -c "SELECT xact_commit, tup_returned + tup_fetched FROM pg_stat_database WHERE datname = current_database()"
      }
      table_sizes() { # -> "table bytes rows", each table of the run's database
        psql "$db_url" -qAtF ' ' -c "SELECT c.relname, pg_total_relation_size(c.oid), c.reltuples::bigint FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname COLLATE \"C\""
      }
      # stretch name readers(0/1): sales on $conns connections for $duration; with readers, the
      # dashboards and the export beside them; /ready sampled every 200 ms either way, and
      # pg_stat_replication's replay_lag on the primary. Sets st_* and rd_* (the READERS line).
      stretch() {
        local name=$1 with=$2 all0 rep0 app0 all1 rep1 app1 rx0 rr0 px0 pr0 rx1 rr1 px1 pr1 args=()
        replica_wait
        app0=$(cpu_ms "${server_pids[0]}/stat")
        # shellcheck disable=SC2046
        all0=$(cpu_ms $(pg_pids))
        # shellcheck disable=SC2046
        rep0=$(cpu_ms $(replica_stats))
        read -r px0 pr0 < <(rows_read "$db_url")
        read -r rx0 rr0 < <(rows_read "$replica_db")
        if [ "$with" = 1 ]; then
          args=(--pause "$replica_pause")
          [[ " $replica_readers " != *" dashboards "* ]] ||
            args+=(--dash "$owner_token /api/v1/store-owner/summary" --dash "$owner_token /api/v1/store-owner/liability"
              --dash "$owner_token /api/v1/customers/store-owner-overview" --dash "$admin_token /api/v1/admin/overview"
              --dash "$admin_token /api/v1/admin/analytics")
          [[ " $replica_readers " != *" export "* ]] || args+=(--export "$exporter_token /api/v1/exports/invoices")
        fi
        python3 scripts/bench/replica-readers.py --port "$port" --seconds "$(secs "$duration")" "${args[@]}" \
          --out "$work/readers-$name.json" >"$work/readers-$name.txt" 2>"$logs/readers-$backend-$name.err" &
        local readers_pid=$!
        # Each sample: the replica's replay_lag (ms) and the sessions of the run's database waiting for a table's lock (the export's start takes SHARE on the table).
        printf "SELECT (SELECT COALESCE(MAX(EXTRACT(epoch FROM replay_lag) * 1000), 0)::int FROM pg_stat_replication), (SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '%s' AND wait_event_type = 'Lock' AND wait_event = 'relation');\n\\\\watch 0.2\n" "${db_url##*/}" |
          timeout "$(secs "$duration")" psql "$admin_url" -qAt -F ' ' >"$work/replay-lag-$name.txt" 2>/dev/null &
        local lag_pid=$!
        read -r st_rate st_p50 st_p99 st_c2 st_c4 st_c5 st_sock st_n < <(wrk_run "$name" invoice.lua "$conns" "$duration")
        wait "$readers_pid" || true
        wait "$lag_pid" || true
        sleep 1 # requests in flight when wrk stopped
        app1=$(cpu_ms "${server_pids[0]}/stat")
        # shellcheck disable=SC2046
        all1=$(cpu_ms $(pg_pids))
        # shellcheck disable=SC2046
        rep1=$(cpu_ms $(replica_stats))
        # An idle backend reports its counts within 10 s (PGSTAT_IDLE_INTERVAL).
        sleep 11
        read -r px1 pr1 < <(rows_read "$db_url")
        read -r rx1 rr1 < <(rows_read "$replica_db")
        st_app=$(calc "($app1 - $app0) / ($st_n + 0.000001)")
        st_pri=$(calc "(($all1 - $rep1) - ($all0 - $rep0)) / ($st_n + 0.000001)")
        st_rep=$(calc "($rep1 - $rep0) / 1000")
        st_rep_rows=$((rr1 - rr0)) st_rep_tx=$((rx1 - rx0)) st_pri_rows=$((pr1 - pr0)) st_pri_tx=$((px1 - px0))
        read -r _ rd_dash rd_dp50 rd_dp99 rd_dbad rd_exp rd_rows rd_mb rd_ebad rd_samples rd_serving rd_lag50 rd_lag95 rd_lagmax rd_nolag \
          <"$work/readers-$name.txt" || true
        st_replay=$(sort -n "$work/replay-lag-$name.txt" | awk 'NF {v[n++] = $1} END {if (n) printf "median %d, max %d", v[int(n / 2)], v[n - 1]; else printf "-"}')
        st_locks=$(awk 'NF == 2 {n++; if ($2 > 0) {w++}; if ($2 > m) m = $2} END {printf "%d of %d samples, at most %d sessions", w, n, m}' "$work/replay-lag-$name.txt")
        log "$backend: $name: sales $st_rate/s; readers: $(cat "$work/readers-$name.txt"); replay_lag ms $st_replay; waiting for a lock: $st_locks"
      }

      stop_server
      LOYALTY_READ_DATABASE_URL=$replica_db start_server "$db_url" "$backend-replica"
      for _ in $(seq 1 50); do
        curl -sf "http://127.0.0.1:$port/api/v1/ready" | grep -q '"serving":true' && break
        sleep 0.2
      done
      sizes0=$(table_sizes)
      sales0=$(sql "SELECT COUNT(*) AS v FROM invoices")
      wal0=$(psql "$db_url" -qAtc 'SELECT pg_current_wal_lsn()')
      stretch replica-alone 0
      wal=$(psql "$db_url" -qAtc "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$wal0')")
      sizes1=$(table_sizes)
      sales1=$(sql "SELECT COUNT(*) AS v FROM invoices")
      a_rate=$st_rate a_n=$st_n a_app=$st_app a_pri=$st_pri a_rep=$st_rep a_lag="$rd_lag50 / $rd_lagmax" a_samples=$rd_samples a_serving=$rd_serving
      row "$label" "16a. create invoice alone, server reading the replica, $conns conns" "$st_rate" "$st_p50" "$st_p99" \
        "create invoice (row 1)" "${invoice_rate:--}" "$( [ -n "${invoice_rate:-}" ] && calc "$st_rate / ($invoice_rate + 0.000001)" || echo -)" \
        "the baseline of 16b" "-" "$st_n requests, 5xx $st_c5, socket errors $st_sock; CPU per sale: server $st_app ms, primary $st_pri ms, replica $st_rep s in all; /ready serving $rd_serving of $rd_samples, lag_ms median/max $a_lag; a session waiting for a table lock in $st_locks"

      # What a sale leaves on disk: every table's growth (heap, indexes, TOAST) over 16a's sales.
      sold=$((sales1 - sales0))
      # Tables a sale updates in place (a balance, a day's figures, the readiness row) grow by
      # dead row versions that vacuum gives back, not with the number of sales: counted apart.
      storage=$(LC_ALL=C join <(echo "$sizes0") <(echo "$sizes1") | awk -v n="$sold" '
        {d = $4 - $2; if (d <= 0) next; t += d
         if ($1 ~ /^(customers|store_days|users|stores|loyalty_settings|readiness|rate_limits|jobs|sessions)$/) printf "%s* %.0f\n", $1, d / n
         else {k += d; printf "%s %.0f\n", $1, d / n}}
        END {printf "KEPT %.0f\nTOTAL %.0f\n", k / n, t / n}' | sort -k2 -n -r)
      echo "$storage" >"$work/storage-per-sale.txt"
      per_sale_bytes=$(awk '$1 == "KEPT" {print $2}' <<<"$storage")

      stretch replica-readers 1
      b_rate=$st_rate
      ratio=$(calc "$st_rate / ($a_rate + 0.000001)")
      served=$(verdict eval "[ ${rd_samples:-0} -gt 0 ] && [ ${rd_serving:-0} -eq ${rd_samples:-0} ]")
      row "$label" "16b. create invoice with the dashboards and an export beside it, server reading the replica, $conns conns" "$st_rate" "$st_p50" "$st_p99" \
        "create invoice alone (16a)" "$a_rate" "$ratio" ">= 0.90, served by the replica" \
        "$(verdict eval "ge $ratio 0.90 && [ $served = yes ] && [ $((st_c5 + st_sock)) -eq 0 ]")" \
        "$st_n requests, 5xx $st_c5; readers ($replica_readers, 1 connection each, pause ${replica_pause}s): dashboards $rd_dash/s, exports $rd_exp done, $rd_rows rows/s; CPU per sale: server $st_app ms, primary $st_pri ms (alone $a_pri), replica $st_rep s in all; rows read: replica $st_rep_rows ($st_rep_tx tx), primary $st_pri_rows ($st_pri_tx tx); a session waiting for a table lock in $st_locks"
      row "$label" "16c. the replica's lag during 16b (lag_ms of /ready every 200 ms)" "-" "$rd_lag50" "$rd_lag95" \
        "during 16a (median / max)" "$a_lag" "-" "max < LOYALTY_READ_MAX_LAG_MS (5000), serving throughout" \
        "$(verdict eval "[ $served = yes ] && lt ${rd_lagmax/-/999999} 5000")" \
        "p50 and p95 columns; max $rd_lagmax ms; serving $rd_serving of $rd_samples samples ($rd_nolag without a lag); pg_stat_replication replay_lag ms $st_replay"
      r_dash=$rd_dash r_dp50=$rd_dp50 r_dp99=$rd_dp99 r_dbad=$rd_dbad r_exp=$rd_exp r_rows=$rd_rows r_mb=$rd_mb r_ebad=$rd_ebad

      stop_server
      start_server "$db_url" "$backend"
      stretch primary-readers 1
      c_rate=$st_rate c_n=$st_n c_c5=$st_c5 c_p50=$st_p50 c_p99=$st_p99 c_app=$st_app c_pri=$st_pri
      c_rep_rows=$st_rep_rows c_pri_rows=$st_pri_rows c_pri_tx=$st_pri_tx c_locks=$st_locks
      p_dash=$rd_dash p_dp50=$rd_dp50 p_dp99=$rd_dp99 p_dbad=$rd_dbad p_exp=$rd_exp p_rows=$rd_rows p_mb=$rd_mb p_ebad=$rd_ebad
      stretch primary-alone 0
      ratio=$(calc "$c_rate / ($st_rate + 0.000001)")
      row "$label" "16d. dashboards on the replica during 16b, 1 conn" "$r_dash" "$r_dp50" "$r_dp99" \
        "the same on the primary during 16f" "$p_dash" "$(calc "$r_dash / ($p_dash + 0.000001)")" "-" "-" \
        "owner summary, liability, customers overview, admin overview, analytics in turn; non-2xx $r_dbad (on the primary: p50 $p_dp50, p99 $p_dp99, non-2xx $p_dbad)"
      row "$label" "16e. exports (an owner's invoices) beside 16b, server reading the replica, rows/s" "$r_rows" "-" "-" \
        "the same during 16f" "$p_rows" "$(calc "$r_rows / ($p_rows + 0.000001)")" "-" "-" \
        "$r_exp exports done ($r_mb MB/s), non-2xx $r_ebad; on the primary $p_exp done ($p_mb MB/s), non-2xx $p_ebad"
      row "$label" "16f. create invoice with the same readers on the primary (no replica), $conns conns" "$c_rate" "$c_p50" "$c_p99" \
        "create invoice alone, same server (16g)" "$st_rate" "$ratio" "(the comparison)" "-" \
        "$c_n requests, 5xx $c_c5; CPU per sale: server $c_app ms, primary $c_pri ms (alone $st_pri); rows read: primary $c_pri_rows ($c_pri_tx tx), replica $c_rep_rows; a session waiting for a table lock in $c_locks"
      row "$label" "16g. create invoice alone, server on the primary only, $conns conns" "$st_rate" "$st_p50" "$st_p99" \
        "create invoice alone, server reading the replica (16a)" "$a_rate" "$(calc "$st_rate / ($a_rate + 0.000001)")" "-" "-" \
        "$st_n requests, 5xx $st_c5; CPU per sale: server $st_app ms, primary $st_pri ms; replica's replay_lag ms $st_replay"
      row "$label" "16h. storage per sale: the tables' growth over 16a's sales, bytes" "$per_sale_bytes" "-" "-" "-" "-" "-" "-" "-" \
        "heap + indexes + TOAST of the rows a sale adds (pg_total_relation_size before and after $sold sales; WAL $(calc "$wal / $sold") bytes a sale; all tables $(awk '$1 == "TOTAL" {print $2}' <<<"$storage"), * updated in place): $(grep -Ev '^(TOTAL|KEPT) ' <<<"$storage" | head -n 10 | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')"
    fi
  fi

  if has import; then
    # Last: the import adds 100,000 customers to one store, which would slow that store's
    # searches (row 3h) and change what later rows read.
    log "$backend: 12. import: 100,000 customers with opening balances from one CSV file (the owner's)"
    pid=${server_pids[0]}
    import_rows=${BENCH_IMPORT_ROWS:-100000}
    python3 -c "
import sys
rows = int(sys.argv[1])
with open(sys.argv[2], 'w', encoding='utf-8') as f:
    f.write('\\ufeffName,Phone,Email,Points\\n')
    for i in range(rows):
        f.write(f'Imported Customer {i},094{i:07d},,{i % 500}\\n')
" "$import_rows" "$work/import.csv"
    store=$(curl -sf -H "Authorization: Bearer $owner_token" "http://127.0.0.1:$port/api/v1/stores" |
      python3 -c 'import json, sys; print(json.load(sys.stdin)["data"][0]["id"])')
    import_run() { # dry_run -> "status seconds new imported"
      local t0 t1 status
      t0=$(date +%s.%N)
      status=$(curl -s -o "$work/import.json" -w '%{http_code}' -X POST -H "Authorization: Bearer $owner_token" \
        -H 'Content-Type: text/csv' --data-binary @"$work/import.csv" \
        "http://127.0.0.1:$port/api/v1/imports/customers?store_id=$store&dry_run=$1")
      t1=$(date +%s.%N)
      echo "$status $(calc "$t1 - $t0") $(python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))["data"]; print(d["new"], d["imported"])' "$work/import.json" 2>/dev/null || echo "- -")"
    }
    echo 5 >"/proc/$pid/clear_refs" 2>/dev/null || true
    rss0=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
    read -r dry_status dry_secs dry_new _ < <(import_run true)
    read -r status secs _ imported < <(import_run false)
    read -r again_status again_secs _ again_imported < <(import_run false)
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
    ok="[ $dry_status = 200 ] && [ $status = 201 ] && [ $again_status = 201 ] && [ ${dry_new:-0} -eq $import_rows ] && [ ${imported:-0} -eq $import_rows ] && [ ${again_imported:-1} -eq 0 ]"
    row "$label" "12. import $import_rows customers from CSV (owner), rows/s" "$(calc "$import_rows / $secs")" "-" "-" "-" "-" "-" \
      "< 60 s" "$(verdict eval "lt $secs 60 && $ok")" \
      "import $secs s (HTTP $status, ${imported:-?} added); dry run first $dry_secs s (${dry_new:-?} new); the same file again $again_secs s (${again_imported:-?} added); $(calc "$(stat -c %s "$work/import.csv") / 1048576") MB file; peak RSS +$(calc "($hwm - $rss0) / 1024") MB"
    rm -f "$work/import.csv" "$work/import.json"
  fi

  stop_server
  "$bench_bin" check --database-url "$db_url" >"$logs/check-$backend-final.txt" 2>&1 || true
  cat "$logs/check-$backend-final.txt" >&2
done

# ---------------------------------------------------------------- report

report=$work/results.md
{
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(lscpu | sed -n 's/^Model name: *//p' | head -n 1)," \
    "$cores cores (\`nproc\`), $(free -g | awk '/^Mem:/ {print $2}') GiB memory, load average at start $machine_load;" \
    "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?');" \
    "data: ${size[*]}; durations: $duration per scenario, mixed $mixed_duration, dashboards $dash_duration;" \
    "one argon2id hash $argon_ms ms."
  echo
  echo "| Backend | Scenario | Rate /s | p50 ms | p99 ms | Baseline | Baseline /s | Ratio | Goal | Met | Notes |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 }' "$results"
  if [ -f "$work/web.txt" ] && has web; then
    echo
    echo "Web (gzip level 6 of each chunk in web/dist): first page and each lazy route beyond it."
    echo
    echo "| Chunk set | Raw KB | Gzip KB |"
    echo "|---|---|---|"
    awk '/^WEB / { printf "| %s %s | %.1f | %.1f |\n", $2, $5 " " $6, $3 / 1024, $4 / 1024 }' "$work/web.txt"
    awk '/^WEBCHUNK/ { printf "| &nbsp;&nbsp;first page: %s | %.1f | %.1f |\n", $2, $3 / 1024, $4 / 1024 }' "$work/web.txt"
  fi
} >"$report"

echo
column -t -s $'\t' -N "BACKEND,SCENARIO,RATE/S,P50MS,P99MS,BASELINE,BASE/S,RATIO,GOAL,MET,NOTES" "$results" 2>/dev/null ||
  cat "$results"
echo
echo "report: $report"
if [ "$write_docs" = 1 ]; then
  python3 - "$report" docs/benchmarks.md <<'EOF'
import sys
from pathlib import Path

report, docs = Path(sys.argv[1]).read_text(), Path(sys.argv[2])
start, end = "<!-- bench:results:start -->", "<!-- bench:results:end -->"
text = docs.read_text() if docs.exists() else f"# Benchmarks\n\n{start}\n{end}\n"
if start not in text:
    text += f"\n{start}\n{end}\n"
head, rest = text.split(start, 1)
_, tail = rest.split(end, 1)
docs.write_text(f"{head}{start}\n{report}{end}{tail}")
print(f"wrote {docs}")
EOF
fi
