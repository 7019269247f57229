#!/usr/bin/env bash
# Brings up a two-member LXD cluster (c1, c2) on this one machine, next to (and without touching)
# the main daemon at /var/lib/lxd. Idempotent: reuses running daemons, an existing cluster, the image.
# Needs: root, Debian's lxd (5.0.x), jq, curl, a static /bin/busybox (see scripts/lxd-setup.sh).
# stdout: only the first member's unix socket path. Progress goes to stderr.
#
#   member  LXD_DIR            cluster address
#   c1      /var/lib/lxd-c1    127.0.0.2:8443   (bootstraps the cluster; dir pool "default", no network)
#   c2      /var/lib/lxd-c2    127.0.0.3:8443   (joins with a token)
# 127.0.0.0/8 is all on lo, so no address has to be added, and port 8443 does not clash with the main
# daemon's 127.0.0.1:8443.
set -euo pipefail
D1=${LXDC_DIR1:-/var/lib/lxd-c1}; D2=${LXDC_DIR2:-/var/lib/lxd-c2}
A1=${LXDC_ADDR1:-127.0.0.2:8443}; A2=${LXDC_ADDR2:-127.0.0.3:8443}
N1=c1; N2=c2
ALIAS=${LXD_TEST_IMAGE:-nuvem-test}
WORK=${LXDC_IMG_DIR:-/tmp/nuvem-lxd-cluster-img}

ts() { date +%s.%N; }
T0=$(ts); step() { echo "[$(awk -v a="$(ts)" -v b="$T0" 'BEGIN{printf "%6.2f", a-b}')s] $*" >&2; }
die() { echo "lxd-cluster-setup: $*" >&2; exit 1; }
api() { local dir=$1; shift; curl -s --unix-socket "$dir/unix.socket" "$@"; }
code() { local dir=$1; shift; curl -s -o /dev/null -w '%{http_code}' --unix-socket "$dir/unix.socket" "$@" 2>/dev/null || true; }
clustered() { [ "$(api "$1" lxd/1.0 | jq -r .metadata.environment.server_clustered)" = true ]; }

command -v lxd >/dev/null && command -v jq >/dev/null && command -v curl >/dev/null || die "needs lxd, jq and curl"
[ "$(id -u)" = 0 ] || die "run as root"

# 1. daemons, started from / (one started from a folder since deleted cannot snapshot: see lxd-setup.sh)
started_in_deleted_folder() {
  local pid; pid=$(pgrep -of -- "--logfile $1" || true)
  [ -n "$pid" ] && [[ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" == *" (deleted)" ]]
}
for d in "$D1" "$D2"; do
  if started_in_deleted_folder "$d.log"; then
    step "restarting lxd with LXD_DIR=$d (started from a folder since deleted)"
    LXD_DIR="$d" lxd shutdown --timeout 60 >&2 || pkill -f -- "--logfile $d.log" || true
  fi
  if [ "$(code "$d" lxd/1.0)" != 200 ]; then
    step "starting lxd with LXD_DIR=$d"
    mkdir -p "$d"
    (cd / && LXD_DIR="$d" setsid -f lxd --group root --logfile "$d.log" </dev/null >/dev/null 2>&1)
    LXD_DIR="$d" lxd waitready --timeout 60 || die "daemon $d did not come up (see $d.log)"
  fi
done
step "daemons up: $(api "$D1" lxd/1.0 | jq -r .metadata.environment.server_version)"

# 2. bootstrap the cluster on c1 (dir pool, root disk in the default profile, no network)
if ! clustered "$D1"; then
  step "bootstrapping cluster on $N1 ($A1)"
  LXD_DIR="$D1" lxd init --preseed <<EOF || die "bootstrap preseed failed"
config:
  core.https_address: $A1
storage_pools:
- name: default
  driver: dir
profiles:
- name: default
  devices:
    root:
      type: disk
      path: /
      pool: default
cluster:
  server_name: $N1
  enabled: true
EOF
fi

# 3. join c2
if ! clustered "$D2"; then
  # a stale record of c2 (its dir was wiped but c1 kept it) or a stale token would block the join
  if [ "$(code "$D1" lxd/1.0/cluster/members/$N2)" = 200 ]; then
    step "removing stale member $N2"; LXD_DIR="$D1" lxc cluster remove "$N2" --force --yes >&2
  fi
  LXD_DIR="$D1" lxc cluster revoke-token "$N2" >/dev/null 2>&1 || true
  TOKEN=$(LXD_DIR="$D1" lxc cluster add "$N2" -q | tail -n1)
  [ -n "$TOKEN" ] || die "no join token"
  step "joining $N2 ($A2)"
  LXD_DIR="$D2" lxd init --preseed <<EOF || die "join preseed failed"
cluster:
  enabled: true
  server_name: $N2
  server_address: $A2
  cluster_token: $TOKEN
  member_config:
  - entity: storage-pool
    name: default
    key: source
    value: ""
EOF
fi
step "members: $(api "$D1" 'lxd/1.0/cluster/members?recursion=1' | jq -c '[.metadata[]|{server_name,url,status}]')"

# 4. busybox image, imported once into the cluster (same recipe as scripts/lxd-setup.sh)
if [ "$(code "$D1" lxd/1.0/images/aliases/$ALIAS)" != 200 ]; then
  step "building busybox image in $WORK (when not built)"
  bash "$(dirname "$0")/lxd-build-image.sh" "$WORK"
  step "importing image $ALIAS"
  LXD_DIR="$D1" lxc image import "$WORK"/metadata.tar.gz "$WORK"/rootfs.tar.gz --alias "$ALIAS" >&2
fi
step "image: $(api "$D1" lxd/1.0/images/aliases/$ALIAS | jq -r .metadata.target)"
step "done"
echo "$D1/unix.socket"
