#!/usr/bin/env bash
# Schema fuzzing: schemathesis (all checks) against the real server on a fresh demo database,
# signed in as each role, plus a run without a token and one for sign-out. Fails on any 5xx
# and on any response that does not match openapi/openapi.json.
#
#   scripts/fuzz/run.sh                 # all runs; LOYALTY_BIN, FUZZ_EXAMPLES, FUZZ_PORT tune it
#   scripts/fuzz/run.sh admin cashier   # only these runs (admin, owner, cashier, anonymous, logout)
#   FUZZ_POSTGRES_URL=postgres://u:p@host:5432/postgres scripts/fuzz/run.sh
#                                       # the same on PostgreSQL: each run gets a fresh database
#                                       # loyalty_fuzz_<run> on that server (dropped after)
#
# Each role gets its own fresh server and database: an admin's run deactivates and deletes
# users, an owner's run deletes its staff; neither may take the next run's account away.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bin=${LOYALTY_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/loyalty}
port=${FUZZ_PORT:-18300}
examples=${FUZZ_EXAMPLES:-25}
venv=${FUZZ_VENV:-$HOME/.cache/loyalty-fuzz-venv}
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(admin owner cashier anonymous logout)

# Pinned: the versions these runs were judged with (a new Hypothesis can bring new tool errors).
if ! "$venv/bin/st" --version 2>/dev/null | grep -q 'version 4\.32\.5'; then
  echo "fuzz: installing schemathesis 4.32.5 into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check schemathesis==4.32.5 hypothesis==6.170.15
fi
[ -x "$bin" ] || { echo "fuzz: no binary at $bin (cargo build -p loyalty-api)"; exit 1; }

work=$(mktemp -d /tmp/loyalty-fuzz.XXXXXX)
server=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
trap 'stop_server' EXIT

pg_url=${FUZZ_POSTGRES_URL:-}
database_url() { # $1: run name -> a fresh, empty database for it
  if [ -z "$pg_url" ]; then
    rm -f "$work/$1.db"*
    echo "sqlite://$work/$1.db"
    return
  fi
  local name="loyalty_fuzz_$1"
  psql -q "$pg_url" -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name" > /dev/null
  echo "${pg_url%/*}/$name"
}
drop_database() { # $1: run name
  [ -z "$pg_url" ] || psql -q "$pg_url" -c "DROP DATABASE IF EXISTS loyalty_fuzz_$1 WITH (FORCE)" > /dev/null
}
backend=$([ -n "$pg_url" ] && echo PostgreSQL || echo SQLite)

start_server() { # $1: run name
  DATABASE_URL="$(database_url "$1")" LOYALTY_DEMO=1 LOYALTY_BIND="127.0.0.1:$port" \
    LOYALTY_JWT_SECRET=fuzz-secret-0123456789abcdefghijklmnopqrstuv LOYALTY_WEB_DIR="$work/no-web" \
    LOYALTY_LOGIN_PER_ACCOUNT=1000000 LOYALTY_LOGIN_PER_CLIENT=1000000 \
    LOYALTY_REGISTER_PER_CLIENT=1000000 LOYALTY_REGISTER_PER_HOUR=1000000 LOYALTY_PUBLIC_PER_CLIENT=1000000 LOYALTY_PUBLIC_PER_PHONE=1000000 RUST_LOG=warn,actix_web::middleware::logger=info \
    "$bin" serve > "$work/$1.server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/api/v1/health" > /dev/null && return 0
    kill -0 "$server" 2>/dev/null || break
    sleep 0.5
  done
  echo "fuzz: the server did not start"; cat "$work/$1.server.log"; exit 1
}

user_id() { # $1: email -> the user's id, read through its own sign-in
  curl -sf -H 'content-type: application/json' -d "{\"email\":\"$1\",\"password\":\"demo1234\"}" \
    "http://127.0.0.1:$port/api/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["user"]["id"])'
}

# Checks left out, each for a reason (FUZZ_EXCLUDE_CHECKS= runs them all):
# - positive_data_acceptance: fails every 422 for a request the schema admits. The document
#   gives the types and shapes, not every rule of the domain: a phone number must be a real
#   Libyan or international number, an email a real address, a name not blank, a password 8
#   characters, a package 1 month or more, a QR code 150, 200 or 300 pixels, a card batch 1 to
#   500, a page of the activity feed 7d/30d/90d or dates. Each of those answers is a correct 422
#   naming the field (the integration tests check them), not a fault of the server; a run with
#   this check on lists only such cases. The opposite check (negative_data_rejection: a request
#   the schema forbids must not be accepted) stays on.
exclude_checks=${FUZZ_EXCLUDE_CHECKS-positive_data_acceptance}

failed=()
declare -A summary
for run in "${runs[@]}"; do
  email=""; include=(); exclude=(--exclude-path /api/v1/auth/logout)
  case "$run" in
    admin) email=admin@demo.ly ;;
    owner) email=owner@demo.ly ;;
    cashier) email=cashier@demo.ly ;;
    anonymous) exclude=() ;;
    # Sign-out revokes the token it is called with, so it is fuzzed on its own, signed in, and
    # left out of the role runs (where it would sign the run out after its first call).
    logout) email=cashier@demo.ly; include=(--include-path /api/v1/auth/logout); exclude=() ;;
    *) echo "fuzz: unknown run $run"; exit 2 ;;
  esac
  start_server "$run"
  self_id=""
  [ "$run" = admin ] && self_id=$(user_id "$email")
  echo "=== fuzz: $run (${email:-no token}) on $backend ==="
  started=$(date +%s)
  for attempt in 1 2 3; do
    status=0
    # Two workers first; a run again after the tool broke uses one (see below).
    workers=2
    [ "$attempt" = 1 ] || workers=1
    FUZZ_BASE="http://127.0.0.1:$port" FUZZ_EMAIL="$email" FUZZ_SELF_ID="$self_id" \
      SCHEMATHESIS_HOOKS=scripts.fuzz.hooks PYTHONPATH="$root" \
      bash -c 'cd "$0" && exec "$@"' "$work" \
      "$venv/bin/st" run "$root/openapi/openapi.json" --url "http://127.0.0.1:$port" \
      --checks all ${exclude_checks:+--exclude-checks "$exclude_checks"} \
      --max-examples "$examples" --workers "$workers" --seed "$((20261122 + attempt - 1))" --no-shrink \
      --request-timeout 30 --max-response-time 10 \
      --suppress-health-check all --warnings off \
      --report ndjson --report-dir "$work/$run-report" \
      "${include[@]}" "${exclude[@]}" > "$work/$run.txt" 2>&1 || status=$?
    # The tool itself now and then breaks, which is not a finding: Python 3.11's ast module is
    # not thread-safe, so with two workers Hypothesis (describing a filter) can die with "AST
    # constructor recursion depth mismatch"; and Hypothesis's target optimiser has been seen to
    # die with "IndexError: tuple index out of range" inside hypothesis/internal. A run whose
    # only problems are such runtime errors (no failed check) runs again, with another seed and
    # one worker (the ast module's race needs two threads: once both runs of the anonymous
    # caller broke that way with two), at most twice more.
    if [ "$status" -ne 0 ] && [ "$attempt" != 3 ] && ! grep -q '= FAILURES =' "$work/$run.txt" \
      && grep -qE 'AST constructor recursion depth mismatch|site-packages/hypothesis/internal/' "$work/$run.txt"; then
      echo "fuzz: $run: schemathesis broke (a runtime error inside the tool, not a finding); running it again"
      cp "$work/$run.txt" "$work/$run.attempt$attempt.txt"
      continue
    fi
    break
  done
  secs=$(( $(date +%s) - started ))
  # The server must have stayed up and never answered 5xx (schemathesis checks it too).
  fivexx=$(grep -cE '" 5[0-9][0-9] ' "$work/$run.server.log" || true)
  requests=$(grep -cE '" [0-9]{3} ' "$work/$run.server.log" || true)
  operations=$(grep -oE 'Operations: +[0-9]+ selected' "$work/$run.txt" | grep -oE '[0-9]+' || true)
  kill -0 "$server" 2>/dev/null || { echo "fuzz: $run: the server died"; status=1; }
  summary[$run]="$(grep -E '^=+ .* in [0-9.]+s =+$' "$work/$run.txt" | tail -n 1 | tr -d '=' | xargs) [${secs}s; ${operations:-?} operations, $requests requests, $fivexx answered 5xx]"
  echo "--- $run: ${summary[$run]}"
  if [ "$status" -ne 0 ] || [ "$fivexx" -ne 0 ]; then
    failed+=("$run")
    sed -n '/= FAILURES =/,$p' "$work/$run.txt" | head -n 200
    grep -E '" 5[0-9][0-9] |ERROR|panicked' "$work/$run.server.log" | head -n 20 || true
  fi
  stop_server
  drop_database "$run"
done

echo
echo "== schema fuzzing summary ($backend) =="
for run in "${runs[@]}"; do echo " - $run: ${summary[$run]}"; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]} (output in $work)"
  exit 1
fi
rm -rf "$work"
echo "OK"
