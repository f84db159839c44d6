#!/usr/bin/env bash
# Build the container image from the repository's Dockerfile with podman (the web app and the
# release binary are compiled inside the build), on machines with or without Docker Hub.
#   scripts/container/build.sh [IMAGE_TAG]      (default localhost/loyalty:latest)
# Base images: see lib.sh. The build keeps podman's layer cache and the Dockerfile's cache mounts
# (npm and cargo downloads, cargo's target directory), so a rebuild compiles only what changed.
#
# Or from a release binary and web app already built on this machine (CI builds both before):
#   CONTAINER_PREBUILT_BIN=target/release/loyalty CONTAINER_PREBUILT_WEB=web/dist \
#     scripts/container/build.sh [IMAGE_TAG]
# Both are copied to .container-prebuilt/ in the build context (target/ and web/dist are not in
# it: .dockerignore), the Dockerfile takes them from there (BINARY_FROM=prebuilt,
# WEB_FROM=prebuilt) and skips its Node and Rust stages, and the folder is removed afterwards.
# The binary must be built for Debian bookworm, the image's base (`cargo build --release --locked
# -p loyalty-api` on such a machine, as the Dockerfile does); the same runtime stage is used.
set -euo pipefail
SECONDS=0
# shellcheck source=scripts/container/lib.sh
source "$(dirname "$0")/lib.sh"
tag=${1:-${LOYALTY_IMAGE:-localhost/loyalty:latest}}

prebuilt_bin=${CONTAINER_PREBUILT_BIN:-}
prebuilt_web=${CONTAINER_PREBUILT_WEB:-}
if [ -n "$prebuilt_bin" ] || [ -n "$prebuilt_web" ]; then
  if [ -z "$prebuilt_bin" ] || [ -z "$prebuilt_web" ]; then
    echo "CONTAINER_PREBUILT_BIN and CONTAINER_PREBUILT_WEB go together (the release binary and the web app's dist folder); only one is set" >&2
    exit 1
  fi
  if [ ! -f "$prebuilt_bin" ] || [ ! -x "$prebuilt_bin" ]; then
    echo "CONTAINER_PREBUILT_BIN=$prebuilt_bin is not an executable file (build it: cargo build --release -p loyalty-api)" >&2
    exit 1
  fi
  # A built web app (web/dist): index.html and assets/, and not the sources (web/ has an index.html too).
  if [ ! -f "$prebuilt_web/index.html" ] || [ ! -d "$prebuilt_web/assets" ] || [ -e "$prebuilt_web/package.json" ]; then
    echo "CONTAINER_PREBUILT_WEB=$prebuilt_web is not a built web app (web/dist: index.html and assets/; build it: just build-web)" >&2
    exit 1
  fi
  # Only during this build: a build from the sources never sees it. One prebuilt build at a time
  # per working tree (a folder left by a killed run is replaced).
  stage="$repo_dir/.container-prebuilt"
  rm -rf "$stage"
  trap 'rm -rf "$stage"' EXIT
  mkdir -p "$stage/web"
  install -m 0755 "$prebuilt_bin" "$stage/loyalty"
  cp -R "$prebuilt_web/." "$stage/web/"
  log "staged the prebuilt binary ($prebuilt_bin, $(du -m "$stage/loyalty" | cut -f1) MB) and web app ($prebuilt_web) in .container-prebuilt/"
  resolve_base_images runtime-only
  log "building $tag from the prebuilt binary and web app (the Dockerfile's Node and Rust stages skipped)"
  build_args=(--build-arg BINARY_FROM=prebuilt --build-arg WEB_FROM=prebuilt
    --build-arg "RUNTIME_IMAGE=$RUNTIME_IMAGE")
else
  resolve_base_images
  log "building $tag"
  build_args=(--build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "RUST_IMAGE=$RUST_IMAGE"
    --build-arg "RUNTIME_IMAGE=$RUNTIME_IMAGE")
fi
# --format docker keeps the HEALTHCHECK (the OCI image format has none).
pm build --format docker --layers "${LIMITS[@]}" "${build_args[@]}" \
  -t "$tag" -f "$repo_dir/Dockerfile" "$repo_dir"
log "built $tag ($(pm image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}'))"
# Each build leaves the previous image and its stages untagged; keep a day of them for the layer
# cache and drop the rest, so a CI machine's disk does not fill up.
pm image prune -f --filter until=24h > /dev/null
