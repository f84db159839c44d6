# Every task of the project. `just --list` shows them.

set shell := ["bash", "-euo", "pipefail", "-c"]

target := env_var_or_default("CARGO_TARGET_DIR", justfile_directory() / "target")

# List the recipes.
default:
    @just --list

# Build the web app and the release binary, then serve the product with demo data on http://127.0.0.1:8080.
run: build
    LOYALTY_DEMO="${LOYALTY_DEMO:-1}" {{target}}/release/loyalty serve

# Build the web app and the release binary.
build: build-web
    cargo build --release -p loyalty-api

# Install the web app's packages (exactly the lock file).
web-deps:
    cd web && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

# Build the web app into web/dist.
build-web: web-deps
    cd web && npm run build

# The test suite: Rust unit and integration tests (SQLite; PostgreSQL too when TEST_DATABASE_URL is set), the contract check and the web unit tests.
test: web-deps openapi-check
    cargo test --workspace --no-fail-fast
    cd web && npm test

# Browser tests: Playwright in Debian's Chromium against the real binary on a fresh demo database, with the accessibility audit (e2e/a11y.spec.ts). Arguments go to Playwright.
e2e *args: build-web
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/e2e.sh {{args}}

# Accessibility audit only: axe-core (WCAG 2.2 AA, Arabic contrast included) on every page state of every role, both languages; fails on any serious or critical violation.
a11y: build-web
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/e2e.sh --grep @a11y

# Lighthouse (mobile, Debian's Chromium) on /, /login and /check-points, median of LIGHTHOUSE_RUNS (3) runs against the release build; fails below performance 90, accessibility 100, best practices 100 (options in scripts/lighthouse/run.sh).
lighthouse: build
    LOYALTY_BIN={{target}}/release/loyalty scripts/lighthouse/run.sh --serve

# Regenerate the OpenAPI document and the web app's API types and bounds from the code.
openapi: web-deps
    cargo run -q -p loyalty-api -- openapi > openapi/openapi.json
    cargo run -q -p loyalty-api -- openapi-stamp openapi/openapi.stamp
    cd web && npm run gen:api

# Fail when openapi/openapi.json, web/src/lib/api/schema.d.ts or web/src/lib/api/bounds.ts is stale.
openapi-check: web-deps
    #!/usr/bin/env bash
    set -euo pipefail
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    cargo run -q -p loyalty-api -- openapi > "$tmp/openapi.json"
    diff -u openapi/openapi.json "$tmp/openapi.json" > /dev/null || { echo "openapi/openapi.json is stale: run 'just openapi'"; exit 1; }
    (cd web && npx openapi-typescript "$tmp/openapi.json" -o "$tmp/schema.d.ts" > /dev/null)
    diff -u web/src/lib/api/schema.d.ts "$tmp/schema.d.ts" > /dev/null || { echo "web/src/lib/api/schema.d.ts is stale: run 'just openapi'"; exit 1; }
    (cd web && node scripts/gen-bounds.mjs "$tmp/openapi.json" "$tmp/bounds.ts")
    diff -u web/src/lib/api/bounds.ts "$tmp/bounds.ts" > /dev/null || { echo "web/src/lib/api/bounds.ts is stale: run 'just openapi'"; exit 1; }
    echo "contract is current"

# Format Rust and web code.
fmt:
    cargo fmt --all
    cd web && npx prettier --write .

# Lints: rustfmt, clippy (warnings are errors), TypeScript and ESLint.
lint: web-deps openapi-lint
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd web && npm run lint

# Lint the committed contract: Spectral (spectral:oas) and Redocly (recommended), 0 errors and 0 warnings.
openapi-lint: web-deps
    web/node_modules/.bin/spectral lint openapi/openapi.json --ruleset openapi/.spectral.yaml --fail-severity=warn -f stylish
    cd openapi && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true ../web/node_modules/.bin/redocly lint openapi.json --max-problems 100 2>&1 | tee /tmp/redocly-lint.log; ! grep -qE "You have [0-9]+ (warning|error)" /tmp/redocly-lint.log

# A new migration for both backends: migrations/{sqlite,postgres}/<today (UTC)>-<next number that day>_NAME/{up,down}.sql, so folders sort in the order they were written (a test checks).
migration name:
    #!/usr/bin/env bash
    set -euo pipefail
    [[ "{{name}}" =~ ^[a-z][a-z0-9_]*$ ]] || { echo "NAME is snake_case: {{name}}"; exit 1; }
    day=$(date -u +%Y-%m-%d)
    last=$(ls migrations/sqlite migrations/postgres | sed -n "s/^$day-\([0-9]\{6\}\)_.*/\1/p" | sort | tail -n 1)
    next=$(printf '%06d' $((10#${last:-0} + 1)))
    for backend in sqlite postgres; do
        dir="migrations/$backend/$day-${next}_{{name}}"
        mkdir -p "$dir"
        printf -- '-- {{name}} (%s)\n' "$backend" > "$dir/up.sql"
        printf -- '-- Reverts {{name}} (%s)\n' "$backend" > "$dir/down.sql"
        echo "$dir"
    done

# Benchmarks on a large generated database, SQLite and PostgreSQL (docs/benchmarks.md; BENCH_* options in scripts/bench/run.sh).
bench:
    scripts/bench/run.sh

# Start the local PostgreSQL cluster and print a TEST_DATABASE_URL for the PostgreSQL suite.
pg-start:
    scripts/pg-start.sh

# Make (or start again) a streaming replica of the machine's PostgreSQL on port 5433 and print its URL (LOYALTY_READ_DATABASE_URL; TEST_REPLICA_URL for the replica tests). Needs root.
replica-start:
    scripts/replica-start.sh

# Stop the replica `just replica-start` runs (its copy is kept; REPLICA_FRESH=1 just replica-start makes a new one).
replica-stop:
    scripts/replica-start.sh stop

# Crash test: SIGKILL the server under a write load (3 cycles on SQLite), then stop PostgreSQL under load; every acknowledged write must survive. Needs root for pg_ctlcluster.
crash:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/crash/run.sh

# Customer messages across a SIGKILL mid-send (SQLite, the fake provider): each reaches the provider exactly once.
messages-test:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/messages/run.sh

# Three instances on one PostgreSQL behind HAProxy (deploy/haproxy.cfg), reading from the replica on 5433 (scripts/replica-start.sh): http://127.0.0.1:18300, instances on 18301-18303, until Ctrl-C.
cluster: build
    LOYALTY_BIN={{target}}/release/loyalty scripts/cluster/run.sh --serve

# Cluster test through HAProxy on three instances: races, the shared lookup limit, forwarded addresses, kill -9 under load, a rolling restart with 0 failed requests, the read replica (scripts/replica-start.sh) stopped under load with 0 failed requests and its lag under a large export; leaves the replica running. Needs haproxy and root for pg_ctlcluster.
cluster-test:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/cluster/run.sh

# Backup test: online backups under a write load (SQLite VACUUM INTO, PostgreSQL pg_dump -Fc) restored into a new file / database with scripts/backup/*, then checked (integrity, consistent snapshot, acknowledged writes, a working server). Needs root for pg_ctlcluster.
backup-test:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/backup/run.sh

# Build the container image with podman from the Dockerfile (localhost/loyalty:latest).
container-build:
    scripts/container/build.sh

# The same image from the release binary and web/dist built here (Debian bookworm, as the image), the Dockerfile's Node and Rust stages skipped: seconds instead of a compile (CI's way; CONTAINER_PREBUILT_BIN and CONTAINER_PREBUILT_WEB in scripts/container/build.sh).
container-build-prebuilt: build
    CONTAINER_PREBUILT_BIN={{target}}/release/loyalty CONTAINER_PREBUILT_WEB=web/dist scripts/container/build.sh

# Container image: build it (web app and release binary compiled inside; local stand-ins for the base images where Docker Hub is out of reach), then smoke-test it: ready, demo sign-in, non-root, web app at /, HEALTHCHECK, SIGTERM, data kept on the volume.
container-test:
    scripts/container/run.sh

# The integrator's path, each on a fresh demo server: every request example of openapi/openapi.json is accepted; the shell blocks of docs/integrations.md run as written (needs jq); a Python client generated from the contract (openapi-python-client) drives keys, sales, sync, signed webhooks (paused and resumed, a test event, a burst to one endpoint) and the key rate limits.
client-test:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/client-test/run.sh

# Schema fuzzing: schemathesis (all checks) against the server as each role and without a token; zero 5xx, every answer as documented.
fuzz:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty scripts/fuzz/run.sh

# The same schema fuzzing on PostgreSQL (TEST_DATABASE_URL: scripts/pg-start.sh prints it).
fuzz-pg:
    cargo build -p loyalty-api
    LOYALTY_BIN={{target}}/debug/loyalty FUZZ_POSTGRES_URL="$TEST_DATABASE_URL" FUZZ_PORT=18400 scripts/fuzz/run.sh
