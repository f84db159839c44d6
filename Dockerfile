# syntax=docker/dockerfile:1
# The loyalty server as a container image: the `loyalty` binary and the built web app on Debian
# bookworm-slim, running as the unprivileged user `loyalty` (uid 10001), SQLite data in /data.
#
#   docker build -t loyalty .            (or: podman build --format docker -t loyalty .)
#   docker run -d -p 8080:8080 -v loyalty-data:/data \
#     -e LOYALTY_JWT_SECRET="$(head -c 48 /dev/urandom | base64)" loyalty
#
# Three stages: the web app (Node), the release binary (Rust), and the slim runtime image (or, from
# a prebuilt binary and web app, the runtime image alone: see below). The base
# images are build arguments so a machine without Docker Hub can use local equivalents
# (scripts/container/build.sh makes them when it cannot pull these); the defaults are the official
# images.
# The RUN --mount=type=cache lines keep npm's and cargo's downloads and cargo's target directory
# between builds (BuildKit and buildah/podman both honour them), so a rebuild after a code change
# compiles only the project's crates.
#
# Prebuilt instead of compiled (CI: the host has just built the same release binary and web app):
#   --build-arg BINARY_FROM=prebuilt --build-arg WEB_FROM=prebuilt
# takes them from .container-prebuilt/loyalty and .container-prebuilt/web/ in the build context
# (scripts/container/build.sh with CONTAINER_PREBUILT_BIN and CONTAINER_PREBUILT_WEB puts them
# there, builds, and removes the folder); the Node and Rust stages are then skipped. The binary
# must be a glibc build for Debian bookworm (it links libpq5, which the runtime stage installs).
# Without these arguments everything is compiled from the sources, as above, and the stage
# `prebuilt` is skipped as unused (BuildKit and podman 4.3's buildah skip unused stages; with
# buildah's --skip-unused-stages=false it would fail, .container-prebuilt/ being absent).

ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim
ARG RUST_IMAGE=docker.io/library/rust:1.95-bookworm
ARG RUNTIME_IMAGE=docker.io/library/debian:bookworm-slim
# Where the runtime stage takes the binary and the web app from: the stages `build` and `web`
# (compiled here), or `prebuilt` (copied from the build context).
ARG BINARY_FROM=build
ARG WEB_FROM=web

# ---- web app: web/dist ----
FROM ${NODE_IMAGE} AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN --mount=type=cache,id=loyalty-npm,target=/root/.npm \
    npm ci --no-audit --no-fund --loglevel=warn
COPY web/ ./
RUN npm run build

# ---- release binary ----
FROM ${RUST_IMAGE} AS build
# libpq for the PostgreSQL driver (the official rust image has it already; stand-ins may not).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpq-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
# How the bundled SQLite is compiled (LIBSQLITE3_FLAGS): the same binary as `cargo build` here.
COPY .cargo/ .cargo/
COPY crates/ crates/
COPY migrations/ migrations/
RUN --mount=type=cache,id=loyalty-cargo-registry,target=/usr/local/cargo/registry \
    --mount=type=cache,id=loyalty-cargo-target,target=/src/target \
    cargo build --release --locked -p loyalty-api \
 && install -m 0755 target/release/loyalty /usr/local/bin/loyalty

# ---- prebuilt: the host's release binary and web/dist (only with BINARY_FROM / WEB_FROM=prebuilt) ----
FROM scratch AS prebuilt
COPY .container-prebuilt/loyalty /usr/local/bin/loyalty
COPY .container-prebuilt/web/ /src/web/dist/

# ---- the chosen sources of the binary and the web app ----
# `${BINARY_FROM:-build}`, not `${BINARY_FROM}`: buildah 1.28 (podman 4.3) decides which stages a
# build needs from the --build-arg values only, not from the defaults above; without the `:-` a
# plain `podman build .` skips the stage `build` and then looks for an image named "build".
FROM ${BINARY_FROM:-build} AS binary
FROM ${WEB_FROM:-web} AS webapp

# ---- runtime ----
FROM ${RUNTIME_IMAGE}
# libpq5: the binary links libpq (PostgreSQL); SQLite is built in. ca-certificates for operators'
# tools (webhooks use rustls with built-in roots).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpq5 ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 10001 loyalty \
 && useradd --uid 10001 --gid loyalty --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin loyalty \
 && mkdir -p /data \
 && chown loyalty:loyalty /data \
 && chmod 0750 /data
COPY --from=binary /usr/local/bin/loyalty /usr/local/bin/loyalty
COPY --from=webapp /src/web/dist /usr/share/loyalty/web
COPY scripts/container/healthcheck.sh /usr/local/bin/loyalty-healthcheck

# Every setting of `loyalty serve` is an environment variable (README, "Configuration").
# LOYALTY_JWT_SECRET has no default: set it (at least 32 bytes), or LOYALTY_DEMO=1 for a demo.
# NO_COLOR: plain log lines (no terminal colour codes) for the container runtime's log.
ENV DATABASE_URL=sqlite:///data/loyalty.db \
    LOYALTY_BIND=0.0.0.0:8080 \
    LOYALTY_WEB_DIR=/usr/share/loyalty/web \
    RUST_LOG=info \
    NO_COLOR=1

VOLUME ["/data"]
WORKDIR /data
USER 10001:10001
EXPOSE 8080
# Liveness (process up, database reachable); a load balancer should route on /api/v1/ready.
# Docker runs it; podman keeps it only in `--format docker` images and runs it on a systemd timer
# (or `podman healthcheck run`). OCI-format builds ignore it with a warning.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["loyalty-healthcheck"]
# On SIGTERM the server answers on for LOYALTY_SHUTDOWN_DELAY seconds (0; /api/v1/ready says 503),
# then stops accepting and finishes what it has for up to 10 s: with a delay, give `docker stop` /
# `podman stop` more than the default 10 s (-t 20, or --stop-timeout 20 at run).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/loyalty"]
CMD ["serve"]
