#!/usr/bin/env bash
# Build the container image from the repository's Dockerfile with podman (the web app and the
# release binary are compiled inside the build), on machines with or without Docker Hub.
#   scripts/container/build.sh [IMAGE_TAG]      (default localhost/loyalty:latest)
# Base images: see lib.sh. The build keeps podman's layer cache and the Dockerfile's cache mounts
# (npm and cargo downloads, cargo's target directory), so a rebuild compiles only what changed.
set -euo pipefail
SECONDS=0
# shellcheck source=scripts/container/lib.sh
source "$(dirname "$0")/lib.sh"
tag=${1:-${LOYALTY_IMAGE:-localhost/loyalty:latest}}

resolve_base_images
log "building $tag"
# --format docker keeps the HEALTHCHECK (the OCI image format has none).
pm build --format docker --layers "${LIMITS[@]}" \
  --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "RUST_IMAGE=$RUST_IMAGE" \
  --build-arg "RUNTIME_IMAGE=$RUNTIME_IMAGE" \
  -t "$tag" -f "$repo_dir/Dockerfile" "$repo_dir"
log "built $tag ($(pm image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}'))"
# Each build leaves the previous image and its stages untagged; keep a day of them for the layer
# cache and drop the rest, so a CI machine's disk does not fill up.
pm image prune -f --filter until=24h > /dev/null
