#!/usr/bin/env bash
# Tears down the two-member cluster made by lxd-cluster-setup.sh: stops its daemons (members' instances
# stop with them), unmounts what they mounted and removes their directories and logs.
# Never touches the main daemon at /var/lib/lxd. Idempotent.
set -uo pipefail
D1=${LXDC_DIR1:-/var/lib/lxd-c1}; D2=${LXDC_DIR2:-/var/lib/lxd-c2}
for d in "$D1" "$D2"; do
  case "$d" in /var/lib/lxd|/var/lib/lxd/|"") echo "refusing to touch $d" >&2; exit 1;; esac
done

# pids of lxd daemons whose LXD_DIR is $1 (the daemon's environment names its dir)
daemon_pids() {
  local p
  for p in $(pgrep -x lxd); do
    tr "\\0" "\\n" 2>/dev/null < "/proc/$p/environ" | grep -qx "LXD_DIR=$1" && echo "$p"
  done
}

# joiner first, bootstrap member last (with c1 gone first, c2 would wait for a quorum)
for d in "$D2" "$D1"; do
  if [ -S "$d/unix.socket" ] && curl -s -o /dev/null --max-time 5 --unix-socket "$d/unix.socket" lxd/1.0; then
    echo "shutting down lxd $d" >&2
    LXD_DIR="$d" timeout 90 lxd shutdown --timeout 60 || echo "shutdown of $d failed" >&2
  fi
  for p in $(daemon_pids "$d"); do
    echo "killing lxd pid $p ($d)" >&2; kill "$p"; sleep 2; kill -0 "$p" 2>/dev/null && kill -9 "$p"
  done
  # containers left running by a killed daemon: their "[lxc monitor] <dir>/containers <name>" processes
  for p in $(pgrep -f "^\[lxc monitor\] $d/containers "); do
    echo "killing container monitor pid $p" >&2; kill -9 "$p"
  done
  # anything still mounted under the dir (shmounts, devlxd, container rootfs), deepest first
  awk -v d="$d/" 'index($2, d) == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do
    umount -l "$m" || echo "could not unmount $m" >&2
  done
  rm -rf --one-file-system "$d" "$d.log"
done
echo "torn down: $D1 $D2" >&2
